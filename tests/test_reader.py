"""The transcript language: every construct, both languages, every error class."""

from __future__ import annotations

import pytest

from perlagg_streit.base.cards import Card, Rank, Suit, card, parse_card_name
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import (
    SPIEL_AUS,
    Bet,
    BlindBet,
    Call,
    CardStealing,
    Claim,
    CutTaken,
    DealerIs,
    Dispute,
    Exchange,
    Figure,
    Good,
    HandDealt,
    Hold,
    LuckUndBoden,
    Play,
    PointsOwed,
    PointsRecorded,
    Raise,
    Redeal,
    ScoreBefore,
    ScoreRecorded,
    Show,
    ShowBegins,
    ShownCard,
    StageBegins,
    Stands,
    ThrowIn,
    TurnUp,
    ValidationBegins,
)

G, H, S = Figure.GLEICH, Figure.HANGER, Figure.SPIEL


def one_event(line: str):
    """Parse a deal holding a single statement and return its event."""
    result = read_transcript(f"Ausgabe 1\n{line}\n")
    assert result.errors == [], [e.render() for e in result.errors]
    (event,) = result.transcript.deals[0].events
    return event


@pytest.mark.parametrize("name, expected", [
    ("HA", "HA"), ("ha", "HA"), ("Herz-Ass", "HA"), ("Herz Sau", "HA"), ("Herz-Daus", "HA"),
    ("Ace of hearts", "HA"), ("S7", "S7"), ("Schell-Spitz", "S7"), ("kleine Weli", "S7"),
    ("Weli", "S6"), ("Welli", "S6"), ("Martl", "HK"), ("Maxl", "HK"), ("Eichel-Spitz", "E7"),
    ("Laub Zehner", "L10"), ("L10", "L10"), ("Eichel-Unter", "EU"), ("Schell-König", "SK"),
    ("Schell-Koenig", "SK"), ("ten of leaves", "L10"), ("Grün-Ober", "LO"),
])
def test_every_card_spelling(name: str, expected: str) -> None:
    assert parse_card_name(name).code == expected
    assert one_event(f"W {name}") == Play("W", card(expected))


def test_card_names_round_trip() -> None:
    for suit in Suit:
        for rank in Rank:
            c = Card(suit, rank)
            assert parse_card_name(c.code) == c
            assert parse_card_name(c.english_name()) == c


@pytest.mark.parametrize("line, event", [
    ("Geber: S", DealerIs("S")),
    ("Dealer: Süd", DealerIs("S")),
    ("Geber: O", DealerIs("E")),
    ("Vorher: 15:9", ScoreBefore((15, 9))),
    ("Before: 3:4", ScoreBefore((3, 4))),
    ("Abheben: W Martl Weli", CutTaken("W", (card("HK"), card("S6")))),
    ("Cut: E", CutTaken("E", ())),
    ("Karten N: HA H10 ? ? Weli", HandDealt("N", (card("HA"), card("H10"), None, None, card("S6")))),
    ("Hand N: HA H10 L9 E8 SU", HandDealt("N", tuple(card(c) for c in ("HA", "H10", "L9", "E8", "SU")))),
    ("Aufschlag: EA EU L9", TurnUp((card("EA"), card("EU"), card("L9")))),
    ("Turn-up: LU", TurnUp((card("LU"),))),
    ("Trumpf: LU", TurnUp((card("LU"),))),
    ("Tausch: S L8 gegen LU", Exchange("S", card("L8"), card("LU"))),
    ("Exchange: S L8 for LU", Exchange("S", card("L8"), card("LU"))),
    ("Luck und Boden: E9 LA", LuckUndBoden(card("E9"), card("LA"))),
    ("Top and bottom: E9 LA", LuckUndBoden(card("E9"), card("LA"))),
    ("Blind: W Höll auf", BlindBet("W", (G, H, S), hoell_auf=True)),
    ("Blind: W Hoell auf!", BlindBet("W", (G, H, S), hoell_auf=True)),
    ("Blind: W biete Gleich und Hanger", BlindBet("W", (G, H))),
    ("Blind: E bets Spiel", BlindBet("E", (S,))),
    ("W L10", Play("W", card("L10"))),
    ("W: S7=LA", Play("W", card("S7"), card("LA"))),
    ("W S7 als LA", Play("W", card("S7"), card("LA"))),
    ("W Schell-Spitz as Ace of leaves", Play("W", card("S7"), card("LA"))),
    ("S biete Gleich", Bet("S", (G,))),
    ("S bietet das Gleich", Bet("S", (G,))),
    ("S ich biete Hanger", Bet("S", (H,))),
    ("S Gleich geboten", Bet("S", (G,))),
    ("S: das Spiel geboten", Bet("S", (S,))),
    ("S bets Gleich and Hanger", Bet("S", (G, H))),
    ("S biete Gleich, Hanger und Spiel", None),  # comma separates actions: not a figure list
    ("N Gleich!", Call("N", (G,))),
    ("N Spiel", Call("N", (S,))),
    ("E gut", Good("E")),
    ("E good Hanger", Good("E", (H,))),
    ("N das Spiel ist gut", Good("N", (S,))),
    ("N the Spiel is good", Good("N", (S,))),
    ("N Spiel gut", Good("N", (S,))),
    ("E gut bei Farbe", Good("E", (), bei_farbe=True)),
    ("E halte", Hold("E")),
    ("E hält", Hold("E")),
    ("E schaue Gleich", Hold("E", (G,))),
    ("E hebe", Hold("E")),
    ("E holds", Hold("E")),
    ("E sees Spiel", Hold("E", (S,))),
    ("E drei", Raise("E", 3)),
    ("E einen Dreier", Raise("E", 3)),
    ("E vier Gleich", Raise("E", 4, (G,))),
    ("E fünf", Raise("E", 5)),
    ("E raise 6", Raise("E", 6)),
    ("E raises to 7 Hanger", Raise("E", 7, (H,))),
    ("E Spiel aus", Raise("E", SPIEL_AUS)),
    ("E Spielaus Gleich", Raise("E", SPIEL_AUS, (G,))),
    ("W wirft die Karten", ThrowIn("W")),
    ("W throws in", ThrowIn("W")),
    ("Weisen:", ShowBegins()),
    ("Show:", ShowBegins()),
    ("Stufe 1 N/S:", StageBegins(1, "NS")),
    ("Stage 2 EW", StageBegins(2, "EW")),
    ("Stufe 3 O/W:", StageBegins(3, "EW")),
    ("N zeigt Gleich E9 S7=H9", Show("N", G, (ShownCard(card("E9")), ShownCard(card("S7"), card("H9"))))),
    ("N shows LO LU", Show("N", None, (ShownCard(card("LO")), ShownCard(card("LU"))))),
    ("W Hanger steht", Stands("W", H)),
    ("W der Gleich steht", Stands("W", G)),
    ("W Gleich stands", Stands("W", G)),
    ("Nachweis:", ValidationBegins()),
    ("Validation:", ValidationBegins()),
    ("Punkte: 2:1", PointsRecorded((2, 1))),
    ("Points: 0:3", PointsRecorded((0, 3))),
    ("Stand: 16:12", ScoreRecorded((16, 12))),
    ("Score: 16:12", ScoreRecorded((16, 12))),
    ("Streitfrage: Darf Süd hier bieten?", Dispute("Darf Süd hier bieten?")),
    ("Dispute: may South bet here?", Dispute("may South bet here?")),
    ("Kartenstehlen: N", CardStealing("N")),
    ("Card stealing: Ost", CardStealing("E")),
    # issue 17: a deal stopped after the first packet, a claim against the sheet, points owed
    ("Neu geben", Redeal()),
    ("Neu ausgeben:", Redeal()),
    ("Neu geben nach dem ersten Paket", Redeal(first_packet=True)),
    ("neu geben nach paket 1:", Redeal(first_packet=True)),
    ("Redeal after the first packet", Redeal(first_packet=True)),
    ("Redeal after packet 1", Redeal(first_packet=True)),
    ("Neu geben nach dem zweiten Paket", None),  # only the first packet: after the second the hands are whole
    ("Reklamation: O Stand 14:8", Claim("E", (14, 8))),
    ("Reklamation Süd Punkte: 0:3", Claim("S", (0, 3), points=True)),
    ("Reklamation: N Stand 15:8 für Ausgabe 2", Claim("N", (15, 8), deal=2)),
    ("Reklamation: N Stand 15:8 fur Ausgabe 2", Claim("N", (15, 8), deal=2)),  # the umlaut dropped
    ("Reklamation: N Stand 15:8 fuer Ausgabe 2", Claim("N", (15, 8), deal=2)),
    ("Claim: West Points 1:2 for deal 3", Claim("W", (1, 2), points=True, deal=3)),
    ("Claim: E Score -2:5", Claim("E", (-2, 5))),
    ("Reklamation: Stand 14:8", None),  # who claims is part of the claim
    ("Reklamation: E 14:8", None),  # the score or the points: say which
    ("Schuld: 2:0", PointsOwed((2, 0))),
    ("Schulden 0:1", PointsOwed((0, 1))),
    ("Owed: 0:0", PointsOwed((0, 0))),
    ("Owing: 1:0:2", PointsOwed((1, 0, 2))),
    ("Schuld: N/S 2", None),  # one number per side, as for Punkte and Stand
])
def test_every_statement_in_both_languages(line: str, event: object) -> None:
    if event is None:
        result = read_transcript(f"Ausgabe 1\n{line}\n")
        assert result.errors  # "Hanger" after a comma is not an action
        return
    assert one_event(line) == event


def test_a_line_of_actions_keeps_order_label_and_comment() -> None:
    result = read_transcript("Ausgabe 1\nStich 2: W L10, S biete Gleich, E halte, N LA  # so war's\n")
    assert result.errors == []
    (line,) = result.transcript.deals[0].lines
    assert line.trick_label == 2
    assert line.comment == "so war's"
    assert line.events == (Play("W", card("L10")), Bet("S", (G,)), Hold("E"), Play("N", card("LA")))


def test_positions_are_line_and_column() -> None:
    result = read_transcript('[Event "x"]\n\nAusgabe 1\nGeber: S\n  W L10, N LA\n')
    deal = result.transcript.deals[0]
    assert deal.header.pos.line == 3
    plays = deal.events[1:]
    assert [(p.pos.line, p.pos.column) for p in plays] == [(5, 3), (5, 10)]


def test_header_tags_and_several_deals() -> None:
    text = '[Event "Herbstturnier"]\n[Ruleset "innsbruck"]\n[N "Hans"]\n[Frei "ja"]\nAusgabe 1\nGeber: S\n' \
           'Ausgabe 2\nGeber: W\n'
    result = read_transcript(text)
    assert result.errors == []
    t = result.transcript
    assert t.tags == {"Event": "Herbstturnier", "Ruleset": "innsbruck", "N": "Hans", "Frei": "ja"}
    assert [d.number for d in t.deals] == [1, 2]
    assert [d.events for d in t.deals] == [(DealerIs("S"),), (DealerIs("W"),)]


def test_a_single_deal_may_leave_out_its_header() -> None:
    result = read_transcript("Geber: S\nW L10\n")
    assert result.errors == []
    assert [d.number for d in result.transcript.deals] == [1]


# ---- errors --------------------------------------------------------------------

THREE_MISTAKES = """[Event "Drei Fehler"]
Ausgabe 1
Geber: S
Karten N: HA H10 L9 E8 SX
W L10, N LA, E LU=
S bitte Gleich
"""


def test_three_mistakes_three_located_worded_errors() -> None:
    result = read_transcript(THREE_MISTAKES, "drei.perlagg")
    assert [(e.line, e.column) for e in result.errors] == [(4, 24), (5, 19), (6, 3)]
    card_error, baptism_error, bet_error = result.errors
    assert "expected a card such as HA, S7 or Weli" in card_error.message
    assert "SX" in card_error.message
    assert "the line ends too early" in baptism_error.message
    assert "bitte" in bet_error.message and bet_error.suggestion == "biete"
    rendered = bet_error.render()
    assert rendered.splitlines()[0].startswith("drei.perlagg:6:3: unexpected 'bitte'")
    assert rendered.splitlines()[2].index("^") == 4 + 2  # caret under the 'b'
    # The good lines around the mistakes are still read.
    assert result.transcript.deals[0].events == (DealerIs("S"),)


@pytest.mark.parametrize("line, fragment", [
    ("biete Gleich", "every action names who acted first"),
    ("Gebr: S", "expected a statement"),
    ("Stand 1:x", "a score is written as numbers"),
    ("[Event Herbst]", 'a tag is written as [Name "value"]'),
    ("W S7=", "expected a card"),
    ("Stufe 1 NX", "a team (N/S or E/W"),
])
def test_error_messages_speak_the_players_language(line: str, fragment: str) -> None:
    result = read_transcript(f"{line}\n")
    assert len(result.errors) == 1
    assert fragment in result.errors[0].message


def test_suggestion_for_a_misspelt_keyword() -> None:
    (error,) = read_transcript("Gebr: S\n").errors
    assert error.suggestion == "Geber"


def test_no_word_is_suggested_where_only_a_number_may_stand() -> None:
    # 'zwei' is close to the card nickname 'Weli', but after 'Schuld:' only points may stand
    (error,) = read_transcript("Ausgabe 1\nSchuld: zwei\n").errors
    assert "expected a number" in error.message and error.suggestion is None
    (error,) = read_transcript("Ausgabe 1\nN biete Gleichh\n").errors
    assert error.suggestion == "Gleich"


def test_a_tag_after_the_first_deal_is_a_structure_error() -> None:
    result = read_transcript('Ausgabe 1\nGeber: S\n[Event "spät"]\n')
    (error,) = result.errors
    assert error.kind == "structure" and error.line == 3


def test_empty_file_is_an_error_not_a_crash() -> None:
    (error,) = read_transcript("").errors
    assert "empty" in error.message


def test_junk_stops_after_a_bounded_number_of_errors() -> None:
    junk = "\n".join("§$%&" for _ in range(1000))
    result = read_transcript(junk)
    assert 0 < len(result.errors) <= 51
    assert result.errors[-1].kind == "limit"


def test_a_comment_on_the_deal_header_survives_fmt() -> None:
    from perlagg_streit.language.writer import format_transcript

    text = "Ausgabe 1  # das erste Spiel\nGeber: S\n"
    result = read_transcript(text)
    assert result.transcript.deals[0].comment == "das erste Spiel"
    assert format_transcript(result.transcript) == text


def test_crlf_line_ends_do_not_multiply_errors() -> None:
    result = read_transcript("Ausgabe 1\r\nGeber: S\r\nW L1O\r\nN LA\r\n")
    assert [e.line for e in result.errors] == [3]


def test_deal_numbers_must_go_up() -> None:
    result = read_transcript("Geber: S\nAusgabe 1\nGeber: W\n")
    (error,) = result.errors
    assert error.line == 2 and "must go up" in error.message


def test_negative_scores_and_only_real_teams() -> None:
    assert one_event("Punkte: -2:3") == PointsRecorded((-2, 3))
    assert read_transcript("Stufe 1 N/N:\n").errors
    assert one_event("Stufe 1 W/O:") == StageBegins(1, "EW")


@pytest.mark.parametrize("name", ["Schell Spitz", "Eichel Spitz", "Schellweli"])
def test_more_nickname_spellings(name: str) -> None:
    assert one_event(f"W {name}").card in (card("S7"), card("E7"), card("S6"))


def test_a_line_read_again_from_memory_keeps_its_own_place() -> None:
    # Lines are parsed once and remembered by their text (issue 8); the same text on another line,
    # in another file or after a mistake must still carry its own line number.
    first = read_transcript("Ausgabe 1\nGeber: S\nStich 1: W L10\n", "a.perlagg")
    again = read_transcript("\n\nAusgabe 1\n# x\nGeber: S\nStich 1: W L10\n", "b.perlagg")
    broken = read_transcript("Ausgabe 1\nGeber: Q\nStich 1: W L10\n", "c.perlagg")
    assert [e.pos.line for e in first.transcript.deals[0].events] == [2, 3]
    assert [e.pos.line for e in again.transcript.deals[0].events] == [5, 6]
    assert [e.pos.line for e in broken.transcript.deals[0].events] == [3]
    assert [(e.line, e.column) for e in broken.errors] == [(2, 8)]
    assert first.transcript.deals[0].events == again.transcript.deals[0].events  # positions aside
