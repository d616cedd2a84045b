"""The worker's side of the protocol, driven in a thread over real pipes."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.harness.python.worker import Channel, LineReader, serve, serve_entry_points

BODY = """
class Solution:
    def findSecretWord(self, words, master):
        mode = words[0]
        if mode == "raise":
            raise ValueError("boom")
        if mode == "exit":
            raise SystemExit(3)
        if mode == "memory":
            raise MemoryError
        if mode == "odd":
            master.guess(None)
            master.guess("x" * 100)
        try:
            for word in words:
                if master.guess(word) == 6:
                    return
        except Exception:
            pass
        master.guess("after a stop")
"""


class Judge:
    """The judge's end of the pipes."""

    def __init__(self, path: Path, mode: Callable[[Channel, str], None] = serve) -> None:
        to_worker_r, to_worker_w = os.pipe()
        from_worker_r, from_worker_w = os.pipe()
        self.writer = os.fdopen(to_worker_w, "wb")
        self.reader = os.fdopen(from_worker_r, "rb")
        channel = Channel(LineReader(to_worker_r), os.fdopen(from_worker_w, "wb"))
        self.thread = threading.Thread(target=self._serve, args=(mode, channel, str(path)),
                                       daemon=True)
        self.thread.start()

    @staticmethod
    def _serve(mode: Callable[[Channel, str], None], channel: Channel, path: str) -> None:
        try:
            mode(channel, path)
        except SystemExit:
            pass
        finally:
            channel.writer.close()
            channel.reader.close()

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")
        self.writer.flush()

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.reader.readline())
        return message

    def close(self) -> None:
        self.writer.close()
        self.thread.join(timeout=5)
        self.reader.close()


@pytest.fixture
def judge(tmp_path: Path) -> Iterator[Judge]:
    path = tmp_path / "solution.py"
    path.write_text(BODY)
    judge = Judge(path)
    assert judge.receive() == {"op": "ready"}
    yield judge
    judge.close()


def test_guesses_go_out_and_replies_come_back(judge: Judge) -> None:
    judge.send({"op": "run", "words": ["aaaaaa", "bbbbbb"], "seed": 1})
    assert judge.receive() == {"op": "guess", "word": "aaaaaa"}
    judge.send({"reply": 0})
    assert judge.receive() == {"op": "guess", "word": "bbbbbb"}
    judge.send({"reply": 6})
    assert judge.receive() == {"op": "done"}


def test_values_that_are_not_words_travel_as_their_repr(judge: Judge) -> None:
    judge.send({"op": "run", "words": ["odd"], "seed": None})
    assert judge.receive() == {"op": "guess", "bad": "None"}
    judge.send({"reply": -1})
    assert judge.receive()["bad"].startswith("'xxxx")
    judge.send({"reply": -1})
    assert judge.receive() == {"op": "guess", "word": "odd"}
    judge.send({"reply": 6})
    assert judge.receive() == {"op": "done"}


def test_a_stop_cannot_be_caught_by_except_exception(judge: Judge) -> None:
    judge.send({"op": "run", "words": ["aaaaaa"], "seed": None})
    assert judge.receive()["op"] == "guess"
    judge.send({"stop": "more than 200 calls"})
    assert judge.receive() == {"op": "stopped"}


@pytest.mark.parametrize(("mode", "kind", "text"), [
    ("raise", "RTE", "ValueError: boom"),
    ("exit", "RTE", "called sys.exit(3)"),
    ("memory", "MLE", "MemoryError"),
])
def test_every_way_out_is_reported(judge: Judge, mode: str, kind: str, text: str) -> None:
    judge.send({"op": "run", "words": [mode], "seed": None})
    message = judge.receive()
    assert message["op"] == "raised" and message["kind"] == kind and text in message["error"]
    assert "worker.py" not in message["error"]
    judge.send({"op": "run", "words": ["aaaaaa"], "seed": None})  # the worker serves on
    assert judge.receive()["op"] == "guess"


def test_a_file_that_cannot_load_is_reported_once(tmp_path: Path) -> None:
    path = tmp_path / "broken.py"
    path.write_text("class Solution:\n    pass\n")
    judge = Judge(path)
    message = judge.receive()
    assert message["op"] == "ce" and "no method findSecretWord" in message["error"]
    judge.close()


ENTRY_POINTS = """
words = []
def init(n, scramble):
    words[:] = [scramble[i * 5:i * 5 + 5] for i in range(n)]
def guess(t, remaining, letter, gold, silver):
    if letter == "x":
        raise KeyError("no x")
    if letter == "y":
        return 5
    return next(w for w in words if w[0] == letter)
"""


@pytest.mark.parametrize("mark", [b"", b"\xef\xbb\xbf"], ids=["plain", "byte-order-mark"])
def test_the_p8079_entry_points_over_the_pipe(tmp_path: Path, mark: bytes) -> None:
    path = tmp_path / "entry.py"
    path.write_bytes(mark + ENTRY_POINTS.encode())  # a mark, as Windows editors write, is no code
    judge = Judge(path, serve_entry_points)
    assert judge.receive() == {"op": "ready"}
    judge.send({"op": "init", "n": 2, "scramble": "applebacon"})
    assert judge.receive() == {"op": "done"}
    judge.send({"op": "guess", "args": [1, 5, "b", [False] * 5, [False] * 5]})
    assert judge.receive() == {"op": "word", "word": "bacon"}
    judge.send({"op": "guess", "args": [1, 4, "y", [False] * 5, [False] * 5]})
    assert judge.receive() == {"op": "word", "bad": "5"}
    judge.send({"op": "guess", "args": [1, 3, "x", [False] * 5, [False] * 5]})
    message = judge.receive()
    assert message["op"] == "raised" and "KeyError: 'no x'" in message["error"]
    judge.close()


def test_entry_points_must_exist(tmp_path: Path) -> None:
    path = tmp_path / "entry.py"
    path.write_text("def init(n, s):\n    pass\n")
    judge = Judge(path, serve_entry_points)
    assert judge.receive() == {"op": "ce", "error": "the file must define functions init and guess"}
    judge.close()


def test_the_sandbox_and_the_harness_name_what_is_private_alike() -> None:
    from judge.harness.python import worker
    from judge.run import confine

    assert worker.PRIVATE_DIRECTORIES == confine.PRIVATE_DIRECTORIES
    assert worker.PRIVATE_IPC == confine.PRIVATE_IPC


def test_private_directories_are_emptied_however_deep_and_links_are_not_followed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.harness.python import worker

    private, outside = tmp_path / "private", tmp_path / "outside"
    private.mkdir()
    outside.mkdir()
    (outside / "keep.txt").write_text("not the solution's to remove")
    deep = private
    for _ in range(400):  # deeper than Python's recursion limit would allow a recursive walk
        deep = deep / "d"
    deep.mkdir(parents=True)
    (deep / "note").write_text("secret")
    (private / "file").write_text("x")
    (private / "link").symlink_to(outside)
    monkeypatch.setenv(worker.PRIVATE_DIRECTORIES, str(private))
    # A test's directory lies on a shared disk: count its own files instead of the disk's.
    monkeypatch.setattr(worker, "inodes_used", lambda d: sum(1 for _ in Path(d).rglob("*")))
    monkeypatch.setattr(worker, "inodes_at_start", {str(private): 0})
    assert worker.empty_private_directories() == ""
    assert list(private.iterdir()) == []
    assert (outside / "keep.txt").exists()


def test_what_cannot_be_removed_is_reported(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.harness.python import worker

    monkeypatch.setenv(worker.PRIVATE_DIRECTORIES, str(tmp_path))
    monkeypatch.setattr(worker, "inodes_used", lambda d: 3)
    monkeypatch.setattr(worker, "inodes_at_start", {str(tmp_path): 1})
    expected = f"2 files in {tmp_path} that the judge could not remove"
    assert worker.empty_private_directories() == expected


SHARING_PROBE = """
import mmap, os, socket, sys, threading, time
from judge.run.forks import shared_with_forks
own = {0, 1, 2}
def shared():
    return shared_with_forks(os.getpid(), own)
print(repr(shared()))
r, w = os.pipe()
print(repr(shared()))
os.close(r); os.close(w)
open(sys.argv[1], "w").close()
reading = open(sys.argv[1], "rb")  # its user may open it anew to write to it
print(repr(shared()))
reading.close()
reading = open("/dev/zero", "rb")  # a device that keeps nothing
print(repr(shared()))
board = mmap.mmap(-1, 4096)
print(repr(shared()))
board.close()
writing = open(sys.argv[1], "w")
print(repr(shared()))
writing.close()
nothing_at_all = open(os.devnull, "w")  # carries nothing, written or read
print(repr(shared()))
nothing_at_all.close()
threading.Thread(target=time.sleep, args=(5,), daemon=True).start()
print(repr(shared()))
"""


def test_what_forks_would_share_is_found(tmp_path: Path) -> None:
    import subprocess
    import sys

    found = subprocess.run([sys.executable, "-c", SHARING_PROBE,
                            str(tmp_path / "notes")], capture_output=True, text=True,
                           check=True, stdin=subprocess.DEVNULL,
                           cwd=Path(__file__).parent.parent).stdout.splitlines()
    nothing, pipe, own_file, zero, mapping, writing, null, thread = (
        eval(line) for line in found)
    assert nothing == "" and zero == "" and null == ""
    assert own_file.endswith("of a file that its user can write")
    assert pipe.startswith("an open file descriptor (pipe:")
    assert mapping.startswith("a writable shared memory mapping")
    assert writing == f"an open file descriptor ({tmp_path / 'notes'})"
    assert thread == "another thread, running beside every case"


def test_the_line_reader_reads_lines_and_leaves_the_rest_to_a_fork() -> None:
    from judge.harness.python.worker import LineReader

    read_fd, write_fd = os.pipe()
    os.write(write_fd, b'{"op": "fork", "once": true}\n{"op": "run"}\npartial')
    reader = LineReader(read_fd)
    assert reader.readline() == b'{"op": "fork", "once": true}\n'
    # What was read past the fork request is the child's: the parent drops it.
    assert reader.buffered.startswith(b'{"op": "run"}\n')
    reader.forget()
    os.write(write_fd, b'{"op": "exit"}\n')
    os.close(write_fd)
    assert reader.readline() == b'{"op": "exit"}\n'
    assert reader.readline() == b""  # the end, with nothing left over
    reader.close()


def test_a_last_line_without_its_end_is_still_read() -> None:
    from judge.harness.python.worker import LineReader

    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"no end")
    os.close(write_fd)
    reader = LineReader(read_fd)
    assert reader.readline() == b"no end"
    assert reader.readline() == b""
    reader.close()


def test_ipc_is_left_alone_outside_a_sandbox(monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.harness.python import worker

    monkeypatch.delenv(worker.PRIVATE_IPC, raising=False)
    assert worker.empty_private_ipc() == ""  # the machine's objects are not the judge's
