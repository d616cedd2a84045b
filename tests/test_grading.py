"""Grading's decisions through a scripted runner: which cases share a fresh state, what the
warm-up games are, when fail-fast and the budget stop a run, what becomes JE, and the words a
candidate reads for each verdict. No worker is started, so each test takes milliseconds."""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Callable, Iterator, Sequence

import pytest

from judge import grading
from judge.cases import Case, every_secret, shared_lists
from judge.grading import (
    WARMUP_GAMES,
    grade,
    headline,
    judge_case,
    play_order,
    warmup_masters,
    wasted_guesses,
)
from judge.master import Master
from judge.randomness import UNSEEDED, Seeds, case_seed
from judge.result import Outcome
from judge.verdicts import MEANING, WRONG_ANSWER_TEXT

WORDS = ("aaaaaa", "aaaaab", "aaaabb", "aaabbb", "aabbbb", "abbbbb", "bbbbbb")
ONE = Case("one", "aaaabb", WORDS, 10)


def walk(master: Master) -> Outcome:
    """Guess the words in order until the secret: what an honest solution's run returns."""
    for word in master.words:
        if master.guess(word) == len(word):
            break
    return Outcome(None, seconds=0.01)


class Scripted:
    """A runner whose every play is `play(master)`, recording what grading asked of it."""

    def __init__(self, play: Callable[[Master], Outcome] = walk) -> None:
        self._play = play
        self.played: list[str] = []
        self.seeds: list[Seeds] = []
        self.fresh: list[list[str]] = []  # each fresh-state block's warm-up secrets
        self.fresh_sizes: list[int | None] = []  # and the cases it was told it holds
        self.in_fresh = False
        self.fresh_cases: list[str] = []
        self.entered = self.exited = 0

    def play(self, master: Master, seeds: Seeds = UNSEEDED) -> Outcome:
        self.played.append(master.secret())
        self.seeds.append(seeds)
        if self.in_fresh:
            self.fresh_cases.append(master.secret())
        return self._play(master)

    @contextlib.contextmanager
    def fresh_state_per_case(self, warmups: Sequence[Master],
                             cases: int | None = None) -> Iterator[None]:
        self.fresh.append([m.secret() for m in warmups])
        self.fresh_sizes.append(cases)
        self.in_fresh = True
        try:
            yield
        finally:
            self.in_fresh = False

    def __enter__(self) -> Scripted:
        self.entered += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self.exited += 1


def test_cases_of_a_shared_list_start_from_a_fresh_state_and_a_lone_case_does_not() -> None:
    lone = Case("lone", "cccccc", ("cccccc", "dddddd"), 10)
    pair = every_secret([Case("pair", "eeeeee", ("eeeeee", "ffffff"), 10)])
    runner = Scripted()
    report = grade(runner, "s", [lone, *pair, *every_secret([ONE])], order_seed=4)
    assert runner.entered == runner.exited == 1
    assert len(runner.fresh) == 2  # the pair's list and ONE's list, not the lone case's
    assert sorted(runner.fresh_sizes) == [2, 7]  # each told how many cases it holds
    assert sorted(runner.fresh_cases) == sorted(["eeeeee", "ffffff", *WORDS])
    assert [r.name for r in report.results] == ["lone", *(c.name for c in pair),
                                                 *(c.name for c in every_secret([ONE]))]
    assert all(r.verdict == "AC" for r in report.results) and report.order_seed == 4


def test_a_case_picked_from_a_shared_list_plays_as_among_its_others() -> None:
    """A replay picks one case of a list: it plays from the list's warm state, after the same
    warm-up games, as it did among the others (a refusal of that state shows again)."""
    pair = every_secret([Case("pair", "eeeeee", ("eeeeee", "ffffff"), 10)])
    lone = Case("lone", "cccccc", ("cccccc", "dddddd"), 10)
    shared = shared_lists([*pair, lone])
    assert shared == {pair[0].words}
    # With every secret, each list of two words or more is played more than once.
    single = Case("single", "gggggg", ("gggggg",), 10)
    assert shared_lists([pair[0], lone, single], all_secrets=True) == {pair[0].words, lone.words}
    assert shared_lists([pair[0], lone, single]) == frozenset()
    among = Scripted()
    grade(among, "s", pair, order_seed=4)
    picked = Scripted()
    grade(picked, "s", pair[1:], order_seed=4, shared_lists=shared)
    assert picked.fresh == [among.fresh[0]] and picked.fresh_cases == ["ffffff"]
    assert (among.fresh_sizes, picked.fresh_sizes) == ([2], [1])
    alone = Scripted()
    grade(alone, "s", [pair[1], lone], order_seed=4, shared_lists=shared)
    assert alone.fresh_cases == ["ffffff"]  # the lone case's list is not shared: no fork
    assert grade(unshared := Scripted(), "s", pair[1:], order_seed=4).all_accepted
    assert unshared.fresh == []


def test_the_warm_up_games_are_the_lists_own_drawn_from_the_order_seed() -> None:
    runner = Scripted()
    grade(runner, "s", every_secret([ONE]), order_seed=9)
    (warm,) = runner.fresh
    assert len(warm) == len(set(warm)) == min(WARMUP_GAMES, len(WORDS)) == 7
    assert warm == [m.secret() for m in warmup_masters(ONE, 9, WARMUP_GAMES)]
    masters = warmup_masters(ONE, 9, 3)
    assert len(masters) == 3 and len({m.secret() for m in masters}) == 3
    assert all(m.words == ONE.words and m.allowed_guesses == 10 for m in masters)
    assert [m.secret() for m in masters] == [m.secret() for m in warmup_masters(ONE, 9, 3)]
    drawn = {tuple(m.secret() for m in warmup_masters(ONE, seed, 3)) for seed in range(30)}
    assert len(drawn) > 10  # another order seed, other warm-up secrets
    # They are drawn without looking at the cases' secrets: the same for any case of the list.
    other = Case("other", "bbbbbb", WORDS, 10)
    assert [m.secret() for m in warmup_masters(other, 9, 3)] == [m.secret() for m in masters]


def test_the_play_order_groups_lists_and_is_drawn_from_its_seed() -> None:
    cases = [*every_secret([ONE]), Case("x", "cccccc", ("cccccc", "dddddd"), 10)]
    order = play_order(cases, 1)
    assert sorted(map(len, order)) == [1, 7]
    assert sorted(i for group in order for i in group) == list(range(8))
    assert len({str(play_order(cases, seed)) for seed in range(20)}) > 10
    assert play_order(cases, 5) == play_order(cases, 5)


def test_grading_plays_in_the_order_drawn_from_its_seed_and_reports_the_seed() -> None:
    cases = [*every_secret([ONE]), Case("x", "cccccc", ("cccccc", "dddddd"), 10)]
    for order_seed in (3, None):
        runner = Scripted()
        report = grade(runner, "s", cases, order_seed=order_seed)
        assert isinstance(report.order_seed, int) and (order_seed in (None, report.order_seed))
        drawn = [cases[i].secret for group in play_order(cases, report.order_seed)
                 for i in group]
        assert runner.played == drawn


def test_the_seed_reaches_every_game_each_case_drawing_its_own() -> None:
    cases = every_secret([ONE])
    runner = Scripted()
    grade(runner, "s", cases, seed=42, order_seed=1)
    assert [s.run for s in runner.seeds] == [42] * len(WORDS)
    by_secret = dict(zip(runner.played, (s.case for s in runner.seeds), strict=True))
    # The case's seed depends on the run's seed and the case's name, never on where it was
    # played: a case graded alone, or in another order, draws what it drew in the whole run.
    assert by_secret == {c.secret: case_seed(42, c.name) for c in cases}
    assert len(set(by_secret.values())) == len(cases)
    alone = Scripted()
    grade(alone, "s", cases[3:4], seed=42, order_seed=2)
    assert alone.seeds == [Seeds(42, by_secret[cases[3].secret])]
    unseeded = Scripted()
    grade(unseeded, "s", cases, order_seed=1)
    assert set(unseeded.seeds) == {UNSEEDED}


def test_a_case_seed_is_the_runs_and_the_names() -> None:
    names = ("a", "b", "a@b", "\ud800", "\udc00")  # a case file's name may be anything
    seeds = {case_seed(run, name) for run in (0, 1, -1, 2**70) for name in names}
    assert len(seeds) == 20 and all(0 <= s < 2**32 for s in seeds)
    assert case_seed(7, "bench01@aaaaaa") == case_seed(7, "bench01@aaaaaa")


def tle_after(count: int) -> Callable[[Master], Outcome]:
    """Plays honestly `count` times, then times out on every later case."""
    calls = itertools.count()

    def play(master: Master) -> Outcome:
        if next(calls) < count:
            return walk(master)
        return Outcome("TLE", "more than 1 s of CPU time", seconds=1.0)
    return play


@pytest.mark.parametrize("fail_fast", [1, 3])
def test_fail_fast_runs_no_case_after_that_many_time_outs(fail_fast: int) -> None:
    cases = every_secret([ONE])
    runner = Scripted(tle_after(2))
    report = grade(runner, "s", cases, fail_fast=fail_fast, order_seed=1)
    verdicts = [r.verdict for r in report.results]
    assert verdicts.count("AC") == 2 and verdicts.count("TLE") == fail_fast
    assert verdicts.count("SC") == len(cases) - 2 - fail_fast
    assert len(runner.played) == 2 + fail_fast
    skipped = next(r for r in report.results if r.verdict == "SC")
    times = "1 time" if fail_fast == 1 else f"{fail_fast} times"
    assert skipped.message == (f"not run: the solution had already timed out {times} "
                               f"(--fail-fast {fail_fast}; 0 runs every case)")
    assert skipped.guesses == 0 and skipped.allowed == 10 and skipped.secret in WORDS
    assert skipped.time_s == 0.0 and report.solution == "s"


def test_without_fail_fast_every_case_is_played() -> None:
    report = grade(Scripted(tle_after(0)), "s", every_secret([ONE]), fail_fast=0)
    assert [r.verdict for r in report.results] == ["TLE"] * len(WORDS)
    by_default = grade(Scripted(tle_after(0)), "s", every_secret([ONE]))
    assert [r.verdict for r in by_default.results] == ["TLE"] * len(WORDS)


def test_fail_fast_stops_before_the_next_lists_too() -> None:
    cases = [Case(w, w, (w, "zzzzzz"), 10) for w in ("cccccc", "dddddd", "eeeeee", "ffffff")]
    runner = Scripted(tle_after(0))
    report = grade(runner, "s", cases, fail_fast=1)
    assert [r.name for r in report.results] == [c.name for c in cases]
    assert sorted(r.verdict for r in report.results) == ["SC", "SC", "SC", "TLE"]
    assert len(runner.played) == 1


def test_warm_up_time_outs_count_toward_fail_fast() -> None:
    runner = Scripted()
    runner.warmup_timeouts = 2  # type: ignore[attr-defined]
    report = grade(runner, "s", [ONE], fail_fast=2)
    assert [r.verdict for r in report.results] == ["SC"]
    # The summary says TLE 0: the message says where the two time-outs were.
    assert report.results[0].message == ("not run: the solution had already timed out 2 times "
                                         "(0 cases and 2 warm-up games; --fail-fast 2; "
                                         "0 runs every case)")


def test_a_spent_budget_runs_no_more_cases() -> None:
    report = grade(Scripted(), "s", every_secret([ONE]), budget_seconds=0.0)
    assert {r.verdict for r in report.results} == {"SC"}
    assert report.results[0].message == "not run: the solution had spent its 0 s " \
                                        "(--solution-seconds)"
    assert {r.verdict for r in grade(Scripted(), "s", [ONE], budget_seconds=60.0).results} \
        == {"AC"}


def test_the_budget_is_spent_the_moment_it_is_reached(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grading.time, "monotonic", lambda: 50.0)  # no time passes
    assert {r.verdict for r in grade(Scripted(), "s", [ONE], budget_seconds=0.0).results} \
        == {"SC"}
    assert {r.verdict for r in grade(Scripted(), "s", [ONE], budget_seconds=0.5).results} \
        == {"AC"}


def test_each_result_is_handed_on_as_it_is_judged() -> None:
    seen: list[str] = []
    report = grade(Scripted(), "s", every_secret([ONE]), on_result=lambda r: seen.append(r.name))
    assert sorted(seen) == sorted(r.name for r in report.results) and len(seen) == 7


def test_a_runner_that_raises_is_the_judges_error_not_the_submissions() -> None:
    def broken(master: Master) -> Outcome:
        raise OSError("pipe closed")

    result = judge_case(Scripted(broken), ONE, None, False)
    assert result.verdict == "JE" and result.message == "OSError: pipe closed"


def test_a_runner_verdict_stands_with_the_games_guesses() -> None:
    def crashes(master: Master) -> Outcome:
        master.guess("aaaaaa")
        return Outcome("RTE", "Traceback (most recent call last):\n  File x\nValueError: no",
                       output="printed", seconds=0.3)

    result = judge_case(Scripted(crashes), ONE, None, False)
    assert (result.verdict, result.message, result.guesses) == ("RTE", "ValueError: no", 1)
    assert (result.name, result.allowed, result.secret) == ("one", 10, "aaaabb")
    assert result.detail.endswith("ValueError: no") and result.output == "printed"
    assert result.time_s == 0.3 and result.transcript == [("aaaaaa", 4)]


def test_a_verdict_without_a_detail_is_headed_by_its_meaning() -> None:
    result = judge_case(Scripted(lambda m: Outcome("TLE", "")), ONE, None, False)
    assert (result.verdict, result.message, result.detail) == ("TLE", MEANING["TLE"], "")


def test_a_run_stopped_at_the_runaway_cap_is_a_wrong_answer() -> None:
    def stopped(master: Master) -> Outcome:
        master.guess("aaaaaa")
        return Outcome(None, "more than 100 calls", stopped=True)

    result = judge_case(Scripted(stopped), ONE, None, False)
    assert (result.verdict, result.message) == ("WA", WRONG_ANSWER_TEXT)
    assert result.detail.startswith("stopped after the runaway cap of")


def test_the_adversary_keeps_the_secret_open_and_the_result_names_the_one_it_chose() -> None:
    fixed = judge_case(Scripted(), ONE, None, False)
    hostile = judge_case(Scripted(), ONE, None, True)
    assert fixed.secret == "aaaabb" and fixed.guesses == 3
    assert hostile.guesses == len(WORDS) and hostile.secret == WORDS[-1]


def test_grading_against_the_adversary_plays_every_case_against_it() -> None:
    report = grade(Scripted(), "s", every_secret([ONE]), adversary=True)
    assert {(r.guesses, r.secret) for r in report.results} == {(len(WORDS), WORDS[-1])}


def test_an_accepted_game_has_no_detail_and_a_wrong_answer_says_why() -> None:
    accepted = judge_case(Scripted(), ONE, None, False)
    assert accepted.detail == "" and accepted.verdict == "AC"
    short = Case("short", "bbbbbb", WORDS, 3)
    wrong = judge_case(Scripted(), short, None, False)
    assert wrong.verdict == "WA" and wrong.message == WRONG_ANSWER_TEXT
    assert wrong.detail.splitlines()[0] == "found the secret at guess 7, limit 3"


@pytest.mark.parametrize(("guesses", "reason"), [
    (0, "returned after 0 guesses without guessing the secret"),
    (1, "returned after 1 guess without guessing the secret"),
    (2, "returned after 2 guesses without guessing the secret")])
def test_a_run_that_gives_up_says_how_many_guesses_it_made(guesses: int, reason: str) -> None:
    def gives_up(master: Master) -> Outcome:
        for word in ("aaaaaa", "bbbbbb")[:guesses]:
            master.guess(word)
        return Outcome(None)

    result = judge_case(Scripted(gives_up), ONE, None, False)
    assert result.verdict == "WA" and result.detail.splitlines()[0] == reason


@pytest.mark.parametrize(("detail", "line"), [
    ("", MEANING["TLE"]),
    ("  \n ", MEANING["TLE"]),
    ("more than 1 s of CPU time\nat line 3", "more than 1 s of CPU time"),
    ("Traceback (most recent call last):\n  File a\n    x()\nKeyError: 'k'", "KeyError: 'k'"),
    ("Traceback (most recent call last):\n  File a\nValueError: first\n\nDuring handling\n\n"
     "Traceback (most recent call last):\n  File b\nKeyError: 'second'", "KeyError: 'second'"),
    ("Traceback (most recent call last):\n  File a\n    only frames", "Traceback (most recent "
                                                                    "call last):"),
    ("Traceback (most recent call last):\nKeyError: 'k'", "KeyError: 'k'"),
    ("Traceback (most recent call last):\n at a\n at b\nE", "E"),
])
def test_the_headline_is_the_exception_line_of_the_last_traceback(detail: str, line: str) -> None:
    assert headline("TLE", detail) == line


def test_wasted_guesses_name_repeats_non_words_and_the_first_word_already_ruled_out() -> None:
    # The secret is aaabbb: abbbbb (guess 4) would have given aaaaaa 1, not 3.
    transcript = [("aaaaaa", 3), ("zzzzzz", -1), ("qqqqqq", -1), ("abbbbb", 4), ("aaaaaa", 3),
                  ("aaabbb", 6)]
    assert wasted_guesses(transcript, WORDS) == [
        "guessed 'aaaaaa' 2 times", "2 calls were not words of the list (answered -1)",
        "guess 4 (abbbbb) could no longer be the secret: guess 1 (aaaaaa) got 3, and abbbbb "
        "would have given 1"]
    assert wasted_guesses([("zzzzzz", -1), ("aaaabb", 6)], WORDS) == [
        "1 call was not a word of the list (answered -1)"]
    assert wasted_guesses([("aaaaaa", 4), ("aaaabb", 6)], WORDS) == []
