"""Incidents at the table (issue 17): the words, their round trip through fmt and JSON, and the
engine's rulings. Expected rulings are worked from the sources named at each test."""

from __future__ import annotations

import pytest

from perlagg_streit.base.cards import Rank, card
from perlagg_streit.language.jsonform import event_to_json
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import (
    AskAnswer,
    AskFigure,
    Figure,
    GiveUp,
    Good,
    GradeDeclared,
    TakeBack,
    Undone,
)
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


# ---- acts refused by the table or withdrawn (Abgelehnt:, Zurückgenommen:) -----------------------

@pytest.mark.parametrize("line, withdrawn, act", [
    ("Abgelehnt: Tausch: E H9 gegen HU", False, "Exchange"),
    ("Refused: Exchange: E H9 for HU", False, "Exchange"),
    ("Zurückgenommen: N biete Gleich", True, "Bet"),
    ("Zurueckgenommen: N biete Gleich", True, "Bet"),
    ("Withdrawn: N bets Gleich", True, "Bet"),
    ("Abgelehnt: S HO=E9", False, "Play"),
    ("Abgelehnt: Stufe 2 N/S", False, "StageBegins"),
    ("Refused: Validation", False, "ValidationBegins"),
])
def test_an_undone_act_is_read_in_both_languages(line: str, withdrawn: bool, act: str) -> None:
    event = first_event(line)
    assert isinstance(event, Undone) and event.withdrawn is withdrawn and type(event.act).__name__ == act


@pytest.mark.parametrize("lang, written", [("de", ["Abgelehnt: Tausch: E H9 gegen HU", "Zurückgenommen: N biete Gleich",
                                                   "Abgelehnt: S HO=E9", "Zurückgenommen: Nachweis:"]),
                                           ("en", ["Refused: Exchange: E H9 for HU", "Withdrawn: N bets Gleich",
                                                   "Refused: S HO=E9", "Withdrawn: Validation:"])])
def test_undone_acts_round_trip_through_fmt(lang: str, written: list[str]) -> None:
    t = read_ok("Ausgabe 1\nabgelehnt: Tausch E H9 gegen HU\nzurückgenommen: N biete Gleich\n"
                "Abgelehnt: S HO=E9\nZurückgenommen: Nachweis\n")
    text = format_transcript(t, lang)
    assert text.splitlines()[1:] == written
    again = read_transcript(text)
    assert again.errors == [] and again.transcript == t


def test_an_undone_act_in_the_json_form_carries_the_act_at_its_line() -> None:
    t = read_ok("Ausgabe 1\nGeber: S\nAbgelehnt: Tausch: E H9 gegen HU\n")
    event = t.deals[0].events[1]
    assert event_to_json(event) == {
        "type": "Undone", "line": 3, "column": 1, "withdrawn": False,
        "act": {"type": "Exchange", "line": 3, "column": 12, "seat": "E", "gives": "H9", "takes": "HU"}}


EXCHANGE_DEAL = DEAL.replace("Aufschlag: H8", "Aufschlag: HU")


def test_a_refused_exchange_changes_no_hand() -> None:
    # 003 § 7: "Der Austausch vonseiten der Gegner ist ausgeschlossen"; refused, it did not happen
    text = EXCHANGE_DEAL + "Abgelehnt: Tausch: E H9 gegen HU\nAbgelehnt: Tausch: W LK gegen HU\n"
    state = last_state(text, "innsbruck-1890")
    assert state.setup.hands["E"].holds(card("H9")) and not state.setup.hands["E"].holds(card("HU"))
    assert state.setup.hands["W"].holds(card("LK"))
    assert [(v.rule, v.kind.value, v.penalty) for v in state.violations] == [("EXCH-4", "ruling", None)] * 2


def test_the_same_exchange_carried_out_is_an_offence_and_moves_the_cards() -> None:
    # the control: written as carried out, East's exchange is EXCH-4 and East holds HU
    state = last_state(EXCHANGE_DEAL + "Tausch: E H9 gegen HU\n", "innsbruck-1890")
    assert state.setup.hands["E"].holds(card("HU"))
    assert [(v.rule, v.kind.value) for v in state.violations] == [("EXCH-4", "offence")]


def test_a_withdrawn_bet_stands() -> None:
    # § 9: "darf unter keinen Umständen mehr widerrufen werden": East must still answer it
    text = DEAL + "Zurückgenommen: S biete Gleich\nStich 1: W LA\n"
    rules = [v.rule for v in judged(text, "innsbruck").deals[0].violations]
    assert rules == ["SETUP-6", "BET-3"]  # BET-3: the card played while the bet awaits its answer


def test_a_refused_bet_when_gestrichen_still_costs_the_section_21_penalty() -> None:
    text = DEAL.replace("Geber: S\n", "Geber: S\nVorher: 17:10\n") + "Abgelehnt: N biete Hanger\n"
    # the bet begins the play (before the first card it is trick 1)
    assert _findings(text, "innsbruck-1890") == [("END-2", "N", 1, 2), ("SETUP-6", "N", 1, None)]
    assert _findings(text, "innsbruck") == [("END-2", "N", 1, None), ("SETUP-6", "N", 1, None)]


def test_a_refused_baptism_fixes_nothing() -> None:
    text = DEAL + "Stich 1: W LA, N L8, E L9\nAbgelehnt: S HO=E9\nStich 1: S HO=LK\n"
    deal = judged(text, "innsbruck").deals[0]
    assert [(v.rule, v.kind.value) for v in deal.violations] == [("BAPT-6", "ruling")]
    assert deal.tricks[0].plays[3].counts_as == card("LK") and deal.tricks[0].winner == "W"


def test_a_refused_setup_act_does_not_end_the_setup() -> None:
    # the dealer may still exchange after a refused exchange (the setup goes on)
    text = EXCHANGE_DEAL + "Abgelehnt: Tausch: E H9 gegen HU\nTausch: S H10 gegen HU\n"
    state = last_state(text, "innsbruck")
    assert state.setup.hands["S"].holds(card("HU")) and [v.rule for v in state.violations] == ["EXCH-4"]


# ---- a held figure given up (aufgegeben), told apart from a bet conceded (gut) -------------------

@pytest.mark.parametrize("line, figures", [("N Hanger aufgegeben", (Figure.HANGER,)),
                                           ("N das Gleich aufgegeben", (Figure.GLEICH,)),
                                           ("N gibt auf Gleich und Hanger", (Figure.GLEICH, Figure.HANGER)),
                                           ("N gives up the Hanger", (Figure.HANGER,))])
def test_giving_up_is_read_in_both_languages(line: str, figures: tuple[Figure, ...]) -> None:
    assert first_event(line) == GiveUp("N", figures)


@pytest.mark.parametrize("lang, written", [("de", "N Gleich und Hanger aufgegeben"),
                                           ("en", "N gives up Gleich and Hanger")])
def test_giving_up_round_trips_and_is_not_gut(lang: str, written: str) -> None:
    t = read_ok("Ausgabe 1\nN gibt auf Gleich und Hanger\n")
    text = format_transcript(t, lang)
    assert text.splitlines()[1] == written
    assert read_transcript(text).transcript == t
    assert event_to_json(t.deals[0].events[0])["type"] == "GiveUp"


HELD = DEAL + "S biete Gleich\nE halte\n"


def test_a_held_figure_given_up_is_no_record_error_and_counts_as_called_good() -> None:
    deal = judged(HELD + "Stich 1: W LA, N L8, E L9, S L10\nE Gleich aufgegeben\n", "innsbruck").deals[0]
    assert deal.violations == ()
    gleich = next(f for f in deal.figures if f.figure is Figure.GLEICH)
    assert (gleich.winner, gleich.value) == ("NS", 2)


@pytest.mark.parametrize("answer, errors", [("E Gleich aufgegeben", ["RECORD-GIVE-UP"]), ("E gut", [])])
def test_giving_up_a_bet_still_to_be_answered_is_the_wrong_word(answer: str, errors: list[str]) -> None:
    deal = judged(DEAL + f"S biete Gleich\n{answer}\n", "innsbruck").deals[0]
    assert [v.rule for v in deal.violations] == errors
    gleich = next(f for f in deal.figures if f.figure is Figure.GLEICH)
    assert (gleich.winner, gleich.value) == ("NS", 1)  # conceded either way, at the old value (000 Betting)


# ---- asking for a figure in the show (§ 22) ------------------------------------------------------

@pytest.mark.parametrize("lang, written", [("de", "W fragt Gleich"), ("en", "W asks Gleich")])
def test_asking_for_a_figure_round_trips_and_differs_from_asking_at_17_17(lang: str, written: str) -> None:
    t = read_ok("Ausgabe 1\nW fragt Gleich\nW asks Gleich three\n")
    assert t.deals[0].events[0] == AskFigure("W", Figure.GLEICH)
    assert type(t.deals[0].events[1]).__name__ == "Ask"
    text = format_transcript(t, lang)
    assert text.splitlines()[1] == written and read_transcript(text).transcript == t


# the deal of cases/incidents/gut-bei-farbe-fails up to its show: N/S show first (§ 24)
SHOW_DEAL = """Ausgabe 1
Geber: N
Abheben: W
Karten N: EO LA H10 EU SO
Karten E: EA SA H9 S10 SK
Karten S: E8 S9 HU LK HA
Karten W: E9 S8 L9 EK SU
Aufschlag: L8
Stich 1: E EA, S E8, W E9, N EO
Stich 2: E SA, S S9, W S8, N LA
Stich 3: N H10, E H9, S HU, W L9
Stich 4: W EK, N EU, E S10, S LK
Stich 5: S HA, W SU, N SO, E SK
Weisen:
Stufe 1 N/S:
N zeigt Gleich EO SO
Stufe 2 E/W:
E zeigt Gleich EA SA
E fragt Hanger
"""


@pytest.mark.parametrize("answer, rules", [
    ("N zeigt Hanger EO EU\nE zeigt Hanger SA SK\nStufe 3 N/S:\nN gut Gleich\nN gut Hanger\n", []),
    ("N Hanger steht\nStufe 3 N/S:\nN gut Gleich\n", []),
    ("Stufe 3 N/S:\nN gut Gleich\n", ["SHOW-13"]),
    ("Stufe 3 N/S:\nN gut Gleich\nNachweis:\n", ["SHOW-13"]),
])
def test_the_party_asked_must_answer(answer: str, rules: list[str]) -> None:
    # § 22: "die gefragte Partei ist verpflichtet, die so unentschiedene Figur zu weisen, zu stellen ..."
    deal = judged(SHOW_DEAL + answer, "innsbruck-1890").deals[0]
    assert [v.rule for v in deal.violations] == rules


def test_the_answer_out_of_turn_is_no_show_out_of_turn_but_a_show_unasked_is() -> None:
    unasked = SHOW_DEAL.replace("E fragt Hanger\n", "") + "N zeigt Hanger EO EU\n"
    assert [v.rule for v in judged(unasked, "innsbruck-1890").deals[0].violations] == ["SHOW-7"]


# ---- the asking at 17:17: answers and grades (§ 25; 004 Endspiel) -------------------------------

@pytest.mark.parametrize("line, allowed", [
    ("E nicht erlaubt", False), ("E not allowed", False), ("Ost: NICHT ERLAUBT", False),
    ("E hat ebenfalls", False), ("E hat auch", False), ("E ebenfalls", False), ("E has one too", False),
    ("E erlaubt", True), ("E ja", True), ("E allowed", True), ("East: yes", True),
])
def test_an_answer_to_the_asking_is_read_in_both_languages(line: str, allowed: bool) -> None:
    # 004: "nicht erlaubt" (a figure as long) or "ja"; § 25: the other party declares "dass sie
    # ebenfalls ... besitzt": the same statement as "nicht erlaubt"
    assert first_event(line) == AskAnswer("E", allowed)


@pytest.mark.parametrize("line, figure, size, height", [
    ("N bekennt Gleich dritzig Ober", Figure.GLEICH, 3, Rank.OBER),
    ("N bekennt Gleich dritzig O", Figure.GLEICH, 3, Rank.OBER),  # the letter, where a seat could be
    ("S declares Hanger four King", Figure.HANGER, 4, Rank.KOENIG),
    ("S bekennt Hänger viertig Konig", Figure.HANGER, 4, Rank.KOENIG),
    ("W bekennt Hanger Könige", Figure.HANGER, None, Rank.KOENIG),
    ("N declares Gleich three aces", Figure.GLEICH, 3, Rank.ASS),
    ("N bekenne Gleich fünftig 10", Figure.GLEICH, 5, Rank.ZEHN),
    ("N bekennt Gleich vierfach Sieben", Figure.GLEICH, 4, Rank.SIEBEN),
    ("E bekennt Gleich", Figure.GLEICH, None, None),
    ("E bekennt Hanger drittzig", Figure.HANGER, 3, None),
])
def test_a_grade_is_read_with_its_size_and_height_where_said(line: str, figure: Figure, size: int | None,
                                                             height: Rank | None) -> None:
    seat = line[0]
    assert first_event(line) == GradeDeclared(seat, figure, size, height)


def test_the_spiel_has_no_grade_and_the_mistake_is_located() -> None:
    result = read_transcript("Ausgabe 1\nN bekennt Spiel\n")
    (error,) = result.errors
    assert (error.line, error.column) == (2, 3)
    assert "no grade" in error.what.text("en") and "keinen Höhengrad" in error.what.text("de")


def test_a_rank_letter_and_a_seat_letter_are_told_apart_by_their_place() -> None:
    # "O" is the Ober after a size and East (Ost) at the head of an action: the grammar reads each
    # word where it stands, so the old words keep their meaning beside the new ones
    t = read_ok("Ausgabe 1\nN bekennt Gleich dritzig O, O erlaubt\nW fragt Gleich\nO: gut\nS erlaubt, W ja\n")
    assert t.deals[0].events == (GradeDeclared("N", Figure.GLEICH, 3, Rank.OBER), AskAnswer("E", True),
                                 AskFigure("W", Figure.GLEICH), Good("E"),
                                 AskAnswer("S", True), AskAnswer("W", True))


@pytest.mark.parametrize("lang, written", [
    ("de", ["N fragt dritzig", "E nicht erlaubt", "W erlaubt", "N bekennt Gleich viertig Ass",
            "E bekennt Hanger viertig König", "S bekennt Gleich", "W bekennt Hanger Zehner",
            "Abgelehnt: E nicht erlaubt"]),
    ("en", ["N asks three", "E not allowed", "W allowed", "N declares Gleich four Ace",
            "E declares Hanger four King", "S declares Gleich", "W declares Hanger Ten",
            "Refused: E not allowed"]),
])
def test_answers_and_grades_round_trip_through_fmt(lang: str, written: list[str]) -> None:
    t = read_ok("Ausgabe 1\nN fragt dritzig\nE hat ebenfalls\nW ja\nN bekennt Gleich vierfaches Asse\n"
                "E bekennt Hänger viertig Koenig\nS bekennt Gleich\nW bekennt Hanger 10\n"
                "Abgelehnt: E nicht erlaubt\n")
    text = format_transcript(t, lang)
    assert text.splitlines()[1:] == written
    again = read_transcript(text)
    assert again.errors == [] and again.transcript == t
    assert format_transcript(again.transcript, lang) == text


def test_answers_and_grades_in_the_json_form() -> None:
    assert event_to_json(first_event("E nicht erlaubt")) == {"type": "AskAnswer", "line": 2, "column": 1,
                                                             "seat": "E", "allowed": False}
    assert event_to_json(first_event("N bekennt Hanger viertig König")) == {
        "type": "GradeDeclared", "line": 2, "column": 1, "seat": "N", "figure": "Hanger", "size": 4, "height": "K"}
    assert event_to_json(first_event("N bekennt Gleich")) == {
        "type": "GradeDeclared", "line": 2, "column": 1, "seat": "N", "figure": "Gleich", "size": None,
        "height": None}
