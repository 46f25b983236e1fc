"""The checks a declared ruleset key applies to its value, and the error that names the key's path.

In the spirit of pre-commit's cfgv: a check is a small object that either returns the value (as
the type the engine reads) or raises :class:`RulesetError` naming the path of the bad key, such
as ``exchange.who[2]`` or ``penalties.PLAY-3.forfeit``. Each check also says in words what it
takes (:attr:`Check.takes`), so that the documentation and the error say the same thing.
The keys themselves are declared in :mod:`perlagg_streit.engine.ruleset`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol


class RulesetError(Exception):
    """A ruleset that cannot be used; ``path`` names the bad key.

    ``message`` is English, ``message_de`` German (empty where only an English text exists, as
    for a YAML parser's own words); :meth:`text` picks one. ``str()`` is the English text.
    """

    def __init__(self, path: str, message: str, source: str = "", message_de: str = "") -> None:
        self.path = path
        self.message = message
        self.message_de = message_de
        self.source = source
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The whole error, ``source: path: message``, in German (``de``) or English."""
        message = self.message_de if lang == "de" and self.message_de else self.message
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.path}: {message}" if self.path else f"{where}{message}"


#: How many characters of a text a message shows; a ruleset is untrusted input, and a message
#: that printed all of a long value would itself be the failure (issue 19).
PREVIEW_CHARS = 40


def preview(value: Any) -> tuple[str, str]:
    """A value as an error message shows it, in English and German: its type and a short preview.

    Never the whole of a large value: a list is shown by its length and first items, a text by
    its length and first characters, a whole number of more than 20 digits by its length (Python
    refuses to convert one of more than 4,300 digits to text at all).
    """
    if value is None:
        return "nothing (null)", "nichts (null)"
    if isinstance(value, bool):
        return ("true", "true") if value else ("false", "false")
    if isinstance(value, int):
        digits = int(abs(value).bit_length() * 0.30103) + 1
        if digits <= 20:
            return str(value), str(value)
        return f"a whole number of about {digits:,} digits", f"eine ganze Zahl mit etwa {_de_number(digits)} Ziffern"
    if isinstance(value, float):
        return repr(value), repr(value)
    if isinstance(value, str):
        if len(value) <= PREVIEW_CHARS:
            return repr(value), repr(value)
        start = repr(value[:PREVIEW_CHARS])[:-1] + "…" + repr(value)[-1]
        return (f"a text of {len(value):,} characters, {start}",
                f"ein Text mit {_de_number(len(value))} Zeichen, {start}")
    if isinstance(value, Mapping):
        n = len(value)
        keys = ", ".join(_brief(k, quoted=False) for k in list(value)[:3]) + (", …" if n > 3 else "")
        return (f"a mapping of {n:,} key{'s' if n != 1 else ''} ({keys})",
                f"eine Zuordnung mit {_de_number(n)} Schlüssel{'n' if n != 1 else ''} ({keys})")
    if isinstance(value, list | tuple | set | frozenset):
        n = len(value)
        items = "[" + ", ".join(_brief(v) for v in list(value)[:3]) + (", …" if n > 3 else "") + "]"
        return (f"a list of {n:,} item{'s' if n != 1 else ''}: {items}",
                f"eine Liste mit {_de_number(n)} Eintr{'ägen' if n != 1 else 'ag'}: {items}")
    if isinstance(value, bytes | bytearray):
        return f"binary data of {len(value):,} bytes", f"Binärdaten mit {_de_number(len(value))} Bytes"
    text = str(value)[:PREVIEW_CHARS]
    return f"a {type(value).__name__}: {text}", f"ein {type(value).__name__}: {text}"


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


def _de_number(n: int) -> str:
    return f"{n:,}".replace(",", ".")


def key_text(key: Any) -> str:
    """A mapping key as a message and a path show it: as text, and never longer than a line."""
    text = key if isinstance(key, str) else preview(key)[0]
    return text if len(text) <= 2 * PREVIEW_CHARS else text[: 2 * PREVIEW_CHARS] + "…"


def expected(path: str, en: str, de: str, value: Any) -> RulesetError:
    """A value of the wrong kind: what the key takes, and what it got (type and short preview)."""
    got_en, got_de = preview(value)
    return RulesetError(path, f"expected {en}, got {got_en}", message_de=f"erwartet {de}, gefunden {got_de}")


class Check(Protocol):
    """What a key takes: called with the value and its path, it returns the value as the engine
    reads it or raises :class:`RulesetError`; ``takes`` says in words what it takes (English)."""

    @property
    def takes(self) -> str: ...

    def __call__(self, value: Any, path: str) -> Any: ...


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int

    @property
    def takes(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def __call__(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not self.low <= value <= self.high:
            raise expected(path, self.takes, f"eine ganze Zahl von {self.low} bis {self.high}", value)
        return value


@dataclass(frozen=True)
class WholeOf:
    """One of a few whole numbers; ``en`` and ``de`` say which, in the key's own words."""

    values: tuple[int, ...]
    en: str
    de: str

    @property
    def takes(self) -> str:
        return self.en

    def __call__(self, value: Any, path: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value not in self.values:
            raise expected(path, self.en, self.de, value)
        return value


@dataclass(frozen=True)
class Flag:
    """``true`` or ``false``."""

    @property
    def takes(self) -> str:
        return "true or false"

    def __call__(self, value: Any, path: str) -> bool:
        if not isinstance(value, bool):
            raise expected(path, self.takes, "true oder false", value)
        return value


@dataclass(frozen=True)
class Text:
    """Any text."""

    @property
    def takes(self) -> str:
        return "text"

    def __call__(self, value: Any, path: str) -> str:
        if not isinstance(value, str):
            raise expected(path, self.takes, "einen Text", value)
        return value


@dataclass(frozen=True)
class OneOf:
    """One of the values of a ``StrEnum`` (or of some of its members): returns the member."""

    enum: type[Enum]
    members: tuple[Enum, ...] = ()  # empty: every member, in the order the enum declares them

    @property
    def choices(self) -> tuple[str, ...]:
        """The values the key takes, as YAML writes them."""
        return tuple(str(m.value) for m in (self.members or tuple(self.enum)))

    @property
    def takes(self) -> str:
        return f"one of {', '.join(self.choices)}"

    def __call__(self, value: Any, path: str) -> Enum:
        if not isinstance(value, str) or value not in self.choices:
            raise expected(path, self.takes, f"einen der Werte {', '.join(self.choices)}", value)
        return self.enum(value)


@dataclass(frozen=True)
class ListOf:
    """A list whose items each pass ``item``; returned as a tuple."""

    item: Check

    @property
    def takes(self) -> str:
        return f"a list, each item {self.item.takes}"

    def __call__(self, value: Any, path: str) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise expected(path, "a list", "eine Liste", value)
        return tuple(self.item(v, f"{path}[{i}]") for i, v in enumerate(value))


@dataclass(frozen=True)
class Custom:
    """A check written as a function, for a value no general check describes (``takes`` says what)."""

    check: Callable[[Any, str], Any]
    what: str

    @property
    def takes(self) -> str:
        return self.what

    def __call__(self, value: Any, path: str) -> Any:
        return self.check(value, path)
