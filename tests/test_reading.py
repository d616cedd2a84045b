"""Files the user names are read with a bound: a FIFO, a device, a sparse file of terabytes
or a loop of links is one clear line (exit 2), or the submission's CE, never a hang, a
traceback or the machine's memory."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from judge.cli.main import main
from judge.reading import (
    LARGEST_SOLUTION_FILE,
    UnreadableFile,
    read_bounded,
    read_text_bounded,
    solution_refused,
    solution_sha256,
)

ROOT = Path(__file__).resolve().parent.parent
FIRST = ROOT / "solutions" / "first_candidate.py"
EXAMPLE = ROOT / "cases" / "examples" / "example1.txt"


def hostile(folder: Path) -> dict[str, Path]:
    """One path of each kind a read must not trust."""
    paths = {"missing": folder / "missing.json", "folder": folder, "device": Path("/dev/zero"),
             "fifo": folder / "fifo.json", "loop": folder / "loop.json",
             "sparse": folder / "sparse.json", "not text": folder / "binary.json",
             "dangling": folder / "dangling.json"}
    os.mkfifo(paths["fifo"])
    paths["dangling"].symlink_to(folder / "moved.json")
    paths["loop"].symlink_to(folder / "other.json")
    (folder / "other.json").symlink_to(paths["loop"])
    with open(paths["sparse"], "wb") as f:
        f.truncate(1 << 40)  # a terabyte the disk never holds
    paths["not text"].write_bytes(b"\xff\xfe{")
    return paths


REASONS = {"missing": "does not exist", "folder": "is a folder",
           "device": "is not a regular file", "fifo": "is not a regular file",
           "loop": "is a loop of symbolic links", "sparse": "is larger than 1 MiB",
           "not text": "is not UTF-8 text: byte 0 is 0xff",
           "dangling": "is a symbolic link to a file that does not exist"}


@pytest.mark.parametrize("kind", sorted(REASONS))
def test_a_file_that_cannot_be_read_whole_says_why(tmp_path: Path, kind: str) -> None:
    with pytest.raises(UnreadableFile) as refused:
        read_text_bounded(hostile(tmp_path)[kind], 1 << 20)
    assert str(refused.value) == REASONS[kind]


def test_a_byte_order_mark_is_not_text_and_a_bad_byte_after_it_is_found_where_it_is(
        tmp_path: Path) -> None:
    # Windows editors may begin UTF-8 with one; RFC 8259 lets a JSON reader ignore it.
    path = tmp_path / "case.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text_bounded(path, 100) == "{}"
    assert read_text_bounded(path, 100, encoding="ascii") == "{}"
    path.write_bytes(b"\xef\xbb\xbf{\xff}")
    with pytest.raises(UnreadableFile, match=r"^is not UTF-8 text: byte 4 is 0xff$"):
        read_text_bounded(path, 100)
    path.write_bytes(b"{\xef\xbb\xbf}")  # inside the text, it is a character like any other
    assert read_text_bounded(path, 100) == "{\ufeff}"


def test_the_bound_itself_is_read_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000
    with pytest.raises(UnreadableFile, match="is larger than 999 bytes"):
        read_bounded(path, 999)


def test_a_file_longer_than_its_size_says_is_read_no_further_than_the_bound() -> None:
    # /proc's files say they are empty; this one is longer than the bound.
    status = Path(f"/proc/{os.getpid()}/status")
    assert status.stat().st_size == 0
    assert b"Pid:" in read_bounded(status, 1 << 20)
    with pytest.raises(UnreadableFile, match="is larger than"):
        read_bounded(status, 10)


@pytest.mark.parametrize("kind", ["device", "fifo", "sparse", "loop", "dangling"])
@pytest.mark.parametrize("argv", [
    ["grade", str(FIRST), "--cases", "{}"],
    ["merge", "{}"],
    ["bench", "--from-json", "{}", "--page", "{page}"],
    ["wc2022", str(ROOT / "solutions" / "wc2022" / "entropy.py"), "--dictionary", "{}"],
    ["wc2022-bound", "--dictionary", "{}"],
])
def test_every_command_that_reads_a_named_file_refuses_it_in_one_line(
        tmp_path: Path, kind: str, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile(tmp_path)[kind]
    page = tmp_path / "page.md"
    assert main([a.format(path, page=page) for a in argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert REASONS[kind].replace("1 MiB", "") in err and path.name in err, err


@pytest.mark.parametrize("name", ["solution.py", "solution.cpp", "Solution.java"])
def test_a_solution_file_of_a_terabyte_is_the_submissions_compile_error(
        tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Read whole, it would fill the judge's memory (a compiled language's source is read by
    # the judge to build it) or the worker's.
    sparse = tmp_path / name
    with open(sparse, "wb") as f:
        f.truncate(1 << 40)
    said = solution_refused(sparse)
    assert said == ("the solution file is 1,099,511,627,776 bytes, larger than the 16 MiB the "
                    "judge reads")
    for way in ([], ["--in-process"]) if name.endswith(".py") else ([],):
        assert main(["grade", str(sparse), "--cases", str(EXAMPLE), "-v", *way]) == 1
        out = capsys.readouterr().out
        assert "CE" in out and said in out, out
    # Its digest, which merge compares, is made without reading it.
    assert len(solution_sha256(sparse)) == 64


def test_a_solution_file_at_the_bound_is_built_and_one_byte_more_is_not(tmp_path: Path) -> None:
    path = tmp_path / "solution.py"
    with open(path, "wb") as f:
        f.truncate(LARGEST_SOLUTION_FILE)
    assert solution_refused(path) == ""
    with open(path, "ab") as f:
        f.write(b"\n")
    assert "larger than the 16 MiB" in solution_refused(path)


def test_a_class_with_one_oversized_file_grades_the_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for student in ("alice", "bob"):
        (tmp_path / student).mkdir()
    (tmp_path / "alice" / "solution.py").write_bytes(FIRST.read_bytes())
    with open(tmp_path / "bob" / "solution.py", "wb") as f:
        f.truncate(1 << 40)
    assert main(["compare", str(tmp_path), "--cases", str(EXAMPLE), "--in-process"]) == 1
    out = capsys.readouterr().out
    assert "alice/solution.py" in out and "bob/solution.py" in out


@pytest.mark.parametrize(("argv", "said"), [
    (["generate", "random", "--count", "99999999999", "--out", "{}"], "--count 1..100,000"),
    (["wc2022", str(ROOT / "solutions" / "wc2022" / "entropy.py"), "--rounds", str(10**20)],
     "--rounds must be 1..1,000,000"),
    (["bench", "--wc2022-rounds", "0"], "--wc2022-rounds must be 1..1,000,000"),
])
def test_a_count_that_would_run_for_ever_is_refused_before_anything_runs(
        tmp_path: Path, argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Seen: generate --count 99999999999 and wc2022 --rounds 1e20 ran until stopped.
    assert main([a.format(tmp_path / "out") for a in argv]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_a_class_with_one_unreadable_file_grades_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # Root reads every file, so the refusal a user without root meets (a student's file of
    # mode 000, unpacked from a zip) is made here by the calls that open it. Before, the
    # judge's own read of the C++ source to build it raised, and every case was JE: the
    # judge's error, for what is the submission's.
    import io

    import judge.reading

    for student in ("alice", "bob"):
        (tmp_path / student).mkdir()
    shutil.copy(FIRST, tmp_path / "alice" / "solution.py")
    shutil.copy(ROOT / "tests" / "submissions" / "AC" / "first_candidate.cpp",
                tmp_path / "bob" / "solution.cpp")
    unreadable = str(tmp_path / "bob" / "solution.cpp")
    real_open, real_io_open = os.open, io.open

    def refusing(path: object, *args: Any, **kwargs: Any) -> int:
        if os.fspath(path) == unreadable:  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)  # type: ignore[arg-type]

    def refusing_io(path: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(path, (str, os.PathLike)) and os.fspath(path) == unreadable:
            raise PermissionError(13, "Permission denied")
        return real_io_open(path, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(judge.reading.os, "open", refusing)
    monkeypatch.setattr(io, "open", refusing_io)
    report = tmp_path / "class.json"
    assert main(["compare", str(tmp_path), "--cases", str(EXAMPLE), "--json", str(report)]) == 1
    out = capsys.readouterr().out
    assert "alice/solution.py" in out and "CE 1" in out
    assert "the solution file cannot be read: Permission denied" in report.read_text()
    assert '"JE"' not in report.read_text()
