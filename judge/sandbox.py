"""Runs a submission in a worker process that never sees the secret.

The judge process keeps the real Master; the worker (judge/worker.py) holds a proxy that sends
each guess over a pipe. Per case the judge enforces a wall-clock limit, the worker an address
space limit; output is drained by a thread and only its first bytes are kept. A worker that
dies, is killed, or leaves processes behind is replaced before the next case.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

from judge.master import GuessBudgetExhausted, Master
from judge.verdicts import Verdict

WORKER_FILE = Path(__file__).with_name("worker.py")
STARTUP_SECONDS = 10.0
STOP_GRACE_SECONDS = 1.0


class JudgeError(Exception):
    """The judge itself failed (not the submission): reported as JE."""


class SandboxUnavailable(Exception):
    """--sandbox was asked for but bubblewrap is missing."""


@dataclass(frozen=True)
class Limits:
    time_seconds: float = 5.0
    memory_mb: int = 512
    output_bytes: int = 16 * 1024


@dataclass
class Outcome:
    """How one run of findSecretWord ended, before the Master's rules judge it."""

    verdict: Verdict | None  # None: it returned normally and the Master decides
    detail: str = ""
    output: str = ""
    seconds: float = 0.0
    stopped: bool = False


@dataclass
class _OutputDrain:
    """Reads the worker's stdout and stderr forever, keeping at most `limit` bytes per case."""

    fd: int
    limit: int
    kept: bytearray = field(default_factory=bytearray)
    dropped: int = 0

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        with contextlib.suppress(OSError):
            while chunk := os.read(self.fd, 65536):
                with self._lock:
                    room = self.limit - len(self.kept)
                    self.kept += chunk[: max(room, 0)]
                    self.dropped += max(len(chunk) - max(room, 0), 0)
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def take(self) -> str:
        with self._lock:
            text = self.kept.decode("utf-8", "replace")
            if self.dropped:
                text += f"\n[... {self.dropped} more bytes of output dropped]"
            self.kept, self.dropped = bytearray(), 0
        return text


def bubblewrap_path() -> str:
    path = shutil.which("bwrap")
    if path is None:
        raise SandboxUnavailable(
            "--sandbox needs bubblewrap: install it with 'apt-get install bubblewrap'")
    return path


def python_executable() -> str:
    """The base interpreter: the worker needs only the standard library."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def sandbox_command(solution: Path, read_fd: int, write_fd: int, memory_mb: int,
                    mode: str) -> list[str]:
    """bubblewrap with no network, a read-only view of the system and Python, and the two files."""
    bind = ["--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib",
            "--symlink", "usr/lib64", "/lib64", "--symlink", "usr/bin", "/bin"]
    prefix = os.path.realpath(sys.base_prefix)
    if not prefix.startswith("/usr/"):
        bind += ["--ro-bind", prefix, prefix]
    return [bubblewrap_path(), "--unshare-all", "--die-with-parent", "--new-session",
            "--cap-drop", "ALL", *bind, "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp",
            "--ro-bind", str(WORKER_FILE), "/judge/worker.py",
            "--ro-bind", str(solution.resolve()), "/submission/solution.py",
            "--chdir", "/tmp", "--clearenv", "--setenv", "PATH", "/usr/bin",
            python_executable(), "-I", "-S", "/judge/worker.py", "/submission/solution.py",
            str(read_fd), str(write_fd), str(memory_mb), mode]


def plain_command(solution: Path, read_fd: int, write_fd: int, memory_mb: int,
                  mode: str) -> list[str]:
    return [python_executable(), "-I", "-S", str(WORKER_FILE), str(solution.resolve()),
            str(read_fd), str(write_fd), str(memory_mb), mode]


def descendants(pid: int) -> set[int]:
    """Every process below `pid`, read from /proc's children lists."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    children = {int(c) for c in f.read().split()}
            except OSError:
                continue
            todo += children - found
            found |= children
    return found


def _signal_all(pids: set[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


class Worker:
    """One live worker process and its pipes."""

    def __init__(self, solution: Path, limits: Limits, sandbox: bool,
                 mode: str = "leetcode") -> None:
        to_worker_r, self._to_worker = os.pipe()
        self._from_worker, from_worker_w = os.pipe()
        output_r, output_w = os.pipe()
        make = sandbox_command if sandbox else plain_command
        command = make(solution, to_worker_r, from_worker_w, limits.memory_mb, mode)
        try:
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=output_w, stderr=output_w,
                pass_fds=(to_worker_r, from_worker_w), start_new_session=True,
                env={"PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0", "LANG": "C.UTF-8"})
        except OSError as e:
            raise JudgeError(f"cannot start the worker: {e}") from e
        finally:
            for fd in (to_worker_r, from_worker_w, output_w):
                os.close(fd)
        self.output = _OutputDrain(output_r, limits.output_bytes)
        self._buffer = b""
        self.baseline: set[int] = set()

    def send(self, message: dict[str, Any]) -> None:
        # A dead worker cannot be written to; the next receive reports how it died.
        with contextlib.suppress(OSError):
            os.write(self._to_worker, json.dumps(message).encode() + b"\n")

    def receive(self, deadline: float) -> dict[str, Any] | None:
        """The next message; None when the deadline passes; {} when the worker has gone."""
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            ready, _, _ = select.select([self._from_worker], [], [], remaining)
            if not ready:
                return None
            chunk = os.read(self._from_worker, 65536)
            if not chunk:
                return {}
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError:
            return {"op": "garbled", "line": line[:200].decode("utf-8", "replace")}
        return message if isinstance(message, dict) else {"op": "garbled", "line": str(message)}

    def strays(self) -> set[int]:
        """Processes the solution started that are still alive."""
        return descendants(self.process.pid) - self.baseline

    def kill(self) -> None:
        # Stop the whole tree before killing anything: a killed parent hands its children to
        # init, where they could no longer be found.
        doomed: set[int] = set()
        while found := descendants(self.process.pid) - doomed:
            _signal_all(found, signal.SIGSTOP)
            doomed |= found
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        _signal_all(doomed, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        for fd in (self._to_worker, self._from_worker):
            with contextlib.suppress(OSError):
                os.close(fd)

    def death(self) -> str:
        """Why the worker ended, once its pipe has closed."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the worker closed its pipe to the judge"
        if code < 0:
            return f"killed by signal {signal.Signals(-code).name}"
        return f"the process exited with status {code} before findSecretWord returned"


class WorkerOwner:
    """Owns at most one live worker for a solution file; use as a context manager."""

    mode = "leetcode"

    def __init__(self, solution: Path, limits: Limits, sandbox: bool) -> None:
        if sandbox:
            bubblewrap_path()
        self.solution, self.limits, self.sandbox = solution, limits, sandbox
        self._worker: Worker | None = None
        self.workers_started = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.kill()
            self._worker = None

    def _retire(self, worker: Worker) -> None:
        worker.kill()
        self._worker = None

    def _start(self) -> Worker | str:
        """A new worker that has loaded the file, or why the file could not be loaded."""
        worker = Worker(self.solution, self.limits, self.sandbox, self.mode)
        self.workers_started += 1
        message = worker.receive(time.monotonic() + STARTUP_SECONDS + self.limits.time_seconds)
        if message and message.get("op") == "ready":
            worker.baseline = descendants(worker.process.pid)
            return worker
        output = worker.output.take()
        worker.kill()
        if message and message.get("op") == "ce":
            return str(message.get("error", ""))
        why = "did not start in time" if message is None else "died while loading the file"
        return f"the solution {why}\n{output}".strip()


class IsolatedRunner(WorkerOwner):
    """Plays LeetCode 843 cases through workers for one solution file."""

    def __init__(self, solution: Path, limits: Limits = Limits(), sandbox: bool = False) -> None:
        super().__init__(solution, limits, sandbox)
        self._load_error: str | None = None

    def _ready_worker(self) -> Worker | str:
        """A live worker waiting for a case, or the CE message of a file that cannot load."""
        if self._load_error is not None:
            return self._load_error
        if self._worker is None:
            started = self._start()
            if isinstance(started, str):
                self._load_error = started
                return started
            self._worker = started
        return self._worker

    def play(self, master: Master, seed: int | None) -> Outcome:
        """Run findSecretWord once against `master`; the judge's own Master keeps every count."""
        worker = self._ready_worker()
        if isinstance(worker, str):
            return Outcome("CE", worker)
        start = time.monotonic()
        deadline = start + self.limits.time_seconds
        worker.send({"op": "run", "words": list(master.words), "seed": seed})
        outcome = self._converse(worker, master, deadline)
        outcome.seconds = time.monotonic() - start
        outcome.output = worker.output.take()
        if self._worker is worker and worker.strays():
            self._retire(worker)
        return outcome

    def _converse(self, worker: Worker, master: Master, deadline: float) -> Outcome:
        stop_message = ""
        while True:
            message = worker.receive(deadline)
            if message is None:
                self._retire(worker)
                if stop_message:
                    return Outcome(None, stop_message, stopped=True)
                return Outcome("TLE", f"no return within {self.limits.time_seconds:g} s")
            op = message.get("op")
            if op == "guess":
                if stop_message:
                    worker.send({"stop": stop_message})
                    continue
                word = message["word"] if "word" in message else _NotAWord(message.get("bad"))
                try:
                    worker.send({"reply": master.guess(word)})
                except GuessBudgetExhausted as e:
                    stop_message = str(e)
                    worker.send({"stop": stop_message})
                    deadline = min(deadline, time.monotonic() + STOP_GRACE_SECONDS)
            elif op == "done" or op == "stopped":
                return Outcome(None, stop_message, stopped=bool(stop_message))
            elif op == "raised":
                kind = message.get("kind")
                if stop_message:
                    return Outcome(None, stop_message, stopped=True)
                return Outcome("MLE" if kind == "MLE" else "RTE", str(message.get("error", "")))
            elif op == "garbled":
                self._retire(worker)
                return Outcome("RTE", f"the solution wrote on the judge's pipe: {message['line']}")
            else:
                died = worker.death()
                self._retire(worker)
                if stop_message:
                    return Outcome(None, stop_message, stopped=True)
                return Outcome("RTE", died)


class _NotAWord:
    """Stands for a guess that was not a string; always answered -1."""

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __repr__(self) -> str:
        return self.text
