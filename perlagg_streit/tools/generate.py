"""Random legal matches, written as transcripts (``perlagg-streit generate``).

Every bundled form is covered: four players in two teams, two players (five or seven cards),
three players each for himself, six players in two teams of three, and Strafperlaggen (three
players counting down from 9; once one reaches 0 the other two play on). A match is played to
its end: until a side reaches the target (Strafperlaggen: until all but one have reached 0), so
the close game, *gestrichen* and the both-gestrichen endgame occur as they come.

Every action is chosen among those the engine accepts: the cards from ``legal_actions``, bets
that ``verify_bet`` allows, exchanges that ``verify_exchange`` allows, and answers (good, hold,
raise) tried on a copy of the live deal first. A generated deal therefore has no violation by
construction; the generator raises :class:`GeneratorError` if the engine ever objects.

The points and the running score written into the transcript come from the generator's own
accounting (:class:`_Book` per figure, :meth:`_DealMaker.outcomes`, :meth:`_DealMaker.close`),
worked out from the rules (000 Betting and Scoring, The Endgame; 004 Drei-Spieler-Spiel,
Strafperlaggen), not from the engine's scoring; replaying a generated match cross-checks the two.

What the generator does not produce: blind bets, bets during the show, the fifth-trick Spiel
bet, raises beyond ``max_value`` (so no Spiel aus), figures declared standing (``steht``), and
players who forget to ask about their figure at both gestrichen.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import field

from ..base.cards import Card, Rank, Suit
from ..base.records import mutable_record, record
from ..engine import LiveDeal
from ..engine.betting import ORDER, verify_bet
from ..engine.deal import verify_exchange
from ..engine.enums import Phase, SpielDecided
from ..engine.figures import FigureValue, best_figure, best_possible
from ..engine.match import MatchState
from ..engine.ruleset import (
    CloseGameOrder,
    EndgameDeclaration,
    EqualLength,
    HeldThenGivenUp,
    Ruleset,
    TieFallback,
    UnbetOrder,
)
from ..engine.state import DealState
from ..engine.table import Table, table_for
from ..engine.tricks import legal_actions
from ..language.transcript import (
    Ask,
    Bet,
    CutTaken,
    Deal,
    DealerIs,
    DealHeader,
    Event,
    Exchange,
    Figure,
    Good,
    HandDealt,
    Hold,
    Line,
    Play,
    PointsRecorded,
    Raise,
    ScoreBefore,
    ScoreRecorded,
    Seat,
    Show,
    ShowBegins,
    ShownCard,
    StageBegins,
    Tag,
    Team,
    Transcript,
    TurnUp,
    ValidationBegins,
)

OPEN_FIGURES = (Figure.GLEICH, Figure.HANGER)
#: The Hanger order A K O U 10 9 8 7 (000 Gleich, Hanger, Spiel); the Six extends no Hanger (D-50).
_SEQUENCE = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNTER, Rank.ZEHN, Rank.NEUN, Rank.ACHT, Rank.SIEBEN)
#: A match that has not ended after this many deals means a bug (a 4-player match to 18 takes about ten).
MATCH_DEALS_LIMIT = 1000


class GeneratorError(Exception):
    """The generator produced something the engine rejects: a bug in one of them."""


def _code(c: Card) -> str:
    return c.code


# ---- the generator's own accounting ---------------------------------------------------------

@mutable_record
class _Pending:
    """A bet awaiting its answers: the sides still to answer, in turn (004 Drei-Spieler: "streng in Reihe")."""

    side: Team
    proposed: int
    awaiting: list[Team]


@mutable_record
class _Book:
    """The generator's own record of one figure's betting (000 Betting; 004 Drei-Spieler-Spiel)."""

    figure: Figure
    value: int = 1
    out: set[Team] = field(default_factory=set)  # sides that said good: they cannot win it
    levels: dict[Seat, int] = field(default_factory=dict)  # the value each player bet, raised or held it at
    pending: _Pending | None = None
    first_bet: int | None = None  # when it was first bet (the close-game order)
    conceded_to: Team | None = None
    conceded_at: int | None = None
    conceded_in_show: bool = False
    spontaneous: bool = False  # conceded without a bet (D-52)


@record
class _Outcome:
    """How a figure ended in the generator's own accounting."""

    figure: Figure
    winner: Team | None
    value: int
    stands: bool = False  # a Gleich or Hanger tied: nobody wins it and, counting down, nobody pays


@mutable_record
class _Sheet:
    """The generator's own scoresheet of one match."""

    sides: tuple[Team, ...]
    score: list[int]
    target: int
    countdown: bool
    winner: Team | None = None
    places: list[Team] = field(default_factory=list)  # Strafperlaggen: the order players reached 0

    @classmethod
    def start(cls, ruleset: Ruleset) -> _Sheet:
        """Every side at the starting score (0, or 9 in Strafperlaggen)."""
        sides = table_for(ruleset.players).sides
        return cls(sides, [ruleset.score.start] * len(sides), ruleset.target, ruleset.countdown)

    @property
    def over(self) -> bool:
        """A side reached the target; counting down, all but one reached 0 (004 Strafperlaggen)."""
        if self.countdown:
            return len(self.places) >= len(self.sides) - 1
        return self.winner is not None

    def both_gestrichen(self) -> bool:
        """Two sides, both one point short of the target (000 Scoring, The Endgame)."""
        return not self.countdown and len(self.sides) == 2 and all(s == self.target - 1 for s in self.score)


# ---- matches --------------------------------------------------------------------------------

class MatchGenerator:
    """Generates random legal matches from a seed; the same seed gives the same matches."""

    def __init__(self, ruleset: Ruleset, seed: int, max_value: int = 4, bet_chance: float = 0.12) -> None:
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.max_value = max_value
        self.bet_chance = bet_chance

    def matches(self, deals: int = 10, matches: int = 1) -> Iterator[Transcript]:
        """Whole matches, each played to its end, until at least ``deals`` deals and at least
        ``matches`` matches have been generated."""
        made, number = 0, 0
        while made < deals or number < matches:
            number += 1
            transcript = self.match(number)
            made += len(transcript.deals)
            yield transcript

    def match(self, number: int, max_deals: int | None = None) -> Transcript:
        """One match, played to its end (or cut off after ``max_deals`` deals)."""
        r = self.ruleset
        # Strafperlaggen counts down: the goal the table plays to is 0 (004), not the ruleset's target key
        target = 0 if r.countdown else r.target
        tags = (Tag("Event", f"Zufallspartie {number}"), Tag("Ruleset", r.name), Tag("Target", str(target)))
        header = tuple(Line((t,)) for t in tags)
        sheet = _Sheet.start(r)
        match = MatchState.start(r)
        deals: list[Deal] = []
        while not sheet.over and (max_deals is None or len(deals) < max_deals):
            if len(deals) >= MATCH_DEALS_LIMIT:
                raise GeneratorError(f"match {number} has not ended after {MATCH_DEALS_LIMIT} deals")
            # The first dealer is drawn; then the deal goes to the left (SETUP-4), and in Strafperlaggen
            # played on between two as 004 says: the engine keeps that rotation, the generator follows it.
            dealer = self.rng.choice(match.table.seats) if not deals else match.expected_dealer()
            if dealer is None:
                raise GeneratorError(f"match {number}: no dealer for deal {len(deals) + 1}")
            maker = _DealMaker(self, len(deals) + 1, dealer, sheet, match)
            deals.append(maker.make())
        return Transcript(header, tuple(deals), f"<generated {number}>")


# ---- one deal -------------------------------------------------------------------------------

class _DealMaker:
    """Plays one deal: the setup, the endgame questions, the tricks with bets, the show, the
    validation, and the generator's own points and score."""

    def __init__(self, gen: MatchGenerator, number: int, dealer: Seat, sheet: _Sheet, match: MatchState) -> None:
        self.gen, self.rng, self.r = gen, gen.rng, gen.ruleset
        self.number, self.dealer, self.sheet, self.match = number, dealer, sheet, match
        self.live = LiveDeal(number, self.r, "<generated>", match)
        self.table: Table = self.live.state.table  # who plays this deal (Strafperlaggen: maybe two)
        self.lines: list[Line] = []
        self.open_line: list[Event] = []
        self.open_label: int | None = None
        self.books = {f: _Book(f) for f in ORDER}
        self.sequence = 0
        self.five: dict[Seat, list[Card]] = {}
        self.perlaggen: tuple[Card, ...] = ()
        self.counts: dict[Card, Card] = {}  # each card played or shown -> what it counts as (fixed for the deal)
        self.validated: dict[Card, Card] = {}  # cards laid down only to validate a bet (not part of the show)
        self.asked: set[Team] = set()  # sides that asked about a figure at both gestrichen (§ 25)
        self.stages = 0

    @property
    def state(self) -> DealState:
        """The engine's live state of the deal (whose turn it is, what is legal)."""
        return self.live.state

    def make(self) -> Deal:
        """The whole deal, its points and the score after it, checked by the engine."""
        self.setup()
        decided_before_play: Team | None = None
        endgame = self.sheet.both_gestrichen()
        if endgame:
            decided_before_play = self.ask_round()
        if decided_before_play is None:
            self.play(bets=not endgame)
        if not endgame:
            self.show()
        self.validate()
        outcomes = self.outcomes()
        points, after = self.close(outcomes, endgame, decided_before_play)
        self.statement(PointsRecorded(tuple(points)))
        self.statement(ScoreRecorded(tuple(after)))
        verdict = self.live.finish()
        if verdict.violations:
            found = [(v.rule, v.detail_en) for v in verdict.violations]
            raise GeneratorError(f"deal {self.number}: the engine judged {found}")
        if (self.match.winner, self.match.places) != (self.sheet.winner, self.sheet.places):
            raise GeneratorError(f"deal {self.number}: the engine has winner {self.match.winner} places "
                                 f"{self.match.places}, the generator {self.sheet.winner} {self.sheet.places}")
        return Deal(DealHeader(self.number), tuple(self.lines))

    # ---- writing and applying events ------------------------------------------------------------

    def _apply(self, event: Event) -> None:
        broken = self.live.apply(event)
        if broken:
            raise GeneratorError(f"deal {self.number}: {event} broke {broken}")
        self._record(event)

    def _flush(self) -> None:
        if self.open_line:
            self.lines.append(Line(tuple(self.open_line), None, self.open_label))
        self.open_line, self.open_label = [], None

    def statement(self, event: Event) -> None:
        """A line of its own (dealer, hands, stage, points ...)."""
        self._flush()
        self._apply(event)
        self.lines.append(Line((event,)))

    def action(self, event: Event, own_line: bool = False) -> None:
        """A table action. A trick is written on one line with its label, the bets made during it
        included; bets between tricks share a line of their own."""
        first_card = isinstance(event, Play) and not self.state.play.current
        if first_card or own_line:
            self._flush()
        if first_card:
            self.open_label = self.state.play.trick_number
        self._apply(event)
        self.open_line.append(event)
        if own_line or (isinstance(event, Play) and not self.state.play.current):
            self._flush()

    def legal(self, event: Event) -> bool:
        """Whether the engine accepts this action now: it is tried on a copy of the live deal."""
        memo: dict[int, object] = {id(self.r): self.r, id(self.state.sheet): self.state.sheet,
                                   id(self.state.table): self.state.table}
        trial = copy.copy(self.live)
        trial.state = copy.deepcopy(self.live.state, memo)
        return not trial.apply(event)

    # ---- the setup ------------------------------------------------------------------------------

    def setup(self) -> None:
        """Dealer, cut, hands, turn-up and exchanges (000 The Deal; 004 for two, three and six)."""
        rng, r = self.rng, self.r
        self.statement(DealerIs(self.dealer))
        if self.number == 1:
            self.statement(ScoreBefore(tuple(self.sheet.score)))
        deck = sorted(r.deck.cards(), key=_code)
        rng.shuffle(deck)
        # The cut: the cutter keeps permanent Perlaggen from the bottom of the lifted packet.
        cutter = self.state.right_of_dealer()
        lift = rng.randint(4, len(deck) - 4)
        lifted, rest = deck[:lift], deck[lift:]
        kept: list[Card] = []
        permanent = set(r.permanent_perlaggen())
        while lifted and lifted[-1] in permanent and len(kept) < r.hand_size:
            kept.append(lifted.pop())
        stack = rest + lifted
        hands: dict[Seat, list[Card]] = {s: [] for s in self.table.seats}
        hands[cutter].extend(kept)
        for seat in self.table.clockwise_from(self.state.left_of_dealer()):
            while len(hands[seat]) < r.hand_size:
                hands[seat].append(stack.pop(0))
        turned = [stack.pop(0)]
        while r.trumps.skip_suits and turned[-1].suit in r.trumps.skip_suits:
            if not stack:
                raise GeneratorError(f"deal {self.number}: every card left is of a suit that cannot be trumps")
            turned.append(stack.pop(0))
        self.statement(CutTaken(cutter, tuple(kept)))
        for s in self.table.seats:
            self.statement(HandDealt(s, tuple(hands[s])))
        self.statement(TurnUp(tuple(turned)))
        self.perlaggen = self.state.setup.perlaggen
        self.five = {s: list(h) for s, h in hands.items()}
        self.exchanges(hands)

    def exchanges(self, hands: dict[Seat, list[Card]]) -> None:
        """Turned-up Perlaggen taken in exchange, each one an exchange the engine allows (the exchange
        is a right, not a duty: PEN-15 "they have only penalised themselves")."""
        given: set[Card] = set()
        for _ in range(3):
            exposed = [c for c in self.state.setup.exposed if self.state.is_perlagg(c) and c not in given]
            options = [Exchange(seat, gives, takes) for seat in self.table.seats for takes in exposed
                       for gives in sorted(hands[seat], key=_code)
                       if not verify_exchange(self.state, Exchange(seat, gives, takes))]
            if not options or self.rng.random() < 0.2:
                return
            chosen = self.rng.choice(options)
            self.statement(chosen)
            given.add(chosen.gives)
            hands[chosen.seat].remove(chosen.gives)
            hands[chosen.seat].append(chosen.takes)
            self.five[chosen.seat] = list(hands[chosen.seat])

    # ---- the both-gestrichen endgame ------------------------------------------------------------

    def ask_round(self) -> Team | None:
        """Both sides gestrichen: no bets; from the dealer's left, clockwise, each player with a figure
        long enough asks about it ("tritt dritzig erlaubt?", 004 Endspiel; § 25 "ums Heben fragen").
        The best such figure goes out and the cards are not played; the team it decides, or None
        when the cards must be played for the Spiel (000 The Endgame)."""
        need = max(3, self.r.endgame.min_len)
        for seat in self.table.clockwise_from(self.state.left_of_dealer()):
            best = [(v, f) for f in OPEN_FIGURES if (v := self.possible(seat, f)[0]) is not None and v.size >= need]
            if best:
                value, figure = max(best, key=lambda b: (b[0].size, b[1] is Figure.GLEICH, b[0].height))
                # the words go up to "fünftig"; a longer figure (seven cards) is asked about as that
                self.action(Ask(seat, min(value.size, 5), figure), own_line=True)
                self.asked.add(self.table.side_of(seat))
        # § 25: only a figure its party asked about during the first trick counts (endgame.declaration)
        sides = tuple(self.asked) if self.r.endgame.declaration is EndgameDeclaration.FIRST_TRICK else None
        return self.decide(OPEN_FIGURES, self.r.endgame.min_len, sides)

    def decide(self, figures: tuple[Figure, ...], min_len: int, sides: tuple[Team, ...] | None = None) -> Team | None:
        """The side whose Gleich or Hanger of at least ``min_len`` cards is best (000 The Endgame:
        more cards beat fewer, then a Gleich beats a Hanger, then the higher one), judged in the
        hands with the Perlaggen still free; None when none is long enough or the best stands."""
        r = self.r
        found: list[tuple[int, int, int, Team, Figure]] = []
        for figure in figures:
            for side in self.table.sides if sides is None else sides:
                values = [v for s in self.table.members(side) if (v := self.possible(s, figure)[0]) is not None]
                if values and max(values).size >= min_len:
                    best = max(values)
                    kind = 1 if figure is Figure.GLEICH and r.endgame.equal_length is EqualLength.GLEICH else 0
                    found.append((best.size, kind, best.height, side, figure))
        if not found:
            return None
        found.sort(key=lambda c: c[:3], reverse=True)
        top = found[0]
        rivals = [c for c in found if c[3] != top[3] and c[0] == top[0]]
        longest = [c for c in found if c[0] == top[0]]
        if r.endgame.equal_length is EqualLength.SPIEL and len({c[3] for c in longest}) > 1 and \
                len({c[4] for c in longest}) > 1:
            # 004 Eichel: a Gleich and a Hanger of equal length, the Spiel decides. Which kind the
            # best of them is plays no part: a team holding both beside a rival's Hanger is enough
            # (as endgame_decision judges it).
            return None
        if not any(c[:3] == top[:3] for c in rivals):
            return top[3]
        # The best figure stands (D-2): the other kind may decide, even with three cards.
        others = tuple(f for f in figures if f is not top[4])
        fallback = r.endgame.tie_fallback
        if others and (fallback is TieFallback.OTHER_FIGURE_BOTH_WAYS
                       or (fallback is TieFallback.GLEICH_IF_HANGER_STANDS and top[4] is Figure.HANGER)):
            return self.decide(others, 3, sides)
        return None

    # ---- the tricks and the bets ----------------------------------------------------------------

    def play(self, bets: bool) -> None:
        """Cards from the engine's legal actions until the Spiel is decided (or 'hin'), with bets."""
        state, rng = self.state, self.rng
        while not state.spiel_decided and state.play.spiel_decided_by is not SpielDecided.HIN:
            if bets:
                self.maybe_bet()
                if state.spiel_decided:
                    break
                if self.maybe_concede_spiel():
                    break
            actions = legal_actions(state)
            if not actions:
                raise GeneratorError(f"deal {self.number}: no legal card in trick {state.play.trick_number}")
            cards = sorted({a.card for a in actions}, key=_code)
            card = rng.choice(cards)
            options = [a for a in actions if a.card == card]
            baptised = [a for a in options if a.baptism is not None]
            self.action(rng.choice(baptised) if baptised and rng.random() < 0.85 else rng.choice(options))
        self._flush()

    def maybe_concede_spiel(self) -> bool:
        """Now and then a side lets the Spiel go of its own accord (000 Betting: "at any time"); with
        three players only a Spiel that was bet may be let go (P3-13), so only two sides do this."""
        book = self.books[Figure.SPIEL]
        if len(self.table.sides) != 2 or book.conceded_to is not None or self.rng.random() >= 0.02:
            return False
        event = Good(self.rng.choice(self.table.seats), (Figure.SPIEL,))
        if not self.legal(event):
            return False
        self.action(event)
        return True

    def example(self, seat: Seat, figure: Figure) -> bool:
        """Whether a player may commit to a figure: the Spiel needs nothing; a Gleich or Hanger needs
        an example in his own cards (BET-11) that no later baptism can spoil: cards played as they
        count and natural cards still in hand, no free Perlagg."""
        if figure is Figure.SPIEL:
            return True
        fixed, _ = self.pool(seat)
        return best_figure(figure, fixed.values()) is not None

    def maybe_bet(self) -> None:
        """Now and then a bet the engine allows, answered in turn until it is settled."""
        state, rng = self.state, self.rng
        if rng.random() >= self.gen.bet_chance or state.play.trick_number >= self.r.hand_size:
            return  # no bets in the last trick: the fifth-trick Spiel bet is left to the hand-worked cases
        seat = rng.choice(self.table.seats)
        figure = rng.choice(ORDER)
        book = self.books[figure]
        if book.value >= self.gen.max_value or verify_bet(state, seat, figure) or not self.example(seat, figure):
            return
        self.action(Bet(seat, (figure,)))
        while (pending := state.betting.books[figure].pending) is not None:
            answerer = rng.choice(self.table.members(pending.awaiting[0]))
            roll = rng.random()
            if self.example(answerer, figure) and roll >= 0.35:
                raised = Raise(answerer, pending.proposed + 1, (figure,))
                if roll >= 0.8 and raised.value <= self.gen.max_value and self.legal(raised):
                    self.action(raised)
                    continue
                held = Hold(answerer, (figure,))
                if self.legal(held):
                    self.action(held)
                    continue
            self.action(Good(answerer, (figure,)))

    # ---- the show ---------------------------------------------------------------------------------

    def pool(self, seat: Seat) -> tuple[dict[Card, Card], list[Card]]:
        """A player's cards as they stand: each card that counts as something fixed (played, shown, or
        natural) -> what it counts as, and his Perlaggen still free (in hand, not yet baptised)."""
        fixed: dict[Card, Card] = {}
        free: list[Card] = []
        for c in self.five[seat]:
            if c in self.counts or c in self.validated:
                fixed[c] = self.counts.get(c) or self.validated[c]
            elif c in self.perlaggen:
                free.append(c)
            else:
                fixed[c] = c
        return fixed, sorted(free, key=_code)

    def displayed(self, side: Team, figure: Figure) -> FigureValue | None:
        """A side's best figure on the table: cards played and shown (000 Example 4)."""
        values = [v for s in self.table.members(side)
                  if (v := best_figure(figure, [self.counts[c] for c in self.five[s] if c in self.counts]))]
        return max(values) if values else None

    def possible(self, seat: Seat, figure: Figure) -> tuple[FigureValue | None, list[ShownCard]]:
        """The best figure a player can make, with the cards that make it: a free Perlagg may be
        baptised as any card (BAPT-4, BAPT-8)."""
        fixed, free = self.pool(seat)
        value, cards = _best_with_perlaggen(figure, fixed, free, self.r.deck.cards())
        if value != best_possible(figure, fixed.values(), len(free)):
            raise GeneratorError(f"{seat}'s {figure.value}: {value} is not the best possible")
        return value, cards

    def eligible(self, figure: Figure) -> list[Team]:
        """The sides that may still win an open figure: those that have not said good to it."""
        return [s for s in self.table.sides if s not in self.books[figure].out]

    def unsettled(self, figure: Figure, had_stage: set[Team]) -> bool:
        """An open figure some side must still act on: one that has not had its turn to show, or one
        that is behind what another has on the table (it concedes; SHOW-9)."""
        if self.books[figure].conceded_to is not None:
            return False
        sides = self.eligible(figure)
        shown = {s: self.displayed(s, figure) for s in sides}
        for side in sides:
            if side not in had_stage:
                return True
            mine = shown[side]
            theirs = [v for t, v in shown.items() if t != side and v is not None]
            if theirs and (mine is None or mine < max(theirs)):
                return True
        return False

    def show(self) -> None:
        """The show (000 The Show; 004 Drei-Spieler-Spiel): the Spiel winners first, then the sides in
        turn (alternately; three players clockwise). At its first turn a side shows its best figure,
        Perlaggen still in hand baptised as they are laid down, or says good if it cannot at least
        equal what is on the table; at a later turn a side that is behind says good."""
        state = self.state
        figures = [f for f in OPEN_FIGURES if self.books[f].conceded_to is None]
        winner = state.play.spiel_winner
        if not figures or winner is None:
            return  # nothing to show, or nobody made the Spiel: the hands decide (004 "das Spiel ist hin")
        self.statement(ShowBegins())
        had_stage: set[Team] = set()
        side = winner
        turns = 0
        while any(self.unsettled(f, had_stage) for f in figures):
            turns += 1
            if turns > 4 * len(self.table.sides):
                raise GeneratorError(f"deal {self.number}: the show does not end")
            self.stages += 1
            self.statement(StageBegins(self.stages, side))
            for figure in figures:
                self.stage_turn(side, figure, first=side not in had_stage)
            had_stage.add(side)
            side = self.table.others(side)[0]  # the next side clockwise: the other team, or the player on the left

    def stage_turn(self, side: Team, figure: Figure, first: bool) -> None:
        """What a side does about one open figure at its turn to show (SHOW-3)."""
        book = self.books[figure]
        if book.conceded_to is not None or side in book.out:
            return
        theirs = [v for t in self.eligible(figure) if t != side and (v := self.displayed(t, figure)) is not None]
        top = max(theirs) if theirs else None
        mine = self.displayed(side, figure)
        speaker = self.table.members(side)[0]
        if not first:
            if top is not None and (mine is None or mine < top):
                self.action(Good(speaker, (figure,)), own_line=True)
            return
        best: tuple[FigureValue, Seat, list[ShownCard]] | None = None
        for seat in self.table.members(side):
            value, cards = self.possible(seat, figure)
            if value is not None and (best is None or value > best[0]):
                best = (value, seat, cards)
        if best is None:
            self.action(Good(speaker, (figure,)), own_line=True)
            return
        value, seat, cards = best
        if top is not None and value < top:
            self.action(Good(seat, (figure,)), own_line=True)
            return
        new = tuple(c for c in cards if c.card not in self.counts)
        if new:
            self.action(Show(seat, figure, new), own_line=True)

    def validate(self) -> None:
        """Every player who bet, raised or held a Gleich or Hanger shows an example from his own cards
        (000 Showing cards to validate bets; P3-12), where the table does not already show one."""
        shows: list[Show] = []
        for figure in OPEN_FIGURES:
            for seat in sorted(self.books[figure].levels):
                on_table = [self.counts.get(c) or self.validated[c] for c in self.five[seat]
                            if c in self.counts or c in self.validated]
                if best_figure(figure, on_table) is not None:
                    continue
                value, cards = self.possible(seat, figure)
                if value is None:
                    raise GeneratorError(f"{seat} committed to the {figure.value} without an example")
                new = tuple(c for c in cards if c.card not in self.counts and c.card not in self.validated)
                shows.append(Show(seat, figure, new))
                for shown in new:  # a Perlagg baptised here stays so for the next show
                    self.validated[shown.card] = shown.baptism or shown.card
        if shows and self.r.validation.spontaneous_concession_needs_example:
            # Once a validation is written, an example counts only if it is shown (the hands no longer
            # speak for it): a figure let go unbet is shown by a winner who has it (D-52 as an option).
            for figure in OPEN_FIGURES:
                book = self.books[figure]
                if not book.spontaneous or book.conceded_to is None:
                    continue
                members = self.table.members(book.conceded_to)
                if any(best_figure(figure, [self.counts.get(c) or self.validated[c] for c in self.five[s]
                                            if c in self.counts or c in self.validated]) for s in members):
                    continue
                for seat in members:
                    value, cards = self.possible(seat, figure)
                    if value is not None:
                        new = tuple(c for c in cards if c.card not in self.counts and c.card not in self.validated)
                        shows.append(Show(seat, figure, new))
                        for shown in new:
                            self.validated[shown.card] = shown.baptism or shown.card
                        break
        if shows:
            self.statement(ValidationBegins())
            for show in shows:
                self.action(show, own_line=True)

    # ---- the generator's own book-keeping of the betting -------------------------------------------

    def _next(self) -> int:
        self.sequence += 1
        return self.sequence

    def _record(self, event: Event) -> None:
        """Keep the generator's own record of what was played, shown, bet and conceded."""
        if isinstance(event, Play):
            self.counts.setdefault(event.card, event.baptism if event.baptism and event.card in self.perlaggen
                                   else event.card)
        elif isinstance(event, Show) and self.state.phase is not Phase.VALIDATION:
            for shown in event.cards:
                self.counts.setdefault(shown.card, shown.baptism or shown.card)
        elif isinstance(event, (Bet, Good, Hold, Raise)):
            for figure in event.figures:
                self._bet_step(event, self.books[figure])

    def _bet_step(self, event: Bet | Good | Hold | Raise, book: _Book) -> None:
        seat = event.seat
        side = self.table.side_of(seat)
        if isinstance(event, Bet):
            book.pending = _Pending(side, book.value + 1, self._answering(seat, book))
            book.first_bet = book.first_bet or self._next()
            book.levels[seat] = max(book.levels.get(seat, 0), book.value + 1)
            return
        pending = book.pending
        if isinstance(event, Good):
            book.out.add(side)
            if pending is not None:
                pending.awaiting.remove(side)
                if not pending.awaiting:  # every opponent said good: the bettor takes the old value
                    self._concede(book, pending.side)
                return
            left = [s for s in self.table.sides if s not in book.out]
            if len(left) == 1:
                book.spontaneous = True
                self._concede(book, left[0])
            return
        assert pending is not None
        book.value = pending.proposed  # held, or accepted by the raise: the figure is worth it now
        book.levels[seat] = max(book.levels.get(seat, 0), book.value)
        book.pending = None  # a hold ends the bet: whoever has not answered rides along (P3-8)
        if isinstance(event, Raise):
            book.pending = _Pending(side, book.value + 1, self._answering(seat, book))
            book.levels[seat] = book.value + 1

    def _answering(self, seat: Seat, book: _Book) -> list[Team]:
        """The sides that answer a bet, in turn from the bettor's left, those that said good left out."""
        return [side for side in self.table.opponents_in_turn(seat) if side not in book.out]

    def _concede(self, book: _Book, side: Team) -> None:
        book.pending = None
        book.conceded_to = side
        book.conceded_at = self._next()
        book.conceded_in_show = self.state.phase in (Phase.SHOW, Phase.VALIDATION)

    # ---- the generator's own scoring ------------------------------------------------------------

    def spiel_by_tricks(self) -> Team | None:
        """The side that took the tricks for the Spiel (000: three of five; 004: four of seven), if any."""
        won: dict[Team, int] = {}
        for trick in self.state.play.tricks:
            side = self.table.side_of(trick.winner) if trick.winner else None
            if side is not None:
                won[side] = won.get(side, 0) + 1
                if won[side] >= self.r.tricks_for_spiel:
                    return side
        return None

    def outcomes(self) -> list[_Outcome]:
        """Each figure's winner and value (000 Betting and Scoring; 004 Drei-Spieler-Spiel)."""
        out: list[_Outcome] = []
        for figure in ORDER:
            book = self.books[figure]
            if figure is Figure.SPIEL:
                winner = book.conceded_to or self.spiel_by_tricks()
                if winner in book.out:
                    winner = None  # a player who said good cannot win it (004 Drei-Spieler-Spiel)
                out.append(_Outcome(figure, winner, book.value))
                continue
            if book.conceded_to is not None:
                winner = book.conceded_to
                if book.spontaneous and self.r.validation.spontaneous_concession_needs_example and not any(
                        self.possible(s, figure)[0] for s in self.table.members(winner)):
                    winner = None  # D-52: a figure let go unbet scores only for a side that has one
                out.append(_Outcome(figure, winner, book.value))
                continue
            sides = self.eligible(figure)
            if self.stages:
                values = {s: self.displayed(s, figure) for s in sides}
            else:  # no show: the figures in the hands, each free Perlagg at its best
                values = {s: max((v for m in self.table.members(s) if (v := self.possible(m, figure)[0])),
                                 default=None) for s in sides}
            present = {s: v for s, v in values.items() if v is not None}
            if not present:
                out.append(_Outcome(figure, None, book.value))
                continue
            high = max(present.values())
            leaders = [s for s, v in present.items() if v == high]
            out.append(_Outcome(figure, leaders[0] if len(leaders) == 1 else None, book.value, len(leaders) > 1))
        return out

    def in_order(self, outcomes: list[_Outcome]) -> list[_Outcome]:
        """The close-game order (000 Scoring): figures conceded, in the order called good; figures bet
        and held, in the order first bet on; unseen figures Gleich, Hanger, Spiel (004 Strafperlaggen:
        Spiel, Gleich, Hanger). Under old/Neue § 12 (``score.close_game_order: bet_first``) only a bet
        the opponents called good counts at once; a figure let go unbet waits with the unseen ones.
        A figure held and later given up counts as conceded (000) or by its first bet (§ 27,
        ``score.held_then_given_up``)."""
        unseen = (ORDER if self.r.score.unbet_order is UnbetOrder.GLEICH_HANGER_SPIEL
                  else (Figure.SPIEL, Figure.GLEICH, Figure.HANGER))

        def at_once(book: _Book) -> bool:
            if book.spontaneous and book.first_bet is not None:  # held, then given up
                return self.r.score.held_then_given_up is HeldThenGivenUp.AS_CONCEDED
            return not (self.r.score.close_game_order is CloseGameOrder.BET_FIRST and book.spontaneous)

        def key(o: _Outcome) -> tuple[int, int]:
            book = self.books[o.figure]
            if book.conceded_at is not None and at_once(book):
                return (1, book.conceded_at)
            if book.first_bet is not None:
                return (2, book.first_bet)
            return (3, unseen.index(o.figure))

        return sorted(outcomes, key=key)

    def close(self, outcomes: list[_Outcome], endgame: bool,
              decided: Team | None) -> tuple[list[int], list[int]]:
        """The deal's points on the scoresheet and the score after it; finds the match's winner."""
        sheet = self.sheet
        if sheet.countdown:
            return self._count_down(outcomes)
        before = list(sheet.score)
        score = list(before)
        counted = [0] * len(sheet.sides)

        def gain(side: Team, points: int) -> None:
            i = sheet.sides.index(side)
            score[i] += points
            counted[i] += points

        if endgame:
            # Both gestrichen from the start: the figure decided before play, else the Spiel; one point.
            spiel = next(o.winner for o in outcomes if o.figure is Figure.SPIEL)
            decider = decided or spiel
            if decider is not None:
                gain(decider, 1)
                sheet.winner = decider
        else:
            order = self.in_order(outcomes)
            for k, o in enumerate(order):
                if o.winner is None:
                    continue
                gain(o.winner, o.value)
                if sheet.winner is None and score[sheet.sides.index(o.winner)] >= sheet.target:
                    sheet.winner = o.winner
                if sheet.winner is None and len(sheet.sides) == 2 and all(s == sheet.target - 1 for s in score) \
                        and k + 1 < len(order) and self._during_play(o):
                    decider = self._both_during_the_deal(o, order[k + 1:])
                    if decider is not None:
                        gain(decider, 1)
                        sheet.winner = decider
                    break
        sheet.score = score
        return counted, score

    def _during_play(self, o: _Outcome) -> bool:
        """Both sides became gestrichen "during the play" (000 The Endgame): by the Spiel, or by a
        Gleich or Hanger let go before the show. A figure settled in the show simply counts on."""
        book = self.books[o.figure]
        return o.figure is Figure.SPIEL or (book.conceded_to is not None and not book.conceded_in_show)

    def _both_during_the_deal(self, last: _Outcome, rest: list[_Outcome]) -> Team | None:
        """000 The Endgame: at 17:16 the Spiel conceded makes 17:17 -> an unseen Gleich or Hanger of
        three cards wins, else nobody scores and the next deal starts both gestrichen (§ 26 "muss neu
        ausgegeben werden"); a Gleich or Hanger conceded -> the unseen one decides ("A 2-card Hanger is
        sufficient", D-3: endgame.unbet_min_len), else the Spiel."""
        unseen = tuple(o.figure for o in rest if o.figure in OPEN_FIGURES and self.books[o.figure].first_bet is None)
        if last.figure is Figure.SPIEL or all(o.figure is not Figure.SPIEL for o in rest):
            return self.decide(unseen, self.r.endgame.min_len)
        decider = self.decide(unseen, self.r.endgame.unbet_min_len)
        return decider or next(o.winner for o in rest if o.figure is Figure.SPIEL)

    def _count_down(self, outcomes: list[_Outcome]) -> tuple[list[int], list[int]]:
        """Strafperlaggen (004): whoever bet, raised or held a figure and does not win it adds the
        value he bet or held it at (a figure that stands costs nobody anything); then each figure
        won is deducted in the close-game order, and whoever reaches 0 has won."""
        sheet = self.sheet
        before = list(sheet.score)
        score = list(before)
        for o in outcomes:
            if o.stands:
                continue
            for seat, level in sorted(self.books[o.figure].levels.items()):
                side = self.table.side_of(seat)
                if side != o.winner:
                    score[sheet.sides.index(side)] += level
        for o in self.in_order(outcomes):
            if o.winner is None:
                continue
            i = sheet.sides.index(o.winner)
            score[i] -= o.value
            if score[i] <= 0 and o.winner not in sheet.places:
                sheet.places.append(o.winner)
                sheet.winner = sheet.winner or o.winner
        sheet.score = score
        return [a - b for a, b in zip(score, before, strict=True)], score


# ---- figures with Perlaggen -----------------------------------------------------------------

def _best_with_perlaggen(figure: Figure, fixed: dict[Card, Card], free: list[Card],
                         deck: frozenset[Card]) -> tuple[FigureValue | None, list[ShownCard]]:
    """The best Gleich or Hanger of one player and the cards to lay down for it: ``fixed`` maps each
    card to what it counts as; each ``free`` Perlagg may become any card of the pack (BAPT-4)."""
    best: tuple[FigureValue, list[ShownCard]] | None = None

    def offer(value: FigureValue, cards: list[ShownCard]) -> None:
        nonlocal best
        if value.size >= 2 and (best is None or value > best[0]):
            best = (value, cards)

    def baptise(perlagg: Card, wanted: Card) -> ShownCard:
        return ShownCard(perlagg, None if wanted == perlagg else wanted)

    if figure is Figure.GLEICH:
        ranks = sorted({c.rank for c in fixed.values()} | ({Rank.ASS} if free else set()),
                       key=lambda r: r.strength, reverse=True)
        for rank in ranks:
            mine = [ShownCard(c) if fixed[c] == c else ShownCard(c, fixed[c])
                    for c in sorted(fixed, key=_code) if fixed[c].rank is rank]
            real = [Card(s, rank) for s in Suit if Card(s, rank) in deck]  # the Six exists only as the Weli
            unused = [c for c in real if c not in fixed.values()] or real
            extra = [baptise(p, unused[i % len(unused)]) for i, p in enumerate(free)]
            offer(FigureValue(len(mine) + len(extra), rank.strength), mine + extra)
    else:
        by_counts = {counts: card for card, counts in sorted(fixed.items(), key=lambda kv: _code(kv[0]))}
        for suit in Suit:
            for start in range(len(_SEQUENCE)):
                cards: list[ShownCard] = []
                spare = list(free)
                for rank in _SEQUENCE[start:]:
                    wanted = Card(suit, rank)
                    held = by_counts.get(wanted)
                    if held is not None:
                        cards.append(ShownCard(held) if held == wanted else ShownCard(held, wanted))
                    elif spare:
                        cards.append(baptise(spare.pop(0), wanted))
                    else:
                        break
                offer(FigureValue(len(cards), _SEQUENCE[start].strength), cards)
    if best is None:
        return None, []
    value, cards = best
    if best_figure(figure, [s.baptism or s.card for s in cards]) != value:
        raise GeneratorError(f"the cards {cards} do not make {value}")
    return value, cards
