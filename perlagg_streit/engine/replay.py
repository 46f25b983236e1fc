"""Drive a transcript through the phase modules, event by event.

``replay`` is a generator of (state, event) pairs whose return value is the
verdict (as pokerkit replays a hand); the state it yields is live and changes
with the next step. ``judge`` runs it to the end.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from ..transcript import (
    BlindBet,
    CutTaken,
    Deal,
    DealerIs,
    Dispute,
    Event,
    Exchange,
    Good,
    HandDealt,
    LuckUndBoden,
    Play,
    ScoreBefore,
    ShowBegins,
    Transcript,
    TurnUp,
    ValidationBegins,
)
from . import deal as deal_phase
from . import tricks
from .ruleset import Ruleset
from .state import DealState
from .verdict import DealVerdict, MatchVerdict

T = TypeVar("T")

_SETUP = (DealerIs, CutTaken, HandDealt, TurnUp, Exchange, LuckUndBoden)


def _apply(state: DealState, event: Event) -> None:
    state.pos = event.pos
    if state.phase == "setup" and not isinstance(event, _SETUP) and _starts_play(event):
        deal_phase.finish_setup(state, event)
    if isinstance(event, DealerIs):
        deal_phase.dealer_is(state, event)
    elif isinstance(event, CutTaken):
        deal_phase.cut(state, event)
    elif isinstance(event, HandDealt):
        deal_phase.hand_dealt(state, event)
    elif isinstance(event, TurnUp):
        deal_phase.turn_up(state, event)
    elif isinstance(event, Exchange):
        deal_phase.exchange(state, event)
    elif isinstance(event, LuckUndBoden):
        deal_phase.luck_und_boden(state, event)
    elif isinstance(event, Play):
        tricks.play(state, event)
    elif isinstance(event, Good):
        tricks.concede(state, event)
    elif isinstance(event, ShowBegins):
        state.phase = "show"
    elif isinstance(event, ValidationBegins):
        state.phase = "validation"


def _starts_play(event: Event) -> bool:
    """True for events that belong to the table after the deal (plays, bets, the show)."""
    return not isinstance(event, (BlindBet, ScoreBefore, Dispute))


def replay_deal(deal: Deal, ruleset: Ruleset, source: str) -> Generator[tuple[DealState, Event], None, DealVerdict]:
    """Replay one deal; yields (state, event) after each event, returns the deal's verdict."""
    state = DealState(ruleset, source, deal.number)
    for line in deal.lines:
        state.line_label = line.trick_label
        state.label_checked = line.trick_label is None
        for event in line.events:
            _apply(state, event)
            yield state, event
    if state.phase == "setup":
        deal_phase.finish_setup(state, deal.header)
    return state.verdict()


def replay(transcript: Transcript, ruleset: Ruleset) -> Generator[tuple[DealState, Event], None, MatchVerdict]:
    """Replay every deal of a transcript; returns the match verdict when exhausted."""
    verdicts: list[DealVerdict] = []
    for deal in transcript.deals:
        verdicts.append((yield from replay_deal(deal, ruleset, transcript.source)))
    return MatchVerdict(transcript.source, ruleset.name, tuple(verdicts))


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
    return _outcome(replay_deal(deal, ruleset, source))


def judge(transcript: Transcript, ruleset: Ruleset) -> MatchVerdict:
    """The verdict of a whole transcript."""
    return _outcome(replay(transcript, ruleset))
