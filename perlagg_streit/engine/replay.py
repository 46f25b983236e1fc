"""Drive a transcript through the phase modules, event by event.

``replay`` is a generator of (state, event) pairs whose return value is the
verdict (as pokerkit replays a hand); the state it yields is a read-only view
(:class:`.view.DealView`) of the live state, which changes with the next step.
``judge`` runs the replay to the end on the live state, with no views.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

from ..base.rule_index import enforces
from ..language.transcript import (
    Ask,
    AskAnswer,
    AskFigure,
    Bet,
    BlindBet,
    Call,
    CardStealing,
    Claim,
    CutTaken,
    Deal,
    DealerIs,
    Dispute,
    Event,
    Exchange,
    GiveUp,
    Good,
    GradeDeclared,
    HandDealt,
    Hold,
    LuckUndBoden,
    Play,
    PointsOwed,
    PointsRecorded,
    Raise,
    Redeal,
    ScoreBefore,
    ScoreRecorded,
    Show,
    ShowBegins,
    StageBegins,
    Stands,
    TakeBack,
    ThrowIn,
    Transcript,
    TurnUp,
    Undone,
    ValidationBegins,
)
from ..messages import scores_text
from . import betting, corrections, evidence, refusals, scoring, sheet, tricks
from . import deal as deal_phase
from . import match as match_phase
from . import show as show_phase
from .enums import Phase, ScoreLine
from .ruleset import ClaimsDeadline, Ruleset
from .ruling import RulingBook
from .state import DealState, Findings, FindingsBudget, ScoreState, finding
from .verdict import DealVerdict, MatchVerdict, Ruling
from .view import DealView

T = TypeVar("T")

_SETUP = (DealerIs, CutTaken, HandDealt, TurnUp, Exchange, LuckUndBoden)
_DEALING, _SHOW = Phase.SETUP, Phase.SHOW  # looked up once: the phase is asked at every event


def _apply(state: DealState, event: Event, match: match_phase.MatchState) -> None:
    state.pos = event.pos
    if not _at_this_table(state, event):
        return
    phase = state.phase
    if phase is _SHOW:
        show_phase.track_settle_the_other(state, event)
    if phase is _DEALING and not isinstance(event, _SETUP) and _starts_play(event):
        deal_phase.finish_setup(state, event)
        state.phase = Phase.PLAY
    kind = type(event)
    step = _STEPS.get(kind)
    if step is not None:
        step(state, event)
        if phase is _SHOW:
            show_phase.track_asks(state, event)  # after the act: an answer out of turn is judged as one
        elif state.score.asks and isinstance(event, Show):
            match_phase.shown_at_asking(state, event)  # § 25: cards shown before the grade is established
        return
    match_step = _MATCH_STEPS.get(kind)
    if match_step is not None:
        match_step(state, event, match)


@enforces("SETUP-4", "PEN-14")
def _dealer_is(state: DealState, event: DealerIs, match: match_phase.MatchState) -> None:
    expected = match.expected_dealer()
    if match.decided:
        pass  # a deal after the match is not on its scoresheet: the dealer's turn is not the match's
    elif match.first_dealer is None:
        match.first_dealer, match.first_dealer_deal = event.seat, match.deals_played
    elif expected is not None and event.seat != expected:
        state.violate(finding("SETUP-4.wrong-dealer", seat=event.seat, deal=state.number, expected=expected,
                              first=match.first_dealer), event.seat, event=event)
    deal_phase.dealer_is(state, event)
    tricks.dealer_known(state)


def _score_before(state: DealState, event: ScoreBefore, match: match_phase.MatchState) -> None:
    if match.decided:
        return  # a deal after the match: its scores are not the match's
    if not match_phase.written_score_usable(state, match, tuple(event.scores), ScoreLine.BEFORE, event):
        match.scoresheet_parted = match.scoresheet_parted or match.deals_played == 0
        return
    if match.deals_played == 0:
        match.score = list(event.scores)  # a file may begin in the middle of a match
        match_phase.starts_at(state, tuple(match.score))
    elif tuple(event.scores) != tuple(match.score):
        _scoresheet_parts(state, match, event, "RECORD-SCORE.before-deal", tuple(event.scores))


@enforces("SHOW-1")
def _show_begins(state: DealState, event: ShowBegins, match: match_phase.MatchState) -> None:
    state.phase = Phase.SHOW


def _validation_begins(state: DealState, event: ValidationBegins, match: match_phase.MatchState) -> None:
    show_phase.validation_begins(state)
    state.phase = Phase.VALIDATION


def _undone(state: DealState, event: Undone, match: match_phase.MatchState) -> None:
    """An act refused or withdrawn: :mod:`.refusals` rules on it, and carries out one that stands."""
    refusals.undone(state, event, lambda act: _apply(state, act, match))


def _points_recorded(state: DealState, event: PointsRecorded, match: match_phase.MatchState) -> None:
    sheet.points_written(match)
    match_phase.points_recorded(state, event, match)


def _score_recorded(state: DealState, event: ScoreRecorded, match: match_phase.MatchState) -> None:
    sheet.points_written(match)  # checked at the deal's end (_finish_deal)


@enforces("PEN-12")
def _card_stealing(state: DealState, event: CardStealing, match: match_phase.MatchState) -> None:
    state.violate(finding("PEN-12.caught", seat=event.seat), event.seat, event=event)


# One step per kind of event (dicts rather than a chain of isinstance: this runs for every event).
_STEPS: dict[type[Event], Callable[[DealState, Any], None]] = {
    CutTaken: deal_phase.cut,
    HandDealt: deal_phase.hand_dealt,
    TurnUp: deal_phase.turn_up,
    Exchange: deal_phase.exchange,
    LuckUndBoden: deal_phase.luck_und_boden,
    Play: corrections.play,
    TakeBack: corrections.take_back,
    GiveUp: corrections.give_up,
    AskFigure: show_phase.ask_figure,
    Bet: betting.bet,
    Call: betting.call,
    BlindBet: betting.blind_bet,
    ThrowIn: betting.throw_in,
    Good: betting.good,
    Hold: betting.hold,
    Raise: betting.raise_,
    StageBegins: show_phase.stage_begins,
    Show: show_phase.show,
    Stands: show_phase.stands,
}
# ... and the steps that also need the match (the dealer's turn, the score before the deal).
_MATCH_STEPS: dict[type[Event], Callable[[DealState, Any, match_phase.MatchState], None]] = {
    DealerIs: _dealer_is,
    ScoreBefore: _score_before,
    ShowBegins: _show_begins,
    ValidationBegins: _validation_begins,
    PointsRecorded: _points_recorded,
    ScoreRecorded: _score_recorded,
    Ask: match_phase.ask,
    AskAnswer: match_phase.answer,
    GradeDeclared: match_phase.grade,
    CardStealing: _card_stealing,
    Undone: _undone,
    Claim: sheet.claim,
    PointsOwed: sheet.owed,
}


def _at_this_table(state: DealState, event: Event) -> bool:
    """A seat or side that does not sit at this ruleset's table: reported, and the event skipped."""
    table = state.table
    if type(event) is Undone:  # an act refused or withdrawn: its seat must sit here, as the act's would
        return _at_this_table(state, event.act)
    # events are plain dataclasses; a lookup in their fields costs no AttributeError when absent
    fields = event.__dict__
    seat = fields.get("seat") or fields.get("cutter")
    if isinstance(seat, str) and seat not in table.seats:
        if isinstance(event, DealerIs) and seat in state.sheet.seats:
            return True  # a winner who has left may still deal the first hand played on (004 Strafperlaggen)
        state.violate(finding("RECORD-SEAT.no-seat", seat=seat, players=table.players, seats=table.seats),
                      None, event=event)
        return False
    if isinstance(event, StageBegins) and event.team not in table.sides:
        sides = [table.label(s) for s in table.sides]
        state.violate(finding("RECORD-SEAT.no-side", side=event.team, players=table.players, sides=sides),
                      None, event=event)
        return False
    return True


def _scoresheet_parts(state: DealState, match: match_phase.MatchState, event: Event, code: str,
                      written: tuple[int, ...]) -> None:
    """The first place where the written match score and the engine's part (``code``: the finding,
    a score written before or after the deal)."""
    if match.scoresheet_parted:
        return
    match.scoresheet_parted = True
    state.violate(finding(code, written=scores_text(written), score=scores_text(match.score),
                          sides=state.sheet.sides), None, event=event)


def _starts_play(event: Event) -> bool:
    """True for events that belong to the table after the deal (plays, bets, the show)."""
    if isinstance(event, Undone):  # a setup act refused does not end the setup
        return not isinstance(event.act, _SETUP) and _starts_play(event.act)
    return not isinstance(event, (BlindBet, ScoreBefore, Dispute, CardStealing, Redeal, Claim, PointsOwed))


def _new_deal(number: int, ruleset: Ruleset, source: str, match: match_phase.MatchState,
              findings: FindingsBudget | None = None) -> DealState:
    """A deal's state at its start: open books, the score before it, the players still in the game,
    and what is left of the file's budget of listed findings."""
    state = DealState(ruleset, source, number, violations=Findings(findings),
                      score=ScoreState(score_before=tuple(match.score)))
    if match.playing is not None:
        state.seat_only(match.playing)
    return state


def replay_deal(deal: Deal, ruleset: Ruleset, source: str, strict: bool = False,
                match: match_phase.MatchState | None = None,
                findings: FindingsBudget | None = None) -> Generator[tuple[DealView, Event], None, DealVerdict]:
    """Replay one deal; yields (a read-only view of the state, event) after each event, returns the
    deal's verdict.

    ``match`` carries the running score between deals (a fresh one for a lone deal), ``findings``
    how many more findings the file may list (engine.state.MAX_FINDINGS for a lone deal). With
    ``strict`` the replay stops at the first violation (the verdict holds the deal so far).
    """
    return (yield from _viewed(_replay_deal(deal, ruleset, source, strict, match, findings)))


def _viewed(steps: Generator[tuple[DealState, Event], None, T]) -> Generator[tuple[DealView, Event], None, T]:
    """The same steps with a read-only view of the state (one view per state: a redeal makes a new one)."""
    state: DealState | None = None
    view: DealView | None = None
    while True:
        try:
            live, event = next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        if live is not state:
            state, view = live, DealView(live)
        assert view is not None
        yield view, event


def _replay_deal(deal: Deal, ruleset: Ruleset, source: str, strict: bool = False,
                 match: match_phase.MatchState | None = None,
                 findings: FindingsBudget | None = None,
                 ask: int | None = None,
                 asked: list[Ruling] | None = None) -> Generator[tuple[DealState, Event], None, DealVerdict]:
    """:func:`replay_deal` on the live state (for the engine itself). ``ask`` is ``why``'s line: the
    rulings on its events go to ``asked``. A deal with a Streitfrage gets a ruling on each; a deal
    without one makes no book and pays for none (one check per event of whether a book is open)."""
    book = RulingBook(deal, ask) if RulingBook.wanted(deal, ask) else None
    match = match or match_phase.MatchState.start(ruleset)
    state = _new_deal(deal.number, ruleset, source, match, findings)
    for notice, where in match.notices:
        state.violate(notice, None, event=where, penalise=False)
    match.notices.clear()
    if match.decided:
        match_phase.after_the_match(match, state, deal.header)
        match_phase.starts_at(state, None)  # not a deal of this match: the rules that depend on its score do not apply
    recorded_after = None
    sheet.begin_deal(match)
    _claims_too_late(state, match, deal)
    deal_phase.take_evidence(state, evidence.gather(deal, state.table.players))
    for index, line in enumerate(deal.lines, start=1):
        state.line_label, state.line_index = line.trick_label, index
        for event in line.events:
            if book is None:
                if isinstance(event, Redeal):
                    state = deal_phase.redeal(state, event)
                _apply(state, event, match)
            else:
                state = _apply_with_book(state, event, match, book, index)
            state.last_call = (event.seat, event.figures) if isinstance(event, Call) else None
            if isinstance(event, ScoreRecorded):
                recorded_after = event
            yield state, event
            if strict and state.violations:
                state.stopped = True
                verdict = state.verdict(points=(0,) * len(state.sheet.sides))  # not scored: nothing counted
                return _with_rulings(verdict, book, asked)
    return _with_rulings(_finish_deal(state, match, deal.header, recorded_after), book, asked)


def _apply_with_book(state: DealState, event: Event, match: match_phase.MatchState, book: RulingBook,
                     index: int) -> DealState:
    """Apply an event of a deal with Streitfragen (or the line ``why`` asks about): the book notes
    the state before a watched event and rules on it after. Returns the state (a redeal starts a
    new one, which shares the findings)."""
    before = book.before(state, event) if index in book.watch else None
    if isinstance(event, Dispute):
        book.dispute(index, event)
    if isinstance(event, Redeal):
        state = deal_phase.redeal(state, event)
    _apply(state, event, match)
    if before is not None:
        book.after(state, index, event, before)
    return state


def _with_rulings(verdict: DealVerdict, book: RulingBook | None, asked: list[Ruling] | None) -> DealVerdict:
    """The verdict with its rulings (the rulings on ``why``'s line go to ``asked``)."""
    if book is None:
        return verdict
    verdict = book.finish(verdict)
    if asked is not None:
        asked.extend(book.asked)
    return verdict


@enforces("SCORE-10", "PEN-19", keys=("score.claims_deadline",))
def _claims_too_late(state: DealState, match: match_phase.MatchState, deal: Deal) -> None:
    """§ 33 "Übersehen entschuldigt nicht": a wrong score written after the last deal stands once
    the next deal is played without a claim (old: before its points are written, so a 'Vorher:'
    with the right score is a claim in time; Neue: before the cards were collected, so it is not)."""
    written = match.written_after
    match.written_after = None
    if written is None or tuple(match.score) == written or match.decided:
        return
    right = tuple(match.score)
    if sheet.corrected_in_time(state.ruleset, match, deal):
        return  # a claim in this deal, in time and right, put the sheet right (engine.sheet)
    if state.ruleset.score.claims_deadline is ClaimsDeadline.NEXT_POINTS and any(
            isinstance(e, ScoreBefore) and tuple(e.scores) == right for e in deal.events):
        return  # corrected before this deal's points were written
    said, true = scores_text(written), scores_text(right)
    old = state.ruleset.score.claims_deadline is ClaimsDeadline.NEXT_POINTS
    code = "SCORE-10.stands-old" if old else "SCORE-10.stands-neue"
    state.violate(finding(code, written=said, score=true), None, event=deal.header, penalise=False)
    match.score = list(written)
    sheet.stood(match)
    match_phase.starts_at(state, tuple(match.score))
    match.scoresheet_parted = False  # a later, new error on the sheet is reported again


def _finish_deal(state: DealState, match: match_phase.MatchState, end: Event,
                 recorded_after: ScoreRecorded | None) -> DealVerdict:
    """Score a replayed deal, put it on the match score and check the scoresheet against it."""
    if state.phase is Phase.SETUP:
        deal_phase.finish_setup(state, end)
        state.phase = Phase.PLAY
    show_phase.close_stage(state)
    show_phase.unanswered_asks(state)
    figures = scoring.decide_figures(state)
    if match.decided:  # recorded after the match: judged, not counted (RECORD-AFTER-MATCH)
        return state.verdict(figures, (0,) * len(state.sheet.sides), match_phase.uncounted_deal(match, state, figures))
    outcome = match_phase.finish_deal(match, state, figures)
    scoring.check_recorded_points(state, outcome.counted)
    match.last_dealer = state.setup.dealer or match.expected_dealer()
    written: tuple[int, ...] | None = None  # the score after the deal as written, if the line can be used
    wrong = False
    if recorded_after is not None and match_phase.written_score_usable(
            state, match, tuple(recorded_after.scores), ScoreLine.AFTER, recorded_after):
        written = tuple(recorded_after.scores)
        wrong = written != outcome.after
        if wrong:
            match.score = list(outcome.after)
            _scoresheet_parts(state, match, recorded_after, "RECORD-SCORE.after-deal", written)
    sheet.settle(state, match, outcome, written)  # the claims and notes on this deal's own score
    if match.notes.corrected:
        match.scoresheet_parted = False  # put right in time: a later, new error on the sheet is reported again
    elif wrong and state.ruleset.score.claims_deadline is not ClaimsDeadline.NONE:
        match.written_after = written  # it stands unless claimed in time (§ 33)
    return state.verdict(outcome.figures, outcome.counted, outcome)


def replay(transcript: Transcript, ruleset: Ruleset,
           strict: bool = False) -> Generator[tuple[DealView, Event], None, MatchVerdict]:
    """Replay every deal of a transcript; yields (a read-only view of the deal's state, event) after
    each event, and returns the match verdict when exhausted.

    With ``strict`` the replay stops at the first violation.
    """
    return (yield from _viewed(_replay(transcript, ruleset, strict)))


def _replay(transcript: Transcript, ruleset: Ruleset, strict: bool = False, ask: int | None = None,
            asked: list[Ruling] | None = None) -> Generator[tuple[DealState, Event], None, MatchVerdict]:
    """:func:`replay` on the live state (for the engine itself)."""
    verdicts: list[DealVerdict] = []
    ruleset_target = ruleset.target
    ruleset, notice = match_phase.agreed_target(transcript, ruleset)
    match = match_phase.MatchState.start(ruleset)
    if notice is not None:
        match.notices.append(notice)
    findings = FindingsBudget()  # one cap on the findings listed for the whole file
    for deal in transcript.deals:
        verdict = yield from _replay_deal(deal, ruleset, transcript.source, strict, match, findings, ask, asked)
        verdicts.append(verdict)
        if strict and verdict.violations:
            break
    return MatchVerdict(transcript.source, ruleset.name, tuple(verdicts), ruleset.target,
                        tuple(match.score), match.winner, match.won_in_deal, match.won_by,
                        match.table.sides, ruleset.countdown, ruleset.score.start, tuple(match.places),
                        tuple(match.debt), ruleset_target)


def _outcome(steps: Generator[tuple[DealState, Event], None, T]) -> T:
    """Run a replay to its end and return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def judge_deal(deal: Deal, ruleset: Ruleset, source: str = "<transcript>") -> DealVerdict:
    """The verdict of a single deal."""
    return _outcome(_replay_deal(deal, ruleset, source))


def judge(transcript: Transcript, ruleset: Ruleset, strict: bool = False) -> MatchVerdict:
    """The verdict of a whole transcript (with ``strict``: up to the first violation)."""
    return _outcome(_replay(transcript, ruleset, strict))


def rule_on_line(transcript: Transcript, ruleset: Ruleset, line: int) -> tuple[MatchVerdict, tuple[Ruling, ...]]:
    """``why FILE:LINE``: the whole verdict, and a ruling on each event of that line (a Streitfrage's
    line: its ruling). Empty when the line holds no event (the caller says what the line is)."""
    asked: list[Ruling] = []
    verdict = _outcome(_replay(transcript, ruleset, ask=line, asked=asked))
    return verdict, tuple(asked)


class LiveDeal:
    """A deal replayed one event at a time (for generators and interactive tools).

    ``apply`` returns the violations the event caused; ``finish`` scores the deal. ``state`` is
    the engine's own live state, for tools that ask the engine's functions about it (the
    generator); ``view`` is the read-only view :func:`replay` hands out.
    """

    def __init__(self, number: int, ruleset: Ruleset, source: str = "<live>",
                 match: match_phase.MatchState | None = None) -> None:
        self.match = match or match_phase.MatchState.start(ruleset)
        self.state = _new_deal(number, ruleset, source, self.match)
        sheet.begin_deal(self.match)
        self.recorded_after: ScoreRecorded | None = None

    @property
    def view(self) -> DealView:
        """A read-only view of the deal as it stands."""
        return DealView(self.state)

    def apply(self, event: Event) -> list[str]:
        """Apply one event; the rule IDs of the violations it caused."""
        before = len(self.state.violations)
        if isinstance(event, Redeal):
            self.state = deal_phase.redeal(self.state, event)
        if isinstance(event, ScoreRecorded):
            self.recorded_after = event
        _apply(self.state, event, self.match)
        self.state.last_call = (event.seat, event.figures) if isinstance(event, Call) else None
        return [v.rule for v in self.state.violations[before:]]

    def finish(self) -> DealVerdict:
        """Score the deal, put it on the match score and check any scoresheet lines applied."""
        return _finish_deal(self.state, self.match, Event(), self.recorded_after)
