"""The HTML report: self-contained, escaped, and drawn as it should be in a real browser."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.report.html import PALETTE, html_report
from judge.result import CaseResult, Report

from .conftest import CASES, SOLUTIONS

THREE = [str(SOLUTIONS / name) for name in ("minimax_cpp.py", "first_candidate.py",
                                            "random_guess.py")]
RUN = ["--cases", str(CASES / "handwritten"), "--order-seed", "3", "--seed", "1",
       "--in-process", "-q"]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# The flags a headless Chromium needs on a machine with no network and as root (see env).
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--enable-logging=stderr",
                  "--v=0"]
BROWSER_SECONDS = 120  # a page renders in about a second here


def rendered(page: Path, tmp_path: Path) -> str:
    """The DOM headless Chromium builds from the page, once it has loaded without a console
    error (the page has no script: any error would be the browser refusing something)."""
    assert CHROMIUM is not None
    shown = subprocess.run([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                            "--dump-dom", page.as_uri()], capture_output=True, text=True,
                           timeout=BROWSER_SECONDS, check=False)
    assert shown.returncode == 0, shown.stderr[-2000:]
    errors = [line for line in shown.stderr.splitlines()
              if "CONSOLE" in line or "Uncaught" in line]
    assert errors == []
    return shown.stdout


def result(name: str, verdict: str, guesses: int, **extra: str) -> CaseResult:
    return CaseResult(name, verdict, extra.get("message", ""), guesses, 10, 0.01, "secret",
                      [("guess", 1)] * guesses, extra.get("detail", ""), extra.get("output", ""))


def test_a_failure_every_case_shares_is_said_once() -> None:
    """A file that never loads (CE), or a judge that failed alike on every case (JE, a
    compiler that builds nothing): one line, not a folded case a case."""
    for verdict, message in (("CE", "solution.cpp:1: error: expected"),
                             ("JE", "JudgeError: the g++ build fails")):
        # As grading makes them: a JE's detail is its message, not to be shown twice.
        detail = message if verdict == "JE" else ""
        report = Report("s.cpp", [result(f"c{i}", verdict, 0, message=message, detail=detail)
                                  for i in range(3)])
        page = html_report([report], "one")
        assert page.count(f"<b class='verdict-{verdict}'>{verdict}</b> on every case: "
                          f"{message}") == 1
        assert "failed-case" not in page.split("<h3", 1)[1]
        assert message not in page.split(" on every case: ", 1)[1].split("</p>", 1)[1]


def test_cases_not_run_are_one_line_below_the_cases_that_ran() -> None:
    reason = "not run: the solution had already timed out 1 time (--fail-fast 1; 0 runs every case)"
    report = Report("s.py", [result("c0", "TLE", 0, message="more than 5 s of CPU time"),
                             *(result(f"c{i}", "SC", 0, message=reason) for i in (1, 2, 3))])
    page = html_report([report], "one")
    assert page.count("<details class='failed-case'>") == 1
    assert ("<b class='verdict-SC'>SC</b> 3 cases not run: the solution had already timed out "
            "1 time (--fail-fast 1; 0 runs every case)") in page


def test_a_bar_for_every_solution_and_number_of_guesses() -> None:
    reports = [Report("a.py", [result("c1", "AC", 3), result("c2", "AC", 3),
                               result("c3", "WA", 11), result("c4", "TLE", 2)]),
               Report("b.py", [result("c1", "AC", 4), result("c2", "AC", 3)])]
    page = html_report(reports, "two")
    bars = re.findall(r"<rect class='bar' data-solution='([^']*)' data-guesses='([^']+)' "
                      r"data-count='(\d+)'", page)
    # TLE is not a game played to the end: it has no bar, as it has no place in the mean.
    # Past the guess limit (10), one "more" bucket.
    assert sorted(bars) == [("a.py", "3", "2"), ("a.py", "more", "1"), ("b.py", "3", "1"),
                            ("b.py", "4", "1")]
    assert page.count("<tr class='solution-row'>") == 2
    assert page.count("<details class='failed-case'>") == 2  # a.py's WA and TLE
    assert "b.py: every case accepted." in page


@pytest.mark.parametrize("files", [1, len(PALETTE) + 1])
def test_a_run_with_no_game_played_to_the_end_says_so_instead_of_an_empty_chart(
        files: int) -> None:
    reports = [Report(f"s{i}.py", [result("c1", "CE", 0, message="SyntaxError"),
                                   result("c2", "CE", 0, message="SyntaxError")])
               for i in range(files)]
    page = html_report(reports, "nothing played")
    assert "Nothing to chart: no game was played to the end." in page
    assert "<svg" not in page and "id='heat-map'" not in page


def test_a_solution_with_no_game_played_has_no_bars_but_a_word_under_them() -> None:
    reports = [Report("a.py", [result("c1", "AC", 3)]),
               Report("broken.py", [result("c1", "CE", 0, message="SyntaxError")])]
    page = html_report(reports, "one broken")
    assert "data-solution='broken.py'" not in page and "data-solution='a.py'" in page
    assert page.count("<span style='background:") == 1  # one colour in the legend
    assert "; none for broken.py (no game was played to the end)" in page


def test_bars_too_many_to_read_at_the_pages_width_become_a_heat_map() -> None:
    # Games of 1 and 26 guesses (a limit of 30) make 26 columns: five solutions' bars side by
    # side would be shrunk past reading.
    def games(name: str) -> Report:
        return Report(name, [replace(result("c1", "AC", 1), allowed=30),
                             replace(result("c2", "AC", 26), allowed=30)])

    assert "id='heat-map'" not in html_report([games("a.py"), games("b.py")], "two")
    page = html_report([games(f"{n}.py") for n in "abcde"], "five")
    assert "id='heat-map'" in page and "<svg" not in page


def test_hostile_text_cannot_become_markup() -> None:
    hostile = "</pre><script>alert(1)</script>\x1b[31m\r\ud800'\""
    report = Report(f"{hostile}.py", [result(hostile, "RTE", 0, message=hostile,
                                             detail=hostile, output=hostile)])
    page = html_report([report], hostile)
    assert "<script" not in page and "&lt;/pre&gt;&lt;script&gt;alert(1)" in page
    assert "\x1b" not in page and "\r" not in page
    page.encode("utf-8")  # no lone surrogate left to fail the write


def test_many_failures_are_cut_to_a_readable_page() -> None:
    report = Report("a.py", [result(f"c{i}", "WA", 11) for i in range(1000)])
    page = html_report([report], "many")
    assert page.count("<details class='failed-case'>") == 200
    assert "... and 800 more (the JSON report has them all)" in page


@pytest.mark.parametrize("command", ["grade", "compare", "merge"])
def test_each_command_writes_the_page(command: str, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    solutions = THREE[1:2] if command == "grade" else THREE
    if command == "merge":
        shards = []
        for k in (1, 2):
            shards.append(str(tmp_path / f"s{k}.json"))
            main(["compare", *solutions, *RUN, "--shard", f"{k}/2", "--json", shards[-1]])
        main(["merge", *shards, "--html", str(page)])
    else:
        main([command, *solutions, *RUN, "--html", str(page)])
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and "--order-seed 3" in text
    assert text.count("<tr class='solution-row'>") == len(solutions)


def test_an_html_path_that_cannot_be_written_stops_before_grading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", THREE[0], *RUN, "--html", str(tmp_path)]) == 2
    assert "grading" not in capsys.readouterr().out


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is missing: make test installs it "
                                              "(apt-get install chromium)")
def test_the_page_renders_in_a_real_browser(tmp_path: Path) -> None:
    page, report = tmp_path / "report.html", tmp_path / "report.json"
    main(["compare", *THREE, *RUN, "--html", str(page), "--json", str(report)])
    dom = rendered(page, tmp_path)
    # The rendered DOM, as the browser parsed it: a bar per solution and number of guesses
    # of its games played to the end, and a table row per solution.
    drawn = Counter(re.findall(r'<rect class="bar" data-solution="([^"]*)"', dom))
    expected = Counter()
    for data in json.loads(report.read_text()):
        games = {c["guesses"] for c in data["cases"] if c["verdict"] in ("AC", "WA")}
        expected[Path(data["solution"]).name] = len(games)
    assert drawn == expected and len(drawn) == 3
    assert dom.count('<tr class="solution-row">') == 3


GIVES_UP = """
def init(num_scramble, scramble):
    global first
    first = scramble[:5]


def guess(num_testcase, remaining_guesses, initial_letter, gold, silver):
    return first  # the same word every time: rounds are lost unless it is the answer
"""


def p8079_page(tmp_path: Path) -> Path:
    from judge.wc2022.game import ENGLISH5

    loser = tmp_path / "gives_up.py"
    loser.write_text(GIVES_UP)
    page = tmp_path / "p8079.html"
    assert main(["wc2022", str(SOLUTIONS / "wc2022" / "entropy_numpy.py"), str(loser),
                 "--dictionary", str(ENGLISH5), "--rounds", "12", "--answer-seed", "5",
                 "--no-sandbox", "--html", str(page)]) == 1  # gives_up loses rounds
    return page


def test_the_p8079_page_has_points_bars_and_lost_rounds(tmp_path: Path) -> None:
    text = p8079_page(tmp_path).read_text()
    assert text.count("<tr class='solution-row'>") == 2
    assert "data-solution='entropy_numpy.py'" in text
    assert "gives_up.py: 12 lost" in text or "gives_up.py: 11 lost" in text
    assert "answers: 12 rounds drawn with --answer-seed 5<br>" in text


def test_a_p8079_page_with_no_round_found_says_so_instead_of_an_empty_chart(
        tmp_path: Path) -> None:
    from judge.wc2022.game import ENGLISH5

    wrong = tmp_path / "never_a_word.py"
    wrong.write_text("def init(n, s):\n    pass\ndef guess(*args):\n    return 'zzzzz'\n")
    page = tmp_path / "p8079.html"
    assert main(["wc2022", str(wrong), "--dictionary", str(ENGLISH5), "--rounds", "2",
                 "--no-sandbox", "--html", str(page)]) == 1
    text = page.read_text()
    assert "Nothing to chart: no round was found." in text and "<svg" not in text


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is missing: make test installs it "
                                              "(apt-get install chromium)")
def test_the_p8079_page_renders_in_a_real_browser(tmp_path: Path) -> None:
    dom = rendered(p8079_page(tmp_path), tmp_path)
    assert 'class="bar" data-solution="entropy_numpy.py"' in dom
    assert dom.count('<tr class="solution-row">') == 2
    assert dom.count('<details class="failed-case">') >= 11
