"""grade --watch: a save grades the file again, the failing cases first, only changes shown."""

from __future__ import annotations

import argparse
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from judge.cases import Case, load_cases, shared_lists
from judge.cli.watch import CHANGES_SHOWN, again
from judge.run.limits import Limits

from .conftest import CASES, SOLUTIONS, needs_languages

pytest.importorskip("watchfiles")
SUBMISSIONS = Path(__file__).parent / "submissions"
ROOT = Path(__file__).resolve().parent.parent
SECONDS = 120  # each wait below is met in about a second; the margin is for a busy machine
GIVES_UP = "class Solution:\n    def findSecretWord(self, words, master):\n        return\n"


def read_until(process: subprocess.Popen[str], text: str, seen: list[str],
               seconds: float = SECONDS) -> None:
    """Lines of the process's output until one holds `text`; fails once the time runs out,
    never waits longer (a line that never comes does not block the test)."""
    assert process.stdout is not None
    deadline = time.monotonic() + seconds
    buffered = getattr(process, "pending", "")
    while True:
        while "\n" in buffered:
            line, buffered = buffered.split("\n", 1)
            seen.append(line + "\n")
            if text in line:
                process.pending = buffered  # type: ignore[attr-defined]
                return
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([process.stdout], [], [], left)[0]:
            break
        chunk = os.read(process.stdout.fileno(), 65536).decode("utf-8", "replace")
        if not chunk:
            break
        buffered += chunk
    raise AssertionError(f"never printed {text!r}:\n{''.join(seen)}")


def interrupt(process: subprocess.Popen[str], seen: list[str]) -> None:
    """Ctrl-C, and again if the watch says nothing for a while: once, on a machine running
    four times as many processes as it has cores, the first was not answered in 120 s (cause
    not found; a person would press it again)."""
    for _ in range(SECONDS // 15):
        process.send_signal(signal.SIGINT)
        try:
            read_until(process, "stopped watching", seen, seconds=15)
            return
        except AssertionError:
            if process.poll() is not None:
                raise
    raise AssertionError(f"Ctrl-C never stopped the watch:\n{''.join(seen)}")


def ctrl_c_as_in_a_terminal() -> None:
    """A suite started in the background (`make test &`) ignores SIGINT, and so would the
    judge it starts, as Python leaves an ignored SIGINT ignored: Ctrl-C restored as it is in a
    terminal's foreground."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_save_grades_again_and_ctrl_c_stops(tmp_path: Path) -> None:
    solution = tmp_path / "mine.py"
    solution.write_text(GIVES_UP)
    seen: list[str] = []
    with subprocess.Popen(
            [sys.executable, "-u", "-m", "judge", "grade", str(solution), "--cases",
             str(CASES / "examples"), "--watch", "--no-sandbox"], cwd=ROOT, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            preexec_fn=ctrl_c_as_in_a_terminal) as process:
        try:
            read_until(process, "0/2 accepted", seen)
            read_until(process, "watching", seen)
            time.sleep(0.5)  # the watch is set up once it has said so; a margin for inotify
            solution.write_text((SOLUTIONS / "first_candidate.py").read_text())
            read_until(process, "saved: grading again, the 2 cases not accepted last time "
                                "first", seen)
            read_until(process, "2/2 accepted", seen)
            changes = [line for line in seen if "-> AC" in line]
            assert sorted(line.split(":")[0].strip() for line in changes) == ["example1",
                                                                               "example2"]
            interrupt(process, seen)
            assert process.wait(timeout=SECONDS) == 0
        finally:
            if process.poll() is None:
                process.kill()
    assert "Traceback" not in "".join(seen)


def round_arguments(cases: Sequence[Case]) -> argparse.Namespace:
    """What grade's command line gives a round of --watch: unsandboxed, a fixed seed."""
    return argparse.Namespace(
        time_limit=Limits.time_seconds, memory_limit=Limits.memory_mb, in_process=False,
        language=None, sandboxed=False, run_seed=1, adversary=False, fail_fast=0,
        solution_seconds=None, shared_lists=shared_lists(cases))


def test_a_case_that_failed_in_its_lists_warm_state_is_graded_again_from_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The cases not accepted last time are graded first, apart from their list's others: each
    from the list's warm state all the same. A refusal of that state stays a refusal, where
    alone in a process of its own the case would have shown "RTE -> AC" for an unchanged file."""
    from .test_integrity import CHEATS, every_secret_of_one_list

    cases = every_secret_of_one_list(4)
    args = round_arguments(cases)
    last = {c.name: "AC" for c in cases} | {cases[0].name: "RTE"}
    report = again(args, CHEATS / "reads_a_note_it_kept_open.py", cases, last, 5)
    assert [r.verdict for r in report.results] == ["RTE"] * 4
    shown = capsys.readouterr().out
    assert "RTE -> AC" not in shown and shown.count("AC -> RTE") == 3


def test_a_file_that_no_longer_compiles_is_said_once(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A compile error is the file's: one line, however many cases there are."""
    from judge.cases import load_cases
    cases = load_cases([CASES / "handwritten"])
    broken = tmp_path / "s.py"
    broken.write_text("class Solution:\n    def findSecretWord(self, words, master):\n"
                      "        garbage(((\n")
    args = round_arguments(cases)
    report = again(args, broken, cases, {c.name: "AC" for c in cases}, 5)
    assert {r.verdict for r in report.results} == {"CE"}
    shown = capsys.readouterr().out.splitlines()
    assert shown == [
        "", "s.py saved: grading again",
        f"  CE  SyntaxError: '(' was never closed ({broken}, line 3) (no case runs)"]


def test_past_ten_changed_verdicts_the_rest_are_counted(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A fix that turns two thousand cases would scroll the summary out of sight."""
    cases = load_cases([CASES / "handwritten"])
    last = {c.name: "WA" for c in cases}
    report = again(round_arguments(cases), SOLUTIONS / "minimax_cpp.py", cases, last, 5)
    assert report.summary()["accepted"] == len(cases) == 14
    shown = capsys.readouterr().out.splitlines()
    assert len([line for line in shown if line.endswith(": WA -> AC")]) == CHANGES_SHOWN
    assert shown[-1] == "  and 4 more changed: WA -> AC 4"


def test_a_file_that_compiles_again_says_so_once_and_names_only_what_is_not_accepted(
        capsys: pytest.CaptureFixture[str]) -> None:
    cases = load_cases([CASES / "handwritten"])
    last = {c.name: "CE" for c in cases}
    again(round_arguments(cases), SOLUTIONS / "first_candidate.py", cases, last, 5)
    shown = capsys.readouterr().out.splitlines()
    assert shown[2:] == ["  compiles again (CE last time)",
                         "  random-100-a: CE -> WA  found the secret at guess 11, limit 10"]


@needs_languages("cpp")
def test_a_compiler_mended_between_saves_builds_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken toolchain is the judge's error (JE), remembered so that a class does not build
    twice over to learn it again; mended while --watch runs, the next save builds the file."""
    from judge.run import session

    cases = load_cases([CASES / "examples" / "example1.txt"])
    broken = tmp_path / "broken"
    broken.touch()
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    compiler = bin_folder / "g++"
    real = shutil.which("g++")
    compiler.write_text(f"#!/bin/sh\nif test -e {broken} && test \"$1\" != --version; then\n"
                        f"  echo 'g++: fatal error: cannot execute cc1plus' >&2; exit 1\nfi\n"
                        f"exec {real} \"$@\"\n")
    compiler.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_folder}:{os.environ['PATH']}")
    # Unconfined, so that the build runs this g++ (a sandbox shows /usr only).
    monkeypatch.setattr(session, "bubblewrap_works", lambda: False)
    solution = SUBMISSIONS / "CE" / "syntax_error.cpp"
    report = again(round_arguments(cases), solution, cases, {"example1": "AC"}, 5)
    assert [r.verdict for r in report.results] == ["JE"]
    broken.unlink()
    report = again(round_arguments(cases), solution, cases, {"example1": "JE"}, 5)
    assert [r.verdict for r in report.results] == ["CE"]  # the file's own error at last
