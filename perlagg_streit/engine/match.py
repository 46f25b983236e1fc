"""The match: deals onto the running score, the dealer's rotation, the close-game order,
*gestrichen*, the both-gestrichen endgame, and the scoresheet checked deal by deal.

Sources: 000 Scoring and The Endgame; 001 The Endgame; 003 § 2, § 10, § 14, § 21, § 25-28, § 33.
"""

from __future__ import annotations

from dataclasses import field, replace

from ..base.cards import Card
from ..base.records import mutable_record
from ..base.rule_index import enforces
from ..language.transcript import (
    Ask,
    AskAnswer,
    Claim,
    Event,
    Figure,
    GradeDeclared,
    PointsOwed,
    PointsRecorded,
    Seat,
    Show,
    Tag,
    Team,
    Transcript,
)
from ..messages import Message, scores_text
from . import asking
from .betting import ORDER
from .enums import HowDecided, Phase, ScoreLine
from .points import DealPoints, deal_points, earn, pay
from .ruleset import TARGET_RANGE, DeclaredGrade, EndgameDeclaration, Ruleset
from .scoring import endgame_decision, scoring_order, settled_in_show
from .state import DealState, Finding, finding
from .table import FOUR, Table, table_for
from .verdict import DealScore, FigureOutcome


@mutable_record
class SheetEntry:
    """A counted deal as the scoresheet has it, for the claims against it (§ 33): its score after it
    and its points as the engine has them, what was written, and whether a wrong score stood."""

    number: int
    right_after: tuple[int, ...]
    right_points: tuple[int, ...]
    written_after: tuple[int, ...] | None = None
    written_points: tuple[int, ...] | None = None
    stood: bool = False  # its wrong written score stood, unclaimed in time (§ 33)


@mutable_record
class DealNotes:
    """What the scorer has written in the deal being replayed, for the claims and the notes of points
    owed (:mod:`.sheet`): whether this deal's points are written yet, and what waits for its end."""

    written: bool = False  # a "Punkte:" or "Stand:" line of this deal has been replayed
    debt_before: tuple[int, ...] = ()  # what each side owed when the deal began (§ 10)
    claims: list[Claim] = field(default_factory=list)  # claims on this deal's own points, judged at its end
    owed_after: list[PointsOwed] = field(default_factory=list)  # notes of points owed after it, judged at its end
    corrected: bool = False  # a claim in time and right put this deal's written score right


@mutable_record
class MatchState:
    """The running state of a match between deals."""

    score: list[int] = field(default_factory=lambda: [0, 0])
    debt: list[int] = field(default_factory=lambda: [0, 0])  # § 10: points to deduct later
    table: Table = FOUR
    deals_played: int = 0
    last_dealer: Seat | None = None
    winner: Team | None = None
    won_in_deal: int | None = None
    won_by: Message | None = None  # how the match was decided
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
    sheet: list[SheetEntry] = field(default_factory=list)  # the counted deals, for claims (§ 33)
    notes: DealNotes = field(default_factory=DealNotes)  # the deal being replayed (engine.sheet)

    @classmethod
    def start(cls, ruleset: Ruleset) -> MatchState:
        """A match before its first deal: every side at the ruleset's starting score."""
        table = table_for(ruleset.players)
        n = len(table.sides)
        return cls(score=[ruleset.score.start] * n, debt=[0] * n, table=table, counted=[0] * n,
                   countdown=ruleset.countdown)

    @property
    @enforces("SETUP-5", "SCORE-4", "STRAF-17")
    def decided(self) -> bool:
        """True once the match is over and no further deal counts. Counting up: a side has won
        (old § 2). Counting down: fewer than two players are left to play on for the places
        (004 Strafperlaggen: "kann das Spiel fortgesetzt werden zwischen die beiden anderen")."""
        if self.winner is None:
            return False
        return not self.countdown or len(self.table.sides) - len(self.places) < 2

    @enforces("SETUP-4", "STRAF-18")
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


@enforces("END-1", "END-14")
def gestrichen(score: list[int] | tuple[int, ...], target: int, table: Table = FOUR,
               countdown: bool = False) -> tuple[Team, ...]:
    """The sides one point short of the target (000 Scoring); counting down, those on 1 (004)."""
    short = 1 if countdown else target - 1
    return tuple(t for t in table.sides if score[table.index(t)] == short)


def finish_deal(match: MatchState, state: DealState, outcomes: tuple[FigureOutcome, ...]) -> DealScore:
    """Put a deal on the running score: its penalties (:func:`.points.deal_points`, reckoned once),
    then its figures in the close-game order, and find a winner."""
    points = deal_points(state, outcomes)
    if state.ruleset.countdown:
        return _finish_countdown(match, state, outcomes, points)
    table = state.sheet
    n = len(table.sides)
    target = state.ruleset.target
    before = tuple(match.score)
    score = list(match.score)
    match.counted = [0] * n
    match.endgame = None
    order: list[str] = []
    decided_by: Message | None = None
    winner: Team | None = None
    if points.loss_of_match is not None:
        rule, winner = points.loss_of_match
        decided_by = Message("how.loss-of-match", rule=rule)
    # Penalties are deducted at once (§ 21 "sofort"), before the figures count.
    for i in range(n):
        score[i], owed = pay(score[i], points.penalties[i], state.ruleset.score.allow_negative)
        match.debt[i] += owed
    both_at_start = n == 2 and len(gestrichen(before, target, table)) == 2
    if winner is None and both_at_start:
        winner, decided_by = _both_gestrichen(state, match, score)
    elif winner is None:
        winner, decided_by = _walk(state, match, score, outcomes, points.forfeited, order)
    after = tuple(score)
    if winner is not None and match.winner is None:
        match.winner, match.won_in_deal, match.won_by = winner, state.number, decided_by
    match.score = score
    match.deals_played += 1
    # The points written for the deal: its figures as far as they counted, less the penalties
    # (the endgame can leave figures unscored: "eine zweifache Figur geht nicht aus", § 25).
    counted = tuple(match.counted[i] - points.penalties[i] for i in range(n))
    return DealScore(before, after, gestrichen(after, target, table), winner, decided_by, tuple(order), counted,
                     _endgame_figures(match, outcomes), tuple(match.debt))


@enforces("STRAF-2")
def _finish_countdown(match: MatchState, state: DealState, outcomes: tuple[FigureOutcome, ...],
                      points: DealPoints) -> DealScore:
    """Strafperlaggen (004): penalty points and Strafpunkte are added, then each figure won is
    deducted in the close-game order (unbet figures Spiel, Gleich, Hanger); the first to reach zero
    wins."""
    table = state.sheet
    n = len(table.sides)
    before = tuple(match.score)
    added = [points.penalties[i] + points.strafpunkte[i] for i in range(n)]
    score = [match.score[i] + added[i] for i in range(n)]
    order: list[str] = []
    winner: Team | None = None
    decided_by: Message | None = None
    for o in scoring_order(state, outcomes):
        if o.winner is None or o.winner in points.forfeited:
            continue
        i = table.index(o.winner)
        score[i] -= o.value
        order.append(f"{o.figure.value} {o.winner} -{o.value}")
        if score[i] <= 0 < before[i] + added[i] and o.winner not in match.places:
            match.places.append(o.winner)
            if winner is None and match.winner is None:
                winner, decided_by = o.winner, Message("how.reached", target=0, figure=o.figure)
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
    return DealScore(score, score, gestrichen(score, state.ruleset.target, state.sheet, countdown), None, None, (),
                     (0,) * len(score), outcomes, tuple(match.debt), counts=False)


def after_the_match(match: MatchState, state: DealState, header: Event) -> None:
    """Report a deal recorded after the match was decided (one report per such deal: each is a deal
    that does not count, and each is located at its own header)."""
    score = scores_text(match.score)
    if match.countdown:
        found = finding("RECORD-AFTER-MATCH.places-decided", score=score)
    elif match.won_by is not None:
        found = finding("RECORD-AFTER-MATCH.decided", deal=match.won_in_deal, how=match.won_by, score=score)
    else:
        found = finding("RECORD-AFTER-MATCH.decided-in", deal=match.won_in_deal, score=score)
    state.violate(found, None, event=header, penalise=False)


@enforces("SCORE-9")
def written_score_usable(state: DealState, match: MatchState, scores: tuple[int, ...], what: ScoreLine,
                         event: Event) -> bool:
    """Check a score written on the sheet (``what``: before, after or points) against what the
    sheet can hold: one number per column (000 Scoring; 004 Drei-Spieler-Spiel), and before a deal
    no side at or past the target (old § 2: the match would be over) and, where a penalty waits
    rather than going below zero (§ 10), no side below 0. A line that fails is reported
    (RECORD-SCORE-WIDTH, RECORD-SCORE-IMPOSSIBLE) and not used; the replay goes on without it,
    except that a record starting below 0 under § 10 is read as § 10 keeps it: 0, and the rest owed."""
    table, r = state.sheet, state.ruleset
    written = scores_text(scores)
    line = Message(f"written.{what}")
    if len(scores) != len(table.sides):
        state.violate(finding("RECORD-SCORE-WIDTH.numbers", written=written, what=line, n=len(scores),
                              columns=len(table.sides), sides=table.sides), None, event=event)
        return False
    if what is not ScoreLine.BEFORE or r.countdown:
        return True
    past = [(side, p) for side, p in zip(table.sides, scores, strict=True) if p >= r.target]
    below = [(side, p) for side, p in zip(table.sides, scores, strict=True) if p < 0 and not r.score.allow_negative]
    if past:
        code = "RECORD-SCORE-IMPOSSIBLE.past-target"
        on = [Message("part.side-on", side=table.label(side), points=p) for side, p in past]
    elif below:
        code = "RECORD-SCORE-IMPOSSIBLE.below-zero"
        on = [Message("part.side-on", side=table.label(side), points=p) for side, p in below]
        if match.deals_played == 0:
            # the start of the record: read the way § 10 keeps it, 0 on the sheet and the rest owed
            match.score = [max(p, 0) for p in scores]
            match.debt = [max(-p, 0) for p in scores]
            starts_at(state, tuple(match.score))
    else:
        return True
    used = scores_text(match.score)
    owed = [Message("part.owing", side=table.label(side), points=n)
            for side, n in zip(table.sides, match.debt, strict=True) if n]
    state.violate(finding(code, written=written, what=line, on=on, target=r.target, ruleset=r.name, used=used,
                          owed=owed), None, event=event)
    return False


def dealt_at_both_gestrichen(state: DealState) -> bool:
    """The deal was dealt with both sides one point short of the target (17:17 at 18)."""
    table, r = state.sheet, state.ruleset
    score = state.score.score_before
    return (len(table.sides) == 2 and not r.countdown and score is not None
            and len(gestrichen(score, r.target, table)) == 2)


def ask_belongs(state: DealState, event: Ask | AskAnswer | GradeDeclared) -> bool:
    """An asking about a figure of three or more cards (§ 25; 004 "tritt dritzig erlaubt?"), its
    answer and a grade declared belong to a deal dealt with both sides gestrichen; anywhere else
    they are reported (RECORD-ASK) and left out of the judgement."""
    if dealt_at_both_gestrichen(state):
        return True
    r, score = state.ruleset, state.score.score_before
    at = scores_text(score) if score is not None else "?"
    if isinstance(event, Ask):
        found = finding("RECORD-ASK.not-17-17", seat=event.seat, size=event.size, at=at, short=r.target - 1)
    else:
        what = "answer" if isinstance(event, AskAnswer) else "grade"
        found = finding(f"RECORD-ASK.{what}-not-17-17", seat=event.seat, at=at, short=r.target - 1)
    state.violate(found, event.seat, event=event, penalise=False)
    return False


def starts_at(state: DealState, score: tuple[int, ...] | None) -> None:
    """The running score this deal starts from (the rules near the target read it); None for a deal
    recorded after the match was decided, whose score is not the match's."""
    state.score.score_before = score


def points_recorded(state: DealState, event: PointsRecorded, match: MatchState) -> None:
    """The points of the deal as the scoresheet writes them, if the line can be used; they are
    checked once the deal is scored."""
    if match.decided or written_score_usable(state, match, tuple(event.scores), ScoreLine.POINTS, event):
        state.score.points_recorded = event


def ask(state: DealState, event: Ask, match: MatchState) -> None:
    """A player asks about a figure of three or more cards at both gestrichen (§ 25; 004 "tritt
    dritzig erlaubt?"): remembered with the trick and the baptisms as they stand then."""
    if not ask_belongs(state, event):
        return
    _check_asking_order(state, event)
    asking.check_ask(state, event)
    state.score.asks.append((event.seat, event.size, state.play.trick_number))
    if state.play.trick_number == 1:
        state.score.ask_baptisms.setdefault(state.table.side_of(event.seat), dict(state.play.baptisms))


def answer(state: DealState, event: AskAnswer, match: MatchState) -> None:
    """The answer to the last asking by another player (004 "nicht erlaubt" / "ja"; § 25 "Erklärt
    die Gegenpartei, dass sie ebenfalls ... besitzt"), checked against the player's hand. Under
    § 25 a party that answers "nicht erlaubt" in the first trick has declared its figure there, as
    if it had asked: its Perlaggen are judged as they stood then (§ 28)."""
    if not ask_belongs(state, event):
        return
    asks = state.score.asks
    index = next((i for i in range(len(asks) - 1, -1, -1) if asks[i][0] != event.seat), None)
    if index is None:
        state.violate(finding("RECORD-ASK.unasked", seat=event.seat), event.seat, event=event, penalise=False)
        return
    asker, size, _ = asks[index]
    asking.check_answer(state, event, asker, size)
    state.score.answers.append((event.seat, index, event.allowed, state.play.trick_number))
    if not event.allowed and state.play.trick_number == 1:
        state.score.ask_baptisms.setdefault(state.table.side_of(event.seat), dict(state.play.baptisms))


def grade(state: DealState, event: GradeDeclared, match: MatchState) -> None:
    """A grade declared without showing the cards (§ 25 "den Höhengrad desselben zu bekennen"),
    checked against the player's hand; ``endgame.declared_grade`` says whether it binds."""
    if not ask_belongs(state, event):
        return
    asking.check_grade(state, event)
    state.score.grades.append(event)


@enforces("END-8", keys=("endgame.declaration",))
def shown_at_asking(state: DealState, event: Show) -> None:
    """§ 25: both parties state the grade "jedoch nicht die Karten auf den Tisch zu weisen, bevor der
    Grad nicht festgestellt ist", for the cards shown would betray the Spiel that decides if the
    figures are equal (§ 28). Cards laid down while the play goes on, both parties claiming a figure
    and the grade not yet established, break it (END-8, no penalty: none is named). 000 and 004
    (``endgame.declaration: none``) name no such duty."""
    if state.ruleset.endgame.declaration is not EndgameDeclaration.FIRST_TRICK or state.phase is not Phase.PLAY \
            or event.seat in state.score.shown_early or not asking.contest_open(state):
        return
    state.score.shown_early.add(event.seat)
    state.violate(finding("END-8.shown-before-grade", seat=event.seat), event.seat, event=event)


def _passes(places: list[int]) -> list[int]:
    """The pass around the table each asking falls in, given each asker's place in the order from
    the dealer's left: a new pass begins with an asking whose place is not after the last one's."""
    out: list[int] = []
    for i, place in enumerate(places):
        out.append(0 if i == 0 else out[-1] + (place <= places[i - 1]))
    return out


@enforces("END-8", "END-9", keys=("endgame.declaration",))
def _check_asking_order(state: DealState, event: Ask) -> None:
    """§ 25: the players ask in turn, clockwise from the dealer's left-hand neighbour. A player who
    asked before someone whose turn came earlier (and who then asks at no more cards) asked out of
    turn. An asking about more cards than any before opens a new round (the figures asked about
    were as long, 004 "nicht erlaubt"): those who then ask about as many cards are judged by the
    turn in which it was asked, so one who had asked in that pass round the table, before the
    player who raised, was not jumped (North asks low, East raises in his turn, North asks as high
    in his next)."""
    asks = state.score.asks
    if asks and event.size > max(size for _, size, _ in asks):
        state.score.round_from = len(asks)
    if state.setup.dealer is None or any(seat == event.seat for seat, _, _ in asks[state.score.round_from:]):
        return  # no dealer to count from, or a player asking again in his round: he has had his turn
    # the dealer's left among those playing: a winner who has left may deal (004 Strafperlaggen)
    order = list(state.table.clockwise_from(state.left_of_dealer()))
    mine = order.index(event.seat)
    places = [order.index(seat) for seat, _, _ in asks]
    passes = _passes(places)

    def had_turn(k: int) -> bool:
        """The player now asking asked before ``k`` in the same pass round the table."""
        return any(passes[j] == passes[k] and asks[j][0] == event.seat for j in range(k))

    jumped = sorted({asks[k][0] for k in range(state.score.round_from, len(asks))
                     if places[k] > mine and not had_turn(k)}, key=order.index)
    for seat in jumped:
        if seat in state.score.asked_out_of_turn:
            continue
        state.score.asked_out_of_turn.add(seat)
        # § 25's procedure where the ruleset follows the § rules, else 004's ("tritt dritzig erlaubt?")
        code = "END-8.asked-out-of-turn" if state.ruleset.endgame.declaration is EndgameDeclaration.FIRST_TRICK \
            else "END-9.asked-out-of-turn"
        state.violate(finding(code, seat=seat, before=event.seat, order=order), seat, event=event)


@enforces("SETUP-5", "EICHEL-3", keys=("target",))
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
        found = finding("RECORD-TARGET.countdown", value=tag.value, ruleset=ruleset.name, start=ruleset.score.start)
    elif value is None or not low <= value <= high:
        found = finding("RECORD-TARGET.not-a-target", value=tag.value, low=low, high=high, target=ruleset.target)
    else:
        if value == ruleset.target:
            return ruleset, None
        source = (f'[Target "{value}"] of the transcript: the target agreed before play (SETUP-5; 003 old/Neue § 2 '
                  f'"vor Beginn des Spieles zu vereinbaren"); {ruleset.name} plays to {ruleset.target} '
                  f"({ruleset.source_of('target')})")
        return replace(ruleset, target=value, sources={**ruleset.sources, "target": source}), None
    return ruleset, (found, tag)


def _endgame_figures(match: MatchState, outcomes: tuple[FigureOutcome, ...]) -> tuple[FigureOutcome, ...]:
    """The figures as they count when the endgame settled some of them (none: unchanged)."""
    if match.endgame is None:
        return outcomes
    deciding, team, settled = match.endgame
    out = []
    for o in outcomes:
        if o.figure is deciding and o.figure is not Figure.SPIEL:
            out.append(FigureOutcome(o.figure, team, 1, HowDecided.ENDGAME, o.best))
        elif o.figure in settled and o.figure is not deciding and o.figure is not Figure.SPIEL:
            out.append(FigureOutcome(o.figure, None, o.value, HowDecided.ENDGAME, o.best))
        else:
            out.append(o)
    return tuple(out)


def _gain(match: MatchState, score: list[int], i: int, points: int) -> None:
    """Points won in the deal: counted for the scoresheet, and on the score once what is owed is paid."""
    match.counted[i] += points
    score[i], match.debt[i] = earn(score[i], match.debt[i], points)


def _walk(state: DealState, match: MatchState, score: list[int], outcomes: tuple[FigureOutcome, ...],
          forfeited: frozenset[Team], order: list[str]) -> tuple[Team | None, Message | None]:
    """Count the figures one by one in the close-game order: the first team to reach the target
    wins the match; every point of the deal is still written on the scoresheet (000 Scoring)."""
    target = state.ruleset.target
    table = state.sheet
    winner: Team | None = None
    how: Message | None = None
    sequence = scoring_order(state, outcomes)
    for n, o in enumerate(sequence):
        if o.winner is None:
            continue
        i = table.index(o.winner)
        if o.how is HowDecided.SPIEL_AUS:
            order.append(f"{o.figure.value} (Spiel aus)")
            if winner is None:
                winner, how = o.winner, Message("how.spiel-aus-held", figure=o.figure)
            continue
        if o.winner in forfeited:
            continue  # its penalties cost the side every figure of the deal
        value = o.value
        _gain(match, score, i, value)
        order.append(f"{o.figure.value} {o.winner} {value}")
        if winner is None and score[i] >= target:
            winner, how = o.winner, Message("how.reached", target=target, figure=o.figure)
        if winner is None and len(table.sides) == 2 and len(gestrichen(score, target, table)) == 2 \
                and n + 1 < len(sequence) \
                and not settled_in_show(state, o):
            return _became_both_gestrichen(state, match, score, sequence[n + 1:], o)
    return winner, how


@enforces("END-7")
def _both_gestrichen(state: DealState, match: MatchState, score: list[int]) -> tuple[Team | None, Message]:
    """A deal that starts with both teams gestrichen (000 The Endgame; § 25, § 28)."""
    min_len = state.ruleset.endgame.min_len
    teams: tuple[Team, ...] = state.table.sides
    if state.ruleset.endgame.declaration is EndgameDeclaration.FIRST_TRICK:
        # § 25: a figure counts only if its party asked about it ("ums Heben fragt") in the first
        # trick, or declared there that it too has one ("ebenfalls ... besitzt", "nicht erlaubt").
        declared = [(seat, size) for seat, size, trick in state.score.asks if trick == 1]
        declared += [(seat, state.score.asks[i][1]) for seat, i, allowed, trick in state.score.answers
                     if trick == 1 and not allowed]
        teams = tuple(t for t in teams if any(state.table.side_of(seat) == t and size >= min_len
                                              for seat, size in declared))
    if teams:
        # § 25/§ 28: a party is bound to the figure it asked about, as it stood at its asking (the
        # Perlaggen are free only once equal figures stand): a Perlagg baptised after the asking
        # does not undo it. Without the § 25 asking (000 The Endgame) the best figure a player "has"
        # wins before any card is played: the hands as dealt, every Perlagg still free.
        asked: dict[Card, Card] = {}
        if state.ruleset.endgame.declaration is EndgameDeclaration.FIRST_TRICK:
            asked = {card: baptism for team, then in state.score.ask_baptisms.items()
                     for seat in state.table.members(team)
                     for card, baptism in then.items() if card in state.setup.five.get(seat, ())}
        team, how, figure = _as_declared(state, teams, asked)
    else:
        team, how, figure = None, Message("how.nobody-asked"), None
    if team is None:
        team, figure = state.play.spiel_winner, Figure.SPIEL
        how = Message("how.spiel-decides" if team else "how.spiel-not-decided", how=how)
    match.endgame = (figure if team is not None else None, team, tuple(ORDER))
    if team is not None:
        return _goes_out(state, match, score, team, how)
    return team, how


@enforces("END-8", keys=("endgame.declared_grade",))
def _as_declared(state: DealState, teams: tuple[Team, ...],
                 asked: dict[Card, Card]) -> tuple[Team | None, Message, Figure | None]:
    """The best figure of the parties in (``endgame_decision``). Under ``endgame.declared_grade:
    binds`` a grade declared binds its player (§ 25 "bevor der Grad nicht festgestellt ist", § 28
    "an die frühere Figur gebunden"); where that changes who goes out, the account says so."""
    figures = (Figure.GLEICH, Figure.HANGER)
    min_len = state.ruleset.endgame.min_len
    bound = asking.bound_grades(state) if state.ruleset.endgame.declared_grade is DeclaredGrade.BINDS else {}
    decided = endgame_decision(state, figures, min_len, teams, asked, bound)
    if bound:
        team, how, figure = decided
        if (team, figure) != endgame_decision(state, figures, min_len, teams, asked)[::2]:
            return team, Message("how.as-declared", how=how), figure
    return decided


def _goes_out(state: DealState, match: MatchState, score: list[int], team: Team,
              how: Message) -> tuple[Team | None, Message]:
    """The endgame's one point to ``team``: it wins the match only if that point reaches the target
    (old § 2 "Jene Partei, die als erste die vereinbarte Punktezahl erreicht"). A side fined at once
    in a deal dealt at 17:17 (§ 21 "sofort") is two points further back: the point is written, and
    nobody has won."""
    i = state.sheet.index(team)
    _gain(match, score, i, 1)
    target = state.ruleset.target
    if score[i] >= target:
        return team, how
    return None, Message("how.point-short", how=how, side=team, score=score[i], target=target)


@enforces("END-11", "END-12", "END-13", keys=("endgame.unbet_min_len",))
def _became_both_gestrichen(state: DealState, match: MatchState, score: list[int], rest: list[FigureOutcome],
                            last: FigureOutcome) -> tuple[Team | None, Message]:
    """Both teams become gestrichen within the deal (000 The Endgame; § 26, § 27)."""
    open_figures = tuple(o.figure for o in rest if o.figure is not Figure.SPIEL
                         and state.betting.books[o.figure].first_bet is None)
    remaining = tuple(o.figure for o in rest)
    if last.figure is Figure.SPIEL or Figure.SPIEL not in remaining:
        # The Spiel is already awarded: only a figure of at least three cards decides, else a redeal.
        team, how, figure = endgame_decision(state, open_figures, state.ruleset.endgame.min_len)
        if team is None:
            match.endgame = (None, None, remaining)
            return None, Message("how.both-during-redeal", how=how)
    else:
        team, how, figure = endgame_decision(state, open_figures, state.ruleset.endgame.unbet_min_len)
        if team is None:
            team, figure = state.play.spiel_winner, Figure.SPIEL
            how = Message("how.spiel-decides", how=how)
    match.endgame = (figure if team is not None else None, team, remaining)
    how = Message("how.both-during", how=how)
    if team is not None:
        return _goes_out(state, match, score, team, how)
    return team, how
