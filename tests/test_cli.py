from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import Case

from .conftest import CASES, SOLUTIONS

SUBMISSIONS = Path(__file__).parent / "submissions"
EXAMPLES = str(CASES / "examples")


def test_grade_prints_the_summary_and_with_v_a_row_per_case(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES]) == 0
    out = capsys.readouterr().out
    assert "2/2 accepted" in out and " AC " not in out and "replay" not in out
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "-v"]) == 0
    out = capsys.readouterr().out
    assert "example1" in out and "example2" in out and " AC " in out


def test_grade_writes_the_json_report(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    code = main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases", EXAMPLES,
                 "--cases", str(CASES / "handwritten" / "two-words.json"), "--json", str(report)])
    assert code == 0
    data = json.loads(report.read_text())
    assert set(data) == {"solution", "order_seed", "summary", "labels", "provenance", "cases"}
    made = data["provenance"]
    assert made["cases"]["count"] == 3
    assert made["limits"] == {"time_s": 5.0, "memory_mb": 512, "fail_fast": 3,
                              "solution_s": None}
    assert made["command"][3:5] == ["grade", str(SOLUTIONS / "first_candidate.py")]
    summary = data["summary"]
    assert {"cases", "accepted", "verdicts", "worst_guesses", "mean_guesses"} <= set(summary)
    assert summary["cases"] == summary["accepted"] == 3
    two = next(c for c in data["cases"] if c["name"] == "two-words")
    assert {"name", "verdict", "message", "guesses", "allowed", "time_s", "transcript"} <= set(two)
    assert two["transcript"] == [["hamada", 0], ["khaled", 6]]
    assert two["message"] == "You guessed the secret word correctly."


def test_exit_one_when_a_case_is_not_accepted(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["grade", str(SUBMISSIONS / "WA" / "gives_up.py"), "--cases", EXAMPLES, "-v"])
    assert code == 1
    out = capsys.readouterr().out
    assert "Either you took too many guesses, or you did not find the secret word." in out
    assert "secret: acckzz" in out


def test_one_case_can_be_replayed_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", str(CASES),
                 "--case", "two-words"]) == 0
    assert "1/1 accepted" in capsys.readouterr().out


def test_seed_replays_a_randomized_solution(tmp_path: Path) -> None:
    reports = []
    for run in range(2):
        out = tmp_path / f"r{run}.json"
        main(["grade", str(SOLUTIONS / "random_guess.py"), "--cases",
              str(CASES / "handwritten"), "--seed", "7", "--json", str(out), "-q"])
        reports.append([c["transcript"] for c in json.loads(out.read_text())["cases"]])
    assert reports[0] == reports[1]


def test_all_secrets_plays_every_word(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases",
                 str(CASES / "examples" / "example1.txt"), "--all-secrets", "-q"]) == 0
    assert "4/4 accepted" in capsys.readouterr().out


def test_in_process_gives_the_same_results(tmp_path: Path) -> None:
    outs = []
    for flag in ([], ["--in-process"]):
        out = tmp_path / "r.json"
        main(["grade", str(SOLUTIONS / "minimax_js.py"), "--cases", str(CASES / "handwritten"),
              "--json", str(out), "-q", *flag])
        outs.append([(c["verdict"], c["transcript"]) for c in json.loads(out.read_text())["cases"]])
    assert outs[0] == outs[1]


@pytest.mark.parametrize(("argv", "message"), [
    (["grade", "no/such/solution.py", "--cases", EXAMPLES], "does not exist; expected a solution"),
    (["grade", str(CASES), "--cases", EXAMPLES], "a folder with no solution file in it"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", "no/such/cases"], "does not exist"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--json",
      "no/such/dir/r.json"], "does not exist"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--case", "zzz"],
     "no case is named 'zzz' or has it in its name"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--time-limit", "0", "--cases", EXAMPLES],
     "--time-limit must be positive"),
    (["grade"], "required"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--all-secrets",
      "--adversary"], "--all-secrets and --adversary: the adversary chooses its own secret"),
    (["compare", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--adversary",
      "--all-secrets"], "so every game of a list would be the same game"),
    (["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--in-process",
      "--sandbox"], "with no sandbox and no limits: leave out --sandbox, or --in-process"),
    (["compare", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--in-process",
      "--memory-limit", "64", "--time-limit", "1"],
     "leave out --time-limit and --memory-limit, or --in-process"),
    (["compare", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES, "--in-process",
      "--jobs", "4"], "--in-process grades one solution at a time, inside the judge: leave out "
     "--jobs, or --in-process"),
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["generate", "random", "--count", "1", "--out", "/dev/null"],
     "/dev/null: is not a folder (--out takes the folder the case files are written to)"),
    (["generate", "random", "--count", "1", "--out", "/proc/cases"],
     "/proc/cases: the folder cannot be made: "),
])
def test_bad_input_is_one_line_and_exit_two(capsys: pytest.CaptureFixture[str],
                                            argv: list[str], message: str) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_invalid_case_files_stop_everything(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.json").write_text('{"secret": "abcdef", "words": ["abcdef"], '
                                       '"allowedGuesses": 50}')
    (tmp_path / "worse.json").write_text("{not json")
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 2
    # A case's problem names the case and its field; a file no case was read from, the file.
    assert lines[0] == (f"python -m judge grade: error: {tmp_path / 'bad.json'}: case 'bad': "
                        "allowedGuesses: 50 is outside 10..30")
    assert lines[1] == (f"python -m judge grade: error: {tmp_path / 'worse.json'}: bad JSON at "
                        "line 1 column 2: Expecting property name enclosed in double quotes")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_unwritable_report_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tmp_path.chmod(0o500)
    try:
        assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES,
                     "--json", str(tmp_path / "r.json")]) == 2
    finally:
        tmp_path.chmod(0o700)
    assert "not writable" in capsys.readouterr().err


def test_a_report_path_that_is_a_directory(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES,
                 "--json", str(tmp_path)]) == 2
    assert "is a directory" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_help_explains_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    top = capsys.readouterr().out
    assert "grade" in top and "python -m judge grade my_solution.py" in top
    assert main(["grade", "--help"]) == 0
    text = capsys.readouterr().out
    assert "--all-secrets" in text and "examples:" in text and "exit codes" in text
    assert main([]) == 2


def test_compare_prints_a_leaderboard_and_json(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "board.json"
    code = main(["compare", str(SOLUTIONS / "minimax_cpp.py"), str(SOLUTIONS / "random_guess.py"),
                 "--cases", str(CASES / "handwritten"), "--seed", "1", "--json", str(out)])
    assert code == 0  # both solutions win every handwritten case with this seed
    board = capsys.readouterr().out.splitlines()
    assert board[0].split()[:7] == ["rank", "solution", "accepted", "not", "accepted", "mean",
                                    "most/limit"]
    ranked = [board[1].split()[:2], board[2].split()[:2]]
    assert [rank for rank, _ in ranked] == ["1", "2"]
    assert {name for _, name in ranked} == {"minimax_cpp.py", "random_guess.py"}
    data = json.loads(out.read_text())
    assert [Path(r["solution"]).name for r in data] == [name for _, name in ranked]
    # One case not accepted makes the exit code 1.
    assert main(["compare", str(SOLUTIONS / "minimax_cpp.py"),
                 str(SOLUTIONS.parent / "tests" / "submissions" / "WA" / "gives_up.py"),
                 "--cases", str(CASES / "examples")]) == 1


def test_sandbox_without_bubblewrap_says_how_to_install(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    from judge.run import confine

    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: None)
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES,
                 "--sandbox"]) == 2
    assert "apt-get install bubblewrap" in capsys.readouterr().err


def test_a_failed_report_write_leaves_nothing_behind(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.report import files

    def broken_replace(source: str, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(files.os, "replace", broken_replace)
    report = tmp_path / "r.json"
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", EXAMPLES,
                 "--json", str(report)]) == 2
    assert list(tmp_path.iterdir()) == []


def test_very_verbose_shows_the_guesses_of_accepted_cases_too(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--case", "two-words", "-vv"]) == 0
    assert "1. hamada -> 0" in capsys.readouterr().out


def test_compare_in_parallel_gives_the_same_board(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    boards = []
    for jobs in ("1", "2"):
        out = tmp_path / f"board{jobs}.json"
        main(["compare", str(SOLUTIONS / "minimax_cpp.py"), str(SOLUTIONS / "entropy.py"),
              "--cases", str(CASES / "handwritten"), "--jobs", jobs, "--json", str(out)])
        boards.append([[(c["verdict"], c["transcript"]) for c in r["cases"]]
                       for r in json.loads(out.read_text())])
    assert boards[0] == boards[1]
    assert main(["compare", str(SOLUTIONS / "minimax_cpp.py"), "--jobs", "0"]) == 2


def hostile_case_files(folder: Path) -> dict[str, Path]:
    import os

    files = {"nested.json": "[" * 100_000 + "]" * 100_000,
             "digits.json": '{"name": "d", "secret": "aaaaaa", "words": ["aaaaaa"], '
                            '"allowedGuesses": ' + "9" * 5000 + "}",
             "nested.txt": '"aaaaaa"\n' + "[" * 100_000 + "]" * 100_000 + "\n10\n",
             # Which secret? Python's reader keeps the last, others the first.
             "twice.json": '{"name": "t", "secret": "aaaaaa", "words": ["aaaaaa", "bbbbbb"], '
                           '"secret": "bbbbbb", "allowedGuesses": 10}',
             "twice.txt": '"aaaaaa"\n[{"a": 1, "a": 2}]\n10\n'}
    paths = {}
    for name, text in files.items():
        paths[name] = folder / name
        paths[name].write_text(text)
    paths["fifo"] = folder / "fifo.json"
    os.mkfifo(paths["fifo"])
    paths["loop"] = folder / "loop.json"
    (folder / "other.json").symlink_to(paths["loop"])
    paths["loop"].symlink_to(folder / "other.json")
    return paths


@pytest.mark.parametrize(("name", "message"), [
    ("nested.json", "JSON nested too deeply to read"),
    ("digits.json", "a number too long to read"),
    ("nested.txt", "JSON nested too deeply to read"),
    ("twice.json", "the field 'secret' is given twice in one object"),
    ("twice.txt", "words: the field 'a' is given twice in one object"),
    ("fifo", "is not a regular file"),
    ("loop", "is a loop of symbolic links"),
])
def test_hostile_case_files_are_one_line_and_exit_two(tmp_path: Path, name: str, message: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = hostile_case_files(tmp_path)[name]
    assert main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(("name", "message"), [
    ("missing.py", "does not exist"),
    ("fifo.py", "is not a regular file"),
    ("loop.py", "is a loop of symbolic links"),
])
def test_a_solution_path_that_is_no_file_is_one_line_and_exit_two(
        tmp_path: Path, name: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    os.mkfifo(tmp_path / "fifo.py")
    (tmp_path / "loop.py").symlink_to(tmp_path / "other.py")
    (tmp_path / "other.py").symlink_to(tmp_path / "loop.py")
    assert main(["grade", str(tmp_path / name), "--cases", EXAMPLES]) == 2
    err = capsys.readouterr().err
    assert err == (f"python -m judge grade: error: {tmp_path / name}: {message}; expected a "
                   "solution file (.py, .cpp, .java, .js, .kt)\n")


NAME_OF_100_000 = "q" * 100_000


@pytest.mark.parametrize(("argv", "message"), [
    (["grade", f"{NAME_OF_100_000}.py"], ".py: File name too long"),
    (["check", f"{NAME_OF_100_000}.json"], ".json: cannot be read: File name too long"),
    (["explain", str(SOLUTIONS / "first_candidate.py"), "--cases", EXAMPLES, "--case",
      NAME_OF_100_000], "more characters]' or has it in its name"),
    (["play", "--case", NAME_OF_100_000], "more characters]' or has it in its name"),
])
def test_a_name_of_100_000_characters_leaves_the_problem_on_the_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The message is cut in its middle, the name in its quotes: what is wrong stays said."""
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.endswith(f"{message}\n") and len(err) < 700 and err.count("\n") == 1, err


@pytest.mark.parametrize(("option", "value", "message"), [
    ("--time-limit", "nan", "--time-limit must be positive"),
    ("--time-limit", "inf", "--time-limit must be positive"),
    ("--time-limit", "1e308", "--time-limit must be positive"),
    ("--memory-limit", "99999999999999", "--memory-limit must be at most"),
    ("--memory-limit", "8", "too small to start a worker"),
])
def test_the_judges_own_settings_are_checked_before_anything_runs(
        option: str, value: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases", EXAMPLES,
                 option, value]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_case_name_with_a_lone_surrogate_is_printed_safely(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"name": "\ud800\x1b[2Kfake", "secret": "aaaaaa",
                                "words": ["aaaaaa", "bbbbbb"], "allowedGuesses": 10}))
    assert main(["grade", str(SOLUTIONS / "first_candidate.py"), "--cases", str(path),
                 "-vv"]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")
    assert "\\ud800\\x1b[2Kfake" in out and "\x1b" not in out


def test_the_replay_of_a_run_left_unseeded_plays_the_same_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A random guesser fails a few cases in a hundred. Without --seed the run draws its seed,
    # and the replay command printed for the first failure plays that very game again, alone;
    # before, each case's fork drew anew from the system and the replay played another game.
    import shlex

    first = tmp_path / "run.json"
    assert main(["grade", str(SOLUTIONS / "random_guess.py"), "--cases",
                 str(CASES / "benchmark" / "bench01.json"), "--json", str(first)]) == 1
    replay = next(line for line in capsys.readouterr().out.splitlines()
                  if line.startswith("replay the first: "))
    words = shlex.split(replay.removeprefix("replay the first: "))
    argv = words[words.index("grade"):]
    assert "--seed" in argv
    played = json.loads(first.read_text())
    failed = next(c for c in played["cases"] if c["verdict"] != "AC")
    assert argv[argv.index("--case") + 1] == failed["name"]
    again = tmp_path / "replay.json"
    assert main([*argv, "--json", str(again)]) == 1
    (replayed,) = json.loads(again.read_text())["cases"]
    assert replayed["transcript"] == failed["transcript"]
    assert played["provenance"]["seed"] is None
    assert played["provenance"]["run_seed"] == int(argv[argv.index("--seed") + 1])


def test_a_local_cases_folder_read_by_default_is_said_when_it_does_not_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A folder named cases beside a candidate's file may hold anything (a project's config):
    its errors alone would not say why the judge read it."""
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "config.json").write_text('{"port": 8080}')
    monkeypatch.chdir(tmp_path)
    solution = str(SOLUTIONS / "minimax_cpp.py")
    assert main(["grade", solution]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("note: without --cases the judge reads ./cases, as here")
    assert "cases/config.json: case 'config': port: unknown field" in err[1]
    assert main(["grade", solution, "--cases", "cases"]) == 2  # named: no note
    assert "note:" not in capsys.readouterr().err


def test_check_gives_the_optimal_solver_the_seconds_asked(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """More seconds can prove an unknown case fair (random-100-a takes about a second here)."""
    import judge.fairness

    given: list[float] = []
    judged = judge.fairness.judge_fairness

    def recorded(case: Case, exact_seconds: float = judge.fairness.OPTIMAL_SECONDS
                 ) -> judge.fairness.FairnessReport:
        given.append(exact_seconds)
        return judged(case, 0.0)

    monkeypatch.setattr(judge.fairness, "judge_fairness", recorded)
    assert main(["check", EXAMPLES, "--search-seconds", "7.5"]) == 0
    assert main(["check", EXAMPLES]) == 0
    assert given == [7.5, 7.5, judge.fairness.OPTIMAL_SECONDS, judge.fairness.OPTIMAL_SECONDS]
    assert main(["check", EXAMPLES, "--search-seconds", "0"]) == 2
    assert "--search-seconds must be positive" in capsys.readouterr().err


def test_a_reader_that_leaves_loses_no_report(tmp_path: Path) -> None:
    # `grade ... --json r.json -v | head -1`: the first row read, the pipe closed.
    report, page = tmp_path / "r.json", tmp_path / "r.html"
    judge = subprocess.Popen([sys.executable, "-m", "judge", "grade",
                              str(SOLUTIONS / "first_candidate.py"), "--cases",
                              str(CASES / "handwritten"), "--order-seed", "1", "--json",
                              str(report), "--html", str(page), "-v"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             cwd=SOLUTIONS.parent)
    assert judge.stdout is not None and judge.stderr is not None
    judge.stdout.readline()
    judge.stdout.close()
    err = judge.stderr.read()
    judge.stderr.close()
    assert judge.wait(timeout=300) == 1  # its own status: one case not accepted
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert len(json.loads(report.read_text())["cases"]) == 14 and page.exists()
