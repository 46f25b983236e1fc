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
import hashlib
import marshal
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.error import MarkedYAMLError
from yaml.events import AliasEvent, CollectionStartEvent, NodeEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from ..base import caches
from ..base.disk_cache import DiskCache
from ..base.records import record
from ..engine.ruleset import SCHEMA, Ruleset, RulesetError, build_ruleset, closest, key_text, merge
from ..engine.schema import shown
from ..messages import Message

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

#: The bundled rulesets: the files beside this module (a path, not importlib.resources, whose
#: import costs start-up; pip never installs the package zipped).
_BUNDLED_FOLDER = Path(__file__).resolve().parent


def bundled_names() -> list[str]:
    """Names of the rulesets shipped with the package."""
    return list(_bundled())


@caches.memo
def _bundled() -> tuple[str, ...]:
    folder = _BUNDLED_FOLDER
    return tuple(sorted(p.name[: -len(".yaml")] for p in folder.iterdir() if p.name.endswith(".yaml")))


# ---- YAML, bounded ---------------------------------------------------------------------------

class _Refused(MarkedYAMLError):
    """A YAML construct a ruleset may not use, with the place and what is wrong (a catalogue message)."""

    def __init__(self, what: Message, mark: Any) -> None:
        super().__init__(problem=what.text("en"), problem_mark=mark)
        self.what = what


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
            raise _Refused(Message("ruleset.yaml.anchor"), event.start_mark)
        tag = getattr(event, "tag", None)
        if tag is not None:
            tag = "!!" + tag[len("tag:yaml.org,2002:"):] if tag.startswith("tag:yaml.org,2002:") else tag
            raise _Refused(Message("ruleset.yaml.tag", tag=key_text(tag)), event.start_mark)
        if not isinstance(event, CollectionStartEvent):
            return super().compose_node(parent, index)
        if self._depth >= MAX_DEPTH:
            raise _Refused(Message("ruleset.yaml.too-deep", most=MAX_DEPTH), event.start_mark)
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
            raise _Refused(Message("ruleset.yaml.bad-value", reason=str(exc)), node.start_mark) from None

    def construct_mapping(self, node: MappingNode, deep: bool = False) -> dict[Any, Any]:
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise _Refused(Message("ruleset.yaml.merge-key"), key_node.start_mark)
        return super().construct_mapping(node, deep)  # a key given twice: found before, by _keys_twice

    def keys_twice(self, node: Node, path: str = "") -> list[tuple[str, Message, Any]]:
        """Every key given twice in one mapping under ``node``: its path, what to say (both places)
        and the second place. YAML itself would let the second silently win."""
        found: list[tuple[str, Message, Any]] = []
        if isinstance(node, MappingNode):
            seen: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise _Refused(Message("ruleset.yaml.merge-key"), key_node.start_mark)
                key = self.construct_object(key_node, deep=True) if isinstance(key_node, ScalarNode) else None
                here = f"{path}.{key_text(key)}" if path else key_text(key)
                try:
                    first = seen.setdefault(key, key_node.start_mark) if key is not None else None
                except TypeError:
                    first = None  # an unhashable key: the safe constructor says so
                if first is not None and first is not key_node.start_mark:
                    found.append((here, Message("ruleset.yaml.twice-lines", key=key_text(key), first=_place(first),
                                                second=_place(key_node.start_mark)), key_node.start_mark))
                found += self.keys_twice(value_node, here)
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                found += self.keys_twice(item, f"{path}[{i}]")
        return found

    def construct_yaml_int(self, node: ScalarNode) -> int:
        text = self.construct_scalar(node)
        if len(text) > MAX_NUMBER_CHARS:
            raise _Refused(Message("ruleset.yaml.long-number", n=len(text), most=MAX_NUMBER_CHARS),
                           node.start_mark)
        return super().construct_yaml_int(node)


def _place(mark: Any) -> Message:
    return Message("ruleset.yaml.place", line=mark.line + 1, column=mark.column + 1)


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


def parse_yaml(text: str, loader: type[Any] | None = None,
               twice: list[tuple[str, Message, Any]] | None = None) -> Any:
    """One YAML document, read within the limits above; :class:`yaml.YAMLError` if it breaks one.

    ``loader`` is one of :data:`YAML_LOADERS`; by default :data:`RULESET_LOADER`, looked up at the
    call (a test sets it to the pure-Python loader to judge as if libyaml were missing). A key
    given twice in one mapping is refused, or, when ``twice`` is a list, added to it (path, what
    to say, place) so that it is reported with every other problem of the file.
    """
    reading = (loader or RULESET_LOADER)(text)
    try:
        node = reading.get_single_node()
        if node is None:
            return None
        found = reading.keys_twice(node)
        found.sort(key=lambda one: (one[2].line, one[2].column))  # in the order of the file
        if found and twice is None:
            raise _Refused(found[0][1], found[0][2])
        if twice is not None:
            twice += found
        return reading.construct_document(node)
    finally:
        reading.dispose()


# ---- files ------------------------------------------------------------------------------------

@record
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
        raise RulesetError(key, Message("ruleset.no-such", name=shown(name)), source)
    if confined is not None:
        separators = {"/", "\\", os.sep, os.altsep} - {None}
        if name in (".", "..") or any(s in name for s in separators if s):
            code = "ruleset.tag-only-extends" if key else "ruleset.tag-only"
            raise RulesetError(key, Message(code, name=shown(name)), source)
        return _Link(_shown(str(confined / name)), confined / name)
    path = Path(name)
    if beside is not None and not path.is_absolute():
        path = beside / path
    return _Link(_shown(str(path)), path)


def _read_text(link: _Link, confined: Path | None) -> str:
    """The text of a bundled ruleset or of a regular file of at most MAX_FILE_BYTES bytes."""
    if link.path is None:
        return (_BUNDLED_FOLDER / f"{link.shown}.yaml").read_text("utf-8")
    try:
        info = os.stat(link.path)
        _check_regular(info, link)
        if confined is not None and Path(os.path.realpath(link.path)).parent != Path(os.path.realpath(confined)):
            raise RulesetError("", Message("ruleset.tag-link"), link.shown)
        # O_NONBLOCK: should the file have been swapped for a named pipe since the stat, the open
        # must not wait for a writer; the fstat below then refuses it.
        fd = os.open(link.path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        with os.fdopen(fd, "rb") as handle:
            _check_regular(os.fstat(handle.fileno()), link)
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise _os_error(exc, link) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesetError("", Message("ruleset.file-too-large", most=MAX_FILE_BYTES), link.shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError("", Message("ruleset.not-utf8", byte=exc.start + 1), link.shown) from None


def _check_regular(info: os.stat_result, link: _Link) -> None:
    if stat.S_ISREG(info.st_mode):
        if info.st_size > MAX_FILE_BYTES:
            raise RulesetError("", Message("ruleset.file-size", size=info.st_size, most=MAX_FILE_BYTES), link.shown)
        return
    mode = info.st_mode
    kind = ("ruleset.kind.folder" if stat.S_ISDIR(mode) else "ruleset.kind.fifo" if stat.S_ISFIFO(mode) else
            "ruleset.kind.device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
            "ruleset.kind.socket" if stat.S_ISSOCK(mode) else "ruleset.kind.other")
    raise RulesetError("", Message("ruleset.not-a-file", kind=Message(kind)), link.shown)


def _os_error(exc: OSError, link: _Link) -> RulesetError:
    if exc.errno == errno.ENAMETOOLONG:
        size = len(os.fsencode(link.path or ""))
        return RulesetError("", Message("ruleset.name-too-long", size=size), link.shown)
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        close = closest(link.shown, bundled_names())
        if close is not None:
            return RulesetError("", Message("ruleset.no-such-close", name=repr(link.shown), close=close))
        return RulesetError("", Message("ruleset.no-such-bundled", name=repr(link.shown), bundled=bundled_names()))
    reason = exc.strerror or str(exc)
    return RulesetError("", Message("ruleset.cannot-read", reason=reason), link.shown)


def _raw(link: _Link, confined: Path | None, problems: list[RulesetError]) -> dict[str, Any]:
    """A file's data; a key given twice is added to ``problems`` (with the file), any other
    problem of the YAML raised."""
    return _raw_text(_read_text(link, confined), link, problems, keep=True)


#: Ruleset texts already read, kept between runs by a digest of the text: reading the YAML was most
#: of the time it takes to load a ruleset (start-up, issue 21; see base.disk_cache).
_PARSED = DiskCache("rulesets", "the data of a ruleset's YAML, as parse_yaml reads it")


def _parsed_yaml(text: str, twice: list[tuple[str, Message, Any]], keep: bool) -> Any:
    """:func:`parse_yaml` of ``text``, from the cache where an earlier run read the same text without
    a problem (a text with a problem is read again, to report it again, with its places). What is
    read is kept only when ``keep`` is true (a file): never a text a stranger uploads to the web
    app, which would grow the cache with every upload."""
    loader = RULESET_LOADER
    key = (loader.__name__, hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest())
    kept = _PARSED.get(key)
    if isinstance(kept, bytes):
        try:
            data = marshal.loads(kept)  # a fresh copy each time: the caller may change it
        except (EOFError, ValueError, TypeError):
            data = None
        if isinstance(data, dict):
            return data
    data = parse_yaml(text, loader, twice=twice)
    if keep and not twice and isinstance(data, dict):
        try:
            _PARSED.put(key, marshal.dumps(data))
        except ValueError:  # a value marshal cannot keep (a date): read again next time
            pass
    return data


def _raw_text(text: str, link: _Link, problems: list[RulesetError], keep: bool = False) -> dict[str, Any]:
    """The data of a ruleset file's text (read from a file, or received as text)."""
    twice: list[tuple[str, Message, Any]] = []
    try:
        data = _parsed_yaml(text, twice, keep)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = Message("ruleset.yaml.at", line=mark.line + 1, column=mark.column + 1) if mark else ""
        if isinstance(exc, _Refused):  # valid YAML, but more than a ruleset may use
            raise RulesetError("", Message("ruleset.yaml.not-allowed", where=where, problem=exc.what),
                               link.shown) from None
        problem = getattr(exc, "problem", None) or str(exc)  # PyYAML's own words, English only
        raise RulesetError("", Message("ruleset.yaml.invalid", where=where, problem=problem), link.shown) from None
    if not isinstance(data, dict):
        raise RulesetError("", Message("ruleset.file-not-a-mapping"), link.shown)
    problems += [RulesetError(path, what, link.shown) for path, what, _ in twice]
    return data


def resolve(name_or_path: str, transcript: str | Path | None = None) -> tuple[dict[str, Any], str]:
    """The ruleset's data with every ``extends`` merged in, and its source name.

    ``transcript`` is the transcript's path when the name comes from its ``[Ruleset]`` tag: then the
    name must be a bundled ruleset or a file beside the transcript, and so must everything that
    file extends.
    """
    data, source, problems = _resolve(name_or_path, None if transcript is None else Path(transcript).parent)
    if problems:
        raise RulesetError.gathered(problems)
    return data, source


def _resolve(name_or_path: str, confined: Path | None) -> tuple[dict[str, Any], str, list[RulesetError]]:
    """The merged data, its source name, and the problems found in reading that do not stop it
    (a key given twice), to be reported with the schema's."""
    problems: list[RulesetError] = []
    link = _locate(name_or_path, None, confined, "", "")
    data = _raw(link, confined, problems)
    chain = [link]
    while "extends" in data:
        parent, said_by = data["extends"], chain[-1]
        if not isinstance(parent, str):
            raise RulesetError("extends", Message("ruleset.extends.not-a-name", got=shown(parent)), said_by.shown)
        if said_by.path is None and parent not in _bundled():
            raise RulesetError("extends", Message("ruleset.extends.not-bundled", name=shown(parent)), said_by.shown)
        beside = said_by.path.parent if said_by.path is not None else None
        link = _locate(parent, beside, confined, said_by.shown, "extends")
        names = " -> ".join(x.shown for x in [*chain, link])
        if any(x.identity == link.identity for x in chain):
            raise RulesetError("extends", Message("ruleset.extends.circle", names=names), said_by.shown)
        if len(chain) > MAX_EXTENDS:
            raise RulesetError("extends", Message("ruleset.extends.too-many", most=MAX_EXTENDS, names=names),
                               chain[0].shown)
        chain.append(link)
        try:
            parent_data = _raw(link, confined, problems)
        except RulesetError as exc:
            if exc.source:
                raise
            raise RulesetError("extends", exc.what, said_by.shown) from None
        child = _cite_own_keys({k: v for k, v in data.items() if k != "extends"}, said_by.shown, parent_data)
        data = merge(parent_data, child)
    return data, chain[0].shown, problems


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
    data, source, problems = _resolve(name_or_path, None if confined is None else Path(confined))
    try:
        ruleset = build_ruleset(data, source)
    except RulesetError as exc:
        raise RulesetError.gathered([*problems, *exc.problems]) from None
    if problems:
        raise RulesetError.gathered(problems)
    return ruleset


def load_ruleset_text(text: str, source: str) -> Ruleset:
    """A house-rules file received as text (an upload to ``perlagg-streit serve``), checked as a
    file is; its ``extends`` may name only a bundled ruleset. No path is followed and nothing is
    read from this machine but the bundled rulesets: a stranger's file must not reach the server's
    files (``extends: /etc/passwd``, ``../secret.yaml``)."""
    link = _Link(_shown(source), None)
    if len(text.encode("utf-8", "surrogatepass")) > MAX_FILE_BYTES:
        raise RulesetError("", Message("ruleset.file-too-large", most=MAX_FILE_BYTES), link.shown)
    problems: list[RulesetError] = []
    data = _raw_text(text, link, problems)
    if "extends" in data:
        parent = data["extends"]
        if not isinstance(parent, str) or parent not in _bundled():
            raise RulesetError("extends", Message("ruleset.extends.upload-not-bundled", bundled=list(_bundled()),
                                                  name=shown(parent)), link.shown)
        parent_data, _, _ = _resolve(parent, None)
        data = merge(parent_data, _cite_own_keys({k: v for k, v in data.items() if k != "extends"}, link.shown,
                                                 parent_data))
    try:
        ruleset = build_ruleset(data, link.shown)
    except RulesetError as exc:
        raise RulesetError.gathered([*problems, *exc.problems]) from None
    if problems:
        raise RulesetError.gathered(problems)
    return ruleset
