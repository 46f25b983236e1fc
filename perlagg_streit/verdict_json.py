"""The JSON form of a verdict (``check --format json``), versioned."""

from __future__ import annotations

import dataclasses
from enum import Enum
from typing import Any

from .cards import Card
from .engine.verdict import MatchVerdict

VERDICT_FORMAT = "perlagg-streit/verdict"
VERDICT_VERSION = 1


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def verdict_to_json(verdict: MatchVerdict) -> dict[str, Any]:
    """The whole verdict as plain JSON data."""
    data = _plain(verdict)
    return {"format": VERDICT_FORMAT, "version": VERDICT_VERSION, **data}
