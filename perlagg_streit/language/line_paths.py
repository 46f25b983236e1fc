"""A memo of parse paths: read a line the way lark reads it, without lark's per-token loop.

Why: lark's LALR parser and contextual lexer cost about 7 µs a token in pure Python, and the
lines that are new in every deal (the hands, the shows) are most of the reading time. An
LALR parse is fixed by the sequence of token types alone: the same types give the same parser
states, the same lexer in each state and the same reductions. So the first line of each
*shape* (e.g. ``HAND_KW SEAT ":" CARD CARD CARD CARD CARD``) is walked through lark's own parse
table and remembered as a path in a trie; a later line of that shape is lexed with the very
scanners lark would use in those states and handed to the very callbacks lark would call
(our Transformer), in the remembered order.

Nothing here decides what the language is: the grammar does, through lark's tables and
scanners. A line the memo does not know, or cannot lex, goes to lark itself, errors included;
and a path is remembered only after lark has parsed that line and produced the same result.
What this reads of lark's private internals (the parse table, the rule callbacks, the lexer of
each state) it reads through :mod:`perlagg_streit.language.lark_internals`, the one module that touches
them. If a lark's internals are not the ones known there, or a path walked through them does
not read a probe line as lark does, :func:`build_path_memo` returns ``None`` and the reader
simply uses lark for every line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Lark, Token

from .lark_internals import LalrTables, LexerState, tables_of

#: At most this many trie nodes (token-type prefixes); a fuzzer's junk must not grow it forever.
MAX_NODES = 20_000

_Reduction = tuple[int, Callable[[list[Any]], Any]]

class _Node:
    """The parser after a sequence of token types: its lexer, and the paths onward."""

    __slots__ = ("mres", "ignore", "unless", "children", "reductions_before", "end")

    def __init__(self, lexer: LexerState) -> None:
        # the state's scanner: lark's compiled regexes, each match's lastgroup a terminal's name
        # (typed loosely: the hot loop reads ``lastgroup`` as a str without a check)
        self.mres: tuple[Any, ...] = lexer.scanners
        self.ignore = lexer.ignore          # ignored terminals (spaces)
        self.unless = lexer.unless          # lark's terminal callbacks (string-vs-regex collisions)
        self.children: dict[str, _Node] = {}
        # for each child type: the reductions lark makes before shifting that token
        self.reductions_before: dict[str, tuple[_Reduction, ...]] = {}
        # the reductions at the end of the line, if a line may end here
        self.end: tuple[_Reduction, ...] | None = None


class PathMemo:
    """Parse lines of known shapes through remembered LALR paths; see the module docstring."""

    def __init__(self, tables: LalrTables) -> None:
        self._tables = tables
        self._callbacks = tables.callbacks
        self._new_token = tables.new_token
        self._start_state = tables.start_state
        self._end_state = tables.end_state
        self._root = self._node_for(self._start_state)
        self._nodes = 1

    def _node_for(self, state: Any) -> _Node:
        return _Node(self._tables.lexer(state))

    # ---- the fast path ---------------------------------------------------------------

    def parse(self, text: str) -> Any:
        """The parse of ``text`` through a remembered path, or ``None`` if there is none.

        Positions are as lark gives them for a text parsed on its own: line 1, columns from 1.
        """
        node = self._root
        tokens: list[Token] = []
        reductions: list[tuple[_Reduction, ...]] = []
        new_token = self._new_token
        pos, end = 0, len(text)
        while pos < end:
            match = None
            for mre in node.mres:
                match = mre.match(text, pos)
                if match:
                    break
            else:
                return None
            type_ = match.lastgroup
            next_pos = match.end()
            if type_ in node.ignore:
                if type_ in node.unless:
                    return None  # an ignored terminal with a lark callback: let lark handle it
                pos = next_pos
                continue
            token = new_token(type_, match.group(0), pos, 1, pos + 1, 1, next_pos + 1, next_pos)
            if node.unless and type_ in node.unless:
                token = node.unless[type_](token)
                type_ = token.type
            child = node.children.get(type_)
            if child is None:
                return None
            reductions.append(node.reductions_before[type_])
            tokens.append(token)
            node = child
            pos = next_pos
        if node.end is None:
            return None
        reductions.append(node.end)
        try:
            return self._run(tokens, reductions)
        except Exception:  # noqa: BLE001 - lark itself will read the line and report its way
            return None

    def _run(self, tokens: list[Token], reductions: list[tuple[_Reduction, ...]]) -> Any:
        stack: list[Any] = []
        callbacks = self._callbacks
        for index, reduce_steps in enumerate(reductions):
            for size, callback in reduce_steps:
                if size:
                    children = stack[-size:]
                    del stack[-size:]
                else:
                    children = []
                stack.append(callback(children))
            if index < len(tokens):
                token = tokens[index]
                stack.append(callbacks[token.type](token) if token.type in callbacks else token)
        return stack[-1]

    # ---- learning a path --------------------------------------------------------------

    def learn(self, text: str, expected: Any) -> None:
        """Remember the path of ``text``, which lark parsed to ``expected``.

        The path is walked through lark's own table; it is kept only if replaying it gives
        what lark gave (compared with ``==`` and by the positions of the result's events).
        """
        if self._nodes >= MAX_NODES:
            return
        walked = self._walk(text)
        if walked is None:
            return
        path, end_reductions = walked
        node = self._root
        for type_, state, reduce_steps in path:
            child = node.children.get(type_)
            if child is None:
                if self._nodes >= MAX_NODES:
                    return
                child = self._node_for(state)
                node.children[type_] = child
                node.reductions_before[type_] = reduce_steps
                self._nodes += 1
            node = child
        previous_end = node.end
        node.end = end_reductions
        try:
            replayed = self.parse(text)
        except Exception:  # noqa: BLE001 - a path that does not replay is simply not kept
            replayed = None
        if replayed is None or replayed != expected or _positions(replayed) != _positions(expected):
            node.end = previous_end

    def _walk(self, text: str) -> tuple[list[tuple[str, Any, tuple[_Reduction, ...]]], tuple[_Reduction, ...]] | None:
        """Lex and parse ``text`` with lark's tables; the token types, the state after each
        token, and the reductions before each token and at the end."""
        states = [self._start_state]
        path: list[tuple[str, Any, tuple[_Reduction, ...]]] = []
        pos, end = 0, len(text)
        while pos < end:
            lexer_node = self._node_for(states[-1])
            match = None
            for mre in lexer_node.mres:
                match = mre.match(text, pos)
                if match:
                    break
            if match is None:
                return None
            type_ = match.lastgroup
            if type_ in lexer_node.ignore:
                pos = match.end()
                continue
            if type_ in lexer_node.unless:
                type_ = self._tables.retyped(type_, match.group(0), lexer_node.unless[type_])
            steps = self._feed(states, type_, is_end=False)
            if steps is None:
                return None
            path.append((type_, states[-1], steps))
            pos = match.end()
        end_steps = self._feed(states, "$END", is_end=True)
        if end_steps is None:
            return None
        return path, end_steps

    def _feed(self, states: list[Any], type_: str, is_end: bool) -> tuple[_Reduction, ...] | None:
        """lark's ``ParserState.feed_token`` on types only: the reductions it makes."""
        steps: list[_Reduction] = []
        tables = self._tables
        while True:
            step = tables.step(states[-1], type_)
            if step is None:
                return None
            if step.shift:
                if is_end:
                    return None
                states.append(step.state)
                return tuple(steps)
            size = step.size
            if size:
                del states[-size:]
            assert step.callback is not None
            steps.append((size, step.callback))
            states.append(tables.goto(states[-1], step.origin))
            if is_end and states[-1] == self._end_state:
                return tuple(steps)


def _positions(result: Any) -> Any:
    events = getattr(result, "events", ())
    return (getattr(result, "pos", None), tuple(getattr(e, "pos", None) for e in events))


def build_path_memo(lark: Lark, start: str, probes: tuple[str, ...] = ()) -> PathMemo | None:
    """A :class:`PathMemo` for ``lark``'s ``start`` rule, or ``None`` (then every line goes to lark).

    ``None`` when this lark's internals are not the ones :mod:`perlagg_streit.language.lark_internals`
    knows, or when a path learnt from a probe line (each one that lark reads) does not read that
    line back as lark reads it: internals that look right but behave otherwise.
    """
    tables = tables_of(lark, start)
    if tables is None:
        return None
    try:
        memo = PathMemo(tables)
        for text in probes:
            expected = lark.parse(text, start=start)
            memo.learn(text, expected)
            replayed = memo.parse(text)
            if replayed is None or replayed != expected or _positions(replayed) != _positions(expected):
                return None
    except Exception:  # noqa: BLE001 - any surprise in lark's internals: read with lark alone
        return None
    return memo
