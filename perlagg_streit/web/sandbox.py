"""Each request's work in a process of its own, with a time limit and a memory limit.

Why a process: a thread cannot be stopped, and a transcript crafted to be slow (or a bug of ours)
must not hold the server. The child is forked from a fork server that has the referee imported
already (so a request costs a fork, not an import), gets an address-space limit, and is killed
when the time is up. It shares nothing with the requests of other users: whatever it caches
dies with it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

#: Seconds one request's work may take before it is stopped (documented in the README).
WORK_SECONDS = 10.0
#: Bytes of address space one request's work may use.
WORK_MEMORY = 1024 * 1024 * 1024

_CONTEXT: Any = None


class WorkTimeout(Exception):
    """The work took longer than its time limit and was stopped."""


class WorkFailed(Exception):
    """The work's process ended without an answer (out of memory, killed, a crash)."""


def _context() -> Any:
    global _CONTEXT
    if _CONTEXT is None:
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        _CONTEXT = multiprocessing.get_context(method)
        if method == "forkserver":
            _CONTEXT.set_forkserver_preload(["perlagg_streit.web.preload"])
    return _CONTEXT


def _child(conn: Connection, memory: int, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    except (ImportError, ValueError, OSError):  # not on every platform; the time limit still holds
        pass
    try:
        result: tuple[str, Any] = ("ok", fn(*args))
    except MemoryError:
        result = ("failed", "memory")
    except Exception as exc:  # noqa: BLE001 - reported to the parent, which answers 500 without a traceback
        result = ("failed", f"{type(exc).__name__}: {exc}")
    try:
        conn.send(result)
    finally:
        conn.close()


def run_limited(fn: Callable[..., Any], *args: Any, seconds: float = WORK_SECONDS, memory: int = WORK_MEMORY) -> Any:
    """``fn(*args)`` in a child process; its result, or :class:`WorkTimeout` after ``seconds``,
    or :class:`WorkFailed` when it failed (the reason in the exception's text)."""
    ctx = _context()
    receive, send = ctx.Pipe(duplex=False)
    process = ctx.Process(target=_child, args=(send, memory, fn, args), daemon=True)
    process.start()
    send.close()
    try:
        if not receive.poll(seconds):
            raise WorkTimeout(f"more than {seconds:g} s")
        try:
            status, value = receive.recv()
        except EOFError:
            raise WorkFailed("no answer") from None
    finally:
        receive.close()
        if process.is_alive():
            process.kill()
        process.join(5)
        if hasattr(process, "close") and not process.is_alive():
            process.close()
    if status != "ok":
        raise WorkFailed(value)
    return value


def warm_up() -> None:
    """Start the fork server now rather than on the first request (it imports the referee)."""
    run_limited(os.getpid)
