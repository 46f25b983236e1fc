"""The values a deal's state and its verdict take, one enum each (issue 20).

Each is a ``StrEnum``: a member equals its text (``Phase.PLAY == "play"``), so the JSON verdict,
the case files and the reports keep the words they had. The engine compares members, never
string literals.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a deal stands: dealt and exchanged, the tricks, the show, the validation of bets."""

    SETUP = "setup"
    PLAY = "play"
    SHOW = "show"
    VALIDATION = "validation"


class BookStatus(StrEnum):
    """A figure's betting book: still open, or called good (conceded) to a side (000 Betting)."""

    OPEN = "open"
    CONCEDED = "conceded"


class SpielDecided(StrEnum):
    """How the Spiel was decided during the deal: by tricks, called good, or nobody made it
    ("das Spiel ist hin", 004 Drei-, Sechs-Spieler-Spiel)."""

    TRICKS = "tricks"
    CONCESSION = "concession"
    HIN = "hin"


class HowDecided(StrEnum):
    """How a figure ended (``FigureOutcome.how``)."""

    UNSEEN = "unseen"  # a Gleich or Hanger nobody bet, won on the show
    HELD = "held"  # a bet held (or raised), won on the show
    CONCEDED = "conceded"  # called good
    STANDS = "stands"  # equal best figures: nobody wins it (000 Dealing with ties; § 22)
    SHOWN = "shown"  # won on the show (before it is named unseen or held)
    HANDS = "hands"  # the show records nothing of the figure: decided from the proven hands
    TRICKS = "tricks"  # the Spiel, by tricks
    HIN = "hin"  # the Spiel nobody made
    FORFEIT = "forfeit"  # lost by penalty or for want of an example (VALID-1)
    NONE = "none"  # nobody has it, or the record does not tell
    SPIEL_AUS = "spiel_aus"  # raised to Spiel aus and held: the match is decided (§ 14)
    ENDGAME = "endgame"  # settled by the both-gestrichen endgame (000 The Endgame; § 25-28)


class BetAction(StrEnum):
    """A step of a figure's betting (``BetStep.action``), and how a player committed to it."""

    BET = "bet"
    BLIND = "blind"
    HOLD = "hold"
    RAISE = "raise"
    GOOD = "good"


class FindingKind(StrEnum):
    """What a violation is (``Violation.kind``)."""

    OFFENCE = "offence"  # a player broke a rule
    RECORD = "record"  # the record contradicts itself or the game
    RULING = "ruling"  # a ruling on what happened, never penalised (a bare "Gleich!" is no bet, § 8)


class ExchangeRole(StrEnum):
    """A seat's part in the exchange after the turn-up (000 The Deal; ``exchange.who``)."""

    DEALER = "dealer"
    PARTNER = "partner"
    LHO = "lho"  # the dealer's left-hand opponent
    RHO = "rho"  # the dealer's right-hand opponent
    OPPONENT = "opponent"


class ScoreLine(StrEnum):
    """A line of the scoresheet written in the transcript."""

    BEFORE = "before"  # the score before the deal
    AFTER = "after"  # the score after the deal
    POINTS = "points"  # the points of the deal
    OWED = "owed"  # the points each side still owes (§ 10)


class Proven(StrEnum):
    """How the record proves that a card was in a player's hand (``engine.evidence``)."""

    WRITTEN = "written"  # in his ``Karten`` line
    CUT = "cut"  # kept at the cut (000 The Deal: the cut Perlaggen are the cutter's)
    PLAYED = "played"  # he played it to a trick
    SHOWN = "shown"  # he showed it in the show
    VALIDATED = "validated"  # he showed it to validate a bet (Nachweis)
    GAVE = "gave"  # he gave it in an exchange
    TOOK = "took"  # he took it in an exchange: held from then on


class Answer(StrEnum):
    """A ruling's answer on an event."""

    ALLOWED = "allowed"  # no rule broken
    NOT_ALLOWED = "not_allowed"  # an offence
    NOT_PROVEN = "not_proven"  # no offence the record proves: a holding it does not decide
    RECORD_ERROR = "record_error"  # the record contradicts itself or the game (no offence)
    NO_EVENT = "no_event"  # a line with no event (a comment, a header): nothing to rule on


class RulingScope(StrEnum):
    """What a ruling is about."""

    EVENT = "event"  # the event just before a Streitfrage, or on the line asked about
    DEAL = "deal"  # a Streitfrage before any event: the deal as a whole
    LINE = "line"  # a line asked about that holds no event
