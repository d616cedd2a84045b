"""Sessions: one solution file, the workers that run it, and the conversation of each case.

A session keeps one worker for as many cases as it can (LeetCode keeps one process and its
class state between cases), and replaces it whenever it dies, times out or leaves processes
behind. The judge's real Master answers every guess; the worker only ever sees replies.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, Self

from judge.harness.launch import Channel, Frame, Game
from judge.harness.registry import harness_for
from judge.master import GuessBudgetExhausted, Master
from judge.result import Outcome
from judge.run.confine import confinement
from judge.run.limits import (
    DEFAULT_LIMITS,
    DEFAULT_MEMORY_ENFORCER,
    WALL_BACKSTOP,
    Clock,
    Limits,
    MemoryEnforcer,
)
from judge.run.process import Command, Worker, descendants

STARTUP_SECONDS = 10.0
STOP_GRACE_SECONDS = 1.0


class Runner(Protocol):
    """Plays one case of LeetCode 843 against a Master: what grading needs of a runner."""

    def play(self, master: Master, seed: int | None) -> Outcome: ...

    def __enter__(self) -> Runner: ...

    def __exit__(self, *exc: object) -> None: ...


class WorkerOwner:
    """Owns at most one live worker for a solution file; use as a context manager."""

    game: Game = "leetcode"

    def __init__(self, solution: Path, limits: Limits, sandbox: bool,
                 memory: MemoryEnforcer = DEFAULT_MEMORY_ENFORCER) -> None:
        self.confinement = confinement(sandbox)
        self.harness = harness_for(solution)
        self.solution, self.limits, self.sandbox, self.memory = solution, limits, sandbox, memory
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

    def _command(self, channel: Channel, seed: int | None) -> Command:
        launch = self.harness.launch(self.solution, self.game, channel,
                                     self.memory.harness_memory_mb(self.limits), seed)
        return self.confinement.command(launch)

    def start_worker(self, seed: int | None = None) -> Worker | str:
        """A new worker that has loaded the file, or why the file could not be loaded.

        `seed` fixes the worker's start-up randomness (Python's string hashing) for replays.
        """
        worker = Worker(lambda channel: self._command(channel, seed), self.limits.output_bytes)
        self.workers_started += 1
        loading = Clock(self.limits.time_seconds, STARTUP_SECONDS + self.limits.time_seconds *
                        WALL_BACKSTOP, worker.cpu_seconds)
        message = worker.receive(loading)
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

    def __init__(self, solution: Path, limits: Limits = DEFAULT_LIMITS,
                 sandbox: bool = False) -> None:
        super().__init__(solution, limits, sandbox)
        self._load_error: str | None = None

    def _ready_worker(self, seed: int | None = None) -> Worker | str:
        """A live worker waiting for a case, or the CE message of a file that cannot load."""
        if self._load_error is not None:
            return self._load_error
        if self._worker is None:
            started = self.start_worker(seed)
            if isinstance(started, str):
                self._load_error = started
                return started
            self._worker = started
        return self._worker

    def play(self, master: Master, seed: int | None) -> Outcome:
        """Run findSecretWord once against `master`; the judge's own Master keeps every count."""
        worker = self._ready_worker(seed)
        if isinstance(worker, str):
            return Outcome("CE", worker)
        clock = Clock.for_case(self.limits.time_seconds, worker.cpu_seconds)
        worker.send({"op": "run", "words": list(master.words), "seed": seed,
                     "dump_after": dump_time(self.limits.time_seconds)})
        outcome = self._converse(worker, master, clock)
        outcome.seconds = clock.wall_seconds()
        output, recent = worker.output.take(), worker.output.take_recent()
        outcome.output, frames = self.harness.split_stack_dump(output, self.solution)
        if not frames:
            frames = self.harness.split_stack_dump(recent, self.solution)[1]
        if outcome.verdict == "TLE" and frames:
            outcome.detail = where_it_was(outcome.detail, frames, self.solution)
        if self._worker is worker and worker.strays():
            self._retire(worker)
        return outcome

    def _converse(self, worker: Worker, master: Master, clock: Clock) -> Outcome:
        stop_message = ""
        while True:
            message = worker.receive(clock)
            if message is None:
                self._retire(worker)
                if stop_message:
                    return Outcome(None, stop_message, stopped=True)
                return Outcome("TLE", clock.verdict_detail())
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
                    clock.cut_wall(STOP_GRACE_SECONDS)
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


def dump_time(limit: float) -> float:
    """When the harness dumps the solution's stack: just before the judge gives up on it."""
    return limit - min(0.5, 0.2 * limit)


def where_it_was(detail: str, frames: list[Frame], solution: Path, most: int = 5) -> str:
    """A time-out's detail: where it was in the submission's own file, innermost call first."""
    try:
        source = solution.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        source = []

    def code(line: int) -> str:
        return f": {source[line - 1].strip()}" if 0 < line <= len(source) else ""

    innermost = frames[0]
    lines = [f"{detail}; it was at line {innermost.line}, in {innermost.function}",
             "where the solution was when its time ran out, innermost call first:"]
    lines += [f"  line {f.line}, in {f.function}{code(f.line)}" for f in frames[:most]]
    return "\n".join(lines)


class _NotAWord:
    """Stands for a guess that was not a string; always answered -1."""

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __repr__(self) -> str:
        return self.text
