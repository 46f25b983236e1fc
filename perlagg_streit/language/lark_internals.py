"""The one place that reaches into lark's private internals, and what to do when they change.

The memo of parse paths (:mod:`perlagg_streit.language.line_paths`) needs what lark does not publish: the
LALR parse table, the callbacks of its rules, the scanner of the contextual lexer in each parser
state, and a quick way to build a Token. Only this module touches them; it hands them on as a
:class:`LalrTables` of plain values. :func:`tables_of` checks the internals it reads and returns
``None`` when they are not as expected (a lark version that renamed or reshaped them): then the
memo is not built and the reader parses every line with lark's public API alone. That fallback
gives the same transcript (``tests/test_line_paths.py`` reads every case and example both ways
on every run), only about four times slower to read.

Tested with lark 1.1.9, 1.2.2 and 1.3.1; ``pyproject.toml`` pins the range ``>=1.1.9,<1.4``.
Widen it only after running the tests (``tests/test_line_paths.py`` above all) with the new version.
"""

from __future__ import annotations

import io
import pickle
import re
import types
from collections.abc import Callable
from typing import Any

from lark import Lark, Token

from ..base.records import record

#: The lark versions the internals below were checked with (the range pinned in pyproject.toml).
TESTED_VERSIONS = ("1.1.9", "1.2.2", "1.3.1")

#: A token's constructor: lark's own without its check for a deprecated keyword (same fields, same
#: object), where this lark has it.
NewToken = Callable[..., Token]


@record
class LexerState:
    """The contextual lexer in one parser state: what :meth:`re.Pattern.match` scans with."""

    scanners: tuple[re.Pattern[str], ...]  # tried in order; a match's ``lastgroup`` is the terminal
    ignore: frozenset[str]                  # ignored terminals (spaces)
    unless: dict[str, Callable[[Token], Token]]  # lark's terminal callbacks (string-vs-regex collisions)


@record
class Step:
    """What the parse table says in a state for a token type: shift to ``state``, or reduce by a rule
    of ``size`` symbols to ``origin`` and call ``callback`` on them."""

    shift: bool
    state: Any = None
    size: int = 0
    origin: str = ""
    callback: Callable[[list[Any]], Any] | None = None


class LalrTables:
    """lark's LALR tables and lexers for one start rule, read once through its internals."""

    def __init__(self, lark: Lark, start: str) -> None:
        frontend = lark.parser
        self._lexers: dict[Any, Any] = frontend.lexer.lexers
        parser = frontend.parser.parser
        self._states: dict[Any, dict[str, tuple[Any, Any]]] = parser.parse_table.states
        #: every callback the parser calls: by rule (reductions) and by token type (terminals)
        self.callbacks: dict[Any, Callable[..., Any]] = parser.callbacks
        self.start_state: Any = parser.parse_table.start_states[start]
        self.end_state: Any = parser.parse_table.end_states[start]
        self.new_token: NewToken = getattr(Token, "_future_new", Token)
        from lark.parsers.lalr_analysis import Shift  # private: where lark marks a shift
        self._shift = Shift

    def lexer(self, state: Any) -> LexerState:
        """The contextual lexer lark uses in ``state``."""
        lexer = self._lexers[state]
        scanners = tuple(lexer.scanner._mres)
        if not all(isinstance(s, re.Pattern) for s in scanners):
            raise TypeError("lark's scanner is not a list of compiled patterns")
        return LexerState(scanners, frozenset(lexer.ignore_types), dict(lexer.callback))

    def step(self, state: Any, type_: str) -> Step | None:
        """The table's action in ``state`` for a token of ``type_`` ('$END' at the end), or None."""
        action = self._states[state].get(type_)
        if action is None:
            return None
        kind, arg = action
        if kind is self._shift:
            return Step(True, state=arg)
        return Step(False, size=len(arg.expansion), origin=str(arg.origin.name), callback=self.callbacks[arg])

    def goto(self, state: Any, origin: str) -> Any:
        """The state after a reduction to ``origin`` in ``state``."""
        return self._states[state][origin][1]

    def retyped(self, type_: str, text: str, unless: Callable[[Token], Token]) -> str:
        """The type lark's terminal callback gives a token (a keyword string-vs-regex collision)."""
        return str(unless(Token(type_, text)).type)


def tables_of(lark: Lark, start: str) -> LalrTables | None:
    """The internals of ``lark`` for ``start``, or ``None`` if they are not the ones known here.

    Everything the memo will read is read once now, so that a lark whose internals differ is
    refused here rather than failing line by line.
    """
    try:
        tables = LalrTables(lark, start)
        if not isinstance(tables._states, dict) or tables.start_state not in tables._states:
            return None
        if not isinstance(tables.callbacks, dict):
            return None
        root = tables.lexer(tables.start_state)
        if not root.scanners or not all(callable(u) for u in root.unless.values()):
            return None
        # the table must hold both kinds of action, told apart as above
        actions = [tables.step(tables.start_state, type_) for type_ in tables._states[tables.start_state]]
        if not any(a is not None and a.shift for a in actions):
            return None
    except (AttributeError, KeyError, TypeError, ImportError, ValueError):
        return None
    return tables


def use_regex_module(lark: Lark, module: Any) -> bool:
    """Have the contextual lexer of ``lark`` compile its scanners with ``module`` in the place of
    ``re`` (see :mod:`perlagg_streit.base.regex_cache`); True when it could be given.

    Each lexer keeps the module lark was configured with in its ``re`` attribute and builds its
    scanner from it on first use, so this must come before the first parse. A lark whose lexers
    are not so is left as it is (it compiles with ``re``, as before).
    """
    try:
        contextual = lark.parser.lexer
        lexers = [*contextual.lexers.values(), contextual.root_lexer]
        if not all(hasattr(lexer, "re") and getattr(lexer, "_scanner", False) is None for lexer in lexers):
            return False
    except AttributeError:
        return False
    for lexer in lexers:
        lexer.re = module
    return True


# ---- the parser kept whole between runs (start-up) ------------------------------------------------
#
# Why: lark keeps its tables in its cache as nested plain data, which it turns back into rules,
# terminals, the parse table and the lexers in pure Python: some 6 ms of every run. Pickled as the
# objects themselves, the parser comes back in about half that. What is not data is left out and
# made anew: the callbacks (lark makes them from the rules and the transformer), the transformer
# itself, the ``re`` module, and lark's two parse-action marks, which it compares by identity.

#: The format of a frozen parser; a change of what is left out must change it.
FROZEN_FORMAT = 1


class _Freezer(pickle.Pickler):
    """Pickles a parser, naming the objects that are not data instead of pickling them; any other
    function or method on the way is refused (a lark that keeps one somewhere we do not know)."""

    def __init__(self, file: io.BytesIO, named: dict[int, str]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self._named = named

    def persistent_id(self, obj: Any) -> str | None:
        name = self._named.get(id(obj))
        if name is not None:
            return name
        if isinstance(obj, (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.ModuleType)):
            raise pickle.PicklingError(f"not data: {obj!r}")
        return None


class _Thawer(pickle.Unpickler):
    def __init__(self, file: io.BytesIO, named: dict[str, Any]) -> None:
        super().__init__(file)
        self._named = named

    def persistent_load(self, pid: Any) -> Any:
        return self._named[pid]


def _not_data(transformer: Any) -> dict[str, Any]:
    from lark.parsers.lalr_analysis import Reduce, Shift  # private: the marks of the parse table's actions

    return {"re": re, "transformer": transformer, "Shift": Shift, "Reduce": Reduce}


def freeze_parser(lark: Lark) -> bytes | None:
    """``lark`` pickled as its objects, without its callbacks, transformer and ``re`` (see above),
    or None where its internals are not the known ones. Call it before the first parse: the
    lexers' scanners are built then, and would be pickled with them. ``lark`` is left as it was."""
    try:
        frontend: Any = lark.parser
        held = (lark._callbacks, lark._parse_tree_builder, frontend.parser.parser.callbacks,
                frontend.parser_conf.callbacks)
        named = {id(obj): name for name, obj in _not_data(lark.options.transformer).items()}
    except (AttributeError, ImportError):
        return None
    lark._callbacks = lark._parse_tree_builder = None  # type: ignore[assignment]
    frontend.parser.parser.callbacks = frontend.parser_conf.callbacks = None
    try:
        out = io.BytesIO()
        _Freezer(out, named).dump(lark)
        return out.getvalue()
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None
    finally:
        lark._callbacks, lark._parse_tree_builder, frontend.parser.parser.callbacks, \
            frontend.parser_conf.callbacks = held


def thaw_parser(frozen: bytes, transformer: Any) -> Lark | None:
    """The parser :func:`freeze_parser` pickled, with ``transformer`` and its callbacks made anew
    (as lark makes them when it loads its own cache), or None if it cannot be made."""
    try:
        lark = _Thawer(io.BytesIO(frozen), _not_data(transformer)).load()
        if not isinstance(lark, Lark):
            return None
        lark._prepare_callbacks()
        frontend: Any = lark.parser
        frontend.parser.parser.callbacks = frontend.parser_conf.callbacks = lark._callbacks
        return lark
    except Exception:  # noqa: BLE001 - a cache that cannot be read is only rebuilt: any failure means that
        return None
