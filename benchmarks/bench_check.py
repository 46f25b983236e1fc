"""Throughput, memory and start-up of `perlagg-streit check`, and a comparison with python-chess.

Everything is measured in one run on one machine, and reported as ratios:
- a generated corpus (default 10,000 deals) checked with --jobs 1 and --jobs 2: deals/s, events/s,
  peak memory;
- where the time goes in-process: reading (lark) against judging (the engine), and what the
  memos of lines and parse paths buy over lark alone;
- start-up: `check` on one small file against a bare `python -c "import lark, click, yaml"`;
- validated events per second against python-chess reading and validating PGN games with the same
  number of moves, generated in the same run (python-chess is a benchmark-only dependency:
  pip install -e ".[bench]").

Run: python benchmarks/bench_check.py [--deals N] [--seed S] [--runs R]
     python benchmarks/bench_check.py --startup-only [--runs R]   # the start-up ratio alone
"""

from __future__ import annotations

import argparse
import gc
import io
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from perlagg_streit.engine import judge
from perlagg_streit.language.reader import read_file
from perlagg_streit.language.writer import format_transcript
from perlagg_streit.rulesets import load_ruleset
from perlagg_streit.tools.batch import collect_garbage_for_a_batch
from perlagg_streit.tools.generate import MatchGenerator

CLI = [sys.executable, "-m", "perlagg_streit.cli"]


def timed(cmd: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def startup_ratio(small: Path, runs: int = 7) -> tuple[float, float]:
    """Seconds of `check` on one small file and of a bare `import lark, click, yaml` (medians,
    each run in turn with the other, after one warm-up of each).

    Both run as an installed program runs: with Python's bytecode (pip compiles it at install;
    an editable install or PYTHONDONTWRITEBYTECODE=1 would make every run compile our sources
    again, which no user pays), kept in a folder of this run, and with the parser's tables in a
    cache folder of this run (built by the warm-up, as by a user's first run).
    """
    with tempfile.TemporaryDirectory() as tmp:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"), XDG_CACHE_HOME=str(Path(tmp) / "cache"))
        ours, bare = [*CLI, "check", str(small)], [sys.executable, "-c", "import lark, click, yaml"]
        timed(ours, env), timed(bare, env)
        pairs = [(timed(ours, env), timed(bare, env)) for _ in range(runs)]
    return statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)


def exit_status(cmd: list[str]) -> int:
    return subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode


def make_corpus(folder: Path, deals: int, seed: int) -> tuple[int, int]:
    generator = MatchGenerator(load_ruleset("innsbruck"), seed)
    files = events = 0
    for n, transcript in enumerate(generator.matches(deals), start=1):
        (folder / f"match-{n:05d}.perlagg").write_text(format_transcript(transcript), "utf-8")
        files += 1
        events += sum(len(d.events) for d in transcript.deals)
    return files, events


def chess_games(moves_wanted: int, seed: int) -> tuple[str, int]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    out = io.StringIO()
    moves = 0
    while moves < moves_wanted:
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        for _ in range(rng.randint(40, 120)):
            legal = list(board.legal_moves)
            if not legal or moves >= moves_wanted:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
            moves += 1
        print(game, file=out, end="\n\n")
    return out.getvalue(), moves


def read_pgn(text: str) -> int:
    import chess.pgn

    handle = io.StringIO(text)
    moves = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        if game.errors:
            raise RuntimeError(game.errors)
        moves += sum(1 for _ in game.mainline_moves())
    return moves


def read_and_judge(paths: list[Path], ruleset: object) -> tuple[float, float]:
    """Seconds spent reading and judging, file by file (nothing kept, as `check` does)."""
    parse_s = engine_s = 0.0
    for path in paths:
        t0 = time.perf_counter()
        result = read_file(path)
        t1 = time.perf_counter()
        judge(result.transcript, ruleset)  # type: ignore[arg-type]
        parse_s += t1 - t0
        engine_s += time.perf_counter() - t1
    return parse_s, engine_s


def read_with_lark_alone(paths: list[Path]) -> float:
    """Seconds to read the corpus with every line parsed by lark itself: no memo of line texts
    nor of parse paths (what the memos buy)."""
    from perlagg_streit.language import reader

    remembered = reader._path_memo
    reader._path_memo = lambda: None  # type: ignore[assignment]
    try:
        t0 = time.perf_counter()
        for path in paths:
            reader._parse_line.cache_clear()
            read_file(path)
        return time.perf_counter() - t0
    finally:
        reader._path_memo = remembered  # type: ignore[assignment]
        reader._parse_line.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--default-gc", action="store_true",
                        help="measure in-process with Python's default garbage collection, not check's")
    parser.add_argument("--startup-only", action="store_true",
                        help="only the start-up ratio, on one generated match (no corpus, no python-chess)")
    parser.add_argument("--runs", type=int, default=7, help="runs of each command for the start-up ratio")
    args = parser.parse_args()
    if args.startup_only:
        with tempfile.TemporaryDirectory() as tmp:
            make_corpus(Path(tmp), 1, args.seed)
            small = sorted(Path(tmp).glob("*.perlagg"))[0]
            startup, bare = startup_ratio(small, args.runs)
        print(f"start-up: check on one file {startup * 1000:.0f} ms, bare imports {bare * 1000:.0f} ms, "
              f"ratio {startup / bare:.2f}")
        return
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        t0 = time.perf_counter()
        files, events = make_corpus(corpus, args.deals, args.seed)
        print(f"corpus: {args.deals} deals, {files} files, {events} events (generated in "
              f"{time.perf_counter() - t0:.1f} s)")

        one = timed([*CLI, "check", str(corpus), "--jobs", "1", "--no-summary"])
        peak_one = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        two = timed([*CLI, "check", str(corpus), "--jobs", "2", "--no-summary"])
        print(f"check --jobs 1: {one:.1f} s = {args.deals / one:,.0f} deals/s, {events / one:,.0f} events/s; "
              f"peak memory {peak_one:.0f} MiB")
        print(f"check --jobs 2: {two:.1f} s = {args.deals / two:,.0f} deals/s; speed-up {one / two:.2f}x")

        status = exit_status([*CLI, "check", str(corpus), "--no-summary"])
        print(f"the corpus replays clean: {'yes' if status == 0 else f'no (exit status {status})'}")
        paths = sorted(corpus.glob("*.perlagg"))
        ruleset = load_ruleset("innsbruck")
        if not args.default_gc:
            # as `check` runs a batch; python-chess is then measured under the same setting
            collect_garbage_for_a_batch()
        print(f"in-process garbage collection: {'Python default' if args.default_gc else 'as check sets it'} "
              f"(thresholds {gc.get_threshold()})")
        parse_s, engine_s = read_and_judge(paths, ruleset)
        print(f"in-process, file by file as check does: read {parse_s:.2f} s, judge {engine_s:.2f} s; "
              f"engine/parse = {engine_s / parse_s:.2f}")
        lark_s = read_with_lark_alone(paths)
        print(f"reading with lark alone (no memo of lines or parse paths): {lark_s:.2f} s, "
              f"{lark_s / parse_s:.2f}x the time with them")

        small = paths[0]
        startup, bare = startup_ratio(small, args.runs)
        print(f"start-up: check on one file {startup * 1000:.0f} ms, bare imports {bare * 1000:.0f} ms, "
              f"ratio {startup / bare:.2f}")

        try:
            pgn, moves = chess_games(events, args.seed)
        except ImportError:
            print("python-chess not installed (pip install -e '.[bench]'): no comparison")
            return
        t0 = time.perf_counter()
        read_moves = read_pgn(pgn)
        chess_s = time.perf_counter() - t0
        ours = events / (parse_s + engine_s)
        theirs = read_moves / chess_s
        print(f"python-chess: {read_moves} moves read and validated in {chess_s:.1f} s = {theirs:,.0f} moves/s")
        print(f"perlagg-streit: {events} events read and judged in {parse_s + engine_s:.1f} s = {ours:,.0f} events/s")
        print(f"ratio perlagg-streit / python-chess (events per second): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
