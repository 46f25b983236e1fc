"""What is compiled once and kept in the user's cache folder (issue 21, item 8): the records'
``__init__`` and lark's scanners. The cache may only ever help: a file that is broken, missing or
cannot be written changes nothing of what is read and judged."""

from __future__ import annotations

import marshal
import os
import re
from pathlib import Path

import pytest

from perlagg_streit.base import disk_cache, regex_cache
from perlagg_streit.base.disk_cache import DiskCache
from perlagg_streit.base.regex_cache import CachingRe
from perlagg_streit.language import lark_internals, reader


def _cache(tmp_path: Path, name: str = "things") -> DiskCache:
    return DiskCache(name, "test 1", {"XDG_CACHE_HOME": str(tmp_path)})


def test_what_is_put_is_read_back_by_the_next_process(tmp_path: Path) -> None:
    first = _cache(tmp_path)
    assert first.get(("a", 1)) is None
    first.put(("a", 1), [1, 2, 3])
    assert first.save()
    assert Path(first.path or "").is_file() and Path(first.path or "").parent == tmp_path / "perlagg-streit"
    later = _cache(tmp_path)
    assert later.get(("a", 1)) == [1, 2, 3]
    assert later.get(("b", 1)) is None
    # another name or version is another file
    assert _cache(tmp_path, "other").get(("a", 1)) is None
    assert DiskCache("things", "test 2", {"XDG_CACHE_HOME": str(tmp_path)}).get(("a", 1)) is None


@pytest.mark.parametrize("garbage", [b"", b"junk", marshal.dumps([1, 2]), marshal.dumps({("k",): 1})[:-3]])
def test_a_broken_file_is_ignored_and_written_afresh(tmp_path: Path, garbage: bytes) -> None:
    cache = _cache(tmp_path)
    Path(cache.path or "").parent.mkdir(parents=True)
    Path(cache.path or "").write_bytes(garbage)
    assert cache.get("key") is None
    cache.put("key", "value")
    assert cache.save()
    assert _cache(tmp_path).get("key") == "value"


def test_nothing_is_written_without_a_folder_or_when_turned_off(tmp_path: Path) -> None:
    homeless = DiskCache("things", "v", {})
    assert homeless.path is None
    homeless.put("k", 1)
    assert homeless.get("k") == 1 and not homeless.save()
    off = DiskCache("things", "v", {"XDG_CACHE_HOME": str(tmp_path), "PERLAGG_NO_CACHE": "1"})
    off.put("k", 1)
    assert not off.save() and not any(tmp_path.iterdir())
    blocked = tmp_path / "a-file"
    blocked.write_text("a file where the cache folder would go")
    refused = DiskCache("things", "v", {"XDG_CACHE_HOME": str(blocked)})
    refused.put("k", 1)
    assert not refused.save()  # an OSError, swallowed: it is only a cache
    assert blocked.read_text() == "a file where the cache folder would go"


def test_a_value_marshal_refuses_is_not_written(tmp_path: Path) -> None:
    cache = _cache(tmp_path)
    cache.put("k", object())
    assert not cache.save()
    assert not [p for p in (tmp_path / "perlagg-streit").iterdir()]  # no temporary file left behind


def test_the_file_starts_afresh_past_its_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disk_cache, "MAX_ENTRIES", 3)
    cache = _cache(tmp_path)
    for n in range(3):
        cache.put(n, n)
    cache.put(3, 3)
    assert cache.get(0) is None and cache.get(3) == 3


def test_the_cache_folder_follows_the_xdg_rules() -> None:
    assert disk_cache.cache_folder({"XDG_CACHE_HOME": "/c", "HOME": "/h"}) == os.path.join("/c", "perlagg-streit")
    assert disk_cache.cache_folder({"XDG_CACHE_HOME": "rel", "HOME": "/h"}) == os.path.join("/h", ".cache",
                                                                                            "perlagg-streit")
    assert disk_cache.cache_folder({}) is None


# ---- the scanners ---------------------------------------------------------------------------------

_PATTERNS = [
    (r"(?P<CARD>[ELHS](?:10|[AKOU9876]))|(?P<WORD>[a-zäöü]+)|(?P<_WS>[ \t]+)", re.ASCII),
    (r"(?i:stich)|(?P<N>\d+)", re.ASCII),
    (r"(?P<A>a)(?P<B>b)?(?(B)c|d)", 0),
    (r"\bweli\b", re.IGNORECASE),
]
_TEXTS = ["HA H10 weli", "Stich 12", "abc", "ad", "Weli", "WELI ist Trumpf", "äöü S7", ""]


def _same(a: re.Pattern[str], b: re.Pattern[str]) -> None:
    assert (a.pattern, a.flags, a.groups, a.groupindex) == (b.pattern, b.flags, b.groups, b.groupindex)
    for text in _TEXTS:
        for pos in range(len(text) + 1):
            ma, mb = a.match(text, pos), b.match(text, pos)
            assert (ma and (ma.group(0), ma.lastgroup, ma.span())) == (mb and (mb.group(0), mb.lastgroup, mb.span()))


@pytest.mark.skipif(regex_cache.caching_re() is None, reason="a Python whose re is not known: re is used as is")
def test_a_pattern_made_from_kept_data_is_the_one_re_compiles(tmp_path: Path) -> None:
    first = CachingRe(_cache(tmp_path, "scanners"))
    for pattern, flags in _PATTERNS:
        _same(first.compile(pattern, flags), re.compile(pattern, flags))
    assert first._cache.save()
    later = CachingRe(_cache(tmp_path, "scanners"))
    for pattern, flags in _PATTERNS:
        assert later._cache.get((pattern, int(flags))) is not None
        _same(later.compile(pattern, flags), re.compile(pattern, flags))
    # the rest of re, as lark's lexer uses it
    assert later.error is re.error and later.match(r"a+", "aaa").group(0) == "aaa"  # type: ignore[union-attr]
    with pytest.raises(re.error):
        later.compile("(unclosed")


@pytest.mark.skipif(regex_cache.caching_re() is None, reason="a Python whose re is not known: re is used as is")
def test_kept_data_this_sre_refuses_is_compiled_afresh(tmp_path: Path) -> None:
    cache = _cache(tmp_path, "scanners")
    cache.put((r"(?P<A>x+)", 0), ("not", "what", "_sre", "takes", None))
    _same(CachingRe(cache).compile(r"(?P<A>x+)"), re.compile(r"(?P<A>x+)"))


def test_the_reader_s_lexers_compile_with_the_caching_re() -> None:
    lexer = reader._parser().parser.lexer
    if regex_cache.caching_re() is None:
        pytest.skip("a Python whose re is not known: re is used as is")
    assert all(isinstance(lx.re, CachingRe) for lx in lexer.lexers.values())


def test_a_lark_whose_lexers_are_otherwise_is_left_alone() -> None:
    fresh = reader._build_parser(reader._transformer(guarded=False))
    assert lark_internals.use_regex_module(fresh, re)  # no scanner built yet: re itself again
    fresh.parse("N biete Gleich", start="line")  # a scanner is built: too late to change the module
    assert not lark_internals.use_regex_module(fresh, re)
    fresh.parser.lexer = object()
    assert not lark_internals.use_regex_module(fresh, re)


def test_a_kept_value_of_the_wrong_kind_is_made_afresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a cache file that unmarshals well but holds something else where code or data should be
    # (written by hand, say) is never executed or taken as a ruleset: it is made afresh
    import dataclasses

    from perlagg_streit import rulesets
    from perlagg_streit.base import records

    class Holding(DiskCache):
        """A cache that holds ``value`` under every key."""

        def __init__(self, value: object) -> None:
            super().__init__("x", "test", {"XDG_CACHE_HOME": str(tmp_path)})
            self.value = value

        def get(self, key: object) -> object:
            return self.value

    monkeypatch.setattr(records, "_COMPILED", Holding("raise SystemExit('not code')"))

    @records.record
    class T:
        a: int

    assert T(1).a == 1 and dataclasses.fields(T)[0].name == "a"
    for value in (marshal.dumps([1, 2]), b"not marshal", "not bytes"):
        monkeypatch.setattr(rulesets, "_PARSED", Holding(value))
        rulesets._load.cache_clear()
        try:
            assert rulesets.load_ruleset("innsbruck").name == "innsbruck"
        finally:
            rulesets._load.cache_clear()
