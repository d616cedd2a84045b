"""The floor under any fresh state that a fork makes, for `make bench`'s isolation rows.

Each game is played in-process (the judge's own Master, no pipe, no sandbox, no check), once
in the process itself and once in a fork made for that game alone, which ends with it. What the
fork adds, the page tables copied, every page the game writes copied again on its first write,
the process's end, is the least that any fork per case pays, whatever the judge around it does.

It runs as a process of its own, `python -m judge.fork_floor SOLUTION LISTS REPEATS`, printing
one JSON object: so that what is forked holds about what a Python worker holds (the standard
library, the solution, the cases), not the judge's NumPy.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from judge.cases import Case
from judge.master import FixedSecret, Master
from judge.measuring import first_benchmark_lists, interleaved
from judge.run.inprocess import InProcessRunner


def master_for(case: Case) -> Master:
    return Master(case.words, FixedSecret(case.secret), case.allowed_guesses)


def played_here(runner: InProcessRunner, cases: Sequence[Case]) -> None:
    for case in cases:
        runner.play(master_for(case))


def played_in_forks(runner: InProcessRunner, cases: Sequence[Case]) -> None:
    """Each game in a fork of its own; ValueError if one of them raised."""
    for case in cases:
        master = master_for(case)
        child = os.fork()
        if child == 0:
            try:
                ended_well = runner.play(master).verdict is None
            finally:
                os._exit(0 if ended_well else 1)  # a fork never returns into the caller
        _, status = os.waitpid(child, 0)
        if status != 0:
            raise ValueError(f"the game of {case.name} raised in its fork")


def fork_floor(solution: Path, cases: Sequence[Case], repeats: int) -> dict[str, float]:
    runner = InProcessRunner(solution)
    played_here(runner, cases[:10])  # what the solution loads or caches at its first game
    # As the Python worker does before each fork: the collector would copy every shared page.
    gc.freeze()
    least = interleaved({"in_process_s": lambda: played_here(runner, cases),
                         "forked_s": lambda: played_in_forks(runner, cases)}, repeats=repeats)
    return {**least, "ratio": least["forked_s"] / least["in_process_s"]}


def main(argv: list[str]) -> int:
    solution, lists, repeats = Path(argv[0]), int(argv[1]), int(argv[2])
    cases = first_benchmark_lists(lists)
    print(json.dumps({"cases": len(cases), **fork_floor(solution, cases, repeats)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
