"""The ``perlagg-streit`` command line: thin click commands over the library.

Exit status (see README): 0 all well; 1 violations found; 2 usage error, a file that
could not be read or written (permissions, a full disk, not a regular file) or, for
``parse`` and ``fmt``, a transcript with syntax errors; 3 (``check``) input that could not
be read, parsed or checked, or output that could not be written; 70 an internal error of ours.

Every word it prints, its help included, comes from the message catalogue
(:mod:`perlagg_streit.messages`, codes ``help.*`` and ``cli.*``). The language is decided once per
run, before click parses or builds any help: ``--lang`` on the command line, else the locale
(:func:`perlagg_streit.messages.language.command_line_language`).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import click

from . import __version__
from .base.safe_text import printable
from .engine.ruleset import Ruleset, RulesetError
from .language.files import (
    FileChangedError,
    UnreadableFileError,
    UnwritableFileError,
    cannot_create_folder,
    os_reason,
    read_regular_file,
    write_atomically,
)
from .language.jsonform import event_to_json, transcript_to_json
from .language.reader import MAX_LINE_CHARS, ReadResult, TranscriptError, read_bytes, read_transcript
from .language.writer import format_transcript, overlong_line
from .messages import CATALOGUE, say
from .messages.cli_texts import CLICK_DE, CLICK_PLURAL_DE
from .messages.language import command_line_language, locale_language
from .render.report import colourise
from .render.ruleset_report import diff_text, show_text
from .rulesets import bundled_names, load_ruleset
from .tools.batch import (
    TRANSCRIPT_SUFFIX,
    CheckOptions,
    FileResult,
    Summary,
    default_jobs,
    run_batch,
    transcript_files,
)

EXIT_VIOLATIONS = 1
EXIT_SYNTAX = 2
EXIT_UNREADABLE = 3
EXIT_ENVIRONMENT = 2  # a file the machine would not let us read or write (3 within `check`)
EXIT_INTERNAL = 70


class _Run:
    """The language of this run's messages and help, decided by :meth:`_Referee.main` before
    click parses the command line."""

    lang: str | None = None


def _default_lang() -> str:
    """The language of this run: ``--lang`` where it names the report language, else the locale
    (German for de_*)."""
    return _Run.lang or locale_language(os.environ)


def _click_gettext(message: str) -> str:
    """click's own words (help headings, usage errors) in the run's language."""
    return CLICK_DE.get(message, message) if _Run.lang == "de" else message


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    """click's words with a singular and a plural, in the run's language."""
    if _Run.lang == "de" and (singular, plural) in CLICK_PLURAL_DE:
        singular, plural = CLICK_PLURAL_DE[(singular, plural)]
    return singular if n == 1 else plural


def _install_click_words() -> None:
    """Give click its words in German: click marks them for gettext and looks them up through the
    module-level names ``_`` and ``ngettext`` of its modules, which are pointed here (English
    passes through unchanged, and a word click adds in a later version stays English)."""
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]


_install_click_words()


def _localise_help(command: click.Command, lang: str, path: str = "cli") -> None:
    """Set the help of a command, its options and its subcommands from the catalogue: the command's
    text is ``help.<path>``, an option's ``help.<path>.<name>`` (path: ``check``, ``rulesets.show``),
    the placeholder of a value ``metavar.<name>``."""
    command.help = say(f"help.{path}", lang)
    command.options_metavar = say("metavar.options", lang)
    if isinstance(command, click.Group):
        command.subcommand_metavar = say("metavar.command", lang)
    for param in command.params:
        code = f"help.{path}.{param.name}"
        if isinstance(param, click.Option) and code in CATALOGUE:
            param.help = say(code, lang)
        if f"metavar.{param.name}" in CATALOGUE:  # the placeholder for a value: PATHS, NAME|FILE, N
            many = isinstance(param, click.Argument) and param.nargs != 1
            param.metavar = say(f"metavar.{param.name}", lang) + ("..." if many else "")
    # click makes the --help option once per command and keeps it; its text follows the run's language
    help_option = getattr(command, "_help_option", None)
    if isinstance(help_option, click.Option):
        help_option.help = _click_gettext("Show this message and exit.")
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            _localise_help(sub, lang, name if path == "cli" else f"{path}.{name}")


class _Referee(click.Group):
    """The root command: decides the run's language before click parses or shows help."""

    def main(self, args: Any = None, *rest: Any, **kwargs: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        _Run.lang = command_line_language(argv, os.environ)
        _localise_help(self, _Run.lang)
        return super().main(argv, *rest, **kwargs)


class TranscriptSyntaxFailure(click.ClickException):
    """Some transcripts had syntax errors (already printed)."""

    exit_code = EXIT_SYNTAX

    def show(self, file: Any = None) -> None:
        _say(self.format_message())


def _say(text: str, nl: bool = True) -> None:
    """A message on stderr. Messages quote file names, ruleset names and lines of the user's:
    every control character is shown escaped, line by line (a terminal obeys what it is sent)."""
    click.echo("\n".join(printable(line) for line in text.split("\n")), err=True, nl=nl)


def _print_errors(errors: list[TranscriptError], lang: str) -> None:
    for error in errors:
        _say(error.render(lang))


class EnvironmentFailure(click.ClickException):
    """The machine refused a file (permissions, a full disk, ...); the message names it."""

    exit_code = EXIT_ENVIRONMENT

    def show(self, file: Any = None) -> None:
        _say(self.format_message())


class CheckOutputFailure(EnvironmentFailure):
    """``check`` could not write its report; 3 like any input it could not check."""

    exit_code = EXIT_UNREADABLE


def _read(path: str, lang: str) -> ReadResult | None:
    """Read one file, printing its errors; None if it could not be read at all."""
    read = _read_with_bytes(path, lang)
    return read[0] if read else None


def _read_with_bytes(path: str, lang: str) -> tuple[ReadResult, bytes] | None:
    """Read one file, printing its errors: what was read, and the bytes it was read from."""
    try:
        data = read_regular_file(path)
        result = read_bytes(data, path)
    except UnreadableFileError as exc:  # not a regular file, too large, binary ...
        _say(exc.report(lang))
        return None
    _print_errors(result.warnings, lang)
    _print_errors(result.errors, lang)
    return result, data


@click.group(cls=_Referee, context_settings={"help_option_names": ["-h", "--help"]})
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
        result = _read(path, _default_lang())
        if result is None or result.errors:
            failed += 1
            if result is None:
                continue
        if as_json:
            click.echo(json.dumps(transcript_to_json(result.transcript), ensure_ascii=False, indent=2))
            continue
        t = result.transcript
        lang = _default_lang()
        click.echo(say("cli.parse.deals", lang, file=printable(path), n=len(t.deals)))
        for line in t.header:
            for event in line.events:
                click.echo(f"  {event.pos}  {_event_text(event)}")
        for deal in t.deals:
            click.echo("  " + say("cli.parse.deal", lang, deal=deal.number))
            for event in deal.events:
                click.echo(f"    {event.pos}  {_event_text(event)}")
    if failed:
        raise TranscriptSyntaxFailure(say("cli.not-read-cleanly", _default_lang(), failed=failed, n=len(files)))


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
              help="Keywords of the canonical form: German or English.")
def fmt(files: tuple[str, ...], in_place: bool, lang: str) -> None:
    """Print transcripts in the canonical form, or rewrite them with --in-place.

    A file is rewritten only when it parsed without error and its new text
    reads back to the same transcript; otherwise it is left untouched. A symbolic
    link is kept and the file it points to rewritten; a file that another program
    changed while it was formatted is not overwritten.
    """
    said = _default_lang()
    left_alone = say("cli.left-alone", said)
    failed = 0
    for path in files:
        read = _read_with_bytes(path, said)
        if read is None or read[0].errors:
            failed += 1
            if read is not None:
                _say(say("cli.not-formatted-file", said, file=path, rest=left_alone))
            continue
        result, original = read
        overlong = overlong_line(result.transcript, lang, MAX_LINE_CHARS)
        if overlong is not None:  # the canonical form would not read back: say so, change nothing
            number, length = overlong
            _say(say("cli.not-formatted-overlong", said, file=path, line=number, length=length,
                     limit=MAX_LINE_CHARS, rest=left_alone))
            failed += 1
            continue
        text = format_transcript(result.transcript, lang)
        check = read_transcript(text, path)
        if check.errors or check.transcript != result.transcript:
            # A bug of ours must never cost the user a file.
            _say(say("cli.reads-back-differently", said, file=path, rest=left_alone))
            failed += 1
            continue
        if in_place:
            try:
                write_atomically(path, text, unchanged_from=original)
            except UnwritableFileError as exc:
                kept = "" if isinstance(exc, FileChangedError) else f"; {left_alone}"
                _say(exc.report(said) + kept)
                failed += 1
        else:
            click.echo(text, nl=False)
    if failed:
        raise TranscriptSyntaxFailure(say("cli.not-formatted", said, failed=failed, n=len(files)))


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
    1 violations found, 3 a file could not be read, parsed or checked (the others are still
    judged; the summary names it), 70 an internal error of ours in one file (the same).
    """
    lang = lang or _default_lang()
    if ruleset_name:
        _load_ruleset_or_fail(ruleset_name)
    if versus_name:
        _load_ruleset_or_fail(versus_name)
    files, unsearchable = transcript_files(paths, lang)
    if not files and not unsearchable:
        raise click.UsageError(say("cli.no-files", lang, suffix=TRANSCRIPT_SUFFIX, paths=printable(", ".join(paths))))
    options = CheckOptions(ruleset_name, lang, fmt_, strict, versus_name)
    totals = Summary()
    for folder in unsearchable:
        _say(folder.errors)
        totals.add(folder)
    show_progress = sys.stderr.isatty() and len(files) >= 20
    articles: list[FileResult] = []  # --format html: one document of every file's ruling, at the end
    try:
        with _sigterm_ends_the_batch(), closing(run_batch(files, options, jobs or default_jobs())) as results:
            for n, result in enumerate(results, start=1):
                if show_progress:
                    click.echo(f"\r{n}/{len(files)}", err=True, nl=False)
                if result.errors:
                    _say(("\n" if show_progress else "") + result.errors)
                if result.output and fmt_ == "html" and not versus_name:
                    articles.append(result)
                elif result.output:
                    colour = fmt_ == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
                    click.echo(colourise(result.output) if colour else result.output, nl=False)
                totals.add(result)
                if strict and result.status == "violations":
                    break
        if show_progress:
            click.echo("", err=True)
        if articles:
            click.echo(_ruling_document(articles, lang), nl=False)
        if summary or (summary is None and len(files) + len(unsearchable) > 1):
            _say(totals.text(lang), nl=False)
    except BrokenPipeError:
        raise  # the reader of our output went away: click ends quietly
    except OSError as exc:  # our own output could not be written (a full disk, say)
        raise CheckOutputFailure(_cannot_write_output(exc, lang)) from None
    if totals.internal:
        sys.exit(EXIT_INTERNAL)
    if totals.unreadable or totals.bad_ruleset or totals.not_checked:
        sys.exit(EXIT_UNREADABLE)
    if totals.with_violations:
        sys.exit(EXIT_VIOLATIONS)


def _ruling_document(articles: list[FileResult], lang: str) -> str:
    """The rulings of a batch as one HTML page, with a table of contents for more than one."""
    from .render.ruling_page import document_of, numbered_article, numbered_entry

    title = articles[0].title if len(articles) == 1 else say("page.kind", lang)
    return document_of([numbered_article(r.output, n) for n, r in enumerate(articles, 1)],
                       [numbered_entry(r.contents, n) for n, r in enumerate(articles, 1)], lang, title)


@contextmanager
def _sigterm_ends_the_batch() -> Iterator[None]:
    """Let SIGTERM end ``check`` as Ctrl-C does, through the clean-up that stops the worker
    processes (by default SIGTERM ends this process alone and its workers are left behind)."""
    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread (a test runner's): nothing to install
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _cannot_write_output(exc: OSError, lang: str) -> str:
    return say("cli.cannot-write-output", lang, reason=os_reason(exc))


def _load_ruleset_or_fail(name: str, transcript: str | None = None, lang: str | None = None) -> Ruleset:
    """The ruleset, or exit 2 with the error; ``transcript`` when the name comes from its [Ruleset] tag."""
    try:
        return load_ruleset(name, transcript)
    except RulesetError as exc:
        raise BadRuleset(exc.text(lang or _default_lang())) from None


class BadRuleset(click.ClickException):
    """A ruleset that cannot be used; the message names the bad key."""

    exit_code = EXIT_SYNTAX

    def show(self, file: Any = None) -> None:
        _say(say("cli.bad-ruleset", _default_lang(), error=self.format_message()))


@cli.group()
def rulesets() -> None:
    """The regional rulesets (Regelwerke): list, show, compare, validate."""


@rulesets.command("list")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the titles.")
def rulesets_list(lang: str | None) -> None:
    """List the bundled rulesets."""
    lang = lang or _default_lang()
    for name in bundled_names():
        r = load_ruleset(name)
        click.echo(f"{name:<16} {r.title.de if lang == 'de' else r.title.en}")


@rulesets.command("show")
@click.argument("name")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
def rulesets_show(name: str, lang: str | None) -> None:
    """Every key of a ruleset with its value and source."""
    _load_ruleset_or_fail(name)
    click.echo(show_text(name, lang or _default_lang()), nl=False)


@rulesets.command("diff")
@click.argument("first")
@click.argument("second")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
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
    lang = _default_lang()
    for f in files:
        try:
            r = load_ruleset(f)
            click.echo(say("cli.validate-ok", lang, file=f, name=r.name))
        except RulesetError as exc:
            _say(exc.text(lang) if exc.source else f"{f}: {exc.text(lang)}")
            bad += 1
    if bad:
        sys.exit(EXIT_SYNTAX)


@cli.command()
@click.argument("rule_id")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
def explain(rule_id: str, lang: str | None) -> None:
    """A rule in German and English, its sources, where it is checked, and the ruleset options that change it."""
    from .engine.rules import RULES
    from .messages import unchecked_texts
    from .render.narrative import explain_text, suggest_rule

    if rule_id.upper() not in RULES and not unchecked_texts.known(rule_id):
        close = suggest_rule(rule_id)
        said = lang or _default_lang()
        raise click.UsageError(say("cli.no-rule-close", said, rule=repr(rule_id), close=close) if close else
                               say("cli.no-rule", said, rule=repr(rule_id)))
    click.echo(explain_text(rule_id, lang or _default_lang()), nl=False)


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--deal", "deal_number", type=int, default=None, help="Only this deal.")
@click.option("--ruleset", "-r", "ruleset_name", default=None,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
def replay_cmd(file: str, deal_number: int | None, ruleset_name: str | None, lang: str | None) -> None:
    """Step by step: each event, then whose turn it is, the trick, the figures, who may bet what."""
    from .render.narrative import replay_text

    lang = lang or _default_lang()
    result = _read(file, lang)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(say("cli.file-not-read-cleanly", lang, file=file))
    name = ruleset_name or result.transcript.tags.get("Ruleset", "innsbruck")
    ruleset = _load_ruleset_or_fail(name, None if ruleset_name else file, lang)
    for block in replay_text(result.transcript, ruleset, lang, deal_number):
        click.echo(block)


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--ruleset", "-r", "ruleset_name", default=None,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), default=None,
              help="Also write the scoresheet as a standalone HTML page (prints on A4).")
def score(file: str, ruleset_name: str | None, lang: str | None, html_out: str | None) -> None:
    """The scoresheet: the target, every side's points per deal, gestrichen marked, the winner."""
    from .engine import judge
    from .render.scoresheet import scoresheet_html, scoresheet_text

    lang = lang or _default_lang()
    result = _read(file, lang)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(say("cli.file-not-read-cleanly", lang, file=file))
    tags = result.transcript.tags
    name = ruleset_name or tags.get("Ruleset", "innsbruck")
    verdict = judge(result.transcript, _load_ruleset_or_fail(name, None if ruleset_name else file, lang))
    players = {side: " / ".join(tags[s] for s in side if s in tags) or "/".join(side) for side in verdict.sides}
    click.echo(scoresheet_text(verdict, lang, players), nl=False)
    if html_out:
        try:
            write_atomically(html_out, scoresheet_html(verdict, lang, tags.get("Event", ""), players,
                                                       tags.get("Schreiber", "")))
        except UnwritableFileError as exc:
            raise EnvironmentFailure(exc.report(lang)) from None


@cli.command()
@click.option("--deals", "-n", type=click.IntRange(1, 1_000_000), default=10, show_default=True,
              help="Play whole matches until at least this many deals in all.")
@click.option("--matches", "-m", type=click.IntRange(1, 100_000), default=1, show_default=True,
              help="Play at least this many whole matches.")
@click.option("--seed", "-s", type=int, default=0, show_default=True,
              help="Seed of the random choices: the same seed gives the same matches.")
@click.option("--ruleset", "-r", "ruleset_name", default="innsbruck", show_default=True,
              help="Bundled ruleset name or a YAML file.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write each match to OUT/match-NNNN.perlagg (default: print them).")
@click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
              help="Keywords of the transcripts: German or English.")
def generate(deals: int, matches: int, seed: int, ruleset_name: str, out_dir: str | None, lang: str) -> None:
    """Random legal matches as transcripts; the same seed gives the same output.

    Every match is played to its end (a side reaches the target; Strafperlaggen: all but one
    reach 0), so the last match may take the total past --deals.
    """
    from .tools.generate import MatchGenerator

    generator = MatchGenerator(_load_ruleset_or_fail(ruleset_name), seed)
    said = _default_lang()
    folder = Path(out_dir) if out_dir else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EnvironmentFailure(cannot_create_folder(str(out_dir), exc).report(said)) from None
    for n, transcript in enumerate(generator.matches(deals, matches), start=1):
        text = format_transcript(transcript, lang)
        if folder is None:
            # each match exactly as fmt writes it; a blank line between matches
            click.echo(text if n == 1 else "\n" + text, nl=False)
            continue
        try:
            write_atomically(folder / f"match-{n:04d}{TRANSCRIPT_SUFFIX}", text)
        except UnwritableFileError as exc:  # a full disk will not empty itself: stop at the first
            raise EnvironmentFailure(exc.report(said)) from None


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="The port to listen on.")
def serve(host: str, port: int) -> None:
    """The referee as a web application: paste a transcript, get the ruling (needs pip install ".[web]")."""
    try:
        import flask  # noqa: F401 - the optional extra
        import waitress  # noqa: F401

        from .web.app import serve as serve_app
    except ImportError:
        raise click.UsageError(say("cli.serve-needs-web", _default_lang())) from None
    click.echo(say("cli.serving", _default_lang(), url=f"http://{host}:{port}/"), err=True)
    serve_app(host, port)


@cli.group()
def cases() -> None:
    """The dispute cases (Streitfälle): transcripts with hand-worked verdicts."""


@cases.command("run")
@click.argument("root", default="cases", type=click.Path(exists=True))
@click.option("--verbose", "-v", is_flag=True, help="List passing cases too.")
def cases_run(root: str, verbose: bool) -> None:
    """Replay every case below ROOT and show how any failing one differs."""
    from .tools.cases import find_cases, run_case

    lang = _default_lang()
    results = [run_case(p) for p in find_cases(root)]
    for r in results:
        if not r.passed:
            click.echo(say("cli.cases.fail", lang, name=r.name))
            if r.question:
                click.echo("     " + r.question.splitlines()[0])
            for d in r.differences:
                click.echo(f"     {d.text(lang)}")
        elif verbose:
            click.echo(say("cli.cases.ok", lang, name=r.name))
    failed = sum(1 for r in results if not r.passed)
    click.echo(say("cli.cases.total", lang, passed=len(results) - failed, failed=failed))
    if failed:
        sys.exit(EXIT_VIOLATIONS)


@cases.command("map")
@click.argument("root", default="cases", type=click.Path(exists=True, file_okay=False))
def cases_map(root: str) -> None:
    """The rule -> cases table (as in cases/README.md)."""
    from .tools.cases import rule_map_markdown

    click.echo(rule_map_markdown(root), nl=False)


def main() -> None:
    """Entry point: run the CLI, turning any internal failure into a one-line message."""
    if hasattr(signal, "SIGXFSZ"):
        # Past `ulimit -f` the system sends SIGXFSZ, which would end the process without a
        # word (and half a file written); ignored, the write fails with EFBIG, which we report.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo(say("cli.interrupted", _default_lang()), err=True)
        sys.exit(130)
    except OSError as exc:  # the machine refused something (a full disk under our output, say): not a bug
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        where = f"{exc.filename}: " if exc.filename else ""
        _say(say("cli.refused", _default_lang(), where=where, reason=os_reason(exc)))
        sys.exit(EXIT_ENVIRONMENT)
    except Exception as exc:  # noqa: BLE001 - the user gets a message, not a traceback
        if os.environ.get("PERLAGG_DEBUG"):
            raise
        _say(say("cli.internal-error", _default_lang(), error=f"{type(exc).__name__}: {exc}"))
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
