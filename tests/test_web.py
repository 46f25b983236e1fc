"""``perlagg-streit serve`` (issue 22): the app through Flask's test client, and a hostile-input suite
against the real waitress server on localhost: oversized bodies, slow requests, HTML and script in
every field, path tricks in ``extends`` and in the [Ruleset] tag, a request over its time limit.

The referee's answers are the ones worked out by hand for examples/streitfall.perlagg (see
tests/test_notice_board.py): North's H9 on line 18 is Farbleugnen, PLAY-3 (003 § 15, § 17).
"""

from __future__ import annotations

import http.client
import re
import socket
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from helpers import EXAMPLES, live_server

from perlagg_streit.web.app import MAX_REQUEST_BYTES, MAX_TRANSCRIPT_BYTES, SECURITY_HEADERS, create_app

STREITFALL = (EXAMPLES / "streitfall.perlagg").read_text("utf-8")
EVIL = "<script>alert('x')</script>"


@pytest.fixture(scope="module")
def client() -> Any:
    return create_app().test_client()


def test_the_form_speaks_the_browsers_language_and_can_be_switched(client: Any) -> None:
    de = client.get("/", headers={"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}).get_data(as_text=True)
    assert "<html lang='de'>" in de and "Prüfen" in de and "href='/?lang=en'" in de
    en = client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).get_data(as_text=True)
    assert "<html lang='en'>" in en and ">Check</button>" in en
    switched = client.get("/?lang=en", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "<html lang='en'>" in switched
    assert "<html lang='de'>" in client.get("/").get_data(as_text=True)  # no header: German


def test_a_plain_form_post_gives_the_ruling_with_the_streitfrage_answered(client: Any) -> None:
    response = client.post("/check", data={"transcript": STREITFALL, "lang": "de", "view": "ruling"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "1 Ausgabe, 1 Verstoß (PLAY-3)" in page
    answer = re.search(r"data-ruling-slot='1:19'>(.*?)</div>", page, re.S)
    assert answer is not None and "Nicht erlaubt." in answer.group(1) and "(Zeile 18)" in answer.group(1)
    # the listing: every line a button posting the same form for that line's ruling; line 18 marked
    assert "<li class='bad'><button type='submit' name='line' value='18' class='ln'>18</button>" in page
    assert "<script src='/static/app.js' defer></script>" in page and "<script>" not in page  # no inline script


def test_a_line_clicked_without_javascript_shows_its_ruling(client: Any) -> None:
    page = client.post("/check", data={"transcript": STREITFALL, "lang": "en", "view": "line", "line": "18"}) \
        .get_data(as_text=True)
    panel = re.search(r"<section class='line-ruling' id='line-ruling' aria-live='polite'>(.*?)</section>", page, re.S)
    assert panel is not None
    assert "<h3>Line 18</h3>" in panel.group(1) and "N H9" in panel.group(1) and "<b>PLAY-3</b>" in panel.group(1)
    clean = client.post("/api/line", data={"transcript": STREITFALL, "lang": "en", "line": "17"}).get_json()
    assert "No violation was found at line 17." in clean["html"] and "W S7=LA" in clean["html"]


def test_syntax_errors_are_marked_at_their_lines(client: Any) -> None:
    broken = STREITFALL.replace("Geber: W", "Geber: X").replace("Stich 3: E HA", "Stich 3: E HZ")
    page = client.post("/check", data={"transcript": broken, "lang": "de"}).get_data(as_text=True)
    assert "2 Fehler im Protokoll" in page
    assert "<span class='bad'>10</span>" in page and "<span class='bad'>20</span>" in page
    assert "<li data-line='10'>Zeile 10, Spalte 8: " in page
    errors = client.post("/api/parse", data={"transcript": broken, "lang": "en"}).get_json()["errors"]
    assert [e["line"] for e in errors] == [10, 20]
    assert errors[0]["text"].startswith("line 10, column 8: ")  # the script shows this text as it is


def test_the_scoresheet_is_a_download(client: Any) -> None:
    response = client.post("/check", data={"transcript": STREITFALL, "lang": "de", "view": "sheet"})
    assert response.headers["Content-Disposition"] == "attachment; filename=schreibblatt.html"
    sheet = response.get_data(as_text=True)
    assert "<h1>Beispiel</h1>" in sheet and '<td class="deal">Anfang</td>' in sheet


def test_the_comparison_with_another_ruleset(client: Any) -> None:
    page = client.post("/check", data={"transcript": STREITFALL, "lang": "en", "view": "versus",
                                       "versus": "innsbruck"}).get_data(as_text=True)
    section = re.search(r"<section class='versus' id='versus'>(.*?)</section>", page, re.S)
    assert section is not None and "innsbruck-1890" in section.group(1) and "innsbruck" in section.group(1)
    none = client.post("/check", data={"transcript": STREITFALL, "lang": "en", "view": "versus"}).get_data(as_text=True)
    assert "Please choose a second ruleset." in none


def test_an_uploaded_transcript_and_house_rules(client: Any) -> None:
    import io

    house = b"extends: innsbruck-1890\ntarget: 21\n"
    page = client.post("/check", content_type="multipart/form-data", data={
        "lang": "en", "upload": (io.BytesIO(STREITFALL.encode()), "mine.perlagg"),
        "house": (io.BytesIO(house), "club.yaml")}).get_data(as_text=True)
    assert "<dt>Target</dt><dd>21</dd>" in page  # the house rules' target, over innsbruck-1890's 18
    assert "House rules: club.yaml" in page and "name='house_text'" in page  # kept for a line's ruling


def test_every_response_carries_the_security_headers(client: Any) -> None:
    for response in (client.get("/"), client.post("/check", data={"transcript": STREITFALL}),
                     client.get("/static/app.js"), client.get("/nowhere")):
        for name, value in SECURITY_HEADERS.items():
            assert response.headers[name] == value


# ---- hostile input -------------------------------------------------------------------------------

def test_html_and_script_in_every_field_are_shown_as_text(client: Any) -> None:
    import io

    transcript = (f'[Event "{EVIL}"]\n[N "{EVIL}"]\n[Schreiber "{EVIL}"]\n[Ruleset "{EVIL}"]\n'
                  + STREITFALL.split("\n", 7)[7].replace("Streitfrage: Darf", f"Streitfrage: {EVIL} Darf")
                  .replace("# Nord hat", f"# {EVIL}"))
    fields = {"transcript": transcript, "lang": EVIL, "ruleset": EVIL, "versus": EVIL, "view": EVIL, "line": EVIL,
              "house_name": EVIL}
    for view in ("ruling", "line", "versus", "page", "sheet", EVIL):
        for url in ("/check", "/api/line", "/api/parse"):
            response = client.post(url, data={**fields, "view": view, "ruleset": "innsbruck"})
            body = response.get_data(as_text=True)
            assert response.status_code in (200, 400), (url, view, response.status_code)
            assert "<script>alert" not in body and "alert('x')</script>" not in body
    # the tag names no bundled ruleset: said, escaped
    page = client.post("/check", data={"transcript": transcript}).get_data(as_text=True)
    assert "&lt;script&gt;" in page and "<script>alert" not in page
    upload = client.post("/check", content_type="multipart/form-data", data={
        "upload": (io.BytesIO(transcript.encode()), f"{EVIL}.perlagg"),
        "house": (io.BytesIO(f"extends: innsbruck\n{EVIL}: 1\n".encode()), f"{EVIL}.yaml")}).get_data(as_text=True)
    assert "<script>alert" not in upload and "&lt;script&gt;" in upload


@pytest.mark.parametrize("parent", ["/etc/passwd", "../../../../etc/passwd", "innsbruck/../../x.yaml",
                                    "..\\..\\x.yaml", "file:///etc/passwd", "./innsbruck", "~/.ssh/id_rsa"])
def test_uploaded_house_rules_cannot_extend_a_path_on_the_server(client: Any, parent: str) -> None:
    import io

    page = client.post("/check", content_type="multipart/form-data", data={
        "lang": "en", "transcript": STREITFALL,
        "house": (io.BytesIO(f"extends: '{parent}'\ntarget: 21\n".encode()), "club.yaml")}).get_data(as_text=True)
    assert "may extend only a bundled ruleset" in page
    assert "root:" not in page and "<article" not in page


def test_a_ruleset_tag_cannot_name_a_file_on_the_server(client: Any) -> None:
    for name in ("/etc/passwd", "../x.yaml", "haus.yaml"):
        page = client.post("/check", data={"lang": "en", "transcript": STREITFALL.replace(
            '"innsbruck-1890"', f'"{name}"')}).get_data(as_text=True)
        assert "no bundled ruleset named" in page and "<article" not in page


@pytest.mark.parametrize("path", ["/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fapp.py",
                                  "/static//etc/passwd", "/..%2f..%2fetc/passwd"])
def test_path_tricks_in_the_address_find_nothing(client: Any, path: str) -> None:
    response = client.get(path, follow_redirects=True)  # "//" is redirected to "/" first
    assert response.status_code == 404 and b"import" not in response.data


def test_a_request_over_its_time_limit_is_stopped() -> None:
    slow = create_app(work_seconds=0.001).test_client()  # no child process answers within a millisecond
    start = time.monotonic()
    response = slow.post("/check", data={"transcript": STREITFALL, "lang": "en"})
    assert response.status_code == 503 and "took longer than 0.001 seconds" in response.get_data(as_text=True)
    assert time.monotonic() - start < 8


def _post(base: str, body: bytes, content_type: str = "application/x-www-form-urlencoded") -> tuple[int, bytes]:
    url = urllib.parse.urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    try:
        conn.request("POST", "/check", body=body, headers={"Content-Type": content_type})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def test_oversized_bodies_are_refused_by_the_real_server() -> None:
    with live_server() as base:
        huge = urllib.parse.urlencode({"transcript": "x" * (MAX_REQUEST_BYTES + 10)}).encode()
        status, body = _post(base, huge)
        assert status == 413
        over = urllib.parse.urlencode({"transcript": "# " + "x" * MAX_TRANSCRIPT_BYTES, "lang": "en"}).encode()
        assert len(over) < MAX_REQUEST_BYTES
        status, body = _post(base, over)
        assert status == 413 and f"at most {MAX_TRANSCRIPT_BYTES} bytes".encode() in body
        # a body announced far larger than allowed is refused before it is sent
        url = urllib.parse.urlsplit(base)
        with socket.create_connection((url.hostname, url.port), timeout=30) as sock:
            sock.sendall(b"POST /check HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                         b"Content-Length: 50000000\r\n\r\n" + b"x" * 1000)
            assert sock.recv(100).startswith(b"HTTP/1.1 413")
        status, _ = _post(base, urllib.parse.urlencode({"transcript": STREITFALL}).encode())
        assert status == 200  # and the server goes on


def test_slow_clients_neither_block_others_nor_stay_for_ever() -> None:
    with live_server(channel_seconds=2) as base:
        url = urllib.parse.urlsplit(base)
        slow = []
        for _ in range(12):  # more slow clients than the server has threads (8)
            sock = socket.create_connection((url.hostname, url.port), timeout=30)
            sock.sendall(b"POST /check HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n"
                         b"Content-Type: application/x-www-form-urlencoded\r\n\r\ntranscript=")
            slow.append(sock)
        start = time.monotonic()
        with ThreadPoolExecutor(4) as pool:  # meanwhile, others are served
            statuses = list(pool.map(lambda _: _post(base, urllib.parse.urlencode(
                {"transcript": STREITFALL}).encode())[0], range(4)))
        assert statuses == [200] * 4 and time.monotonic() - start < 20
        time.sleep(4.5)  # past the idle limit: every slow connection has been closed by the server
        for sock in slow:
            sock.settimeout(5)
            try:
                assert sock.recv(100) == b""
            except ConnectionResetError:
                pass
            sock.close()


def test_no_state_is_shared_between_requests(client: Any) -> None:
    other = STREITFALL.replace("[Event \"Beispiel\"]", "[Event \"Anderer Tisch\"]")
    with ThreadPoolExecutor(4) as pool:
        pages = list(pool.map(lambda text: create_app().test_client().post(
            "/check", data={"transcript": text}).get_data(as_text=True), [STREITFALL, other] * 4))
    for n, page in enumerate(pages):
        assert ("<h1>Beispiel</h1>" in page) == (n % 2 == 0)
        assert ("<h1>Anderer Tisch</h1>" in page) == (n % 2 == 1)
    fresh = client.get("/").get_data(as_text=True)
    assert "Anderer Tisch" not in fresh and "<h1>Beispiel" not in fresh and "Streitfrage" not in fresh


def test_the_example_the_form_loads_is_the_bundled_streitfall(client: Any) -> None:
    from perlagg_streit.web.app import _example

    assert _example() == STREITFALL  # perlagg_streit/web/static/streitfall.perlagg is a copy, kept equal
    page = client.get("/?example=1").get_data(as_text=True)
    assert "Streitfrage: Darf Nord auf Eichel ein Herz geben, obwohl er Eichel hat?\nStich 3:" in page


def test_the_readme_command_starts_the_server_and_ctrl_c_stops_it() -> None:
    import signal
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "perlagg_streit.cli", "serve", "--port", str(port)],
                              stderr=subprocess.PIPE, text=True, env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
    try:
        deadline = time.monotonic() + 60
        page = b""
        while time.monotonic() < deadline and not page:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/?lang=en", timeout=5) as response:
                    page = response.read()
            except OSError:
                time.sleep(0.3)
        assert b">Check</button>" in page
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in err and "Traceback" not in err
    assert server.returncode in (0, 130)
