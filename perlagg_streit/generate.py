"""Random legal matches, written as transcripts (``perlagg-streit generate``).

Every action is chosen among those the engine's ``verify_*`` functions accept, so a generated
deal has no violation by construction; the generator raises if the engine ever objects. The
points and the running score written into the transcript come from the generator's own
accounting, not from the engine's scoring, so that replaying a generated match is a real
cross-check of the two.

What the generator does not produce: blind bets, Eichel upgrades, the fifth-trick Spiel bet,
and the endgame. A match is ended before either team reaches ``stop_at`` points (raises go no
higher than ``max_value``), so no team becomes gestrichen; the endgame rules are covered by the
hand-worked cases.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from .cards import Card
from .engine import LiveDeal
from .engine.betting import ORDER, verify_bet
from .engine.figures import FigureValue, best_figure, figure_cards
from .engine.match import MatchState
from .engine.ruleset import Ruleset
from .engine.state import DealState
from .engine.table import FOUR
from .engine.tricks import expected_seat, legal_actions
from .transcript import (
    SEATS,
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


class GeneratorError(Exception):
    """The generator produced something the engine rejects: a bug in one of them."""


@dataclass
class _Book:
    value: int = 1
    conceded_to: Team | None = None
    committed: set[Seat] = field(default_factory=set)


class MatchGenerator:
    """Generates random legal matches from a seed; the same seed gives the same matches."""

    def __init__(self, ruleset: Ruleset, seed: int, stop_at: int = 10, max_value: int = 4,
                 bet_chance: float = 0.12) -> None:
        self.ruleset = ruleset
        self.rng = random.Random(seed)
        self.stop_at = stop_at
        self.max_value = max_value
        self.bet_chance = bet_chance

    # ---- matches ------------------------------------------------------------------------------

    def matches(self, total_deals: int) -> Iterator[Transcript]:
        """Matches until ``total_deals`` deals have been generated in all."""
        made, number = 0, 0
        while made < total_deals:
            number += 1
            transcript = self.match(number, total_deals - made)
            made += len(transcript.deals)
            yield transcript

    def match(self, number: int, max_deals: int) -> Transcript:
        """One match of at most ``max_deals`` deals."""
        tags = (Tag("Event", f"Zufallspartie {number}"), Tag("Ruleset", self.ruleset.name),
                Tag("Target", str(self.ruleset.target)))
        header = tuple(Line((t,)) for t in tags)
        score = [0, 0]
        match = MatchState.start(self.ruleset)
        dealer = self.rng.choice(SEATS)
        deals: list[Deal] = []
        while len(deals) < max_deals and max(score) < self.stop_at:
            lines, points = self._deal(len(deals) + 1, dealer, score, match)
            score = [score[0] + points[0], score[1] + points[1]]
            lines.append(Line((PointsRecorded(points),)))
            lines.append(Line((ScoreRecorded((score[0], score[1])),)))
            deals.append(Deal(DealHeader(len(deals) + 1), tuple(lines)))
            dealer = FOUR.left_of(dealer)
        return Transcript(header, tuple(deals), f"<generated {number}>")

    # ---- one deal -----------------------------------------------------------------------------

    def _deal(self, number: int, dealer: Seat, score: list[int],
              match: MatchState) -> tuple[list[Line], tuple[int, int]]:
        rng, r = self.rng, self.ruleset
        self.live = LiveDeal(number, r, "<generated>", match)
        self.lines: list[Line] = []
        self.books = {f: _Book() for f in ORDER}
        deck = sorted(r.deck(), key=lambda c: c.code)
        rng.shuffle(deck)
        # The cut: the cutter keeps permanent Perlaggen from the bottom of the lifted packet.
        cutter = FOUR.right_of(dealer)
        lift = rng.randint(4, len(deck) - 4)
        lifted, rest = deck[:lift], deck[lift:]
        kept: list[Card] = []
        permanent = set(r.permanent_perlaggen())
        while lifted and lifted[-1] in permanent and len(kept) < r.hand_size:
            kept.append(lifted.pop())
        stack = rest + lifted
        hands: dict[Seat, list[Card]] = {s: [] for s in SEATS}
        hands[cutter].extend(kept)
        seat = FOUR.left_of(dealer)
        for _ in range(4):
            while len(hands[seat]) < r.hand_size:
                hands[seat].append(stack.pop(0))
            seat = FOUR.left_of(seat)
        turned = [stack.pop(0)]
        while r.trump_skip_suits and turned[-1].suit in r.trump_skip_suits:
            turned.append(stack.pop(0))
        self._emit([DealerIs(dealer)])
        if number == 1:
            self._emit([ScoreBefore((score[0], score[1]))])
        self._emit([CutTaken(cutter, tuple(kept))])
        for s in SEATS:
            self._emit([HandDealt(s, tuple(hands[s]))])
        self._emit([TurnUp(tuple(turned))])
        self._exchange(dealer, turned[-1], hands)
        self.five = {s: list(h) for s, h in hands.items()}
        self._play()
        self._show()
        self._validate()
        points = self._points()
        self.live.finish()
        return self.lines, points

    def _emit(self, events: list[Event], label: int | None = None) -> None:
        for event in events:
            broken = self.live.apply(event)
            if broken:
                raise GeneratorError(f"deal {self.live.state.number}: {event} broke {broken}")
        self.lines.append(Line(tuple(events), None, label))

    @property
    def state(self) -> DealState:
        """The engine's live state of the deal being generated."""
        return self.live.state

    def _exchange(self, dealer: Seat, trump_card: Card, hands: dict[Seat, list[Card]]) -> None:
        state = self.state
        if not state.is_perlagg(trump_card) or self.rng.random() < 0.2:
            return
        for seat in FOUR.clockwise_from(dealer)[::2]:  # the dealer, then his partner
            naturals = [c for c in hands[seat] if state.is_natural_trump(c)]
            if naturals:
                if seat != dealer and "partner" not in self.ruleset.exchange_who:
                    return
                gives = self.rng.choice(sorted(naturals, key=lambda c: c.code))
                self._emit([Exchange(seat, gives, trump_card)])
                hands[seat].remove(gives)
                hands[seat].append(trump_card)
                return

    # ---- play and betting ---------------------------------------------------------------------

    def _effective(self, seat: Seat) -> list[Card]:
        """A player's cards for the figures: played cards as they count, unplayed natural cards."""
        played = {p.card: p.counts_as for t in self.state.tricks for p in t.plays if p.seat == seat}
        played.update({p.card: p.counts_as for p in self.state.current if p.seat == seat})
        return list(played.values()) + [c for c in self.five[seat] if c not in played and not self.state.is_perlagg(c)]

    def _has_example(self, seat: Seat, figure: Figure) -> bool:
        return figure is Figure.SPIEL or best_figure(figure, self._effective(seat)) is not None

    def _maybe_bet(self) -> None:
        state, rng = self.state, self.rng
        if rng.random() >= self.bet_chance or state.spiel_decided:
            return
        if state.trick_number >= self.ruleset.hand_size:
            return  # no fifth-trick Spiel bets: their rules are left to the hand-worked cases
        seat = rng.choice(SEATS)
        figure = rng.choice(ORDER)
        book = state.books[figure]
        if book.status != "open" or book.value >= self.max_value or verify_bet(state, seat, figure):
            return
        if not self._has_example(seat, figure):
            return
        self._emit([Bet(seat, (figure,))])
        self.books[figure].committed.add(seat)
        bettor, proposed = seat, book.value + 1
        while True:
            answerer = rng.choice(FOUR.members(FOUR.others(FOUR.side_of(bettor))[0]))
            can_commit = self._has_example(answerer, figure)
            roll = rng.random()
            if not can_commit or roll < 0.35:
                self._emit([Good(answerer, (figure,))])
                self.books[figure].conceded_to = FOUR.side_of(bettor)
                return
            self.books[figure].committed.add(answerer)
            if roll < 0.8 or proposed + 1 > self.max_value:
                self._emit([Hold(answerer, (figure,))])
                self.books[figure].value = proposed
                return
            self._emit([Raise(answerer, proposed + 1, (figure,))])
            self.books[figure].value = proposed
            bettor, proposed = answerer, proposed + 1

    def _play(self) -> None:
        state, rng = self.state, self.rng
        while not state.spiel_decided:
            self._maybe_bet()
            if state.spiel_decided:
                break
            if rng.random() < 0.02 and state.books[Figure.SPIEL].status == "open":
                conceder = rng.choice(SEATS)
                self._emit([Good(conceder, (Figure.SPIEL,))])
                self.books[Figure.SPIEL].conceded_to = FOUR.others(FOUR.side_of(conceder))[0]
                break
            to_play = expected_seat(state)
            actions = legal_actions(state)
            if to_play is None or not actions:
                raise GeneratorError(f"deal {state.number}: no legal card for {to_play}")
            cards = sorted({a.card for a in actions}, key=lambda c: c.code)
            card = rng.choice(cards)
            options = [a for a in actions if a.card == card]
            baptised = [a for a in options if a.baptism is not None]
            play = rng.choice(baptised) if baptised and rng.random() < 0.85 else rng.choice(options)
            label = state.trick_number if not state.current else None
            self._emit([play], label)

    # ---- the show and validation --------------------------------------------------------------

    def _figure_cards(self, seat: Seat, figure: Figure) -> tuple[FigureValue | None, list[Card]]:
        """A player's best figure and the physical cards that make it."""
        played = {p.card: p.counts_as for t in self.state.tricks for p in t.plays if p.seat == seat}
        played.update({p.card: p.counts_as for p in self.state.current if p.seat == seat})
        pool = dict(played)
        pool.update({c: c for c in self.five[seat] if c not in played and not self.state.is_perlagg(c)})
        return best_figure(figure, pool.values()), sorted(figure_cards(figure, pool), key=lambda c: c.code)

    def _team_best(self, team: Team, figure: Figure) -> tuple[FigureValue | None, Seat, list[Card]]:
        options = [(self._figure_cards(s, figure), s) for s in FOUR.members(team)]
        (value, cards), seat = max(options, key=lambda o: (o[0][0] is not None, o[0][0] or FigureValue(0, 0)))
        return value, seat, cards

    def _show(self) -> None:
        state = self.state
        open_figures = [f for f in (Figure.GLEICH, Figure.HANGER) if state.books[f].status == "open"]
        self.winners: dict[Figure, Team | None] = {}
        if not open_figures or state.spiel_winner is None:
            return
        winner, loser = state.spiel_winner, FOUR.others(state.spiel_winner)[0]
        self._emit([ShowBegins()])
        self._emit([StageBegins(1, winner)])
        shown: dict[Figure, FigureValue | None] = {}
        for figure in open_figures:
            value, seat, cards = self._team_best(winner, figure)
            if value is None:
                self._emit([Good(seat, (figure,))])
                self.books[figure].conceded_to = loser
            else:
                self._show_cards(seat, figure, cards)
                shown[figure] = value
        still = [f for f in open_figures if self.books[f].conceded_to is None]
        if not still:
            return
        self._emit([StageBegins(2, loser)])
        leads: list[Figure] = []
        for figure in still:
            value, seat, cards = self._team_best(loser, figure)
            theirs = shown[figure]
            if value is None or (theirs is not None and value < theirs):
                self._emit([Good(seat, (figure,))])
                self.books[figure].conceded_to = winner
                continue
            self._show_cards(seat, figure, cards)
            if theirs is None or value > theirs:
                leads.append(figure)
            else:
                self.winners[figure] = None  # the figure stands
        if leads:
            self._emit([StageBegins(3, winner)])
            for figure in leads:
                self._emit([Good(FOUR.members(winner)[0], (figure,))])
                self.books[figure].conceded_to = loser

    def _show_cards(self, seat: Seat, figure: Figure, cards: list[Card]) -> None:
        played = {p.card for t in self.state.tricks for p in t.plays} | {p.card for p in self.state.current}
        new = [ShownCard(c) for c in cards if c not in played]
        if new:
            self._emit([Show(seat, figure, tuple(new))])

    def _validate(self) -> None:
        shows: list[Event] = []
        for figure in (Figure.GLEICH, Figure.HANGER):
            for seat in sorted(self.books[figure].committed):
                _, cards = self._figure_cards(seat, figure)
                if not cards:
                    raise GeneratorError(f"{seat} committed to the {figure.value} without an example")
                shows.append(Show(seat, figure, tuple(ShownCard(c) for c in cards)))
        if shows:
            self._emit([ValidationBegins()])
            for show in shows:
                self._emit([show])

    def _points(self) -> tuple[int, int]:
        """The generator's own accounting of the deal (000 Betting and Scoring)."""
        points = {"NS": 0, "EW": 0}
        state = self.state
        for figure in ORDER:
            book = self.books[figure]
            team: Team | None
            if figure is Figure.SPIEL:
                team = book.conceded_to or state.spiel_winner
            elif book.conceded_to is not None:
                team = book.conceded_to
            else:
                team = self.winners.get(figure)
            if team is not None:
                points[team] += book.value
        return points["NS"], points["EW"]
