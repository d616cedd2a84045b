"""No case can learn from another: an unpredictable order, and a fresh state per case."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import shutil
import signal
import site
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.__main__ import main
from judge.cases import Case, every_secret
from judge.cli.running import ANEW_NOTE
from judge.generate import random_words
from judge.grading import WARMUP_GAMES, grade, play_order, warmup_masters
from judge.harness.javascript import FORK_ADDON_VARIABLE, fork_addon
from judge.report.text import table_row, transcript_text
from judge.result import CaseResult
from judge.run.build import CACHE_VARIABLE
from judge.run.confine import bubblewrap_works
from judge.run.forks import CaseFork
from judge.run.limits import Clock, Limits
from judge.run.process import Worker, descendants
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES, language_marks, needs_bubblewrap, toolchain_marks

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
WALKER = """
class Solution:
    def findSecretWord(self, words, master):
        for word in words:
            if master.guess(word) == 6:
                return
"""
# The walker, plus a memory: secrets found in earlier games on the list are skipped.
REMEMBERER = """
class Solution:
    found = set()

    def findSecretWord(self, words, master):
        for word in words:
            if word in Solution.found:
                continue
            if master.guess(word) == 6:
                Solution.found.add(word)
                return
"""


def every_secret_of_one_list(size: int = 24) -> list[Case]:
    import random

    words = tuple(random_words(random.Random(size), size))
    return every_secret([Case("list", words[0], words, 30)])


def written(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(body)
    return path


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_case_cannot_learn_the_secrets_of_earlier_cases(tmp_path: Path, sandbox: bool) -> None:
    """The remembering cheat starts every case knowing only the warm-up games' secrets."""
    cases = every_secret_of_one_list()[:6]
    order_seed = 5
    warm = {m.secret() for m in warmup_masters(cases[0], order_seed, WARMUP_GAMES)}
    cheat = grade(IsolatedRunner(written(tmp_path, "rememberer", REMEMBERER), Limits(), sandbox),
                  "rememberer", cases, order_seed=order_seed)
    for case, result in zip(cases, cheat.results, strict=True):
        walk = [w for w in case.words if w not in warm]
        expected = walk[:walk.index(case.secret) + 1] if case.secret not in warm else walk
        assert [w for w, _ in result.transcript] == expected, case.name


def test_with_shared_state_the_memory_would_pay(tmp_path: Path) -> None:
    """The control: one process for every case, and the remembering cheat plays differently."""
    cases = every_secret_of_one_list()
    shared = IsolatedRunner(written(tmp_path, "rememberer", REMEMBERER), fresh_state=False)
    cheat = grade(shared, "rememberer", cases, order_seed=1)
    honest = grade(IsolatedRunner(written(tmp_path, "walker", WALKER)), "walker", cases)
    assert sum(r.guesses for r in cheat.results) < sum(r.guesses for r in honest.results)


COUNTERS = [pytest.param("py", id="python"),
            *[pytest.param(ext, id=name, marks=toolchain_marks(name))
              for ext, name in (("cpp", "cpp"), ("js", "javascript"), ("java", "java"))]]


@pytest.mark.parametrize("size", [2, 24])
@pytest.mark.parametrize("language", COUNTERS)
def test_counting_cases_wins_nothing(language: str, size: int) -> None:
    """In every language, whether its harness forks or starts a process per case, and on a
    list of two cases as on a longer one."""
    cases = every_secret_of_one_list()[:size]
    path = Path(__file__).parent / "cheats" / f"counts_cases.{language}"
    report = grade(IsolatedRunner(path), "counts", cases)
    # Every case starts with the same count (the warm-up game's), so guesses the same word.
    assert len({tuple(r.transcript) == () or r.transcript[0][0] for r in report.results}) == 1
    assert all(len(r.transcript) == 1 for r in report.results)
    assert [r.verdict for r in report.results].count("AC") <= 1  # only that word's own case


def test_the_play_order_is_drawn_and_replayable() -> None:
    cases = [*every_secret_of_one_list(), Case("other", "aaaaaa", ("aaaaaa", "bbbbbb"), 10)]
    orders = {str(play_order(cases, seed)) for seed in range(20)}
    assert len(orders) > 15
    assert play_order(cases, 7) == play_order(cases, 7)
    # Cases of one list are played together, each once.
    assert sorted(i for group in play_order(cases, 3) for i in group) == list(range(len(cases)))


def test_the_order_seed_is_reported_and_replays(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.txt"
    body = WALKER.replace("for word in words:", f"open({str(log)!r}, 'a').write(words[0] + "
                          f"master.__class__.__name__ + chr(10))\n        for word in words:")
    path = written(tmp_path, "logger", body)
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps([{"name": f"c{i}", "secret": w, "words": [w, "zzzzzz"],
                                  "allowedGuesses": 10} for i, w in
                                 enumerate(["aaaaaa", "bbbbbb", "cccccc", "dddddd", "eeeeee"])]))
    report = tmp_path / "r.json"
    # The log is written outside the sandbox's view: this test runs the worker as the user.
    assert main(["grade", str(path), "--cases", str(cases), "--json", str(report), "-q",
                 "--no-sandbox"]) == 0
    seed = json.loads(report.read_text())["order_seed"]
    assert f"--order-seed {seed}" in capsys.readouterr().out
    first = log.read_text()
    log.unlink()
    assert main(["grade", str(path), "--cases", str(cases), "--order-seed", str(seed), "-q",
                 "--no-sandbox"]) == 0
    assert log.read_text() == first


HOSTILE_CASE = Case("c", "mantle", ("gaming", "hazard", "icicle", "mantle"), 10)


def graded_alone(name: str, sandbox: bool = False) -> CaseResult:
    path = next(SUBMISSIONS.glob(f"*/{name}.py"))
    (result,) = grade(IsolatedRunner(path, Limits(time_seconds=1.5), sandbox), name,
                      [HOSTILE_CASE]).results
    return result


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_text_from_a_submission_cannot_crash_or_draw_on_the_terminal(sandbox: bool) -> None:
    result = graded_alone("raises_escapes_and_a_surrogate", sandbox)
    assert result.verdict == "RTE"
    for text in (table_row(result), transcript_text(result)):
        text.encode("utf-8")  # a lone surrogate would raise here
        assert "\x1b" not in text and "\r" not in text
    assert "\n" not in table_row(result) and "\\x1b[2K" in table_row(result)


def test_a_huge_message_is_capped() -> None:
    result = graded_alone("raises_a_huge_message")
    assert result.verdict == "RTE" and result.message.startswith("ValueError: xxx")
    assert len(result.detail) < 20_000 and len(table_row(result)) < 500
    assert len(json.dumps(result.to_json())) < 40_000


@pytest.mark.parametrize("name", ["sends_deeply_nested_json", "sends_a_line_without_end",
                                  "forges_an_unknown_message"])
def test_a_broken_protocol_is_the_submissions_fault(name: str) -> None:
    result = graded_alone(name)
    assert result.verdict == "RTE"
    assert result.message.startswith("the solution broke the judge's protocol")
    assert len(result.message) < 600


def test_forged_guesses_are_answered_minus_one_and_kept_small() -> None:
    result = graded_alone("forges_huge_and_odd_guesses")
    assert result.verdict == "WA"
    assert [reply for _, reply in result.transcript] == [-1, -1, -1, -1]
    assert all(len(word) < 400 for word, _ in result.transcript)
    assert "\x1b" not in transcript_text(result)


def test_a_write_to_a_worker_that_never_reads_gives_up_at_the_clock(tmp_path: Path) -> None:
    sleeper = written(tmp_path, "sleeper", "import time\ntime.sleep(60)\n")
    runner = IsolatedRunner(sleeper)
    worker = Worker(lambda channel: runner._command(channel, None), 1024)
    try:
        assert not worker.send({"pad": "x" * (4 << 20)}, Clock(None, 0.3))
    finally:
        worker.kill()


def processes_running(path: Path) -> list[int]:
    """Worker processes running `path` (the judge's own command line names it too)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command_line = (entry / "cmdline").read_bytes()
                if str(path).encode() in command_line and b"worker.py" in command_line:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_judge_told_to_stop_leaves_no_process_behind(tmp_path: Path, signum: int) -> None:
    spinner = written(tmp_path, "spinner", "class Solution:\n"
                                           "    def findSecretWord(self, words, master):\n"
                                           "        while True:\n            pass\n")
    judge = subprocess.Popen([sys.executable, "-m", "judge", "grade", str(spinner), "--cases",
                              str(Path(__file__).parent.parent / "cases" / "examples"),
                              "--time-limit", "60"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while not processes_running(spinner) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_running(spinner), "the worker never started"
    judge.send_signal(signum)
    _, err = judge.communicate(timeout=30)
    assert judge.returncode == 128 + signum and b"Traceback" not in err
    while processes_running(spinner) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_running(spinner) == []


def test_reports_are_written_with_the_users_umask(tmp_path: Path) -> None:
    import os

    old = os.umask(0o027)
    try:
        report = tmp_path / "r.json"
        assert main(["grade", str(SUBMISSIONS / "AC" / "honest_first_candidate.py"), "--cases",
                     str(Path(__file__).parent.parent / "cases" / "examples"), "--json",
                     str(report), "-q"]) == 0
        assert report.stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(old)


@needs_bubblewrap
def test_the_sandbox_is_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    cheat = SUBMISSIONS / "WA" / "reads_case_files.py"
    examples = str(Path(__file__).parent.parent / "cases" / "examples")
    assert main(["grade", str(cheat), "--cases", examples, "-q"]) == 1  # cannot read them
    assert capsys.readouterr().err == ""
    # Opting out is warned of (an honest file: the cheat would walk the whole of /tmp and ~).
    main(["grade", str(SUBMISSIONS / "AC" / "honest_first_candidate.py"), "--cases", examples,
          "-q", "--no-sandbox"])
    assert "warning: --no-sandbox: the solution runs as you" in capsys.readouterr().err


def test_without_bubblewrap_the_judge_says_so_and_runs_unsandboxed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from judge.run import confine

    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: None)
    confine.bubblewrap_works.cache_clear()
    try:
        assert main(["grade", str(SUBMISSIONS / "AC" / "honest_first_candidate.py"), "--cases",
                     str(Path(__file__).parent.parent / "cases" / "examples"), "-q"]) == 0
    finally:
        confine.bubblewrap_works.cache_clear()
    err = capsys.readouterr().err
    assert err.count("note: bubblewrap is missing") == 1 and "apt-get install bubblewrap" in err


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("name", ["forks_to_split_memory", "fills_tmpfs"])
def test_the_watchdog_bounds_the_tree_where_no_cgroup_can_be_made(sandbox: bool,
                                                                  name: str) -> None:
    """The fallback enforcer alone, as on a machine where the judge may not make cgroups."""
    from judge.run.limits import TreeWatchdog

    if name == "fills_tmpfs" and not sandbox:
        pytest.skip("the host's /tmp is a disk, not the worker's memory")
    path = next(SUBMISSIONS.glob(f"MLE/{name}.py"))
    runner = IsolatedRunner(path, Limits(time_seconds=1.5, memory_mb=256), sandbox,
                            memory=TreeWatchdog(sandbox))
    (result,) = grade(runner, name, [HOSTILE_CASE]).results
    assert result.verdict == "MLE", (result.verdict, result.message)


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_forged_messages_never_win_and_are_never_the_judges_fault(sandbox: bool) -> None:
    path = Path(__file__).parent / "cheats" / "forges_messages.py"
    cases = every_secret_of_one_list()[:4]
    for result in grade(IsolatedRunner(path, Limits(), sandbox), "forger", cases).results:
        assert result.verdict in ("WA", "RTE"), (result.verdict, result.message)


CHEATS = Path(__file__).parent / "cheats"


def learned_words(result: CaseResult) -> list[str]:
    """What a remembering cheat said it knew when its case began."""
    return [word for line in result.output.splitlines() if line.startswith("learned:")
            for word in line.split()[1:]]


def drawn(result: CaseResult) -> list[str]:
    """What a cheat printed it drew from its random generator."""
    return [line for line in result.output.splitlines() if line.startswith("drawn:")]


def cheats(*names: str) -> list[Any]:
    """Cheat files as test parameters, each skipped, saying why, where its language's
    toolchain is missing."""
    return [pytest.param(name, marks=language_marks(CHEATS / name)) for name in names]


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("cheat", cheats("remembers_in_shared_memory.py",
                                         "remembers_in_a_socket.py",
                                         "remembers_in_shared_memory.cpp",
                                         "keeps_a_note_open.py",
                                         "makes_shared_memory_writable_again.py"))
def test_state_that_forks_would_share_is_refused(cheat: str, sandbox: bool) -> None:
    """A shared mapping, a socket, or a file its user can write (even one open for reading
    only, with no name left) made at load time outlives each case's process: the cases are
    not played from such a state, and the verdict says why."""
    cases = every_secret_of_one_list()[:5]
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox), cheat, cases,
                   order_seed=3)
    for result in report.results:
        assert result.verdict == "RTE", (result.verdict, result.message)
        assert "every case's process would share" in result.message
        assert learned_words(result) == []


@needs_bubblewrap
@pytest.mark.parametrize("cheat", cheats("remembers_in_tmp.py", "remembers_in_sysv_memory.py",
                                         "remembers_in_a_message_queue.py",
                                         "remembers_in_tmp.cpp"))
def test_in_the_sandbox_what_outlives_a_process_is_removed_before_each_case(cheat: str) -> None:
    """Files in /tmp, System V segments and POSIX queues outlive a case's process; the
    sandbox's are the worker's own, and the harness empties them before every case."""
    cases = every_secret_of_one_list()[:6]
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox=True),
                   cheat, cases, order_seed=4)
    for result in report.results:
        assert result.verdict == "AC", (result.verdict, result.message)
        assert learned_words(result) == [], result.output


def test_files_in_tmp_would_carry_secrets_without_the_wipe() -> None:
    """The control: in one process for every case, the same cheat learns from its notes."""
    cases = every_secret_of_one_list()[:6]
    with contextlib.suppress(FileNotFoundError):
        os.remove("/tmp/remembered-secrets")
    try:
        report = grade(IsolatedRunner(CHEATS / "remembers_in_tmp.py", Limits(),
                                      sandbox=bubblewrap_works(), fresh_state=False),
                       "tmp", cases, order_seed=4)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.remove("/tmp/remembered-secrets")
    assert any(learned_words(r) for r in report.results)


# What each cheat's case is refused for, where it is refused (RTE) rather than played out.
# (The C++ cheat that tells its status ends in findSecretWord: it cannot end after it.)
REACHING_THE_WARM_PROCESS = {
    "reads_exit_statuses_in_the_warm_process.py": "did not end cleanly after findSecretWord",
    "reads_exit_statuses_in_the_warm_process.cpp": "exited with status",
    "signals_the_warm_process.cpp": "sent a signal to a warm process",
    "signals_the_warm_process.py": "sent a signal to a warm process",
    "marks_the_warm_oom_score.py": "changed a warm process's oom_score_adj",
    "marks_the_warm_oom_score.cpp": "changed a warm process's oom_score_adj",
    "lowers_the_priority_of_its_group.py": "changed a warm process's priority",
    "lowers_the_priority_of_its_autogroup.py": "changed a warm process's priority",
    "silences_the_check.py": "every case's process would share a writable shared memory mapping",
    "wakes_the_warm_process.py": "set a warm process running again",
    "wakes_the_warm_process.cpp": "set a warm process running again",
    "wakes_and_stops_the_warm_process.py": "set a warm process running again",
    "wakes_and_stops_the_warm_process.cpp": "set a warm process running again",
    "reads_resource_use_in_the_warm_process.py": "would reap each case's process and learn",
    # Sandboxed as root: out of it, or as a user, the sibling never outlives the loading.
    "relays_through_a_process_whose_main_thread_ended.py": "ended its main thread and runs on",
}


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("cheat", cheats(*sorted(REACHING_THE_WARM_PROCESS)))
def test_nothing_a_case_does_reaches_the_warm_process(cheat: str, sandbox: bool) -> None:
    """The warm process has run the submission's code, so the judge decides from outside
    (/proc): it checks each case's fork before the case, holds the warm processes still
    during it, and reads how it ended itself. Each cheat plays as its honest twin or is
    refused, and no case learns what an earlier one found. None of its processes outlives
    the run, not even as a zombie child of the judge (a sibling the file made of itself)."""
    cases = every_secret_of_one_list()[:5]
    before = descendants(os.getpid())
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox), cheat, cases,
                   order_seed=3)
    assert descendants(os.getpid()) <= before
    for case, result in zip(cases, report.results, strict=True):
        assert learned_words(result) == [], (case.name, result.output)
        if result.verdict == "AC":
            assert len(result.transcript) == case.words.index(case.secret) + 1, case.name
        else:
            assert result.verdict == "RTE", (result.verdict, result.message)
            assert REACHING_THE_WARM_PROCESS[cheat] in result.message, result.message


@needs_bubblewrap
def test_a_warm_process_that_looks_ended_and_runs_on_is_refused() -> None:
    """A sibling the file made as it loaded ended its main thread, running on in another: the
    kernel shows it as a zombie, and the judge, which held only the warm processes it saw
    stopped, let it hear each case and write what it heard in /tmp for the next (a case
    learned three earlier secrets). Now no case plays from that state."""
    if os.geteuid() != 0:
        pytest.skip("as a user the harness is its sandbox's first process: no sibling")
    cheat = "relays_through_a_process_whose_main_thread_ended.py"
    cases = every_secret_of_one_list()[:3]
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox=True), cheat, cases,
                   order_seed=3)
    for result in report.results:
        assert (result.verdict, result.message) == ("RTE", (
            "the solution's warm process ended its main thread and runs on in its other "
            "threads, which the judge does not hold still: one case could leave its secret "
            "there for the next, so the judge does not play cases from this state"))


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_what_a_warm_process_holds_within_a_cases_reach_is_refused(sandbox: bool) -> None:
    """A note the warm process keeps open, which each fork closes before the judge looks at
    it: a case writes there by its name, and the judge's emptying of /tmp leaves the file
    the warm process holds. Each case of the cheat is refused, and none learns a secret."""
    cases = every_secret_of_one_list()[:5]
    cheat = "reads_a_note_it_kept_open.py"
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox), cheat, cases,
                   order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert learned_words(result) == [], (case.name, result.output)
        assert result.verdict == "RTE", (case.name, result.verdict)
        assert re.fullmatch(
            r"the solution's warm process holds an open file descriptor \(/tmp/note-\d+-1\) of a "
            r"file that its user can write, which a case can reach and the warm process read "
            r"once the case is over: one case could leave its secret there for the next, so "
            r"the judge does not play cases from this state", result.message), result.message


def one_list_file(tmp_path: Path) -> tuple[Path, list[str]]:
    """A case file of four cases on one list, c0 to c3, each word the secret once."""
    path = tmp_path / "list.json"
    words = list(every_secret_of_one_list(4)[0].words)
    path.write_text(json.dumps([{"name": f"c{i}", "secret": w, "words": words,
                                 "allowedGuesses": 10} for i, w in enumerate(words)]))
    return path, words


def test_the_replay_of_a_refused_state_is_refused_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The replay line of a case refused in its list's warm state plays that case as it was
    played, from the same state: before, the case played alone in a process of its own, with
    no fork to refuse, and the replay said AC."""
    import shlex

    cases, _ = one_list_file(tmp_path)
    run = tmp_path / "run.json"
    assert main(["grade", str(CHEATS / "reads_a_note_it_kept_open.py"), "--cases", str(cases),
                 "--no-sandbox", "--json", str(run)]) == 1
    replay = next(line for line in capsys.readouterr().out.splitlines()
                  if line.startswith("replay the first: "))
    argv = shlex.split(replay.removeprefix("replay the first: "))
    argv = argv[argv.index("grade"):]
    played = json.loads(run.read_text())
    # The order seed draws the list's warm-up games, which the case's state comes from.
    assert argv[argv.index("--order-seed") + 1] == str(played["order_seed"])
    first = next(c for c in played["cases"] if c["verdict"] != "AC")
    again = tmp_path / "again.json"
    assert main([*argv, "--json", str(again)]) == 1
    (replayed,) = json.loads(again.read_text())["cases"]
    assert (replayed["name"], replayed["verdict"]) == (first["name"], "RTE")
    assert "warm process holds an open file descriptor" in replayed["message"]


def test_explain_plays_a_case_of_a_shared_list_from_the_lists_warm_state(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As grade played it: explain of a case refused in its list's warm state is refused too
    (alone in a process of its own it said AC), and names the order seed of its warm-up games;
    a case alone on its list plays alone, as in grade."""
    cases, words = one_list_file(tmp_path)
    cheat = str(CHEATS / "reads_a_note_it_kept_open.py")
    assert main(["explain", cheat, "--cases", str(cases), "--case", "c2", "--order-seed", "7",
                 "--no-sandbox"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"{cheat} on c2 (secret {words[2]}): RTE in 0 guesses: the "
                          "solution's warm process holds an open file descriptor"), out
    assert out.rstrip().splitlines()[-1].startswith(
        "played after its list's warm-up games, drawn with --order-seed 7; random numbers")
    # A game of --all-secrets, named list@secret, is one of its list's games too.
    lone = tmp_path / "lone.json"
    lone.write_text(json.dumps({"name": "lone", "secret": words[0], "words": words,
                                "allowedGuesses": 10}))
    assert main(["explain", cheat, "--cases", str(lone), "--case", f"lone@{words[1]}",
                 "--no-sandbox"]) == 1
    assert "RTE in 0 guesses" in capsys.readouterr().out
    assert main(["explain", cheat, "--cases", str(lone), "--no-sandbox"]) in (0, 1)
    out = capsys.readouterr().out
    assert "RTE" not in out.splitlines()[0] and "warm-up" not in out


WITHOUT_CAP_SYS_PTRACE = ["setpriv", "--bounding-set=-sys_ptrace", "--inh-caps=-sys_ptrace"]


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can take a capability from the judge")
@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_judge_that_cannot_check_forks_plays_each_case_in_a_new_process(
        tmp_path: Path, sandbox: bool) -> None:
    """A judge that cannot read a warm process's /proc (root in a container without
    CAP_SYS_PTRACE; not root, out of the sandbox) refused every case of a shared list (RTE,
    even an honest solution's: all of make grade). It plays each in a new process instead:
    as fresh (the counting cheat wins at most its one case) and never refused. Seen here as
    root, with the judge's CAP_SYS_PTRACE taken away."""
    cases, words = one_list_file(tmp_path)
    report = tmp_path / "report.json"
    mode = "--sandbox" if sandbox else "--no-sandbox"
    judge = [*WITHOUT_CAP_SYS_PTRACE, sys.executable, "-m", "judge"]
    graded = subprocess.run([*judge, "grade", str(CHEATS / "counts_cases.py"), "--cases",
                             str(cases), mode, "--json", str(report), "-q"],
                            capture_output=True, text=True, check=False)
    # A line says why it is slower; the judge that can fork says none.
    assert ANEW_NOTE in graded.stderr
    assert ANEW_NOTE not in subprocess.run(
        [sys.executable, "-m", "judge", "grade", str(CHEATS / "counts_cases.py"), "--cases",
         str(cases), mode, "-q"], capture_output=True, text=True, check=False).stderr
    made = json.loads(report.read_text())
    assert made["provenance"]["fresh_state"] == "process, forks unchecked"  # the report says so
    results = made["cases"]
    assert len(results) == len(words)
    assert sorted(r["verdict"] for r in results) in (["WA"] * 4, ["AC", "WA", "WA", "WA"])
    assert len({r["transcript"][0][0] for r in results}) == 1  # each count starts anew
    # explain plays it so too, and names no warm-up game: there was none.
    explained = subprocess.run([*judge, "explain", str(CHEATS / "counts_cases.py"), "--cases",
                                str(cases), "--case", "c1", mode], capture_output=True,
                               text=True, check=False)
    assert explained.stdout.splitlines()[-1].startswith("random numbers from --seed ")
    assert ANEW_NOTE in explained.stderr


AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
# Seconds: a run that takes a few is cut off only if it hangs.
ONLY_IF_IT_HANGS = 600


@pytest.fixture
def open_folder() -> Iterator[Path]:
    """A folder that another user may read and write (pytest's own is root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="judge-open-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder)


def python_of_nobody() -> tuple[list[str], dict[str, str]]:
    """How `nobody` runs the judge: with this interpreter where nobody may run it, else with
    the system's of the same version, told where the judge and its packages are (pyenv's
    interpreter lies under /root, out of nobody's reach)."""
    packages = os.pathsep.join([str(Path(__file__).parents[1]), *site.getsitepackages()])
    probe = "import judge.cli, pyseccomp"
    for python, env in ((sys.executable, {}), ("/usr/bin/python3", {"PYTHONPATH": packages})):
        tried = subprocess.run([*AS_NOBODY, "env", *[f"{k}={v}" for k, v in env.items()],
                                python, "-c", probe], capture_output=True, check=False,
                               timeout=ONLY_IF_IT_HANGS)
        if tried.returncode == 0:
            return [python], env
    pytest.skip("no interpreter here that nobody may run with the judge's packages")


# Cheats that reach a warm process, or leave their secret where one would read it.
WITHIN_A_CASES_REACH = {
    **{name: why for name, why in REACHING_THE_WARM_PROCESS.items() if name.endswith(".py")},
    "writes_the_warm_processs_memory.py": "let other processes of its user write its memory",
    "reads_a_note_it_kept_open.py": "holds an open file descriptor (/tmp/note-",
    "remembers_in_the_parents_memory.py": "",
    "remembers_in_tmp.py": "",
}


@needs_bubblewrap
@pytest.mark.skipif(os.geteuid() != 0, reason="only root can run the judge as another user")
def test_a_judge_that_is_not_root_checks_forks_in_its_sandbox(open_folder: Path) -> None:
    """A judge run by an ordinary user made its sandbox's user namespace, so it may read the
    /proc of every process in it, and the worker is the first process there (bubblewrap's own
    would be the user's, dumpable, within a case's reach). So each case of a shared list plays
    in a fork of its list's warm process, checked as for root (before, each played in a new
    process: make grade took 550 s, not 25). Run as nobody: every cheat that reaches a warm
    process is refused as for root, no case learns an earlier one's secret, and the counting
    cheat starts each case from the same count, after the list's warm-up games."""
    python, env = python_of_nobody()
    cases, words = one_list_file(open_folder)
    submissions = open_folder / "cheats"
    submissions.mkdir()
    for name in [*WITHIN_A_CASES_REACH, "counts_cases.py"]:
        shutil.copy(CHEATS / name, submissions / name)
    report = open_folder / "report.json"
    judge = [*AS_NOBODY, "env", f"HOME={open_folder}", *[f"{k}={v}" for k, v in env.items()],
             *python, "-m", "judge"]
    compared = subprocess.run([*judge, "compare", str(submissions), "--cases", str(cases),
                               "--sandbox", "--order-seed", "3", "--json", str(report), "-q"],
                              capture_output=True, text=True, check=False, cwd=open_folder,
                              timeout=ONLY_IF_IT_HANGS)
    assert ANEW_NOTE not in compared.stderr
    entries = json.loads(report.read_text())
    assert {entry["provenance"]["fresh_state"] for entry in entries} == {"fork"}
    graded = {entry["label"]: entry["cases"] for entry in entries}
    warm = {m.secret() for m in warmup_masters(Case("c0", words[0], tuple(words), 10), 3,
                                               WARMUP_GAMES)}
    for name, refused_for in WITHIN_A_CASES_REACH.items():
        for result in graded[name]:
            learned = {w for line in result["output"].splitlines()
                       if line.startswith("learned:") for w in line.split()[1:]}
            assert learned <= warm, (name, result["name"], result["output"])
            if result["verdict"] != "AC":
                assert refused_for and result["verdict"] == "RTE", (name, result)
                assert refused_for in result["message"], (name, result["message"])
            else:
                assert len(result["transcript"]) == words.index(result["secret"]) + 1, name
    counted = graded["counts_cases.py"]
    assert sorted(r["verdict"] for r in counted) in (["WA"] * 4, ["AC", "WA", "WA", "WA"])
    assert len({r["transcript"][0][0] for r in counted}) == 1  # each count starts the same
    explained = subprocess.run([*judge, "explain", str(submissions / "counts_cases.py"),
                                "--cases", str(cases), "--case", "c1", "--sandbox"],
                               capture_output=True, text=True, check=False, cwd=open_folder,
                               timeout=ONLY_IF_IT_HANGS)
    assert "played after its list's warm-up games" in explained.stdout.splitlines()[-1]
    assert ANEW_NOTE not in explained.stderr


SIGNALLED = [SUBMISSIONS / "RTE" / name
             for name in ("aborts.cpp", "kills_itself.py", "kills_itself.js")]


@needs_bubblewrap
@pytest.mark.skipif(os.geteuid() != 0, reason="only root can run the judge as another user")
@pytest.mark.parametrize("path", [pytest.param(p, id=p.name, marks=language_marks(p))
                                  for p in SIGNALLED])
def test_a_solution_that_signals_itself_ends_alike_whoever_runs_the_judge(
        open_folder: Path, path: Path) -> None:
    """Where the judge is not root, the worker is its sandbox's first process, which the
    kernel shields from a signal it sends itself and has no handler for: abort() ended with
    SIGSEGV, and SIGTERM to itself did nothing (kills_itself.py was WA). Each harness there
    gives those signals a handler that ends the process as root sees it end, and takes it away
    in its forks. Run as nobody and as root, on a case alone on its list (the first process
    plays it) and on a shared list (forks do), the verdicts and messages are the same."""
    python, env = python_of_nobody()
    words = ["gaming", "hazard", "icicle", "jigsaw", "kettle", "lagoon", "mantle", "nectar"]
    alone, shared = open_folder / "alone.json", open_folder / "shared.json"
    alone.write_text(json.dumps({"name": "alone", "secret": words[2], "words": words,
                                 "allowedGuesses": 10}))
    shared.write_text(json.dumps([{"name": f"shared{i}", "secret": w, "words": words,
                                   "allowedGuesses": 10} for i, w in enumerate(words[:2])]))
    submission = open_folder / path.name
    shutil.copy(path, submission)
    addon = fork_addon()
    env = {**env, CACHE_VARIABLE: str(open_folder / "cache"),
           FORK_ADDON_VARIABLE: str(addon) if addon else ""}
    as_nobody = [*AS_NOBODY, "env", f"HOME={open_folder}",
                 *[f"{k}={v}" for k, v in env.items()], *python, "-m", "judge"]
    as_root = [sys.executable, "-m", "judge"]
    ended = {}
    for who, judge in (("nobody", as_nobody), ("root", as_root)):
        for cases in (alone, shared):
            report = open_folder / f"{who}-{cases.stem}.json"
            subprocess.run([*judge, "grade", str(submission), "--cases", str(cases),
                            "--sandbox", "--json", str(report), "-q"], capture_output=True,
                           check=False, cwd=open_folder, timeout=ONLY_IF_IT_HANGS)
            ended[who, cases.stem] = [(r["verdict"], r["message"])
                                      for r in json.loads(report.read_text())["cases"]]
    signal_name = "SIGABRT" if path.suffix == ".cpp" else "SIGTERM"
    for cases in ("alone", "shared"):
        assert ended["nobody", cases] == ended["root", cases], cases
        assert {verdict for verdict, _ in ended["root", cases]} == {"RTE"}
        assert all(signal_name in message for _, message in ended["root", cases]), ended


@needs_bubblewrap
def test_in_the_sandbox_no_case_writes_a_warm_processs_memory() -> None:
    """A warm process that its user's processes may write (/proc/PID/mem) would keep what a
    case wrote there for every later fork: the cheat's file keeps the harness from making its
    warm processes undumpable, and each case wrote every secret it knew into its warm
    process's memory. The judge reads from outside that no warm process is dumpable, or plays
    no case from that state. (Out of the sandbox, a worker run as root writes any memory.)"""
    cases = every_secret_of_one_list()[:5]
    cheat = "writes_the_warm_processs_memory.py"
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox=True), cheat, cases,
                   order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert learned_words(result) == [], (case.name, result.output)
        assert result.verdict == "RTE", (case.name, result.verdict)
        assert result.message == (
            "the solution's warm process let other processes of its user write its memory (it "
            "made itself dumpable): one case could leave its secret there for the next, so the "
            "judge does not play cases from this state")


@needs_bubblewrap
def test_in_the_sandbox_the_machines_count_of_processes_tells_the_next_case_nothing() -> None:
    """The machine counts every process it starts (/proc/stat), one count for every PID
    namespace: a case that starts processes until the count names its secret's index would
    tell the next case, whichever worker it plays in. In the sandbox that file, as each count
    of the machine's a case can move, is a stand-in that counts nothing (judge/run/
    machine_view.py): the cheat learns nothing, as its honest twin."""
    cases = every_secret_of_one_list()[:6]
    cheat = "counts_the_machines_forks.py"
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox=True), cheat, cases,
                   order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert result.verdict == "AC", (result.verdict, result.message)
        assert learned_words(result) == [], (case.name, result.output)
        assert len(result.transcript) == case.words.index(case.secret) + 1, case.name


@needs_bubblewrap
def test_in_the_sandbox_the_process_ids_a_case_drew_tell_the_next_case_nothing() -> None:
    """A case that starts threads moves the numbering of the sandbox's processes, and the next
    fork's id would tell it how many (a secret's rank). A fork whose id does not follow the
    last case's fork's is not played from: the case plays in a new worker, as its honest twin."""
    cases = every_secret_of_one_list()[:6]
    runner = IsolatedRunner(CHEATS / "counts_in_process_ids.py", Limits(), sandbox=True)
    report = grade(runner, "ids", cases, seed=5, order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert result.verdict == "AC", (result.verdict, result.message)
        assert learned_words(result) == [], (case.name, result.output)
        assert len(result.transcript) == case.words.index(case.secret) + 1, case.name
    assert runner.workers_started == len(cases)  # every case after the first in a new worker
    # Each case draws what its seed gives, in whichever worker: as in one that was never left.
    kept = grade(IsolatedRunner(CHEATS / "counts_in_process_ids.py", Limits()), "ids", cases,
                 seed=5, order_seed=3)
    assert [drawn(r) for r in report.results] == [drawn(r) for r in kept.results]


@needs_bubblewrap
def test_in_the_sandbox_no_fork_maps_a_file_that_a_case_can_write() -> None:
    """A note in /tmp mapped at load time (private, read-only, no descriptor kept) would show
    every later fork what the first case wrote to it by its name: in the sandbox, whose /tmp
    is the worker's, such a state is refused. (Without it the disk is the user's.)"""
    cases = every_secret_of_one_list()[:5]
    report = grade(IsolatedRunner(CHEATS / "maps_a_note.py", Limits(), sandbox=True),
                   "maps", cases, order_seed=3)
    for result in report.results:
        assert result.verdict == "RTE", (result.verdict, result.message)
        assert "a memory mapping of a file that a case can write (/tmp/mapped-note)" in (
            result.message)
        assert learned_words(result) == []


@needs_bubblewrap
@pytest.mark.parametrize("cheat", ["reads_notes_before_the_wipe", "meets_at_an_abstract_socket"])
def test_no_meeting_place_in_the_sandbox_reaches_the_warm_process(cheat: str) -> None:
    """A note in /tmp that the warm process reads before it tidies, a socket it asks: the judge
    empties the sandbox's private directories itself, and a worker may make no socket."""
    cases = every_secret_of_one_list()[:8]
    # The warm-up games are played in the warm process itself: their secrets it may know.
    warm = {m.secret() for m in warmup_masters(cases[0], 3, WARMUP_GAMES)}
    report = grade(IsolatedRunner(CHEATS / f"{cheat}.py", Limits(), sandbox=True), cheat, cases,
                   order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert set(learned_words(result)) <= warm, (case.name, result.output)
        assert result.verdict == "AC" or case.secret in warm, (result.verdict, result.message)


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("cheat", cheats("moves_a_shared_offset.py", "locks_a_shared_file.py",
                                         "signals_through_a_shared_pipe.py",
                                         "signals_through_a_shared_pipe.cpp",
                                         "writes_to_the_warm_processs_requests.py",
                                         "leaves_guesses_for_the_next_case.py"))
def test_what_a_case_sets_on_an_open_file_it_shares_reaches_no_later_case(
        cheat: str, sandbox: bool) -> None:
    """Every case's fork shares its warm process's open file descriptions (its pipes to the
    judge too): their offset, flags, locks, the signal of their I/O notices, what waits to be
    read in a pipe (the judge's own too, once the case's fork has ended). A case that changed
    one leaves its worker retired: the next case plays in a new one, as its honest twin,
    knowing only what the warm-up games showed it. (A file its user can write, as root, is
    refused outright.)"""
    cases = every_secret_of_one_list()[:5]
    warm = {m.secret() for m in warmup_masters(cases[0], 3, WARMUP_GAMES)}
    runner = IsolatedRunner(CHEATS / cheat, Limits(), sandbox)
    report = grade(runner, cheat, cases, order_seed=3)
    for case, result in zip(cases, report.results, strict=True):
        assert set(learned_words(result)) <= warm, (case.name, result.output)
        if result.verdict == "RTE":
            assert "of a file that its user can write" in result.message, result.message
        else:
            assert result.verdict == "AC" or case.secret in warm, (case.name, result.verdict)
    if sandbox and cheat == "locks_a_shared_file.py":
        # The filter refuses every lock: no case changed what it shared, one worker served all.
        assert runner.workers_started == 1
    else:
        # Each case that found its secret changed what it shared, and its worker was retired.
        assert runner.workers_started >= sum(r.verdict == "AC" for r in report.results)


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_process_left_behind_carries_nothing_to_later_cases(sandbox: bool) -> None:
    """A case that leaves a process behind (a server of the secrets found) retires its
    worker: every later case starts without it, and the cheat plays as its honest twin."""
    cases = every_secret_of_one_list()[:5]
    report = grade(IsolatedRunner(CHEATS / "remembers_in_a_process.py", Limits(), sandbox),
                   "process", cases, order_seed=2)
    for case, result in zip(cases, report.results, strict=True):
        assert learned_words(result) == [], (case.name, result.output)
        assert len(result.transcript) == case.words.index(case.secret) + 1, case.name


# The walker that, in a case's fork, says "done" itself and prints once it has.
PRINTS_AFTER_ITS_LAST_MESSAGE = """
import os
import sys
import time

HARNESS = next(m for m in list(sys.modules.values()) if hasattr(m, "ForkedOnce"))


class Solution:
    def findSecretWord(self, words, master):
        for word in words:
            if master.guess(word) == 6:
                break
        if HARNESS.ForkedOnce.value:
            channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
            channel.writer.write(b'{"op": "done"}\\n')
            channel.writer.flush()
            time.sleep(0.05)  # the judge has heard the end, and waits for the process's
            os.write(1, b"printed last\\n")
            os._exit(0)
"""


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_what_a_case_printed_is_read_before_the_warm_processes_go_on(
        tmp_path: Path, sandbox: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A warm process could open its output pipe anew for reading (through /proc/self/fd)
    once it goes on, and read there what a case printed last: the judge reads it first."""
    runner = IsolatedRunner(written(tmp_path, "printer", PRINTS_AFTER_ITS_LAST_MESSAGE),
                            Limits(), sandbox)
    waiting: list[bool] = []
    release = CaseFork.release

    def looked_at(case_fork: CaseFork) -> None:
        assert runner._worker is not None
        waiting.append(bool(select.select([runner._worker.output.fd], [], [], 0)[0]))
        release(case_fork)

    monkeypatch.setattr(CaseFork, "release", looked_at)
    cases = every_secret_of_one_list()[:4]
    report = grade(runner, "printer", cases, order_seed=3)
    assert [r.verdict for r in report.results] == ["AC"] * 4, report.results[0].message
    assert all(r.output == "printed last\n" for r in report.results), report.results[0].output
    assert waiting and not any(waiting)


# The walker that, in its first game in a process, leaves a sleeping process behind.
LEAVES_A_SLEEPER = """
import os
import time

games = 0


class Solution:
    def findSecretWord(self, words, master):
        global games
        games += 1
        print("game", games, "in this process")
        if games == 1 and os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
        for word in words:
            if master.guess(word) == 6:
                return
"""


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_process_left_behind_by_a_case_alone_on_its_list_retires_the_worker(
        tmp_path: Path, sandbox: bool) -> None:
    """Cases on lists of their own share one process, as on LeetCode, until one of them leaves
    a process behind: then the next case starts in a new worker, without it."""
    cases = [Case(f"c{i}", w, (w, "zzzzzz"), 10) for i, w in enumerate(["aaaaaa", "bbbbbb"])]
    runner = IsolatedRunner(written(tmp_path, "sleeper", LEAVES_A_SLEEPER), Limits(), sandbox)
    report = grade(runner, "sleeper", cases)
    assert [r.verdict for r in report.results] == ["AC", "AC"]
    assert [r.output.strip() for r in report.results] == ["game 1 in this process"] * 2
    assert runner.workers_started == 2


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_solution_using_numpy_is_fit_for_fresh_state(sandbox: bool) -> None:
    """numpy loads OpenBLAS, which could start threads or map memory: it must not look like
    state that forks would share."""
    path = SUBMISSIONS / "AC" / "uses_numpy_and_sortedcontainers.py"
    report = grade(IsolatedRunner(path, Limits(), sandbox), "numpy", every_secret_of_one_list()[:4],
                   order_seed=3)
    assert [r.verdict for r in report.results] == ["AC"] * 4, report.results[0].message


@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("cheat", cheats("remembers_in_the_parents_memory.py",
                                         "remembers_in_the_parents_memory.cpp"))
def test_a_case_cannot_write_into_the_warm_process(cheat: str, sandbox: bool) -> None:
    """A fork knows its parent's addresses; writing a secret there through /proc/PPID/mem
    would hand it to every later case. The warm process is not dumpable, and the solution
    has no capability that would let it write there anyway (even as root)."""
    cases = every_secret_of_one_list()[:4]
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox), "ptrace", cases,
                   order_seed=3)
    for result in report.results:
        assert result.verdict == "AC", (result.verdict, result.message)
        assert learned_words(result) == []
        assert "could not write into the parent's memory" in result.output


@pytest.mark.parametrize("sandbox", BOTH_MODES)
def test_a_case_process_that_exits_non_zero_after_its_case_is_rte(sandbox: bool) -> None:
    """Its exit status could carry the secret to the warm process that reads it."""
    cases = every_secret_of_one_list()[:4]
    report = grade(IsolatedRunner(CHEATS / "exits_with_its_secret.py", Limits(), sandbox),
                   "exits", cases, order_seed=2)
    for result in report.results:
        assert result.verdict == "RTE", (result.verdict, result.message)
        assert "did not end cleanly after findSecretWord returned" in result.message
        assert "exited with status" in result.message
