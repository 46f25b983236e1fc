"""Corrections at the table: a card taken back before its trick is closed (old/Neue § 17, § 19).

"Eine ausgespielte Karte darf nicht mehr zurückgenommen werden, es sei denn, dass Farbe bekannt
werden muss. Dies gilt nur innerhalb derselben Runde" (003 old/Neue § 17, digest PLAY-11), and
"Ein irrtümlich ausgespielter Perlagg darf niemals zurückgenommen [...] werden" (§ 19, BAPT-7).
The digest gives PLAY-11 no *Sets* tag, so every bundled ruleset applies it; 000, 001 and 004 say
nothing about taking a card back.

The ruling:

* a card that did not follow suit, taken back by a player who had to follow (a revoke, PLAY-3 or
  PLAY-4), in the same trick: allowed and free. The card goes back to the hand, the revoke becomes
  the ruling ``PLAY-11.corrected`` (no penalty, no Spiel lost), and the card he plays next to the
  trick is the one laid instead, judged as any card is;
* everything else is void: a card that followed suit or trumped, a card a player without the suit
  was free to lay, a lead (a lead follows nothing), a Perlagg (§ 19), a card of an earlier trick.
  The card stays played; the card laid instead (the seat's next card, when he lays it before
  anyone else plays) goes back to the hand (``PLAY-11.replacement-void``).

The trick stays open for its last card until the next card is played: a player who closed a
trick with a revoke may still take it back, and the trick is opened again.

``play`` wraps :func:`.tricks.play` to remember the last card laid (which violations it caused,
and the Spiel before it closed a trick); ``take_back`` rules on a :class:`TakeBack`.
"""

from __future__ import annotations

from ..base.cards import Card
from ..base.rule_index import enforces
from ..language.transcript import GiveUp, Good, Play, Seat, TakeBack
from . import betting, tricks
from . import deal as deal_phase
from .state import CardLaid, DealState, finding
from .verdict import PlayRecord

#: The revokes a take-back "to follow suit" corrects (§ 17 "dass Farbe bekannt werden muss").
_REVOKES = ("PLAY-3", "PLAY-4")


@enforces("PLAY-11")
def play(state: DealState, event: Play) -> None:
    """A card laid: the card laid instead after a void take-back goes back to the hand; any other
    card is played (:func:`.tricks.play`), and remembered for a take-back."""
    in_play = state.play
    void = in_play.void_take_back
    tricks.mark_void_take_back(state, None)
    if void is not None and void[0] == event.seat:
        tricks.violate_at_trick(state, void[1], finding("PLAY-11.replacement-void", seat=event.seat,
                                                        card=event.card), event)
        return
    closes = len(in_play.current) == state.table.players - 1
    spiel_before = (in_play.spiel_winner, in_play.spiel_decided_by) if closes else None
    start = len(state.violations)
    tricks.play(state, event)
    tricks.remember_card_laid(state, CardLaid(event.seat, event.card, start, len(state.violations), spiel_before))


@enforces("PLAY-11", "BAPT-7")
def take_back(state: DealState, event: TakeBack) -> None:
    """Rule on a card taken back: allowed and free to follow suit within the trick, else void."""
    seat, card = event.seat, event.card
    in_play = state.play
    plays, reopen = _open_trick_of(state, seat, card)
    if plays is None:
        state.violate(finding("PLAY-11.too-late", seat=seat, card=card), seat, event=event)
        return
    index = next(i for i, p in enumerate(plays) if p.seat == seat and p.card == card)
    trick = in_play.trick_number - reopen  # the trick the card lies in
    if state.is_perlagg(card):
        _void(state, event, "BAPT-7.taken-back", trick)
        return
    if index == 0:
        _void(state, event, "PLAY-11.lead", trick)
        return
    led, trumps = plays[0].counts_as.suit, state.setup.trumps
    followed = plays[index].counts_as.suit in (led, trumps)
    revokes = _revokes_of(state, seat, card, trick)
    hand = state.setup.hands.get(seat)
    unproved = hand is None or not hand.fully_known
    if not revokes and (followed or not unproved):
        _void(state, event, "PLAY-11.followed" if followed else "PLAY-11.no-need", trick)
        return
    if reopen:
        laid = in_play.last_card
        assert laid is not None and laid.spiel_before is not None
        tricks.reopen_trick(state, laid.spiel_before)
    for found in reversed(revokes):
        state.violations.withdraw(found)  # corrected within the trick, it costs nothing (§ 17)
    tricks.take_card_back(state, seat, card)
    deal_phase.back_to_hand(state, seat, card)
    code = "PLAY-11.corrected" if revokes else "PLAY-11.taken-back"
    state.violate(finding(code, seat=seat, card=card, led=led), seat, event=event)


def _open_trick_of(state: DealState, seat: Seat, card: Card) -> tuple[list[PlayRecord] | None, bool]:
    """The cards of the open trick if this card of this seat lies in it (and whether the trick must
    be opened again: the card closed it and nothing was played since); None if it does not."""
    in_play = state.play
    if any(p.seat == seat and p.card == card for p in in_play.current):
        return in_play.current, False
    laid = in_play.last_card
    if (not in_play.current and in_play.tricks and laid is not None and laid.seat == seat and laid.card == card
            and laid.spiel_before is not None and in_play.tricks[-1].plays[-1].seat == seat
            and not state.show.stages):
        return list(in_play.tricks[-1].plays), True
    return None, False


def _void(state: DealState, event: TakeBack, code: str, trick: int) -> None:
    """A take-back the rules do not allow: the card stays, the card laid instead will go back."""
    tricks.violate_at_trick(state, trick, finding(code, seat=event.seat, card=event.card), event)
    tricks.mark_void_take_back(state, (event.seat, trick))


def _revokes_of(state: DealState, seat: Seat, card: Card, trick: int) -> list[int]:
    """Where in the violations the revokes stand that this card caused in this trick."""
    laid = state.play.last_card
    violations = state.violations
    if laid is not None and laid.seat == seat and laid.card == card:
        span = range(laid.findings_from, min(laid.findings_to, len(violations)))
    else:  # an earlier card of the trick: its revoke is found by seat, rule, trick and card
        span = range(len(violations))
    return [i for i in span if violations[i].rule in _REVOKES and violations[i].seat == seat
            and violations[i].place.trick == trick and violations[i].message.args.get("card") == card]


def give_up(state: DealState, event: GiveUp) -> None:
    """A figure bet and held, given up (``aufgegeben``): the same concession as ``gut`` in the
    books, whose close-game place ``score.held_then_given_up`` decides (000 The Show "concede the
    figure", 000 Scoring item 1; § 27 "es geht das Erstgebotene aus"). Written for a bet awaiting
    the player's answer, or for a figure nobody bet and held, the word is the wrong one: the record
    error says so, and the act counts as the ``gut`` it was."""
    team = state.table.side_of(event.seat)
    for figure in event.figures:
        book = state.betting.books[figure]
        if book.pending is not None and team in book.pending.awaiting:
            code = "RECORD-GIVE-UP.bet-pending"
        elif book.seen_team is None:
            code = "RECORD-GIVE-UP.not-held"
        else:
            continue
        state.violate(finding(code, seat=event.seat, figure=figure), event.seat, event=event)
    betting.good(state, Good(event.seat, event.figures, pos=event.pos))
