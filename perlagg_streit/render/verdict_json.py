"""The JSON form of a verdict (``check --format json``), versioned."""

from __future__ import annotations

from typing import Any

from ..engine.verdict import DealVerdict, MatchVerdict, Ruling
from ..language.jsonform import plain

VERDICT_FORMAT = "perlagg-streit/verdict"
VERDICT_VERSION = 2  # 2: a deal's ``rulings`` (each Streitfrage answered)


def verdict_to_json(verdict: MatchVerdict) -> dict[str, Any]:
    """The whole verdict as plain JSON data."""
    return {"format": VERDICT_FORMAT, "version": VERDICT_VERSION, **plain(verdict)}


def deal_to_json(verdict: MatchVerdict, deal: DealVerdict) -> dict[str, Any]:
    """One deal as a self-contained JSON object, for ``--format jsonl`` (one line per deal)."""
    return {"format": VERDICT_FORMAT + "/deal", "version": VERDICT_VERSION, "source": verdict.source,
            "ruleset": verdict.ruleset, **plain(deal)}


WHY_FORMAT = "perlagg-streit/why"
WHY_VERSION = 1


def why_to_json(source: str, ruleset: str, line: int, rulings: tuple[Ruling, ...]) -> dict[str, Any]:
    """The answer of ``why FILE:LINE`` as plain JSON data: a ruling per event of the line, each as
    in the verdict's ``rulings``."""
    return {"format": WHY_FORMAT, "version": WHY_VERSION, "source": source, "ruleset": ruleset, "line": line,
            "rulings": plain(rulings)}
