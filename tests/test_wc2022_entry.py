"""P8079's entry points and round loop against a scripted worker: every decision of
`EntryPoints` and `play_round` (the CPU budget, init, a failed call, the next round's new
worker) in milliseconds, with no process started. The worker tests in test_wc2022.py show
the same through real solutions."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from judge.run.limits import Clock, Limits
from judge.wc2022 import game
from judge.wc2022.game import INIT_SECONDS, EntryPointError, EntryPoints, Round, play_round
from judge.wc2022.rules import POINTS, feedback

from .conftest import needs_bubblewrap

WORDS = ["crane", "crate", "trace", "slate", "cloud"]
# One reply a message, or (message, CPU seconds the call costs); None is a call that never
# answers (it spins until its clock stops it).
Step = dict[str, Any] | None | tuple[dict[str, Any] | None, float]


class ScriptedWorker:
    """Answers each request with the next step of its script, spending its CPU on the way."""

    def __init__(self, script: list[Step], death: str = "killed by signal 9",
                 loading: float = 0.0) -> None:
        self.script, self._death = list(script), death
        self.sent: list[dict[str, Any]] = []
        self.cpu, self.killed = loading, False

    def send(self, message: dict[str, Any], clock: Clock | None = None) -> bool:
        self.sent.append(message)
        return True

    def cpu_seconds(self) -> float:
        return self.cpu

    def receive(self, clock: Clock) -> dict[str, Any] | None:
        step = self.script.pop(0)
        if clock.wait() is None:  # a clock of no time at all fires on the wall at once
            return None
        message, cost = step if isinstance(step, tuple) else (step, 0.01)
        assert clock.cpu_limit is not None
        if message is None:
            cost = max(cost, clock.cpu_limit - clock.cpu_seconds())
        self.cpu += cost
        if clock.cpu_seconds() >= clock.cpu_limit:
            clock.fired = "cpu"
            return None
        return message

    def kill(self) -> None:
        self.killed = True

    def death(self) -> str:
        return self._death


class ScriptedEntry(EntryPoints):
    """EntryPoints whose workers are the scripted ones given, in turn (a string: the file
    does not load)."""

    def __init__(self, workers: list[ScriptedWorker | str], budget: float | None = 100.0,
                 limits: Limits | None = None) -> None:
        super().__init__(Path("sol.py"), WORDS, limits or Limits(time_seconds=10.0),
                         sandbox=False, match_seconds=budget)
        self.workers = list(workers)
        self.started: list[ScriptedWorker] = []

    def start_worker(self, seed: int | None = None) -> Any:
        worker = self.workers.pop(0)
        if isinstance(worker, ScriptedWorker):
            self.started.append(worker)
        return worker


DONE = {"op": "done"}


def word(w: str) -> dict[str, Any]:
    return {"op": "word", "word": w}


def test_init_gets_the_dictionary_as_one_string_once_for_the_worker() -> None:
    worker = ScriptedWorker([DONE, word("crane"), word("crate")])
    entry = ScriptedEntry([worker])
    assert entry.ready() is worker and entry.ready() is worker
    assert entry.guess(1, 5, "c", [False] * 5, [False] * 5) == ("word", "crane")
    assert entry.guess(1, 4, "c", [True] * 3 + [False] * 2, [False] * 5) == ("word", "crate")
    assert worker.sent == [
        {"op": "init", "n": 5, "scramble": "cranecratetraceslatecloud"},
        {"op": "guess", "args": [1, 5, "c", [False] * 5, [False] * 5]},
        {"op": "guess", "args": [1, 4, "c", [True, True, True, False, False], [False] * 5]}]
    assert entry.started == [worker]


def test_a_file_that_does_not_load_has_no_entry_points() -> None:
    entry = ScriptedEntry(["SyntaxError: invalid syntax (line 3)"])
    with pytest.raises(EntryPointError) as raised:
        entry.ready()
    assert str(raised.value) == "sol.py: SyntaxError: invalid syntax (line 3)"


@pytest.mark.parametrize(("reply", "why"), [
    ({"op": "raised", "error": "NameError: name 'x' is not defined"},
     "NameError: name 'x' is not defined"),
    ({"op": "word", "word": "crane"}, "died"),
    ({"op": "raised"}, "an exception"),
    ({"op": "raised", "error": "\n \n"}, "an exception"),
])
def test_an_init_that_fails_says_why_and_its_cpu_still_counts(reply: dict[str, Any],
                                                              why: str) -> None:
    worker = ScriptedWorker([(reply, 2.5)])
    entry = ScriptedEntry([worker])
    with pytest.raises(EntryPointError) as raised:
        entry.ready()
    assert str(raised.value) == f"sol.py: init failed: {why}"
    assert worker.killed and entry.spent == 2.5 and entry.budget_left() == 97.5
    assert entry.cpu_spent() == 2.5  # the failed worker is not kept


def test_init_has_its_own_ceiling_within_the_budget() -> None:
    worker = ScriptedWorker([None])
    with pytest.raises(EntryPointError, match=r"init failed: more than 60 s of CPU time$"):
        ScriptedEntry([worker], budget=1000.0).ready()
    assert worker.cpu == INIT_SECONDS
    worker = ScriptedWorker([None])
    with pytest.raises(EntryPointError,
                       match=r"init failed: the match's CPU budget of 7 s is spent$"):
        ScriptedEntry([worker], budget=7.0).ready()
    assert worker.cpu == 7.0


def test_a_word_a_bad_value_an_exception_and_a_death_are_told_apart() -> None:
    workers = [ScriptedWorker([DONE, word("slate"), {"op": "word", "bad": "42"},
                               {"op": "raised", "error": "Traceback ...\n  ...\nKeyError: 'z'\n"}]),
               ScriptedWorker([DONE, {"op": "bye"}], death="exit code 3")]
    entry = ScriptedEntry(list(workers))
    flags = [False] * 5
    assert entry.guess(1, 5, "s", flags, flags) == ("word", "slate")
    assert entry.guess(1, 4, "s", flags, flags) == ("not a word", "42")
    assert entry.guess(1, 3, "s", flags, flags) == ("raised", "KeyError: 'z'")
    assert workers[0].killed  # an exception retires the worker: the next call starts anew
    assert entry.guess(2, 5, "c", flags, flags) == ("died", "exit code 3")
    assert entry.started == workers and workers[1].killed


def test_a_call_has_the_per_call_ceiling_and_then_what_is_left_of_the_budget() -> None:
    slow = ScriptedWorker([(DONE, 1.0), None])
    entry = ScriptedEntry([slow, ScriptedWorker([DONE, word("crane")])], budget=20.0,
                          limits=Limits(time_seconds=4.0))
    flags = [False] * 5
    assert entry.guess(1, 5, "c", flags, flags) == ("time limit", "more than 4 s of CPU time")
    assert slow.killed and entry.spent == 5.0 and entry.budget_left() == 15.0
    assert entry.guess(2, 5, "c", flags, flags) == ("word", "crane")  # a new worker, init again
    assert entry.started[1].sent[0]["op"] == "init"
    late = ScriptedWorker([(DONE, 1.0), (word("crane"), 2.0), None])
    entry = ScriptedEntry([late], budget=5.0, limits=Limits(time_seconds=4.0))
    assert entry.guess(1, 5, "c", flags, flags) == ("word", "crane")
    assert entry.guess(1, 4, "c", flags, flags) == (
        "time limit", "the match's CPU budget of 5 s is spent")
    assert late.cpu == 5.0


def test_a_spent_budget_ends_every_later_round_without_calling_the_solution() -> None:
    spender, unused = ScriptedWorker([(DONE, 1.0), None]), ScriptedWorker([DONE])
    entry = ScriptedEntry([spender, unused], budget=2.0)
    flags = [False] * 5
    assert entry.guess(1, 5, "c", flags, flags) == (
        "time limit", "the match's CPU budget of 2 s is spent")
    assert entry.budget_left() == 0.0
    assert entry.guess(2, 5, "c", flags, flags) == (
        "time limit", "the match's CPU budget of 2 s is spent")
    assert entry.started == [spender] and not unused.sent
    assert ScriptedEntry([], budget=None).budget_left() == float("inf")


def test_the_cpu_of_retired_and_live_workers_adds_up() -> None:
    first = ScriptedWorker([(DONE, 1.5), ({"op": "raised", "error": "E"}, 0.5)])
    second = ScriptedWorker([(DONE, 0.25), (word("cloud"), 0.125)])
    entry = ScriptedEntry([first, second], budget=None)
    flags = [False] * 5
    entry.guess(1, 5, "c", flags, flags)
    entry.guess(2, 5, "c", flags, flags)
    assert entry.cpu_spent() == 2.375
    entry.close()
    assert entry.cpu_spent() == 2.375 and second.killed


def play(words: list[str], answer: str) -> tuple[Round, ScriptedWorker]:
    worker = ScriptedWorker([DONE, *[word(w) for w in words]])
    entry = ScriptedEntry([worker])
    return play_round(entry, 7, answer, set(WORDS)), worker


@pytest.mark.parametrize("used", [1, 2, 3, 4, 5])
def test_a_round_found_scores_by_the_guesses_it_used(used: int) -> None:
    guesses = [*["slate", "trace", "crate", "cloud"][:used - 1], "crane"]
    played, worker = play(guesses, "crane")
    assert (played.ended, played.points, played.number) == ("found", POINTS[used], 7)
    assert played.guesses == [(g, feedback(g, "crane")) for g in guesses]
    assert [m["args"][1] for m in worker.sent[1:]] == [5, 4, 3, 2, 1][:used]


def test_each_guess_gets_the_last_replys_gold_and_silver() -> None:
    _, worker = play(["trace", "crate", "crane"], "crane")
    trace, crate = feedback("trace", "crane"), feedback("crate", "crane")
    assert [m["args"][3:] for m in worker.sent[1:]] == [
        [[False] * 5, [False] * 5],
        [[r == 2 for r in trace], [r == 1 for r in trace]],
        [[r == 2 for r in crate], [r == 1 for r in crate]]]
    assert all(m["args"][:3] == [7, m["args"][1], "c"] for m in worker.sent[1:])


def test_five_guesses_without_the_answer_score_nothing() -> None:
    played, _ = play(["slate", "trace", "crate", "cloud", "slate"], "crane")
    assert (played.ended, played.points, len(played.guesses)) == ("out of guesses", 0, 5)


@pytest.mark.parametrize(("reply", "ended", "shown", "detail"), [
    (word("zzzzz"), "not a word", "zzzzz", "zzzzz"),
    ({"op": "word", "bad": "None"}, "not a word", "<not a word>", "None"),
    ({"op": "raised", "error": "ValueError: x"}, "raised", "<raised>", "ValueError: x"),
    (None, "time limit", "<time limit>", "more than 10 s of CPU time"),
    ({"op": "?"}, "died", "<died>", "killed by signal 9"),
])
def test_a_call_that_gives_no_dictionary_word_ends_the_round_with_nothing(
        reply: dict[str, Any] | None, ended: str, shown: str, detail: str) -> None:
    entry = ScriptedEntry([ScriptedWorker([DONE, word("slate"), reply])])
    played = play_round(entry, 1, "crane", set(WORDS))
    assert played.guesses == [("slate", feedback("slate", "crane")), (shown, ())]
    assert (played.ended, played.detail, played.points) == (ended, detail, 0)


def test_a_new_worker_whose_init_fails_later_costs_that_round_not_the_match() -> None:
    flags = [False] * 5
    raises = ScriptedWorker([DONE, {"op": "raised", "error": "E"}])
    workers: list[ScriptedWorker | str] = [
        raises, ScriptedWorker([{"op": "raised", "error": "T\nOSError: no"}]),
        "it no longer loads", ScriptedWorker([(None, 0.0)]), ScriptedWorker([{"op": "ready"}]),
        ScriptedWorker([DONE, word("crate")])]
    entry = ScriptedEntry(workers, limits=Limits(time_seconds=4.0))
    assert entry.guess(1, 5, "c", flags, flags) == ("raised", "E")
    assert entry.guess(2, 5, "c", flags, flags) == ("raised", "init failed: OSError: no")
    assert entry.guess(3, 5, "c", flags, flags) == ("died", "it no longer loads")
    assert entry.guess(4, 5, "c", flags, flags) == (
        "time limit", "init failed: more than 60 s of CPU time")
    assert entry.guess(5, 5, "c", flags, flags) == ("died", "init failed: died")
    assert entry.guess(6, 5, "c", flags, flags) == ("word", "crate")
    assert all(w.killed for w in entry.started[:-1]) and not entry.started[-1].killed


def test_a_new_worker_that_spends_the_rest_of_the_budget_loading_is_told_so() -> None:
    flags = [False] * 5
    entry = ScriptedEntry([ScriptedWorker([(DONE, 1.0), ({"op": "raised", "error": "E"}, 0.5)]),
                           ScriptedWorker([DONE], loading=0.75)], budget=2.0)
    assert entry.guess(1, 5, "c", flags, flags) == ("raised", "E")
    assert entry.budget_left() == 0.5
    assert entry.guess(2, 5, "c", flags, flags) == (
        "time limit", "init failed: the match's CPU budget of 2 s is spent")
    assert entry.budget_left() == -0.25


def test_a_call_past_its_own_ceiling_is_told_so_while_some_budget_is_left() -> None:
    flags = [False] * 5
    entry = ScriptedEntry([ScriptedWorker([(DONE, 1.0), None])], budget=5.5,
                          limits=Limits(time_seconds=4.0))
    assert entry.guess(1, 5, "c", flags, flags) == ("time limit", "more than 4 s of CPU time")
    assert entry.budget_left() == 0.5


class Made:
    """What play() made its entry points with, and the scripted ones it got."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, guesses: int = 200) -> None:
        self.arguments: list[tuple[Any, ...]] = []
        self.entry: ScriptedEntry | None = None

        def entry_points(solution: Path, dictionary: list[str], limits: Limits, sandbox: bool,
                         budget: float | None, language: str | None) -> ScriptedEntry:
            self.arguments.append((solution, list(dictionary), limits, sandbox, budget,
                                   language))
            worker = ScriptedWorker([(DONE, 0.5), *[(word("crane"), 0.25)] * guesses])
            self.entry = ScriptedEntry([worker], budget=budget, limits=limits)
            return self.entry

        monkeypatch.setattr(game, "EntryPoints", entry_points)


def test_a_match_plays_the_drawn_answers_in_order_and_reports_each_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = Made(monkeypatch)
    seen: list[int] = []
    started = time.perf_counter()
    match = game.play(Path("p.py"), WORDS, 4, seed=9, dictionary_name="five.txt",
                      on_round=lambda r: seen.append(r.number))
    assert 0.0 < match.seconds <= time.perf_counter() - started
    answers = game.draw_answers(WORDS, 4, 9)
    assert [r.answer for r in match.rounds] == answers and seen == [1, 2, 3, 4]
    assert [r.points for r in match.rounds] == [150 if a == "crane" else 0 for a in answers]
    assert (match.solution, match.dictionary) == ("p.py", "five.txt")
    played = sum(len(r.guesses) for r in match.rounds)
    assert match.cpu_seconds == 0.5 + 0.25 * played
    assert made.arguments == [(Path("p.py"), WORDS, Limits(time_seconds=game.GUESS_SECONDS),
                               False, game.match_budget(4), None)]


def test_solutions_compared_play_the_same_answers_each_in_an_order_of_its_own(
        monkeypatch: pytest.MonkeyPatch) -> None:
    Made(monkeypatch)
    orders = [[r.answer for r in game.play(Path("p.py"), WORDS, 30, seed=2, order=n).rounds]
              for n in (0, 1, 2, 1)]
    assert orders[0] == game.draw_answers(WORDS, 30, 2)
    assert all(sorted(o) == sorted(orders[0]) for o in orders)
    assert len({tuple(o) for o in orders}) == 3 and orders[1] == orders[3]


def test_a_match_of_every_answer_plays_each_word_once_with_the_budget_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made = Made(monkeypatch)
    limits = Limits(time_seconds=3.0)
    match = game.play(Path("p.py"), WORDS, 999, seed=1, limits=limits, sandbox=True,
                      match_seconds=12.5, every_answer=True, language="cpp")
    assert sorted(r.answer for r in match.rounds) == sorted(WORDS)
    assert made.arguments[0][2:] == (limits, True, 12.5, "cpp")


def test_a_file_without_entry_points_is_refused_before_any_round(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game, "EntryPoints", lambda *a: ScriptedEntry(["no init here"]))
    with pytest.raises(EntryPointError, match=r"^sol\.py: no init here$"):
        game.play(Path("p.py"), WORDS, 3, seed=1, on_round=lambda r: pytest.fail("a round"))


def test_a_matchs_default_budget_is_a_minute_and_a_second_a_round() -> None:
    assert game.match_budget(0) == 60.0 and game.match_budget(1000) == 1060.0


@pytest.mark.parametrize(("text", "bad"), [
    ("crane\nabcd\n", "five-letter lowercase words: 'abcd'"),
    ("crane Crane", "five-letter lowercase words: 'Crane'"),
    ("crane cr4ne", "five-letter lowercase words: 'cr4ne'"),
    ("crane\néclat\n", "is not ASCII text: byte 6 is 0xc3"),
    ("a b c d crane", "five-letter lowercase words: 'a', 'b', 'c' and 1 more"),
    ("crane\x1b[2J", "five-letter lowercase words: 'crane\\x1b[2J'"),
    ("", "no words in it"),
    ("crane slate crane", "'crane' is listed twice"),
    # A word of a megabyte is cut where it is quoted: what is wrong with it is said first.
    ("crane " + "a" * 1_000_000, "five-letter lowercase words: 'aaaaa"),
])
def test_a_dictionary_is_five_lowercase_ascii_letters_a_word(tmp_path: Path, text: str,
                                                             bad: str) -> None:
    listed = tmp_path / "words.txt"
    listed.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(bad)) as error:
        game.read_dictionary(listed)
    assert len(str(error.value)) < 300 + len(str(listed))
    listed.write_text("crane\n slate\tcloud")
    assert game.read_dictionary(listed) == ["crane", "slate", "cloud"]


def test_a_match_without_a_dictionary_name_names_none(monkeypatch: pytest.MonkeyPatch) -> None:
    Made(monkeypatch)
    assert game.play(Path("p.py"), WORDS, 1, seed=1).dictionary == ""


@needs_bubblewrap
def test_entry_points_keep_the_sandbox_they_were_asked_for() -> None:
    assert EntryPoints(Path("s.py"), WORDS, Limits(), sandbox=True).sandbox is True
