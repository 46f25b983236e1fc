"""The match: deals onto the running score, the dealer's rotation, the close-game order,
*gestrichen*, the both-gestrichen endgame, and the scoresheet checked deal by deal.

Sources: 000 Scoring and The Endgame; 001 The Endgame; 003 § 2, § 10, § 14, § 21, § 25-28, § 33.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..cards import Card
from ..transcript import Ask, Event, Figure, Seat, Tag, Team, Transcript
from .betting import ORDER
from .ruleset import TARGET_RANGE, Ruleset
from .scoring import FigureOutcome, endgame_decision, scoring_order, settled_in_show
from .state import DealState, Finding
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
    countdown: bool = False
    # findings about the whole record (the [Target] tag), reported in the first deal at their place
    notices: list[tuple[Finding, Event]] = field(default_factory=list)

    @classmethod
    def start(cls, ruleset: Ruleset) -> MatchState:
        """A match before its first deal: every side at the ruleset's starting score."""
        from .table import table_for
        table = table_for(ruleset.players)
        n = len(table.sides)
        return cls(score=[ruleset.score_start] * n, debt=[0] * n, table=table, counted=[0] * n,
                   countdown=ruleset.countdown)

    @property
    def decided(self) -> bool:
        """True once the match is over and no further deal counts. Counting up: a side has won
        (old § 2). Counting down: fewer than two players are left to play on for the places
        (004 Strafperlaggen: "kann das Spiel fortgesetzt werden zwischen die beiden anderen")."""
        if self.winner is None:
            return False
        return not self.countdown or len(self.table.sides) - len(self.places) < 2

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
    owed: tuple[int, ...] = ()  # per side, penalty points owed after the deal (§ 10: taken from later points)
    counts: bool = True  # False for a deal recorded after the match was decided: it is not counted


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
                     _endgame_figures(match, outcomes), tuple(match.debt))


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
                     tuple(order), counted, outcomes, tuple(match.debt))


def uncounted_deal(match: MatchState, state: DealState, outcomes: tuple[FigureOutcome, ...]) -> DealScore:
    """A deal recorded after the match was decided: judged, but nothing of it goes on the score
    (old § 2: the match ended when a side reached the target; RECORD-AFTER-MATCH)."""
    score = tuple(match.score)
    countdown = state.ruleset.countdown
    return DealScore(score, score, gestrichen(score, state.ruleset.target, state.sheet, countdown), None, "", (),
                     (0,) * len(score), outcomes, tuple(match.debt), counts=False)


def after_the_match(match: MatchState, state: DealState, header: Event) -> None:
    """Report a deal recorded after the match was decided (one report per such deal: each is a deal
    that does not count, and each is located at its own header)."""
    how = f" ({match.won_by})" if match.won_by else ""
    score = ":".join(map(str, match.score))
    if match.countdown:
        en, de = ("every place is decided: only one player is left to play on (004 Strafperlaggen)",
                  "alle Plätze sind entschieden: es ist nur mehr ein Spieler übrig (004 Strafperlaggen)")
    else:
        en = f"the match was decided in deal {match.won_in_deal}{how}"
        de = f"die Partie war in Ausgabe {match.won_in_deal} entschieden"
    state.violate(("RECORD-AFTER-MATCH",
                   f"{en}; this deal is not counted: its points and penalties stay off the score ({score})",
                   f"{de}; diese Ausgabe zählt nicht: ihre Punkte und Strafen kommen nicht auf den Stand ({score})"),
                  None, event=header, penalise=False)


_WRITTEN = {"before": ("the score before the deal", "der Stand vor der Ausgabe"),
            "after": ("the score after the deal", "der Stand nach der Ausgabe"),
            "points": ("the points of the deal", "die Punkte der Ausgabe")}


def _columns(table: Table, lang: str) -> str:
    """The scoresheet's columns as the referee names them (O/W for E/W in German)."""
    labels = [table.label(s) for s in table.sides]
    if lang == "de" and table.players == 4:
        labels = [label.replace("E", "O") for label in labels]
    return ":".join(labels)


def written_score_usable(state: DealState, match: MatchState, scores: tuple[int, ...], what: str,
                         event: Event) -> bool:
    """Check a score written on the sheet (``what``: before, after or points) against what the
    sheet can hold: one number per column (000 Scoring; 004 Drei-Spieler-Spiel), and before a deal
    no side at or past the target (old § 2: the match would be over) and, where a penalty waits
    rather than going below zero (§ 10), no side below 0. A line that fails is reported
    (RECORD-SCORE-WIDTH, RECORD-SCORE-IMPOSSIBLE) and not used; the replay goes on without it,
    except that a record starting below 0 under § 10 is read as § 10 keeps it: 0, and the rest owed."""
    table, r = state.sheet, state.ruleset
    written = ":".join(map(str, scores))
    what_en, what_de = _WRITTEN[what]
    if len(scores) != len(table.sides):
        state.violate(("RECORD-SCORE-WIDTH",
                       f"{written} is written for {what_en}: {len(scores)} numbers, but the scoresheet has "
                       f"{len(table.sides)} columns ({_columns(table, 'en')}); the line is not used",
                       f"für {what_de} steht {written}: {len(scores)} Zahlen, das Blatt hat aber "
                       f"{len(table.sides)} Spalten ({_columns(table, 'de')}); die Zeile wird nicht verwendet"),
                      None, event=event)
        return False
    if what != "before" or r.countdown:
        return True
    past = [(side, p) for side, p in zip(table.sides, scores, strict=True) if p >= r.target]
    below = [(side, p) for side, p in zip(table.sides, scores, strict=True) if p < 0 and not r.allow_negative]
    if past:
        en = ", ".join(f"{table.label(side)} on {p}" for side, p in past)
        de = ", ".join(f"{table.label(side)} auf {p}" for side, p in past)
        en += f", at or past the target {r.target}: the match would already be over (old § 2)"
        de += f", am oder über dem Ziel {r.target}: die Partie wäre schon aus (alter § 2)"
    elif below:
        en = ", ".join(f"{table.label(side)} on {p}" for side, p in below)
        de = ", ".join(f"{table.label(side)} auf {p}" for side, p in below)
        en += f": under {r.name} no score goes below 0, penalty points a side does not have are owed (§ 10)"
        de += f": nach {r.name} geht kein Stand unter 0, Strafpunkte, die eine Partei nicht hat, schuldet sie (§ 10)"
        if match.deals_played == 0:
            # the start of the record: read the way § 10 keeps it, 0 on the sheet and the rest owed
            match.score = [max(p, 0) for p in scores]
            match.debt = [max(-p, 0) for p in scores]
            state.score_before = tuple(match.score)
    else:
        return True
    used = ":".join(map(str, match.score))
    owed_en = "".join(f", {table.label(side)} owing {n}" for side, n in zip(table.sides, match.debt, strict=True) if n)
    owed_de = "".join(f", {table.label(side)} schuldet {n}" for side, n in zip(table.sides, match.debt, strict=True)
                      if n)
    state.violate(("RECORD-SCORE-IMPOSSIBLE", f"{written} is written for {what_en}: {en}; judged from {used}{owed_en}",
                   f"für {what_de} steht {written}: {de}; gerechnet wird mit {used}{owed_de}"), None, event=event)
    return False


def ask_belongs(state: DealState, event: Ask) -> bool:
    """An asking about a figure of three or more cards (§ 25; 004 "tritt dritzig erlaubt?") belongs
    to a deal dealt with both sides gestrichen; anywhere else it is reported (RECORD-ASK) and left
    out of the judgement."""
    table, r = state.sheet, state.ruleset
    score = state.score_before
    if (len(table.sides) == 2 and not r.countdown and score is not None
            and len(gestrichen(score, r.target, table)) == 2):
        return True
    at = ":".join(map(str, score)) if score is not None else "?"
    state.violate(("RECORD-ASK",
                   f"{event.seat} asks about a figure of {event.size} cards at {at}; that asking belongs to a deal "
                   f"dealt with both sides gestrichen ({r.target - 1}:{r.target - 1}), and is left out",
                   f"{event.seat} fragt um eine Figur von {event.size} Karten bei {at}; gefragt wird nur, wenn beide "
                   f"Parteien gestrichen sind ({r.target - 1}:{r.target - 1}); die Frage bleibt unberücksichtigt"),
                  event.seat, event=event, penalise=False)
    return False


def agreed_target(transcript: Transcript, ruleset: Ruleset) -> tuple[Ruleset, tuple[Finding, Event] | None]:
    """The target the table agreed, from the transcript's ``[Target "N"]`` tag.

    The target "ist vor Beginn des Spieles zu vereinbaren" (old/Neue § 2; SETUP-5); a ruleset's
    target is what is played "in der Regel" when nothing else was agreed. So a usable tag wins over
    the ruleset's target (the verdict names both). A tag that cannot be a target (not a whole
    number, outside the 11 to 24 points the sources know, 000 Variations; or any target but 0 in
    Strafperlaggen, played from 9 down to 0, 004) is reported as RECORD-TARGET at the tag, and the
    match is judged at the ruleset's target.
    """
    tags = [e for line in transcript.header for e in line.events if isinstance(e, Tag) and e.name == "Target"]
    if not tags:
        return ruleset, None
    tag = tags[-1]  # as for every tag, the last one counts
    text = tag.value.strip()
    low, high = TARGET_RANGE
    # Leading zeros aside, a target has two digits; Python refuses to read a number of more than
    # 4,300 digits at all, so a longer one is no target without being read.
    digits = text.lstrip("0") or "0" if text.isascii() and text.isdigit() else ""
    value = int(digits) if digits and len(digits) <= 6 else None
    if ruleset.countdown:
        if value == 0:
            return ruleset, None
        finding = (f'[Target "{tag.value}"] cannot apply: {ruleset.name} counts down from {ruleset.score_start} '
                   f"to 0, and the first to reach 0 wins (004 Strafperlaggen); judged that way",
                   f'[Target "{tag.value}"] ist hier nicht anwendbar: bei {ruleset.name} zählt jeder von '
                   f"{ruleset.score_start} auf 0 herunter, wer zuerst 0 erreicht, gewinnt (004 Strafperlaggen); so "
                   f"wird gerechnet")
    elif value is None or not low <= value <= high:
        finding = (f'[Target "{tag.value}"] is not a target: expected a whole number of points from {low} to {high} '
                   f"(000 Variations); judged at the ruleset's {ruleset.target}",
                   f'[Target "{tag.value}"] ist keine Punktezahl: erwartet eine ganze Zahl von {low} bis {high} '
                   f"(000 Variations); gerechnet wird mit {ruleset.target} des Regelwerks")
    else:
        if value == ruleset.target:
            return ruleset, None
        source = (f'[Target "{value}"] of the transcript: the target agreed before play (SETUP-5; 003 old/Neue § 2 '
                  f'"vor Beginn des Spieles zu vereinbaren"); {ruleset.name} plays to {ruleset.target} '
                  f"({ruleset.source_of('target')})")
        return replace(ruleset, target=value, sources={**ruleset.sources, "target": source}), None
    return ruleset, (("RECORD-TARGET", finding[0], finding[1]), tag)


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
        # § 25/§ 28: a party is bound to the figure it asked about, as it stood at its asking (the
        # Perlaggen are free only once equal figures stand): a Perlagg baptised after the asking
        # does not undo it. Without the § 25 asking (000 The Endgame) the best figure a player "has"
        # wins before any card is played: the hands as dealt, every Perlagg still free.
        asked: dict[Card, Card] = {}
        if state.ruleset.endgame_declaration == "first_trick":
            asked = {card: baptism for team, then in state.ask_baptisms.items() for seat in state.table.members(team)
                     for card, baptism in then.items() if card in state.five.get(seat, ())}
        team, how, figure = endgame_decision(state, (Figure.GLEICH, Figure.HANGER), min_len, teams, asked)
    else:
        team, how, figure = None, "nobody asked about a figure during the first trick", None
    if team is None:
        team, figure = state.spiel_winner, Figure.SPIEL
        how = f"{how}; the Spiel decides" if team else f"{how}; the Spiel is not decided"
    match.endgame = (figure if team is not None else None, team, tuple(ORDER))
    if team is not None:
        return _goes_out(state, match, score, team, how)
    return team, how


def _goes_out(state: DealState, match: MatchState, score: list[int], team: Team, how: str) -> tuple[Team | None, str]:
    """The endgame's one point to ``team``: it wins the match only if that point reaches the target
    (old § 2 "Jene Partei, die als erste die vereinbarte Punktezahl erreicht"). A side fined at once
    in a deal dealt at 17:17 (§ 21 "sofort") is two points further back: the point is written, and
    nobody has won."""
    i = state.sheet.index(team)
    _gain(match, score, i, 1)
    target = state.ruleset.target
    if score[i] >= target:
        return team, how
    return None, f"{how}; {team} scores the point but, on {score[i]}, has not reached {target}"


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
    how = f"both gestrichen during the deal: {how}"
    if team is not None:
        return _goes_out(state, match, score, team, how)
    return team, how
