"""Scoring a deal: who won each figure and for how much, validation of bets, the points of
the deal compared with the ones written down, the order in which the figures count in a close
game, and the both-gestrichen endgame decision. What the figures and penalties are worth on the
scoresheet is reckoned once, in :mod:`.points` and :mod:`.match`.

000 Betting and Scoring: a figure nobody bet on is worth 1; a held bet gives the
value reached to the team with the better figure; a bet called good gives the
bettor's team the value before it, if the bettor can show an example; a figure
that stands scores nothing. Every player who bet, raised or held a Gleich or
Hanger must show an example from his own cards at the end (000 Showing cards to
validate bets; 003 § 10).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..base.cards import Card
from ..base.rule_index import enforces
from ..language.transcript import SPIEL_AUS, Figure, GradeDeclared, Seat, Team
from ..messages import Message, scores_text
from .betting import ORDER
from .enums import BetAction, BookStatus, HowDecided, SpielDecided
from .figures import FigureValue, best_figure, best_possible
from .points import forfeits
from .ruleset import (
    CloseGameOrder,
    EqualLength,
    ExampleRequiredFor,
    Forfeit,
    HeldThenGivenUp,
    TieFallback,
    UnbetOrder,
)
from .show import OPEN_FIGURES, dead_by_declaration, displayed, team_best
from .state import DealState, FigureBook, finding
from .verdict import FigureOutcome


def best_possible_in_hand(state: DealState, figure: Figure, five: list[Card],
                          baptisms: dict[Card, Card] | None = None) -> FigureValue | None:
    """The best figure a player's five cards could make: a Perlagg already baptised counts as its
    baptism, an unbaptised one may still become any card (``baptisms``: as they stand now, unless
    given as they stood at an earlier moment)."""
    named = state.play.baptisms if baptisms is None else baptisms
    fixed = [named.get(c, c) for c in five if not state.is_perlagg(c) or c in named]
    free = sum(1 for c in five if state.is_perlagg(c) and c not in named)
    return best_possible(figure, fixed, free)


def can_show_example(state: DealState, seat: Seat, figure: Figure) -> bool | None:
    """Whether a player showed (or, without a validation record, could show) an example.

    None when the record does not tell (the hand is only partly known).
    """
    if best_figure(figure, displayed(state, seat, with_validation=True)) is not None:
        return True
    if state.show.validation_recorded:
        return False
    five = state.setup.five.get(seat)
    hand = state.setup.hands.get(seat)
    if five is None or hand is None or not hand.fully_known:
        return None
    return best_possible_in_hand(state, figure, five) is not None


Contest = tuple[Team | None, HowDecided, tuple[str, ...]]
"""A figure's winner (None: stands or nobody), how it was decided, each team's best."""


@enforces("SHOW-3", "SHOW-9")
def _contest(state: DealState, figure: Figure) -> Contest:
    """The winner of an open Gleich or Hanger from what is on the table. A side that said good
    to the figure cannot win it and its cards do not count (004 Drei-Spieler-Spiel)."""
    book = state.betting.books[figure]
    best = {t: team_best(state, figure, t) for t in state.table.sides}
    described = tuple(f"{t}: {v.describe(figure) if v else '-'}" for t, v in best.items())
    if dead_by_declaration(state, figure):
        return None, HowDecided.STANDS, described
    eligible = {t: v for t, v in best.items() if t not in book.out}
    if _show_unwritten(state, figure) and (state.spiel_decided or state.play.spiel_decided_by is SpielDecided.HIN):
        # judged one way, whatever cards happen to lie on the table: from what the record proves
        # of each hand (issue 16)
        return _from_hands(state, figure, described)
    if all(v is None for v in eligible.values()):
        return None, HowDecided.NONE, described
    return _top(eligible, HowDecided.SHOWN, described)


def _show_unwritten(state: DealState, figure: Figure) -> bool:
    """No show of this figure in the record: no side's turn to show and no card shown, or a show
    written in part that never names the figure (no card shown for it, no "steht", no bet)."""
    if not state.show.stages and not state.show.shown:
        return True
    return figure not in state.show.addressed


@enforces("FIG-GLEICH-3", "SCORE-2")
def _top(values: dict[Team, FigureValue | None], how: HowDecided, described: tuple[str, ...]) -> Contest:
    """The side with the best figure; two equal best ones stand (000 Dealing with ties)."""
    present = {t: v for t, v in values.items() if v is not None}
    high = max(present.values())
    leaders = [t for t, v in present.items() if v == high]
    if len(leaders) > 1:
        return None, HowDecided.STANDS, described
    return leaders[0], how, described


def _from_hands(state: DealState, figure: Figure, described: tuple[str, ...]) -> Contest:
    """No show recorded: judge from the hands as the record proves them (written, played, kept at the
    cut, taken in the exchange; engine.evidence), each Perlagg at its best unless its baptism is
    already fixed (a Perlagg played is fixed for the deal, 000 The Play)."""
    best: dict[Team, FigureValue | None] = {}
    for team in state.table.sides:
        if team in state.betting.books[figure].out:
            continue
        values = []
        for seat in state.table.members(team):
            five, hand = state.setup.five.get(seat), state.setup.hands.get(seat)
            if five is None or hand is None:
                state.note_unchecked(Message("note.no-show-hand-unknown", figure=figure, seat=seat))
                return None, HowDecided.NONE, described
            if not hand.fully_known:
                # the cards not proven could make any figure: it cannot be decided (issue 16)
                size = state.ruleset.hand_size
                state.note_unchecked(Message("note.no-show-hand-partly-proven", figure=figure, seat=seat,
                                             n=size - hand.unknown, size=size))
                return None, HowDecided.NONE, described
            if (v := best_possible_in_hand(state, figure, five)) is not None:
                values.append(v)
        best[team] = max(values) if values else None
    state.note_unchecked(Message("note.no-show-from-hands", figure=figure))
    if all(v is None for v in best.values()):
        return None, HowDecided.NONE, described
    return _top(best, HowDecided.HANDS, described)


@enforces("BET-11", "BET-12", "VALID-1", "VALID-3", "VALID-4",
          "VALID-6", "PEN-6", "PEN-18", "BLIND-6", "BLIND-7", "P3-12", "STRAF-14", "GILT-4",
          keys=("bet.example_required_for", "validation.award_figure_to_opponents",
                "validation.spontaneous_concession_needs_example"))
def _validate(state: DealState) -> dict[Team, set[Figure]]:
    """Check every bettor's and holder's example; returns the figures each team failed."""
    failed: dict[Team, set[Figure]] = {t: set() for t in state.table.sides}
    for figure in OPEN_FIGURES:
        book = state.betting.books[figure]
        seats = set(book.committed)
        if book.conceded_bettor is not None:
            seats.add(book.conceded_bettor)
        for seat in sorted(seats):
            if book.committed.get(seat) == {BetAction.BLIND}:
                continue  # no penalty for a blind bet (004 Blind-Einsätze; § 10 last sentence)
            if state.ruleset.bet.example_required_for is ExampleRequiredFor.BETTOR \
                    and book.committed.get(seat, set()) <= {BetAction.HOLD} and seat != book.conceded_bettor:
                continue  # club 5.: only the bettor must have the figure
            ok = can_show_example(state, seat, figure)
            if ok is None:
                state.note_unchecked(Message("note.example-unknown", seat=seat, figure=figure))
            elif not ok:
                acts = [Message(f"act.{act}") for act in sorted(book.committed.get(seat, {BetAction.BET}))]
                failed[state.table.side_of(seat)].add(figure)
                state.violate(finding("VALID-1.no-example", seat=seat, acts=acts, figure=figure), seat)
    return failed


@enforces("FIG-1", "SCORE-1", "SCORE-3", "P3-5")
def decide_figures(state: DealState) -> tuple[FigureOutcome, ...]:
    """How each figure ended: who won it, at what value and how. What that is worth on the
    scoresheet is reckoned once, by :mod:`.points` and :mod:`.match`."""
    failed = _validate(state)
    outcomes: list[FigureOutcome] = []
    for figure in ORDER:
        book = state.betting.books[figure]
        if figure is Figure.SPIEL:
            how = HowDecided.CONCEDED if state.play.spiel_decided_by is SpielDecided.CONCESSION \
                else HowDecided.TRICKS if state.play.spiel_winner \
                else HowDecided.HIN if state.play.spiel_decided_by is SpielDecided.HIN else HowDecided.NONE
            spiel = state.play.spiel_winner
            if spiel is not None and spiel in book.out and how is HowDecided.TRICKS:
                spiel, how = None, HowDecided.HIN  # a player who said good cannot win it (004 Drei-Spieler-Spiel)
            outcomes.append(FigureOutcome(figure, spiel, book.value, how))
            continue
        best: tuple[str, ...] = ()
        if book.status is BookStatus.CONCEDED:
            winner: Team | None = book.conceded_to
            how = HowDecided.CONCEDED
            spontaneous = book.conceded_bettor is None and state.ruleset.validation.spontaneous_concession_needs_example
            if winner is not None and (book.blind_conceded or spontaneous) and not any(
                    can_show_example(state, s, figure) for s in state.table.members(winner)):
                winner, how = None, HowDecided.NONE  # the team must have the figure (BLIND-6; D-52 as an option)
        else:
            winner, how, best = _contest(state, figure)
            if how in (HowDecided.SHOWN, HowDecided.HANDS):
                how = HowDecided.HELD if not book.unseen else HowDecided.UNSEEN
        outcomes.append(FigureOutcome(figure, winner, book.value, how, best))
    outcomes = _apply_forfeits(state, outcomes, failed)
    outcomes = [FigureOutcome(o.figure, o.winner, o.value, HowDecided.SPIEL_AUS, o.best)
                if o.value >= SPIEL_AUS and o.winner is not None else o for o in outcomes]
    return tuple(outcomes)


def _apply_forfeits(state: DealState, outcomes: list[FigureOutcome],
                    failed: dict[Team, set[Figure]]) -> list[FigureOutcome]:
    """A team that failed to validate a figure, or lost the Spiel by penalty, does not win it."""
    out = []
    award = state.ruleset.validation.award_figure_to_opponents
    for o in outcomes:
        others = state.table.others(o.winner) if o.winner is not None else ()
        if o.figure is Figure.SPIEL and o.winner is not None and forfeits(state, o.winner, Forfeit.SPIEL):
            o = FigureOutcome(o.figure, others[0] if len(others) == 1 else None, o.value, HowDecided.FORFEIT, o.best)
        elif o.figure in OPEN_FIGURES and o.winner is not None and o.figure in failed[o.winner]:
            opponents = others[0] if len(others) == 1 else None
            takes = award and opponents is not None and any(
                can_show_example(state, s, o.figure) for s in state.table.members(opponents))
            o = FigureOutcome(o.figure, opponents if takes else None, o.value, HowDecided.FORFEIT, o.best)
        out.append(o)
    return out


def check_recorded_points(state: DealState, points: tuple[int, ...]) -> None:
    """Compare the points written on the scoresheet with the engine's."""
    recorded = state.score.points_recorded
    if recorded is None or tuple(recorded.scores) == points:
        return
    state.violate(finding("RECORD-POINTS.differ", written=scores_text(recorded.scores),
                          gives=scores_text(points), sides=state.sheet.sides), None, event=recorded)


# ---- the close-game order (000 Scoring; § 12, § 14, § 27) ---------------------------------


@enforces("SCORE-5", "SCORE-8", keys=("score.close_game_order", "score.unbet_order", "score.kind"))
def scoring_order(state: DealState, outcomes: tuple[FigureOutcome, ...]) -> list[FigureOutcome]:
    """The order in which a deal's figures count in a close game (SCORE-5).

    ``score.close_game_order``: ``conceded_first`` (000 Scoring): every figure called good, bet or
    not, in the order called good; then the held bets in the order first bet; then the figures
    nobody bet. ``bet_first`` (old/Neue § 12): only a figure bet and called good "gilt als gemacht
    und auch als geschrieben" at once; the other bet figures follow by their first bet ("entscheidet
    die vorgebotene Figur"); a figure nobody bet, even one let go, comes after every bet figure
    ("bevor eine gebotene Figur nicht entschieden ist, kann eine nicht gebotene Figur nicht ...
    geschrieben werden"). The unbet figures count in ``score.unbet_order``; with
    ``score.spiel_aus_first`` a figure raised to Spiel aus counts first (§ 14).
    """
    by_figure = {o.figure: o for o in outcomes}
    return [by_figure[f] for f in sorted(ORDER, key=lambda f: _order_key(state, f)) if f in by_figure]


@enforces("SCORE-6", "SCORE-7", keys=("score.spiel_aus_first",))
def _order_key(state: DealState, figure: Figure) -> tuple[int, int]:
    r = state.ruleset
    book = state.betting.books[figure]
    if r.score.spiel_aus_first and book.value >= SPIEL_AUS:
        return (0, 0)
    if book.conceded is not None and _counts_when_called_good(state, book):
        return (1, book.conceded)
    if book.first_bet is not None:
        return (2, book.first_bet)
    unbet = ORDER if r.score.unbet_order is UnbetOrder.GLEICH_HANGER_SPIEL else (Figure.SPIEL, *ORDER[:2])
    return (3, unbet.index(figure))


def held_then_given_up(book: FigureBook) -> bool:
    """A figure whose bet was held (or raised) and that was later given up by a "gut" that answered
    no bet: a concession with no bettor, after a bet was accepted (in the show, or the Spiel in play)."""
    return book.conceded is not None and book.conceded_bettor is None and book.seen_team is not None


def _counts_when_called_good(state: DealState, book: FigureBook) -> bool:
    """Whether a figure called good counts in the first group, at the moment it was called good."""
    r = state.ruleset
    if held_then_given_up(book):
        # 000: "figures that have been conceded"; § 27: "es geht das Erstgebotene aus"
        return r.score.held_then_given_up is HeldThenGivenUp.AS_CONCEDED
    if r.score.close_game_order is CloseGameOrder.BET_FIRST:
        return book.conceded_bettor is not None  # § 12: "Die gebotene und vom Gegner gut gelassene Figur"
    return True


def settled_in_show(state: DealState, o: FigureOutcome) -> bool:
    """A Gleich or Hanger settled by the show. When such a figure makes both teams gestrichen, the
    figures after it were settled in the show too and simply count (§ 27: "so ist die zweite Figur
    praktisch von der Gegenpartei gemacht ... die 17 ist aus"); the both-gestrichen rules are for
    figures still open when both teams reach target - 1 (000 The Endgame; § 26).

    Under § 12 (``bet_first``) a figure bet and called good "gilt als gemacht und auch als
    geschrieben" at once, in the show too: the figures after it are then still open, and § 27's
    last case applies ("Lässt sie gut, haben die 16 auch 17 Punkte. Nun kann nur mehr eine
    mindestens drittzige Figur entscheiden, ansonsten muss neu gegeben werden")."""
    if o.figure is Figure.SPIEL:
        return False
    book = state.betting.books[o.figure]
    if state.ruleset.score.close_game_order is CloseGameOrder.BET_FIRST and book.conceded_bettor is not None:
        return False
    return book.conceded_in_show or book.status is not BookStatus.CONCEDED


# ---- both gestrichen: the best Gleich or Hanger (000 The Endgame; § 25-28; 004 Eichel) ----------


@enforces("FIG-2")
def _best_of_team(state: DealState, figure: Figure, team: Team,
                  asked: dict[Card, Card] | None = None,
                  bound: Mapping[Seat, Sequence[GradeDeclared]] | None = None) -> FigureValue | None:
    """The best figure a team has or could make (shown cards, else the hands with free Perlaggen).

    With ``asked`` (the baptisms made when the figures were asked about, § 25/§ 28) the figure is
    judged as it stood then: a Perlagg baptised later is still free. With ``bound`` (the grades each
    player declared, ``endgame.declared_grade: binds``) a player's figure counts as no better than
    any grade he declared of the kind he declared first, and he has none of the other kind.
    """
    best: FigureValue | None = None
    for seat in state.table.members(team):
        value = _seat_best(state, figure, seat, asked)
        grades = bound.get(seat) if bound else None
        if grades:
            value = _capped_by_grades(value, figure, grades)
        if value is not None and (best is None or value > best):
            best = value
    return best


@enforces("END-8", keys=("endgame.declared_grade",))
def _capped_by_grades(value: FigureValue | None, figure: Figure,
                      grades: Sequence[GradeDeclared]) -> FigureValue | None:
    """§ 25/§ 28: a figure bound by the grades declared: never better than any of them (a part not
    said is taken from the hand), never better than the hand."""
    if grades[0].figure is not figure:
        return None
    for grade in grades:
        if value is None:
            break
        said = FigureValue(grade.size if grade.size is not None else value.size,
                           grade.height.strength if grade.height is not None else value.height)
        value = min(value, said)
    return value


def _seat_best(state: DealState, figure: Figure, seat: Seat,
               asked: dict[Card, Card] | None) -> FigureValue | None:
    """The best figure one player has or could make (see :func:`_best_of_team`)."""
    five, hand = state.setup.five.get(seat), state.setup.hands.get(seat)
    known = five is not None and hand is not None and hand.fully_known
    # the cards he showed or played prove part of a hand the record does not give whole
    value = best_figure(figure, displayed(state, seat, with_validation=True)) if asked is None or not known \
        else None
    if known:
        assert five is not None
        possible = best_possible_in_hand(state, figure, five, asked)
        value = max((v for v in (value, possible) if v is not None), default=None)
    elif hand is not None:
        state.note_unchecked(Message("note.endgame-hand-unknown", seat=seat))
    return value


_Candidate = tuple[Team, Figure, FigureValue]


@enforces("DECK-5", "FIG-HANGER-3")
def _rank(state: DealState, c: _Candidate) -> tuple[int, int, int]:
    """How good a figure is among figures of the same length: (kind, height, Gleich first).

    ``kind``: with ``endgame.equal_length: gleich`` a Gleich beats a Hanger of as many cards (000
    The Endgame); with ``spiel`` the kind does not rank (004 Eichel). The last place only settles
    which of one team's own Gleich and Hanger, equal in size and height, is named as its figure:
    the Gleich, first in the Rangordnung (§ 3; club 4.; 000 Gleich, Hanger, Spiel). It never
    decides between teams. Every part is a number: the comparison is total.
    """
    _, figure, value = c
    gleich = 1 if figure is Figure.GLEICH else 0
    kind = gleich if state.ruleset.endgame.equal_length is EqualLength.GLEICH else 0
    return kind, value.height, gleich


@enforces("BAPT-12", "END-5", "END-6", "END-10", "END-15", "END-16", "EICHEL-4", "GILT-5",
          keys=("endgame.min_len", "endgame.equal_length", "endgame.tie_fallback"))
def endgame_decision(state: DealState, figures: tuple[Figure, ...], min_len: int,
                     teams: tuple[Team, ...] | None = None,
                     asked: dict[Card, Card] | None = None,
                     bound: Mapping[Seat, Sequence[GradeDeclared]] | None = None,
                     ) -> tuple[Team | None, Message, Figure | None]:
    """Both gestrichen: the best Gleich or Hanger of at least ``min_len`` cards wins the match
    (000 The Endgame; § 25). Returns (team, how, figure), or (None, why, None) when no figure decides.

    More cards always win. Among the longest figures: if they belong to several teams and are of
    both kinds while ``endgame.equal_length`` is ``spiel``, the Spiel decides (004 Eichel: "wenn die
    längste Figur ... von jedem team die gleiche Länge haben"); otherwise the best by :func:`_rank`
    wins, and two teams equal at the top leave the figure standing (D-2, ``endgame.tie_fallback``).
    A team whose own Gleich and Hanger are its equal best names the Gleich. ``bound``: the grades
    declared that bind (``endgame.declared_grade``); once the best figure stands they bind no more
    (§ 28 "nicht mehr an die frühere Figur gebunden").
    """
    r = state.ruleset
    teams = state.table.sides if teams is None else teams
    if not figures:
        return None, Message("how.no-unbet-left"), None
    found: list[_Candidate] = [(side, kind_of, v) for kind_of in figures for side in teams
                               if (v := _best_of_team(state, kind_of, side, asked, bound)) is not None
                               and v.size >= min_len]
    if not found:
        return None, Message("how.none-long-enough"), None
    size = max(v.size for _, _, v in found)
    longest = [c for c in found if c[2].size == size]
    several_teams = len({team for team, _, _ in longest}) > 1
    if r.endgame.equal_length is EqualLength.SPIEL and several_teams and len({f for _, f, _ in longest}) > 1:
        return None, Message("how.equal-lengths"), None
    top = max(_rank(state, c) for c in longest)
    leaders = [c for c in longest if _rank(state, c)[:2] == top[:2]]
    if len({team for team, _, _ in leaders}) == 1:
        team, figure, _ = max(leaders, key=lambda c: _rank(state, c))
        return team, Message("how.figure-of", figure=figure, size=size), figure
    # the best figure stands (D-2): equal teams at the top are of one kind here
    stood = leaders[0][1]
    other = [f for f in figures if f is not stood]
    fallback = r.endgame.tie_fallback
    if other and (fallback is TieFallback.OTHER_FIGURE_BOTH_WAYS
                  or (fallback is TieFallback.GLEICH_IF_HANGER_STANDS and stood is Figure.HANGER)):
        then, how, deciding = endgame_decision(state, tuple(other), 3, asked=asked)
        if then is not None:
            return then, Message("how.then-stood", how=how, stood=stood), deciding
    return None, Message("how.stands", stood=stood), None
