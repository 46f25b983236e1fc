"""Records: dataclasses that cost less to define, for the start-up of every command.

Why: ``@dataclass`` writes the source of each class's methods and compiles it when the module is
imported: six functions for a frozen class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``), about a millisecond a class on this machine. With some 120
classes of events, rulesets, state and verdicts on the way of ``check``, that was a third of the
start-up of checking one small file. A record is the same dataclass (``fields``, ``replace``,
``asdict`` and mypy see a dataclass), but ``__eq__``, ``__hash__`` and ``__repr__`` are three
functions shared by every record, which read the class's fields through one ``attrgetter`` made at
definition; only ``__init__`` (and a frozen class's two guards) are still compiled for the class.

They behave as the generated ones do: equal only to an object of the very same class whose fields
(those with ``compare=True``) are equal; a frozen record hashes its compared fields, a mutable one
is unhashable; ``repr`` names the class and the fields with ``repr=True``. A method the class
defines itself is kept, as ``@dataclass`` keeps it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform

_T = TypeVar("_T")


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        compared = self.__record_compared__
        return compared(self) == compared(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__record_compared__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from an object to the tuple of its attributes ``names`` (a tuple for any number)."""
    if not names:
        return lambda _obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _finish(cls: type[_T], frozen: bool) -> type[_T]:
    """Give a class that ``@dataclass`` made without eq and repr the shared ones."""
    own = cls.__dict__
    every = dataclasses.fields(cls)  # type: ignore[arg-type]  # cls is a dataclass by now
    shared: dict[str, Any] = {
        # a staticmethod: a plain function kept on the class would be bound to the instance
        "__record_compared__": staticmethod(_getter(tuple(f.name for f in every if f.compare))),
        "__record_shown__": tuple(f.name for f in every if f.repr),
    }
    if "__repr__" not in own:
        shared["__repr__"] = _repr
    if "__eq__" not in own:
        shared["__eq__"] = _eq
    # As @dataclass with eq: a frozen class hashes its compared fields, a mutable one cannot be
    # hashed; a hash of the class's own is kept (a body that defines __eq__ alone gets
    # __hash__ = None from Python itself, which is not a hash of its own).
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        shared["__hash__"] = _hash if frozen else None
    for name, value in shared.items():
        setattr(cls, name, value)
    return cls


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)``, defined faster (see the module docstring)."""
    return _finish(dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls), frozen=True)


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def mutable_record(cls: type[_T]) -> type[_T]:
    """``@dataclass``, defined faster (see the module docstring): the replay's state."""
    return _finish(dataclasses.dataclass(eq=False, repr=False)(cls), frozen=False)
