"""What the engine concludes: violations with their place and penalty, tricks, the Spiel.

Frozen dataclasses only; renderers (text, JSON) read these and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.cards import Card, Suit
from ..language.transcript import Figure, Seat, Team
from ..messages import Message, say
from .enums import BetAction, FindingKind, HowDecided, SpielDecided
from .ruleset import Forfeit


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class Penalty:
    """What a violation costs a team under the ruleset, and the source that says so."""

    team: Team
    points: int
    forfeit: Forfeit
    source: str


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class PlayRecord:
    """A card in a trick: who played it, what it was and what it counted as."""

    seat: Seat
    card: Card
    baptism: Card | None
    counts_as: Card


@dataclass(frozen=True)
class TrickRecord:
    """A completed (or, at the end, unfinished) trick."""

    number: int
    plays: tuple[PlayRecord, ...]
    led_suit: Suit | None
    winner: Seat | None


@dataclass(frozen=True)
class Exchanged:
    """An exchange as it happened (legal or not)."""

    seat: Seat
    gives: Card
    takes: Card


@dataclass(frozen=True)
class FigureOutcome:
    """How a figure ended: its winner (None: stands or nobody), its value and why."""

    figure: Figure
    winner: Team | None
    value: int
    how: HowDecided
    best: tuple[str, ...] = ()  # the best figure each team had, for the report


@dataclass(frozen=True)
class BetStep:
    """One step of a figure's betting history, for the report."""

    seat: Seat
    figure: Figure
    action: BetAction
    value: int


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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

    @property
    def clean(self) -> bool:
        """True when no offence and no record error was found (rulings do not count)."""
        return not any(v.kind is not FindingKind.RULING for v in self.violations) and \
            not any(kind != FindingKind.RULING for _rule, kind, _n in self.not_listed_by_rule)


@dataclass(frozen=True)
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
