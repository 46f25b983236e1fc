"""Lenient reading of what people write (issue 21, item 6): the Austrian 'As', umlauts written
ae/oe/ue or dropped in every word with one, a player's name from the tags as the actor, tailored
hints for a missing comma, commas in a show and a bad score, and no grammar terminal name in any
message."""

from __future__ import annotations

import itertools
import re

import pytest
from helpers import CASES, EXAMPLES, read_ok
from test_vocabulary import _compiled, _pattern, spellings

from perlagg_streit.base.cards import Card, Rank, Suit, parse_card_name
from perlagg_streit.language import vocabulary
from perlagg_streit.language.reader import _parser, _token_words, read_transcript
from perlagg_streit.language.transcript import Bet, DealerIs, Dispute, Good, HandDealt, Hold, Play
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.messages import CATALOGUE, Message

UMLAUTS = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
BARE = {"ä": "a", "ö": "o", "ü": "u", "Ä": "A", "Ö": "O", "Ü": "U"}  # ß has no bare form: "ss" only


def _spelt(word: str, table: dict[str, str]) -> str:
    return "".join(table.get(ch, ch) for ch in word)


def _every_word() -> list[tuple[str, object, str]]:
    """(terminal, value, word) for every word of the vocabulary; a keyword's value is its terminal."""
    out: list[tuple[str, object, str]] = []
    for terminal, words in vocabulary.KEYWORDS.items():
        out += [(terminal, terminal, w) for w in words.every()]
    for terminal, table in vocabulary.VALUE_WORDS.items():
        out += [(terminal, value, w) for value, words in table.items() for w in words.every()]
    return out


def test_every_word_with_an_umlaut_is_read_with_it_written_out_or_dropped() -> None:
    words = _every_word()
    meaning: dict[str, set[tuple[str, object]]] = {}
    for terminal, value, word in words:
        meaning.setdefault(word.lower(), set()).add((terminal, value))
    with_umlaut = [(t, v, w) for t, v, w in words if set(w) & set(UMLAUTS)]
    assert len(with_umlaut) >= 10  # hält, für, Süd, Hänger, fünf, fünftig, Höll auf, ...
    for terminal, value, word in with_umlaut:
        for other in {_spelt(word, UMLAUTS), _spelt(word, BARE)}:
            # the same word, of the same terminal with the same value, and no other word's spelling
            assert meaning.get(other.lower()) == {(terminal, value)}, (word, other)
            assert _compiled(terminal).fullmatch(other), (terminal, other)


def test_every_card_name_with_an_umlaut_is_read_with_it_written_out_or_dropped() -> None:
    names = [n for n in spellings(_pattern("CARD")) if set(n) & set(UMLAUTS)]
    assert any("könig" in n for n in names) and any("grün" in n for n in names)
    compiled = _compiled("CARD")
    for name in names:
        card = parse_card_name(name)
        for other in (_spelt(name, UMLAUTS), _spelt(name, BARE)):
            assert compiled.fullmatch(other) and parse_card_name(other) is card, (name, other)


@pytest.mark.parametrize(("written", "card"), [
    ("Herz-As", Card(Suit.HERZ, Rank.ASS)), ("Herz As", Card(Suit.HERZ, Rank.ASS)),
    ("Eichelas", Card(Suit.EICHEL, Rank.ASS)), ("Grun-Konig", Card(Suit.LAUB, Rank.KOENIG)),
    ("Schell-Konig", Card(Suit.SCHELL, Rank.KOENIG)),
])
def test_the_austrian_as_and_a_dropped_umlaut_name_the_card(written: str, card: Card) -> None:
    [line] = read_ok(f"Ausgabe 1\nW {written}, N S7 as {written}\n").deals[0].lines
    assert line.events == (Play("W", card), Play("N", Card(Suit.SCHELL, Rank.SIEBEN), card))


def test_fmt_writes_the_canonical_spelling_of_what_was_read_leniently() -> None:
    text = ('[N "Sepp Haller"]\n[S "Toni Pircher"]\nAusgabe 1\nGeber: Sud\nToni halt, Sepp funf\n'
            "W Herz-As, Pircher Grun-Konig\nBlind Sepp Holl auf\n")
    written = format_transcript(read_ok(text), "de")
    body = written[written.index("Ausgabe 1"):]
    assert "Geber: S" in body and "S halte" in body and "N fünf" in body
    assert "W HA" in body and "S LK" in body and "Höll auf" in body
    assert "Sepp" not in body and "Toni" not in body and "Sud" not in body and "As" not in body.split()


NAMES = '[N "Sepp Haller"]\n[E "Luis Oberhofer"]\n[S "Toni Haller"]\n[W "Gut"]\n'


def test_a_players_name_from_the_tags_is_the_actor() -> None:
    deal = read_ok(NAMES + "Ausgabe 1\nGeber: Luis\nKarten Toni: HA ? ? ? ?\nSepp biete Gleich, Oberhofer gut  # Sepp\n"
                   "Toni Haller halte\nStreitfrage: Sepp sagt, Luis hat gut gesagt\n").deals[0]
    events = [e for line in deal.lines for e in line.events]
    assert events[0] == DealerIs("E")
    assert isinstance(events[1], HandDealt) and events[1].seat == "S"
    assert events[2:5] == [Bet("N", events[2].figures), Good("E"), Hold("S")]
    assert deal.lines[2].comment is not None and "Sepp" in deal.lines[2].comment  # a comment is kept as written
    assert events[5] == Dispute("Sepp sagt, Luis hat gut gesagt")  # and a dispute's text


def test_a_name_two_players_share_or_a_word_of_the_game_is_not_a_seat() -> None:
    # 'Haller' is N's and S's; 'Gut' is a keyword before it is W's name
    result = read_transcript(NAMES + "Ausgabe 1\nHaller halte\nN biete Gleich, E gut\n")
    [error] = result.errors
    assert error.line == 6 and error.column == 1 and error.line_text == "Haller halte"
    assert error.what.text("en").endswith("'Haller' is in the names of more than one player (N, S): write the seat "
                                          "or the whole name")
    assert "steht im Namen mehrerer Spieler (N, S)" in error.what.text("de")
    [line] = result.transcript.deals[0].lines
    assert line.events[1] == Good("E")


def test_an_error_after_a_name_points_at_the_scorers_own_text() -> None:
    [error] = read_transcript(NAMES + "Ausgabe 1\nSepp Haller XX\n").errors
    assert error.line_text == "Sepp Haller XX" and error.column == 13  # 'XX', where the scorer wrote it


def _hint(line: str, lang: str = "en") -> str:
    [error] = read_transcript(f"Ausgabe 1\n{line}\n").errors
    return error.what.text(lang)


@pytest.mark.parametrize("line", ["W L10 N LA", "Stich 1: W L10, N LA E LU", "N biete Gleich S halte"])
def test_a_missing_comma_between_two_actions_gets_a_hint(line: str) -> None:
    assert "a comma is missing before" in _hint(line)
    assert "fehlt ein Komma" in _hint(line, "de")


@pytest.mark.parametrize("line", ["N zeigt EA,HA", "N zeigt Gleich EA, HA, LA", "N zeigt Gleich EA, HA, LA, E gut"])
def test_commas_between_the_cards_of_a_show_get_a_hint(line: str) -> None:
    assert "the cards of a show are separated by spaces, not commas" in _hint(line)
    assert "durch Leerzeichen getrennt" in _hint(line, "de")


@pytest.mark.parametrize("line", ["Stand: 15-9", "Stand: a:b", "Punkte: 2:1:", "Punkte: -", "Vorher: 3",
                                  "Score: 15 9", "Points 1/2"])
def test_a_bad_score_gets_a_hint(line: str) -> None:
    assert "a score is written as numbers with ':' between them" in _hint(line)


def test_a_hint_is_given_only_where_its_fix_reads() -> None:
    # a comma before a word that is no action, and a comma in a show before a word that is no card
    for line in ("N zeigt EA HA, XX", "W L10 XX", "N zeigt EA, HA, XX"):
        message = _hint(line)
        assert "a comma is missing" not in message and "not commas" not in message, line


def _terminal_names() -> tuple[set[str], set[str]]:
    """The grammar's own names of its terminals, and the words they read as (``signed int``)."""
    names = {t.name for t in _parser().terminals} | {"$END", "_NL", "__ANON"}
    spoken = set()
    for name in names:
        words = name.lower().replace("_kw", "").replace("_", " ").strip()
        own = Message(f"syntax.token.{name}").text("en") if f"syntax.token.{name}" in CATALOGUE else ""
        # a name of two words ('signed int'), unless the catalogue's own words for it say so ('a tag name
        # such as Event', "'?' for an unknown card"); one word ('deal', 'card') is an ordinary word
        if " " in words and words not in own:
            spoken.add(words)
    return names, spoken


def _wrong_lines() -> list[str]:
    """Lines of the examples and cases, broken every way a hand does: a word left out, a word
    twice, the line cut short, a stray word put in."""
    good = []
    for path in sorted(EXAMPLES.glob("*.perlagg")) + sorted(CASES.glob("*/*.perlagg"))[:40]:
        good += [line.split("#")[0].strip() for line in path.read_text("utf-8").splitlines()]
    good = list(dict.fromkeys(line for line in good if line))
    wrong: list[str] = []
    for line in good:
        words = line.split()
        for i in range(len(words)):
            wrong.append(" ".join(words[:i] + words[i + 1:]))
            wrong.append(" ".join(words[:i + 1] + words[i:]))
            wrong.append(" ".join(words[:i]))
        for i, junk in itertools.product(range(len(words) + 1), ("x", "1", "-3", ":", ",", "?", '"a"', "]", "=")):
            wrong.append(" ".join(words[:i] + [junk] + words[i:]))
    return list(dict.fromkeys(w for w in wrong if w))


def test_no_message_names_a_terminal_of_the_grammar() -> None:
    names, spoken = _terminal_names()
    lines = _wrong_lines()
    assert len(lines) > 3000
    seen = 0
    for line in lines:
        for error in read_transcript(f"Ausgabe 1\n{line}\n").errors:
            seen += 1
            for lang in ("de", "en"):
                text = re.sub(r"'[^']*'", "''", error.what.text(lang))  # the scorer's own words, quoted
                assert not any(re.search(rf"(?<![\w$]){re.escape(n)}(?!\w)", text) for n in names), (line, text)
                assert not any(re.search(rf"\b{re.escape(s)}\b", text.lower()) for s in spoken), (line, text)
    assert seen > 2000


def test_a_terminal_the_catalogue_does_not_know_is_named_by_its_word_never_by_its_name() -> None:
    assert _token_words("CARD") == Message("syntax.token.CARD")
    words = vocabulary.KEYWORDS["DEAL_KW"]
    vocabulary.KEYWORDS["NEW_THING_KW"] = words  # as a terminal another change adds would be
    try:
        said = _token_words("NEW_THING_KW")
    finally:
        del vocabulary.KEYWORDS["NEW_THING_KW"]
    assert isinstance(said, Message) and said.text("de") == "'Ausgabe'" and said.text("en") == "'Ausgabe' (Deal)"
    other = _token_words("SOME_TERMINAL")
    assert isinstance(other, Message) and "some" not in other.text("en").lower()
