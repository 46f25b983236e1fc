"""The JSON form of a verdict (``check --format json``), versioned."""

from __future__ import annotations

from typing import Any

from ..engine.verdict import DealVerdict, MatchVerdict
from ..language.jsonform import plain

VERDICT_FORMAT = "perlagg-streit/verdict"
VERDICT_VERSION = 1


def verdict_to_json(verdict: MatchVerdict) -> dict[str, Any]:
    """The whole verdict as plain JSON data."""
    return {"format": VERDICT_FORMAT, "version": VERDICT_VERSION, **plain(verdict)}


def deal_to_json(verdict: MatchVerdict, deal: DealVerdict) -> dict[str, Any]:
    """One deal as a self-contained JSON object, for ``--format jsonl`` (one line per deal)."""
    return {"format": VERDICT_FORMAT + "/deal", "version": VERDICT_VERSION, "source": verdict.source,
            "ruleset": verdict.ruleset, **plain(deal)}
