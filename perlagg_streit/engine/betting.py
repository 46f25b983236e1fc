"""Betting: bets, answers (good, hold, raise), concessions, and who may bet what.

A bet proposes +1 on a figure and suspends play until the opponents answer
(000 Betting; 003 § 8-§ 14). Teams bet alternately on each figure; after 7
comes Spiel aus.

Every betting act is judged in the same two steps, as pokerkit separates
``verify_x`` from ``x``: a ``verify_*`` function lists the rules the act breaks,
before any book is touched, and :func:`rule_on` flags them all (each with the
penalty the ruleset sets for it, such as § 21's two points for a gestrichen
bet) and says whether the act is void. A void act changes no book, proposes
nothing and commits nobody, so every later act is judged as if it had not
happened. ``bet``, ``blind_bet``, ``good``, ``hold`` and ``raise_`` apply the
acts that are not void; :func:`may_bet` asks the same questions for ``replay``.
"""

from __future__ import annotations

from ..base.rule_index import enforces
from ..language.transcript import SPIEL_AUS, Bet, BlindBet, Call, Event, Figure, Good, Hold, Raise, Seat, Team, ThrowIn
from ..messages import Message
from . import tricks
from .enums import BetAction, BookStatus, Phase, SpielDecided
from .points import after_penalties
from .ruleset import BetBan, BetMax, BlindFigures, Spiel5Restrict
from .state import DealState, FigureBook, Finding, Pending, finding
from .verdict import BetStep

# Performance invariant: a deal's books are kept in this order (state.BettingState builds them so,
# for every deal and every redeal), and BettingState.pending_bets reads the figures off them in it,
# on every card played, without sorting (tests/test_invariants.py).
ORDER = (Figure.GLEICH, Figure.HANGER, Figure.SPIEL)

#: The rules whose breach takes away the right to the act itself: the act is void. It is flagged
#: (with its penalty, if the ruleset sets one), changes no book and proposes nothing. The README's
#: "a bet a player has no right to make is void and proposes nothing" is this set.
VOID = frozenset({
    "BET-2",    # § 8: "Gleich!" without "biete" is no bet at all
    "BET-4",    # 000 Betting: hold, raise or good answer a bet; with none to answer they answer nothing
    "BET-5",    # 000 Betting: the opponents answer a bet, not the bettor's own side
    "BET-6",    # 000 Betting: a team whose bet was seen "cannot bet on the same figure again" (§ 11, § 13)
    "BET-7",    # § 13: "Es kann nur drei, vier, fünf, sechs, sieben und Spiel aus gesteigert werden"
    "BET-8",    # 000 Betting: a figure conceded, or decided (the Spiel by tricks), can no longer be bet on
    "BET-13",   # 000 Betting: the fifth-trick Spiel only with the suit led, a trump or a Perlagg (§ 29: held, raised)
    "BLIND-1",  # 004 Blind-Einsätze: only before the cut, and only where the ruleset knows blind bets
    "BLIND-2",  # Neue § 32: "Ungesehen dürfen nur alle drei Figuren zusammen geboten werden, wenn ..."
    "END-2",    # 000 The Endgame; § 21: a gestrichen team "hat kein Recht mehr, zu bieten" (§ 21 still costs 2)
    "END-3",    # 000 The Endgame, Example 7: no bet whose concession would give the team the game
    "END-17",   # 004 Strafperlaggen: a player on 1 may not bet or raise
    "P3-13",    # 004 Drei-Spieler-Spiel: the Spiel may not be let go before anyone bet it
    "SHOW-7",   # 000 Betting during the show: the other team "must wait to bet until it is their turn"; § 24
})

#: Findings that flag an act without taking the right to it away: the act stands. A player who
#: answers out of turn at three (P3-4) answers a bet his side had to answer; 004 voids nothing
#: (cases/players/drei-p3-4-answer-out-of-turn).
STANDS = frozenset({"P3-4"})


def is_void(findings: list[Finding]) -> bool:
    """True when one of the rules broken takes away the right to the act (see :data:`VOID`)."""
    return any(rule in VOID for rule, _ in findings)


def rule_on(state: DealState, seat: Seat, event: Event, findings: list[Finding]) -> bool:
    """The one ruling on a betting act: every rule it breaks is flagged, with the penalty the
    ruleset sets for it; the return value says whether the act is void. A caller that gets True
    must change no book, so that later acts are judged as if the void one had not happened."""
    for found in findings:
        assert found.rule in VOID or found.rule in STANDS, found.rule  # every kind is classified
        state.violate(found, seat, event=event)
    return is_void(findings)


@enforces("SETUP-6", "P3-8", "P3-9", "P3-10", "P3-11", "STRAF-7", "STRAF-21")
def answerers(state: DealState, book: FigureBook, seat: Seat) -> list[Team]:
    """The sides that must answer a bet by ``seat``, in turn from his left, leaving out those that
    already gave the figure up (004 Drei-Spieler-Spiel: "streng in Reihe")."""
    return [s for s in state.table.opponents_in_turn(seat) if s not in book.out]


_TOP_OF_LADDER = {BetMax.SPIEL_AUS: SPIEL_AUS, BetMax.SEVEN: 7, BetMax.THREE: 3}


@enforces("P3-7", keys=("bet.max",))
def top_of_ladder(state: DealState) -> int:
    """The highest value a figure may reach: Spiel aus, seven, or three (three players, 004)."""
    return _TOP_OF_LADDER[state.ruleset.bet.max]


def _figures_named_or_pending(state: DealState, seat: Seat, figures: tuple[Figure, ...]) -> list[Figure]:
    """The figures an answer refers to: those named, else those awaiting this team's answer."""
    if figures:
        return [f for f in ORDER if f in figures]
    team = state.table.side_of(seat)
    return [f for f in ORDER if (p := state.betting.books[f].pending) is not None and team in p.awaiting]


def _just_named(state: DealState, seat: Seat) -> list[Figure]:
    """The figures an opponent named bare ("Gleich!") in the event just before this one."""
    called = state.last_call
    if called is None or state.table.side_of(called[0]) == state.table.side_of(seat):
        return []
    return [f for f in ORDER if f in called[1]]


@enforces("BET-4", "BET-5")
def _nothing_to_answer(state: DealState, seat: Seat, word: Message | str) -> Finding:
    """An answer with no opposing bet to answer: his own team's bet (BET-5), or none (BET-4)."""
    team = state.table.side_of(seat)
    if any(b.pending is not None and b.pending.team == team for b in state.betting.books.values()):
        return finding("BET-5.answered-own", seat=seat, word=word)
    return finding("BET-4.nothing-to-answer", seat=seat, word=word)


def _secured(state: DealState, team: Team) -> int:
    return sum(b.value for b in state.betting.books.values() if b.conceded_to == team)


@enforces("BET-6", "BET-8", "SHOW-5", "SHOW-7", "BET-7")
def verify_bet(state: DealState, seat: Seat, figure: Figure) -> list[Finding]:
    """The rules a bet on ``figure`` by ``seat`` breaks at this moment."""
    book = state.betting.books[figure]
    team = state.table.side_of(seat)
    if book.status is not BookStatus.OPEN:
        return [finding("BET-8.decided", seat=seat, figure=figure)]
    if figure is Figure.SPIEL and (state.spiel_decided or state.play.spiel_decided_by is SpielDecided.HIN):
        # the tricks decided it (000: play stops once a team has three tricks); nothing is left to bet
        return [finding("BET-8.by-tricks", seat=seat)]
    findings: list[Finding] = []
    if team in book.out:
        return [finding("BET-8.let-go", seat=seat, figure=figure)]
    if book.pending is not None and book.pending.team == team:
        findings.append(finding("BET-6.again-unanswered", seat=seat, figure=figure))
    elif book.seen_team == team:
        findings.append(finding("BET-6.seen", seat=seat, figure=figure))
    top = top_of_ladder(state)
    if book.value >= top:
        findings.append(finding("BET-7.bet-past-top", seat=seat, figure=figure, top=_say(top)))
    turn = state.side_to_show()
    if turn is not None and team != turn:
        findings.append(finding("SHOW-7.bet" if state.show.stage_team is not None else "SHOW-7.bet-before-turn",
                                seat=seat, figure=figure))
    findings.extend(_verify_target(state, seat, figure))
    if figure is Figure.SPIEL:
        findings.extend(_verify_fifth_trick(state, seat))
    return findings


@enforces("END-2", "END-3", "END-4", "END-17", "PEN-9", "STRAF-16",
          keys=("endgame.bet_ban", "endgame.penalty_lifts_gestrichen"))
def _verify_target(state: DealState, seat: Seat, figure: Figure, value: int | None = None) -> list[Finding]:
    """END-2 and END-3 for a bet, or a raise (a counter-bet) whose concession would give ``value``."""
    if state.score.score_before is None:
        return []
    team = state.table.side_of(seat)
    score = state.score.score_before[state.sheet.index(team)]
    if state.ruleset.endgame.penalty_lifts_gestrichen:
        score = after_penalties(state, team, score)
    if state.ruleset.countdown:
        if score <= 1:
            return [finding("END-17.on-one", seat=seat, score=score)]
        return []
    target = state.ruleset.target
    if score == target - 1:
        return [finding("END-2.gestrichen", seat=seat, score=score, target=target)]
    if state.ruleset.endgame.bet_ban is BetBan.GESTRICHEN_ONLY:
        return []
    if value is None:
        value = state.betting.books[figure].value
    if score + _secured(state, team) + value >= target:
        return [finding("END-3.would-reach", seat=seat, figure=figure, value=value,
                        reached=score + _secured(state, team) + value, target=target)]
    return []


@enforces("BET-13", "BAPT-11", "PEN-10", keys=("spiel5.restrict",))
def _verify_fifth_trick(state: DealState, seat: Seat, code: str = "BET-13.bet") -> list[Finding]:
    """000 Betting: in the fifth trick at two tricks each, only with the suit led, a trump or a Perlagg
    (§ 29: the Spiel is also held and raised only so; ``code`` names the act: BET-13.bet, .held, .raised)."""
    last_trick = state.ruleset.hand_size
    if state.play.trick_number != last_trick or not state.play.current or state.setup.trumps is None:
        return []
    need = state.ruleset.tricks_for_spiel - 1
    if len(state.play.tricks_won) != 2 or any(won != need for won in state.play.tricks_won.values()):
        return []
    if any(p.seat == seat for p in state.play.current):
        return []
    hand = state.setup.hands.get(seat)
    if hand is None or not hand.fully_known or not hand.known:
        return []
    last = hand.known[0]
    led = state.play.current[0].counts_as.suit
    if state.is_perlagg(last) and state.ruleset.perlaggen.order:
        return []
    if last.suit in (led, state.setup.trumps):
        return []
    return [finding(code, seat=seat, card=last, led=led)]


@enforces("P3-4", "PEN-13")
def _verify_answer_turn(state: DealState, pending: Pending, seat: Seat) -> list[Finding]:
    """004 Drei-Spieler-Spiel: the opponents answer a bet strictly in turn (the answer stands)."""
    team = state.table.side_of(seat)
    if pending.awaiting and pending.awaiting[0] != team:
        first = state.table.label(pending.awaiting[0])
        return [finding("P3-4.answered-out-of-turn", seat=seat, first=first)]
    return []


@enforces("BLIND-1", "BLIND-2", "BLIND-5", "BLIND-9", "P3-15", "STRAF-16", "STRAF-19",
          keys=("blind.enabled", "blind.figures", "blind.min_deficit"))
def verify_blind_bet(state: DealState, seat: Seat, figures: tuple[Figure, ...]) -> list[Finding]:
    """The rules a blind bet breaks as a whole (004 Blind-Einsätze; § 32). Each figure is then a bet
    like any other (:func:`verify_bet`: a side bets it once, a gestrichen side not at all)."""
    r = state.ruleset
    team = state.table.side_of(seat)
    if not r.blind.enabled:
        return [finding("BLIND-1.no-blind-bets", seat=seat)]
    findings: list[Finding] = []
    if state.setup.cutter is not None:
        findings.append(finding("BLIND-1.after-cut", seat=seat))
    if r.blind.figures is BlindFigures.ALL_THREE_ONLY and set(figures) != set(ORDER):
        findings.append(finding("BLIND-2.not-all-three", seat=seat, figures=figures))
    if r.blind.min_deficit and state.score.score_before is not None and len(state.table.sides) == 2:
        own = state.score.score_before[state.sheet.index(team)]
        other = state.score.score_before[state.sheet.index(state.table.others(team)[0])]
        if other - own < r.blind.min_deficit:
            findings.append(finding("BLIND-2.not-behind", seat=seat, behind=other - own, needed=r.blind.min_deficit))
    return findings


@enforces("BET-4")
def verify_hold(state: DealState, seat: Seat, figure: Figure) -> list[Finding]:
    """The rules a hold ('halte', 'schaue') of ``figure`` by ``seat`` breaks at this moment."""
    book = state.betting.books[figure]
    team = state.table.side_of(seat)
    pending = book.pending
    if pending is None or (pending.team != team and team not in pending.awaiting):
        return [finding("BET-4.hold-nothing", seat=seat, figure=figure)]
    if pending.team == team:
        return [_own_bet(seat, figure)]
    findings = _verify_answer_turn(state, pending, seat)
    if figure is Figure.SPIEL and state.ruleset.spiel5.restrict is Spiel5Restrict.BET_HOLD_RAISE:
        findings.extend(_verify_fifth_trick(state, seat, "BET-13.held"))
    return findings


@enforces("BET-7", "P3-6", "STRAF-12")
def verify_raise(state: DealState, seat: Seat, figure: Figure, value: int) -> list[Finding]:
    """The rules a raise (a counter-bet) of ``figure`` to ``value`` by ``seat`` breaks at this moment.
    A raise is a bet (000 Betting: "a counter bet"), so the same bans near the target apply."""
    book = state.betting.books[figure]
    team = state.table.side_of(seat)
    pending = book.pending
    if pending is None or team not in pending.awaiting:
        code = "BET-4.raise-nothing" if pending is None or pending.team != team else "BET-5.raise-own"
        return [finding(code, seat=seat, figure=figure)]
    findings = _verify_target(state, seat, figure, pending.proposed)
    top = top_of_ladder(state)
    if value != pending.proposed + 1 or value > top:
        findings.append(finding("BET-7.raise-past-top" if value > top else "BET-7.raise-skipped-step", seat=seat,
                                figure=figure,
                                value=_say(value), after=_say(pending.proposed), next=_say(pending.proposed + 1),
                                top=_say(top)))
    findings.extend(_verify_answer_turn(state, pending, seat))
    if figure is Figure.SPIEL and state.ruleset.spiel5.restrict is Spiel5Restrict.BET_HOLD_RAISE:
        findings.extend(_verify_fifth_trick(state, seat, "BET-13.raised"))
    return findings


@enforces("P3-13", keys=("bet.concede_unbet_spiel",))
def verify_good(state: DealState, seat: Seat, figure: Figure) -> list[Finding]:
    """The rules a 'gut' on an open ``figure`` by ``seat`` breaks: answering his own side's bet, or
    (three players) letting the Spiel go before anyone bet it; an answer out of turn is flagged."""
    book = state.betting.books[figure]
    team = state.table.side_of(seat)
    pending = book.pending
    if pending is not None and pending.team == team:
        return [_own_bet(seat, figure)]
    if pending is not None and team in pending.awaiting:
        return _verify_answer_turn(state, pending, seat)
    if figure is Figure.SPIEL and not state.ruleset.bet.concede_unbet_spiel and book.unseen:
        return [finding("P3-13.unbet-spiel", seat=seat)]
    return []


@enforces("BET-5")
def _own_bet(seat: Seat, figure: Figure) -> Finding:
    return finding("BET-5.own-bet", seat=seat, figure=figure)


def bet_is_void(state: DealState, seat: Seat, figure: Figure) -> bool:
    """Whether a bet on ``figure`` by ``seat`` now would be void (a bet that answers the opponents'
    bet is a raise, and is judged as one)."""
    book = state.betting.books[figure]
    if book.pending is not None and state.table.side_of(seat) in book.pending.awaiting:
        return is_void(verify_raise(state, seat, figure, book.pending.proposed + 1))
    return is_void(verify_bet(state, seat, figure))


def may_bet(state: DealState, team: Team) -> list[Figure]:
    """The figures a side may bet now (for ``replay``): those where a bet by one of its players would
    not be void, counting a bet that answers the opponents' bet as the raise it is."""
    if not state.betting.books:
        return []
    return [f for f in ORDER if any(not bet_is_void(state, seat, f) for seat in state.table.members(team))]


def _next_seq(state: DealState) -> int:
    state.betting.sequence += 1
    return state.betting.sequence


def _open_bet(state: DealState, book: FigureBook, seat: Seat, blind: bool = False) -> None:
    """A bet that is not void: it proposes one more and awaits the opponents' answer."""
    proposed = min(book.value + 1, SPIEL_AUS)
    book.pending = Pending(state.table.side_of(seat), seat, proposed, blind=blind,
                           awaiting=answerers(state, book, seat))
    book.void_for_colour = None
    if book.first_bet is None:
        book.first_bet = _next_seq(state)
    action = BetAction.BLIND if blind else BetAction.BET
    book.commit(seat, action, proposed)
    state.betting.bet_log.append(BetStep(seat, book.figure, action, proposed))


@enforces("BET-15", "BLIND-4")
def bet(state: DealState, event: Bet) -> None:
    """Apply a bet on each figure named, in the order Gleich, Hanger, Spiel (000 Scoring)."""
    for figure in [f for f in ORDER if f in event.figures]:
        book = state.betting.books[figure]
        if book.pending is not None and state.table.side_of(event.seat) in book.pending.awaiting:
            # A bet in answer to the opponents' bet is a counter-bet: a raise.
            raise_(state, Raise(event.seat, book.pending.proposed + 1, (figure,), pos=event.pos))
            continue
        findings = verify_bet(state, event.seat, figure)
        if rule_on(state, event.seat, event, findings):
            if any(rule == "BET-13" for rule, _ in findings):
                book.void_for_colour = event.seat
            continue
        _open_bet(state, book, event.seat)


@enforces("BET-2")
def call(state: DealState, event: Call) -> None:
    """A figure named without the betting word: no bet at all (§ 8)."""
    rule_on(state, event.seat, event, [finding("BET-2.no-bet", seat=event.seat, figures=event.figures)])


@enforces("BET-14", "VALID-5")
def _lapses(state: DealState, event: Good) -> bool:
    """000 Betting: "gut bei Farbe" concedes a fifth-trick Spiel bet only if the bettor's last card
    follows suit, trumps or is a Perlagg. Answering a bet ruled void for want of that colour, it
    concedes nothing and breaks no rule: its own condition fails."""
    book = state.betting.books[Figure.SPIEL]
    bettor = book.void_for_colour
    if not event.bei_farbe or bettor is None or (event.figures and Figure.SPIEL not in event.figures):
        return False
    team = state.table.side_of(event.seat)
    if state.table.side_of(bettor) == team or (book.pending is not None and team in book.pending.awaiting):
        return False
    return True


@enforces("BET-9")
def good(state: DealState, event: Good) -> None:
    """'gut': concede a pending bet at the old value, or concede a figure of one's own accord."""
    if _lapses(state, event):
        return
    team = state.table.side_of(event.seat)
    # A "gut" right after an opponent's bare "Gleich!" concedes the figure named (000 Betting:
    # a figure may be conceded at any time); it answers no bet, for there was none.
    figures = _figures_named_or_pending(state, event.seat, event.figures) or _just_named(state, event.seat)
    if not figures:
        rule_on(state, event.seat, event, [_nothing_to_answer(state, event.seat, Message("word.good"))])
        return
    for figure in figures:
        book = state.betting.books[figure]
        if book.status is not BookStatus.OPEN or rule_on(state, event.seat, event,
                                                         verify_good(state, event.seat, figure)):
            continue
        pending = book.pending
        if pending is not None and team in pending.awaiting:
            pending.awaiting.remove(team)
            book.out.add(team)
            state.betting.bet_log.append(BetStep(event.seat, figure, BetAction.GOOD, book.value))
            if not pending.awaiting:
                # every opponent said good: the bettor takes it at its value before the bet
                book.conceded_bettor = pending.seat
                book.blind_conceded = pending.blind
                _concede(state, book, pending.team)
            continue
        book.out.add(team)
        state.betting.bet_log.append(BetStep(event.seat, figure, BetAction.GOOD, book.value))
        left = [s for s in state.table.sides if s not in book.out]
        if len(left) == 1:
            book.conceded_bettor = None
            _concede(state, book, left[0])


def hold(state: DealState, event: Hold) -> None:
    """'halte' / 'schaue': the bet is accepted and the figure is worth the proposed value. Any
    opponent still to answer rides along free (004 Drei-Spieler-Spiel: "er beißt mit")."""
    figures = _figures_named_or_pending(state, event.seat, event.figures)
    if not figures:
        rule_on(state, event.seat, event, [_nothing_to_answer(state, event.seat, Message("word.hold"))])
        return
    for figure in figures:
        book = state.betting.books[figure]
        if rule_on(state, event.seat, event, verify_hold(state, event.seat, figure)):
            continue
        _accept(state, book, event.seat, BetAction.HOLD)
        book.pending = None
        state.betting.bet_log.append(BetStep(event.seat, figure, BetAction.HOLD, book.value))


def raise_(state: DealState, event: Raise) -> None:
    """A counter-bet: the pending bet is accepted and raised; the opponents must answer."""
    team = state.table.side_of(event.seat)
    figures = _figures_named_or_pending(state, event.seat, event.figures)
    if not figures:
        # "Drei!" with nothing pending is a bet naming its value (004 Example 3, D-60).
        candidates = [f for f in ORDER if state.betting.books[f].status is BookStatus.OPEN
                      and state.betting.books[f].value + 1 == event.value and state.betting.books[f].seen_team != team]
        if len(candidates) == 1:
            bet(state, Bet(event.seat, (candidates[0],), pos=event.pos))
            return
        rule_on(state, event.seat, event, [_nothing_to_answer(state, event.seat, _say(event.value))])
        return
    for figure in figures:
        book = state.betting.books[figure]
        if book.pending is None and book.status is BookStatus.OPEN and book.value + 1 == event.value:
            bet(state, Bet(event.seat, (figure,), pos=event.pos))  # "Drei!" naming the figure: a bet
            continue
        if rule_on(state, event.seat, event, verify_raise(state, event.seat, figure, event.value)):
            continue
        _accept(state, book, event.seat, BetAction.RAISE)
        book.pending = Pending(team, event.seat, min(event.value, SPIEL_AUS),
                               awaiting=answerers(state, book, event.seat))
        book.commit(event.seat, BetAction.RAISE, book.pending.proposed)
        state.betting.bet_log.append(BetStep(event.seat, figure, BetAction.RAISE, book.pending.proposed))


def _accept(state: DealState, book: FigureBook, seat: Seat, how: BetAction) -> None:
    """Accept the pending bet (a hold, or the first half of a raise): the figure is worth what was
    proposed and the betting team may not bet it next (BET-6)."""
    assert book.pending is not None
    book.value = book.pending.proposed
    book.seen_team = book.pending.team
    book.void_for_colour = None
    book.commit(seat, how, book.value)


def _concede(state: DealState, book: FigureBook, receiver: Team) -> None:
    """A figure called good: it goes to ``receiver`` at its value before any pending bet."""
    book.pending = None
    book.status = BookStatus.CONCEDED
    book.conceded = _next_seq(state)
    book.conceded_to = receiver
    book.conceded_in_show = state.phase in (Phase.SHOW, Phase.VALIDATION)
    if book.figure is Figure.SPIEL:
        tricks.spiel_called_good(state, receiver)


def _say(value: int) -> str:
    return "Spiel aus" if value >= SPIEL_AUS else str(value)


@enforces("BLIND-3")
def blind_bet(state: DealState, event: BlindBet) -> None:
    """A bet made before the cut, before anyone has seen a card (004 Blind-Einsätze; § 32). A blind
    bet the rules forbid is void as a whole; each figure of a lawful one is judged as a bet."""
    void = rule_on(state, event.seat, event, verify_blind_bet(state, event.seat, event.figures))
    for figure in [f for f in ORDER if f in event.figures]:
        book = state.betting.books[figure]
        if book.pending is not None and book.pending.team != state.table.side_of(event.seat):
            continue  # the opponents' blind bet on it awaits an answer, which comes after the deal (BLIND-3)
        if rule_on(state, event.seat, event, verify_bet(state, event.seat, figure)) or void:
            continue
        _open_bet(state, book, event.seat, blind=True)


@enforces("BET-16", "PEN-5")
def throw_in(state: DealState, event: ThrowIn) -> None:
    """Cards thrown on the table: every open figure is given up for both partners (§ 9)."""
    team = state.table.side_of(event.seat)
    for figure in ORDER:
        book = state.betting.books[figure]
        if book.status is BookStatus.OPEN:
            if book.pending is None or book.pending.team != team:
                good(state, Good(event.seat, (figure,), pos=event.pos))
            else:
                # its own bet, given up with the cards
                book.out.add(team)
                left = [s for s in state.table.sides if s not in book.out]
                if len(left) == 1:
                    _concede(state, book, left[0])
                else:
                    book.pending = None
