"""A worker process: starting it, its pipes to the judge, draining its output, killing its tree.

The judge talks to the worker over two pipes, one JSON object per line (the harness's
protocol, `judge/harness/PROTOCOL.md`); the worker's stdout and stderr go to a third pipe
that a thread drains, keeping only the first bytes of each case's output.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from judge.harness.launch import Channel


class JudgeError(Exception):
    """The judge itself failed (not the submission): reported as JE."""


@dataclass(frozen=True)
class Command:
    """What to execute, and the whole environment it gets."""

    argv: Sequence[str]
    env: Mapping[str, str]

@dataclass
class OutputDrain:
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


def signal_all(pids: set[int], signum: int) -> None:
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signum)


class Worker:
    """One live worker process and its pipes."""

    def __init__(self, command_for: Callable[[Channel], Command], output_bytes: int) -> None:
        to_worker_r, self._to_worker = os.pipe()
        self._from_worker, from_worker_w = os.pipe()
        output_r, output_w = os.pipe()
        try:
            command = command_for(Channel(to_worker_r, from_worker_w))
            self.process = subprocess.Popen(
                list(command.argv), stdin=subprocess.DEVNULL, stdout=output_w, stderr=output_w,
                pass_fds=(to_worker_r, from_worker_w), start_new_session=True,
                env=dict(command.env))
        except OSError as e:
            raise JudgeError(f"cannot start the worker: {e}") from e
        finally:
            for fd in (to_worker_r, from_worker_w, output_w):
                os.close(fd)
        self.output = OutputDrain(output_r, output_bytes)
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
            signal_all(found, signal.SIGSTOP)
            doomed |= found
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        signal_all(doomed, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        self.process.wait()
        self.close_requests()
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

    def death(self) -> str:
        """Why the worker ended, once its pipe has closed."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "the worker closed its pipe to the judge"
        if code < 0:
            return f"killed by signal {signal.Signals(-code).name}"
        return f"the process exited with status {code} before findSecretWord returned"
