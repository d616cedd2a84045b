"""What each command prints for a person: short by default, each failure named, the next
command to run given, the same figures under the same labels everywhere."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.result import FIGURES
from judge.verdicts import MEANING

from .conftest import BOTH_MODES, CASES, SOLUTIONS

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

WALKER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in words:  # in the list's order: the 11th word takes 11 guesses
            if master.guess(word) == 6:
                return
"""
ELEVEN = ["aaaaaa", "bbbbbb", "cccccc", "dddddd", "eeeeee", "ffffff", "gggggg", "hhhhhh",
          "iiiiii", "jjjjjj", "kkkkkk"]


def many_cases(folder: Path, total: int = 2034, failing: int = 4) -> Path:
    """`total` cases on one list, of which `failing` have the 11th word as the secret."""
    cases = [{"name": f"game{i:04d}", "secret": ELEVEN[i % 10], "words": ELEVEN,
              "allowedGuesses": 10} for i in range(total - failing)]
    cases += [{"name": f"late{i}", "secret": ELEVEN[10], "words": ELEVEN, "allowedGuesses": 10}
              for i in range(failing)]
    path = folder / "many.json"
    path.write_text(json.dumps(cases))
    return path


def test_four_failures_in_2034_cases_fit_a_screen_and_end_with_the_replay(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    walker = tmp_path / "walker.py"
    walker.write_text(WALKER)
    cases = many_cases(tmp_path)
    # In the judge's process: the report is the point, not the sandbox (ten times as quick).
    assert main(["grade", str(walker), "--cases", str(cases), "--seed", "3", "--in-process"]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert len(lines) <= 30, out
    assert "2030/2034 accepted" in out
    named = [line for line in lines if line.startswith("late")]
    assert len(named) == 4 and all("found the secret at guess 11, limit 10" in line
                                   for line in named)
    replay = next(line for line in lines if line.startswith("replay the first: "))
    command = shlex.split(replay.removeprefix("replay the first: "))
    assert command[:3] == ["python", "-m", "judge"] and "--seed" in command
    # The command replays that one case, every guess shown.
    done = subprocess.run([sys.executable, *command[1:]], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    assert done.returncode == 1, done.stderr
    assert "0/1 accepted" in done.stdout and "11. kkkkkk -> 6" in done.stdout


def test_quiet_and_verbose(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    walker = tmp_path / "walker.py"
    walker.write_text(WALKER)
    cases = str(many_cases(tmp_path, total=12, failing=2))
    main(["grade", str(walker), "--cases", cases, "-q"])
    quiet = capsys.readouterr().out
    assert "replay the first:" in quiet and not re.search(r"^late", quiet, re.M)
    main(["grade", str(walker), "--cases", cases, "-v"])
    verbose = capsys.readouterr().out
    assert len(re.findall(r"^game\d+ +AC", verbose, re.M)) == 10  # every case
    assert "secret: kkkkkk" in verbose and "1. aaaaaa -> 0" in verbose  # guesses of failures
    assert verbose.count("replay: python -m judge grade") == 2  # each failure, its replay
    assert "secret: aaaaaa" not in verbose
    main(["grade", str(walker), "--cases", cases, "-vv"])
    assert "secret: aaaaaa" in capsys.readouterr().out  # every guess of every case


def test_many_failures_are_cut_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    walker = tmp_path / "walker.py"
    walker.write_text(WALKER)
    main(["grade", str(walker), "--cases", str(many_cases(tmp_path, total=60, failing=50))])
    out = capsys.readouterr().out
    assert "... and 30 more: -v lists every case" in out and len(out.splitlines()) < 35


def test_cases_not_run_are_one_line_and_the_replay_is_of_a_case_that_ran(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Each case on a list of its own: no warm-up game to time out first.
    cases = tmp_path / "alone.json"
    cases.write_text(json.dumps([{"name": f"alone{i}", "secret": word, "words": [word],
                                  "allowedGuesses": 10} for i, word in enumerate(ELEVEN[:5])]))
    looping = str(SOLUTIONS.parent / "tests" / "submissions" / "TLE" / "infinite_loop.py")
    options = ["--cases", str(cases), "--time-limit", "0.5", "--fail-fast", "1",
               "--order-seed", "1"]
    assert main(["grade", looping, *options]) == 1
    lines = capsys.readouterr().out.splitlines()
    timed_out = [line for line in lines if re.search(r"^alone\d +TLE", line)]
    assert len(timed_out) == 1 and not any(re.search(r"^alone\d +SC", line) for line in lines)
    assert ("SC   4 cases not run: the solution had already timed out 1 time (--fail-fast 1; "
            "0 runs every case)") in lines
    replay = next(line for line in lines if line.startswith("replay the first: "))
    assert f"--case {timed_out[0].split()[0]} " in replay
    assert main(["compare", looping, *options]) == 1
    assert f"SC: {MEANING['SC']}" in capsys.readouterr().out.splitlines()


def test_defaulted_cases_are_named(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # no cases/ here: the shipped ones
    assert main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--case", "two-words"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert re.match(r"cases: 2,0\d\d from .*cases \(benchmark 2000, examples 2", first), first
    main(["grade", str(SOLUTIONS / "minimax_cpp.py"), "--cases", str(CASES / "examples")])
    assert not capsys.readouterr().out.startswith("cases:")


def test_the_figures_have_one_label_in_text_json_and_html(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    walker = tmp_path / "walker.py"
    walker.write_text(WALKER)
    report, page = tmp_path / "r.json", tmp_path / "r.html"
    main(["grade", str(walker), "--cases", str(many_cases(tmp_path, total=12, failing=2)),
          "--cases", str(CASES / "handwritten" / "generous-limit.json"),
          "--json", str(report), "--html", str(page)])
    text, html = capsys.readouterr().out, page.read_text()
    data = json.loads(report.read_text())
    assert data["labels"] == FIGURES
    summary = data["summary"]
    # Accepted: 10 games of 1..10 guesses and generous-limit; played adds two of 11.
    mean_accepted, mean_played = summary["mean_guesses"], summary["mean_guesses_played"]
    assert mean_accepted != mean_played
    for key, value in (("mean_guesses", mean_accepted), ("mean_guesses_played", mean_played)):
        assert f"{FIGURES[key]} {value:.3f}" in text
        assert f"<th>{FIGURES[key]}</th>" in html and f"<td>{value:.3f}</td>" in html
    # The worst case is per guess limit: 11 of 10 here, and the 30-guess list's own.
    limits = [w["allowed"] for w in summary["worst_by_limit"]]
    assert limits == [10, 30]
    assert f"{FIGURES['worst_by_limit']}: 11/10 (late0)" in text
    assert "11/10 (late0)" in html


def test_optimal_prints_the_value_and_the_first_level_of_its_tree(
        capsys: pytest.CaptureFixture[str]) -> None:
    path = CASES / "handwritten" / "random-100-a.json"
    assert main(["optimal", str(path), "--search-seconds", "120"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{path} list 1: 100 words, optimum ")
    assert re.fullmatch(r"  opening: [a-z]{6}", lines[1])
    replies = [line for line in lines[2:] if line.startswith("    reply ")]
    assert replies and all(re.fullmatch(r"    reply [0-5] \(\d+ words?\): then [a-z]{6}", r)
                           for r in replies)
    # Every word but the opening lies in one reply's group.
    assert sum(int(re.search(r"\((\d+)", r)[1]) for r in replies) <= 99  # type: ignore[index]


LOSER = """
def init(num_scramble, scramble):
    pass


def guess(num_testcase, remaining_guesses, initial_letter, gold, silver):
    return "zzzzz"  # not a word: every round is lost
"""


def test_wc2022_exits_one_when_rounds_are_lost_and_names_its_dictionary(tmp_path: Path) -> None:
    from judge.wc2022.game import ENGLISH5

    loser = tmp_path / "loser.py"
    loser.write_text(LOSER)
    done = subprocess.run([sys.executable, "-m", "judge", "wc2022", str(loser), "--dictionary",
                           str(ENGLISH5), "--rounds", "3", "--no-sandbox"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 1, done.stderr
    assert done.stdout.startswith(f"dictionary: {ENGLISH5} (")
    assert "points/round" in done.stdout and "3 rounds lost" in done.stdout


def test_explain_takes_the_names_grade_prints(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    solution = str(SOLUTIONS / "minimax_cpp.py")
    bench = str(CASES / "benchmark" / "bench01.json")
    main(["grade", solution, "--cases", bench, "-v", "--shard", "1/50"])
    name = re.search(r"^(bench01@[a-z]{6}) ", capsys.readouterr().out, re.M)[1]  # type: ignore[index]
    assert main(["explain", solution, "--case", name]) == 0
    assert f"on {name} (secret {name[-6:]})" in capsys.readouterr().out
    # A game of --all-secrets, named as grade names it.
    main(["grade", solution, "--cases", str(CASES / "handwritten"), "--all-secrets", "-v",
          "--case", "two-words@hamada"])
    assert re.search(r"^two-words@hamada +AC", capsys.readouterr().out, re.M)
    assert main(["explain", solution, "--case", "two-words@hamada"]) == 0
    assert "on two-words@hamada (secret hamada)" in capsys.readouterr().out
    assert main(["explain", solution, "--cases", str(CASES / "examples"), "--case", "2"]) == 0
    assert "on example2" in capsys.readouterr().out
    assert main(["explain", solution, "--case", "example"]) == 2  # two cases match
    assert "2 cases match 'example'" in capsys.readouterr().err


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_file_given_by_a_relative_path_is_named_by_it_in_every_mode(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox: bool,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Without the sandbox the worker runs the file by its resolved path; a traceback and a
    syntax error still name it as the candidate typed it."""
    mode = "--sandbox" if sandbox else "--no-sandbox"
    monkeypatch.chdir(tmp_path)
    Path("raises.py").write_text("class Solution:\n    def findSecretWord(self, words, master):"
                                 "\n        raise KeyError('x')\n")
    Path("broken.py").write_text("class Solution:\n    def findSecretWord(self, w, m):\n"
                                 "        return (\n")
    case = str(CASES / "handwritten" / "random-100-a.json")
    main(["grade", "raises.py", "--cases", case, mode, "-v"])
    out = capsys.readouterr().out
    assert 'File "raises.py", line 3, in findSecretWord' in out and str(tmp_path) not in out
    main(["grade", "broken.py", "--cases", case, mode, "-v"])
    out = capsys.readouterr().out
    assert "SyntaxError: '(' was never closed (broken.py, line 3)" in out
    assert str(tmp_path) not in out


def test_a_failing_case_shows_its_input_and_the_candidates_own_file_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    """As LeetCode shows a failing test's input; a traceback names the file the candidate
    has, not where the sandbox put it."""
    raises = ROOT / "tests" / "submissions" / "RTE" / "raises.py"
    main(["grade", str(raises), "--cases", str(CASES / "handwritten" / "random-100-a.json"),
          "-v"])
    out = capsys.readouterr().out
    assert "words (100): vqqawy wzynrr" in out and "... and 88 more (-vv shows them all)" in out
    assert "note: 100 words of uniform random letters" in out
    assert f'File "{raises}"' in out and "/submission/" not in out
    main(["grade", str(raises), "--cases", str(CASES / "handwritten" / "random-100-a.json"),
          "-vv"])
    assert "(-vv shows them all)" not in capsys.readouterr().out
    main(["explain", str(raises), "--case", "random-100-a"])
    assert "words (100): vqqawy" in capsys.readouterr().out
