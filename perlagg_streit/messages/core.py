"""The machinery of the message catalogue: entries, messages, and how a text is rendered.

An :class:`Entry` holds one text in German and English; a text with a number in it may come in
two forms, singular and plural, chosen by that number. A :class:`Message` is a code and its
arguments: the engine makes messages, and only a renderer decides the language, when it shows
one. Pure Python, importing nothing of this package but :mod:`..cards` (the suits have names in
both languages) and :mod:`..caches`: the engine may import it.

Templates are ``str.format`` templates, with these format specs of our own:

- ``{cards:space}``, ``{seats:comma}``, ``{names:and}``, ``{names:or}``, ``{acts:slash}``,
  ``{parts:semicolon}``, ``{parts:concat}``: a sequence, each item rendered, joined by a space,
  ", ", " and "/" und ", " or "/" oder ", "/", "; " or nothing;
- ``{n:n}``: a whole number with the language's thousands separator (12,345 / 12.345);
- ``{side:side}``: a side as the scoresheet writes it (``NS`` -> ``N/S``);
- ``{sides:columns}``: the scoresheet's columns (``N/S:E/W``; German ``N/S:O/W``).

An argument that is itself a :class:`Message` is rendered in the same language; a suit is named
in the language (Herz / hearts); any other enum by its value (a figure: Gleich, Hanger, Spiel).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from enum import Enum
from typing import Any

from ..base import caches
from ..base.cards import Suit
from ..base.records import record

#: The languages of every text: German and English.
LANGS = ("de", "en")

Form = str | tuple[str, str]
"""A text, or (singular, plural) chosen by the entry's ``count`` argument."""


@record
class Entry:
    """One text of the catalogue in German and English.

    ``count`` names the argument that chooses between the singular and the plural form, where
    the text has both (``("{n} Ausgabe", "{n} Ausgaben")``); a language may have one form only.
    """

    de: Form
    en: Form
    count: str | None = None

    def form(self, lang: str) -> Form:
        """The text in ``lang``: German for ``de``, English otherwise."""
        return self.de if lang == "de" else self.en


def merged(*parts: Mapping[str, Entry]) -> dict[str, Entry]:
    """The catalogue made of its modules' entries; a code used twice is a bug of ours."""
    out: dict[str, Entry] = {}
    for entries in parts:
        twice = sorted(out.keys() & entries.keys())
        if twice:
            raise ValueError(f"message codes defined twice: {', '.join(twice)}")
        out.update(entries)
    return out


class Message:
    """A text by its catalogue code and its arguments, rendered in a language when it is shown.

    ``str()`` gives the English text (for logs, tests and the JSON verdict's English fields).
    """

    __slots__ = ("code", "args")

    def __init__(self, code: str, /, **args: Any) -> None:
        self.code = code
        self.args = args

    def text(self, lang: str) -> str:
        """The message in German (``de``) or English (``en``)."""
        return render(self.code, lang, self.args)

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Message({self.code!r}{args})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self.code == other.code and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.code, tuple(self.args)))

    def __reduce__(self) -> tuple[Any, ...]:
        # a verdict travels from a worker process to the parent: keyword arguments are not pickled
        return (_rebuild, (self.code, self.args))


def _rebuild(code: str, args: dict[str, Any]) -> Message:
    return Message(code, **args)


def say(code: str, lang: str, /, **args: Any) -> str:
    """The text of ``code`` in ``lang`` with these arguments (a renderer's shorthand)."""
    return render(code, lang, args)


def render(code: str, lang: str, args: Mapping[str, Any]) -> str:
    """The text of ``code`` in ``lang``; KeyError for a code not in the catalogue (a bug of ours)."""
    compiled = _COMPILED.get((code, lang))
    if compiled is None:  # the first time this code is shown in this language
        compiled = _compile(code, lang)
    count, one, many = compiled
    form = one if count is None or args[count] == 1 else many
    if isinstance(form, str):
        return form
    out = []
    for literal, name, spec in form:
        out.append(literal)
        if name is not None:
            value = args[name]
            # the common cases first: a seat, a card code, a number as it is
            out.append(value if type(value) is str and not spec else _field(value, spec, lang))
    return "".join(out)


Parts = tuple[tuple[str, str | None, str], ...]
"""A template cut into (literal text, argument name, format spec)."""

Compiled = tuple[str | None, str | Parts, str | Parts]
"""(the count argument or None, the singular form, the plural form), each form a text without
fields or its parts."""

#: Each text compiled once per code and language (a report renders thousands); bounded in caches.py.
_COMPILED: caches.BoundedTable[tuple[str, str], Compiled] = caches.table("perlagg_streit.messages.core._COMPILED")


def _compile(code: str, lang: str) -> Compiled:
    from . import CATALOGUE  # the package assembles it from the modules beside this one

    entry = CATALOGUE[code]
    form = entry.de if lang == "de" else entry.en
    count: str | None = None
    if isinstance(form, tuple):
        assert entry.count is not None, code
        count, (one, many) = entry.count, form
    else:
        one = many = form
    return _COMPILED.keep((code, lang), (count, _parsed(one), _parsed(many)))


def _parsed(template: str) -> str | Parts:
    """A template cut into its parts, or the template itself if it has no field."""
    if "{" not in template and "}" not in template:
        return template
    parts = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        if conversion:
            raise ValueError(f"no conversions in catalogue texts: {template!r}")
        parts.append((literal, name, spec or ""))
    return tuple(parts)


#: How a sequence is joined, by format spec and language.
_JOINS = {
    "space": {"de": " ", "en": " "},
    "comma": {"de": ", ", "en": ", "},
    "and": {"de": " und ", "en": " and "},
    "or": {"de": " oder ", "en": " or "},
    "slash": {"de": "/", "en": "/"},
    "semicolon": {"de": "; ", "en": "; "},
    "concat": {"de": "", "en": ""},
}


def _field(value: Any, spec: str, lang: str) -> str:
    """One argument as the template's field shows it."""
    if type(value) is int and not spec:
        return str(value)
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, str):
        if spec == "side":
            return "/".join(value)
        return format(value, spec)
    if spec in _JOINS:
        return _JOINS[spec]["de" if lang == "de" else "en"].join(_field(v, "", lang) for v in value)
    if spec == "columns":
        return columns(value, lang)
    if isinstance(value, Suit):
        return value.german if lang == "de" else value.english
    if isinstance(value, Enum):
        return str(value.value)
    if spec == "n":
        return number(value, lang)
    return format(value, spec)


def number(n: int, lang: str) -> str:
    """A whole number with thousands separated: 12,345 in English, 12.345 in German."""
    grouped = f"{n:,}"
    return grouped.replace(",", ".") if lang == "de" else grouped


def scores_text(scores: Iterable[int]) -> str:
    """A score as the scoresheet writes it, one column per side: 12:9, or 9:7:11 (any language)."""
    return ":".join(map(str, scores))


def columns(sides: Iterable[str], lang: str) -> str:
    """The scoresheet's columns as the referee names them: N/S:E/W, in German N/S:O/W (Ost)."""
    labels = ["/".join(side) for side in sides]
    if lang == "de" and labels == ["N/S", "E/W"]:
        labels = ["N/S", "O/W"]
    return ":".join(labels)
