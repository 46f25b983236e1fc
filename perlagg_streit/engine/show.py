"""The show (*weisen*): stages by team, cards shown for the figures, standing figures,
and the final shows that validate bets.

The show begins with the team that won the Spiel and the teams alternate
(000 The Show). A player's figure is made from all his cards, those already
played to tricks included (000 Example 4). If the Spiel winners leave a figure
standing at the end of their turn they may not improve it later; the losers may
(000 Dealing with ties).
"""

from __future__ import annotations

from ..base.cards import Card
from ..base.rule_index import enforces
from ..language.transcript import (
    AskFigure,
    Bet,
    Event,
    Figure,
    GiveUp,
    Good,
    Hold,
    Raise,
    Seat,
    Show,
    StageBegins,
    Stands,
    Team,
)
from . import betting, tricks
from .enums import BookStatus, Phase
from .figures import FigureValue, best_figure
from .ruleset import RuledOutShow, StandingRule
from .state import DealState, finding
from .tricks import baptism_not_in_pack

OPEN_FIGURES = (Figure.GLEICH, Figure.HANGER)


def displayed(state: DealState, seat: Seat, with_validation: bool = False,
              adding: dict[Card, Card] | None = None) -> list[Card]:
    """What a player's cards on the table count as: played cards and cards shown, each physical
    card once (a card played and later shown again is still one card). ``adding``: the cards of a
    show not yet laid down, to judge it before it counts."""
    by_card = dict(state.play.played_by.get(seat, {}))  # the tricks' plays, kept per seat as they are made
    for card, counts in state.show.shown.get(seat, {}).items():
        by_card.setdefault(card, counts)
    if with_validation:
        for card, counts in state.show.validation_shown.get(seat, {}).items():
            by_card.setdefault(card, counts)
    for card, counts in (adding or {}).items():
        by_card.setdefault(card, counts)
    return list(by_card.values())


def team_best(state: DealState, figure: Figure, team: Team) -> FigureValue | None:
    """The best figure a team has on the table (a frozen figure stays as it was frozen)."""
    frozen = state.show.frozen.get(figure, {})
    if team in frozen:
        return frozen[team]
    return _raw_best(state, figure, team)


def _freeze(state: DealState, figure: Figure, team: Team) -> None:
    state.show.frozen.setdefault(figure, {}).setdefault(team, _raw_best(state, figure, team))


def _raw_best(state: DealState, figure: Figure, team: Team,
              adding: tuple[Seat, dict[Card, Card]] | None = None) -> FigureValue | None:
    """The best figure a team has on the table now, or (``adding``) once a player's show is added."""
    values = [v for s in state.table.members(team)
              if (v := best_figure(figure, displayed(state, s, adding=adding[1] if adding and adding[0] == s
                                                     else None))) is not None]
    return max(values) if values else None


def close_stage(state: DealState) -> None:
    """At the end of a turn to show: figures the Spiel winners leave standing are frozen (000)."""
    team = state.show.stage_team
    if team is None or team != state.play.spiel_winner \
            or state.ruleset.show.standing_rule is not StandingRule.SPIEL_WINNER_ONLY:
        return
    for figure in OPEN_FIGURES:
        if state.betting.books[figure].status is not BookStatus.OPEN:
            continue
        mine = _raw_best(state, figure, team)
        theirs = [v for t in state.table.others(team) if (v := _raw_best(state, figure, t)) is not None]
        if mine is not None and theirs and mine == max(theirs):
            _freeze(state, figure, team)


def validation_begins(state: DealState) -> None:
    """The validation of bets begins (000 Showing cards to validate bets): the last stage closes."""
    close_stage(state)
    unanswered_asks(state)
    state.show.stage_team = None
    state.show.validation_recorded = True


@enforces("SHOW-2", "SHOW-8", "SHOW-15", "SHOW-16", "P3-14")
def stage_begins(state: DealState, event: StageBegins) -> None:
    """A new stage: it must be the Spiel winners first, then the teams alternately."""
    close_stage(state)
    each_for_himself = len(state.table.sides) > 2
    if not state.show.stages:
        if state.play.spiel_winner is not None and event.team != state.play.spiel_winner:
            state.violate(finding("SHOW-2.wrong-first", side=event.team, winner=state.play.spiel_winner),
                          None, event.team, event)
            state.show.stage_next = state.play.spiel_winner
        elif each_for_himself:
            state.show.stage_next = state.table.left_of(event.team)
    elif each_for_himself:
        # the turn to show passes clockwise (004 Drei-Spieler-Spiel); as with a card out of turn, a
        # player who shows out of turn takes nobody's place: the one passed over still has his turn
        expected = state.show.stage_next
        if expected is not None and event.team != expected:
            state.violate(finding("P3-14.out-of-turn", side=event.team, expected=expected),
                          event.team, event.team, event)
        else:
            state.show.stage_next = state.table.left_of(event.team)
    elif event.team == state.show.stages[-1]:
        state.violate(finding("SHOW-8.twice", side=event.team), None, event.team, event)
    state.show.stages.append(event.team)
    state.show.stage_team = event.team


@enforces("BAPT-5", "BAPT-8", "BAPT-9", "SHOW-4", "BAPT-1")
def _effective(state: DealState, seat: Seat, card: Card, baptism: Card | None, event: Show,
               baptised: dict[Card, Card]) -> Card:
    """What a shown card counts as, keeping a Perlagg's earlier baptism (BAPT-5, BAPT-9). A Perlagg
    baptised now goes into ``baptised``: it is fixed only once the show is known to count."""
    if not state.is_perlagg(card):
        if baptism is not None:
            state.violate(finding("BAPT-1.shown", seat=seat, card=card, baptism=baptism), seat, event=event)
        return card
    if baptism is not None and baptism not in state.ruleset.deck.cards():
        state.violate(baptism_not_in_pack(state, seat, card, baptism)[0], seat, event=event)
        baptism = None  # no baptism: the Perlagg is shown as the plain card it is (BAPT-4)
    fixed = state.play.baptisms.get(card)
    if fixed is not None:
        if baptism is not None and baptism != fixed:
            state.violate(finding("BAPT-5.rebaptised", seat=seat, card=card, baptism=baptism, fixed=fixed),
                          seat, event=event)
        return fixed
    effective = baptism or card
    baptised[card] = effective
    return effective


@enforces("BAPT-10", "VALID-2", "SHOW-7")
def show(state: DealState, event: Show) -> None:
    """Cards laid down: in the show they contest figures, in the validation they prove bets.

    A show that improves a figure its side may no longer improve (SHOW-10, SHOW-11) is ruled out:
    the improvement never counts, and ``baptism.ruled_out_show`` decides the rest: ``void`` (the
    show counts as not made, its Perlaggen stay free to be baptised anew, 000 Example 6 stage 5) or
    ``fixed`` (the cards lie shown and the baptisms stand, old § 18 "unter keinen Umständen")."""
    seat = event.seat
    team = state.table.side_of(seat)
    validating = state.phase is Phase.VALIDATION
    if not validating:
        state.show.addressed.update((event.figure,) if event.figure is not None else OPEN_FIGURES)
    turn = state.side_to_show()
    if not validating and turn is not None and team != turn and not _answers_ask(state, team, event):
        state.violate(finding("SHOW-7.show" if state.show.stage_team is not None else "SHOW-7.show-before-turn",
                              seat=seat), seat, event=event)
    five = state.setup.five.get(seat)
    hand = state.setup.hands.get(seat)
    cards: dict[Card, Card] = {}
    baptised: dict[Card, Card] = {}
    for shown in event.cards:
        if shown.card not in state.ruleset.deck.cards() and (five is None or shown.card not in five):
            state.violate(finding("RECORD-NOT-IN-DECK.shown", seat=seat, card=shown.card, ruleset=state.ruleset.name),
                          seat, event=event)
        elif five is not None and shown.card not in five and hand is not None and hand.fully_known:
            state.violate(finding("RECORD-NOT-HELD.shown", seat=seat, card=shown.card), seat, event=event)
        cards[shown.card] = _effective(state, seat, shown.card, shown.baptism, event, baptised)
    if not validating and _ruled_out(state, event, team, cards) \
            and state.ruleset.baptism.ruled_out_show is RuledOutShow.VOID:
        return  # as if it had not been made: nothing lies shown, no Perlagg is baptised
    tricks.baptise(state, baptised)
    (state.show.validation_shown if validating else state.show.shown).setdefault(seat, {}).update(cards)


@enforces("SHOW-10", keys=("show.standing_rule", "baptism.ruled_out_show"))
def _ruled_out(state: DealState, event: Show, team: Team, cards: dict[Card, Card]) -> bool:
    """Flag a show that improves a figure its side left standing and may not improve (000 Dealing
    with ties: SHOW-10; § 22: SHOW-11). Judged before the show counts, so each improvement is
    reported once, by the show that makes it: not again when a later lawful show of the same side
    finds it on the table (001 Example 4: "West can still put down the bell Ober"), not for a
    figure already conceded, and not for a figure the show does not name (it stays frozen anyway)."""
    aimed = (event.figure,) if event.figure is not None else OPEN_FIGURES
    ruled_out = False
    for figure in aimed:
        frozen = state.show.frozen.get(figure, {})
        if figure not in OPEN_FIGURES or team not in frozen \
                or state.betting.books[figure].status is not BookStatus.OPEN:
            continue
        before = _raw_best(state, figure, team)
        after = _raw_best(state, figure, team, (event.seat, cards))
        bar = max((v for v in (before, frozen[team]) if v is not None), default=None)
        if after is not None and (bar is None or after > bar):
            # 000 freezes what the Spiel winners leave standing (SHOW-10); § 22 what a party declared (SHOW-11)
            both = state.ruleset.show.standing_rule is StandingRule.BOTH_IF_DECLARED
            code = "SHOW-11.improved" if both else "SHOW-10.improved"
            state.violate(finding(code, seat=event.seat, figure=figure), event.seat, event=event)
            ruled_out = True
    return ruled_out


def stands(state: DealState, event: Stands) -> None:
    """A figure declared standing. Under § 22 it binds the team that declares it; under 000
    the tie at the end of the Spiel winners' turn decides, so it is only recorded."""
    team = state.table.side_of(event.seat)
    state.show.addressed.add(event.figure)
    state.show.declared_standing.setdefault(event.figure, set()).add(team)
    if state.ruleset.show.standing_rule is StandingRule.BOTH_IF_DECLARED:
        _freeze(state, event.figure, team)


@enforces("SHOW-11", "SHOW-12")
def dead_by_declaration(state: DealState, figure: Figure) -> bool:
    """§ 22: a figure that both teams declared standing can be made by nobody."""
    return (state.ruleset.show.standing_rule is StandingRule.BOTH_IF_DECLARED
            and len(state.show.declared_standing.get(figure, ())) == 2)


@enforces("SHOW-6")
def track_settle_the_other(state: DealState, event: Event) -> None:
    """000 Betting during the show (Example 4): a showing team that bets one of Gleich and Hanger
    while the other is open must concede, contest or bet that other before the opponents answer."""
    if state.phase is not Phase.SHOW or state.show.stage_team is None:
        return
    team = state.show.stage_team
    if isinstance(event, StageBegins):
        state.show.stage_acted = set()
        state.show.settle_other = None
        return
    seat = getattr(event, "seat", None)
    if seat is None or seat not in state.table.seats:
        return  # a dealer who has left the table (004 Strafperlaggen) takes no part in the show
    figures: tuple[Figure, ...] = ()
    if isinstance(event, Show):
        figures = (event.figure,) if event.figure else OPEN_FIGURES
    elif isinstance(event, Bet):
        # a void bet settles nothing and asks no answer: the show goes on as if it had not been made
        figures = tuple(f for f in event.figures if not betting.bet_is_void(state, seat, f))
        if not figures:
            return
    elif isinstance(event, (Good, Hold, Raise)):
        figures = event.figures
    elif isinstance(event, Stands):
        figures = (event.figure,)
    state.show.addressed.update(figures)
    if state.table.side_of(seat) == team:
        state.show.stage_acted.update(figures)
        if isinstance(event, Bet):
            others = [f for f in OPEN_FIGURES if f not in figures and state.betting.books[f].status is BookStatus.OPEN
                      and f not in state.show.stage_acted]
            if others and any(f in OPEN_FIGURES for f in figures):
                state.show.settle_other = (seat, others[0])
        if state.show.settle_other is not None and state.show.settle_other[1] in state.show.stage_acted:
            state.show.settle_other = None
    elif isinstance(event, (Good, Hold, Raise)) and state.show.settle_other is not None:
        bettor, other = state.show.settle_other
        state.violate(finding("SHOW-6.other-open", seat=bettor, figure=other), bettor)
        state.show.settle_other = None


# ---- asking for a figure in the show (§ 22) ------------------------------------------------------

@enforces("SHOW-13")
def ask_figure(state: DealState, event: AskFigure) -> None:
    """§ 22: "Jede Partei ist berechtigt, um die nicht gewiesene, nicht gestellte oder nicht besser
    gewiesene Figur zu fragen, und die gefragte Partei ist verpflichtet, die so unentschiedene Figur
    zu weisen, zu stellen oder abzuweisen, bzw. zu bieten oder gut sein zu lassen." Asked outside
    the show, or about a figure already decided, the question asks nothing (a ruling)."""
    if state.phase is not Phase.SHOW:
        state.violate(finding("SHOW-13.not-in-show", seat=event.seat, figure=event.figure), event.seat,
                      event=event, ruling=True)
        return
    if event.figure is Figure.SPIEL or state.betting.books[event.figure].status is not BookStatus.OPEN:
        state.violate(finding("SHOW-13.decided", seat=event.seat, figure=event.figure), event.seat,
                      event=event, ruling=True)
        return
    state.show.asked.append((state.table.side_of(event.seat), event.figure, event))


def track_asks(state: DealState, event: Event) -> None:
    """An asked party answers by showing, declaring standing, giving up, conceding or betting the
    figure (§ 22); a figure decided meanwhile needs no answer. Called for every event of the show."""
    asked = state.show.asked
    if not asked:
        return
    seat = event.__dict__.get("seat")
    answered: tuple[Figure, ...] = ()
    if isinstance(event, Show):
        answered = (event.figure,) if event.figure else OPEN_FIGURES
    elif isinstance(event, Stands):
        answered = (event.figure,)
    elif isinstance(event, (Bet, Good, GiveUp, Hold, Raise)):
        answered = event.figures or OPEN_FIGURES
    side = state.table.side_of(seat) if isinstance(seat, str) and seat in state.table.seats else None
    state.show.asked = [(team, figure, ask) for team, figure, ask in asked
                        if state.betting.books[figure].status is BookStatus.OPEN
                        and not (side is not None and side != team and figure in answered)]


@enforces("SHOW-13")
def _answers_ask(state: DealState, team: Team, event: Show) -> bool:
    """A show out of turn that answers the other party's question about that figure: § 22 obliges
    the party asked to show, so it is no SHOW-7."""
    return any(asker != team and (event.figure is None or figure is event.figure)
               for asker, figure, _ in state.show.asked)


@enforces("SHOW-13")
def unanswered_asks(state: DealState) -> None:
    """At the end of the show: every question still unanswered (§ 22 "ist verpflichtet"; no sanction
    is named, so no penalty)."""
    for _team, figure, ask in state.show.asked:
        if state.betting.books[figure].status is BookStatus.OPEN:
            seat = ask.__dict__.get("seat")
            # the fault is the asked party's, not the asker's: no seat, and no sanction to charge
            state.violate(finding("SHOW-13.unanswered", seat=seat, figure=figure), None, event=ask,
                          penalise=False)
    state.show.asked = []
