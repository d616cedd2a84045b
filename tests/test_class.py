"""Grading a class: a folder of submissions in any language, ranked, fail-fast, and the
gradebook files, which all agree with each other."""

from __future__ import annotations

import csv
import json
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.harness.registry import harness_named
from judge.reading import LARGEST_SOLUTION_FILE

from .conftest import CASES, SOLUTIONS

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
HANDWRITTEN = str(CASES / "handwritten")
# Five cases, each on a list of its own: no warm-up games, whose time-outs fail-fast counts too.
FIVE = [x for name in ("two-words", "single-word", "secret-first", "pairs-of-twins",
                       "common-prefix")
        for x in ("--cases", str(CASES / "handwritten" / f"{name}.json"))]


def a_class(folder: Path) -> Path:
    """Submissions as a teacher collects them, thirty in all: many files named solution.py, an
    endless loop, a compile error, a Java file, and a note that is not a submission."""
    room = folder / "class"
    for i in range(24 if harness_named("java").missing() is None else 25):
        source = SOLUTIONS / ("minimax_cpp.py" if i % 2 else "first_candidate.py")
        (room / f"student{i:02d}").mkdir(parents=True)
        shutil.copy(source, room / f"student{i:02d}" / "solution.py")
    for student, source in [("alice", SOLUTIONS / "minimax_cpp.py"),
                            ("bob", SOLUTIONS / "first_candidate.py"),
                            ("carol", SUBMISSIONS / "TLE" / "infinite_loop.py"),
                            ("erin", SOLUTIONS / "entropy.py")]:
        (room / student).mkdir(parents=True)
        shutil.copy(source, room / student / "solution.py")
    shutil.copy(SUBMISSIONS / "CE" / "syntax_error.cpp", room / "dave.cpp")
    if harness_named("java").missing() is None:
        shutil.copy(SUBMISSIONS / "AC" / "first_candidate.java", room / "frank.java")
    (room / "README.txt").write_text("grading notes\n")
    return room


def test_a_class_folder_gives_one_ranked_gradebook_in_every_format(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    room = a_class(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    code = main(["compare", str(room), *FIVE, "--time-limit", "1",
                 "--order-seed", "5", "--json", str(out / "r.json"), "--csv", str(out / "g.csv"),
                 "--junit", str(out / "j.xml"), "--gradescope", str(out), "--html",
                 str(out / "r.html")])
    assert code == 1
    text = capsys.readouterr().out
    assert "passed over 1 file" in text and "README.txt" in text
    board = json.loads((out / "r.json").read_text())
    names = [r["label"] for r in board]
    assert "alice/solution.py" in names and "bob/solution.py" in names
    assert [r["rank"] for r in board] == sorted(r["rank"] for r in board)
    summaries = [r["summary"] for r in board]
    assert [-s["accepted"] for s in summaries] == sorted(-s["accepted"] for s in summaries)
    accepted_all = [s["mean_guesses_played"] for s in summaries if s["accepted"] == 5]
    assert accepted_all == sorted(accepted_all)  # then the fewest guesses
    loop = next(r for r in board if r["label"] == "carol/solution.py")["summary"]["verdicts"]
    assert loop == {"TLE": 3, "SC": 2}  # fail-fast: three time limits, not five
    assert len(board) == 30
    # Every format says the same of every submission.
    rows = list(csv.DictReader(line for line in (out / "g.csv").read_text().splitlines()
                               if not line.startswith("#")))
    suites = {s.get("name"): s for s in ElementTree.parse(out / "j.xml").getroot()}
    for report, row in zip(board, rows, strict=True):
        s = report["summary"]
        assert (row["solution"], int(row["rank"])) == (report["label"], report["rank"])
        assert int(row["score"]) == s["accepted"] and int(row["max_score"]) == s["cases"]
        for verdict, count in s["verdicts"].items():
            assert int(row[verdict]) == count
        suite = suites[report["label"]]
        assert int(suite.get("tests")) == s["cases"]
        assert int(suite.get("failures")) == s["verdicts"].get("WA", 0)
        assert int(suite.get("skipped")) == s["verdicts"].get("SC", 0)
        name = report["label"].replace("/", "_")
        gradescope = json.loads((out / f"{name}.results.json").read_text())
        assert (gradescope["score"], gradescope["max_score"]) == (s["accepted"], s["cases"])
        assert sum(t["score"] for t in gradescope["tests"]) == s["accepted"]
        assert f"<td>{s['accepted']}/{s['cases']}</td>" in (out / "r.html").read_text()
    students = {row["solution"]: row["student"] for row in rows}
    assert students["alice/solution.py"] == "alice" and students["dave.cpp"] == "dave"
    assert (out / "g.csv").read_text().startswith("# judge: guess-judge ")


def test_grade_takes_a_folder_a_report_each(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    room = tmp_path / "room"
    for student, source in [("ann", "minimax_cpp.py"), ("ben", "first_candidate.py")]:
        (room / student).mkdir(parents=True)
        shutil.copy(SOLUTIONS / source, room / student / "solution.py")
    out = tmp_path / "r.json"
    assert main(["grade", str(room), "--cases", str(CASES / "examples"), "--json", str(out),
                 "--order-seed", "4"]) == 0
    printed = capsys.readouterr().out
    assert "== ann/solution.py" in printed and "== ben/solution.py" in printed
    reports = json.loads(out.read_text())
    assert [Path(r["solution"]).parent.name for r in reports] == ["ann", "ben"]
    assert {r["order_seed"] for r in reports} == {4}


def test_without_fail_fast_every_case_runs(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    one = CASES / "handwritten"
    cases = [str(one / f"{name}.json") for name in ("two-words", "single-word", "secret-first",
                                                    "pairs-of-twins", "common-prefix")]
    assert main(["grade", str(SUBMISSIONS / "TLE" / "infinite_loop.py"), "--time-limit", "0.3",
                 "--fail-fast", "0", *[x for c in cases for x in ("--cases", c)],
                 "--json", str(report), "-q"]) == 1
    assert json.loads(report.read_text())["summary"]["verdicts"] == {"TLE": 5}
    assert main(["grade", str(SUBMISSIONS / "TLE" / "infinite_loop.py"), "--time-limit", "0.3",
                 "--fail-fast", "2", *[x for c in cases for x in ("--cases", c)],
                 "--json", str(report), "-q"]) == 1
    assert json.loads(report.read_text())["summary"]["verdicts"] == {"TLE": 2, "SC": 3}


def test_the_gradebook_names_each_submissions_student() -> None:
    from judge.report.gradebook import student_of

    assert student_of("ann/solution.py") == "ann"  # a class of folders
    assert student_of("ann/hw3/Solution.java") == "ann"
    assert student_of("ben.py") == "ben"  # a folder of files
    from judge.report.gradebook import gradebook_csv
    from judge.result import CaseResult, Report

    played = [CaseResult("c", "AC", "", 3, 10, 0.1, "acckzz")]
    named = Report("class/=cmd()/solution.py", played, label="=cmd()/solution.py")
    rows = [line for line in gradebook_csv([named]).splitlines() if not line.startswith("#")]
    assert rows[1].startswith(",'=cmd(),'=cmd()/solution.py,")  # never a formula


def test_a_spreadsheet_never_reads_a_name_as_a_formula(tmp_path: Path) -> None:
    from judge.report.gradebook import csv_text

    assert csv_text("=HYPERLINK(\"http://x\")").startswith("'=")
    assert csv_text("+1") == "'+1" and csv_text("alice") == "alice"


def test_a_folder_without_submissions_is_said_to_be_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "notes.txt").write_text("x")
    assert main(["compare", str(tmp_path), "--cases", HANDWRITTEN]) == 2
    assert "a folder with no solution file in it" in capsys.readouterr().err


def test_a_students_folder_of_several_files_is_said_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each file is graded, a row each, and the teacher is told which folder holds several;
    a folder of one week's files (no folder a student) says nothing."""
    room = tmp_path / "class"
    for student, files in [("ann", ["solution.py"]), ("dee", ["solution.py", "v2.py"])]:
        (room / student).mkdir(parents=True)
        for name in files:  # each its own (the same content is another warning's)
            (room / student / name).write_text(f"# {student}'s {name}\n"
                                               + (SOLUTIONS / "first_candidate.py").read_text())
    run = ["--cases", str(CASES / "examples" / "example1.txt"), "--in-process", "-q"]
    assert main(["compare", str(room), *run]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("warning:") == 1
    assert (f"warning: {room / 'dee'} holds 2 solution files, each graded as a submission of "
            "its own: solution.py, v2.py") in captured.err
    assert "dee/v2.py" in captured.out and "ann/solution.py" in captured.out
    assert main(["compare", str(room / "dee"), *run]) == 0  # one folder: its files, said none
    assert "warning" not in capsys.readouterr().err


def test_a_students_folder_without_a_solution_file_is_named_even_when_quiet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seen: ann handed in solution.py.txt, and with -q the gradebook simply had no ann. A
    folder beside the students' that holds no solution file (empty too) is named on stderr;
    hidden folders, caches and installed packages are not, nor a folder of one student."""
    room = tmp_path / "class"
    for student in ("ann", "bob", "cy", "dan", ".git", "__pycache__", "node_modules"):
        (room / student).mkdir(parents=True)
    for student in ("bob", "cy"):
        (room / student / "solution.py").write_text(
            f"# {student}'s\n" + (SOLUTIONS / "first_candidate.py").read_text())
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "ann" / "solution.py.txt")
    run = ["--cases", str(CASES / "examples" / "example1.txt"), "--in-process", "-q"]
    assert main(["compare", str(room), *run]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "warning: 2 folders beside the other students' hold no solution file the judge could "
        f"read (.cc, .cpp, .cxx, .java, .js, .kt, .py) and have no row: {room / 'ann'}, "
        f"{room / 'dan'}"]
    assert "bob/solution.py" in captured.out and "ann" not in captured.out
    # And a gradebook read on its own says so.
    gradebook = tmp_path / "g.csv"
    assert main(["compare", str(room), *run, "--csv", str(gradebook)]) == 0
    capsys.readouterr()
    assert (f"# not graded: {room / 'ann'} (a folder with no solution file the judge could "
            f"read); {room / 'dan'} (a folder with no solution file the judge could read)\n"
            in gradebook.read_text())
    (room / "bob" / "notes").mkdir()  # one student's folder: its subfolders are no students
    assert main(["compare", str(room / "bob"), *run]) == 0
    assert "warning" not in capsys.readouterr().err


def test_a_folder_the_judge_may_not_read_is_no_reason_to_refuse_the_class(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Seen as nobody, with one student's folder of mode 000: the whole class was refused,
    # "cls/ann/pyvenv.cfg: Permission denied". (Root reads anything, so the refusal is faked.)
    from judge.cli.submissions import installed_packages

    real_is_file = Path.is_file

    def is_file(path: Path) -> bool:
        if path.parent.name == "ann":
            raise PermissionError(13, "Permission denied", str(path))
        return real_is_file(path)

    monkeypatch.setattr(Path, "is_file", is_file)
    assert not installed_packages(tmp_path / "ann")
    assert installed_packages(tmp_path / "node_modules")


def test_an_archive_in_a_class_folder_is_a_warning_not_a_note(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A class downloaded as a folder of zips: with -q, ann had no row and nothing said so.
    room = tmp_path / "class"
    (room / "bob").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "bob" / "solution.py")
    (room / "ann.ZIP").write_bytes(b"PK\x03\x04")
    (room / "cy.tar.gz").write_bytes(b"\x1f\x8b")
    (room / "README.txt").write_text("week 3\n")
    run = ["--cases", str(CASES / "examples" / "example1.txt"), "--in-process"]
    assert main(["compare", str(room), *run, "-q"]) == 0
    captured = capsys.readouterr()
    assert captured.err.splitlines() == [
        "warning: passed over 2 archives in the folders given, which the judge does not "
        f"unpack: {room / 'ann.ZIP'}, {room / 'cy.tar.gz'}"]
    gradebook = tmp_path / "g.json"
    assert main(["compare", str(room), *run, "-q", "--json", str(gradebook)]) == 0
    capsys.readouterr()
    assert json.loads(gradebook.read_text())[0]["provenance"]["not_graded"] == [
        f"{room / 'ann.ZIP'} (an archive, not unpacked)",
        f"{room / 'cy.tar.gz'} (an archive, not unpacked)"]
    assert "README" not in captured.out + captured.err  # junk is a note, which -q leaves out
    assert main(["compare", str(room), *run]) == 0
    assert (f"not in a language the judge runs: {room / 'README.txt'}\n"
            in capsys.readouterr().out)
    shutil.rmtree(room / "bob")  # zips alone: refused in one line that says so
    assert main(["compare", str(room), *run]) == 2
    assert capsys.readouterr().err.endswith(
        "only 2 archives, which the judge does not unpack\n")


def test_files_of_the_same_content_are_named_by_their_students(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    room = tmp_path / "class"
    for student in ("ann", "ben", "cy", "dee"):
        (room / student).mkdir(parents=True)
    for student in ("ann", "cy", "dee"):
        shutil.copy(SOLUTIONS / "first_candidate.py", room / student / "solution.py")
    shutil.copy(SOLUTIONS / "minimax_cpp.py", room / "ben" / "solution.py")
    for student in ("ben", "cy"):  # over the size the judge reads: each a CE, never read
        with (room / student / "huge.py").open("wb") as huge:
            huge.truncate(LARGEST_SOLUTION_FILE + 1)
    run = ["--cases", str(CASES / "examples" / "example1.txt"), "--in-process", "-q"]
    main(["compare", str(room), *run])
    warnings = [line for line in capsys.readouterr().err.splitlines()
                if "of the same content" in line]
    assert warnings == ["warning: 3 files of the same content, each graded as a submission of "
                        "its own: ann/solution.py, cy/solution.py, dee/solution.py"]


def test_a_file_named_twice_is_graded_once(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    room = tmp_path / "class"
    (room / "ann").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "ann" / "solution.py")
    again = tmp_path / "class" / ".." / "class" / "ann" / "solution.py"
    out = tmp_path / "r.json"
    assert main(["compare", str(room), str(again), "--cases", str(CASES / "examples"),
                 "--in-process", "--json", str(out)]) == 0
    assert [r["label"] for r in json.loads(out.read_text())] == ["ann/solution.py"]
    captured = capsys.readouterr()
    assert f"named more than once, graded once: {again}" in captured.out
    assert "same content" not in captured.err


def test_labels_tell_apart_files_of_one_name() -> None:
    from judge.cli.submissions import labels

    assert labels([Path("/a/x/s.py"), Path("/b/x/s.py"), Path("/c/t.py")]) == [
        "a/x/s.py", "b/x/s.py", "t.py"]
    assert labels([Path("/a/s.py"), Path("/a/s.py")]) == ["/a/s.py (1)", "/a/s.py (2)"]


def test_in_a_class_folder_every_file_is_named_with_its_student(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # No two files share a name, so the shortest tails alone would drop every student's name.
    from judge.cli.submissions import labels

    room = tmp_path / "class"
    for student, name in (("ann", "solution.py"), ("ben", "Solution.java"), ("cat", "s.js")):
        (room / student).mkdir(parents=True)
        (room / student / name).write_text("x")
    (room / "top.py").write_text("x")
    elsewhere = tmp_path / "kept" / "original.py"
    elsewhere.parent.mkdir()
    elsewhere.write_text("x")
    (room / "ann" / "linked.py").symlink_to(elsewhere)  # still ann's, under ann's name
    files = sorted(p for p in room.rglob("*") if p.is_file())
    assert labels(files, [room]) == ["ann/linked.py", "ann/solution.py", "ben/Solution.java",
                                     "cat/s.js", "top.py"]
    # A file named on its own keeps its shortest tail beside them.
    assert labels([*files[:2], elsewhere], [room]) == ["ann/linked.py", "ann/solution.py",
                                                       "original.py"]
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "ann" / "solution.py")
    for other in (room / "ben" / "Solution.java", room / "cat" / "s.js", room / "top.py",
                  room / "ann" / "linked.py"):
        other.unlink()
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "-q",
                 "--in-process"]) == 0
    assert "ann/solution.py" in capsys.readouterr().out


def test_a_solution_past_its_time_budget_runs_no_more_cases(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    cases = [str(CASES / "handwritten" / f"{name}.json") for name in (
        "two-words", "single-word", "secret-first", "pairs-of-twins", "common-prefix")]
    assert main(["grade", str(SUBMISSIONS / "TLE" / "infinite_loop.py"), "--time-limit", "0.3",
                 "--fail-fast", "0", "--solution-seconds", "0.5",
                 *[x for c in cases for x in ("--cases", c)], "--json", str(report), "-q"]) == 1
    verdicts = json.loads(report.read_text())["summary"]["verdicts"]
    # Each time-out takes at least 0.3 s: past 0.5 s, after one or two, the rest are not run.
    assert verdicts["TLE"] in (1, 2) and verdicts["SC"] == 5 - verdicts["TLE"]


def test_a_warm_up_game_that_times_out_counts_toward_fail_fast(tmp_path: Path) -> None:
    """Cases of one list are forked from a state warmed by unscored games: an endless loop
    spends a time limit in the first of them, and fail-fast counts it."""
    report = tmp_path / "r.json"
    assert main(["grade", str(SUBMISSIONS / "TLE" / "infinite_loop.py"), "--time-limit", "0.3",
                 "--fail-fast", "2", "--all-secrets", "--cases",
                 str(CASES / "handwritten" / "pairs-of-twins.json"), "--json", str(report),
                 "-q"]) == 1
    data = json.loads(report.read_text())
    verdicts = data["summary"]["verdicts"]
    assert verdicts["TLE"] == 1 and verdicts["SC"] == data["summary"]["cases"] - 1
    assert "timed out 2 times" in next(c["message"] for c in data["cases"]
                                       if c["verdict"] == "SC")


def test_gradescope_for_a_class_makes_its_folder_and_refuses_a_file_before_grading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seen: a class graded to the end, then "--gradescope takes a folder" and exit 2.
    room = tmp_path / "class"
    for student in ("ann", "ben"):
        (room / student).mkdir(parents=True)
        shutil.copy(SOLUTIONS / "first_candidate.py", room / student / "solution.py")
    taken = tmp_path / "results.json"
    taken.write_text("a file already")
    csv_file = tmp_path / "grades.csv"
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "--in-process",
                 "--gradescope", str(taken), "--csv", str(csv_file)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "--gradescope takes a folder" in err and len(err.splitlines()) == 1
    assert taken.read_text() == "a file already" and not csv_file.exists()
    made = tmp_path / "gradescope"
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "--in-process",
                 "-q", "--gradescope", str(made)]) == 0
    assert sorted(p.name for p in made.iterdir()) == ["ann_solution.py.results.json",
                                                      "ben_solution.py.results.json"]


def test_gradescope_files_of_names_that_sanitise_alike_are_each_their_own() -> None:
    from judge.cli.reports import gradescope_names
    from judge.result import Report

    reports = [Report(f"/c/{name}/s.py", [], label=f"{name}/s.py")
               for name in ("a b", "a_b", "A_B", "émile", "\u202e")]
    assert gradescope_names(reports) == ["a_b_s.py", "a_b_s.py-2", "A_B_s.py-3", "mile_s.py",
                                         "s.py"]


def test_names_in_a_class_folder_that_are_no_files_are_passed_over_aloud(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A pipe named as a submission (whose read would wait for ever), a link to nothing and a
    loop of links: each said on stderr, never graded, and the class's files are."""
    import os

    room = tmp_path / "class"
    for student in ("ann", "bob", "cy"):
        (room / student).mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "ann" / "solution.py")
    os.mkfifo(room / "bob" / "solution.py")
    (room / "cy" / "solution.py").symlink_to(tmp_path / "nowhere.py")
    (room / "cy" / "one.py").symlink_to("two.py")
    (room / "cy" / "two.py").symlink_to("one.py")
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "-q"]) == 0
    out, err = capsys.readouterr()
    assert "ann/solution.py" in out and "bob" not in out and "cy" not in out
    assert err.splitlines() == [
        "warning: passed over 3 symbolic links in the folders given, not followed (a "
        "submission's link could lead to any file of yours; name one on the command line to "
        "grade what it leads to): "
        f"{room}/cy/one.py, {room}/cy/solution.py, {room}/cy/two.py",
        "warning: passed over 1 name that is not a file (a pipe, a device or a socket) in the "
        f"folders given: {room}/bob/solution.py"]
    # A folder of them alone is one line, exit 2.
    assert main(["grade", str(room / "bob"), "--cases", str(CASES / "examples")]) == 2
    assert capsys.readouterr().err.endswith(
        "a folder with no solution file in it (.cc, .cpp, .cxx, .java, .js, .kt, .py), only 1 "
        "name that is not a file (a pipe, a device or a socket)\n")


def test_a_link_in_a_class_folder_is_not_followed_to_a_file_of_the_graders(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seen: mallory/solution.py, a link to the hidden cases (or /etc/passwd), was graded; the
    # sandbox mounts what the link leads to, and a compile error shows the file's lines.
    hidden = tmp_path / "hidden"
    hidden.mkdir()
    (hidden / "secret.txt").write_text("the grader's own file\n")
    (hidden / "other.py").write_text("the grader's own program\n")
    room = tmp_path / "class"
    for student in ("ann", "mallory"):
        (room / student).mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "ann" / "solution.py")
    (room / "mallory" / "solution.py").symlink_to(hidden / "secret.txt")
    (room / "mallory" / "linked_folder").symlink_to(hidden, target_is_directory=True)
    gradebook = tmp_path / "g.json"
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "-q",
                 "--json", str(gradebook)]) == 0
    out, err = capsys.readouterr()
    assert "grader's own" not in out + err + gradebook.read_text()
    assert "other.py" not in out + err  # a linked folder is not entered either
    assert "ann/solution.py" in out and "mallory" not in out
    assert err.startswith("warning: passed over 2 symbolic links")
    assert "mallory/linked_folder" in err and "mallory/solution.py" in err
    # A folder of links alone is one line, exit 2; a link named on its own is followed.
    assert main(["grade", str(room / "mallory"), "--cases", str(CASES / "examples")]) == 2
    assert "only 2 symbolic links, which the judge does not follow" in capsys.readouterr().err
    linked = tmp_path / "mine.py"
    linked.symlink_to(SOLUTIONS / "first_candidate.py")
    assert main(["grade", str(linked), "--cases", str(CASES / "examples"), "-q"]) == 0


def test_a_students_folder_that_is_a_link_is_named_not_silently_left_out(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Seen: a class put together with ln -s (class/ann -> ~/submissions/ann) graded bob alone,
    # and ann was missing from the gradebook without a word.
    (tmp_path / "submissions" / "ann").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", tmp_path / "submissions" / "ann" / "s.py")
    room = tmp_path / "class"
    (room / "bob").mkdir(parents=True)
    shutil.copy(SOLUTIONS / "first_candidate.py", room / "bob" / "s.py")
    (room / "ann").symlink_to(tmp_path / "submissions" / "ann", target_is_directory=True)
    assert main(["compare", str(room), "--cases", str(CASES / "examples"), "-q"]) == 0
    out, err = capsys.readouterr()
    assert "bob/s.py" in out and "ann" not in out
    assert err.startswith("warning: passed over 1 symbolic link in the folders given")
    assert err.rstrip().endswith(f"name one on the command line to grade what it leads to): "
                                 f"{room}/ann")
    # Named on the command line, it is graded.
    assert main(["compare", str(room / "ann"), str(room / "bob"), "--cases",
                 str(CASES / "examples"), "-q"]) == 0
    assert "ann/s.py" in capsys.readouterr().out


def test_packages_installed_in_a_class_folder_are_not_graded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A student who ran npm install, or made a virtual environment, beside the solution: each
    # package's file of a served language would be a row of the gradebook.
    room = tmp_path / "class"
    package = room / "ann" / "node_modules" / "left-pad"
    environment = room / "bob" / "env"
    installed = environment / "lib" / "python3.11" / "site-packages"
    for folder in (package, installed):
        folder.mkdir(parents=True)
    for student in ("ann", "bob"):
        shutil.copy(SOLUTIONS / "first_candidate.py", room / student / "solution.py")
    (package / "index.js").write_text("module.exports = s => s;\n")
    (environment / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (installed / "six.py").write_text("raise SystemExit\n")
    gradebook = tmp_path / "g.json"
    assert main(["compare", str(room), "--cases", str(CASES / "examples"),
                 "--json", str(gradebook)]) == 0
    out = capsys.readouterr().out
    assert [r["label"] for r in json.loads(gradebook.read_text())] == [
        "ann/solution.py", "bob/solution.py"]
    assert (f"passed over 2 folders of installed packages in the folders given: "
            f"{room / 'ann' / 'node_modules'}, {environment}") in out
    assert "index.js" not in out and "six.py" not in out


def test_a_gradescope_submission_of_two_files_tells_the_student_to_submit_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The autograder's command (docs/how-to.md) with a results.json path: a folder made in its
    # place, or nothing written, would leave the student with "the autograder failed".
    submission = tmp_path / "submission"
    submission.mkdir()
    for name in ("solution.py", "scratch.py"):
        shutil.copy(SOLUTIONS / "first_candidate.py", submission / name)
    results = tmp_path / "results" / "results.json"
    results.parent.mkdir()
    assert main(["grade", str(submission), "--cases", str(CASES / "examples"), "-q",
                 "--gradescope", str(results)]) == 2
    out, err = capsys.readouterr()
    said = json.loads(results.read_text())
    assert said["score"] == 0 and said["tests"] == []
    assert "2 solution files were found (scratch.py, solution.py); submit one" in said["output"]
    assert out == "" and "submit one" in err and len(err.splitlines()) == 1
    # compare is the teacher's: a .json path for several solutions is refused, nothing written.
    results.unlink()
    assert main(["compare", str(submission), "--cases", str(CASES / "examples"), "-q",
                 "--gradescope", str(results)]) == 2
    assert "--gradescope takes a folder" in capsys.readouterr().err and not results.exists()
    # A submission with no solution in it, or only a link, is told so too.
    for name in ("solution.py", "scratch.py"):
        (submission / name).unlink()
    (submission / "solution.py").symlink_to(SOLUTIONS / "first_candidate.py")
    assert main(["grade", str(submission), "--cases", str(CASES / "examples"), "-q",
                 "--gradescope", str(results)]) == 2
    capsys.readouterr()
    assert "only 1 symbolic link" in json.loads(results.read_text())["output"]


def test_one_solutions_gradescope_results_are_one_file(tmp_path: Path) -> None:
    # The autograder's own case: one submission, one results file, whatever its name; a folder
    # that exists gets a file inside it instead.
    for name in ("results.json", "results"):
        path = tmp_path / name
        assert main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases",
                     str(CASES / "examples"), "-q", "--gradescope", str(path)]) == 0
        assert path.is_file() and json.loads(path.read_text())["score"] > 0
    folder = tmp_path / "folder"
    folder.mkdir()
    assert main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases",
                 str(CASES / "examples"), "-q", "--gradescope", str(folder)]) == 0
    assert [p.name for p in folder.iterdir()] == ["first_candidate.py.results.json"]


def test_gradescope_visibility_hides_each_cases_result_until_the_teacher_says(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A case's output holds its secret: hidden cases' results may be held back from the
    student, as Gradescope's settings allow; visible is the default."""
    path = tmp_path / "results.json"
    run = ["grade", str(SOLUTIONS / "first_candidate.py"), "--cases", str(CASES / "examples"),
           "-q", "--gradescope", str(path)]
    assert main(run) == 0
    assert {t["visibility"] for t in json.loads(path.read_text())["tests"]} == {"visible"}
    assert main([*run, "--gradescope-visibility", "after_due_date"]) == 0
    results = json.loads(path.read_text())
    assert {t["visibility"] for t in results["tests"]} == {"after_due_date"}
    assert results["visibility"] == "after_due_date"
    capsys.readouterr()
    assert main([*run, "--gradescope-visibility", "never"]) == 2
    assert "invalid choice: 'never'" in capsys.readouterr().err
    assert main([*run[:-2], "--gradescope-visibility", "hidden"]) == 2
    assert "--gradescope-visibility goes with --gradescope" in capsys.readouterr().err


def test_whether_gradescope_names_a_file_or_a_folder(tmp_path: Path) -> None:
    from judge.cli.reports import gradescope_file

    assert [gradescope_file(tmp_path / "r.json", n) for n in (None, 1, 2)] == [True, True, False]
    assert [gradescope_file(tmp_path / "out", n) for n in (None, 1, 2)] == [False, True, False]
    assert [gradescope_file(tmp_path, n) for n in (None, 1, 2)] == [False, False, False]
    assert gradescope_file(None, 1) is False


def test_the_ranking_says_why_each_file_that_never_loaded_did_not(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Its row says only "CE 2": the line under the table says why, as grade would, and so
    does the ranking that merge makes of the run's shards."""
    room = tmp_path / "class"
    broken = "class Solution:\n    def findSecretWord(self, words, master)\n"
    for student, text in [("ann", (SOLUTIONS / "first_candidate.py").read_text()),
                          ("dan", broken)]:
        (room / student).mkdir(parents=True)
        (room / student / "solution.py").write_text(text)
    examples = ["--cases", str(CASES / "examples"), "--in-process", "--order-seed", "1"]
    said = "CE   dan/solution.py: SyntaxError: expected ':'"
    for shard in ("1/2", "2/2"):
        assert main(["compare", str(room), *examples, "--shard", shard, "--json",
                     str(tmp_path / f"{shard[0]}.json")]) == 1
        capsys.readouterr()
    assert main(["compare", str(room), *examples, "-q"]) == 1
    compared = capsys.readouterr().out.splitlines()
    assert main(["merge", str(tmp_path / "1.json"), str(tmp_path / "2.json")]) == 1
    merged = capsys.readouterr().out.splitlines()
    for lines in (compared, merged):
        (line,) = [x for x in lines if x.startswith("CE ")]
        assert line.startswith(said), lines
        assert lines.index(line) < next(i for i, x in enumerate(lines)
                                        if x.startswith("cases played"))
