"""A worker process: starting it, its pipes to the judge, draining its output, killing its tree.

The judge talks to the worker over two pipes, one JSON object per line (the harness's
protocol, `judge/harness/PROTOCOL.md`); the worker's stdout and stderr go to a third pipe
that the judge drains whenever it waits, keeping only the first bytes of each case's output.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import select
import shutil
import signal
import struct
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge.harness.launch import Channel
from judge.run.limits import Clock, MemoryWatch, NoWatch
from judge.safetext import safe_block

# A worker's message is a guess, a short error or a traceback: far below this. A line longer
# than this is not read on: it is the submission's flood, and the judge's memory stays bounded.
LONGEST_MESSAGE = 1 << 20
SEND_SECONDS = 10.0  # how long a message may wait for room in the pipe outside a case


# What receive returns when a process of the worker was killed for memory: the case is over
# (its other processes may wait for the dead one for ever). Told apart by identity, so that no
# message a worker sends can pass for it.
MEMORY_KILLED: dict[str, Any] = {"op": "killed for memory"}
# What receive returns when the case's fork has ended (Worker.case_end_fd) before its case did.
CASE_PROCESS_ENDED: dict[str, Any] = {"op": "the case's process ended"}


class JudgeError(Exception):
    """The judge itself failed (not the submission): reported as JE."""


@dataclass(frozen=True)
class Command:
    """What to execute, and the whole environment it gets."""

    argv: Sequence[str]
    env: Mapping[str, str]
    cwd: str | None = None
    # Descriptors the program inherits (the sandbox's system-call filter): the one who
    # launches it passes them on and closes them.
    pass_fds: tuple[int, ...] = ()

    def close(self) -> None:
        for fd in self.pass_fds:
            with contextlib.suppress(OSError):
                os.close(fd)

class OutputDrain:
    """The worker's stdout and stderr, read by the judge whenever it waits on the worker.

    Of each case's output the first `limit` bytes are kept and the rest only counted; the last
    `RECENT_BYTES` are kept as well, where a harness's stack dump on a time-out would be.
    Reading happens in the judge's own wait (no thread), so when the harness reports a case's
    end, everything it printed before is already here.
    """

    RECENT_BYTES = 8192

    def __init__(self, fd: int, limit: int) -> None:
        os.set_blocking(fd, False)
        self.fd, self.limit = fd, limit
        self.kept, self.dropped, self.recent = bytearray(), 0, b""

    @property
    def open(self) -> bool:
        return self.fd >= 0

    def pump(self) -> None:
        """Read whatever the pipe holds now, without waiting for more."""
        while self.fd >= 0:
            try:
                chunk = os.read(self.fd, 65536)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                self.close()
                return
            room = self.limit - len(self.kept)  # kept never passes the limit
            self.kept += chunk[:room]
            self.dropped += len(chunk) - len(chunk[:room])
            self.recent = (self.recent + chunk)[-self.RECENT_BYTES:]

    def take(self) -> str:
        """This case's output, safe to print, and start counting the next case's."""
        self.pump()
        text = safe_block(self.kept.decode("utf-8", "replace"))
        if self.dropped:
            text += f"\n[... {self.dropped} more bytes of output dropped]"
        self.kept, self.dropped = bytearray(), 0
        return text

    def take_recent(self) -> str:
        self.pump()
        recent, self.recent = self.recent, b""
        return recent.decode("utf-8", "replace")

    def close(self) -> None:
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


def proc_text(path: str) -> str:
    """A /proc file's text. Its bytes are the submission's to choose in places (a process's
    name, in stat and status, need not be UTF-8), so what is not UTF-8 is replaced, never
    raised. Read with plain system calls: the judge reads dozens a case, and open()'s
    buffered text file costs three calls more each time. OSError once the process is gone."""
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks).decode("utf-8", "replace")


def stat_fields(pid: int, thread: str = "") -> list[str] | None:
    """/proc/PID/stat from its third field (the state) on, or one thread's of the process;
    None once it is gone."""
    where = f"/proc/{pid}/task/{thread}/stat" if thread else f"/proc/{pid}/stat"
    try:
        # The name, in parentheses, may hold anything: the fields follow its last ")".
        return proc_text(where).rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


def children_of(pid: int) -> set[int]:
    """The processes whose parent is `pid`, from /proc's children list of each of its threads."""
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            found |= {int(c) for c in proc_text(f"/proc/{pid}/task/{task}/children").split()}
        except OSError:
            continue
    return found


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, read from /proc's children lists."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        children = children_of(todo.pop())
        todo += children - found
        found |= children
    return found


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(root: int, below: set[int]) -> float:
    """User and system time of `root` and the processes `below` it, with their reaped
    children's.

    A child that has been waited for adds its time to its parent's cutime and cstime and
    leaves /proc, so each CPU second is counted once.
    """
    return sum(cpu_ticks(pid) for pid in {root} | below) / CLOCK_TICKS


def cpu_ticks(pid: int) -> int:
    """utime, stime, cutime and cstime of one process; 0 once it is gone."""
    fields = stat_fields(pid)
    return sum(int(x) for x in fields[11:15]) if fields else 0


def all_stopped(listed: Callable[[], set[int]]) -> set[int]:
    """Every process `listed` names, each stopped, listed again until none is new. Nothing is
    killed before all are stopped: a killed parent hands its children to init, where they
    could not be found."""
    doomed: set[int] = set()
    while found := listed() - doomed:
        signal_all(found, signal.SIGSTOP)
        doomed |= found
    return doomed


def reap_siblings(leader: int) -> None:
    """Kill and reap the judge's children, other than `leader`, in the session `leader`
    leads. A worker (its own session) can make a sibling of itself, the judge's child, with
    clone(CLONE_PARENT): killed, it would stay a zombie as long as the judge runs, and a
    judge that grades a class in one run would gather one for each such submission."""
    for child in children_of(os.getpid()) - {leader}:
        fields = stat_fields(child)  # state, parent, process group, session, ...
        if fields is None or fields[3] != str(leader):
            continue
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(child, 0)


def signal_all(pids: set[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


def exit_description(code: object, relayed: bool = False) -> str:
    """How a process ended, from its exit code (negative: the signal that killed it);
    `relayed`: the code is bubblewrap's, passed on from the process it ran."""
    if not isinstance(code, int) or isinstance(code, bool):
        return "the process ended"
    if code < 0:
        try:
            return f"killed by signal {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    # A status of 128 + a signal's number: how bubblewrap, as the sandbox's first process,
    # passes on its child's death (Signals refuses any other number). A program may exit with
    # it too: said as what it is, not as a signal, where the status is the program's own.
    if relayed:
        with contextlib.suppress(ValueError):
            name = signal.Signals(code - 128).name
            return (f"killed by signal {name} (exit status {code}, 128 + {name}, from the "
                    "sandbox)")
    return f"the process exited with status {code} before findSecretWord returned"


# A new process waits here, before its command runs, until the judge has put it in its memory
# cgroup: whatever it starts is then born inside. A process adopted once it had run would keep
# outside the limit what it had allocated before (cgroup v1 leaves charges where they were
# made), and a busy judge can be milliseconds late. Without a line (the judge gone), it ends.
HOLD = ("/bin/sh", "-c", 'read -r _ && exec "$@" </dev/null', "held")


def start_held(argv: Sequence[str], env: Mapping[str, str],
               **options: Any) -> tuple[subprocess.Popen[bytes], int]:
    """Start `argv` held before it runs (HOLD), and the descriptor that lets it go (let_go).

    A program that cannot be found raises FileNotFoundError here, as Popen would without the
    hold: the judge's error, not the started program's."""
    search = env.get("PATH", os.defpath)
    if shutil.which(argv[0], path=search) is None:
        raise FileNotFoundError(f"no program {argv[0]!r} to run (PATH={search})")
    hold_r, hold_w = os.pipe()
    try:
        process = subprocess.Popen([*HOLD, *argv], stdin=hold_r, env=dict(env), **options)
    except BaseException:
        os.close(hold_w)
        raise
    finally:
        os.close(hold_r)
    return process, hold_w


def let_go(hold: int) -> None:
    """Let a held process run its command."""
    with contextlib.suppress(OSError):  # it has died meanwhile: its end says how
        os.write(hold, b"\n")
    os.close(hold)


# ioctl(PIDFD_GET_INFO) (Linux 6.15): _IOWR(0xFF, 11, struct pidfd_info), 64 bytes in its first
# version; PIDFD_INFO_EXIT asks for the exit status of a process that has ended and been reaped.
PIDFD_GET_INFO = 0xC040FF0B
PIDFD_INFO_EXIT = 1 << 3
PIDFD_INFO_SIZE = 64
PIDFD_INFO_EXIT_CODE_AT = 60  # after the mask, the cgroup id and eleven 32-bit ids


def reaped_exit_code(pidfd: int) -> int | None:
    """The exit code of the pidfd's process (negative: the signal that killed it), whoever
    its parent was, once it has ended and been reaped; None until then, or where the kernel
    cannot tell (before Linux 6.15). OSError where the kernel refuses the request."""
    info = bytearray(PIDFD_INFO_SIZE)
    struct.pack_into("=Q", info, 0, PIDFD_INFO_EXIT)
    fcntl.ioctl(pidfd, PIDFD_GET_INFO, info)
    if not struct.unpack_from("=Q", info, 0)[0] & PIDFD_INFO_EXIT:
        return None
    return os.waitstatus_to_exitcode(struct.unpack_from("=i", info, PIDFD_INFO_EXIT_CODE_AT)[0])


class Worker:
    """One live worker process and its pipes; `watch` bounds its memory before it runs.

    `held=True` leaves it held before its command runs (HOLD), until `let_go`: made ahead,
    it has run nothing, and its memory cgroup is already in place.
    """

    def __init__(self, command_for: Callable[[Channel], Command], output_bytes: int,
                 watch: Callable[[int], MemoryWatch] = lambda _: NoWatch(),
                 held: bool = False) -> None:
        to_worker_r, self._to_worker = os.pipe()
        os.set_blocking(self._to_worker, False)
        self._from_worker, from_worker_w = os.pipe()
        output_r, output_w = os.pipe()
        # A worker may run as another user (confine.WORKER_USER) and open its pipes again by
        # name (/proc/self/fd/N, as the JVM harness does), which checks the pipe's mode. Only
        # a holder of a descriptor reaches a pipe by that name, so opening it costs nothing.
        for fd in (to_worker_r, from_worker_w, output_w):
            os.fchmod(fd, 0o666)
        command: Command | None = None
        try:
            command = command_for(Channel(to_worker_r, from_worker_w))
            self.process, hold = start_held(
                command.argv, command.env, stdout=output_w, stderr=output_w,
                pass_fds=(to_worker_r, from_worker_w, *command.pass_fds),
                start_new_session=True)
        except OSError as e:
            raise JudgeError(f"cannot start the worker: {e}") from e
        finally:
            for fd in (to_worker_r, from_worker_w, output_w):
                os.close(fd)
            if command is not None:
                command.close()
        self.output = OutputDrain(output_r, output_bytes)
        try:
            self.memory: MemoryWatch = watch(self.process.pid)
        except BaseException:
            os.close(hold)  # not let go: it runs nothing
            self.process.kill()
            self.process.wait()
            raise
        self._hold = hold
        if not held:
            self.let_go()
        self._buffer = b""
        self.baseline: set[int] = set()
        # The worker's ends of its pipes, by the numbers it sees them at (they are kept).
        self.channel_fds = (0, 1, 2, to_worker_r, from_worker_w)
        # A pidfd of the case's fork, which the kernel reaps (judge/run/forks.py): readable once
        # the fork has ended, and it tells how.
        self.case_end_fd: int | None = None
        # Where bubblewrap's processes stand between the harness and the judge, they pass a
        # death by a signal on as a status (128 + the signal) that a program could have exited
        # with: a pidfd of the harness tells its own end, where the kernel can (Linux 6.15).
        self.status_relayed = False
        self.harness_end_fd: int | None = None
        self.harness_first = False  # the harness is its PID namespace's first process

    def let_go(self) -> None:
        """Let the held worker run its command (once)."""
        if self._hold >= 0:
            let_go(self._hold)
            self._hold = -1

    def send(self, message: dict[str, Any], clock: Clock | None = None) -> bool:
        """Write a message; False if the worker did not take it before `clock` ran out.

        The pipe is non-blocking: a worker that floods the judge and never reads its replies
        fills it, and a blocking write would wait forever. A dead worker cannot be written to:
        that is not reported here, the next receive says how it died.
        """
        data = json.dumps(message).encode() + b"\n"
        clock = clock or Clock(None, SEND_SECONDS)
        while data:
            try:
                data = data[os.write(self._to_worker, data):]
            except BlockingIOError:
                wait = clock.wait()
                if wait is None:
                    return False
                select.select([], [self._to_worker], [], wait)
            except OSError:
                return True
        return True

    def cpu_seconds(self) -> float:
        """CPU seconds used by the worker and every process below it, living or reaped."""
        return tree_cpu_seconds(self.process.pid, self.below())

    def below(self) -> set[int]:
        """Every process below the worker: in its tree, or in its memory cgroup after leaving
        the tree (a double fork, setsid, no subreaper)."""
        # The group's list alone would be one read, but it leaves out a process that has ended
        # and is not yet reaped, whose exit status its parent, a warm process, could still read:
        # only /proc's children lists show it.
        return (descendants(self.process.pid) | self.memory.members()) - {self.process.pid}

    def receive(self, clock: Clock) -> dict[str, Any] | None:
        """The next message; None when the clock runs out; {} when the worker has gone.

        While it waits, it also reads the worker's output, so that a worker blocked on a full
        output pipe can go on.
        """
        while b"\n" not in self._buffer:
            remaining = clock.wait()
            if remaining is None:
                return None
            if self.memory.poll(lambda: {self.process.pid} | self.below()):
                return MEMORY_KILLED
            watched = [self._from_worker] + ([self.output.fd] if self.output.open else [])
            ended = [self.case_end_fd] if self.case_end_fd is not None else []
            ready, _, _ = select.select(watched + ended, [], [], remaining)
            if self.output.open and self.output.fd in ready:
                self.output.pump()
            if self._from_worker not in ready:
                if ended and ended[0] in ready:
                    # Its last words were read first, if it wrote any: it has ended without.
                    return CASE_PROCESS_ENDED
                continue
            chunk = os.read(self._from_worker, 65536)
            if not chunk:
                return {}
            self._buffer += chunk
            if len(self._buffer) > LONGEST_MESSAGE and b"\n" not in self._buffer:
                line, self._buffer = self._buffer[:200], b""
                return {"op": "garbled", "line": line.decode("utf-8", "replace") + "..."}
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except (ValueError, RecursionError):  # deep nesting raises RecursionError
            return {"op": "garbled", "line": line[:200].decode("utf-8", "replace")}
        return message if isinstance(message, dict) else {"op": "garbled", "line": str(message)}

    def unread(self) -> bool:
        """Whether the worker wrote more than the judge has read as messages: bytes kept after
        the last message read, or waiting in the pipe (or its end, once no process holds it)."""
        return bool(self._buffer) or bool(select.select([self._from_worker], [], [], 0)[0])

    def strays(self) -> set[int]:
        """Processes the solution started that are still alive, in the tree or out of it."""
        return self.below() - self.baseline

    def _stopped_descendants(self) -> set[int]:
        return all_stopped(self.below)

    def kill_descendants(self) -> None:
        """Kill every process below the worker, and leave the worker itself running."""
        signal_all(self._stopped_descendants(), signal.SIGKILL)

    def kill_below(self, pid: int) -> None:
        """Kill every process below `pid`, one of the worker's, and leave `pid` running."""
        signal_all(all_stopped(lambda: descendants(pid)), signal.SIGKILL)

    def kill(self) -> None:
        """Kill the worker's processes and wait until they are gone."""
        self.doom()
        self.bury()

    def doom(self) -> None:
        """Send SIGKILL to every process of the worker, each stopped first: none of them runs
        again, though the kernel may take a moment to end them (bury waits for that)."""
        if self._hold >= 0:  # never let go: its command never ran
            os.close(self._hold)
            self._hold = -1
        doomed = self._stopped_descendants()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        signal_all(doomed, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()

    def bury(self) -> None:
        """Once doomed: wait for the worker's end, remove its memory cgroup, close its pipes."""
        # Before the worker is reaped, while no other process can take its number: a child of
        # the judge in the session the worker leads is one of its own.
        reap_siblings(self.process.pid)
        self.process.wait()
        self.memory.release()
        self.close_requests()
        self.output.pump()
        self.output.close()
        if self.harness_end_fd is not None:
            os.close(self.harness_end_fd)
            self.harness_end_fd = None
        if self._from_worker >= 0:
            with contextlib.suppress(OSError):
                os.close(self._from_worker)
            self._from_worker = -1

    def close_requests(self) -> None:
        """Close the judge's end of the request pipe: the harness reads end of file and exits."""
        if self._to_worker >= 0:
            with contextlib.suppress(OSError):
                os.close(self._to_worker)
            self._to_worker = -1

    def _as_a_signal(self, code: int) -> int:
        """A first process, to which the kernel delivers no signal it sent itself without a
        handler, ends such a signal in the harness's handler, with 128 + the signal (see
        end_on_signal in the harnesses): said as the signal, as where it is not first."""
        if self.harness_first and code > 128:
            with contextlib.suppress(ValueError):
                return -signal.Signals(code - 128)
        return code

    def death(self) -> str:
        """Why the worker ended, once its pipe has closed."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the worker closed its pipe to the judge"
        if self.harness_end_fd is not None:
            # Reaped by now: the sandbox's first process waits for it before it ends.
            with contextlib.suppress(OSError):
                harness_code = reaped_exit_code(self.harness_end_fd)
                if harness_code is not None:
                    return exit_description(self._as_a_signal(harness_code))
        return exit_description(code, relayed=self.status_relayed)
