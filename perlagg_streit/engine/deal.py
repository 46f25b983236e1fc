"""The deal phase: dealer, cut, hands, turn-up, exchanges.

Each action has ``verify_x`` (the rules it breaks, as findings) and ``x``
(apply it to the state, recording the findings); the record is followed even
when it is irregular, so the replay can go on.
"""

from __future__ import annotations

from ..cards import Card
from ..transcript import CutTaken, DealerIs, DealHeader, Event, Exchange, HandDealt, LuckUndBoden, Play, Seat, TurnUp
from .enums import ExchangeRole
from .state import DealState, Finding, HandState, PlayState, ScoreState
from .verdict import Exchanged


def _register(state: DealState, c: Card, where: str, event: Event) -> None:
    """Check that a card exists in the pack and is recorded only once."""
    if c not in state.ruleset.deck():
        state.violate(("RECORD-NOT-IN-DECK", f"{c} is not in the {state.ruleset.name} pack ({where})",
                       f"{c} gibt es im Spiel {state.ruleset.name} nicht ({where})"), None, event=event)
    elif c in state.setup.seen:
        state.violate(("RECORD-DUPLICATE-CARD", f"{c} is recorded twice: {state.setup.seen[c]} and {where}",
                       f"{c} steht zweimal im Protokoll: {state.setup.seen[c]} und {where}"), None, event=event)
    else:
        state.setup.seen[c] = where


def dealer_is(state: DealState, event: DealerIs) -> None:
    """Record the dealer."""
    state.setup.dealer = event.seat


def verify_cut(state: DealState, event: CutTaken) -> list[Finding]:
    """The rules a cut breaks: the wrong cutter, or a card that may not be kept."""
    findings: list[Finding] = []
    if state.setup.dealer is not None and event.cutter != state.right_of_dealer():
        findings.append(("CUT-1", f"{event.cutter} cut, but the dealer {state.setup.dealer}'s right-hand opponent is "
                         f"{state.right_of_dealer()}",
                         f"{event.cutter} hat abgehoben, rechts vom Geber {state.setup.dealer} sitzt aber "
                         f"{state.right_of_dealer()}"))
    permanent = state.ruleset.permanent_perlaggen()
    for c in event.perlaggen:
        if not state.ruleset.perlagg_order:
            findings.append(("CUT-10", f"{event.cutter} kept {c} at the cut, but this game has no Perlaggen",
                             f"{event.cutter} hat beim Abheben {c} behalten; in diesem Spiel gibt es keine Perlaggen"))
        elif c not in permanent:
            findings.append(("CUT-7", f"{event.cutter} kept {c} at the cut, which is not a permanent Perlagg "
                             f"({', '.join(str(p) for p in permanent)})",
                             f"{event.cutter} hat beim Abheben {c} behalten; das ist kein ständiger Perlagg "
                             f"({', '.join(str(p) for p in permanent)})"))
    return findings


def cut(state: DealState, event: CutTaken) -> None:
    """Apply the cut."""
    for finding in verify_cut(state, event):
        seat = event.cutter
        state.violate(finding, seat, event=event)
    state.setup.cutter = event.cutter
    state.setup.cut_cards = event.perlaggen


def hand_dealt(state: DealState, event: HandDealt) -> None:
    """Record a hand as dealt (cut Perlaggen included) and check its size and cards."""
    known = [c for c in event.cards if c is not None]
    state.setup.hands[event.seat] = HandState(list(known), len(event.cards) - len(known))
    state.setup.five[event.seat] = list(known)
    if len(event.cards) != state.ruleset.hand_size:
        state.setup.wrong_hands.append(event)  # judged when we know whether the deal was played on
    where = f"hand {event.seat}"
    for c in known:
        _register(state, c, where, event)
    if not all(c is not None for c in event.cards):
        state.note_unchecked(f"hand {event.seat} is only partly known: following suit and holdings "
                             "are checked only against the known cards")


def turn_up(state: DealState, event: TurnUp) -> None:
    """Fix trumps from the turned-up card(s) and this deal's Perlaggen."""
    skip = state.ruleset.trump_skip_suits
    for c in event.cards:
        _register(state, c, "turn-up", event)
    cards = event.cards
    trump_card = cards[-1] if skip else cards[0]
    if skip:
        early = [c for c in cards[:-1] if c.suit not in skip]
        if early or trump_card.suit in skip:
            bad = early[0] if early else trump_card
            state.violate(("TRUMP-4", f"{bad} was turned up: {bad.suit.english} "
                           + ("cannot be trumps" if bad.suit in skip else "should have fixed trumps"),
                           f"{bad} wurde aufgeschlagen: "
                           + (f"{bad.suit.german} kann nicht Trumpf sein" if bad.suit in skip
                              else "damit wäre Trumpf bestimmt gewesen")),
                          state.setup.dealer, event=event)
            if early:
                trump_card = early[0]
    elif len(cards) > 1:
        state.note_unchecked(f"several cards turned up ({' '.join(map(str, cards))}); the first fixes trumps")
    state.setup.turned_up = cards
    state.setup.exposed = list(cards)
    state.setup.trumps = trump_card.suit
    state.setup.perlaggen = state.ruleset.perlaggen_for(trump_card.suit)


def luck_und_boden(state: DealState, event: LuckUndBoden) -> None:
    """Top and bottom of the stack: they are cards of the pack, recorded once."""
    _register(state, event.top, "Luck", event)
    _register(state, event.bottom, "Boden", event)


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
    hand = state.setup.hands.get(seat)
    return hand is not None and any(state.is_natural_trump(c) for c in hand.known)


def verify_exchange(state: DealState, event: Exchange) -> list[Finding]:
    """The rules an exchange breaks (000 The Deal; Eichel items 1-3; 003 § 7)."""
    r = state.ruleset
    findings: list[Finding] = []
    seat, gives, takes = event.seat, event.gives, event.takes
    if state.setup.dealer is None or state.setup.trumps is None:
        return findings
    if takes not in state.setup.exposed:
        findings.append(("RECORD-EXCHANGE-NOT-TURNED-UP", f"{seat} took {takes}, which is not turned up",
                         f"{seat} hat {takes} genommen, die nicht aufgeschlagen ist"))
        return findings
    if not state.is_perlagg(takes):
        return [("TRUMP-5", f"{seat} exchanged for {takes}, which is not a Perlagg",
                 f"{seat} hat gegen {takes} getauscht, das ist kein Perlagg")]
    if state.play.first_card_played and r.exchange_deadline == "first_card":
        findings.append(("EXCH-6", f"{seat} exchanged after the first card was played",
                         f"{seat} hat getauscht, nachdem schon die erste Karte gespielt war"))
    if state.play.first_card_played and r.exchange_deadline == "first_trick" and state.play.tricks:
        findings.append(("EXCH-6", f"{seat} exchanged after the first trick",
                         f"{seat} hat nach dem ersten Stich getauscht"))
    by_seat = exchange_roles(state)
    roles: dict[str, Seat] = {role: s for s, role in reversed(by_seat.items())}  # keyed as exchange.who names them
    role = by_seat.get(seat, ExchangeRole.OPPONENT)
    if role not in r.exchange_who:
        findings.append(("EXCH-4", f"{seat}, an opponent of the dealer {state.setup.dealer}, exchanged",
                         f"{seat}, ein Gegner des Gebers {state.setup.dealer}, hat getauscht"))
        return findings
    if role in (ExchangeRole.LHO, ExchangeRole.RHO):
        # Imst/Tarrenz: the opponents' right begins only when the dealer's team has none left,
        # the left-hand opponent before the right-hand one (000 Eichelperlaggen, Variant).
        earlier = r.exchange_who[: r.exchange_who.index(role)]
        able = [roles[e] for e in earlier if e in roles and _could_exchange(state, roles[e], takes)]
        if able:
            findings.append(("EXCH-12", f"{seat} exchanged while {able[0]} still had the right to",
                             f"{seat} hat getauscht, obwohl {able[0]} noch tauschen durfte"))
    acorn_swap = (r.exchange_acorn_perlaggen and takes.suit in r.trump_skip_suits
                  and gives.suit == takes.suit and not state.is_perlagg(gives))
    upgrade = (r.exchange_upgrade and gives.suit in r.trump_skip_suits and state.is_perlagg(gives)
               and takes.suit == state.setup.trumps)
    if acorn_swap:
        # 000 Eichelperlaggen, The Deal, item 3: the partner's turn comes once the dealer has no
        # natural acorn left to give
        if role is ExchangeRole.PARTNER and _could_exchange(state, state.setup.dealer, takes):
            findings.append(("EXCH-11", f"{seat} took the exposed {takes} while the dealer {state.setup.dealer} still "
                             "held a natural acorn to give for it",
                             f"{seat} hat den aufgedeckten {takes} genommen, obwohl der Geber {state.setup.dealer} "
                             "noch eine natürliche Eichel dafür hatte"))
        return findings
    if upgrade:
        dealers_team = (ExchangeRole.DEALER, ExchangeRole.PARTNER)
        if any(_has_natural_trump(state, s) for s, role in by_seat.items() if role in dealers_team):
            findings.append(("EXCH-1", f"{seat} upgraded with {gives}, but the dealer's team held a natural trump",
                             f"{seat} hat mit {gives} aufgebessert, obwohl die Partei des Gebers einen "
                             "natürlichen Trumpf hatte"))
        return findings
    if role is ExchangeRole.PARTNER and _has_natural_trump(state, state.setup.dealer):
        findings.append(("EXCH-2", f"{seat} exchanged although the dealer {state.setup.dealer} held a natural trump",
                         f"{seat} hat getauscht, obwohl der Geber {state.setup.dealer} einen natürlichen Trumpf hatte"))
    if gives.suit != state.setup.trumps:
        findings.append(("EXCH-1", f"{seat} gave {gives}, which is not a trump",
                         f"{seat} hat {gives} gegeben, das ist kein Trumpf"))
    elif state.is_perlagg(gives) and r.exchange_card == "natural_trump":
        # 000 The Deal states both: only a natural trump may be given, and never a lower
        # Perlagg for a higher one. 003 § 7 ("mit einem Trumpf") states neither.
        findings.append(("EXCH-1", f"{seat} gave the Perlagg {gives}; only a natural trump may be given",
                         f"{seat} hat den Perlagg {gives} gegeben; nur ein natürlicher Trumpf darf es sein"))
        if state.perlagg_rank(gives) > state.perlagg_rank(takes):
            findings.append(("EXCH-3", f"{seat} gave the lower Perlagg {gives} for the higher {takes}",
                             f"{seat} hat den niedrigeren Perlagg {gives} gegen den höheren {takes} getauscht"))
    return findings


def exchange(state: DealState, event: Exchange) -> None:
    """Apply an exchange: the card given goes face up on the stack, the Perlagg into the hand."""
    for finding in verify_exchange(state, event):
        state.violate(finding, event.seat, event=event)
    state.setup.exchanges.append(Exchanged(event.seat, event.gives, event.takes))
    hand = state.setup.hands.get(event.seat)
    if hand is not None:
        if event.gives in hand.known:
            hand.known.remove(event.gives)
        elif hand.unknown:
            hand.unknown -= 1
            _register(state, event.gives, f"exchange by {event.seat}", event)
        elif event.gives not in state.ruleset.deck():
            _register(state, event.gives, f"exchange by {event.seat}", event)  # RECORD-NOT-IN-DECK, not NOT-HELD
        else:
            state.violate(("RECORD-NOT-HELD", f"{event.seat} gave {event.gives}, which his recorded hand does not hold",
                           f"{event.seat} hat {event.gives} gegeben, das er laut Protokoll nicht hatte"),
                          event.seat, event=event)
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
    if event.card not in state.ruleset.deck():
        # the record names a card the pack does not have: that is the error, not the hand
        state.violate(("RECORD-NOT-IN-DECK", f"{event.seat} played {event.card}, which the {state.ruleset.name} "
                       "pack does not have", f"{event.seat} hat {event.card} gespielt; diese Karte gibt es im Spiel "
                       f"{state.ruleset.name} nicht"), event.seat, event=event)
        if hand is not None and hand.unknown:
            hand.unknown -= 1
        return
    if hand is None:
        return
    if hand.unknown and event.card not in state.setup.seen:
        hand.unknown -= 1
        state.setup.seen[event.card] = f"played by {event.seat}"
    else:
        state.violate(("RECORD-NOT-HELD", f"{event.seat} played {event.card}, which the recorded hand does not hold",
                       f"{event.seat} hat {event.card} gespielt, das er laut Protokoll nicht (mehr) hatte"),
                      event.seat, event=event)


def _could_exchange(state: DealState, seat: str, takes: Card) -> bool:
    """Whether a player holds a card he could give for ``takes``: a natural card of its suit, or,
    where upgrades are allowed and ``takes`` is the trump Perlagg, an acorn Perlagg."""
    hand = state.setup.hands.get(seat)
    if hand is None:
        return False
    if any(c.suit == takes.suit and not state.is_perlagg(c) for c in hand.known):
        return True
    r = state.ruleset
    return r.exchange_upgrade and takes.suit == state.setup.trumps and any(
        state.is_perlagg(c) and c.suit in r.trump_skip_suits for c in hand.known)


def finish_setup(state: DealState, event: Event) -> None:
    """Checks that need the whole setup: missing pieces, cut Perlaggen in the cutter's hand."""
    if state.setup.dealer is None:
        state.violate(("RECORD-MISSING", "no dealer recorded (Geber: ...): turn order cannot be checked",
                       "kein Geber angegeben (Geber: ...): die Reihenfolge kann nicht geprüft werden"),
                      None, event=event)
    if state.setup.trumps is None:
        state.violate(("RECORD-MISSING", "no turn-up recorded (Aufschlag: ...): trumps are unknown",
                       "kein Aufschlag angegeben (Aufschlag: ...): Trumpf ist unbekannt"),
                      None, event=event)
        state.note_unchecked("trumps unknown: following suit, trumping and the trump Perlaggen are not checked")
    _judge_wrong_hands(state, played_on=not isinstance(event, DealHeader))
    if state.setup.cutter is not None and state.setup.cutter in state.setup.hands:
        hand = state.setup.hands[state.setup.cutter]
        # the hand as dealt: a Perlagg kept at the cut may since have gone in an exchange (the
        # cutter is an opponent of the dealer, who upgrades under eichel-tarrenz, EXCH-12)
        given = {x.gives for x in state.setup.exchanges if x.seat == state.setup.cutter}
        for c in state.setup.cut_cards:
            if c not in hand.known and c not in given and hand.unknown == 0:
                state.violate(("RECORD-CUT-NOT-IN-HAND", f"{c}, kept at the cut, is not in {state.setup.cutter}'s hand",
                               f"{c}, beim Abheben behalten, fehlt in den Karten von {state.setup.cutter}"),
                              state.setup.cutter, event=event)


def redeal(state: DealState) -> DealState:
    """§ 5: the attempt is abandoned and dealt again by the same dealer. Its misdeals are judged;
    the new attempt starts from a fresh setup with the violations so far."""
    _judge_wrong_hands(state, played_on=False)
    # the same dealer, leader and score, the findings so far, and fresh books
    fresh = DealState(state.ruleset, state.source, state.number, violations=state.violations,
                      unchecked=state.unchecked, play=PlayState(leader=state.play.leader),
                      score=ScoreState(score_before=state.score.score_before))
    fresh.setup.dealer = state.setup.dealer
    fresh.setup.misdeals_in_a_row = state.setup.misdeals_in_a_row + 1 if state.setup.wrong_hands else 0
    if state.table != fresh.table:
        fresh.seat_only(state.table)  # played on between the others: still only they play (004 Strafperlaggen)
    return fresh


def _judge_wrong_hands(state: DealState, played_on: bool) -> None:
    """A hand with the wrong number of cards: a misdeal to be redealt (§ 5, DEAL-6), or, if the
    deal was played on with it, § 6 ("Sollte sich aber am Ende des Spieles herausstellen ...",
    PEN-2) where the ruleset has that rule for more (old text) or more or fewer (Neue) cards."""
    size = state.ruleset.hand_size
    scope = state.ruleset.wrong_count_played_on
    if state.setup.wrong_hands_judged:
        return
    state.setup.wrong_hands_judged = True
    for event in state.setup.wrong_hands:
        n = len(event.cards)
        covered = scope == "more_or_fewer" or (scope == "more_only" and n > size)
        if played_on and covered:
            state.violate(("PEN-2", f"{event.seat} played on with {n} cards instead of {size}",
                           f"{event.seat} hat mit {n} statt {size} Karten weitergespielt"),
                          event.seat, event=event)
        else:
            misdealer = state.setup.dealer
            # Neue § 5: "Wer zweimal hintereinander vergibt" - only a second misdeal in a row costs points.
            penalise = state.ruleset.misdeal_penalty == "each" or state.setup.misdeals_in_a_row >= 1
            state.violate(("DEAL-6", f"{event.seat} was dealt {n} cards instead of {size}",
                           f"{event.seat} hat {n} statt {size} Karten bekommen"),
                          # the sheet's side: a winner who has left may deal (004 Strafperlaggen)
                          misdealer, state.sheet.side_of(misdealer) if misdealer else None, event, penalise)
