"""From a rule ID of the digest (``shared/rules/RULES.md``, section 2) to the code that enforces it.

Every place that enforces a rule carries its ID in one form: the decorator
``@enforces("<ID>", ...)`` right above the function, so grepping the ID in ``perlagg_streit``
lands on it and ``perlagg-streit explain PLAY-3`` names it. The decorator only records the
function in :data:`CHECKED` and returns it unchanged (no cost per call). A rule kept as data (the
Perlagg order of a ruleset, the Weli's rank in it) is carried by the function that reads that data.

Rules no transcript can exercise are declared once, with the reason in German and English, in
the message catalogue (:mod:`perlagg_streit.messages.unchecked_texts`, codes ``unchecked.<ID>``;
the same list as the table "Rules no transcript can exercise" of ``cases/README.md``, a test
keeps the two equal); :func:`not_checked` lists them. A test checks that every rule ID of the
digest is either carried or declared there, never both, and that no ID is carried that the
digest lacks.

This module imports nothing of the package at import time: the engine and ``cards.py`` import it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

#: rule ID -> the places that enforce it, as (module, qualified function name), in import order.
CHECKED: dict[str, list[tuple[str, str]]] = {}

def enforces(*rule_ids: str) -> Callable[[F], F]:
    """Mark a function as the place that enforces these rules of the digest; returns it unchanged."""
    def mark(function: F) -> F:
        place = (function.__module__, function.__qualname__)
        for rule_id in rule_ids:
            CHECKED.setdefault(rule_id, []).append(place)
        return function
    return mark


def load_all() -> None:
    """Import every module that carries rule IDs, so that :data:`CHECKED` is complete."""
    import importlib

    for module in ("cards", "engine.betting", "engine.deal", "engine.figures", "engine.match",
                   "engine.points", "engine.replay", "engine.ruleset", "engine.scoring", "engine.show",
                   "engine.state", "engine.table", "engine.tricks"):
        importlib.import_module(f"{__package__}.{module}")


def checked_at(rule_id: str) -> tuple[tuple[str, str], ...]:
    """The places (module, function) that enforce ``rule_id``; empty if none does."""
    load_all()
    return tuple(CHECKED.get(rule_id.upper(), ()))


def not_checked() -> frozenset[str]:
    """The rule IDs no transcript can exercise (declared in the catalogue, ``unchecked.<ID>``)."""
    from .messages.unchecked_texts import TEXTS  # late: the catalogue imports cards, which imports us

    return frozenset(code.removeprefix("unchecked.") for code in TEXTS)


def known(rule_id: str) -> bool:
    """True for a rule ID that is carried somewhere or declared not checkable."""
    load_all()
    return rule_id.upper() in CHECKED or rule_id.upper() in not_checked()
