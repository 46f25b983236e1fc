"""The message catalogue: every text a user sees, keyed by a stable code, in German and English.

The engine makes :class:`Message` objects (a code and its arguments) and never chooses a
language; the renderers, the reader's errors and the command line look the code up with
:func:`say` or :meth:`Message.text`. The texts live in the modules beside this one, one per
area: ``rule_texts`` (the rules, ``rule.*``), ``unchecked_texts`` (the rules no transcript can
exercise, with the reason, ``unchecked.*``), ``engine_texts`` (findings ``<RULE>.*``, notes
``note.*``, how a deal or match was decided ``how.*``), ``report_texts`` (the reports and
scoresheet), ``reader_texts`` (errors in reading a transcript, ``syntax.*``), ``ruleset_texts`` (a
ruleset file that cannot be used, ``ruleset.*``), ``ruling_texts`` (the answer to a Streitfrage,
``ruling.*``), ``search_texts`` (finding a rule, ``search.*``), ``page_texts`` (the ruling page, the
scoresheet's legend and the web app, ``page.*``, ``web.*``) and ``cli_texts`` (the command line,
its help, the batch summary and the file errors). :mod:`.language` decides
the language of the command line.
"""

from __future__ import annotations

from . import (
    cli_texts,
    engine_texts,
    page_texts,
    reader_texts,
    report_texts,
    rule_texts,
    ruleset_texts,
    ruling_texts,
    search_texts,
    unchecked_texts,
)
from .core import LANGS, Entry, Message, columns, merged, number, render, say, scores_text

#: Every text, by code.
CATALOGUE: dict[str, Entry] = merged(
    rule_texts.TEXTS,
    unchecked_texts.TEXTS,
    engine_texts.TEXTS,
    report_texts.TEXTS,
    reader_texts.TEXTS,
    cli_texts.TEXTS,
    ruleset_texts.TEXTS,
    ruling_texts.TEXTS,
    search_texts.TEXTS,
    page_texts.TEXTS,
)

__all__ = ["CATALOGUE", "LANGS", "Entry", "Message", "columns", "number", "render", "say", "scores_text"]
