"""What a worker can see: everything its user can (plain), or almost nothing (bubblewrap).

Both take a harness's `Launch` and return the command to start; a harness never knows which.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Protocol

from judge.harness.launch import Build, Launch, Mounted
from judge.run import machine_view
from judge.run.forks import can_check_forks, own_number
from judge.run.process import Command, stat_fields
from judge.run.syscalls import FilterUnavailable, filter_fd, filter_program

# The variables that tell a harness which directories, and whether the IPC namespace, are
# the worker's own (PROTOCOL.md).
PRIVATE_DIRECTORIES = "JUDGE_PRIVATE_DIRECTORIES"
PRIVATE_IPC = "JUDGE_PRIVATE_IPC"


# Who a sandboxed worker runs as when the judge is root: "nobody", a user that owns no file and
# may write none outside the sandbox's /tmp. The page cache's state is then hidden from it
# (the kernel answers mincore() and cachestat() only for files the caller could write), so a
# case cannot read marks that another case, run or submission left by reading chosen pages.
# A judge run by an ordinary user runs workers as that user: the files it owns stay visible.
WORKER_USER = 65534
SETPRIV = "/usr/bin/setpriv"


class SandboxUnavailable(Exception):
    """--sandbox was asked for but bubblewrap is missing."""


class Confinement(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def private_directories(self) -> tuple[str, ...]:
        """The only places a worker may write, its own: emptied before each case."""
        ...

    @property
    def workers_apart(self) -> bool:
        """Whether two workers running at once share nothing they could meet in: no files,
        processes, IPC or network (so a case's next worker may load while it plays)."""
        ...

    @property
    def own_process_ids(self) -> bool:
        """Whether the worker's processes and threads are numbered apart from the machine's
        (a PID namespace of its own), so that nothing but the worker draws their ids."""
        ...

    @property
    def checks_forks(self) -> bool:
        """Whether the judge can check a case's fork and the warm processes above it from
        outside (judge/run/forks.py): read the /proc of each, dumpable or not, with none
        within a case's reach that it does not check."""
        ...

    def command(self, launch: Launch) -> Command: ...

    def build_command(self, build: Build, step: tuple[str, ...], directory: Path) -> Command:
        """One step of a build, run in `directory`, the only place it may write (with /tmp)."""
        ...

    def build_shows(self, build: Build, path: str) -> bool:
        """Whether a step of `build` sees the host's `path` (a compiler, say) at its place."""
        ...


class Unconfined:
    """The worker runs as the user, with the user's view of the disk."""

    name = "plain"
    private_directories: tuple[str, ...] = ()  # the user's: not the judge's to empty
    workers_apart = False  # the same user, the same disk, the same /tmp
    own_process_ids = False  # drawn from the machine's, by every process on it

    @property
    def checks_forks(self) -> bool:
        return can_check_forks()

    def command(self, launch: Launch) -> Command:
        return Command([str(a.host) if isinstance(a, Mounted) else a for a in launch.argv],
                       launch.env)

    def build_command(self, build: Build, step: tuple[str, ...], directory: Path) -> Command:
        return Command(step, build.env, cwd=str(directory))

    def build_shows(self, build: Build, path: str) -> bool:
        return True


def installed_bubblewrap() -> str | None:
    """Where bubblewrap is installed, if it is (tests stand in for it here)."""
    return shutil.which("bwrap")


def harness_among(pids: set[int]) -> int | None:
    """Of a sandboxed worker's processes, the harness: the one that bubblewrap's own processes
    started (the command); None if none is. A sibling the file made while loading (clone with
    CLONE_PARENT) has the same parent, and once the host's process ids come round, a lower
    id: the harness is also its PID namespace's first process (1, with --as-pid-1) or the
    first that bubblewrap's own started there (2), a number no sibling has while it lives."""
    installed = installed_bubblewrap()
    if installed is None:
        return None
    bubblewrap = os.path.realpath(installed)

    def runs_bubblewrap(pid: int) -> bool:
        try:
            return os.readlink(f"/proc/{pid}/exe") == bubblewrap
        except OSError:
            return False

    for pid in sorted(pids):
        fields = stat_fields(pid)
        if fields and runs_bubblewrap(int(fields[1])) and not runs_bubblewrap(pid) and \
                own_number(pid) in (1, 2):
            return pid
    return None


def bubblewrap_path() -> str:
    path = installed_bubblewrap()
    if path is None:
        raise SandboxUnavailable(
            "--sandbox needs bubblewrap: install it with 'apt-get install bubblewrap'")
    return path


class Bubblewrap:
    """No network, a read-only view of /usr and the toolchain, the launch's files, nothing else."""

    name = "bubblewrap"
    private_directories = ("/tmp", "/dev/mqueue")
    # Each worker in namespaces of its own (PID, IPC, network; a /tmp of its own, the rest
    # read-only), and the filter refuses what could reach across them (ptrace, sockets).
    workers_apart = True
    own_process_ids = True

    def __init__(self, tmp_mb: int = 0) -> None:
        self.path = bubblewrap_path()
        try:
            filter_program(worker=True)  # refused here, once, rather than at every launch
        except FilterUnavailable as e:
            raise SandboxUnavailable(str(e)) from e
        # The sandbox's /tmp is memory: it is capped like the worker (the cgroup counts it too).
        self.tmp_size = ["--size", str(tmp_mb << 20)] if tmp_mb > 0 else []

    @property
    def checks_forks(self) -> bool:
        # A judge that is not root made the worker's user namespace, so it holds every
        # capability over the processes in it (`worker_identity`).
        return os.geteuid() != 0 or can_check_forks()

    # What of the host every sandboxed process sees at its own place, besides the toolchain.
    host_folders = ("/usr",)

    def _sandbox(self, toolchain: tuple[str, ...], namespaces: list[str]) -> list[str]:
        """bubblewrap with its namespaces, /usr, /proc, /dev, a private /tmp and the toolchain
        read-only: what every sandboxed process sees, a worker or a compiler."""
        return [self.path, *namespaces, "--die-with-parent", "--new-session",
                *[x for d in self.host_folders for x in ("--ro-bind", d, d)],
                "--symlink", "usr/lib", "/lib",
                "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin",
                "--proc", "/proc", "--dev", "/dev", "--mqueue", "/dev/mqueue",
                *self.tmp_size, "--perms", "1777", "--tmpfs", "/tmp",
                # After the tmpfs, so that a toolchain directory under /tmp is not hidden by it.
                *[x for d in toolchain if not d.startswith("/usr/") for x in read_only_bind(d, d)]]

    def command(self, launch: Launch) -> Command:
        binds, argv = [], []
        for argument in launch.argv:
            if isinstance(argument, Mounted):
                binds += read_only_bind(str(argument.host), argument.inside)
                argv.append(argument.inside)
            else:
                argv.append(argument)
        # Only /tmp and the POSIX message queues can be written, and the harness empties them
        # and the IPC namespace before each case of a list, so that no case finds what an
        # earlier one left (PROTOCOL.md).
        read_only = ["--remount-ro", "/dev", "--remount-ro", "/"]
        private = ["--setenv", PRIVATE_DIRECTORIES, ":".join(self.private_directories),
                   "--setenv", PRIVATE_IPC, "1"]
        # bubblewrap itself needs no environment; the program gets exactly the launch's.
        namespaces, as_worker = worker_identity()
        # Stand-ins for the machine's counts in /proc, which a case could move for a later one.
        machine, stand_ins = machine_view.bubblewrap_arguments()
        seccomp = filter_fd()
        return Command([*self._sandbox(launch.toolchain, namespaces), *machine, *binds,
                        *read_only, "--chdir", "/tmp", "--clearenv", *setenv(launch.env),
                        *private, "--seccomp", str(seccomp), *as_worker, *argv], {},
                       pass_fds=(seccomp, *stand_ins))

    def build_command(self, build: Build, step: tuple[str, ...], directory: Path) -> Command:
        # The compiler sees the toolchain and the build directory: a submission cannot
        # #include a case file, or anything else of the user's, into its program.
        seccomp = filter_fd(worker=False)
        return Command([*self._sandbox(build.toolchain, USER_NAMESPACE), "--bind",
                        str(directory), "/build",
                        "--remount-ro", "/", "--chdir", "/build", "--clearenv",
                        *setenv(build.env), "--seccomp", str(seccomp), *step], {},
                       pass_fds=(seccomp,))

    def build_shows(self, build: Build, path: str) -> bool:
        return any(Path(path).is_relative_to(shown)
                   for shown in (*self.host_folders, *build.toolchain))


def read_only_bind(host: str, inside: str) -> list[str]:
    """Show `host` at `inside`, read-only. bubblewrap makes missing parent directories that
    only root may enter: they are made first, open to all, for a worker that is not root."""
    parents = [str(p) for p in reversed(Path(inside).parents)
               if str(p) not in ("/", "/tmp", "/usr") and not str(p).startswith("/usr/")]
    return [*[x for d in parents for x in ("--perms", "0755", "--dir", d)],
            "--ro-bind", host, inside]


# A sandbox in namespaces of its own, the user's too, with no capability left in it.
USER_NAMESPACE = ["--unshare-all", "--cap-drop", "ALL"]


def worker_identity() -> tuple[list[str], list[str]]:
    """The namespaces of a worker's sandbox, and the command that makes the worker who it runs
    as. As root: every namespace but the user's, so that the worker really is WORKER_USER (in
    a user namespace it would be root outside), and setpriv, started by bubblewrap under the
    filter, drops every capability and becomes that user before the worker starts. Otherwise:
    a user namespace of its own, as for a build, which the judge made: it may read the /proc
    of every process in it, as it must to check forks. The worker is its PID namespace's
    first process: bubblewrap's own first process would stay its user's and dumpable, within
    a case's reach (ptrace), and never checked."""
    if os.geteuid() != 0:
        return [*USER_NAMESPACE, "--as-pid-1"], []
    return (["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts",
             "--unshare-cgroup-try"],
            [SETPRIV, f"--reuid={WORKER_USER}", f"--regid={WORKER_USER}", "--clear-groups",
             "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"])


def setenv(environment: Mapping[str, str]) -> list[str]:
    return [x for name, value in environment.items() for x in ("--setenv", name, value)]


@functools.cache
def bubblewrap_works() -> bool:
    """Whether bubblewrap is installed and can make its namespaces here (some containers
    forbid them): asked once, by running `true` in a sandbox like the worker's."""
    path = installed_bubblewrap()
    if path is None:
        return False
    # With the machine's stand-ins too: a bubblewrap older than 0.5 has no --perms.
    machine, stand_ins = machine_view.bubblewrap_arguments()
    try:
        probe = subprocess.run(
            [path, "--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/usr",
             "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
             "--symlink", "usr/bin", "/bin", "--proc", "/proc", *machine, "--dev", "/dev",
             "/usr/bin/true"],
            stdin=subprocess.DEVNULL, capture_output=True, timeout=30, check=False,
            pass_fds=stand_ins)
    except (OSError, subprocess.TimeoutExpired):
        return False
    finally:
        for fd in stand_ins:
            os.close(fd)
    return probe.returncode == 0


def confinement(sandbox: bool, tmp_mb: int = 0) -> Confinement:
    return Bubblewrap(tmp_mb) if sandbox else Unconfined()
