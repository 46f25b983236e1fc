"""Compiled things kept between runs in the user's cache folder, as Python keeps its bytecode.

Why: every run of ``check`` compiled the same ``__init__`` of some 110 records and the same
scanners of lark's contextual lexer, about 20 ms of the start-up of checking one small file
(issue 21, item 8). What is compiled once is kept here with :mod:`marshal`, in a file of the
user's cache folder (``$XDG_CACHE_HOME/perlagg-streit/``, else ``~/.cache/perlagg-streit/``) named
by what it holds and by the Python that wrote it, since code objects and regular-expression code
belong to one version of Python.

The cache is only ever a help, as lark's cache of parse tables is:
- a key that is not in the file is compiled as before and added;
- a file that is missing, unreadable, half-written or not a dict of the expected kind is ignored
  (and written afresh);
- what was added is written once, when the process ends, to a temporary file that then replaces
  the old one (so a reader never sees half a file); a folder that cannot be made or written
  leaves the cache in memory for this run;
- ``PERLAGG_NO_CACHE=1`` turns it off.

What is kept is code, as in Python's own ``__pycache__``: the folder is the user's, written with
the user's rights (files readable by the user alone), and trusted as the user's bytecode is.

Pure standard library: the engine's records use it.
"""

from __future__ import annotations

import atexit
import hashlib
import marshal
import os
import sys
from collections.abc import Hashable, Mapping
from typing import Any

#: At most this many entries in one file: the keys come from our own sources and grammar, so this
#: is only reached by files of many older versions, and then the file starts afresh.
MAX_ENTRIES = 4096


def cache_folder(environ: Mapping[str, str] = os.environ) -> str | None:
    """The folder of our cache by the XDG rules (None when there is no home to put it in)."""
    base = environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):  # the specification: a relative path is to be ignored
        home = environ.get("HOME", "")
        if not os.path.isabs(home):
            return None
        base = os.path.join(home, ".cache")
    return os.path.join(base, "perlagg-streit")


class DiskCache:
    """A dict of marshallable values kept in one file of the cache folder (see the module docstring)."""

    def __init__(self, name: str, version: str, environ: Mapping[str, str] = os.environ) -> None:
        folder = None if environ.get("PERLAGG_NO_CACHE") else cache_folder(environ)
        digest = hashlib.sha256(f"{version}\0{sys.version}".encode()).hexdigest()[:16]
        #: the file, or None when there is no cache folder to be had
        self.path = None if folder is None else os.path.join(folder, f"{name}-{digest}.marshal")
        self._entries: dict[Hashable, Any] | None = None  # read on the first look-up
        self._added = False

    def _loaded(self) -> dict[Hashable, Any]:
        """The entries, read from the file on the first call."""
        if self._entries is None:
            self._entries = self._read()
        return self._entries

    def _read(self) -> dict[Hashable, Any]:
        entries: Any = {}
        if self.path is not None:
            try:
                with open(self.path, "rb") as file:
                    # read whole, then unmarshalled: marshal.load on a file reads it in small
                    # pieces, ten times slower
                    entries = marshal.loads(file.read())
            except (OSError, EOFError, ValueError, TypeError):
                entries = {}
        if not isinstance(entries, dict) or len(entries) > MAX_ENTRIES:
            return {}
        return entries

    def get(self, key: Hashable) -> Any:
        """The value kept under ``key``, or None."""
        return self._loaded().get(key)

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` under ``key``; the file is written when the process ends."""
        entries = self._loaded()
        if len(entries) >= MAX_ENTRIES:
            entries.clear()
        entries[key] = value
        if not self._added and self.path is not None:
            self._added = True
            atexit.register(self.save)

    def save(self) -> bool:
        """Write what is kept, atomically; False when it could not be written (it is only a cache)."""
        if self.path is None or not self._entries:
            return False
        folder = os.path.dirname(self.path)
        import tempfile  # only when something new is written

        try:
            os.makedirs(folder, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".new-", suffix=".marshal")
            try:
                with os.fdopen(handle, "wb") as file:
                    marshal.dump(self._entries, file)
                os.replace(temporary, self.path)
            except BaseException:
                os.unlink(temporary)
                raise
        except (OSError, ValueError):  # a read-only or full folder; ValueError: a value marshal refuses
            return False
        self._added = False
        return True
