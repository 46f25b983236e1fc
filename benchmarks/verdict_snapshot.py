#!/usr/bin/env python3
"""Snapshot every verdict, to show that a change of code changes none (a refactor) or only the
ones it means to (a fix).

    python benchmarks/verdict_snapshot.py corpus DIR [--deals 2000] [--seed 7]   # once, before
    python benchmarks/verdict_snapshot.py take DIR OUT.jsonl                      # before and after
    python benchmarks/verdict_snapshot.py compare BEFORE.jsonl AFTER.jsonl

``corpus`` writes generated matches of every bundled ruleset to DIR (keep it: the generator itself
may change). ``take`` judges every case (under each of its expectations' rulesets), every example
and every file of DIR, and writes one JSON line per judgement: the verdict as ``check --format
json`` gives it, and the read transcript as ``parse --json`` gives it. ``compare`` names every
judgement that differs, and exits 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from perlagg_streit.engine import judge  # noqa: E402
from perlagg_streit.language.jsonform import transcript_to_json  # noqa: E402
from perlagg_streit.language.reader import read_file  # noqa: E402
from perlagg_streit.render.verdict_json import verdict_to_json  # noqa: E402
from perlagg_streit.rulesets import bundled_names, load_ruleset  # noqa: E402


def make_corpus(folder: Path, deals: int, seed: int) -> int:
    """Generated matches of every bundled ruleset, about ``deals`` deals in all."""
    from perlagg_streit.language.writer import format_transcript
    from perlagg_streit.tools.generate import MatchGenerator

    folder.mkdir(parents=True, exist_ok=True)
    names = bundled_names()
    written = 0
    for k, name in enumerate(names):
        generator = MatchGenerator(load_ruleset(name), seed + k)
        for n, transcript in enumerate(generator.matches(max(1, deals // len(names))), start=1):
            (folder / f"{name}-{n:04d}.perlagg").write_text(format_transcript(transcript), "utf-8")
            written += 1
    return written


def judgements(corpus: Path | None) -> list[tuple[Path, str | None]]:
    """(transcript, ruleset or None for its own tag) for every case, example and corpus file."""
    out: list[tuple[Path, str | None]] = []
    for expect in sorted((ROOT / "cases").rglob("*.expect.yaml")):
        data = yaml.safe_load(expect.read_text("utf-8"))
        name = expect.name[: -len(".expect.yaml")]
        transcript = expect.parent / data.get("transcript", f"{name}.perlagg")
        ruleset = data.get("ruleset", "innsbruck")
        if not ruleset.endswith((".yaml", ".yml")):
            out.append((transcript, ruleset))
        else:
            out.append((transcript, str(expect.parent / ruleset)))
    out += [(p, None) for p in sorted((ROOT / "examples").glob("*.perlagg"))]
    if corpus is not None:
        out += [(p, None) for p in sorted(corpus.glob("*.perlagg"))]
    return out


def take(corpus: Path | None, out_path: Path) -> int:
    """Judge everything and write one line per judgement."""
    with out_path.open("w", encoding="utf-8") as out:
        for path, ruleset_name in judgements(corpus):
            read = read_file(str(path))
            key = f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path} @ {ruleset_name or 'tag'}"
            record: dict[str, object] = {"key": key, "errors": [e.render() for e in read.errors]}
            if not read.errors:
                name = ruleset_name or read.transcript.tags.get("Ruleset", "innsbruck")
                ruleset = load_ruleset(name, None if ruleset_name else path)
                record["transcript"] = transcript_to_json(read.transcript)
                record["verdict"] = verdict_to_json(judge(read.transcript, ruleset))
            # Paths inside the checkout are written relative to it, so that snapshots taken in two
            # checkouts (a worktree and main) compare equal when their verdicts are.
            line = json.dumps(record, ensure_ascii=False, sort_keys=True).replace(f"{ROOT}/", "")
            out.write(line + "\n")
    return sum(1 for _ in out_path.open(encoding="utf-8"))


def compare(before: Path, after: Path) -> int:
    """The judgements that differ between two snapshots; 1 if any does."""
    def load(p: Path) -> dict[str, str]:
        return {json.loads(line)["key"]: line for line in p.open(encoding="utf-8")}

    a, b = load(before), load(after)
    differ = sorted(k for k in a.keys() & b.keys() if a[k] != b[k])
    for key in sorted(a.keys() ^ b.keys()):
        print(f"only in {'before' if key in a else 'after'}: {key}")
    for key in differ:
        print(f"differs: {key}")
    print(f"{len(a.keys() & b.keys())} judgements compared, {len(differ)} differ, "
          f"{len(a.keys() ^ b.keys())} in one snapshot only")
    return 1 if differ or (a.keys() ^ b.keys()) else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    c = sub.add_parser("corpus")
    c.add_argument("folder", type=Path)
    c.add_argument("--deals", type=int, default=2000)
    c.add_argument("--seed", type=int, default=7)
    t = sub.add_parser("take")
    t.add_argument("corpus", type=Path, nargs="?")
    t.add_argument("out", type=Path)
    m = sub.add_parser("compare")
    m.add_argument("before", type=Path)
    m.add_argument("after", type=Path)
    args = parser.parse_args()
    if args.what == "corpus":
        print(f"{make_corpus(args.folder, args.deals, args.seed)} files written to {args.folder}")
        return 0
    if args.what == "take":
        print(f"{take(args.corpus, args.out)} judgements written to {args.out}")
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
