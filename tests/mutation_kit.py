"""The machinery of the mutation tests (issue 18, item 13): clean matches, single-act mutants, rates.

Clean material comes from the project's generator (:class:`perlagg_streit.tools.generate.MatchGenerator`)
under every bundled ruleset, written out as text by the project's writer. Each clean match is
judged first: any finding there is a false alarm of the engine (or a bug of the generator).

A *mutant* is a clean match with one act of one deal changed **in the written text** (so the
reader is exercised too), cut off after that deal. Each operator applies its change only where it
knows, from its own model of the deal (:class:`DealModel`: hands, tricks, trumps, Perlaggen, the
betting books, the turns to show), that the changed act breaks exactly one rule, and it names that
rule and the place (deal, line, column, seat; the trick for a card). The model is written from the
rules digest (``/work/shared/rules/RULES.md``) and the sources (``/work/shared/seeds/``); it never
asks the engine. The engine's verdict on the mutant then decides:

- *caught*: some finding at the place of the changed act;
- *right rule*: the expected rule reported at that place (other, consequential findings are
  allowed and counted);
- anything else is a failure, printed with its transcript.

The operators live in :data:`OPERATORS`; each docstring cites the rule it breaks. Where an operator
does not exist for a form (no partner at two players, no teams to show at three, no fifth-trick
rule with seven or four cards, ...), :meth:`Operator.not_applicable` says why, and the rate table
prints that reason instead of a rate.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache

from perlagg_streit.base.cards import Card, Rank, Suit
from perlagg_streit.engine import Ruleset, judge
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import (
    Ask,
    Bet,
    Call,
    CutTaken,
    Deal,
    DealerIs,
    Event,
    Exchange,
    Figure,
    Good,
    HandDealt,
    Hold,
    Play,
    PointsRecorded,
    Raise,
    ScoreBefore,
    ScoreRecorded,
    Show,
    ShowBegins,
    StageBegins,
    Stands,
    Tag,
    Transcript,
    TurnUp,
    ValidationBegins,
)
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.generate import MatchGenerator

G, H, SP = Figure.GLEICH, Figure.HANGER, Figure.SPIEL
FIGURES = (G, H, SP)
E, L, HZ, S = Suit.EICHEL, Suit.LAUB, Suit.HERZ, Suit.SCHELL
SPIEL_AUS = 8


# ---- the forms of the game, as the sources describe them ------------------------------------

@dataclass(frozen=True)
class Form:
    """What the operators need to know of a ruleset, taken from RULES.md §3 and the sources (not
    from the engine's ruleset objects; ``test_mutations.py`` checks that the two agree)."""

    name: str
    players: int
    hand: int  # cards per player (000 The Deal; 004 Zwei-, Drei-, Sechs-Spieler-Spiel)
    spiel_tricks: int  # tricks that make the Spiel (000: three of five; 004: four of seven)
    weli: bool  # the pack has the Weli, the Six of bells (DECK-1; DECK-3: not Giltspiel, Schlanders)
    style: str  # which cards are Perlaggen: see :func:`perlaggen`
    restriction: bool  # BAPT-6: 000 The Play "There is one restriction"; none under § 15
    blind: str  # "any" (004 Blind-Einsätze; old § 32), "neu" (Neue § 32), "none", "unstated"
    # BET-13: "bet" (000), "bet_hold_raise" (§ 29); None: the sources have no such rule for this form
    # (written for the fifth of five tricks; the engine extends it to the last of seven, which the
    # operators leave alone: docs/rulesets.md, hand_size)
    fifth_trick: str | None
    top: int  # BET-7: Spiel aus (000, § 13), or three (004 Drei-Spieler-Spiel, special rule 1)
    concede_unbet_spiel: bool  # 000 Betting; not with three (004 Drei-Spieler-Spiel, P3-13)
    exchange_deadline: bool  # a source says when the exchange lapses (000 The Play; 002); § 7 does not
    opponents_exchange: bool  # 000 Eichelperlaggen, Variant (Imst and Tarrenz)
    countdown: bool = False  # Strafperlaggen: from 9 down to 0 (004)

    @property
    def table(self) -> int:
        """2, 3, 4 or 6: the form in the rate table."""
        return self.players


def _form(name: str, players: int = 4, hand: int = 5, spiel_tricks: int = 3, weli: bool = True,
          style: str = "innsbruck", restriction: bool = True, blind: str = "unstated",
          fifth_trick: str | None = "bet", top: int = SPIEL_AUS, concede_unbet_spiel: bool = True,
          exchange_deadline: bool = True, opponents_exchange: bool = False, countdown: bool = False) -> Form:
    return Form(name, players, hand, spiel_tricks, weli, style, restriction, blind, fifth_trick, top,
                concede_unbet_spiel, exchange_deadline, opponents_exchange, countdown)


#: Every bundled ruleset. Variants the sources describe in one paragraph follow the style they
#: belong to, as RULES.md §3 infers (=inn*, =eich*): 000 Eichelperlaggen "the play, betting and
#: scoring are the same as in the Innsbruck style"; 004 "mit den gleichen Regeln wie die
#: vier-Spieler-Spiel" (two), "Die übrigen Regeln sind dieselben wie für vier Spieler" (six),
#: "Die anderen Regeln sind die gleichen wie in der vier-Spieler-Spiel" (three).
FORMS: dict[str, Form] = {f.name: f for f in (
    _form("innsbruck", blind="any"),
    _form("innsbruck-1890", restriction=False, blind="any", fifth_trick="bet_hold_raise", exchange_deadline=False),
    _form("innsbruck-neu", restriction=False, blind="neu", fifth_trick="bet_hold_raise", exchange_deadline=False),
    _form("eichel", style="eichel"),
    _form("eichel-tarrenz", style="eichel", opponents_exchange=True),
    _form("schlanders", weli=False, style="schlanders"),
    _form("deutschnofen", style="deutschnofen"),
    _form("giltspiel", weli=False, style="giltspiel", restriction=False, blind="none"),
    _form("perlique", weli=False, style="perlique"),
    _form("radetzky", weli=False, style="radetzky"),
    _form("tirol-1853", weli=False, style="tirol"),
    _form("zwei", players=2, blind="any"),
    _form("zwei-sieben", players=2, hand=7, spiel_tricks=4, blind="any", fifth_trick=None),
    _form("drei", players=3, hand=7, spiel_tricks=4, blind="none", fifth_trick=None, top=3,
          concede_unbet_spiel=False),
    _form("sechs", players=6, hand=4, blind="any", fifth_trick=None),
    _form("strafperlaggen", players=3, hand=7, spiel_tricks=4, style="straf", blind="any", fifth_trick=None,
          top=3, concede_unbet_spiel=False, countdown=True),
)}


def _c(suit: Suit, rank: Rank) -> Card:
    return Card(suit, rank)


A_, K_, O_, U_, T10, N9, E8_, S7_, S6_ = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNTER, Rank.ZEHN, Rank.NEUN,
                                          Rank.ACHT, Rank.SIEBEN, Rank.SECHS)
WELI, MARTL = _c(S, S6_), _c(HZ, K_)
RANKS = (A_, K_, O_, U_, T10, N9, E8_, S7_)
#: Trick strength, high to low: A K O U 10 9 8 7 (000 Players and Cards); the Six (only the Weli at
#: its face value) below the Seven, since no source ranks it (D-50).
STRENGTH = {A_: 8, K_: 7, O_: 6, U_: 5, T10: 4, N9: 3, E8_: 2, S7_: 1, S6_: 0}


def perlaggen(style: str, trumps: Suit) -> list[Card]:
    """This deal's Perlaggen, highest first (RULES.md §3, "Full Perlagg order")."""
    t7, tu, to, tk = _c(trumps, S7_), _c(trumps, U_), _c(trumps, O_), _c(trumps, K_)
    order: list[Card]
    if style == "innsbruck":  # 000 Players and Cards: the trump Seven only if hearts or leaves are trumps
        order = [MARTL, WELI, _c(S, S7_), _c(E, S7_)] + ([t7] if trumps in (HZ, L) else []) + [tu, to]
    elif style == "eichel":  # 000 Eichelperlaggen: "There are always eight Perlaggen"
        order = [MARTL, WELI, t7, tu, to, _c(E, S7_), _c(E, U_), _c(E, O_)]
    elif style == "schlanders":  # 000 Variations: the Eight of acorns for the Weli, Ober over Unter
        order = [MARTL, _c(E, E8_), t7, to, tu, _c(E, S7_), _c(E, O_), _c(E, U_)]
    elif style == "deutschnofen":  # 000 Variations: "There are 10 Perlaggen, in descending order"
        order = [WELI, MARTL, _c(S, K_), _c(HZ, S7_), _c(S, S7_), _c(L, S7_), _c(E, S7_), tk, to, tu]
    elif style == "giltspiel":  # 001: no wild cards
        order = []
    elif style == "perlique":  # 000 Variations: "the 7, Ober and Unter of trumps"
        order = [t7, to, tu]
    elif style == "radetzky":  # 000 Variations: the King of hearts, then the Seven, Ober and Unter of trumps
        order = [MARTL, t7, to, tu]
    elif style == "tirol":  # 000 Variations (1853): "the King, Seven, Ober and Unter of the trump suit"
        order = [tk, t7, to, tu]
    elif style == "straf":  # 004 Strafperlaggen: Martl, Weli, 7 of bells, 7 of acorns, (trump 7), U, O, EU, EO
        order = [MARTL, WELI, _c(S, S7_), _c(E, S7_)] + ([t7] if trumps in (HZ, L) else []) + [tu, to,
                                                                                            _c(E, U_), _c(E, O_)]
    else:
        raise ValueError(style)
    seen: list[Card] = []
    for c in order:
        if c not in seen:
            seen.append(c)
    return seen


@cache
def pack(form: Form) -> frozenset[Card]:
    """The 32 cards A ... 7 of four suits, and the Weli where the pack has it (DECK-1, DECK-3)."""
    cards = {_c(s, r) for s in (E, L, HZ, S) for r in RANKS}
    if form.weli:
        cards.add(WELI)
    return frozenset(cards)


#: The seats clockwise and the sides (scoresheet columns) at each table (000 The Players; 004:
#: A, B, C ... clockwise at two, three and six; teams of three at six sit alternately).
TABLES = {
    2: (("A", "B"), ("A", "B")),
    3: (("A", "B", "C"), ("A", "B", "C")),
    4: (("N", "E", "S", "W"), ("NS", "EW")),
    6: (("A", "B", "C", "D", "E", "F"), ("ACE", "BDF")),
}


# ---- the clean material ----------------------------------------------------------------------

@dataclass
class CleanMatch:
    """A generated match as written, read back, and its verdict's findings (there must be none)."""

    form: Form
    seed: int
    text: str
    transcript: Transcript
    findings: list[tuple[str, int, str]]  # rule, deal, detail: false alarms

    @property
    def source(self) -> str:
        return f"{self.form.name}-seed{self.seed}.perlagg"


@cache
def ruleset(name: str) -> Ruleset:
    """The engine's ruleset (loaded once)."""
    return load_ruleset(name)


def clean_match(name: str, seed: int) -> CleanMatch:
    """One whole match under ``name``, generated from ``seed`` (deterministic), as text, judged."""
    form = FORMS[name]
    transcript = MatchGenerator(ruleset(name), seed).match(1)
    text = format_transcript(transcript)
    result = read_transcript(text, f"{name}-seed{seed}.perlagg")
    assert not result.errors, [e.render() for e in result.errors]
    verdict = judge(result.transcript, ruleset(name))
    findings = [(v.rule, v.place.deal, v.detail_en) for v in verdict.violations]
    return CleanMatch(form, seed, text, result.transcript, findings)


# ---- the text of a match and where each act is written ---------------------------------------

@dataclass(frozen=True)
class Act:
    """An event of the clean transcript and where it is written: 1-based line, 0-based span."""

    event: Event
    line: int
    start: int
    end: int

    @property
    def column(self) -> int:
        return self.start + 1


_ACTIONS = (Play, Bet, Call, Good, Hold, Raise, Show, Stands, Ask)


def acts_of(deal: Deal, lines: list[str]) -> list[Act]:
    """The deal's events in order, each with the span of its text on its line."""
    acts: list[Act] = []
    for line in deal.lines:
        events = list(line.events)
        if not events:
            continue
        number = events[0].pos.line
        text = lines[number - 1]
        if not isinstance(events[0], _ACTIONS):
            acts.append(Act(events[0], number, 0, len(text)))
            continue
        starts = [e.pos.column - 1 for e in events]
        for i, e in enumerate(events):
            end = starts[i + 1] - 2 if i + 1 < len(events) else len(text)
            assert i + 1 == len(events) or text[end:end + 2] == ", ", (text, end)
            acts.append(Act(e, number, starts[i], end))
    return acts


# ---- my own model of a deal ------------------------------------------------------------------

@dataclass
class Pending:
    """A bet awaiting its answers: the sides still to answer, in turn from the bettor's left."""

    side: str
    seat: str
    proposed: int
    awaiting: list[str]


@dataclass
class Book:
    """One figure's betting (000 Betting; 004 Drei-Spieler-Spiel)."""

    value: int = 1
    status: str = "open"  # open, conceded
    to: str | None = None  # the side it was conceded to
    pending: Pending | None = None
    seen: str | None = None  # the side whose last bet on it was seen (held or raised)
    out: set[str] = field(default_factory=set)  # sides that said good to it
    bet: bool = False  # someone bet it in this deal


@dataclass
class State:
    """The deal as it stands between two acts."""

    phase: str = "setup"  # setup, play, show, validation, end
    trick: int = 1  # the trick being played (or to be played next)
    current: list[tuple[str, Card, Card, bool]] = field(default_factory=list)  # seat, card, counts as, baptised
    hand: dict[str, list[Card]] = field(default_factory=dict)  # the cards each player still holds
    won: dict[str, int] = field(default_factory=dict)  # tricks per side
    spiel: tuple[str, str | None] | None = None  # ("tricks" | "conceded" | "hin", side)
    stage: str | None = None  # the side whose turn it is to show
    books: dict[Figure, Book] = field(default_factory=dict)
    fixed: dict[Card, Card] = field(default_factory=dict)  # a Perlagg's baptism, fixed for the deal (BAPT-5)
    explicit: set[Card] = field(default_factory=set)  # Perlaggen fixed by a baptism actually said
    fixed_by: dict[Card, str] = field(default_factory=dict)  # who played or showed it first
    plays: list[tuple[int, str, Card, Card | None, int]] = field(default_factory=list)  # trick, seat, card, bapt, act

    def copy(self) -> State:
        """A copy to keep as the state before an act (cheaper than deepcopy: the cards are shared)."""
        books = {f: Book(b.value, b.status, b.to, None if b.pending is None else
                         Pending(b.pending.side, b.pending.seat, b.pending.proposed, list(b.pending.awaiting)),
                         b.seen, set(b.out), b.bet) for f, b in self.books.items()}
        return State(self.phase, self.trick, list(self.current), {s: list(h) for s, h in self.hand.items()},
                     dict(self.won), self.spiel, self.stage, books, dict(self.fixed), set(self.explicit),
                     dict(self.fixed_by), list(self.plays))

    def secured(self, side: str) -> int:
        """Points a side has made sure of in this deal: figures conceded to it (END-3, Example 7)."""
        return sum(b.value for b in self.books.values() if b.status == "conceded" and b.to == side)


@dataclass
class DealModel:
    """One deal of a clean match, replayed by my own model of the rules: the state before each act."""

    match: CleanMatch
    number: int
    first_line: int  # the line of "Ausgabe n"
    last_line: int
    acts: list[Act]
    states: list[State]  # states[i]: before acts[i]; states[-1]: after the last act
    seats: tuple[str, ...]  # who plays this deal, clockwise
    sides: tuple[str, ...]  # the sides playing this deal
    columns: tuple[str, ...]  # the scoresheet's columns
    dealer: str
    trumps: Suit | None
    order: list[Card]  # this deal's Perlaggen, highest first
    dealt: dict[str, list[Card]]
    five: dict[str, set[Card]]  # every card a player held in this deal (dealt, or taken in exchange)
    exchanges: list[tuple[Act, Exchange]]
    turned: tuple[Card, ...]
    before: tuple[int, ...]  # the score before the deal, one per column
    target: int
    _bets: list[tuple[Gap, str, Figure, dict[str, str]]] | None = None
    _perlaggen: frozenset[Card] | None = None

    @property
    def standalone(self) -> bool:
        """Whether the deal can be judged on its own, from its score before: not in Strafperlaggen
        once a player has reached 0 (004: the other two play on; the earlier deals say who)."""
        return len(self.seats) == self.form.players

    def bet_table(self) -> list[tuple[Gap, str, Figure, dict[str, str]]]:
        """Every bet that could be written at every gap, with the rules it would break (worked out once)."""
        if self._bets is None:
            self._bets = [(gap, seat, figure, broken) for gap in gaps(self) for seat in self.seats for figure in FIGURES
                          if (broken := bet_breaks(self, self.states[gap.before], seat, figure)) is not None]
        return self._bets

    @property
    def form(self) -> Form:
        return self.match.form

    @property
    def perlaggen(self) -> frozenset[Card]:
        if self._perlaggen is None:
            self._perlaggen = frozenset(self.order)
        return self._perlaggen

    def side_of(self, seat: str) -> str:
        return next(s for s in self.sides if seat in s) if len(self.sides) < len(self.seats) else seat

    def members(self, side: str) -> list[str]:
        return [s for s in self.seats if self.side_of(s) == side]

    def score(self, side: str) -> int:
        return self.before[self.columns.index(side)]

    def left_of(self, seat: str) -> str:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def opponents_in_turn(self, seat: str) -> list[str]:
        """The other sides in the order they answer a bet by ``seat``: clockwise from his left."""
        own, order = self.side_of(seat), []
        i = self.seats.index(seat)
        for k in range(1, len(self.seats)):
            side = self.side_of(self.seats[(i + k) % len(self.seats)])
            if side != own and side not in order:
                order.append(side)
        return order

    def counts_as(self, card: Card, baptism: Card | None) -> Card:
        """A baptised Perlagg counts as its baptism, a card of the pack (BAPT-1, BAPT-4); else face value."""
        if baptism is not None and card in self.perlaggen and baptism in pack(self.form):
            return baptism
        return card

    def natural(self, card: Card) -> bool:
        return card not in self.perlaggen

    def gestrichen(self, side: str) -> bool:
        """One point short of the target (END-1); counting down nobody is (STRAF: END-17 instead)."""
        return not self.form.countdown and self.score(side) == self.target - 1


def trick_winner(model: DealModel, plays: list[tuple[str, Card, Card, bool]]) -> str:
    """000 The Play: the highest trump, else the highest card of the suit led; equal cards go to a
    baptised Perlagg, among Perlaggen to the higher one (Example 1; TRICK-1 to TRICK-3)."""
    led = plays[0][2].suit
    rank = {c: i for i, c in enumerate(model.order)}

    def strength(p: tuple[str, Card, Card, bool]) -> tuple[int, int, int]:
        _seat, card, counts, baptised = p
        tier = 2 if counts.suit == model.trumps else 1 if counts.suit == led else 0
        tie = len(model.order) - rank[card] if baptised else 0
        return tier, STRENGTH[counts.rank], tie

    return max(plays, key=strength)[0]


def _figures(model: DealModel, state: State, seat: str, named: tuple[Figure, ...]) -> list[Figure]:
    """The figures an answer refers to: those named, else those awaiting this side's answer."""
    if named:
        return [f for f in FIGURES if f in named]
    side = model.side_of(seat)
    return [f for f in FIGURES if (p := state.books[f].pending) is not None and side in p.awaiting]


def _concede(state: State, figure: Figure, side: str) -> None:
    book = state.books[figure]
    book.status, book.to, book.pending = "conceded", side, None
    if figure is SP and state.spiel is None:
        state.spiel = ("conceded", side)


def step(model: DealModel, state: State, event: Event, index: int) -> None:
    """Apply one act of a clean deal to my model (000 The Play, Betting, The Show; 004 for three)."""
    if isinstance(event, Play):
        state.phase = "play"
        counts = model.counts_as(event.card, event.baptism)
        baptised = event.card in model.perlaggen and event.baptism is not None and event.baptism in pack(model.form)
        state.hand[event.seat].remove(event.card)
        if event.card in model.perlaggen and event.card not in state.fixed:
            state.fixed[event.card], state.fixed_by[event.card] = counts, event.seat
            if event.baptism is not None:
                state.explicit.add(event.card)
        state.plays.append((state.trick, event.seat, event.card, event.baptism, index))
        state.current.append((event.seat, event.card, counts, baptised))
        if len(state.current) == len(model.seats):
            winner = model.side_of(trick_winner(model, state.current))
            state.won[winner] = state.won.get(winner, 0) + 1
            state.current = []
            state.trick += 1
            if state.spiel is None and state.won[winner] >= model.form.spiel_tricks:
                state.spiel = ("tricks", winner)
            elif state.spiel is None and state.trick > model.form.hand:
                state.spiel = ("hin", None)
    elif isinstance(event, Bet):
        state.phase = "play" if state.phase == "setup" else state.phase
        side = model.side_of(event.seat)
        for f in [f for f in FIGURES if f in event.figures]:
            book = state.books[f]
            awaiting = [s for s in model.opponents_in_turn(event.seat) if s not in book.out]
            book.pending, book.bet = Pending(side, event.seat, book.value + 1, awaiting), True
    elif isinstance(event, Hold):
        for f in _figures(model, state, event.seat, event.figures):
            book = state.books[f]
            assert book.pending is not None
            book.value, book.seen, book.pending = book.pending.proposed, book.pending.side, None
    elif isinstance(event, Raise):
        side = model.side_of(event.seat)
        for f in _figures(model, state, event.seat, event.figures):
            book = state.books[f]
            assert book.pending is not None
            book.value, book.seen = book.pending.proposed, book.pending.side
            awaiting = [s for s in model.opponents_in_turn(event.seat) if s not in book.out]
            book.pending = Pending(side, event.seat, event.value, awaiting)
    elif isinstance(event, Good):
        side = model.side_of(event.seat)
        for f in _figures(model, state, event.seat, event.figures):
            book = state.books[f]
            pending = book.pending
            book.out.add(side)
            if pending is not None and side in pending.awaiting:
                pending.awaiting.remove(side)
                if not pending.awaiting:
                    _concede(state, f, pending.side)
            elif pending is None:
                left = [s for s in model.sides if s not in book.out]
                if len(left) == 1:
                    _concede(state, f, left[0])
    elif isinstance(event, Show):
        for shown in event.cards:
            if shown.card in model.perlaggen and shown.card not in state.fixed:
                state.fixed[shown.card] = model.counts_as(shown.card, shown.baptism)
                state.fixed_by[shown.card] = event.seat
                if shown.baptism is not None:
                    state.explicit.add(shown.card)
    elif isinstance(event, ShowBegins):
        state.phase = "show"
    elif isinstance(event, StageBegins):
        state.stage = event.team
    elif isinstance(event, ValidationBegins):
        state.phase, state.stage = "validation", None
    elif isinstance(event, PointsRecorded):
        state.phase = "end"


def model_deals(match: CleanMatch) -> list[DealModel]:
    """Every deal of a clean match, replayed by my own model."""
    lines = match.text.split("\n")
    players = match.form.players
    all_seats, all_sides = TABLES[players]
    tags = {e.name: e.value for line in match.transcript.header for e in line.events if isinstance(e, Tag)}
    target = int(tags["Target"])
    before: tuple[int, ...] | None = None
    models: list[DealModel] = []
    deals = match.transcript.deals
    for k, deal in enumerate(deals):
        acts = acts_of(deal, lines)
        events = [a.event for a in acts]
        first = deal.header.pos.line
        last = deals[k + 1].header.pos.line - 2 if k + 1 < len(deals) else max(a.line for a in acts)
        dealer = next(e.seat for e in events if isinstance(e, DealerIs))
        scores = next((e.scores for e in events if isinstance(e, ScoreBefore)), None)
        if scores is not None:
            before = tuple(scores)
        assert before is not None
        dealt = {e.seat: [c for c in e.cards if c is not None] for e in events if isinstance(e, HandDealt)}
        seats = tuple(s for s in all_seats if s in dealt)
        sides = all_sides if players != 3 else seats
        turn = next(e for e in events if isinstance(e, TurnUp))
        trumps = turn.cards[-1].suit
        exchanges = [(a, a.event) for a in acts if isinstance(a.event, Exchange)]
        five = {s: set(c) for s, c in dealt.items()}
        for _a, x in exchanges:
            five[x.seat].add(x.takes)
        model = DealModel(match, deal.number, first, last, acts, [], seats, sides, all_sides, dealer, trumps,
                          perlaggen(match.form.style, trumps), dealt, five, exchanges, tuple(turn.cards),
                          before, target)
        state = State(hand={s: list(c) for s, c in dealt.items()}, books={f: Book() for f in FIGURES})
        for _a, x in exchanges:
            state.hand[x.seat].remove(x.gives)
            state.hand[x.seat].append(x.takes)
        for i, act in enumerate(acts):
            model.states.append(state.copy())
            if not isinstance(act.event, Exchange):
                step(model, state, act.event, i)
        model.states.append(state)
        after = next((e.scores for e in events if isinstance(e, ScoreRecorded)), None)
        if after is not None:
            before = tuple(after)
        models.append(model)
    return models


# ---- mutants -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Edit:
    """One change to the text: replace a span of a line, insert a line after line ``line`` (0: at the
    top), or delete a line. Lines are 1-based, spans 0-based."""

    kind: str  # replace, insert, delete
    line: int
    start: int = 0
    end: int = 0
    text: str = ""


@dataclass(frozen=True)
class Site:
    """Where an operator changes one act, what the change is, and what the engine must report there."""

    model: DealModel
    edits: tuple[Edit, ...]
    rule: str
    seat: str | None
    at: tuple[int, int]  # line and column of the changed act in the mutated text
    trick: int | None
    note: str

    def text(self) -> str:
        """The mutated transcript: the header and the changed deal alone, from the score written
        before it (a file may begin in the middle of a match: docs/transcript-format.md § 6.3). The
        lines of the earlier deals are left blank, so that every line keeps its number. In
        Strafperlaggen, once a player has reached 0, the earlier deals stay: they decide who plays."""
        m = self.model
        lines = m.match.text.split("\n")[: m.last_line]
        if m.standalone and m.number != m.match.transcript.deals[0].number:
            start = m.match.transcript.deals[0].header.pos.line
            for n in range(start, m.first_line - 1):
                lines[n - 1] = ""
            lines[m.first_line - 2] = f"Ausgabe {m.number}"
            lines[m.first_line - 1] = "Vorher: " + ":".join(map(str, m.before))
        for edit in sorted(self.edits, key=lambda e: (e.line, e.start), reverse=True):
            if edit.kind == "replace":
                old = lines[edit.line - 1]
                lines[edit.line - 1] = old[: edit.start] + edit.text + old[edit.end:]
            elif edit.kind == "insert":
                lines.insert(edit.line, edit.text)
            elif edit.kind == "delete":
                del lines[edit.line - 1]
            else:
                raise ValueError(edit.kind)
        return "\n".join(lines) + "\n"


def replace_act(model: DealModel, act: Act, text: str, rule: str, seat: str | None, note: str,
                trick: int | None = None) -> Site:
    """The act's text replaced; the finding is expected where the act begins."""
    return Site(model, (Edit("replace", act.line, act.start, act.end, text),), rule, seat, (act.line, act.column),
                trick, note)


def insert_before_act(model: DealModel, act: Act, text: str, rule: str, seat: str | None, note: str) -> Site:
    """A new act written just before ``act`` on its line (within a trick, as ", " separates acts)."""
    return Site(model, (Edit("replace", act.line, act.start, act.start, text + ", "),), rule, seat,
                (act.line, act.column), None, note)


def insert_after_act(model: DealModel, act: Act, text: str, rule: str, seat: str | None, note: str) -> Site:
    """A new act written just after ``act`` on its line."""
    return Site(model, (Edit("replace", act.line, act.end, act.end, ", " + text),), rule, seat,
                (act.line, act.end + 3), None, note)


def insert_line(model: DealModel, after: int, text: str, rule: str, seat: str | None, note: str) -> Site:
    """A new line after line ``after``."""
    return Site(model, (Edit("insert", after, text=text),), rule, seat, (after + 1, 1), None, note)


def card_text(c: Card) -> str:
    return "Weli" if c == WELI else c.code


def played_text(card: Card, baptism: Card | None) -> str:
    return card_text(card) + (f"={card_text(baptism)}" if baptism is not None else "")


def spell(model: DealModel, key: int, kind: str, seat: str, figure: Figure, value: int = 0) -> str:
    """An act as players write it, in one of the spellings the transcript language accepts
    (docs/transcript-format.md § 7), chosen by ``key`` so that the reader sees them all."""
    name = figure.value
    if kind == "bet":
        words = [f"{seat} biete {name}", f"{seat} {name} geboten", f"{seat} ich biete das {name}",
                 f"{seat} bets {name}"]
    elif kind == "hold":
        words = [f"{seat} halte {name}", f"{seat} schaue {name}", f"{seat} hebe {name}", f"{seat} holds {name}"]
    elif kind == "call":
        words = [f"{seat} {name}!", f"{seat} das {name}!"]
    elif kind == "good":
        words = [f"{seat} gut {name}", f"{seat} {name} ist gut", f"{seat} concedes {name}"]
    elif value == SPIEL_AUS:
        words = [f"{seat} Spiel aus {name}", f"{seat} steigert Spiel aus {name}"]
    else:
        word = _VALUE_WORDS[value]
        words = [f"{seat} {word} {name}", f"{seat} steigert {word} {name}", f"{seat} raises to {value} {name}"]
    return words[key % len(words)]


_VALUE_WORDS = {3: "drei", 4: "vier", 5: "fünf", 6: "sechs", 7: "sieben", 8: "Spiel aus"}


@dataclass(frozen=True)
class Operator:
    """A kind of mutation: the rule it breaks, where it applies, and how it finds its sites."""

    name: str
    rule: str
    sites: Callable[[DealModel], Iterator[Site]]
    not_applicable: Callable[[Form], str | None]
    doc: str
    void: bool = False  # the act written is void by the rules: nothing else of the verdict may change
    rare: bool = False  # its places are rare: a small run may find none in some form (the big run does)

    def __reduce__(self) -> tuple[Callable[[str], Operator], tuple[str]]:
        # pickled by name (benchmarks/mutations.py runs rulesets in worker processes)
        return operator_named, (self.name,)


def operator_named(name: str) -> Operator:
    """The registered operator of this name."""
    return next(op for op in OPERATORS + [NO_OPERATOR] if op.name == name)


OPERATORS: list[Operator] = []
#: The rate tables of this run, printed by tests/conftest.py at the end of the pytest run.
REPORTS: list[str] = []


SiteFinder = Callable[["DealModel"], Iterator["Site"]]


def operator(name: str, rule: str, not_applicable: Callable[[Form], str | None] = lambda f: None,
             void: bool = False, rare: bool = False) -> Callable[[SiteFinder], SiteFinder]:
    """Register an operator; its docstring says which rule it breaks and where the rules say so."""
    def register(fn: SiteFinder) -> SiteFinder:
        OPERATORS.append(Operator(name, rule, fn, not_applicable, (fn.__doc__ or "").strip(), void, rare))
        return fn
    return register


def _tricks(model: DealModel) -> dict[int, list[tuple[int, str, Card, Card | None, int]]]:
    """The plays of each trick, in order: trick, seat, card, baptism, index of the act."""
    out: dict[int, list[tuple[int, str, Card, Card | None, int]]] = defaultdict(list)
    for play in model.states[-1].plays:
        out[play[0]].append(play)
    return out


def _led(model: DealModel, trick: list[tuple[int, str, Card, Card | None, int]]) -> Suit:
    """The suit led: a Perlagg led counts as the suit it is baptised as (PLAY-7)."""
    _t, _seat, card, baptism, _i = trick[0]
    return model.counts_as(card, baptism).suit


# ---- the play -----------------------------------------------------------------------------------

def _withheld(model: DealModel, trump_led: bool) -> Iterator[Site]:
    """Revoke sites: a player followed with a natural card of the suit led (X) and holds a natural
    card of another suit that is no trump (Y), played later or never: play Y where X was."""
    tricks = _tricks(model)
    final = model.states[-1].hand
    rule = "PLAY-4" if trump_led else "PLAY-3"
    for number, trick in tricks.items():
        led = _led(model, trick)
        if (led == model.trumps) != trump_led:
            continue
        for _t, seat, x, bx, ai in trick[1:]:
            if bx is not None or not model.natural(x) or x.suit != led:
                continue
            later = [(tj, y, aj) for tj, s, y, by, aj in model.states[-1].plays
                     if s == seat and tj > number and by is None and model.natural(y)
                     and y.suit not in (led, model.trumps)]
            unplayed = [y for y in final[seat] if model.natural(y) and y.suit not in (led, model.trumps)]
            act = model.acts[ai]
            for tj, y, aj in later:
                other = model.acts[aj]
                assert other.line != act.line
                yield Site(model, (Edit("replace", act.line, act.start, act.end, f"{seat} {card_text(y)}"),
                                   Edit("replace", other.line, other.start, other.end, f"{seat} {card_text(x)}")),
                           rule, seat, (act.line, act.column), number,
                           f"{seat} plays {y} in trick {number} and {x} in trick {tj} (swapped)")
            for y in unplayed:
                yield replace_act(model, act, f"{seat} {card_text(y)}", rule, seat,
                                  f"{seat} plays {y} (kept to the end) instead of {x} in trick {number}", number)


@operator("revoke", "PLAY-3")
def revoke(model: DealModel) -> Iterator[Site]:
    """Revoke (*Farbleugnen*): a player who holds a natural card of the suit led plays a natural card
    of another suit that is no trump. 000 The Play: "A player who has a card of the suit that was led
    must either follow suit or play a trump"; 001 The Play; old/Neue § 15 "Es darf nie Farbe
    verleugnet werden, außer es wird mit Trumpf oder Perlagg gestochen" (PLAY-3). Made by swapping two
    of his natural cards between tricks (or with one he kept to the end)."""
    yield from _withheld(model, trump_led=False)


@operator("trump-not-followed", "PLAY-4")
def not_trumping(model: DealModel) -> Iterator[Site]:
    """Not trumping to a trump lead: a player who holds a natural trump plays a natural card that is no
    trump. 000 The Play: "if a trump is let the other players must play a trump if they have one"
    (also 001 The Play); 004 Das Spiel "Trumpf abreißen" (PLAY-4). Made as the revoke is."""
    yield from _withheld(model, trump_led=True)


@operator("not-heading", "-", lambda f: "no ruleset demands heading: 000/001/004 The Play, \"There is no "
          "obligation to overtake cards previously played\" (PLAY-5)")
def not_heading(model: DealModel) -> Iterator[Site]:
    """Not heading (not beating the cards played): no source demands it (PLAY-5)."""
    return iter(())


@operator("card-not-held", "RECORD-NOT-HELD")
def card_not_held(model: DealModel) -> Iterator[Site]:
    """A card played that the player never held: a natural card of the same suit as the one he
    played, dealt to another player or left in the stock. 000 The Play (a player plays from his own
    five cards); the record contradicts the hands written for the deal (RECORD-NOT-HELD). The same
    suit keeps the duty to follow suit as it was."""
    every = sorted(pack(model.form), key=lambda c: c.code)
    for number, trick in _tricks(model).items():
        for _t, seat, x, bx, ai in trick:
            if bx is not None or not model.natural(x):
                continue
            for z in every:
                if z.suit == x.suit and z != x and model.natural(z) and z not in model.five[seat]:
                    yield replace_act(model, model.acts[ai], f"{seat} {card_text(z)}", "RECORD-NOT-HELD", seat,
                                      f"{seat} plays {z}, which he never held, instead of {x}", number)


@operator("card-played-twice", "RECORD-NOT-HELD")
def card_twice(model: DealModel) -> Iterator[Site]:
    """A card played twice: a player plays again, in a later trick, a natural card he already played.
    000 The Play (each card once; the played cards stay face up in front of the player): by the
    record he no longer holds it (RECORD-NOT-HELD)."""
    plays = model.states[-1].plays
    tricks = _tricks(model)
    for i, (ti, seat, x, bx, _ai) in enumerate(plays):
        if bx is not None or not model.natural(x):
            continue
        for tj, s, _y, _by, aj in plays[i + 1:]:
            if s != seat or tj <= ti:
                continue
            lead = tricks[tj][0]
            if lead[4] != aj and not _may_follow_with(model, model.states[aj].hand[seat], _led(model, tricks[tj]), x):
                continue  # playing X there would be a revoke too: not one rule broken
            yield replace_act(model, model.acts[aj], f"{seat} {card_text(x)}", "RECORD-NOT-HELD", seat,
                              f"{seat} plays {x} again in trick {tj} (first played in trick {ti})", tj)


def _may_follow_with(model: DealModel, hand: list[Card], led: Suit, counts: Card) -> bool:
    """000 The Play: a card that counts as ``counts`` may be played to this lead from this hand: it is
    of the suit led or a trump, or the hand has no natural card of the suit led."""
    return counts.suit in (led, model.trumps) or not any(model.natural(c) and c.suit == led for c in hand)


def _off_pack(model: DealModel, suit: Suit | None = None) -> list[Card]:
    """Sixes the pack does not have: every Six but the Weli; the Weli too where there is none
    (000 Players and Cards: the 32 cards A-7 and the Weli; 000 Variations, 001: no Weli)."""
    sixes = [_c(s, S6_) for s in (E, L, HZ, S) if _c(s, S6_) not in pack(model.form)]
    return [c for c in sixes if suit is None or c.suit == suit]


@operator("card-not-in-pack", "RECORD-NOT-IN-DECK")
def card_not_in_pack(model: DealModel) -> Iterator[Site]:
    """A card the pack does not have played as a card: a Six of the suit of the natural card played
    (any Six but the Weli; the Weli where the pack has none). 000 Players and Cards ("A 33-card ...
    pack": A K O U 10 9 8 7 and the Weli); 000 Variations and 001 (32 cards, no Weli): RECORD-NOT-IN-DECK,
    as docs/transcript-format.md § 4.3 promises."""
    for number, trick in _tricks(model).items():
        for _t, seat, x, bx, ai in trick:
            if bx is None and model.natural(x):
                for six in _off_pack(model, x.suit):
                    yield replace_act(model, model.acts[ai], f"{seat} {card_text(six)}", "RECORD-NOT-IN-DECK", seat,
                                      f"{seat} plays {card_text(six)} instead of {x}", number)


@operator("natural-card-baptised", "BAPT-1", void=True)
def natural_baptised(model: DealModel) -> Iterator[Site]:
    """A natural card "baptised" as another card as it is played. 000 Players and Cards: the
    Perlaggen are baptised, "Cards that are not Perlaggen will be referred to as natural cards";
    000 The Play (BAPT-1: only a Perlagg is baptised; the card counts as what it is). The name
    given is a card of the same suit, so that the duty to follow suit is not in question."""
    for number, trick in _tricks(model).items():
        for _t, seat, x, bx, ai in trick:
            if bx is None and model.natural(x):
                for other in sorted(pack(model.form), key=lambda c: c.code):
                    if other.suit == x.suit and other != x:
                        yield replace_act(model, model.acts[ai], f"{seat} {played_text(x, other)}", "BAPT-1", seat,
                                          f"{seat} names his natural {x} as {other}", number)


@operator("baptism-off-pack", "BAPT-4", lambda f: "no Perlaggen (001)" if f.style == "giltspiel" else None)
def baptism_off_pack(model: DealModel) -> Iterator[Site]:
    """A Perlagg baptised, as it is played, as a card the pack does not have (a Six other than the Weli;
    the Weli where there is none). 000 Players and Cards: "A Perlagg can be baptised as any card in the
    pack"; 002 Perlaggs in play; old § 18 (an unbaptised Perlagg is "zur einfachen Karte erklärt"):
    BAPT-4. Only where the Perlagg at its face value may be played there, so that the restriction on
    baptising (BAPT-6, D-63) is not broken too."""
    for number, trick in _tricks(model).items():
        led = _led(model, trick)
        for _t, seat, p, bp, ai in trick:
            if p not in model.perlaggen or bp is None:
                continue
            rest = [c for c in model.states[ai].hand[seat] if c != p]
            if trick[0][4] != ai and not _may_follow_with(model, rest, led, p):
                continue
            for six in _off_pack(model):
                yield replace_act(model, model.acts[ai], f"{seat} {played_text(p, six)}", "BAPT-4", seat,
                                  f"{seat} baptises {card_text(p)} as {card_text(six)} (was {card_text(bp)})",
                                  number)


@operator("baptism-restriction", "BAPT-6",
          lambda f: None if f.restriction else ("no Perlaggen (001)" if f.style == "giltspiel" else
                                                "no restriction: old/Neue § 15 \"Ein Perlagg ist immer Farbe\""))
def baptism_restriction(model: DealModel) -> Iterator[Site]:
    """A Perlagg baptised as a non-trump of another suit than the one led, by a player who holds a
    natural card of the suit led. 000 The Play: "There is one restriction: a player who holds a natural
    card of the suit that was led but chooses to play a Perlagg instead must baptise the Perlagg as a
    card of the suit led or as a trump"; 004 Das Spiel (BAPT-6). Only where no trump was led, so that
    the trump lead (PLAY-4) is not in question."""
    for number, trick in _tricks(model).items():
        led = _led(model, trick)
        if led == model.trumps:
            continue
        for _t, seat, p, bp, ai in trick[1:]:
            if p not in model.perlaggen:
                continue
            held = [c for c in model.states[ai].hand[seat] if c != p and model.natural(c) and c.suit == led]
            if not held:
                continue
            rank = (bp or p).rank if (bp or p).rank != S6_ else A_
            for suit in (E, L, HZ, S):
                if suit in (led, model.trumps):
                    continue
                wrong = _c(suit, rank)
                yield replace_act(model, model.acts[ai], f"{seat} {played_text(p, wrong)}", "BAPT-6", seat,
                                  f"{seat} holds {held[0]} ({led.value} led) and baptises {card_text(p)} as {wrong}",
                                  number)


# ---- the show -----------------------------------------------------------------------------------

def _shows(model: DealModel) -> Iterator[tuple[int, Act, Show]]:
    for i, act in enumerate(model.acts):
        if isinstance(act.event, Show):
            yield i, act, act.event


def _show_text(show: Show, cards: Iterable[tuple[Card, Card | None]]) -> str:
    figure = f" {show.figure.value}" if show.figure is not None else ""
    return f"{show.seat} zeigt{figure} " + " ".join(played_text(c, b) for c, b in cards)


@operator("rebaptism", "BAPT-5", lambda f: "no Perlaggen (001)" if f.style == "giltspiel" else None)
def rebaptism(model: DealModel) -> Iterator[Site]:
    """A Perlagg baptised again: a player lays down, in the show or the validation, a Perlagg of his
    that he already baptised (in play or in an earlier show) as another card. 000 The Play: the
    baptism "remains fixed until the next deal"; 000 Gleich, Hanger, Spiel (a Perlagg is baptised only
    once); old § 18 "Ein getaufter Perlagg darf unter keinen Umständen mehr getauft werden" (BAPT-5)."""
    every = sorted(pack(model.form), key=lambda c: c.code)
    for i, act, show in _shows(model):
        state = model.states[i]
        shown = {s.card for s in show.cards}
        for p in sorted(model.five[show.seat], key=lambda c: c.code):
            if p not in model.perlaggen or p not in state.explicit or p in shown or state.fixed_by[p] != show.seat:
                continue
            fixed = state.fixed[p]
            for other in every:
                if other.rank == fixed.rank and other != fixed and other != p:
                    cards = [(s.card, s.baptism) for s in show.cards] + [(p, other)]
                    yield replace_act(model, act, _show_text(show, cards), "BAPT-5", show.seat,
                                      f"{show.seat} shows {card_text(p)} as {other}; it was baptised {fixed}")


@operator("baptism-off-pack-show", "BAPT-4", lambda f: "no Perlaggen (001)" if f.style == "giltspiel" else None)
def baptism_off_pack_show(model: DealModel) -> Iterator[Site]:
    """A Perlagg baptised in the show (or the validation), where it is laid down for the first time, as
    a card the pack does not have. 000 The Show ("if a Perlagg is revealed it must be baptised at that
    point"); 000 Players and Cards ("any card in the pack"): BAPT-4, in the show as in play (issue 18,
    item 7)."""
    for i, act, show in _shows(model):
        state = model.states[i]
        for k, s in enumerate(show.cards):
            if s.card in model.perlaggen and s.card not in state.fixed and s.baptism is not None:
                for six in _off_pack(model):
                    cards = [(c.card, c.baptism) for c in show.cards]
                    cards[k] = (s.card, six)
                    yield replace_act(model, act, _show_text(show, cards), "BAPT-4", show.seat,
                                      f"{show.seat} shows {card_text(s.card)} as {card_text(six)}")


@operator("show-card-not-held", "RECORD-NOT-HELD")
def show_not_held(model: DealModel) -> Iterator[Site]:
    """A figure shown with a card the player never held (a natural card of the same rank, dealt to
    someone else or left in the stock). 000 Gleich, Hanger, Spiel ("in the hand of one player"),
    Showing cards to validate bets ("from their hands"): the record contradicts his recorded hand
    (RECORD-NOT-HELD)."""
    every = sorted(pack(model.form), key=lambda c: c.code)
    for _i, act, show in _shows(model):
        for k, s in enumerate(show.cards):
            if s.baptism is not None or not model.natural(s.card):
                continue
            for z in every:
                if z.rank == s.card.rank and z != s.card and model.natural(z) and z not in model.five[show.seat]:
                    cards = [(c.card, c.baptism) for c in show.cards]
                    cards[k] = (z, None)
                    yield replace_act(model, act, _show_text(show, cards), "RECORD-NOT-HELD", show.seat,
                                      f"{show.seat} shows {z}, which he never held, instead of {s.card}")



def show_turn(model: DealModel, state: State) -> str | None:
    """Whose turn it is to show, in my model: the stage's side; once the Spiel is decided and before
    the first stage is written, the side that won it (000 The Show: "beginning with the team that won
    the Spiel"; § 24). None where the sources do not say (nobody made the Spiel: D-33)."""
    if state.phase in ("validation", "end"):
        return None
    if state.phase == "show" and state.stage is not None:
        return state.stage
    if state.spiel is not None and state.spiel[1] is not None:  # also when conceded before the lead
        return state.spiel[1]
    return None


def _show_sites(model: DealModel, before_stage: bool) -> Iterator[Site]:
    for gap in gaps(model):
        state = model.states[gap.before]
        turn = show_turn(model, state)
        if turn is None or (state.stage is None) != before_stage or not _no_pending(state):
            continue
        for seat in model.seats:
            if model.side_of(seat) == turn:
                continue
            own = sorted((c for c in state.hand[seat] if model.natural(c)), key=lambda c: c.code)
            if not own:
                continue
            cards = own[: 1 + gap.before % 2]
            yield write_at(model, gap, f"{seat} zeigt " + " ".join(card_text(c) for c in cards), "SHOW-7", seat,
                           f"{seat} shows {' '.join(map(str, cards))} in {turn}'s turn to show")


@operator("show-out-of-turn", "SHOW-7")
def show_out_of_turn(model: DealModel) -> Iterator[Site]:
    """Cards shown in the show by a side whose turn it is not to show. 000 The Show: "the teams taking
    alternate turns to show"; § 24: the Spiel party may not be hindered "durch Vorbieten, Vorweisen oder
    sonst wie"; with three, 004 Drei-Spieler-Spiel: each in turn, clockwise (SHOW-7; the cards shown
    count)."""
    yield from _show_sites(model, before_stage=False)


@operator("show-before-show-turn", "SHOW-7")
def show_before_turn(model: DealModel) -> Iterator[Site]:
    """Cards shown by a side that lost the Spiel, once the Spiel is decided and before the show's first
    turn is written. § 24: "Sobald die Figur Spiel entschieden ist, steht es nur der Spiel-habenden
    Partei zu ... zu weisen" and no "Vorweisen" by the other party; 000 The Show: the show begins with
    the team that won the Spiel (SHOW-7)."""
    yield from _show_sites(model, before_stage=True)

# ---- betting: my own account of which rules a bet breaks ---------------------------------------------

def last_trick_at_one_short(model: DealModel, state: State, seat: str) -> bool:
    """The last trick has begun, both sides are one trick short of the Spiel, and this player has
    still to play his last card: the situation of the fifth-trick rule (000 Betting: "If the teams
    have won two tricks each and a card has been led to the fifth trick")."""
    if state.trick != model.form.hand or not state.current or len(model.sides) != 2:
        return False
    need = model.form.spiel_tricks - 1
    if [state.won.get(side, 0) for side in model.sides] != [need, need]:
        return False
    return not any(p[0] == seat for p in state.current) and len(state.hand[seat]) == 1


def last_card_breaks(model: DealModel, state: State, seat: str) -> bool:
    """000 Betting: "If the teams have won two tricks each and a card has been led to the fifth trick
    ... a player is only allowed to bet on the Spiel if his or her fifth card is a card of the suit that
    was led or a trump or a Perlagg" (001: the suit led or a trump; § 29 the same). True when this
    player's last card is none of these."""
    if model.form.fifth_trick is None or not last_trick_at_one_short(model, state, seat):
        return False
    last = state.hand[seat][0]
    led = state.current[0][2].suit
    return model.natural(last) and last.suit not in (led, model.trumps)


def bet_breaks(model: DealModel, state: State, seat: str, figure: Figure) -> dict[str, str] | None:
    """The rules a bet on ``figure`` by ``seat`` breaks now, each with the reason; None where the
    sources leave the act unclear (a bet that answers a bet, a bet in the validation, a bet in the
    show before its first turn is named), so that no operator uses such a place."""
    if state.phase in ("validation", "end") or any(b.pending is not None for f, b in state.books.items()
                                                   if f is not figure):
        return None
    side = model.side_of(seat)
    book = state.books[figure]
    broken: dict[str, str] = {}
    # 000 Betting: "once a figure has been conceded (called good), it can of course no longer be bet on";
    # a Spiel decided by the tricks is settled too (000 The Show: "When the Spiel figure is decided").
    if book.status == "conceded":
        broken["BET-8"] = "conceded"
    elif figure is SP and state.spiel is not None:
        broken["BET-8"] = "decided"
    elif side in book.out:
        broken["BET-8"] = "let go"  # 004 Drei-Spieler-Spiel: who said good cannot win it
    if book.pending is not None:
        if book.pending.side != side:
            return None  # it would answer the opponents' bet (a raise), or wait for the others' answers
        broken["BET-6"] = "own bet unanswered"  # 000 Betting: the opponents answer; teams bet alternately
    elif book.seen == side:
        broken["BET-6"] = "own bet seen"  # 000 Betting: "A team whose bet is seen cannot bet ... again"
    if book.value >= model.form.top:
        broken["BET-7"] = "top of the ladder"  # § 13; 004 Drei-Spieler-Spiel special rule 1
    turn = show_turn(model, state)
    if turn is not None and turn != side:
        if figure is SP:
            return None  # decided (BET-8) and out of turn: leave the double case alone
        # 000 Betting during the show: "the other team must wait to bet until it is their turn to show";
        # § 24: once the Spiel is decided, only the Spiel party may show or bet first (no "Vorbieten")
        broken["SHOW-7"] = "not its turn to show" if state.stage is not None else "before its turn to show"
    score = model.score(side)
    if model.form.countdown:
        if score <= 1:
            broken["END-17"] = "on 1 point"  # 004 Strafperlaggen
    elif model.gestrichen(side):
        broken["END-2"] = "gestrichen"  # 000 The Endgame; § 21
    elif score + state.secured(side) + book.value >= model.target:
        broken["END-3"] = "its concession would reach the target"  # 000 The Endgame, Example 7
    if figure is SP and last_card_breaks(model, state, seat):
        broken["BET-13"] = "fifth trick without colour"
    elif figure is SP and model.form.fifth_trick is None and last_trick_at_one_short(model, state, seat):
        # the sources write the rule for the fifth of five tricks; with seven cards the engine extends
        # it to the seventh trick at three each (docs/rulesets.md, hand_size): not a place to use
        return None
    return broken


@dataclass(frozen=True)
class Gap:
    """A place between two acts where an act can be written: ``before`` is the index of the next act
    (the state is ``states[before]``); ``mid`` when it falls inside a trick written on one line."""

    before: int
    mid: bool


def gaps(model: DealModel) -> Iterator[Gap]:
    """Places after the deal is complete and before the validation: before each line of acts or of
    the show, and inside a trick line after each card."""
    first = next((i for i, a in enumerate(model.acts) if isinstance(a.event, _ACTIONS)), None)
    if first is None:
        return
    for i in range(first, len(model.acts)):
        act = model.acts[i]
        if isinstance(act.event, (ValidationBegins, PointsRecorded, ScoreRecorded)):
            return
        prev = model.acts[i - 1]
        if prev.line != act.line:
            yield Gap(i, False)
        elif isinstance(prev.event, Play):
            yield Gap(i, True)


def write_at(model: DealModel, gap: Gap, text: str, rule: str, seat: str | None, note: str) -> Site:
    """An act written at a gap: inside the trick line, or on a line of its own before the next line."""
    act = model.acts[gap.before]
    if gap.mid:
        return insert_before_act(model, act, text, rule, seat, note)
    return insert_line(model, act.line - 1, text, rule, seat, note)


def _bet_sites(model: DealModel, rule: str, reasons: tuple[str, ...] | None = None,
               mid_only: bool = False, figures: tuple[Figure, ...] = FIGURES,
               bettor: Callable[[DealModel, State, str], bool] = lambda m, s, seat: True) -> Iterator[Site]:
    for gap, seat, figure, broken in model.bet_table():
        if set(broken) != {rule} or (mid_only and not gap.mid) or figure not in figures:
            continue
        if (reasons is not None and broken[rule] not in reasons) or not bettor(model, model.states[gap.before], seat):
            continue
        key = gap.before * 7 + model.seats.index(seat) * 3 + FIGURES.index(figure)
        yield write_at(model, gap, spell(model, key, "bet", seat, figure), rule, seat,
                       f"{seat} bets the {figure.value}: {broken[rule]}")


@operator("bet-twice", "BET-6", void=True)
def bet_twice(model: DealModel) -> Iterator[Site]:
    """A side bets a figure again before the opponents have bet it: while its own bet is unanswered, or
    after its bet was seen. 000 Betting: "On any particular figure the teams bet alternately. A team whose
    bet is seen cannot bet on the same figure again until the other team has bet on it" (Example 3);
    § 11, § 13 (BET-6)."""
    yield from _bet_sites(model, "BET-6")


@operator("bet-on-conceded", "BET-8", void=True)
def bet_on_conceded(model: DealModel) -> Iterator[Site]:
    """A bet on a figure already called good (or, with three, one the bettor already let go). 000
    Betting: "once a figure has been conceded (called good), it can of course no longer be bet on";
    004 Drei-Spieler-Spiel: "a player who has said good to a figure cannot win it" (BET-8)."""
    yield from _bet_sites(model, "BET-8", ("conceded", "let go"))


@operator("spiel-bet-after-tricks", "BET-8", void=True)
def spiel_after_tricks(model: DealModel) -> Iterator[Site]:
    """A bet on the Spiel once the tricks have decided it (a side has three tricks of five, four of
    seven), by a player of that side. 000 The Show: "When the Spiel figure is decided, the play stops";
    000 Betting: a decided figure cannot be bet (BET-8; issue 18, item 1)."""
    def winner(m: DealModel, state: State, seat: str) -> bool:
        return state.spiel is not None and state.spiel[0] == "tricks" and state.spiel[1] == m.side_of(seat)
    yield from _bet_sites(model, "BET-8", ("decided",), figures=(SP,), bettor=winner)


@operator("bet-gestrichen", "END-2", lambda f: "counting down nobody is gestrichen (004 Strafperlaggen: "
          "see bet-on-one)" if f.countdown else None, void=True)
def bet_gestrichen(model: DealModel) -> Iterator[Site]:
    """A bet by a side one point short of the target (*gestrichen*). 000 The Endgame: "A team that is
    gestrichen ... is not allowed to bet on any figure"; § 21 "Hat eine Partei 17 Punkte erreicht, hat
    sie kein Recht mehr, zu bieten" (END-2; under § 21 it still costs two points)."""
    yield from _bet_sites(model, "END-2")


@operator("bet-reaching-target", "END-3", lambda f: "counting down there is no target to reach "
          "(004 Strafperlaggen)" if f.countdown else None, void=True)
def bet_reaching_target(model: DealModel) -> Iterator[Site]:
    """A bet on a figure whose concession at its present value would carry the bettor's side to the
    target. 000 The Endgame: "if a figure has already been bet and held for a score that would be
    sufficient for a team to reach the target, that team cannot bet on that figure", Example 7 (the
    points already conceded to it count); 001 Example 5 (END-3)."""
    yield from _bet_sites(model, "END-3")


@operator("bet-on-one", "END-17", lambda f: None if f.countdown else "only in Strafperlaggen (004)", void=True)
def bet_on_one(model: DealModel) -> Iterator[Site]:
    """Strafperlaggen: a bet by a player on 1 point. 004 Strafperlaggen: "Ein Spieler, dessen Punktzahl
    1 Punkt ist nicht erlaubt zu Wetten (oder zu erhöhen)" (END-17)."""
    yield from _bet_sites(model, "END-17")


@operator("bet-out-of-show-turn", "SHOW-7", void=True)
def bet_out_of_turn(model: DealModel) -> Iterator[Site]:
    """A bet in the show by a side whose turn it is not to show. 000 Betting during the show: "The
    opponents of the showing team cannot bet, except by responding with a raise ... the other team must
    wait to bet until it is their turn to show"; § 24 (no "Vorbieten"); with three, 004 Drei-Spieler-
    Spiel: the show proceeds in turn "in ähnlicher Weise wie die vier-Spieler-Spiel" (SHOW-7)."""
    yield from _bet_sites(model, "SHOW-7", ("not its turn to show",))


@operator("bet-before-show-turn", "SHOW-7", void=True)
def bet_before_show(model: DealModel) -> Iterator[Site]:
    """A bet on the Gleich or Hanger by a side that lost the Spiel, after the Spiel was decided and
    before the show's first turn is written. § 24: "Sobald die Figur Spiel entschieden ist, steht es nur
    der Spiel-habenden Partei zu ... zu weisen oder zu bieten. Sie darf ... in keiner Weise von der
    Gegenpartei beirrt oder gehindert werden, sei es durch Vorbieten"; 000 The Show: the showdown begins
    with the team that won the Spiel, and the other team "must wait to bet until it is their turn to
    show" (000 Betting during the show) (SHOW-7)."""
    yield from _bet_sites(model, "SHOW-7", ("before its turn to show",))


@operator("fifth-trick-spiel-bet", "BET-13",
          lambda f: None if f.fifth_trick else "no fifth-trick rule: it is written for five cards and two "
          "sides at two tricks each (000 Betting); here " + (f"{f.hand} cards" if f.players != 3 else
                                                                "three players with seven cards"), void=True)
def fifth_trick(model: DealModel) -> Iterator[Site]:
    """A bet on the Spiel in the fifth trick at two tricks each, by a player whose last card is neither
    of the suit led, nor a trump, nor a Perlagg. 000 Betting: "a player is only allowed to bet on the
    Spiel if his or her fifth card is a card of the suit that was led or a trump or a Perlagg"; 001 (the
    suit led or a trump); old/Neue § 29 (BET-13)."""
    yield from _bet_sites(model, "BET-13", mid_only=True, figures=(SP,))


# ---- betting: answers and words ------------------------------------------------------------------

def _no_pending(state: State) -> bool:
    return all(b.pending is None for b in state.books.values())


@operator("answer-without-bet", "BET-4", void=True)
def answer_without_bet(model: DealModel) -> Iterator[Site]:
    """A hold, or a bare "gut" in play, when no bet awaits an answer. 000 Betting: "There are three
    possible answers" to a bet (concede, hold, counter-bet); § 11 (BET-4). A "gut" naming a figure is
    left out: with no bet it concedes that figure of one's own accord (000 Betting, "at any time");
    a bare "gut" only in play, where it can answer nothing else."""
    for gap in gaps(model):
        state = model.states[gap.before]
        if not _no_pending(state) or state.phase == "show" and state.stage is None:
            continue
        for k, seat in enumerate(model.seats):
            figure = FIGURES[(gap.before + k) % 3]
            yield write_at(model, gap, spell(model, gap.before + k, "hold", seat, figure), "BET-4", seat,
                           f"{seat} holds the {figure.value}, which nobody bet")
            if state.phase in ("setup", "play"):
                yield write_at(model, gap, f"{seat} gut", "BET-4", seat, f"{seat} says good to no bet")


def _bets_awaiting(model: DealModel) -> Iterator[tuple[int, Act, Figure, Pending]]:
    """Each bet or raise of the clean deal, with the bet it leaves awaiting an answer."""
    for i, act in enumerate(model.acts):
        if isinstance(act.event, (Bet, Raise)):
            after = model.states[i + 1]
            for figure in FIGURES:
                pending = after.books[figure].pending
                if pending is not None and pending.seat == act.event.seat and figure in _named(act.event, figure):
                    yield i, act, figure, pending


def _named(event: Bet | Raise, figure: Figure) -> tuple[Figure, ...]:
    return event.figures or (figure,)


@operator("answer-own-side", "BET-5", void=True)
def answer_own_side(model: DealModel) -> Iterator[Site]:
    """A bet held by the bettor's own side (the bettor, or a partner) before the opponents answer. 000
    Betting: "Either member of the opposing team may answer on behalf of their team"; § 9, § 11 (BET-5)."""
    for i, act, figure, pending in _bets_awaiting(model):
        for seat in model.members(pending.side):
            yield insert_after_act(model, act, spell(model, i + len(seat), "hold", seat, figure), "BET-5", seat,
                                   f"{seat} holds his own side's bet on the {figure.value}")


def raise_breaks(model: DealModel, state: State, seat: str, figure: Figure, value: int) -> set[str]:
    """The rules a raise (a counter-bet) to ``value`` breaks besides its step: the bans near the target
    (a raise is a bet: 000 Betting "counter bet"; § 21), the order of answers with three, § 29."""
    side = model.side_of(seat)
    pending = state.books[figure].pending
    assert pending is not None
    broken = set()
    if pending.awaiting[0] != side:
        broken.add("P3-4")
    score = model.score(side)
    if model.form.countdown:
        if score <= 1:
            broken.add("END-17")
    elif model.gestrichen(side):
        broken.add("END-2")
    elif score + state.secured(side) + pending.proposed >= model.target:
        broken.add("END-3")
    if figure is SP and model.form.fifth_trick == "bet_hold_raise" and last_card_breaks(model, state, seat):
        broken.add("BET-13")
    if figure is SP and model.form.fifth_trick is None and last_trick_at_one_short(model, state, seat):
        broken.add("unclear")  # see bet_breaks
    return broken


@operator("raise-skips-step", "BET-7", void=True)
def raise_skips(model: DealModel) -> Iterator[Site]:
    """A raise that skips a step (or goes past the top): two points more than the bet it answers. § 13:
    "Es kann nur drei, vier, fünf, sechs, sieben und Spiel aus gesteigert werden"; 000 Betting: a
    counter-bet proposes "to increase the value by one point more"; with three, no raise past three
    (004 Drei-Spieler-Spiel, special rule 1) (BET-7)."""
    for i, act, figure, pending in _bets_awaiting(model):
        state = model.states[i + 1]
        value = min(pending.proposed + 2, SPIEL_AUS)
        if value != pending.proposed + 2:
            continue
        for seat in model.members(pending.awaiting[0]):
            if raise_breaks(model, state, seat, figure, value):
                continue
            yield insert_after_act(model, act, spell(model, i + len(seat), "raise", seat, figure, value), "BET-7",
                                   seat, f"{seat} raises the {figure.value} from {pending.proposed} to {value}")


def _raise_sites(model: DealModel, rule: str) -> Iterator[Site]:
    """A proper counter-bet (one step up) by the side whose answer is due, written right after the
    bet it answers, where the raise breaks exactly ``rule``; the clean answer follows it."""
    for i, act, figure, pending in _bets_awaiting(model):
        value = pending.proposed + 1
        if value > model.form.top:
            continue
        state = model.states[i + 1]
        for seat in model.members(pending.awaiting[0]):
            if raise_breaks(model, state, seat, figure, value) == {rule}:
                yield insert_after_act(model, act, spell(model, i + len(seat), "raise", seat, figure, value), rule,
                                       seat, f"{seat} raises the {figure.value} to {value}")


@operator("raise-gestrichen", "END-2", lambda f: "counting down nobody is gestrichen (004 Strafperlaggen: see "
          "raise-on-one)" if f.countdown else None, void=True, rare=True)
def raise_gestrichen(model: DealModel) -> Iterator[Site]:
    """A raise by a gestrichen side. A raise is a counter-bet (000 Betting: "Make a counter bet"), and
    "A team that is gestrichen ... is not allowed to bet on any figure" (000 The Endgame); § 21 (END-2)."""
    yield from _raise_sites(model, "END-2")


@operator("raise-reaching-target", "END-3", lambda f: "counting down there is no target to reach "
          "(004 Strafperlaggen)" if f.countdown else None, void=True, rare=True)
def raise_reaching_target(model: DealModel) -> Iterator[Site]:
    """A raise whose concession would carry the raiser's side to the target: conceded, the raiser's side
    scores the value it accepted (000 Betting), and 000 The Endgame, Example 7: "you are only allowed to
    bet if the opponents have room to concede without automatically giving you the game" (END-3)."""
    yield from _raise_sites(model, "END-3")


@operator("raise-on-one", "END-17", lambda f: None if f.countdown else "only in Strafperlaggen (004)", void=True,
          rare=True)
def raise_on_one(model: DealModel) -> Iterator[Site]:
    """Strafperlaggen: a raise by a player on 1 point. 004 Strafperlaggen: "Ein Spieler, dessen Punktzahl
    1 Punkt ist nicht erlaubt zu Wetten (oder zu erhöhen)" (END-17)."""
    yield from _raise_sites(model, "END-17")


@operator("bet-past-top", "BET-7", lambda f: None if f.top == 3 else "the ladder ends at Spiel aus (§ 13), "
          "which the generated matches do not reach", void=True)
def bet_past_top(model: DealModel) -> Iterator[Site]:
    """Three players: a bet on a figure already at three, the top. 004 Drei-Spieler-Spiel, special rule 1:
    "Erhöhungen um mehr als 3 Punkte sind nicht zulässig, wenn gibt es drei Spieler" (BET-7)."""
    yield from _bet_sites(model, "BET-7")


@operator("answer-out-of-turn", "P3-4", lambda f: None if f.players == 3 else
          "only with three players each for himself (004 Drei-Spieler-Spiel)")
def answer_out_of_turn(model: DealModel) -> Iterator[Site]:
    """Three players: the second opponent answers a bet before the first. 004 Drei-Spieler-Spiel: "die
    anderen Spieler beantworten müssen streng in Reihe"; 004 Strafperlaggen (P3-4; the answer stands)."""
    for i, act, figure, pending in _bets_awaiting(model):
        if len(pending.awaiting) < 2:
            continue
        seat = pending.awaiting[1]
        yield insert_after_act(model, act, spell(model, i, "hold", seat, figure), "P3-4", seat,
                               f"{seat} holds the {figure.value} before {pending.awaiting[0]}")


@operator("call-instead-of-bet", "BET-2")
def call_instead_of_bet(model: DealModel) -> Iterator[Site]:
    """A figure named without the word for betting ("Gleich!") where a bet was written. § 8: "Jede Figur
    muss klar und deutlich geboten werden, d. h. der Spieler sagt: „Ich biete …“ oder „… geboten!“";
    000 Betting; 002 Bidding (BET-2)."""
    for i, act in enumerate(model.acts):
        event = act.event
        if isinstance(event, Bet) and len(event.figures) == 1:
            yield replace_act(model, act, spell(model, i, "call", event.seat, event.figures[0]), "BET-2", event.seat,
                              f"{event.seat} says '{event.figures[0].value}!' without 'biete'")


@operator("spiel-let-go-unbet", "P3-13", lambda f: None if not f.concede_unbet_spiel else
          "a side may concede the Spiel at any time (000 Betting)", void=True)
def spiel_let_go(model: DealModel) -> Iterator[Site]:
    """Three players: a player lets the Spiel go ("gut") although nobody has bet it. 004 Drei-Spieler-
    Spiel: "Ein Spieler kann nicht einseitig zugeben, dass das Spiel, wenn es nicht Wette" (P3-13)."""
    for gap in gaps(model):
        state = model.states[gap.before]
        book = state.books[SP]
        if state.phase not in ("setup", "play") or state.spiel is not None or book.bet or not _no_pending(state):
            continue
        for seat in model.seats:
            yield write_at(model, gap, spell(model, gap.before, "good", seat, SP), "P3-13", seat,
                           f"{seat} lets the unbet Spiel go")


# ---- blind bets ---------------------------------------------------------------------------------------

def _line_of(model: DealModel, kind: type) -> int | None:
    return next((a.line for a in model.acts if isinstance(a.event, kind)), None)


def _behind(model: DealModel, side: str) -> int:
    """How far a side is behind the other (two sides)."""
    other = next(s for s in model.sides if s != side)
    return model.score(other) - model.score(side)


def _blind_text(seat: str, figures: tuple[Figure, ...], key: int) -> str:
    if len(figures) == 3 and key % 2:
        return f"Blind: {seat} Höll auf"
    names = " und ".join(f.value for f in figures)
    return [f"Blind: {seat} biete {names}", f"Ungesehen: {seat} {names}"][key % 2]


_BLIND_SETS: tuple[tuple[Figure, ...], ...] = ((G,), (H,), (SP,), (G, H), (G, SP), (G, H, SP))


def _may_bet_blind(model: DealModel, seat: str) -> bool:
    """Neither gestrichen (000 The Endgame) nor, counting down, on 1 (004 Strafperlaggen)."""
    side = model.side_of(seat)
    return model.score(side) > 1 if model.form.countdown else not model.gestrichen(side)


@operator("blind-after-cut", "BLIND-1", void=True)
def blind_after_cut(model: DealModel) -> Iterator[Site]:
    """A blind bet written after the cut (after the cut, the hands or the turn-up). 004 Blind-Einsätze:
    "A blind bet can only be made before the cards are cut"; where the ruleset has no blind bets at all
    (004 Drei-Spieler-Spiel: "Es ist keine blind-Einsätze"; 001) the same rule BLIND-1 applies. Under
    the Neue § 32 only a Höll auf by a side three points behind is used, so that § 32 is not broken too."""
    after = [line for line in (_line_of(model, CutTaken), _line_of(model, TurnUp)) if line is not None]
    hands = [a.line for a in model.acts if isinstance(a.event, HandDealt)]
    if hands:
        after.append(max(hands))
    for k, seat in enumerate(model.seats):
        if not _may_bet_blind(model, seat):
            continue
        sets = _BLIND_SETS
        if model.form.blind == "neu":
            if _behind(model, model.side_of(seat)) < 3:
                continue
            sets = ((G, H, SP),)
        for j, line in enumerate(sorted(set(after))):
            figures = sets[(k + j) % len(sets)]
            yield insert_line(model, line, _blind_text(seat, figures, k + j), "BLIND-1", seat,
                              f"{seat} bets {'+'.join(f.value for f in figures)} blind after line {line}")


@operator("blind-where-none", "BLIND-1", lambda f: None if f.blind == "none" else
          "this ruleset has blind bets (004 Blind-Einsätze)" if f.blind in ("any", "neu") else
          "the sources do not say whether this variant has blind bets", void=True)
def blind_where_none(model: DealModel) -> Iterator[Site]:
    """A blind bet, before the cut, where the game has none. 004 Drei-Spieler-Spiel: "Es ist keine
    blind-Einsätze in den drei-Spieler-Spiel"; Giltspiel (001) has none (BLIND-1)."""
    cut = _line_of(model, CutTaken)
    assert cut is not None
    for k, seat in enumerate(model.seats):
        if _may_bet_blind(model, seat):
            figures = _BLIND_SETS[k % len(_BLIND_SETS)]
            yield insert_line(model, cut - 1, _blind_text(seat, figures, k), "BLIND-1", seat,
                              f"{seat} bets {'+'.join(f.value for f in figures)} blind")


@operator("blind-fewer-figures", "BLIND-2", lambda f: None if f.blind == "neu" else "only the Neue § 32 asks "
          "for all three figures", void=True)
def blind_fewer(model: DealModel) -> Iterator[Site]:
    """Neue § 32: a blind bet on one or two figures, before the cut, by a side three or more points
    behind. "Ungesehen dürfen nur alle drei Figuren zusammen geboten werden, wenn das bietende Paar
    mindestens drei Punkte zurückliegt" (BLIND-2)."""
    cut = _line_of(model, CutTaken)
    assert cut is not None
    for k, seat in enumerate(model.seats):
        if _may_bet_blind(model, seat) and _behind(model, model.side_of(seat)) >= 3:
            for j, figures in enumerate(_BLIND_SETS[:-1]):
                yield insert_line(model, cut - 1, _blind_text(seat, figures, k + j), "BLIND-2", seat,
                                  f"{seat} bets only {'+'.join(f.value for f in figures)} blind")


@operator("blind-not-behind", "BLIND-2", lambda f: None if f.blind == "neu" else "only the Neue § 32 asks a "
          "blind bettor to be three points behind", void=True)
def blind_not_behind(model: DealModel) -> Iterator[Site]:
    """Neue § 32: a blind bet on all three figures (Höll auf), before the cut, by a side less than three
    points behind (or ahead): "... wenn das bietende Paar mindestens drei Punkte zurückliegt" (BLIND-2)."""
    cut = _line_of(model, CutTaken)
    assert cut is not None
    for k, seat in enumerate(model.seats):
        if _may_bet_blind(model, seat) and _behind(model, model.side_of(seat)) < 3:
            yield insert_line(model, cut - 1, _blind_text(seat, (G, H, SP), k), "BLIND-2", seat,
                              f"{seat} bets all three blind, {_behind(model, model.side_of(seat))} behind")


@operator("blind-gestrichen", "END-2", lambda f: None if f.blind == "any" and not f.countdown else
          "no blind bets here" if f.blind == "none" else "a gestrichen side is never three points behind "
          "(Neue § 32)" if f.blind == "neu" else "counting down: see blind-on-one" if f.countdown else
          "the sources do not say whether this variant has blind bets", void=True)
def blind_gestrichen(model: DealModel) -> Iterator[Site]:
    """A blind bet, before the cut, by a gestrichen side. A blind bet is a bet (004 Blind-Einsätze), and
    000 The Endgame: "A team that is gestrichen ... is not allowed to bet on any figure"; § 21 (END-2)."""
    cut = _line_of(model, CutTaken)
    assert cut is not None
    for k, seat in enumerate(model.seats):
        if model.gestrichen(model.side_of(seat)):
            figures = _BLIND_SETS[k % len(_BLIND_SETS)]
            yield insert_line(model, cut - 1, _blind_text(seat, figures, k), "END-2", seat,
                              f"{seat}, gestrichen, bets {'+'.join(f.value for f in figures)} blind")


@operator("blind-on-one", "END-17", lambda f: None if f.countdown else "only in Strafperlaggen (004)", void=True)
def blind_on_one(model: DealModel) -> Iterator[Site]:
    """Strafperlaggen: a blind bet, before the cut, by a player on 1 point. 004 Strafperlaggen: blind bets
    "vor dem schneiden" are allowed, but a player on 1 "ist nicht erlaubt zu Wetten" (END-17)."""
    cut = _line_of(model, CutTaken)
    assert cut is not None
    for k, seat in enumerate(model.seats):
        if model.score(model.side_of(seat)) <= 1:
            figures = _BLIND_SETS[k % len(_BLIND_SETS)]
            yield insert_line(model, cut - 1, _blind_text(seat, figures, k), "END-17", seat,
                              f"{seat}, on {model.score(seat)}, bets {'+'.join(f.value for f in figures)} blind")


# ---- the exchange -------------------------------------------------------------------------------------
# An exchange written where none was made changes the hand: if the player later plays or shows the
# card he gave, that later act is a record error too (a consequential finding, counted as such).

def _setup_end(model: DealModel) -> int:
    """The last line of the setup (hands, turn-up, exchanges): new setup lines go after it."""
    return max(a.line for a in model.acts if isinstance(a.event, (HandDealt, TurnUp, Exchange, CutTaken)))


def _trump_card(model: DealModel) -> Card:
    return model.turned[-1]


def _exchanged(model: DealModel, card: Card) -> bool:
    return any(x.takes == card for _a, x in model.exchanges)


def _no_perlaggen(f: Form) -> str | None:
    return "no Perlaggen, no exchange (001)" if f.style == "giltspiel" else None


@operator("exchange-by-opponent", "EXCH-4", lambda f: _no_perlaggen(f) or (
    "the dealer's opponents may exchange here (000 Eichelperlaggen, Variant: Imst and Tarrenz)"
    if f.opponents_exchange else None))
def exchange_by_opponent(model: DealModel) -> Iterator[Site]:
    """An opponent of the dealer takes the turned-up Perlagg for a natural trump. 000 The Deal: "The
    dealer's opponents are not allowed to exchange a card for a turned up Perlagg"; § 7 "Der Austausch
    vonseiten der Gegner ist ausgeschlossen"; 004 Strafperlaggen: only the dealer (EXCH-4)."""
    takes = _trump_card(model)
    if takes not in model.perlaggen or _exchanged(model, takes) or model.dealer not in model.seats:
        return
    for seat in model.seats:
        if model.side_of(seat) == model.side_of(model.dealer):
            continue
        for gives in sorted(model.states[0].hand[seat], key=lambda c: c.code):
            if gives.suit == model.trumps and model.natural(gives):
                yield insert_line(model, _setup_end(model), f"Tausch: {seat} {card_text(gives)} gegen "
                                  f"{card_text(takes)}", "EXCH-4", seat, f"{seat} (an opponent) takes {takes}")


@operator("exchange-natural-turn-up", "TRUMP-5")
def exchange_natural(model: DealModel) -> Iterator[Site]:
    """The dealer takes the turned-up card for a natural trump although it is no Perlagg. 000 The Deal:
    "If the turned up card is a Perlagg and the dealer has in hand a natural card of the trump suit ...
    the dealer can take the turned up Perlagg"; § 7 "Schlägt der Geber einen Perlagg als Trumpf auf";
    001 has no exchange (TRUMP-5)."""
    takes = _trump_card(model)
    if takes in model.perlaggen or model.dealer not in model.seats:
        return
    for gives in sorted(model.states[0].hand[model.dealer], key=lambda c: c.code):
        if gives.suit == model.trumps and model.natural(gives):
            yield insert_line(model, _setup_end(model), f"Tausch: {model.dealer} {card_text(gives)} gegen "
                              f"{card_text(takes)}", "TRUMP-5", model.dealer,
                              f"{model.dealer} takes the natural {takes}")


@operator("exchange-gives-non-trump", "EXCH-1", _no_perlaggen)
def exchange_non_trump(model: DealModel) -> Iterator[Site]:
    """The dealer gives a natural card that is no trump for the turned-up Perlagg. 000 The Deal: he
    places "the natural card" of the trump suit on the stack; § 7 "mit einem Trumpf"; 000
    Eichelperlaggen: a natural trump, or an acorn Perlagg in an upgrade, never a natural non-trump
    (EXCH-1)."""
    takes = _trump_card(model)
    if takes not in model.perlaggen or _exchanged(model, takes) or model.dealer not in model.seats:
        return
    for gives in sorted(model.states[0].hand[model.dealer], key=lambda c: c.code):
        if gives.suit != model.trumps and model.natural(gives):
            yield insert_line(model, _setup_end(model), f"Tausch: {model.dealer} {card_text(gives)} gegen "
                              f"{card_text(takes)}", "EXCH-1", model.dealer, f"{model.dealer} gives {gives}")


@operator("exchange-after-first-trick", "EXCH-6", lambda f: _no_perlaggen(f) or (
    None if f.exchange_deadline else "§ 7 sets no time for the exchange"))
def exchange_late(model: DealModel) -> Iterator[Site]:
    """The one exchange of the deal written after the first trick instead of before the lead. 000 The
    Play: "if a Perlagg was turned up the first player must allow time for the dealer's team to exchange
    it"; 002 Permanent Perlaggs: the right lapses "once the first card has been played" (EXCH-6)."""
    if len(model.exchanges) != 1:
        return
    act, x = model.exchanges[0]
    first = [a for a in model.acts if isinstance(a.event, Play)]
    if len(first) < len(model.seats):
        return
    trick1 = first[len(model.seats) - 1].line
    if any(isinstance(a.event, Play) and a.event.seat == x.seat and a.event.card in (x.gives, x.takes)
           for a in first[: len(model.seats)]):
        return
    text = f"Tausch: {x.seat} {card_text(x.gives)} gegen {card_text(x.takes)}"
    yield Site(model, (Edit("delete", act.line), Edit("insert", trick1, text=text)), "EXCH-6", x.seat,
               (trick1, 1), None, f"{x.seat}'s exchange written after trick 1")


# ---- the scoresheet -----------------------------------------------------------------------------------

def _wrong_column(model: DealModel, kind: type[PointsRecorded] | type[ScoreRecorded], word: str, rule: str,
                  deltas: tuple[int, ...], what: str) -> Iterator[Site]:
    """Each recorded line of ``kind`` with one column off by each of ``deltas``."""
    for act in model.acts:
        if isinstance(act.event, kind):
            scores = list(act.event.scores)
            for col in range(len(scores)):
                for delta in deltas:
                    wrong = list(scores)
                    wrong[col] += delta
                    yield replace_act(model, act, f"{word}: " + ":".join(map(str, wrong)), rule, None,
                                      f"{what} {scores} written as {wrong}")


@operator("wrong-points", "RECORD-POINTS")
def wrong_points(model: DealModel) -> Iterator[Site]:
    """The points of the deal written wrong (one column one to three points off). § 33 (the
    scoresheet; "Übersehen entschuldigt nicht"); 000 Scoring: the points each team scored are
    recorded (RECORD-POINTS)."""
    return _wrong_column(model, PointsRecorded, "Punkte", "RECORD-POINTS", (1, -2, 3), "points")


@operator("wrong-score", "RECORD-SCORE")
def wrong_score(model: DealModel) -> Iterator[Site]:
    """The running score after the deal written wrong (one column one to three points off). § 33; 000
    Scoring: the scoresheet adds up the points of every deal (RECORD-SCORE)."""
    return _wrong_column(model, ScoreRecorded, "Stand", "RECORD-SCORE", (1, -1, 2), "score")


# ---- running the mutants --------------------------------------------------------------------------

@dataclass(frozen=True)
class Finding:
    rule: str
    deal: int
    line: int
    column: int
    trick: int | None
    seat: str | None


@dataclass
class Outcome:
    """The engine's verdict on one mutant, measured against what its operator expects."""

    operator: Operator
    site: Site
    findings: list[Finding]
    error: str | None = None  # the mutated text did not read back: an operator bug

    @property
    def at_place(self) -> list[Finding]:
        line, column = self.site.at
        return [f for f in self.findings if (f.deal, f.line, f.column) == (self.site.model.number, line, column)]

    @property
    def caught(self) -> bool:
        """Some finding at the place of the changed act."""
        return bool(self.at_place)

    @property
    def right_rule(self) -> bool:
        """The expected rule at that place, by the expected player (in the expected trick, for a card)."""
        return any(f.rule == self.site.rule and (self.site.seat is None or f.seat == self.site.seat)
                   and (self.site.trick is None or f.trick == self.site.trick) for f in self.at_place)

    @property
    def consequential(self) -> int:
        """Findings besides the expected one (allowed, counted)."""
        return len(self.findings) - (1 if self.right_rule else 0)

    @property
    def side_effects(self) -> list[Finding]:
        """For a void act (its operator's ``void``): every finding besides its own rule at its place,
        and besides the record of a penalty the ruleset sets for that rule (§ 21's two points make
        the written points differ). The rules make the act void, so there must be none."""
        penalty = ruleset(self.site.model.form.name).penalty(self.site.rule)
        penalised = penalty is not None and penalty.points > 0
        return [f for f in self.findings if not (f.rule == self.site.rule and (f.line, f.column) == self.site.at)
                and not (penalised and f.rule in ("RECORD-POINTS", "RECORD-SCORE"))]

    def account(self) -> str:
        """A failure, readable: what was changed, what was expected, what the engine said, the text."""
        s = self.site
        lines = [f"{self.operator.name} under {s.model.form.name} ({s.model.match.source}, deal {s.model.number}): "
                 f"{s.note}",
                 f"  expected {s.rule} by {s.seat or '-'} at line {s.at[0]}, column {s.at[1]}"
                 + (f", trick {s.trick}" if s.trick else ""),
                 "  the engine found: " + ("; ".join(f"{f.rule} by {f.seat or '-'} at {f.line}:{f.column}"
                                                     + (f" (trick {f.trick})" if f.trick else "")
                                                     for f in self.findings) or "nothing")]
        if self.error:
            lines.append(f"  the mutated text does not read: {self.error}")
        text = s.text().split("\n")
        lines.append("  the mutated deal:")
        lines += [f"  {n:4d}  {text[n - 1]}" for n in range(s.model.first_line - 1, len(text))]
        return "\n".join(lines)


NO_OPERATOR = Operator("clean", "", lambda m: iter(()), lambda f: None, "the clean deal")


def run(operator_: Operator, site: Site) -> Outcome:
    """Read the mutated text and judge it under the clean match's ruleset."""
    result = read_transcript(site.text(), site.model.match.source)
    if result.errors:
        return Outcome(operator_, site, [], "; ".join(e.render() for e in result.errors)[:500])
    verdict = judge(result.transcript, ruleset(site.model.form.name))
    findings = [Finding(v.rule, v.place.deal, v.place.line, v.place.column, v.place.trick, v.seat)
                for v in verdict.violations]
    return Outcome(operator_, site, findings)


def choose(models: list[DealModel], op: Operator, per_cell: int, salt: int) -> list[Site]:
    """Up to ``per_cell`` sites of one operator under one ruleset, drawn deterministically."""
    sites = [s for m in models for s in op.sites(m)]
    rng = random.Random(zlib.crc32(f"{op.name}/{models[0].form.name}/{salt}".encode()) if models else 0)
    return rng.sample(sites, min(per_cell, len(sites)))


@dataclass
class Campaign:
    """Everything one run measured: the clean matches, the mutants, and the operators left out."""

    matches: list[CleanMatch]
    outcomes: list[Outcome]
    not_applicable: dict[tuple[str, str], str]  # (operator, ruleset) -> why
    sites_found: Counter[tuple[str, str]]

    def strip(self) -> Campaign:
        """Drop what only the operators needed (the states before each act), to send it elsewhere."""
        for o in self.outcomes:
            o.site.model.states.clear()
            o.site.model._bets = None
        return self

    @staticmethod
    def merge(parts: list[Campaign]) -> Campaign:
        """Several runs (one per ruleset) as one."""
        out = Campaign([], [], {}, Counter())
        for part in parts:
            out.matches += part.matches
            out.outcomes += part.outcomes
            out.not_applicable.update(part.not_applicable)
            out.sites_found.update(part.sites_found)
        return out

    @property
    def false_alarms(self) -> list[tuple[CleanMatch, tuple[str, int, str]]]:
        return [(m, f) for m in self.matches for f in m.findings]

    @property
    def failures(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.right_rule]

    @property
    def side_effects(self) -> list[Outcome]:
        """Void acts that changed something else of the verdict."""
        return [o for o in self.outcomes if o.operator.void and o.side_effects]


def campaign(rulesets: Iterable[str], seeds: Iterable[int], per_cell: int, salt: int = 0) -> Campaign:
    """Generate and judge the clean matches, then draw and judge the mutants."""
    seeds = list(seeds)
    matches: list[CleanMatch] = []
    outcomes: list[Outcome] = []
    not_applicable: dict[tuple[str, str], str] = {}
    found: Counter[tuple[str, str]] = Counter()
    for name in rulesets:
        form = FORMS[name]
        clean = [clean_match(name, seed) for seed in seeds]
        matches += clean
        models = [d for m in clean if not m.findings for d in model_deals(m)]
        for d in models:  # each deal as a mutant would be judged: on its own, from its score before
            alone = Site(d, (), "", None, (0, 0), None, "the clean deal on its own")
            for f in run(NO_OPERATOR, alone).findings:
                d.match.findings.append((f.rule, f.deal, f"in the deal judged on its own, line {f.line}"))
        for op in OPERATORS:
            why = op.not_applicable(form)
            if why is not None:
                not_applicable[(op.name, name)] = why
                continue
            chosen = choose(models, op, per_cell, salt)
            found[(op.name, name)] += len(chosen)
            outcomes += [run(op, site) for site in chosen]
    return Campaign(matches, outcomes, not_applicable, found)


# ---- the rate table ---------------------------------------------------------------------------------

def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def report(c: Campaign) -> str:
    """The rates per operator and per form (2, 3, 4, 6 players), the false alarms, the failures."""
    out: list[str] = []
    deals = sum(len(m.transcript.deals) for m in c.matches)
    names = sorted({m.form.name for m in c.matches}, key=list(FORMS).index)
    out.append(f"Mutation tests (issue 18, item 13): {len(c.matches)} clean generated matches, {deals} deals, "
               f"{len(names)} rulesets; {len(c.outcomes)} mutants")
    effects = sum(bool(o.side_effects) for o in c.outcomes if o.operator.void)
    out.append(f"side effects of void acts: {effects}")
    alarms = c.false_alarms
    out.append(f"false alarms on the clean matches: {len(alarms)}"
               + "".join(f"\n  {m.source} deal {deal}: {rule} {detail}" for m, (rule, deal, detail) in alarms))
    forms = (2, 3, 4, 6)
    width = 12
    out.append("")
    out.append(f"{'operator':27s}{'rule':19s}" + "".join(f"{str(p) + ' players':>{width}s}" for p in forms)
               + f"{'all':>{width}s}{'other findings':>16s}")
    out.append(f"{'':46s}(mutants caught with the right rule / mutants)        (void: side effects)")
    by: dict[tuple[str, int], list[Outcome]] = defaultdict(list)
    for o in c.outcomes:
        by[(o.operator.name, o.site.model.form.players)].append(o)
    notes: dict[tuple[str, str], list[int]] = {}  # (operator, why) -> forms, in order of appearance
    partial: dict[tuple[str, str], list[str]] = defaultdict(list)  # (operator, why) -> rulesets
    for op in OPERATORS:
        cells = []
        for p in forms:
            outcomes = by[(op.name, p)]
            rulesets = [n for n in names if FORMS[n].players == p]
            reasons = [c.not_applicable[(op.name, n)] for n in rulesets if (op.name, n) in c.not_applicable]
            if outcomes:
                cells.append(f"{sum(o.right_rule for o in outcomes)}/{len(outcomes)}")
                for n in rulesets:
                    if (op.name, n) in c.not_applicable:
                        partial[(op.name, c.not_applicable[(op.name, n)])].append(n)
            elif rulesets and len(reasons) == len(rulesets):
                for why in dict.fromkeys(reasons):
                    notes.setdefault((op.name, why), []).append(p)
                marks = ",".join(str(list(notes).index((op.name, why)) + 1) for why in dict.fromkeys(reasons))
                cells.append(f"n/a[{marks}]")
            else:
                cells.append("no site" if rulesets else "-")
        total = [o for p in forms for o in by[(op.name, p)]]
        all_cell = f"{sum(o.right_rule for o in total)}/{len(total)}" if total else "n/a"
        others = f"{sum(o.consequential > 0 for o in total)}"
        if op.void:
            others += f" (void: {sum(bool(o.side_effects) for o in total)})"
        row = f"{op.name:27s}{op.rule:19s}" + "".join(f"{cell:>{width}s}" for cell in cells) + f"{all_cell:>{width}s}"
        out.append(row + (f"{others:>16s}" if total else ""))
    out.append("")
    out.append("n/a: the operator does not exist for that form")
    for k, ((op_name, why), ps) in enumerate(notes.items(), 1):
        out.append(f"  [{k}] {op_name} ({', '.join(map(str, ps))} players): {why}")
    if partial:
        out.append("left out under some rulesets of a form:")
        out += [f"  {op_name} under {', '.join(ns)}: {why}" for (op_name, why), ns in partial.items()]
    out.append("")
    out.append(f"{'form':12s}{'rulesets':>9s}{'matches':>9s}{'deals':>7s}{'false alarms':>14s}{'mutants':>9s}"
               f"{'caught':>8s}{'right rule':>12s}{'rate':>8s}{'consequential':>15s}")
    for p in (*forms, 0):
        outcomes = [o for o in c.outcomes if p in (0, o.site.model.form.players)]
        matches = [m for m in c.matches if p in (0, m.form.players)]
        right = sum(o.right_rule for o in outcomes)
        out.append(f"{(str(p) + ' players') if p else 'all':12s}{len({m.form.name for m in matches}):9d}"
                   f"{len(matches):9d}{sum(len(m.transcript.deals) for m in matches):7d}"
                   f"{sum(len(m.findings) for m in matches):14d}{len(outcomes):9d}"
                   f"{sum(o.caught for o in outcomes):8d}{right:12d}{_pct(right, len(outcomes)):>8s}"
                   f"{sum(o.consequential for o in outcomes):15d}")
    out.append("other findings: mutants with findings besides the expected one (consequences of the change:")
    out.append("  a trick won by another, a card later not held, § 21's penalty in the points written); for a")
    out.append("  void act, \"side effects\" counts those the rules rule out: the act changes nothing")
    failures = c.failures
    out.append(f"failures: {len(failures)} (missed, or reported under another rule or at another place)")
    for o in failures[:20]:
        out.append(o.account())
    if len(failures) > 20:
        out.append(f"... and {len(failures) - 20} more")
    return "\n".join(out)
