"""A session's decisions against a scripted worker: how each message a worker sends is
answered and judged, when a worker is retired, and what a case's outcome carries. No process
is started, so each decision is judged in milliseconds; the worker tests (test_worker.py,
test_submissions.py, test_integrity.py) show the same through real solutions."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest

from judge.master import FixedSecret, Master
from judge.randomness import Seeds
from judge.result import Outcome
from judge.run.limits import Clock, Limits
from judge.run.process import CASE_PROCESS_ENDED, MEMORY_KILLED
from judge.run.session import STOP_GRACE_SECONDS, IsolatedRunner, dump_time, guessed_word

WORDS = ("abcdef", "abcxyz", "uvwxyz")
# A step of a script: the message the worker sends next; None spins until the clock stops
# it; MEMORY_KILLED is a process of its tree killed by the kernel for memory.
Step = dict[str, Any] | None


class ScriptedMemory:
    def __init__(self) -> None:
        self.killed = 0

    def kills(self) -> int:
        return self.killed


class ScriptedOutput:
    def __init__(self, printed: str = "", recent: bytes = b"") -> None:
        self.printed, self.recent = printed, recent

    def take(self) -> str:
        printed, self.printed = self.printed, ""
        return printed

    def take_recent(self) -> str:
        return self.recent.decode("utf-8", "replace")

    def pump(self) -> None:
        pass


class NoProcess:
    """A process id that /proc does not know: the worker has no processes below it."""

    pid = 1 << 30


class ScriptedWorker:
    """Sends its script's messages, one a receive, and records what the judge sent it."""

    def __init__(self, script: Iterable[Step], printed: str = "", recent: bytes = b"",
                 strays: Iterable[int] = (), reads: bool = True,
                 death: str = "exit code 1", unread: bool = False) -> None:
        self.script = list(script)
        self._unread = unread  # what it wrote past its script's messages
        self.sent: list[dict[str, Any]] = []
        self.memory = ScriptedMemory()
        self.output = ScriptedOutput(printed, recent)
        self.case_end_fd: int | None = None
        self.cpu, self.killed, self.reads, self._strays = 0.0, False, reads, set(strays)
        self._death = death
        self.walls: list[float] = []  # the wall time each receive had left
        self.send_clocks: list[Clock | None] = []
        self.receive_clocks: list[Clock] = []
        self.process = NoProcess()

    def send(self, message: dict[str, Any], clock: Clock | None = None) -> bool:
        self.sent.append(message)
        self.send_clocks.append(clock)
        return self.reads or message.get("op") == "run"

    def cpu_seconds(self) -> float:
        return self.cpu

    def receive(self, clock: Clock) -> dict[str, Any] | None:
        self.walls.append(clock.wall_deadline - time.monotonic())
        self.receive_clocks.append(clock)
        step = self.script.pop(0)
        if step is MEMORY_KILLED:
            self.memory.killed += 1
        if step is None:  # it spins (or, waiting on a plain deadline, says nothing)
            self.cpu += clock.cpu_limit or 0.0
            clock.fired = "cpu" if clock.cpu_limit is not None else "wall"
        return step

    def strays(self) -> set[int]:
        return self._strays

    def unread(self) -> bool:
        return self._unread

    def below(self) -> set[int]:
        return set()

    def kill(self) -> None:
        self.killed = True

    def doom(self) -> None:  # killed at once; bury waits for nothing here
        self.killed = True

    def bury(self) -> None:
        pass

    def death(self) -> str:
        return self._death


class ScriptedRunner(IsolatedRunner):
    """A runner whose workers are the scripted ones given, in turn (a string: the file does
    not load)."""

    def __init__(self, workers: Iterable[ScriptedWorker | str], name: str = "s.py",
                 limits: Limits | None = None) -> None:
        super().__init__(Path(name), limits or Limits(time_seconds=2.0), sandbox=False)
        self.workers = list(workers)
        self.started: list[ScriptedWorker | str] = []

    def start_worker(self, seed: int | None = None) -> Any:
        self.started.append(self.workers.pop(0))
        return self.started[-1]


def master(secret: str = "abcxyz", allowed: int = 10, cap: int = 0) -> Master:
    return Master(WORDS, FixedSecret(secret), allowed, cap)


def guess(word: object) -> dict[str, Any]:
    return {"op": "guess", "word": word}


DONE: Step = {"op": "done"}


def play(worker: ScriptedWorker, game: Master | None = None, seed: int | None = 5,
         **runner: Any) -> tuple[Outcome, ScriptedRunner]:
    session = ScriptedRunner([worker], **runner)
    return session.play(game or master(), Seeds(seed, seed)), session


def test_the_case_goes_out_and_each_guess_gets_the_masters_reply() -> None:
    worker = ScriptedWorker([guess("uvwxyz"), guess("abcdef"), guess("abcxyz"), DONE])
    game = master()
    outcome, session = play(worker, game)
    assert outcome.verdict is None and game.found and game.calls == 3
    assert worker.sent == [
        {"op": "run", "words": list(WORDS), "seed": 5, "dump_after": dump_time(2.0),
         "dump_after_wall": dump_time(2.0 * Limits().wall_backstop)},
        {"reply": 3}, {"reply": 3}, {"reply": 6}]
    assert not worker.killed and session.started == [worker]


def test_a_worker_is_kept_for_the_next_case_unless_it_left_processes_behind() -> None:
    kept = ScriptedWorker([DONE, DONE])
    session = ScriptedRunner([kept])
    assert session.play(master(), Seeds(1, 1)).verdict is None
    assert session.play(master(), Seeds(2, 2)).verdict is None
    assert session.started == [kept] and not kept.killed
    left, new = ScriptedWorker([DONE], strays={4242}), ScriptedWorker([DONE])
    session = ScriptedRunner([left, new])
    session.play(master(), Seeds(1, 1))
    session.play(master(), Seeds(2, 2))
    assert session.started == [left, new] and left.killed


def test_the_dump_comes_just_before_each_limit() -> None:
    assert dump_time(2.0) == 1.6 and dump_time(10.0) == 9.5 and dump_time(0.5) == 0.4


@pytest.mark.parametrize(("sent", "shown"), [
    ({"op": "guess", "word": 7}, "7"),
    ({"op": "guess", "bad": "'quoted'"}, "'quoted'"),
    ({"op": "guess", "word": "a" * 65}, "a" * 64),  # kept as a harness would have cut it
    ({"op": "guess", "word": "ab\x00cd"}, "ab\\x00cd"),
    ({"op": "guess"}, "None"),
])
def test_a_guess_that_is_no_word_is_answered_minus_one(sent: dict[str, Any], shown: str) -> None:
    worker = ScriptedWorker([sent, DONE])
    game = master()
    outcome, _ = play(worker, game)
    assert outcome.verdict is None and worker.sent[1] == {"reply": -1}
    assert game.transcript == [(shown, -1)]


def test_a_printable_word_of_up_to_64_characters_is_a_word() -> None:
    assert guessed_word(guess("x" * 64)) == "x" * 64
    assert guessed_word(guess("abcdef")) == "abcdef"


def test_the_runaway_cap_stops_the_run_and_later_guesses_get_no_reply() -> None:
    worker = ScriptedWorker([*[guess("uvwxyz")] * 4, guess("abcdef"), {"op": "stopped"}])
    outcome, _ = play(worker, master(cap=3))
    assert worker.sent[1:] == [{"reply": 3}] * 3 + [{"stop": "more than 3 calls to Master.guess"}]
    assert (outcome.verdict, outcome.detail, outcome.stopped) == (
        None, "more than 3 calls to Master.guess", True)
    assert worker.walls[-1] <= STOP_GRACE_SECONDS < worker.walls[0]


@pytest.mark.parametrize("after", [None, {"op": "raised", "error": "Stop"}, {},
                                   {"op": "garbled", "line": "x"}])
def test_once_stopped_a_run_is_judged_stopped_however_it_ends(after: Step) -> None:
    worker = ScriptedWorker([guess("uvwxyz"), guess("uvwxyz"), after])
    outcome, _ = play(worker, master(cap=1))
    assert (outcome.verdict, outcome.stopped) == (None, True)


def test_a_run_that_outlives_its_cpu_time_is_a_time_limit_and_its_worker_retired() -> None:
    first, second = ScriptedWorker([guess("uvwxyz"), None]), ScriptedWorker([DONE])
    session = ScriptedRunner([first, second])
    outcome = session.play(master(), Seeds(1, 1))
    assert (outcome.verdict, outcome.detail) == ("TLE", "more than 2 s of CPU time")
    assert first.killed and session.play(master(), Seeds(2, 2)).verdict is None
    assert session.started == [first, second]


def test_a_worker_that_stops_reading_replies_is_a_time_limit() -> None:
    worker = ScriptedWorker([guess("uvwxyz")], reads=False)
    outcome, _ = play(worker)
    assert outcome.verdict == "TLE" and worker.killed
    assert outcome.detail.startswith("no return within 6 s of wall-clock time")
    # The reply waits for room in the pipe on the case's own clock, not on a new one.
    assert worker.send_clocks[-1] is worker.receive_clocks[-1]


def test_stopped_without_a_stop_is_an_ordinary_end() -> None:
    game = master()
    outcome, _ = play(ScriptedWorker([guess("abcxyz"), {"op": "stopped"}]), game)
    assert outcome == Outcome(None, seconds=outcome.seconds) and game.found


def test_a_case_process_that_ended_before_its_case_did_is_a_runtime_error() -> None:
    child = os.fork()
    if child == 0:
        os._exit(5)
    ended = os.pidfd_open(child)  # a zombie until reaped here, as the kernel reaps a case's
    os.waitpid(child, 0)
    worker = ScriptedWorker([CASE_PROCESS_ENDED])
    worker.case_end_fd = ended  # play() closes it
    outcome, _ = play(worker)
    assert (outcome.verdict, outcome.detail) == (
        "RTE", "the process exited with status 5 before findSecretWord returned")


def test_what_a_dying_worker_printed_may_be_any_bytes() -> None:
    worker = ScriptedWorker([{}], recent=b"\xff\xfe heap out of memory")
    assert play(worker, name="s.js")[0].verdict == "RTE"


def test_a_kill_for_memory_is_a_memory_limit_whatever_else_happened() -> None:
    worker = ScriptedWorker([guess("uvwxyz"), MEMORY_KILLED])
    outcome, _ = play(worker, limits=Limits(memory_mb=300))
    assert (outcome.verdict, outcome.detail) == (
        "MLE", "the solution's processes together used more than 300 MiB; the kernel killed one")
    assert worker.killed


@pytest.mark.parametrize(("raised", "verdict", "detail"), [
    ({"op": "raised", "kind": "MLE", "error": "MemoryError"}, "MLE", "MemoryError"),
    ({"op": "raised", "kind": "RTE", "error": "KeyError: 'x'"}, "RTE", "KeyError: 'x'"),
    ({"op": "raised", "error": "\x1b[2Jgone"}, "RTE", "\\x1b[2Jgone"),
    ({"op": "raised"}, "RTE", ""),
])
def test_an_exception_is_a_runtime_error_or_a_memory_limit_as_its_kind_says(
        raised: dict[str, Any], verdict: str, detail: str) -> None:
    worker = ScriptedWorker([raised])
    outcome, _ = play(worker)
    assert (outcome.verdict, outcome.detail) == (verdict, detail)
    assert not worker.killed  # an exception leaves the worker serving


def test_a_worker_that_dies_is_a_runtime_error_with_how_it_died() -> None:
    worker = ScriptedWorker([guess("uvwxyz"), {}], death="killed by signal 11 (SIGSEGV)")
    outcome, _ = play(worker)
    assert (outcome.verdict, outcome.detail) == ("RTE", "killed by signal 11 (SIGSEGV)")
    assert worker.killed


def test_a_runtime_that_reports_running_out_of_memory_as_it_dies_is_a_memory_limit() -> None:
    worker = ScriptedWorker([{}], recent=b"FATAL ERROR: Reached heap limit "
                                         b"Allocation failed - JavaScript heap out of memory",
                            death="killed by signal 6 (SIGABRT)")
    outcome, _ = play(worker, name="s.js")
    assert (outcome.verdict, outcome.detail) == (
        "MLE", "the solution ran out of memory (killed by signal 6 (SIGABRT))")
    worker = ScriptedWorker([{}], recent=b"Segmentation fault", death="exit code 139")
    assert play(worker, name="s.js")[0].verdict == "RTE"


@pytest.mark.parametrize(("message", "shown"), [
    ({"op": "garbled", "line": "not json\x07"}, "not json\\x07"),
    ({"op": "reply", "reply": 6}, "{'op': 'reply', 'reply': 6}"),
])
def test_a_message_outside_the_protocol_is_a_runtime_error(message: dict[str, Any],
                                                           shown: str) -> None:
    worker = ScriptedWorker([message])
    outcome, _ = play(worker)
    assert (outcome.verdict, outcome.detail) == (
        "RTE", f"the solution broke the judge's protocol: it wrote {shown} on the judge's pipe")
    assert worker.killed


def test_a_file_that_does_not_load_is_a_compile_error_for_every_case_and_loads_once() -> None:
    session = ScriptedRunner(["SyntaxError: invalid syntax (s.py, line 2)"])
    for _ in range(3):
        assert session.play(master()) == Outcome(
            "CE", "SyntaxError: invalid syntax (s.py, line 2)")
    assert len(session.started) == 1


def test_what_the_file_printed_as_it_loaded_comes_with_the_first_case_only() -> None:
    worker = ScriptedWorker([DONE, DONE], printed="case output\n")
    session = ScriptedRunner([worker])
    session._load_output = "hello\n"
    first = session.play(master(), Seeds(1, 1)).output
    assert first == "[printed while the file loaded]\nhello\ncase output\n"
    assert session.play(master(), Seeds(2, 2)).output == ""


@pytest.mark.parametrize("kept", ["printed", "recent"])
def test_a_time_out_says_where_in_the_file_it_was(tmp_path: Path, kept: str) -> None:
    # The dump comes last; past the output limit it is only in the recent output kept.
    source = tmp_path / "s.py"
    source.write_text("def f():\n    while True:\n        pass\n")
    dump = ("Current thread 0x00007f00 (most recent call first):\n"
            '  File "/submission/solution.py", line 3 in f\n'
            '  File "/judge/worker.py", line 9 in run\n\n')
    worker = ScriptedWorker([None], printed="before\n" + dump * (kept == "printed"),
                            recent=f"before\n{dump}".encode())
    session = ScriptedRunner([worker], name=str(source))
    session._inside = ["/submission/solution.py"]
    outcome = session.play(master())
    assert outcome.output == "before\n"
    assert outcome.detail.splitlines() == [
        "more than 2 s of CPU time; it was at line 3, in f",
        "where the solution was when its time ran out, innermost call first:",
        "  line 3, in f: pass"]


def test_the_sandboxs_name_of_the_file_is_replaced_by_the_users() -> None:
    worker = ScriptedWorker([{"op": "raised", "error": 'File "/submission/solution.py", x'}])
    session = ScriptedRunner([worker], name="mine.py")
    session._inside = ["/submission/solution.py"]
    assert session.play(master()).detail == 'File "mine.py", x'


def test_a_harness_that_does_not_fork_gets_a_new_process_for_each_case_of_a_shared_list(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.harness import javascript

    monkeypatch.setenv(javascript.FORK_ADDON_VARIABLE, "")  # Node.js without its fork addon
    workers = [ScriptedWorker([DONE]) for _ in range(3)] + [ScriptedWorker([DONE, DONE])]
    session = ScriptedRunner(workers, name="s.js")
    with session.fresh_state_per_case([master()]):
        for n in range(3):
            assert session.play(master(), Seeds(n, n)).verdict is None
    assert session.started == workers[:3] and all(w.killed for w in workers[:3])
    session.play(master(), Seeds(3, 3))
    session.play(master(), Seeds(4, 4))  # outside: one process for both, as LeetCode keeps it
    assert session.started == workers and not workers[3].killed
    unfresh = ScriptedRunner([ScriptedWorker([DONE, DONE])], name="s.js")
    unfresh.fresh_state = False
    with unfresh.fresh_state_per_case([]):
        unfresh.play(master(), Seeds(1, 1))
        unfresh.play(master(), Seeds(2, 2))
    assert len(unfresh.started) == 1


@pytest.mark.parametrize(("answer", "why"), [
    (None, "the solution's process did not answer the judge's fork in time"),
    ({}, "the solution's process died between cases"),
    ({"op": "forked", "pid": 1}, "the solution broke the judge's protocol: it sent "
                                 "{'op': 'forked', 'pid': 1}"),
    ({"op": "x" * 300}, "the solution broke the judge's protocol: it sent "
                        "{'op': '" + "x" * 192),
    ({"op": "forked"}, "the solution's process started other processes as it forked"),
])
def test_a_warm_process_that_does_not_fork_as_asked_costs_the_case(answer: Step,
                                                                   why: str) -> None:
    worker, next_one = ScriptedWorker([answer]), ScriptedWorker([{"op": "forked"}])
    session = ScriptedRunner([worker, next_one])
    with session.fresh_state_per_case([master()]):
        assert session.play(master()) == Outcome("RTE", why)
        assert worker.sent == [{"op": "fork"}] and worker.killed
        session.play(master())  # the next case starts a new worker
    assert session.started == [worker, next_one]


def test_a_runner_is_made_with_the_confinement_memory_and_language_asked_for() -> None:
    from judge.run.confine import Bubblewrap, Unconfined
    from judge.run.limits import TreeWatchdog

    watchdog = TreeWatchdog()
    sandboxed = IsolatedRunner(Path("notes.txt"), Limits(memory_mb=300), sandbox=True,
                               memory=watchdog, language="python")
    assert sandboxed.harness.name == "python" and sandboxed.memory is watchdog
    assert isinstance(sandboxed.confinement, Bubblewrap) and sandboxed.sandbox is True
    assert sandboxed.confinement.tmp_size == ["--size", str(300 << 20)]
    plain = IsolatedRunner(Path("s.py"))
    assert isinstance(plain.confinement, Unconfined) and plain.memory is not watchdog
    assert (plain.warmup_timeouts, plain.outside_check_seconds) == (0, 0.0)


def fake_monotonic(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A monotonic clock for the runner's clocks that moves a second a reading, whatever the
    machine's load; the readings it gave."""
    from judge.run import limits

    readings: list[float] = []

    def monotonic() -> float:
        readings.append(1000.0 + len(readings))
        return readings[-1]

    monkeypatch.setattr(limits.time, "monotonic", monotonic)
    return readings


def case_wall_times(worker: ScriptedWorker, readings: list[float]) -> set[float]:
    """The wall times the case's clock could have read on the fake clock."""
    start = worker.receive_clocks[0].start
    return {r - start for r in readings if r > start}


def test_a_cases_outcome_has_its_wall_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read from the case's clock, on a monotonic clock that moves a second a reading."""
    readings = fake_monotonic(monkeypatch)
    worker = ScriptedWorker([DONE])
    outcome, _ = play(worker)
    monkeypatch.undo()
    assert outcome.seconds in case_wall_times(worker, readings)


def test_where_it_was_quotes_only_lines_the_file_has(tmp_path: Path) -> None:
    from judge.harness.launch import Frame
    from judge.run.session import where_it_was

    source = tmp_path / "s.py"
    source.write_bytes(b"first\n  second \xff\n")
    frames = [Frame(2, "f"), Frame(1, "g"), Frame(0, "h"), Frame(3, "i"), Frame(-1, "j"),
              Frame(9, "k")]
    assert where_it_was("TLE", frames, source).splitlines() == [  # five calls at most
        "TLE; it was at line 2, in f",
        "where the solution was when its time ran out, innermost call first:",
        "  line 2, in f: second \ufffd", "  line 1, in g: first", "  line 0, in h",
        "  line 3, in i", "  line -1, in j"]
    assert where_it_was("TLE", frames[:1], tmp_path / "gone.py").splitlines()[-1] == \
        "  line 2, in f"


def test_a_build_is_asked_for_the_runners_own_game() -> None:
    from types import SimpleNamespace

    asked: list[str] = []
    runner = IsolatedRunner(Path("s.py"))
    runner.harness = SimpleNamespace(  # type: ignore[assignment]
        build=lambda solution, game: asked.append(game))
    runner.game = "wc2022"
    assert runner._compiled() is None
    assert asked == ["wc2022"]


def test_a_process_killed_for_memory_after_the_case_ended_well_is_a_memory_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A child of the solution is killed by the kernel while findSecretWord returns normally:
    # the worker must go (its tree passed the limit), with the case's time kept.
    class ChildKilled(ScriptedWorker):
        def receive(self, clock: Clock) -> dict[str, Any] | None:
            self.memory.killed += 1
            return super().receive(clock)

    readings = fake_monotonic(monkeypatch)
    worker = ChildKilled([DONE])
    outcome, session = play(worker, limits=Limits(memory_mb=300))
    monkeypatch.undo()
    assert outcome.verdict == "MLE" and outcome.seconds in case_wall_times(worker, readings)
    assert worker.killed and session._worker is None


class ForkingWorker(ScriptedWorker):
    """A scripted worker whose process forks a list's warm process when asked: the processes
    below it, as the runner reads them, then show one more."""

    def __init__(self, script: Iterable[Step], tree: dict[int, set[int]], pid: int,
                 **kwargs: Any) -> None:
        super().__init__(script, **kwargs)
        self.process = type("Process", (), {"pid": pid})()
        self.channel_fds = (0, 1, 2)
        self.tree = tree
        tree[pid] = set()

    def send(self, message: dict[str, Any], clock: Clock | None = None) -> bool:
        if message == {"op": "fork"}:
            self.tree[self.process.pid].add(self.process.pid + 1)
        return super().send(message, clock)

    def below(self) -> set[int]:
        return set(self.tree[self.process.pid])


@pytest.fixture
def fork_path(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The fork path's reads of /proc, scripted: each case's fork is a real process that has
    ended, found by fork_below and checked by isolate and case_ended as `checks` says."""
    from judge.run import session as runner_module
    from judge.run.forks import CaseFork

    checks: dict[str, Any] = {"tree": {}, "fork_below": None, "case_ended": ""}
    ended: list[int] = []

    def fork_below(parent: int) -> int | str:
        if checks["fork_below"] is not None:
            return str(checks["fork_below"])
        child = os.fork()
        if child == 0:
            os._exit(0)
        ended.append(child)
        return child

    monkeypatch.setattr(runner_module, "fork_below", fork_below)
    # A fork with no open file to watch: what it shares is as it was after each case.
    monkeypatch.setattr(runner_module, "isolate", lambda pid, parent, warm, fds, private:
                        CaseFork(pid, set(), descriptions={}))
    # How it ended is part of what case_ended is scripted to say.
    monkeypatch.setattr(runner_module, "exit_code_of", lambda pidfd: 0)
    monkeypatch.setattr(runner_module, "case_ended", lambda case, status: checks["case_ended"])
    yield checks
    for child in ended:
        os.waitpid(child, 0)


FORKED: Step = {"op": "forked"}
JOINED: Step = {"op": "joined"}


def forking(script: Iterable[Step], fork_path: dict[str, Any], pid: int = 4000,
            **kwargs: Any) -> ForkingWorker:
    return ForkingWorker(script, fork_path["tree"], pid, **kwargs)


def ops(worker: ScriptedWorker) -> list[str]:
    return [m["op"] + (" once" if m.get("once") else "") for m in worker.sent]


def test_a_list_forks_its_next_case_as_soon_as_a_case_ends(fork_path: dict[str, Any]) -> None:
    worker = forking([FORKED, DONE, JOINED, DONE, JOINED, JOINED, JOINED], fork_path)
    session = ScriptedRunner([worker])
    with session.fresh_state_per_case([]):
        assert session.play(master(), Seeds(1, 1)).verdict is None
        # made while the judge reports the case, not when the next one is asked for
        assert ops(worker) == ["fork", "fork once", "run", "fork once"]
        assert session.play(master(), Seeds(2, 2)).verdict is None
    assert ops(worker)[4:] == ["run", "fork once", "exit", "exit"]
    assert session.started == [worker] and not worker.killed


@pytest.mark.parametrize(("reads", "not_found", "why"), [
    (False, None, "the solution's process did not take the judge's fork"),
    (True, "the solution's process did not fork for its case in time",
     "the solution's process did not fork for its case in time"),
])
def test_a_case_fork_not_taken_or_not_found_costs_the_case(
        fork_path: dict[str, Any], reads: bool, not_found: str | None, why: str) -> None:
    fork_path["fork_below"] = not_found
    worker = forking([FORKED], fork_path, reads=reads)
    session = ScriptedRunner([worker])
    with session.fresh_state_per_case([]):
        assert session.play(master(), Seeds(1, 1)) == Outcome("RTE", why)
    assert worker.killed and session._worker is None


def test_a_case_fork_that_ended_badly_after_a_normal_return_is_a_runtime_error(
        fork_path: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    fork_path["case_ended"] = "the case's process sent a signal to a warm process"
    readings = fake_monotonic(monkeypatch)
    worker = forking([FORKED, DONE], fork_path, printed="printed\n")
    session = ScriptedRunner([worker])
    with session.fresh_state_per_case([]):
        outcome = session.play(master(), Seeds(1, 1))
    assert (outcome.verdict, outcome.detail, outcome.output) == (
        "RTE", "the case's process sent a signal to a warm process", "printed\n")
    assert outcome.seconds in case_wall_times(worker, readings) and worker.killed


def test_a_case_that_wrote_past_its_last_message_retires_its_worker_and_keeps_its_verdict(
        fork_path: dict[str, Any]) -> None:
    """What waits on the judge's pipe once a case's fork has ended, its warm processes held,
    the case wrote: read in the next case's game, it would tell that case something."""
    worker = forking([FORKED, DONE], fork_path, unread=True)
    session = ScriptedRunner([worker])
    with session.fresh_state_per_case([]):
        assert session.play(master(), Seeds(1, 1)).verdict is None
    assert ops(worker) == ["fork", "fork once", "run"]  # no case forked from that state
    assert worker.killed and session._worker is None


def test_a_warm_process_that_never_says_its_fork_ended_is_retired(
        fork_path: dict[str, Any]) -> None:
    worker = forking([FORKED, DONE, JOINED, None], fork_path)
    session = ScriptedRunner([worker])
    with session.fresh_state_per_case([]):
        session.play(master(), Seeds(1, 1))
    assert ops(worker) == ["fork", "fork once", "run", "fork once", "exit"]
    assert worker.killed and session._worker is None


def test_a_warm_process_that_leaves_processes_with_and_without_warm_ups_is_not_played_from(
        fork_path: dict[str, Any]) -> None:
    # The first warm process plays the warm-up game and keeps a process; the second, with no
    # warm-up games, keeps one too: the case is not played from either.
    first = forking([FORKED, DONE], fork_path, strays={99})
    second = forking([FORKED], fork_path, pid=5000, strays={99})
    session = ScriptedRunner([first, second])
    with session.fresh_state_per_case([master()]):
        assert session.play(master(), Seeds(1, 1)) == Outcome(
            "RTE", "the solution's process could not be forked for its warm-up games")
    assert session.started == [first, second] and first.killed and second.killed
    assert [m["op"] for m in first.sent] == ["fork", "run"] and second.sent == [{"op": "fork"}]


def test_a_new_workers_memory_watch_is_made_as_it_starts_and_adopts_what_loading_forked(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from judge.run import session as runner_module
    from judge.run.session import STARTUP_SECONDS

    watched: list[int] = []
    adopted: list[set[int]] = []

    class Watch:
        def adopt(self, pids: set[int]) -> None:
            adopted.append(pids)

    class Enforcer:
        def harness_memory_mb(self, limits: Limits) -> int:
            return limits.memory_mb

        def watch(self, pid: int, limits: Limits) -> Watch:
            watched.append(pid)
            return Watch()

    class Started(ScriptedWorker):
        def __init__(self, command: object, output_bytes: int,
                     watch: Callable[[int], Watch], held: bool = False) -> None:
            super().__init__([{"op": "ready"}])
            self.process = type("Process", (), {"pid": 4000})()
            self.memory = watch(self.process.pid)  # (Worker does it before the process runs)
            self.held = held
            started.append(self)

        def let_go(self) -> None:
            self.held = False

        def kill_descendants(self) -> None:
            pass

        def below(self) -> set[int]:
            return {self.process.pid + 1}

    started: list[Started] = []
    monkeypatch.setattr(runner_module, "Worker", Started)
    solution = tmp_path / "s.py"
    solution.write_text("class Solution: pass\n")
    runner = IsolatedRunner(solution, Limits(time_seconds=2.0, wall_backstop=3.0),
                            memory=Enforcer())  # type: ignore[arg-type]
    assert runner.start_worker() is started[0]
    assert not started[0].held  # made held, and let go to run its command
    # Its watch was made for it as it started; once ready, what runs below it is adopted
    # (bounded already, unless a polling watch needs to be told).
    assert watched == [4000] and adopted == [{4001}] and isinstance(started[0].memory, Watch)
    # Loading has the start-up allowance on top of what a case's wall clock allows.
    clock = started[0].receive_clocks[0]
    assert clock.cpu_limit == 2.0
    assert clock.wall_deadline - clock.start == pytest.approx(STARTUP_SECONDS + 2.0 * 3.0)


@pytest.mark.parametrize("bubblewrap", [True, False])
def test_a_build_is_confined_by_bubblewrap_where_it_works_else_as_the_run_is(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, bubblewrap: bool) -> None:
    from judge.run import session as runner_module
    from judge.run.confine import Bubblewrap

    source = tmp_path / "s.cpp"
    source.write_text("class Solution {};\n")

    builders: list[object] = []
    monkeypatch.setattr(runner_module, "bubblewrap_works", lambda: bubblewrap)
    monkeypatch.setattr(runner_module, "built_program",
                        lambda build, builder, building: builders.append(builder) or Path("built"))
    runner = IsolatedRunner(source)
    assert runner._compiled() is None and runner._built == Path("built")
    assert isinstance(builders[0], Bubblewrap) if bubblewrap else \
        builders == [runner.confinement]


def test_a_sandboxed_runner_without_a_memory_cgroup_watches_its_tree_as_sandboxed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.run import limits

    monkeypatch.setattr(limits, "cgroup_enforcer", lambda: None)
    for sandbox in (True, False):
        memory = IsolatedRunner(Path("s.py"), sandbox=sandbox).memory
        assert isinstance(memory, limits.TreeWatchdog) and memory.sandboxed is sandbox
