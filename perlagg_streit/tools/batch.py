"""Check many transcripts: each file is judged and rendered on its own (so files can be
checked in parallel and printed in their original order), then summarised."""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections import Counter, deque
from collections.abc import Generator, Iterable, Iterator
from dataclasses import field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.records import mutable_record, record
from ..engine import judge
from ..engine.enums import FindingKind
from ..engine.ruleset import Ruleset, RulesetError
from ..engine.verdict import MatchVerdict
from ..language.files import STDIN, UnreadableFileError, cannot_search, os_reason, source_name
from ..language.matches import read_matches_file
from ..language.transcript import Transcript
from ..messages import Message, say
from ..render.report import match_text
from ..render.verdict_json import VERDICT_VERSION

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

# Imported where they are needed, not here, so that `check` of one file starts sooner (issue 21):
# the worker pool (concurrent.futures, multiprocessing), the Markdown/HTML reports and --versus.
from ..rulesets import load_ruleset
from ..rulesets.compare import with_other_answers

TRANSCRIPT_SUFFIX = ".perlagg"


@record
class CheckOptions:
    """How to check: ruleset (None: the transcript's tag), language, format, strictness."""

    ruleset: str | None = None
    lang: str = "de"
    format: str = "text"
    strict: bool = False
    versus: str | None = None


@mutable_record
class FileResult:
    """One file's outcome: what to print, and the counts for the summary."""

    path: str
    output: str = ""
    errors: str = ""  # what goes to stderr (syntax errors, unreadable file)
    status: str = "clean"  # clean, violations, unreadable, bad-ruleset, not-checked, internal
    deals: int = 0
    clean_deals: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    matches_with_violations: int = 0
    documents: list[str] = field(default_factory=list)  # --format json: each match's verdict, a JSON text
    # --format html: each match's <article>, its contents line and its title (the command line puts
    # the articles of a batch in one document, render.ruling_page.document_of)
    articles: list[str] = field(default_factory=list)
    contents: list[str] = field(default_factory=list)
    titles: list[str] = field(default_factory=list)


#: What ``check --format json`` prints over several files or matches: one document holding them all.
COLLECTION_FORMAT = "perlagg-streit/verdicts"
#: The JSONL record of a file that could not be judged.
PROBLEM_FORMAT = "perlagg-streit/verdict/problem"


def problem_record(result: FileResult) -> dict[str, Any]:
    """A file that could not be read, parsed or checked, as JSON: its path, why (the result's
    status) and the message printed on stderr, in the run's language."""
    return {"format": PROBLEM_FORMAT, "version": VERDICT_VERSION, "file": result.path, "status": result.status,
            "error": result.errors}


def match_place(path: str, n: int, of: int, event: str | None, lang: str) -> str:
    """Where a match is, for its report: the file, its number among the file's matches, its Event tag."""
    if event:
        return say("batch.match-place-event", lang, file=path, n=n, of=of, event=event)
    return say("batch.match-place", lang, file=path, n=n, of=of)


def transcript_files(paths: Iterable[str], lang: str = "en") -> tuple[list[Path], list[FileResult]]:
    """Files as given, and every ``*.perlagg`` below each folder, sorted; and the folders
    that could not be searched, as results for the summary.

    A symbolic link to a folder inside a folder is not followed (so a link back up cannot
    make a loop); a link to a file is. What is found is only named here, never opened: a
    named pipe or a device called ``*.perlagg`` is refused by the reader without being opened.
    """
    out: list[Path] = []
    problems: list[FileResult] = []
    for p in paths:
        path = Path(p)
        if not path.is_dir():
            out.append(path)
            continue
        errors: list[OSError] = []
        found = [Path(folder) / name for folder, _, names in os.walk(path, onerror=errors.append)
                 for name in names if name.endswith(TRANSCRIPT_SUFFIX)]
        out.extend(sorted(found))
        for exc in errors:
            where = str(exc.filename or p)
            problems.append(FileResult(where, errors=cannot_search(where, exc).report(lang), status="unreadable"))
    return out, problems


def check_file(path: str, options: CheckOptions) -> FileResult:
    """Read, judge and render one file; never raises (but for Ctrl-C and exit).

    Whatever goes wrong with one file, in reading it, loading its ruleset, judging or
    rendering, becomes that file's result, so that a batch of a thousand files goes on.
    """
    try:
        return _check_file(path, options)
    except MemoryError:
        return _not_checked(path, options.lang, Message("batch.no-memory"))
    except OSError as exc:  # the machine refused something a file needed (its ruleset file, say)
        return _not_checked(path, options.lang, os_reason(exc))
    except Exception as exc:  # noqa: BLE001 - a bug of ours in one file must not stop a batch of a thousand
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        return _internal_error(path, options.lang, exc)


def _check_file(path: str, options: CheckOptions) -> FileResult:
    result = FileResult(source_name(path))
    try:
        read = read_matches_file(path)  # one or more matches
    except UnreadableFileError as exc:
        result.status, result.errors = "unreadable", exc.report(options.lang)
        return result
    messages = [e.render(options.lang) for e in read.warnings + read.errors]
    if read.errors:
        result.status, result.errors = "unreadable", "\n".join(messages)
        return result
    result.errors = "\n".join(messages)
    judged: list[tuple[Transcript, str, Ruleset, Ruleset | None]] = []
    for n, transcript in enumerate(read.matches, start=1):
        name = options.ruleset or transcript.tags.get("Ruleset", "innsbruck")
        place = result.path
        if len(read.matches) > 1:  # each report names its match
            place = match_place(result.path, n, len(read.matches), transcript.tags.get("Event"), options.lang)
        try:
            ruleset = load_ruleset(name, None if options.ruleset else path)  # a tag may name only a file beside it
            other = load_ruleset(options.versus) if options.versus else None
        except RulesetError as exc:
            result.status, result.errors = "bad-ruleset", say("batch.bad-ruleset", options.lang, file=place,
                                                              error=exc.text(options.lang))
            return result
        judged.append((transcript, place, ruleset, other))
    result.status = "clean"
    for n, (transcript, place, ruleset, other) in enumerate(judged, start=1):
        where = {"file": result.path, "match_number": n, "event": transcript.tags.get("Event")}
        _judge_and_render(transcript, place, where, ruleset, other, options, result)
        if options.strict and result.status == "violations":
            break
    return result


def _internal_error(path: str, lang: str, exc: BaseException) -> FileResult:
    errors = say("batch.internal-error", lang, file=path, error=f"{type(exc).__name__}: {exc}")
    return FileResult(path, errors=errors, status="internal")


def _not_checked(path: str, lang: str, reason: Message) -> FileResult:
    """A file the machine did not let us check (memory, a worker that was killed); not a bug of ours."""
    return FileResult(path, errors=say("batch.not-checked", lang, file=path, reason=reason), status="not-checked")


def _judge_and_render(transcript: Transcript, place: str, where: dict[str, Any], ruleset: Ruleset,
                      other: Ruleset | None, options: CheckOptions, result: FileResult) -> FileResult:
    """Judge one match and add its report and counts to the file's result; the report is headed
    by the match's place (each finding keeps its file:line)."""
    # each Streitfrage's answer also says where another bundled ruleset of the same form answers otherwise
    verdict = replace(with_other_answers(transcript, ruleset, judge(transcript, ruleset, strict=options.strict)),
                      source=place)
    result.matches += 1
    result.deals += len(verdict.deals)
    result.clean_deals += sum(1 for d in verdict.deals if d.clean)
    result.rules.update(v.rule for v in verdict.violations if v.kind is not FindingKind.RULING)
    if not verdict.clean:
        result.status = "violations"
        result.matches_with_violations += 1
    if options.format == "html" and other is None:  # one document over them all, made by the caller
        from ..render.ruling_page import contents_entry, match_page, ruling_article

        page = match_page(verdict, transcript)
        result.articles.append(ruling_article(page, options.lang))
        result.output += result.articles[-1]  # the article alone, for a caller that takes one file's page
        result.contents.append(contents_entry(page, options.lang, 1))
        result.titles.append(page.tags.get("Event") or verdict.source)
    elif options.format == "json":  # printed by the caller: alone, or within one document over them all
        result.documents.append(_rendered(verdict, transcript, other, options, where))
    else:
        result.output += _rendered(verdict, transcript, other, options, where)
    return result


def _rendered(verdict: MatchVerdict, transcript: Transcript, other: Ruleset | None, options: CheckOptions,
              where: dict[str, Any]) -> str:
    """One match's report in the format asked for; ``where`` (file, match_number, event) goes
    into every JSON object. (The modules of the other formats are imported only for them:
    start-up, issue 21.)"""
    if other is not None:
        second = replace(judge(transcript, other, strict=options.strict), source=verdict.source)
        return _versus(verdict, second, options, where)
    if options.format in ("json", "jsonl"):
        import json

        from ..render.verdict_json import deal_to_json, verdict_to_json

        if options.format == "json":
            return json.dumps({**verdict_to_json(verdict), **where}, ensure_ascii=False, indent=2)
        lines = [json.dumps({**deal_to_json(verdict, d), **where}, ensure_ascii=False) for d in verdict.deals]
        return "".join(line + "\n" for line in lines)
    if options.format == "markdown":
        from ..render.report_markup import markdown_report

        return markdown_report(verdict, options.lang)
    return match_text(verdict, options.lang)


def _versus(left: MatchVerdict, right: MatchVerdict, options: CheckOptions, where: dict[str, Any]) -> str:
    """``--versus`` in the format asked for."""
    import json

    from ..render.ruleset_report import versus_text
    from ..render.versus import versus_html, versus_json, versus_jsonl, versus_markdown

    if options.format == "json":
        return json.dumps({**versus_json(left, right), **where}, ensure_ascii=False, indent=2)
    if options.format == "jsonl":
        return "".join(json.dumps({**line, **where}, ensure_ascii=False) + "\n" for line in versus_jsonl(left, right))
    text = versus_text(left, right, options.lang)
    if options.format == "markdown":
        return versus_markdown(text)
    if options.format == "html":
        return versus_html(text, options.lang)
    return text


def collect_garbage_for_a_batch() -> None:
    """Let Python look for reference cycles less often while a batch is checked.

    Why: the reader keeps thousands of parsed lines, and lark its tables, alive for the whole
    batch, and each of Python's cycle collections walks them again; yet what checking a file
    leaves behind is freed as soon as the file is done (events, states and verdicts hold no
    cycles). A young generation of 20,000 objects instead of 700 takes about 6% off `check`
    (benchmarks/README.md); memory stays the same.
    """
    gc.set_threshold(20_000, 10, 10)


def run_batch(files: list[Path], options: CheckOptions, jobs: int = 1) -> Generator[FileResult, None, None]:
    """Check files, ``jobs`` at a time, yielding results in the order of ``files``.

    Close the iterator (``contextlib.closing``) when stopping early or on Ctrl-C: the worker
    processes are then stopped at once, none is left behind.
    """
    work = [str(f) for f in files]
    if jobs <= 1 or len(work) <= 1:
        yield from _check_here(work, options)
    else:
        yield from _check_in_workers(work, options, jobs)


def _check_here(work: list[str], options: CheckOptions) -> Iterator[FileResult]:
    """Check files one after the other in this process."""
    before = gc.get_threshold()
    collect_garbage_for_a_batch()
    try:
        for path in work:
            yield check_file(path, options)
    finally:
        gc.set_threshold(*before)


# How a piece of work is sent to the workers. A worker that dies (killed, out of memory, a
# crash in C) takes the pool and every piece in it down, without saying which file did it;
# those files are sent again, one by one, and then each alone, so that only the file that
# kills its worker is reported and every other file is judged.
_CHUNK, _SINGLE, _ALONE = 0, 1, 2

Piece = tuple[int, list[int]]  # (how it is sent, indexes of the files in it)


def _check_in_workers(work: list[str], options: CheckOptions, jobs: int) -> Iterator[FileResult]:
    """Check files in ``jobs`` worker processes; results in the order of ``work``."""
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    size = max(1, min(64, len(work) // (jobs * 8)))
    queue: deque[Piece] = deque((_CHUNK, list(range(i, min(i + size, len(work)))))
                                for i in range(0, len(work), size))
    results: dict[int, FileResult] = {}
    in_flight: dict[Future[list[tuple[int, FileResult]]], Piece] = {}
    pool: ProcessPoolExecutor | None = None
    here = False  # no worker could be started: check the rest in this process
    done_up_to = 0
    finished = False
    # standard input is this process's own: what it holds is read and checked here, not in a worker
    for i in [i for i, path in enumerate(work) if path == STDIN]:
        results[i] = check_file(STDIN, options)
    queue = deque((how, kept) for how, indexes in queue if (kept := [i for i in indexes if i not in results]))

    def collect(futures: Iterable[Future[list[tuple[int, FileResult]]]]) -> list[Piece]:
        lost: list[Piece] = []
        for future in futures:
            piece = in_flight.pop(future)
            try:
                results.update(future.result())
            except BrokenProcessPool:
                lost.append(piece)
            except Exception as exc:  # noqa: BLE001 - e.g. a result that could not be sent back
                if os.environ.get("PERLAGG_DEBUG"):
                    raise
                results.update((i, _internal_error(work[i], options.lang, exc)) for i in piece[1])
        return lost

    try:
        while queue or in_flight:
            if pool is None and not here:
                try:
                    pool = _start_pool(jobs)
                except (OSError, BrokenProcessPool):  # e.g. no shared memory, or no more processes allowed
                    here = True
            if pool is None:
                _, indexes = queue.popleft()
                results.update((i, check_file(work[i], options)) for i in indexes)
            else:
                broken = False
                while queue and _may_send(queue[0][0], in_flight.values(), jobs):
                    try:
                        future = pool.submit(_check_piece, [(i, work[i]) for i in queue[0][1]], options)
                    except BrokenProcessPool:  # a worker died while idle: this piece never ran
                        broken = True
                        break
                    in_flight[future] = queue.popleft()
                lost = [] if broken else collect(wait(in_flight, return_when=FIRST_COMPLETED).done)
                if lost or broken:
                    # the pool is broken: what is still in it is lost too (or done just before)
                    lost += collect(wait(in_flight).done)
                    pool.shutdown(wait=True)
                    pool = None
                    again: list[Piece] = []
                    for how, indexes in sorted(lost, key=lambda piece: piece[1][0]):
                        for i in indexes:
                            if how == _ALONE:  # it was alone in its worker: this file killed it
                                results[i] = _not_checked(work[i], options.lang, _WORKER_DIED)
                            else:
                                again.append((how + 1, [i]))
                    queue.extendleft(reversed(again))
            while done_up_to in results:
                yield results.pop(done_up_to)
                done_up_to += 1
        finished = True
    finally:
        if pool is not None:
            _stop_pool(pool, finished)


_WORKER_DIED = Message("batch.worker-died")


def _may_send(how: int, in_flight: Iterable[Piece], jobs: int) -> bool:
    """Whether a piece may go to the workers now: a piece sent alone waits for all others to
    finish, and none is sent while it runs; otherwise two pieces per worker are under way."""
    sending = [h for h, _ in in_flight]
    if _ALONE in sending:
        return False
    if how == _ALONE:
        return not sending
    return len(sending) < 2 * jobs


def _check_piece(piece: list[tuple[int, str]], options: CheckOptions) -> list[tuple[int, FileResult]]:
    """What a worker does: check a few files, each guarded on its own."""
    return [(i, check_file(path, options)) for i, path in piece]


def _start_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` workers, started (so that a failure to start shows here)."""
    from concurrent.futures import ProcessPoolExecutor

    # The workers are forked here, and a signal whose handler raises inside Python's at-fork hooks
    # is printed and dropped: a SIGTERM or Ctrl-C at that moment would be lost and the batch run
    # on. So both are held back until the workers are up, then delivered.
    before = _hold_signals(signal.SIG_BLOCK)
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(os.getpid(),))
        try:
            pool.submit(int).result()
        except BaseException:
            _stop_pool(pool, finished=False)
            raise
    finally:
        _hold_signals(signal.SIG_SETMASK, before)
    return pool


_HELD = frozenset({signal.SIGINT, signal.SIGTERM})


def _hold_signals(how: int, mask: Iterable[int] = _HELD) -> set[int]:
    """Change this thread's signal mask where the platform has one; the mask it had before."""
    if not hasattr(signal, "pthread_sigmask"):
        return set()
    return {int(s) for s in signal.pthread_sigmask(how, mask)}


def _start_worker(parent: int) -> None:
    """Set up a worker process."""
    collect_garbage_for_a_batch()
    # Ctrl-C reaches the whole process group; the parent stops the workers itself, and a
    # worker must not die half-way with a traceback of its own. A SIGTERM handler the parent
    # set before forking is not the worker's: the default (end the process) is.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _hold_signals(signal.SIG_UNBLOCK)  # forked while the parent held them back (_start_pool)
    _end_with_parent(parent)


def _end_with_parent(parent: int) -> None:
    """On Linux, have the kernel end this worker when the parent dies, even by ``kill -9``:
    a worker waiting for work would otherwise wait for ever, an orphan."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes  # here, not at the top: only a worker needs it, and `check` of one file starts sooner

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no libc to ask: the parent's own clean-up must do
        return
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _stop_pool(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut the pool down; when the batch did not finish (Ctrl-C, SIGTERM, a caller that
    stopped early), end the workers at once instead of letting them check files nobody waits for."""
    if finished:
        pool.shutdown(wait=True)
        return
    # There is no public way to end the workers before Python 3.14 (terminate_workers).
    processes = list((getattr(pool, "_processes", None) or {}).values())
    result_queue = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join()
    # A worker ended while it was sending a result leaves half a message in the result pipe,
    # and the pool's manager thread would wait for the rest for ever (and Python, at exit, for
    # that thread). With every worker gone, closing this process's own copy of the pipe's
    # writing end lets the thread read "end of file" and finish.
    writer = getattr(result_queue, "_writer", None)
    if writer is not None:
        writer.close()
    # Wait for that thread here: Python 3.11's exit hook may otherwise wake it through a pipe the
    # thread is closing at that very moment, and print an OSError traceback (fixed in 3.12).
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=5)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


@mutable_record
class Summary:
    """The closing summary of a batch."""

    files: int = 0
    deals: int = 0
    clean_deals: int = 0
    unreadable: list[str] = field(default_factory=list)
    bad_ruleset: list[str] = field(default_factory=list)
    not_checked: list[str] = field(default_factory=list)
    internal: list[str] = field(default_factory=list)
    with_violations: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    matches: int = 0
    matches_with_violations: int = 0

    def add(self, r: FileResult) -> None:
        """Count one file's result."""
        self.files += 1
        self.matches += r.matches
        self.matches_with_violations += r.matches_with_violations
        self.deals += r.deals
        self.clean_deals += r.clean_deals
        self.rules.update(r.rules)
        if r.status == "unreadable":
            self.unreadable.append(r.path)
        elif r.status == "bad-ruleset":
            self.bad_ruleset.append(r.path)
        elif r.status == "violations":
            self.with_violations += 1
        elif r.status == "not-checked":
            self.not_checked.append(r.path)
        elif r.status == "internal":
            self.internal.append(r.path)

    def text(self, lang: str) -> str:
        """The summary as a few lines."""
        counts = [Message("batch.files", n=self.files), Message("batch.deals", n=self.deals),
                  Message("batch.clean-deals", n=self.clean_deals)]
        if self.matches > self.files:  # a file of several matches: the matches are counted too
            counts[1:1] = [Message("batch.matches", n=self.matches)]
        problems = [Message("batch.files-with-violations", n=self.with_violations),
                    Message("batch.unreadable-count", n=len(self.unreadable))]
        lines = [say("batch.summary", lang, counts=counts, problems=problems)]
        if self.rules:
            by_rule = ", ".join(f"{rule} {n}" for rule, n in sorted(self.rules.items()))
            lines.append(say("batch.by-rule", lang, rules=by_rule))
        for code, paths in (("batch.unreadable", self.unreadable), ("batch.bad-ruleset-file", self.bad_ruleset),
                            ("batch.not-checked-file", self.not_checked), ("batch.internal-file", self.internal)):
            lines += [say(code, lang, file=path) for path in paths]
        return "\n".join(lines) + "\n"

    def json(self) -> dict[str, Any]:
        """The summary as JSON data (in ``check --format json`` over several files or matches)."""
        return {"files": self.files, "matches": self.matches, "deals": self.deals, "clean_deals": self.clean_deals,
                "files_with_violations": self.with_violations, "matches_with_violations": self.matches_with_violations,
                "unreadable": self.unreadable, "bad_ruleset": self.bad_ruleset, "not_checked": self.not_checked,
                "internal": self.internal, "by_rule": dict(sorted(self.rules.items()))}


PROBLEMS = ("unreadable", "bad-ruleset", "not-checked", "internal")


class JsonDocument:
    """``check --format json`` as one JSON document, written as the results come.

    A single match from a single file named on the command line is its verdict document, as it
    always was; anything more (several files, a folder, a file of several matches) is one
    collection: ``{"format": "perlagg-streit/verdicts", "version": 1, "matches": [...],
    "problems": [...], "summary": {...}}`` (docs/verdict-schema.json). The matches are streamed,
    so a batch of thousands is not held in memory.
    """

    def __init__(self, single: bool) -> None:
        self.single = single
        self.opened = False
        self.problems: list[dict[str, Any]] = []

    def add(self, result: FileResult) -> str:
        """What to print for one file's result now."""
        if result.status in PROBLEMS:
            self.problems.append(problem_record(result))
        if self.single and not self.opened and len(result.documents) <= 1 and not self.problems:
            return "".join(doc + "\n" for doc in result.documents)
        self.single = False
        text = ""
        for doc in result.documents:
            if self.opened:
                text += ",\n"
            else:
                text += f'{{"format": "{COLLECTION_FORMAT}", "version": {VERDICT_VERSION}, "matches": [\n'
                self.opened = True
            text += doc
        return text

    def close(self, totals: Summary) -> str:
        """The end of the document: the problems and the summary."""
        import json
        if self.single:
            return ""
        head = "" if self.opened else f'{{"format": "{COLLECTION_FORMAT}", "version": {VERDICT_VERSION}, "matches": ['
        problems = json.dumps(self.problems, ensure_ascii=False, indent=2)
        return (head + f'\n], "problems": {problems},\n"summary": '
                + json.dumps(totals.json(), ensure_ascii=False, indent=2) + "}\n")
