"""The deal phase: dealer, cut, hands, turn-up, exchanges.

Each action has ``verify_x`` (the rules it breaks, as findings) and ``x``
(apply it to the state, recording the findings); the record is followed even
when it is irregular, so the replay can go on.
"""

from __future__ import annotations

from ..base.cards import Card
from ..base.rule_index import enforces
from ..language.transcript import (
    CutTaken,
    DealerIs,
    DealHeader,
    Event,
    Exchange,
    HandDealt,
    LuckUndBoden,
    Play,
    Redeal,
    Seat,
    TurnUp,
)
from ..messages import Message
from .enums import ExchangeRole, Phase, Proven
from .evidence import NO_EVIDENCE, Evidence
from .ruleset import ExchangeCard, ExchangeDeadline, MisdealPenalty, WrongCountPlayedOn
from .state import DealState, Finding, HandState, PlayState, ScoreState, finding
from .verdict import Exchanged


def _register(state: DealState, c: Card, where: Message, event: Event) -> None:
    """Check that a card exists in the pack and is recorded only once (``where``: a ``where.*`` message)."""
    if c not in state.ruleset.deck.cards():
        state.violate(finding("RECORD-NOT-IN-DECK.recorded", card=c, ruleset=state.ruleset.name, where=where),
                      None, event=event)
    elif c in state.setup.seen:
        state.violate(finding("RECORD-DUPLICATE-CARD.twice", card=c, first=state.setup.seen[c], then=where),
                      None, event=event)
    else:
        state.setup.seen[c] = where


@enforces("DEAL-1", keys=("hand_size",))
def take_evidence(state: DealState, evidence: Evidence) -> None:
    """Before the deal's first event: what the whole record proves of each hand, and the hands of
    the players who have no ``Karten`` line made from it (a ``Karten`` line takes it in as it is
    replayed, :func:`hand_dealt`)."""
    state.setup.evidence = evidence
    size = state.ruleset.hand_size
    deck = state.ruleset.deck.cards()
    for seat, proofs in evidence.from_deal.items():
        if seat in evidence.written or seat not in state.table.seats:
            continue
        # a hand holds ``size`` cards: a card proven beyond them is not credited; nor is a card the
        # pack does not have (RECORD-NOT-IN-DECK where it is played)
        known = [c for c in proofs if c in deck][:size]
        state.setup.hands[seat] = HandState(list(known), size - len(known))
        state.setup.five[seat] = list(known)
        proven = Message("where.proven", seat=seat)
        for c in known:
            state.setup.seen.setdefault(c, proven)


def dealer_is(state: DealState, event: DealerIs) -> None:
    """Record the dealer."""
    state.setup.dealer = event.seat


@enforces("CUT-1", "CUT-3", "CUT-4", "CUT-7", "CUT-8", "CUT-10")
def verify_cut(state: DealState, event: CutTaken) -> list[Finding]:
    """The rules a cut breaks: the wrong cutter, or a card that may not be kept."""
    findings: list[Finding] = []
    if state.setup.dealer is not None and event.cutter != state.right_of_dealer():
        findings.append(finding("CUT-1.wrong-cutter", cutter=event.cutter, dealer=state.setup.dealer,
                                expected=state.right_of_dealer()))
    permanent = state.ruleset.permanent_perlaggen()
    for c in event.perlaggen:
        if not state.ruleset.perlaggen.order:
            findings.append(finding("CUT-10.kept", cutter=event.cutter, card=c))
        elif c not in permanent:
            findings.append(finding("CUT-7.not-permanent", cutter=event.cutter, card=c, permanent=permanent))
    return findings


def cut(state: DealState, event: CutTaken) -> None:
    """Apply the cut."""
    for found in verify_cut(state, event):
        state.violate(found, event.cutter, event=event)
    state.setup.cutter = event.cutter
    state.setup.cut_cards = event.perlaggen


@enforces("DEAL-1", "DEAL-2", "DEAL-3", "DEAL-8", "P2-2", "P3-2", "P3-16", "P6-2", "P6-3", "STRAF-4",
          keys=("players", "hand_size"))
def hand_dealt(state: DealState, event: HandDealt) -> None:
    """Record a hand as dealt (cut Perlaggen included) and check its size and cards."""
    known = [c for c in event.cards if c is not None]
    slots = len(event.cards) - len(known)
    extra: list[Card] = []
    if slots:
        # the cards the rest of the record proves in this hand fill its "?" (issue 16)
        deck = state.ruleset.deck.cards()
        extra = [c for c in state.setup.evidence.from_deal.get(event.seat, {}) if c not in known and c in deck][:slots]
    state.setup.hands[event.seat] = HandState(known + extra, slots - len(extra))
    state.setup.five[event.seat] = known + extra
    # judged when we know whether the deal was played on, or stopped after the first packet
    state.setup.dealt.append(event)
    where = Message("where.hand", seat=event.seat)
    for c in known:
        _register(state, c, where, event)
    if slots:
        proven = Message("where.proven", seat=event.seat)
        for c in extra:
            state.setup.seen.setdefault(c, proven)
        state.note_unchecked(Message("note.hand-partly-known", seat=event.seat))


@enforces("DEAL-4", "TRUMP-1", "TRUMP-2", "TRUMP-3", "TRUMP-4", "STRAF-3", keys=("trumps.skip_suits",))
def turn_up(state: DealState, event: TurnUp) -> None:
    """Fix trumps from the turned-up card(s) and this deal's Perlaggen."""
    skip = state.ruleset.trumps.skip_suits
    where = Message("where.turn-up")
    for c in event.cards:
        _register(state, c, where, event)
    cards = event.cards
    trump_card = cards[-1] if skip else cards[0]
    if skip:
        early = [c for c in cards[:-1] if c.suit not in skip]
        if early or trump_card.suit in skip:
            bad = early[0] if early else trump_card
            code = "TRUMP-4.never-trumps" if bad.suit in skip else "TRUMP-4.should-have-fixed-trumps"
            state.violate(finding(code, card=bad, suit=bad.suit), state.setup.dealer, event=event)
            if early:
                trump_card = early[0]
    elif len(cards) > 1:
        state.note_unchecked(Message("note.several-turned-up", cards=cards))
    state.setup.turned_up = cards
    state.setup.exposed = list(cards)
    state.setup.trumps = trump_card.suit
    state.setup.perlaggen = state.ruleset.perlaggen_for(trump_card.suit)


@enforces("LB-1")
def luck_und_boden(state: DealState, event: LuckUndBoden) -> None:
    """Top and bottom of the stack: they are cards of the pack, recorded once."""
    _register(state, event.top, Message("where.luck"), event)
    _register(state, event.bottom, Message("where.boden"), event)


def exchange_roles(state: DealState) -> dict[Seat, ExchangeRole]:
    """Each seat's part in the exchange: the dealer, his partner(s), his left- and right-hand
    opponents. With two players the one opponent is both; with six the dealer has two partners."""
    assert state.setup.dealer is not None
    table = state.table
    if state.setup.dealer not in table.seats:
        # 004 Strafperlaggen: a winner who deals the first hand of the game played on between the
        # other two hands his right to exchange to the player on his left, who leads.
        return {state.right_of_dealer(): ExchangeRole.RHO, state.left_of_dealer(): ExchangeRole.DEALER}
    roles = {table.left_of(state.setup.dealer): ExchangeRole.LHO, table.right_of(state.setup.dealer): ExchangeRole.RHO}
    for seat in table.members(table.side_of(state.setup.dealer)):
        roles.setdefault(seat, ExchangeRole.PARTNER)
    roles[state.setup.dealer] = ExchangeRole.DEALER
    return roles


def _has_natural_trump(state: DealState, seat: str) -> bool:
    return _natural_trump(state, seat) is not None


def _natural_trump(state: DealState, seat: str) -> Card | None:
    """A natural trump the record proves in ``seat``'s hand now (None: none is proven)."""
    hand = state.setup.hands.get(seat)
    return None if hand is None else next((c for c in hand.known if state.is_natural_trump(c)), None)


def held_proof(state: DealState, seat: Seat, card: Card) -> dict[str, object]:
    """What proves that ``seat`` holds ``card`` now, as a finding's arguments: ``proof`` (the words),
    ``how`` (:class:`.enums.Proven`) and ``line`` (the file line that shows it; 0 when the hand was
    given to the engine directly, without a record to prove it)."""
    found = state.setup.evidence.proof(seat, card)
    if found is None:
        return {"proof": Message("proof.given", seat=seat, card=card), "how": Proven.WRITTEN, "line": 0}
    trick = state.play.trick_number if state.play.first_card_played else None
    return {"proof": found.message(seat, trick), "how": found.how, "line": found.line}


@enforces("TRUMP-5", "EXCH-1", "EXCH-2", "EXCH-3", "EXCH-4", "EXCH-5", "EXCH-6",
          "EXCH-8", "EXCH-9", "EXCH-10", "EXCH-11", "EXCH-12", "EXCH-13", "PEN-4", "PEN-15", "STRAF-5",
          keys=("exchange.card", "exchange.who", "exchange.upgrade", "exchange.acorn_perlaggen", "exchange.deadline"))
def verify_exchange(state: DealState, event: Exchange) -> list[Finding]:
    """The rules an exchange breaks (000 The Deal; Eichel items 1-3; 003 § 7)."""
    r = state.ruleset
    findings: list[Finding] = []
    seat, gives, takes = event.seat, event.gives, event.takes
    if state.setup.dealer is None or state.setup.trumps is None:
        return findings
    if takes not in state.setup.exposed:
        findings.append(finding("RECORD-EXCHANGE-NOT-TURNED-UP.took", seat=seat, card=takes))
        return findings
    if not state.is_perlagg(takes):
        return [finding("TRUMP-5.not-a-perlagg", seat=seat, card=takes)]
    if state.play.first_card_played and r.exchange.deadline is ExchangeDeadline.FIRST_CARD:
        findings.append(finding("EXCH-6.after-first-card", seat=seat))
    if state.play.first_card_played and r.exchange.deadline is ExchangeDeadline.FIRST_TRICK and state.play.tricks:
        findings.append(finding("EXCH-6.after-first-trick", seat=seat))
    by_seat = exchange_roles(state)
    roles: dict[str, Seat] = {role: s for s, role in reversed(by_seat.items())}  # keyed as exchange.who names them
    role = by_seat.get(seat, ExchangeRole.OPPONENT)
    if role not in r.exchange.who:
        findings.append(finding("EXCH-4.opponent", seat=seat, dealer=state.setup.dealer))
        return findings
    if role in (ExchangeRole.LHO, ExchangeRole.RHO):
        # Imst/Tarrenz: the opponents' right begins only when the dealer's team has none left,
        # the left-hand opponent before the right-hand one (000 Eichelperlaggen, Variant).
        earlier = r.exchange.who[: r.exchange.who.index(role)]
        able = [roles[e] for e in earlier if e in roles and _could_exchange(state, roles[e], takes)]
        if able:
            findings.append(finding("EXCH-12.before-turn", seat=seat, first=able[0]))
    acorn_swap = (r.exchange.acorn_perlaggen and takes.suit in r.trumps.skip_suits
                  and gives.suit == takes.suit and not state.is_perlagg(gives))
    upgrade = (r.exchange.upgrade and gives.suit in r.trumps.skip_suits and state.is_perlagg(gives)
               and takes.suit == state.setup.trumps)
    if acorn_swap:
        # 000 Eichelperlaggen, The Deal, item 3: the partner's turn comes once the dealer has no
        # natural acorn left to give
        if role is ExchangeRole.PARTNER and _could_exchange(state, state.setup.dealer, takes):
            findings.append(finding("EXCH-11.dealer-first", seat=seat, card=takes, dealer=state.setup.dealer))
        return findings
    if upgrade:
        dealers_team = (ExchangeRole.DEALER, ExchangeRole.PARTNER)
        if any(_has_natural_trump(state, s) for s, role in by_seat.items() if role in dealers_team):
            findings.append(finding("EXCH-1.upgrade", seat=seat, card=gives))
        return findings
    dealers_trump = _natural_trump(state, state.setup.dealer) if role is ExchangeRole.PARTNER else None
    if dealers_trump is not None:
        findings.append(finding("EXCH-2.dealer-first", seat=seat, dealer=state.setup.dealer, card=dealers_trump,
                                **held_proof(state, state.setup.dealer, dealers_trump)))
    if gives.suit != state.setup.trumps:
        findings.append(finding("EXCH-1.not-a-trump", seat=seat, card=gives))
    elif state.is_perlagg(gives) and r.exchange.card is ExchangeCard.NATURAL_TRUMP:
        # 000 The Deal states both: only a natural trump may be given, and never a lower
        # Perlagg for a higher one. 003 § 7 ("mit einem Trumpf") states neither.
        findings.append(finding("EXCH-1.gave-a-perlagg", seat=seat, card=gives))
        if state.perlagg_rank(gives) > state.perlagg_rank(takes):
            findings.append(finding("EXCH-3.lower-for-higher", seat=seat, gives=gives, takes=takes))
    return findings


def exchange(state: DealState, event: Exchange) -> None:
    """Apply an exchange: the card given goes face up on the stack, the Perlagg into the hand."""
    for found in verify_exchange(state, event):
        state.violate(found, event.seat, event=event)
    state.setup.exchanges.append(Exchanged(event.seat, event.gives, event.takes))
    hand = state.setup.hands.get(event.seat)
    if hand is not None:
        if event.gives in hand.known:
            hand.known.remove(event.gives)
        elif hand.unknown:
            hand.unknown -= 1
            _register(state, event.gives, Message("where.exchange", seat=event.seat), event)
        elif event.gives not in state.ruleset.deck.cards():
            # RECORD-NOT-IN-DECK, not NOT-HELD
            _register(state, event.gives, Message("where.exchange", seat=event.seat), event)
        else:
            state.violate(finding("RECORD-NOT-HELD.gave", seat=event.seat, card=event.gives), event.seat, event=event)
        hand.known.append(event.takes)
        five = state.setup.five.setdefault(event.seat, [])
        if event.gives in five:
            five.remove(event.gives)
        five.append(event.takes)
    if event.takes in state.setup.exposed:
        state.setup.exposed.remove(event.takes)
    state.setup.exposed.append(event.gives)


def take_from_hand(state: DealState, event: Play) -> None:
    """A card played leaves the hand the record gives its player (called by :mod:`.tricks`); a card
    the record cannot have come from that hand is reported."""
    hand = state.setup.hands.get(event.seat)
    if hand is not None and event.card in hand.known:
        hand.known.remove(event.card)  # (a card of the hand that is not in the pack was reported at the deal)
        return
    if event.card not in state.ruleset.deck.cards():
        # the record names a card the pack does not have: that is the error, not the hand
        state.violate(finding("RECORD-NOT-IN-DECK.played", seat=event.seat, card=event.card,
                              ruleset=state.ruleset.name), event.seat, event=event)
        if hand is not None and hand.unknown:
            hand.unknown -= 1
        return
    if hand is None:
        # nothing proves the card in his hand; if the record puts it elsewhere it contradicts itself
        if event.card in state.setup.seen:
            _register(state, event.card, Message("where.played", seat=event.seat), event)
        return
    if hand.unknown and event.card not in state.setup.seen:
        hand.unknown -= 1
        state.setup.seen[event.card] = Message("where.played", seat=event.seat)
    elif event.seat not in state.setup.evidence.written and event.seat in state.setup.evidence.from_deal \
            and event.card in state.setup.seen:
        # a hand the record proves but never writes: the card is placed twice, not missing from a hand
        _register(state, event.card, Message("where.played", seat=event.seat), event)
    else:
        state.violate(finding("RECORD-NOT-HELD.played", seat=event.seat, card=event.card), event.seat, event=event)


def back_to_hand(state: DealState, seat: str, card: Card) -> None:
    """A card taken back from the trick (§ 17) is in its player's hand again, known to be there."""
    hand = state.setup.hands.get(seat)
    if hand is not None and card not in hand.known:
        hand.known.append(card)


def _could_exchange(state: DealState, seat: str, takes: Card) -> bool:
    """Whether a player holds a card he could give for ``takes``: a natural card of its suit, or,
    where upgrades are allowed and ``takes`` is the trump Perlagg, an acorn Perlagg."""
    hand = state.setup.hands.get(seat)
    if hand is None:
        return False
    if any(c.suit == takes.suit and not state.is_perlagg(c) for c in hand.known):
        return True
    r = state.ruleset
    return r.exchange.upgrade and takes.suit == state.setup.trumps and any(
        state.is_perlagg(c) and c.suit in r.trumps.skip_suits for c in hand.known)


def finish_setup(state: DealState, event: Event) -> None:
    """Checks that need the whole setup: missing pieces, cut Perlaggen in the cutter's hand."""
    if state.setup.dealer is None:
        state.violate(finding("RECORD-MISSING.dealer"), None, event=event)
    if state.setup.trumps is None:
        state.violate(finding("RECORD-MISSING.turn-up"), None, event=event)
        state.note_unchecked(Message("note.trumps-unknown"))
    _judge_wrong_hands(state, played_on=not isinstance(event, DealHeader))
    if state.setup.cutter is not None and state.setup.cutter in state.setup.hands:
        hand = state.setup.hands[state.setup.cutter]
        # the hand as dealt: a Perlagg kept at the cut may since have gone in an exchange (the
        # cutter is an opponent of the dealer, who upgrades under eichel-tarrenz, EXCH-12)
        given = {x.gives for x in state.setup.exchanges if x.seat == state.setup.cutter}
        for c in state.setup.cut_cards:
            if c not in hand.known and c not in given and hand.unknown == 0:
                state.violate(finding("RECORD-CUT-NOT-IN-HAND.missing", card=c, cutter=state.setup.cutter),
                              state.setup.cutter, event=event)


@enforces("CUT-9", "PEN-1", "DEAL-6")
def redeal(state: DealState, event: Redeal | None = None) -> DealState:
    """§ 5: the attempt is abandoned and dealt again by the same dealer. Its misdeals are judged (the
    hands written as first packets when it was stopped after the first packet, 002 Dealing); the new
    attempt starts from a fresh setup with the violations so far. A redeal once play has begun comes
    too late: the ruling says so, and the hands were judged as played on (§ 6)."""
    first_packet = event is not None and event.first_packet
    if event is not None and state.phase is not Phase.SETUP:
        state.violate(finding("DEAL-6.redeal-after-play"), None, event=event, ruling=True)
        first_packet = False  # the hands were whole, and were judged when play began
    _judge_wrong_hands(state, played_on=False, first_packet=first_packet, stop=event)
    # the same dealer, leader and score, the findings so far, and fresh books
    fresh = DealState(state.ruleset, state.source, state.number, violations=state.violations,
                      unchecked=state.unchecked, play=PlayState(leader=state.play.leader),
                      score=ScoreState(score_before=state.score.score_before))
    fresh.setup.dealer = state.setup.dealer
    fresh.setup.misdeals_in_a_row = state.setup.misdeals_in_a_row + 1 if state.setup.misdealt else 0
    if state.table != fresh.table:
        fresh.seat_only(state.table)  # played on between the others: still only they play (004 Strafperlaggen)
    take_evidence(fresh, state.setup.evidence.next or NO_EVIDENCE)
    return fresh


def first_packet_sizes(state: DealState) -> dict[Seat, int]:
    """How many cards each written hand should hold after the first packet (002 Dealing: "two in
    the first packet"; the cutter gets one fewer for each Perlagg he kept, none below none, and
    holds the Perlaggen as well). Where the ruleset lets the dealer choose the packet
    (``deal.first_packet``), the size most of the other hands show is the one he dealt."""
    sizes = state.ruleset.deal.first_packet
    cutter, kept = state.setup.cutter, len(state.setup.cut_cards)
    counts = [len(h.cards) for h in state.setup.dealt if h.seat != cutter]
    packet = max(sizes, key=lambda size: (counts.count(size), -sizes.index(size)))
    return {h.seat: max(packet, kept) if h.seat == cutter else packet for h in state.setup.dealt}


@enforces("DEAL-6", "DEAL-7", "PEN-2", keys=("deal.misdeal_penalty", "deal.wrong_count_played_on",
                                            "deal.first_packet"))
def _judge_wrong_hands(state: DealState, played_on: bool, first_packet: bool = False,
                       stop: Event | None = None) -> None:
    """A hand with the wrong number of cards: a misdeal to be redealt (§ 5, DEAL-6), or, if the
    deal was played on with it, § 6 ("Sollte sich aber am Ende des Spieles herausstellen ...",
    PEN-2) where the ruleset has that rule for more (old text) or more or fewer (Neue). A deal
    stopped after the first packet (``first_packet``, at the statement ``stop``) is judged by its
    packets instead. However many hands are wrong, the attempt is one misdeal: "Wer vergibt" pays
    once (old § 5), and only for a second attempt in a row under the Neue § 5."""
    size = state.ruleset.hand_size
    scope = state.ruleset.deal.wrong_count_played_on
    if state.setup.wrong_hands_judged:
        return
    state.setup.wrong_hands_judged = True
    misdealer = state.setup.dealer
    # Neue § 5: "Wer zweimal hintereinander vergibt" - only a second misdeal in a row costs points.
    penalise = state.ruleset.deal.misdeal_penalty is MisdealPenalty.EACH or state.setup.misdeals_in_a_row >= 1
    # the sheet's side: a winner who has left may deal (004 Strafperlaggen)
    side = state.sheet.side_of(misdealer) if misdealer else None
    if first_packet:
        expected = first_packet_sizes(state)
        wrong = [h for h in state.setup.dealt if len(h.cards) != expected[h.seat]]
        if wrong:
            state.setup.misdealt = True
            kept = len(state.setup.cut_cards)
            packets = [Message("part.cutter-packet" if h.seat == state.setup.cutter and kept else "part.packet",
                               seat=h.seat, n=len(h.cards), expected=expected[h.seat], kept=kept) for h in wrong]
            state.violate(finding("DEAL-6.first-packet", packets=packets), misdealer, side, stop or wrong[0],
                          penalise)
        return
    wrong = [h for h in state.setup.dealt if len(h.cards) != size]
    for event in wrong:
        n = len(event.cards)
        covered = scope is WrongCountPlayedOn.MORE_OR_FEWER or (scope is WrongCountPlayedOn.MORE_ONLY and n > size)
        if played_on and covered:
            state.violate(finding("PEN-2.played-on", seat=event.seat, n=n, size=size), event.seat, event=event)
        else:
            # every wrong hand is reported where it is written; the misdeal costs its points once
            state.violate(finding("DEAL-6.misdeal", seat=event.seat, n=n, size=size), misdealer, side, event,
                          penalise and not state.setup.misdealt)
            state.setup.misdealt = True
