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

from dataclasses import field

from ..base.cards import Card
from ..base.records import mutable_record, record
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


@record
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


#: What the record shows of one card in one hand: how, the file line, the trick it was played to
#: (kept as a plain tuple while the record is read; :meth:`Evidence.proof` makes the Proof).
_Shown = tuple[Proven, int, int | None]


@mutable_record(eq=False)  # compared by identity: one shared empty Evidence is every state's default
class Evidence:
    """What the record proves of each hand in one attempt at a deal (a redeal starts ``next``)."""

    # cards proven in each hand as dealt (cut Perlaggen included), in the order the record proves them
    from_deal: dict[Seat, dict[Card, _Shown]] = field(default_factory=dict)
    # cards each player took in an exchange: in his hand from the exchange on
    taken: dict[Seat, dict[Card, _Shown]] = field(default_factory=dict)
    written: set[Seat] = field(default_factory=set)  # seats with a ``Karten`` line
    next: Evidence | None = None

    def proof(self, seat: Seat, card: Card) -> Proof | None:
        """How the record proves that ``seat`` held ``card`` (None: it does not)."""
        found = self.from_deal.get(seat, {}).get(card)
        if found is None:
            found = self.taken.get(seat, {}).get(card)
        return None if found is None else Proof(card, *found)


#: No record to learn from (a deal built one event at a time): nothing is proven beyond the hands.
NO_EVIDENCE = Evidence()

_PLAYED, _WRITTEN = Proven.PLAYED, Proven.WRITTEN


def gather(deal: Deal, players: int) -> Evidence:
    """What the whole record of ``deal`` proves of each hand (one :class:`Evidence` per attempt;
    ``players``: how many play, to number the tricks of lines without a trick label).

    One pass over the events; it runs for every deal judged, so the common case (a card played)
    is a few dictionary look-ups and nothing is built for a card already placed."""
    first = current = Evidence()
    places: dict[Card, Seat] = {}  # card -> the seat the record first gives it to (or _TABLE)
    given: set[Card] = set()  # cards given in an exchange: face up on the stack, to be taken
    plays = 0
    validating = False
    from_deal = current.from_deal

    def claim(seat: Seat, card: Card, shown: _Shown) -> None:
        owner = places.get(card)
        if owner is None:
            places[card] = seat
            hand = from_deal.get(seat)
            if hand is None:
                hand = from_deal[seat] = {}
            hand[card] = shown
        elif owner == seat and shown[0] is _WRITTEN:
            from_deal[seat][card] = shown  # his own Karten line: the plainest proof

    for line in deal.lines:
        for event in line.events:
            kind = type(event)
            if kind is Play:
                assert isinstance(event, Play)
                plays += 1
                card = event.card
                if card not in places:  # else: placed already, by his own hand or elsewhere
                    trick = line.trick_label or (plays - 1) // players + 1
                    claim(event.seat, card, (_PLAYED, event.pos.line, trick))
            elif kind is HandDealt:
                assert isinstance(event, HandDealt)
                current.written.add(event.seat)
                for c in event.cards:
                    if c is not None:
                        claim(event.seat, c, (_WRITTEN, event.pos.line, None))
            elif kind is Show:
                assert isinstance(event, Show)
                how = Proven.VALIDATED if validating else Proven.SHOWN
                for shown in event.cards:
                    claim(event.seat, shown.card, (how, event.pos.line, None))
            elif kind is CutTaken:
                assert isinstance(event, CutTaken)
                for c in event.perlaggen:
                    claim(event.cutter, c, (Proven.CUT, event.pos.line, None))
            elif kind is TurnUp:
                assert isinstance(event, TurnUp)
                for c in event.cards:
                    places.setdefault(c, _TABLE)
            elif kind is LuckUndBoden:
                assert isinstance(event, LuckUndBoden)
                places.setdefault(event.top, _TABLE)
                places.setdefault(event.bottom, _TABLE)
            elif kind is Exchange:
                assert isinstance(event, Exchange)
                seat, line_no = event.seat, event.pos.line
                if event.gives not in current.taken.get(seat, {}):
                    claim(seat, event.gives, (Proven.GAVE, line_no, None))
                if places.get(event.gives) == seat:
                    given.add(event.gives)
                owner = places.get(event.takes)
                if owner is None or owner == _TABLE or event.takes in given:
                    places[event.takes] = seat  # from the turn-up (or the stack) into his hand
                    given.discard(event.takes)
                    current.taken.setdefault(seat, {})[event.takes] = (Proven.TOOK, line_no, None)
            elif kind is ValidationBegins:
                validating = True
            elif kind is Redeal:
                current.next = Evidence()
                current = current.next
                from_deal = current.from_deal
                places, given, plays, validating = {}, set(), 0, False
    return first
