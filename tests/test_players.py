"""Two, three and six players, and Strafperlaggen: outcomes worked out by hand from 004
(Zwei-, Drei-, Sechs-Spieler-Spiel; Strafperlaggen) and 000 (Two, Three or Six Players)."""

from __future__ import annotations

import textwrap

import helpers
import pytest
from helpers import EXAMPLES, judged

from perlagg_streit.engine import judge
from perlagg_streit.engine.ruleset import RulesetError, build_ruleset
from perlagg_streit.engine.table import table_for
from perlagg_streit.engine.verdict import MatchVerdict
from perlagg_streit.engine.view import DealView
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import Figure
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.render.scoresheet import scoresheet_text
from perlagg_streit.rulesets import load_ruleset, resolve


def read(text: str) -> MatchVerdict:
    """The verdict on a text under the ruleset its tag names."""
    return judged(textwrap.dedent(text), ruleset=None)


def last_state(text: str) -> DealView:
    """The state after the text's last event, under the ruleset its tag names."""
    return helpers.last_state(textwrap.dedent(text), ruleset=None)


# ---- the table -------------------------------------------------------------------------

def test_three_players_sit_a_b_c_clockwise_each_for_himself() -> None:
    t = table_for(3)
    assert t.seats == ("A", "B", "C") and t.sides == ("A", "B", "C")
    assert t.left_of("C") == "A" and t.right_of("C") == "B"  # dealer C: A leads, B cuts
    assert t.opponents_in_turn("A") == ("B", "C")  # 004: A bets, B answers first, then C
    assert t.opponents_in_turn("B") == ("C", "A")
    assert t.partner_of("A") is None and not t.partnership


def test_six_players_sit_between_two_opponents() -> None:
    t = table_for(6)
    assert t.sides == ("ACE", "BDF")
    assert [t.side_of(s) for s in t.seats] == ["ACE", "BDF", "ACE", "BDF", "ACE", "BDF"]
    assert t.left_of("F") == "A" and t.right_of("A") == "F"
    assert t.opponents_in_turn("C") == ("BDF",)
    assert t.members("BDF") == ("B", "D", "F") and t.label("ACE") == "A/C/E"


def test_four_players_are_unchanged() -> None:
    t = table_for(4)
    assert t.sides == ("NS", "EW") and t.partner_of("E") == "W" and t.others("NS") == ("EW",)


# ---- rulesets ----------------------------------------------------------------------------

def test_each_form_is_a_bundled_ruleset() -> None:
    forms = {name: load_ruleset(name) for name in ("zwei", "zwei-sieben", "drei", "sechs", "strafperlaggen")}
    assert [(r.players, r.hand_size, r.tricks_for_spiel) for r in forms.values()] == [
        (2, 5, 3), (2, 7, 4), (3, 7, 4), (6, 4, 3), (3, 7, 4)]
    assert forms["drei"].bet.max == "three" and not forms["drei"].blind.enabled
    assert forms["strafperlaggen"].countdown and forms["strafperlaggen"].score.start == 9


def test_a_table_of_five_is_refused_at_the_players_key() -> None:
    data, _ = resolve("innsbruck")
    with pytest.raises(RulesetError) as err:
        build_ruleset({**data, "players": 5})
    assert err.value.path == "players"


def test_six_hands_of_seven_do_not_fit_the_pack() -> None:
    data, _ = resolve("sechs")
    with pytest.raises(RulesetError) as err:
        build_ruleset({**data, "hand_size": 7, "tricks_for_spiel": 4})
    assert err.value.path == "hand_size"  # 42 cards and a trump from a pack of 33


# ---- six players: "das Spiel ist hin" --------------------------------------------------

SIX_HIN = """\
    [Ruleset "sechs"]
    Ausgabe 1
    Geber: F
    Abheben: E
    Karten A: LA EA H10 S10
    Karten B: EK E9 H9 S9
    Karten C: LK EO H8 S8
    Karten D: E7 HA SA L10
    Karten E: HO HU SK SO
    Karten F: SU EU L9 E10
    Aufschlag: L8
    Stich 1: A EA, B EK, C EO, D E7, E HO, F E10
    Stich 2: A H10, B H9, C H8, D HA, E HU, F L9
    Stich 3: F EU, A S10, B E9, C S8, D SA, E SK
    Stich 4: F SU, A LA, B S9, C LK, D L10, E SO
    """


def test_six_players_two_tricks_each_and_the_spiel_is_hin() -> None:
    # Leaves are trumps. 1: EA highest acorn (A). 2: F trumps with L9 (F). 3: EU highest acorn,
    # nobody trumps (F). 4: bells led, A, C and D trump; LA highest (A). Two tricks each: nobody
    # scores the Spiel (004 Sechs-Spieler-Spiel). Unbet figures from the hands: Gleich: B's three
    # Nines beat every pair (B/D/F 1); Hanger: E's SK-SO beats F's EU-E10 (A/C/E 1).
    m = read(SIX_HIN)
    d = m.deals[0]
    assert [t.winner for t in d.tricks] == ["A", "F", "F", "A"]
    assert d.spiel_winner is None and d.spiel_decided_by == "hin"
    winners = {o.figure: (o.winner, o.how) for o in d.figures}
    assert winners[Figure.SPIEL] == (None, "hin")
    assert winners[Figure.GLEICH][0] == "BDF" and winners[Figure.HANGER][0] == "ACE"
    assert d.points == (1, 1) and d.violations == ()


def test_a_six_player_transcript_round_trips_through_fmt() -> None:
    text = textwrap.dedent(SIX_HIN) + "Weisen:\nStufe 1 A/C/E:\nStufe 2 B/D/F:\nPunkte: 1:1\n"
    first = read_transcript(text).transcript
    again = read_transcript(format_transcript(first, "de")).transcript
    assert again == first
    assert "Stufe 1 A/C/E:" in format_transcript(first, "de")


def test_a_seat_that_is_not_at_the_table_is_a_record_error() -> None:
    m = read(SIX_HIN.replace("Geber: F", "Geber: N"))
    first = m.deals[0].violations[0]
    assert first.rule == "RECORD-SEAT" and first.detail_en.startswith("there is no seat N at a table of 6")


# ---- three players (004 Drei-Spieler-Spiel) ------------------------------------------

# Leaves are trumps (L8); no Perlagg is dealt. C deals, B cuts, A leads.
THREE = """\
    [Ruleset "{ruleset}"]
    Ausgabe 1
    Geber: C
    Abheben: B
    Karten A: EA EK E10 HA H10 SA S10
    Karten B: EO EU E9 HO HU H9 SO
    Karten C: LK L10 L9 SK S9 E8 H8
    Aufschlag: L8
    {bets}
    Stich 1: A EA, B E9, C E8
    Stich 2: A HA, B H9, C H8
    Stich 3: A SA, B SO, C SK
    Stich 4: A S10, B HO, C S9
    """


def three(bets: str, ruleset: str = "drei") -> str:
    return THREE.format(ruleset=ruleset, bets=bets)


def test_both_opponents_say_good_and_the_bettor_scores_one() -> None:
    # A wins every trick: four tricks, the Spiel (unbet, 1). Hanger unbet: A's EA-EK beats B's
    # O-U and C's L10-L9 (1). Gleich: B and C said good, A scores 1 (004).
    d = read(three("A biete Gleich, B gut, C gut")).deals[0]
    assert d.spiel_winner == "A"
    assert {o.figure: (o.winner, o.value) for o in d.figures}[Figure.GLEICH] == ("A", 1)
    assert d.points == (3, 0, 0) and d.violations == ()


def test_a_hold_settles_the_answer_and_the_third_player_rides_free() -> None:
    # A bets (2), B holds, C says nothing: C rides free. C raises to three, A answers first and
    # holds; B is taken to hold as well (004 special rules 2 and 4). A's three Aces beat B's three
    # Obers and C's pairs: A wins the Gleich for 3. Each player's level: A 3, B 2, C 3.
    text = three("A biete Gleich, B halte, C drei, A halte")
    d = read(text).deals[0]
    assert {o.figure: (o.winner, o.value) for o in d.figures}[Figure.GLEICH] == ("A", 3)
    assert d.points == (5, 0, 0) and d.violations == ()
    book = last_state(text).betting.books[Figure.GLEICH]
    assert book.levels == {"A": 3, "B": 2, "C": 3} and book.out == set()


def test_the_second_opponent_may_not_answer_first() -> None:
    # C holds before B answered: out of turn (004 "streng in Reihe"); the hold still stands.
    d = read(three("A biete Gleich, C halte")).deals[0]
    assert [(v.rule, v.seat) for v in d.violations] == [("P3-4", "C")]
    assert {o.figure: (o.winner, o.value) for o in d.figures}[Figure.GLEICH] == ("A", 2)


def test_no_raise_above_three() -> None:
    d = read(three("A biete Gleich, B halte, C drei, A vier, A halte")).deals[0]
    assert [(v.rule, v.seat) for v in d.violations] == [("BET-7", "A")]
    assert {o.figure: o.value for o in d.figures}[Figure.GLEICH] == 3


def test_the_spiel_may_not_be_let_go_unbet() -> None:
    d = read(three("B gut Spiel")).deals[0]
    assert [(v.rule, v.seat) for v in d.violations] == [("P3-13", "B")]
    assert d.spiel_winner == "A"  # the "gut" gave nothing away; A still took four tricks


def test_a_player_who_said_good_cannot_win_the_figure() -> None:
    # B has the better Gleich of B and C, but said good: C, who held, must beat A; A's three
    # Aces win. B's three Obers are ignored (004: "ohne auf die Karten des Spielers ...").
    d = read(three("A biete Gleich, B gut, C halte")).deals[0]
    assert {o.figure: (o.winner, o.value) for o in d.figures}[Figure.GLEICH] == ("A", 2)


def test_strafperlaggen_example_1_everybody_pays_at_his_own_level() -> None:
    # 004 Strafperlaggen, first example: A bets the Gleich, B holds, C raises to three, A holds.
    # Here A wins it (four Aces against C's four Eights): A -3; C raised and lost: +3; B held the
    # original bet and lost: +2. A also makes the Spiel (four tricks, unbet): -1.
    # The show never names the Hanger (000 The Show: at each stage every open figure is conceded,
    # contested or bet; the record says none of it), so it is judged from the hands (issue 16):
    # B's two Perlaggen LO, LU as SO, SU with his S10, S9 make a four-card Hanger, longer than A's
    # SA-SK and C's HO-HU or E9-E8 (000 Gleich, Hanger, Spiel: the longer sequence wins); unbet,
    # it counts 1 (004: unbet figures count), so B pays 2 - 1 = 1. The deal: -4:1:3.
    text = """\
        [Ruleset "strafperlaggen"]
        Ausgabe 1
        Stand vorher: 9:9:9
        Geber: C
        Abheben: B
        Karten A: LA EA HA L10 H10 SA SK
        Karten B: LO LU L9 EK H9 S10 S9
        Karten C: HO HU H8 S8 L8 E8 E9
        Aufschlag: LK
        A biete Gleich, B halte, C drei, A halte
        Stich 1: A LA, B L9, C L8
        Stich 2: A EA, B EK, C E8
        Stich 3: A HA, B H9, C H8
        Stich 4: A SA, B S9, C S8
        Weisen:
        Stufe 1 A:
        A zeigt Gleich LA EA HA
        Stufe 2 B:
        Stufe 3 C:
        C zeigt Gleich H8 S8 L8 E8
        Punkte: -4:1:3
        Stand: 5:10:12
        """
    m = read(text)
    assert m.deals[0].violations == ()
    assert m.score == (5, 10, 12) and m.countdown and m.winner is None
    sheet = scoresheet_text(m, "de")
    assert "9 → 0" in sheet and sheet.splitlines()[2].split() == ["Ausg.", "A", "B", "C"]


def test_strafperlaggen_the_other_two_play_on_after_a_winner() -> None:
    # Deal 1 (A on 1, so A does not bet): A takes four tricks and shows first. A: Gleich of three
    # Aces and Hanger EA-EK; B: HO, SO, EO (a Perlagg shown as itself) and EU shown as LO make four
    # Obers. Unbet figures count Spiel, Gleich, Hanger (004): Spiel A -1 (A reaches 0 and wins),
    # Gleich B -1, Hanger A -1 (the points are still written): -1:4:6.
    # Deal 2: B and C play on. The next dealer would have been A, so the winner deals the first
    # hand, C (on his right) cuts, and B (on his left) leads (004). B takes four tricks (Spiel -1)
    # and has three Aces (Gleich -1); C's E10-E9-E8, all played, is the longest Hanger (-1).
    # Deal 3: the deal goes on to A's left, to B; C dealing is out of turn (SETUP-4, § 33).
    text = three("", "strafperlaggen").replace("Geber: C", "Stand vorher: 1:5:6\nGeber: C") + textwrap.dedent("""\
        Weisen:
        Stufe 1 A:
        A zeigt Gleich EA HA SA
        A zeigt Hanger EA EK
        Stufe 2 B:
        B zeigt Gleich HO SO EO EU=LO
        Stufe 3 C:
        Punkte: -2:-1:0
        Stand: -1:4:6
        Ausgabe 2
        Geber: A
        Abheben: C
        Karten B: HA H10 H9 LA LK SA SK
        Karten C: EA EK E10 E9 E8 L10 L9
        Aufschlag: H8
        Stich 1: B HA, C E8
        Stich 2: B H10, C E9
        Stich 3: B H9, C E10
        Stich 4: B LA, C L9
        Weisen:
        Stufe 1 B:
        B zeigt Gleich SA
        Stufe 2 C:
        Punkte: 0:-2:-1
        Stand: -1:2:5
        Ausgabe 3
        Geber: C
        """)
    m = read(text)
    first, second, third = m.deals
    assert first.violations == () and first.match.after == (-1, 4, 6)
    assert m.winner == "A" and m.won_in_deal == 1
    assert second.seats == ("B", "C") and second.violations == ()
    assert [t.winner for t in second.tricks] == ["B", "B", "B", "B"]
    assert second.match.after == (-1, 2, 5)
    assert [v.rule for v in third.violations if v.seat == "C"] == ["SETUP-4"]


def test_three_players_show_in_turn_clockwise() -> None:
    # A made the Spiel and shows first; then B, then C (004 Drei-Spieler-Spiel: "der nächste Spieler
    # im Uhrzeigersinn (B) ... dann C"). C's stage straight after A's is out of turn. B, whom C passed
    # over, still has his turn: he does not act "bevor er an der Reihe" (004 Strafperlaggen), as a
    # player passed over by a card out of turn still plays in his place. Then it is C's turn again.
    text = three("") + textwrap.dedent("""\
        Weisen:
        Stufe 1 A:
        Stufe 2 C:
        Stufe 3 B:
        Stufe 4 C:
        Stufe 5 A:
        """)
    d = read(text).deals[0]
    assert [(v.rule, v.seat) for v in d.violations] == [("P3-14", "C")]
    twice = read(text.replace("Stufe 3 B:\nStufe 4 C:\nStufe 5 A:", "Stufe 3 A:")).deals[0]
    assert [(v.rule, v.seat) for v in twice.violations] == [("P3-14", "C"), ("P3-14", "A")]
    in_turn = read(text.replace("Stufe 2 C:\nStufe 3 B:", "Stufe 2 B:\nStufe 3 C:")
                   .replace("Stufe 4 C:\nStufe 5 A:", "Stufe 4 A:\nStufe 5 B:")).deals[0]
    assert in_turn.violations == ()


@pytest.mark.parametrize("name", ["strafperlaggen", "sechs"])
def test_the_bundled_examples_of_the_other_forms_replay_clean(name: str) -> None:
    # The same transcripts as the hand-worked cases (cases/strafperlaggen/full-match-hall,
    # cases/players/sechs-spiel-ist-hin-gleich-gehalten), shipped for users to try.

    from perlagg_streit.language.reader import read_file

    path = EXAMPLES / f"{name}.perlagg"
    result = read_file(path)
    assert result.errors == []
    verdict = judge(result.transcript, load_ruleset(result.transcript.tags["Ruleset"]))
    assert verdict.clean
