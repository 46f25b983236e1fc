"""The checks a declared ruleset key applies to its value, and the error that names the key's path.

In the spirit of pre-commit's cfgv: a check is a small object that either returns the value (as
the type the engine reads) or raises :class:`RulesetError` naming the path of the bad key, such
as ``exchange.who[2]`` or ``penalties.PLAY-3.forfeit``. Each check also says in words what it
takes (:attr:`Check.takes`), so that the documentation and the error say the same thing.
The keys themselves are declared in :mod:`perlagg_streit.engine.ruleset`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Protocol

from ..base.records import record
from ..messages import Message, say


class RulesetError(Exception):
    """A ruleset that cannot be used: ``path`` names the bad key, ``what`` says what is wrong.

    ``what`` is a catalogue message (a ``ruleset.*`` code and its arguments, see
    :mod:`perlagg_streit.messages.ruleset_texts`); :meth:`text` renders it in a language.
    ``source`` is the file (or bundled ruleset) it is in. One error may carry others of the same
    file (:attr:`problems`, made by :meth:`gathered`): a file is reported whole, not one mistake
    per run. ``str()`` is the English text.
    """

    def __init__(self, path: str, what: Message, source: str = "") -> None:
        self.path = path
        self.what = what
        self.source = source
        self.others: tuple[RulesetError, ...] = ()
        super().__init__(path, what.code)

    @classmethod
    def gathered(cls, errors: Sequence[RulesetError], source: str = "") -> RulesetError:
        """One error standing for all of ``errors`` (at least one), each given ``source`` if it has none."""
        placed = [e if e.source or not source else e.at(source) for e in errors]
        first = placed[0]
        if len(placed) > 1:
            first = RulesetError(first.path, first.what, first.source)
            first.others = tuple(placed[1:])
        return first

    def at(self, source: str) -> RulesetError:
        """The same error (and the others it carries), said of ``source``."""
        moved = RulesetError(self.path, self.what, source)
        moved.others = tuple(e.at(source) for e in self.others)
        return moved

    @property
    def problems(self) -> tuple[RulesetError, ...]:
        """This error and the others found in the same file, in the order found."""
        return (self, *self.others)

    @property
    def code(self) -> str:
        """The catalogue code of what is wrong (``ruleset.expected``, ...)."""
        return self.what.code

    @property
    def arguments(self) -> dict[str, Any]:
        """The arguments of :attr:`code`."""
        return self.what.args

    @property
    def message(self) -> str:
        """What is wrong, in English, without the source and the path."""
        return self.what.text("en")

    @property
    def message_de(self) -> str:
        """What is wrong, in German, without the source and the path."""
        return self.what.text("de")

    def line(self, lang: str) -> str:
        """This one error, ``source: path: message``, in German (``de``) or English."""
        message = self.what.text(lang)
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.path}: {message}" if self.path else f"{where}{message}"

    def text(self, lang: str) -> str:
        """The whole error, one line per problem (``source: path: message``), in ``lang``."""
        lines = [e.line(lang) for e in self.problems[:MAX_PROBLEMS]]
        if len(self.problems) > MAX_PROBLEMS:
            lines.append(say("ruleset.more-problems", lang, n=len(self.problems) - MAX_PROBLEMS))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text("en")

    def __reduce__(self) -> tuple[Any, ...]:
        # an error may travel from a worker process: rebuilt whole, the others it carries included
        return (_rebuilt_error, (self.path, self.what, self.source, self.others))


def _rebuilt_error(path: str, what: Message, source: str, others: tuple[RulesetError, ...]) -> RulesetError:
    error = RulesetError(path, what, source)
    error.others = others
    return error


#: The most problems of one file an error lists; a hostile file could hold thousands.
MAX_PROBLEMS = 50

#: How many characters of a text a message shows; a ruleset is untrusted input, and a message
#: that printed all of a long value would itself be the failure (issue 19).
PREVIEW_CHARS = 40


def shown(value: Any) -> Message:
    """A value as an error message shows it: its type and a short preview.

    Never the whole of a large value: a list is shown by its length and first items, a text by
    its length and first characters, a whole number of more than 20 digits by its length (Python
    refuses to convert one of more than 4,300 digits to text at all).
    """
    if value is None:
        return Message("ruleset.value.null")
    if isinstance(value, bool):
        return Message("ruleset.value.as-is", value="true" if value else "false")
    if isinstance(value, int):
        digits = int(abs(value).bit_length() * 0.30103) + 1
        if digits <= 20:
            return Message("ruleset.value.as-is", value=str(value))
        return Message("ruleset.value.long-number", digits=digits)
    if isinstance(value, float):
        return Message("ruleset.value.as-is", value=repr(value))
    if isinstance(value, str):
        if len(value) <= PREVIEW_CHARS:
            return Message("ruleset.value.as-is", value=repr(value))
        start = repr(value[:PREVIEW_CHARS])[:-1] + "…" + repr(value)[-1]
        return Message("ruleset.value.long-text", n=len(value), start=start)
    if isinstance(value, Mapping):
        n = len(value)
        keys = ", ".join(_brief(k, quoted=False) for k in list(value)[:3]) + (", …" if n > 3 else "")
        return Message("ruleset.value.mapping", n=n, keys=keys)
    if isinstance(value, list | tuple | set | frozenset):
        n = len(value)
        items = "[" + ", ".join(_brief(v) for v in list(value)[:3]) + (", …" if n > 3 else "") + "]"
        return Message("ruleset.value.list", n=n, items=items)
    if isinstance(value, bytes | bytearray):
        return Message("ruleset.value.binary", n=len(value))
    return Message("ruleset.value.other", kind=type(value).__name__, text=str(value)[:PREVIEW_CHARS])


def preview(value: Any) -> tuple[str, str]:
    """A value as an error message shows it, in English and German (see :func:`shown`)."""
    message = shown(value)
    return message.text("en"), message.text("de")


def _brief(value: Any, quoted: bool = True) -> str:
    """An item inside a list or a mapping's key, in a few characters: containers only as brackets."""
    if isinstance(value, Mapping):
        return "{…}"
    if isinstance(value, list | tuple | set | frozenset):
        return "[…]"
    if isinstance(value, str) and not quoted:
        return value if len(value) <= 12 else value[:12] + "…"
    if isinstance(value, str) and len(value) > 12:
        return repr(value[:12])[:-1] + "…" + repr(value)[-1]
    en, _ = preview(value)
    return en if len(en) <= 24 else "…"


def key_text(key: Any) -> str:
    """A mapping key as a message and a path show it: as text, and never longer than a line."""
    text = key if isinstance(key, str) else preview(key)[0]
    return text if len(text) <= 2 * PREVIEW_CHARS else text[: 2 * PREVIEW_CHARS] + "…"


def expected(path: str, takes: Message, value: Any) -> RulesetError:
    """A value of the wrong kind: what the key takes, and what it got (type and short preview)."""
    return RulesetError(path, Message("ruleset.expected", takes=takes, got=shown(value)))


class Check(Protocol):
    """What a key takes: called with the value and its path, it returns the value as the engine
    reads it or raises :class:`RulesetError`; ``wants`` says in words what it takes (a catalogue
    message), ``takes`` the same in English (the docs are English)."""

    @property
    def wants(self) -> Message: ...

    @property
    def takes(self) -> str: ...

    def __call__(self, value: Any, path: str) -> Any: ...


@record
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.whole-range", low=self.low, high=self.high)

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise expected(path, self.wants, value)
        return value


@record
class WholeOf:
    """One of a few whole numbers; ``says`` is the catalogue code that names them in the key's own words."""

    values: tuple[int, ...]
    says: str

    @property
    def wants(self) -> Message:
        return Message(self.says)

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value not in self.values:
            raise expected(path, self.wants, value)
        return value


@record
class Flag:
    """``true`` or ``false``."""

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.flag")

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise expected(path, self.wants, value)
        return value


@record
class Text:
    """Any text."""

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.text")

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise expected(path, self.wants, value)
        return value


@record
class OneOf:
    """One of the values of a ``StrEnum`` (or of some of its members): returns the member."""

    enum: type[Enum]
    members: tuple[Enum, ...] = ()  # empty: every member, in the order the enum declares them

    @property
    def choices(self) -> tuple[str, ...]:
        """The values the key takes, as YAML writes them."""
        return tuple(str(m.value) for m in (self.members or tuple(self.enum)))

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.one-of", choices=self.choices)

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> Enum:
        if not isinstance(value, str) or value not in self.choices:
            raise expected(path, self.wants, value)
        return self.enum(value)


@record
class ListOf:
    """A list whose items each pass ``item``; returned as a tuple."""

    item: Check

    @property
    def wants(self) -> Message:
        return Message("ruleset.takes.list-of", item=self.item.wants)

    @property
    def takes(self) -> str:
        return self.wants.text("en")

    def __call__(self, value: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise expected(path, Message("ruleset.takes.list"), value)
        return tuple(self.item(v, f"{path}[{i}]") for i, v in enumerate(value))


@record
class Custom:
    """A check written as a function, for a value no general check describes (``what`` says what it takes)."""

    check: Callable[[Any, str], Any]
    what: Message

    @property
    def wants(self) -> Message:
        return self.what

    @property
    def takes(self) -> str:
        return self.what.text("en")

    def __call__(self, value: Any, path: str) -> Any:
        return self.check(value, path)
