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

import gc

# Why: importing the package makes some hundred thousand objects, none of them garbage, and
# Python's collector would walk them again and again while they are made, and again in every
# later full collection (some 4 ms of every run, issue 21). So it waits until the imports below
# are done (unless it was off already), and what they made is then frozen (gc.freeze).
_COLLECTING = gc.isenabled()
gc.disable()

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
    STDIN,
    FileChangedError,
    UnreadableFileError,
    UnwritableFileError,
    cannot_create_folder,
    check_writable,
    forget_stdin,
    os_reason,
    read_input,
    source_name,
    write_atomically,
)
from .language.matches import MatchesRead, format_matches, read_matches, read_matches_bytes
from .language.reader import MAX_LINE_CHARS, TranscriptError
from .language.transcript import Transcript
from .messages import CATALOGUE, say
from .messages.cli_texts import CLICK_DE, CLICK_PLURAL_DE
from .messages.language import command_line_language, locale_language
from .render.report import colourise
from .rulesets import bundled_names, load_ruleset
from .tools import completion
from .tools.batch import (
    PROBLEMS,
    TRANSCRIPT_SUFFIX,
    CheckOptions,
    FileResult,
    JsonDocument,
    Summary,
    default_jobs,
    match_place,
    problem_record,
    run_batch,
    transcript_files,
)

if _COLLECTING:
    gc.freeze()  # what the imports made lives as long as the process: never walked again
    gc.enable()

EXIT_VIOLATIONS = 1
EXIT_SYNTAX = 2
EXIT_UNREADABLE = 3
EXIT_ENVIRONMENT = 2  # a file the machine would not let us read or write (3 within `check`)
EXIT_INTERNAL = 70
EXIT_CLOSED_PIPE = 128 + 13  # as a shell reports a program ended by SIGPIPE (`yes | head -1`)
EXIT_INTERRUPTED = 128 + 2  # Ctrl-C: as a shell reports a program ended by SIGINT, never read as "violations"


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
        if code not in CATALOGUE:  # an option many commands share (--output) has one text for all
            code = f"help.any.{param.name}"
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

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a reader of our output that went away (``| head -1``) ends the run
        quietly with :data:`EXIT_CLOSED_PIPE`, as the Unix tools end (click would say exit 1)."""
        forget_stdin()  # a run in the same process as an earlier one (a test's) reads its own input
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _stdout_to_nowhere()
            raise click.exceptions.Exit(EXIT_CLOSED_PIPE) from None
        except KeyboardInterrupt:  # click would say "Aborted!" and exit 1, which a pipeline reads as violations
            click.echo(say("cli.interrupted", _default_lang()), err=True)
            raise click.exceptions.Exit(EXIT_INTERRUPTED) from None


def _stdout_to_nowhere() -> None:
    """Point standard output at /dev/null, so that Python's last flush at exit finds no closed
    pipe to complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file under sys.stdout (a test runner's)
        pass


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


class _Output:
    """Where a command's output goes: standard output, or with ``--output FILE`` that file,
    written atomically once the command is done (a failed run leaves the file as it was, and
    a half-written file is never seen). Whether it can be written is tried before the work starts,
    so a long batch does not end in a refusal; a file that cannot be written is exit 2."""

    def __init__(self, path: str | None, lang: str) -> None:
        self.path = path
        self.lang = lang
        self.parts: list[str] = []
        if path is not None:
            try:
                check_writable(path)
            except UnwritableFileError as exc:
                raise EnvironmentFailure(exc.report(lang)) from None

    def echo(self, text: str = "", nl: bool = True) -> None:
        """Print, or keep for the file."""
        if self.path is None:
            click.echo(text, nl=nl)
        else:
            self.parts.append(text + ("\n" if nl else ""))

    def to_terminal(self) -> bool:
        """Whether the output goes to a terminal (colour is for terminals only)."""
        return self.path is None and sys.stdout.isatty()

    def __enter__(self) -> _Output:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: Any) -> None:
        """Write the file: after a clean run, and after one that ends in a reported failure
        (violations, a file that could not be read) when there is something to write."""
        if self.path is None:
            return
        reported = kind is not None and issubclass(kind, click.ClickException | SystemExit | click.exceptions.Exit)
        if kind is None or (reported and self.parts):
            try:
                write_atomically(self.path, "".join(self.parts))
            except UnwritableFileError as error:
                raise EnvironmentFailure(error.report(self.lang)) from None


def _output_option(function: Any) -> Any:
    """The ``--output/-o FILE`` option every command that prints has."""
    return click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
                        help="Write the output to FILE (atomically) instead of standard output.")(function)


def _match_option(function: Any) -> Any:
    """The ``--match N`` option of the commands that show one match of a file of several."""
    return click.option("--match", "match_number", type=click.IntRange(1, None), default=None,
                        help="Only this match of a file of several (counted from 1).")(function)


def _read(path: str, lang: str) -> MatchesRead | None:
    """Read one file of one or more matches, printing its errors; None if it could not be read at all."""
    read = _read_with_bytes(path, lang)
    return read[0] if read else None


def _read_with_bytes(path: str, lang: str) -> tuple[MatchesRead, bytes] | None:
    """Read one file, printing its errors: what was read, and the bytes it was read from."""
    try:
        data = read_input(path)  # `-`: standard input
        result = read_matches_bytes(data, source_name(path))
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
@_output_option
def parse(files: tuple[str, ...], as_json: bool, output: str | None) -> None:
    """Parse transcripts and print their events, or list every syntax error."""
    with _Output(output, _default_lang()) as out:
        _parse(files, as_json, out)


def _parse(files: tuple[str, ...], as_json: bool, out: _Output) -> None:
    import json  # not on check's way: imported where used (start-up)

    from .language.jsonform import transcript_to_json

    failed = 0
    for path in files:
        result = _read(path, _default_lang())
        if result is None or result.errors:
            failed += 1
            if result is None:
                continue
        lang = _default_lang()
        for n, t in enumerate(result.matches, start=1):
            if as_json:
                out.echo(json.dumps(transcript_to_json(t), ensure_ascii=False, indent=2))
                continue
            place = source_name(path)
            if len(result.matches) > 1:
                place = match_place(place, n, len(result.matches), t.tags.get("Event"), lang)
            out.echo(say("cli.parse.deals", lang, file=printable(place), n=len(t.deals)))
            for line in t.header:
                for event in line.events:
                    out.echo(f"  {event.pos}  {_event_text(event)}")
            for deal in t.deals:
                out.echo("  " + say("cli.parse.deal", lang, deal=deal.number))
                for event in deal.events:
                    out.echo(f"    {event.pos}  {_event_text(event)}")
    if failed:
        raise TranscriptSyntaxFailure(say("cli.not-read-cleanly", _default_lang(), failed=failed, n=len(files)))


def _event_text(event: Any) -> str:
    from .language.jsonform import event_to_json

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
@_output_option
def fmt(files: tuple[str, ...], in_place: bool, lang: str, output: str | None) -> None:
    """Print transcripts in the canonical form, or rewrite them with --in-place.

    A file is rewritten only when it parsed without error and its new text
    reads back to the same transcript; otherwise it is left untouched. A symbolic
    link is kept and the file it points to rewritten; a file that another program
    changed while it was formatted is not overwritten.
    """
    said = _default_lang()
    if in_place and (output is not None or STDIN in files):  # nothing to rewrite in place
        raise click.UsageError(say("cli.in-place-not-with", said))
    with _Output(output, said) as out:
        _fmt(files, in_place, lang, out)


def _fmt(files: tuple[str, ...], in_place: bool, lang: str, out: _Output) -> None:
    from .language.writer import overlong_line

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
        overlong = next((found for t in result.matches if (found := overlong_line(t, lang, MAX_LINE_CHARS))), None)
        if overlong is not None:  # the canonical form would not read back: say so, change nothing
            number, length = overlong
            _say(say("cli.not-formatted-overlong", said, file=path, line=number, length=length,
                     limit=MAX_LINE_CHARS, rest=left_alone))
            failed += 1
            continue
        text = format_matches(result.matches, lang)
        check = read_matches(text, path)
        if check.errors or check.matches != result.matches:
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
            out.echo(text, nl=False)
    if failed:
        raise TranscriptSyntaxFailure(say("cli.not-formatted", said, failed=failed, n=len(files)))


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--ruleset", "-r", "ruleset_name", default=None, shell_complete=completion.ruleset_names,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag, else innsbruck.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Report language (default: locale).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json", "jsonl", "markdown", "html"]), default="text",
              show_default=True)
@click.option("--strict", is_flag=True, help="Stop at the first violation (the replay and the batch).")
@click.option("--versus", "versus_name", default=None, shell_complete=completion.ruleset_names,
              help="A second ruleset: judge under both and show where the verdicts part.")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=None,
              help="Files checked in parallel (default: the number of cores).")
@click.option("--summary/--no-summary", default=None,
              help="A closing summary on stderr (default: when more than one file is checked).")
@_output_option
def check(paths: tuple[str, ...], ruleset_name: str | None, lang: str | None, fmt_: str, strict: bool,
          versus_name: str | None, jobs: int | None, summary: bool | None, output: str | None) -> None:
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
    # --format json prints one document: a match's verdict alone only for one file named alone
    single = len(paths) == 1 and not Path(paths[0]).is_dir()
    with _Output(output, lang) as out:
        totals = _check(files, unsearchable, options, jobs, summary, out, JsonDocument(single))
    if totals.internal:
        sys.exit(EXIT_INTERNAL)
    if totals.unreadable or totals.bad_ruleset or totals.not_checked:
        sys.exit(EXIT_UNREADABLE)
    if totals.with_violations:
        sys.exit(EXIT_VIOLATIONS)


def _check(files: list[Path], unsearchable: list[Any], options: CheckOptions, jobs: int | None,
           summary: bool | None, out: _Output, document: JsonDocument) -> Summary:
    """Check the files, printing each report in order and the summary; the totals."""
    lang, fmt_, strict = options.lang, options.format, options.strict
    totals = Summary()
    for folder in unsearchable:
        _say(folder.errors)
        totals.add(folder)
        _print_problem(folder, options, out, document)
    show_progress = sys.stderr.isatty() and len(files) >= 20
    articles: list[FileResult] = []  # --format html: one document of every file's ruling, at the end
    try:
        with _sigterm_ends_the_batch(), closing(run_batch(files, options, jobs or default_jobs())) as results:
            for n, result in enumerate(results, start=1):
                if show_progress:
                    click.echo(f"\r{n}/{len(files)}", err=True, nl=False)
                if result.errors:
                    _say(("\n" if show_progress else "") + result.errors)
                if result.articles:
                    articles.append(result)
                elif result.output:
                    colour = fmt_ == "text" and out.to_terminal() and not os.environ.get("NO_COLOR")
                    out.echo(colourise(result.output) if colour else result.output, nl=False)
                totals.add(result)
                _print_problem(result, options, out, document)
                if strict and result.status == "violations":
                    break
        if fmt_ == "json":
            out.echo(document.close(totals), nl=False)
        if show_progress:
            click.echo("", err=True)
        if articles:
            out.echo(_ruling_document(articles, lang), nl=False)
        if summary or (summary is None and len(files) + len(unsearchable) > 1):
            _say(totals.text(lang), nl=False)
    except BrokenPipeError:
        raise  # the reader of our output went away: click ends quietly
    except OSError as exc:  # our own output could not be written (a full disk, say)
        raise CheckOutputFailure(_cannot_write_output(exc, lang)) from None
    return totals


def _print_problem(result: Any, options: CheckOptions, out: _Output, document: JsonDocument) -> None:
    """A file's part of the JSON output: its verdicts within the one document (``json``), or a
    record of a file that could not be judged (``jsonl``; its message is on stderr as well)."""
    if options.format == "json":
        out.echo(document.add(result), nl=False)
    elif options.format == "jsonl" and result.status in PROBLEMS:
        import json  # only for JSON (start-up)

        out.echo(json.dumps(problem_record(result), ensure_ascii=False))


def _ruling_document(articles: list[FileResult], lang: str) -> str:
    """The rulings of a batch as one HTML page, with a table of contents for more than one."""
    from .render.ruling_page import document_of, numbered_article, numbered_entry

    pages = [page for r in articles for page in zip(r.articles, r.contents, r.titles, strict=True)]
    title = pages[0][2] if len(pages) == 1 else say("page.kind", lang)
    return document_of([numbered_article(article, n) for n, (article, _, _) in enumerate(pages, 1)],
                       [numbered_entry(entry, n) for n, (_, entry, _) in enumerate(pages, 1)], lang, title)


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
@_output_option
def rulesets_list(lang: str | None, output: str | None) -> None:
    """List the bundled rulesets."""
    lang = lang or _default_lang()
    with _Output(output, lang) as out:
        for name in bundled_names():
            r = load_ruleset(name)
            out.echo(f"{name:<16} {r.title.de if lang == 'de' else r.title.en}")


@rulesets.command("show")
@click.argument("name", shell_complete=completion.ruleset_names)
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
@_output_option
def rulesets_show(name: str, lang: str | None, output: str | None) -> None:
    """Every key of a ruleset with its value and source."""
    from .render.ruleset_report import show_text

    _load_ruleset_or_fail(name)
    with _Output(output, lang or _default_lang()) as out:
        out.echo(show_text(name, lang or _default_lang()), nl=False)


@rulesets.command("diff")
@click.argument("first", shell_complete=completion.ruleset_names)
@click.argument("second", shell_complete=completion.ruleset_names)
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
@_output_option
def rulesets_diff(first: str, second: str, lang: str | None, output: str | None) -> None:
    """Every difference between two rulesets, each side with its source."""
    from .render.ruleset_report import diff_text

    _load_ruleset_or_fail(first)
    _load_ruleset_or_fail(second)
    with _Output(output, lang or _default_lang()) as out:
        out.echo(diff_text(first, second, lang or _default_lang()), nl=False)


@rulesets.command("validate")
@click.argument("files", nargs=-1, required=True)
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
@_output_option
def rulesets_validate(files: tuple[str, ...], lang: str | None, output: str | None) -> None:
    """Check ruleset files against the schema; a bad key is named by its path."""
    bad = 0
    said = lang or _default_lang()
    # the files found good are the output (-o); a bad file's mistakes are messages, as check's are
    with _Output(output, said) as out:
        for f in files:
            try:
                r = load_ruleset(f)
                out.echo(say("cli.validate-ok", said, file=f, name=r.name))
            except RulesetError as exc:
                _say(exc.text(said) if exc.source else f"{f}: {exc.text(said)}")
                bad += 1
        if bad:
            sys.exit(EXIT_SYNTAX)


@cli.command()
@click.argument("rule_id", nargs=-1, shell_complete=completion.rule_ids)
@click.option("--list", "list_all", is_flag=True, help="List every rule ID, with its words.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Language of the output.")
@_output_option
def explain(rule_id: tuple[str, ...], list_all: bool, lang: str | None, output: str | None) -> None:
    """A rule in German and English, its sources, where it is checked, and the ruleset options that change it;
    or the rules a word or a § finds (explain Farbleugnen, explain "§ 17")."""
    said = lang or _default_lang()
    with _Output(output, said) as out:
        _explain(rule_id, list_all, said, out)


def _explain(rule_id: tuple[str, ...], list_all: bool, said: str, out: _Output) -> None:
    from .engine.rules import RULES
    from .messages import unchecked_texts
    from .render.narrative import explain_text, suggest_rule
    from .render.rule_search import find_rules, found_text, list_text

    if list_all:
        out.echo(list_text(said), nl=False)
        return
    query = " ".join(rule_id).strip()
    if not query:
        raise click.UsageError(say("search.need-something", said))
    if query.upper() in RULES or unchecked_texts.known(query):
        out.echo(explain_text(query, said), nl=False)
        return
    hits = find_rules(query)  # not a rule ID: the rules whose words or sources hold it
    if len(hits) == 1:
        out.echo(explain_text(hits[0], said), nl=False)
    elif hits:
        out.echo(found_text(query, hits, said), nl=False)
    else:
        close = suggest_rule(query)
        raise click.UsageError(say("cli.no-rule-close", said, rule=repr(query), close=close) if close else
                               say("search.none", said, query=query))


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--deal", "deal_number", type=int, default=None, help="Only this deal.")
@click.option("--ruleset", "-r", "ruleset_name", default=None, shell_complete=completion.ruleset_names,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
@_match_option
@_output_option
def replay_cmd(file: str, deal_number: int | None, ruleset_name: str | None, lang: str | None,
               match_number: int | None, output: str | None) -> None:
    """Step by step: each event, then whose turn it is, the trick, the figures, who may bet what."""
    from .render.narrative import replay_text

    lang = lang or _default_lang()
    result = _read(file, lang)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(say("cli.file-not-read-cleanly", lang, file=printable(source_name(file))))
    chosen = _chosen_matches(result, match_number, file, lang)
    if deal_number is not None and len(chosen) > 1:  # deal 2 of which match?
        raise click.UsageError(say("cli.choose-a-match", lang, file=printable(file), n=len(chosen), what="--deal"))
    work = []
    for place, transcript in chosen:
        name = ruleset_name or transcript.tags.get("Ruleset", "innsbruck")
        ruleset = _load_ruleset_or_fail(name, None if ruleset_name else file, lang)
        numbers = [deal.number for deal in transcript.deals]
        if deal_number is not None and deal_number not in numbers:
            raise click.BadParameter(say("cli.no-such-deal", lang, deal=deal_number, file=printable(place),
                                         deals=_number_ranges(numbers)), param_hint="--deal")
        work.append((place, transcript, ruleset))
    with _Output(output, lang) as out:
        for place, transcript, ruleset in work:
            if len(result.matches) > 1:
                out.echo(printable(place))
            for block in replay_text(transcript, ruleset, lang, deal_number):
                out.echo(block)
            if len(work) > 1:
                out.echo()


def _chosen_matches(read: MatchesRead, number: int | None, file: str, lang: str) -> list[tuple[str, Transcript]]:
    """The matches a command is to show, each with its place (the file alone for a file of one
    match); a match the file does not have is a usage error."""
    shown = source_name(file)
    if number is not None and number > len(read.matches):
        raise click.BadParameter(say("cli.no-such-match", lang, file=printable(shown), match=number,
                                     n=len(read.matches)), param_hint="--match")
    if len(read.matches) == 1:
        return [(shown, read.matches[0])]
    places = [(match_place(shown, n, len(read.matches), t.tags.get("Event"), lang), t)
              for n, t in enumerate(read.matches, start=1)]
    return places if number is None else [places[number - 1]]


def _number_ranges(numbers: list[int]) -> str:
    """Deal numbers as runs: ``1-3, 5`` (``-`` when there is none)."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs) or "-"


@cli.command()
@click.argument("place")
@click.option("--ruleset", "-r", "ruleset_name", default=None,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_output_option
def why(place: str, ruleset_name: str | None, lang: str | None, fmt_: str, output: str | None) -> None:
    """The ruling on one line (FILE:LINE), without editing the file. Exit status: 0 allowed (or
    nothing to rule on), 1 an act not allowed, 2 a usage error (a line past the end) or a file that
    cannot be read cleanly."""
    import json  # not on check's way: imported where used (start-up)

    from .engine.enums import Answer
    from .engine.ruling import no_event
    from .render.ruling_text import why_text
    from .render.verdict_json import why_to_json
    from .rulesets.compare import rulings_on_line

    lang = lang or _default_lang()
    file, _, number = place.rpartition(":")
    if not file or not number.isdigit() or int(number) < 1:
        raise click.UsageError(say("cli.why.bad-place", lang, place=printable(place)))
    line = int(number)
    read = _read_with_bytes(file, lang)
    if read is None:
        sys.exit(EXIT_SYNTAX)
    result, data = read
    if result.errors:
        raise TranscriptSyntaxFailure(say("cli.file-not-read-cleanly", lang, file=file))
    lines = data.decode("utf-8", errors="replace").splitlines()
    if line > len(lines):
        raise click.UsageError(say("cli.why.past-end", lang, file=printable(file), n=len(lines), line=line))
    transcript = _match_at(result.matches, line)
    name = ruleset_name or transcript.tags.get("Ruleset", "innsbruck")
    ruleset = _load_ruleset_or_fail(name, None if ruleset_name else file, lang)
    _, rulings = rulings_on_line(transcript, ruleset, line)
    if not rulings:
        rulings = (no_event(line, _deal_at(transcript, line), _line_kind(transcript, lines[line - 1], line)),)
    with _Output(output, lang) as out:
        if fmt_ == "json":
            doc = why_to_json(transcript.source, ruleset.name, line, rulings)
            out.echo(json.dumps(doc, ensure_ascii=False, indent=2))
        else:
            out.echo(why_text(rulings, lang), nl=False)
        if any(r.answer is Answer.NOT_ALLOWED for r in rulings):
            sys.exit(EXIT_VIOLATIONS)


def _match_at(matches: list[Any], line: int) -> Any:
    """The match of a file of one or more that a line stands in (the last one begun by then)."""
    found = matches[0]
    for match in matches[1:]:
        if match.deals and match.deals[0].header.pos.line <= line:
            found = match
    return found


def _deal_at(transcript: Any, line: int) -> int | None:
    """The number of the deal a line stands in (None: before the first deal)."""
    number = None
    for deal in transcript.deals:
        if deal.header.pos.line <= line:
            number = deal.number
    return number


def _line_kind(transcript: Any, text: str, line: int) -> str:
    """What a line with no event is: blank, a deal's header, the file's header, or a comment."""
    if not text.strip():
        return "blank"
    if any(deal.header.pos.line == line for deal in transcript.deals):
        return "deal-header"
    first = transcript.deals[0].header.pos.line if transcript.deals else None
    if (first is None or line < first) and not text.lstrip().startswith("#"):
        return "header"
    return "comment"


@cli.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--ruleset", "-r", "ruleset_name", default=None, shell_complete=completion.ruleset_names,
              help="Bundled ruleset name or a YAML file; default: the transcript's [Ruleset] tag.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
@click.option("--html", "html_out", type=click.Path(dir_okay=False), default=None,
              help="Also write the scoresheet as a standalone HTML page (prints on A4).")
@_match_option
@_output_option
def score(file: str, ruleset_name: str | None, lang: str | None, html_out: str | None, match_number: int | None,
          output: str | None) -> None:
    """The scoresheet: the target, every side's points per deal, gestrichen marked, the winner."""
    from .engine import judge
    from .render.scoresheet import scoresheet_html, scoresheet_text

    lang = lang or _default_lang()
    result = _read(file, lang)
    if result is None or result.errors:
        raise TranscriptSyntaxFailure(say("cli.file-not-read-cleanly", lang, file=printable(source_name(file))))
    chosen = _chosen_matches(result, match_number, file, lang)
    if html_out and len(chosen) > 1:  # the page shows one match
        raise click.UsageError(say("cli.choose-a-match", lang, file=printable(file), n=len(chosen), what="--html"))
    sheets = []
    for place, transcript in chosen:
        tags = transcript.tags
        name = ruleset_name or tags.get("Ruleset", "innsbruck")
        verdict = judge(transcript, _load_ruleset_or_fail(name, None if ruleset_name else file, lang))
        players = {side: " / ".join(tags[s] for s in side if s in tags) or "/".join(side) for side in verdict.sides}
        sheets.append((place, verdict, players))
    with _Output(output, lang) as out:
        for n, (place, verdict, players) in enumerate(sheets):
            if len(result.matches) > 1:
                out.echo(("\n" if n else "") + printable(place))
            out.echo(scoresheet_text(verdict, lang, players), nl=False)
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
              shell_complete=completion.ruleset_names,
              help="Bundled ruleset name or a YAML file.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write each match to OUT/match-NNNN.perlagg (default: print them).")
@click.option("--lang", type=click.Choice(["de", "en"]), default="de", show_default=True,
              help="Keywords of the transcripts: German or English.")
@_output_option
def generate(deals: int, matches: int, seed: int, ruleset_name: str, out_dir: str | None, lang: str,
             output: str | None) -> None:
    """Random legal matches as transcripts; the same seed gives the same output.

    Every match is played to its end (a side reaches the target; Strafperlaggen: all but one
    reach 0), so the last match may take the total past --deals.
    """
    from .tools.generate import MatchGenerator

    said = _default_lang()
    if out_dir is not None and output is not None:  # a file per match, or all in one: not both
        raise click.UsageError(say("cli.out-or-output", said))
    generator = MatchGenerator(_load_ruleset_or_fail(ruleset_name), seed)
    with _Output(output, said) as out:
        _generate(generator, deals, matches, out_dir, lang, out)


def _generate(generator: Any, deals: int, matches: int, out_dir: str | None, lang: str, out: _Output) -> None:
    from .language.writer import format_transcript

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
            out.echo(text if n == 1 else "\n" + text, nl=False)
            continue
        try:
            write_atomically(folder / f"match-{n:04d}{TRANSCRIPT_SUFFIX}", text)
        except UnwritableFileError as exc:  # a full disk will not empty itself: stop at the first
            raise EnvironmentFailure(exc.report(said)) from None


@cli.command("standings")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--ruleset", "-r", "ruleset_name", default=None,
              help="Bundled ruleset name or a YAML file; default: each match's [Ruleset] tag, else innsbruck.")
@click.option("--lang", type=click.Choice(["de", "en"]), default=None, help="Output language (default: the locale).")
@click.option("--format", "fmt_", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@_output_option
def standings_cmd(paths: tuple[str, ...], ruleset_name: str | None, lang: str | None, fmt_: str,
                  output: str | None) -> None:
    """Standings over tournament logs: each side (its players from the tags), matches played and won,
    points for and against."""
    import json  # not on check's way: imported where used (start-up)

    from .render.standings import standings_html, standings_json, standings_text, tally
    from .tools.standings import judged_matches

    lang = lang or _default_lang()
    if ruleset_name:
        _load_ruleset_or_fail(ruleset_name)
    files, unsearchable = transcript_files(paths, lang)
    if not files and not unsearchable:
        raise click.UsageError(say("cli.no-files", lang, suffix=TRANSCRIPT_SUFFIX, paths=printable(", ".join(paths))))
    with _Output(output, lang) as out:
        matches, problems = judged_matches(files, ruleset_name, lang)
        for problem in [folder.errors for folder in unsearchable] + problems:
            _say(problem)
        rows = tally(matches)
        if fmt_ == "json":
            data = standings_json(rows, len(matches))
            out.echo(json.dumps({**data, "problems": len(problems) + len(unsearchable)}, ensure_ascii=False, indent=2))
        elif fmt_ == "html":
            out.echo(standings_html(rows, len(matches), lang), nl=False)
        else:
            out.echo(standings_text(rows, len(matches), lang), nl=False)
    if problems or unsearchable:
        sys.exit(EXIT_UNREADABLE)


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
@_output_option
def cases_run(root: str, verbose: bool, output: str | None) -> None:
    """Replay every case below ROOT and show how any failing one differs."""
    from .tools.cases import find_cases, run_case

    lang = _default_lang()
    with _Output(output, lang) as out:
        results = [run_case(p) for p in find_cases(root)]
        for r in results:
            if not r.passed:
                out.echo(say("cli.cases.fail", lang, name=r.name))
                if r.question:
                    out.echo("     " + r.question.splitlines()[0])
                for d in r.differences:
                    out.echo(f"     {d.text(lang)}")
            elif verbose:
                out.echo(say("cli.cases.ok", lang, name=r.name))
        failed = sum(1 for r in results if not r.passed)
        out.echo(say("cli.cases.total", lang, passed=len(results) - failed, failed=failed))
    if failed:
        sys.exit(EXIT_VIOLATIONS)


@cases.command("map")
@click.argument("root", default="cases", type=click.Path(exists=True, file_okay=False))
@_output_option
def cases_map(root: str, output: str | None) -> None:
    """The rule -> cases table (as in cases/README.md)."""
    from .tools.cases import rule_map_markdown

    with _Output(output, _default_lang()) as out:
        out.echo(rule_map_markdown(root), nl=False)


def main() -> None:
    """Entry point: run the CLI, turning any internal failure into a one-line message."""
    try:
        _main()
    finally:
        # Why: on its way out Python collects garbage over every object still alive (lark's
        # tables, the remembered lines, the modules, the verdicts): frozen, they are left out of
        # those collections, which took about 20 ms of every run (benchmarks/README.md, Start-up).
        # Only the search for cycles among them is skipped; what is left the system takes back.
        gc.freeze()


def _main() -> None:
    if hasattr(signal, "SIGXFSZ"):
        # Past `ulimit -f` the system sends SIGXFSZ, which would end the process without a
        # word (and half a file written); ignored, the write fails with EFBIG, which we report.
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:  # before or after a command ran (the interpreter's own start, say)
        click.echo(say("cli.interrupted", _default_lang()), err=True)
        sys.exit(EXIT_INTERRUPTED)
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
