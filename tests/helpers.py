"""Helpers shared by the tests: where things are, reading and judging a text, the command line.

Imported as ``from helpers import ...`` (pytest puts this folder on the import path). A helper
that two test files need lives here, not copied into both.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from perlagg_streit.cli import cli
from perlagg_streit.engine import judge, replay
from perlagg_streit.engine.ruleset import Ruleset
from perlagg_streit.engine.verdict import MatchVerdict
from perlagg_streit.engine.view import DealView
from perlagg_streit.language.reader import read_transcript
from perlagg_streit.language.transcript import Event, Transcript
from perlagg_streit.rulesets import load_ruleset

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "cases"
EXAMPLES = REPO / "examples"
DATA = REPO / "tests" / "data"
#: The examples played at a table of four (the others are for three, six or Strafperlaggen).
FOUR_PLAYER_EXAMPLES = [EXAMPLES / f"{name}.perlagg" for name in ("ausgabe", "beispiel", "streitfall")]

#: The four hands most engine tests deal. West deals, South cuts, North leads; leaves are trumps
#: (turn-up L8), so the Perlaggen are HK, Weli, S7, E7, L7, LU, LO: South's LU and West's S7.
#: N holds pairs of 9s and 8s, E three Aces, S the Hanger A-K of bells, W the Hanger K-O of acorns.
FOUR_HANDS = """\
Karten N: L10 H8 H9 E8 E9
Karten E: LA HA HO E10 EA
Karten S: LU SA SK S10 S9
Karten W: S7 S8 EK EO L9
"""

#: The three hands of the three-player tests (drei): C deals, B cuts, A leads; bells are trumps (turn-up
#: S9), and no Perlagg is dealt.
THREE_HANDS = """\
Karten A: EA LA H10 L10 L9 E9 H8
Karten B: EK LK H9 L8 E8 HU EU
Karten C: HO LO EO SA S8 H7 L7
"""

#: Who cuts for each dealer at four: the dealer's right-hand neighbour.
CUTTER = {"N": "W", "E": "N", "S": "E", "W": "S"}


def read_ok(text: str, source: str = "t.perlagg") -> Transcript:
    """The transcript of a text that must read without an error (the errors are shown if not)."""
    result = read_transcript(text, source)
    assert result.errors == [], [e.render() for e in result.errors]
    return result.transcript


def judged(text: str, ruleset: str | None = "innsbruck", strict: bool = False) -> MatchVerdict:
    """The verdict on a text that must read; ``ruleset`` None: the one its tag names (else innsbruck)."""
    transcript = read_ok(text)
    name = ruleset or transcript.tags.get("Ruleset", "innsbruck")
    return judge(transcript, load_ruleset(name), strict=strict)


def last_state(text: str, ruleset: str | None = "innsbruck") -> DealView:
    """The deal's state after the last event of a text; ``ruleset`` None: the one its tag names."""
    transcript = read_transcript(text, "t.perlagg").transcript
    name = ruleset or transcript.tags.get("Ruleset", "innsbruck")
    return [state for state, _ in replay(transcript, load_ruleset(name))][-1]


def replay_to_verdict(transcript: Transcript, ruleset: Ruleset, at_each: Callable[[DealView], None]) -> MatchVerdict:
    """Replay, calling ``at_each(state)`` at every step; the verdict ``replay`` returns at its end."""
    steps = replay(transcript, ruleset)
    while True:
        try:
            state, _event = next(steps)
        except StopIteration as done:
            verdict: MatchVerdict = done.value
            return verdict
        at_each(state)


def rules_by_deal(verdict: MatchVerdict) -> list[tuple[str, int]]:
    """Each finding of a match as its rule and the number of its deal."""
    return [(v.rule, v.place.deal) for v in verdict.violations]


def first_event(text: str) -> Event:
    """The first event of a deal holding ``text`` (which must read)."""
    return read_ok(f"Ausgabe 1\n{text}\n", "<transcript>").deals[0].events[0]


def invoke(*args: str, stdin: str | bytes | None = None) -> Any:
    """The command line run in this process (click's runner), ``stdin`` its standard input; never a traceback."""
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert "Traceback" not in result.output
    return result


def cli_run(*args: str) -> tuple[int, str]:
    """The command line run in this process: its exit code and what it wrote."""
    result = invoke(*args)
    return result.exit_code, result.output


def cli_process(*args: str, timeout: float = 60, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """The command line in its own process (as a user runs it), output captured as UTF-8 text,
    stopped after ``timeout`` seconds."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    kwargs.setdefault("encoding", "utf-8")
    return subprocess.run([sys.executable, "-m", "perlagg_streit.cli", *args], text=True, timeout=timeout, **kwargs)


@contextmanager
def live_server(channel_seconds: float = 30, work_seconds: float = 10) -> Iterator[str]:
    """``perlagg-streit serve`` on a free port of localhost, in a thread of this process: its base URL."""
    import threading

    from perlagg_streit.web.app import make_server

    server = make_server("127.0.0.1", 0, channel_seconds=channel_seconds, work_seconds=work_seconds)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.close()
        thread.join(10)
