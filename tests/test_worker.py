"""The worker's side of the protocol, driven in a thread over real pipes."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.harness.python.worker import Channel, serve, serve_entry_points

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
        channel = Channel(os.fdopen(to_worker_r, "rb"), os.fdopen(from_worker_w, "wb"))
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


def test_the_p8079_entry_points_over_the_pipe(tmp_path: Path) -> None:
    path = tmp_path / "entry.py"
    path.write_text(ENTRY_POINTS)
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
