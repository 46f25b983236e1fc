"""From a rule ID of the digest (``shared/rules/RULES.md``, section 2) to the code that enforces it.

Every place that enforces a rule carries its ID in one form: the decorator
``@enforces("<ID>", ...)`` right above the function, so grepping the ID in ``perlagg_streit``
lands on it and ``perlagg-streit explain PLAY-3`` names it. The decorator only marks the
function (an attribute; no cost per call), and :func:`checked` collects the marks. A rule kept as data (the
Perlagg order of a ruleset, the Weli's rank in it) is carried by the function that reads that data.

Rules no transcript can exercise are declared once, with the reason in German and English, in
the message catalogue (:mod:`perlagg_streit.messages.unchecked_texts`, codes ``unchecked.<ID>``;
the same list as the table "Rules no transcript can exercise" of ``cases/README.md``, a test
keeps the two equal); :func:`~perlagg_streit.messages.unchecked_texts.not_checked` lists them.
A test checks that every rule ID of the digest is either carried or declared there, never
both, and that no ID is carried that the digest lacks.

This module imports nothing of the package at import time: the engine and ``base/cards.py`` import it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from types import ModuleType
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

#: The attribute ``@enforces`` sets on a function: the rule IDs it carries.
ATTRIBUTE = "__enforces__"
#: ... and the ruleset keys (dotted YAML paths) it reads to decide them.
KEYS_ATTRIBUTE = "__ruleset_keys__"

_PACKAGE = __name__.split(".")[0]

#: The modules that carry rule IDs (a test checks that no other module of the package does).
CARRIERS = ("base.cards", "engine.betting", "engine.deal", "engine.figures", "engine.match", "engine.points",
            "engine.replay", "engine.ruleset", "engine.scoring", "engine.show", "engine.state", "engine.table",
            "engine.tricks", "engine.corrections", "engine.refusals", "engine.sheet", "engine.asking")


def enforces(*rule_ids: str, keys: tuple[str, ...] = ()) -> Callable[[F], F]:
    """Mark a function as a place that enforces these rules of the digest, reading these ruleset
    ``keys``; returns it unchanged but for the attributes that name them (a memo copies them)."""
    def mark(function: F) -> F:
        setattr(function, ATTRIBUTE, getattr(function, ATTRIBUTE, ()) + rule_ids)
        setattr(function, KEYS_ATTRIBUTE, getattr(function, KEYS_ATTRIBUTE, ()) + keys)
        return function
    return mark


def _functions(module: ModuleType) -> list[tuple[str, object]]:
    """The module's own functions and the methods of its own classes (properties by their getter)."""
    found: list[tuple[str, object]] = []
    for name, value in vars(module).items():
        if getattr(value, "__module__", None) != module.__name__:
            continue
        if isinstance(value, type):
            for attr, member in vars(value).items():
                inner = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
                found.append((f"{name}.{attr}", inner))
        elif callable(value):
            found.append((name, value))
    return found


def checked() -> dict[str, list[tuple[str, str]]]:
    """Every carried rule ID and the places (module, qualified function name) that enforce it."""
    index: dict[str, list[tuple[str, str]]] = {}
    for name in CARRIERS:
        module = importlib.import_module(f"{_PACKAGE}.{name}")
        for qualname, function in _functions(module):
            for rule_id in getattr(function, ATTRIBUTE, ()):
                index.setdefault(rule_id, []).append((module.__name__, qualname))
    return index


def keys_at(rule_id: str) -> tuple[str, ...]:
    """The ruleset keys read by the places that enforce ``rule_id``, in order, each once."""
    keys: dict[str, None] = {}
    for name in CARRIERS:
        module = importlib.import_module(f"{_PACKAGE}.{name}")
        for _qualname, function in _functions(module):
            if rule_id.upper() in getattr(function, ATTRIBUTE, ()):
                keys.update(dict.fromkeys(getattr(function, KEYS_ATTRIBUTE, ())))
    return tuple(keys)


def checked_at(rule_id: str) -> tuple[tuple[str, str], ...]:
    """The places (module, function) that enforce ``rule_id``; empty if none does."""
    return tuple(checked().get(rule_id.upper(), ()))
