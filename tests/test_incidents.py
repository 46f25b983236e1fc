"""Incidents at the table (issue 17): the words, their round trip through fmt and JSON, and the
engine's rulings. Expected rulings are worked from the sources named at each test."""

from __future__ import annotations

import pytest

from perlagg_streit.base.cards import card
from perlagg_streit.language.jsonform import event_to_json
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import TakeBack
from perlagg_streit.language.writer import format_transcript
from tests.helpers import first_event, judged, last_state, read_ok

# Dealer S, trumps hearts (H8): the hands of cases/play/revoke. West leads.
DEAL = """Ausgabe 1
Geber: S
Abheben: E
Karten N: L8 EA HA SA EK
Karten E: L9 S9 E9 H9 S10
Karten S: L10 E10 H10 S8 HO
Karten W: LA E8 SK LK EO
Aufschlag: H8
"""


# ---- words -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("line", ["E nimmt zurück S9", "E nimmt zurueck S9", "E takes back S9", "E: take back S9",
                                  "Ost nimmt zurück Schell-Neun"])
def test_a_card_taken_back_is_read_in_both_languages(line: str) -> None:
    assert first_event(line) == TakeBack("E", card("S9"))


@pytest.mark.parametrize("lang, written", [("de", "Stich 1: W LA, N L8, E S9, E nimmt zurück S9, E L9"),
                                           ("en", "Trick 1: W LA, N L8, E S9, E takes back S9, E L9")])
def test_a_take_back_round_trips_through_fmt(lang: str, written: str) -> None:
    t = read_ok(DEAL + "Stich 1: W LA, N L8, E S9, E nimmt zurück S9, E L9\n")
    text = format_transcript(t, lang)
    assert written in text.splitlines()
    again = read_transcript(text)
    assert again.errors == [] and again.transcript == t
    assert format_transcript(again.transcript, lang) == text


def test_a_take_back_in_the_json_form() -> None:
    event = first_event("E nimmt zurück S9")
    assert event_to_json(event) == {"type": "TakeBack", "line": 2, "column": 1, "seat": "E", "card": "S9"}


# ---- rulings (003 old/Neue § 17, § 19; digest PLAY-11, BAPT-7) -----------------------------------

def _findings(text: str, ruleset: str) -> list[tuple[str, str | None, int | None, int | None]]:
    deal = judged(text, ruleset).deals[0]
    return [(v.rule, v.seat, v.place.trick, v.penalty.points if v.penalty else None) for v in deal.violations]


def test_a_revoke_taken_back_within_the_trick_is_free() -> None:
    # old § 17: taken back "dass Farbe bekannt werden muss", "innerhalb derselben Runde": no Farbleugnen
    text = DEAL + "Stich 1: W LA, N L8, E S9, E nimmt zurück S9, E L9, S L10\n"
    assert _findings(text, "innsbruck-1890") == [("PLAY-11", "E", 1, None)]
    state = last_state(text, "innsbruck-1890")
    assert state.setup.hands["E"].holds(card("S9"))  # back in his hand
    assert [p.card for p in state.play.tricks[0].plays] == [card(code) for code in ("LA", "L8", "L9", "L10")]


def test_the_same_revoke_left_standing_costs_two_points_and_the_spiel() -> None:
    # old § 17: "Farbleugnen bedeutet Spiel-Verlust und zwei Punkte Strafe": the control for the test above
    text = DEAL + "Stich 1: W LA, N L8, E S9, S L10\n"
    assert _findings(text, "innsbruck-1890") == [("PLAY-3", "E", 1, 2)]


def test_a_revoke_taken_back_in_the_next_trick_stands() -> None:
    # § 17 "nur innerhalb derselben Runde": the take-back is void, the revoke and its penalty stay
    text = DEAL + "Stich 1: W LA, N L8, E S9, S L10\nStich 2: W E8, E nimmt zurück S9, N EA, E E9, S E10\n"
    assert _findings(text, "innsbruck-1890") == [("PLAY-3", "E", 1, 2), ("PLAY-11", "E", 2, None)]
    assert judged(text, "innsbruck-1890").deals[0].tricks[1].plays[2].card == card("E9")


def test_a_lead_taken_back_is_void_and_the_card_laid_instead_goes_back() -> None:
    # § 17 allows it only to follow suit; a lead follows nothing
    text = DEAL + "Stich 1: W LA, W nimmt zurück LA, W LK, N L8, E L9, S L10\n"
    assert _findings(text, "innsbruck-neu") == [("PLAY-11", "W", 1, None), ("PLAY-11", "W", 1, None)]
    state = last_state(text, "innsbruck-neu")
    assert state.play.tricks[0].plays[0].card == card("LA")
    assert state.setup.hands["W"].holds(card("LK"))


def test_a_perlagg_is_never_taken_back() -> None:
    # § 19: "Ein irrtümlich ausgespielter Perlagg darf niemals zurückgenommen [...] werden"
    text = DEAL + "Stich 1: W LA, N L8, E L9, S HO=LK, S nimmt zurück HO, S L10\n"
    assert _findings(text, "innsbruck-1890") == [("BAPT-7", "S", 1, None), ("PLAY-11", "S", 1, None)]
    trick = judged(text, "innsbruck-1890").deals[0].tricks[0]
    assert trick.plays[3].card == card("HO") and trick.winner == "W"


def test_the_last_card_of_a_trick_may_be_taken_back_before_the_next_lead() -> None:
    # South's revoke closes trick 1; he trumps instead (§ 15 "außer es wird mit Trumpf ... gestochen")
    text = DEAL + "Stich 1: W LA, N L8, E L9, S S8, S nimmt zurück S8, S H10\n"
    deal = judged(text, "innsbruck-1890").deals[0]
    assert [(v.rule, v.seat, v.place.trick) for v in deal.violations] == [("PLAY-11", "S", 1)]
    assert [t.winner for t in deal.tricks] == ["S"]


def test_a_card_that_followed_suit_is_not_taken_back() -> None:
    text = DEAL + "Stich 1: W LA, N L8, N nimmt zurück L8, N EK, E L9, S L10\n"
    assert [r for r, *_ in _findings(text, "innsbruck")] == ["PLAY-11", "PLAY-11"]
    assert last_state(text, "innsbruck").setup.hands["N"].holds(card("EK"))


def test_a_take_back_of_a_card_never_played_is_void() -> None:
    text = DEAL + "Stich 1: W LA, E nimmt zurück S9, N L8, E L9, S L10\n"
    assert _findings(text, "innsbruck-1890") == [("PLAY-11", "E", 1, None)]
    assert judged(text, "innsbruck-1890").deals[0].tricks[0].winner == "W"


@pytest.mark.parametrize("ruleset", ["innsbruck", "innsbruck-1890", "innsbruck-neu", "eichel", "giltspiel",
                                     "deutschnofen", "schlanders", "tirol-1853"])
def test_every_ruleset_lets_a_revoke_be_corrected_within_the_trick(ruleset: str) -> None:
    # digest PLAY-11 has no Sets tag: all rulesets. (Eichel, Schlanders: acorns are never trumps and
    # hearts are here; Giltspiel has no Perlaggen, so HO is a plain card: none of that touches trick 1.)
    text = DEAL + "Stich 1: W LA, N L8, E S9, E nimmt zurück S9, E L9, S L10\n"
    assert [(v.rule, v.seat, v.penalty) for v in judged(text, ruleset).deals[0].violations] == [("PLAY-11", "E", None)]
