"""Which language the command line speaks: ``--lang de|en``, else the locale.

The language must be known before click builds the help or reports a usage error, so it is
read from the command line as given (a pre-scan) and from the environment, not from click's
parse.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

#: Commands whose ``--lang`` chooses the transcript's keywords, not the language of messages.
TRANSCRIPT_LANG_COMMANDS = frozenset({"fmt", "generate"})


def locale_language(environ: Mapping[str, str]) -> str:
    """German for a German locale (the first of LC_ALL, LC_MESSAGES, LANG that is set starts with
    ``de``), else English."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(var)
        if value:
            return "de" if value.lower().startswith("de") else "en"
    return "en"


def command_line_language(args: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of this run's messages and help: the value of ``--lang`` (``--lang de`` or
    ``--lang=de``) where it names the report language, else the locale.

    ``fmt --lang`` and ``generate --lang`` choose the keywords of the transcript written, so
    there the locale decides. A value other than ``de`` or ``en`` is left to click to refuse.
    """
    command = next((a for a in args if not a.startswith("-")), None)
    if command not in TRANSCRIPT_LANG_COMMANDS:
        for i, arg in enumerate(args):
            if arg == "--":
                break
            value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else \
                arg.partition("=")[2] if arg.startswith("--lang=") else None
            if value in ("de", "en"):
                return value
    return locale_language(environ)
