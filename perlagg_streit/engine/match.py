"""The match: deals onto the running score, the dealer's rotation, the close-game order,
*gestrichen*, the both-gestrichen endgame, and the scoresheet checked deal by deal.

Sources: 000 Scoring and The Endgame; 001 The Endgame; 003 § 2, § 10, § 14, § 21, § 25-28, § 33.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..transcript import Figure, Seat, Team
from .betting import ORDER
from .ruleset import Ruleset
from .scoring import FigureOutcome, endgame_decision, scoring_order, settled_in_show
from .state import DealState
from .table import FOUR, Table


@dataclass
class MatchState:
    """The running state of a match between deals."""

    score: list[int] = field(default_factory=lambda: [0, 0])
    debt: list[int] = field(default_factory=lambda: [0, 0])  # § 10: points to deduct later
    table: Table = FOUR
    deals_played: int = 0
    last_dealer: Seat | None = None
    winner: Team | None = None
    won_in_deal: int | None = None
    won_by: str = ""
    scoresheet_parted: bool = False  # the first divergence is reported, not every later one
    # a wrong score written after the last deal, which stands if nobody claims in time (§ 33)
    written_after: tuple[int, ...] | None = None
    counted: list[int] = field(default_factory=lambda: [0, 0])  # figure points counted in the current deal
    # the endgame's decision in the current deal: (deciding figure, its winner, figures it settled)
    endgame: tuple[Figure | None, Team | None, tuple[Figure, ...]] | None = None

    first_dealer: Seat | None = None
    first_dealer_deal: int = 0  # deals played before the first recorded dealer
    # Strafperlaggen: the order in which players reached zero, and who plays on (004: "Nachdem ein
    # Spieler gewonnen hat, kann das Spiel fortgesetzt werden zwischen die beiden anderen Spieler")
    places: list[Team] = field(default_factory=list)
    playing: Table | None = None
    played_on_from: int = 0  # deals played when the others began to play on

    @classmethod
    def start(cls, ruleset: Ruleset) -> MatchState:
        """A match before its first deal: every side at the ruleset's starting score."""
        from .table import table_for
        table = table_for(ruleset.players)
        n = len(table.sides)
        return cls(score=[ruleset.score_start] * n, debt=[0] * n, table=table, counted=[0] * n)

    def expected_dealer(self) -> Seat | None:
        """§ 33: the scoresheet decides ("wenn A das erste Spiel gegeben hat, so gibt B das zweite,
        C das dritte"): counted from the first dealer, whoever dealt in between."""
        if self.first_dealer is None:
            return None
        if self.playing is not None and self.last_dealer is not None:
            # played on between two: they deal alternately; a winner who would have dealt deals
            # the first hand, and after him the deal goes to his left (004 Strafperlaggen)
            if self.deals_played == self.played_on_from:
                return self.table.left_of(self.last_dealer)
            if self.last_dealer in self.playing.seats:
                return self.playing.left_of(self.last_dealer)
            seat = self.table.left_of(self.last_dealer)
            while seat not in self.playing.seats:
                seat = self.table.left_of(seat)
            return seat
        seat = self.first_dealer
        for _ in range(self.deals_played - self.first_dealer_deal):
            seat = self.table.left_of(seat)
        return seat


@dataclass(frozen=True)
class DealScore:
    """A deal's effect on the match: the running score after it and what it decided."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    gestrichen: tuple[Team, ...]  # teams one short of the target after the deal
    winner: Team | None  # the team that won the match in this deal
    how: str  # reached the target / Spiel aus / endgame figure / endgame Spiel / redeal
    order: tuple[str, ...]  # the figures in the order they counted
    counted: tuple[int, ...] = (0, 0)  # the deal's points as they count on the scoresheet
    figures: tuple[FigureOutcome, ...] = ()  # the figures as they count (the endgame may settle some)


def gestrichen(score: list[int] | tuple[int, ...], target: int, table: Table = FOUR,
               countdown: bool = False) -> tuple[Team, ...]:
    """The sides one point short of the target (000 Scoring); counting down, those on 1 (004)."""
    short = 1 if countdown else target - 1
    return tuple(t for t in table.sides if score[table.index(t)] == short)


def finish_deal(match: MatchState, state: DealState, outcomes: tuple[FigureOutcome, ...],
                points: tuple[int, ...]) -> DealScore:
    """Put a deal's points on the running score in the close-game order and find a winner."""
    if state.ruleset.countdown:
        return _finish_countdown(match, state, outcomes)
    table = state.sheet
    n = len(table.sides)
    target = state.ruleset.target
    before = tuple(match.score)
    score = list(match.score)
    match.counted = [0] * n
    match.endgame = None
    order: list[str] = []
    decided_by = ""
    winner: Team | None = None
    # Penalties are deducted at once (§ 21 "sofort"), before the figures count.
    penalties = [0] * n
    for v in state.violations:
        if v.penalty is not None:
            penalties[table.index(v.penalty.team)] += v.penalty.points
            if v.penalty.forfeit == "partie" and n == 2:
                winner, decided_by = table.others(v.penalty.team)[0], f"{v.rule}: loss of the match"
    for i in range(n):
        _deduct(match, score, i, penalties[i], state.ruleset.allow_negative)
    figure_points = [points[i] + penalties[i] for i in range(n)]
    both_at_start = n == 2 and len(gestrichen(before, target, table)) == 2
    if winner is None and both_at_start:
        winner, decided_by = _both_gestrichen(state, match, score)
    elif winner is None:
        winner, decided_by = _walk(state, match, score, outcomes, figure_points, order)
    after = tuple(score)
    if winner is not None and match.winner is None:
        match.winner, match.won_in_deal, match.won_by = winner, state.number, decided_by
    match.score = score
    match.deals_played += 1
    # The points written for the deal: its figures as far as they counted, less the penalties
    # (the endgame can leave figures unscored: "eine zweifache Figur geht nicht aus", § 25).
    counted = tuple(match.counted[i] - penalties[i] for i in range(n))
    return DealScore(before, after, gestrichen(after, target, table), winner, decided_by, tuple(order), counted,
                     _endgame_figures(match, outcomes))


def _finish_countdown(match: MatchState, state: DealState, outcomes: tuple[FigureOutcome, ...]) -> DealScore:
    """Strafperlaggen (004): penalty points are added, then each figure won is deducted in the
    close-game order (unbet figures Spiel, Gleich, Hanger); the first to reach zero wins."""
    from .scoring import forfeited_sides, strafpunkte
    table = state.sheet
    n = len(table.sides)
    before = tuple(match.score)
    score = list(match.score)
    added = [0] * n
    for v in state.violations:
        if v.penalty is not None:
            added[table.index(v.penalty.team)] += v.penalty.points
    for side, points in strafpunkte(state, outcomes).items():
        added[table.index(side)] += points
    for i in range(n):
        score[i] += added[i]
    order: list[str] = []
    winner: Team | None = None
    decided_by = ""
    forfeited = forfeited_sides(state)
    for o in scoring_order(state, outcomes):
        if o.winner is None or o.winner in forfeited:
            continue
        i = table.index(o.winner)
        score[i] -= o.value
        order.append(f"{o.figure.value} {o.winner} -{o.value}")
        if score[i] <= 0 < before[i] + added[i] and o.winner not in match.places:
            match.places.append(o.winner)
            if winner is None and match.winner is None:
                winner, decided_by = o.winner, f"reached 0 with the {o.figure.value}"
    if winner is not None and match.winner is None:
        match.winner, match.won_in_deal, match.won_by = winner, state.number, decided_by
    if match.places and len(table.sides) - len(match.places) >= 2:
        # the others play on for second and third place, under the same rules (004)
        if match.playing is None:
            match.played_on_from = match.deals_played + 1
        match.playing = Table(tuple(s for s in table.seats if table.side_of(s) not in match.places),
                              tuple(s for s in table.sides if s not in match.places))
    match.score = score
    match.deals_played += 1
    counted = tuple(score[i] - before[i] for i in range(n))
    return DealScore(before, tuple(score), gestrichen(score, 0, table, countdown=True), winner, decided_by,
                     tuple(order), counted, outcomes)


def _endgame_figures(match: MatchState, outcomes: tuple[FigureOutcome, ...]) -> tuple[FigureOutcome, ...]:
    """The figures as they count when the endgame settled some of them (none: unchanged)."""
    if match.endgame is None:
        return outcomes
    deciding, team, settled = match.endgame
    out = []
    for o in outcomes:
        if o.figure is deciding and o.figure is not Figure.SPIEL:
            out.append(FigureOutcome(o.figure, team, 1, "endgame", o.best))
        elif o.figure in settled and o.figure is not deciding and o.figure is not Figure.SPIEL:
            out.append(FigureOutcome(o.figure, None, o.value, "endgame", o.best))
        else:
            out.append(o)
    return tuple(out)


def _deduct(match: MatchState, score: list[int], i: int, points: int, allow_negative: bool) -> None:
    if allow_negative:
        score[i] -= points
        return
    take = min(points, max(score[i], 0))
    score[i] -= take
    match.debt[i] += points - take


def _gain(match: MatchState, score: list[int], i: int, points: int) -> None:
    match.counted[i] += points
    paid = min(match.debt[i], points)
    match.debt[i] -= paid
    score[i] += points - paid


def _walk(state: DealState, match: MatchState, score: list[int], outcomes: tuple[FigureOutcome, ...],
          figure_points: list[int], order: list[str]) -> tuple[Team | None, str]:
    """Count the figures one by one in the close-game order: the first team to reach the target
    wins the match; every point of the deal is still written on the scoresheet (000 Scoring)."""
    target = state.ruleset.target
    table = state.sheet
    counted = [0] * len(table.sides)
    winner: Team | None = None
    how = ""
    sequence = scoring_order(state, outcomes)
    for n, o in enumerate(sequence):
        if o.winner is None:
            continue
        i = table.index(o.winner)
        if o.how == "spiel_aus":
            order.append(f"{o.figure.value} (Spiel aus)")
            if winner is None:
                winner, how = o.winner, f"Spiel aus held on the {o.figure.value}"
            continue
        value = min(o.value, figure_points[i] - counted[i])
        if value <= 0:
            continue
        counted[i] += value
        _gain(match, score, i, value)
        order.append(f"{o.figure.value} {o.winner} {value}")
        if winner is None and score[i] >= target:
            winner, how = o.winner, f"reached {target} with the {o.figure.value}"
        if winner is None and len(table.sides) == 2 and len(gestrichen(score, target, table)) == 2 \
                and n + 1 < len(sequence) \
                and not settled_in_show(state, o):
            return _became_both_gestrichen(state, match, score, sequence[n + 1:], o)
    return winner, how


def _both_gestrichen(state: DealState, match: MatchState, score: list[int]) -> tuple[Team | None, str]:
    """A deal that starts with both teams gestrichen (000 The Endgame; § 25, § 28)."""
    min_len = state.ruleset.endgame_min_len
    teams: tuple[Team, ...] = state.table.sides
    if state.ruleset.endgame_declaration == "first_trick":
        # § 25: a figure counts only if its party asked about it ("ums Heben fragt") in the first trick.
        teams = tuple(t for t in teams if any(state.table.side_of(seat) == t and size >= min_len
                                              for seat, size, trick in state.asks if trick == 1))
    if teams:
        # § 28: once equal figures stand, "die Perlaggen zur freien Verfügung": a Perlagg baptised
        # after the first trick does not undo the figure its party asked about
        asked = None
        if state.ruleset.endgame_declaration == "first_trick":
            asked = state.baptisms if state.first_trick_baptisms is None else state.first_trick_baptisms
        team, how, figure = endgame_decision(state, (Figure.GLEICH, Figure.HANGER), min_len, teams, asked)
    else:
        team, how, figure = None, "nobody asked about a figure during the first trick", None
    if team is None:
        team, figure = state.spiel_winner, Figure.SPIEL
        how = f"{how}; the Spiel decides" if team else f"{how}; the Spiel is not decided"
    match.endgame = (figure if team is not None else None, team, tuple(ORDER))
    if team is not None:
        _gain(match, score, state.sheet.index(team), 1)
    return team, how


def _became_both_gestrichen(state: DealState, match: MatchState, score: list[int], rest: list[FigureOutcome],
                            last: FigureOutcome) -> tuple[Team | None, str]:
    """Both teams become gestrichen within the deal (000 The Endgame; § 26, § 27)."""
    open_figures = tuple(o.figure for o in rest if o.figure is not Figure.SPIEL
                         and state.books[o.figure].first_bet is None)
    remaining = tuple(o.figure for o in rest)
    if last.figure is Figure.SPIEL or Figure.SPIEL not in remaining:
        # The Spiel is already awarded: only a figure of at least three cards decides, else a redeal.
        team, how, figure = endgame_decision(state, open_figures, state.ruleset.endgame_min_len)
        if team is None:
            match.endgame = (None, None, remaining)
            return None, f"both gestrichen during the deal: {how}; no score, deal again"
    else:
        team, how, figure = endgame_decision(state, open_figures, state.ruleset.endgame_unbet_min_len)
        if team is None:
            team, figure = state.spiel_winner, Figure.SPIEL
            how = f"{how}; the Spiel decides"
    match.endgame = (figure if team is not None else None, team, remaining)
    if team is not None:
        _gain(match, score, state.sheet.index(team), 1)
    return team, f"both gestrichen during the deal: {how}"
