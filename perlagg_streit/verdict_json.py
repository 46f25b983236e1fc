"""The JSON form of a verdict (``check --format json``), versioned."""

from __future__ import annotations

from typing import Any

from .engine.verdict import MatchVerdict
from .jsonform import plain

VERDICT_FORMAT = "perlagg-streit/verdict"
VERDICT_VERSION = 1


def verdict_to_json(verdict: MatchVerdict) -> dict[str, Any]:
    """The whole verdict as plain JSON data."""
    return {"format": VERDICT_FORMAT, "version": VERDICT_VERSION, **plain(verdict)}
