"""The HTML of the web app: the form with its editor, and the result below it.

Everything works as plain forms (JavaScript off): ``Prüfen`` posts the form, a line number of the
listing posts it again asking for that line's ruling. ``static/app.js`` only improves it (line
numbers that follow the text, syntax errors marked as one types, a line's ruling without reloading).
Every user text is escaped here; every word comes from the catalogue (``web.*``).
"""

from __future__ import annotations

import html

from ..base.records import record
from ..messages import say
from .work import Answer

MAX_SHOWN_LINES = 5000  # the listing of longer transcripts stops here (the ruling is complete)


@record
class FormState:
    """What the form held, to fill it in again: nothing about a user is kept anywhere else."""

    text: str = ""
    ruleset: str = ""
    versus: str = ""
    house_text: str = ""
    house_name: str = ""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _options(names: list[str], chosen: str, first: str) -> str:
    opts = [f"<option value=''>{_e(first)}</option>"]
    opts += [f"<option value='{_e(n)}'{' selected' if n == chosen else ''}>{_e(n)}</option>" for n in names]
    return "".join(opts)


def _hidden(lang: str, form: FormState) -> str:
    """The request again as hidden fields: a line's ruling is asked for without JavaScript by
    posting the same transcript (and house rules) back; the server keeps nothing between requests."""
    fields = {"lang": lang, "transcript": form.text, "ruleset": form.ruleset, "versus": form.versus,
              "house_text": form.house_text, "house_name": form.house_name}
    return "".join(f"<input type='hidden' name='{k}' value='{_e(v)}'>" for k, v in fields.items() if v)


def _editor(lang: str, form: FormState, answer: Answer | None) -> str:
    count = max(1, form.text.count("\n") + 1)
    bad = {e.line for e in answer.errors} if answer else set()
    gutter = "".join(f"<span class='{'bad' if n in bad else ''}'>{n}</span>" for n in range(1, min(count, 20000) + 1))
    return (f"<label for='transcript'>{_e(say('web.transcript', lang))}</label>"
            f"<div class='editor'><div class='gutter' id='gutter' aria-hidden='true'>{gutter}</div>"
            f"<textarea id='transcript' name='transcript' spellcheck='false' autocapitalize='off' "
            f"autocomplete='off' wrap='off' rows='16'>{_e(form.text)}</textarea></div>"
            f"<ul class='syntax' id='syntax' aria-live='polite'>{_syntax_items(lang, answer)}</ul>")


def _syntax_items(lang: str, answer: Answer | None) -> str:
    if not answer or not answer.errors:
        return ""
    return "".join(f"<li data-line='{e.line}'>"
                   f"{_e(say('web.error-at', lang, line=e.line, column=e.column, message=e.message))}</li>"
                   for e in answer.errors)


def _form(lang: str, form: FormState, answer: Answer | None, rulesets: list[str]) -> str:
    house = ""
    if form.house_text:
        house = (f"<p class='kept'>{_e(say('web.house-kept', lang, name=form.house_name))}</p>"
                 f"<input type='hidden' name='house_text' value='{_e(form.house_text)}'>"
                 f"<input type='hidden' name='house_name' value='{_e(form.house_name)}'>")
    return (f"<form id='check' method='post' action='/check' enctype='multipart/form-data'>"
            f"<input type='hidden' name='lang' value='{_e(lang)}'>"
            f"{_editor(lang, form, answer)}"
            f"<p class='row'><a class='example' href='/?example=1&amp;lang={_e(lang)}'>"
            f"{_e(say('web.example', lang))}</a>"
            f"<label>{_e(say('web.upload', lang))} <input type='file' name='upload' accept='.perlagg,.txt'></label></p>"
            f"<div class='choices'>"
            f"<label>{_e(say('web.ruleset', lang))} <select name='ruleset'>"
            f"{_options(rulesets, form.ruleset, say('web.ruleset-tag', lang))}</select></label>"
            f"<label>{_e(say('web.house', lang))} <input type='file' name='house' accept='.yaml,.yml'></label>{house}"
            f"<label>{_e(say('web.versus', lang))} <select name='versus'>"
            f"{_options(rulesets, form.versus, say('web.versus-none', lang))}</select></label></div>"
            f"<p class='buttons'><button type='submit' name='view' value='ruling' class='primary'>"
            f"{_e(say('web.check', lang))}</button>"
            f"<button type='submit' name='view' value='sheet'>{_e(say('web.sheet', lang))}</button>"
            f"<button type='submit' name='view' value='versus'>{_e(say('web.compare', lang))}</button>"
            f"<button type='submit' name='view' value='page'>{_e(say('web.print', lang))}</button></p></form>")


def _listing(lang: str, form: FormState, answer: Answer, chosen: int) -> str:
    """The transcript line by line, each number a button asking for that line's ruling."""
    bad = set(answer.violations_at)
    items = []
    for n, text in enumerate(answer.lines[:MAX_SHOWN_LINES], 1):
        classes = " ".join(c for c in ("bad" if n in bad else "", "chosen" if n == chosen else "") if c)
        items.append(f"<li class='{classes}'><button type='submit' name='line' value='{n}' class='ln'>{n}</button>"
                     f"<code>{_e(text)}</code></li>")
    return (f"<section class='listing'><h2>{_e(say('web.listing', lang))}</h2>"
            f"<p class='hint'>{_e(say('web.listing-hint', lang))}</p>"
            f"<form id='lines' method='post' action='/check#line-ruling' enctype='multipart/form-data'>"
            f"{_hidden(lang, form)}<input type='hidden' name='view' value='line'>"
            f"<ol>{''.join(items)}</ol></form></section>")


def _result(lang: str, form: FormState, answer: Answer, line: int, view: str) -> str:
    parts = []
    if answer.errors:
        parts.append(f"<section class='errors'><h2>{_e(say('web.errors', lang, n=len(answer.errors)))}</h2>"
                     f"<ul>{_syntax_items(lang, answer)}</ul></section>")
    if answer.problem:
        problem = say("web.bad-ruleset", lang, error=answer.problem)
        parts.append(f"<section class='errors'><p>{_e(problem)}</p></section>")
    if view == "versus":
        body = f"<pre>{_e(answer.versus)}</pre>" if answer.versus else f"<p>{_e(say('web.versus-pick', lang))}</p>"
        heading = say("web.versus-heading", lang)
        parts.append(f"<section class='versus' id='versus'><h2>{_e(heading)}</h2>{body}</section>")
    if answer.article:  # the ruling first; then the line's ruling, right above the lines to click
        parts.append(f"<div class='ruling-page'>{answer.article}</div>")
    panel = answer.line if answer.line else ""
    parts.append(f"<section class='line-ruling' id='line-ruling' aria-live='polite'>{panel}</section>")
    if answer.lines and not answer.errors:
        parts.append(_listing(lang, form, answer, line))
    return "".join(parts)


def app_page(lang: str, form: FormState, rulesets: list[str], answer: Answer | None = None, line: int = 0,
             view: str = "ruling", notice: str = "", limits: str = "") -> str:
    """The whole page: the form (filled in again), and the result of the last request if any."""
    other = "en" if lang == "de" else "de"
    switch = (f"<a href='/?lang={other}' hreflang='{other}' lang='{other}'>"
              f"{'English' if other == 'en' else 'Deutsch'}</a>")
    notice_html = f"<p class='notice' role='alert'>{_e(notice)}</p>" if notice else ""
    result = _result(lang, form, answer, line, view) if answer is not None else ""
    return (f"<!DOCTYPE html><html lang='{_e(lang)}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_e(say('web.title', lang))}</title>"
            "<link rel='stylesheet' href='/static/app.css'><link rel='stylesheet' href='/ruling.css'>"
            "<script src='/static/app.js' defer></script></head><body>"
            f"<header><h1><a href='/?lang={_e(lang)}'>{_e(say('web.title', lang))}</a></h1>"
            f"<nav aria-label='{_e(say('web.language', lang))}'>{switch}</nav>"
            f"<p class='tagline'>{_e(say('web.tagline', lang))}</p></header>"
            f"<main>{notice_html}{_form(lang, form, answer, rulesets)}<div id='result'>{result}</div></main>"
            f"<footer><p>{_e(limits)}</p></footer></body></html>")


def message_page(lang: str, text: str) -> str:
    """A short page with one message (an error) and the way back."""
    return (f"<!DOCTYPE html><html lang='{_e(lang)}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{_e(say('web.title', lang))}</title><link rel='stylesheet' href='/static/app.css'></head>"
            f"<body><main><p class='notice' role='alert'>{_e(text)}</p>"
            f"<p><a href='/?lang={_e(lang)}'>{_e(say('web.back', lang))}</a></p></main></body></html>")
