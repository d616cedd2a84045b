"""The harness protocol (judge/harness/PROTOCOL.md), checked over real pipes for every harness.

Each harness in the registry is started as the judge starts it, on small submissions kept in
`fixtures/<harness name>/`, one per behaviour, and driven message by message. A new language
passes this suite by adding its harness to the registry and its fixtures beside Python's.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.harness.launch import Game, Harness
from judge.harness.registry import HARNESSES
from judge.run.build import CompileError, built_program
from judge.run.confine import Unconfined
from judge.run.limits import Clock
from judge.run.process import Worker

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).parent / "fixtures"
WORDS = ["acckzz", "ccbazz", "eiowzz"]
# Far above what a quiet machine needs to start a harness or answer a message (well under 1 s).
PATIENCE_SECONDS = 30.0


def fixture_file(harness: Harness, behaviour: str) -> Path:
    for extension in harness.extensions:
        path = FIXTURES / harness.name / f"{behaviour}{extension}"
        if path.is_file():
            return path
    pytest.fail(f"the {harness.name} harness has no fixture for '{behaviour}' in {FIXTURES}")


def built(harness: Harness, solution: Path, game: Game = "leetcode") -> Path | None:
    """The program of a compiled language, or None; a compile error fails the test."""
    build = harness.build(solution, game)
    if build is None:
        return None
    result = built_program(build, Unconfined())
    assert isinstance(result, Path), result
    return result


class Conversation:
    """The judge's end of one harness process."""

    def __init__(self, harness: Harness, solution: Path, game: Game) -> None:
        program = built(harness, solution, game)
        self.worker = Worker(
            lambda channel: Unconfined().command(
                harness.launch(solution, game, channel, 0, None, program)),
            output_bytes=4096)

    def receive(self) -> dict[str, Any]:
        message = self.worker.receive(Clock(None, PATIENCE_SECONDS))
        assert message is not None, "the harness sent nothing in time"
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.worker.send(message)

    def output(self, expected: str) -> str:
        """The captured output, once it holds `expected` (the drain runs in a thread)."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        text = ""
        while expected not in text and time.monotonic() < deadline:
            text += self.worker.output.take()
            time.sleep(0.01)
        return text


@pytest.fixture(params=HARNESSES, ids=lambda h: h.name)
def harness(request: pytest.FixtureRequest) -> Harness:
    found: Harness = request.param
    missing = found.missing()
    if missing:
        pytest.skip(missing)
    return found


@pytest.fixture
def start(harness: Harness) -> Iterator[Any]:
    started: list[Conversation] = []

    def starter(behaviour: str, game: Game = "leetcode") -> Conversation:
        conversation = Conversation(harness, fixture_file(harness, behaviour), game)
        started.append(conversation)
        return conversation

    yield starter
    for conversation in started:
        conversation.worker.kill()


def run(conversation: Conversation, seed: int | None = None) -> None:
    assert conversation.receive() == {"op": "ready"}
    conversation.send({"op": "run", "words": WORDS, "seed": seed})


def test_guesses_go_out_and_replies_come_back(start: Any) -> None:
    conversation = start("plays_in_order")
    run(conversation, seed=7)
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"reply": 2})
    assert conversation.receive() == {"op": "guess", "word": "ccbazz"}
    conversation.send({"reply": 6})
    assert conversation.receive() == {"op": "done"}
    # The same process serves the next case, as LeetCode's does.
    conversation.send({"op": "run", "words": WORDS, "seed": None})
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}


def test_invalid_words_are_sent_for_the_judge_to_answer(start: Any) -> None:
    conversation = start("guesses_invalid_words")
    run(conversation)
    assert conversation.receive() == {"op": "guess", "word": ""}
    conversation.send({"reply": -1})
    long_guess = conversation.receive()
    assert long_guess["op"] == "guess" and "word" not in long_guess
    assert 0 < len(long_guess["bad"]) <= 64 and "xxxx" in long_guess["bad"]
    conversation.send({"reply": -1})
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"reply": 6})
    assert conversation.receive() == {"op": "done"}


def test_the_runaway_stop_cannot_be_swallowed(start: Any) -> None:
    conversation = start("catches_everything")
    run(conversation)
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"reply": 0})
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"stop": "more than 200 calls to Master.guess"})
    assert conversation.receive() == {"op": "stopped"}


def test_a_raise_is_reported_and_the_harness_serves_on(start: Any) -> None:
    conversation = start("raises")
    run(conversation)
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"reply": 0})
    raised = conversation.receive()
    assert raised["op"] == "raised" and raised["kind"] == "RTE"
    assert "boom from the solution" in raised["error"]
    conversation.send({"op": "run", "words": WORDS, "seed": None})
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}


def test_printed_output_goes_to_its_own_pipe(start: Any) -> None:
    conversation = start("prints")
    run(conversation)
    assert conversation.receive() == {"op": "guess", "word": "acckzz"}
    conversation.send({"reply": 6})
    assert conversation.receive() == {"op": "done"}
    output = conversation.output("and from its stderr")
    assert "hello from the solution" in output and "and from its stderr" in output


def test_a_file_that_cannot_load_is_reported_once_and_the_harness_exits(
        start: Any, harness: Harness) -> None:
    build = harness.build(fixture_file(harness, "cannot_load"), "leetcode")
    if build is not None:
        # A compiled language may refuse the file at its build: that is its "ce".
        result = built_program(build, Unconfined())
        if isinstance(result, CompileError):
            assert "Solution" in result.message
            return
    conversation = start("cannot_load")
    message = conversation.receive()
    assert message["op"] == "ce" and message["error"]
    assert conversation.worker.process.wait(timeout=PATIENCE_SECONDS) is not None


def test_the_harness_exits_when_the_judge_goes(start: Any) -> None:
    conversation = start("plays_in_order")
    assert conversation.receive() == {"op": "ready"}
    conversation.worker.close_requests()
    assert conversation.worker.process.wait(timeout=PATIENCE_SECONDS) is not None


@pytest.mark.parametrize("request_", [{"op": "RUN", "words": WORDS, "seed": None},
                                      {"words": WORDS, "seed": None}])
def test_a_request_outside_the_protocol_ends_the_harness_with_status_3(
        start: Any, request_: dict[str, Any]) -> None:
    conversation = start("plays_in_order")
    assert conversation.receive() == {"op": "ready"}
    conversation.send(request_)
    assert conversation.worker.process.wait(timeout=PATIENCE_SECONDS) == 3
    assert "harness: unexpected request" in conversation.output("unexpected request")


def test_the_p8079_entry_points(start: Any, harness: Harness) -> None:
    if "wc2022" not in harness.games:
        pytest.skip(f"{harness.name} serves LeetCode 843 only")
    conversation = start("entry_points", "wc2022")
    assert conversation.receive() == {"op": "ready"}
    conversation.send({"op": "init", "n": 2, "scramble": "applebacon"})
    assert conversation.receive() == {"op": "done"}
    flags = [False] * 5
    conversation.send({"op": "guess", "args": [1, 5, "b", flags, flags]})
    assert conversation.receive() == {"op": "word", "word": "bacon"}
    conversation.send({"op": "guess", "args": [2, 5, "y", flags, flags]})
    not_a_word = conversation.receive()
    assert not_a_word["op"] == "word" and "word" not in not_a_word and not_a_word["bad"]
    conversation.send({"op": "guess", "args": [3, 5, "x", flags, flags]})
    raised = conversation.receive()
    assert raised["op"] == "raised" and "boom from guess" in raised["error"]
    conversation.send({"op": "guess", "args": [4, 5, "a", flags, flags]})
    assert conversation.receive() == {"op": "word", "word": "apple"}


def one_guess(conversation: Conversation, expected: str) -> None:
    """A case of the counting fixture: its one guess, then done."""
    assert conversation.receive() == {"op": "guess", "word": expected}
    conversation.send({"reply": 0})
    assert conversation.receive() == {"op": "done"}


def test_a_fork_serves_from_the_state_of_the_moment(start: Any, harness: Harness) -> None:
    """PROTOCOL.md, fresh state per case: the child plays from the parent's state, the parent
    from the state it had when it forked, whatever the child did."""
    if not harness.forks:
        pytest.skip(f"the {harness.name} harness starts a process per case instead")
    conversation = start("counts_cases")
    run(conversation)
    one_guess(conversation, WORDS[0])  # one case played: the count is 1
    conversation.send({"op": "fork"})
    assert conversation.receive() == {"op": "forked"}
    conversation.send({"op": "run", "words": WORDS, "seed": None})
    one_guess(conversation, WORDS[1])  # the child counts on from 1
    conversation.send({"op": "exit"})
    assert conversation.receive() == {"op": "joined", "status": 0}
    conversation.send({"op": "run", "words": WORDS, "seed": None})
    one_guess(conversation, WORDS[1])  # the parent too: the child's case left it unchanged


def test_a_fork_for_one_case_takes_the_request_read_with_it(start: Any,
                                                            harness: Harness) -> None:
    """A fork made ahead of its case says nothing, plays the next request, and ends; the
    parent leaves that request to it even when it read both at once."""
    if not harness.forks:
        pytest.skip(f"the {harness.name} harness starts a process per case instead")
    conversation = start("counts_cases")
    run(conversation)
    one_guess(conversation, WORDS[0])
    both = b'{"op": "fork", "once": true}\n{"op": "run", "words": %s, "seed": null}\n' % (
        json.dumps(WORDS).encode())
    os.write(conversation.worker._to_worker, both)  # one write: the parent reads both
    one_guess(conversation, WORDS[1])
    assert conversation.receive() == {"op": "joined", "status": 0}
    conversation.send({"op": "fork", "once": True})
    conversation.send({"op": "exit"})  # a fork made ahead whose case never comes
    assert conversation.receive() == {"op": "joined", "status": 0}
    conversation.send({"op": "run", "words": WORDS, "seed": None})
    one_guess(conversation, WORDS[1])


def test_a_stack_dump_is_written_when_asked(start: Any, harness: Harness) -> None:
    if not harness.stack_dumps:
        pytest.skip(f"the {harness.name} harness writes no stack dump (yet)")
    conversation = start("loops_forever")
    assert conversation.receive() == {"op": "ready"}
    conversation.send({"op": "run", "words": WORDS, "seed": None, "dump_after": 0.2})
    fixture = fixture_file(harness, "loops_forever")
    deadline = time.monotonic() + PATIENCE_SECONDS
    output, frames = "", []
    while not frames and time.monotonic() < deadline:
        output += conversation.worker.output.take()
        frames = harness.split_stack_dump(output, fixture)[1]
        time.sleep(0.05)
    # The loop is lines 4 and 5 of the fixture: the dump may catch either.
    assert frames and frames[0].line in (4, 5), output
