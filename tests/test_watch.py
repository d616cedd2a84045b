"""grade --watch: a save grades the file again, the failing cases first, only changes shown."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import CASES, SOLUTIONS

pytest.importorskip("watchfiles")
ROOT = Path(__file__).resolve().parent.parent
SECONDS = 120  # each wait below is met in about a second; the margin is for a busy machine
GIVES_UP = "class Solution:\n    def findSecretWord(self, words, master):\n        return\n"


def read_until(process: subprocess.Popen[str], text: str, seen: list[str]) -> None:
    """Lines of the process's output until one holds `text` (or the time runs out)."""
    assert process.stdout is not None
    deadline = time.monotonic() + SECONDS
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if text in line:
            return
    raise AssertionError(f"never printed {text!r}:\n{''.join(seen)}")


def test_a_save_grades_again_and_ctrl_c_stops(tmp_path: Path) -> None:
    solution = tmp_path / "mine.py"
    solution.write_text(GIVES_UP)
    seen: list[str] = []
    with subprocess.Popen(
            [sys.executable, "-u", "-m", "judge", "grade", str(solution), "--cases",
             str(CASES / "examples"), "--watch", "--no-sandbox"], cwd=ROOT, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as process:
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
            process.send_signal(signal.SIGINT)
            read_until(process, "stopped watching", seen)
            assert process.wait(timeout=SECONDS) == 0
        finally:
            if process.poll() is None:
                process.kill()
    assert "Traceback" not in "".join(seen)
