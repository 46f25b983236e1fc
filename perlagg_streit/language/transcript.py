"""The typed form of a transcript: frozen dataclasses for every line and event.

This is the contract between the reader (text -> events), the writer
(events -> canonical text) and the replay engine (events -> verdict).
Positions are carried on every event but never take part in equality, so a
transcript and its reformatted text compare equal.
"""

from __future__ import annotations

from dataclasses import field
from enum import Enum

from ..base.cards import Card, Rank
from ..base.records import record

#: A seat at the table: "N", "E", "S", "W" (partners N/S and E/W).
Seat = str
#: A side of the scoresheet: "NS" or "EW" at four players, "ACE" or "BDF" at six, a seat ("A", "B", "C")
#: at two or three.
Team = str

SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
TEAMS: tuple[Team, ...] = ("NS", "EW")

#: The raise after 7: the figure decides the whole game.
SPIEL_AUS = 8


class Figure(Enum):
    """The three figures, in their rank order (§ 3 Innsbrucker Perlaggerregeln)."""

    # Members are singletons and compare by identity: hash them as objects, in C. Enum's own
    # __hash__ hashes the member's name in Python, and these are hashed for every card played.
    __hash__ = object.__hash__

    GLEICH = "Gleich"
    HANGER = "Hanger"
    SPIEL = "Spiel"


@record
class Pos:
    """Where a statement stands in its file (1-based line and column)."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NOWHERE = Pos(0, 0)


@record
class Event:
    """Base of every statement; ``pos`` is excluded from equality.

    Performance invariant: events (and lines) are plain dataclasses without ``__slots__``. The
    reader shares a remembered line and copies it, and its events, by their ``__dict__``
    (reader._shift), and the replay looks an event's seat up there (replay._at_this_table); with
    slots the copies would lose their fields. Guarded by tests/test_invariants.py.
    """

    pos: Pos = field(default=NOWHERE, compare=False, repr=False, kw_only=True)


# ---- header and deal setup --------------------------------------------------

@record
class Tag(Event):
    """A header tag: ``[Event "Herbstturnier"]``."""

    name: str
    value: str


@record
class DealHeader(Event):
    """``Ausgabe 3``: starts the record of one deal."""

    number: int


@record
class DealerIs(Event):
    """``Geber: S``."""

    seat: Seat


@record
class ScoreBefore(Event):
    """``Vorher: 15:9``: the match score before this deal, one number per side in the table's order."""

    scores: tuple[int, ...]


@record
class CutTaken(Event):
    """``Abheben: W Martl Weli``: the cutter and the Perlaggen kept, in order."""

    cutter: Seat
    perlaggen: tuple[Card, ...]


@record
class HandDealt(Event):
    """``Karten N: HA H10 ? ? ?``: a hand as dealt; ``None`` is an unknown card."""

    seat: Seat
    cards: tuple[Card | None, ...]


@record
class TurnUp(Event):
    """``Aufschlag: HU`` (or several cards when acorns are turned in Eichelperlaggen)."""

    cards: tuple[Card, ...]


@record
class Exchange(Event):
    """``Tausch: S H9 gegen HU``: the seat gives a card and takes the turned-up one."""

    seat: Seat
    gives: Card
    takes: Card


@record
class LuckUndBoden(Event):
    """``Luck und Boden: E9 LA``: top and bottom card of the undealt stack."""

    top: Card
    bottom: Card


@record
class BlindBet(Event):
    """``Blind: W Gleich und Hanger`` or ``Blind: W Höll auf``, before the cut."""

    seat: Seat
    figures: tuple[Figure, ...]
    hoell_auf: bool = False


# ---- table actions ------------------------------------------------------------

@record
class Play(Event):
    """A card laid on the table, with its baptism if the player named one."""

    seat: Seat
    card: Card
    baptism: Card | None = None


@record
class Bet(Event):
    """A bet with the betting word (``biete``, ``geboten``): +1 on each figure named."""

    seat: Seat
    figures: tuple[Figure, ...]


@record
class Call(Event):
    """A figure named without the betting word (``Gleich!``): not a bet (§ 8)."""

    seat: Seat
    figures: tuple[Figure, ...]


@record
class Good(Event):
    """``gut``: an answer conceding a bet, or a spontaneous concession."""

    seat: Seat
    figures: tuple[Figure, ...] = ()
    bei_farbe: bool = False


@record
class Hold(Event):
    """``halte`` / ``schaue`` / ``hebe``: a bet accepted."""

    seat: Seat
    figures: tuple[Figure, ...] = ()


@record
class Raise(Event):
    """``drei``, ``raise 4``, ``Spiel aus``: a bet accepted and raised to ``value``."""

    seat: Seat
    value: int
    figures: tuple[Figure, ...] = ()


@record
class ThrowIn(Event):
    """``wirft die Karten``: the cards thrown on the table (§ 9)."""

    seat: Seat


@record
class Ask(Event):
    """``N fragt Gleich dritzig``: at 17:17, asking about (declaring) a figure of ``size`` cards (§ 25)."""

    seat: Seat
    size: int
    figure: Figure | None = None


@record
class TakeBack(Event):
    """``S nimmt zurück L7``: a card the seat played to the open trick taken back (old/Neue § 17:
    only "dass Farbe bekannt werden muss"; § 19: never a Perlagg). The engine rules whether it
    was allowed; the card the seat plays next is the one laid instead."""

    seat: Seat
    card: Card


@record
class AskFigure(Event):
    """``W fragt Gleich`` / ``W asks Gleich``: in the show, asking the other party about a figure
    not shown, not declared standing and not bettered (§ 22: it must then show it, declare it
    standing, give it up or bet)."""

    seat: Seat
    figure: Figure


@record
class AskAnswer(Event):
    """``E nicht erlaubt`` / ``E erlaubt`` (English ``not allowed`` / ``allowed``): at 17:17, the
    answer to the last asking by another player. ``allowed`` False: "I hold a figure of as many
    cards or more" (004 Endspiel "nicht erlaubt"; § 25 "Erklärt die Gegenpartei, dass sie ebenfalls
    ... besitzt", also written ``hat ebenfalls``); True: "none as long" (004 "ja")."""

    seat: Seat
    allowed: bool


@record
class GradeDeclared(Event):
    """``N bekennt Gleich dritzig Ober`` / ``S declares Hanger four King``: at 17:17, the grade
    (*Höhengrad*) of a figure said without laying the cards down (§ 25 "den Höhengrad desselben zu
    bekennen"; 004 "zuerst, ob ... Gleich oder ... Hanger, und dann ... wie hoch"). ``size`` and
    ``height`` (a Gleich's rank, a Hanger's top card) are None where they were not said."""

    seat: Seat
    figure: Figure
    size: int | None = None
    height: Rank | None = None


@record
class GiveUp(Event):
    """``N Hanger aufgegeben`` / ``N gives up Hanger``: in the show, a figure that was bet and held
    given up, told apart from ``gut``, which concedes a bet (000 The Show "concede the figure";
    § 27 "es geht das Erstgebotene aus": ``score.held_then_given_up`` orders the two)."""

    seat: Seat
    figures: tuple[Figure, ...]


@record
class ShownCard:
    """A card laid down in the show, with a baptism if it is a Perlagg."""

    card: Card
    baptism: Card | None = None


@record
class Show(Event):
    """``E zeigt Gleich L10 H10``: cards shown for a figure (or to validate a bet)."""

    seat: Seat
    figure: Figure | None
    cards: tuple[ShownCard, ...]


@record
class Stands(Event):
    """``W Hanger steht``: a figure declared standing (tied)."""

    seat: Seat
    figure: Figure


# ---- show structure, recorded scores, disputes --------------------------------

@record
class ShowBegins(Event):
    """``Weisen:``: the play of tricks is over, the show follows."""


@record
class StageBegins(Event):
    """``Stufe 2 N/S:``: a stage of the show and the team whose turn it is."""

    number: int
    team: Team


@record
class ValidationBegins(Event):
    """``Nachweis:``: the bettors' and holders' final shows follow."""


@record
class PointsRecorded(Event):
    """``Punkte: 1:3``: the points of this deal as written on the scoresheet."""

    scores: tuple[int, ...]


@record
class ScoreRecorded(Event):
    """``Stand: 16:12``: the match score after this deal as written."""

    scores: tuple[int, ...]


@record
class Redeal(Event):
    """``Neu geben``: the deal is abandoned (a misdeal reported at once) and dealt again by the
    same dealer; the lines after it record the new cut, hands and turn-up (§ 5). With
    ``first_packet`` (``Neu geben nach dem ersten Paket``) the deal was stopped after the first
    packet: the hands written before it are the cards dealt so far (002 Dealing)."""

    first_packet: bool = False


@record
class Claim(Event):
    """``Reklamation: E Stand 14:8`` / ``Claim: E Points 0:3 for deal 2``: a player claims that the
    score (``points``: the deal's points) written on the sheet should be ``scores``, at this place
    of the record (§ 33: a claim counts only in time). ``deal``: the deal it concerns, when named;
    else the last deal whose points were written before it."""

    seat: Seat
    scores: tuple[int, ...]
    points: bool = False
    deal: int | None = None


@record
class PointsOwed(Event):
    """``Schuld: 2:0``: the scorer's note of the penalty points each side still owes (§ 10: "im
    Laufe des Spieles abgezogen"), one number per side; before the deal's play, those owed before
    it, else those owed after it."""

    scores: tuple[int, ...]


@record
class CardStealing(Event):
    """``Kartenstehlen: N``: a player was caught stealing cards (§ 34)."""

    seat: Seat


@record
class Undone(Event):
    """``Abgelehnt: Tausch: E H9 gegen LU`` (the table refused the act) or ``Zurückgenommen: N biete
    Gleich`` (``withdrawn``: its maker took it back): an act that was said or done and then not let
    stand. The engine rules whether it takes effect (a refused exchange changes no hand, 003 § 7; a
    bet cannot be withdrawn, § 9)."""

    act: Event
    withdrawn: bool = False


@record
class Dispute(Event):
    """``Streitfrage: ...``: a question about the event just before it."""

    text: str


Action = Play | Bet | Call | Good | Hold | Raise | ThrowIn | Show | Stands | Ask | TakeBack | GiveUp | AskFigure \
    | AskAnswer | GradeDeclared


@record
class Line:
    """One line of the transcript: its events and its trailing comment.

    A line of table actions may hold several events (``W L10, N LA``) and a
    trick label (``Stich 2:``). A comment-only line has no events.
    """

    events: tuple[Event, ...]
    comment: str | None = None
    trick_label: int | None = None
    pos: Pos = field(default=NOWHERE, compare=False, repr=False)


@record
class Deal:
    """The record of one deal: its header and its lines in order."""

    header: DealHeader
    lines: tuple[Line, ...]
    comment: str | None = None  # a comment on the deal header line itself

    @property
    def number(self) -> int:
        """The deal number as written."""
        return self.header.number

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the deal in the order it was recorded."""
        return tuple(event for line in self.lines for event in line.events)


@record
class Transcript:
    """A whole file: the header lines (tags, comments) and its deals."""

    header: tuple[Line, ...]
    deals: tuple[Deal, ...]
    source: str = field(default="<transcript>", compare=False)

    @property
    def tags(self) -> dict[str, str]:
        """Header tags by name (the last one wins if a name is repeated)."""
        return {e.name: e.value for line in self.header for e in line.events if isinstance(e, Tag)}
