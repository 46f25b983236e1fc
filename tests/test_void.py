"""Every forbidden betting act is void (issue 18, item 1): one table row per kind.

Each row is a minimal transcript: the forbidden act (marked ``# void``), then proper later acts
that are judged clean only if the forbidden act changed nothing. For every row the test checks
that

- the act is flagged with its rule, and nothing else in the deal is flagged;
- the act changed no book: the figures' values, pending bets, who was seen, who said good, who
  must validate, the bet history and the Spiel are the same just before and just after it;
- the later acts were judged as if it had not happened: the deal's whole bet history is the one
  worked out by hand (a later bet is a fresh bet, not a raise; a later "halte" holds it at 2).

The expected bet histories are worked out by hand from 000 Betting (a bet proposes +1, a hold
accepts it, a raise accepts and proposes +1 more, a "gut" concedes at the old value).

The test fails when a kind of forbidden act is added to the engine without being listed here:
every rule ID that ``engine/betting.py`` can flag must be one of :data:`betting.VOID` (with a row
that proves the act void) or :data:`betting.STANDS` (the one kind that is flagged and stands,
tested below as such).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import FOUR_HANDS, THREE_HANDS, last_state

from perlagg_streit.engine import betting, replay
from perlagg_streit.engine.view import DealView
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import Figure
from perlagg_streit.rulesets import load_ruleset

G, H, S = Figure.GLEICH, Figure.HANGER, Figure.SPIEL

# West deals, South cuts, North leads; leaves are trumps (L8): the Perlaggen are HK, Weli, S7, E7,
# L7, LU, LO, so South's LU and West's S7 are Perlaggen.
FOUR = "Ausgabe 1\nGeber: W\n{before}Abheben: S\n" + FOUR_HANDS + "Aufschlag: L8\n"

# Three players (004 Drei-Spieler-Spiel): C deals, B cuts, A leads; bells are trumps, no Perlagg dealt.
THREE = '[Ruleset "drei"]\nAusgabe 1\nGeber: C\nAbheben: B\n' + THREE_HANDS + "Aufschlag: S9\n"

# Strafperlaggen, A on 1 point: C deals, B cuts, A leads; leaves are trumps, no Perlagg dealt.
STRAF = """[Ruleset "strafperlaggen"]
Ausgabe 1
Stand vorher: 1:9:9
Geber: C
Abheben: B
Karten A: LA L10 HA SK E8 H7 S9
Karten B: HO HU H9 H8 EA E9 SO
Karten C: E10 H10 S10 EK SU S8 L9
Aufschlag: L8
"""

# cases/betting/fifth-trick-spiel-bet(-no-suit): two tricks each, South leads the HA to trick 5.
# North's last card is the SO, East's the SK, West's the H7 (or the SU): leaves are trumps.
FIFTH = """Ausgabe 1
Geber: N
Abheben: W
Karten N: EO LA H10 EU SO
Karten E: EA SA H9 S10 SK
Karten S: E8 S9 HU LK HA
Karten W: E9 S8 L9 EK {west_last}
Aufschlag: L8
Stich 1: E EA, S E8, W E9, N EO
Stich 2: E SA, S S9, W S8, N LA
Stich 3: N H10, E H9, S HU, W L9
Stich 4: W EK, N EU, E S10, S LK
Stich 5: S HA
"""

# Three tricks to E/W: W's Schell-Spitz (as LA) over South's trump Unter, then East's two Aces.
THREE_TRICKS = """Stich 1: N L10, E LA, S LU=LA, W S7=LA
Stich 2: W EK, N E8, E EA, S S9
Stich 3: E HA, S SA, W S8, N H8
"""


@dataclass(frozen=True)
class Kind:
    """A kind of forbidden act, the transcript that shows it, and the deal's expected outcome."""

    name: str
    rule: str
    seat: str
    transcript: str
    bets: tuple[tuple[str, Figure, str, int], ...]  # the whole bet history: seat, figure, action, value
    ruleset: str = "innsbruck"
    penalty: int = 0  # points the void act still costs (§ 21)


def four(body: str, before: str = "") -> str:
    return FOUR.format(before=before) + body


KINDS = [
    Kind("a bare 'Gleich!' is no bet (§ 8); E's bet after it is a fresh bet", "BET-2", "N",
         four("N Gleich!  # void\nE biete Gleich\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a hold with no bet to answer", "BET-4", "N",
         four("N halte  # void\nE biete Gleich\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a 'gut' with no bet to answer", "BET-4", "N",
         four("N gut  # void\nE biete Gleich\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a raise with no bet to answer", "BET-4", "N",
         four("N drei  # void\nE biete Gleich\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a hold of one's own team's bet", "BET-5", "W",
         four("E biete Gleich\nW halte  # void\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a 'gut' to one's own team's bet", "BET-5", "W",
         four("E biete Gleich\nW gut Gleich  # void\nN gut\n"),
         (("E", G, "bet", 2), ("N", G, "good", 1))),
    Kind("a raise of one's own team's bet", "BET-5", "W",
         four("E biete Gleich\nW drei  # void\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a second bet before the opponents answered", "BET-6", "W",
         four("E biete Gleich\nW biete Gleich  # void\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a bet by the team whose bet was seen; the other team's bet is then fresh", "BET-6", "W",
         four("E biete Gleich\nN halte\nW biete Gleich  # void\nN biete Gleich\nE halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2), ("N", G, "bet", 3), ("E", G, "hold", 3))),
    Kind("a raise that skips a step; the proper raise follows", "BET-7", "N",
         four("E biete Gleich\nN vier  # void\nN drei\nE halte\n"),
         (("E", G, "bet", 2), ("N", G, "raise", 3), ("E", G, "hold", 3))),
    Kind("a bet past Spiel aus; the first card is then no card played over a bet", "BET-7", "N",
         four("E biete Gleich\nN drei\nE vier\nN fünf\nE sechs\nN sieben\nE Spiel aus\nN halte\n"
              "N biete Gleich  # void\nN L10\n"),
         (("E", G, "bet", 2), ("N", G, "raise", 3), ("E", G, "raise", 4), ("N", G, "raise", 5),
          ("E", G, "raise", 6), ("N", G, "raise", 7), ("E", G, "raise", 8), ("N", G, "hold", 8))),
    Kind("a bet on a figure already conceded", "BET-8", "E",
         four("E biete Gleich\nN gut\nE biete Gleich  # void\nN L10\n"),
         (("E", G, "bet", 2), ("N", G, "good", 1))),
    Kind("a bet on the Spiel after the tricks decided it", "BET-8", "E",
         four(THREE_TRICKS + "E biete Spiel  # void\nE biete Gleich\nN halte\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a bet by a player who already said good to the figure (three players)", "BET-8", "B",
         THREE + "A biete Gleich\nB gut\nC halte\nB biete Gleich  # void\nStich 1: A EA, B EK, C EO\n",
         (("A", G, "bet", 2), ("B", G, "good", 1), ("C", G, "hold", 2)), "drei"),
    Kind("a fifth-trick Spiel bet without colour; 'gut bei Farbe' to it concedes nothing, the trick is "
         "played out", "BET-13", "W",
         FIFTH.format(west_last="SU") + "W biete Spiel  # void\nN gut bei Farbe\nStich 5: W SU, N SO, E SK\n",
         ()),
    Kind("§ 29: a fifth-trick hold of the Spiel without colour; the proper 'gut' follows", "BET-13", "N",
         FIFTH.format(west_last="H7") + "W biete Spiel\nN halte  # void\nN gut\n",
         (("W", S, "bet", 2), ("N", S, "good", 1)), "innsbruck-1890"),
    Kind("§ 29: a fifth-trick raise of the Spiel without colour; the proper 'gut' follows", "BET-13", "N",
         FIFTH.format(west_last="H7") + "W biete Spiel\nN drei  # void\nN gut\n",
         (("W", S, "bet", 2), ("N", S, "good", 1)), "innsbruck-1890"),
    Kind("a blind bet where the ruleset has none (Giltspiel); E's bet is fresh", "BLIND-1", "S",
         four("E biete Gleich\nN halte\n", before="Blind: S biete Gleich  # void\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2)), "giltspiel"),
    Kind("a blind bet after the cut (004); E's bet is fresh, not a raise", "BLIND-1", "S",
         four("Blind: S biete Gleich  # void\nE biete Gleich\nS halte\n"),
         (("E", G, "bet", 2), ("S", G, "hold", 2))),
    Kind("Neue § 32: one figure bet blind; W's bet is fresh, not a raise", "BLIND-2", "N",
         four("W biete Gleich\nN halte\n", before="Vorher: 6:10\nBlind: N biete Gleich  # void\n"),
         (("W", G, "bet", 2), ("N", G, "hold", 2)), "innsbruck-neu"),
    Kind("Neue § 32: all three blind, but only one point behind; W's Spiel bet is fresh", "BLIND-2", "N",
         four("W biete Spiel\nN halte\n", before="Vorher: 9:10\nBlind: N Höll auf  # void\n"),
         (("W", S, "bet", 2), ("N", S, "hold", 2)), "innsbruck-neu"),
    Kind("§ 21: a bet by a gestrichen team, void but two points; W's bet is fresh", "END-2", "N",
         four("N biete Hanger  # void\nW biete Hanger\nS halte\n", before="Vorher: 17:10\n"),
         (("W", H, "bet", 2), ("S", H, "hold", 2)), "innsbruck-1890", penalty=2),
    Kind("a blind bet by a gestrichen team (a blind bet is a bet); E's bet is fresh", "END-2", "N",
         four("E biete Gleich\nN halte\n", before="Vorher: 17:10\nBlind: N biete Gleich  # void\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("a second blind bet on a figure before the first was answered", "BET-6", "S",
         four("E halte\n", before="Blind: N biete Gleich\nBlind: S biete Gleich  # void\n"),
         (("N", G, "blind", 2), ("E", G, "hold", 2))),
    Kind("000 Example 7: a bet whose concession would reach the target", "END-3", "N",
         four("E biete Gleich\nN halte\nS biete Spiel\nE gut\nN biete Gleich  # void\nN biete Hanger\nW halte\n",
              before="Vorher: 15:9\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2), ("S", S, "bet", 2), ("E", S, "good", 1),
          ("N", H, "bet", 2), ("W", H, "hold", 2))),
    Kind("a raise whose concession would reach the target; the proper hold follows", "END-3", "N",
         four("E biete Gleich\nN drei  # void\nN halte\n", before="Vorher: 16:9\n"),
         (("E", G, "bet", 2), ("N", G, "hold", 2))),
    Kind("Strafperlaggen: a bet by a player on 1; B's bet is fresh", "END-17", "A",
         STRAF + "A biete Gleich  # void\nB biete Gleich\nC halte\n",
         (("B", G, "bet", 2), ("C", G, "hold", 2)), "strafperlaggen"),
    Kind("three players: the Spiel let go before anyone bet it; A's bet is fresh", "P3-13", "A",
         THREE + "A gut Spiel  # void\nA biete Spiel\nB halte\n",
         (("A", S, "bet", 2), ("B", S, "hold", 2)), "drei"),
    Kind("a bet during the other team's turn to show; the same bet in its own turn is fresh", "SHOW-7", "S",
         four("N das Spiel ist gut\nWeisen:\nStufe 1 E/W:\nS biete Hanger  # void\nE zeigt Gleich LA HA EA\n"
              "W zeigt Hanger EK EO\nStufe 2 N/S:\nN gut Gleich\nS biete Hanger\nW halte\n"),
         (("N", S, "good", 1), ("N", G, "good", 1), ("S", H, "bet", 2), ("W", H, "hold", 2))),
    Kind("a bet by the Spiel losers once the tricks decided it, before the show is written (§ 24, no "
         "Vorbieten); the same bet in their own turn is fresh", "SHOW-7", "S",
         four(THREE_TRICKS + "S biete Hanger  # void\nWeisen:\nStufe 1 E/W:\nE zeigt Gleich LA HA EA\n"
              "W zeigt Hanger EK EO\nStufe 2 N/S:\nN gut Gleich\nS biete Hanger\nW halte\n"),
         (("N", G, "good", 1), ("S", H, "bet", 2), ("W", H, "hold", 2))),
]


def _books(state: DealView) -> Any:
    """Everything a betting act may change, as plain values."""
    return (
        [(b.figure, b.value, b.status, b.seen_team, b.first_bet, b.conceded_to, sorted(b.out),
          sorted((seat, sorted(how)) for seat, how in b.committed.items()),
          None if b.pending is None else (b.pending.team, b.pending.seat, b.pending.proposed,
                                          b.pending.blind, tuple(b.pending.awaiting)))
         for b in state.betting.books.values()],
        len(state.betting.bet_log), state.play.spiel_winner, state.play.spiel_decided_by,
    )


def _replay(kind_text: str, ruleset: str, marker: str) -> tuple[Any, Any, Any]:
    """Replay a transcript; the books just before and just after the marked act, and the verdict."""
    result = read_transcript(textwrap.dedent(kind_text), "t.perlagg")
    assert result.errors == [], [e.render() for e in result.errors]
    line = next(i for i, text in enumerate(kind_text.splitlines(), 1) if f"# {marker}" in text)
    steps = replay(result.transcript, load_ruleset(ruleset))
    before = after = None
    previous = None
    while True:
        try:
            state, event = next(steps)
        except StopIteration as done:
            return before, after, done.value.deals[0]
        if event.pos.line == line and after is None:
            before, after = previous, _books(state)
        previous = _books(state)


@pytest.mark.parametrize("kind", KINDS, ids=[f"{k.rule}: {k.name}" for k in KINDS])
def test_a_forbidden_act_is_void_and_later_acts_are_judged_without_it(kind: Kind) -> None:
    before, after, verdict = _replay(kind.transcript, kind.ruleset, "void")
    assert [(v.rule, v.seat) for v in verdict.violations] == [(kind.rule, kind.seat)]
    assert before == after, "the void act changed a book"
    assert tuple((b.seat, b.figure, b.action, b.value) for b in verdict.bets) == kind.bets
    penalties = [v.penalty.points for v in verdict.violations if v.penalty is not None]
    assert penalties == ([kind.penalty] if kind.penalty else [])


def test_an_answer_out_of_turn_at_three_is_flagged_and_stands() -> None:
    # 004 Drei-Spieler-Spiel: the answers come strictly in turn; A holds before C, whose turn came
    # first. A's side had to answer the raise, so the hold stands (cases/players/drei-p3-4-...).
    # ("Drei!" with nothing pending is B's bet naming its value, 004 Example 3.)
    text = THREE + "A biete Gleich, B halte\nStich 1: A EA, B EK, C EO\nB drei\nA halte  # stands\n"
    before, after, verdict = _replay(text, "drei", "stands")
    assert [(v.rule, v.seat) for v in verdict.violations] == [("P3-4", "A")]
    assert before != after
    assert [(b.seat, b.action, b.value) for b in verdict.bets] == [
        ("A", "bet", 2), ("B", "hold", 2), ("B", "bet", 3), ("A", "hold", 3)]


def _flagged_in_betting() -> set[str]:
    """Every rule ID written in engine/betting.py: the findings it can flag (and the sets above)."""
    source = Path(betting.__file__).read_text(encoding="utf-8")
    # the @enforces lines name the rules a function checks, not findings it makes (rule_index.py)
    source = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("@enforces("))
    return set(re.findall(r'"([A-Z][A-Z0-9]*-\d+)"', source))


def test_every_kind_of_forbidden_betting_act_is_classified_and_each_void_kind_has_a_row() -> None:
    flagged = _flagged_in_betting()
    assert flagged, "the scan found no rule IDs in engine/betting.py"
    # a new kind of finding must be declared void (and get a row above) or declared to stand
    assert flagged <= betting.VOID | betting.STANDS, flagged - (betting.VOID | betting.STANDS)
    assert betting.STANDS == {"P3-4"}  # the only kind that stands; tested on its own above
    assert {k.rule for k in KINDS} == set(betting.VOID)


def test_who_may_bet_what_follows_the_same_verdicts() -> None:
    # After three tricks to E/W the Spiel is decided: nobody may bet it (000 Betting; BET-8). The
    # show has begun with E/W, who won it: N/S must wait for their turn to show (000 Betting during
    # the show; § 24, no "Vorbieten"), also before "Weisen:" is written.
    state = last_state(four(THREE_TRICKS))
    assert state.may_bet("NS") == [] and state.may_bet("EW") == [G, H]
    # During E/W's turn to show, N/S may not bet (000 Betting during the show; § 24), E/W may.
    state = last_state(four("N das Spiel ist gut\nWeisen:\nStufe 1 E/W:\n"))
    assert state.may_bet("NS") == [] and state.may_bet("EW") == [G, H]
    # A bet seen: its side may not bet that figure next, the other side may (000 Example 3).
    state = last_state(four("E biete Gleich\nN halte\n"))
    assert state.may_bet("EW") == [H, S] and state.may_bet("NS") == [G, H, S]


def test_a_void_bet_in_the_show_settles_nothing() -> None:
    # 000 Example 4: N/S, showing first, bet the Hanger; they may not bet the Gleich (their bet on
    # it was seen), and must still show or concede the Gleich before E/W answer (SHOW-6). North's
    # forbidden Gleich bet is void, so it does not settle the Gleich: W's answer finds it unsettled.
    text = four("N biete Gleich\nE halte\nE das Spiel ist gut\nWeisen:\nStufe 1 N/S:\nS biete Hanger\n"
                "N biete Gleich\nW halte\n")
    result = read_transcript(text, "t.perlagg")
    verdict = [v for v in replay(result.transcript, load_ruleset("innsbruck"))][-1][0].verdict()
    assert [(v.rule, v.seat) for v in verdict.violations] == [("BET-6", "N"), ("SHOW-6", "S")]
