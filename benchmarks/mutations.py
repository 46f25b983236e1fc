#!/usr/bin/env python3
"""The mutation tests of issue 18, item 13, in a big run (tests/test_mutations.py runs a sample).

    python benchmarks/mutations.py [--seeds 30] [--per-cell 150] [--jobs 2] [--ruleset NAME ...]

Generates ``--seeds`` whole matches per bundled ruleset (seeds 0, 1, ...), judges each (any finding
is a false alarm), then draws up to ``--per-cell`` mutants per operator and ruleset and judges
each; prints the same rate table as the test (per operator and per form) and exits 1 if a clean
match has a finding, a mutant is not caught with the right rule, or a void act changes anything
else. The rulesets are run in
``--jobs`` worker processes; the result does not depend on their number.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import mutation_kit as kit  # noqa: E402


def one_ruleset(args: tuple[str, int, int]) -> kit.Campaign:
    """One ruleset's campaign, without the replay states (they are not needed for the table)."""
    name, seeds, per_cell = args
    return kit.campaign([name], range(seeds), per_cell).strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=30, help="whole matches per ruleset")
    parser.add_argument("--per-cell", type=int, default=150, help="mutants drawn per operator and ruleset")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ruleset", action="append", choices=list(kit.FORMS), help="default: every bundled one")
    args = parser.parse_args()
    names = args.ruleset or list(kit.FORMS)
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        parts = list(pool.map(one_ruleset, [(n, args.seeds, args.per_cell) for n in names]))
    merged = kit.Campaign.merge(parts)
    print(kit.report(merged))
    print(f"{time.perf_counter() - start:.0f} s with {args.jobs} worker(s)")
    return 1 if merged.failures or merged.false_alarms or merged.side_effects else 0


if __name__ == "__main__":
    sys.exit(main())
