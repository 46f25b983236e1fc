"""The state of a deal while it is replayed, and how violations are recorded.

A :class:`DealState` is made of parts, one per phase, each written only by its phase module
(the table below); :mod:`.replay` drives the phases event by event and hands consumers a
read-only view of the state.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, ClassVar, NamedTuple

from ..base.cards import Card, Suit
from ..base.records import mutable_record
from ..base.rule_index import enforces
from ..language.transcript import Event, Figure, GradeDeclared, HandDealt, PointsRecorded, Pos, Seat, Team
from ..messages import Message
from .enums import BetAction, BookStatus, FindingKind, Phase, SpielDecided
from .evidence import NO_EVIDENCE, Evidence
from .figures import FigureValue
from .rules import RULES
from .ruleset import Ruleset
from .table import Table, table_for
from .verdict import (
    BetStep,
    DealScore,
    DealVerdict,
    Exchanged,
    FigureOutcome,
    Penalty,
    Place,
    PlayRecord,
    TrickRecord,
    Violation,
)

#: Rules whose "violation" is a ruling on what happened, not an offence (a bare
#: "Gleich!" is simply no bet, § 8): reported, never penalised, not counted as an offence.
RULINGS = frozenset({"BET-2", "SCORE-10", "SCORE-11", "PLAY-11", "BAPT-7"})


class Finding(NamedTuple):
    """A rule broken, and the account of what happened (a catalogue message, code ``<rule>.<what>``)."""

    rule: str
    message: Message


def finding(code: str, /, **args: Any) -> Finding:
    """The finding whose account has this catalogue code; the rule is the code's first part
    (``PLAY-3.revoke`` breaks PLAY-3)."""
    return Finding(code.partition(".")[0], Message(code, **args))


#: At most this many findings (offences, record errors, rulings) of one file are listed in its
#: verdict; the rest are counted by rule. A 20 MB file of impossible shows would otherwise list a
#: million of them, a gigabyte in memory and as much again in the report.
MAX_FINDINGS = 1000


class FindingsBudget:
    """How many more findings the file being replayed may list (shared by its deals)."""

    __slots__ = ("left",)

    def __init__(self, left: int | None = None) -> None:
        self.left = MAX_FINDINGS if left is None else left


class Findings(list[Violation]):
    """A deal's violations in the order they were found.

    The first ones, while the file's :class:`FindingsBudget` lasts, are listed in the verdict.
    A later one still counts, for its penalty, for strictness and for :class:`LiveDeal`: it is
    kept here as well, but as a shared copy of the first unlisted one of its rule, seat and
    penalty (the scoring reads only those), so that it costs one reference rather than a
    violation and its account; and it is counted by rule in ``not_listed``.
    """

    def __init__(self, budget: FindingsBudget | None = None) -> None:
        super().__init__()
        self.budget = budget if budget is not None else FindingsBudget()
        self.listed = 0  # the first ``listed`` entries are listed; every later one is not
        self.not_listed: dict[tuple[str, FindingKind], int] = {}  # (rule, kind) -> how many
        self._shared: dict[tuple[str, str, Seat | None, Penalty | None], Violation] = {}

    def record(self, violation: Violation) -> None:
        """Add a violation: listed while the budget lasts, else counted and shared."""
        if self.budget.left > 0 and self.listed == len(self):
            self.budget.left -= 1
            self.listed += 1
            self.append(violation)
            return
        key = (violation.rule, violation.kind, violation.seat, violation.penalty)
        self.append(self._shared.setdefault(key, violation))
        counted = (violation.rule, violation.kind)
        self.not_listed[counted] = self.not_listed.get(counted, 0) + 1

    def withdraw(self, index: int) -> None:
        """Take back the violation at ``index`` (a revoke corrected within its trick, § 17): it no
        longer counts, listed or not."""
        gone = self[index]
        del self[index]
        if index < self.listed:
            self.listed -= 1
            self.budget.left += 1
            return
        key = (gone.rule, gone.kind)
        self.not_listed[key] -= 1
        if not self.not_listed[key]:
            del self.not_listed[key]


@mutable_record
class HandState:
    """What the record says a player holds now: known cards and how many unknown ones."""

    known: list[Card]
    unknown: int = 0

    QUERIES: ClassVar[frozenset[str]] = frozenset({"holds"})  # what the read-only view may call

    @property
    def fully_known(self) -> bool:
        """True when every card of the hand is recorded."""
        return self.unknown == 0

    def holds(self, c: Card) -> bool:
        """True when the record shows this card in the hand."""
        return c in self.known


@mutable_record
class Pending:
    """A bet awaiting the opponents' answer."""

    team: Team
    seat: Seat
    proposed: int
    blind: bool = False
    awaiting: list[Team] = field(default_factory=list)  # sides still to answer, in turn (P3-4)


@mutable_record
class FigureBook:
    """The betting state of one figure in this deal."""

    figure: Figure
    value: int = 1
    status: BookStatus = BookStatus.OPEN
    seen_team: Team | None = None  # its last bet was seen: it may not bet next
    pending: Pending | None = None
    first_bet: int | None = None  # sequence number, for the close-game order
    conceded: int | None = None  # sequence number of the concession
    conceded_to: Team | None = None
    conceded_bettor: Seat | None = None  # must show an example (000 Betting)
    blind_conceded: bool = False  # the bet conceded was blind: it scores only if the team has it
    conceded_in_show: bool = False  # settled in the show, not by a bet conceded during play
    committed: dict[Seat, set[BetAction]] = field(default_factory=dict)  # bet / raise / hold, for validation
    out: set[Team] = field(default_factory=set)  # sides that said good: they cannot win it (004 Drei-Spieler)
    levels: dict[Seat, int] = field(default_factory=dict)  # the value each player bet or held it at (STRAF-13)
    # the bettor of a fifth-trick Spiel bet just ruled void for want of colour (BET-13): a "gut bei
    # Farbe" answering it concedes nothing, for its condition fails (000 Betting)
    void_for_colour: Seat | None = None

    @property
    @enforces("BET-1")
    def unseen(self) -> bool:
        """Nobody has bet on this figure yet."""
        return self.first_bet is None

    @enforces("BET-10")
    def commit(self, seat: Seat, how: BetAction, level: int) -> None:
        """Remember that this player bet, raised or held at ``level`` (he must validate a Gleich or
        Hanger; in Strafperlaggen he is penalised at that level if he does not win it)."""
        self.committed.setdefault(seat, set()).add(how)
        self.levels[seat] = max(level, self.levels.get(seat, 0))


# ---- the parts of a deal's state, each written by one phase module ----------------------------
#
#   part               written by           what it holds
#   state.setup        deal.py              dealer, cut, hands, turn-up, trumps, Perlaggen, exchanges
#   state.play         tricks.py            the tricks, who leads, baptisms, the Spiel's outcome
#   state.betting      betting.py           the figures' books, the betting history
#   state.show         show.py              the stages of the show, cards shown, standing figures
#   state.score        match.py             the score before the deal, the points written, the asking
#   the rest           replay.py            the phase, the place in the record, the event before;
#                                           findings through violate() and note_unchecked()
#
# Another module that must change a part calls its owner (betting concedes the Spiel with
# tricks.spiel_called_good, show fixes baptisms with tricks.baptise, replay tells the play who
# leads with tricks.dealer_known). tests/test_deal_state.py checks the writes. Everyone reads
# every part; replay() hands consumers a read-only view (engine/view.py).


@mutable_record
class SetupState:
    """The deal as dealt (000 The Deal): written by :mod:`.deal`."""

    dealer: Seat | None = None
    cutter: Seat | None = None
    cut_cards: tuple[Card, ...] = ()
    hands: dict[Seat, HandState] = field(default_factory=dict)  # what each player holds now
    seen: dict[Card, Message] = field(default_factory=dict)  # card -> where the record put it
    turned_up: tuple[Card, ...] = ()
    exposed: list[Card] = field(default_factory=list)  # turned-up cards still on the stack
    trumps: Suit | None = None
    perlaggen: tuple[Card, ...] = ()
    exchanges: list[Exchanged] = field(default_factory=list)
    five: dict[Seat, list[Card]] = field(default_factory=dict)  # each player's five cards after the exchange
    dealt: list[HandDealt] = field(default_factory=list)  # every hand written in this attempt (§ 5 or § 6)
    misdeals_in_a_row: int = 0  # earlier attempts at this deal that were misdeals (Neue § 5)
    wrong_hands_judged: bool = False
    misdealt: bool = False  # this attempt was a misdeal (§ 5), judged at the redeal or when play began
    evidence: Evidence = NO_EVIDENCE  # what the whole record proves of each hand (engine.evidence)


@mutable_record
class CardLaid:
    """The last card laid on the table, as :mod:`.corrections` needs it to take it back (§ 17)."""

    seat: Seat
    card: Card
    findings_from: int  # the violations this card caused: violations[findings_from:findings_to]
    findings_to: int
    # when the card closed its trick: the Spiel as it stood before, to reopen the trick
    spiel_before: tuple[Team | None, SpielDecided | None] | None = None


@mutable_record
class PlayState:
    """The tricks and the Spiel (000 The Play): written by :mod:`.tricks`."""

    trick_number: int = 1
    leader: Seat | None = None
    current: list[PlayRecord] = field(default_factory=list)
    tricks: list[TrickRecord] = field(default_factory=list)
    tricks_won: dict[Team, int] = field(default_factory=dict)  # per side, filled from the table
    first_card_played: bool = False
    # each seat's cards played to tricks, physical card -> what it counted as (kept as the tricks are)
    played_by: dict[Seat, dict[Card, Card]] = field(default_factory=dict)
    baptisms: dict[Card, Card] = field(default_factory=dict)  # a Perlagg's fixed identity for the deal
    spiel_winner: Team | None = None
    spiel_decided_by: SpielDecided | None = None
    label_checked_on: int = -1  # the line (DealState.line_index) whose trick label was checked
    # corrections (old/Neue § 17, § 19), written by :mod:`.corrections`: the last card laid, and
    # the seat and trick of a take-back ruled void (the card laid instead goes back to the hand)
    last_card: CardLaid | None = None
    void_take_back: tuple[Seat, int] | None = None


@mutable_record
class BettingState:
    """The figures' books and the betting history (000 Betting): written by :mod:`.betting`."""

    # one book per figure, kept in the order Gleich, Hanger, Spiel (pending_bets relies on it)
    books: dict[Figure, FigureBook] = field(
        default_factory=lambda: {f: FigureBook(f) for f in (Figure.GLEICH, Figure.HANGER, Figure.SPIEL)})
    bet_log: list[BetStep] = field(default_factory=list)
    sequence: int = 0

    QUERIES: ClassVar[frozenset[str]] = frozenset({"pending_bets"})  # what the read-only view may call

    def pending_bets(self) -> list[Figure]:
        """Figures whose bet still awaits an answer (play is suspended meanwhile)."""
        # the books are kept in ORDER; no Enum hashing on every card played
        return [book.figure for book in self.books.values() if book.pending is not None]


@mutable_record
class ShowState:
    """The show and the validation (000 The Show): written by :mod:`.show`."""

    stages: list[Team] = field(default_factory=list)
    stage_team: Team | None = None
    # each for himself: whose turn to show comes next; a stage out of turn does not move it
    stage_next: Team | None = None
    shown: dict[Seat, dict[Card, Card]] = field(default_factory=dict)  # card -> what it counts as
    validation_shown: dict[Seat, dict[Card, Card]] = field(default_factory=dict)
    validation_recorded: bool = False
    frozen: dict[Figure, dict[Team, FigureValue | None]] = field(default_factory=dict)  # SHOW-10 snapshots
    declared_standing: dict[Figure, set[Team]] = field(default_factory=dict)
    stage_acted: set[Figure] = field(default_factory=set)  # figures the showing team dealt with this stage
    settle_other: tuple[Seat, Figure] | None = None  # SHOW-6: a bet made, the other figure still to settle
    addressed: set[Figure] = field(default_factory=set)  # figures a show, a "steht" or a bet in the show named
    asked: list[tuple[Team, Figure, Event]] = field(default_factory=list)  # § 22: asks awaiting an answer


@mutable_record
class ScoreState:
    """The deal on the scoresheet (000 Scoring; § 25, § 33): written by :mod:`.match`."""

    score_before: tuple[int, ...] | None = None  # None: not a deal of the match (after it was decided)
    points_recorded: PointsRecorded | None = None
    # the baptisms as they stood when each party first asked at 17:17 in the first trick: under § 25/§ 28
    # the figure asked about is judged as it stood then, with the later baptisms still free
    ask_baptisms: dict[Team, dict[Card, Card]] = field(default_factory=dict)
    asks: list[tuple[Seat, int, int]] = field(default_factory=list)  # § 25: (seat, size, trick) at 17:17
    asked_out_of_turn: set[Seat] = field(default_factory=set)  # § 25, reported once each
    round_from: int = 0  # the asking that opened the current round (an index into ``asks``)
    # the answers to the asking: (answerer, index of the asking in ``asks``, allowed, trick)
    answers: list[tuple[Seat, int, bool, int]] = field(default_factory=list)
    grades: list[GradeDeclared] = field(default_factory=list)  # § 25: the grades declared, in order
    shown_early: set[Seat] = field(default_factory=set)  # § 25: cards laid down before the grade, reported once


@mutable_record
class DealState:
    """Everything known about a deal at one moment of the replay: the record's place and findings,
    and one part per phase (see the table above)."""

    ruleset: Ruleset
    source: str
    number: int
    phase: Phase = Phase.SETUP  # setup -> play -> show -> validation
    violations: Findings = field(default_factory=Findings)
    unchecked: list[Message] = field(default_factory=list)  # checks the record did not allow
    pos: Pos = field(default_factory=lambda: Pos(0, 0))
    line_label: int | None = None  # the trick label of the line being replayed
    line_index: int = 0  # which line of the deal that is (counted from 1 as they are replayed)
    last_call: tuple[Seat, tuple[Figure, ...]] | None = None  # the event just before was a bare "Gleich!"
    stopped: bool = False  # strict replay stopped at the first violation
    setup: SetupState = field(default_factory=SetupState)
    play: PlayState = field(default_factory=PlayState)
    betting: BettingState = field(default_factory=BettingState)
    show: ShowState = field(default_factory=ShowState)
    score: ScoreState = field(default_factory=ScoreState)
    # setup.perlaggen as card -> rank, rebuilt when perlaggen is replaced (looked up for every card played)
    _ranks: dict[Card, int] = field(default_factory=dict, repr=False, compare=False)
    _ranks_of: tuple[Card, ...] = field(default=(), repr=False, compare=False)

    #: The methods that only read: the read-only view (engine/view.py) lets a consumer call these.
    QUERIES: ClassVar[frozenset[str]] = frozenset({"left_of_dealer", "right_of_dealer", "is_perlagg", "perlagg_rank",
                                                   "perlagg_ranks", "is_natural_trump", "side_to_show", "place",
                                                   "verdict"})

    def __post_init__(self) -> None:
        # ``sheet``: the scoresheet's columns; ``table``: who plays this deal (the same, except in
        # Strafperlaggen once a player has won and the other two play on, 004 Strafperlaggen).
        self.sheet: Table = table_for(self.ruleset.players)
        self.table: Table = self.sheet
        if not self.play.tricks_won:
            self.play.tricks_won = dict.fromkeys(self.table.sides, 0)

    def seat_only(self, playing: Table) -> None:
        """Play this deal with only these players (the others have left the game); before any event."""
        self.table = playing
        self.play.tricks_won = dict.fromkeys(playing.sides, 0)

    def left_of_dealer(self) -> Seat:
        """Who leads: the dealer's left-hand neighbour among those playing."""
        assert self.setup.dealer is not None
        return _neighbour(self, self.setup.dealer, 1)

    @enforces("P2-4")
    def right_of_dealer(self) -> Seat:
        """Who cuts: the dealer's right-hand neighbour among those playing."""
        assert self.setup.dealer is not None
        return _neighbour(self, self.setup.dealer, -1)

    # ---- facts about this deal's cards ----------------------------------------------

    def is_perlagg(self, c: Card) -> bool:
        """True when the card is one of this deal's Perlaggen."""
        return c in self.perlagg_ranks()

    @enforces("PERL-3", "TRICK-3")
    def perlagg_rank(self, c: Card) -> int:
        """Position in this deal's Perlagg order: 0 is the highest."""
        return self.perlagg_ranks()[c]

    def perlagg_ranks(self) -> dict[Card, int]:
        """This deal's Perlaggen, each with its position in the Perlagg order (0 the highest)."""
        perlaggen = self.setup.perlaggen
        if self._ranks_of is not perlaggen:
            self._ranks = {card: rank for rank, card in enumerate(perlaggen)}
            self._ranks_of = perlaggen
        return self._ranks

    @enforces("PERL-4")
    def is_natural_trump(self, c: Card) -> bool:
        """A card of the trump suit that is not a Perlagg."""
        trumps = self.setup.trumps
        return trumps is not None and c.suit == trumps and not self.is_perlagg(c)

    @property
    def spiel_decided(self) -> bool:
        """True once the Spiel is won by tricks or conceded."""
        return self.play.spiel_winner is not None

    def side_to_show(self) -> Team | None:
        """Whose turn it is to show and to bet in the show: the side of the stage being written, and
        once the Spiel is decided, before the first stage is written, the side that won it (000 The
        Show: the showdown begins "with the team that won the Spiel"; § 24: "Sobald die Figur Spiel
        entschieden ist, steht es nur der Spiel-habenden Partei zu ... zu weisen oder zu bieten", with
        no "Vorbieten, Vorweisen"). The "Weisen:" line only records the show; it does not start it.
        None before the Spiel is decided, when nobody made it (D-33), and in the validation."""
        if self.phase is Phase.SHOW and self.show.stage_team is not None:
            return self.show.stage_team
        if self.phase in (Phase.PLAY, Phase.SHOW) and not self.show.stages and self.spiel_decided:
            return self.play.spiel_winner
        return None

    # ---- recording --------------------------------------------------------------------

    def place(self, event: Event | None = None) -> Place:
        """The place of the event being replayed."""
        pos = event.pos if event is not None else self.pos
        trick = self.play.trick_number if self.phase is Phase.PLAY else None
        return Place(self.source, pos.line, pos.column, self.number, trick)

    def violate(self, finding: Finding, seat: Seat | None, team: Team | None = None,
                event: Event | None = None, penalise: bool = True, ruling: bool = False) -> None:
        """Record a violation, with the penalty the ruleset sets for it (unless ``penalise`` is off);
        with ``ruling`` it is a ruling under that rule (an act refused or withdrawn), never penalised."""
        rule_id, message = finding
        assert rule_id in RULES, rule_id  # the engine only cites rules it knows
        kind = FindingKind.RECORD if rule_id.startswith("RECORD-") else FindingKind.RULING \
            if ruling or rule_id in RULINGS else FindingKind.OFFENCE
        penalise = penalise and not ruling
        penalty = None
        rule_penalty = self.ruleset.penalty(rule_id)
        offender = team or (self.sheet.side_of(seat) if seat else None)
        if rule_penalty is not None and offender is not None and penalise:
            penalty = Penalty(offender, rule_penalty.points, rule_penalty.forfeit, rule_penalty.source)
        self.violations.record(Violation(rule_id, kind, self.place(event), seat, message, penalty))

    def note_unchecked(self, note: Message) -> None:
        """A check that the record did not allow (a hand only partly known): a ``note.*`` message."""
        if note not in self.unchecked:
            self.unchecked.append(note)

    def verdict(self, figures: tuple[FigureOutcome, ...] = (), points: tuple[int, ...] = (0, 0),
                match: DealScore | None = None) -> DealVerdict:
        """The judgement of this deal as it stands, with the figures and points scored."""
        setup, play = self.setup, self.play
        tricks = list(play.tricks)
        findings = self.violations
        if play.current:
            tricks.append(TrickRecord(play.trick_number, tuple(play.current), _led_suit(play.current), None))
        return DealVerdict(
            number=self.number, dealer=setup.dealer, trumps=setup.trumps, perlaggen=setup.perlaggen,
            cut=setup.cut_cards, cutter=setup.cutter, exchanges=tuple(setup.exchanges), tricks=tuple(tricks),
            spiel_winner=play.spiel_winner, spiel_decided_by=play.spiel_decided_by,
            violations=tuple(findings[:findings.listed]), unchecked=tuple(self.unchecked),
            violations_not_listed=len(findings) - findings.listed,
            not_listed_by_rule=tuple((rule, kind, n) for (rule, kind), n in sorted(findings.not_listed.items())),
            figures=figures, points=points, bets=tuple(self.betting.bet_log), stopped=self.stopped, match=match,
            seats=self.table.seats, sides=self.sheet.sides,
        )


def _neighbour(state: DealState, seat: Seat, step: int) -> Seat:
    """The next player clockwise (step 1) or anticlockwise (-1) who is playing this deal; a dealer
    who has left the game still deals and is counted from (004 Strafperlaggen)."""
    seats = state.sheet.seats
    i = seats.index(seat)
    for k in range(1, len(seats) + 1):
        candidate = seats[(i + step * k) % len(seats)]
        if candidate in state.table.seats:
            return candidate
    return seat


def _led_suit(plays: list[PlayRecord]) -> Suit | None:
    return plays[0].counts_as.suit if plays else None
