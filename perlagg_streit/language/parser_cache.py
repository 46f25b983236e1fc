"""Where lark's parse tables are kept between runs: the user's cache folder.

Building the LALR tables from the grammar takes longer than reading a small transcript, so the
built parser is kept in ``$XDG_CACHE_HOME/perlagg-streit/`` (else ``~/.cache/perlagg-streit/``),
in a file named by a digest of the grammar, lark's version and Python's, so that a changed
grammar or an upgrade never meets old tables. lark checks that digest again when it loads the file.

The cache is only ever a help: when the folder is missing it is made; when it cannot be made or
written (a read-only home, no home at all), the tables are built in memory as before; a corrupt
or half-written file is ignored by lark, which builds the tables afresh and writes them again.
``PERLAGG_NO_CACHE=1`` turns the cache off.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Mapping
from pathlib import Path

from ..base import disk_cache


def cache_folder(environ: Mapping[str, str] = os.environ) -> Path | None:
    """The folder of our cache by the XDG rules (None when there is no home to put it in)."""
    folder = disk_cache.cache_folder(environ)
    return None if folder is None else Path(folder)


def parser_cache_file(grammar: str, options: str, environ: Mapping[str, str] = os.environ) -> str | bool:
    """The file lark should keep the built parser in, or False when there is none to be had."""
    if environ.get("PERLAGG_NO_CACHE"):
        return False
    folder = cache_folder(environ)
    if folder is None:
        return False
    import lark

    key = hashlib.sha256("\0".join((grammar, options, lark.__version__, sys.version)).encode("utf-8")).hexdigest()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # read-only, or a file where the folder should be: build in memory
        return False
    if not os.access(folder, os.W_OK | os.X_OK) and not (folder / f"parser-{key[:24]}.lark").is_file():
        return False
    return str(folder / f"parser-{key[:24]}.lark")
