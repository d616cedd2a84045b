"""Where a report may be written: a file (whole or not at all), a link to one, or something
that is not a file at all (/dev/stdout, /dev/null, a pipe), which a rename would replace."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cli.main import system_error_text
from judge.report.files import check_writable, write_atomically

from .conftest import CASES, SOLUTIONS

GRADE = ["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", str(CASES / "examples"), "-q"]


def test_a_report_into_a_pipe_is_read_from_the_pipe_and_the_pipe_stays(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    # Its reader is there first, never waiting: a judge that renamed over the pipe fails the
    # test rather than hang it.
    reader = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
    heard = b""
    try:
        write_atomically(pipe, "the report\n")
        with contextlib.suppress(BlockingIOError):
            heard = os.read(reader, 1000)
    finally:
        os.close(reader)
    assert heard == b"the report\n"
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root makes device files")
def test_a_full_device_is_written_in_place_and_named_in_the_error(tmp_path: Path) -> None:
    """A device of the test's own (the same as /dev/full), so that a judge that renamed over
    it would replace nothing of the machine's."""
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    with pytest.raises(OSError) as raised:
        write_atomically(full, "the report\n")
    assert system_error_text(raised.value) == (
        f"{full}: the report was not written: No space left on device")
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["full"]


def test_a_report_through_a_link_keeps_the_link(tmp_path: Path) -> None:
    (tmp_path / "report.json").write_text("old", encoding="utf-8")
    link = tmp_path / "latest.json"
    link.symlink_to("report.json")
    write_atomically(link, "new")
    assert link.is_symlink() and os.readlink(link) == "report.json"
    assert (tmp_path / "report.json").read_text(encoding="utf-8") == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["latest.json", "report.json"]


def test_a_folder_that_takes_no_new_file_is_refused_before_the_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    """/proc refuses every new file, even root's, whom any access check lets pass."""
    assert check_writable(Path("/proc/report.json")) is not None
    assert main([*GRADE, "--html", "/proc/report.html"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing graded
    assert captured.err.count("\n") == 1
    assert "/proc/report.html: directory /proc is not writable (" in captured.err


def test_asking_whether_a_folder_takes_a_report_leaves_nothing_in_it(tmp_path: Path) -> None:
    assert check_writable(tmp_path / "report.json") is None
    assert list(tmp_path.iterdir()) == []


def test_a_report_written_to_standard_output_follows_the_summary() -> None:
    """/dev/stdout is a link to /proc/self/fd/1, named here: a judge that renamed over the
    path would fail in /proc rather than replace the machine's /dev/stdout."""
    import json
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "judge", *GRADE, "--json", "/proc/self/fd/1"],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout[done.stdout.index("{"):])
    assert report["summary"]["accepted"] == report["summary"]["cases"]


def test_a_system_error_is_the_file_and_the_systems_words() -> None:
    assert system_error_text(OSError(2, "No such file or directory", "x.json")) == (
        "x.json: No such file or directory")
    assert system_error_text(OSError(28, "No space left on device")) == (
        "No space left on device")
    assert system_error_text(OSError("disk full")) == "disk full"
