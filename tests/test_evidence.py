"""engine/evidence.py: what the whole record proves of each hand (issue 16).

Each way a holding is proven (a later play, a show, a validation, an exchange, the Karten line,
the cut), each way it is ruled out (the card is elsewhere first), the count rule (a hand holds
five cards, 000 The Deal) and the record contradicting itself. The verdicts are worked out from
000 The Play: "A player who has a card of the suit that was led must either follow suit or play a
trump" (PLAY-3).
"""

from __future__ import annotations

from helpers import judged, last_state, read_ok

from perlagg_streit.base.cards import Card, card
from perlagg_streit.engine.enums import Proven
from perlagg_streit.engine.evidence import Evidence, gather

# South deals, East cuts, West leads; the turn-up S9 makes bells trumps (Perlaggen HK, Weli, S7,
# E7, SU, SO: none dealt). North's hand is not written. Line numbers: "Ausgabe 1" is line 1.
SETUP = """\
Ausgabe 1
Geber: S
Abheben: E
Karten E: L9 S10 E9 H10 LO
Karten S: L10 E10 EK S8 LU
Karten W: LA E8 SK LK EO
Aufschlag: S9
"""
# Trick 2: West leads E8 and North gives H9; in trick 3 (line 10) he plays EA.
REVOKE = SETUP + """\
Stich 1: W LA, N L8, E L9, S L10
Stich 2: W E8, N H9, E E9, S E10
Stich 3: S EK, W EO, N EA, E H10
"""


def C(text: str) -> Card:
    return card(text)


def _deal(text: str, players: int = 4) -> Evidence:
    return gather(read_ok(text).deals[0], players)


def test_a_later_play_proves_the_card_was_held_from_the_deal() -> None:
    evidence = _deal(REVOKE)
    proof = evidence.proof("N", C("EA"))
    assert proof is not None and (proof.how, proof.line, proof.trick) == (Proven.PLAYED, 10, 3)
    assert list(evidence.from_deal["N"]) == [C("L8"), C("H9"), C("EA")]  # in the order the record proves them
    assert evidence.written == {"E", "S", "W"}


def test_the_revoke_is_proven_by_the_later_play_and_says_so() -> None:
    verdict = judged(REVOKE)
    [revoke] = verdict.violations
    assert (revoke.rule, revoke.seat, revoke.place.trick) == ("PLAY-3", "N", 2)
    args = revoke.message.args
    assert (args["example"], args["how"], args["line"]) == (C("EA"), Proven.PLAYED, 10)
    assert revoke.detail("en").endswith("N held EA at trick 2: he played it in trick 3 (line 10)")
    assert revoke.detail("de").endswith("N hatte EA im 2. Stich: er spielte sie im 3. Stich (Zeile 10)")
    assert not any("unknown" in str(n) for n in verdict.deals[0].unchecked)


def test_a_hand_of_question_marks_is_filled_by_the_proof_as_a_missing_one_is() -> None:
    marked = REVOKE.replace("Aufschlag", "Karten N: ? ? ? ? ?\nAufschlag")
    [revoke] = judged(marked).violations
    assert revoke.rule == "PLAY-3" and revoke.message.args["line"] == 11  # one line further down


def test_a_card_played_before_proves_nothing_about_later_tricks() -> None:
    # North plays EA in trick 1 (to a leaf lead he cannot follow? unknown) and H9 to the acorn lead of
    # trick 2: EA is gone by then, and nothing proves another acorn: not a revoke, but unknown.
    text = SETUP + "Stich 1: W LA, N EA, E L9, S L10\nStich 2: W E8, N H9, E E9, S E10\n"
    verdict = judged(text)
    assert verdict.violations == ()
    notes = [str(n) for n in verdict.deals[0].unchecked]
    assert "trick 2: whether N held acorns is unknown (hand partly unknown)" in notes


def test_a_validation_proves_the_card_was_held() -> None:
    # North shows EA in the validation: he held EA when he gave H9 to the acorn lead of trick 2
    text = SETUP + "Stich 1: W LA, N L8, E L9, S L10\nStich 2: W E8, N H9, E E9, S E10\nNachweis:\nN zeigt EA\n"
    evidence = _deal(text)
    proof = evidence.proof("N", C("EA"))
    assert proof is not None and proof.how is Proven.VALIDATED
    [revoke] = judged(text).violations
    assert revoke.rule == "PLAY-3" and revoke.message.args["how"] is Proven.VALIDATED


def test_a_card_elsewhere_first_is_not_credited_and_is_a_record_error() -> None:
    # North plays E9, which the record gives to East: not proven in North's hand; a record error
    text = SETUP + "Stich 1: W LA, N E9, E L9, S L10\n"
    assert _deal(text).proof("N", C("E9")) is None
    [error] = judged(text).violations
    assert error.rule == "RECORD-DUPLICATE-CARD" and error.seat is None
    assert str(error.message) == "E9 is recorded twice: hand E and played by N"


def test_the_turn_up_is_nobodys_until_an_exchange_takes_it() -> None:
    evidence = _deal(SETUP + "Stich 1: W LA, N S9, E L9, S L10\n")
    assert evidence.proof("N", C("S9")) is None


def test_an_exchange_proves_the_card_given_and_brings_in_the_card_taken() -> None:
    # hearts trumps (turn-up HO, a Perlagg); the dealer South gives H9 for it
    text = """\
Ausgabe 1
Geber: S
Abheben: E
Aufschlag: HO
Tausch: S H9 gegen HO
Stich 1: W LA, N L8, E L9, S HO
"""
    evidence = _deal(text)
    gave, took = evidence.proof("S", C("H9")), evidence.proof("S", C("HO"))
    assert gave is not None and gave.how is Proven.GAVE
    assert took is not None and took.how is Proven.TOOK
    assert C("HO") not in evidence.from_deal["S"]  # held from the exchange on, not from the deal


def test_the_count_rule_a_hand_with_five_proven_cards_is_known() -> None:
    # North's five cards are all played: his hand is known, and at trick 2 it held no acorn
    text = SETUP + """\
Stich 1: W LA, N L8, E L9, S L10
Stich 2: W E8, N H9, E E9, S E10
Stich 3: S EK, W EO, N HA, E H10
Stich 4: S LU, W LK, N HK, E LO
Stich 5: W SK, N S7, E S10, S S8
"""
    state = last_state(text)
    verdict = judged(text)
    assert not any("N" in str(n) and "unknown" in str(n) for n in verdict.deals[0].unchecked)
    assert [v.rule for v in verdict.violations] == []
    assert state.setup.hands["N"].fully_known


def test_with_four_cards_proven_the_fifth_is_still_unknown() -> None:
    text = SETUP + "Stich 1: W LA, N L8, E L9, S L10\nStich 2: W E8, N H9, E E9, S E10\n"
    state = last_state(text)
    assert not state.setup.hands["N"].fully_known


def test_a_card_played_twice_is_a_record_error_once() -> None:
    text = SETUP + "Stich 1: W LA, N L8, E L9, S L10\nStich 2: W E8, N L8, E E9, S E10\n"
    [error] = judged(text).violations
    assert error.rule == "RECORD-DUPLICATE-CARD" and error.place.trick == 2
    assert str(error.message) == "L8 is recorded twice: hand N (proven by the record) and played by N"


def test_a_redeal_starts_the_evidence_again() -> None:
    text = "Ausgabe 1\nGeber: S\nStich 1: W LA, N L8\nNeu geben\nGeber: S\nStich 1: W LK, N L9\n"
    evidence = _deal(text)
    assert list(evidence.from_deal["N"]) == [C("L8")]
    assert evidence.next is not None and list(evidence.next.from_deal["N"]) == [C("L9")]


def test_when_every_card_of_the_suit_is_placed_elsewhere_the_holding_is_decided() -> None:
    # The natural acorns are EA EK EO EU E10 E9 E8 (E7 is a Perlagg): East, South and West hold
    # E9, E10 EK, E8 EO, and Luck und Boden show EA and EU. North cannot have held an acorn when he
    # gave H9 in trick 2: no revoke, and not "unknown" either.
    text = SETUP + "Luck und Boden: EA EU\nStich 1: W LA, N L8, E L9, S L10\nStich 2: W E8, N H9, E E9, S E10\n"
    verdict = judged(text)
    assert verdict.violations == ()
    assert not any("acorns" in str(n) for n in verdict.deals[0].unchecked)
    # with EU not placed, it could be North's: unknown
    verdict = judged(text.replace("Luck und Boden: EA EU", "Luck und Boden: EA H7"))
    notes = [str(n) for n in verdict.deals[0].unchecked]
    assert "trick 2: whether N held acorns is unknown (hand partly unknown)" in notes
