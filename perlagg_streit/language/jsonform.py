"""The JSON form of a parsed transcript (``perlagg-streit parse --json``).

Versioned: ``format`` names the schema and ``version`` its revision; the
schema is documented in docs/transcript-format.md.
"""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from ..base.cards import Card
from ..messages import Message
from .transcript import Event, Line, Transcript, Undone

JSON_FORMAT = "perlagg-streit/transcript"
JSON_VERSION = 1


def plain(value: Any, skip: tuple[str, ...] = ()) -> Any:
    """Dataclasses, cards, enums, messages and tuples as plain JSON data (fields in ``skip`` left out).

    A message is its English text. A dataclass field whose metadata has ``plain`` is written as
    the fields that function gives (a violation's account as ``detail_en`` and ``detail_de``).
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Message):
        return value.text("en")
    if isinstance(value, (tuple, list)):
        return [plain(v, skip) for v in value]
    if isinstance(value, dict):
        return {k: plain(v, skip) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = {}
        for f in dataclasses.fields(value):
            if f.name in skip:
                continue
            expand = f.metadata.get("plain")
            if expand is not None:
                out.update(expand(getattr(value, f.name)))
            else:
                out[f.name] = plain(getattr(value, f.name), skip)
        return out
    return value


def event_to_json(event: Event) -> dict[str, Any]:
    """One event: its type, its place and its fields."""
    out: dict[str, Any] = {"type": type(event).__name__, "line": event.pos.line, "column": event.pos.column}
    out.update(plain(event, skip=("pos",)))
    if isinstance(event, Undone):
        out["act"] = event_to_json(event.act)  # the act refused or withdrawn, as an event object
    return out


def _line(line: Line) -> dict[str, Any]:
    out: dict[str, Any] = {"line": line.pos.line, "events": [event_to_json(e) for e in line.events]}
    if line.comment is not None:
        out["comment"] = line.comment
    if line.trick_label is not None:
        out["trick_label"] = line.trick_label
    return out


def transcript_to_json(t: Transcript) -> dict[str, Any]:
    """The whole transcript as plain JSON data."""
    return {
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "source": t.source,
        "tags": t.tags,
        "header": [_line(line) for line in t.header],
        "deals": [{"number": d.number, "line": d.header.pos.line, "lines": [_line(line) for line in d.lines]}
                  for d in t.deals],
    }
