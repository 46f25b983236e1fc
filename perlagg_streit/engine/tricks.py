"""The tricks: turn order, following suit, baptisms, the trick winner, the Spiel.

``verify_play`` lists the rules a card breaks, ``can_play`` asks whether it
breaks none, ``play`` applies it; ``legal_actions`` lists every legal card
with every allowed baptism for the player whose turn it is.
"""

from __future__ import annotations

from ..base.cards import Card, Suit
from ..base.rule_index import enforces
from ..language.transcript import Event, Play, Seat, Team
from ..messages import Message
from . import deal as deal_phase
from .enums import Phase, SpielDecided
from .ruleset import UnbaptisedOffsuit
from .state import CardLaid, DealState, Finding, finding
from .verdict import PlayRecord, TrickRecord

_BEFORE_THE_SHOW = (Phase.SETUP, Phase.PLAY)  # cards may be played (the phase is asked at every card)


@enforces("BAPT-3", "PEN-8")
def counts_as(state: DealState, card: Card, baptism: Card | None) -> Card:
    """The card a play counts as: a baptised Perlagg is its baptism, all else its face value."""
    baptism = valid_baptism(state, card, baptism)
    return card if baptism is None else baptism


@enforces("BAPT-1", "BAPT-4")
def valid_baptism(state: DealState, card: Card, baptism: Card | None) -> Card | None:
    """The baptism that counts: only a Perlagg is baptised, and only "as any card in the pack" (000
    Players and Cards; BAPT-4). A name the pack does not have (a Six other than the Weli, the Weli
    in a 32-card pack) is no baptism: the Perlagg stays the plain card it is, as an unbaptised one
    does (000 Players and Cards: "the card reverts to its face value"; § 18 "zur einfachen Karte")."""
    if baptism is None or not state.is_perlagg(card) or baptism not in state.ruleset.deck.cards():
        return None
    return baptism


@enforces("BAPT-4")
def baptism_not_in_pack(state: DealState, seat: Seat, card: Card, baptism: Card | None) -> list[Finding]:
    """BAPT-4: a Perlagg named as a card this ruleset's pack does not have."""
    if baptism is None or not state.is_perlagg(card) or baptism in state.ruleset.deck.cards():
        return []
    return [finding("BAPT-4.not-in-pack", seat=seat, card=card, baptism=baptism, ruleset=state.ruleset.name)]


def expected_seat(state: DealState) -> Seat | None:
    """Whose turn it is: the first seat clockwise from the trick's first card that has not played.

    After a card played out of turn, the others still play in their proper places.
    None if it cannot be told (no dealer recorded).
    """
    return _next_to_play(state, [p.seat for p in state.play.current])


def _next_to_play(state: DealState, played: list[Seat]) -> Seat | None:
    if not played:
        return state.play.leader
    for seat in state.table.clockwise_from(played[0]):
        if seat not in played:
            return seat
    return None


@enforces("PLAY-7")
def _led_suit(state: DealState) -> Suit | None:
    return state.play.current[0].counts_as.suit if state.play.current else None


@enforces("PLAY-14", "BET-3", "PEN-11", "BAPT-1")
def verify_play(state: DealState, event: Play, notes: list[Message] | None = None) -> list[Finding]:
    """Every rule this card breaks, judged against the state before it is played. A check the
    record does not allow goes into ``notes`` (``play`` records them; a question changes nothing)."""
    seat, card, baptism = event.seat, event.card, event.baptism
    findings: list[Finding] = []
    if state.play.trick_number > state.ruleset.hand_size:
        # every trick is complete, so every player has played all his cards: nothing is left to
        # play, whatever became of the Spiel (also when "das Spiel ist hin", 004 Drei-, Sechs-Spieler)
        return [finding("RECORD-AFTER-LAST-TRICK.played", seat=seat, card=card, n=state.ruleset.hand_size)]
    if state.spiel_decided or state.phase not in _BEFORE_THE_SHOW:
        conceded = state.play.spiel_decided_by is SpielDecided.CONCESSION
        code = "PLAY-14.after-conceded" if conceded else "PLAY-14.after-decided"
        findings.append(finding(code, seat=seat, card=card))
        return findings
    waiting = state.betting.pending_bets()
    if waiting:
        findings.append(finding("BET-3.unanswered", seat=seat, card=card, figures=waiting))
    findings.extend(_verify_turn(state, seat))
    if baptism is not None and not state.is_perlagg(card):
        findings.append(finding("BAPT-1.played", seat=seat, card=card, baptism=baptism))
    findings.extend(baptism_not_in_pack(state, seat, card, baptism))
    findings.extend(_verify_following(state, seat, card, valid_baptism(state, card, baptism), notes))
    return findings


@enforces("SETUP-1", "PLAY-1", "PLAY-8", "PEN-13", "STRAF-15")
def _verify_turn(state: DealState, seat: Seat) -> list[Finding]:
    played = [p.seat for p in state.play.current]
    if seat in played:
        return [finding("SETUP-1.second-card", seat=seat, trick=state.play.trick_number)]
    expected = _next_to_play(state, played)
    if expected is None or seat == expected:
        return []
    if not state.play.current:
        code = "PLAY-1.led-out-of-turn" if state.play.trick_number == 1 else "PLAY-8.led-out-of-turn"
        return [finding(code, seat=seat, trick=state.play.trick_number, expected=expected)]
    return [finding("SETUP-1.out-of-turn", seat=seat, expected=expected)]


@enforces("PLAY-2", "PLAY-3", "PLAY-4", "PLAY-5", "PLAY-6", "PLAY-12", "PLAY-13", "BAPT-6", "PEN-7",
          keys=("baptism.restrict_when_holding_led_suit", "baptism.unbaptised_offsuit_when_holding_led"))
def _verify_following(state: DealState, seat: Seat, card: Card, baptism: Card | None,
                      notes: list[Message] | None) -> list[Finding]:
    led = _led_suit(state)
    trumps = state.setup.trumps
    hand = state.setup.hands.get(seat)
    if led is None or trumps is None or hand is None:
        return []
    played_as = counts_as(state, card, baptism)
    if played_as.suit in (led, trumps):
        return []  # followed suit or trumped: nothing to ask of the rest of the hand
    perlaggen = state.perlagg_ranks()
    example = next((c for c in hand.known if c.suit == led and c != card and c not in perlaggen), None)
    if example is None:
        if not hand.fully_known and notes is not None and _may_hold_natural(state, led, perlaggen):
            notes.append(Message("note.held-led-suit-unknown", trick=state.play.trick_number, seat=seat, led=led))
        return []
    if card in perlaggen:
        if not state.ruleset.baptism.restrict_when_holding_led_suit:
            return []  # § 15: "Ein Perlagg ist immer Farbe"
        if baptism is None and state.ruleset.baptism.unbaptised_offsuit_when_holding_led is UnbaptisedOffsuit.LEGAL:
            return []  # D-63: the unbaptised Perlagg is simply a plain card of its own suit
        named = Message("BAPT-6.part.baptised", baptism=baptism) if baptism else \
            Message("BAPT-6.part.unbaptised", card=card)
        return [finding("BAPT-6.off-suit", seat=seat, example=example, led=led, card=card, named=named,
                        **deal_phase.held_proof(state, seat, example))]
    if led == trumps:
        return [finding("PLAY-4.trump-lead", seat=seat, example=example, card=card,
                        **deal_phase.held_proof(state, seat, example))]
    return [finding("PLAY-3.revoke", seat=seat, example=example, led=led, card=card,
                    **deal_phase.held_proof(state, seat, example))]


def _may_hold_natural(state: DealState, suit: Suit, perlaggen: dict[Card, int]) -> bool:
    """Whether a natural card of ``suit`` is left that the record puts nowhere (in no hand, on no
    turn-up, not played): only such a card could be in a hand not fully known. When every one is
    placed, the player is proven not to hold the suit (issue 16: "unknown" only when nothing
    decides it)."""
    played = state.play.played_by
    for c in state.ruleset.deck.cards():
        if c.suit is suit and c not in perlaggen and c not in state.setup.seen \
                and not any(c in cards for cards in played.values()):
            return True
    return False


def can_play(state: DealState, seat: Seat, card: Card, baptism: Card | None = None) -> bool:
    """True when playing this card now breaks no rule and the record shows it in hand."""
    hand = state.setup.hands.get(seat)
    if hand is None or card not in hand.known:
        return False
    return not verify_play(state, Play(seat, card, baptism))


@enforces("PLAY-10", "BAPT-2", "BAPT-7")
def play(state: DealState, event: Play) -> None:
    """Apply a card: record its violations, put it in the trick, settle the trick."""
    notes: list[Message] = []
    findings = verify_play(state, event, notes)
    for note in notes:
        state.note_unchecked(note)
    for found in findings:
        state.violate(found, event.seat, event=event)
    if findings and findings[0].rule == "RECORD-AFTER-LAST-TRICK":
        return  # no trick is left to play to: the card counts for nothing
    deal_phase.take_from_hand(state, event)
    state.play.first_card_played = True
    if findings:
        if findings[0].rule == "PLAY-14":
            return
        if any(f.message.code == "SETUP-1.second-card" for f in findings):
            return  # the card stays out of the trick: he has played to it already
    in_play = state.play
    if state.line_label is not None and in_play.label_checked_on != state.line_index:
        in_play.label_checked_on = state.line_index  # the first card of the line checks its label
        if state.line_label != state.play.trick_number:
            state.violate(finding("RECORD-TRICK-LABEL.mismatch", label=state.line_label,
                                  trick=state.play.trick_number), None, event=event)
    counted = counts_as(state, event.card, event.baptism)
    if state.is_perlagg(event.card):
        in_play.baptisms[event.card] = counted  # fixed for the rest of the deal (000 The Play)
    in_play.current.append(PlayRecord(event.seat, event.card, event.baptism, counted))
    in_play.played_by.setdefault(event.seat, {}).setdefault(event.card, counted)
    if len(in_play.current) == state.table.players:
        _complete_trick(state)


@enforces("TRICK-1", "TRICK-2", "TRICK-4", "EICHEL-5")
def trick_winner(state: DealState, plays: list[PlayRecord]) -> Seat:
    """The winner: highest trump, else highest of the suit led; equal cards go to the
    baptised Perlagg, and among Perlaggen to the higher one (000 The Play, Example 1)."""
    led = plays[0].counts_as.suit
    trumps = state.setup.trumps
    perlaggen = state.perlagg_ranks()
    below_lowest = len(state.setup.perlaggen)
    deck = state.ruleset.deck.cards()

    def strength(p: PlayRecord) -> tuple[int, int, int]:
        suit = p.counts_as.suit
        tier = 2 if suit == trumps else 1 if suit == led else 0
        # a name the pack does not have is no baptism (BAPT-4): the record keeps what was said
        baptised_perlagg = p.baptism is not None and p.card in perlaggen and p.baptism in deck
        tie = below_lowest - perlaggen[p.card] if baptised_perlagg else 0
        return tier, p.counts_as.rank.strength, tie

    return max(plays, key=strength).seat


@enforces("TRICK-5", "FIG-SPIEL-1", "FIG-SPIEL-3", "P2-3", "P3-3", "STRAF-6", keys=("tricks_for_spiel",))
def _complete_trick(state: DealState) -> None:
    in_play = state.play
    winner = trick_winner(state, in_play.current)
    in_play.tricks.append(TrickRecord(in_play.trick_number, tuple(in_play.current), _led_suit(state), winner))
    in_play.current = []
    in_play.trick_number += 1
    in_play.leader = winner
    team = state.table.side_of(winner)
    in_play.tricks_won[team] += 1
    if not state.spiel_decided and in_play.tricks_won[team] >= state.ruleset.tricks_for_spiel:
        in_play.spiel_winner = team
        in_play.spiel_decided_by = SpielDecided.TRICKS
    elif not state.spiel_decided and in_play.trick_number > state.ruleset.hand_size:
        # every trick played and nobody made the Spiel: "das Spiel ist hin" (004 Drei-, Sechs-Spieler-Spiel)
        in_play.spiel_decided_by = SpielDecided.HIN


def dealer_known(state: DealState) -> None:
    """The dealer is recorded: his left-hand neighbour leads to the first trick (000 The Play)."""
    state.play.leader = state.left_of_dealer()


@enforces("FIG-SPIEL-2")
def spiel_called_good(state: DealState, receiver: Team) -> None:
    """The Spiel called good (by :mod:`.betting`): it goes to ``receiver``, unless the tricks
    already decided it."""
    if not state.spiel_decided:
        state.play.spiel_winner = receiver
        state.play.spiel_decided_by = SpielDecided.CONCESSION


@enforces("BAPT-5")
def baptise(state: DealState, named: dict[Card, Card]) -> None:
    """Perlaggen named in a show (by :mod:`.show`): fixed as that card for the rest of the deal,
    as a Perlagg played is (000 The Play; BAPT-5)."""
    state.play.baptisms.update(named)


def legal_actions(state: DealState) -> list[Play]:
    """Every legal card for the player to move, each Perlagg with every allowed baptism."""
    seat = expected_seat(state)
    if seat is None or state.phase not in _BEFORE_THE_SHOW or state.spiel_decided \
            or state.setup.trumps is None:
        return []
    hand = state.setup.hands.get(seat)
    if hand is None:
        return []
    deck = sorted(state.ruleset.deck.cards(), key=lambda c: (c.suit.value, -c.rank.strength))
    actions: list[Play] = []
    for card in hand.known:
        options: list[Card | None] = [None]
        if state.is_perlagg(card):
            options += deck
        for baptism in options:
            if not verify_play(state, Play(seat, card, baptism)):
                actions.append(Play(seat, card, baptism))
    return actions


# ---- corrections: the writes a take-back makes (ruled on by :mod:`.corrections`, § 17, § 19) ----

def remember_card_laid(state: DealState, laid: CardLaid | None) -> None:
    """The last card laid, for a take-back of it."""
    state.play.last_card = laid


def mark_void_take_back(state: DealState, mark: tuple[Seat, int] | None) -> None:
    """A take-back ruled void (seat, trick): the card that seat lays next goes back to his hand."""
    state.play.void_take_back = mark


def take_card_back(state: DealState, seat: Seat, card: Card) -> None:
    """A card taken back from the open trick (§ 17): out of the trick and of the cards played."""
    in_play = state.play
    in_play.current = [p for p in in_play.current if not (p.seat == seat and p.card == card)]
    in_play.played_by.get(seat, {}).pop(card, None)
    in_play.last_card = None


def reopen_trick(state: DealState, spiel_before: tuple[Team | None, SpielDecided | None]) -> None:
    """The trick its last card closed is open again: its winner's trick taken off, and the Spiel
    as it stood before that card."""
    in_play = state.play
    closed = in_play.tricks.pop()
    in_play.current = list(closed.plays)
    in_play.trick_number = closed.number
    in_play.leader = closed.plays[0].seat
    if closed.winner is not None:
        in_play.tricks_won[state.table.side_of(closed.winner)] -= 1
    in_play.spiel_winner, in_play.spiel_decided_by = spiel_before


def violate_at_trick(state: DealState, trick: int, found: Finding, event: Event) -> None:
    """Record a ruling at the trick its card lies in (a trick its last card closed is one behind)."""
    in_play = state.play
    now, in_play.trick_number = in_play.trick_number, trick
    try:
        state.violate(found, event.__dict__.get("seat"), event=event)
    finally:
        in_play.trick_number = now
