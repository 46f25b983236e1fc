"""Check many transcripts: each file is judged and rendered on its own (so files can be
checked in parallel and printed in their original order), then summarised."""

from __future__ import annotations

import gc
import json
import os
from collections import Counter
from collections.abc import Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from .engine import judge
from .engine.ruleset import Ruleset, RulesetError
from .reader import UnreadableFileError, read_file
from .report import match_text
from .report_markup import html_report, markdown_report
from .ruleset_files import load_ruleset
from .ruleset_report import versus_text
from .transcript import Transcript
from .verdict_json import deal_to_json, verdict_to_json

TRANSCRIPT_SUFFIX = ".perlagg"


@dataclass(frozen=True)
class CheckOptions:
    """How to check: ruleset (None: the transcript's tag), language, format, strictness."""

    ruleset: str | None = None
    lang: str = "de"
    format: str = "text"
    strict: bool = False
    versus: str | None = None


@dataclass
class FileResult:
    """One file's outcome: what to print, and the counts for the summary."""

    path: str
    output: str = ""
    errors: str = ""  # what goes to stderr (syntax errors, unreadable file)
    status: str = "clean"  # clean, violations, unreadable, bad-ruleset, internal
    deals: int = 0
    clean_deals: int = 0
    rules: Counter[str] = field(default_factory=Counter)


def transcript_files(paths: Iterable[str]) -> list[Path]:
    """Files as given, and every ``*.perlagg`` below each folder, sorted."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        out.extend(sorted(path.rglob(f"*{TRANSCRIPT_SUFFIX}")) if path.is_dir() else [path])
    return out


def check_file(path: str, options: CheckOptions) -> FileResult:
    """Read, judge and render one file; never raises for bad input."""
    result = FileResult(path)
    try:
        read = read_file(path)
    except UnreadableFileError as exc:
        result.status, result.errors = "unreadable", f"error: {exc}"
        return result
    messages = [e.render() for e in read.warnings + read.errors]
    if read.errors:
        result.status, result.errors = "unreadable", "\n".join(messages)
        return result
    result.errors = "\n".join(messages)
    name = options.ruleset or read.transcript.tags.get("Ruleset", "innsbruck")
    try:
        ruleset = load_ruleset(name, None if options.ruleset else path)  # a tag may name only a file beside it
        other = load_ruleset(options.versus) if options.versus else None
    except RulesetError as exc:
        bad = "Regelwerk fehlerhaft" if options.lang == "de" else "bad ruleset"
        result.status, result.errors = "bad-ruleset", f"{path}: {bad}: {exc.text(options.lang)}"
        return result
    try:
        return _judge_and_render(read.transcript, ruleset, other, options, result)
    except Exception as exc:  # noqa: BLE001 - a bug of ours in one file must not stop a batch of a thousand
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        result.status = "internal"
        result.output = ""
        result.errors = (f"{path}: internal error: {type(exc).__name__}: {exc} (this file was not judged; "
                         "set PERLAGG_DEBUG=1 for details and please report it)")
        return result


def _judge_and_render(transcript: Transcript, ruleset: Ruleset, other: Ruleset | None, options: CheckOptions,
                      result: FileResult) -> FileResult:
    verdict = judge(transcript, ruleset, strict=options.strict)
    result.deals = len(verdict.deals)
    result.clean_deals = sum(1 for d in verdict.deals if d.clean)
    result.rules = Counter(v.rule for v in verdict.violations if v.kind != "ruling")
    result.status = "clean" if verdict.clean else "violations"
    if other is not None:
        result.output = versus_text(verdict, judge(transcript, other, strict=options.strict), options.lang)
    elif options.format == "json":
        result.output = json.dumps(verdict_to_json(verdict), ensure_ascii=False, indent=2) + "\n"
    elif options.format == "markdown":
        result.output = markdown_report(verdict, options.lang)
    elif options.format == "html":
        result.output = html_report(verdict, options.lang)
    elif options.format == "jsonl":
        lines = [json.dumps(deal_to_json(verdict, d), ensure_ascii=False) for d in verdict.deals]
        result.output = "".join(line + "\n" for line in lines)
    else:
        result.output = match_text(verdict, options.lang)
    return result


def _check_one(args: tuple[str, CheckOptions]) -> FileResult:
    return check_file(*args)


def collect_garbage_for_a_batch() -> None:
    """Let Python look for reference cycles less often while a batch is checked.

    Why: the reader keeps thousands of parsed lines, and lark its tables, alive for the whole
    batch, and each of Python's cycle collections walks them again; yet what checking a file
    leaves behind is freed as soon as the file is done (events, states and verdicts hold no
    cycles). A young generation of 20,000 objects instead of 700 takes about 6% off `check`
    (benchmarks/README.md); memory stays the same.
    """
    gc.set_threshold(20_000, 10, 10)


def run_batch(files: list[Path], options: CheckOptions, jobs: int = 1) -> Iterator[FileResult]:
    """Check files, ``jobs`` at a time, yielding results in the order of ``files``."""
    work = [(str(f), options) for f in files]
    if jobs <= 1 or len(work) <= 1:
        before = gc.get_threshold()
        collect_garbage_for_a_batch()
        try:
            yield from map(_check_one, work)
        finally:
            gc.set_threshold(*before)
        return
    chunk = max(1, len(work) // (jobs * 8))
    with ProcessPoolExecutor(max_workers=jobs, initializer=collect_garbage_for_a_batch) as pool:
        yield from pool.map(_check_one, work, chunksize=chunk)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


@dataclass
class Summary:
    """The closing summary of a batch."""

    files: int = 0
    deals: int = 0
    clean_deals: int = 0
    unreadable: list[str] = field(default_factory=list)
    bad_ruleset: list[str] = field(default_factory=list)
    internal: list[str] = field(default_factory=list)
    with_violations: int = 0
    rules: Counter[str] = field(default_factory=Counter)

    def add(self, r: FileResult) -> None:
        """Count one file's result."""
        self.files += 1
        self.deals += r.deals
        self.clean_deals += r.clean_deals
        self.rules.update(r.rules)
        if r.status == "unreadable":
            self.unreadable.append(r.path)
        elif r.status == "bad-ruleset":
            self.bad_ruleset.append(r.path)
        elif r.status == "violations":
            self.with_violations += 1
        elif r.status == "internal":
            self.internal.append(r.path)

    def text(self, lang: str) -> str:
        """The summary as a few lines."""
        de = lang == "de"
        head = (f"{self.files} Dateien, {self.deals} Ausgaben, davon {self.clean_deals} ohne Verstoß; "
                f"{self.with_violations} Dateien mit Verstößen, {len(self.unreadable)} nicht lesbar"
                if de else
                f"{self.files} files, {self.deals} deals, {self.clean_deals} clean; "
                f"{self.with_violations} files with violations, {len(self.unreadable)} unreadable")
        lines = [head]
        if self.rules:
            label = "Verstöße nach Regel" if de else "violations by rule"
            lines.append(f"{label}: " + ", ".join(f"{rule} {n}" for rule, n in sorted(self.rules.items())))
        for path in self.unreadable:
            lines.append(("nicht lesbar: " if de else "unreadable: ") + path)
        for path in self.bad_ruleset:
            lines.append(("Regelwerk fehlerhaft: " if de else "bad ruleset: ") + path)
        for path in self.internal:
            lines.append(("interner Fehler (bitte melden): " if de else "internal error (please report): ") + path)
        return "\n".join(lines) + "\n"
