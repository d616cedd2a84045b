"""What the judge reads from /proc about a case's fork and the warm processes above it
(judge/run/forks.py), on real processes: a stopped one, a zombie, a signal left pending."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import stat
import struct
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.run import forks
from judge.run.forks import (
    CaseFork,
    case_ended,
    empty_from_outside,
    exit_code_of,
    oom_score_adj,
    out_of_reach,
    owner,
    pending_signals,
    runs_without_its_main_thread,
    state_of,
    wait_for_end,
    waited,
)

PATIENCE_SECONDS = 30.0
# A process that blocks SIGUSR1 and SIGUSR2, sends SIGUSR2 to its own thread (pending for the
# thread: SigPnd) and says so; SIGUSR1 sent to it by the test then waits for the whole process.
BLOCKS_SIGNALS = """
import os, signal, threading, time
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGUSR1, signal.SIGUSR2})
signal.pthread_kill(threading.get_ident(), signal.SIGUSR2)
print("ready", flush=True)
time.sleep(600)
"""

# These tests remove files: see conftest's in_a_folder_of_its_own.
pytestmark = pytest.mark.usefixtures("in_a_folder_of_its_own")


def bit(signum: int) -> int:
    return 1 << (signum - 1)


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(["sleep", "600"])
    yield process
    process.kill()
    process.wait()


def in_its_sleep(pid: int) -> str:
    """/proc/PID/wchan once `sleep` waits where it will stay (it waits elsewhere as it starts):
    the kernel's name for it, or "0" where the kernel hides it."""
    where: list[str] = []

    def settled() -> bool:
        where[:] = [Path(f"/proc/{pid}/wchan").read_text()]
        return state_of(pid) == "S" and "sleep" in where[0]

    # "0" while it runs, and at times as it starts: only a kernel that hides them all says
    # nothing else for as long as the test waits.
    if not waited(settled, PATIENCE_SECONDS):
        assert where[0] == "0", where
    return where[0]


def ended(process: subprocess.Popen[bytes]) -> None:
    """Wait until the child is a zombie (not reaped: its status stays readable)."""
    assert waited(lambda: state_of(process.pid) == "Z", PATIENCE_SECONDS)


def gone_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_a_status_not_told_is_waited_for_as_long_as_asked(
        sleeper: subprocess.Popen[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[float] = []

    def never(condition: object, seconds: float = -1.0, hopeless: object = None) -> bool:
        asked.append(seconds)
        return False

    monkeypatch.setattr(forks, "waited", never)
    pidfd = os.pidfd_open(sleeper.pid)
    try:
        assert exit_code_of(pidfd, 0.05) is None
    finally:
        os.close(pidfd)
    assert asked == [0.05]


def test_a_running_a_stopped_and_an_ended_process(sleeper: subprocess.Popen[bytes]) -> None:
    # Just started, it may still be reading its program from disk (D), as it did one run in
    # about twenty beside other tests.
    assert state_of(sleeper.pid) in ("S", "R", "D")
    pidfd = os.pidfd_open(sleeper.pid)
    try:
        assert exit_code_of(pidfd, 0.05) is None  # running: no status yet
        os.kill(sleeper.pid, signal.SIGSTOP)
        assert waited(lambda: state_of(sleeper.pid) == "T", PATIENCE_SECONDS)
        sleeper.kill()
        ended(sleeper)
        assert exit_code_of(pidfd, 0.05) is None  # a zombie: told once it is reaped
        sleeper.wait()
        assert exit_code_of(pidfd) == -signal.SIGKILL
    finally:
        os.close(pidfd)
    assert state_of(gone_pid()) == ""


MAIN_THREAD_ENDS = """
import ctypes, threading, time
threading.Thread(target=time.sleep, args=(60,)).start()
ctypes.CDLL(None).pthread_exit(None)
"""


def test_a_process_whose_main_thread_ended_runs_on_though_it_looks_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    runs_on = subprocess.Popen([sys.executable, "-c", MAIN_THREAD_ENDS])
    ended_plainly = subprocess.Popen([sys.executable, "-c", ""])
    try:
        assert waited(lambda: state_of(runs_on.pid) == "Z", PATIENCE_SECONDS)
        assert runs_without_its_main_thread(runs_on.pid)
        ended(ended_plainly)  # a zombie: no thread runs on
        assert not runs_without_its_main_thread(ended_plainly.pid)
        assert not runs_without_its_main_thread(os.getpid())  # running, with its main thread
        assert not runs_without_its_main_thread(gone_pid())
        # Gone between the two looks: nothing runs on.
        monkeypatch.setattr(forks, "threads_of", lambda pid: (_ for _ in ()).throw(OSError()))
        assert not runs_without_its_main_thread(runs_on.pid)
    finally:
        runs_on.kill()
        runs_on.wait()
        ended_plainly.wait()


@pytest.mark.parametrize("status", [0, 3, 255])
def test_a_reaped_process_exit_code_is_read_through_its_pidfd(status: int) -> None:
    process = subprocess.Popen(["sh", "-c", f"sleep 0.1; exit {status}"])
    pidfd = os.pidfd_open(process.pid)
    try:
        process.wait()  # reaped by another than the reader, as a case's fork is by the kernel
        assert exit_code_of(pidfd) == status
    finally:
        os.close(pidfd)


def test_where_the_kernel_cannot_tell_an_exit_code_it_is_not_awaited(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_such_request(*args: object) -> None:
        raise OSError(25, "Inappropriate ioctl for device")  # before Linux 6.15

    process = subprocess.Popen(["true"])
    pidfd = os.pidfd_open(process.pid)
    try:
        process.wait()
        monkeypatch.setattr(forks.fcntl, "ioctl", no_such_request)
        assert exit_code_of(pidfd, PATIENCE_SECONDS) is None
    finally:
        os.close(pidfd)


def ignoring(signum: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-c", "import signal, sys, time\n"
                                f"signal.signal({signum}, signal.SIG_IGN)\n"
                                "print('ready', flush=True); time.sleep(600)"],
                               stdout=subprocess.PIPE)
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    return process


def test_a_process_that_ignores_sigchld_leaves_its_children_to_the_kernel(
        sleeper: subprocess.Popen[bytes]) -> None:
    # SIGTTIN's bit, read as another base than hexadecimal, would look like SIGCHLD's.
    children, other = ignoring(signal.SIGCHLD), ignoring(signal.SIGTTIN)
    try:
        assert forks.leaves_its_children_to_the_kernel(children.pid) is True
        assert forks.leaves_its_children_to_the_kernel(other.pid) is False
        assert forks.leaves_its_children_to_the_kernel(sleeper.pid) is False
        assert forks.leaves_its_children_to_the_kernel(gone_pid()) is False
    finally:
        for process in (children, other):
            process.kill()
            process.communicate()


@pytest.mark.parametrize(("ignored", "left"), [
    ("0000000000010000", True),  # SIGCHLD alone
    ("0000000000100000", False),  # SIGTTIN alone, which read in base 17 has SIGCHLD's bit
    ("0000000001011000", True)])  # with what Python ignores (SIGPIPE, SIGXFSZ)
def test_sigchld_is_read_from_the_hexadecimal_mask_of_ignored_signals(
        monkeypatch: pytest.MonkeyPatch, ignored: str, left: bool) -> None:
    monkeypatch.setattr(forks, "status_fields",
                        lambda pid, key: [ignored] if key == "SigIgn:" else [])
    assert forks.leaves_its_children_to_the_kernel(1) is left


@pytest.mark.parametrize(("effective", "root", "checks"), [
    ("000001ffffffffff", True, True),  # root, every capability
    ("00000000000a0000", True, True),  # CAP_SYS_PTRACE (19) beside CAP_SETPCAP (17)
    ("000001fffff7ffff", True, False),  # root in a container that took CAP_SYS_PTRACE away
    ("0000000000070000", True, False),  # 16 to 18: a shift one short would find one
    ("000001ffffffffff", False, False),  # not root: bubblewrap's processes are the worker's
    (None, True, False)])  # no line to read
def test_forks_are_checked_by_root_with_cap_sys_ptrace_only(
        effective: str | None, root: bool, checks: bool) -> None:
    status = "Name:\tpython\nCapInh:\t0000000000000000\n" + (
        f"CapEff:\t{effective}\n" if effective else "") + "CapBnd:\t000001ffffffffff\n"
    assert forks.can_check_forks(status, root) is checks


def test_a_process_is_numbered_in_its_own_namespace(sleeper: subprocess.Popen[bytes]) -> None:
    assert forks.own_number(sleeper.pid) == sleeper.pid  # the test's namespace is the machine's
    assert forks.own_number(gone_pid()) is None
    apart = subprocess.Popen(["unshare", "--pid", "--fork", "--kill-child", "sleep", "600"],
                             stderr=subprocess.DEVNULL)
    first: set[int] = set()
    try:
        if not waited(lambda: bool(first.update(forks.children_of(apart.pid)) or first),
                      PATIENCE_SECONDS):
            pytest.skip("no PID namespace could be made here (unshare needs root)")
        assert [forks.own_number(pid) for pid in first] == [1]  # a namespace's first process
    finally:
        forks.signal_each(first, signal.SIGKILL)
        apart.kill()
        apart.wait()


def test_who_a_process_runs_as_and_its_oom_score_adj(sleeper: subprocess.Popen[bytes]) -> None:
    assert owner(sleeper.pid) == os.getuid()
    assert owner(gone_pid()) == -1
    assert oom_score_adj(sleeper.pid) == "0"
    with open(f"/proc/{sleeper.pid}/oom_score_adj", "w") as f:
        f.write("250")
    assert oom_score_adj(sleeper.pid) == "250"
    assert oom_score_adj(gone_pid()) == ""


def test_signals_pending_for_the_thread_and_for_the_process_are_both_read() -> None:
    process = subprocess.Popen([sys.executable, "-c", BLOCKS_SIGNALS], stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        assert pending_signals(process.pid) == bit(signal.SIGUSR2)
        os.kill(process.pid, signal.SIGUSR1)
        assert waited(lambda: pending_signals(process.pid) != bit(signal.SIGUSR2),
                      PATIENCE_SECONDS)
        assert pending_signals(process.pid) == bit(signal.SIGUSR1) | bit(signal.SIGUSR2)
    finally:
        process.kill()
        process.communicate()
    assert pending_signals(gone_pid()) == -1


def test_a_process_ending_is_seen_through_its_pidfd(sleeper: subprocess.Popen[bytes]) -> None:
    pidfd = os.pidfd_open(sleeper.pid)
    try:
        assert wait_for_end(pidfd, 0.05) is False
        sleeper.kill()
        assert wait_for_end(pidfd, PATIENCE_SECONDS) is True
    finally:
        os.close(pidfd)


def settled_runs(pid: int) -> dict[str, int]:
    """The times a stopped process's threads were run, once they have left the processor."""
    assert waited(lambda: forks.fully_stopped(pid), PATIENCE_SECONDS)
    return forks.times_run(pid)


class Held:
    """A warm process stopped as during a case, and a case's process that has ended."""

    def __init__(self, case_status: int = 0) -> None:
        self.warm = subprocess.Popen(["sleep", "600"])
        self.case = subprocess.Popen(["sh", "-c", f"exit {case_status}"])
        os.kill(self.warm.pid, signal.SIGSTOP)
        assert waited(lambda: state_of(self.warm.pid) == "T", PATIENCE_SECONDS)
        ended(self.case)
        self.fork = CaseFork(self.case.pid, {self.warm.pid}, {self.warm.pid},
                             {self.warm.pid: forks.warm_settings(self.warm.pid)},
                             {self.warm.pid: settled_runs(self.warm.pid)})

    def close(self) -> None:
        for process in (self.warm, self.case):
            process.kill()
            process.wait()


@pytest.fixture
def held() -> Iterator[Held]:
    it = Held()
    yield it
    it.close()


def test_a_case_that_touched_nothing_and_ended_cleanly_passes(held: Held) -> None:
    assert case_ended(held.fork, 0) == ""
    assert case_ended(held.fork, None) == ""  # how it ended, the kernel could not tell
    held.case.wait()  # reaped: gone from /proc
    assert case_ended(held.fork, None) == ""


def test_a_case_whose_process_ended_with_a_status_is_refused() -> None:
    it = Held(case_status=7)
    try:
        assert case_ended(it.fork, 7) == ("the case's process did not end cleanly after "
                                       "findSecretWord returned: the process exited with "
                                       "status 7")
    finally:
        it.close()


def test_a_case_whose_process_has_not_ended_is_refused(held: Held,
                                                       sleeper: subprocess.Popen[bytes]) -> None:
    held.fork.pid = sleeper.pid
    assert case_ended(held.fork, None) == (
        "the case's process did not end after findSecretWord returned")


def test_a_case_that_set_a_warm_process_running_is_refused(held: Held) -> None:
    os.kill(held.warm.pid, signal.SIGCONT)
    assert waited(lambda: state_of(held.warm.pid) != "T", PATIENCE_SECONDS)
    assert case_ended(held.fork, 0) == (
        "the case's process set a warm process running again, or ended one")


def test_a_case_that_set_a_warm_process_running_and_stopped_it_again_is_refused(
        held: Held) -> None:
    """Stopped again, with nothing waiting, it looks as held as before; but it ran (its
    handlers, say, noted what the case sent them)."""
    assert case_ended(held.fork, 0) == ""
    os.kill(held.warm.pid, signal.SIGCONT)
    os.kill(held.warm.pid, signal.SIGSTOP)  # it must run, if only to stop
    assert waited(lambda: state_of(held.warm.pid) == "T", PATIENCE_SECONDS)
    assert pending_signals(held.warm.pid) == 0
    assert case_ended(held.fork, 0) == (
        "the case's process set a warm process running again, or ended one")


SPINS = "while True: pass"


def test_a_process_is_fully_stopped_once_each_thread_is_stopped_and_off_the_processor(
        sleeper: subprocess.Popen[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    """A thread that runs, sleeps, or waits on the run queue (a stopped one may, a moment, as
    it leaves: no wchan yet) is not; a process gone is."""
    spinner = subprocess.Popen([sys.executable, "-c", SPINS])
    try:
        assert waited(lambda: state_of(spinner.pid) == "R", PATIENCE_SECONDS)
        assert forks.fully_stopped(spinner.pid) is False
    finally:
        spinner.kill()
        spinner.wait()
    assert forks.fully_stopped(spinner.pid) is True  # gone
    assert waited(lambda: state_of(sleeper.pid) == "S", PATIENCE_SECONDS)
    assert forks.fully_stopped(sleeper.pid) is False
    os.kill(sleeper.pid, signal.SIGSTOP)
    assert waited(lambda: forks.fully_stopped(sleeper.pid), PATIENCE_SECONDS)
    read = forks.proc_text
    monkeypatch.setattr(forks, "proc_text",
                        lambda path: "0" if path.endswith("/wchan") else read(path))
    assert forks.fully_stopped(sleeper.pid) is False


def test_a_thread_gone_while_its_process_is_looked_at_leaves_the_others_looked_at(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Its stat read stopped, then its wchan read gone: it is left out, and the next thread,
    which has not left the processor, still keeps the process from counting as stopped."""
    monkeypatch.setattr(forks, "threads_of", lambda pid: ["101", "102"])
    monkeypatch.setattr(forks, "stat_fields", lambda pid, thread="": ["T"])
    monkeypatch.setattr(forks, "kernel_wait",
                        lambda pid, thread="": {"101": "", "102": "0"}[thread])
    assert forks.fully_stopped(100) is False


def test_a_process_is_not_stopped_while_one_of_its_threads_still_sleeps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A stop reaches a process's threads one by one: its main thread stopped, another still
    asleep (where its wchan names) has not stopped yet, and each is read on its own."""
    monkeypatch.setattr(forks, "threads_of", lambda pid: ["100", "101"])
    states = {"": "T", "100": "T", "101": "S"}
    monkeypatch.setattr(forks, "stat_fields",
                        lambda pid, thread="": [states[thread]] if pid == 100 else None)
    monkeypatch.setattr(forks, "kernel_wait", lambda pid, thread="": "futex_wait_queue")
    assert forks.fully_stopped(100) is False
    states["101"] = "T"
    assert forks.fully_stopped(100) is True


def test_where_a_thread_waits_is_read_on_its_own() -> None:
    import threading

    stop = threading.Event()
    waiter = threading.Thread(target=stop.wait, daemon=True)
    waiter.start()
    tid = str(waiter.native_id)
    wchan = Path(f"/proc/{os.getpid()}/task/{tid}/wchan")
    try:
        # Asleep is not yet parked in stop.wait: a new thread first sleeps waiting for the
        # GIL, and wakes (where it waits changes) between two reads. So the two are compared
        # until the thread holds still; the process's own wchan (this thread, running) never
        # equals a sleeping thread's.
        assert waited(lambda: forks.stat_fields(os.getpid(), tid)[:1] == ["S"] and (
            forks.kernel_wait(os.getpid(), tid) == wchan.read_text() not in ("", "0")),
            PATIENCE_SECONDS)
    finally:
        stop.set()
        waiter.join()
    # (Joined once it has cleared its id; the kernel lets it go a moment later.)
    assert waited(lambda: forks.kernel_wait(os.getpid(), tid) == "", PATIENCE_SECONDS)


def test_the_times_a_process_was_run_are_counted_per_thread(
        sleeper: subprocess.Popen[bytes]) -> None:
    os.kill(sleeper.pid, signal.SIGSTOP)
    assert waited(lambda: state_of(sleeper.pid) == "T", PATIENCE_SECONDS)
    before = settled_runs(sleeper.pid)
    assert list(before) == [str(sleeper.pid)]
    assert forks.times_run(sleeper.pid) == before  # stopped, it is not run
    os.kill(sleeper.pid, signal.SIGCONT)
    os.kill(sleeper.pid, signal.SIGSTOP)
    assert waited(lambda: state_of(sleeper.pid) == "T", PATIENCE_SECONDS)
    after = settled_runs(sleeper.pid)
    assert after[str(sleeper.pid)] > before[str(sleeper.pid)]
    sleeper.kill()
    sleeper.wait()
    assert forks.times_run(sleeper.pid) == {}


def test_a_case_that_signalled_a_warm_process_is_refused(held: Held) -> None:
    os.kill(held.warm.pid, signal.SIGCHLD)  # what any child's end sends: allowed
    assert case_ended(held.fork, 0) == ""
    os.kill(held.warm.pid, signal.SIGUSR1)
    assert waited(lambda: pending_signals(held.warm.pid) & bit(signal.SIGUSR1) != 0,
                  PATIENCE_SECONDS)
    assert case_ended(held.fork, 0) == "the case's process sent a signal to a warm process"


def test_a_case_that_changed_a_warm_processs_oom_score_is_refused(held: Held) -> None:
    with open(f"/proc/{held.warm.pid}/oom_score_adj", "w") as f:
        f.write("1")
    assert case_ended(held.fork, 0) == (
        "the case's process changed a warm process's oom_score_adj")


CHANGED_PRIORITY = ("the case's process changed a warm process's priority (its nice value or "
                    "its autogroup's)")


# A process of the sandbox's user that makes itself dumpable or not (its argument), then waits.
DUMPABLE_OR_NOT = ("import ctypes, sys, time; "
                   "ctypes.CDLL(None).prctl(4, int(sys.argv[1]), 0, 0, 0); "
                   "print('ready', flush=True); time.sleep(600)")


@pytest.mark.skipif(os.geteuid() != 0 or not Path("/usr/bin/setpriv").exists(),
                    reason="another user's process needs root and setpriv")
@pytest.mark.parametrize("dumpable", [True, False])
def test_whether_a_process_lets_its_users_processes_write_its_memory_is_read_from_outside(
        dumpable: bool) -> None:
    nobody = 65534
    process = subprocess.Popen(
        ["/usr/bin/setpriv", f"--reuid={nobody}", f"--regid={nobody}", "--clear-groups",
         sys.executable, "-c", DUMPABLE_OR_NOT, str(int(dumpable))], stdout=subprocess.PIPE)
    try:
        assert process.stdout is not None and process.stdout.readline() == b"ready\n"
        assert forks.memory_open_to(process.pid, nobody) is dumpable
    finally:
        process.kill()
        process.communicate()
    assert forks.memory_open_to(gone_pid(), nobody) is False


def test_a_case_that_changed_a_warm_processs_priority_is_refused(held: Held) -> None:
    nice = os.getpriority(os.PRIO_PROCESS, 0)
    assert forks.priority(held.warm.pid).split()[0] == str(nice)
    os.setpriority(os.PRIO_PROCESS, held.warm.pid, nice + 1)
    assert case_ended(held.fork, 0) == CHANGED_PRIORITY
    assert forks.priority(gone_pid()) == ""


@pytest.mark.skipif(not Path("/proc/self/autogroup").exists(),
                    reason="the kernel groups no sessions (CONFIG_SCHED_AUTOGROUP)")
def test_a_case_that_changed_its_sessions_priority_is_refused() -> None:
    """Any process of a login session may set the nice value of the session's autogroup
    through its own /proc/self/autogroup, the warm processes' too, which the next fork
    inherits. (A session of its own here, as a worker has, not the test's.)"""
    case = subprocess.Popen(["true"])
    warm = subprocess.Popen(["setsid", "-w", "sleep", "600"])
    try:
        ended(case)
        assert waited(lambda: Path(f"/proc/{warm.pid}/exe").resolve().name == "sleep",
                      PATIENCE_SECONDS)
        os.kill(warm.pid, signal.SIGSTOP)
        assert waited(lambda: state_of(warm.pid) == "T", PATIENCE_SECONDS)
        fork = CaseFork(case.pid, {warm.pid}, {warm.pid}, {warm.pid: forks.warm_settings(warm.pid)},
                        {warm.pid: settled_runs(warm.pid)})
        assert case_ended(fork, 0) == ""

        def set_to_3() -> bool:  # at most ten times a second, but for root
            try:
                Path(f"/proc/{warm.pid}/autogroup").write_text("3")
            except BlockingIOError:
                return False
            return True

        assert waited(set_to_3, PATIENCE_SECONDS)
        assert forks.priority(warm.pid).endswith(" nice 3")
        assert case_ended(fork, 0) == CHANGED_PRIORITY
    finally:
        for process in (warm, case):
            process.kill()
            process.wait()


def test_a_folder_is_out_of_the_workers_reach_only_if_not_its_own_nor_writable_by_others(
        tmp_path: Path) -> None:
    for mode, reach in [(0o755, True), (0o775, False), (0o757, False), (0o777, False)]:
        tmp_path.chmod(mode)
        assert out_of_reach(tmp_path.stat(), worker=os.getuid() + 1) is reach, oct(mode)
    tmp_path.chmod(0o755)
    assert out_of_reach(tmp_path.stat(), worker=os.getuid()) is False


@pytest.fixture
def private(tmp_path: Path) -> tuple[Path, Path]:
    """A private directory with files, folders and links, and a folder outside it."""
    private, outside = tmp_path / "private", tmp_path / "outside"
    (private / "a" / "b").mkdir(parents=True)
    (private / "c").mkdir()
    (private / "a" / "b" / "note").write_text("secret")
    (private / "file").write_text("x")
    outside.mkdir()
    (outside / "keep.txt").write_text("not the solution's to remove")
    (private / "to_a_folder").symlink_to(outside)
    (private / "a" / "to_a_file").symlink_to(outside / "keep.txt")
    return private, outside


def test_a_private_directory_is_emptied_and_links_are_removed_not_followed(
        private: tuple[Path, Path]) -> None:
    inside, outside = private
    assert empty_from_outside(os.getpid(), [str(inside)]) == ""
    assert list(inside.iterdir()) == []
    assert (outside / "keep.txt").read_text() == "not the solution's to remove"


def test_what_vanishes_while_the_judge_empties_a_directory_is_no_error(
        private: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A process of the sandbox may remove a file or folder meanwhile: the rest still goes."""
    inside, _ = private
    real_scandir, real_rmdir = os.scandir, os.rmdir

    def scandir(path: str) -> list[os.DirEntry[str]]:
        entries = sorted(real_scandir(path), key=lambda e: e.name)
        files = [e for e in entries if not e.is_dir(follow_symlinks=False)]
        if len(files) > 1:
            os.unlink(files[0].path)  # listed, then gone before the judge reaches it
        return entries

    def rmdir(path: str) -> None:
        if path.endswith("/a/b"):  # the first folder removed: others come after it
            real_rmdir(path)  # gone before the judge removes it
        real_rmdir(path)

    monkeypatch.setattr(forks.os, "scandir", scandir)
    monkeypatch.setattr(forks.os, "rmdir", rmdir)
    assert empty_from_outside(os.getpid(), [str(inside)]) == ""
    assert list(inside.iterdir()) == []


def test_what_the_judge_cannot_see_or_remove_is_said(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert empty_from_outside(os.getpid(), [str(tmp_path / "absent")]) == (
        f"the judge could not see {tmp_path / 'absent'} to empty it")
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "f").write_text("")

    def refuse(path: str) -> None:
        raise PermissionError(path)

    monkeypatch.setattr(forks.os, "unlink", refuse)
    assert empty_from_outside(os.getpid(), [str(tmp_path)]) == (
        f"a file in {tmp_path} that the judge could not remove")
    monkeypatch.undo()
    monkeypatch.setattr(forks.os, "rmdir", refuse)
    assert empty_from_outside(os.getpid(), [str(tmp_path)]) == (
        f"a file in {tmp_path} that the judge could not remove")


def test_a_mount_point_and_the_folders_to_it_stay_when_out_of_reach(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder whose entry lies on another device is a mount point: left, with its parents,
    when the worker could not change them; else refused."""
    mounted = tmp_path / "toolchain" / "mount"
    mounted.mkdir(parents=True)
    (tmp_path / "toolchain" / "left").write_text("")
    device = tmp_path.stat().st_dev
    real_stat = os.DirEntry.stat

    class Entry:
        def __init__(self, entry: os.DirEntry[str]) -> None:
            self.entry, self.path = entry, entry.path

        def stat(self, follow_symlinks: bool = True) -> os.stat_result:
            found = real_stat(self.entry, follow_symlinks=follow_symlinks)
            if self.path.endswith(str(mounted)):  # seen through /proc/PID/root
                values = list(found)
                values[stat.ST_DEV] = device + 1
                return os.stat_result(values)
            return found

    real_scandir = os.scandir
    monkeypatch.setattr(forks.os, "scandir", lambda p: [Entry(e) for e in real_scandir(p)])
    monkeypatch.setattr(forks, "owner", lambda pid: os.getuid() + 1)  # the worker: not root
    (tmp_path / "toolchain").chmod(0o755)
    assert empty_from_outside(os.getpid(), [str(tmp_path)]) == ""
    assert mounted.is_dir() and not (tmp_path / "toolchain" / "left").exists()
    monkeypatch.setattr(forks, "owner", lambda pid: os.getuid())  # the worker owns them
    assert empty_from_outside(os.getpid(), [str(tmp_path)]) == (
        f"a folder in {tmp_path} that the judge could not remove")


# A process holding one kind of thing a fork would share, then waiting: what it holds is
# read from outside, as the judge reads a case's fork.
HOLDS = r"""
import mmap, os, sys, threading, time
kind, path = sys.argv[1], sys.argv[2]
held = []
if kind == "threads":
    for _ in range(int(path)):
        threading.Thread(target=time.sleep, args=(600,), daemon=True).start()
elif kind == "mapping":
    with open(path, "wb") as f:
        f.write(b"\0" * 4096)
    f = open(path, "r+b")
    held.append(mmap.mmap(f.fileno(), 4096))
    f.close()
elif kind == "anonymous mapping":
    held.append(mmap.mmap(-1, 4096))
elif kind == "private mapping":
    held.append(mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE))
elif kind == "read-only shared mapping":
    held.append(mmap.mmap(-1, 4096, flags=mmap.MAP_SHARED, prot=mmap.PROT_READ))
elif kind.startswith("file mapped"):  # read-only, by the C library (Python's keeps a descriptor)
    import ctypes
    libc = ctypes.CDLL(None)
    libc.mmap.restype = ctypes.c_void_p
    libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                          ctypes.c_int, ctypes.c_long]
    fd = os.open(path, os.O_RDONLY)
    flags = mmap.MAP_SHARED if kind.endswith("shared") else mmap.MAP_PRIVATE
    assert libc.mmap(None, 4096, mmap.PROT_READ, flags, fd, 0) not in (None, 2**64 - 1)
    os.close(fd)
elif kind == "read end":
    r, w = os.pipe()
    os.close(w)
    os.dup2(r, 9)  # above the descriptors the judge names as the fork's own
    os.close(r)
elif kind == "settling":
    r, w = os.pipe()  # made at the fork, as libuv does in Node.js, and closed before waiting
    os.dup2(r, 9)
    print("ready", flush=True)
    spin_until = time.monotonic() + float(path)
    while time.monotonic() < spin_until:
        pass
    for fd in (9, r, w):
        os.close(fd)
elif kind == "memfd":
    made = os.memfd_create("board")
    fd = os.open(f"/proc/self/fd/{made}", os.O_RDONLY)
    os.dup2(fd, 9)
    os.close(fd)
    os.close(made)
elif kind == "pipe, then a file":  # passed over, then one that is not
    r, w = os.pipe()
    os.dup2(r, 9)
    fd = os.open(path, os.O_RDONLY)
    os.dup2(fd, 10)
    os.close(fd)
elif kind in ("inotify", "socket", "eventfd"):
    import ctypes, socket
    if kind == "inotify":
        fd = ctypes.CDLL(None).inotify_init()
    elif kind == "socket":
        fd = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).detach()
    else:
        fd = os.eventfd(0)
    os.dup2(fd, 9)
    os.close(fd)
elif kind.startswith("file for"):
    # (Without waiting for a writer, where the file is a named pipe.)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK if kind.endswith("reading")
                 else os.O_WRONLY | os.O_APPEND)
    os.dup2(fd, 9)
    os.close(fd)
print("ready", flush=True)
time.sleep(600)
"""


def holding(kind: str, path: str = "") -> subprocess.Popen[bytes]:
    process = subprocess.Popen([sys.executable, "-c", HOLDS, kind, path],
                               stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, close_fds=True)
    assert process.stdout is not None and process.stdout.readline() == b"ready\n"
    return process


def shared_by(kind: str, path: str = "", own: tuple[int, ...] = (0, 1, 2),
              private: tuple[str, ...] = ()) -> str:
    process = holding(kind, path)
    try:
        return forks.shared_with_forks(process.pid, own, private)
    finally:
        process.kill()
        process.communicate()


def within_reach(kind: str, path: str = "", private: tuple[str, ...] = (),
                 user: int = 0) -> str:
    process = holding(kind, path)
    try:
        return forks.within_reach_of_cases(process.pid, (0, 1, 2), private, user)
    finally:
        process.kill()
        process.communicate()


def test_what_a_warm_process_holds_that_a_case_reaches_without_holding_it_is_named(
        tmp_path: Path, memory_folder: Path) -> None:
    """A case's fork may close its copies before the judge looks; a file its user can write,
    a watch on files or a socket stays within the case's reach all the same (by a name), and
    the warm process reads it once the case is over."""
    other = os.getuid() + 1  # a user who could not write what they are as files
    assert within_reach("inotify", user=other) == "an open file descriptor (anon_inode:inotify)"
    assert re.fullmatch(r"an open file descriptor \(socket:\[\d+\]\)",
                        within_reach("socket", user=other))
    notes = tmp_path / "notes"
    notes.write_text("")
    assert within_reach("file for reading", str(notes), user=os.getuid()) == (
        f"an open file descriptor ({notes}) of a file that its user can write")
    assert within_reach("pipe, then a file", str(notes), user=os.getuid()) == (
        f"an open file descriptor ({notes}) of a file that its user can write")
    board = memory_folder / "board"
    board.write_bytes(b"\0" * 4096)
    mapped = f"a memory mapping of a file that a case can write ({board})"
    assert within_reach("file mapped private", str(board), (str(memory_folder),), other) == mapped
    # (A second directory, whose device nothing maps, changes nothing.)
    assert within_reach("file mapped private", str(board), (str(memory_folder), "/proc"),
                        other) == mapped
    # Reached only by holding them, which the case's fork does not: a pipe, an eventfd.
    assert within_reach("read end") == ""
    assert within_reach("eventfd") == ""
    # Nor may a case write a file its user cannot, or one mapped outside its directories.
    assert within_reach("file for reading", "/etc/passwd", user=other) == ""
    assert within_reach("file mapped private", str(board), user=other) == ""
    assert forks.within_reach_of_cases(gone_pid(), (), (), other) == (
        "a process whose state the judge could not read")


def test_threads_beside_a_case_are_shared_and_counted() -> None:
    assert shared_by("threads", "1") == "another thread, running beside every case"
    assert shared_by("threads", "2") == "2 other threads, running beside every case"
    assert shared_by("threads", "0") == ""


def test_a_writable_shared_mapping_is_named_by_its_file(tmp_path: Path) -> None:
    board = tmp_path / "a board with spaces"
    assert shared_by("mapping", str(board)) == f"a writable shared memory mapping ({board})"
    assert shared_by("anonymous mapping") == (
        "a writable shared memory mapping (/dev/zero (deleted))")
    assert shared_by("private mapping") == ""


def test_shared_memory_mapped_read_only_can_be_made_writable_again() -> None:
    assert shared_by("read-only shared mapping") == (
        "a shared memory mapping that a case may make writable (/dev/zero (deleted))")


@pytest.fixture
def memory_folder() -> Iterator[Path]:
    """A folder on a file system of its own, as the sandbox's /tmp is (its memory)."""
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == os.stat(sys.executable).st_dev:
        pytest.skip("no /dev/shm apart from the interpreter's disk")
    with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
        yield Path(folder)


def test_a_file_in_a_private_directory_is_mapped_by_no_fork(memory_folder: Path) -> None:
    """A file that a case can write shows it through any mapping, shared or private; a file
    opened read-only and mapped shared (the C library's gconv cache) is safe elsewhere."""
    board = memory_folder / "board"
    board.write_bytes(b"\0" * 4096)
    refused = f"a memory mapping of a file that a case can write ({board})"
    for kind in ("file mapped shared", "file mapped private"):
        assert shared_by(kind, str(board)) == "", kind
        assert shared_by(kind, str(board), private=(str(memory_folder),)) == refused, kind
        # A private directory elsewhere holds nothing of it.
        assert shared_by(kind, str(board), private=("/proc",)) == "", kind


def test_any_end_of_a_pipe_is_shared_and_a_file_its_user_can_write(tmp_path: Path) -> None:
    assert shared_by("read end").startswith("an open file descriptor (pipe:[")
    notes = tmp_path / "notes"
    notes.write_text("")
    assert shared_by("file for writing", str(notes)) == f"an open file descriptor ({notes})"
    # Open for reading only, its own file (or anyone's, as root) is reopened to write through
    # /proc/self/fd; so is a named pipe, or memory made as a file.
    writable = "of a file that its user can write"
    assert shared_by("file for reading", str(notes)) == (
        f"an open file descriptor ({notes}) {writable}")
    os.mkfifo(tmp_path / "pipe")
    assert shared_by("file for reading", str(tmp_path / "pipe")) == (
        f"an open file descriptor ({tmp_path / 'pipe'}) {writable}")
    board = shared_by("memfd")
    assert board.startswith("an open file descriptor (/memfd:board") and board.endswith(writable)
    assert shared_by("file for reading", "/dev/zero") == ""
    # The fork's own descriptors are passed over, and the ones after them still read.
    assert shared_by("read end", own=(0, 1, 2, 3)).startswith("an open file descriptor (pipe:")
    assert shared_by("read end", own=(0, 1, 2, 9)) == ""


def test_a_file_is_writable_by_root_its_owner_or_whom_its_mode_lets(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.write_text("")
    other = os.getuid() + 1
    for mode, by_another in ((0o644, False), (0o444, False), (0o664, True), (0o646, True)):
        notes.chmod(mode)
        assert forks.writable_by(notes.stat(), other) is by_another, oct(mode)
        assert forks.writable_by(notes.stat(), os.getuid()) is True  # its owner may chmod it
        assert forks.writable_by(notes.stat(), 0) is True
        assert forks.writable_by(notes.stat(), -1) is True  # a process gone: not passed
    # Devices that keep nothing for a later reader are passed, whoever may write to them.
    for device in ("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"):
        assert forks.writable_by(os.stat(device), 0) is False, device
    assert forks.writable_by(os.stat("/dev/tty"), other) is True  # a terminal keeps input


def test_a_descriptor_closed_while_the_judge_reads_is_passed_over(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Listed, then closed before the judge copies it: the copy fails, and the descriptors
    after it are still read."""
    listed = forks.descriptor_numbers
    monkeypatch.setattr(forks, "descriptor_numbers", lambda pid: [500, *listed(pid)])
    assert shared_by("read end", own=()).startswith("an open file descriptor (pipe:")


def test_a_process_reading_its_own_descriptors_leaves_out_only_its_pidfd() -> None:
    """The judge reads itself in tests: the number its listing used, freed, is the pidfd's by
    the time it copies, and only that one is left out (a pipe numbered above it is read)."""
    hole = os.open("/dev/null", os.O_RDONLY)
    read_end, write_end = os.pipe()
    os.close(hole)  # the lowest free number: the listing's, then the pidfd's
    try:
        others = set(forks.descriptor_numbers(os.getpid())) - {hole, read_end, write_end}
        found = forks.open_descriptors(os.getpid(), others)
        assert [d.kind for d in found] == ["pipe", "pipe"]
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_device_open_to_write_is_shared_unless_it_is_dev_null() -> None:
    assert shared_by("file for writing", "/dev/zero") == "an open file descriptor (/dev/zero)"
    assert shared_by("file for writing", "/dev/null") == ""


def test_a_descriptor_the_judge_may_not_copy_is_not_passed_unread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Still open, yet refused to the judge (by a security module, say): the process is not
    passed as holding nothing."""
    class Refusing:
        def syscall(self, *arguments: int) -> int:
            return -1

    monkeypatch.setattr(forks, "system_calls", Refusing)
    assert shared_by("read end", own=()) == "a process whose state the judge could not read"
    assert within_reach("socket") == "a process whose state the judge could not read"


def test_a_process_gone_cannot_be_read() -> None:
    assert forks.shared_with_forks(gone_pid(), ()) == (
        "a process whose state the judge could not read")


def test_a_signal_reaches_every_process_named_after_one_gone(
        sleeper: subprocess.Popen[bytes]) -> None:
    forks.signal_each([gone_pid(), sleeper.pid], signal.SIGSTOP)
    assert waited(lambda: state_of(sleeper.pid) == "T", PATIENCE_SECONDS)


def briefly(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's waits for a fork cut to a tenth of a second: the tests wait for what
    never comes."""
    real = forks.waited
    monkeypatch.setattr(forks, "waited",
                        lambda condition, seconds=0.1, **hope: real(condition, 0.1, **hope))


def test_the_case_fork_is_the_warm_processs_only_child(
        monkeypatch: pytest.MonkeyPatch, sleeper: subprocess.Popen[bytes]) -> None:
    briefly(monkeypatch)
    alone = subprocess.Popen(["sh", "-c", "sleep 600 & wait"])
    try:
        assert waited(lambda: len(forks.children_of(alone.pid)) == 1, PATIENCE_SECONDS)
        assert forks.fork_below(alone.pid) == next(iter(forks.children_of(alone.pid)))
    finally:
        forks.signal_each(forks.children_of(alone.pid), signal.SIGKILL)
        alone.kill()
        alone.wait()
    two = subprocess.Popen(["sh", "-c", "sleep 600 & sleep 600 & wait"])
    try:
        assert waited(lambda: len(forks.children_of(two.pid)) == 2, PATIENCE_SECONDS)
        assert forks.fork_below(two.pid) == (
            "the solution's warm process started other processes beside the case's")
    finally:
        forks.signal_each(forks.children_of(two.pid), signal.SIGKILL)
        two.kill()
        two.wait()
    # Why the fork never came is easier to tell with what its parent was doing meanwhile.
    assert forks.fork_below(sleeper.pid) == (
        "the solution's process did not fork for its case in time (its warm process was "
        f"{forks.doing(sleeper.pid)})")


def test_no_fork_is_awaited_from_a_warm_process_that_has_ended(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Gone, or a zombie: it will never fork, and the judge says so without waiting out the
    seconds it gives a live one: it never sleeps between polls for it."""
    def no_sleep(seconds: float) -> None:
        raise AssertionError("the judge waited on for a fork from a process that has ended")

    ended = subprocess.Popen(["true"])
    assert waited(lambda: forks.state_of(ended.pid) == "Z", PATIENCE_SECONDS)
    monkeypatch.setattr(forks.time, "sleep", no_sleep)
    told = "the solution's warm process ended before it forked for its case"
    assert forks.fork_below(ended.pid) == told
    ended.wait()
    assert forks.fork_below(ended.pid) == told


def test_what_a_process_is_doing_is_told_in_words(sleeper: subprocess.Popen[bytes]) -> None:
    # Just started, it runs before it sleeps. Where in the kernel it sleeps is named as the
    # kernel names it (this one: nanosleep).
    assert waited(lambda: forks.doing(sleeper.pid) != "running", PATIENCE_SECONDS)
    if in_its_sleep(sleeper.pid) == "0":  # hidden from this user (kernel.kptr_restrict)
        assert forks.doing(sleeper.pid) == "asleep"
    else:
        assert re.fullmatch(r"asleep in \w*sleep\w*", forks.doing(sleeper.pid))
    os.kill(sleeper.pid, signal.SIGSTOP)
    assert waited(lambda: forks.doing(sleeper.pid) == "stopped", PATIENCE_SECONDS)
    sleeper.kill()
    assert waited(lambda: forks.doing(sleeper.pid) == "ended", PATIENCE_SECONDS)
    sleeper.wait()
    assert forks.doing(sleeper.pid) == "gone"
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert waited(lambda: forks.doing(spinner.pid) == "running", PATIENCE_SECONDS)
    finally:
        spinner.kill()
        spinner.wait()


@pytest.mark.parametrize(("state", "where", "told"), [
    ("S", "pipe_read", "asleep in pipe_read"),
    ("D", "folio_wait_bit", "waiting in the kernel in folio_wait_bit"),
    ("S", "0", "asleep"),  # where the kernel hides it
    ("S", "", "asleep"),
    ("S", "a name; with more", "asleep"),  # a name only, or nothing
    ("R", "pipe_read", "running"),  # only a process that waits waits somewhere
    ("T", "do_signal_stop", "stopped"),
    ("t", "", "stopped"),
    ("Z", "", "ended"),
    ("X", "", "ended"),
    ("", "", "gone"),
    ("I", "worker_thread", "in state I"),  # a letter proc(5) may add: said as it is
])
def test_a_state_is_described_in_words(state: str, where: str, told: str) -> None:
    assert forks.described(state, where) == told


def test_where_a_process_waits_is_read_as_the_kernel_names_it(
        sleeper: subprocess.Popen[bytes]) -> None:
    where = in_its_sleep(sleeper.pid)  # read once it sleeps, not as it starts
    assert forks.kernel_wait(sleeper.pid) == where
    sleeper.kill()
    sleeper.wait()
    assert forks.kernel_wait(sleeper.pid) == ""


@pytest.fixture
def parent_leaves_cases_to_the_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    """The holders' parent is the test, which reaps its children: as if it left them to the
    kernel, as a harness's warm process does, for the checks that come after."""
    monkeypatch.setattr(forks, "leaves_its_children_to_the_kernel", lambda pid: True)


def test_a_case_fork_whose_parent_would_reap_it_is_refused_and_the_warm_process_let_go(
        sleeper: subprocess.Popen[bytes]) -> None:
    case = holding("threads", "0")  # a child of the test, which reaps its children
    try:
        refused = forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2))
    finally:
        case.kill()
        case.communicate()
    assert refused == (
        "the solution's warm process would reap each case's process and learn what it used "
        "(its peak memory, its processor time): one case could tell the next its secret that "
        "way, so the judge does not play cases from this state")
    assert waited(lambda: state_of(sleeper.pid) in ("S", "R"), PATIENCE_SECONDS)


@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
@pytest.mark.parametrize(("reader", "answer"), [
    ("state_of", "D"),  # never stopped, as if in I/O
    # Stopped, as its state says, but a thread of it never off the processor: the times it
    # was run cannot be counted from a moment it will not run again.
    ("fully_stopped", False)])
def test_a_warm_process_that_will_not_stop_is_let_go(
        monkeypatch: pytest.MonkeyPatch, sleeper: subprocess.Popen[bytes], reader: str,
        answer: object) -> None:
    briefly(monkeypatch)
    monkeypatch.setattr(forks, reader, lambda pid: answer)
    case = holding("threads", "0")
    try:
        assert forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2)) == (
            "the solution's warm process could not be stopped during the case")
    finally:
        case.kill()
        case.communicate()
    monkeypatch.undo()
    assert waited(lambda: state_of(sleeper.pid) in ("S", "R"), PATIENCE_SECONDS)  # let go


@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
def test_a_case_fork_that_shares_state_is_refused_and_the_warm_process_let_go(
        sleeper: subprocess.Popen[bytes]) -> None:
    case = holding("read end")
    try:
        refused = forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2))
    finally:
        case.kill()
        case.communicate()
    assert isinstance(refused, str)
    assert refused.startswith("every case's process would share an open file descriptor (pipe:")
    assert refused.endswith("): one case could leave its secret there for the next, so the "
                            "judge does not play cases from this state")
    assert waited(lambda: state_of(sleeper.pid) in ("S", "R"), PATIENCE_SECONDS)


@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
def test_what_a_case_fork_shares_is_read_once_it_waits_for_its_case(
        sleeper: subprocess.Popen[bytes]) -> None:
    # It still holds a pipe as it runs on; asleep, it holds nothing.
    case = holding("settling", "0.3")
    try:
        held = forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2))
        assert isinstance(held, forks.CaseFork), held
        held.release()
        held.close()  # the judge's copies of its pipes, or they never see their end
    finally:
        case.kill()
        case.communicate()


@pytest.mark.skipif(os.geteuid() != 0, reason="only root starts processes as another user")
@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
def test_only_warm_processes_of_the_cases_user_and_numbering_are_held(
        sleeper: subprocess.Popen[bytes]) -> None:
    """A case reaches, by signal or /proc, only processes of its own user that it can name in
    its PID namespace: bubblewrap's processes are root's where the worker is nobody, and its
    outer one is the user's but outside the namespace, where the judge is not root. Those are
    never held, nor checked."""
    others_user = subprocess.Popen(["setpriv", "--reuid=65534", "--regid=65534",
                                    "--clear-groups", "sleep", "600"])
    # the sleep numbered in a namespace of its own, a child of unshare, which takes it along
    # when it is killed (the namespace's first process ignores a plain kill)
    elsewhere = subprocess.Popen(["unshare", "--pid", "--fork", "--kill-child", "sleep", "600"])
    case = holding("threads", "0")
    held: CaseFork | str = "not yet"
    try:
        assert waited(lambda: bool(forks.children_of(elsewhere.pid)), PATIENCE_SECONDS)
        (numbered_apart,) = forks.children_of(elsewhere.pid)
        held = forks.isolate(case.pid, os.getpid(),
                             {sleeper.pid, others_user.pid, numbered_apart}, (0, 1, 2))
        assert isinstance(held, CaseFork), held
        assert held.warm == held.held == {sleeper.pid}
        assert state_of(others_user.pid) != "T" and state_of(numbered_apart) != "T"
    finally:
        if isinstance(held, CaseFork):
            held.release()
            held.close()  # the judge's copies of the case's pipe, or it never sees its end
        for process in (case, others_user, elsewhere):
            process.kill()
            process.communicate()


@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
def test_a_case_fork_mapping_a_file_in_a_private_directory_is_refused(
        memory_folder: Path, sleeper: subprocess.Popen[bytes]) -> None:
    """The fork's mappings are read against the sandbox's private directories too, not only
    the warm processes': what the fork maps, a case can write by its name."""
    board = memory_folder / "board"
    board.write_bytes(b"\0" * 4096)
    case = holding("file mapped private", str(board))
    refused: CaseFork | str = "not yet"
    try:
        refused = forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2),
                                (str(memory_folder),))
    finally:
        if isinstance(refused, CaseFork):
            refused.release()
            refused.close()  # the judge's copies of the case's pipe, or it never sees its end
        case.kill()
        case.communicate()
    assert refused == (f"every case's process would share a memory mapping of a file that a "
                       f"case can write ({board}): one case could leave its secret there for "
                       "the next, so the judge does not play cases from this state")
    assert waited(lambda: state_of(sleeper.pid) in ("S", "R"), PATIENCE_SECONDS)


@pytest.mark.usefixtures("parent_leaves_cases_to_the_kernel")
def test_a_case_fork_that_shares_nothing_holds_the_warm_processes_still(
        sleeper: subprocess.Popen[bytes]) -> None:
    case = holding("threads", "0")
    try:
        held = forks.isolate(case.pid, os.getpid(), {sleeper.pid}, (0, 1, 2))
        assert isinstance(held, CaseFork)
        assert (held.pid, held.warm, held.held) == (case.pid, {sleeper.pid}, {sleeper.pid})
        assert held.settings[sleeper.pid]["oom_score_adj"] == "0"
        assert state_of(sleeper.pid) == "T"
        # The times it was run, counted once it was off the processor: it runs no more.
        assert held.runs == {sleeper.pid: forks.times_run(sleeper.pid)} != {sleeper.pid: {}}
        assert forks.fully_stopped(sleeper.pid)
        # Its open file descriptions are watched: its standard streams'.
        assert held.descriptions is not None and len(held.descriptions) == 3
        assert held.descriptions_kept() is True
        held.release()
        held.close()
        assert waited(lambda: state_of(sleeper.pid) in ("S", "R"), PATIENCE_SECONDS)
    finally:
        case.kill()
        case.communicate()


F_SETSIG = 10  # fcntl(2); the module names it not


def flock_struct(kind: int, start: int = 0, length: int = 0) -> bytes:
    return struct.pack("hhqqi4x", kind, os.SEEK_SET, start, length, 0)


# What a process may set on an open file description it shares with another, which the other
# can read back: by name, with the descriptions of the test's own pipe and file it changes.
CHANGES = {
    "offset": lambda pipe, file: os.lseek(file, 5, os.SEEK_SET),
    "flags": lambda pipe, file: fcntl.fcntl(pipe, fcntl.F_SETFL, os.O_NONBLOCK),
    "notice signal": lambda pipe, file: fcntl.fcntl(pipe, F_SETSIG, signal.SIGUSR1),
    "notice owner": lambda pipe, file: fcntl.fcntl(pipe, fcntl.F_SETOWN, os.getpid()),
    "pipe size": lambda pipe, file: fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, 1 << 18),
    "unread bytes": lambda pipe, file: os.write(pipe, b"note"),  # in a pipe the process reads
    "whole-file lock": lambda pipe, file: fcntl.flock(file, fcntl.LOCK_SH),
    "description lock": lambda pipe, file: fcntl.fcntl(
        file, fcntl.F_OFD_SETLK, flock_struct(fcntl.F_RDLCK, 7, 1)),
}


# Says it is ready, then prints back each line it reads.
ECHOES = """
print("ready", flush=True)
while True:
    print(input(), flush=True)
"""


@pytest.fixture
def sharer() -> Iterator[tuple[subprocess.Popen[bytes], int, int]]:
    """A process holding, beside its standard streams, both ends of a pipe and a file open for
    reading, through the same open file descriptions as the test: the process, the pipe's
    write end and the file, as the test's descriptors."""
    read, write = os.pipe()
    file = os.open(os.__file__, os.O_RDONLY)
    # It says it is ready once it holds no more than it will (as it starts, it opens files).
    process = subprocess.Popen([sys.executable, "-c", ECHOES],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               pass_fds=(read, write, file))
    assert process.stdin is not None and process.stdout is not None
    assert process.stdout.readline() == b"ready\n"
    yield process, write, file
    process.kill()
    process.wait()
    for stream in (process.stdin, process.stdout):
        stream.close()
    for fd in (read, write, file):
        os.close(fd)


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@pytest.mark.parametrize("change", sorted(CHANGES))
def test_what_a_case_sets_on_a_description_it_shares_is_seen_through_the_judges_copy(
        sharer: tuple[subprocess.Popen[bytes], int, int], change: str) -> None:
    process, pipe, file = sharer
    before = open_descriptors()
    case = CaseFork(process.pid, set())
    case.watch_descriptions()
    assert case.descriptions is not None and len(case.descriptions) == 6  # 0, 1, 2 and three
    CHANGES[change](pipe, file)
    assert case.descriptions_kept() is False
    case.close()
    assert case.descriptions is None and open_descriptors() == before


def test_descriptions_left_as_they_were_are_kept(
        sharer: tuple[subprocess.Popen[bytes], int, int]) -> None:
    process, _, file = sharer
    case = CaseFork(process.pid, set())
    case.watch_descriptions()
    os.pread(file, 10, 0)  # reading at an offset of one's own moves no shared offset
    # What it writes to a pipe that another reads waits there, not for it to read.
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"echo\n")
    process.stdin.flush()
    assert select.select([process.stdout], [], [], PATIENCE_SECONDS)[0]
    assert case.descriptions_kept() is True
    assert case.descriptions_kept() is True  # asked again, still watched
    case.close()


def test_descriptions_that_cannot_all_be_watched_are_not_kept(
        sharer: tuple[subprocess.Popen[bytes], int, int],
        monkeypatch: pytest.MonkeyPatch) -> None:
    process, _, _ = sharer
    before = open_descriptors()
    assert forks.copied_descriptions(gone_pid()) is None
    monkeypatch.setattr(forks, "WATCHED_DESCRIPTORS", 5)  # it holds 6
    assert forks.copied_descriptions(process.pid) is None
    monkeypatch.setattr(forks, "WATCHED_DESCRIPTORS", 6)
    copies = forks.copied_descriptions(process.pid)
    assert copies is not None and len(copies) == 6
    forks.close_all(copies)
    # A descriptor that cannot be copied (closed since it was listed): none is kept open.
    monkeypatch.setattr(forks.os, "listdir", lambda path: ["0", "1", "2", "77"])
    assert forks.copied_descriptions(process.pid) is None
    monkeypatch.undo()
    assert open_descriptors() == before
    case = CaseFork(process.pid, set())
    assert case.descriptions_kept() is False  # never watched
