from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from judge.master import Adversary, FixedSecret, GuessBudgetExhausted, Master, runaway_cap
from judge.rules import match
from judge.verdicts import ACCEPTED_TEXT, WRONG_ANSWER_TEXT

from .strategies import cases, word_lists

WORDS = ["acckzz", "ccbazz", "eiowzz", "abcczz"]


def fixed(secret: str = "acckzz", allowed: int = 10) -> Master:
    return Master(WORDS, FixedSecret(secret), allowed)


def test_leetcode_example_one() -> None:
    master = fixed()
    assert [master.guess(w) for w in ["aaaaaa", "acckzz", "ccbazz", "eiowzz", "abcczz"]] == [
        -1, 6, 3, 2, 4]
    assert master.calls == 5
    assert master.verdict() == ("AC", ACCEPTED_TEXT)


@pytest.mark.parametrize("bad", [None, 3, b"acckzz", "ACCKZZ", "acckz", "acckzzz", "", ["acckzz"],
                                 "acckz\u00e9"])
def test_anything_not_in_the_list_is_minus_one_and_counted(bad: object) -> None:
    master = fixed()
    assert master.guess(bad) == -1
    assert master.calls == 1
    assert master.transcript == [(bad if isinstance(bad, str) else repr(bad), -1)]


def test_calls_after_the_secret_was_found_still_count() -> None:
    master = fixed()
    master.guess("acckzz")
    for _ in range(10):
        master.guess("ccbazz")
    assert master.calls == 11
    assert master.verdict() == ("WA", WRONG_ANSWER_TEXT)


def test_exactly_at_the_limit_is_accepted() -> None:
    master = fixed(allowed=10)
    for _ in range(9):
        master.guess("ccbazz")
    master.guess("acckzz")
    assert master.verdict() == ("AC", ACCEPTED_TEXT)


@pytest.mark.parametrize(("found_at", "reason"), [
    (9, "found the secret at guess 9, then kept calling: 11 calls, limit 10"),
    (10, "found the secret at guess 10, then kept calling: 11 calls, limit 10"),
    (11, "found the secret at guess 11, limit 10")])
def test_the_wrong_answer_reason_says_which_limit_was_passed(found_at: int, reason: str) -> None:
    """At the limit, the secret was found in time and the calls after it are the fault; one
    past it, the secret came too late."""
    from judge.grading import wrong_answer_reason

    master = fixed(allowed=10)
    for _ in range(found_at - 1):
        master.guess("ccbazz")
    master.guess("acckzz")
    while master.calls < 11:
        master.guess("ccbazz")
    assert master.verdict() == ("WA", WRONG_ANSWER_TEXT)
    assert wrong_answer_reason(master, stopped=False) == reason


def test_never_guessing_the_secret_is_wrong() -> None:
    master = fixed()
    master.guess("ccbazz")
    assert master.verdict() == ("WA", WRONG_ANSWER_TEXT)
    assert fixed().verdict()[0] == "WA"


def test_runaway_stop_is_not_an_exception() -> None:
    master = fixed(allowed=10)
    assert not issubclass(GuessBudgetExhausted, Exception)
    with pytest.raises(GuessBudgetExhausted):
        for _ in range(10_000):
            with contextlib.suppress(Exception):  # a careless solution's catch-all
                master.guess("ccbazz")
    assert master.calls == runaway_cap(10) + 1


def test_the_solution_mutating_its_words_changes_nothing() -> None:
    words = list(WORDS)
    master = Master(tuple(words), FixedSecret("acckzz"), 10)
    words.clear()
    assert master.guess("acckzz") == 6


@given(cases(max_words=30), st.lists(st.integers(0, 40), max_size=40))
def test_replies_follow_the_rules_for_any_guess_sequence(case: object, picks: list[int]) -> None:
    from judge.cases import Case

    assert isinstance(case, Case)
    master = Master(case.words, FixedSecret(case.secret), case.allowed_guesses)
    pool = [*case.words, "zzzzzzz", "Abcdef"]
    for i, pick in enumerate(picks, 1):
        word = pool[pick % len(pool)]
        expected = match(word, case.secret) if word in case.words else -1
        assert master.guess(word) == expected
        assert master.calls == i
    found = case.secret in [w for w, _ in master.transcript]
    accepted = found and len(picks) <= case.allowed_guesses
    assert master.verdict()[0] == ("AC" if accepted else "WA")


class MasterMachine(RuleBasedStateMachine):
    """Any interleaving of valid and invalid guesses keeps LeetCode's accounting."""

    def __init__(self) -> None:
        super().__init__()
        self.master = Master(WORDS, FixedSecret("eiowzz"), 12)
        self.calls = 0
        self.found_at: int | None = None

    @rule(word=st.sampled_from(WORDS))
    def guess_a_word(self, word: str) -> None:
        self.calls += 1
        assert self.master.guess(word) == match(word, "eiowzz")
        if word == "eiowzz" and self.found_at is None:
            self.found_at = self.calls

    @rule(value=st.one_of(st.none(), st.integers(), st.text(max_size=8)))
    def guess_anything(self, value: object) -> None:
        self.calls += 1
        expected = match(value, "eiowzz") if value in WORDS else -1  # type: ignore[arg-type]
        assert self.master.guess(value) == expected
        if value == "eiowzz" and self.found_at is None:
            self.found_at = self.calls

    @precondition(lambda self: self.calls < 30)
    @invariant()
    def accounting(self) -> None:
        assert self.master.calls == self.calls == len(self.master.transcript)
        accepted = self.found_at is not None and self.calls <= 12
        assert self.master.verdict()[0] == ("AC" if accepted else "WA")


TestMasterMachine = MasterMachine.TestCase


@given(word_lists(1, 40, alphabet="abc"), st.lists(st.integers(0, 100), max_size=30))
def test_adversary_stays_consistent_with_every_reply(listed: list[str], picks: list[int]) -> None:
    adversary = Adversary(listed)
    master = Master(listed, adversary, 30, cap=10_000)
    for pick in picks:
        master.guess(listed[pick % len(listed)])
    secret = master.secret()
    assert secret in listed
    assert all(reply == match(word, secret) for word, reply in master.transcript)
    survivors = [w for w in listed if all(match(g, w) == r for g, r in master.transcript)]
    assert survivors == adversary.candidates


def test_adversary_answers_with_the_largest_group_and_ties_go_to_the_smaller_reply() -> None:
    # Replies to "aaaaaa": 6, 5, 5, 0. The largest group (5) is kept, not the smallest reply.
    adversary = Adversary(["aaaaaa", "aaaaab", "aaaaac", "bbbbbb"])
    assert adversary.reply("aaaaaa") == 5 and adversary.candidates == ["aaaaab", "aaaaac"]
    # Replies 5, 5, 2, 2: two groups of two, and the smaller reply wins the tie.
    adversary = Adversary(["aaaaab", "aaaaac", "aabbbb", "aacccc"])
    assert adversary.reply("aaaaaa") == 2 and adversary.candidates == ["aabbbb", "aacccc"]


def test_the_runaway_cap_is_ten_times_the_limit_and_a_hundred() -> None:
    """Far above any honest need (a game needs at most the list's size), and the message
    names it."""
    assert [runaway_cap(n) for n in (1, 10, 30)] == [110, 200, 400]
    master = fixed(allowed=10)
    with pytest.raises(GuessBudgetExhausted, match=r"^more than 200 calls to Master\.guess$"):
        for _ in range(201):
            master.guess("ccbazz")


def test_adversary_answers_six_only_when_one_word_is_left() -> None:
    adversary = Adversary(["aaaaaa", "bbbbbb"])
    assert adversary.reply("aaaaaa") == 0
    assert adversary.reply("bbbbbb") == 6
