"""What the engine concludes: violations with their place and penalty, tricks, the Spiel.

Frozen dataclasses only; renderers (text, JSON) read these and nothing else.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..base.cards import Card, Suit
from ..base.records import record
from ..language.transcript import Figure, Seat, Team
from ..messages import Message, say
from .enums import Answer, BetAction, BookStatus, FindingKind, HowDecided, RulingScope, SpielDecided
from .ruleset import Forfeit


@record
class Place:
    """Where something happened: file, line and column, deal and trick."""

    source: str
    line: int
    column: int
    deal: int
    trick: int | None = None

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}:{self.column}"
        if self.trick:
            return say("report.place-trick", "en", where=where, deal=self.deal, trick=self.trick)
        return say("report.place", "en", where=where, deal=self.deal)


@record
class Penalty:
    """What a violation costs a team under the ruleset, and the source that says so."""

    team: Team
    points: int
    forfeit: Forfeit
    source: str


@record
class Violation:
    """An irregularity: a player's offence or an inconsistency in the record."""

    rule: str
    kind: FindingKind  # an offence, a record error (the record contradicts itself) or a ruling (no offence)
    place: Place
    seat: Seat | None
    # the account of what happened; in JSON its two texts, detail_en and detail_de
    message: Message = field(metadata={"plain": lambda m: {"detail_en": m.text("en"), "detail_de": m.text("de")}})
    penalty: Penalty | None = None

    def detail(self, lang: str) -> str:
        """The specific account of what happened, in German or English."""
        return self.message.text(lang)

    @property
    def detail_en(self) -> str:
        """The account in English."""
        return self.message.text("en")

    @property
    def detail_de(self) -> str:
        """The account in German."""
        return self.message.text("de")


@record
class PlayRecord:
    """A card in a trick: who played it, what it was and what it counted as."""

    seat: Seat
    card: Card
    baptism: Card | None
    counts_as: Card


@record
class TrickRecord:
    """A completed (or, at the end, unfinished) trick."""

    number: int
    plays: tuple[PlayRecord, ...]
    led_suit: Suit | None
    winner: Seat | None


@record
class Exchanged:
    """An exchange as it happened (legal or not)."""

    seat: Seat
    gives: Card
    takes: Card


@record
class FigureOutcome:
    """How a figure ended: its winner (None: stands or nobody), its value and why."""

    figure: Figure
    winner: Team | None
    value: int
    how: HowDecided
    best: tuple[str, ...] = ()  # the best figure each team had, for the report


@record
class BetStep:
    """One step of a figure's betting history, for the report."""

    seat: Seat
    figure: Figure
    action: BetAction
    value: int


@record
class DealScore:
    """A deal's effect on the match: the running score after it and what it decided."""

    before: tuple[int, ...]
    after: tuple[int, ...]
    gestrichen: tuple[Team, ...]  # teams one short of the target after the deal
    winner: Team | None  # the team that won the match in this deal
    # reached the target / Spiel aus / endgame figure / endgame Spiel / redeal; in JSON its English text
    how: Message | None = field(metadata={"plain": lambda m: {"how": m.text("en") if m else ""}})
    order: tuple[str, ...]  # the figures in the order they counted
    counted: tuple[int, ...] = (0, 0)  # the deal's points as they count on the scoresheet
    figures: tuple[FigureOutcome, ...] = ()  # the figures as they count (the endgame may settle some)
    owed: tuple[int, ...] = ()  # per side, penalty points owed after the deal (§ 10: taken from later points)
    counts: bool = True  # False for a deal recorded after the match was decided: it is not counted


def _both(name: str) -> Any:
    """A message field written in JSON as its two texts, ``<name>_en`` and ``<name>_de`` (empty for None)."""
    return {"plain": lambda m: {f"{name}_en": m.text("en") if m else "", f"{name}_de": m.text("de") if m else ""}}


def _both_list(name: str) -> Any:
    """A tuple of messages written in JSON as two lists of texts, ``<name>_en`` and ``<name>_de``."""
    return {"plain": lambda ms: {f"{name}_en": [m.text("en") for m in ms], f"{name}_de": [m.text("de") for m in ms]}}


def _finding_plain(found: tuple[Violation, ...]) -> dict[str, Any]:
    """A ruling's findings in JSON: rule, kind, line, catalogue code and arguments (a proof among them,
    where the engine gives one), both texts and the penalty."""
    from ..language.jsonform import plain  # the JSON form of cards, enums and messages

    return {"findings": [{"rule": v.rule, "kind": v.kind.value, "line": v.place.line, "seat": v.seat,
                          "code": v.message.code, "args": plain(v.message.args),
                          "detail_en": v.detail_en, "detail_de": v.detail_de, "penalty": plain(v.penalty)}
                         for v in found]}


@record
class TrickFacts:
    """The trick a ruled play belongs to: its cards, who wins it so far and in the end, and why."""

    number: int
    plays: tuple[PlayRecord, ...]  # the cards as they lay when the question was asked
    led: Suit | None
    winner_so_far: Seat | None  # who held the trick after the card asked about
    winner: Seat | None  # who won it when it was complete (None: never completed)
    why: Message = field(metadata=_both("why"))  # the winning card and what it counted as
    rules: tuple[str, ...] = ("TRICK-1",)  # the rules that decide it (TRICK-2 when equal cards tie)


@record
class BookFacts:
    """One figure's betting when the question was asked."""

    figure: Figure
    value: int  # what it is worth now (conceded now: this much)
    status: BookStatus
    bettor: Seat | None = None  # a bet awaiting its answer: who made it ...
    proposed: int | None = None  # ... what it is worth if it is held ...
    awaiting: tuple[Team, ...] = ()  # ... and the sides that must answer it, in turn
    conceded_to: Team | None = None


@record
class OtherAnswer:
    """How another bundled ruleset of the same form answers the same question."""

    ruleset: str
    answer: Answer
    rules: tuple[str, ...]
    penalties: tuple[Penalty, ...]
    text: Message = field(metadata=_both("answer"))


@record
class Ruling:
    """The referee's answer on one event (a Streitfrage's, or a line asked about with ``why``):
    allowed or not and by which rule, the penalty, the facts it rests on, the trick or the betting
    it concerns, and how other bundled rulesets of the same form answer."""

    scope: RulingScope  # an event, the deal as a whole, or a line with no event
    question: str  # the Streitfrage as written ("" for a line asked about)
    line: int  # the line of the question (or the line asked about)
    deal: int
    event_line: int | None  # the event it concerns (None: the deal as a whole, or no event)
    event_column: int | None
    seat: Seat | None
    trick: int | None
    answer: Answer
    act: Message | None = field(metadata=_both("act"))  # the event in words
    text: Message = field(metadata=_both("answer"))  # the answer in one sentence
    rules: tuple[str, ...]  # the rules the answer rests on (their sources are in engine.rules)
    findings: tuple[Violation, ...] = field(default=(), metadata={"plain": _finding_plain})
    facts: tuple[Message, ...] = field(default=(), metadata=_both_list("facts"))
    trick_facts: TrickFacts | None = None
    betting: tuple[BookFacts, ...] = ()
    others: tuple[OtherAnswer, ...] = ()  # filled by rulesets.compare (the engine knows one ruleset)
    compared: tuple[str, ...] = ()  # the other rulesets asked (those answering alike are not in ``others``)

    @property
    def penalties(self) -> tuple[Penalty, ...]:
        """What the findings cost under the chosen ruleset."""
        return tuple(v.penalty for v in self.findings if v.penalty is not None)


@record
class DealVerdict:
    """The judgement of one deal."""

    number: int
    dealer: Seat | None
    trumps: Suit | None
    perlaggen: tuple[Card, ...]
    cut: tuple[Card, ...]
    cutter: Seat | None
    exchanges: tuple[Exchanged, ...]
    tricks: tuple[TrickRecord, ...]
    spiel_winner: Team | None
    spiel_decided_by: SpielDecided | None  # by tricks, called good, hin, or not yet
    violations: tuple[Violation, ...]
    unchecked: tuple[Message, ...] = ()  # checks the record did not allow; in JSON in English
    figures: tuple[FigureOutcome, ...] = ()  # how each figure ended (engine.scoring)
    points: tuple[int, ...] = (0, 0)  # one per side, in the order of ``sides``, penalties included
    bets: tuple[BetStep, ...] = ()  # the betting history (engine.betting)
    stopped: bool = False  # a strict replay stopped here at the first violation
    # the running score before and after, gestrichen, a winner (engine.match); None in a deal a
    # strict replay stopped in
    match: DealScore | None = None
    seats: tuple[Seat, ...] = ("N", "E", "S", "W")  # the table, clockwise
    sides: tuple[Team, ...] = ("NS", "EW")  # the scoresheet's columns
    # findings beyond the file's cap (engine.state.MAX_FINDINGS): counted, penalised, not listed
    violations_not_listed: int = 0
    not_listed_by_rule: tuple[tuple[str, FindingKind, int], ...] = ()  # (rule, kind, how many)
    rulings: tuple[Ruling, ...] = ()  # the answer to each Streitfrage of the deal (engine.ruling)

    @property
    def clean(self) -> bool:
        """True when no offence and no record error was found (rulings do not count)."""
        return not any(v.kind is not FindingKind.RULING for v in self.violations) and \
            not any(kind != FindingKind.RULING for _rule, kind, _n in self.not_listed_by_rule)


@record
class MatchVerdict:
    """The judgement of a whole transcript."""

    source: str
    ruleset: str
    deals: tuple[DealVerdict, ...] = field(default_factory=tuple)
    target: int = 0
    score: tuple[int, ...] = (0, 0)  # the running score after the last deal, one per side
    winner: Team | None = None
    won_in_deal: int | None = None
    # how the match was decided; in JSON its English text ("" while the match is open)
    won_by: Message | None = field(default=None, metadata={"plain": lambda m: {"won_by": m.text("en") if m else ""}})
    sides: tuple[Team, ...] = ("NS", "EW")  # the scoresheet's columns
    countdown: bool = False  # scores count down to zero (Strafperlaggen)
    start: int = 0  # everyone's score before the first deal
    places: tuple[Team, ...] = ()  # counting down: who reached zero, first place first
    owed: tuple[int, ...] = ()  # per side, penalty points still owed after the last deal (§ 10, SCORE-11)
    ruleset_target: int = 0  # the ruleset's own target; differs from ``target`` when a [Target] tag agreed another

    @property
    def target_from_tag(self) -> bool:
        """True when the match was judged at a target agreed in the transcript's [Target] tag, not the ruleset's."""
        return not self.countdown and bool(self.ruleset_target) and self.target != self.ruleset_target

    @property
    def counted_deals(self) -> tuple[DealVerdict, ...]:
        """The deals that count: those recorded after the match was decided do not (RECORD-AFTER-MATCH)."""
        return tuple(d for d in self.deals if d.match is None or d.match.counts)

    @property
    def goal(self) -> str:
        """What wins: the target ("18"), or counting down from the start to zero ("9 → 0")."""
        return f"{self.start} → 0" if self.countdown else str(self.target)

    @property
    def violations(self) -> tuple[Violation, ...]:
        """Every violation listed, of every deal, in order."""
        return tuple(v for d in self.deals for v in d.violations)

    @property
    def violations_not_listed(self) -> int:
        """Findings beyond the file's cap: counted, not listed."""
        return sum(d.violations_not_listed for d in self.deals)

    @property
    def clean(self) -> bool:
        """True when every deal is clean."""
        return all(d.clean for d in self.deals)
