"""User text made safe to show: on a terminal, and in Markdown.

Why: player names, ``Streitfrage:`` texts, comments, file names and ruleset names come from the
user, and a terminal obeys what it is sent. ``[N "\\x1b]0;...\\x07"]`` would retitle the window,
a ``\\r`` overwrite the line before it, and a right-to-left override (U+202E) turn the rest of a
line around, so that a report says something other than what it holds. Every renderer passes
user text through :func:`printable` (and Markdown through :func:`markdown_text` or
:func:`markdown_code`); the HTML renderers escape with :func:`html.escape` as before.
"""

from __future__ import annotations

import re

from .regex_cache import compiled

# C0 controls, DEL and the C1 controls (U+0080-U+009F); the line and paragraph separators; the
# bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A-E, U+2066-9).
_UNSAFE = compiled("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group(0)
    short = _SHORT.get(char)
    if short is not None:
        return short
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character and bidi control shown as an escape (``\\x1b``,
    ``\\u202e``, ``\\r``), so that a terminal shows it rather than obeys it."""
    if _UNSAFE.search(text) is None:  # the usual case: nothing to do, no copy
        return text
    return _UNSAFE.sub(_escaped, text)


# CommonMark lets a backslash escape any ASCII punctuation; these are the ones that can start or
# end markup (emphasis, code, links, images, headings, lists, tables, raw HTML, entities, maths).
_MARKDOWN = compiled(r"([\\`*_{}\[\]()<>#+\-!|~&$])")


def markdown_text(text: str) -> str:
    """User text for Markdown: shown as written, never read as markup, nothing a terminal obeys."""
    return _MARKDOWN.sub(r"\\\1", printable(text))


def markdown_code(text: str) -> str:
    """User text as a Markdown code span: a fence longer than any run of backticks inside it."""
    shown = printable(text)
    longest = max((len(run) for run in re.findall(r"`+", shown)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if shown.startswith("`") or shown.endswith("`") else ""
    return f"{fence}{pad}{shown}{pad}{fence}"


__all__ = ["markdown_code", "markdown_text", "printable"]
