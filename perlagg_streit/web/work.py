"""What the web app does with one request, without the web: read the pasted transcript, load
the chosen ruleset, judge, and render. Plain functions from text to text; the app runs them in a
child process with a time and memory limit (:mod:`.sandbox`), so nothing here is shared between
users and nothing here touches a file (an uploaded ruleset comes as text and may extend only a
bundled one, :func:`perlagg_streit.rulesets.load_ruleset_text`)."""

from __future__ import annotations

import html
from dataclasses import field

from ..base.records import mutable_record, record
from ..engine import judge
from ..engine.ruleset import Ruleset, RulesetError
from ..engine.verdict import MatchVerdict
from ..language.files import UnreadableFileError
from ..language.reader import decode, read_transcript
from ..language.transcript import Transcript
from ..messages import Message, say
from ..render.narrative import replay_text
from ..render.ruleset_report import versus_text
from ..render.ruling_page import contents_entry, findings_at, match_page, ruling_article, violation_item
from ..render.ruling_text import ruling_html
from ..render.scoresheet import scoresheet_html
from ..rulesets import bundled_names, load_ruleset, load_ruleset_text
from ..rulesets.compare import rulings_on_line

#: The name the pasted transcript goes by in messages and on the ruling page.
PASTED = "streitfall.perlagg"


@record
class Ask:
    """One request: the transcript's text, the ruleset (a bundled name; "" for the transcript's
    [Ruleset] tag), an uploaded house-rules text, the ruleset to compare with, the language,
    what to show (``ruling``, ``sheet``, ``versus``, ``line``, ``parse``) and, for ``line``, which."""

    text: bytes
    lang: str = "de"
    ruleset: str = ""
    house: str | None = None
    house_name: str = "haus.yaml"
    versus: str = ""
    view: str = "ruling"
    line: int = 0


@record
class SyntaxProblem:
    """A syntax error at its place, with its message in the asked language."""

    line: int
    column: int
    message: str


@mutable_record
class Answer:
    """What the app shows: syntax errors, a ruleset that cannot be used, or the rendered result."""

    errors: list[SyntaxProblem] = field(default_factory=list)
    problem: str = ""  # a ruleset that cannot be used, in words
    article: str = ""  # the ruling page's <article>
    contents: str = ""
    sheet: str = ""  # the scoresheet, a whole HTML document
    versus: str = ""  # the comparison, as text (escaped where shown)
    line: str = ""  # the ruling on one line, an HTML fragment
    lines: list[str] = field(default_factory=list)  # the transcript's lines, for the clickable listing
    violations_at: list[int] = field(default_factory=list)  # lines with a finding
    clean: bool = False


def bundled() -> list[str]:
    """The bundled rulesets' names, for the choice in the form."""
    return bundled_names()


def _ruleset(ask: Ask, transcript: Transcript) -> Ruleset:
    if ask.house is not None:
        return load_ruleset_text(ask.house, ask.house_name)
    name = ask.ruleset or transcript.tags.get("Ruleset", "innsbruck")
    if name not in bundled_names():  # a tag naming a file: there are no files here
        raise RulesetError("", Message("ruleset.web-not-bundled", name=repr(name)), PASTED)
    return load_ruleset(name)


def answer(ask: Ask) -> Answer:
    """Read, judge and render one request."""
    out = Answer()
    try:
        text, _warnings = decode(ask.text, PASTED)
    except UnreadableFileError as exc:  # binary: there are no lines to show
        out.problem = exc.report(ask.lang)
        return out
    read = read_transcript(text, PASTED)
    out.lines = text.splitlines()
    out.errors = [SyntaxProblem(e.line, e.column, e.what.text(ask.lang)) for e in read.errors]
    if read.errors or ask.view == "parse":
        return out
    transcript = read.transcript
    try:
        ruleset = _ruleset(ask, transcript)
        other = load_ruleset(ask.versus) if ask.view == "versus" and ask.versus in bundled_names() else None
    except RulesetError as exc:
        out.problem = exc.text(ask.lang)
        return out
    verdict = judge(transcript, ruleset)
    out.clean = verdict.clean
    out.violations_at = sorted({v.place.line for v in verdict.violations})
    if ask.view == "sheet":
        tags = transcript.tags
        players = {side: " / ".join(tags[s] for s in side if s in tags) or "/".join(side) for side in verdict.sides}
        out.sheet = scoresheet_html(verdict, ask.lang, tags.get("Event", ""), players, tags.get("Schreiber", ""))
    elif ask.view == "versus" and other is not None:
        out.versus = versus_text(verdict, judge(transcript, other), ask.lang)
    elif ask.view == "line":
        out.line = line_ruling(transcript, ruleset, verdict, ask.line, ask.lang)
    page = match_page(verdict, transcript)
    out.article = ruling_article(page, ask.lang)
    out.contents = contents_entry(page, ask.lang, 1)
    return out


def line_ruling(transcript: Transcript, ruleset: Ruleset, verdict: MatchVerdict, line: int, lang: str) -> str:
    """The ruling on one line of the transcript, as HTML: the line's events each with the state of
    the game after it (as ``replay`` tells it), then the ruling on each of them as ``why FILE:LINE``
    gives it (answer, rules and sources, findings with their proof, penalty, facts, trick, other
    rulesets), or the findings made at the line when it holds no act to rule on."""
    blocks = [block for block in replay_text(transcript, ruleset, lang)
              if block.startswith(f"{line:>4}  ")]
    deals = [d.number for d in transcript.deals for ln in d.lines if ln.pos.line == line]
    found = [v for deal in deals for v in findings_at(verdict, deal, line)]
    parts = [f"<h3>{html.escape(say('web.line-heading', lang, line=line))}</h3>"]
    if blocks:
        parts.append("<pre class='steps'>" + html.escape("\n".join(blocks)) + "</pre>")
    else:
        parts.append(f"<p>{html.escape(say('web.line-no-events', lang, line=line))}</p>")
    _, rulings = rulings_on_line(transcript, ruleset, line)
    if found:
        parts.append(f"<ul class='findings'>{''.join(violation_item(v, lang) for v in found)}</ul>")
    elif blocks:
        parts.append(f"<p class='clean'>{html.escape(say('web.line-clean', lang, line=line))}</p>")
    parts += [f"<div class='ruling {r.answer.value}'>{ruling_html(r, lang)}</div>" for r in rulings]
    return "".join(parts)
