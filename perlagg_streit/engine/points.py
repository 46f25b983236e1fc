"""The arithmetic of a deal's points, in one place (issue 20, item 3).

:func:`deal_points` works out once what a deal's penalties cost each side, which sides lose their
figures by penalty, and (counting down) the Strafpunkte; :mod:`.match` puts them on the running
score with :func:`pay` and :func:`earn`. :func:`after_penalties` is the same reckoning for the
betting of the deal under way (``endgame.penalty_lifts_gestrichen``).

Counting up (000 Scoring): a figure won adds its value; a penalty is deducted at once (§ 21
"sofort"), and where no score goes below zero, what a side does not have it owes and pays from
later points (§ 10). Counting down (004 Strafperlaggen): penalty points and Strafpunkte are
added, a figure won is deducted, and the first to reach zero wins.
"""

from __future__ import annotations

from ..base.records import record
from ..base.rule_index import enforces
from ..language.transcript import Team
from .enums import BookStatus, HowDecided
from .ruleset import Forfeit
from .state import DealState
from .verdict import FigureOutcome


@record
class DealPoints:
    """What a deal's penalties (and, counting down, its Strafpunkte) do to each side, one entry per
    column of the scoresheet (``state.sheet.sides``)."""

    penalties: tuple[int, ...]  # penalty points incurred in the deal
    strafpunkte: tuple[int, ...]  # counting down: the value of figures bet or held and not won (004)
    forfeited: frozenset[Team]  # sides whose penalties cost them every figure of the deal
    loss_of_match: tuple[str, Team] | None  # (rule, winner): a penalty that costs the match (two sides)


def deal_points(state: DealState, outcomes: tuple[FigureOutcome, ...]) -> DealPoints:
    """The deal's penalties, forfeits and Strafpunkte, per side of the scoresheet."""
    sheet = state.sheet
    penalties = [0] * len(sheet.sides)
    loss_of_match: tuple[str, Team] | None = None
    for v in state.violations:
        if v.penalty is not None:
            penalties[sheet.index(v.penalty.team)] += v.penalty.points
            if v.penalty.forfeit is Forfeit.PARTIE and len(sheet.sides) == 2:
                loss_of_match = (v.rule, sheet.others(v.penalty.team)[0])
    straf = [0] * len(sheet.sides)
    if state.ruleset.countdown:
        for side, added in strafpunkte(state, outcomes).items():
            straf[sheet.index(side)] += added
    return DealPoints(tuple(penalties), tuple(straf), frozenset(forfeited_sides(state)), loss_of_match)


def forfeits(state: DealState, team: Team, kind: Forfeit) -> bool:
    """Whether a penalty of the deal costs ``team`` its ``kind`` (penalties.X.forfeit)."""
    return any(v.penalty is not None and v.penalty.team == team and v.penalty.forfeit is kind
               for v in state.violations)


def forfeited_sides(state: DealState) -> set[Team]:
    """The sides whose penalties cost them every figure of the deal."""
    return {t for t in state.table.sides if forfeits(state, t, Forfeit.DEAL) or forfeits(state, t, Forfeit.FIGURES)}


@enforces("STRAF-8", "STRAF-9", "STRAF-10", "STRAF-11", "STRAF-13")
def strafpunkte(state: DealState, outcomes: tuple[FigureOutcome, ...]) -> dict[Team, int]:
    """Strafperlaggen (004): whoever bet, raised or actively held a figure and does not win it adds
    the value he bet or held it at, even if he later let a raise go or rode free on it. A Gleich or
    Hanger that stands costs nobody anything; a Spiel nobody made costs its bettor and holder."""
    added: dict[Team, int] = {}
    for o in outcomes:
        if o.how is HowDecided.STANDS:
            continue
        book = state.betting.books[o.figure]
        if o.how is HowDecided.NONE and book.status is BookStatus.CONCEDED and book.blind_conceded:
            continue  # a blind bet conceded but not scored for want of the figure costs nothing (BLIND-6)
        for seat, level in book.levels.items():
            side = state.table.side_of(seat)
            if side != o.winner:
                added[side] = added.get(side, 0) + level
    return added


@enforces("SCORE-11", keys=("score.allow_negative",))
def pay(score: int, points: int, allow_negative: bool) -> tuple[int, int]:
    """A penalty of ``points`` taken from ``score`` at once (§ 21): the score after it and what is
    still owed. Where no score goes below zero a side pays what it has and owes the rest (§ 10)."""
    if allow_negative:
        return score - points, 0
    taken = min(points, max(score, 0))
    return score - taken, points - taken


def earn(score: int, owed: int, points: int) -> tuple[int, int]:
    """Points won: they first pay what the side owes (§ 10). The score after them and what is
    still owed."""
    paid = min(owed, points)
    return score + points - paid, owed - paid


def after_penalties(state: DealState, team: Team, score: int) -> int:
    """A side's score with the penalties it has incurred so far in this deal already counted:
    deducted at once (§ 21 "sofort ... gestraft" read as the score changing there and then), or,
    counting down (Strafperlaggen), added."""
    owed = sum(v.penalty.points for v in state.violations if v.penalty is not None and v.penalty.team == team)
    if state.ruleset.countdown:
        return score + owed
    return pay(score, owed, state.ruleset.score.allow_negative)[0]
