"""The HTML scoresheet in a real headless Chromium: it renders, and it prints as one A4 page.

Needs Debian's chromium (`apt-get install chromium`); .ci/run installs it and runs these tests
with `pytest -m browser`. A missing browser is a failure here, never a skip.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import DATA

from perlagg_streit.cli import cli

pytestmark = pytest.mark.browser
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    assert found, "Chromium is needed for the browser tests: apt-get install chromium"
    return found


def test_the_html_scoresheet_renders_and_prints_on_one_a4_page(tmp_path: Path) -> None:
    page = tmp_path / "blatt.html"
    result = CliRunner().invoke(cli, ["score", "--lang", "de", "--html", str(page),
                                      str(DATA / "gestrichen-match.perlagg")])
    assert result.exit_code == 0, result.output
    html = page.read_text("utf-8")
    assert html.count('class="team struck"') == 3  # E/W gestrichen from deal 1 to the end
    browser = [chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    shot = tmp_path / "blatt.png"
    subprocess.run([*browser, "--window-size=900,1100", f"--screenshot={shot}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5000
    pdf = tmp_path / "blatt.pdf"
    subprocess.run([*browser, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    data = pdf.read_bytes()
    boxes = re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data)
    assert boxes, "no page in the PDF"
    width, height = (float(x) for x in boxes[0])
    assert abs(width - 595.3) < 2 and abs(height - 841.9) < 2  # A4 in points
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1


def _pdf_pages(browser: list[str], page: Path, pdf: Path) -> int:
    """Print a page to PDF in Chromium; the number of A4 pages it took (any other size fails)."""
    subprocess.run([*browser, "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    data = pdf.read_bytes()
    for width, height in re.findall(rb"/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", data):
        assert abs(float(width) - 595.3) < 2 and abs(float(height) - 841.9) < 2  # A4 in points
    return len(re.findall(rb"/Type\s*/Page[^s]", data))


def test_the_ruling_page_renders_and_one_deal_prints_on_one_a4_page(tmp_path: Path) -> None:
    browser = [chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    for example, lang in (("streitfall", "de"), ("streitfall", "en"), ("ausgabe", "de"), ("sechs", "en")):
        # one deal each; the first with its Streitfrage, in both languages (the English words are longer)
        page = tmp_path / f"{example}-{lang}.html"
        result = CliRunner().invoke(cli, ["check", "--lang", lang, "--format", "html",
                                          str(DATA.parent.parent / "examples" / f"{example}.perlagg")])
        assert result.exit_code in (0, 1), result.output
        page.write_text(result.stdout, "utf-8")
        assert _pdf_pages(browser, page, tmp_path / f"{example}-{lang}.pdf") == 1, (example, lang)
    shot = tmp_path / "streitfall.png"
    subprocess.run([*browser, "--window-size=900,1400", f"--screenshot={shot}",
                    (tmp_path / "streitfall-de.html").as_uri()], check=True, capture_output=True, timeout=120)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20000


def test_several_matches_print_each_from_a_new_sheet(tmp_path: Path) -> None:
    # the contents on the first sheet, then each match from a new one: at least 1 + 2 pages
    for name in ("ausgabe", "streitfall"):
        (tmp_path / f"{name}.perlagg").write_bytes((DATA.parent.parent / "examples" / f"{name}.perlagg").read_bytes())
    result = CliRunner().invoke(cli, ["check", "--lang", "en", "--format", "html", str(tmp_path)])
    page = tmp_path / "both.html"
    page.write_text(result.stdout, "utf-8")  # the summary of the batch goes to stderr
    browser = [chromium(), *FLAGS, f"--user-data-dir={tmp_path / 'profile'}"]
    assert _pdf_pages(browser, page, tmp_path / "both.pdf") == 3
