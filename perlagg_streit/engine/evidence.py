"""What the whole record of a deal proves about each player's hand (issue 16).

Worked out once per deal, in one pass over its events, before the deal is replayed. A card a
player plays, shows, validates (Nachweis) or gives in an exchange was in his hand from the deal
until he played it, or from the exchange that brought it in; a card the record puts anywhere
else first (another player's hand or play, the turn-up, Luck or Boden) was not in his hand. A
hand holds as many cards as the form deals (000 The Deal: five each), so once that many are
proven it is known (:func:`.deal.start_hands` and :func:`.deal.hand_dealt` make the hands from
this). The first place the record gives a card wins; a later, contradicting one is not credited,
and the replay reports it as the record error it is (RECORD-NOT-HELD, RECORD-DUPLICATE-CARD).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.cards import Card
from ..language.transcript import (
    CutTaken,
    Deal,
    Exchange,
    HandDealt,
    LuckUndBoden,
    Play,
    Redeal,
    Seat,
    Show,
    TurnUp,
    ValidationBegins,
)
from ..messages import Message
from .enums import Proven


@dataclass(frozen=True, slots=True)
class Proof:
    """How one card is known to have been in a player's hand: the way (``how``), the file line that
    shows it, and for a card played the trick it was played to."""

    card: Card
    how: Proven
    line: int
    trick: int | None = None

    def message(self, seat: Seat, trick: int | None) -> Message:
        """The proof in words, for a check made at ``trick`` (None: before the first card, as at an
        exchange): "N held E8 at trick 2: he played it in trick 3 (line 19)"."""
        moment = Message("moment.deal") if trick is None else Message("moment.trick", trick=trick)
        return Message(f"proof.{self.how}", seat=seat, card=self.card, moment=moment, later=self.trick or trick,
                       line=self.line)


#: The record's own places for a card that is in nobody's hand (the turn-up, Luck, Boden).
_TABLE = ""


@dataclass(eq=False)  # compared by identity: one shared empty Evidence is every state's default
class Evidence:
    """What the record proves of each hand in one attempt at a deal (a redeal starts ``next``)."""

    # cards proven in each hand as dealt (cut Perlaggen included), in the order the record proves them
    from_deal: dict[Seat, dict[Card, Proof]] = field(default_factory=dict)
    # cards each player took in an exchange: in his hand from the exchange on
    taken: dict[Seat, dict[Card, Proof]] = field(default_factory=dict)
    written: set[Seat] = field(default_factory=set)  # seats with a ``Karten`` line
    next: Evidence | None = None

    def proof(self, seat: Seat, card: Card) -> Proof | None:
        """How the record proves that ``seat`` held ``card`` (None: it does not)."""
        found = self.from_deal.get(seat, {}).get(card)
        return found if found is not None else self.taken.get(seat, {}).get(card)


#: No record to learn from (a deal built one event at a time): nothing is proven beyond the hands.
NO_EVIDENCE = Evidence()


class _Gatherer:
    """The one pass over a deal's events (a class only to share the places between its steps)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.evidence = self.current = Evidence()
        self._restart()

    def _restart(self) -> None:
        self.places: dict[Card, Seat] = {}  # card -> the seat the record first gives it to (or _TABLE)
        self.given: set[Card] = set()  # cards given in an exchange: face up on the stack, to be taken
        self.plays = 0
        self.validating = False

    def claim(self, seat: Seat, card: Card, proof: Proof) -> None:
        """The record says ``seat`` held ``card``: credited unless the record put it elsewhere first."""
        owner = self.places.get(card)
        if owner is None:
            self.places[card] = seat
            self.current.from_deal.setdefault(seat, {})[card] = proof
        elif owner == seat and proof.how is Proven.WRITTEN:
            self.current.from_deal.setdefault(seat, {})[card] = proof  # his own Karten line: the plainest proof

    def take(self, seat: Seat, card: Card, proof: Proof) -> None:
        """An exchange brings ``card`` from the turn-up (or the stack) into ``seat``'s hand."""
        owner = self.places.get(card)
        if owner is None or owner == _TABLE or card in self.given:
            self.places[card] = seat
            self.given.discard(card)
            self.current.taken.setdefault(seat, {})[card] = proof

    def place(self, card: Card) -> None:
        """A card the record puts in nobody's hand (turn-up, Luck, Boden)."""
        self.places.setdefault(card, _TABLE)

    def gather(self, deal: Deal) -> Evidence:
        """Walk the deal's events once."""
        for line in deal.lines:
            for event in line.events:
                kind = type(event)
                if kind is Play:
                    assert isinstance(event, Play)
                    trick = line.trick_label or self.plays // self.players + 1
                    self.plays += 1
                    self.claim(event.seat, event.card, Proof(event.card, Proven.PLAYED, event.pos.line, trick))
                elif kind is Show:
                    assert isinstance(event, Show)
                    how = Proven.VALIDATED if self.validating else Proven.SHOWN
                    for shown in event.cards:
                        self.claim(event.seat, shown.card, Proof(shown.card, how, event.pos.line))
                elif kind is HandDealt:
                    assert isinstance(event, HandDealt)
                    self.current.written.add(event.seat)
                    for c in event.cards:
                        if c is not None:
                            self.claim(event.seat, c, Proof(c, Proven.WRITTEN, event.pos.line))
                elif kind is CutTaken:
                    assert isinstance(event, CutTaken)
                    for c in event.perlaggen:
                        self.claim(event.cutter, c, Proof(c, Proven.CUT, event.pos.line))
                elif kind is TurnUp:
                    assert isinstance(event, TurnUp)
                    for c in event.cards:
                        self.place(c)
                elif kind is LuckUndBoden:
                    assert isinstance(event, LuckUndBoden)
                    self.place(event.top)
                    self.place(event.bottom)
                elif kind is Exchange:
                    assert isinstance(event, Exchange)
                    self._exchange(event)
                elif kind is ValidationBegins:
                    self.validating = True
                elif kind is Redeal:
                    self.current.next = Evidence()
                    self.current = self.current.next
                    self._restart()
        return self.evidence

    def _exchange(self, event: Exchange) -> None:
        line = event.pos.line
        if event.gives not in self.current.taken.get(event.seat, {}):
            self.claim(event.seat, event.gives, Proof(event.gives, Proven.GAVE, line))
        if self.places.get(event.gives) == event.seat:
            self.given.add(event.gives)
        self.take(event.seat, event.takes, Proof(event.takes, Proven.TOOK, line))


def gather(deal: Deal, players: int) -> Evidence:
    """What the whole record of ``deal`` proves of each hand (one :class:`Evidence` per attempt;
    ``players``: how many play, to number the tricks of lines without a trick label)."""
    return _Gatherer(players).gather(deal)
