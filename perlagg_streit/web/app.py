"""``perlagg-streit serve``: the referee as a web application (Flask, served by waitress).

Routes: ``GET /`` the form; ``POST /check`` the ruling page, the scoresheet (a download), the
comparison with another ruleset, or the ruling on one line; ``POST /api/parse`` and
``POST /api/line`` the same as JSON for the page's script; ``/static/*`` the script and style
(nothing from any other host); ``/ruling.css`` the ruling page's style.

Safe on a public site: a request may carry at most :data:`MAX_REQUEST_BYTES`, a transcript
:data:`MAX_TRANSCRIPT_BYTES`; the work of a request runs in a process of its own, stopped after
``sandbox.WORK_SECONDS`` (:mod:`.sandbox`); waitress reads a request whole before any thread sees
it and drops a connection idle for :data:`CHANNEL_SECONDS`. Every user text is escaped, nothing is
written to disk, and nothing about a user is kept between requests.
"""

from __future__ import annotations

import re
from typing import Any

from ..messages import say
from ..render.ruling_page import CSS, document_of
from . import sandbox
from .pages import FormState, app_page, message_page
from .work import Answer, Ask, answer, bundled

#: The most bytes one request may carry (form fields and uploads together).
MAX_REQUEST_BYTES = 1024 * 1024
#: The most bytes of one transcript (pasted or uploaded).
MAX_TRANSCRIPT_BYTES = 512 * 1024
#: Seconds a connection may sit idle (a slow client sending a byte now and then) before it is closed.
CHANNEL_SECONDS = 30
VIEWS = ("ruling", "sheet", "versus", "page", "line")
SECURITY_HEADERS = {
    # only this host's script and style; no frames, no plugins, no form posts elsewhere
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def scoped_css(css: str, scope: str) -> str:
    """The ruling page's style kept to ``scope``: every selector prefixed with it (``body`` becomes
    the scope itself), the ``@page`` rule left out (the app's page is not the printed ruling)."""
    css = re.sub(r"@page\s*\{[^}]*\}", "", css)

    def prefix(match: re.Match[str]) -> str:
        selectors = [sel.strip() for sel in match.group(1).split(",")]
        scoped = [scope if sel == "body" else sel.replace("body ", scope + " ") if sel.startswith("body ")
                  else f"{scope} {sel}" for sel in selectors]
        return ", ".join(scoped) + " {"

    # a selector list: what stands before "{" after the end of a rule, a block's start or the text's start
    return re.sub(r"(?:(?<=[;{}])|^)\s*(?!@)([^{};@]+?)\s*\{", lambda m: " " + prefix(m), css, flags=re.M)


def _example() -> str:
    from importlib import resources

    return resources.files("perlagg_streit.web").joinpath("static/streitfall.perlagg").read_text("utf-8")


def _limits_text(lang: str, seconds: float) -> str:
    return say("web.limits", lang, size=f"{MAX_REQUEST_BYTES // 1024} KB", seconds=f"{seconds:g}")


def create_app(work_seconds: float = sandbox.WORK_SECONDS) -> Any:
    """The Flask application. ``work_seconds``: the time limit of one request's work."""
    from flask import Flask, Response, jsonify, request
    from werkzeug.exceptions import HTTPException

    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES, MAX_FORM_MEMORY_SIZE=MAX_REQUEST_BYTES,
                      MAX_FORM_PARTS=50)
    rulesets = bundled()

    def language() -> str:
        """The page's language: the form's or the link's choice, else the browser's Accept-Language
        (German unless the browser prefers English)."""
        chosen = request.values.get("lang", "") if request.method == "GET" else request.form.get("lang", "")
        if chosen in ("de", "en"):
            return chosen
        return request.accept_languages.best_match(["de", "en"], default="de") or "de"

    def html(text: str, status: int = 200) -> Any:
        return Response(text, status=status, mimetype="text/html")

    def notice(lang: str, code: str, status: int, **args: Any) -> Any:
        return html(message_page(lang, say(code, lang, **args)), status)

    @app.after_request
    def secure(response: Any) -> Any:
        response.headers.update(SECURITY_HEADERS)
        return response

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        lang = "de" if request.accept_languages.best_match(["de", "en"], default="de") == "de" else "en"
        code = {413: "web.too-large", 404: "web.not-found"}.get(exc.code or 400, "web.bad-request")
        return notice(lang, code, exc.code or 400, limit=MAX_REQUEST_BYTES)

    @app.errorhandler(Exception)
    def internal_error(exc: Exception) -> Any:  # never a traceback to the user
        app.logger.error("internal error: %s: %s", type(exc).__name__, exc)
        return notice("de", "web.failed", 500)

    @app.get("/")
    def index() -> Any:
        lang = language()
        text = _example() if request.args.get("example") else ""
        return html(app_page(lang, FormState(text=text), rulesets, limits=_limits_text(lang, work_seconds)))

    @app.get("/ruling.css")
    def ruling_css() -> Any:
        # the ruling page's style, kept to the ruling inside the app's page (its body rules are for the
        # page on its own)
        return Response(scoped_css(CSS, "div.ruling-page"), mimetype="text/css")

    def read_form(lang: str) -> tuple[FormState, bytes, str | None] | Any:
        """The transcript (an upload wins over the pasted text), the rulesets, the house rules."""
        upload = request.files.get("upload")
        data = upload.read(MAX_TRANSCRIPT_BYTES + 1) if upload is not None and upload.filename else b""
        text = request.form.get("transcript", "")
        if not data:
            data = text.encode("utf-8", "surrogatepass")
        if len(data) > MAX_TRANSCRIPT_BYTES:
            return notice(lang, "web.too-large", 413, limit=MAX_TRANSCRIPT_BYTES)
        shown = data.decode("utf-8", "replace") if upload is not None and upload.filename else text
        house_file = request.files.get("house")
        house: str | None = None
        house_name = request.form.get("house_name", "")[:200]
        if house_file is not None and house_file.filename:
            raw = house_file.read(MAX_TRANSCRIPT_BYTES + 1)
            house, house_name = raw.decode("utf-8", "replace"), (house_file.filename or "haus.yaml")[:200]
        elif request.form.get("house_text"):
            house = request.form["house_text"]
        ruleset = request.form.get("ruleset", "")
        versus = request.form.get("versus", "")
        form = FormState(text=shown, ruleset=ruleset if ruleset in rulesets else "",
                         versus=versus if versus in rulesets else "", house_text=house or "",
                         house_name=house_name if house is not None else "")
        return form, data, house

    def run(ask: Ask, lang: str) -> Answer | Any:
        try:
            return sandbox.run_limited(answer, ask, seconds=work_seconds)
        except sandbox.WorkTimeout:
            return notice(lang, "web.too-slow", 503, seconds=f"{work_seconds:g}")
        except sandbox.WorkFailed as exc:
            app.logger.error("request failed: %s", exc)
            return notice(lang, "web.failed", 500)

    def ask_of(lang: str, form: FormState, data: bytes, house: str | None, view: str) -> Ask:
        try:
            line = int(request.form.get("line", "0") or 0)
        except ValueError:
            line = 0
        return Ask(text=data, lang=lang, ruleset=form.ruleset, house=house, house_name=form.house_name or "haus.yaml",
                   versus=form.versus, view=view if view != "page" else "ruling", line=line)

    @app.post("/check")
    def check() -> Any:
        lang = language()
        read = read_form(lang)
        if not isinstance(read, tuple):
            return read
        form, data, house = read
        view = request.form.get("view", "ruling")
        view = view if view in VIEWS else "ruling"
        limits = _limits_text(lang, work_seconds)
        if not data.strip():
            return html(app_page(lang, form, rulesets, notice=say("web.empty", lang), limits=limits))
        ask = ask_of(lang, form, data, house, view)
        result = run(ask, lang)
        if not isinstance(result, Answer):
            return result
        if view == "sheet" and result.sheet:
            return Response(result.sheet, mimetype="text/html", headers={
                "Content-Disposition": f"attachment; filename={say('sheet.title', lang).lower()}.html"})
        if view == "page" and result.article:
            return html(document_of([result.article], [result.contents], lang, say("page.kind", lang)))
        return html(app_page(lang, form, rulesets, result, ask.line, view, limits=limits))

    @app.post("/api/parse")
    def api_parse() -> Any:
        lang = language()
        read = read_form(lang)
        if not isinstance(read, tuple):
            return read
        form, data, house = read
        result = run(ask_of(lang, form, data, house, "parse"), lang)
        if not isinstance(result, Answer):
            return result
        return jsonify(errors=[{"line": e.line, "column": e.column, "message": e.message,
                                "text": say("web.error-at", lang, line=e.line, column=e.column, message=e.message)}
                               for e in result.errors])

    @app.post("/api/line")
    def api_line() -> Any:
        lang = language()
        read = read_form(lang)
        if not isinstance(read, tuple):
            return read
        form, data, house = read
        result = run(ask_of(lang, form, data, house, "line"), lang)
        if not isinstance(result, Answer):
            return result
        return jsonify(html=result.line, problem=result.problem, errors=len(result.errors))

    return app


def make_server(host: str = "127.0.0.1", port: int = 8000, threads: int = 8,
                channel_seconds: float = CHANNEL_SECONDS, work_seconds: float = sandbox.WORK_SECONDS) -> Any:
    """The waitress server of the app, not yet running (``.run()`` serves, ``.close()`` stops);
    port 0 takes a free port (``.effective_port``)."""
    import waitress.server

    sandbox.warm_up()
    return waitress.server.create_server(
        create_app(work_seconds), host=host, port=port, threads=threads, channel_timeout=channel_seconds,
        cleanup_interval=max(1, int(channel_seconds // 2)),  # how often idle connections are looked for
        max_request_body_size=MAX_REQUEST_BYTES + 64 * 1024, max_request_header_size=64 * 1024,
        connection_limit=200, ident="perlagg-streit")


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Serve the app with waitress until interrupted."""
    server = make_server(host, port)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
