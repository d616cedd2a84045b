from __future__ import annotations

import pytest

from judge.__main__ import main
from judge.cases import Case
from judge.practice import Game, session
from judge.verdicts import ACCEPTED_TEXT, WRONG_ANSWER_TEXT

CASE = Case("p", "ccbazz", ("acckzz", "ccbazz", "eiowzz", "abcczz"), 10)


def play(lines: list[str], case: Case = CASE, adversary: bool = False) -> tuple[bool, str]:
    said: list[str] = []
    won = session(Game.start(case, adversary), lines, said.append)
    return won, "\n".join(said)


def test_guessing_to_the_end_gives_leetcodes_verdict() -> None:
    won, text = play(["acckzz", "ccbazz"])
    assert won and "3: 1 words still possible (1/10 guesses used)" in text
    assert f"found in 2 guesses. AC: {ACCEPTED_TEXT}" in text


def test_hints_name_each_metric_and_the_optimum() -> None:
    _, text = play(["hint", "give up"])
    for name in ("minimax", "entropy", "expected"):
        assert f"  {name:<9} acckzz  splits as 2: 1, 3: 1, 4: 1, 6: 1" in text
    # acckzz puts each word in a group of its own: the optimum needs it and one guess more.
    assert "  optimal   acckzz  finds any of them within 2 more guesses" in text
    assert "the secret was ccbazz" in text


def test_not_a_word_counts_and_too_many_guesses_is_wrong() -> None:
    won, text = play(["nope"] * 10 + ["ccbazz"])
    assert not won and "-1 (it still counts" in text and WRONG_ANSWER_TEXT in text


def test_words_help_and_end_of_input() -> None:
    won, text = play(["help", "words", "list", "acckzz", "words"])
    assert not won and "give up" in text and "ccbazz" in text.splitlines()[-2]


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
    assert main(["play", "--words", "8", "--seed", "1", "--english"]) == 1
    assert "8 words of 6 letters" in capsys.readouterr().out
    assert main(["play", "--words", "0"]) == 2
