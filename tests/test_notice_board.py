"""The pages for the notice board (issue 21 item 9): the HTML ruling of ``check --format html`` and
the HTML scoresheet of ``score --html``. Their look and their A4 print are tested in Chromium
(tests/test_browser.py); here, what they say.

The expectations are worked out from the transcripts by hand:
- examples/streitfall.perlagg: in trick 2 (line 18) Eichel is led and N, who still holds E8 and E9,
  plays H9: Farbleugnen, PLAY-3 (003 § 15 and § 17: wer die ausgespielte Farbe hat, muss sie
  bedienen); 003 old § 17 punishes it with the loss of the Spiel and two points. The Streitfrage
  on line 19 asks exactly about that card, so its answer is that finding.
- tests/data/gestrichen-match.perlagg: ``Vorher: 12:14`` opens the match at 12:14 (N/S:E/W);
  E/W at 17 of 18 after deal 1 are gestrichen (one short of the target, 003 § 2) to the end.
"""

from __future__ import annotations

import re
from pathlib import Path

from helpers import DATA, EXAMPLES, cli_run, judged, read_ok

from perlagg_streit.render.report_markup import html_report
from perlagg_streit.render.ruling_page import disputes
from perlagg_streit.render.scoresheet import scoresheet_html

STREITFALL = EXAMPLES / "streitfall.perlagg"


def test_the_ruling_page_has_the_event_players_summary_and_the_streitfrage_answered() -> None:
    code, page = cli_run("check", "--format", "html", "--lang", "de", str(STREITFALL))
    assert code == 1
    assert "<h1>Beispiel</h1>" in page and "<title>Beispiel</title>" in page  # the [Event] tag, not the path
    assert "Hans (N), Moidl (S)" in page and "Sepp (E), Luis (W)" in page
    summary = re.search(r"<p class='summary'>(.*?)</p>", page)
    assert summary and summary.group(1) == "1 Ausgabe, 1 Verstoß (PLAY-3); Stand: 0:2, Partie offen"
    assert page.index("class='summary'") < page.index("class='disputes'") < page.index("class='deal'")
    dispute = re.search(r"<section class='disputes'>(.*?)</section>", page, re.S)
    assert dispute is not None
    assert "Darf Nord auf Eichel ein Herz geben, obwohl er Eichel hat?" in dispute.group(1)
    assert "data-ruling-slot='1:19'" in dispute.group(1)  # the place the typed ruling takes
    # the typed ruling (issue 16): the answer, the act at its line, the rule
    assert "Nicht erlaubt." in dispute.group(1) and "(Zeile 18)" in dispute.group(1) and "PLAY-3" in dispute.group(1)
    assert "Verlust der Figur Spiel" in dispute.group(1)  # the penalty is part of the answer
    assert "class='tricks'" in page and "S7=LA*" in page and "class='figures'" in page
    assert "<h2>Ergebnis</h2>" in page and "Stand: 0:2, Partie offen" in page
    assert page.count("<span class='line'></span>") == 2  # place and date, the referee's signature
    assert "@page { size: A4" in page and "http" not in page.replace("http-equiv", "")


def test_the_ruling_page_in_english() -> None:
    _, page = cli_run("check", "--format", "html", "--lang", "en", str(STREITFALL))
    assert "1 deal, 1 violation (PLAY-3); Score: 0:2, match not decided" in page
    assert "Not allowed." in page and "(line 18)" in page and "Referee (signature)" in page


def test_a_streitfrage_without_a_finding_says_so() -> None:
    text = STREITFALL.read_text("utf-8").replace("Streitfrage: Darf", "Stich 3: E HA, S SA, W S8, N H8\n"
                                                 "Streitfrage: Darf").rsplit("Stich 3:", 1)[0]
    transcript = read_ok(text)
    notes = disputes(transcript)
    assert [(n.deal, n.about_line) for n in notes] == [(1, 19)]  # trick 3 on line 19, the question after it
    page = html_report(judged(text, "innsbruck-1890"), "de", transcript)
    assert "<dt>Antwort</dt>" in page and "Erlaubt." in page and "(Zeile 19)" in page  # the typed ruling, trick 3


def test_every_user_text_on_the_page_is_escaped(tmp_path: Path) -> None:
    evil = "<script>alert(1)</script>"
    text = STREITFALL.read_text("utf-8").replace('"Beispiel"', f'"{evil}"').replace('"Hans"', '"<b>Hans</b>"') \
        .replace("Streitfrage: Darf", f"Streitfrage: {evil} Darf")
    path = tmp_path / "<img src=x onerror=alert(2)>.perlagg"
    path.write_text(text, "utf-8")
    _, page = cli_run("check", "--format", "html", "--lang", "de", str(path))
    assert "<script>" not in page and "<b>Hans</b>" not in page and "<img" not in page
    assert page.count("&lt;script&gt;alert(1)&lt;/script&gt;") >= 3  # the title, the heading, the Streitfrage


def test_several_files_make_one_document_with_contents(tmp_path: Path) -> None:
    for name in ("ausgabe", "streitfall"):
        (tmp_path / f"{name}.perlagg").write_bytes((EXAMPLES / f"{name}.perlagg").read_bytes())
    _, page = cli_run("check", "--format", "html", "--lang", "de", str(tmp_path))
    assert page.count("<html") == 1 and page.count("<article") == 2
    contents = re.search(r"<nav class='contents'>(.*?)</nav>", page, re.S)
    assert contents is not None
    links = re.findall(r"<a href='#(match-\d)'>", contents.group(1))
    assert links == ["match-1", "match-2"]
    assert all(f"<article class='ruling' id='{anchor}'>" in page for anchor in links)


def test_the_scoresheet_has_the_opening_row_labelled_target_legend_and_scorer(tmp_path: Path) -> None:
    source = (DATA / "gestrichen-match.perlagg").read_text("utf-8")
    path = tmp_path / "blatt.perlagg"
    path.write_text(source.replace('[W "Luis"]', '[W "Luis"]\n[Schreiber "Moidl & <Co>"]'), "utf-8")
    out = tmp_path / "blatt.html"
    code, _ = cli_run("score", "--lang", "de", "--html", str(out), str(path))
    assert code == 0
    page = out.read_text("utf-8")
    opening = re.search(r'<tr class="opening"><td class="deal">Anfang</td>(.*?)</tr>', page)
    assert opening and re.findall(r">(\d+)<", opening.group(1)) == ["12", "14"]
    assert '<span class="label">Ziel</span>18' in page
    assert "<dt>Legende</dt>" in page and "gestrichen (einen Punkt vor dem Ziel)" in page
    assert "Schreiber: <span class=\"line\">Moidl &amp; &lt;Co&gt;</span>" in page
    # the bar starts in deal 1, where E/W reached 17, and runs to the end: only their column
    rows = re.findall(r'<tr><td class="deal">(\d+)</td>(.*?)</tr>', page)
    assert [(n, cells.count("struck")) for n, cells in rows] == [("1", 1), ("2", 1), ("3", 1)]
    assert all(re.search(r'class="team struck">\d+<small>17</small>', cells) for _, cells in rows)


def test_the_scoresheet_in_english() -> None:
    m = judged((DATA / "gestrichen-match.perlagg").read_text("utf-8"))
    page = scoresheet_html(m, "en", scorer="Moidl")
    assert '<td class="deal">Start</td>' in page and '<span class="label">Target</span>' in page
    assert "vertical bar: gestrichen" in page and "Scorer: <span class=\"line\">Moidl</span>" in page
