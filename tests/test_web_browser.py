"""``perlagg-streit serve`` end to end in a real headless Chromium, driven by Selenium through
Debian's chromium-driver (no browser is downloaded): paste a deal, see a syntax error marked and
fixed, check it, see the violation and the Streitfrage answered, click a line for its ruling,
download the scoresheet; the same with JavaScript off; screenshots at desktop and phone width.

Needs ``apt-get install chromium chromium-driver`` and ``pip install ".[web,browser]"``; .ci/run
installs them and runs these with ``pytest -m browser``. A missing browser or driver is a
failure here, never a skip. Set PERLAGG_SHOTS=DIR to keep the screenshots.

What the page must say is worked out by hand for examples/streitfall.perlagg (see
tests/test_notice_board.py): North's H9 on line 18 is Farbleugnen, PLAY-3 (003 § 15, § 17).
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import EXAMPLES, live_server

pytestmark = pytest.mark.browser
STREITFALL = (EXAMPLES / "streitfall.perlagg").read_text("utf-8")
PHONE = (390, 844)
DESKTOP = (1280, 1000)


def _driver(downloads: Path, javascript: bool = True, size: tuple[int, int] = DESKTOP) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver") or "/usr/lib/chromium/chromedriver"
    assert browser, "Chromium is needed: apt-get install chromium"
    assert Path(driver_path).exists(), "chromium-driver is needed: apt-get install chromium-driver"
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 f"--window-size={size[0]},{size[1]}", "--lang=de-AT"):
        options.add_argument(flag)
    prefs: dict[str, Any] = {"download.default_directory": str(downloads), "download.prompt_for_download": False,
                             "intl.accept_languages": "de-AT,de"}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    if size == PHONE:  # a window is never narrower than 500 pixels: the phone's viewport is emulated
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 2, "mobile": True})
    return driver


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with live_server() as base:
        yield base


def _shot(driver: Any, tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.png"
    driver.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and path.stat().st_size > 10000
    keep = os.environ.get("PERLAGG_SHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(keep) / path.name)
    return path


def _wait(driver: Any, condition: Any, seconds: float = 30) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds).until(condition)


def _fits_the_width(driver: Any) -> bool:
    return bool(driver.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth + 1"))


def test_paste_check_click_a_line_and_download_the_scoresheet(server: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    driver = _driver(downloads)
    try:
        driver.get(server + "/")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"  # by Accept-Language
        area = driver.find_element(By.ID, "transcript")
        area.send_keys(STREITFALL.replace("Geber: W", "Geber: X"))  # pasted, with a slip on line 10
        bad = _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#gutter span.bad"))
        assert [b.text for b in bad] == ["10"]
        assert driver.find_element(By.CSS_SELECTOR, "#syntax li").text.startswith("Zeile 10, Spalte 8: ")
        _shot(driver, tmp_path, "editor-error-desktop")
        area.clear()
        area.send_keys(STREITFALL)
        _wait(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, "#gutter span.bad"))
        driver.find_element(By.CSS_SELECTOR, "button[value='ruling']").click()
        summary = _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "p.summary"))
        assert summary[0].text == "1 Ausgabe, 1 Verstoß (PLAY-3); Stand: 0:2, Partie offen"
        answer = driver.find_element(By.CSS_SELECTOR, "section.disputes .answer")
        assert "PLAY-3" in answer.text and "Farbleugnen" in answer.text
        _shot(driver, tmp_path, "ruling-desktop")
        driver.execute_script("window.notReloaded = true")
        driver.find_element(By.CSS_SELECTOR, "#lines button.ln[value='18']").click()
        panel = _wait(driver, lambda d: d.find_element(By.ID, "line-ruling") if "Zeile 18" in d.find_element(
            By.ID, "line-ruling").text else None)
        assert "N H9" in panel.text and "PLAY-3" in panel.text
        assert driver.execute_script("return window.notReloaded") is True  # asked for without a reload
        _shot(driver, tmp_path, "line-desktop")
        driver.find_element(By.CSS_SELECTOR, "button[value='sheet']").click()
        sheet = downloads / "schreibblatt.html"
        deadline = time.monotonic() + 30
        while not sheet.exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        text = sheet.read_text("utf-8")
        assert "<h1>Beispiel</h1>" in text and '<td class="deal">Anfang</td>' in text
    finally:
        driver.quit()


def test_at_a_phones_width(server: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path, size=PHONE)
    try:
        driver.get(server + "/?example=1")
        assert _fits_the_width(driver)
        _shot(driver, tmp_path, "form-phone")
        driver.find_element(By.CSS_SELECTOR, "button[value='ruling']").click()
        _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.disputes"))
        assert "Darf Nord auf Eichel ein Herz geben" in driver.find_element(By.CSS_SELECTOR, "section.disputes").text
        assert _fits_the_width(driver)
        button = driver.find_element(By.CSS_SELECTOR, "#lines button.ln[value='18']")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        _wait(driver, lambda d: "Zeile 18" in d.find_element(By.ID, "line-ruling").text)
        _shot(driver, tmp_path, "line-phone")
        driver.execute_script("document.querySelector('section.disputes').scrollIntoView()")
        _shot(driver, tmp_path, "ruling-phone")
        assert _fits_the_width(driver)
    finally:
        driver.quit()


def test_with_javascript_off_the_plain_forms_do_it_all(server: str, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By

    driver = _driver(tmp_path, javascript=False)
    try:
        driver.get(server + "/?example=1&lang=en")
        assert driver.execute_script is not None
        driver.find_element(By.CSS_SELECTOR, "button[value='ruling']").click()
        summary = _wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "p.summary"))
        assert summary[0].text == "1 deal, 1 violation (PLAY-3); Score: 0:2, match not decided"
        driver.find_element(By.CSS_SELECTOR, "#lines button.ln[value='18']").click()  # a form post, a new page
        panel = _wait(driver, lambda d: d.find_element(By.ID, "line-ruling") if "Line 18" in d.find_element(
            By.ID, "line-ruling").text else None)
        assert "PLAY-3" in panel.text
        assert driver.find_element(By.CSS_SELECTOR, "#lines li.chosen button").text == "18"
    finally:
        driver.quit()
