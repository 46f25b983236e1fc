"""Regular expressions compiled once and kept between runs (start-up, issue 21, item 8).

Why: lark's contextual lexer builds a scanner for each parser state it meets, one regular
expression of all the terminals that state accepts. For one small file that is some 30 of them,
11,000 characters in all, which Python's ``re`` parses and compiles in pure Python: about 11 ms
of every run, for the very same expressions each time. Our modules' own patterns (card names,
unsafe characters) are compiled the same way, through :func:`compiled`.

What ``re.compile`` hands to its C core (``_sre.compile``) is plain data: the flags, a list of
integers (the compiled code) and the group names. :class:`CachingRe` keeps that data for each
expression in a :class:`~perlagg_streit.base.disk_cache.DiskCache` and builds the pattern from it
directly on later runs. It is given to lark's lexers in the place of the ``re`` module
(:func:`perlagg_streit.language.lark_internals.use_regex_module`). Pure standard library.

This reads Python's private ``re._parser``/``re._compiler`` and ``_sre.compile``, unchanged from
Python 3.11 to 3.13; for any other Python (:data:`KNOWN_PYTHONS`) it is not used at all, and a
compiled pattern the cached data cannot make (a changed ``_sre``) is compiled by ``re`` as before.
The cache file is named by ``_sre.MAGIC`` and Python's version, so data of one ``_sre`` never
meets another; ``_sre`` validates the code it is given in any case.
"""

from __future__ import annotations

import re
import sys
from array import array
from typing import Any

from .disk_cache import DiskCache

#: The Pythons whose ``re`` compiles as :meth:`CachingRe.compile` does it.
KNOWN_PYTHONS = ((3, 11), (3, 12), (3, 13))


class CachingRe:
    """The ``re`` module as lark's lexer uses it, with ``compile`` kept in a disk cache."""

    def __init__(self, cache: DiskCache) -> None:
        import _sre
        from re import _compiler, _parser  # type: ignore[attr-defined]

        self._cache = cache
        self._sre = _sre
        self._parse = _parser.parse
        self._code = _compiler._code

    def __getattr__(self, name: str) -> Any:
        # everything else (match, error, flags, ...) is re's own
        return getattr(re, name)

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        """``re.compile(pattern, flags)``, from the data of an earlier run where there is some."""
        if not isinstance(pattern, str):
            return re.compile(pattern, flags)
        flags = int(flags)
        key = (pattern, flags)
        kept = self._cache.get(key)
        if kept is not None:
            try:
                kept_flags, packed, kept_groups, kept_names, kept_indices = kept
                return self._sre.compile(  # type: ignore[no-any-return]
                    pattern, kept_flags, array("I", packed).tolist(), kept_groups, kept_names, kept_indices)
            except (TypeError, ValueError, RuntimeError, OverflowError):
                pass  # data this _sre does not take: compiled afresh below
        parsed = self._parse(pattern, flags)
        code = [int(op) for op in self._code(parsed, flags)]  # plain ints: marshal refuses re's named opcodes
        by_name = dict(parsed.state.groupdict)
        by_index: list[str | None] = [None] * parsed.state.groups
        for name, index in by_name.items():
            by_index[index] = name
        final_flags, groups_less_one = flags | parsed.state.flags, parsed.state.groups - 1
        compiled: re.Pattern[str] = self._sre.compile(pattern, final_flags, code, groups_less_one, by_name,
                                                      tuple(by_index))
        # the code kept as bytes (unsigned 32-bit words, as _sre's code is): marshal reads bytes at
        # once, a list of thousands of ints one by one
        self._cache.put(key, (final_flags, array("I", code).tobytes(), groups_less_one, by_name, tuple(by_index)))
        return compiled


def _caching_re() -> CachingRe | None:
    if sys.version_info[:2] not in KNOWN_PYTHONS or array("I").itemsize != 4:
        return None
    try:
        import _sre

        if _sre.CODESIZE != 4:  # the code is kept as 32-bit words
            return None
        return CachingRe(DiskCache("regexes", f"_sre {_sre.MAGIC}"))
    except (ImportError, AttributeError):
        return None


#: The one caching ``re`` of the process (None on a Python whose ``re`` is not known here).
_SHARED = _caching_re()


def caching_re() -> CachingRe | None:
    """The caching ``re`` for lark's lexers, or None on a Python whose ``re`` is not known here."""
    return _SHARED


def compiled(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, kept between runs where this Python allows it."""
    return re.compile(pattern, flags) if _SHARED is None else _SHARED.compile(pattern, flags)
