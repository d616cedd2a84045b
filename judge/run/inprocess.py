"""Runs a trusted solution inside the judge process: the baseline that isolation is measured
against, and a fast path for the judge's own reference solutions. No limits are enforced."""

from __future__ import annotations

import contextlib
import random
import time
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path

from judge.harness.python.worker import LoadError, load_solution_class
from judge.master import GuessBudgetExhausted, Master
from judge.randomness import UNSEEDED, Seeds
from judge.reading import solution_refused
from judge.result import Outcome


class InProcessRunner:
    def __init__(self, solution: Path) -> None:
        self._class: type | LoadError
        try:
            if refused := solution_refused(solution):
                raise LoadError(refused)
            self._class = load_solution_class(str(solution), Master)
        except LoadError as e:
            self._class = e

    def __enter__(self) -> InProcessRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    @contextlib.contextmanager
    def fresh_state_per_case(self, warmups: Sequence[Master],
                             cases: int | None = None) -> Iterator[None]:
        """Trusted code: its state is its own business, and it is never forked."""
        yield

    def play(self, master: Master, seeds: Seeds = UNSEEDED) -> Outcome:
        if isinstance(self._class, LoadError):
            return Outcome("CE", str(self._class))
        if seeds.case is not None:
            random.seed(seeds.case)
        start = time.perf_counter()
        outcome = Outcome(None)
        try:
            self._class().findSecretWord(list(master.words), master)
        except GuessBudgetExhausted as e:
            outcome = Outcome(None, str(e), stopped=True)
        except MemoryError:
            outcome = Outcome("MLE", "MemoryError")
        except Exception:
            outcome = Outcome("RTE", traceback.format_exc())
        outcome.seconds = time.perf_counter() - start
        return outcome
