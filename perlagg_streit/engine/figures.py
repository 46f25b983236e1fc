"""Gleich and Hanger: finding the best one in a set of cards, and comparing them.

Gleich: more cards beat fewer, then the higher rank. Hanger: longer beats
shorter, then the higher top card. Suits are equal; a Perlagg counts as the
card it represents (000 Gleich, Hanger, Spiel; Dealing with ties).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..base import caches
from ..base.cards import Card, Rank, Suit
from ..base.records import record
from ..base.rule_index import enforces
from ..language.transcript import Figure

# The Hanger order A K O U 10 9 8 7; the Six (the Weli's face value) extends no
# Hanger: the sources never mention it (D-50).
_SEQUENCE = (Rank.ASS, Rank.KOENIG, Rank.OBER, Rank.UNTER, Rank.ZEHN, Rank.NEUN, Rank.ACHT, Rank.SIEBEN)
_PLACE = {rank: place for place, rank in enumerate(_SEQUENCE)}
_SEQUENCE_HEIGHT = tuple(rank.strength for rank in _SEQUENCE)
# Worked out once per card (there is one object per card): the best Gleich and Hanger of each
# player are asked for at every stage of every show. The Six has no place in a Hanger.
_HEIGHT = {Card(s, r): r.strength for s in Suit for r in Rank}
_HANGER_PLACE = {Card(s, r): _PLACE[r] for s in Suit for r in _SEQUENCE}


@record(order=True)
class FigureValue:
    """A Gleich or Hanger instance: (size, height). Bigger tuples are better figures."""

    size: int
    height: int

    def describe(self, figure: Figure) -> str:
        """'3x K' for a Gleich, 'K-O-U' for a Hanger (the same in German and English)."""
        rank = next(r for r in Rank if r.strength == self.height)
        if figure is Figure.GLEICH:
            return f"{self.size}x {rank.value}"
        start = _SEQUENCE.index(rank)
        return "-".join(r.value for r in _SEQUENCE[start:start + self.size])


@enforces("FIG-GLEICH-1", "FIG-GLEICH-2", "FIG-GLEICH-5")
def best_gleich(cards: Iterable[Card]) -> FigureValue | None:
    """The best set of equal ranks (at least two cards), or None."""
    counts: dict[int, int] = {}
    for c in cards:
        height = _HEIGHT[c]
        counts[height] = counts.get(height, 0) + 1
    best = max(((n, height) for height, n in counts.items() if n >= 2), default=None)
    return FigureValue(*best) if best else None


@enforces("FIG-HANGER-1", "FIG-HANGER-2", "FIG-HANGER-4")
def best_hanger(cards: Iterable[Card]) -> FigureValue | None:
    """The best run of consecutive ranks in one suit (at least two cards), or None."""
    # each suit's cards as a set of places in _SEQUENCE
    by_suit: dict[Suit, set[int]] = {}
    for c in cards:
        place = _HANGER_PLACE.get(c)
        if place is not None:
            by_suit.setdefault(c.suit, set()).add(place)
    best: tuple[int, int] | None = None
    for places in by_suit.values():
        length = 0
        for place in range(len(_SEQUENCE)):
            if place in places:
                length += 1
                if length >= 2:
                    candidate = (length, _SEQUENCE_HEIGHT[place - length + 1])
                    best = candidate if best is None or candidate > best else best
            else:
                length = 0
    return FigureValue(*best) if best else None


@enforces("FIG-3")
def best_figure(figure: Figure, cards: Iterable[Card]) -> FigureValue | None:
    """The best Gleich or Hanger in these (effective) cards."""
    return _best_of(figure, tuple(cards))


@caches.memo
def _best_of(figure: Figure, cards: tuple[Card, ...]) -> FigureValue | None:
    # remembered: every stage of every show asks again for the same few players' cards
    return best_gleich(cards) if figure is Figure.GLEICH else best_hanger(cards)


def best_possible(figure: Figure, fixed: Iterable[Card], free_perlaggen: int) -> FigureValue | None:
    """The best figure a player could make: ``fixed`` cards count as they are, each of
    ``free_perlaggen`` unbaptised Perlaggen may become any card."""
    fixed = list(fixed)
    if figure is Figure.GLEICH:
        counts = Counter(c.rank for c in fixed)
        options = [FigureValue(n + free_perlaggen, r.strength) for r, n in counts.items()]
        if free_perlaggen:
            options.append(FigureValue(free_perlaggen, Rank.ASS.strength))
        good = [o for o in options if o.size >= 2]
        return max(good) if good else None
    best: FigureValue | None = None
    for suit in Suit:
        have = {c.rank for c in fixed if c.suit == suit}
        for start in range(len(_SEQUENCE)):
            gaps = 0
            for end in range(start, len(_SEQUENCE)):
                if _SEQUENCE[end] not in have:
                    gaps += 1
                if gaps > free_perlaggen:
                    break
                length = end - start + 1
                if length >= 2:
                    candidate = FigureValue(length, _SEQUENCE[start].strength)
                    best = candidate if best is None or candidate > best else best
    return best


def figure_cards(figure: Figure, pool: dict[Card, Card]) -> list[Card]:
    """The physical cards that make the best figure in ``pool`` (physical card -> what it counts as)."""
    best = best_figure(figure, pool.values())
    if best is None:
        return []
    if figure is Figure.GLEICH:
        return [c for c, counts in pool.items() if counts.rank.strength == best.height][: best.size]
    start = next(i for i, r in enumerate(_SEQUENCE) if r.strength == best.height)
    wanted = _SEQUENCE[start:start + best.size]
    for suit in Suit:
        chosen: list[Card] = []
        for rank in wanted:
            card = next((c for c, counts in pool.items() if counts == Card(suit, rank)), None)
            if card is None:
                break
            chosen.append(card)
        if len(chosen) == best.size:
            return chosen
    return []
