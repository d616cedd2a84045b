"""A session's decisions that only a real worker shows: loading a file (its errors, its
output, what it starts), the seed that replays a worker's start, and one warm process
serving every case of a list, list after list. Python workers without the sandbox: a second
or less each. test_session.py has the rest, against a scripted worker."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.cases import Case, every_secret
from judge.grading import grade
from judge.master import FixedSecret, Master
from judge.randomness import Seeds
from judge.result import Outcome
from judge.run.confine import harness_among
from judge.run.forks import state_of, waited
from judge.run.limits import Limits
from judge.run.process import descendants
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES, needs_bubblewrap
from .test_integrity import WALKER
from .test_process import ends

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

WORDS = ("acckzz", "ccbazz", "eiowzz", "abcczz")
# Sixty-four words: an order drawn among them is all but never drawn twice.
MANY = tuple(f"{a}{b}qqqq" for a in "abcdefgh" for b in "abcdefgh")


def written(tmp_path: Path, body: str, name: str = "s.py") -> Path:
    path = tmp_path / name
    path.write_text(body)
    return path


def transcripts(path: Path, cases: list[Case], seed: int) -> list[list[str]]:
    """The words each case guessed, graded afresh with `seed`."""
    report = grade(IsolatedRunner(path, Limits(time_seconds=10.0)), "s", cases, seed=seed,
                   order_seed=1)
    return [[w for w, _ in r.transcript] for r in report.results]


def play_once(path: Path, limits: Limits | None = None, seed: int | None = None) -> tuple[
        IsolatedRunner, Outcome]:
    with IsolatedRunner(path, limits or Limits(time_seconds=10.0)) as runner:
        outcome = runner.play(Master(WORDS, FixedSecret("eiowzz"), 10), Seeds(seed, seed))
    return runner, outcome


def test_a_file_that_does_not_load_is_a_compile_error_with_its_message(tmp_path: Path) -> None:
    _, outcome = play_once(written(tmp_path, "class Solution:\n    def f(self\n"))
    assert outcome.verdict == "CE" and "SyntaxError" in outcome.detail
    assert "\x1b" not in outcome.detail


def test_a_file_that_dies_while_loading_says_so_with_what_it_printed(tmp_path: Path) -> None:
    _, outcome = play_once(written(tmp_path, "import os\nprint('bye', flush=True)\nos._exit(4)\n"))
    assert outcome.verdict == "CE"
    assert outcome.detail == "the solution died while loading the file\nbye"


def kernel_tells_exit_codes() -> bool:
    """Whether a pidfd tells how its process ended, whoever reaped it (Linux 6.15)."""
    import os

    from judge.run.process import reaped_exit_code

    child = os.fork()
    if child == 0:
        os._exit(7)
    pidfd = os.pidfd_open(child)
    try:
        os.waitpid(child, 0)
        return reaped_exit_code(pidfd) == 7
    except OSError:
        return False
    finally:
        os.close(pidfd)


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_death_is_said_as_it_was_though_the_sandbox_passes_it_on_as_a_status(
        tmp_path: Path, sandbox: bool) -> None:
    # bubblewrap ends with 134 either way: the harness's own end tells the two apart.
    told = not sandbox or kernel_tells_exit_codes()
    relayed = "killed by signal SIGABRT (exit status 134, 128 + SIGABRT, from the sandbox)"
    for body, said in (("os.abort()", "killed by signal SIGABRT"),
                       ("os._exit(134)", "the process exited with status 134 before "
                                         "findSecretWord returned")):
        path = written(tmp_path, "import os\nclass Solution:\n    def findSecretWord(self, "
                                 f"words, master):\n        {body}\n")
        with IsolatedRunner(path, Limits(time_seconds=10.0), sandbox=sandbox) as runner:
            outcome = runner.play(Master(WORDS, FixedSecret("eiowzz"), 10))
        assert (outcome.verdict, outcome.detail) == ("RTE", said if told else relayed)


def test_a_file_that_spins_while_loading_did_not_start_in_time(tmp_path: Path) -> None:
    # The loading clock counts CPU time from the file's start: a tenth of a second here.
    _, outcome = play_once(written(tmp_path, "while True:\n    pass\n"),
                           Limits(time_seconds=0.1))
    assert (outcome.verdict, outcome.detail) == (
        "CE", "the solution did not start in time: more than 0.1 s of CPU time while loading "
              "the file")


def test_what_a_file_prints_as_it_loads_comes_with_the_first_case(tmp_path: Path) -> None:
    _, outcome = play_once(written(tmp_path, "print('loading', flush=True)\n" + WALKER))
    assert outcome.verdict is None
    assert outcome.output == "[printed while the file loaded]\nloading\n"


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_process_started_while_loading_is_gone_before_the_first_case(
        tmp_path: Path, sandbox: bool) -> None:
    # Left alive, it would outlive every case and could carry one case's secret to the next.
    # (In the sandbox, where the mark cannot be written, what runs below the harness: the
    # processes of bubblewrap above it stay.)
    mark = tmp_path / "child"
    body = ("import contextlib, subprocess, sys\nCHILD = subprocess.Popen([sys.executable, "
            "'-c', 'import time; time.sleep(600)'])\nwith contextlib.suppress(OSError):\n"
            f"    open({str(mark)!r}, 'w').write(str(CHILD.pid))\n" + WALKER)
    with IsolatedRunner(written(tmp_path, body), Limits(time_seconds=10.0), sandbox) as runner:
        for _ in range(2):
            assert runner.play(Master(WORDS, FixedSecret("eiowzz"), 10)).verdict is None
            if sandbox:
                assert runner._worker is not None
                harness = harness_among(runner._worker.below())
                assert harness is not None
                assert waited(lambda h=harness: all(state_of(p) in ("Z", "") for p in
                                                    descendants(h)), 60.0)
            else:
                assert ends(int(mark.read_text()))  # killed: its end may take a moment, busy
        assert runner.workers_started == 1  # killed at load, it is no stray of the cases


SET_ORDER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in set(words):
            if master.guess(word) == 6:
                return
"""


def test_a_seed_fixes_the_workers_string_hashing_in_a_shared_list_too(tmp_path: Path) -> None:
    path = written(tmp_path, SET_ORDER)
    shared = every_secret([Case("c", MANY[0], MANY, 100)])[:3]
    first = transcripts(path, shared, 11)
    assert transcripts(path, shared, 11) == first and transcripts(path, shared, 12) != first
    # A case alone on its list is played without forks, from a worker started with the seed.
    alone = [Case("alone", "hhqqqq", MANY, 100)]
    first = transcripts(path, alone, 11)
    assert transcripts(path, alone, 11) == first and transcripts(path, alone, 12) != first


def test_one_warm_process_serves_every_case_of_a_list_and_the_next_list(tmp_path: Path) -> None:
    cases = [case for name, words in (("a", WORDS), ("b", WORDS[::-1]))
             for case in every_secret([Case(name, words[0], words, 10)])]
    runner = IsolatedRunner(written(tmp_path, WALKER), Limits(time_seconds=10.0))
    report = grade(runner, "s", cases, order_seed=3)
    assert [r.verdict for r in report.results] == ["AC"] * 8
    assert runner.workers_started == 1
    # Each fork was ended as the protocol says: a harness told anything else says so.
    assert all(r.output == "" for r in report.results)


WARM_RANDOM = """
import random

ORDER = []


class Solution:
    def findSecretWord(self, words, master):
        if not ORDER:  # drawn in the first game of the process: a warm-up game
            ORDER.extend(random.sample(range(len(words)), len(words)))
        for i in ORDER:
            if master.guess(words[i]) == 6:
                return
"""


def test_the_warm_up_games_are_seeded_too(tmp_path: Path) -> None:
    path = written(tmp_path, WARM_RANDOM)
    cases = every_secret([Case("c", MANY[0], MANY, 100)])[:2]
    assert transcripts(path, cases, 5) == transcripts(path, cases, 5)


SPINS_FIRST = """
games = 0


class Solution:
    def findSecretWord(self, words, master):
        global games
        games += 1
        while games == 1:
            pass
        for word in words:
            if master.guess(word) == 6:
                return
"""


def test_warm_up_games_that_run_out_of_time_are_counted_and_dropped(tmp_path: Path) -> None:
    # The first game of each list's warm process is a warm-up, and spins: counted, then the
    # list is played without warm-ups (each case, first in its process, spins too).
    cases = [case for name, words in (("a", WORDS), ("b", WORDS[::-1]))
             for case in every_secret([Case(name, words[0], words, 10)])[:2]]
    runner = IsolatedRunner(written(tmp_path, SPINS_FIRST), Limits(time_seconds=0.2))
    report = grade(runner, "s", cases, order_seed=1)
    assert runner.warmup_timeouts == 2
    assert [r.verdict for r in report.results] == ["TLE"] * 4


# Raises in the first game a process plays: a warm-up game, on a shared list.
RAISES_FIRST = SPINS_FIRST.replace("while games == 1:\n            pass",
                                   "if games == 1:\n            raise ValueError('first game')")


def test_a_warm_up_game_that_raises_is_not_played_from(tmp_path: Path) -> None:
    """Its process is retired, and the list is played without warm-ups in a new one: each
    case, the first game of its fork's process, raises too."""
    cases = every_secret([Case("a", WORDS[0], WORDS, 10)])[:2]
    runner = IsolatedRunner(written(tmp_path, RAISES_FIRST), Limits(time_seconds=10.0))
    report = grade(runner, "s", cases, order_seed=1)
    assert runner.workers_started == 2
    assert [r.verdict for r in report.results] == ["RTE"] * 2
    assert all("ValueError: first game" in r.detail for r in report.results)


def test_a_runner_closed_twice_is_closed(tmp_path: Path) -> None:
    runner, _ = play_once(written(tmp_path, WALKER))
    runner.close()
    runner.close()


@needs_bubblewrap
def test_a_sandboxed_traceback_names_the_file_as_the_user_knows_it(tmp_path: Path) -> None:
    path = written(tmp_path, "class Solution:\n    def findSecretWord(self, words, master):\n"
                             "        raise KeyError('x')\n")
    with IsolatedRunner(path, Limits(time_seconds=10.0), sandbox=True) as runner:
        outcome = runner.play(Master(WORDS, FixedSecret("eiowzz"), 10))
    assert outcome.verdict == "RTE"
    assert f'File "{path}", line 3, in findSecretWord' in outcome.detail
    assert "/submission/" not in outcome.detail


@needs_bubblewrap
@pytest.mark.parametrize("text", [
    "class Solution:\n    def findSecretWord(self, words, master):\n        garbage(((\n",
    "import sys\nprint('loading', __file__)\nsys.exit(3)\n"])
def test_a_sandboxed_file_that_cannot_load_is_named_as_the_user_knows_it(
        tmp_path: Path, text: str) -> None:
    """A syntax error, and a file that ends itself as it loads (printing its own path): the
    compile error names the file by the path it was given."""
    path = written(tmp_path, text)
    with IsolatedRunner(path, Limits(time_seconds=10.0), sandbox=True) as runner:
        outcome = runner.play(Master(WORDS, FixedSecret("eiowzz"), 10))
    assert outcome.verdict == "CE"
    assert str(path) in outcome.detail and "/submission/" not in outcome.detail


@needs_bubblewrap
def test_a_sandboxed_list_keeps_one_warm_process_while_its_cases_leave_nothing(
        tmp_path: Path) -> None:
    """The judge empties the sandbox's private directories from outside before each case,
    through the list's warm process: with nothing left there, no case costs a worker."""
    cases = every_secret([Case("a", WORDS[0], WORDS, 10)])
    runner = IsolatedRunner(written(tmp_path, WALKER), Limits(time_seconds=10.0), sandbox=True)
    report = grade(runner, "s", cases, order_seed=3)
    assert [r.verdict for r in report.results] == ["AC"] * 4
    assert runner.workers_started == 1


# Leaves a child that has ended with the secret's place in its exit status, never reaped: the
# warm process it falls to (the worker's first, a subreaper) could read it once it goes on.
LEAVES_AN_ENDED_CHILD = """
import os, time
class Solution:
    def findSecretWord(self, words, master):
        secret = next(word for word in words if master.guess(word) == 6)
        child = os.fork()
        if child == 0:
            os._exit(words.index(secret) + 1)
        while open(f"/proc/{child}/stat").read().rsplit(")", 1)[1].split()[0] != "Z":
            time.sleep(0.001)
"""


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_child_ended_but_not_reaped_retires_the_worker(tmp_path: Path, sandbox: bool) -> None:
    """An ended child holds its exit status until reaped: found below the worker, as a living
    one is, it retires the worker, and every case plays as if alone. (A memory cgroup's list
    leaves such a child out: the walk through /proc finds it, in the sandbox too.)"""
    cases = every_secret([Case("a", WORDS[0], WORDS, 10)])
    runner = IsolatedRunner(written(tmp_path, LEAVES_AN_ENDED_CHILD), Limits(time_seconds=10.0),
                            sandbox=sandbox)
    report = grade(runner, "s", cases, order_seed=3)
    assert [r.verdict for r in report.results] == ["AC"] * len(cases), report.results
    # The warm-up games' children retire the first; then each case's retires its own.
    assert runner.workers_started == len(cases) + 1


def test_a_wall_clock_backstop_other_than_the_default_is_the_one_applied(tmp_path: Path) -> None:
    sleeps = "import time\nclass Solution:\n    def findSecretWord(self, words, master):\n" \
             "        time.sleep(600)\n"
    _, outcome = play_once(written(tmp_path, sleeps), Limits(time_seconds=0.2, wall_backstop=4))
    assert outcome.verdict == "TLE"
    assert outcome.detail.startswith("no return within 0.8 s of wall-clock time (the backstop, "
                                     "4x the CPU limit)")


# Writes on every pipe it may write to but its output: the judge's among them.
FORGES_A_COMPILE_ERROR = """
import fcntl, os
for fd in range(3, 64):
    try:
        pipe = os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:")
        if pipe and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
            os.write(fd, b'{"op": "ce"}\\n')
    except OSError:
        pass
"""


def test_a_compile_error_forged_while_loading_says_nothing_it_did_not_send(
        tmp_path: Path) -> None:
    """The file runs in the harness's process and may write on its pipe: a "ce" it forges
    without an error is a compile error that says no reason was given (it was once a runtime
    error with an empty message)."""
    forges = FORGES_A_COMPILE_ERROR + WALKER
    _, outcome = play_once(written(tmp_path, forges))
    assert (outcome.verdict, outcome.detail) == ("CE", "the file did not load; no reason given")
