"""The close-game order, the both-gestrichen endgame, baptisms against the pack and cards after the
last trick (issues 18 and 19): each expectation worked out by hand from the sources cited."""

from __future__ import annotations

from pathlib import Path

from perlagg_streit.engine import judge
from perlagg_streit.engine.verdict import MatchVerdict
from perlagg_streit.reader import read_transcript
from perlagg_streit.ruleset_files import load_ruleset

CASES = Path(__file__).resolve().parent.parent / "cases"


def run(text: str, ruleset: str) -> MatchVerdict:
    result = read_transcript(text, "t.perlagg")
    assert result.errors == [], [e.render() for e in result.errors]
    return judge(result.transcript, load_ruleset(ruleset))


def rules(m: MatchVerdict) -> list[str]:
    return [v.rule for v in m.violations]


# ---- 19.5: a team's own Gleich and Hanger of equal size and height at 14:14 (Eichelperlaggen) ----

# Leaves are trumps (L9): the Eichel Perlaggen are HK, Weli, L7, LU, LO, E7, EU, EO. North holds four
# natural Aces (a viertiges Gleich, height Ace); South holds SK SO SU and the Weli, still unbaptised,
# which can be the Ace of bells: A-K-O-U, a viertiger Hanger, height Ace as well. East/West have
# nothing of four cards (E: a pair of Tens; W: H O-U). This was the minimal crash: the two figures of
# N/S tied on (size, kind, height) and the sort went on to compare the figures themselves.
EICHEL_14 = """Ausgabe 1
Geber: W
Vorher: 14:14
Abheben: S
Karten N: EA LA HA SA E9
Karten E: {east}
Karten S: SK SO SU S6 L8
Karten W: {west}
Aufschlag: L9
"""


def test_eichel_14_14_own_gleich_and_hanger_equal_decide_for_their_team() -> None:
    # 000 Eichelperlaggen Scoring and Endgame: at 14:14 a Gleich or Hanger of four cards is needed;
    # 004 Scoring-und Endspiel: only when the longest figures of BOTH teams are equally long does the
    # Spiel decide. Only N/S have four cards, so N/S win 15:14; their figure is named the Gleich,
    # first in the Rangordnung (§ 3; 000 Gleich, Hanger, Spiel).
    m = run(EICHEL_14.format(east="E10 H10 LK S9 H8", west="S8 H9 HO HU L10"), "eichel")
    assert (m.winner, m.score, m.won_in_deal) == ("NS", (15, 14), 1)
    (deal,) = m.deals
    assert deal.match.how == "Gleich of 4"
    gleich = next(o for o in deal.figures if o.figure.value == "Gleich")
    assert (gleich.winner, gleich.how) == ("NS", "endgame")


def test_eichel_14_14_a_rival_four_card_hanger_sends_it_to_the_spiel() -> None:
    # As above, but East holds H10 H9 H8 H7 (natural: hearts are not trumps): a viertiger Hanger.
    # Both teams' longest figures have four cards and they are of both kinds: "wenn die längste
    # Figur ... von jedem team die gleiche Länge haben ... das Spiel entscheidet" (004 Eichel). No
    # card is played, so the Spiel is not decided and nobody wins yet.
    m = run(EICHEL_14.format(east="H10 H9 H8 H7 E10", west="S8 S9 HO HU L10"), "eichel")
    assert m.winner is None
    (deal,) = m.deals
    assert deal.match.how.startswith("equal lengths: the Spiel decides")
    assert rules(m) == []


def test_innsbruck_17_17_own_gleich_and_hanger_the_gleich_wins() -> None:
    # The same hands at 17:17 under innsbruck: three cards suffice, and at equal length a Gleich
    # beats a Hanger (000 The Endgame). N/S win 18:17 with the Gleich.
    text = EICHEL_14.format(east="E10 H10 LK S9 H8", west="S8 H9 HO HU L10").replace("14:14", "17:17")
    m = run(text, "innsbruck")
    assert (m.winner, m.score) == ("NS", (18, 17))
    assert m.deals[0].match.how == "Gleich of 4"


# ---- 18.11: endgame.penalty_lifts_gestrichen, counting down ----------------------------------------

def test_strafperlaggen_a_penalty_lifts_the_player_on_one_only_under_the_other_reading(tmp_path: Path) -> None:
    # Strafperlaggen counts down and penalty points are ADDED (004). A, on 1, answers out of turn
    # (P3-4: +2 and nothing this deal) and then bets the Spiel. As bundled (false) the score the
    # deal began on decides: A is still on 1 and may not bet (END-17). With the option true, the
    # two points count at once: A stands on 3 and may bet.
    text = """Ausgabe 1
Stand vorher: 1:5:6
Geber: C
Abheben: B
Karten A: HA HO H10 E10 E8 L10 S9
Karten B: EA E9 LA L9 L7 H8 S10
Karten C: EK LK LU HU H9 H7 SK
Aufschlag: S8
B biete Gleich, A gut, C gut
A biete Spiel
"""
    m = run(text, "strafperlaggen")
    assert [(v.rule, v.seat) for v in m.violations] == [("P3-4", "A"), ("END-17", "A")]
    lifted = tmp_path / "straf-lifted.yaml"
    lifted.write_text("extends: strafperlaggen\nname: straf-lifted\nendgame:\n  penalty_lifts_gestrichen: true\n"
                      "sources:\n  endgame.penalty_lifts_gestrichen: \"test: the other reading\"\n", "utf-8")
    m = run(text, str(lifted))
    assert [(v.rule, v.seat) for v in m.violations] == [("P3-4", "A")]
