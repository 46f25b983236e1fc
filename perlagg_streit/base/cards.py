"""Cards of the Tyrolean (German-suited) pack and the names players use for them.

Pure domain code: no parser, no I/O. The reader turns every spelling of a
card into a :class:`Card`; the writer turns it back into the canonical code.
"""

from __future__ import annotations

import re
from enum import Enum

from . import caches
from .records import record
from .regex_cache import compiled
from .rule_index import enforces


class Suit(Enum):
    """The four suits. Suits have no order among themselves (000 Players and Cards)."""

    # Members are singletons and compare by identity: hash them as objects, in C. Enum's own
    # __hash__ hashes the member's name in Python, and these are hashed for every card played.
    __hash__ = object.__hash__

    EICHEL = "E"
    LAUB = "L"
    HERZ = "H"
    SCHELL = "S"

    @property
    def german(self) -> str:
        """The German suit name as players say it."""
        return _SUIT_GERMAN[self]

    @property
    def english(self) -> str:
        """The English suit name (plural, as in 'Ace of hearts')."""
        return _SUIT_ENGLISH[self]


class Rank(Enum):
    """Ranks from high to low; the Six exists only as the Weli (Six of bells)."""

    # Members are singletons and compare by identity: hash them as objects, in C. Enum's own
    # __hash__ hashes the member's name in Python, and these are hashed for every card played.
    __hash__ = object.__hash__

    ASS = "A"
    KOENIG = "K"
    OBER = "O"
    UNTER = "U"
    ZEHN = "10"
    NEUN = "9"
    ACHT = "8"
    SIEBEN = "7"
    SECHS = "6"

    @property
    @enforces("DECK-6")
    def strength(self) -> int:
        """Trick and Gleich strength: higher is better (A=8 ... 7=1, 6=0).

        The sources do not rank the Six (D-50); as the Weli's face value it is
        placed below the Seven.
        """
        return _RANK_STRENGTH[self]

    @property
    def german(self) -> str:
        """The German rank name."""
        return _RANK_GERMAN[self]

    @property
    def english(self) -> str:
        """The English rank name."""
        return _RANK_ENGLISH[self]


_SUIT_GERMAN = {Suit.EICHEL: "Eichel", Suit.LAUB: "Laub", Suit.HERZ: "Herz", Suit.SCHELL: "Schell"}
_SUIT_ENGLISH = {Suit.EICHEL: "acorns", Suit.LAUB: "leaves", Suit.HERZ: "hearts", Suit.SCHELL: "bells"}
_RANK_STRENGTH = {
    Rank.ASS: 8, Rank.KOENIG: 7, Rank.OBER: 6, Rank.UNTER: 5, Rank.ZEHN: 4,
    Rank.NEUN: 3, Rank.ACHT: 2, Rank.SIEBEN: 1, Rank.SECHS: 0,
}
_RANK_GERMAN = {
    Rank.ASS: "Ass", Rank.KOENIG: "König", Rank.OBER: "Ober", Rank.UNTER: "Unter",
    Rank.ZEHN: "Zehn", Rank.NEUN: "Neun", Rank.ACHT: "Acht", Rank.SIEBEN: "Sieben",
    Rank.SECHS: "Sechs",
}
_RANK_ENGLISH = {
    Rank.ASS: "Ace", Rank.KOENIG: "King", Rank.OBER: "Ober", Rank.UNTER: "Unter",
    Rank.ZEHN: "Ten", Rank.NEUN: "Nine", Rank.ACHT: "Eight", Rank.SIEBEN: "Seven",
    Rank.SECHS: "Six",
}


# The one object of each card (see Card). Interned, so never cleared; bounded by the pack itself.
_EVERY_CARD: caches.BoundedTable[tuple[Suit, Rank], Card] = caches.table("perlagg_streit.base.cards._EVERY_CARD",
                                                                         clearable=False)


@record(eq=False)
class Card:
    """A physical card, or the card a Perlagg is baptised as.

    There is one object per suit and rank: ``Card(suit, rank)`` returns it. So two cards are
    equal exactly when they are the same object, and comparing and hashing them (hands, the
    seen-card register, the Perlaggen, done for every card played) costs no Python call.
    Performance invariant: keep ``eq=False`` and every way of making a card (copy, pickle,
    ``dataclasses.replace``) going through ``__new__`` (tests/test_invariants.py).
    """

    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        known = _EVERY_CARD.get((suit, rank))
        if known is None:
            known = super().__new__(cls)
            _EVERY_CARD[(suit, rank)] = known
        return known

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        # pickled and copied through the constructor, so a copy is the same one object
        return Card, (self.suit, self.rank)

    @property
    def code(self) -> str:
        """Short code: suit letter plus rank, e.g. ``HA``, ``S7``, ``L10``."""
        return self.suit.value + self.rank.value

    def __str__(self) -> str:
        return "Weli" if self == WELI else self.code

    def german_name(self) -> str:
        """The German name, e.g. ``Herz-Ass``; nicknames for the famous cards."""
        nickname = _NICKNAMES_GERMAN.get(self)
        return nickname or f"{self.suit.german}-{self.rank.german}"

    def english_name(self) -> str:
        """The English name, e.g. ``Ace of hearts``."""
        return f"{self.rank.english} of {self.suit.english}"


def card(code: str) -> Card:
    """Build a card from its short code (``"HA"``); for tests and rulesets."""
    return parse_card_name(code)


NATURAL_RANKS = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNTER, Rank.ZEHN, Rank.NEUN, Rank.ACHT, Rank.SIEBEN)
WELI = Card(Suit.SCHELL, Rank.SECHS)
MARTL = Card(Suit.HERZ, Rank.KOENIG)
SCHELL_SPITZ = Card(Suit.SCHELL, Rank.SIEBEN)
EICHEL_SPITZ = Card(Suit.EICHEL, Rank.SIEBEN)

_NICKNAMES_GERMAN = {MARTL: "Martl", WELI: "Weli", SCHELL_SPITZ: "Schell-Spitz", EICHEL_SPITZ: "Eichel-Spitz"}

_SUIT_WORDS = {
    "eichel": Suit.EICHEL, "acorns": Suit.EICHEL,
    "laub": Suit.LAUB, "blatt": Suit.LAUB, "grün": Suit.LAUB, "gruen": Suit.LAUB, "grun": Suit.LAUB,
    "leaves": Suit.LAUB,
    "herz": Suit.HERZ, "hearts": Suit.HERZ,
    "schell": Suit.SCHELL, "schellen": Suit.SCHELL, "bells": Suit.SCHELL,
}
_RANK_WORDS = {
    "ass": Rank.ASS, "as": Rank.ASS, "sau": Rank.ASS,  # "As": Austrian
    "daus": Rank.ASS, "ace": Rank.ASS, "a": Rank.ASS,
    "könig": Rank.KOENIG, "koenig": Rank.KOENIG, "konig": Rank.KOENIG, "kini": Rank.KOENIG, "king": Rank.KOENIG,
    "k": Rank.KOENIG,
    "ober": Rank.OBER, "o": Rank.OBER,
    "unter": Rank.UNTER, "u": Rank.UNTER,
    "zehn": Rank.ZEHN, "zehner": Rank.ZEHN, "ten": Rank.ZEHN, "10": Rank.ZEHN,
    "neun": Rank.NEUN, "neuner": Rank.NEUN, "nine": Rank.NEUN, "9": Rank.NEUN,
    "acht": Rank.ACHT, "achter": Rank.ACHT, "eight": Rank.ACHT, "8": Rank.ACHT,
    "sieben": Rank.SIEBEN, "siebener": Rank.SIEBEN, "seven": Rank.SIEBEN, "7": Rank.SIEBEN,
    "sechs": Rank.SECHS, "sechser": Rank.SECHS, "six": Rank.SECHS, "6": Rank.SECHS,
}
_NICKNAMES = {
    "martl": MARTL, "maxl": MARTL,
    "weli": WELI, "welli": WELI, "schellwelli": WELI, "schell-welli": WELI,
    "schellweli": WELI,
    "kleine weli": SCHELL_SPITZ, "schell-spitz": SCHELL_SPITZ, "schellspitz": SCHELL_SPITZ,
    "schell spitz": SCHELL_SPITZ,
    "eichel-spitz": EICHEL_SPITZ, "eichelspitz": EICHEL_SPITZ, "eichel spitz": EICHEL_SPITZ,
}
_SHORT = compiled(r"^([elhs])(a|k|o|u|10|9|8|7|6)$", re.IGNORECASE)
_GERMAN = compiled(r"^([a-zäöü]+)[- ]?([a-zäöü]+|10|9|8|7|6)$", re.IGNORECASE)
_ENGLISH = compiled(r"^([a-z]+|10|9|8|7|6) of ([a-z]+)$", re.IGNORECASE)
_SUIT_LETTER = {"e": Suit.EICHEL, "l": Suit.LAUB, "h": Suit.HERZ, "s": Suit.SCHELL}


@caches.memo
def parse_card_name(text: str) -> Card:
    """Turn any spelling the transcript language allows into a card.

    Raises ``ValueError`` for a word that names no card. Remembered by its text: the same
    few dozen spellings recur in every deal, and cards are immutable.
    """
    word = text.strip().lower()
    if word in _NICKNAMES:
        return _NICKNAMES[word]
    short = _SHORT.match(word)
    if short:
        return Card(_SUIT_LETTER[short.group(1)], _RANK_WORDS[short.group(2)])
    english = _ENGLISH.match(word)
    if english and english.group(1) in _RANK_WORDS and english.group(2) in _SUIT_WORDS:
        return Card(_SUIT_WORDS[english.group(2)], _RANK_WORDS[english.group(1)])
    german = _GERMAN.match(word)
    if german and german.group(1) in _SUIT_WORDS and german.group(2) in _RANK_WORDS:
        return Card(_SUIT_WORDS[german.group(1)], _RANK_WORDS[german.group(2)])
    # "Herz-Ass" style names with the suit glued on: split at a known suit prefix.
    for suit_word, suit in _SUIT_WORDS.items():
        if word.startswith(suit_word):
            rest = word[len(suit_word):].lstrip("- ")
            if rest in _RANK_WORDS:
                return Card(suit, _RANK_WORDS[rest])
    raise ValueError(f"not a card: {text!r}")


def all_card_names() -> list[str]:
    """Every short code and nickname; used to suggest a card for a misspelling."""
    codes = [s.value + r.value for s in Suit for r in NATURAL_RANKS]
    names = [f"{s.german}-{r.german}" for s in Suit for r in NATURAL_RANKS]
    return codes + names + ["Weli", "Martl", "Schell-Spitz", "Eichel-Spitz"]
