"""Many matches in one file, as a PGN file holds many games.

A match is opened by its header tags (``[Event "..."]``, ``[Ruleset "..."]``): a tag line that
follows a deal starts the next match, with its own tags and its deals numbered from 1 again.
A file of one match reads exactly as :func:`~perlagg_streit.language.reader.read_transcript`
reads it. The lines are read once for the whole file, so every error keeps its own line number.
"""

from __future__ import annotations

from dataclasses import field
from pathlib import Path

from ..base.records import mutable_record
from .files import read_input, source_name
from .reader import ReadResult, TranscriptError, _assemble, _read_lines, decode
from .transcript import Line, Tag, Transcript


@mutable_record
class MatchesRead:
    """What reading a file of one or more matches gave: each match's transcript (in the order of
    the file), and the errors and warnings of the whole file (each with its line)."""

    matches: list[Transcript]
    errors: list[TranscriptError] = field(default_factory=list)
    warnings: list[TranscriptError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the file was read without any error."""
        return not self.errors

    def single(self) -> ReadResult:
        """The file as one transcript, its first match (for a file of one match: all of it)."""
        return ReadResult(self.matches[0], self.errors, self.warnings)


def _split(lines: list[Line]) -> list[list[Line]]:
    """The lines of each match: a tag line after a deal has begun opens the next match (with the
    comment lines right above it)."""
    groups: list[list[Line]] = [[]]
    in_deals = False
    for line in lines:
        first = line.events[0] if line.events else None
        if isinstance(first, Tag) and in_deals:
            # the comments just above a match's tags describe that match, as at the top of a file
            previous = groups[-1]
            start = len(previous)
            while start > 0 and not previous[start - 1].events:
                start -= 1
            groups.append(previous[start:])
            del previous[start:]
            in_deals = False
        elif first is not None and not isinstance(first, Tag):
            in_deals = True  # a deal's header or, in a file without "Ausgabe 1", its first action
        groups[-1].append(line)
    return groups


def read_matches(text: str, source: str = "<transcript>") -> MatchesRead:
    """Parse a text of one or more matches; never raises for bad input."""
    lines, errors = _read_lines(text, source)
    matches: list[Transcript] = []
    for group in _split(lines):
        transcript, structure_errors = _assemble(group, source, text)
        matches.append(transcript)
        errors += structure_errors
    errors.sort(key=lambda e: e.line)
    return MatchesRead(matches, errors)


def read_matches_bytes(data: bytes, source: str) -> MatchesRead:
    """Parse a file's bytes (see :func:`~perlagg_streit.language.reader.read_bytes`)."""
    text, warnings = decode(data, source)
    result = read_matches(text, source)
    result.warnings.extend(warnings)
    return result


def read_matches_file(path: str | Path) -> MatchesRead:
    """Read a file of one or more matches (``-``: standard input). Raises
    :class:`~perlagg_streit.language.files.UnreadableFileError` as ``read_file`` does."""
    return read_matches_bytes(read_input(path), source_name(path))


def format_matches(matches: list[Transcript], lang: str) -> str:
    """The canonical form of a file of matches: each as ``fmt`` writes it, a blank line between."""
    from .writer import format_transcript  # only fmt needs the writer: `check` starts without it

    return "\n".join(format_transcript(t, lang) for t in matches)


__all__ = ["MatchesRead", "format_matches", "read_matches", "read_matches_bytes", "read_matches_file"]
