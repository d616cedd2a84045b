"""What the judge checks, from outside, about each case's fork and the warm processes above it.

A harness that forks (Python's) plays every case of a list in a fork of one warm process, which
has run the submission's code: the file's top level and the warm-up games. Nothing that process
says can be trusted, so the judge decides from /proc alone:

- before the case, what the fork shares with the processes it came from beyond copied memory:
  another thread, shared memory (even mapped read-only: mprotect makes it writable), an open
  pipe or socket, an open file its user could write (open for reading or not), and in the
  sandbox a mapping of a file in its private directories. A case could leave its secret there
  for the next one. And what each warm process holds that a case reaches without holding it,
  by a name: a file its user can write (open or mapped: emptying /tmp removes the name, not
  the file), a watch on files (inotify), a socket. A fork may close its copies before the
  judge looks; the warm process reads what the case left once it goes on.
- during the case, the warm processes are stopped (SIGSTOP): they cannot run, read or answer;
  and none is dumpable, so that no case may write its memory through /proc/PID/mem. One that
  looks ended (a zombie) but runs on in threads after its main thread ended is not played
  from: it would hear the case, unheld and unchecked.
  The judge holds a copy of each open file description the fork has (its pipes to the judge
  too), which the warm process shares: what a case sets on one (its offset, its flags, the
  signal of its I/O notices, a lock) the next fork would find.
- the fork's parent ignores SIGCHLD, so that the kernel reaps the fork as it ends: a parent
  that reaps its child learns how it ended and what it used (wait4: peak memory, processor
  time, page faults), which a case can choose.
- after the case, before they go on: the fork ended with status 0 (read through its pidfd),
  and no warm process was touched: still stopped, never run since it stopped (a case may wake
  it and stop it again), no signal pending but a child's end, the same `oom_score_adj` and
  priority. Otherwise the worker is retired, and what the case sent dies
  with it; so too when an open file description it shared is not as it was. Then the judge
  empties the sandbox's private directories itself, so that no warm process ever
  reads a note a case left there.

The warm processes checked are those a case can reach: its user's, in its PID namespace.
Reading their /proc takes root with CAP_SYS_PTRACE, or a sandbox whose user namespace the
judge made (`Confinement.checks_forks`); their descriptors are read through copies the judge
makes (pidfd_getfd), which either may take.
"""

from __future__ import annotations

import contextlib
import ctypes
import fcntl
import functools
import os
import select
import signal
import stat
import struct
import termios
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from judge.run.process import (
    children_of,
    exit_description,
    proc_text,
    reaped_exit_code,
    stat_fields,
)

# How long a fork may take to appear, stop or end: far beyond what any of them needs (a fork
# takes milliseconds), so that only a process that will not is refused.
SETTLE_SECONDS = 10.0
POLL_SECONDS = 0.0002
EAGER_POLLS = 50
# A child's end is the one signal a warm process may have waiting once its case is over.
EXPECTED_PENDING = 1 << (signal.SIGCHLD - 1)
# What a warm process may be while a case plays: stopped, or past doing anything (a zombie, or
# gone: a process the file started and the judge killed, which nobody reaps).
HELD = ("T", "Z", "")
# A fork asleep (waiting for its case's request), or gone.
SETTLED = ("S", "Z", "")


# capabilities(7): reading the /proc of another user's process, or of one that is not
# dumpable (a warm process while a case plays), takes it.
CAP_SYS_PTRACE = 19


def can_check_forks(own_status: str | None = None, root: bool | None = None) -> bool:
    """Whether this judge can check the forks of any process from outside: it must read the
    /proc of processes that are not dumpable, and of the sandbox's user, which takes root with
    CAP_SYS_PTRACE (a container may take it away). (In a sandbox of its own making a judge
    that is not root may too: `Confinement.checks_forks`.) Where it cannot, each case of a
    shared list plays in a new process: as fresh, and slower. `own_status` is
    /proc/self/status's text, `root` whether the judge is root."""
    if own_status is None:
        own_status = proc_text("/proc/self/status")
    if root is None:
        root = os.geteuid() == 0
    effective = next((line.split()[1] for line in own_status.splitlines()
                      if line.startswith("CapEff:")), "0")
    return root and bool(int(effective, 16) >> CAP_SYS_PTRACE & 1)


def state_of(pid: int) -> str:
    """The process's state letter (R, S, T, Z, ...), or "" once it is gone."""
    fields = stat_fields(pid)
    return fields[0] if fields else ""


def status_fields(pid: int, key: str) -> list[str]:
    """The fields of the line of /proc/PID/status that `key` ("Uid:", "NSpid:", ...) begins;
    none once the process is gone."""
    try:
        lines = proc_text(f"/proc/{pid}/status").splitlines()
    except OSError:
        return []
    return next((line.split()[1:] for line in lines if line.startswith(key)), [])


def pid_namespace(pid: int) -> str:
    """The PID namespace the process is numbered in (/proc/PID/ns/pid's link); "" once it is
    gone."""
    try:
        return os.readlink(f"/proc/{pid}/ns/pid")
    except OSError:
        return ""


def own_number(pid: int) -> int | None:
    """The process's id in its own PID namespace (the sandbox's); None once it is gone."""
    numbers = status_fields(pid, "NSpid:")
    return int(numbers[-1]) if numbers else None


def owner(pid: int) -> int:
    """The user a process runs as, its real user id (-1 once it is gone). Not the owner of
    /proc/PID, which is root's for a process that is not dumpable, as a warm process is."""
    users = status_fields(pid, "Uid:")
    return int(users[0]) if users else -1


def pending_signals(pid: int) -> int:
    """The signals waiting for the process, its own and its thread group's, as a mask."""
    mask = 0
    try:
        for line in proc_text(f"/proc/{pid}/status").splitlines():
            if line.startswith(("SigPnd:", "ShdPnd:")):
                mask |= int(line.split()[1], 16)
    except (OSError, ValueError, IndexError):
        return -1
    return mask


# What a process is doing, by its state letter (proc(5)).
DOINGS = {"R": "running", "S": "asleep", "D": "waiting in the kernel", "T": "stopped",
          "t": "stopped", "Z": "ended", "X": "ended", "": "gone"}


def doing(pid: int) -> str:
    """What a process is doing, in words, as `described` tells it from /proc."""
    return described(state_of(pid), kernel_wait(pid))


def kernel_wait(pid: int, thread: str = "") -> str:
    """Where in the kernel the process, or one of its threads, waits (its wchan: a function's
    name, "0" where the kernel hides it, or where the thread has not yet left the processor);
    "" once it is gone."""
    try:
        return proc_text(f"/proc/{pid}/task/{thread}/wchan" if thread else f"/proc/{pid}/wchan")
    except OSError:
        return ""


def described(state: str, where: str) -> str:
    """A process's state letter in words; asleep, with where in the kernel when that is a name
    (pipe_read: waiting for the judge's request; "0" where the kernel hides it)."""
    words = DOINGS.get(state, f"in state {state}")
    if state in ("S", "D") and where.isidentifier():
        return f"{words} in {where}"
    return words


NICE_FIELD = 16  # /proc/PID/stat's nineteenth, counted from the state, its third


def priority(pid: int) -> str:
    """The process's nice value, and its autogroup's (the kernel schedules each login session's
    processes as a group, whose nice value any of them may set through /proc/self/autogroup);
    "" once it is gone."""
    fields = stat_fields(pid)
    if not fields:
        return ""
    try:
        session = proc_text(f"/proc/{pid}/autogroup").strip()
    except OSError:
        session = ""  # a kernel without autogroups, or a process gone since
    return f"{fields[NICE_FIELD]} {session}"


def oom_score_adj(pid: int) -> str:
    try:
        return proc_text(f"/proc/{pid}/oom_score_adj").strip()
    except OSError:
        return ""


# What a case can set on a warm process from outside (a file of /proc, a system call), which
# every later fork inherits: read, by name, from each warm process held before a case and after.
WARM_SETTINGS: dict[str, Callable[[int], str]] = {
    "oom_score_adj": oom_score_adj,
    "priority (its nice value or its autogroup's)": priority,
}


def warm_settings(pid: int) -> dict[str, str]:
    return {name: read(pid) for name, read in WARM_SETTINGS.items()}


def threads_of(pid: int) -> list[str]:
    """The ids of the process's threads (its tasks in /proc); OSError once it is gone."""
    return os.listdir(f"/proc/{pid}/task")


def fully_stopped(pid: int) -> bool:
    """Whether every thread of the process is stopped and has left the processor and its run
    queue: a thread that has made itself stopped may still be run a moment, to leave, and
    only once it has does the kernel name where it waits (its wchan; the judge may read it:
    see `can_check_forks`). A thread gone meanwhile is left out; True once the process is gone."""
    try:
        threads = threads_of(pid)
    except OSError:
        return True
    for tid in threads:
        fields = stat_fields(pid, tid)
        if fields and (fields[0] != "T" or kernel_wait(pid, tid) == "0"):
            return False
    return True


def runs_without_its_main_thread(pid: int) -> bool:
    """Whether the process's main thread has ended while another of its threads runs on:
    /proc then shows the whole process as a zombie (Z), as if it had ended."""
    try:
        return state_of(pid) == "Z" and len(threads_of(pid)) > 1
    except OSError:
        return False  # gone


def times_run(pid: int) -> dict[str, int]:
    """How many times the kernel has given each thread of the process a processor (the third
    field of its schedstat, counted as the thread arrives on one); empty once it is gone."""
    try:
        return {tid: int(proc_text(f"/proc/{pid}/task/{tid}/schedstat").split()[2])
                for tid in threads_of(pid)}
    except (OSError, ValueError, IndexError):
        return {}


def shared_with_forks(pid: int, own_fds: Iterable[int], private: Iterable[str] = ()) -> str:
    """What of this process a fork shares with its parent and its siblings beyond copied
    memory; empty when there is nothing of the kind. `private` names the directories the
    sandbox lets the worker write (none without it: there the user's files are its own)."""
    try:
        threads = len(os.listdir(f"/proc/{pid}/task"))
        maps = [line.split() for line in proc_text(f"/proc/{pid}/maps").splitlines()]
        writable = private_devices(pid, private)
        fds = open_descriptors(pid, own_fds)
    except OSError:
        return "a process whose state the judge could not read"
    if threads > 1:
        others = "another thread" if threads == 2 else f"{threads - 1} other threads"
        return f"{others}, running beside every case"
    for mapping in maps:
        perms, name = mapping[1], " ".join(mapping[5:])
        # Every shared mapping names its file: anonymous memory shows as /dev/zero (deleted).
        if perms[3] == "s" and perms[1] == "w":
            return f"a writable shared memory mapping ({name})"
        # Shared memory mapped read-only is made writable again by mprotect(); only a file's
        # pages, opened read-only, are not (the C library's gconv-modules.cache, say).
        if perms[3] == "s" and name.endswith("(deleted)"):
            return f"a shared memory mapping that a case may make writable ({name})"
    mapped = mapping_of_a_writable_file(maps, writable)
    if mapped:
        return mapped
    user: int | None = None  # read once a descriptor needs it: an honest fork has none
    for descriptor in fds:
        if descriptor.kind in ("pipe", "socket", "anon_inode") or descriptor.access:
            return f"an open file descriptor ({descriptor.target})"
        # Open for reading only, a file still carries what a case writes to it through a new
        # opening (by its name, or /proc/self/fd), and the judge's emptying of /tmp removes its
        # name, not the file a descriptor holds: only a file its user cannot write is passed.
        if user is None:
            user = owner(pid)
        found = writable_file(descriptor, user)
        if found:
            return found
    return ""


def within_reach_of_cases(pid: int, own_fds: Iterable[int], private: Iterable[str],
                          user: int) -> str:
    """What a warm process holds that a case can reach without holding it, and that the warm
    process reads once it goes on: a file its user can write (by its name, gone or not once the
    judge has emptied /tmp: the warm process still holds the file), mapped or open; a watch on
    files (inotify, fanotify), which queues what a case did to them; a socket, which a case
    may reach by its name. Empty when it holds none. What a case's fork shares with it is
    `shared_with_forks`'s to find; a fork may close its copies before the judge looks."""
    try:
        mapped = mapped_file_on(pid, private_devices(pid, private))
        fds = open_descriptors(pid, own_fds)
    except OSError:
        return "a process whose state the judge could not read"
    if mapped:
        return mapped
    for descriptor in fds:
        if descriptor.target in WATCHES or descriptor.kind == "socket":
            return f"an open file descriptor ({descriptor.target})"
        if descriptor.kind in ("pipe", "anon_inode"):
            continue  # a case reaches these only by holding them, which its fork does not
        found = writable_file(descriptor, user)
        if found:
            return found
    return ""


def mapped_file_on(pid: int, devices: set[str]) -> str:
    """A mapping, in the process's memory, of a file on one of `devices`, which a case can
    write (see `mapping_of_a_writable_file`), or ""; OSError once the process is gone."""
    if not devices:
        return ""
    maps = proc_text(f"/proc/{pid}/maps")
    if not any(f" {device} " in maps for device in devices):
        return ""  # as it nearly always is: without splitting every line
    return mapping_of_a_writable_file([line.split() for line in maps.splitlines()], devices)


# What /proc/PID/fd shows for a descriptor that queues what is done to files: inotify, fanotify.
WATCHES = ("anon_inode:inotify", "anon_inode:[fanotify]")


@dataclass(frozen=True)
class Descriptor:
    """One of a process's open file descriptors, as the judge's own copy of it shows it."""

    target: str  # what it names, as /proc/PID/fd shows it: a path, pipe:[inode], socket:[...]
    status: os.stat_result
    access: int  # os.O_RDONLY, O_WRONLY or O_RDWR

    @property
    def kind(self) -> str:
        """pipe, socket, anon_inode (an inotify watch, an eventfd, ...), or a path."""
        return self.target.split(":")[0]


def descriptor_numbers(pid: int) -> list[int]:
    """The numbers of the process's open descriptors, from /proc/PID/fdinfo. Not /proc/PID/fd,
    which is the owner's of a process that is not dumpable: the root of its user namespace,
    which in the sandbox of a judge that is not root maps to no user the judge can be.
    OSError once the process is gone."""
    return sorted(int(n) for n in os.listdir(f"/proc/{pid}/fdinfo"))


# /dev/null, which carries nothing (Node.js's fork opens its own).
NULL_DEVICE = os.makedev(1, 3)


def open_descriptors(pid: int, own_fds: Iterable[int]) -> list[Descriptor]:
    """The process's open descriptors but its own pipes to the judge and /dev/null, each read
    through a copy the judge makes (pidfd_getfd, which a judge may take where it may read the
    process's /proc) and closes; OSError if the process is gone."""
    own = set(own_fds)
    numbers = [fd for fd in descriptor_numbers(pid) if fd not in own]
    if not numbers:
        return []  # as for an honest fork: nothing to copy
    found = []
    pidfd = os.pidfd_open(pid)
    try:
        for fd in numbers:
            if fd == pidfd and pid == os.getpid():
                continue  # read by itself (as in tests), where the listing's number was reused
            copy = system_calls().syscall(PIDFD_GETFD, pidfd, fd, 0)
            if copy < 0:
                if os.path.exists(f"/proc/{pid}/fdinfo/{fd}"):
                    # Open, and not the judge's to copy: what it holds is not passed unread.
                    raise PermissionError
                continue  # closed since it was listed
            try:
                status = os.fstat(copy)
                target = os.readlink(f"/proc/self/fd/{copy}")
                access = fcntl.fcntl(copy, fcntl.F_GETFL) & os.O_ACCMODE
            finally:
                os.close(copy)
            if not (stat.S_ISCHR(status.st_mode) and status.st_rdev == NULL_DEVICE):
                found.append(Descriptor(target, status, access))
    finally:
        os.close(pidfd)
    return found


def private_devices(pid: int, private: Iterable[str]) -> set[str]:
    """The devices of the directories the sandbox lets the worker write, seen from the
    process, as /proc/PID/maps writes them."""
    return {device_text(os.stat(f"/proc/{pid}/root{folder}").st_dev) for folder in private}


def mapping_of_a_writable_file(maps: list[list[str]], writable: set[str]) -> str:
    """A memory mapping of a file that a case can write, which shows what the case wrote
    through any mapping, even a private one, until the page is copied; or ""."""
    for mapping in maps:
        device, name = mapping[3], " ".join(mapping[5:])
        if device in writable or (writable and name.endswith("(deleted)")):
            return f"a memory mapping of a file that a case can write ({name})"
    return ""


def writable_file(descriptor: Descriptor, user: int) -> str:
    """The descriptor as a file its user could open anew to write (see `writable_by`), or ""."""
    if writable_by(descriptor.status, user):
        return f"an open file descriptor ({descriptor.target}) of a file that its user can write"
    return ""


def device_text(device: int) -> str:
    """A device number as /proc/PID/maps writes it (major:minor, in hexadecimal)."""
    return f"{os.major(device):02x}:{os.minor(device):02x}"


# Devices that keep nothing written to them for a later reader: null, zero, full, random and
# urandom (devices.txt, major 1).
CARRY_NOTHING = frozenset(os.makedev(1, minor) for minor in (3, 5, 7, 8, 9))


def writable_by(opened: os.stat_result, user: int) -> bool:
    """Whether `user` may open the file anew to write to it: root may write anything, an owner
    may make its file writable, and a group or anyone else may already. Conservative: a file on
    a read-only mount, or of a group the user is not in, is counted writable all the same."""
    if stat.S_ISCHR(opened.st_mode) and opened.st_rdev in CARRY_NOTHING:
        return False
    return (user in (0, -1) or opened.st_uid == user
            or bool(opened.st_mode & (stat.S_IWGRP | stat.S_IWOTH)))


def waited(condition: Callable[[], bool], seconds: float = SETTLE_SECONDS,
           hopeless: Callable[[], bool] = lambda: False) -> bool:
    """Poll `condition` until it holds or `seconds` pass: at first giving the processor up
    only (what is awaited takes microseconds, a sleep's slack alone is longer), then asleep,
    asking first each time whether it is `hopeless` to wait on."""
    deadline = time.monotonic() + seconds
    polls = 0
    while not condition():
        if time.monotonic() >= deadline:
            return False
        polls += 1
        if polls <= EAGER_POLLS:
            os.sched_yield()
        elif hopeless():
            return False
        else:
            time.sleep(POLL_SECONDS)
    return True


def signal_each(pids: Iterable[int], signum: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, signum)
        except (ProcessLookupError, PermissionError):
            continue


# pidfd_getfd(2) (Linux 5.6): one number on every architecture, from the kernel's common table.
PIDFD_GETFD = 438
# fcntl(2) commands that read what an open file description keeps beyond /proc's fdinfo.
F_GETSIG, F_GETOWN_EX, F_GETPIPE_SZ = 11, 16, 1032
OWNER_SIZE = 8  # struct f_owner_ex: a type and a process id
# A fork with more open descriptors than this is not watched (a case could make the judge's own
# run out): its case's worker is retired after it, as if the case had changed one.
WATCHED_DESCRIPTORS = 64


@functools.cache
def system_calls() -> ctypes.CDLL:
    return ctypes.CDLL(None)


def copied_descriptions(pid: int) -> list[int] | None:
    """The judge's own descriptors (pidfd_getfd) for every open file description of the
    process, which it shares with the processes it was forked from; None where the judge
    cannot copy them all (the kernel, its rights, too many to watch). Copies the caller closes."""
    copies: list[int] = []
    try:
        fds = descriptor_numbers(pid)
        if len(fds) > WATCHED_DESCRIPTORS:
            return None
        pidfd = os.pidfd_open(pid)
    except OSError:
        return None
    try:
        for fd in fds:
            copy = system_calls().syscall(PIDFD_GETFD, pidfd, fd, 0)
            if copy < 0:  # closed since it was listed, say: a settled fork closes nothing
                close_all(copies)
                return None
            copies.append(copy)
    finally:
        os.close(pidfd)
    return copies


def close_all(fds: Iterable[int]) -> None:
    for fd in fds:
        os.close(fd)


def description_state(fd: int) -> tuple[str, int, bytes, int, int]:
    """What a process can set on an open file description, for another that shares it to read:
    fdinfo (its offset, its flags, the locks held through it), the signal and the owner of its
    I/O notices, a pipe's capacity; and, for one open for reading only, how much waits there
    to be read (a case can open a pipe the warm process reads anew, through /proc/self/fd, and
    write to it)."""
    try:
        pipe_size = fcntl.fcntl(fd, F_GETPIPE_SZ)
    except OSError:
        pipe_size = -1  # not a pipe
    unread = -1  # where the judge reads it (standard output), it moves on its own
    # (nothing to count in a directory or /dev/null)
    with contextlib.suppress(OSError):
        if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_RDONLY:
            unread = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, bytes(4)))[0]
    return (proc_text(f"/proc/self/fdinfo/{fd}"), fcntl.fcntl(fd, F_GETSIG),
            fcntl.fcntl(fd, F_GETOWN_EX, bytes(OWNER_SIZE)), pipe_size, unread)


@dataclass
class CaseFork:
    """One case's fork, found below its warm parent, with the warm processes held still."""

    pid: int
    warm: set[int]
    held: set[int] = field(default_factory=set)  # the warm processes that were alive, stopped
    settings: dict[int, dict[str, str]] = field(default_factory=dict)  # as it began
    runs: dict[int, dict[str, int]] = field(default_factory=dict)  # as it began: `times_run`
    # The judge's copies of the fork's open file descriptions, with their state before the
    # case; None when they could not be copied.
    descriptions: dict[int, tuple[str, int, bytes, int, int]] | None = None

    def watch_descriptions(self) -> None:
        copies = copied_descriptions(self.pid)
        if copies is not None:
            self.descriptions = {copy: description_state(copy) for copy in copies}

    def descriptions_kept(self) -> bool:
        """Whether every open file description the fork shared is as it was before its case:
        asked once nothing of the case is left to change one."""
        return self.descriptions is not None and all(
            description_state(copy) == before for copy, before in self.descriptions.items())

    def close(self) -> None:
        """Close the judge's copies of the fork's open file descriptions."""
        close_all(self.descriptions or ())
        self.descriptions = None

    def release(self) -> None:
        signal_each(self.warm, signal.SIGCONT)


def fork_below(parent: int) -> int | str:
    """The case's fork: the only child of `parent` (the list's warm process), once it has
    appeared; or why there is none to play the case in."""
    found: list[int] = []

    def forked() -> bool:
        found[:] = sorted(children_of(parent))
        return bool(found)

    def gone() -> bool:
        return state_of(parent) in ("Z", "")

    # A warm process that has ended forks nothing: the case is refused now, not in seconds.
    if not waited(forked, hopeless=gone):
        if gone():
            return "the solution's warm process ended before it forked for its case"
        return ("the solution's process did not fork for its case in time (its warm process "
                f"was {doing(parent)})")
    if len(found) > 1:
        return "the solution's warm process started other processes beside the case's"
    return found[0]


def isolate(case_pid: int, parent: int, warm: set[int], own_fds: Iterable[int],
            private: Iterable[str] = ()) -> CaseFork | str:
    """Stop every warm process and check from outside what the case's fork shares with them.
    The fork, or why the case is not played from this state (the warm processes then go on)."""
    # Only a process of the case's own user, which it can name, is within its reach (signals,
    # /proc): not the sandbox's bubblewrap processes, which are root's where the worker runs as
    # nobody, and outside its PID namespace where the judge is not root.
    user, numbering = owner(case_pid), pid_namespace(case_pid)
    case = CaseFork(case_pid, {p for p in warm
                               if owner(p) == user and pid_namespace(p) == numbering})
    signal_each(case.warm, signal.SIGSTOP)
    if not waited(lambda: all(state_of(p) in HELD for p in case.warm)):
        case.release()
        return "the solution's warm process could not be stopped during the case"
    case.held = {p for p in case.warm if state_of(p) == "T"}
    # Only an ended process is left unheld: one that looks ended and runs on would be free to
    # hear the case and tell the next.
    if any(runs_without_its_main_thread(p) for p in case.warm - case.held):
        case.release()
        return ("the solution's warm process ended its main thread and runs on in its other "
                "threads, which the judge does not hold still: one case could leave its secret "
                "there for the next, so the judge does not play cases from this state")
    case.settings = {p: warm_settings(p) for p in case.held}
    # A case may set a warm process running and stop it again before it ends: it looks as
    # held as before, but its signal handlers ran (and learned what the case sent them). So the
    # judge counts how often each of its threads was run, from the moment it left the processor.
    if not waited(lambda: all(fully_stopped(p) for p in case.held)):
        case.release()
        return "the solution's warm process could not be stopped during the case"
    case.runs = {p: times_run(p) for p in case.held}
    # The case's parent (fork_below found it its child), stopped, cannot change how it treats
    # its children's ends meanwhile.
    if not leaves_its_children_to_the_kernel(parent):
        case.release()
        return ("the solution's warm process would reap each case's process and learn what it "
                "used (its peak memory, its processor time): one case could tell the next its "
                "secret that way, so the judge does not play cases from this state")
    # A harness may still be closing what its runtime made at the fork (Node's libuv makes a
    # pipe anew in every fork): what the fork shares is read once it waits for its case.
    waited(lambda: state_of(case.pid) in SETTLED)
    shared = shared_with_forks(case.pid, own_fds, private)
    if shared:
        case.release()
        return (f"every case's process would share {shared}: one case could leave its "
                "secret there for the next, so the judge does not play cases from this state")
    reached = warm_state_within_reach(case.held, own_fds, private, user)
    if reached:
        case.release()
        return reached
    case.watch_descriptions()
    return case


def warm_state_within_reach(held: set[int], own_fds: Iterable[int], private: Iterable[str],
                            user: int) -> str:
    """Why a case could leave its secret in a held warm process without holding anything of
    it, for the warm process to read once it goes on; "" if it cannot."""
    # (A worker run as root may write any process's memory.)
    if user != 0 and any(memory_open_to(p, user) for p in held):
        return ("the solution's warm process let other processes of its user write its memory "
                "(it made itself dumpable): one case could leave its secret there for the next, "
                "so the judge does not play cases from this state")
    for pid in sorted(held):
        kept = within_reach_of_cases(pid, own_fds, private, user)
        if kept:
            return (f"the solution's warm process holds {kept}, which a case can reach and the "
                    "warm process read once the case is over: one case could leave its secret "
                    "there for the next, so the judge does not play cases from this state")
    return ""


def memory_open_to(pid: int, user: int) -> bool:
    """Whether the process lets `user`'s processes read and write its memory: it is dumpable
    (prctl), which the kernel shows by leaving /proc/PID/mem to the process's own user;
    otherwise it is root's. (Not /proc/PID itself, which stays the user's either way.)"""
    try:
        return os.stat(f"/proc/{pid}/mem").st_uid == user
    except OSError:
        return False  # gone: nothing left to write


def leaves_its_children_to_the_kernel(pid: int) -> bool:
    """Whether the process ignores SIGCHLD, so that the kernel reaps its children as they end:
    it never learns what they used (wait4's resource use: peak memory, CPU time, page faults)
    nor how they ended."""
    ignored = status_fields(pid, "SigIgn:")
    return bool(ignored) and bool(int(ignored[0], 16) & EXPECTED_PENDING)


def exit_code_of(pidfd: int, seconds: float = SETTLE_SECONDS) -> int | None:
    """The exit code of the pidfd's process (negative: the signal that killed it) once the
    kernel has reaped it; None where the kernel cannot tell (before Linux 6.15), or if it has
    not been reaped within `seconds`."""
    code: list[int] = []

    def told() -> bool:
        found = reaped_exit_code(pidfd)
        if found is not None:
            code.append(found)
        return bool(code)

    try:
        if not waited(told, seconds):
            return None
    except OSError:
        return None
    return code[0]


def wait_for_end(pidfd: int, seconds: float = SETTLE_SECONDS) -> bool:
    """Whether the process of the pidfd ended within `seconds`."""
    ready, _, _ = select.select([pidfd], [], [], seconds)
    return bool(ready)


def case_ended(case: CaseFork, status: int | None) -> str:
    """After the case: whether it reached a warm process, and how its fork ended (`status`,
    from its pidfd: None where the kernel cannot tell); empty when it touched nothing and ended
    with status 0. The warm processes are still stopped."""
    # A status is told only of a process reaped: /proc is asked only when none was (and a
    # process just reaped took a millisecond to look up there, about one case in ten).
    if status is None and state_of(case.pid) not in ("Z", ""):
        return "the case's process did not end after findSecretWord returned"
    for pid in sorted(case.held):
        if state_of(pid) != "T":
            return "the case's process set a warm process running again, or ended one"
        pending = pending_signals(pid)
        if pending & ~EXPECTED_PENDING:
            return "the case's process sent a signal to a warm process"
        now = warm_settings(pid)
        for name, before in case.settings[pid].items():
            if now[name] != before:
                return f"the case's process changed a warm process's {name}"
        if times_run(pid) != case.runs.get(pid):
            return "the case's process set a warm process running again, or ended one"
    if status is not None and status != 0:
        return ("the case's process did not end cleanly after findSecretWord returned: "
                + exit_description(status).replace(" before findSecretWord returned", ""))
    return ""


def empty_from_outside(pid: int, directories: Iterable[str]) -> str:
    """Remove what the sandbox's processes wrote in their private directories, seen through a
    stopped process's root (/proc/PID/root); what could not be removed, or "".

    Every process of the sandbox is stopped or ended meanwhile, so that nothing can swap a
    directory for a link under the walk; links are removed, never followed. Mount points (the
    sandbox's own, read-only) are left where they are, with the folders that lead to them
    (a toolchain under /tmp, say), which bubblewrap made: those the worker could change are
    not left, since their names and times could carry a secret.
    """
    worker = owner(pid)
    for directory in directories:
        top = f"/proc/{pid}/root{directory}"
        try:
            device = os.lstat(top).st_dev
        except OSError:
            return f"the judge could not see {directory} to empty it"
        folders, todo, held = [], [top], set()
        while todo:  # by hand, not recursively: the solution chooses how deep it goes
            folder = todo.pop()
            folders.append(folder)
            try:
                entries = list(os.scandir(folder))
            except OSError:
                return f"a folder in {directory} that the judge could not read"
            for entry in entries:
                try:
                    found = entry.stat(follow_symlinks=False)
                    if found.st_dev != device:
                        held.add(folder)  # a mount point: not entered, not removed
                    elif stat.S_ISDIR(found.st_mode):
                        todo.append(entry.path)
                    else:
                        os.unlink(entry.path)
                except FileNotFoundError:
                    continue
                except OSError:
                    return f"a file in {directory} that the judge could not remove"
        for folder in reversed(folders[1:]):  # every folder after the folders inside it
            try:
                if folder in held:
                    if not out_of_reach(os.lstat(folder), worker):
                        return f"a folder in {directory} that the judge could not remove"
                    held.add(os.path.dirname(folder))
                else:
                    os.rmdir(folder)
            except FileNotFoundError:
                continue
            except OSError:
                return f"a file in {directory} that the judge could not remove"
    return ""


def out_of_reach(folder: os.stat_result, worker: int) -> bool:
    """Whether the worker's user can neither rename, retime nor fill a folder: not its own,
    and writable by its owner only."""
    return folder.st_uid != worker and not folder.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
