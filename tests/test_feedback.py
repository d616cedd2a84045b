"""What a candidate is told: why a case is WA, where a TLE was, what the file printed, and a
file that cannot load said once."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import Case
from judge.grading import grade
from judge.report.progress import Progress
from judge.result import CaseResult
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES, CASES, SANDBOX_MARKS, SOLUTIONS, language_marks

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
WORDS = ("gaming", "hazard", "icicle", "jigsaw", "kettle", "lagoon", "mantle", "nectar")
DISJOINT = tuple(c * 6 for c in "abcdefghijkl")  # every miss answers 0


def played(path: Path, case: Case, sandbox: bool = False,
           limits: Limits | None = None) -> CaseResult:
    (result,) = grade(IsolatedRunner(path, limits or Limits(), sandbox), path.name, [case]).results
    return result


def solution(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "solution.py"
    path.write_text(body)
    return path


IN_ORDER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in words:
            if master.guess(word) == 6:
                return
"""


def test_wa_returned_without_guessing_the_secret() -> None:
    result = played(SUBMISSIONS / "WA" / "gives_up.py", Case("c", "mantle", WORDS, 10))
    assert result.verdict == "WA"
    assert result.detail.splitlines()[0] == (
        f"returned after {result.guesses} guesses without guessing the secret")


def test_wa_found_the_secret_past_the_limit(tmp_path: Path) -> None:
    result = played(solution(tmp_path, IN_ORDER), Case("c", "llllll", DISJOINT, 10))
    assert result.verdict == "WA"
    assert result.detail.splitlines()[0] == "found the secret at guess 12, limit 10"


def test_wa_found_the_secret_then_kept_calling() -> None:
    result = played(SUBMISSIONS / "WA" / "keeps_calling_after_found.py",
                    Case("c", "icicle", WORDS, 10))
    assert result.detail.splitlines()[0] == (
        "found the secret at guess 3, then kept calling: 43 calls, limit 10")
    assert "guessed 'gaming' 41 times" in result.detail


def test_wa_stopped_at_the_runaway_cap() -> None:
    result = played(SUBMISSIONS / "WA" / "catches_everything.py", Case("c", "mantle", WORDS, 10))
    assert result.detail.splitlines()[0] == (
        "stopped after the runaway cap of 200 calls to Master.guess")


def test_wa_notes_a_guess_that_was_already_ruled_out(tmp_path: Path) -> None:
    body = IN_ORDER.replace("for word in words:",
                            "for word in [words[0], words[0], 'xyz'] + words:")
    result = played(solution(tmp_path, body), Case("c", "llllll", DISJOINT, 10))
    assert "guessed 'aaaaaa' 3 times" in result.detail
    assert "1 call was not a word of the list (answered -1)" in result.detail
    assert ("guess 2 (aaaaaa) could no longer be the secret: guess 1 (aaaaaa) got 0, "
            "and aaaaaa would have given 6") in result.detail


def test_the_table_row_says_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    main(["grade", str(SUBMISSIONS / "WA" / "gives_up.py"), "--cases",
          str(CASES / "examples")])
    assert "returned after 0 guesses without guessing the secret" in capsys.readouterr().out


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_time_out_shows_the_submissions_line(sandbox: bool) -> None:
    result = played(SUBMISSIONS / "TLE" / "infinite_loop.py", Case("c", "mantle", WORDS, 10),
                    sandbox, Limits(time_seconds=1.5, wall_backstop=40.0))
    assert result.verdict == "TLE"
    # The loop is two lines (4: `while True:`, 5: `n += 1`); the dump may catch either.
    assert result.message in (f"more than 1.5 s of CPU time; it was at line {line}, "
                              "in findSecretWord" for line in (4, 5))
    assert ("  line 5, in findSecretWord: n += 1" in result.detail
            or "  line 4, in findSecretWord: while True:" in result.detail)
    assert "Timeout (" not in result.output  # the dump is shown as lines, not left in output


@pytest.mark.parametrize(("name", "line", "sandbox"), [
    pytest.param(name, line, sandbox, id=f"{name}-{'sandbox' if sandbox else 'plain'}",
                 marks=[*language_marks(SUBMISSIONS / "TLE" / name),
                        *(SANDBOX_MARKS if sandbox else [])])
    for name, line, sandbox in (("infinite_loop.java", 6, False), ("infinite_loop.java", 6, True),
                                ("infinite_loop.kt", 5, True))])  # (Kotlin: the same harness)
def test_a_jvm_time_out_shows_the_submissions_line(name: str, line: int, sandbox: bool) -> None:
    # The harness's watcher reads the main thread's CPU time from /proc, in the sandbox too.
    result = played(SUBMISSIONS / "TLE" / name, Case("c", "mantle", WORDS, 10), sandbox,
                    Limits(time_seconds=1.5, wall_backstop=40.0))
    assert result.verdict == "TLE"
    assert result.message == (f"more than 1.5 s of CPU time; it was at line {line}, "
                              "in findSecretWord")


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_printed_text_is_kept_per_case_in_verbose_and_json(sandbox: bool, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    body = IN_ORDER.replace("for word in words:", "print('trying', words[0])\n        "
                            "for word in words:")
    report = tmp_path / "r.json"
    args = ["grade", str(solution(tmp_path, body)), "--cases", str(CASES / "examples"),
            "-vv", "--json", str(report)] + (["--sandbox"] if sandbox else [])
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "output:\ntrying acckzz" in out and "output:\ntrying hamada" in out
    outputs = [c["output"] for c in json.loads(report.read_text())["cases"]]
    assert outputs == ["trying acckzz\n", "trying hamada\n"]


def test_a_load_errors_row_names_the_exception() -> None:
    result = played(SUBMISSIONS / "CE" / "import_error.py", Case("c", "mantle", WORDS, 10))
    assert result.verdict == "CE"
    assert result.message.startswith("loading the file raised ModuleNotFoundError: ")
    assert "Traceback (most recent call last):" in result.detail


def test_a_file_that_cannot_load_is_reported_once(capsys: pytest.CaptureFixture[str]) -> None:
    path = SUBMISSIONS / "CE" / "syntax_error.py"
    assert main(["grade", str(path), "--cases", str(CASES / "handwritten")]) == 1
    out = capsys.readouterr().out
    assert sum(line.startswith("CE ") for line in out.splitlines()) == 1
    assert "0/14 accepted (CE 14)" in out
    assert "--case NAME -v" not in out and "see the whole error with: -v" in out


def test_compare_shows_each_solutions_verdicts(capsys: pytest.CaptureFixture[str]) -> None:
    main(["compare", str(SOLUTIONS / "minimax_cpp.py"), str(SUBMISSIONS / "CE" / "syntax_error.py"),
          str(SUBMISSIONS / "RTE" / "raises.py"), "--cases", str(CASES / "examples")])
    captured = capsys.readouterr()
    rows = {line.split()[1]: line for line in captured.out.splitlines()[1:4]}  # after the rank
    assert " CE 2 " in rows["syntax_error.py"] and " RTE 2 " in rows["raises.py"]
    assert " 2/2 " in rows["minimax_cpp.py"] and " - " in rows["minimax_cpp.py"]
    assert "\r" not in captured.err  # not a terminal: no progress line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_on_a_terminal_counts_and_estimates() -> None:
    screen = Terminal()
    progress = Progress(4, "grading", stream=screen)
    for _ in range(4):
        progress.advance()
    assert "\rgrading: 4/4" in screen.getvalue() and "left" in screen.getvalue()
    progress.close()
    assert screen.getvalue().endswith("\r")


def test_progress_is_silent_when_piped_or_disabled() -> None:
    piped, quiet = io.StringIO(), Terminal()
    for progress in (Progress(2, "x", stream=piped), Progress(2, "x", stream=quiet, enabled=False)):
        progress.advance(2)
        progress.close()
    assert piped.getvalue() == quiet.getvalue() == ""


def test_compare_shows_a_bar_per_solution_on_a_terminal_and_lines_elsewhere() -> None:
    from judge.report.progress import SolutionsProgress

    screen = Terminal()
    progress = SolutionsProgress(2, 3, stream=screen, terminal=True)
    progress.started("alice/solution.py")
    for _ in range(3):
        progress.advance("alice/solution.py")
    progress.finished("alice/solution.py", "graded alice/solution.py: 3/3 accepted, 0.1 s")
    progress.close()
    shown = screen.getvalue()
    assert "alice/solution.py" in shown and "3/3" in shown and "\x1b[" in shown
    plain = io.StringIO()
    progress = SolutionsProgress(2, 3, stream=plain, terminal=False)
    progress.started("bob.py")
    progress.advance("bob.py")
    progress.finished("bob.py", "graded bob.py: 0/3 accepted (TLE 3), 15.0 s")
    progress.close()
    assert plain.getvalue() == "graded bob.py: 0/3 accepted (TLE 3), 15.0 s\n"
