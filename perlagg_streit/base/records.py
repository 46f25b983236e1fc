"""Records: dataclasses that cost less to define, for the start-up of every command.

Why: ``@dataclass`` writes the source of each class's methods and compiles it when the module is
imported: six functions for a frozen class (``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``, ``__delattr__``), about a millisecond a class on this machine. With some 120
classes of events, rulesets, state and verdicts on the way of ``check``, that was a third of the
start-up of checking one small file.

A record is a dataclass (``fields``, ``replace``, ``asdict``, pickling and mypy see one) whose
``__eq__``, ``__hash__``, ``__repr__``, with ``order=True`` the comparisons, and when frozen
``__setattr__`` and ``__delattr__`` are functions shared by every record, reading the class's
fields through one ``attrgetter`` made at definition. Only ``__init__`` is still written for the
class: the same statements ``@dataclass`` writes (defaults, ``default_factory``, keyword-only
fields, ``__post_init__``), compiled once and kept between runs in the user's cache folder
(:mod:`.disk_cache`), as Python keeps bytecode. The fields themselves are gathered as
``@dataclass`` gathers them, without its search of each annotation's module for ``ClassVar``
(a ``ClassVar`` is told by its text), into the same :class:`dataclasses.Field` objects.

They behave as the generated ones do: equal only to an object of the very same class whose fields
(those with ``compare=True``) are equal; a frozen record hashes its compared fields and refuses
any assignment, a mutable one is unhashable; ``eq=False`` keeps equality and hash by identity;
``repr`` names the class and the fields with ``repr=True``. A method the class defines itself is
kept, as ``@dataclass`` keeps it. Not supported (refused when the class is defined): ``InitVar``
pseudo-fields, the ``KW_ONLY`` marker (``kw_only=True`` on the record or the field does it),
``slots``, and a frozen record beside a mutable one in the same line of inheritance. Whether a
class is frozen is asked with :func:`is_frozen` (``__dataclass_params__`` is one shared object
for every record: the freezing is ours).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from operator import attrgetter
from types import CodeType
from typing import Any, ClassVar, TypeVar, dataclass_transform, overload

from .disk_cache import DiskCache

_T = TypeVar("_T")

#: Each ``__init__`` compiled once and kept between runs, by its source (see disk_cache).
_COMPILED = DiskCache("records", "the __init__ of a record")

#: The default of a parameter whose field has a ``default_factory`` (as ``@dataclass`` does).
_FACTORY: Any = type("_Factory", (), {"__repr__": lambda self: "<factory>"})()


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


def _frozen_setattr(self: Any, name: str, value: Any) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self: Any, name: str) -> None:
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A function from an object to the tuple of its attributes ``names`` (a tuple for any number)."""
    if not names:
        return lambda _obj: ()
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names)


def _init(cls: type, every: tuple[dataclasses.Field[Any], ...], frozen: bool) -> Callable[..., None]:
    """The ``__init__`` ``@dataclass`` would write for ``cls``, written and compiled once."""
    names: dict[str, Any] = {"__record_set__": object.__setattr__, "__record_factory__": _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    defaulted = None
    for f in every:
        has_default = f.default is not dataclasses.MISSING
        has_factory = f.default_factory is not dataclasses.MISSING
        if f.init:
            if has_default:
                names[f"__dflt_{f.name}"] = f.default
                param = f"{f.name}=__dflt_{f.name}"
            elif has_factory:
                param = f"{f.name}=__record_factory__"
            else:
                param = f.name
            if f.kw_only:
                keyword.append(param)
            else:
                if defaulted is not None and not (has_default or has_factory):
                    raise TypeError(f"non-default argument {f.name!r} follows default argument {defaulted!r}")
                if has_default or has_factory:
                    defaulted = f.name
                positional.append(param)
        if has_factory:
            names[f"__fact_{f.name}"] = f.default_factory
            value = (f"__fact_{f.name}() if {f.name} is __record_factory__ else {f.name}" if f.init
                     else f"__fact_{f.name}()")
        elif f.init:
            value = f.name
        else:
            continue  # not set here: the class attribute holds its default, as with @dataclass
        body.append(f"__record_set__(self, {f.name!r}, {value})" if frozen else f"self.{f.name} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    params = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n" + "".join(f"    {line}\n" for line in body or ["pass"])
    filename = f"<record {cls.__qualname__}>"
    code = _COMPILED.get((filename, source))
    if not isinstance(code, CodeType):  # not kept yet (or a file that holds something else)
        code = compile(source, filename, "exec")
        _COMPILED.put((filename, source), code)
    exec(code, names)  # noqa: S102 - our own text, compiled here or in an earlier run
    init: Callable[..., None] = names["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


#: What ``@dataclass(init=False, repr=False, eq=False)`` records of a class's parameters, shared.
#: (The class has a docstring: without one @dataclass writes one from inspect.signature, which costs.)
_PARAMS = dataclasses.dataclass(init=False, repr=False, eq=False)(
    type("_Params", (), {"__doc__": "the parameters"})).__dataclass_params__  # type: ignore[attr-defined]


#: dataclasses' marks of a field's kind (a field, a ClassVar), read once.
_FIELD_KIND: Any = dataclasses._FIELD  # type: ignore[attr-defined]
_CLASSVAR_KIND: Any = dataclasses._FIELD_CLASSVAR  # type: ignore[attr-defined]


def _kind_of(cls: type, name: str, annotation: Any) -> Any:
    """``dataclasses._FIELD`` or ``_FIELD_CLASSVAR`` for an annotation (a text, as under
    ``from __future__ import annotations``, or a type); ``InitVar`` and ``KW_ONLY`` are refused."""
    if isinstance(annotation, str):
        classvar = annotation.startswith(("ClassVar", "typing.ClassVar"))
        initvar = annotation.startswith(("InitVar", "dataclasses.InitVar"))
        kw_only_marker = annotation in ("KW_ONLY", "dataclasses.KW_ONLY")
    else:
        classvar = annotation is ClassVar or getattr(annotation, "__origin__", None) is ClassVar
        initvar = annotation is dataclasses.InitVar or isinstance(annotation, dataclasses.InitVar)
        kw_only_marker = annotation is dataclasses.KW_ONLY
    if initvar:
        raise TypeError(f"a record has no InitVar: {cls.__qualname__}.{name}")
    if kw_only_marker:
        raise TypeError(f"a record has no KW_ONLY marker (use field(kw_only=True)): {cls.__qualname__}.{name}")
    return _CLASSVAR_KIND if classvar else _FIELD_KIND


def _as_dataclass(cls: type, kw_only: bool = False) -> None:
    """What ``@dataclass(init=False, repr=False, eq=False)`` does to ``cls``, without its search of
    every annotation's module for ``ClassVar`` and ``InitVar`` (the better part of its cost): the
    fields, inherited and own, as :class:`dataclasses.Field` objects in ``__dataclass_fields__``,
    class attributes put right, ``__dataclass_params__`` and ``__match_args__``. ``kw_only``: every
    own field not marked otherwise is keyword-only (``@dataclass(kw_only=True)``)."""
    every: dict[str, dataclasses.Field[Any]] = {}
    for base in cls.__mro__[-1:0:-1]:
        inherited = base.__dict__.get("__dataclass_fields__")
        if inherited:
            every.update(inherited)
    annotations = cls.__dict__.get("__annotations__", {})
    for name, value in cls.__dict__.items():
        if isinstance(value, dataclasses.Field) and name not in annotations:
            raise TypeError(f"{name!r} is a field but has no type annotation")
    for name, annotation in annotations.items():
        default = getattr(cls, name, dataclasses.MISSING)
        made: Any = default if isinstance(default, dataclasses.Field) else dataclasses.field(default=default)
        made.name, made.type = name, annotation
        made._field_type = _kind_of(cls, name, annotation)
        if made._field_type is _CLASSVAR_KIND:
            if made.default_factory is not dataclasses.MISSING:
                raise TypeError(f"field {name} cannot have a default factory")
        else:
            if made.kw_only is dataclasses.MISSING:
                made.kw_only = kw_only
            if made.default is not dataclasses.MISSING and made.default.__class__.__hash__ is None:
                raise ValueError(f"mutable default {type(made.default)} for field {name} is not allowed: "
                                 "use default_factory")
        every[name] = made
        if isinstance(cls.__dict__.get(name), dataclasses.Field):
            if made.default is dataclasses.MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, made.default)
    made_class: Any = cls  # given the attributes @dataclass gives
    made_class.__dataclass_fields__ = every
    made_class.__dataclass_params__ = _PARAMS
    if "__match_args__" not in cls.__dict__:
        positional = tuple(name for name, f in every.items()
                           if getattr(f, "_field_type", None) is _FIELD_KIND and f.init and not f.kw_only)
        setattr(made_class, "__match_args__", positional)  # noqa: B010 - mypy refuses the assignment


def _order(compare: Callable[[tuple[Any, ...], tuple[Any, ...]], bool]) -> Callable[[Any, Any], Any]:
    """A comparison as ``@dataclass(order=True)`` writes it: the compared fields as tuples, and only
    against an object of the very same class."""
    def method(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            compared = self.__record_compared__
            return compare(compared(self), compared(other))
        return NotImplemented
    return method


_ORDER = {"__lt__": _order(operator.lt), "__le__": _order(operator.le), "__gt__": _order(operator.gt),
          "__ge__": _order(operator.ge)}


def _make(cls: type[_T], frozen: bool, eq: bool = True, order: bool = False, kw_only: bool = False) -> type[_T]:
    """Make ``cls`` a dataclass with nothing generated, then give it the record's methods."""
    own = dict(cls.__dict__)
    if frozen and ("__setattr__" in own or "__delattr__" in own):
        raise TypeError(f"a frozen record cannot define __setattr__ or __delattr__: {cls.__qualname__}")
    if order and not eq:
        raise ValueError("eq must be true if order is true")
    for base in cls.__mro__[1:]:
        if getattr(base, "__record_frozen__", frozen) is not frozen:
            raise TypeError(f"a frozen and a mutable record in one line of inheritance: {cls.__qualname__}")
    _as_dataclass(cls, kw_only)
    every = dataclasses.fields(cls)  # type: ignore[arg-type]  # a dataclass now
    shared: dict[str, Any] = {
        # a staticmethod: a plain function kept on the class would be bound to the instance
        "__record_compared__": staticmethod(_getter(tuple(f.name for f in every if f.compare))),
        "__record_shown__": tuple(f.name for f in every if f.repr),
        "__record_frozen__": frozen,
        "__init__": _init(cls, every, frozen),
    }
    if own.get("__doc__") is None:  # @dataclass would describe the class by its signature
        shared["__doc__"] = f"{cls.__name__}({', '.join(f.name for f in every)})"
    if "__repr__" not in own:
        shared["__repr__"] = _repr
    if eq:
        if "__eq__" not in own:
            shared["__eq__"] = _eq
        # As @dataclass with eq: a frozen class hashes its compared fields, a mutable one cannot be
        # hashed; a hash of the class's own is kept (a body that defines __eq__ alone gets
        # __hash__ = None from Python itself, which is not a hash of its own).
        if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
            shared["__hash__"] = _hash if frozen else None
    # without eq, equality and hash stay those of the class or object (identity), as with @dataclass
    if order:
        for name, method in _ORDER.items():
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}. "
                                "Consider using functools.total_ordering")
            shared[name] = method
    if frozen:
        shared["__setattr__"] = _frozen_setattr
        shared["__delattr__"] = _frozen_delattr
    for name, value in shared.items():
        setattr(cls, name, value)
    return cls


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, eq: bool = True, order: bool = False, kw_only: bool = False) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T] | None = None, /, *, eq: bool = True, order: bool = False,
           kw_only: bool = False) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``@dataclass(frozen=True)``, defined faster (see the module docstring); ``eq``, ``order``
    and ``kw_only`` as for ``@dataclass``."""
    if cls is None:
        return lambda later: _make(later, True, eq, order, kw_only)
    return _make(cls, frozen=True)


@overload
def mutable_record(cls: type[_T], /) -> type[_T]: ...


@overload
def mutable_record(*, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(field_specifiers=(dataclasses.field, dataclasses.Field))
def mutable_record(cls: type[_T] | None = None, /, *, eq: bool = True) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """``@dataclass``, defined faster (see the module docstring): the replay's state. ``eq=False``
    keeps equality and hash by identity, as for ``@dataclass``."""
    if cls is None:
        return lambda later: _make(later, False, eq)
    return _make(cls, frozen=False)


def is_frozen(kind: type) -> bool:
    """Whether instances of ``kind`` cannot be changed: a frozen record or a frozen dataclass."""
    frozen = getattr(kind, "__record_frozen__", None)
    if frozen is not None:
        return bool(frozen)
    params = getattr(kind, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)
