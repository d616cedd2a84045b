"""The report page as a person sees it, measured in a real Chromium driven by Playwright (the
system's Chromium, no browser download): one row a solution, the chart drawn, and no
horizontal scrolling at 1280 px, from 3 solutions to a class of 300."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from judge.report.html import html_report
from judge.result import CaseResult, Report, ranked

sync_api = pytest.importorskip("playwright.sync_api", reason="make test installs playwright")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is missing: make test "
                                                         "installs it (apt-get install chromium)")
BROWSER_MS = 120_000  # a page loads in about a second here


def a_class(count: int, seed: int = 1) -> list[Report]:
    """`count` submissions with long names, a few failing, one that never compiled."""
    rng = random.Random(seed)
    reports = []
    for i in range(count):
        results = []
        for case in range(34):
            guesses = rng.choice([3, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 14, 40])
            verdict = "AC" if guesses <= 10 else "WA"
            results.append(CaseResult(f"case-{case:02d}", verdict, "", guesses, 10, 0.01,
                                      "secret", [("secret", 6)], "found the secret at guess "
                                      f"{guesses}, limit 10" if verdict == "WA" else ""))
        if i == 3:
            results = [CaseResult(f"case-{c:02d}", "CE", "solution.cpp:5: error: expected ';'",
                                  0, 10, 0.0, "secret", [], "solution.cpp:5: error")
                       for c in range(34)]
        name = f"students/{'someone-with-a-rather-long-name-' * 2}{i:03d}/solution.py"
        reports.append(Report(name, results, 7, label=name))
    return ranked(reports)


def shown(path: Path, shot: Path) -> dict[str, int]:
    """What the browser drew: the page's width, and counts of what a person looks for."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"],
                                             timeout=BROWSER_MS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(BROWSER_MS)
            page.goto(path.as_uri())
            page.screenshot(path=str(shot))
            return {"width": page.evaluate("document.documentElement.scrollWidth"),
                    "rows": page.locator("tr.solution-row").count(),
                    "bars": page.locator("rect.bar").count(),
                    "cells": page.locator("td.cell").count(),
                    "ticks": page.locator("line.tick").count(),
                    "linked": page.locator("h3[id]").count(),
                    "failures": page.locator("details.failed-case").count()}
        finally:
            browser.close()


@pytest.mark.parametrize("count", [3, 30, 300])
def test_a_class_page_fits_the_screen_with_every_row_and_its_chart(count: int,
                                                                   tmp_path: Path) -> None:
    path, shot = tmp_path / "class.html", tmp_path / "class.png"
    reports = a_class(count)
    path.write_text(html_report(reports, f"compare: {count} solutions"))
    seen = shown(path, shot)
    assert seen["width"] <= 1280, seen
    assert seen["rows"] == count and seen["linked"] == count
    if count <= 8:
        assert seen["bars"] > 0 and seen["ticks"] >= 2  # bars, on a scale
    else:
        assert seen["cells"] == count * 11  # 1..10 guesses, and "more" past the limit
    assert shot.stat().st_size > 10_000  # a picture, not a blank page
