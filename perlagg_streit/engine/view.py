"""A read-only view of a deal's state: what :func:`.replay.replay` hands its consumers.

The view reads the live state (it shows the deal as it stands after each event, and costs
nothing to make), but nothing can be changed through it: attributes cannot be set, lists and
dicts come back as read-only sequences and mappings, sets as frozensets, the parts and the
books as read-only views themselves, and of an object's methods only those its class lists in
``QUERIES`` (methods that only read) can be called. The engine's own questions about the deal
(whose turn, what may be bet, the legal cards, what a player has on the table) are methods of
the view.

The engine itself never goes through a view: it replays with the live state (``judge`` pays
nothing for the views).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, overload

from ..base import caches
from ..base.cards import Card
from ..base.records import is_frozen
from ..language.transcript import Figure, Play, Pos, Seat, Team
from . import betting, show, tricks
from .state import DealState

if TYPE_CHECKING:
    from .enums import Phase
    from .ruleset import Ruleset
    from .state import BettingState, Findings, PlayState, ScoreState, SetupState, ShowState
    from .table import Table


class ReadOnlyError(AttributeError):
    """Something tried to change the deal through a read-only view."""


_IMMUTABLE: tuple[type, ...] = (str, int, float, bool, type(None), Enum, Card, frozenset, bytes)
# whether each kind of object is a frozen dataclass, asked for every value read through a view
_frozen_types: caches.BoundedTable[type, bool] = caches.table("perlagg_streit.engine.view._frozen_types")


def _is_frozen(kind: type) -> bool:
    """A frozen record or dataclass (the verdict's records, events, the table, the ruleset): safe to hand out."""
    known = _frozen_types.get(kind)
    if known is None:
        known = _frozen_types.keep(kind, is_frozen(kind))
    return known


def read_only(value: Any) -> Any:
    """``value`` as a consumer may see it: immutable values as they are, everything else wrapped."""
    if isinstance(value, _IMMUTABLE) or _is_frozen(type(value)):
        return value
    if isinstance(value, tuple):
        return tuple(read_only(v) for v in value)
    if isinstance(value, list):
        return SequenceView(value)
    if isinstance(value, dict):
        return MappingView(value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return ObjectView(value)


class ObjectView:
    """Reads an object's attributes through :func:`read_only`; sets none, calls only its queries."""

    __slots__ = ("_of",)

    def __init__(self, of: object) -> None:
        object.__setattr__(self, "_of", of)

    def __getattr__(self, name: str) -> Any:
        of = object.__getattribute__(self, "_of")
        if name.startswith("_"):
            raise AttributeError(name)
        value = getattr(of, name)
        if callable(value) and not isinstance(value, type):
            if name not in getattr(type(of), "QUERIES", ()):
                raise ReadOnlyError(f"{type(of).__name__}.{name} may change the deal: not callable through a view")
            method = value
            return lambda *args, **kwargs: read_only(method(*args, **kwargs))
        return read_only(value)

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyError(f"{name}: the deal cannot be changed through a read-only view")

    def __delattr__(self, name: str) -> None:
        raise ReadOnlyError(f"{name}: the deal cannot be changed through a read-only view")

    def __repr__(self) -> str:
        return f"read-only {object.__getattribute__(self, '_of')!r}"

    def __eq__(self, other: object) -> bool:
        mine = object.__getattribute__(self, "_of")
        return bool(mine == (object.__getattribute__(other, "_of") if isinstance(other, ObjectView) else other))

    def __hash__(self) -> int:
        return id(object.__getattribute__(self, "_of"))


class SequenceView(Sequence[Any]):
    """A list read through :func:`read_only`, with the list's own attributes readable (a
    :class:`~.state.Findings` list says how many of its findings are listed)."""

    __slots__ = ("_of",)
    _of: list[Any]

    def __init__(self, of: list[Any]) -> None:
        object.__setattr__(self, "_of", of)

    @overload
    def __getitem__(self, index: int) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(read_only(v) for v in self._of[index])
        return read_only(self._of[index])

    def __len__(self) -> int:
        return len(self._of)

    def __iter__(self) -> Iterator[Any]:
        return (read_only(v) for v in self._of)

    def __contains__(self, value: object) -> bool:
        return value in self._of

    def __getattr__(self, name: str) -> Any:
        value = getattr(object.__getattribute__(self, "_of"), name)
        if name.startswith("_") or callable(value):
            raise ReadOnlyError(f"{name}: the deal cannot be changed through a read-only view")
        return read_only(value)

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyError(f"{name}: the deal cannot be changed through a read-only view")

    def __eq__(self, other: object) -> bool:
        return list(self._of) == (list(other) if isinstance(other, Sequence) else other)

    def __hash__(self) -> int:
        return id(self._of)

    def __repr__(self) -> str:
        return f"read-only {self._of!r}"


class MappingView(Mapping[Any, Any]):
    """A dict read through :func:`read_only`."""

    __slots__ = ("_of",)
    _of: dict[Any, Any]

    def __init__(self, of: dict[Any, Any]) -> None:
        object.__setattr__(self, "_of", of)

    def __getitem__(self, key: Any) -> Any:
        return read_only(self._of[key])

    def __len__(self) -> int:
        return len(self._of)

    def __iter__(self) -> Iterator[Any]:
        return iter(tuple(self._of))

    def __contains__(self, key: object) -> bool:
        return key in self._of

    def __setattr__(self, name: str, value: object) -> None:
        raise ReadOnlyError(f"{name}: the deal cannot be changed through a read-only view")

    def __eq__(self, other: object) -> bool:
        return dict(self.items()) == (dict(other) if isinstance(other, Mapping) else other)

    def __hash__(self) -> int:
        return id(self._of)

    def __repr__(self) -> str:
        return f"read-only {self._of!r}"


class DealView(ObjectView):
    """A deal's state as :func:`.replay.replay` hands it out: read-only, and live (it shows the
    deal as it stands; keep what you need from it before the next step).

    Its parts are those of :class:`~.state.DealState` (``view.setup``, ``view.play``,
    ``view.betting``, ``view.show``, ``view.score``), read-only; the engine's questions about the
    deal are methods.
    """

    __slots__ = ()

    if TYPE_CHECKING:  # what the view reads, typed as the state's own parts (none can be set)
        @property
        def ruleset(self) -> Ruleset: ...
        @property
        def source(self) -> str: ...
        @property
        def number(self) -> int: ...
        @property
        def phase(self) -> Phase: ...
        @property
        def violations(self) -> Findings: ...
        @property
        def unchecked(self) -> Sequence[str]: ...
        @property
        def pos(self) -> Pos: ...
        @property
        def stopped(self) -> bool: ...
        @property
        def sheet(self) -> Table: ...
        @property
        def table(self) -> Table: ...
        @property
        def spiel_decided(self) -> bool: ...
        @property
        def setup(self) -> SetupState: ...
        @property
        def play(self) -> PlayState: ...
        @property
        def betting(self) -> BettingState: ...
        @property
        def show(self) -> ShowState: ...
        @property
        def score(self) -> ScoreState: ...

    def __init__(self, state: DealState) -> None:
        super().__init__(state)

    @property
    def _state(self) -> DealState:
        state: DealState = object.__getattribute__(self, "_of")
        return state

    def expected_seat(self) -> Seat | None:
        """Whose turn it is to play a card (None: it cannot be told)."""
        return tricks.expected_seat(self._state)

    def legal_actions(self) -> list[Play]:
        """Every legal card for the player to move, each Perlagg with every allowed baptism."""
        return tricks.legal_actions(self._state)

    def may_bet(self, team: Team) -> list[Figure]:
        """The figures a side may bet now (a bet the engine would rule void is not offered)."""
        return betting.may_bet(self._state, team)

    def pending_bets(self) -> list[Figure]:
        """The figures whose bet awaits an answer (play is suspended meanwhile)."""
        return self._state.betting.pending_bets()

    def displayed(self, seat: Seat, with_validation: bool = False) -> list[Card]:
        """What a player's cards on the table count as (played and shown)."""
        return show.displayed(self._state, seat, with_validation)
