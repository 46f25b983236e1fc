"""The scoresheet as the players keep it: claims against the written score (§ 33) and the scorer's
notes of points still owed (§ 10).

A claim (``Reklamation: E Stand 14:8``) concerns the deal it names, else the last deal whose points
were written before it: this deal's own once its ``Punkte:`` or ``Stand:`` line stands, else the
deal before. A claim is made against what was written: one naming this deal before any of its points
are written, or with none of the match written, is a record error (RECORD-CLAIM), and so is one of
the wrong width (RECORD-SCORE-WIDTH, as a ``Stand:`` line of that width). It is in time
(``score.claims_deadline``) under 000 always (no deadline is stated); under old § 33 until the next
deal's points are written ("bis die Punkte des darauffolgenden Spieles notiert werden"); under Neue
§ 33 until the cards lying on the table are collected, which a record shows as the end of the
deal's own lines. It is right when it names what the record proves
(the engine's score or points of that deal). A claim in time and right puts the sheet right: a
wrong score written there does not stand; a claim too late or wrong changes nothing
("Nachträglich Irrungen zu verbessern ... ist nicht gestattet"). The ruling is ``SCORE-10``.

A note of points owed (``Schuld: 2:0``) before the deal's play is checked against what each side
owed when the deal began (at the start of a record it says so: a file may begin mid-match), and
anywhere later against what is owed after the deal. Under § 10 (``score.allow_negative: false``)
a penalty a side cannot pay is owed; where a score may go below zero (000) or penalty points are
added (004 Strafperlaggen) nothing is ever owed. A note that disagrees is ``RECORD-OWED``.

Claims and notes on the deal being replayed wait for its end (:func:`settle`), when its score is
known; the rest are judged where they stand.
"""

from __future__ import annotations

from ..base.rule_index import enforces
from ..language.transcript import Claim, Deal, PointsOwed, PointsRecorded, ScoreRecorded
from ..messages import Message, scores_text
from .enums import Phase, ScoreLine
from .match import DealNotes, MatchState, SheetEntry, written_score_usable
from .ruleset import ClaimsDeadline, Ruleset
from .state import DealState, finding
from .verdict import DealScore


def begin_deal(match: MatchState) -> None:
    """A deal begins: nothing of it is written yet; what each side owes now is its debt before it."""
    match.notes = DealNotes(debt_before=tuple(match.debt))


def points_written(match: MatchState) -> None:
    """A ``Punkte:`` or ``Stand:`` line of this deal: its points are written (old § 33's moment)."""
    match.notes.written = True


def _target(event: Claim, match: MatchState, number: int, written: bool) -> int | None:
    """The deal a claim concerns: the one it names, else this deal once its points are written, else
    the last counted deal before it (None: there is none)."""
    if event.deal is not None:
        return event.deal
    if written:
        return number
    return match.sheet[-1].number if match.sheet else None


def _entry(match: MatchState, number: int) -> SheetEntry | None:
    return next((e for e in reversed(match.sheet) if e.number == number), None)


@enforces("SCORE-10", "PEN-19", keys=("score.claims_deadline",))
def _in_time(ruleset: Ruleset, match: MatchState, entry: SheetEntry, written: bool) -> bool:
    """Whether a claim on an earlier deal, made in this deal (``written``: after this deal's points
    were written), comes in time."""
    deadline = ruleset.score.claims_deadline
    if deadline is ClaimsDeadline.NONE:
        return True  # 000 states no deadline
    if deadline is ClaimsDeadline.CARDS_COLLECTED:
        return False  # Neue § 33: the cards of that deal were collected before this one was dealt
    return not written and match.sheet[-1] is entry  # old § 33: before the next deal's points are written


def _line_claimed(event: Claim, entry: SheetEntry) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """The line of the sheet a claim is about (the deal's points, or the score after it): what the
    record proves there, and what was written."""
    if event.points:
        return entry.right_points, entry.written_points
    return entry.right_after, entry.written_after


def _upholds(event: Claim, entry: SheetEntry) -> bool:
    """A claim right where the sheet is wrong: the score (or the points) it names are what the record
    proves, and the sheet wrote something else there. A claim in time that upholds puts the sheet
    right; one that only agrees with it changes nothing."""
    right, written = _line_claimed(event, entry)
    return tuple(event.scores) == right and written is not None and tuple(written) != right


def corrected_in_time(ruleset: Ruleset, match: MatchState, deal: Deal) -> bool:
    """Before a deal is replayed: whether it holds a claim on the deal before, in time and right, so
    that a wrong score written after that deal does not stand (the same judgement :func:`claim`
    gives when the claim is reached)."""
    if not match.sheet:
        return False
    last = match.sheet[-1]
    written = False
    for event in deal.events:
        if isinstance(event, (PointsRecorded, ScoreRecorded)):
            written = True
        elif isinstance(event, Claim) and _target(event, match, deal.number, written) == last.number \
                and _in_time(ruleset, match, last, written) and _upholds(event, last):
            return True
    return False


@enforces("SCORE-10", "PEN-19", keys=("score.claims_deadline",))
def claim(state: DealState, event: Claim, match: MatchState) -> None:
    """A claim against the written score: judged here when it concerns an earlier deal, else kept for
    the end of this deal (:func:`settle`)."""
    claimed = scores_text(event.scores)
    if not written_score_usable(state, match, tuple(event.scores),
                                ScoreLine.POINTS if event.points else ScoreLine.AFTER, event):
        return  # a claim of more or fewer numbers than the sheet has columns: not used, as such a Stand
    number = _target(event, match, state.number, match.notes.written)
    if number is None:
        state.violate(finding("RECORD-CLAIM.nothing-written", seat=event.seat, claimed=claimed), None, event=event)
        return
    if number == state.number:
        if not match.notes.written:  # it names this deal, none of whose points are written yet
            state.violate(finding("RECORD-CLAIM.not-yet-written", seat=event.seat, claimed=claimed, deal=number),
                          None, event=event)
            return
        match.notes.claims.append(event)
        return
    entry = _entry(match, number)
    if entry is None or number > state.number:
        state.violate(finding("RECORD-CLAIM.no-such-deal", seat=event.seat, claimed=claimed, deal=number), None,
                      event=event)
        return
    if _in_time(state.ruleset, match, entry, match.notes.written):
        _judge(state, event, entry)
        return
    standing = entry.written_after if entry.stood and entry.written_after is not None else entry.right_after
    late = "old" if state.ruleset.score.claims_deadline is ClaimsDeadline.NEXT_POINTS else "neue"
    state.violate(finding(f"SCORE-10.claim-late-{late}", seat=event.seat, claimed=claimed, what=_what(event),
                          deal=number, standing=scores_text(standing)), None, event=event)


def _what(event: Claim) -> Message:
    return Message("claim.points" if event.points else "claim.score")


@enforces("SCORE-10")
def _judge(state: DealState, event: Claim, entry: SheetEntry) -> None:
    """A claim in time: right where the sheet is wrong (the sheet is put right), right where the sheet
    is right too (nothing to put right), or wrong (it changes nothing)."""
    right, written = _line_claimed(event, entry)
    args = {"seat": event.seat, "claimed": scores_text(event.scores), "what": _what(event), "deal": entry.number,
            "right": scores_text(right)}
    if tuple(event.scores) != right:
        state.violate(finding("SCORE-10.claim-wrong", **args), None, event=event)
    elif _upholds(event, entry) and written is not None:
        state.violate(finding("SCORE-10.claim-upheld", written=scores_text(written), **args), None, event=event)
    else:
        state.violate(finding("SCORE-10.claim-agrees", **args), None, event=event)


@enforces("SCORE-11", keys=("score.allow_negative", "score.kind"))
def owed(state: DealState, event: PointsOwed, match: MatchState) -> None:
    """The scorer's note of points owed: before the deal's play it is checked against what was owed
    when it began (at the start of a record, it says so), anywhere later at the deal's end."""
    if not written_score_usable(state, match, tuple(event.scores), ScoreLine.OWED, event):
        return
    if state.phase is not Phase.SETUP or match.notes.written:
        match.notes.owed_after.append(event)
        return
    scores = tuple(event.scores)
    if match.deals_played == 0 and not match.decided and not _nothing_owed(state.ruleset) \
            and min(scores) >= 0:
        match.debt = list(scores)  # a record may begin in the middle of a match, with a debt (§ 10)
        match.notes.debt_before = scores
        state.violate(finding("SCORE-11.owed-from-start", written=scores_text(scores), sides=state.sheet.sides), None,
                      event=event)
        return
    _check_owed(state, event, match.notes.debt_before, tuple(match.score), "before")


def _nothing_owed(ruleset: Ruleset) -> bool:
    """Where nothing is ever owed: a score may go below zero (000), or penalties are added (004)."""
    return ruleset.countdown or ruleset.score.allow_negative


def _check_owed(state: DealState, event: PointsOwed, debt: tuple[int, ...], score: tuple[int, ...],
                when: str) -> None:
    written = tuple(event.scores)
    r = state.ruleset
    args = {"written": scores_text(written), "sides": state.sheet.sides, "score": scores_text(score), "ruleset": r.name}
    if _nothing_owed(r):
        code = ("RECORD-OWED.countdown" if r.countdown else "RECORD-OWED.none-owed") if any(written) \
            else "SCORE-11.nothing-owed"
        state.violate(finding(code, **args), None, event=event)
    elif written != debt:
        state.violate(finding(f"RECORD-OWED.{when}-deal", owed=scores_text(debt), **args), None, event=event)
    else:
        code = "SCORE-11.owed-agrees" if any(written) else "SCORE-11.none-owed-agrees"
        state.violate(finding(code, **args), None, event=event)


def settle(state: DealState, match: MatchState, outcome: DealScore, written_after: tuple[int, ...] | None) -> None:
    """The deal is scored: its entry on the sheet, and the claims and notes that waited for it. A
    claim on it in time and right puts its written score right (it will not stand, § 33)."""
    points = state.score.points_recorded
    entry = SheetEntry(state.number, tuple(outcome.after), tuple(outcome.counted), written_after,
                       tuple(points.scores) if points is not None else None)
    match.sheet.append(entry)
    for event in match.notes.claims:
        _judge(state, event, entry)
        match.notes.corrected = match.notes.corrected or _upholds(event, entry)
    for note in match.notes.owed_after:
        _check_owed(state, note, tuple(outcome.owed), tuple(outcome.after), "after")


def stood(match: MatchState) -> None:
    """The last deal's wrong written score stands (§ 33): claims on it say so."""
    if match.sheet:
        match.sheet[-1].stood = True
