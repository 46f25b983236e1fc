"""The asking at 17:17: what an asking, an answer and a declared grade claim, checked against what
the record proves of the hands, and whether the grade is established yet.

003 old/Neue § 25: "ist ... von jedem Spieler um Drittziges, Vierfaches oder Fünffaches zu fragen.
Die höchste Figur geht aus. Erklärt die Gegenpartei, dass sie ebenfalls ... besitzt, sind beide
Teile verpflichtet, den Höhengrad desselben zu bekennen, jedoch nicht die Karten auf den Tisch zu
weisen, bevor der Grad nicht festgestellt ist." 004 Endspiel: each player with a figure of three
or more cards asks "tritt ditzig (viertig/fünftig) erlaubt?"; the others answer "nicht erlaubt" if
they hold a figure of as many cards or more, "ja" if not; at equal length the players say first
whether theirs is a Gleich or a Hanger, then how high.

Read here: an asking about ``n`` cards claims a figure of at least ``n`` (a player may ask low and
ask again higher: the next round); "nicht erlaubt" claims one of at least the size asked, "erlaubt"
none that long; a grade claims the player's best figure of that kind. A claim the record proves
false is a finding under the procedure's rule (END-8 where the ruleset follows § 25, END-9 where it
follows 004); no source names a penalty, so there is none, and a false claim forfeits nothing: the
sources name the best figure the winner ("Die höchste Figur geht aus"; 004 "Der Spieler mit der
besten Figur ... gewinnt"). Whether a declared grade binds is ``endgame.declared_grade``.

Read-only: :mod:`.match` owns the score part of the deal's state and records the askings, the
answers and the grades; this module reports findings and works things out.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base.cards import Card
from ..base.records import record
from ..base.rule_index import enforces
from ..language.transcript import Ask, AskAnswer, Figure, GradeDeclared, Seat, Team
from ..messages import Message
from .figures import FigureValue
from .ruleset import EndgameDeclaration
from .scoring import best_possible_in_hand
from .state import DealState, finding

OPEN = (Figure.GLEICH, Figure.HANGER)


@record
class Held:
    """What the record proves of one player's figures: the best of each kind his five cards make
    (a Perlagg baptised so far as it was baptised, one still free as any card). ``whole``: the hand
    is known card for card; else the values are only what the proven cards already make."""

    best: dict[Figure, FigureValue | None]
    whole: bool
    cards: tuple[Card, ...]

    def longest(self, kinds: Sequence[Figure] = OPEN) -> tuple[Figure, FigureValue] | None:
        """The longest figure of these kinds (at equal length the better, the Gleich first)."""
        found = [(f, v) for f in kinds if (v := self.best.get(f)) is not None]
        return max(found, key=lambda c: (c[1].size, c[1].height, c[0] is Figure.GLEICH), default=None)

    def size(self, kinds: Sequence[Figure] = OPEN) -> int:
        """How many cards the longest figure of these kinds has (0: not even a pair)."""
        best = self.longest(kinds)
        return best[1].size if best is not None else 0


def held(state: DealState, seat: Seat) -> Held | None:
    """What the record proves of ``seat``'s figures now (None: nothing of his hand is recorded)."""
    five, hand = state.setup.five.get(seat), state.setup.hands.get(seat)
    if five is None or hand is None:
        return None
    return Held({f: best_possible_in_hand(state, f, five) for f in OPEN}, hand.fully_known, tuple(five))


def rule(state: DealState) -> str:
    """The rule of the procedure: § 25 where the ruleset follows it, else 004's "…erlaubt?"."""
    return "END-8" if state.ruleset.endgame.declaration is EndgameDeclaration.FIRST_TRICK else "END-9"


def figure_words(figure: Figure, value: FigureValue | None) -> Message:
    """A player's best figure of a kind in words: "Gleich 3x O", "Hanger K-O-U", "no Gleich"."""
    if value is None:
        return Message("asking.none", figure=figure)
    return Message("asking.best", figure=figure, value=value.describe(figure))


def _longest_words(h: Held, kinds: Sequence[Figure] = OPEN) -> Message:
    best = h.longest(kinds)
    if best is None:
        return Message("asking.no-figure")
    return figure_words(*best)


def _unchecked(state: DealState, seat: Seat) -> None:
    state.note_unchecked(Message("note.asking-hand-unknown", seat=seat))


@enforces("END-8", "END-9", keys=("endgame.declaration",))
def check_ask(state: DealState, event: Ask) -> None:
    """An asking claims a figure of at least the size asked (of the kind named, if one is): § 25
    "Erklärt die Gegenpartei, dass sie ebenfalls ... besitzt" (the asker has one); 004 "jedem Spieler
    ist eine Zahl von 3 oder mehr Karten erklärt hat, indem er ... fragt"."""
    h = held(state, event.seat)
    if h is None:
        _unchecked(state, event.seat)
        return
    kinds = (event.figure,) if event.figure in OPEN else OPEN
    if h.size(kinds) >= event.size:
        return
    if not h.whole:
        _unchecked(state, event.seat)
        return
    kind = event.figure if event.figure in OPEN else None
    state.violate(finding(f"{rule(state)}.false-ask", seat=event.seat, size=event.size,
                          kind=Message("asking.kind", figure=kind) if kind else "",
                          best=_longest_words(h, kinds), cards=list(h.cards)), event.seat, event=event)


@enforces("END-8", "END-9", keys=("endgame.declaration",))
def check_answer(state: DealState, event: AskAnswer, asker: Seat, size: int) -> None:
    """004: "nicht erlaubt" if the player holds a figure of as many cards or more, "ja" if not (§ 25:
    the other party declares "dass sie ebenfalls ... besitzt"). A false answer is a finding; it
    forfeits nothing (the best figure still goes out, 004 "Der Spieler mit der besten Figur ...
    gewinnt")."""
    h = held(state, event.seat)
    if h is None:
        _unchecked(state, event.seat)
        return
    has = h.size() >= size
    if has != event.allowed:
        return  # "erlaubt" without a figure that long, "nicht erlaubt" with one: true
    if not has and not h.whole:
        _unchecked(state, event.seat)  # the cards not proven might make one
        return
    code = "false-allowed" if event.allowed else "false-not-allowed"
    state.violate(finding(f"{rule(state)}.{code}", seat=event.seat, asker=asker, size=size, best=_longest_words(h),
                          cards=list(h.cards)), event.seat, event=event)


def declared_words(event: GradeDeclared) -> str:
    """A declared grade as the report writes it: "Gleich 3x O", "Hanger K-O-U-10", "Gleich (3)",
    "Hanger (K)" or the kind alone (the same in German and English)."""
    if event.size is not None and event.height is not None:
        return f"{event.figure.value} {FigureValue(event.size, event.height.strength).describe(event.figure)}"
    if event.size is not None:
        return f"{event.figure.value} ({event.size})"
    if event.height is not None:
        return f"{event.figure.value} ({event.height.value})"
    return event.figure.value


def claimed(state: DealState, team: Team) -> int | None:
    """The most cards a party has claimed so far, by asking or by answering "nicht erlaubt"."""
    side = state.table.side_of
    sizes = [size for seat, size, _ in state.score.asks if side(seat) == team]
    sizes += [state.score.asks[i][1] for seat, i, allowed, _ in state.score.answers if not allowed
              and side(seat) == team]
    return max(sizes, default=None)


@enforces("END-8", "END-9", keys=("endgame.declaration",))
def check_grade(state: DealState, event: GradeDeclared) -> None:
    """§ 25: "verpflichtet, den Höhengrad desselben zu bekennen": the grade said must be the
    player's figure of that kind. Each part said is checked: the size (unsaid: the figure must be as
    long as his party claimed) and the height. Too high is a figure he does not have; too low hides
    a better one. Either is a finding, without penalty."""
    h = held(state, event.seat)
    if h is None:
        _unchecked(state, event.seat)
        return
    true = h.best[event.figure]
    need = claimed(state, state.table.side_of(event.seat))
    over: bool | None = None
    if true is None:
        over = True
    elif event.size is not None and event.size != true.size:
        over = event.size > true.size
    elif event.size is None and need is not None and true.size < need:
        over = True
    elif event.height is not None and event.height.strength != true.height:
        over = event.height.strength > true.height
    if over is None:
        return
    if not h.whole and (over or event.size is None):
        # the cards not proven might make the grade said, or (its size unsaid) a longer figure
        # whose height the grade does not reach: only a grade below what the proven cards make
        # at the size said is sure to be too low
        _unchecked(state, event.seat)
        return
    code = "grade-overstated" if over else "grade-understated"
    state.violate(finding(f"{rule(state)}.{code}", seat=event.seat, declared=declared_words(event),
                          best=figure_words(event.figure, true), cards=list(h.cards)), event.seat, event=event)


def _latest_grades(state: DealState) -> dict[Team, GradeDeclared]:
    out: dict[Team, GradeDeclared] = {}
    for grade in state.score.grades:
        out[state.table.side_of(grade.seat)] = grade
    return out


@enforces("END-8")
def contest_open(state: DealState) -> bool:
    """Both parties claim a figure and the grade is not yet established (§ 25 "bevor der Grad nicht
    festgestellt ist"). It is established when the last asking was answered "erlaubt" by the other
    party (none of it said "nicht erlaubt") and that party claimed nothing as long itself (by an
    asking of its own, or an earlier "nicht erlaubt"): that figure is the longest; or when both
    parties have declared grades that decide: of other kinds, of other sizes, or both with their
    height."""
    asks = state.score.asks
    side = state.table.side_of
    claims = {side(seat) for seat, _, _ in asks}
    claims |= {side(seat) for seat, _, allowed, _ in state.score.answers if not allowed}
    if len(claims) < 2 or not asks:
        return False
    last = len(asks) - 1
    asker_seat, size, _ = asks[last]
    asker = side(asker_seat)
    said = [allowed for seat, i, allowed, _ in state.score.answers if i == last and side(seat) != asker]
    other = next(team for team in claims if team != asker)
    if said and all(said) and (claimed(state, other) or 0) < size:
        return False
    grades = _latest_grades(state)
    if len(grades) < 2:
        return True
    a, b = grades.values()
    if a.figure is not b.figure:
        return False
    if a.size is not None and b.size is not None and a.size != b.size:
        return False
    return a.height is None or b.height is None


def bound_grades(state: DealState) -> dict[Seat, list[GradeDeclared]]:
    """Each player's declared grades of the kind he first declared: under ``endgame.declared_grade:
    binds`` his figure counts as no better than any of them (:func:`.scoring.endgame_decision`)."""
    out: dict[Seat, list[GradeDeclared]] = {}
    for grade in state.score.grades:
        mine = out.setdefault(grade.seat, [])
        if not mine or grade.figure is mine[0].figure:
            mine.append(grade)
    return out


def held_words(state: DealState, seat: Seat) -> Message:
    """For a ruling on an asking, an answer or a grade: what the record proves of the player's
    figures (his cards, his best Gleich and Hanger)."""
    h = held(state, seat)
    if h is None:
        return Message("ruling.fact.hand-unrecorded", seat=seat)
    code = "ruling.fact.figures-held" if h.whole else "ruling.fact.figures-proven"
    return Message(code, seat=seat, cards=list(h.cards), gleich=figure_words(Figure.GLEICH, h.best[Figure.GLEICH]),
                   hanger=figure_words(Figure.HANGER, h.best[Figure.HANGER]))
