"""`make bench`: timings side by side in one run, printed and written as JSON.

Nothing here asserts a time: the numbers are for people comparing commits.
"""

from __future__ import annotations

import random
import shutil
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from judge.analysis.engine import largest_group, match_matrix, reply_counts
from judge.analysis.optimal import solve
from judge.cases import Case, load_cases
from judge.generate import random_words
from judge.grading import grade
from judge.rules import partition_counts
from judge.run.inprocess import InProcessRunner
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, Any]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def engine_against_plain_python(sizes: tuple[int, ...] = (100, 1000)) -> list[Row]:
    """Reply counts of every guess over every candidate: the engine against the definition."""
    rows = []
    for n in sizes:
        words = random_words(random.Random(n), n)
        plain = timed(lambda: [partition_counts(g, words) for g in words])  # noqa: B023
        engine = timed(lambda: reply_counts(match_matrix(words), np.arange(n)))  # noqa: B023
        rows.append({"words": n, "python_s": plain, "engine_s": engine, "ratio": plain / engine})
    return rows


def engine_at_scale(n: int = 10_000) -> Row:
    words = random_words(random.Random(n), n)
    start = time.perf_counter()
    matrix = match_matrix(words)
    built = time.perf_counter() - start
    guess = timed(lambda: largest_group(reply_counts(matrix, np.arange(n))).argmin())
    return {"words": n, "matrix_s": built, "minimax_guess_s": guess}


def isolation_cost(lists: int = 5) -> Row:
    """The same solution over the same 100-word cases, in the judge's process and isolated."""
    solution = ROOT / "solutions" / "minimax_cpp.py"
    cases = [c for c in load_cases([ROOT / "cases" / "benchmark"]) if int(c.name[5:7]) <= lists]
    inside = timed(lambda: grade(InProcessRunner(solution), "in-process", cases))
    isolated = timed(lambda: grade(IsolatedRunner(solution), "isolated", cases))
    row = {"cases": len(cases), "in_process_s": inside, "isolated_s": isolated,
           "ratio": isolated / inside, **round_trip(), "worker_start_s": worker_start()}
    if shutil.which("bwrap"):
        sandboxed = timed(lambda: grade(IsolatedRunner(solution, sandbox=True), "bwrap", cases))
        row.update(sandboxed_s=sandboxed, sandboxed_ratio=sandboxed / inside)
    return row


def round_trip(calls: int = 5000, tmp: Path | None = None) -> Row:
    """Seconds per guess through the pipe: a solution that only calls guess."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "caller.py"
        path.write_text("class Solution:\n    def findSecretWord(self, words, master):\n"
                        f"        for _ in range({calls}):\n            master.guess('-')\n"
                        "        master.guess(words[0])\n")
        case = Case("round-trip", "abcdef", ("abcdef",), calls + 1)
        isolated = timed(lambda: grade(IsolatedRunner(path, Limits(60.0)), "rt", [case]))
        inside = timed(lambda: grade(InProcessRunner(path), "rt", [case]))
    return {"guess_round_trip_us": (isolated - inside) / calls * 1e6}


def worker_start(samples: int = 5) -> float:
    solution = ROOT / "solutions" / "minimax_cpp.py"
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        with IsolatedRunner(solution) as runner:
            worker = runner.start_worker()
            times.append(time.perf_counter() - start)
            assert not isinstance(worker, str), worker
            worker.kill()
    return statistics.median(times)


def optimal_solver(sizes: tuple[int, ...] = (30, 60, 100), limit: float = 60.0) -> list[Row]:
    rows = []
    for n in sizes:
        result = solve(random_words(random.Random(n), n), time_limit=limit)
        rows.append({"words": n, "seconds": result.seconds, "proven": result.proven,
                     "lower": result.lower, "upper": result.upper})
    return rows


FUZZED = ("minimax_cpp", "minimax_kotlin", "minimax_js", "random_guess")


def fuzz_first_find(budget: float = 600.0, seed_value: int = 1) -> list[Row]:
    """Seconds until the fuzzer's first fair failing list, for the seed ports and random."""
    from judge.fuzz import Fuzzer

    rows = []
    for name in FUZZED:
        fuzzer = Fuzzer(ROOT / "solutions" / f"{name}.py", 10, budget, shrink_budget=0.0,
                        report=lambda line: None)
        find = fuzzer.run(seed_value)
        rows.append({"solution": name, "first_find_s": fuzzer.progress.first_find,
                     "lists_tried": fuzzer.progress.examples,
                     "words": len(find.words) if find else None})
    return rows


def run(optimal_limit: float = 60.0, fuzz_budget: float = 600.0) -> dict[str, Any]:
    results: dict[str, Any] = {}
    print("engine against plain Python (reply counts, every guess x every candidate)")
    results["engine"] = engine_against_plain_python()
    for row in results["engine"]:
        print(f"  {row['words']:>6} words  python {row['python_s']:8.3f} s  "
              f"engine {row['engine_s']:8.4f} s  ratio {row['ratio']:7.1f}x")
    results["scale"] = engine_at_scale()
    s = results["scale"]
    print(f"  {s['words']:>6} words  matrix {s['matrix_s']:.2f} s, "
          f"one minimax guess {s['minimax_guess_s']:.2f} s")
    print("isolation (minimax_cpp on 100-word benchmark cases)")
    results["isolation"] = iso = isolation_cost()
    print(f"  {iso['cases']} cases  in-process {iso['in_process_s']:.2f} s  "
          f"isolated {iso['isolated_s']:.2f} s  ratio {iso['ratio']:.2f}x  "
          f"(target <= 1.5x)")
    print(f"  one guess through the pipe {iso['guess_round_trip_us']:.0f} us, "
          f"worker start {iso['worker_start_s'] * 1000:.0f} ms")
    if "sandboxed_s" in iso:
        print(f"  under --sandbox (bubblewrap) {iso['sandboxed_s']:.2f} s  "
              f"ratio {iso['sandboxed_ratio']:.2f}x")
    print(f"optimal solver on random lists (time limit {optimal_limit:g} s each)")
    results["optimal"] = optimal_solver(limit=optimal_limit)
    for row in results["optimal"]:
        outcome = (f"optimum {row['upper']}" if row["proven"]
                   else f"bounds {row['lower']}..{row['upper']}, not proven")
        print(f"  {row['words']:>6} words  {row['seconds']:7.2f} s  {outcome}")
    print(f"fuzzer: time to the first fair list lost at limit 10 (budget {fuzz_budget:g} s)")
    results["fuzz"] = fuzz_first_find(fuzz_budget)
    for row in results["fuzz"]:
        found = ("nothing found" if row["first_find_s"] is None
                 else f"first find after {row['first_find_s']:.1f} s")
        print(f"  {row['solution']:<16} {found} ({row['lists_tried']} lists tried)")
    return results
