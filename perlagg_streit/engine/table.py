"""Seats, sides and turn order at a table of two, three, four or six players.

Play goes clockwise; a player's left-hand neighbour is the next seat in that
order. A *side* is what the scoresheet has a column for: a team of partners
(four players: N/S and E/W, 000 The Players; six players: two teams of three,
each player between two opponents, 004 Sechs-Spieler-Spiel) or a single player
(two players; three players "each for himself", 004 Drei-Spieler-Spiel).
The engine asks the table, never the seat letters, who plays next and who
plays with whom, so every form shares one code path.
"""

from __future__ import annotations

from functools import cached_property

from ..base.records import record
from ..base.rule_index import enforces
from ..language.transcript import Seat, Team


@record
class Table:
    """The seats in clockwise order and the sides they play for."""

    seats: tuple[Seat, ...]
    sides: tuple[Team, ...]

    @cached_property
    def _side(self) -> dict[Seat, Team]:
        return {seat: side for side in self.sides for seat in seat_letters(side) if seat in self.seats}

    @property
    def players(self) -> int:
        """How many players sit at this table."""
        return len(self.seats)

    @property
    def partnership(self) -> bool:
        """True when partners play together (four and six players)."""
        return len(self.sides) < len(self.seats)

    def side_of(self, seat: Seat) -> Team:
        """The side (scoresheet column) a seat plays for."""
        return self._side[seat]

    def index(self, side: Team) -> int:
        """The column of a side on the scoresheet."""
        return self.sides.index(side)

    def members(self, side: Team) -> tuple[Seat, ...]:
        """The seats of a side, in clockwise order."""
        return self._members[side]

    def others(self, side: Team) -> tuple[Team, ...]:
        """The other sides, clockwise from the one after ``side``."""
        return self._others[side]

    def left_of(self, seat: Seat) -> Seat:
        """The next seat clockwise: the left-hand neighbour (who plays next)."""
        return self._clockwise[seat][1 % len(self.seats)]

    # Worked out once per table: these are asked for at every card, stage and show.
    @cached_property
    def _members(self) -> dict[Team, tuple[Seat, ...]]:
        return {side: tuple(s for s in self.seats if self._side[s] == side) for side in self.sides}

    @cached_property
    def _others(self) -> dict[Team, tuple[Team, ...]]:
        n = len(self.sides)
        return {side: tuple(self.sides[(i + k) % n] for k in range(1, n)) for i, side in enumerate(self.sides)}

    def right_of(self, seat: Seat) -> Seat:
        """The previous seat clockwise: the right-hand neighbour (who cuts for a dealer)."""
        return self.seats[(self.seats.index(seat) - 1) % len(self.seats)]

    def partner_of(self, seat: Seat) -> Seat | None:
        """The partner opposite (four players); None where a player has no single partner."""
        if self.players != 4:
            return None
        return self.seats[(self.seats.index(seat) + 2) % 4]

    def clockwise_from(self, seat: Seat) -> tuple[Seat, ...]:
        """Every seat once, starting with ``seat``."""
        return self._clockwise[seat]

    @cached_property
    def _clockwise(self) -> dict[Seat, tuple[Seat, ...]]:
        n = len(self.seats)
        return {seat: tuple(self.seats[(i + k) % n] for k in range(n)) for i, seat in enumerate(self.seats)}

    def opponents_in_turn(self, seat: Seat) -> tuple[Team, ...]:
        """The other sides in the order they answer ``seat``: clockwise from his left."""
        own = self.side_of(seat)
        order: list[Team] = []
        for s in self.clockwise_from(seat)[1:]:
            side = self.side_of(s)
            if side != own and side not in order:
                order.append(side)
        return tuple(order)

    def label(self, side: Team) -> str:
        """How a side is written: N/S, E/W, A/C/E, or a single seat."""
        return "/".join(seat_letters(side))


def seat_letters(side: Team) -> tuple[Seat, ...]:
    """The seats named in a side's name ("NS" -> N, S)."""
    return tuple(side)


#: One table per player count (004: Zwei-, Drei-, Sechs-Spieler-Spiel). Four players sit N, E, S, W
#: (000 The Players); the other forms name seats A, B, C, ... clockwise, as 004 does for three.
TABLES: dict[int, Table] = {
    2: Table(("A", "B"), ("A", "B")),
    3: Table(("A", "B", "C"), ("A", "B", "C")),
    4: Table(("N", "E", "S", "W"), ("NS", "EW")),
    6: Table(("A", "B", "C", "D", "E", "F"), ("ACE", "BDF")),
}
FOUR = TABLES[4]


@enforces("SETUP-1", "P2-1", "P3-1", "P6-1")
def table_for(players: int) -> Table:
    """The table for a number of players (2, 3, 4 or 6)."""
    return TABLES[players]
