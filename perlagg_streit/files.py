"""Files as the command line meets them, and what the machine may refuse.

Transcripts are read only from regular files of at most :data:`MAX_TRANSCRIPT_BYTES`: a named
pipe (FIFO) would block a reader for ever and a device such as ``/dev/zero`` never ends, so a
file is looked at before it is opened and again once it is open. Output is written atomically
into the target's own folder (so no rename crosses file systems); a symbolic link is kept and
its target rewritten; and a file that another program changed meanwhile is not overwritten.

What the machine refuses (permissions, a full disk, a read-only file system, ``ulimit -f``,
a name too long) becomes a :class:`FileProblem`: one line naming the file and the reason, in
English and German, never a traceback.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from .safe_text import printable

#: The largest transcript read, in bytes (20 MB, documented in the README): some 50,000 deals
#: (a generated deal takes about 415 bytes); anything larger is no record of a card table.
MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024


class FileProblem(Exception):
    """A file that could not be read or written, with the message in English and German.

    The message names the file, so it is shown with control characters escaped (see
    :func:`printable`) wherever it is printed.
    """

    def __init__(self, en: str, de: str | None = None) -> None:
        super().__init__(en)
        self.en = en
        self.de = de or en

    def __str__(self) -> str:
        return printable(self.en)

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``de`` or ``en``)."""
        return printable(self.de if lang == "de" else self.en)

    def report(self, lang: str) -> str:
        """The message as printed: ``error: ...`` (``Fehler: ...``)."""
        return ("Fehler: " if lang == "de" else "error: ") + self.text(lang)


class UnreadableFileError(FileProblem):
    """The file could not be read at all (missing, not a regular file, too large, binary data)."""


class UnwritableFileError(FileProblem):
    """A file could not be written; the file that was there is left as it was."""


class FileChangedError(UnwritableFileError):
    """Another program wrote the file while we were rewriting it; its version is kept."""


# errno -> (English, German): the reasons the environment gives, in a player's words
_REASONS: dict[int, tuple[str, str]] = {
    errno.ENOENT: ("no such file or folder", "Datei oder Ordner gibt es nicht"),
    errno.EACCES: ("permission denied", "keine Berechtigung"),
    errno.EPERM: ("operation not permitted", "nicht erlaubt"),
    errno.EROFS: ("the file system is read-only", "das Dateisystem ist schreibgeschützt"),
    errno.ENOSPC: ("the disk is full", "der Datenträger ist voll"),
    errno.EDQUOT: ("the disk quota is used up", "das Speicherkontingent ist aufgebraucht"),
    errno.EFBIG: ("the file would be larger than allowed, see ulimit -f",
                  "die Datei wäre größer als erlaubt, siehe ulimit -f"),
    errno.ENAMETOOLONG: ("the name is too long", "der Name ist zu lang"),
    errno.EXDEV: ("the file cannot be moved across file systems",
                  "die Datei kann nicht über Dateisystemgrenzen verschoben werden"),
    errno.ENOTDIR: ("a part of the path is not a folder", "ein Teil des Pfads ist kein Ordner"),
    errno.EISDIR: ("it is a folder", "das ist ein Ordner"),
    errno.ELOOP: ("too many symbolic links (a loop?)", "zu viele symbolische Verknüpfungen (eine Schleife?)"),
    errno.EIO: ("input/output error", "Ein-/Ausgabefehler"),
    errno.EMFILE: ("too many open files", "zu viele offene Dateien"),
    errno.ENFILE: ("too many open files", "zu viele offene Dateien"),
    errno.EBUSY: ("the file is busy", "die Datei ist belegt"),
    errno.ETXTBSY: ("the file is busy", "die Datei ist belegt"),
    errno.ENOMEM: ("not enough memory", "nicht genug Arbeitsspeicher"),
}


def os_reason(exc: OSError) -> tuple[str, str]:
    """Why the environment refused, in English and German (the system's own words if unknown)."""
    if exc.errno in _REASONS:
        return _REASONS[exc.errno]
    own = exc.strerror or str(exc)
    return own, own


def cannot_read(source: str, exc: OSError) -> UnreadableFileError:
    """The error for a file the system would not let us read."""
    en, de = os_reason(exc)
    return UnreadableFileError(f"{source}: cannot read the file ({en})", f"{source}: Datei nicht lesbar ({de})")


def cannot_write(target: str, exc: OSError) -> UnwritableFileError:
    """The error for a file the system would not let us write."""
    en, de = os_reason(exc)
    return UnwritableFileError(f"{target}: cannot write the file ({en})",
                               f"{target}: Datei kann nicht geschrieben werden ({de})")


def cannot_search(folder: str, exc: OSError) -> UnreadableFileError:
    """The error for a folder the system would not let us list."""
    en, de = os_reason(exc)
    return UnreadableFileError(f"{folder}: cannot search the folder ({en})", f"{folder}: Ordner nicht lesbar ({de})")


def cannot_create_folder(folder: str, exc: OSError) -> UnwritableFileError:
    """The error for a folder the system would not let us create."""
    en, de = os_reason(exc)
    return UnwritableFileError(f"{folder}: cannot create the folder ({en})",
                               f"{folder}: Ordner kann nicht angelegt werden ({de})")


def _kind_of(mode: int) -> tuple[str, str]:
    if stat.S_ISDIR(mode):
        return "a folder", "ein Ordner"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)", "eine benannte Pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device", "ein Gerät"
    if stat.S_ISSOCK(mode):
        return "a socket", "ein Socket"
    return "not a regular file", "keine gewöhnliche Datei"


def _not_regular(source: str, mode: int) -> UnreadableFileError:
    en, de = _kind_of(mode)
    return UnreadableFileError(f"{source}: not a transcript file: this is {en}; only regular files are read",
                               f"{source}: keine Protokolldatei: das ist {de}; gelesen werden nur gewöhnliche Dateien")


def _too_large(source: str, size: int, limit: int) -> UnreadableFileError:
    mb = f"{size / 1_048_576:.1f}"
    most = f"{limit / 1_048_576:g}"
    return UnreadableFileError(
        f"{source}: the file is too large for a transcript ({mb} MB; at most {most} MB are read)",
        f"{source}: die Datei ist zu groß für ein Protokoll ({mb.replace('.', ',')} MB; "
        f"gelesen werden höchstens {most.replace('.', ',')} MB)")


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
            raise FileChangedError(
                f"{name}: the file was changed by another program while it was formatted; "
                "it is left as that program wrote it (format it again)",
                f"{name}: die Datei wurde während des Formatierens von einem anderen Programm geändert; "
                "sie bleibt, wie jenes Programm sie geschrieben hat (noch einmal formatieren)")
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
