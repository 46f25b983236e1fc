"""Betting: bets, answers (good, hold, raise), concessions, and who may bet what.

A bet proposes +1 on a figure and suspends play until the opponents answer
(000 Betting; 003 § 8-§ 14). Teams bet alternately on each figure; after 7
comes Spiel aus. ``verify_bet`` lists the rules a bet breaks; ``bet``,
``good``, ``hold`` and ``raise_`` apply the actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..transcript import SPIEL_AUS, Bet, BlindBet, Call, Figure, Good, Hold, Raise, Seat, Team, ThrowIn
from .state import DealState, Finding

ORDER = (Figure.GLEICH, Figure.HANGER, Figure.SPIEL)

#: Bets and raises a player has no right to make: they are void and propose nothing (000 Betting:
#: "cannot bet on the same figure again"; § 13 "nur drei, vier, ..."; 000 The Endgame and § 21:
#: a gestrichen team "hat kein Recht mehr, zu bieten" - § 21 still costs it two points; 000 Betting:
#: in the fifth trick a player "is only allowed to bet on the Spiel if" his last card qualifies).
VOID = frozenset({"BET-6", "BET-7", "BET-8", "BET-13", "END-2", "END-3", "END-17"})


@dataclass
class Pending:
    """A bet awaiting the opponents' answer."""

    team: Team
    seat: Seat
    proposed: int
    blind: bool = False
    awaiting: list[Team] = field(default_factory=list)  # sides still to answer, in turn (P3-4)


@dataclass(frozen=True)
class BetStep:
    """One step of a figure's betting history, for the report."""

    seat: Seat
    figure: Figure
    action: str  # bet, hold, raise, good, concede
    value: int


@dataclass
class FigureBook:
    """The betting state of one figure in this deal."""

    figure: Figure
    value: int = 1
    status: str = "open"  # open, conceded, decided
    seen_team: Team | None = None  # its last bet was seen: it may not bet next
    pending: Pending | None = None
    first_bet: int | None = None  # sequence number, for the close-game order
    conceded: int | None = None  # sequence number of the concession
    conceded_to: Team | None = None
    conceded_bettor: Seat | None = None  # must show an example (000 Betting)
    blind_conceded: bool = False  # the bet conceded was blind: it scores only if the team has it
    conceded_in_show: bool = False  # settled in the show, not by a bet conceded during play
    committed: dict[Seat, set[str]] = field(default_factory=dict)  # bet / raise / hold, for validation
    out: set[Team] = field(default_factory=set)  # sides that said good: they cannot win it (004 Drei-Spieler)
    levels: dict[Seat, int] = field(default_factory=dict)  # the value each player bet or held it at (STRAF-13)

    @property
    def unseen(self) -> bool:
        """Nobody has bet on this figure yet."""
        return self.first_bet is None

    def commit(self, seat: Seat, how: str, level: int) -> None:
        """Remember that this player bet, raised or held at ``level`` (he must validate a Gleich or
        Hanger; in Strafperlaggen he is penalised at that level if he does not win it)."""
        self.committed.setdefault(seat, set()).add(how)
        self.levels[seat] = max(level, self.levels.get(seat, 0))


def answerers(state: DealState, book: FigureBook, seat: Seat) -> list[Team]:
    """The sides that must answer a bet by ``seat``, in turn from his left, leaving out those that
    already gave the figure up (004 Drei-Spieler-Spiel: "streng in Reihe")."""
    return [s for s in state.table.opponents_in_turn(seat) if s not in book.out]


def top_of_ladder(state: DealState) -> int:
    """The highest value a figure may reach: Spiel aus, seven, or three (three players, 004)."""
    return {"spiel_aus": SPIEL_AUS, "seven": 7, "three": 3}[state.ruleset.bet_max]


def _figures_named_or_pending(state: DealState, seat: Seat, figures: tuple[Figure, ...]) -> list[Figure]:
    """The figures an answer refers to: those named, else those awaiting this team's answer."""
    if figures:
        return [f for f in ORDER if f in figures]
    team = state.table.side_of(seat)
    return [f for f in ORDER if (p := state.books[f].pending) is not None and team in p.awaiting]


def _just_named(state: DealState, seat: Seat) -> list[Figure]:
    """The figures an opponent named bare ("Gleich!") in the event just before this one."""
    called = state.last_call
    if called is None or state.table.side_of(called[0]) == state.table.side_of(seat):
        return []
    return [f for f in ORDER if f in called[1]]


def _nothing_to_answer(state: DealState, seat: Seat, word: str, event: Good | Hold | Raise) -> None:
    """An answer with no opposing bet to answer: his own team's bet (BET-5), or none (BET-4)."""
    team = state.table.side_of(seat)
    if any(b.pending is not None and b.pending.team == team for b in state.books.values()):
        state.violate(("BET-5", f"{seat} answered ('{word}') his own team's bet",
                       f"{seat} hat auf das Gebot der eigenen Partei geantwortet ('{word}')"), seat, event=event)
    else:
        state.violate(("BET-4", f"{seat} said '{word}', but no bet awaited his team's answer",
                       f"{seat} sagte '{word}', aber kein Gebot wartete auf Antwort"), seat, event=event)


def _secured(state: DealState, team: Team) -> int:
    return sum(b.value for b in state.books.values() if b.conceded_to == team)


def verify_bet(state: DealState, seat: Seat, figure: Figure) -> list[Finding]:
    """The rules a bet on ``figure`` by ``seat`` breaks at this moment."""
    book = state.books[figure]
    team = state.table.side_of(seat)
    name = figure.value
    if book.status != "open":
        return [("BET-8", f"{seat} bet the {name}, which is already decided",
                 f"{seat} hat {name} geboten, das schon entschieden ist")]
    findings: list[Finding] = []
    if team in book.out:
        return [("BET-8", f"{seat} bet the {name}, which he has already let go ('gut')",
                 f"{seat} hat {name} geboten, das er schon gut gelassen hat")]
    if book.pending is not None and book.pending.team == team:
        findings.append(("BET-6", f"{seat} bet the {name} again before the opponents answered his team's bet",
                         f"{seat} hat {name} nochmals geboten, bevor die Gegner geantwortet haben"))
    elif book.seen_team == team:
        findings.append(("BET-6", f"{seat} bet the {name}, but his team's last bet on it was seen: it is the "
                         "opponents' turn to bet it",
                         f"{seat} hat {name} geboten, aber das letzte Gebot seiner Partei darauf wurde gehalten: "
                         "jetzt sind die Gegner am Bieten"))
    top = top_of_ladder(state)
    if book.value >= top:
        findings.append(("BET-7", f"{seat} bet the {name} beyond the top of the ladder ({_say(top)})",
                         f"{seat} hat {name} über das Höchste ({_say(top)}) hinaus geboten"))
    if state.phase == "show" and state.stage_team is not None and team != state.stage_team:
        findings.append(("SHOW-7", f"{seat} bet the {name} during the other team's turn to show",
                         f"{seat} hat {name} geboten, während die Gegner am Weisen waren"))
    findings.extend(_verify_target(state, seat, figure))
    if figure is Figure.SPIEL:
        findings.extend(_verify_fifth_trick(state, seat))
    return findings


def _verify_target(state: DealState, seat: Seat, figure: Figure, value: int | None = None) -> list[Finding]:
    """END-2 and END-3 for a bet, or a raise (a counter-bet) whose concession would give ``value``."""
    if state.score_before is None:
        return []
    team = state.table.side_of(seat)
    score = state.score_before[state.sheet.index(team)]
    if state.ruleset.penalty_lifts_gestrichen:
        score = _after_penalties(state, team, score)
    if state.ruleset.countdown:
        if score <= 1:
            return [("END-17", f"{seat} bet or raised on {score} point: a player on 1 may only hold",
                     f"{seat} hat mit {score} Punkt geboten oder gesteigert: wer auf 1 steht, darf nur halten")]
        return []
    target = state.ruleset.target
    if score == target - 1:
        return [("END-2", f"{seat} bet although his team is gestrichen ({score} of {target})",
                 f"{seat} hat geboten, obwohl seine Partei gestrichen ist ({score} von {target})")]
    if state.ruleset.bet_ban == "gestrichen_only":
        return []
    if value is None:
        value = state.books[figure].value
    if score + _secured(state, team) + value >= target:
        return [("END-3", f"{seat} bet the {figure.value}: conceded at {value} it would take his team to "
                 f"{score + _secured(state, team) + value} of {target}",
                 f"{seat} hat {figure.value} geboten: gut gelassen brächte es seine Partei auf "
                 f"{score + _secured(state, team) + value} von {target}")]
    return []


def _after_penalties(state: DealState, team: Team, score: int) -> int:
    """The score with the penalties this team has already incurred in the deal taken off at once
    (``endgame.penalty_lifts_gestrichen``: § 21 "sofort ... gestraft" read as the score changing
    there and then); counting down (Strafperlaggen) penalty points are added. Without negative
    scores a team pays only what it has (§ 10)."""
    owed = sum(v.penalty.points for v in state.violations if v.penalty is not None and v.penalty.team == team)
    if state.ruleset.countdown:
        return score + owed
    return score - (owed if state.ruleset.allow_negative else min(owed, max(score, 0)))


def _verify_fifth_trick(state: DealState, seat: Seat) -> list[Finding]:
    """000 Betting: in the fifth trick at two tricks each, only with the suit led, a trump or a Perlagg."""
    last_trick = state.ruleset.hand_size
    if state.trick_number != last_trick or not state.current or state.trumps is None:
        return []
    need = state.ruleset.tricks_for_spiel - 1
    if len(state.tricks_won) != 2 or any(won != need for won in state.tricks_won.values()):
        return []
    if any(p.seat == seat for p in state.current):
        return []
    hand = state.hands.get(seat)
    if hand is None or not hand.fully_known or not hand.known:
        return []
    last = hand.known[0]
    led = state.current[0].counts_as.suit
    if state.is_perlagg(last) and state.ruleset.perlagg_order:
        return []
    if last.suit in (led, state.trumps):
        return []
    return [("BET-13", f"{seat} bet the Spiel in the last trick with {last}: neither {led.english} (led), "
             "a trump nor a Perlagg",
             f"{seat} hat im letzten Stich das Spiel mit {last} geboten: weder {led.german} (ausgespielt), "
             "Trumpf noch Perlagg")]


def _next_seq(state: DealState) -> int:
    state.sequence += 1
    return state.sequence


def bet(state: DealState, event: Bet) -> None:
    """Apply a bet on each figure named, in the order Gleich, Hanger, Spiel (000 Scoring)."""
    for figure in [f for f in ORDER if f in event.figures]:
        book = state.books[figure]
        if book.pending is not None and state.table.side_of(event.seat) in book.pending.awaiting:
            # A bet in answer to the opponents' bet is a counter-bet: a raise.
            raise_(state, Raise(event.seat, book.pending.proposed + 1, (figure,), pos=event.pos))
            continue
        findings = verify_bet(state, event.seat, figure)
        for finding in findings:
            state.violate(finding, event.seat, event=event)
        if book.status != "open" or any(f[0] in VOID for f in findings):
            continue  # a bet the team may not make proposes nothing
        book.pending = Pending(state.table.side_of(event.seat), event.seat, min(book.value + 1, SPIEL_AUS),
                               awaiting=answerers(state, book, event.seat))
        if book.first_bet is None:
            book.first_bet = _next_seq(state)
        book.commit(event.seat, "bet", book.pending.proposed)
        state.bet_log.append(BetStep(event.seat, figure, "bet", book.pending.proposed))


def call(state: DealState, event: Call) -> None:
    """A figure named without the betting word: no bet at all (§ 8)."""
    names = " ".join(f.value for f in event.figures)
    state.violate(("BET-2", f"{event.seat} said '{names}!' without the word for betting: that is no bet",
                   f"{event.seat} hat '{names}!' ohne 'biete' oder 'geboten' gesagt: das ist kein Gebot"),
                  event.seat, event=event)


def good(state: DealState, event: Good) -> None:
    """'gut': concede a pending bet at the old value, or concede a figure of one's own accord."""
    team = state.table.side_of(event.seat)
    # A "gut" right after an opponent's bare "Gleich!" concedes the figure named (000 Betting:
    # a figure may be conceded at any time); it answers no bet, for there was none.
    figures = _figures_named_or_pending(state, event.seat, event.figures) or _just_named(state, event.seat)
    if not figures:
        _nothing_to_answer(state, event.seat, "gut", event)
    for figure in figures:
        book = state.books[figure]
        if book.status != "open":
            continue
        pending = book.pending
        if pending is not None and pending.team == team:
            state.violate(("BET-5", f"{event.seat} answered his own team's bet on the {figure.value}",
                           f"{event.seat} hat auf das Gebot der eigenen Partei ({figure.value}) geantwortet"),
                          event.seat, event=event)
            continue
        if pending is not None and team in pending.awaiting:
            _check_answer_turn(state, pending, event)
            pending.awaiting.remove(team)
            book.out.add(team)
            state.bet_log.append(BetStep(event.seat, figure, "good", book.value))
            if not pending.awaiting:
                # every opponent said good: the bettor takes it at its value before the bet
                book.conceded_bettor = pending.seat
                book.blind_conceded = pending.blind
                _concede(state, book, pending.team)
            continue
        if figure is Figure.SPIEL and not state.ruleset.concede_unbet_spiel and book.unseen:
            state.violate(("P3-13", f"{event.seat} let the Spiel go although nobody had bet it; with three "
                           "players that is not allowed", f"{event.seat} hat das Spiel gut gelassen, ohne dass "
                           "es geboten war; zu dritt ist das nicht erlaubt"), event.seat, event=event)
            continue
        book.out.add(team)
        state.bet_log.append(BetStep(event.seat, figure, "good", book.value))
        left = [s for s in state.table.sides if s not in book.out]
        if len(left) == 1:
            book.conceded_bettor = None
            _concede(state, book, left[0])


def _check_answer_turn(state: DealState, pending: Pending, event: Good | Hold | Raise) -> None:
    """004 Drei-Spieler-Spiel: the opponents answer a bet strictly in turn."""
    team = state.table.side_of(event.seat)
    if pending.awaiting and pending.awaiting[0] != team:
        first = pending.awaiting[0]
        state.violate(("P3-4", f"{event.seat} answered before {state.table.label(first)}, whose answer came first",
                       f"{event.seat} hat vor {state.table.label(first)} geantwortet, der zuerst an der Reihe war"),
                      event.seat, event=event)


def hold(state: DealState, event: Hold) -> None:
    """'halte' / 'schaue': the bet is accepted and the figure is worth the proposed value. Any
    opponent still to answer rides along free (004 Drei-Spieler-Spiel: "er beißt mit")."""
    team = state.table.side_of(event.seat)
    figures = _figures_named_or_pending(state, event.seat, event.figures)
    if not figures:
        _nothing_to_answer(state, event.seat, "halte", event)
    for figure in figures:
        book = state.books[figure]
        if book.pending is None or (book.pending.team != team and team not in book.pending.awaiting):
            state.violate(("BET-4", f"{event.seat} held the {figure.value}, but no bet on it awaited his answer",
                           f"{event.seat} hat {figure.value} gehalten, aber kein Gebot darauf wartete auf "
                           "seine Antwort"), event.seat, event=event)
            continue
        if book.pending.team == team:
            state.violate(("BET-5", f"{event.seat} answered his own team's bet on the {figure.value}",
                           f"{event.seat} hat auf das Gebot der eigenen Partei ({figure.value}) geantwortet"),
                          event.seat, event=event)
            continue
        _check_answer_turn(state, book.pending, event)
        _accept(state, book, event, "hold")
        book.pending = None
        state.bet_log.append(BetStep(event.seat, figure, "hold", book.value))


def raise_(state: DealState, event: Raise) -> None:
    """A counter-bet: the pending bet is accepted and raised; the opponents must answer."""
    team = state.table.side_of(event.seat)
    figures = _figures_named_or_pending(state, event.seat, event.figures)
    if not figures:
        # "Drei!" with nothing pending is a bet naming its value (004 Example 3, D-60).
        candidates = [f for f in ORDER if state.books[f].status == "open" and state.books[f].value + 1 == event.value
                      and state.books[f].seen_team != team]
        if len(candidates) == 1:
            bet(state, Bet(event.seat, (candidates[0],), pos=event.pos))
            return
        _nothing_to_answer(state, event.seat, _say(event.value), event)
        return
    for figure in figures:
        book = state.books[figure]
        if book.pending is None or team not in book.pending.awaiting:
            if book.pending is None and book.status == "open" and book.value + 1 == event.value:
                bet(state, Bet(event.seat, (figure,), pos=event.pos))
                continue
            rule = "BET-4" if book.pending is None or book.pending.team != team else "BET-5"
            state.violate((rule, f"{event.seat} raised the {figure.value} with no opposing bet to answer",
                           f"{event.seat} hat {figure.value} gesteigert, ohne dass die Gegner geboten hatten"),
                          event.seat, event=event)
            continue
        target_findings = _verify_target(state, event.seat, figure, book.pending.proposed)
        if target_findings:
            # A raise is a counter-bet (000 Betting): the same bans apply, and it is void.
            for finding in target_findings:
                state.violate(finding, event.seat, event=event)
            continue
        top = top_of_ladder(state)
        if event.value != book.pending.proposed + 1 or event.value > top:
            state.violate(("BET-7", f"{event.seat} raised the {figure.value} to {_say(event.value)}; the next step "
                           f"after {_say(book.pending.proposed)} is {_say(book.pending.proposed + 1)}"
                           + (f" and the top is {_say(top)}" if event.value > top else "")
                           + ": the raise is void and the bet still awaits an answer",
                           f"{event.seat} hat {figure.value} auf {_say(event.value)} gesteigert; nach "
                           f"{_say(book.pending.proposed)} kommt {_say(book.pending.proposed + 1)}"
                           + (f", höchstens {_say(top)}" if event.value > top else "")
                           + ": das gilt nicht, das Gebot wartet weiter auf Antwort"), event.seat, event=event)
            continue
        _check_answer_turn(state, book.pending, event)
        _accept(state, book, event, "raise")
        book.pending = Pending(team, event.seat, min(event.value, SPIEL_AUS),
                               awaiting=answerers(state, book, event.seat))
        book.commit(event.seat, "raise", book.pending.proposed)
        state.bet_log.append(BetStep(event.seat, figure, "raise", book.pending.proposed))


def _accept(state: DealState, book: FigureBook, event: Hold | Raise, how: str) -> None:
    """Accept the pending bet (a hold, or the first half of a raise): the figure is worth what was
    proposed and the betting team may not bet it next (BET-6). Under § 29 the fifth-trick condition
    binds holds and raises of the Spiel too."""
    assert book.pending is not None
    if book.figure is Figure.SPIEL and state.ruleset.spiel5_restrict == "bet_hold_raise":
        for finding in _verify_fifth_trick(state, event.seat):
            state.violate(finding, event.seat, event=event)
    book.value = book.pending.proposed
    book.seen_team = book.pending.team
    book.commit(event.seat, how, book.value)


def _concede(state: DealState, book: FigureBook, receiver: Team) -> None:
    """A figure called good: it goes to ``receiver`` at its value before any pending bet."""
    book.pending = None
    book.status = "conceded"
    book.conceded = _next_seq(state)
    book.conceded_to = receiver
    book.conceded_in_show = state.phase in ("show", "validation")
    if book.figure is Figure.SPIEL and not state.spiel_decided:
        state.spiel_winner = receiver
        state.spiel_decided_by = "concession"


def _say(value: int) -> str:
    return "Spiel aus" if value >= SPIEL_AUS else str(value)


def blind_bet(state: DealState, event: BlindBet) -> None:
    """A bet made before the cut, before anyone has seen a card (004 Blind-Einsätze; § 32)."""
    r = state.ruleset
    team = state.table.side_of(event.seat)
    if not r.blind_enabled:
        state.violate(("BLIND-1", f"{event.seat} bet blind, but this ruleset has no blind bets",
                       f"{event.seat} hat blind geboten, aber dieses Regelwerk kennt keine Blind-Gebote"),
                      event.seat, event=event)
        return
    if state.cutter is not None:
        state.violate(("BLIND-1", f"{event.seat} bet blind after the cut; blind bets come before it",
                       f"{event.seat} hat nach dem Abheben blind geboten; blind geboten wird vor dem Abheben"),
                      event.seat, event=event)
    if r.blind_figures == "all_three_only" and set(event.figures) != set(ORDER):
        state.violate(("BLIND-2", f"{event.seat} bet only {' and '.join(f.value for f in event.figures)} blind; "
                       "only all three figures together may be bet blind",
                       f"{event.seat} hat nur {' und '.join(f.value for f in event.figures)} blind geboten; "
                       "blind dürfen nur alle drei Figuren zusammen geboten werden"), event.seat, event=event)
    if r.blind_min_deficit and state.score_before is not None and len(state.table.sides) == 2:
        own = state.score_before[state.sheet.index(team)]
        other = state.score_before[state.sheet.index(state.table.others(team)[0])]
        if other - own < r.blind_min_deficit:
            state.violate(("BLIND-2", f"{event.seat}'s team is {other - own} points behind; a blind bet needs "
                           f"{r.blind_min_deficit}", f"die Partei von {event.seat} liegt {other - own} Punkte "
                           f"zurück; blind bieten darf nur, wer {r.blind_min_deficit} zurückliegt"),
                          event.seat, event=event)
    for figure in [f for f in ORDER if f in event.figures]:
        book = state.books[figure]
        if book.status != "open" or book.pending is not None:
            continue
        book.pending = Pending(team, event.seat, book.value + 1, blind=True,
                               awaiting=answerers(state, book, event.seat))
        if book.first_bet is None:
            book.first_bet = _next_seq(state)
        book.commit(event.seat, "blind", book.pending.proposed)
        state.bet_log.append(BetStep(event.seat, figure, "blind", book.pending.proposed))


def throw_in(state: DealState, event: ThrowIn) -> None:
    """Cards thrown on the table: every open figure is given up for both partners (§ 9)."""
    team = state.table.side_of(event.seat)
    for figure in ORDER:
        book = state.books[figure]
        if book.status == "open":
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




def pending_bets(state: DealState) -> list[Figure]:
    """Figures whose bet still awaits an answer (play is suspended meanwhile)."""
    # the books are kept in ORDER (replay builds them so); no Enum hashing on every card played
    return [book.figure for book in state.books.values() if book.pending is not None]
