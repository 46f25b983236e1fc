"""Load rulesets from YAML: the bundled ones by name, or a user's file.

The only module that reads ruleset YAML. ``extends`` is resolved here (a house-rules file may
extend a bundled ruleset and change a few keys); the keys and their checks are the engine's
declaration (:data:`perlagg_streit.engine.ruleset.SCHEMA`, :func:`~perlagg_streit.engine.ruleset.build_ruleset`).

A ruleset file is untrusted input: a club's file, or one a transcript received from someone
else names in its ``[Ruleset "..."]`` tag. Reading one is therefore bounded (issue 19), and every
limit below is documented in docs/rulesets.md, section 4:

- only a regular file of at most :data:`MAX_FILE_BYTES` bytes is read; a folder, a named pipe
  or a device is refused before it is opened for reading, so nothing can hang or fill memory;
- YAML anchors, aliases and merge keys (``&a``, ``*a``, ``<<``) are refused: a ruleset has no
  use for them, and a few hundred bytes of nested aliases expand to billions of values;
- explicit YAML tags (``!!int``, ``!foo``) are refused, a key given twice in one mapping is
  refused (YAML itself would let the second silently win), lists and mappings nest at most
  :data:`MAX_DEPTH` deep, and a number is at most :data:`MAX_NUMBER_CHARS` characters long;
- ``extends`` is followed at most :data:`MAX_EXTENDS` steps, and a relative ``extends`` is
  taken from the folder of the file that says it;
- a ``[Ruleset]`` tag may name a bundled ruleset or a file beside the transcript, and such a
  file may in turn extend only those; any other file must be given with ``--ruleset``.

libyaml's parser is used when PyYAML has it (it reads about ten times faster); the nodes are
built by PyYAML's own composer on top of it, because libyaml's composer is C code that cannot
be told to refuse an alias or to stop at a depth. Without libyaml the pure-Python parser does
the same job with the same limits.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.error import MarkedYAMLError
from yaml.events import AliasEvent, CollectionStartEvent, NodeEvent
from yaml.nodes import MappingNode, Node, ScalarNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ..base import caches
from ..engine.ruleset import SCHEMA, Ruleset, RulesetError, build_ruleset, key_text, merge, preview

_CParser: Any
try:
    from yaml._yaml import CParser as _CParser
except ImportError:  # PyYAML built without libyaml
    _CParser = None

#: The largest ruleset file read, in bytes. The biggest bundled one has under 7 KB.
MAX_FILE_BYTES = 64 * 1024
#: How deep lists and mappings may nest. A ruleset needs three levels (penalties.PLAY-3.points).
MAX_DEPTH = 16
#: The most characters a number may be written with. No ruleset value has more than two digits;
#: Python refuses to read a whole number of more than 4,300 digits at all.
MAX_NUMBER_CHARS = 32
#: How many ``extends`` steps are followed: a house file, the file it extends, and so on down to
#: a bundled ruleset (which itself extends at most two more).
MAX_EXTENDS = 16

_TAG_ONLY_EN = ("the [Ruleset] tag may name a bundled ruleset or a file beside the transcript; "
                "use --ruleset for another file")
_TAG_ONLY_DE = ("das [Ruleset]-Tag darf ein mitgeliefertes Regelwerk oder eine Datei neben dem Protokoll nennen; "
                "eine andere Datei mit --ruleset angeben")


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with the package."""
    return list(_bundled())


@caches.memo
def _bundled() -> tuple[str, ...]:
    folder = resources.files("perlagg_streit").joinpath("rulesets")
    return tuple(sorted(p.name[: -len(".yaml")] for p in folder.iterdir() if p.name.endswith(".yaml")))


# ---- YAML, bounded ---------------------------------------------------------------------------

class _Refused(MarkedYAMLError):
    """A YAML construct a ruleset may not use, with the place and a German text."""

    def __init__(self, problem: str, problem_de: str, mark: Any) -> None:
        super().__init__(problem=problem, problem_mark=mark)
        self.problem_de = problem_de


class _BoundedComposer(Composer):
    """PyYAML's composer, refusing anchors, aliases and explicit tags, and nesting past MAX_DEPTH.

    The checks sit where each node starts, before anything below it is read: a refused file
    costs no more than the bytes up to the first offending mark.
    """

    _depth = 0
    peek_event: Callable[[], Any]  # the parser's, PyYAML's or libyaml's

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event = self.peek_event()
        if isinstance(event, AliasEvent) or (isinstance(event, NodeEvent) and event.anchor is not None):
            raise _Refused("YAML anchors and aliases (&name, *name) are not allowed in a ruleset; write the values out",
                           "YAML-Anker und -Aliase (&name, *name) sind in einem Regelwerk nicht erlaubt; die Werte "
                           "ausschreiben", event.start_mark)
        tag = getattr(event, "tag", None)
        if tag is not None:
            tag = "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag
            raise _Refused(f"YAML tags ({key_text(tag)}) are not allowed in a ruleset",
                           f"YAML-Tags ({key_text(tag)}) sind in einem Regelwerk nicht erlaubt", event.start_mark)
        if not isinstance(event, CollectionStartEvent):
            return super().compose_node(parent, index)
        if self._depth >= MAX_DEPTH:
            raise _Refused(f"lists and mappings nested more than {MAX_DEPTH} deep; a ruleset needs three levels",
                           f"Listen und Zuordnungen mehr als {MAX_DEPTH} Ebenen tief verschachtelt; ein Regelwerk "
                           "braucht drei", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _RulesetConstructor(SafeConstructor):
    """PyYAML's safe constructor, refusing merge keys, a key given twice and over-long numbers."""

    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as exc:
            # The implicit types can fail on text that only looks like them (2020-13-45, 0x_).
            raise _Refused(f"cannot read this value: {exc}", f"dieser Wert ist nicht lesbar: {exc}",
                           node.start_mark) from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Refused("YAML merge keys (<<) are not allowed in a ruleset; write the keys out",
                               "YAML-Merge-Schlüssel (<<) sind in einem Regelwerk nicht erlaubt; die Schlüssel "
                               "ausschreiben", key_node.start_mark)
            key = self.construct_object(key_node, deep=True)
            try:
                if key in seen:
                    raise _Refused(f"the key {key_text(key)} is given twice in this mapping",
                                   f"der Schlüssel {key_text(key)} steht zweimal in dieser Zuordnung",
                                   key_node.start_mark)
                seen.add(key)
            except TypeError:
                pass  # an unhashable key: the safe constructor below says so
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: ScalarNode) -> int:
        text = self.construct_scalar(node)
        if len(text) > MAX_NUMBER_CHARS:
            raise _Refused(f"a number of {len(text):,} characters; no ruleset value is longer than "
                           f"{MAX_NUMBER_CHARS}",
                           f"eine Zahl mit {len(text)} Zeichen; kein Wert eines Regelwerks ist länger als "
                           f"{MAX_NUMBER_CHARS}", node.start_mark)
        return super().construct_yaml_int(node)


_RulesetConstructor.add_constructor(  # type: ignore[type-var]
    "tag:yaml.org,2002:int", _RulesetConstructor.construct_yaml_int)


class PureRulesetLoader(Reader, Scanner, Parser, _BoundedComposer, _RulesetConstructor, Resolver):
    """The bounded loader on PyYAML's pure-Python parser."""

    def __init__(self, stream: str) -> None:
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        _BoundedComposer.__init__(self)
        _RulesetConstructor.__init__(self)
        Resolver.__init__(self)


YAML_LOADERS: tuple[type[Any], ...] = (PureRulesetLoader,)
if _CParser is not None:
    class LibyamlRulesetLoader(_BoundedComposer, _CParser, _RulesetConstructor, Resolver):  # type: ignore[misc]
        """The bounded loader on libyaml's parser: events from C, nodes from the bounded composer.

        The composer comes first in the class order so that its ``get_single_node`` is used
        rather than CParser's own, which composes in C and would follow aliases.
        """

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            _BoundedComposer.__init__(self)
            _RulesetConstructor.__init__(self)
            Resolver.__init__(self)

    YAML_LOADERS = (LibyamlRulesetLoader, PureRulesetLoader)

#: The loader used: libyaml's parser when PyYAML has it, else the pure-Python one.
RULESET_LOADER = YAML_LOADERS[0]


def parse_yaml(text: str, loader: type[Any] | None = None) -> Any:
    """One YAML document, read within the limits above; :class:`yaml.YAMLError` if it breaks one.

    ``loader`` is one of :data:`YAML_LOADERS`; by default :data:`RULESET_LOADER`, looked up at the
    call (a test sets it to the pure-Python loader to judge as if libyaml were missing).
    """
    reading = (loader or RULESET_LOADER)(text)
    try:
        return reading.get_single_data()
    finally:
        reading.dispose()


# ---- files ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Link:
    """One ruleset of an extends chain: a bundled one (``path`` is None) or a file."""

    shown: str
    path: Path | None = None

    @property
    def identity(self) -> str:
        return f"bundled:{self.shown}" if self.path is None else os.path.realpath(self.path)


def _shown(name: str) -> str:
    """A name as messages print it: cut short if a hostile file made it long."""
    if len(name) <= 100:
        return name
    return f"{name[:60]}… ({len(name.encode('utf-8', 'surrogateescape')):,} bytes)"


def _locate(name: str, beside: Path | None, confined: Path | None, source: str, key: str) -> _Link:
    """Where ``name`` is: a bundled ruleset, or a file (relative names from ``beside``).

    ``confined`` is the transcript's folder when the name came from a ``[Ruleset]`` tag (or from an
    ``extends`` of a file so named): then only a bundled name or a bare file name is allowed.
    ``source`` and ``key`` say who named it, for the error.
    """
    if name in _bundled():
        return _Link(name)
    if not name or "\0" in name:
        raise RulesetError(key, f"no bundled ruleset and no file named {preview(name)[0]}", source,
                           f"kein mitgeliefertes Regelwerk und keine Datei namens {preview(name)[1]}")
    if confined is not None:
        separators = {"/", "\\", os.sep, os.altsep} - {None}
        if name in (".", "..") or any(s in name for s in separators if s):
            en, de = (_TAG_ONLY_EN, _TAG_ONLY_DE) if not key else (
                "a ruleset named by a [Ruleset] tag may extend only a bundled ruleset or a file beside the "
                "transcript; use --ruleset for another file",
                "ein vom [Ruleset]-Tag genanntes Regelwerk darf nur ein mitgeliefertes Regelwerk oder eine Datei "
                "neben dem Protokoll erweitern; eine andere Datei mit --ruleset angeben")
            named_en, named_de = preview(name)
            raise RulesetError(key, f"{en} (it names {named_en})", source, f"{de} (genannt: {named_de})")
        return _Link(_shown(str(confined / name)), confined / name)
    path = Path(name)
    if beside is not None and not path.is_absolute():
        path = beside / path
    return _Link(_shown(str(path)), path)


def _read_text(link: _Link, confined: Path | None) -> str:
    """The text of a bundled ruleset or of a regular file of at most MAX_FILE_BYTES bytes."""
    if link.path is None:
        return resources.files("perlagg_streit").joinpath(f"rulesets/{link.shown}.yaml").read_text("utf-8")
    try:
        info = os.stat(link.path)
        _check_regular(info, link)
        if confined is not None and Path(os.path.realpath(link.path)).parent != Path(os.path.realpath(confined)):
            raise RulesetError("", "this file beside the transcript is a link to a file elsewhere; " + _TAG_ONLY_EN,
                               link.shown, "diese Datei neben dem Protokoll verweist auf eine Datei anderswo; "
                               + _TAG_ONLY_DE)
        # O_NONBLOCK: should the file have been swapped for a named pipe since the stat, the open
        # must not wait for a writer; the fstat below then refuses it.
        fd = os.open(link.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as handle:
            _check_regular(os.fstat(handle.fileno()), link)
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _os_error(exc, link) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesetError("", f"the file is larger than {MAX_FILE_BYTES:,} bytes, the most a ruleset file may have",
                           link.shown, f"die Datei ist größer als {MAX_FILE_BYTES} Bytes, mehr darf eine "
                           "Regelwerksdatei nicht haben")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError("", f"not UTF-8 text (byte {exc.start + 1})", link.shown,
                           f"kein UTF-8-Text (Byte {exc.start + 1})") from None


def _check_regular(info: os.stat_result, link: _Link) -> None:
    if stat.S_ISREG(info.st_mode):
        if info.st_size > MAX_FILE_BYTES:
            raise RulesetError("", f"the file has {info.st_size:,} bytes; a ruleset file may have at most "
                               f"{MAX_FILE_BYTES:,}", link.shown, f"die Datei hat {info.st_size} Bytes; eine "
                               f"Regelwerksdatei darf höchstens {MAX_FILE_BYTES} haben")
        return
    mode = info.st_mode
    en, de = (("a folder", "ein Ordner") if stat.S_ISDIR(mode) else
              ("a named pipe", "eine benannte Pipe (FIFO)") if stat.S_ISFIFO(mode) else
              ("a device", "ein Gerät") if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
              ("a socket", "ein Socket") if stat.S_ISSOCK(mode) else ("not a regular file", "keine normale Datei"))
    raise RulesetError("", f"this is {en}, not a ruleset file; it was not read", link.shown,
                       f"das ist {de}, keine Regelwerksdatei; nicht gelesen")


def _os_error(exc: OSError, link: _Link) -> RulesetError:
    if exc.errno == errno.ENAMETOOLONG:
        size = len(os.fsencode(link.path or ""))
        return RulesetError("", f"the name is too long for a file ({size:,} bytes; a file name may have at most "
                            "255, a path 4,096)", link.shown, f"der Name ist zu lang für eine Datei ({size} Bytes; "
                            "ein Dateiname darf höchstens 255 haben, ein Pfad 4096)")
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        bundled = ", ".join(bundled_names())
        return RulesetError("", f"no bundled ruleset and no file named {link.shown!r} (bundled: {bundled})",
                            "", f"kein mitgeliefertes Regelwerk und keine Datei namens {link.shown!r} "
                            f"(mitgeliefert: {bundled})")
    reason = exc.strerror or str(exc)
    return RulesetError("", f"cannot read the file: {reason}", link.shown,
                        f"die Datei kann nicht gelesen werden: {reason}")


def _raw(link: _Link, confined: Path | None) -> dict[str, Any]:
    return _raw_text(_read_text(link, confined), link)


def _raw_text(text: str, link: _Link) -> dict[str, Any]:
    try:
        data = parse_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        where_de = f" (Zeile {mark.line + 1}, Spalte {mark.column + 1})" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        if isinstance(exc, _Refused):  # valid YAML, but more than a ruleset may use
            raise RulesetError("", f"not allowed{where}: {problem}", link.shown,
                               f"nicht erlaubt{where_de}: {exc.problem_de}") from None
        raise RulesetError("", f"not valid YAML{where}: {problem}", link.shown,
                           f"kein gültiges YAML{where_de}: {problem}") from None
    if not isinstance(data, dict):
        raise RulesetError("", "a ruleset file must hold a mapping of keys to values", link.shown,
                           "eine Regelwerksdatei muss eine Zuordnung von Schlüsseln zu Werten enthalten")
    return data


def resolve(name_or_path: str, transcript: str | Path | None = None) -> tuple[dict[str, Any], str]:
    """The ruleset's data with every ``extends`` merged in, and its source name.

    ``transcript`` is the transcript's path when the name comes from its ``[Ruleset]`` tag: then the
    name must be a bundled ruleset or a file beside the transcript, and so must everything that
    file extends.
    """
    return _resolve(name_or_path, None if transcript is None else Path(transcript).parent)


def _resolve(name_or_path: str, confined: Path | None) -> tuple[dict[str, Any], str]:
    link = _locate(name_or_path, None, confined, "", "")
    data = _raw(link, confined)
    chain = [link]
    while "extends" in data:
        parent, said_by = data["extends"], chain[-1]
        if not isinstance(parent, str):
            got_en, got_de = preview(parent)
            raise RulesetError("extends", f"expected the name of a ruleset, got {got_en}", said_by.shown,
                               f"erwartet den Namen eines Regelwerks, gefunden {got_de}")
        if said_by.path is None and parent not in _bundled():
            raise RulesetError("extends", f"a bundled ruleset extends {preview(parent)[0]}, which is not bundled",
                               said_by.shown, f"ein mitgeliefertes Regelwerk erweitert {preview(parent)[1]}, das "
                               "nicht mitgeliefert ist")
        beside = said_by.path.parent if said_by.path is not None else None
        link = _locate(parent, beside, confined, said_by.shown, "extends")
        names = " -> ".join(x.shown for x in [*chain, link])
        if any(x.identity == link.identity for x in chain):
            raise RulesetError("extends", f"rulesets extend each other in a circle: {names}", said_by.shown,
                               f"Regelwerke erweitern einander im Kreis: {names}")
        if len(chain) > MAX_EXTENDS:
            raise RulesetError("extends", f"more than {MAX_EXTENDS} rulesets extend one another, the most followed: "
                               f"{names}", chain[0].shown, f"mehr als {MAX_EXTENDS} Regelwerke erweitern einander, "
                               f"mehr werden nicht verfolgt: {names}")
        chain.append(link)
        try:
            parent_data = _raw(link, confined)
        except RulesetError as exc:
            if exc.source:
                raise
            raise RulesetError("extends", exc.message, said_by.shown, exc.message_de) from None
        child = _cite_own_keys({k: v for k, v in data.items() if k != "extends"}, said_by.shown, parent_data)
        data = merge(parent_data, child)
    return data, chain[0].shown


def _cite_own_keys(child: dict[str, Any], source: str, parent: dict[str, Any]) -> dict[str, Any]:
    """A key a file changes from its parent's value, with no ``sources`` entry of its own for the key
    or a section above it, is cited by the file itself: without this the parent's source would be
    cited for the child's value (``target: 21`` in a house-rules file cited as "000 Scoring ...
    normally 18 points"). The keys so cited are those the schema declares ``cited``."""
    own = child.get("sources", {})
    if not isinstance(own, dict):
        return child  # the schema check reports it
    cited = dict(own)
    for path, declared in SCHEMA.items():
        value = _value_at(child, path)
        if not declared.cited or value is _UNSET:
            continue
        section = path
        while section not in own and "." in section:
            section = section.rpartition(".")[0]
        if section not in own and _value_at(parent, path) != value:
            cited[path] = source
    return {**child, "sources": cited} if cited != own else child


_UNSET = object()  # a key the file does not set (as against one it sets to null)


def _value_at(data: Any, path: str) -> Any:
    """The value at a dotted key of raw ruleset data, or _UNSET where the file does not set it."""
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            return _UNSET
        data = data[part]
    return data


def load_ruleset(name_or_path: str, transcript: str | Path | None = None) -> Ruleset:
    """Load a bundled ruleset by name, or a YAML file by path, checked against the schema.

    Pass ``transcript`` (the transcript's path) when the name comes from its ``[Ruleset "..."]``
    tag: a transcript received from someone else may name a bundled ruleset or a file beside it,
    never another file on the reader's machine (that must come through ``--ruleset``).

    Remembered within the process: a batch of a thousand files names the same few rulesets,
    and reading the YAML again for every file cost more than judging it. A user's file is read
    again when it changes (size, modification time or inode); a bad ruleset raises every time.
    """
    confined = None if transcript is None else str(Path(transcript).parent)
    return _load(name_or_path, confined, _fingerprint(name_or_path, confined))


def _fingerprint(name_or_path: str, confined: str | None) -> tuple[int, ...] | None:
    if name_or_path in _bundled():
        return None
    try:
        info = os.stat(Path(confined, name_or_path) if confined is not None else name_or_path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino, info.st_mtime_ns, info.st_size


@caches.memo
def _load(name_or_path: str, confined: str | None, fingerprint: tuple[int, ...] | None) -> Ruleset:
    data, source = _resolve(name_or_path, None if confined is None else Path(confined))
    return build_ruleset(data, source)


def load_ruleset_text(text: str, source: str) -> Ruleset:
    """A house-rules file received as text (an upload to ``perlagg-streit serve``), checked as a
    file is; its ``extends`` may name only a bundled ruleset. No path is followed and nothing is
    read from this machine but the bundled rulesets: a stranger's file must not reach the server's
    files (``extends: /etc/passwd``, ``../secret.yaml``)."""
    link = _Link(_shown(source), None)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RulesetError("", f"the file is larger than {MAX_FILE_BYTES:,} bytes, the most a ruleset file may have",
                           link.shown, f"die Datei ist größer als {MAX_FILE_BYTES} Bytes, mehr darf eine "
                           "Regelwerksdatei nicht haben")
    data = _raw_text(text, link)
    if "extends" in data:
        parent = data["extends"]
        if not isinstance(parent, str) or parent not in _bundled():
            named_en, named_de = preview(parent)
            raise RulesetError("extends", f"an uploaded ruleset may extend only a bundled ruleset "
                               f"({', '.join(_bundled())}); it names {named_en}", link.shown,
                               f"ein hochgeladenes Regelwerk darf nur ein mitgeliefertes Regelwerk erweitern "
                               f"({', '.join(_bundled())}); genannt: {named_de}")
        parent_data, _ = _resolve(parent, None)
        data = merge(parent_data, _cite_own_keys({k: v for k, v in data.items() if k != "extends"}, link.shown,
                                                 parent_data))
    return build_ruleset(data, link.shown)
