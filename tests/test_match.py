"""Matches of several deals, against results worked out by hand (000 Scoring, The Endgame; § 21, § 25, § 33)."""

from __future__ import annotations

import pytest
from helpers import CUTTER, FOUR_HANDS, judged
from helpers import rules_by_deal as rules

from perlagg_streit.engine import judge
from perlagg_streit.engine.verdict import MatchVerdict
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.rulesets import load_ruleset

HANDS = "Abheben: {cutter}\n" + FOUR_HANDS + "Aufschlag: L8\n"
# E/W win Gleich and Hanger by concession (E has three Aces, W holds K-O of acorns) and the Spiel: 3.
EW_THREE = "E biete Gleich\nN gut\nW biete Hanger\nS gut\nN das Spiel ist gut\n"


def match(*deals: tuple[str, str], ruleset: str = "innsbruck", before: str = "") -> MatchVerdict:
    text = ""
    for number, (dealer, body) in enumerate(deals, start=1):
        text += f"Ausgabe {number}\nGeber: {dealer}\n" + (before if number == 1 else "")
        text += HANDS.format(cutter=CUTTER[dealer]) + body
    return judged(text, ruleset)


def test_points_go_onto_the_running_score_and_the_dealer_passes_left() -> None:
    m = match(("W", EW_THREE), ("N", EW_THREE), ("E", EW_THREE))
    assert rules(m) == []
    assert [d.match.after for d in m.deals] == [(0, 3), (0, 6), (0, 9)]


def test_a_wrong_dealer_is_caught() -> None:
    m = match(("W", EW_THREE), ("W", EW_THREE))  # after West comes North (§ 33)
    assert rules(m) == [("SETUP-4", 2)]


def test_a_wrongly_added_scoresheet_is_caught_at_the_first_deal_where_it_parts() -> None:
    m = match(("W", EW_THREE + "Stand: 0:3\n"), ("N", EW_THREE + "Stand: 0:7\n"),
              ("E", EW_THREE + "Stand: 0:10\n"))
    (parted,) = m.violations
    assert (parted.rule, parted.place.deal) == ("RECORD-SCORE", 2)
    assert "0:7" in parted.detail_en and "0:6" in parted.detail_en


def test_seventeen_all_the_best_three_card_figure_wins() -> None:
    # 17:17 at 18: E's three Aces (a 3-card Gleich) against 3-card Hangers (S: A-K with the trump
    # Unter as the Ober; W: K-O of acorns with the Schell-Spitz as the Ace): at equal length the
    # Gleich wins (000 The Endgame). E/W win the match.
    m = match(("W", "N das Spiel ist gut\n"), before="Vorher: 17:17\n")
    assert (m.winner, m.score) == ("EW", (17, 18))
    # Eichelperlaggen needs four cards; none here, so the Spiel decides: N conceded it, E/W win.
    eichel = match(("W", "N das Spiel ist gut\n"), ruleset="eichel", before="Vorher: 14:14\n")
    assert eichel.winner == "EW" and "Spiel" in str(eichel.won_by)


def test_no_bets_when_both_are_gestrichen() -> None:
    m = match(("W", "N biete Hanger\n"), before="Vorher: 17:17\n")
    assert ("END-2", 1) in rules(m)


def test_an_overbid_at_seventeen_costs_two_points_under_section_21() -> None:
    # N/S at 17 bet the Hanger (§ 21: no right to bet, two points at once; the bet is void);
    # N/S concede the Spiel. The Hanger (unseen) stands: S's A-K-O (trump Unter as the Ober)
    # against W's A-K-O (Schell-Spitz as the Ace). The unseen Gleich goes to E's three Aces.
    # N/S 17 - 2 = 15; E/W 10 + 1 (Spiel) + 1 (Gleich) = 12.
    m = match(("W", "N biete Hanger\nN das Spiel ist gut\n"), ruleset="innsbruck-1890",
              before="Vorher: 17:10\n")
    assert rules(m) == [("END-2", 1)]
    assert m.score == (15, 12) and m.winner is None


def test_seventeen_sixteen_the_spiel_conceded_then_a_three_card_figure_decides() -> None:
    # 000 The Endgame: at 17:16 the 16-team bets the Spiel and the 17-team concedes: 17:17,
    # Gleich and Hanger unseen: the best figure of at least three cards wins. E's three Aces
    # against 3-card Hangers: the Gleich wins. E/W win the match 17:18.
    m = match(("W", "E biete Spiel\nN gut\n"), before="Vorher: 17:16\n")
    assert (m.winner, m.score) == ("EW", (17, 18))
    assert "both gestrichen" in str(m.won_by)


def test_spiel_aus_held_wins_the_match_outright() -> None:
    body = "E biete Spiel\nN drei\nE vier\nN fünf\nE sechs\nN sieben\nE Spiel aus\nN halte\nN das Spiel ist gut\n"
    m = match(("W", body))
    assert m.winner == "EW" and "Spiel aus" in str(m.won_by)


def test_card_stealing_loses_the_match_under_section_34() -> None:
    m = match(("W", "Kartenstehlen: N\n" + EW_THREE.replace("N das Spiel ist gut\n", "N das Spiel ist gut\n")),
              ruleset="innsbruck-1890")
    assert [(v.rule, v.seat) for v in m.violations] == [("PEN-12", "N")]
    assert m.winner == "EW" and "PEN-12" in str(m.won_by)
    english = match(("W", "Kartenstehlen: N\n" + EW_THREE))
    assert english.winner is None and english.violations[0].penalty is None  # 000 names no penalty


def test_section_25_nobody_asks_in_the_first_trick_so_the_spiel_decides() -> None:
    # 17:17 under the old rules: E holds three Aces but nobody asks ("ums Heben fragt") during
    # the first trick: "entscheidet das Spiel" (§ 25). N conceded the Spiel: E/W win either way,
    # so let N/S make the Spiel instead by E/W conceding it.
    silent = match(("W", "E das Spiel ist gut\n"), ruleset="innsbruck-1890", before="Vorher: 17:17\n")
    assert silent.winner == "NS" and "nobody asked" in str(silent.won_by)
    asked = match(("W", "E fragt Gleich dritzig\nE das Spiel ist gut\n"), ruleset="innsbruck-1890",
                  before="Vorher: 17:17\n")
    assert asked.winner == "EW"  # E's three Aces go out (§ 25 "Die höchste Figur geht aus")
    english = match(("W", "E das Spiel ist gut\n"), before="Vorher: 17:17\n")
    assert english.winner == "EW"  # 000 has no asking: the best figure in the hands wins


def test_section_5_or_section_6_depends_on_whether_the_deal_was_played_on() -> None:
    six = HANDS.replace("Karten W: S7 S8 EK EO L9", "Karten W: S7 S8 EK EO L9 L7")
    four = HANDS.replace("Karten W: S7 S8 EK EO L9", "Karten W: S7 S8 EK EO")

    def one(hands: str, body: str, ruleset: str) -> list[tuple[str, int, str]]:
        text = "Ausgabe 1\nGeber: W\n" + hands.format(cutter="S") + body
        verdict = judge(read_transcript(text).transcript, load_ruleset(ruleset))
        return [(v.rule, v.penalty.points if v.penalty else 0, v.penalty.forfeit if v.penalty else "")
                for v in verdict.violations]

    # Reported at once, no card played: a misdeal, § 5 (old: two points for the dealer's team).
    assert one(six, "", "innsbruck-1890") == [("DEAL-6", 2, "none")]
    # Played on with six cards: § 6 instead ("sollte sich aber am Ende ... herausstellen").
    assert one(six, "N L10\n", "innsbruck-1890") == [("PEN-2", 2, "figures")]
    # Old § 6 speaks only of more than five; Neue § 6 of "mehr oder weniger".
    assert one(four, "N L10\n", "innsbruck-1890") == [("DEAL-6", 2, "none")]
    assert one(four, "N L10\n", "innsbruck-neu") == [("PEN-2", 2, "figures")]
    assert one(six, "N L10\n", "innsbruck") == [("DEAL-6", 0, "")]  # 000 is silent


def test_neue_section_5_only_a_second_misdeal_in_a_row_costs_points() -> None:
    six = HANDS.replace("Karten W: S7 S8 EK EO L9", "Karten W: S7 S8 EK EO L9 L7").format(cutter="S")
    good = HANDS.format(cutter="S")

    def penalties(attempts: list[str], ruleset: str) -> list[tuple[str, int]]:
        text = "Ausgabe 1\nGeber: W\n" + "Neu geben\n".join(attempts) + "N das Spiel ist gut\n"
        verdict = judge(read_transcript(text).transcript, load_ruleset(ruleset))
        return [(v.rule, v.penalty.points if v.penalty else 0) for v in verdict.violations]

    assert penalties([six, good], "innsbruck-1890") == [("DEAL-6", 2)]  # old § 5: every misdeal
    assert penalties([six, good], "innsbruck-neu") == [("DEAL-6", 0)]  # Neue § 5: not the first
    assert penalties([six, six, good], "innsbruck-neu") == [("DEAL-6", 0), ("DEAL-6", 2)]
    assert penalties([six, good], "innsbruck") == [("DEAL-6", 0)]


# ---- a deal stopped after the first packet (issue 17: 002 Dealing, old/Neue § 5) ----------------

#: West deals, South cuts: the first packet, two cards each (002 Dealing, 000 The Deal), with North
#: given three; the deal is stopped there and dealt again.
FIRST_PACKET = "Abheben: S\nKarten N: L10 H8 H9\nKarten E: LA HA\nKarten S: LU SA\nKarten W: S7 S8\n"


def _deal_penalties(attempts: list[str], ruleset: str) -> list[tuple[str, int]]:
    text = "Ausgabe 1\nGeber: W\n" + "".join(attempts) + HANDS.format(cutter="S") + "N das Spiel ist gut\n"
    verdict = judge(read_transcript(text).transcript, load_ruleset(ruleset))
    return [(v.rule, v.penalty.points if v.penalty else 0) for v in verdict.violations]


def test_a_deal_stopped_after_the_first_packet_is_one_misdeal_not_four() -> None:
    stopped = FIRST_PACKET + "Neu geben nach dem ersten Paket\n"
    assert _deal_penalties([stopped], "innsbruck-1890") == [("DEAL-6", 2)]  # old § 5: "Wer vergibt"
    assert _deal_penalties([stopped], "innsbruck-neu") == [("DEAL-6", 0)]  # Neue § 5: not the first one
    assert _deal_penalties([stopped], "innsbruck") == [("DEAL-6", 0)]  # 000, 002: no penalty
    assert _deal_penalties([stopped, stopped], "innsbruck-neu") == [("DEAL-6", 0), ("DEAL-6", 2)]  # "zweimal"
    # The same packets as a plain redeal read as four whole hands of the wrong size: four reports,
    # still one misdeal of the dealer, which pays once (it used to cost 8 points under the old § 5).
    whole = FIRST_PACKET + "Neu geben\n"
    assert _deal_penalties([whole], "innsbruck-1890") == [("DEAL-6", 2), ("DEAL-6", 0), ("DEAL-6", 0), ("DEAL-6", 0)]
    # Packets that are right: the deal was stopped for another reason (§ 5: a card exposed): no misdeal,
    # and the next misdeal is not a second one in a row.
    right = FIRST_PACKET.replace("L10 H8 H9", "L10 H8") + "Neu geben nach dem ersten Paket\n"
    assert _deal_penalties([right], "innsbruck-1890") == []
    assert _deal_penalties([stopped, right, stopped], "innsbruck-neu") == [("DEAL-6", 0), ("DEAL-6", 0)]


def test_the_cutter_gets_one_card_fewer_in_the_first_packet_for_each_perlagg_he_kept() -> None:
    # 002 Dealing: one Perlagg kept, one card the first time; two, none at all; three, none the first
    # time (so he holds the three). The cutter's packet is checked with the Perlaggen he kept in it.
    def first(cut: str, south: str, ruleset: str = "innsbruck-1890") -> list[tuple[str, int]]:
        attempt = FIRST_PACKET.replace("Abheben: S", f"Abheben: S {cut}")
        attempt = attempt.replace("Karten S: LU SA", f"Karten S: {south}")
        attempt = attempt.replace("L10 H8 H9", "L10 H8") + "Neu geben nach dem ersten Paket\n"
        return _deal_penalties([attempt], ruleset)

    assert first("E7", "E7 SA") == []  # one kept, one dealt
    assert first("E7", "E7 SA SK") == [("DEAL-6", 2)]  # 002's own example: two dealt although he kept one
    assert first("HK S6", "HK S6") == []  # two kept, none dealt
    assert first("HK S6", "HK S6 SA") == [("DEAL-6", 2)]
    assert first("HK S6 E7", "HK S6 E7") == []  # three kept: none in the first packet
    # 001 The Deal lets the Giltspiel dealer give two or three first: the size most hands show counts
    assert first("", "LU SA", "giltspiel") == []
    three_each = "Abheben: S\nKarten N: L10 H8 H9\nKarten E: LA HA HO\nKarten S: LU SA SK\nKarten W: S7 S8 EK\n"
    assert _deal_penalties([three_each + "Neu geben nach dem ersten Paket\n"], "giltspiel") == []
    assert _deal_penalties([three_each + "Neu geben nach dem ersten Paket\n"], "innsbruck-1890") == [("DEAL-6", 2)]
    one_short = three_each.replace("L10 H8 H9", "L10 H8")  # three of three dealt three: North's two are short
    assert _deal_penalties([one_short + "Neu geben nach dem ersten Paket\n"], "giltspiel") == [("DEAL-6", 0)]


def test_a_redeal_once_play_has_begun_comes_too_late() -> None:
    # § 5: reported "sofort"; played on, the deal is not void: West's six cards count as played on (§ 6
    # where the ruleset has it) and the redeal is a ruling, never a second misdeal.
    six = HANDS.replace("Karten W: S7 S8 EK EO L9", "Karten W: S7 S8 EK EO L9 L7").format(cutter="S")
    text = "Ausgabe 1\nGeber: W\n" + six + "N L10\nNeu geben\n" + HANDS.format(cutter="S") + "N das Spiel ist gut\n"
    for ruleset, first in (("innsbruck-1890", ("PEN-2", 2)), ("innsbruck-neu", ("PEN-2", 2)),
                           ("innsbruck", ("DEAL-6", 0))):
        verdict = judge(read_transcript(text).transcript, load_ruleset(ruleset))
        found = [(v.rule, v.penalty.points if v.penalty else 0, v.kind.value) for v in verdict.violations]
        assert found == [(*first, "offence"), ("DEAL-6", 0, "ruling")], ruleset
        assert verdict.violations[1].message.code == "DEAL-6.redeal-after-play"
    # before play the same redeal is the § 5 one: the misdeal, and no ruling
    assert _deal_penalties([six + "Neu geben\n"], "innsbruck-1890") == [("DEAL-6", 2)]


def test_section_25_the_players_ask_in_turn_from_the_dealers_left() -> None:
    # West deals: the order is N, E, S, W. E then S: in turn. S before E (who then asks): S jumped.
    # (E holds three Aces; S a Hanger of three bells, A-K with the trump Unter as the Ober: both
    # ask about what they have. North, with nothing of three cards, does not ask: asking claims a
    # figure, 004 "jedem Spieler [der] eine Zahl von 3 oder mehr Karten [hat]".)
    ok = match(("W", "E fragt Gleich dritzig\nS fragt Hanger dritzig\nE das Spiel ist gut\n"),
               ruleset="innsbruck-1890", before="Vorher: 17:17\n")
    assert rules(ok) == []
    late = match(("W", "S fragt Hanger dritzig\nE fragt Gleich dritzig\nE das Spiel ist gut\n"),
                 ruleset="innsbruck-1890", before="Vorher: 17:17\n")
    assert [(v.rule, v.seat) for v in late.violations] == [("END-8", "S")]
    # The same order under innsbruck: 004's procedure ("tritt dritzig erlaubt?"), not § 25.
    late_004 = match(("W", "S fragt Hanger dritzig\nE fragt Gleich dritzig\nE das Spiel ist gut\n"),
                     ruleset="innsbruck", before="Vorher: 17:17\n")
    assert [(v.rule, v.seat) for v in late_004.violations] == [("END-9", "S")]


# ---- the asking at 17:17: answers, grades, rounds (§ 25, § 28; 004 Endspiel) -------------------
#
# The hands of FOUR_HANDS, West dealing (the asking goes N, E, S, W): E holds three Aces (LA HA EA),
# S the Hanger A-K-O of bells (SA SK, the trump Unter LU as the Ober), W the Hanger A-K-O of acorns
# (EK EO, the Schell-Spitz S7 as the Ace), N nothing of three cards (pairs of Eights and Nines).


def at_17_17(body: str, ruleset: str = "innsbruck") -> MatchVerdict:
    return match(("W", body), ruleset=ruleset, before="Vorher: 17:17\n")


def codes(m: MatchVerdict) -> list[tuple[str, str | None]]:
    return [(v.message.code, v.seat) for v in m.violations]


def test_true_answers_are_no_finding_and_false_ones_are_under_the_procedures_rule() -> None:
    # 004: "nicht erlaubt" with a figure of as many cards or more, "ja" without one
    true = "S fragt Hanger dritzig\nE nicht erlaubt\nW nicht erlaubt\nN erlaubt\n"
    assert codes(at_17_17(true)) == []
    false = "S fragt Hanger dritzig\nE erlaubt\nN nicht erlaubt\n"  # E has three Aces, N only pairs
    assert codes(at_17_17(false)) == [("END-9.false-allowed", "E"), ("END-9.false-not-allowed", "N")]
    # the same answers under § 25 ("Erklärt die Gegenpartei, dass sie ebenfalls ... besitzt"); no penalty
    old = at_17_17(false, "innsbruck-1890")
    assert codes(old) == [("END-8.false-allowed", "E"), ("END-8.false-not-allowed", "N")]
    assert all(v.penalty is None for v in old.violations)
    assert "EK" not in old.violations[0].detail_en and "LA HA HO E10 EA" in old.violations[0].detail_en


def test_an_asking_claims_a_figure_of_at_least_its_size() -> None:
    # North has nothing of three cards; East asks low (three Aces: a Dritziges, not a Vierfaches)
    assert codes(at_17_17("N fragt dritzig\n")) == [("END-9.false-ask", "N")]
    assert codes(at_17_17("E fragt Gleich dritzig\n")) == []
    assert codes(at_17_17("E fragt Gleich viertig\n", "innsbruck-1890")) == [("END-8.false-ask", "E")]
    assert codes(at_17_17("E fragt Hanger dritzig\n")) == [("END-9.false-ask", "E")]  # the kind named counts


def test_a_grade_is_checked_part_by_part_against_the_hand() -> None:
    base = "E fragt Gleich dritzig\nS nicht erlaubt\n"
    assert codes(at_17_17(base + "E bekennt Gleich dritzig Ass\nS bekennt Hanger dritzig Ass\n")) == []
    assert codes(at_17_17(base + "E bekennt Gleich\nS bekennt Hanger dritzig\n")) == []  # parts left out
    assert codes(at_17_17(base + "S bekennt Hanger dritzig König\n")) == [("END-9.grade-understated", "S")]
    assert codes(at_17_17(base + "E bekennt Gleich viertig Ass\n")) == [("END-9.grade-overstated", "E")]
    # the kind alone: E has no Hanger at all, let alone one of the three cards his party claimed
    assert codes(at_17_17(base + "E bekennt Hanger\n", "innsbruck-1890")) == [("END-8.grade-overstated", "E")]


def test_a_claim_the_proven_cards_cannot_decide_is_left_unchecked() -> None:
    # North's hand is known only in part: he may hold a figure of three among the unknown cards
    text = "Ausgabe 1\nGeber: W\nVorher: 17:17\nAbheben: S\n" + FOUR_HANDS.replace(
        "Karten N: L10 H8 H9 E8 E9", "Karten N: L10 H8 ? ? ?") + "Aufschlag: L8\n"
    m = judged(text + "E fragt Gleich dritzig\nN nicht erlaubt\n", "innsbruck")
    assert codes(m) == [] and any(n.code == "note.asking-hand-unknown" for n in m.deals[0].unchecked)
    # "erlaubt" is proven false by the cards known alone: S holds SA SK with the trump Unter
    assert codes(judged(text + "N fragt dritzig\nS erlaubt\n", "innsbruck")) == [("END-9.false-allowed", "S")]


def test_an_asking_about_more_cards_opens_a_new_round() -> None:
    # West deals: N, E, S, W. E asks, S and W answer, then E asks again, higher: a second round,
    # no one out of turn (E's Vierfaches is false: he has three Aces). At the same size it is one
    # round, and S, who asked after E, did not jump him when E asks again.
    rounds = at_17_17("E fragt Gleich dritzig\nS nicht erlaubt\nW nicht erlaubt\nE fragt viertig\nS erlaubt\n",
                      "innsbruck-1890")
    assert codes(rounds) == [("END-8.false-ask", "E")]
    again = at_17_17("E fragt Gleich dritzig\nS fragt Hanger dritzig\nE fragt Gleich dritzig\n", "innsbruck-1890")
    assert codes(again) == []
    jumped = at_17_17("S fragt Hanger dritzig\nE fragt Gleich dritzig\n", "innsbruck-1890")
    assert codes(jumped) == [("END-8.asked-out-of-turn", "S")]


@pytest.mark.parametrize("ruleset", ["innsbruck", "innsbruck-1890"])
def test_a_raise_made_in_turn_jumps_nobody_who_had_asked_before_it(ruleset: str) -> None:
    # West deals: N, E, S, W (004 Endspiel, § 25: in turn from the dealer's left). E asks low, S raises
    # in his own turn, right after E; E then asks as high in his next turn: E had had his turn, so S
    # jumped nobody (cases/endgame/17-17-second-round-other-party, with North asking again).
    def out_of_turn(body: str) -> list[tuple[str, str | None]]:
        return [c for c in codes(at_17_17(body, ruleset)) if c[0].endswith("asked-out-of-turn")]
    assert out_of_turn("E fragt dritzig\nS fragt viertig\nE fragt viertig\n") == []
    # but a raise that skipped a player who had not yet had his turn jumped him, if he then asks
    rule = "END-8" if ruleset == "innsbruck-1890" else "END-9"
    assert out_of_turn("E fragt dritzig\nW fragt viertig\nS fragt viertig\n") == [
        (f"{rule}.asked-out-of-turn", "W")]


def test_under_section_25_declaring_one_too_in_the_first_trick_brings_the_figure_in() -> None:
    # § 25: only S asks. Without E's answer only N/S's figure was declared: their Hanger goes out.
    # E "nicht erlaubt" ("ebenfalls ... besitzt") declares E/W's figure: three Aces beat a Hanger of three.
    alone = at_17_17("S fragt Hanger dritzig\nE das Spiel ist gut\n", "innsbruck-1890")
    assert alone.winner == "NS"
    answered = at_17_17("S fragt Hanger dritzig\nE nicht erlaubt\nE das Spiel ist gut\n", "innsbruck-1890")
    assert (answered.winner, answered.score) == ("EW", (17, 18))
    # an answer the table refused declares nothing (a ruling, no penalty)
    refused = at_17_17("S fragt Hanger dritzig\nAbgelehnt: E nicht erlaubt\nE das Spiel ist gut\n",
                       "innsbruck-1890")
    assert codes(refused) == [("END-8.refused-answer", "E")] and refused.winner == "NS"


def test_a_declared_grade_binds_under_the_section_rules_and_not_under_innsbruck() -> None:
    # E declares a Hanger he does not have. innsbruck (endgame.declared_grade: hands): his three Aces
    # still win. § 25/§ 28 (binds): he is bound to the Hanger, so E/W have only W's A-K-O, equal to
    # S's: the Hanger stands and the Spiel decides; E/W conceded it.
    body = "E fragt Gleich dritzig\nS nicht erlaubt\nE bekennt Hanger dritzig\nE das Spiel ist gut\n"
    hands = at_17_17(body)
    assert hands.winner == "EW" and codes(hands) == [("END-9.grade-overstated", "E")]
    binds = at_17_17(body, "innsbruck-1890")
    assert binds.winner == "NS" and codes(binds) == [("END-8.grade-overstated", "E")]
    assert "as the grades were declared" in str(binds.won_by)
    # a grade as held binds nothing away: the Aces go out under the § rules too
    held = at_17_17("E fragt Gleich dritzig\nS nicht erlaubt\nE bekennt Gleich dritzig Ass\nE das Spiel ist gut\n",
                    "innsbruck-1890")
    assert held.winner == "EW" and "declared" not in str(held.won_by)


def test_cards_shown_before_the_grade_is_established_break_section_25_only() -> None:
    early = "E fragt Gleich dritzig\nS nicht erlaubt\nE zeigt Gleich LA HA EA\n"
    assert codes(at_17_17(early, "innsbruck-1890")) == [("END-8.shown-before-grade", "E")]
    assert at_17_17(early, "innsbruck-1890").violations[0].penalty is None  # § 25 names none
    assert codes(at_17_17(early)) == []  # 000 and 004 name no such duty
    # established: the grades decide (a Gleich against a Hanger), or nobody else claims a figure
    late = "E fragt Gleich dritzig\nS nicht erlaubt\nE bekennt Gleich dritzig Ass\nS bekennt Hanger dritzig Ass\n"
    assert codes(at_17_17(late + "E zeigt Gleich LA HA EA\n", "innsbruck-1890")) == []
    alone = "S fragt Hanger dritzig\nN erlaubt\nS zeigt Hanger SA SK LU=SO\n"  # E/W claim nothing
    assert codes(at_17_17(alone, "innsbruck-1890")) == []
    # the same grades, equal in kind and size but without heights: not yet established
    unsettled = "S fragt Hanger dritzig\nW nicht erlaubt\nS bekennt Hanger dritzig\nW bekennt Hanger dritzig\n"
    assert codes(at_17_17(unsettled + "W zeigt Hanger EK EO S7=EA\n", "innsbruck-1890")) == [
        ("END-8.shown-before-grade", "W")]
    # an "erlaubt" to the last asking does not establish the grade when the answering party claimed
    # as many cards itself: E asked about three, S asked about three, W says "erlaubt" to S; both
    # parties still claim three cards, and S lays his Hanger down before any grade is said (W's
    # "erlaubt" is false besides: he holds a Hanger of three with the Schell-Spitz)
    both = "E fragt Gleich dritzig\nS fragt Hanger dritzig\nW erlaubt\nS zeigt Hanger SA SK LU=SO\n"
    assert codes(at_17_17(both, "innsbruck-1890")) == [("END-8.false-allowed", "W"), ("END-8.shown-before-grade", "S")]


def test_why_on_an_answer_gives_the_players_figures_and_who_went_out() -> None:
    from perlagg_streit.engine.replay import rule_on_line

    text = "Ausgabe 1\nGeber: W\nVorher: 17:17\nAbheben: S\n" + FOUR_HANDS + "Aufschlag: L8\n" \
        + "S fragt Hanger dritzig\nE erlaubt\n"
    transcript = read_transcript(text).transcript
    _, (ruling,) = rule_on_line(transcript, load_ruleset("innsbruck"), 11)
    assert ruling.rules == ("END-9",) and [v.rule for v in ruling.findings] == ["END-9"]
    facts = [f.text("en") for f in ruling.facts]
    assert facts == ["E held, as the record proves, LA HA HO E10 EA; his best figures: Gleich 3x A, no Hanger",
                     "At the end of the deal: Gleich of 3"]
