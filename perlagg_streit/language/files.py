"""Files as the command line meets them, and what the machine may refuse.

Transcripts are read only from regular files of at most :data:`MAX_TRANSCRIPT_BYTES`: a named
pipe (FIFO) would block a reader for ever and a device such as ``/dev/zero`` never ends, so a
file is looked at before it is opened and again once it is open. Output is written atomically
into the target's own folder (so no rename crosses file systems); a symbolic link is kept and
its target rewritten; and a file that another program changed meanwhile is not overwritten.

What the machine refuses (permissions, a full disk, a read-only file system, ``ulimit -f``,
a name too long) becomes a :class:`FileProblem`: one line naming the file and the reason, in
English and German (catalogue codes ``file.*`` and ``os.*``), never a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from ..base.safe_text import printable
from ..messages import Message, say

#: The largest transcript read, in bytes (20 MB, documented in the README): some 50,000 deals
#: (a generated deal takes about 415 bytes); anything larger is no record of a card table.
MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024


class FileProblem(Exception):
    """A file that could not be read or written; ``what`` says which and why (a catalogue message).

    The message names the file, so it is shown with control characters escaped (see
    :func:`printable`) wherever it is printed.
    """

    def __init__(self, what: Message) -> None:
        super().__init__(what.text("en"))
        self.what = what

    def __str__(self) -> str:
        return printable(self.what.text("en"))

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``de`` or ``en``)."""
        return printable(self.what.text(lang))

    def report(self, lang: str) -> str:
        """The message as printed: ``error: ...`` (``Fehler: ...``)."""
        return printable(say("file.error", lang, what=self.what))


class UnreadableFileError(FileProblem):
    """The file could not be read at all (missing, not a regular file, too large, binary data)."""


class UnwritableFileError(FileProblem):
    """A file could not be written; the file that was there is left as it was."""


class FileChangedError(UnwritableFileError):
    """Another program wrote the file while we were rewriting it; its version is kept."""


# errno -> its catalogue code (os.*): the reasons the environment gives, in a player's words
_REASONS: dict[int, str] = {
    errno.ENOENT: "os.no-such-file",
    errno.EACCES: "os.permission-denied",
    errno.EPERM: "os.not-permitted",
    errno.EROFS: "os.read-only",
    errno.ENOSPC: "os.disk-full",
    errno.EDQUOT: "os.quota",
    errno.EFBIG: "os.too-big",
    errno.ENAMETOOLONG: "os.name-too-long",
    errno.EXDEV: "os.cross-device",
    errno.ENOTDIR: "os.not-a-folder",
    errno.EISDIR: "os.is-a-folder",
    errno.ELOOP: "os.link-loop",
    errno.EIO: "os.io-error",
    errno.EMFILE: "os.too-many-open",
    errno.ENFILE: "os.too-many-open",
    errno.EBUSY: "os.busy",
    errno.ETXTBSY: "os.busy",
    errno.ENOMEM: "os.no-memory",
}


def os_reason(exc: OSError) -> Message:
    """Why the environment refused, in words (the system's own words if we do not know the reason)."""
    code = _REASONS.get(exc.errno) if exc.errno is not None else None
    if code is not None:
        return Message(code)
    return Message("os.other", reason=exc.strerror or str(exc))


def cannot_read(source: str, exc: OSError) -> UnreadableFileError:
    """The error for a file the system would not let us read."""
    return UnreadableFileError(Message("file.cannot-read", file=source, reason=os_reason(exc)))


def cannot_write(target: str, exc: OSError) -> UnwritableFileError:
    """The error for a file the system would not let us write."""
    return UnwritableFileError(Message("file.cannot-write", file=target, reason=os_reason(exc)))


def cannot_search(folder: str, exc: OSError) -> UnreadableFileError:
    """The error for a folder the system would not let us list."""
    return UnreadableFileError(Message("file.cannot-search", folder=folder, reason=os_reason(exc)))


def cannot_create_folder(folder: str, exc: OSError) -> UnwritableFileError:
    """The error for a folder the system would not let us create."""
    return UnwritableFileError(Message("file.cannot-create-folder", folder=folder, reason=os_reason(exc)))


def _kind_of(mode: int) -> Message:
    if stat.S_ISDIR(mode):
        return Message("file.kind.folder")
    if stat.S_ISFIFO(mode):
        return Message("file.kind.fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Message("file.kind.device")
    if stat.S_ISSOCK(mode):
        return Message("file.kind.socket")
    return Message("file.kind.other")


def _not_regular(source: str, mode: int) -> UnreadableFileError:
    return UnreadableFileError(Message("file.not-regular", file=source, kind=_kind_of(mode)))


def _too_large(source: str, size: int, limit: int) -> UnreadableFileError:
    return UnreadableFileError(Message("file.too-large", file=source, mb=Megabytes(size), most=Megabytes(limit)))


class Megabytes(int):
    """A size in bytes that a message shows in MB: 20.5 (German 20,5), a whole limit as 20."""

    def __format__(self, spec: str) -> str:
        text = f"{self / 1_048_576:g}" if spec.startswith("limit") else f"{self / 1_048_576:.1f}"
        return text.replace(".", ",") if spec.endswith("de") else text


def read_regular_file(path: str | Path, limit: int = MAX_TRANSCRIPT_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (a symbolic link is followed).

    Raises :class:`UnreadableFileError` for anything else. The file is looked at before it is
    opened, so a FIFO or a device is never opened (opening some devices does something); it
    is opened without blocking and looked at again, in case it was swapped in between; and at
    most ``limit + 1`` bytes are read, in case it grows while it is read.
    """
    source = str(path)
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise cannot_read(source, exc) from exc
    if not stat.S_ISREG(mode):
        raise _not_regular(source, mode)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise cannot_read(source, exc) from exc
    with os.fdopen(fd, "rb") as handle:
        try:
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode):
                raise _not_regular(source, opened.st_mode)
            if opened.st_size > limit:
                raise _too_large(source, opened.st_size, limit)
            data = handle.read(limit + 1)
        except OSError as exc:
            raise cannot_read(source, exc) from exc
    if len(data) > limit:
        raise _too_large(source, len(data), limit)
    return data


def write_atomically(path: str | Path, text: str, unchanged_from: bytes | None = None) -> None:
    """Replace a file's contents so that a crash leaves either the old or the new text.

    A symbolic link is kept and the file it points to is rewritten. The new text is written
    to a temporary file in that file's own folder (a rename across file systems would fail)
    and renamed over it. With ``unchanged_from``, the file must still hold exactly these
    bytes just before the rename; if another program wrote it meanwhile, its version is kept.
    Raises :class:`UnwritableFileError`; the temporary file is then removed.
    """
    name = str(path)
    target = Path(os.path.realpath(path))
    try:
        # the temporary name stays short, so that a long file name cannot make it too long
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:64]}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise cannot_write(name, exc) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except FileNotFoundError:
            mode = 0o644
        os.chmod(tmp, mode)
        if unchanged_from is not None and _current_bytes(target) != unchanged_from:
            raise FileChangedError(Message("file.changed", file=name))
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError):
            raise cannot_write(name, exc) from exc
        raise


def _current_bytes(target: Path) -> bytes | None:
    """What the file holds now (None if it cannot be read any more: that too is a change)."""
    try:
        return read_regular_file(target, limit=MAX_TRANSCRIPT_BYTES)
    except UnreadableFileError:
        return None


#: The name that stands for standard input, as in other Unix tools (``cat game.perlagg | perlagg-streit check -``).
STDIN = "-"

#: How standard input is named in messages and reports.
STDIN_NAME = "<stdin>"

_stdin_bytes: bytes | None = None


def source_name(path: str | Path) -> str:
    """How a file is named in messages: standard input as ``<stdin>``, a file by its path."""
    return STDIN_NAME if str(path) == STDIN else str(path)


def read_input(path: str | Path, limit: int = MAX_TRANSCRIPT_BYTES) -> bytes:
    """The bytes of a transcript: ``-`` reads standard input (once: a second ``-`` gets the same
    bytes), anything else a regular file as :func:`read_regular_file` reads it."""
    global _stdin_bytes
    if str(path) != STDIN:
        return read_regular_file(path, limit)
    if _stdin_bytes is None:
        import sys

        try:
            stream = sys.stdin.buffer if sys.stdin is not None else None
            data = stream.read(limit + 1) if stream is not None else b""
        except (OSError, ValueError) as exc:  # closed, or a terminal that went away
            reason = exc if isinstance(exc, OSError) else OSError(errno.EBADF, str(exc))
            raise cannot_read(STDIN_NAME, reason) from exc
        _stdin_bytes = data
    if len(_stdin_bytes) > limit:
        raise _too_large(STDIN_NAME, len(_stdin_bytes), limit)
    return _stdin_bytes


def forget_stdin() -> None:
    """Forget what standard input gave (for a caller that runs several commands in one process)."""
    global _stdin_bytes
    _stdin_bytes = None


def check_writable(path: str | Path) -> None:
    """Raise :class:`UnwritableFileError` now if ``path`` could not be written atomically later
    (its folder missing or closed to us), so that a long run does not end in a refusal."""
    name = str(path)
    target = Path(os.path.realpath(path))
    if target.is_dir():
        raise cannot_write(name, OSError(errno.EISDIR, "is a folder"))
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name[:64]}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise cannot_write(name, exc) from exc
    os.close(fd)
    try:
        os.unlink(tmp)
    except OSError:
        pass
