"""Matches of several deals, against results worked out by hand (000 Scoring, The Endgame; § 21, § 25, § 33)."""

from __future__ import annotations

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
