"""How memory is bounded, piece by piece: the cgroup the judge finds for itself, a worker's
cgroup (its files, its count of kills), and the watchdog that sums a tree's memory where no
cgroup can be made. The submissions' MLE tests show the same end to end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.run import limits
from judge.run.limits import (
    CGROUP_MEMORY,
    CPU_CHECK_SECONDS,
    CgroupWatch,
    Limits,
    NoWatch,
    TreeMemoryLimit,
    TreeWatchdog,
    WatchdogWatch,
    cgroup_enforcer,
    judge_of,
    own_memory_cgroup,
    proportional_bytes,
    remove_leftover_cgroups,
    tmpfs_bytes,
)
from judge.run.process import descendants, exit_description

from .conftest import needs_bubblewrap
from .test_fork_checks import gone_pid
from .test_process import ends


@pytest.mark.parametrize(("text", "found"), [
    ("5:devices:/\n4:memory:/process_api/abc\n0::/\n", CGROUP_MEMORY / "process_api/abc"),
    ("3:cpu,memory,pids:/a:b\n", CGROUP_MEMORY / "a:b"),
    ("4:memory:/\n", CGROUP_MEMORY),
    ("4:memory:/Xen/a\n", CGROUP_MEMORY / "Xen/a"),
    ("2:cpu:/x\n1:memoryless:/y\n0::/\n", None),
])
def test_the_judges_own_memory_cgroup_is_read_from_its_cgroup_list(
        tmp_path: Path, text: str, found: Path | None) -> None:
    listed = tmp_path / "cgroup"
    listed.write_text(text)
    assert own_memory_cgroup(listed) == found
    assert own_memory_cgroup(tmp_path / "missing") is None


def oom_control(directory: Path, kills: int) -> None:
    (directory / "memory.oom_control").write_text(
        f"oom_kill_disable 0\nunder_oom 0\noom_kill {kills}\n")


def test_a_cgroups_kills_are_counted_and_outlive_it(tmp_path: Path) -> None:
    watch = CgroupWatch(tmp_path)
    assert watch.kills() == 0  # no file yet
    oom_control(tmp_path, 2)
    assert watch.kills() == 2
    (tmp_path / "memory.oom_control").unlink()
    assert watch.kills() == 2
    (tmp_path / "memory.oom_control").write_text("oom_kill many\n")
    assert watch.kills() == 2


@pytest.fixture
def exact_time(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """time.monotonic moved by hand from 0, and a check interval exact in binary."""
    now = [0.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(limits, "CPU_CHECK_SECONDS", 0.25)
    return now


def test_a_cgroup_is_polled_at_most_once_a_check_interval(tmp_path: Path,
                                                          exact_time: list[float]) -> None:
    watch = CgroupWatch(tmp_path)
    oom_control(tmp_path, 1)
    exact_time[0] = 0.25  # the first look, a check interval after 0
    assert watch.poll(set)  # a kill since the last poll
    oom_control(tmp_path, 2)
    exact_time[0] += 0.125
    assert not watch.poll(set)  # too soon to look
    exact_time[0] += 0.125
    assert watch.poll(set)
    exact_time[0] += 0.25
    assert not watch.poll(set)  # no kill since


def test_a_cgroups_members_and_adopted_processes_are_its_procs_file(tmp_path: Path) -> None:
    watch = CgroupWatch(tmp_path)
    assert watch.members() == set()
    watch.adopt([41, 42])
    # Each write adds a process to a real cgroup; a plain file keeps the last one written.
    assert (tmp_path / "cgroup.procs").read_text() == "42"
    (tmp_path / "cgroup.procs").write_text("7\n8\n")
    assert watch.members() == {7, 8}
    # A process inside already is not written again (each write waits for the kernel).
    watch.adopt([8, 7])
    assert (tmp_path / "cgroup.procs").read_text() == "7\n8\n"
    watch.adopt([8, 9, 7])
    assert (tmp_path / "cgroup.procs").read_text() == "9"
    (tmp_path / "cgroup.procs").write_text("7\nx\n")
    assert watch.members() == set()
    CgroupWatch(tmp_path / "gone").adopt([1])  # a cgroup gone already: nothing to do


def test_a_cgroup_that_will_not_go_is_tried_again_soon_then_left(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sandbox's processes end a moment after its first: the first tries come a millisecond
    apart, later ones at most 10 ms, and half a second in all is enough."""
    pauses: list[float] = []
    monkeypatch.setattr(limits.time, "sleep", pauses.append)
    group = tmp_path / "busy"
    (group / "inside").mkdir(parents=True)  # not empty: rmdir fails, as with a busy cgroup
    CgroupWatch(group).release()
    assert group.exists()
    assert pauses[0] == pytest.approx(0.001) and max(pauses) == pytest.approx(0.01)
    assert pauses[1] < 0.002 and pauses == sorted(pauses)  # soon at first, then less often
    assert limits.RELEASE_SECONDS <= sum(pauses) < limits.RELEASE_SECONDS + 0.01


def test_without_a_watch_nothing_is_bounded_or_killed() -> None:
    watch = NoWatch()
    watch.adopt([1])
    assert (watch.kills(), watch.poll(set), watch.members()) == (0, False, set())
    watch.release()


def test_the_enforcer_is_the_cgroup_where_one_can_be_made_else_the_watchdog(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cgroup = TreeMemoryLimit(Path("/nowhere"))
    monkeypatch.setattr(limits, "cgroup_enforcer", lambda: cgroup)
    assert limits.tree_memory_enforcer(True) is cgroup
    monkeypatch.setattr(limits, "cgroup_enforcer", lambda: None)
    assert limits.tree_memory_enforcer(True) == TreeWatchdog(sandboxed=True)
    assert limits.tree_memory_enforcer() == TreeWatchdog(sandboxed=False)


def test_a_released_cgroup_is_removed(tmp_path: Path) -> None:
    group = tmp_path / "g"
    group.mkdir()
    oom_control(group, 3)
    watch = CgroupWatch(group)
    (group / "memory.oom_control").unlink()
    watch.release()
    assert not group.exists()
    CgroupWatch(tmp_path / "never made").release()


def test_a_worker_gets_a_cgroup_of_its_own_with_the_limit(tmp_path: Path) -> None:
    enforcer = TreeMemoryLimit(tmp_path)
    assert enforcer.harness_memory_mb(Limits(memory_mb=300)) == 300
    # A directory left by an earlier worker of the same process id (one whose charges did
    # not leave in time) stands where a fixed name would be made: the new one is made apart.
    leftover = tmp_path / f"guess-judge-{os.getpid()}-4321"
    leftover.mkdir()
    (leftover / "memory.limit_in_bytes").write_text("1")
    watch = enforcer.watch(4321, Limits(memory_mb=300))
    assert isinstance(watch, CgroupWatch)
    group = watch.directory
    assert group.parent == tmp_path and group.name.startswith(leftover.name + "-")
    assert (leftover / "memory.limit_in_bytes").read_text() == "1"  # not the new one's
    again = enforcer.watch(4321, Limits(memory_mb=300))
    assert isinstance(again, CgroupWatch) and again.directory != group
    assert (group / "memory.limit_in_bytes").read_text() == str(300 << 20)
    assert (group / "cgroup.procs").read_text() == "4321"
    assert not (group / "memory.memsw.limit_in_bytes").exists()
    assert type(enforcer.watch(1, Limits(memory_mb=0))) is NoWatch
    assert isinstance(enforcer.watch(1, Limits(memory_mb=1)), CgroupWatch)
    assert type(TreeMemoryLimit(tmp_path / "absent").watch(1, Limits())) is NoWatch


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    yield process
    process.kill()
    process.wait()


@pytest.mark.skipif(cgroup_enforcer() is None, reason="this machine makes no memory cgroups")
def test_a_real_cgroup_bounds_swap_too_and_holds_the_process(
        sleeper: subprocess.Popen[bytes]) -> None:
    enforcer = cgroup_enforcer()
    assert isinstance(enforcer, TreeMemoryLimit)
    first = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    watch = enforcer.watch(first.pid, Limits(memory_mb=64))
    assert isinstance(watch, CgroupWatch)
    watch.adopt([1 << 30, sleeper.pid])  # one gone already: the next is adopted all the same
    first.kill()
    first.wait()
    swap = watch.directory / "memory.memsw.limit_in_bytes"
    assert not swap.exists() or swap.read_text().strip() == str(64 << 20)
    assert watch.members() == {sleeper.pid} and watch.kills() == 0
    sleeper.kill()
    sleeper.wait()
    watch.release()
    assert not watch.directory.exists()


def test_a_processes_proportional_memory_is_read_from_proc() -> None:
    assert 1 << 20 < proportional_bytes(os.getpid()) < 1 << 34
    assert proportional_bytes(1 << 30) == 0


def test_a_tmp_shared_with_the_judge_is_not_the_sandboxs_memory() -> None:
    assert tmpfs_bytes(os.getpid()) == 0
    assert tmpfs_bytes(1 << 30) == 0


def test_the_watchdog_kills_the_whole_tree_past_the_limit(
        sleeper: subprocess.Popen[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    monkeypatch.setattr(limits.time, "monotonic", lambda: now[0])
    used = proportional_bytes(sleeper.pid)
    roomy = WatchdogWatch(sleeper.pid, used * 4, sandboxed=False)
    assert not roomy.poll(lambda: {sleeper.pid}) and roomy.kills() == 0
    tight = WatchdogWatch(sleeper.pid, used // 4, sandboxed=False)
    now[0] += CPU_CHECK_SECONDS / 2
    assert tight.poll(lambda: {sleeper.pid}) and tight.kills() == 1  # its first look
    assert ends(sleeper.pid)
    assert exit_description(sleeper.wait()) == "killed by signal SIGKILL"
    assert not tight.poll(lambda: {sleeper.pid})  # too soon to look again


def test_the_watchdog_watches_where_no_cgroup_can_be_made() -> None:
    watchdog = TreeWatchdog(sandboxed=True)
    assert watchdog.harness_memory_mb(Limits(memory_mb=200)) == 200
    watch = watchdog.watch(77, Limits(memory_mb=200))
    assert isinstance(watch, WatchdogWatch)
    assert (watch.root, watch.limit, watch.sandboxed) == (77, 200 << 20, True)
    assert type(watchdog.watch(77, Limits(memory_mb=0))) is NoWatch
    assert type(watchdog.watch(77, Limits(memory_mb=1))) is WatchdogWatch
    assert watch.members() == set()


def test_a_processes_proportional_memory_is_its_pss(sleeper: subprocess.Popen[bytes]) -> None:
    os.kill(sleeper.pid, signal.SIGSTOP)  # still, so that its own memory holds while read

    def pss() -> int:
        rollup = Path(f"/proc/{sleeper.pid}/smaps_rollup").read_text().splitlines()
        return next(int(line.split()[1]) for line in rollup if line.startswith("Pss:")) << 10

    # Its share of the pages it shares moves as other processes start and end (the suite's
    # other workers): read between two readings that agree.
    for _ in range(50):
        before, read, after = pss(), proportional_bytes(sleeper.pid), pss()
        if before == after:
            break
    assert read == before == after
    os.kill(sleeper.pid, signal.SIGCONT)


def sleepers(count: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            for _ in range(count)]


def test_the_watchdog_counts_every_kill_and_kills_past_processes_gone(
        exact_time: list[float]) -> None:
    first, second = sleepers(2)
    watch = WatchdogWatch(first.pid, 1, sandboxed=False)
    exact_time[0] = 0.25
    assert watch.poll(lambda: {first.pid, 1 << 30})  # one of the two is gone already
    exact_time[0] = 0.5
    assert watch.poll(lambda: {second.pid})
    assert watch.kills() == 2
    assert first.wait() == second.wait() == -signal.SIGKILL


@pytest.fixture
def sandbox_with_tmp() -> Iterator[tuple[int, set[int]]]:
    """A sandbox whose /tmp holds a 40 MiB file: its first process, and every process."""
    sandbox = subprocess.Popen(
        ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
         "--unshare-pid", "--die-with-parent", "sh", "-c",
         "head -c 41943040 /dev/zero > /tmp/f && echo ready && exec sleep 600"],
        stdout=subprocess.PIPE)
    assert sandbox.stdout is not None and sandbox.stdout.readline() == b"ready\n"
    yield sandbox.pid, {sandbox.pid} | descendants(sandbox.pid)
    sandbox.kill()
    sandbox.wait()
    sandbox.stdout.close()


@needs_bubblewrap
def test_a_sandboxs_tmp_counts_as_its_memory(sandbox_with_tmp: tuple[int, set[int]],
                                             exact_time: list[float]) -> None:
    root, tree = sandbox_with_tmp
    inside = min(tree - {root})
    assert 40 << 20 <= tmpfs_bytes(inside) < 48 << 20
    processes = sum(proportional_bytes(p) for p in tree)
    between = processes + (20 << 20)  # above the processes alone, below them with /tmp
    exact_time[0] = 0.25
    assert not WatchdogWatch(root, between, sandboxed=False).poll(lambda: tree)
    assert WatchdogWatch(root, between, sandboxed=True).poll(lambda: tree)


@needs_bubblewrap
def test_a_sandboxs_tmp_adds_to_its_processes_memory(sandbox_with_tmp: tuple[int, set[int]],
                                                     exact_time: list[float]) -> None:
    root, tree = sandbox_with_tmp
    tmp = tmpfs_bytes(min(tree - {root}))
    processes = sum(proportional_bytes(p) for p in tree)
    assert processes > 100 << 10
    exact_time[0] = 0.25
    assert WatchdogWatch(root, tmp + processes // 2, sandboxed=True).poll(lambda: tree)


def test_the_watchdog_kills_past_its_limit_not_at_it(monkeypatch: pytest.MonkeyPatch,
                                                     exact_time: list[float]) -> None:
    gone = {1 << 30}  # no such process: the kill finds nothing to kill
    monkeypatch.setattr(limits, "proportional_bytes", lambda pid: 1000)
    exact_time[0] = 0.25
    assert not WatchdogWatch(7, 1000, sandboxed=False).poll(lambda: gone)
    assert WatchdogWatch(7, 999, sandboxed=False).poll(lambda: gone)


def test_the_watchdog_looks_again_only_a_check_interval_after_its_last_look(
        monkeypatch: pytest.MonkeyPatch, exact_time: list[float]) -> None:
    sizes = {1: 10, 2: 5000}
    monkeypatch.setattr(limits, "proportional_bytes", lambda pid: sizes.get(pid, 0))
    monkeypatch.setattr(limits.os, "kill", lambda pid, signum: None)
    watch = WatchdogWatch(7, 1000, sandboxed=False)
    exact_time[0] = 100.0
    assert not watch.poll(lambda: {1})  # a look, under the limit
    exact_time[0] = 100.125
    assert not watch.poll(lambda: {2})  # too soon to look: over the limit, unseen
    exact_time[0] = 100.25
    assert watch.poll(lambda: {2}) and watch.kills() == 1


@pytest.mark.parametrize(("name", "judge"), [
    ("guess-judge-12-34-0a1b", 12), ("guess-judge-probe-56-0a1b", 56),
    ("guess-judge-probe-x-0a1b", None), ("guess-judge-١٢-3-a", None), ("guess-judge-7", None),
    ("other-judge-12-34-0a1b", None), ("guess-judge--3-a", None), ("process_api", None),
    ("guess-judge-12-34", None), ("guess-judge-probe-56", None), ("guess-judge-probe", None),
    ("guess-judge-12-34-0a-1b", None),
])
def test_a_cgroups_judge_is_read_from_its_name(name: str, judge: int | None) -> None:
    assert judge_of(name) == judge


def test_the_cgroups_of_judges_gone_are_removed_and_no_other(
        tmp_path: Path, sleeper: subprocess.Popen[bytes], monkeypatch: pytest.MonkeyPatch) -> None:
    sent: list[int] = []
    real_kill = os.kill

    def kill(pid: int, signum: int) -> None:
        sent.append(signum)
        real_kill(pid, 0)

    dead = gone_pid()
    left = [tmp_path / f"guess-judge-{dead}-5-ab", tmp_path / f"guess-judge-probe-{dead}-cd"]
    kept = [tmp_path / f"guess-judge-{sleeper.pid}-5-ab", tmp_path / f"guess-judge-{os.getpid()}-5",
            tmp_path / f"guess-judge-{dead}-6-ef", tmp_path / f"someone-else-{dead}-1"]
    for directory in [*left, *kept]:
        directory.mkdir()
    (kept[2] / "cgroup.procs").write_text("1")  # a group with a process in it will not go
    monkeypatch.setattr(limits.os, "kill", kill)
    assert remove_leftover_cgroups(tmp_path) == 2
    monkeypatch.undo()
    assert set(sent) == {0}  # each judge asked whether it lives, and sent no signal
    assert [d.exists() for d in left] == [False, False]
    assert all(d.exists() for d in kept)
    assert remove_leftover_cgroups(tmp_path / "absent") == 0


def test_a_judge_of_another_user_counts_as_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(pid: int, signum: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(limits.os, "kill", refused)
    assert limits.alive(12345)


@pytest.mark.skipif(cgroup_enforcer() is None, reason="this machine makes no memory cgroups")
def test_a_cgroup_that_cannot_take_its_worker_is_removed() -> None:
    enforcer = cgroup_enforcer()
    assert isinstance(enforcer, TreeMemoryLimit)
    dead = gone_pid()  # no such process: the kernel refuses it in cgroup.procs
    assert type(enforcer.watch(dead, Limits(memory_mb=64))) is NoWatch
    assert not list(enforcer.root.glob(f"guess-judge-{os.getpid()}-{dead}-*"))


@pytest.mark.skipif(cgroup_enforcer() is None, reason="this machine makes no memory cgroups")
def test_the_cgroup_of_a_judge_killed_outright_is_removed_by_the_next() -> None:
    enforcer = cgroup_enforcer()
    assert isinstance(enforcer, TreeMemoryLimit)
    killed = subprocess.run([sys.executable, "-c", (
        "import os, signal, sys\n"
        "from judge.run.limits import Limits, cgroup_enforcer\n"
        "watch = cgroup_enforcer().watch(os.getpid(), Limits(memory_mb=64))\n"
        "print(watch.directory, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n")],
        capture_output=True, text=True, check=False, cwd=Path(__file__).parent.parent)
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    left = Path(killed.stdout.strip())
    assert left.parent == enforcer.root and left.is_dir()
    # The next judge to find its cgroup removes it.
    subprocess.run([sys.executable, "-c", "from judge.run.limits import cgroup_enforcer\n"
                    "assert cgroup_enforcer() is not None"],
                   check=True, cwd=Path(__file__).parent.parent)
    assert not left.exists()
