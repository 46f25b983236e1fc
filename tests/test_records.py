"""Records (base/records.py) behave as the dataclasses they replace: equality, hash, repr, frozenness."""

from __future__ import annotations

import dataclasses
import marshal
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from perlagg_streit.base.records import mutable_record, record


@record
class _Empty:
    pass


@record
class _One:
    a: int


@record
class _Two:
    a: int
    b: tuple[int, ...] = ()
    note: str = dataclasses.field(default="", compare=False, repr=False)


@record
class _TwoChild(_Two):
    c: int = 0


@record
class _OwnEq:
    a: int

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _OwnEq)


@mutable_record
class _State:
    n: int = 0
    seen: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class _TwoAsDataclass:
    a: int
    b: tuple[int, ...] = ()
    note: str = dataclasses.field(default="", compare=False, repr=False)


@pytest.mark.parametrize("make", [lambda: _Empty(), lambda: _One(1), lambda: _Two(1, (2,))])
def test_equal_records_are_equal_and_hash_alike(make) -> None:  # type: ignore[no-untyped-def]
    x, y = make(), make()
    assert x == y and not x != y
    assert hash(x) == hash(y)
    assert len({x, y}) == 1


def test_records_differ_by_field_and_by_class() -> None:
    assert _One(1) != _One(2)
    assert _Two(1, (2,)) != _Two(1, (3,))
    assert _Two(1) != _TwoChild(1)  # another class, as a dataclass: never equal
    assert _One(1) != 1 and _One(1) != (1,)


def test_a_field_not_compared_is_neither_compared_nor_shown() -> None:
    assert _Two(1, note="x") == _Two(1, note="y")
    assert hash(_Two(1, note="x")) == hash(_Two(1, note="y"))
    assert repr(_Two(1, (2,), note="x")) == "_Two(a=1, b=(2,))"
    # the same text as @dataclass would give, but for the class name
    assert repr(_TwoAsDataclass(1, (2,), note="x")).replace("_TwoAsDataclass", "_Two") == repr(_Two(1, (2,), note="x"))


def test_a_subclass_compares_its_own_fields() -> None:
    assert _TwoChild(1, c=1) != _TwoChild(1, c=2)
    assert repr(_TwoChild(1, c=3)) == "_TwoChild(a=1, b=(), c=3)"


def test_a_record_is_frozen_and_a_dataclass() -> None:
    one = _One(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2  # type: ignore[misc]
    assert dataclasses.is_dataclass(one)
    assert dataclasses.replace(one, a=5) == _One(5)
    assert dataclasses.asdict(_Two(1, (2,))) == {"a": 1, "b": (2,), "note": ""}
    assert pickle.loads(pickle.dumps(_Two(1, (2,), "n"))) == _Two(1, (2,), "n")


def test_a_method_of_the_class_is_kept() -> None:
    assert _OwnEq(1) == _OwnEq(2)
    hash(_OwnEq(1))  # frozen with eq: hashable, as @dataclass makes it


def test_a_mutable_record_compares_by_value_and_cannot_be_hashed() -> None:
    s, t = _State(), _State()
    assert s == t and s.seen is not t.seen
    s.n += 1
    assert s != t
    with pytest.raises(TypeError):
        hash(s)
    assert repr(s) == "_State(n=1, seen=[])"


@record
class _Base:
    pos: int = dataclasses.field(default=0, compare=False, repr=False, kw_only=True)


@record
class _Play(_Base):
    seat: str
    card: str = "HA"


@mutable_record
class _WithPost:
    n: int
    double: int = dataclasses.field(default=0, init=False)
    later: list[int] = dataclasses.field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self.double = 2 * self.n


def test_keyword_only_fields_come_after_the_others_as_with_dataclass() -> None:
    assert _Play("N") == _Play("N", "HA", pos=5)  # pos is not compared
    assert _Play("N", pos=5).pos == 5 and _Play("N").pos == 0
    assert _Play.__match_args__ == ("seat", "card")
    with pytest.raises(TypeError):
        _Play("N", "HA", 5)  # type: ignore[misc]  # pos only by keyword
    with pytest.raises(TypeError):
        _Play()  # type: ignore[call-arg]


def test_fields_not_in_init_and_post_init_as_with_dataclass() -> None:
    w = _WithPost(3)
    assert (w.n, w.double, w.later) == (3, 6, [])
    assert _WithPost(3).later is not w.later
    with pytest.raises(TypeError):
        _WithPost(3, 4)  # type: ignore[call-arg]


def test_a_default_factory_gives_each_instance_its_own_value() -> None:
    s = _State()
    s.seen.append(1)
    assert _State().seen == [] and _State(seen=[2]).seen == [2]


def test_what_dataclass_refuses_a_record_refuses() -> None:
    with pytest.raises(TypeError, match="non-default argument"):
        @record
        class _Bad:
            a: int = 0
            b: int  # type: ignore[misc]
    with pytest.raises(TypeError):
        @mutable_record
        class _Mixed(_One):  # a mutable record below a frozen one
            pass
    with pytest.raises(TypeError):
        @record
        class _OwnSetattr:
            a: int

            def __setattr__(self, name: str, value: object) -> None: ...


def test_is_frozen_knows_records_and_dataclasses() -> None:
    from perlagg_streit.base.cards import Card
    from perlagg_streit.base.records import is_frozen

    assert is_frozen(_One) and is_frozen(_Play) and is_frozen(_TwoAsDataclass) and is_frozen(Card)
    assert not is_frozen(_State) and not is_frozen(int)
    with pytest.raises(dataclasses.FrozenInstanceError):
        del _One(1).a


def test_an_init_kept_from_an_earlier_run_is_the_one_compiled(tmp_path: Path) -> None:
    # the same records, defined in a process that compiles every __init__ and keeps it, then in
    # one that takes each from the cache folder (base/disk_cache.py): they behave alike
    code = (
        "import dataclasses\n"
        "from perlagg_streit.base.records import record, mutable_record\n"
        "@record\n"
        "class T:\n"
        "    a: int\n"
        "    b: tuple = ()\n"
        "    c: list = dataclasses.field(default_factory=list)\n"
        "    d: int = dataclasses.field(default=4, kw_only=True)\n"
        "@mutable_record\n"
        "class M:\n"
        "    x: int = 1\n"
        "    def __post_init__(self): self.x += 1\n"
        "t = T(1, (2,), d=5)\n"
        "print(repr(t), T(1) == T(1, (), [], d=4), T(1).c is not T(1).c, M().x, M(5).x)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PERLAGG_NO_CACHE"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)

    first = run()
    (kept,) = (tmp_path / "perlagg-streit").glob("records-*.marshal")
    written = kept.stat().st_mtime_ns, kept.read_bytes()
    second = run()
    assert (first.returncode, second.returncode) == (0, 0), first.stderr + second.stderr
    assert first.stdout == second.stdout == "T(a=1, b=(2,), c=[], d=5) True True 2 6\n"
    assert (kept.stat().st_mtime_ns, kept.read_bytes()) == written  # every __init__ was found: nothing new
    sources = {key[1] for key in marshal.loads(kept.read_bytes()) if key[0] == "<record T>"}
    assert len(sources) == 1 and "d=__dflt_d" in sources.pop()


def _bodies() -> list[Any]:
    """Class bodies to make both ways, each as a function that makes a fresh class. (ClassVar is
    imported by the module: dataclass recognises a ClassVar written as text only then.)"""
    def plain() -> type:
        class P:
            a: int
            b: str = "x"
            c: list[int] = dataclasses.field(default_factory=list, compare=False)
            d: int = dataclasses.field(default=3, repr=False, kw_only=True, metadata={"m": 1})
            e: ClassVar[int] = 5
            f: ClassVar[frozenset[str]] = frozenset()
            g: int = dataclasses.field(default=0, init=False, hash=False)
        return P

    def child() -> type:
        class Base:
            a: int
            b: int = 1
        dataclasses.dataclass(init=False, repr=False, eq=False)(Base)

        class C(Base):
            b: int = 2
            c: tuple[int, ...] = ()
        return C

    return [plain, child]


@pytest.mark.parametrize("body", _bodies(), ids=lambda b: b.__name__)
def test_the_fields_are_the_ones_dataclass_makes(body: Any) -> None:
    from perlagg_streit.base.records import _as_dataclass

    ours, theirs = body(), dataclasses.dataclass(init=False, repr=False, eq=False)(body())
    _as_dataclass(ours)

    def described(cls: type) -> list[tuple[Any, ...]]:
        return [(f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.hash, f.kw_only,
                 dict(f.metadata), f._field_type)  # type: ignore[attr-defined]
                for f in cls.__dataclass_fields__.values()]  # type: ignore[attr-defined]

    assert described(ours) == described(theirs)
    assert ours.__match_args__ == theirs.__match_args__  # type: ignore[attr-defined]
    assert [f.name for f in dataclasses.fields(ours)] == [f.name for f in dataclasses.fields(theirs)]
    for name in ("b", "c", "d", "e", "f", "g"):
        assert (name in ours.__dict__) == (name in theirs.__dict__), name
        if name in ours.__dict__:
            assert ours.__dict__[name] == theirs.__dict__[name], name


def test_what_dataclass_refuses_in_a_body_is_refused() -> None:
    from perlagg_streit.base.records import _as_dataclass

    class NoAnnotation:
        a = dataclasses.field(default=1)

    class MutableDefault:
        a: list[int] = []  # noqa: RUF012 - the mistake under test

    class AnInitVar:
        a: dataclasses.InitVar[int]

    for cls, error in ((NoAnnotation, TypeError), (MutableDefault, ValueError), (AnInitVar, TypeError)):
        with pytest.raises(error):
            _as_dataclass(cls)


def test_order_eq_and_kw_only_as_with_dataclass() -> None:
    @record(order=True)
    class Ordered:
        size: int
        height: int
        note: str = dataclasses.field(default="", compare=False)

    @dataclasses.dataclass(frozen=True, order=True)
    class Theirs:
        size: int
        height: int
        note: str = dataclasses.field(default="", compare=False)

    pairs = [(2, 5), (3, 1), (2, 6), (2, 5)]
    for a in pairs:
        for b in pairs:
            for op in ("__lt__", "__le__", "__gt__", "__ge__"):
                assert getattr(Ordered(*a, "x"), op)(Ordered(*b)) == getattr(Theirs(*a, "x"), op)(Theirs(*b))
    assert max(Ordered(2, 5), Ordered(3, 1)) == Ordered(3, 1)
    with pytest.raises(TypeError):
        _ = Ordered(1, 1) < Theirs(1, 1)  # only the very same class

    @record(eq=False)
    class Identity:
        a: int

    one = Identity(1)
    assert one != Identity(1) and one == one and hash(one) == object.__hash__(one)
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.a = 2  # type: ignore[misc]

    @mutable_record(eq=False)
    class Shared:
        a: list[int] = dataclasses.field(default_factory=list)

    assert Shared() != Shared() and len({Shared(), Shared()}) == 2

    @record(kw_only=True)
    class Keywords:
        a: int = 0
        b: str

    assert Keywords(b="x") == Keywords(a=0, b="x")
    with pytest.raises(TypeError):
        Keywords(1, "x")  # type: ignore[misc]
    with pytest.raises(ValueError):
        record(eq=False, order=True)(type("Bad", (), {"__annotations__": {"a": "int"}}))
