"""The P8079 variant: rules, scoring, the round loop, and the seed 004 port."""

from __future__ import annotations

import doctest
import importlib.util
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import judge.wc2022.rules
from judge.__main__ import main
from judge.run.limits import Limits
from judge.wc2022.game import CONTEST_DICTIONARY, ENGLISH5, draw_answers, play, read_dictionary
from judge.wc2022.rules import POINTS, final_score, pattern, round_points
from judge.wc2022.rules import feedback as official

from .conftest import SOLUTIONS, broken_compiler, in_whole, needs_bubblewrap

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

PORT = SOLUTIONS / "wc2022" / "entropy.py"
# The pure port needs up to about 2 s of CPU for a guess on the English list (no opening
# table for it); a ceiling of 60 s keeps a margin of more than 10x, busy machine or not.
PORT_LIMITS = Limits(time_seconds=60.0)
FIVE = st.text(alphabet="abcdes", min_size=5, max_size=5)


def test_doctests() -> None:
    assert doctest.testmod(judge.wc2022.rules).failed == 0


@pytest.mark.parametrize(("guess", "answer", "expected"), [
    ("abcde", "abcde", (2, 2, 2, 2, 2)),
    ("eerie", "there", (1, 1, 1, 0, 2)),  # every non-gold copy of e is silver
    ("aabbb", "xaxxa", (1, 2, 0, 0, 0)),
    ("sassy", "stops", (2, 0, 1, 1, 0)),  # the gold s does not stop the other copies
    ("xxxxx", "abcde", (0, 0, 0, 0, 0)),
])
def test_gold_and_silver_as_the_statement_defines_them(guess: str, answer: str,
                                                       expected: tuple[int, ...]) -> None:
    assert official(guess, answer) == expected


def load_port() -> object:
    spec = importlib.util.spec_from_file_location("wc2022_port", PORT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@given(FIVE, FIVE)
def test_the_ports_judge_is_the_official_feedback(guess: str, answer: str) -> None:
    port = load_port()
    assert port.judge(guess, answer) == pattern(official(guess, answer))  # type: ignore[attr-defined]


def test_feedback_refuses_words_of_different_lengths() -> None:
    with pytest.raises(ValueError):
        official("crane", "cranes")
    with pytest.raises(ValueError):
        official("cranes", "crane")


def test_points_and_score() -> None:
    assert [round_points(n) for n in (1, 2, 3, 4, 5, 6, None)] == [150, 120, 100, 90, 85, 0, 0]
    assert POINTS[1] == 150
    assert final_score(101_000, 1000) == 100.0 and final_score(97_000, 1000) == 97.0


def solution(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "s.py"
    path.write_text(body)
    return path


CONSISTENT = """
words = []
def init(num_scramble, scramble):
    words[:] = [scramble[i * 5:i * 5 + 5] for i in range(num_scramble)]
def guess(num_testcase, remaining, initial, gold, silver):
    global candidates, last
    if remaining == 5:
        candidates = [w for w in words if w[0] == initial]
    else:
        seen = tuple(2 if g else 1 if s else 0 for g, s in zip(gold, silver))
        candidates = [w for w in candidates if w != last and feedback(last, w) == seen]
    last = candidates[0]
    return last
def feedback(g, a):
    gold = [x == y for x, y in zip(g, a)]
    open_ = {y for y, k in zip(a, gold) if not k}
    return tuple(2 if k else 1 if x in open_ else 0 for x, k in zip(g, gold))
"""


def test_rounds_are_scored_by_guesses_used(tmp_path: Path) -> None:
    match = play(solution(tmp_path, CONSISTENT), ["apple", "ample", "angle", "bacon"], 6, 1)
    for played in match.rounds:
        assert played.guesses[-1][0] == played.answer or played.ended == "out of guesses"
        assert played.points == round_points(len(played.guesses) if played.ended == "found"
                                              else None)
    assert match.score == final_score(match.total, 6)


def test_a_word_outside_the_dictionary_ends_the_round_with_nothing(tmp_path: Path) -> None:
    body = "def init(n, s):\n    pass\ndef guess(*args):\n    return 'zzzzz'\n"
    match = play(solution(tmp_path, body), ["apple", "bacon"], 3, 1)
    assert [r.ended for r in match.rounds] == ["not a word"] * 3 and match.total == 0


def test_an_exception_costs_the_round_not_the_match(tmp_path: Path) -> None:
    body = "def init(n, s):\n    pass\ndef guess(*args):\n    raise KeyError('x')\n"
    match = play(solution(tmp_path, body), ["apple"], 2, 1)
    assert all(r.ended == "raised" and r.detail.startswith("KeyError") for r in match.rounds)


def test_an_init_that_fails_in_a_later_worker_costs_rounds_not_the_match(tmp_path: Path) -> None:
    # Each round after a failed call starts a new worker, and init runs again: a solution
    # whose init fails the second time (here it leaves a mark, unsandboxed) loses those rounds.
    body = (f"import os\nMARK = {str(tmp_path / 'mark')!r}\ndef init(n, s):\n"
            "    if os.path.exists(MARK):\n        raise OSError('init again')\n"
            "    open(MARK, 'w').close()\ndef guess(*args):\n    raise KeyError('x')\n")
    match = play(solution(tmp_path, body), ["apple"], 3, 1)
    assert [(r.ended, r.detail) for r in match.rounds] == [
        ("raised", "KeyError: 'x'"), *[("raised", "init failed: OSError: init again")] * 2]


@pytest.mark.slow
@pytest.mark.benchmark
def test_the_seed_port_wins_rounds_on_the_free_english_dictionary() -> None:
    # About 2 s of CPU a guess (the port works out each letter's opening anew): one round in
    # make test, three in make long.
    match = play(PORT, read_dictionary(ENGLISH5), 3 if in_whole() else 1, 7, limits=PORT_LIMITS)
    assert all(r.ended == "found" for r in match.rounds)


@pytest.mark.slow
@pytest.mark.skipif(not CONTEST_DICTIONARY.exists(),
                    reason="the WC2022 dictionary is only in ../shared/data, not in the repo")
def test_the_seed_port_on_the_contest_dictionary_opens_from_its_table() -> None:
    match = play(PORT, read_dictionary(CONTEST_DICTIONARY), 6, 2, limits=PORT_LIMITS)
    table = set(load_port().first_guess)  # type: ignore[attr-defined]
    assert all(r.guesses[0][0] in table for r in match.rounds)
    assert all(r.ended == "found" for r in match.rounds)


def test_wc2022_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.json"
    assert main(["wc2022", str(PORT), "--dictionary", str(ENGLISH5), "--rounds", "2",
                 "--guess-time-limit", "60", "--json", str(out), "-v"]) == 0
    assert "score" in capsys.readouterr().out and '"total_points"' in out.read_text()
    bad = tmp_path / "bad.txt"
    capsys.readouterr()
    for text, problem in [
            ("toolong\n", "not a list of five-letter lowercase words: 'toolong'"),
            ("a\nB\nc\nd\nabcde\ne\n",
             "not a list of five-letter lowercase words: 'a', 'B', 'c' and 2 more"),
            (" \n\n", "no words in it (a dictionary holds five-letter lowercase words, one or "
                       "more a line)"),
            ("abcde fghij\nabcde\n", "'abcde' is listed twice (a dictionary's words are "
                                     "distinct)")]:
        bad.write_text(text)
        assert main(["wc2022", str(PORT), "--dictionary", str(bad)]) == 2
        assert capsys.readouterr().err == (
            f"python -m judge wc2022: error: {bad}: {problem}\n")
    empty = solution(tmp_path, "x = 1\n")
    assert main(["wc2022", str(empty), "--dictionary", str(ENGLISH5), "--rounds", "1"]) == 2
    assert main(["wc2022", str(tmp_path / "none.py")]) == 2
    capsys.readouterr()
    # A file that does not load is refused in one line that says what and where.
    broken = solution(tmp_path, "def init(n, s):\n    pass\ndef guess(:\n")
    assert main(["wc2022", str(broken), "--dictionary", str(ENGLISH5), "--rounds", "1"]) == 2
    assert capsys.readouterr().err == (f"python -m judge wc2022: error: {broken}: SyntaxError: "
                                       f"invalid syntax ({broken}, line 3)\n")


def test_the_reports_say_how_the_match_was_made(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    import hashlib

    dictionary = tmp_path / "words.txt"
    dictionary.write_text("".join(f"{w}\n" for w in read_dictionary(ENGLISH5)[:50]))
    player = solution(tmp_path, "def init(n, s):\n    pass\ndef guess(*args):\n"
                                "    return 'zzzzz'\n")
    out, page = tmp_path / "r.json", tmp_path / "r.html"
    given = ["wc2022", str(player), "--dictionary", str(dictionary), "--rounds", "2",
             "--answer-seed", "9", "--guess-time-limit", "30", "--match-time-limit", "90",
             "--no-sandbox", "--json", str(out), "--html", str(page)]
    assert main(given) == 1
    report = json.loads(out.read_text())
    made = report["provenance"]
    # The dictionary's hash is the file's own, as sha256sum would print it.
    assert made["dictionary"] == {"path": str(dictionary), "words": 50,
                                  "sha256": hashlib.sha256(dictionary.read_bytes()).hexdigest()}
    assert made["command"][-len(given):] == given
    assert (made["rounds"], made["answer_seed"], made["sandbox"]) == (2, 9, False)
    assert made["limits"] == {"guess_time_s": 30.0, "match_time_s": 90.0, "memory_mb": 512}
    assert report["solution_sha256"] == hashlib.sha256(player.read_bytes()).hexdigest()
    text = page.read_text()
    assert (f"dictionary: {dictionary} (50 words, sha256 {made['dictionary']['sha256']})"
            in text)
    assert "answers: 2 rounds drawn with --answer-seed 9<br>" in text
    assert "limits: 30 s of CPU a guess, 90 s a match, 512 MiB<br>" in text
    assert "sandbox: none: run as the user" in text and f"date: {made['date']}" in text


def test_quiet_shows_the_table_and_no_round(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    loser = solution(tmp_path, "def init(n, s):\n    pass\ndef guess(*args):\n"
                               "    return 'zzzzz'\n")
    given = ["wc2022", str(loser), "--dictionary", str(ENGLISH5), "--rounds", "3",
             "--answer-seed", "2", "--no-sandbox"]
    assert main(given) == 1
    rounds = re.compile(r"^round ", re.M)
    assert len(rounds.findall(capsys.readouterr().out)) == 3  # each lost round, by default
    assert main([*given, "-q"]) == 1
    out = capsys.readouterr().out
    assert not rounds.search(out) and "points/round" in out and "3 rounds lost, scoring 0" in out


def test_files_are_named_apart_and_a_hostile_name_reaches_no_terminal_or_page(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = "def init(n, s):\n    pass\ndef guess(*args):\n    return 'zzzzz'\n"
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "solution.py").write_text(body)
    hostile = tmp_path / "\x1b[2J\x1b]0;owned\x07.py"
    hostile.write_text(body)
    page = tmp_path / "p.html"
    assert main(["wc2022", str(tmp_path / "a" / "solution.py"), str(tmp_path / "b" /
                 "solution.py"), str(hostile), "--dictionary", str(ENGLISH5), "--rounds", "1",
                 "--no-sandbox", "--html", str(page)]) == 1
    out = capsys.readouterr().out
    rows = [line.split()[0] for line in out.splitlines()[2:5]]
    assert rows == ["a/solution.py", "b/solution.py", "\\x1b[2J\\x1b]0;owned\\x07.py"]
    assert "\x1b" not in out and "\x07" not in out
    text = page.read_text()
    assert "<td class='name'>a/solution.py</td>" in text and "\x1b" not in text


def test_a_file_that_does_not_load_loses_nothing_of_the_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import no_such_module_here\n")
    player = solution(tmp_path, CONSISTENT)
    out = tmp_path / "r.json"
    assert main(["wc2022", str(broken), str(player), "--dictionary", str(ENGLISH5), "--rounds",
                 "2", "--answer-seed", "1", "--no-sandbox", "--json", str(out)]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1] == (
        f"python -m judge wc2022: error: not played, so not in the table or reports: {broken}: "
        "loading the file raised ModuleNotFoundError: No module named 'no_such_module_here'")
    assert player.name in captured.out and broken.name not in captured.out
    assert [m["solution"] for m in json.loads(out.read_text())] == [str(player)]


def test_a_compiler_that_fails_every_file_is_a_judge_error_not_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A g++ that fails even a solution that does nothing: the file plays no match, and one
    line says the judge failed (it was a traceback, and the other files' table lost)."""
    broken_compiler(tmp_path / "bin", monkeypatch)
    entry = tmp_path / "entry.cpp"
    entry.write_text("void init(int n, const char* s) {}\n")
    player = solution(tmp_path, CONSISTENT)
    assert main(["wc2022", str(entry), str(player), "--dictionary", str(ENGLISH5), "--rounds",
                 "1", "--no-sandbox"]) == 2
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1].startswith(
        f"python -m judge wc2022: error: not played, so not in the table or reports: {entry}: "
        "the judge failed (JE): the g++ build fails the judge's own harness"), \
        captured.err
    assert "fault of the file's: " in captured.err.splitlines()[-1]
    assert player.name in captured.out and "Traceback" not in captured.err


@pytest.mark.parametrize("name", ["solution.js", "Solution.java", "notes.txt"])
def test_a_file_no_p8079_language_runs_is_refused_before_any_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """LeetCode's languages other than Python and C++ are not judged for P8079: one line, exit
    2, nothing played (it was a traceback after the first file's match)."""
    player, other = solution(tmp_path, CONSISTENT), tmp_path / name
    other.write_text("var findSecretWord = function(words, master) {};\n")
    assert main(["wc2022", str(player), str(other), "--dictionary", str(ENGLISH5),
                 "--rounds", "2", "--no-sandbox"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.splitlines()) == 1
    assert captured.err.startswith(f"python -m judge wc2022: error: {other}: ")


def test_the_language_option_is_the_files_language(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    named_otherwise = tmp_path / "player.txt"
    named_otherwise.write_text(CONSISTENT)
    assert main(["wc2022", str(named_otherwise), "--language", "python", "--dictionary",
                 str(ENGLISH5), "--rounds", "2", "--no-sandbox"]) in (0, 1)
    assert "player.txt" in capsys.readouterr().out
    # A language judged for LeetCode 843 only.
    assert main(["wc2022", str(named_otherwise), "--language", "java"]) == 2
    assert "invalid choice: 'java' (choose from 'python', 'cpp')" in capsys.readouterr().err


def test_a_slow_guess_costs_its_round_and_the_next_round_starts_afresh(tmp_path: Path) -> None:
    body = ("import time\ncalls = []\ndef init(n, s):\n    calls.append(n)\n"
            "def guess(t, remaining, letter, gold, silver):\n"
            "    if t == 1:\n        time.sleep(30)\n"
            "    assert calls == [2], calls\n    return 'apple'\n")
    match = play(solution(tmp_path, body), ["apple", "angle"], 2, 1,
                 limits=Limits(time_seconds=0.5))
    assert match.rounds[0].ended == "time limit"
    assert match.rounds[1].ended in ("found", "out of guesses", "not a word")
    assert match.rounds[1].guesses[0][0] == "apple"


def test_the_answer_is_not_in_the_solutions_process(tmp_path: Path) -> None:
    cheat = ("import gc, sys\ndef init(n, s):\n    pass\n"
             "def guess(t, remaining, letter, gold, silver):\n"
             "    for obj in gc.get_objects():\n"
             "        if isinstance(obj, dict) and isinstance(obj.get('answer'), str):\n"
             "            return obj['answer']\n"
             "    frame = sys._getframe()\n"
             "    while frame:\n"
             "        if 'answer' in frame.f_locals:\n"
             "            return frame.f_locals['answer']\n"
             "        frame = frame.f_back\n"
             "    return 'qqqqq'\n")
    match = play(solution(tmp_path, cheat), ["apple", "angle", "bacon"], 5, 3)
    assert all(r.ended == "not a word" for r in match.rounds)


@needs_bubblewrap
def test_the_seed_port_under_the_sandbox() -> None:
    match = play(PORT, read_dictionary(ENGLISH5), 1, 7, limits=PORT_LIMITS, sandbox=True)
    assert match.rounds[0].ended == "found"


PREDICTOR = """
import random
words = []
rng = random.Random(0)  # the judge's old default seed
def init(n, scramble):
    words[:] = [scramble[i * 5:i * 5 + 5] for i in range(n)]
def guess(t, remaining, letter, gold, silver):
    if remaining == 5:
        guess.answer = rng.choice(words)
    return guess.answer
"""


def test_the_answers_cannot_be_predicted_without_a_seed(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    path = solution(tmp_path, PREDICTOR)
    words = str(ENGLISH5)
    # With the seed it replays, the predictor wins every round in one guess ...
    assert main(["wc2022", str(path), "--dictionary", words, "--rounds", "5", "--answer-seed", "0",
                 "--json", str(tmp_path / "zero.json")]) == 0
    assert json.loads((tmp_path / "zero.json").read_text())["total_points"] == 5 * 150
    # ... but the default seed comes from the operating system, is printed, and replays.
    seeds = []
    for run in ("a", "b"):
        # Some rounds are lost: the predictor guesses a word it cannot know.
        assert main(["wc2022", str(path), "--dictionary", words, "--rounds", "5",
                     "--json", str(tmp_path / f"{run}.json")]) in (0, 1)
        report = json.loads((tmp_path / f"{run}.json").read_text())
        assert report["total_points"] < 5 * 150
        seeds.append(report["seed"])
        assert f"--answer-seed {report['seed']}" in capsys.readouterr().out
    assert seeds[0] != seeds[1]
    main(["wc2022", str(path), "--dictionary", words, "--rounds", "5", "--answer-seed",
          str(seeds[0]), "--json", str(tmp_path / "again.json")])
    again = json.loads((tmp_path / "again.json").read_text())
    first = json.loads((tmp_path / "a.json").read_text())
    assert [r["answer"] for r in again["rounds_played"]] == [
        r["answer"] for r in first["rounds_played"]]


def test_several_solutions_are_compared_on_the_same_answers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fast = SOLUTIONS / "wc2022" / "entropy_numpy.py"
    out = tmp_path / "both.json"
    predictor = solution(tmp_path, PREDICTOR)
    # The predictor loses rounds: exit 1.
    assert main(["wc2022", str(fast), str(predictor), "--rounds", "8",
                 "--dictionary", str(ENGLISH5), "--answer-seed", "4", "--json", str(out)]) == 1
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith(f"dictionary: {ENGLISH5} (")
    assert table[1].split()[:3] == ["solution", "points/round", "score"]
    assert table[2].startswith("entropy_numpy.py") and table[3].startswith(predictor.name)
    reports = json.loads(out.read_text())
    assert [r["seed"] for r in reports] == [4, 4]
    answers = [[r["answer"] for r in m["rounds_played"]] for m in reports]
    # The same answers, each solution in an order of its own: one cannot hand the next its
    # answers in sequence.
    assert sorted(answers[0]) == sorted(answers[1]) and answers[0] != answers[1]
    assert reports[0]["total_points"] >= 8 * 85 and reports[1]["total_points"] < 8 * 150


def test_every_answer_draws_each_word_once_and_rounds_draw_with_replacement() -> None:
    words = [f"a{c}{d}xy" for c in "bcdef" for d in "ghijk"]
    every = draw_answers(words, 3, seed=5, every_answer=True)
    assert sorted(every) == sorted(words) and every != words
    assert draw_answers(words, 3, seed=5, every_answer=True) == every
    drawn = draw_answers(words, 400, seed=5)
    assert len(drawn) == 400 and set(drawn) <= set(words)


def test_the_every_answer_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dictionary = tmp_path / "words.txt"
    words = [f"{c}{d}xyz" for c in "ab" for d in "cdefg"]
    dictionary.write_text("\n".join(words) + "\n")
    player = tmp_path / "consistent.py"
    player.write_text(CONSISTENT)
    out = tmp_path / "r.json"
    assert main(["wc2022", str(player), "--dictionary", str(dictionary), "--every-answer",
                 "--answer-seed", "3", "--json", str(out), "--no-sandbox"]) == 0
    assert "--answer-seed 3 --every-answer" in capsys.readouterr().out
    report = json.loads(out.read_text())
    assert sorted(r["answer"] for r in report["rounds_played"]) == words
    assert main(["wc2022", str(player), "--dictionary", str(dictionary), "--every-answer",
                 "--rounds", "4"]) == 2
    assert "leave out --rounds" in capsys.readouterr().err
