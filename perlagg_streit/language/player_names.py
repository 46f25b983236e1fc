"""A player's name from the header tags as the actor of a line (issue 21, item 6).

``[N "Sepp Haller"]`` names the player in seat N; a scorer then writes ``Sepp biete Gleich``,
``Haller: HA`` or ``Geber: Sepp Haller`` as readily as ``N biete Gleich``. The grammar knows
seats, not names (names are the players', not the language's), so before a line is parsed each
name that stands where a seat may stand is written over with its seat letter, padded with spaces
to the name's length: the columns of every word after it, and of every error, stay as the scorer
wrote them. ``fmt`` then writes the seat, the canonical spelling.

A name is the tag's whole value, and each word of it that no other player's name shares. A word
the language itself reads (a keyword, a seat, a card, a figure) is never taken for a name: ``Gut``
or ``Weli`` stays what it means in the game. Only the statement is rewritten: a header tag, a
dispute's free text (``Streitfrage: ...``) and a comment keep every word as written.
"""

from __future__ import annotations

import re

from ..base import caches
from ..base.cards import parse_card_name
from ..base.regex_cache import compiled
from . import vocabulary

#: The header tags that name the players, by seat (docs/transcript-format.md, section 5). ``O``
#: (Ost) is the seat E.
SEAT_TAGS: dict[str, str] = {"N": "N", "E": "E", "O": "E", "S": "S", "W": "W",
                             "A": "A", "B": "B", "C": "C", "D": "D", "F": "F"}

#: A name must have at least this many characters: a single letter is a seat, not a name.
MIN_NAME_CHARS = 2

#: Lines never rewritten: a header tag and a dispute, whose text is the scorer's own.
_VERBATIM = compiled(r"\s*(?:\[|(?:streitfrage|dispute)\b)", re.IGNORECASE)


@caches.memo  # made the first time a tag names a player, not at every start
def _words_of_the_language() -> frozenset[str]:
    """Every word the grammar reads as a word of the game, in lower case."""
    words = {w.lower() for words in vocabulary.KEYWORDS.values() for w in words.every()}
    for table in vocabulary.VALUE_WORDS.values():
        words |= {w.lower() for value_words in table.values() for w in value_words.every()}
    return frozenset(part for word in words for part in (word, *word.split()))


def _is_game_word(word: str) -> bool:
    if word.lower() in _words_of_the_language():
        return True
    try:
        parse_card_name(word)
    except ValueError:
        return False
    return True


class PlayerNames:
    """The players' names read from the header tags so far, and the rewriting of a line."""

    def __init__(self) -> None:
        self._seats: dict[str, str] = {}  # a whole name, or a word of one, in lower case -> seat
        self._shared: dict[str, set[str]] = {}  # words two players' names share, with their seats: no seat
        self._pattern: re.Pattern[str] | None = None
        self._first_words: tuple[str, ...] = ()  # the first word of each name, in lower case

    def __bool__(self) -> bool:
        return bool(self._seats)

    def tag(self, name: str, value: str) -> None:
        """Take note of a header tag; a seat's tag (``[N "Sepp Haller"]``) names a player."""
        seat = SEAT_TAGS.get(name)
        value = " ".join(value.split())
        if seat is None or len(value) < MIN_NAME_CHARS:
            return
        candidates = {value.lower()} | {w.lower() for w in value.split() if len(w) >= MIN_NAME_CHARS}
        for word in candidates:
            if _is_game_word(word) or not re.fullmatch(r"[\w.' -]+", word):
                continue
            known = self._seats.get(word)
            if word in self._shared or (known is not None and known != seat):
                self._seats.pop(word, None)
                self._shared.setdefault(word, set()).update({seat} | ({known} if known else set()))
            else:
                self._seats[word] = seat
        names = sorted(self._seats, key=len, reverse=True)  # "Sepp Haller" before "Sepp"
        self._first_words = tuple({n.split()[0] for n in names})
        # where a seat may stand: at the start, after a trick label's or a keyword's colon, after
        # a comma, after a setup keyword ("Geber Sepp", "Karten Sepp:", "Blind Sepp")
        self._pattern = re.compile(
            r"(?<![\w-])(" + "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in names) + r")(?![\w-])",
            re.IGNORECASE) if names else None

    def shared(self, word: str) -> tuple[str, ...]:
        """The seats whose players' names share ``word`` (empty if it names one player or none)."""
        return tuple(sorted(self._shared.get(word.lower(), ())))

    def rewrite(self, line: str) -> str:
        """``line`` with each player's name written over by its seat letter, padded to the same length."""
        if self._pattern is None:
            return line
        low = line.lower()
        if not any(word in low for word in self._first_words):  # most lines name nobody: a quick look first
            return line
        if _VERBATIM.match(line):
            return line
        statement, hash_, comment = line.partition("#")
        rewritten = self._pattern.sub(self._seat_for, statement)
        return rewritten + hash_ + comment if rewritten != statement else line

    def _seat_for(self, match: re.Match[str]) -> str:
        name = match.group(1)
        seat = self._seats[" ".join(name.lower().split())]
        return seat + " " * (len(name) - len(seat))
