"""Seats, partners and turn order at a four-player table.

Play is clockwise N -> E -> S -> W -> N; a player's left-hand neighbour is the
next seat in that order.
"""

from __future__ import annotations

from ..transcript import SEATS, Seat, Team


def left_of(seat: Seat) -> Seat:
    """The next seat clockwise: the left-hand neighbour (who plays next)."""
    return SEATS[(SEATS.index(seat) + 1) % len(SEATS)]


def right_of(seat: Seat) -> Seat:
    """The previous seat clockwise: the right-hand neighbour (who cuts for a dealer)."""
    return SEATS[(SEATS.index(seat) - 1) % len(SEATS)]


def partner_of(seat: Seat) -> Seat:
    """The partner sitting opposite."""
    return SEATS[(SEATS.index(seat) + 2) % len(SEATS)]


def team_of(seat: Seat) -> Team:
    """The team a seat plays for: NS or EW."""
    return "NS" if seat in ("N", "S") else "EW"


def other_team(team: Team) -> Team:
    """The opposing team."""
    return "EW" if team == "NS" else "NS"


def seats_of(team: Team) -> tuple[Seat, Seat]:
    """The two seats of a team."""
    return ("N", "S") if team == "NS" else ("E", "W")
