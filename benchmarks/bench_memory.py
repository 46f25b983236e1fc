"""Peak memory of `perlagg-streit check` on hostile inputs of up to 20 MB.

Each input is written to a temporary folder and checked by `perlagg-streit check` in a process
of its own; the figure is that process's peak resident memory (``ru_maxrss`` from ``wait4``),
with its run time, exit status and the size of what it printed. The goal (issue 19): under
500 MB for any input up to 20 MB. Not a timed test: the times are only for orientation.

The inputs:
- ``distinct-shows``: one deal, then show lines of five random cards, every one different;
- ``many-deals``: a generated deal again and again with rising deal numbers;
- ``one-long-line``: a single show line of the whole size;
- ``syntax-errors``: lines that do not read, every one different;
- ``one-card-plays``: one deal, then ``N HA``-style lines (the most objects per byte);
- ``empty-deals``: ``Ausgabe 1``, ``Ausgabe 2``, ...;
- ``long-hands``: hand lines as long as a line may be;
- ``distinct-comments``: comment lines, every one different;
and, just under the reader's limits (so that they are read and judged in full, which costs the
most): ``plays-at-limit``, ``deals-at-limit``, ``empty-deals-at-limit``.

Run: python benchmarks/bench_memory.py [--size MB] [--only NAME ...] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from perlagg_streit.language.reader import MAX_DEALS, MAX_ITEMS, MAX_LINE_CHARS
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.generate import MatchGenerator

CLI = [sys.executable, "-m", "perlagg_streit.cli", "check", "--lang", "en", "--jobs", "1"]
CODES = [f"{s}{r}" for s in "ELHS" for r in ("A", "K", "O", "U", "10", "9", "8", "7", "6")]
SETUP = ("[Event \"hostile\"]\n[Ruleset \"innsbruck\"]\n\nAusgabe 1\nGeber: E\nKarten N: Weli E10 SK E8 L8\n"
         "Karten E: LA HU L9 SA LU\nKarten S: HK H8 HA S8 LO\nKarten W: EO EU L7 SU S9\nAufschlag: H10\n")


def _generated_deal() -> str:
    """One deal as `fmt` writes it (its 'Ausgabe' line first), from a generated match."""
    transcript = next(iter(MatchGenerator(load_ruleset("innsbruck"), 3).matches(1)))
    text = format_transcript(transcript)
    start = text.index("Ausgabe 1")
    end = text.find("\nAusgabe 2", start)
    return text[start:] if end < 0 else text[start:end + 1]


def distinct_shows(rng: random.Random) -> Iterator[str]:
    yield SETUP + "Weisen:\n"
    while True:
        yield f"{rng.choice('NESW')} zeigt Gleich {' '.join(rng.sample(CODES, 5))}\n"


def many_deals(rng: random.Random, limit: int | None = None) -> Iterator[str]:
    deal = _generated_deal()
    yield "[Event \"hostile\"]\n[Ruleset \"innsbruck\"]\n\n"
    number = 1
    while limit is None or number <= limit:
        yield deal.replace("Ausgabe 1", f"Ausgabe {number}", 1) + "\n"
        number += 1


def one_long_line(rng: random.Random) -> Iterator[str]:
    yield SETUP + "Weisen:\nN zeigt Gleich"
    while True:
        yield " " + " ".join(rng.choice(CODES) for _ in range(1000))


def syntax_errors(rng: random.Random) -> Iterator[str]:
    while True:
        yield f"N zeigt Gleich HA HK xx{rng.randrange(10**9)}\n"


def one_card_plays(rng: random.Random, limit: int | None = None) -> Iterator[str]:
    yield SETUP
    for _ in range(limit) if limit is not None else iter(int, 1):
        yield f"{rng.choice('NESW')} {rng.choice(CODES)}\n"


def empty_deals(rng: random.Random, limit: int | None = None) -> Iterator[str]:
    number = 1
    while limit is None or number <= limit:
        yield f"Ausgabe {number}\n"
        number += 1


def long_hands(rng: random.Random) -> Iterator[str]:
    yield "Ausgabe 1\nGeber: E\n"
    per_line = (MAX_LINE_CHARS - 20) // 4  # codes of up to three characters and a space
    while True:
        yield f"Karten {rng.choice('NESW')}: " + " ".join(rng.choice(CODES) for _ in range(per_line)) + "\n"


def distinct_comments(rng: random.Random) -> Iterator[str]:
    while True:
        yield f"# Anmerkung {rng.randrange(10**12)}\n"


# the "-at-limit" inputs stop just under the reader's limits (when --size leaves room for that)
SHAPES: list[tuple[str, Callable[[random.Random], Iterator[str]]]] = [
    ("distinct-shows", distinct_shows),
    ("many-deals", many_deals),
    ("one-long-line", one_long_line),
    ("syntax-errors", syntax_errors),
    ("one-card-plays", one_card_plays),
    ("empty-deals", empty_deals),
    ("long-hands", long_hands),
    ("distinct-comments", distinct_comments),
    ("plays-at-limit", lambda rng: one_card_plays(rng, MAX_ITEMS - 20)),
    # a generated deal is about 45 lines and events: as many as fit under MAX_ITEMS
    ("deals-at-limit", lambda rng: many_deals(rng, MAX_ITEMS // 45 - 10)),
    ("empty-deals-at-limit", lambda rng: empty_deals(rng, MAX_DEALS)),
]


def write_input(path: Path, pieces: Iterator[str], size: int) -> int:
    """Write pieces until the file reaches ``size`` bytes (or the pieces run out); the last piece
    is cut after its last whole line, if it has one, so that no input ends in half a line."""
    written = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for piece in pieces:
            room = size - written
            if len(piece) >= room:
                last = piece[:room]
                if "\n" in last:
                    last = last[: last.rindex("\n") + 1]
                elif piece.endswith("\n"):
                    last = ""  # a whole line or none (only the one long line is cut inside)
                out.write(last)
                break
            out.write(piece)
            written += len(piece.encode("utf-8"))
    return path.stat().st_size


def peak_of_check(path: Path) -> tuple[float, float, int, int]:
    """Run `check` on one file: (peak RSS in MiB, seconds, exit status, bytes printed)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        proc = subprocess.Popen([*CLI, str(path)], stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        elapsed = time.perf_counter() - start
        printed = out.seek(0, os.SEEK_END)
    return usage.ru_maxrss / 1024, elapsed, proc.returncode, printed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=float, default=20.0, help="size of each input in MB (default 20)")
    parser.add_argument("--only", nargs="*", default=None, help="only these inputs")
    parser.add_argument("--keep", type=Path, default=None, help="write the inputs here and keep them")
    args = parser.parse_args()
    size = int(args.size * 1_000_000)
    folder_context = tempfile.TemporaryDirectory() if args.keep is None else None
    folder = args.keep or Path(folder_context.name)  # type: ignore[union-attr]
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'input':<22} {'size MB':>8} {'peak MiB':>9} {'seconds':>8} {'exit':>5} {'printed':>10}")
    worst = 0.0
    for name, shape in SHAPES:
        if args.only and name not in args.only:
            continue
        path = folder / f"{name}.perlagg"
        written = write_input(path, shape(random.Random(19)), size)
        peak, seconds, status, printed = peak_of_check(path)
        worst = max(worst, peak)
        print(f"{name:<22} {written / 1e6:>8.2f} {peak:>9.0f} {seconds:>8.1f} {status:>5} {printed:>10,}", flush=True)
        if args.keep is None:
            path.unlink()
    print(f"worst peak: {worst:.0f} MiB (goal: under 500 MB for any input up to 20 MB)")
    if folder_context is not None:
        folder_context.cleanup()


if __name__ == "__main__":
    main()
