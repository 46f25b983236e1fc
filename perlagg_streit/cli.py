"""The ``perlagg-streit`` command line: thin click commands over the library.

Exit status (see README): 0 all well; 1 violations found; 2 usage error or,
for ``parse`` and ``fmt``, a transcript with syntax errors; 3 (``check``)
input that could not be read or parsed; 70 an internal error of ours.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from . import __version__
from .batch import TRANSCRIPT_SUFFIX, CheckOptions, Summary, default_jobs, run_batch, transcript_files
from .engine.ruleset import Ruleset, RulesetError
from .jsonform import event_to_json, transcript_to_json
from .reader import ReadResult, TranscriptError, UnreadableFileError, read_file, read_transcript
from .report import colourise
from .ruleset_files import bundled_names, load_ruleset
from .ruleset_report import diff_text, show_text
from .safe_text import printable
from .writer import format_transcript

EXIT_VIOLATIONS = 1
EXIT_SYNTAX = 2
EXIT_UNREADABLE = 3
EXIT_INTERNAL = 70


class TranscriptSyntaxFailure(click.ClickException):
    """Some transcripts had syntax errors (already printed)."""

    exit_code = EXIT_SYNTAX

    def show(self, file: Any = None) -> None:
        click.echo(self.format_message(), err=True)


def _print_errors(errors: list[TranscriptError]) -> None:
    for error in errors:
        click.echo(error.render(), err=True)


def _read(path: str) -> ReadResult | None:
    """Read one file, printing its errors; None if it could not be read at all."""
    try:
        result = read_file(path)
    except UnreadableFileError as exc:
        click.echo(f"error: {exc}", err=True)
        return None
    _print_errors(result.warnings)
    _print_errors(result.errors)
    return result


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="perlagg-streit")
def cli() -> None:
    """perlagg-streit: the referee for Perlaggen (Schiedsrichter für Perlaggen)."""


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the events as JSON (one document per file).")
def parse(files: tuple[str, ...], as_json: bool) -> None:
    """Parse transcripts and print their events, or list every syntax error."""
    failed = 0
    for path in files:
        result = _read(path)
        if result is None or result.errors:
            failed += 1
            if result is None:
                continue
        if as_json:
            click.echo(json.dumps(transcript_to_json(result.transcript), ensure_ascii=False, indent=2))
            continue
        t = result.transcript
        click.echo(f"{printable(path)}: {len(t.deals)} deal(s)")
        for line in t.header:
            for event in line.events:
                click.echo(f"  {event.pos}  {_event_text(event)}")
        for deal in t.deals:
            click.echo(f"  deal {deal.number}")
            for event in deal.events:
                click.echo(f"    {event.pos}  {_event_text(event)}")
    if failed:
        raise TranscriptSyntaxFailure(f"{failed} of {len(files)} file(s) could not be read cleanly")


def _event_text(event: Any) -> str:
    data = event_to_json(event)
    kind = data.pop("type")
    data.pop("line")
    data.pop("column")
    fields = ", ".join(f"{k}={v}" for k, v in data.items())
    return printable(f"{kind}({fields})")  # a tag's value or a Streitfrage is the user's text


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option("--in-place", "-i", is_flag=True, help="Rewrite each file that parsed cleanly (atomically).")
@click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
              help="Keywords of the canonical form.")
def fmt(files: tuple[str, ...], in_place: bool, lang: str) -> None:
    """Print transcripts in the canonical form, or rewrite them with --in-place.

    A file is rewritten only when it parsed without error and its new text
    reads back to the same transcript; otherwise it is left untouched.
    """
    failed = 0
    for path in files:
        result = _read(path)
        if result is None or result.errors:
            failed += 1
            if result is not None:
                click.echo(f"{path}: not formatted, the file is left as it was", err=True)
            continue
        text = format_transcript(result.transcript, lang)
        check = read_transcript(text, path)
        if check.errors or check.transcript != result.transcript:
            # A bug of ours must never cost the user a file.
            click.echo(f"{path}: internal error: the formatted text does not read back the same; "
                       "the file is left as it was", err=True)
            failed += 1
            continue
        if in_place:
            _write_atomically(Path(path), text)
        else:
            click.echo(text, nl=False)
    if failed:
        raise TranscriptSyntaxFailure(f"{failed} of {len(files)} file(s) not formatted")


def _write_atomically(path: Path, text: str) -> None:
    """Replace a file's contents so that a crash leaves either the old or the new text."""
    directory = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def _default_lang() -> str:
    """German for a German locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--ruleset", "-r", "ruleset_name", default=None,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag, else innsbruck.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Report language (default: locale).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json", "jsonl", "markdown", "html"]), default="text",
              show_default=True)
@click.option("--strict", is_flag=True, help="Stop at the first violation (the replay and the batch).")
@click.option("--versus", "versus_name", default=None,
              help="A second ruleset: judge under both and show where the verdicts part.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Files checked in parallel (default: the number of cores).")
@click.option("--summary/--no-summary", default=None,
              help="A closing summary on stderr (default: when more than one file is checked).")
def check(paths: tuple[str, ...], ruleset_name: str | None, lang: str | None, fmt_: str, strict: bool,
          versus_name: str | None, jobs: int | None, summary: bool | None) -> None:
    """Replay transcripts under a ruleset and report every violation with its rule and source.

    PATHS are files or folders (searched for *.perlagg). Exit status: 0 no violations,
    1 violations found, 3 a file could not be read or parsed (the others are still judged).
    """
    lang = lang or _default_lang()
    if ruleset_name:
        _load_ruleset_or_fail(ruleset_name)
    if versus_name:
        _load_ruleset_or_fail(versus_name)
    files = transcript_files(paths)
    if not files:
        raise click.UsageError(f"no {TRANSCRIPT_SUFFIX} files found in {', '.join(paths)}")
    options = CheckOptions(ruleset_name, lang, fmt_, strict, versus_name)
    totals = Summary()
    show_progress = sys.stderr.isatty() and len(files) >= 20
    for n, result in enumerate(run_batch(files, options, jobs or default_jobs()), start=1):
        if show_progress:
            click.echo(f"\r{n}/{len(files)}", err=True, nl=False)
        if result.errors:
            click.echo(("\n" if show_progress else "") + result.errors, err=True)
        if result.output:
            colour = fmt_ == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
            click.echo(colourise(result.output) if colour else result.output, nl=False)
        totals.add(result)
        if strict and result.status == "violations":
            break
    if show_progress:
        click.echo("", err=True)
    if summary or (summary is None and len(files) > 1):
        click.echo(totals.text(lang), err=True, nl=False)
    if totals.internal:
        sys.exit(EXIT_INTERNAL)
    if totals.unreadable or totals.bad_ruleset:
        sys.exit(EXIT_UNREADABLE)
    if totals.with_violations:
        sys.exit(EXIT_VIOLATIONS)


def _load_ruleset_or_fail(name: str) -> Ruleset:
    try:
        return load_ruleset(name)
    except RulesetError as exc:
        raise BadRuleset(str(exc)) from None


class BadRuleset(click.ClickException):
    """A ruleset that cannot be used; the message names the bad key."""

    exit_code = EXIT_SYNTAX

    def show(self, file: Any = None) -> None:
        click.echo(f"bad ruleset: {self.format_message()}", err=True)


@cli.group()
def rulesets() -> None:
    """The regional rulesets (Regelwerke): list, show, compare, validate."""


@rulesets.command("list")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
def rulesets_list(lang: str | None) -> None:
    """List the bundled rulesets."""
    lang = lang or _default_lang()
    for name in bundled_names():
        r = load_ruleset(name)
        click.echo(f"{name:<16} {r.title_de if lang == 'de' else r.title_en}")


@rulesets.command("show")
@click.argument("name")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
def rulesets_show(name: str, lang: str | None) -> None:
    """Every key of a ruleset with its value and source."""
    _load_ruleset_or_fail(name)
    click.echo(show_text(name, lang or _default_lang()), nl=False)


@rulesets.command("diff")
@click.argument("first")
@click.argument("second")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
def rulesets_diff(first: str, second: str, lang: str | None) -> None:
    """Every difference between two rulesets, each side with its source."""
    _load_ruleset_or_fail(first)
    _load_ruleset_or_fail(second)
    click.echo(diff_text(first, second, lang or _default_lang()), nl=False)


@rulesets.command("validate")
@click.argument("files", nargs=-1, required=True)
def rulesets_validate(files: tuple[str, ...]) -> None:
    """Check ruleset files against the schema; a bad key is named by its path."""
    bad = 0
    for f in files:
        try:
            r = load_ruleset(f)
            click.echo(f"{f}: ok ({r.name})")
        except RulesetError as exc:
            click.echo(str(exc) if exc.source else f"{f}: {exc}", err=True)
            bad += 1
    if bad:
        sys.exit(EXIT_SYNTAX)


@cli.command()
@click.argument("rule_id")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
def explain(rule_id: str, lang: str | None) -> None:
    """A rule in German and English, its sources, and the ruleset options that change it."""
    from .engine.rules import RULES
    from .narrative import explain_text, suggest_rule

    if rule_id.upper() not in RULES:
        close = suggest_rule(rule_id)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise click.UsageError(f"no rule {rule_id!r}{hint}")
    click.echo(explain_text(rule_id, lang or _default_lang()), nl=False)


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--deal", "deal_number", type=int, default=None, help="Only this deal.")
@click.option("--ruleset", "-r", "ruleset_name", default=None)
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
def replay_cmd(file: str, deal_number: int | None, ruleset_name: str | None, lang: str | None) -> None:
    """Step by step: each event, then whose turn it is, the trick, the figures, who may bet what."""
    from .narrative import replay_text

    result = _read(file)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(f"{file} could not be read cleanly")
    name = ruleset_name or result.transcript.tags.get("Ruleset", "innsbruck")
    for block in replay_text(result.transcript, _load_ruleset_or_fail(name), lang or _default_lang(), deal_number):
        click.echo(block)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--ruleset", "-r", "ruleset_name", default=None)
@click.option("--lang", type=click.Choice(["de", "en"]), default=None)
@click.option("--html", "html_out", type=click.Path(dir_okay=False), default=None,
              help="Also write the scoresheet as a standalone HTML page (prints on A4).")
def score(file: str, ruleset_name: str | None, lang: str | None, html_out: str | None) -> None:
    """The scoresheet: the target, both teams' points per deal, gestrichen marked, the winner."""
    from .engine import judge
    from .scoresheet import scoresheet_html, scoresheet_text

    lang = lang or _default_lang()
    result = _read(file)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(f"{file} could not be read cleanly")
    tags = result.transcript.tags
    name = ruleset_name or tags.get("Ruleset", "innsbruck")
    verdict = judge(result.transcript, _load_ruleset_or_fail(name))
    players = {side: " / ".join(tags[s] for s in side if s in tags) or "/".join(side) for side in verdict.sides}
    click.echo(scoresheet_text(verdict, lang, players), nl=False)
    if html_out:
        _write_atomically(Path(html_out), scoresheet_html(verdict, lang, tags.get("Event", ""), players))


@cli.command()
@click.option("--deals", "-n", type=click.IntRange(1, 1_000_000), default=10, show_default=True)
@click.option("--seed", "-s", type=int, default=0, show_default=True)
@click.option("--ruleset", "-r", "ruleset_name", default="innsbruck", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write each match to OUT/match-NNNN.perlagg (default: print them).")
@click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True)
def generate(deals: int, seed: int, ruleset_name: str, out_dir: str | None, lang: str) -> None:
    """Random legal matches as transcripts; the same seed gives the same output."""
    from .generate import MatchGenerator

    generator = MatchGenerator(_load_ruleset_or_fail(ruleset_name), seed)
    folder = Path(out_dir) if out_dir else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    for n, transcript in enumerate(generator.matches(deals), start=1):
        text = format_transcript(transcript, lang)
        if folder is None:
            click.echo(text)
        else:
            _write_atomically(folder / f"match-{n:04d}{TRANSCRIPT_SUFFIX}", text)


@cli.group()
def cases() -> None:
    """The dispute cases (Streitfälle): transcripts with hand-worked verdicts."""


@cases.command("run")
@click.argument("root", default="cases", type=click.Path(exists=True))
@click.option("--verbose", "-v", is_flag=True, help="List passing cases too.")
def cases_run(root: str, verbose: bool) -> None:
    """Replay every case below ROOT and show how any failing one differs."""
    from .cases import find_cases, run_case

    results = [run_case(p) for p in find_cases(root)]
    for r in results:
        if not r.passed:
            click.echo(f"FAIL {r.name}")
            if r.question:
                click.echo("     " + r.question.splitlines()[0])
            for d in r.differences:
                click.echo(f"     {d}")
        elif verbose:
            click.echo(f"ok   {r.name}")
    failed = sum(1 for r in results if not r.passed)
    click.echo(f"{len(results) - failed} passed, {failed} failed")
    if failed:
        sys.exit(EXIT_VIOLATIONS)


@cases.command("map")
@click.argument("root", default="cases", type=click.Path(exists=True, file_okay=False))
def cases_map(root: str) -> None:
    """The rule -> cases table (as in cases/README.md)."""
    from .cases import rule_map_markdown

    click.echo(rule_map_markdown(root), nl=False)


def main() -> None:
    """Entry point: run the CLI, turning any internal failure into a one-line message."""
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
    except Exception as exc:  # noqa: BLE001 - the user gets a message, not a traceback
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        click.echo(f"perlagg-streit: internal error: {type(exc).__name__}: {exc} "
                   "(set PERLAGG_DEBUG=1 for details and please report it)", err=True)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
