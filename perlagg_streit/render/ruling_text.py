"""A ruling laid out for people: the text report, ``why``, ``replay``, Markdown and HTML.

:func:`ruling_sections` turns a :class:`.engine.verdict.Ruling` into its head and labelled
sections (the answer, the act, the rules with their sources, the findings, the penalty, the facts,
the trick, the other rulesets' answers); each format lays those out its own way. Every word
comes from the catalogue (``ruling.*``); a question is the user's own text.
"""

from __future__ import annotations

import html
import string

from ..base.safe_text import markdown_text, printable
from ..engine.enums import Answer, FindingKind, RulingScope
from ..engine.rules import RULES
from ..engine.verdict import DealVerdict, Ruling, TrickFacts, Violation
from ..messages import CATALOGUE, Message, say
from .report import penalty_text


def _template_fields(code: str, lang: str) -> set[str]:
    """The arguments a catalogue text shows."""
    form = CATALOGUE[code].form(lang)
    forms = form if isinstance(form, tuple) else (form,)
    return {name for f in forms for _, name, _, _ in string.Formatter().parse(f) if name}


def _shown(value: object, lang: str) -> str:
    if isinstance(value, Message):
        return value.text(lang)
    if isinstance(value, (list, tuple)):
        return " ".join(_shown(v, lang) for v in value)
    return str(value)


def finding_text(v: Violation, lang: str) -> str:
    """A finding with its rule: what the engine says, and any of its arguments its text does not
    show (a proof the engine adds later appears here as it comes)."""
    return say("ruling.report.finding", lang, rule=v.rule, what=finding_detail(v, lang))


def finding_detail(v: Violation, lang: str) -> str:
    """What the engine says of a finding, and any of its arguments its text does not show."""
    text = v.detail(lang)
    try:
        shown = _template_fields(v.message.code, lang)
    except KeyError:
        shown = set()
    # Only words: a bare value beside them (the proof's ``how`` and ``line``) is structure for the
    # JSON verdict, and its text is already in the words.
    extra = [_shown(value, lang) for name, value in v.message.args.items()
             if name not in shown and isinstance(value, Message)]
    if extra:
        text += " — " + say("ruling.report.more", lang, parts=extra)
    return text


def _trick_lines(t: TrickFacts, lang: str) -> list[str]:
    cards = [f"{p.seat} {p.card}" + (f"={p.baptism}" if p.baptism else "") for p in t.plays]
    why = t.why.text(lang)
    if t.winner is not None:
        outcome = say("ruling.report.trick-winner", lang, why=why)
    elif len(t.plays) and t.winner_so_far is not None:
        outcome = say("ruling.report.trick-unfinished", lang, why=why)
    else:
        outcome = why
    return [say("ruling.report.trick-cards", lang, trick=t.number, cards=cards), outcome]


def _rules_lines(r: Ruling, lang: str) -> list[str]:
    out = []
    for rule_id in r.rules:
        rule = RULES.get(rule_id)
        if rule is None:
            out.append(rule_id)
            continue
        out.append(say("ruling.report.rule", lang, rule=rule_id, text=rule.text(lang),
                       sources="; ".join(rule.sources) or "-"))
    return out


def _penalty_lines(r: Ruling, lang: str) -> list[str]:
    offences = [v for v in r.findings if v.kind is FindingKind.OFFENCE]
    if not offences:
        return []
    return [printable(penalty_text(v.penalty, lang)) if v.penalty else say("report.no-penalty", lang)
            for v in offences]


def _other_lines(r: Ruling, lang: str) -> list[str]:
    out = []
    for o in r.others:
        rules = ", ".join(o.rules) or say("ruling.report.no-rule", lang)
        penalty = "".join(say("ruling.report.other-penalty", lang, penalty=printable(penalty_text(p, lang)))
                          for p in o.penalties)
        if not penalty and o.answer is Answer.NOT_ALLOWED:
            penalty = say("ruling.report.other-penalty", lang, penalty=say("report.no-penalty", lang))
        out.append(say("ruling.report.other", lang, ruleset=printable(o.ruleset), answer=o.text.text(lang),
                       rules=rules, penalty=penalty))
    return out


def ruling_head(r: Ruling, lang: str) -> str:
    """The ruling's first line: the question as written with its line, or the line asked about."""
    if r.question:
        return printable(say("ruling.report.question", lang, line=r.line, question=r.question))
    if r.scope is RulingScope.LINE and not r.deal:
        return say("ruling.report.line-only", lang, line=r.line)
    return say("ruling.report.line", lang, line=r.line, deal=r.deal)


def ruling_sections(r: Ruling, lang: str) -> list[tuple[str, list[str]]]:
    """The labelled sections of a ruling, in order; a section with no lines is left out."""
    return [(label, lines) for _key, label, lines in _sections(r, lang)]


def _sections(r: Ruling, lang: str) -> list[tuple[str, str, list[str]]]:
    """(key, label, lines) of each section: the key tells Markdown which lines hold the user's text."""
    sections: list[tuple[str, list[str]]] = [(say("ruling.report.answer", lang), [r.text.text(lang)])]
    if r.act is not None and r.event_line is not None:
        sections.append((say("ruling.report.act", lang),
                         [printable(say("ruling.report.act-at", lang, act=r.act, line=r.event_line))]))
    elif r.scope is RulingScope.DEAL:
        sections.append((say("ruling.report.act", lang), [say("ruling.report.deal", lang, deal=r.deal)]))
    sections.append((say("ruling.report.rules", lang), _rules_lines(r, lang)))
    sections.append((say("ruling.report.findings", lang), [printable(finding_text(v, lang)) for v in r.findings]))
    sections.append((say("ruling.report.penalty", lang), _penalty_lines(r, lang)))
    sections.append((say("ruling.report.facts", lang), [printable(f.text(lang)) for f in r.facts]))
    if r.trick_facts is not None:
        sections.append((say("ruling.report.trick", lang), _trick_lines(r.trick_facts, lang)))
    others = _other_lines(r, lang)
    if others:
        sections.append((say("ruling.report.others", lang), others))
    alike = [name for name in r.compared if name not in {o.ruleset for o in r.others}]
    if alike:
        sections.append((say("ruling.report.alike", lang), [printable(", ".join(alike))]))
    keys = {say(f"ruling.report.{k}", lang): k for k in ("act", "findings", "penalty")}
    return [(keys.get(label, ""), label, lines) for label, lines in sections if lines]


def ruling_lines(r: Ruling, lang: str, indent: str = "  ") -> list[str]:
    """A ruling as text lines: its head, then each section (one line, or a label and a list)."""
    out = [f"{indent}- {ruling_head(r, lang)}"]
    for label, lines in ruling_sections(r, lang):
        if not label:
            out += [f"{indent}    {line}" for line in lines]
        elif len(lines) == 1:
            out.append(f"{indent}    {label}: {lines[0]}")
        else:
            out.append(f"{indent}    {label}:")
            out += [f"{indent}      - {line}" for line in lines]
    return out


def deal_rulings_text(d: DealVerdict, lang: str) -> list[str]:
    """The Streitfragen of a deal and their answers, for the text report (none: no lines)."""
    if not d.rulings:
        return []
    out = ["  " + say("ruling.report.head", lang)]
    for r in d.rulings:
        out += ruling_lines(r, lang, "  ")
    return out


def deal_rulings_markdown(d: DealVerdict, lang: str) -> list[str]:
    """The Streitfragen of a deal as Markdown lines."""
    if not d.rulings:
        return []
    out = [f"**{say('ruling.report.head', lang)}**", ""]
    for r in d.rulings:
        out.append(f"- **{markdown_text(ruling_head(r, lang))}**")  # the question is the user's text
        for key, label, lines in _sections(r, lang):
            if key == "findings":  # the rule ID as the report writes it, the account as text
                lines = [f"{v.rule}: {markdown_text(finding_detail(v, lang))}" for v in r.findings]
            elif key:  # the act as written, a penalty's source from a ruleset file
                lines = [markdown_text(line) for line in lines]
            prefix = f"{label}: " if label else ""
            if len(lines) == 1:
                out.append(f"  - {prefix}{lines[0]}")
            else:
                out.append(f"  - {label}:")
                out += [f"    - {line}" for line in lines]
    return out + [""]


def ruling_html(r: Ruling, lang: str, short: bool = False) -> str:
    """One ruling as HTML: its head (the answer) in bold, then its sections as a definition list;
    ``short`` (the printed page, one deal to an A4 sheet): the answer, the act, the rules and the
    penalty, without the facts, the trick and the other rulesets (the text report has them all)."""
    e = html.escape
    rows = []
    kept = {say(f"ruling.report.{k}", lang) for k in ("answer", "act", "rules", "penalty")}
    for label, lines in ruling_sections(r, lang):
        if short and label not in kept:
            continue
        body = "<br>".join(e(line) for line in lines)
        rows.append(f"<dt>{e(label)}</dt><dd>{body}</dd>" if label else f"<dd>{body}</dd>")
    return f"<b>{e(ruling_head(r, lang))}</b><dl>{''.join(rows)}</dl>"


def why_text(rulings: tuple[Ruling, ...], lang: str) -> str:
    """The answer of ``why FILE:LINE``: a ruling per event of the line."""
    out: list[str] = []
    for r in rulings:
        out += ruling_lines(r, lang, "")
    return "\n".join(out) + "\n"
