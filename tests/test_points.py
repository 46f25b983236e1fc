"""A deal's points are reckoned in one place, once (issue 20, item 3): engine/points.py. Expected
values are worked out by hand from the rules cited."""

from __future__ import annotations

import ast

from helpers import REPO as ROOT

from perlagg_streit.engine import LiveDeal
from perlagg_streit.engine.points import after_penalties, deal_points, earn, pay
from perlagg_streit.engine.scoring import decide_figures
from perlagg_streit.language.reader import read_file
from perlagg_streit.rulesets import load_ruleset

ENGINE = ROOT / "perlagg_streit" / "engine"


def test_a_penalty_a_side_cannot_pay_is_owed() -> None:
    # old § 10: "Sollte diese Partei noch keine zwei Punkte haben, so werden diese im Laufe des Spieles
    # abgezogen": on 1 point, 2 penalty points leave 0 and 1 owed; on 5, they leave 3 and nothing owed
    assert pay(1, 2, allow_negative=False) == (0, 1)
    assert pay(0, 2, allow_negative=False) == (0, 2)
    assert pay(5, 2, allow_negative=False) == (3, 0)
    # 000 Scoring sets no floor ("deducted from their score", D-57): 1 - 2 = -1, nothing owed
    assert pay(1, 2, allow_negative=True) == (-1, 0)


def test_points_won_first_pay_what_is_owed() -> None:
    # § 10 "im Laufe des Spieles abgezogen": owing 1, a side that wins 3 points goes from 0 to 2
    assert earn(0, 1, 3) == (2, 0)
    # owing 2, one point won pays half the debt and the score stays
    assert earn(0, 2, 1) == (0, 1)
    assert earn(4, 0, 2) == (6, 0)


def _live_deal(case: str, ruleset: str) -> LiveDeal:
    """The first deal of a case replayed to its end (not scored)."""
    path = ROOT / "cases" / case
    transcript = read_file(str(path)).transcript
    live = LiveDeal(1, load_ruleset(ruleset, path))
    for event in transcript.deals[0].events:
        live.apply(event)
    return live


def test_the_deal_points_of_a_failed_validation() -> None:
    # cases/endgame/penalty-below-zero: North bets the Gleich and cannot show one (VALID-1); under
    # innsbruck (000 Scoring) N/S lose 2 points and "cannot score any points in that deal"
    live = _live_deal("endgame/penalty-below-zero.perlagg", "innsbruck")
    points = deal_points(live.state, decide_figures(live.state))
    assert points.penalties == (2, 0)  # (N/S, E/W)
    assert points.forfeited == {"NS"}
    assert points.strafpunkte == (0, 0)  # counting up: no Strafpunkte
    assert points.loss_of_match is None


def test_the_deal_points_of_a_loss_of_the_match() -> None:
    # cases/endgame/p34-card-stealing-1890: old § 34 "Kartenstehlen wird sofort mit Partieverlust
    # geahndet": West is caught, N/S win the match by PEN-12, and the penalty costs no points
    live = _live_deal("endgame/p34-card-stealing-1890.perlagg", "innsbruck-1890")
    points = deal_points(live.state, decide_figures(live.state))
    assert points.loss_of_match == ("PEN-12", "NS")
    assert points.penalties == (0, 0)


def test_betting_reckons_penalties_as_the_match_does() -> None:
    # North's VALID-1 (2 points) is found when the figures are decided. On 1 point, N/S are then on
    # -1 under innsbruck (000: no floor, D-57) and on 0 under innsbruck-1890 (old § 10: the rest is
    # owed); E/W, unpenalised, stay on 1
    for case, ruleset, ns in (("penalty-below-zero", "innsbruck", -1),
                              ("penalty-below-zero-1890", "innsbruck-1890", 0)):
        live = _live_deal(f"endgame/{case}.perlagg", ruleset)
        assert after_penalties(live.state, "NS", 1) == 1  # nothing incurred yet
        decide_figures(live.state)
        assert after_penalties(live.state, "NS", 1) == ns, ruleset
        assert after_penalties(live.state, "EW", 1) == 1


def test_only_points_py_adds_up_penalty_points() -> None:
    """The rule hunt for what a penalty costs ends in one file."""
    readers = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in ("points", "forfeit") \
                    and isinstance(node.value, ast.Attribute) and node.value.attr == "penalty":
                readers.add(path.name)
    assert readers == {"points.py"}
