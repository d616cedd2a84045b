"""Every submission under tests/submissions/<VERDICT>/ gets that verdict on every case."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.cases import Case
from judge.grading import grade
from judge.result import Report
from judge.run.inprocess import InProcessRunner
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner

from .conftest import EXTENSIONS, language_marks, needs_bubblewrap

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
WORDS = ("gaming", "hazard", "icicle", "jigsaw", "kettle", "lagoon", "mantle", "nectar")
CASES = [Case("secret-sixth", "mantle", WORDS, 10), Case("secret-third", "icicle", WORDS, 10)]
LIMITS = Limits(time_seconds=1.5, memory_mb=256, output_bytes=4096)
# A fixture that never ends is TLE at any limit, however busy the machine: a short one
# spares the suite its wait (a sleeper waits out the wall backstop, three times the limit).
TLE_LIMITS = Limits(time_seconds=0.5, memory_mb=256, output_bytes=4096)


def fixtures(sandbox_only: bool | None = None) -> list[pytest.param]:
    """Every submission of a known language; a language missing here is skipped, saying so."""
    params = []
    for path in sorted(SUBMISSIONS.glob("*/*.*")):
        if path.suffix not in EXTENSIONS:
            continue
        needs_sandbox = path.read_text().split("\n", 1)[0].endswith("needs: sandbox")
        if sandbox_only is None or needs_sandbox == sandbox_only:
            params.append(pytest.param(path, id=f"{path.parent.name}/{path.name}",
                                       marks=language_marks(path)))
    return params


def graded(path: Path, sandbox: bool) -> Report:
    limits = TLE_LIMITS if path.parent.name == "TLE" else LIMITS
    return grade(IsolatedRunner(path, limits, sandbox=sandbox), str(path), CASES)


@pytest.mark.parametrize("path", fixtures(sandbox_only=False))
def test_verdict_without_sandbox(path: Path) -> None:
    report = graded(path, sandbox=False)
    assert [r.verdict for r in report.results] == [path.parent.name] * len(CASES), [
        (r.verdict, r.message, r.detail[-500:]) for r in report.results]


@needs_bubblewrap
@pytest.mark.parametrize("path", fixtures())
def test_verdict_under_sandbox(path: Path) -> None:
    report = graded(path, sandbox=True)
    assert [r.verdict for r in report.results] == [path.parent.name] * len(CASES), [
        (r.verdict, r.message, r.detail[-500:]) for r in report.results]


def test_no_cheat_is_ever_accepted_without_solving() -> None:
    for path in SUBMISSIONS.glob("WA/*.py"):  # (other languages: test_languages.py)
        if path.read_text().startswith("# needs: sandbox"):
            continue
        for result in graded(path, sandbox=False).results:
            honest = any(word == result.secret and reply == 6 for word, reply in result.transcript)
            assert result.verdict != "AC" or honest


def process_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def stray_pids(report: Report) -> list[int]:
    """The pids a fixture printed as "stray pid N", over every case."""
    return [int(p) for r in report.results for p in re.findall(r"stray pid (\d+)", r.output)]


def all_gone(pids: list[int]) -> bool:
    """Whether every one of `pids` has died (killing is immediate; 30 s only bounds the wait
    for the kernel to finish them, busy machine or not)."""
    deadline = time.monotonic() + 30
    while any(map(process_alive, pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(map(process_alive, pids))


def test_children_that_outlive_the_solution_are_killed() -> None:
    pids = stray_pids(graded(SUBMISSIONS / "AC" / "forks_children.py", sandbox=False))
    assert len(pids) == 2 * len(CASES)
    assert all_gone(pids)


def test_a_daemon_that_left_the_process_tree_is_killed() -> None:
    from judge.run.limits import TreeMemoryLimit, tree_memory_enforcer

    if not isinstance(tree_memory_enforcer(), TreeMemoryLimit):
        pytest.skip("no memory cgroup can be made here: a daemon out of the tree is not found")
    pids = stray_pids(graded(SUBMISSIONS / "AC" / "escapes_the_tree.py", sandbox=False))
    assert len(pids) == len(CASES)
    assert all_gone(pids)


def test_children_forked_while_the_file_loads_are_killed() -> None:
    report = graded(SUBMISSIONS / "AC" / "forks_at_load.py", sandbox=False)
    pids = stray_pids(report)
    assert pids and all(r.verdict == "AC" for r in report.results)
    assert all_gone(pids)


def test_output_flood_is_cut_to_the_limit() -> None:
    report = graded(SUBMISSIONS / "AC" / "print_flood.py", sandbox=False)
    for result in report.results:
        assert len(result.output) < LIMITS.output_bytes + 100
        assert "more bytes of output dropped" in result.output


@pytest.mark.parametrize("in_process", [False, True], ids=["worker", "in-process"])
def test_non_words_are_answered_minus_one_and_counted(in_process: bool) -> None:
    """And shown alike, whichever way the file runs."""
    path = SUBMISSIONS / "WA" / "not_words.py"
    runner = InProcessRunner(path) if in_process else IsolatedRunner(path, LIMITS, sandbox=False)
    (result, _) = grade(runner, str(path), CASES).results
    assert result.verdict == "WA" and result.guesses == 14
    assert [reply for _, reply in result.transcript] == [-1] * 14
    assert [guess for guess, _ in result.transcript][:11] == [
        "None", "123", "b'abcdef'", WORDS[0].upper(), WORDS[0] + "x", "", "['x']", "6.0", "<int>",
        "<Unshowable>", "'" + "y" * 63]


def test_runaway_is_stopped_at_the_cap_and_judged_wrong() -> None:
    (result, _) = graded(SUBMISSIONS / "WA" / "catches_everything.py", sandbox=False).results
    assert result.guesses == 10 * 10 + 100 + 1
    assert result.detail.startswith("stopped")


def test_runtime_error_reports_the_solutions_traceback() -> None:
    (result, _) = graded(SUBMISSIONS / "RTE" / "raises.py", sandbox=False).results
    assert result.message == "KeyError: 'no such key'"
    assert "raises.py" in result.detail and "worker.py" not in result.detail


def test_compile_error_names_the_problem() -> None:
    (result, _) = graded(SUBMISSIONS / "CE" / "wrong_arity.py", sandbox=False).results
    assert "findSecretWord must take (self, words, master)" in result.message
    (result, _) = graded(SUBMISSIONS / "CE" / "syntax_error.py", sandbox=False).results
    assert "SyntaxError" in result.message


def test_a_dead_worker_is_replaced_and_later_cases_still_run() -> None:
    # Four lists of their own: one process serves them in turn, as on LeetCode.
    alone = [Case(f"alone-{i}", WORDS[i], WORDS[i:i + 4], 10) for i in range(4)]
    runner = IsolatedRunner(SUBMISSIONS / "RTE" / "os_exit.py", LIMITS)
    report = grade(runner, "os_exit", alone)
    assert [r.verdict for r in report.results] == ["RTE"] * 4
    assert runner.workers_started == 4
    assert all(r.guesses == 1 for r in report.results)


def test_a_case_that_dies_on_a_shared_list_leaves_the_warm_state_alive() -> None:
    runner = IsolatedRunner(SUBMISSIONS / "RTE" / "os_exit.py", LIMITS)
    report = grade(runner, "os_exit", CASES * 2)
    assert [r.verdict for r in report.results] == ["RTE"] * 4
    assert all(r.guesses == 1 for r in report.results)
    assert all(r.message == "the process exited with status 0 before findSecretWord returned"
               for r in report.results)
    # The warm-up game died too, so the list was warmed again without it: two workers in all.
    assert runner.workers_started == 2


def recording(send: Callable[..., bool],
              into: list[dict[str, object]]) -> Callable[..., bool]:
    def record(message: dict[str, object], *args: object) -> bool:
        into.append(message)
        return send(message, *args)
    return record


def test_the_worker_never_holds_the_secret() -> None:
    """Everything the worker is given (command line, environment, every message but the
    replies) is the same whatever the secret: only the replies depend on it."""
    path = SUBMISSIONS / "AC" / "honest_first_candidate.py"
    given = []
    for secret in ("hazard", "nectar"):
        runner = IsolatedRunner(path, LIMITS)
        sent: list[dict[str, object]] = []
        with runner:
            worker = runner._ready_worker()
            assert not isinstance(worker, str)
            worker.send = recording(worker.send, sent)  # type: ignore[method-assign]
            pid = worker.process.pid
            environment = Path(f"/proc/{pid}/environ").read_bytes()
            command_line = Path(f"/proc/{pid}/cmdline").read_bytes()
            (result,) = grade(runner, "honest", [Case(secret, secret, WORDS, 10)]).results
        assert result.verdict == "AC" and secret.encode() not in environment + command_line
        replies = [m for m in sent if set(m) == {"reply"}]
        assert replies and all(isinstance(m["reply"], int) for m in replies)
        given.append(([m for m in sent if m not in replies], environment, command_line))
    assert given[0] == given[1]


def test_a_judge_failure_is_je_and_never_the_submissions(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.run import process, session

    def cannot_start(*args: object, **kwargs: object) -> None:
        raise process.JudgeError("cannot start the worker: no processes left")

    monkeypatch.setattr(session, "Worker", cannot_start)
    report = graded(SUBMISSIONS / "AC" / "honest_first_candidate.py", sandbox=False)
    assert [r.verdict for r in report.results] == ["JE", "JE"]
    assert "no processes left" in report.results[0].message
