"""What a worker and a build step can see and do (judge/run/confine.py), on real sandboxes:
each test runs a shell or Python in one and reads what it reports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge.harness.launch import Build, Launch, Mounted
from judge.run import confine, syscalls
from judge.run.confine import (
    PRIVATE_DIRECTORIES,
    PRIVATE_IPC,
    WORKER_USER,
    Bubblewrap,
    SandboxUnavailable,
    Unconfined,
    bubblewrap_works,
    confinement,
    read_only_bind,
    worker_identity,
)
from judge.run.process import Command, descendants

from .conftest import needs_bubblewrap

PATIENCE_SECONDS = 30.0
# What a sandboxed Python reports about itself: who it is, its environment, what it may write.
LOOK_AROUND = r"""
import json, os, socket, sys
def can_write(path):
    try:
        with open(path, "w") as f:
            f.write("x")
        return True
    except OSError:
        return False
def can_open_socket():
    try:
        socket.socket().close()
        return True
    except OSError:
        return False
print(json.dumps({
    "uid": os.getuid(), "gid": os.getgid(), "groups": os.getgroups(),
    # PWD is set by bubblewrap's --chdir, LC_CTYPE by Python itself in the C locale (PEP 538).
    "env": {k: v for k, v in os.environ.items() if k not in ("PWD", "LC_CTYPE")},
    "cwd": os.getcwd(),
    # 0 when the session's leader is outside the sandbox's process namespace: the judge's.
    "session": os.getsid(0),
    "writes": {p: can_write(p) for p in sys.argv[1:]},
    "socket": can_open_socket(),
    "interfaces": sorted(line.split(":")[0].strip()
                         for line in open("/proc/net/dev").readlines()[2:]),
    "home": os.path.exists(os.path.expanduser("~root/.cache")),
    "capabilities": [line.split()[1] for line in open("/proc/self/status")
                     if line.startswith(("CapEff", "CapBnd", "CapInh", "CapPrm"))],
    "no_new_privs": [line.split()[1] for line in open("/proc/self/status")
                     if line.startswith("NoNewPrivs")],
}))
"""


def run(command: Command, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    try:
        return subprocess.run(list(command.argv), env=dict(command.env), cwd=command.cwd,
                              pass_fds=command.pass_fds, input=stdin, capture_output=True,
                              timeout=PATIENCE_SECONDS, check=False)
    finally:
        command.close()


def looked_around(command: Command) -> dict[str, object]:
    done = run(command)
    assert done.returncode == 0, done.stderr.decode()
    report: dict[str, object] = json.loads(done.stdout)
    return report


def python_launch(*paths: str, env: dict[str, str] | None = None,
                  mounted: tuple[Mounted, ...] = ()) -> Launch:
    return Launch(argv=("/usr/bin/python3", "-c", LOOK_AROUND, *paths, *mounted),
                  env=env or {"LANG": "C.UTF-8", "WORD": "a value with spaces"})


@needs_bubblewrap
def test_a_worker_writes_only_its_private_directories_and_sees_exactly_its_environment() -> None:
    seen = looked_around(Bubblewrap().command(python_launch(
        "/tmp/note", "/dev/mqueue/note", "/usr/note", "/note", "/dev/note", "/proc/note")))
    assert seen["writes"] == {"/tmp/note": True, "/dev/mqueue/note": False, "/usr/note": False,
                              "/note": False, "/dev/note": False, "/proc/note": False}
    assert seen["env"] == {"LANG": "C.UTF-8", "WORD": "a value with spaces",
                           PRIVATE_DIRECTORIES: "/tmp:/dev/mqueue", PRIVATE_IPC: "1"}
    assert seen["cwd"] == "/tmp"
    assert seen["session"] != 0  # a session of its own: no way to the judge's terminal
    # No network but its own loopback, no socket at all (the filter), nothing of the host's.
    assert seen["interfaces"] == ["lo"]
    assert seen["socket"] is False
    assert seen["home"] is False


@needs_bubblewrap
def test_a_worker_is_nobody_without_a_capability_when_the_judge_is_root() -> None:
    seen = looked_around(Bubblewrap().command(python_launch()))
    if os.geteuid() == 0:
        assert (seen["uid"], seen["gid"], seen["groups"]) == (WORKER_USER, WORKER_USER, [])
        assert seen["no_new_privs"] == ["1"]
    else:
        assert seen["uid"] == os.geteuid()
    assert set(seen["capabilities"]) == {"0000000000000000"}  # type: ignore[arg-type]


def test_a_worker_runs_as_the_judges_user_without_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    # The user namespace is the judge's; the worker is its PID namespace's first process, with
    # no process of bubblewrap's beside it in the sandbox.
    assert worker_identity() == ([*confine.USER_NAMESPACE, "--as-pid-1"], [])
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    namespaces, as_worker = worker_identity()
    assert "--unshare-user" not in namespaces and "--unshare-all" not in namespaces
    assert as_worker[0] == confine.SETPRIV and as_worker[-1] == "--"


@needs_bubblewrap
@pytest.mark.parametrize(("user", "root_may_read_any_process", "checks"), [
    (1000, False, True),  # the sandbox's user namespace is the judge's own
    (0, True, True),
    (0, False, False),  # root in a container without CAP_SYS_PTRACE
])
def test_who_may_check_forks_in_the_sandbox_and_out_of_it(
        monkeypatch: pytest.MonkeyPatch, user: int, root_may_read_any_process: bool,
        checks: bool) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: user)
    monkeypatch.setattr(confine, "can_check_forks", lambda: root_may_read_any_process)
    assert confine.Bubblewrap().checks_forks is checks
    # Out of the sandbox, the worker's processes are the user's own, in the judge's PID
    # namespace beside everything else of the user's: only root may check them.
    assert confine.Unconfined().checks_forks is root_may_read_any_process


@needs_bubblewrap
def test_the_files_a_launch_names_are_shown_read_only_where_it_says(tmp_path: Path) -> None:
    """At `inside`, under folders the worker (nobody) may enter; the host's path not at all."""
    solution = tmp_path / "solution.py"
    solution.write_text("print('the solution ran')\n")
    solution.chmod(0o644)
    tmp_path.chmod(0o700)  # as a user's checkout may be: the sandbox shows the file anyway
    for inside in ("/tmp/deep/er/solution.py", "/judge/solution.py"):
        launch = Launch(argv=("/usr/bin/python3", Mounted(solution, inside)))
        done = run(Bubblewrap().command(launch))
        assert done.stdout == b"the solution ran\n", done.stderr.decode()
        script = (f"test -r {inside} && ! test -w {inside} && ! test -e {solution} "
                  f"&& ! echo x > {inside}")
        done = run(Bubblewrap().command(Launch(argv=("/bin/sh", "-c", script))))
        assert done.returncode != 0  # the file is not there without its Mounted
        launch = Launch(argv=("/bin/sh", "-c", script, Mounted(solution, inside)))
        done = run(Bubblewrap().command(launch))
        assert done.returncode == 0, done.stderr.decode()


@needs_bubblewrap
def test_a_toolchain_outside_usr_is_shown_read_only_at_its_own_path(tmp_path: Path) -> None:
    """Even under /tmp, the sandbox's own tmpfs laid over the host's."""
    toolchain = tmp_path / "toolchain"
    toolchain.mkdir()
    (toolchain / "tool").write_text("a tool\n")
    toolchain.chmod(0o755)
    tmp_path.chmod(0o755)
    script = f"cat {toolchain}/tool && ! touch {toolchain}/other"
    done = run(Bubblewrap().command(Launch(argv=("/bin/sh", "-c", script),
                                           toolchain=(str(toolchain), "/usr/lib"))))
    assert (done.returncode, done.stdout) == (0, b"a tool\n"), done.stderr.decode()
    done = run(Bubblewrap().command(Launch(argv=("/bin/sh", "-c", script))))
    assert done.returncode != 0


def test_the_folders_leading_to_a_mounted_file_are_made_open_to_all() -> None:
    assert read_only_bind("/h/f", "/tmp/a/b/f") == [
        "--perms", "0755", "--dir", "/tmp/a", "--perms", "0755", "--dir", "/tmp/a/b",
        "--ro-bind", "/h/f", "/tmp/a/b/f"]
    assert read_only_bind("/h/f", "/f") == ["--ro-bind", "/h/f", "/f"]
    assert read_only_bind("/h/f", "/usr/lib/x/f") == ["--ro-bind", "/h/f", "/usr/lib/x/f"]
    assert read_only_bind("/h/f", "/usrx/f") == [
        "--perms", "0755", "--dir", "/usrx", "--ro-bind", "/h/f", "/usrx/f"]


@needs_bubblewrap
def test_the_sandboxs_tmp_has_the_size_asked_for() -> None:
    script = "import os; s = os.statvfs('/tmp'); print(s.f_blocks * s.f_frsize)"
    for megabytes in (7, 64):
        done = run(Bubblewrap(tmp_mb=megabytes).command(
            Launch(argv=("/usr/bin/python3", "-c", script))))
        assert int(done.stdout) == megabytes << 20, done.stderr.decode()
    done = run(Bubblewrap().command(Launch(argv=("/usr/bin/python3", "-c", script))))
    assert int(done.stdout) > 64 << 20  # no size asked: the kernel's default, half the memory


@needs_bubblewrap
def test_a_sandboxed_worker_dies_with_the_judge(tmp_path: Path) -> None:
    """A judge killed outright leaves no worker running."""
    marker, ended = tmp_path / "pid", tmp_path / "ended"
    command = Bubblewrap().command(Launch(argv=("/bin/sh", "-c", "echo $$; exec sleep 600")))
    judge = subprocess.Popen(
        [sys.executable, "-c",
         "import subprocess, sys, time\n"
         f"sandbox = subprocess.Popen({list(command.argv)!r}, env={dict(command.env)!r}, "
         f"pass_fds={command.pass_fds!r}, stdout=open({str(marker)!r}, 'w'))\n"
         "code = sandbox.wait()\n"  # only if it ends alone
         f"open({str(ended)!r}, 'w').write(str(code))\n"
         "time.sleep(600)\n"], pass_fds=command.pass_fds)
    command.close()
    try:
        deadline = time.monotonic() + PATIENCE_SECONDS
        sleepers: list[int] = []
        while not sleepers and time.monotonic() < deadline:
            assert not ended.exists(), f"the sandbox ended: {ended.read_text()}"
            time.sleep(0.05)
            sleepers = [pid for pid in descendants(judge.pid) if _named(pid) == "sleep"]
        assert sleepers, "the sandboxed sleep never started"
    finally:
        judge.kill()
        judge.wait()
    deadline = time.monotonic() + PATIENCE_SECONDS
    while any(os.path.exists(f"/proc/{pid}") for pid in sleepers):
        assert time.monotonic() < deadline, "the sandboxed worker outlived the judge"
        time.sleep(0.05)


def _named(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return ""


@needs_bubblewrap
def test_a_build_step_writes_its_directory_only_and_may_use_sockets(tmp_path: Path) -> None:
    build = Build(files={}, steps=(), env={"PATH": "/usr/bin", "STEP": "1"})
    (tmp_path / "built").mkdir()
    step = ("/usr/bin/python3", "-c", LOOK_AROUND, "/build/out", "/tmp/x", "/usr/x", "/x")
    seen = looked_around(Bubblewrap().build_command(build, step, tmp_path / "built"))
    assert seen["writes"] == {"/build/out": True, "/tmp/x": True, "/usr/x": False, "/x": False}
    assert (tmp_path / "built" / "out").read_text() == "x"
    assert seen["env"] == {"PATH": "/usr/bin", "STEP": "1"}
    assert seen["cwd"] == "/build"
    assert seen["socket"] is True  # a compiler's own business; a worker may not
    assert seen["interfaces"] == ["lo"]
    assert set(seen["capabilities"]) == {"0000000000000000"}  # type: ignore[arg-type]


@needs_bubblewrap
def test_a_build_step_is_filtered_as_a_build_not_as_a_worker(tmp_path: Path) -> None:
    script = "import ctypes, sys; sys.exit(ctypes.CDLL(None).syscall(272, 0x20000) != -1)"
    done = run(Bubblewrap().build_command(Build(files={}, steps=()),
                                          ("/usr/bin/python3", "-c", script), tmp_path))
    assert done.returncode == 0, "unshare() went through in a build step"


def test_a_plain_run_uses_the_host_paths_and_the_launchs_environment(tmp_path: Path) -> None:
    solution = tmp_path / "s.py"
    command = Unconfined().command(Launch(argv=("python3", Mounted(solution, "/judge/s.py")),
                                          env={"A": "1"}))
    assert (list(command.argv), dict(command.env), command.pass_fds) == (
        ["python3", str(solution)], {"A": "1"}, ())
    step = Unconfined().build_command(Build(files={}, steps=(), env={"B": "2"}), ("cc",),
                                      tmp_path)
    assert (tuple(step.argv), dict(step.env), step.cwd) == (("cc",), {"B": "2"}, str(tmp_path))


def test_without_bubblewrap_the_sandbox_says_how_to_get_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: None)
    with pytest.raises(SandboxUnavailable, match="apt-get install bubblewrap"):
        Bubblewrap()
    bubblewrap_works.cache_clear()
    try:
        assert bubblewrap_works() is False
    finally:
        bubblewrap_works.cache_clear()


def test_without_the_filter_the_sandbox_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    def unavailable(worker: bool = True) -> bytes:
        raise syscalls.FilterUnavailable("no libseccomp here")

    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: "/usr/bin/bwrap")
    monkeypatch.setattr(confine, "filter_program", unavailable)
    with pytest.raises(SandboxUnavailable, match="no libseccomp here"):
        Bubblewrap()


@needs_bubblewrap
def test_bubblewrap_works_here_and_a_failing_probe_says_it_does_not(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bubblewrap_works.cache_clear()
    try:
        assert bubblewrap_works() is True
        bubblewrap_works.cache_clear()
        refuses = tmp_path / "bwrap"
        refuses.write_text("#!/bin/sh\nexit 1\n")
        refuses.chmod(0o755)
        monkeypatch.setattr(confine, "installed_bubblewrap", lambda: str(refuses))
        assert bubblewrap_works() is False
    finally:
        bubblewrap_works.cache_clear()


@needs_bubblewrap
def test_a_bubblewrap_that_cannot_show_the_stand_ins_does_not_work(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """bubblewrap before 0.5 has no --perms: every worker's launch would fail, so the probe,
    made like a worker's, says the sandbox does not work here."""
    older = tmp_path / "bwrap"
    older.write_text('#!/bin/sh\ncase " $* " in *" --perms "*) exit 1;; esac\n'
                     f'exec {confine.installed_bubblewrap()} "$@"\n')
    older.chmod(0o755)
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: str(older))
    bubblewrap_works.cache_clear()
    try:
        assert bubblewrap_works() is False
    finally:
        bubblewrap_works.cache_clear()


def test_the_confinement_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(confinement(False), Unconfined)
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: "/usr/bin/bwrap")
    sandbox = confinement(True, 9)
    assert isinstance(sandbox, Bubblewrap)
    assert sandbox.tmp_size == ["--size", str(9 << 20)]


def test_the_harness_is_the_process_that_bubblewraps_own_started(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Bubblewrap's process (1) started the harness (2), which started one of its own (3),
    each in the process group of the last (as a session of its own leaves them)."""
    bubblewrap = "/opt/sandbox/bwrap"
    programs = {1: bubblewrap, 2: "/usr/bin/python3", 3: "/usr/bin/python3"}
    parents = {1: 0, 2: 1, 3: 2}
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: bubblewrap)
    monkeypatch.setattr(confine, "stat_fields",
                        lambda pid: ["S", str(parents[pid]), "3"] if pid in parents else None)

    def program(path: str) -> str:
        pid = int(str(path).split("/")[2])
        if pid not in programs:
            raise FileNotFoundError(path)
        return programs[pid]

    monkeypatch.setattr(confine.os, "readlink", program)
    monkeypatch.setattr(confine, "own_number", lambda pid: numbers.get(pid))
    numbers = {1: 1, 2: 2, 3: 3}
    assert confine.harness_among({1, 2, 3}) == 2
    assert confine.harness_among({3}) is None  # its parent is no bubblewrap
    assert confine.harness_among({4}) is None  # gone
    # A sibling the file made (CLONE_PARENT) with a lower host id, the ids having come round:
    # its number in the sandbox is its own, not the harness's.
    programs[0] = "/usr/bin/python3"
    parents[0] = 1
    numbers[0] = 9
    assert confine.harness_among({0, 1, 2, 3}) == 2
    numbers[2] = 1  # run as the namespace's first process (--as-pid-1)
    assert confine.harness_among({0, 1, 2, 3}) == 2
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: None)
    assert confine.harness_among({1, 2, 3}) is None


@needs_bubblewrap
def test_a_build_sees_usr_and_its_toolchain_and_nothing_else_of_the_host() -> None:
    """What the JE of a compiler out of the sandbox's sight names (judge/run/build.py)."""
    build = Build(files={}, steps=(), toolchain=("/opt/jdk",))
    sandbox = Bubblewrap()
    assert sandbox.build_shows(build, "/usr/bin/g++")
    assert sandbox.build_shows(build, "/opt/jdk/bin/java")
    assert not sandbox.build_shows(build, "/opt/gcc/bin/g++")
    assert not sandbox.build_shows(build, "/opt/jdk-other/bin/java")  # a folder, not a prefix
    assert not sandbox.build_shows(build, "/home/ann/bin/g++")
    assert Unconfined().build_shows(build, "/home/ann/bin/g++")
