from __future__ import annotations

import io
import itertools
import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import Case
from judge.practice import (
    HELP_COMMANDS,
    HELP_INTRO,
    HELP_WIDTH,
    Game,
    close_word,
    help_text,
    session,
)
from judge.verdicts import ACCEPTED_TEXT, WRONG_ANSWER_TEXT

from .conftest import CASES, SOLUTIONS

CASE = Case("p", "ccbazz", ("acckzz", "ccbazz", "eiowzz", "abcczz"), 10)


def play(lines: list[str], case: Case = CASE, adversary: bool = False) -> tuple[bool, str]:
    said: list[str] = []
    won = session(Game.start(case, adversary), lines, said.append)
    return won, "\n".join(said)


def test_guessing_to_the_end_gives_leetcodes_verdict() -> None:
    won, text = play(["acckzz", "ccbazz"])
    assert won and ("guess 1/10: acckzz, reply 3 (letters in the right place): "
                   "1 word still possible") in text
    assert f"found in 2 guesses. AC: {ACCEPTED_TEXT}" in text


def test_hints_name_each_metric_and_the_optimum() -> None:
    _, text = play(["hint", "give up"])
    for name in ("minimax", "entropy", "expected"):
        assert f"  {name:<9} acckzz  splits as 2: 1, 3: 1, 4: 1, 6: 1" in text
    # acckzz puts each word in a group of its own: the optimum needs it and one guess more.
    assert "  optimal   acckzz  solves within 2, counting this one" in text
    assert "the secret was ccbazz" in text


def test_not_a_word_counts_and_too_many_guesses_is_wrong() -> None:
    won, text = play(["nope"] * 11 + ["ccbazz"])  # the first nope is said, not counted
    assert not won and "reply -1, and the guess counts" in text and WRONG_ANSWER_TEXT in text


def test_the_board_and_its_help_line() -> None:
    _, text = play(["board", "help", "acckzz", "board", "quit"])
    assert "ends the game\nno guess yet\n" in text  # board, asked before any guess
    assert "  board     your guesses so far, their replies and the words each left" in text
    assert text.count("   1. acckzz       3  1 word") == 2  # after the guess, and asked for


@pytest.mark.parametrize("width", [40, 60, 78, 200])
def test_the_help_is_filled_to_the_width_each_command_in_its_column(width: int) -> None:
    text = help_text(width)
    lines = text.splitlines()
    assert max(map(len, lines)) <= min(width, HELP_WIDTH)
    assert " ".join(line.strip() for line in lines).startswith(" ".join(HELP_INTRO.split()))
    for command, what in HELP_COMMANDS:
        first = next(i for i, line in enumerate(lines) if line.startswith(f"  {command}  "))
        rest = list(itertools.takewhile(lambda line: line.startswith(" " * 12), lines[first + 1:]))
        assert " ".join(line.strip() for line in [lines[first][12:], *rest]) == what
    assert help_text() == help_text(HELP_WIDTH)


def test_words_help_and_end_of_input() -> None:
    won, text = play(["help", "words", "list", "acckzz", "words"])
    assert not won and "give up" in text and "the secret was ccbazz" in text
    assert text.splitlines()[-4] == "  ccbazz"  # the words still possible, before the review


def test_an_adversary_that_never_chose_a_secret_is_not_said_to_have_had_one() -> None:
    disjoint = Case("d", "aaaaaa", tuple(c * 6 for c in "abcd"), 2)
    _, text = play(["aaaaaa", "quit"], disjoint, adversary=True)
    assert ("the adversary had not chosen a secret: 3 words were still possible (bbbbbb "
            "cccccc dddddd)") in text and "the secret was" not in text
    _, text = play(["aaaaaa", "bbbbbb"], disjoint, adversary=True)
    assert "no guesses left: the adversary had not chosen a secret: 2 words" in text
    _, text = play(["quit"], Case("one", "aaaaaa", ("aaaaaa",), 2), adversary=True)
    assert "the secret was aaaaaa" in text  # one word left: it is the secret


def test_the_adversary_keeps_the_secret_open() -> None:
    disjoint = Case("d", "aaaaaa", tuple(c * 6 for c in "abcd"), 10)
    won, text = play(["aaaaaa", "bbbbbb", "cccccc", "dddddd"], disjoint, adversary=True)
    assert won and "found in 4 guesses" in text


def test_play_command_reads_the_terminal(monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    answers = iter(["hint"])

    def fake_input(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert main(["play", "--words", "8", "--list-seed", "1", "--english"]) == 1
    assert "8 words of 6 letters" in capsys.readouterr().out
    assert main(["play", "--words", "0"]) == 2


@pytest.mark.parametrize("flags", [["--words", "3"], ["--english"], ["--list-seed", "0"],
                                   ["--allowed", "30"], ["--words", "30", "--english"]])
def test_flags_that_make_a_list_are_refused_beside_a_case(
        flags: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """They would be ignored: a case is played with its own list and limit. Even a default's
    value, given, is refused."""
    case = str(CASES / "handwritten" / "two-words.json")
    assert main(["play", "--cases", case, *flags]) == 2
    named = ", ".join(f for f in flags if f.startswith("--"))
    assert capsys.readouterr().err == (f"python -m judge play: error: {named}: for a new list; "
                                       "--cases and --case play a case's own list, as it is\n")


def test_why_sets_a_word_beside_the_best_guesses() -> None:
    _, text = play(["why eiowzz", "why", "why nope", "give up"])
    lines = text.splitlines()
    header = lines.index("4 words still possible; words left after each reply:")
    # eiowzz matches each other word in 2 letters: a group of 3 that takes two more guesses
    # to split (3 in all); acckzz splits all four at once (2 in all).
    assert lines[header + 2] == "  yours     eiowzz     .   .   3   .   .   .   1   3"
    assert lines[header + 3] == "  minimax   acckzz     .   .   1   1   1   .   1   2"
    assert lines[header + 6] == "  optimal   acckzz     .   .   1   1   1   .   1   2"
    assert "why WORD" in text and "'nope' is not in the list" in text


def test_the_review_shows_where_a_guess_lost_ground() -> None:
    won, text = play(["eiowzz", "abcczz", "ccbazz"])
    assert won
    review = text[text.index("review of 3 guesses"):].splitlines()
    assert review[1] == ("   1. eiowzz   reply  2     4 -> 3 words   solves within 3, counting "
                         "this one; the best guess: within 2; lost 1 guess")
    assert review[2] == ("   2. abcczz   reply  2     3 -> 1 word    solves within 2, counting "
                         "this one; the best guess: within 2")
    assert review[3].endswith("solves within 1, counting this one; the best guess: within 1")


@pytest.mark.parametrize("ending", [["give up"], [], ["nope"] * 10])
def test_every_ending_gets_its_review(ending: list[str]) -> None:
    won, text = play(["acckzz", *ending])
    assert not won and "review of" in text and "1. acckzz" in text
    if len(ending) == 10:
        assert "no guesses left: the secret was ccbazz. WA" in text
        assert "not a word of the list: a guess spent, nothing learned" in text


def test_a_game_with_no_guess_says_so() -> None:
    assert play([])[1].splitlines()[-1] == "review: no guess was made"


def test_input_is_forgiving_where_leetcode_is_not() -> None:
    won, text = play(["  ACCKZZ ", "ccbazx", "ccbazz"])
    assert won and ("guess 1/10: acckzz, reply 3 (letters in the right place): "
                   "1 word still possible") in text
    assert "did you mean ccbazz? (not counted" in text and "found in 2 guesses" in text


def test_a_typo_typed_twice_is_guessed_as_it_is() -> None:
    _, text = play(["ccbazx", "ccbazx", "give up"])
    assert "guess 1/10: 'ccbazx' is not in the list: reply -1, and the guess counts" in text


def test_a_word_far_from_any_listed_one_is_said_once_before_it_costs_a_guess() -> None:
    # A mistyped command ("hnit") or a word of another length: no suggestion, and no guess
    # spent until it is typed again; once spent, it is guessed again at once.
    _, text = play(["hnit", "acckzz", "hnit", "hnit", "hnit", "give up"])
    assert ("'hnit' is not in the list (not counted; type hnit again to spend a guess on it as "
            "it is)") in text
    assert "guess 1/10: acckzz" in text  # the first hnit spent nothing
    assert "guess 2/10: 'hnit' is not in the list: reply -1" in text
    assert "guess 3/10: 'hnit' is not in the list: reply -1" in text


@pytest.mark.parametrize(("typed", "meant"), [
    ("ccbazx", "ccbazz"), ("cbcazz", "ccbazz"), ("ccbaz", "ccbazz"), ("ccbazzz", "ccbazz"),
    ("cbaz", None), ("zzzzzz", None), ("", None)])
def test_what_counts_as_a_typo(typed: str, meant: str | None) -> None:
    assert close_word(CASE.words, typed) == meant


def test_two_close_words_are_no_suggestion() -> None:
    assert close_word(("abcdef", "abcdeg"), "abcdex") is None


def test_a_whole_game_through_standard_input(tmp_path: Path) -> None:
    case = tmp_path / "case.json"
    case.write_text(json.dumps([CASE.to_json()]))
    script = "hint\nwhy acckzz\nAcckzz\nccbazz\n"
    done = subprocess.run([sys.executable, "-m", "judge", "play", "--cases", str(case)],
                          input=script, capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).parent.parent)
    assert done.returncode == 0, done.stderr
    assert "guess>" not in done.stdout  # no prompt when not on a terminal
    assert "found in 2 guesses. AC" in done.stdout
    assert done.stdout.rstrip().endswith("solves within 1, counting this one; the best guess: "
                                         "within 1")


def test_ctrl_c_ends_the_game_with_its_review(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    answers = iter(["acckzz"])

    def typed(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise KeyboardInterrupt from None

    case = tmp_path / "case.json"
    case.write_text(json.dumps([CASE.to_json()]))
    monkeypatch.setattr("builtins.input", typed)
    assert main(["play", "--cases", str(case)]) == 1
    out = capsys.readouterr().out
    assert "the secret was ccbazz" in out and "1. acckzz" in out


@pytest.mark.parametrize("pick", ["other", "2"])
def test_play_picks_one_game_of_many_by_name_or_number(
        pick: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    case = tmp_path / "cases.json"
    other = Case("other", "acckzz", CASE.words, 10)
    case.write_text(json.dumps([CASE.to_json(), other.to_json()]))
    monkeypatch.setattr("sys.stdin", io.StringIO("acckzz\n"))
    assert main(["play", "--cases", str(case), "--case", pick]) == 0
    assert "found in 1 guess. AC" in capsys.readouterr().out
    assert main(["play", "--cases", str(case)]) == 2
    assert "holds 2 cases: pick one with --case NAME" in capsys.readouterr().err


def test_what_the_solver_did_not_prove_is_marked(monkeypatch: pytest.MonkeyPatch) -> None:
    import judge.practice as practice

    monkeypatch.setattr(practice, "best_next_guess", lambda *args, **kwargs: None)
    _, text = play(["why eiowzz", "eiowzz", "give up"])
    assert "  yours     eiowzz     .   .   3   .   .   .   1   <=3" in text
    assert ("solves within <=3, counting this one (the optimum not proven in 1 s); the best "
            "guess: within <=2; may have lost up to 1") in text
    table = text.split("solves within N:")[0]
    # No optimum row unproven: a line that says why there is none, in why as in hint.
    assert table.count("  optimal   not found: not proven in 1 s") == 1


def test_the_review_says_of_a_guess_what_its_table_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A solver that proves a group only when asked again (as one given a second second
    would): the review repeats the table's unproven figure rather than contradict it."""
    import judge.practice as practice

    asked: set[tuple[int, ...]] = set()
    solve = practice.best_next_guess

    def slow_at_first(words: Sequence[str], group: list[int],
                      time_limit: float) -> tuple[int, int] | None:
        if tuple(group) not in asked:
            asked.add(tuple(group))
            return None
        return solve(words, group, time_limit)

    monkeypatch.setattr(practice, "best_next_guess", slow_at_first)
    _, text = play(["why eiowzz", "eiowzz", "give up"])
    assert "  yours     eiowzz     .   .   3   .   .   .   1   <=3" in text
    assert "solves within <=3, counting this one (the optimum not proven in 1 s)" in text


def test_an_unproven_best_is_never_worse_than_the_guess_reviewed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen in a terminal: "solves within 9; the best guess: within <=10", the strategies'
    bound for the best guess above what the guess itself had just done."""
    import judge.practice as practice

    bound = practice.guarantee
    monkeypatch.setattr(practice, "best_next_guess", lambda *args, **kwargs: None)
    monkeypatch.setattr(practice, "guarantee", lambda matrix, group: 99 if len(group) == 4
                        else bound(matrix, group))
    _, text = play(["eiowzz", "give up"])
    assert "solves within <=3, counting this one (the optimum not proven in 1 s); the best " \
           "guess: within <=3" in text


EXPLAINED = Case("wa", "ccbazz", ("acckzz", "ccbazz", "eiowzz", "abcczz"), 1)


def test_explain_with_the_replays_seed_plays_the_game_grade_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # "The first thing to run after a wrong answer": for a random guesser, the --seed of
    # grade's replay makes explain show the very game that failed; without one, explain
    # names the seed it drew.
    words = ("acckzz", "ccbazz", "eiowzz", "abcczz", "gaming", "hazard", "icicle", "jigsaw",
             "kettle", "lagoon", "mantle", "nectar")
    bench = str(tmp_path / "tight.json")  # two guesses for twelve words: most games fail
    Path(bench).write_text(json.dumps([Case(f"tight-{w}", w, words, 2).to_json()
                                       for w in words]))
    solution = str(SOLUTIONS / "random_guess.py")
    report = tmp_path / "run.json"
    assert main(["grade", solution, "--cases", bench, "--relaxed", "--no-sandbox", "--json",
                 str(report), "-q"]) == 1
    played = json.loads(report.read_text())
    failed = next(c for c in played["cases"] if c["verdict"] != "AC")
    seed = str(played["provenance"]["run_seed"])
    capsys.readouterr()
    assert main(["explain", solution, "--cases", bench, "--case", failed["name"], "--seed",
                 seed, "--no-sandbox"]) == 1
    out = capsys.readouterr().out
    guessed = [line.split(":", 1)[1].split("->")[0].strip() for line in out.splitlines()
               if line.startswith("guess ") and "->" in line]
    assert guessed == [word for word, _ in failed["transcript"]]
    assert out.rstrip().endswith(f"random numbers from --seed {seed}")
    assert main(["explain", solution, "--cases", bench, "--case", failed["name"],
                 "--no-sandbox"]) in (0, 1)
    drawn = capsys.readouterr().out.rstrip().rsplit("--seed ", 1)[1]
    assert drawn.isdigit()


def explain(tmp_path: Path, *options: str, cases: list[Case] | None = None,
            solution: Path = SOLUTIONS / "first_candidate.py") -> int:
    path = tmp_path / "cases.json"
    path.write_text(json.dumps([c.to_json() for c in cases or [EXPLAINED]]))
    return main(["explain", str(solution), "--cases", str(path), "--no-sandbox", *options])


def test_explain_shows_each_guess_of_a_solution_beside_the_best(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # first_candidate guesses acckzz (3 letters match), then ccbazz: one guess too many.
    assert explain(tmp_path) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{SOLUTIONS / 'first_candidate.py'} on wa (secret ccbazz): WA in 2 "
                          "guesses: found the secret at guess 2, limit 1\n")
    assert "Traceback" not in out and out.count("found the secret at guess 2") == 1
    assert "guess 1: acckzz -> 3" in out and "guess 2: ccbazz -> 6" in out
    assert "    its guess acckzz     .   .   1   1   1   .   1   2" in out
    assert ("   1. acckzz   reply  3     4 -> 1 word    solves within 2, counting this one; the "
            "best guess: within 2") in out
    assert explain(tmp_path, "--secret", "acckzz") == 0
    assert "(secret acckzz): AC in 1 guess" in capsys.readouterr().out


def test_explain_shows_where_a_solution_stopped_and_what_it_printed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raises = tmp_path / "raises.py"
    raises.write_text("class Solution:\n    def findSecretWord(self, words, master):\n"
                      "        master.guess(words[0])\n        print('one\\ntwo')\n"
                      "        return words[99]\n")
    assert explain(tmp_path, solution=raises) == 1
    out = capsys.readouterr().out
    assert "RTE in 1 guess: IndexError: list index out of range\n" in out
    assert "guess 1: acckzz -> 3" in out  # the game up to there, beside the best
    assert "\nTraceback (most recent call last):\n" in out
    assert "line 5, in findSecretWord\n    return words[99]\n" in out
    assert "it printed:\none\ntwo\n" in out  # lines as printed, not escaped


def test_explain_on_a_file_that_does_not_compile_shows_the_whole_error_and_no_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("class Solution:\n    def findSecretWord(self, words, master):\n"
                      "        return (\n")
    assert explain(tmp_path, solution=broken) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{broken}: CE: SyntaxError: '(' was never closed ({broken}, line 3)"
    assert "    return (" in out  # the whole error, with the line it points at
    assert not any(line.startswith(("words (", "review", "guess")) for line in out)


@pytest.mark.parametrize(("options", "problem"), [
    (["--case", "wa", "--secret", "zzzzzz"], "is not a word of the case's list"),
    (["--case", "wa", "--secret", "\ud800"], "is not a word of the case's list"),
    (["--case", "nope"], "no case is named 'nope'"),
    ([], "holds 2 cases: pick one with --case NAME"),
    (["--case", "wa", "--time-limit", "nan"], "--time-limit")])
def test_explain_says_what_is_wrong_in_one_line(tmp_path: Path, options: list[str],
                                                problem: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    two = [EXPLAINED, Case("other", "acckzz", EXPLAINED.words, 10)]
    assert explain(tmp_path, *options, cases=two) == 2
    err = capsys.readouterr().err.strip()
    assert problem in err and len(err.splitlines()) == 1, err


def test_explain_picks_a_case_by_name(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    two = [EXPLAINED, Case("other", "acckzz", EXPLAINED.words, 10)]
    assert explain(tmp_path, "--case", "other", cases=two) == 0
    assert "on other (secret acckzz): AC in 1 guess" in capsys.readouterr().out


def test_explain_still_takes_its_old_spelling_for_a_release(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cases.json"
    two = [EXPLAINED, Case("other", "acckzz", EXPLAINED.words, 10)]
    path.write_text(json.dumps([c.to_json() for c in two]))
    assert main(["explain", str(SOLUTIONS / "first_candidate.py"), "--case", str(path),
                 "--name", "other", "--no-sandbox"]) == 0
    captured = capsys.readouterr()
    assert "on other (secret acckzz): AC in 1 guess" in captured.out
    assert "--name is now --case" in captured.err and "--case takes a case name" in captured.err


def test_hint_why_and_the_review_say_one_number_in_one_voice() -> None:
    """The same position, asked three ways: the optimal guess's figure is one number, said
    the same way."""
    _, text = play(["hint", "why acckzz", "acckzz", "ccbazz"])
    assert "  optimal   acckzz  solves within 2, counting this one" in text  # hint
    assert "  optimal   acckzz     .   .   1   1   1   .   1   2" in text  # why: the same 2
    assert "1. acckzz   reply  3     4 -> 1 word    solves within 2, counting this one" in text
    # explain, on a solution that made the same first guess in the same position
    from judge.practice import explained

    told = "\n".join(explained(CASE, [("acckzz", 3), ("ccbazz", 6)]))
    assert "    optimal   acckzz     .   .   1   1   1   .   1   2" in told
    assert "1. acckzz   reply  3     4 -> 1 word    solves within 2, counting this one" in told


def test_a_repeated_guess_warns_first_and_a_ruled_out_one_is_noted() -> None:
    _, text = play(["acckzz", "acckzz", "acckzz", "quit"], Case("p", "eiowzz", CASE.words, 10))
    assert "you guessed acckzz already (guess 1, reply 2): not counted" in text
    assert "guess 2/10: acckzz" in text and "guess 3/10" not in text  # typed again: counted
    _, text = play(["acckzz", "eiowzz", "abcczz", "quit"], Case("p", "abcczz", CASE.words, 10))
    assert ("note: eiowzz could not be the secret (guess 1 (acckzz) got 4, eiowzz would have "
            "got 2)") in text


@pytest.mark.parametrize("word", ["quit", "exit", "q", "give up"])
def test_every_way_out_ends_the_game_without_spending_a_guess(word: str) -> None:
    won, text = play(["acckzz", word])
    assert not won and "the secret was ccbazz" in text and "review of 1 guess " in text


def test_a_hostile_word_is_quoted_with_its_escapes_shown_once(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "solutions/minimax_cpp.py", "--cases", "cases/examples", "--case",
                 "example1", "--secret", "a\x1b[31mb"]) == 2
    assert capsys.readouterr().err.endswith(
        "error: --secret 'a\\x1b[31mb' is not a word of the case's list\n")  # not a\\x1b
    _, text = play(["ab\x1bc", "quit"])
    assert "'ab\\x1bc' is not in the list" in text
