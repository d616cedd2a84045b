"""`make bench`: timings side by side in one run, printed and written as JSON.

Nothing here asserts a time: the numbers are for people comparing commits.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import statistics
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from judge.analysis.engine import largest_group, match_matrix, reply_counts
from judge.analysis.optimal import solve
from judge.cases import Case, load_cases
from judge.generate import random_words
from judge.grading import grade
from judge.harness.java import JAVA_VARIABLE, aot_java
from judge.harness.launch import Build, Launch
from judge.harness.registry import harness_named
from judge.master import FixedSecret, Master
from judge.measuring import BENCHMARK, Timer, first_benchmark_lists, interleaved, timed
from judge.report.per_list import Optimum, cases_by_list, list_name
from judge.result import Report
from judge.rules import partition_counts
from judge.run.confine import SETPRIV, Bubblewrap, bubblewrap_works
from judge.run.inprocess import InProcessRunner
from judge.run.limits import Limits
from judge.run.process import Command
from judge.run.session import IsolatedRunner, Runner
from judge.seeds import ORIGINALS, SEEDS_DIRECTORY, WC2022_ORIGINAL, WRITE_UPS, write_original

if TYPE_CHECKING:
    from judge.analysis.mean import MeanSolution
    from judge.wc2022.game import Match

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, Any]


ACCEPTED = ROOT / "tests" / "submissions" / "AC"
TRIVIAL = {"python": "honest_first_candidate.py", "cpp": "first_candidate.cpp",
           "java": "first_candidate.java", "javascript": "first_candidate.js",
           "kotlin": "first_candidate.kt"}
TRIVIAL_PYTHON = ACCEPTED / TRIVIAL["python"]
# What a fresh state may cost a case (issue 29), by the judge's default way: Node.js's and the
# JVM languages'. Python's target is a ratio to in-process grading (isolation_lines).
FRESH_STATE_TARGETS_MS = {"javascript": 10.0, "java": 25.0, "kotlin": 25.0}


def same_counts(plain: list[Counter[int]], engine: np.ndarray) -> bool:
    return [dict(+c) for c in plain] == [
        {r: int(k) for r, k in enumerate(row) if k} for row in engine]


def engine_against_plain_python(sizes: tuple[int, ...] = (100, 1000),
                                timer: Timer = timed) -> list[Row]:
    """Reply counts of every guess over every candidate: the engine against the definition.

    `agree` says whether both gave the same counts: a speed-up is worth nothing otherwise.
    """
    rows = []
    for n in sizes:
        words = random_words(random.Random(n), n)

        def plain(words: list[str] = words) -> list[Counter[int]]:
            return [partition_counts(g, words) for g in words]

        def engine(words: list[str] = words) -> np.ndarray:
            return reply_counts(match_matrix(words), np.arange(len(words)))

        plain_s, engine_s = timer(plain), timer(engine)
        rows.append({"words": n, "python_s": plain_s, "engine_s": engine_s,
                     "ratio": plain_s / engine_s, "agree": same_counts(plain(), engine())})
    return rows


def engine_at_scale(n: int = 10_000) -> Row:
    words = random_words(random.Random(n), n)
    start = time.perf_counter()
    matrix = match_matrix(words)
    built = time.perf_counter() - start
    guess = timed(lambda: largest_group(reply_counts(matrix, np.arange(n))).argmin())
    return {"words": n, "matrix_s": built, "minimax_guess_s": guess}


def isolation_cost(lists: int = 5, timer: Timer = timed, repeats: int = 3) -> Row:
    """The same solution over the same 100-word cases, in the judge's process and isolated,
    each way timed `repeats` times in turn (the least kept, see `interleaved`).

    `same_games` says whether every way of running played the very same guesses.
    """
    solution = ROOT / "solutions" / "minimax_cpp.py"
    cases = first_benchmark_lists(lists)
    reports: dict[str, Report] = {}

    def graded(name: str, runner: Callable[[], Runner]) -> Callable[[], object]:
        return lambda: reports.setdefault(name, grade(runner(), name, cases))

    ways = {"in-process": graded("in-process", lambda: InProcessRunner(solution)),
            "isolated": graded("isolated", lambda: IsolatedRunner(solution))}
    if shutil.which("bwrap"):
        # The sandbox's own cost, with one process for a list's cases as in-process has;
        # then the default, sandbox and a fresh state for every case together.
        ways["bwrap shared"] = graded("bwrap shared", lambda: IsolatedRunner(
            solution, sandbox=True, fresh_state=False))
        ways["bwrap"] = graded("bwrap", lambda: IsolatedRunner(solution, sandbox=True))
    least = interleaved(ways, timer, repeats)
    inside = least["in-process"]
    row = {"cases": len(cases), "repeats": repeats, "in_process_s": inside,
           "isolated_s": least["isolated"], "ratio": least["isolated"] / inside,
           **round_trip(), "worker_start_s": worker_start(),
           "fork_floor": fork_floor_row(solution, lists, repeats)}
    if "bwrap" in least:
        row.update(sandbox_shared_s=least["bwrap shared"],
                   sandbox_shared_ratio=least["bwrap shared"] / inside,
                   sandboxed_s=least["bwrap"], sandboxed_ratio=least["bwrap"] / inside)
    games = {name: [r.transcript for r in report.results] for name, report in reports.items()}
    row["same_games"] = len({repr(g) for g in games.values()}) == 1
    return row


def fork_floor_row(solution: Path, lists: int, repeats: int) -> Row:
    """The same games in-process and each in a fork of its own (judge/fork_floor.py), in a
    process of their own: the least a fresh state made by a fork costs."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "judge.fork_floor", str(solution), str(lists),
                           str(repeats)], capture_output=True, text=True, check=True, cwd=ROOT)
    floor: Row = json.loads(done.stdout)
    return floor


def class_cost(count: int = 30, cases: Path | None = None, timer: Timer = timed) -> Row:
    """A class graded as a teacher grades it, `compare FOLDER` on every core: `count` Python
    submissions on the shipped cases, then the same class with one endless loop in it, which
    fail-fast should hold to a few time limits more."""
    import subprocess
    import sys
    import tempfile

    cases = cases or ROOT / "cases"
    honest = ROOT / "solutions" / "first_candidate.py"
    loop = ROOT / "tests" / "submissions" / "TLE" / "infinite_loop.py"
    row: Row = {"submissions": count, "cases": len(load_cases([cases])),
                "time_limit_s": Limits.time_seconds}
    with tempfile.TemporaryDirectory() as folder:
        room = Path(folder)
        for i in range(count):
            (room / f"student{i:03d}").mkdir()
            shutil.copy(honest, room / f"student{i:03d}" / "solution.py")

        def graded() -> object:
            # As the teacher runs it: the command, in a process of its own.
            return subprocess.run([sys.executable, "-m", "judge", "compare", str(room),
                                   "--cases", str(cases), "--order-seed", "1", "-q"],
                                  capture_output=True, check=False, cwd=ROOT)

        row["class_s"] = timer(graded)
        shutil.copy(loop, room / "student000" / "solution.py")
        row["with_loop_s"] = timer(graded)
    row["extra_s"] = row["with_loop_s"] - row["class_s"]
    row["extra_time_limits"] = row["extra_s"] / Limits.time_seconds
    return row


def fresh_state_cost(lists: int = 20, timer: Timer = timed) -> Row:
    """Fresh state per case (a fork from the list's warm state) against one shared process:
    the benchmark games of minimax_cpp (all 2,000 by default), and the overhead a case with a
    trivial solution pays."""
    cases = first_benchmark_lists(lists)
    row: Row = {"cases": len(cases)}
    for name, solution in (("minimax_cpp", ROOT / "solutions" / "minimax_cpp.py"),
                           ("trivial", TRIVIAL_PYTHON)):
        for fresh in (False, True):
            runner = IsolatedRunner(solution, fresh_state=fresh)

            def graded(runner: Runner = runner) -> Report:
                return grade(runner, "bench", cases, order_seed=1)

            row[f"{name}_{'fresh' if fresh else 'shared'}_s"] = timer(graded)
    row["ratio"] = row["minimax_cpp_fresh_s"] / row["minimax_cpp_shared_s"]
    row["per_case_ms"] = (row["trivial_fresh_s"] - row["trivial_shared_s"]) / len(cases) * 1e3
    return row


class WithoutGuard(Bubblewrap):
    """For measurement only: the sandbox with one of its guards taken out, the system-call
    filter ("filter") or the worker's own user ("user", where the judge is root)."""

    def __init__(self, guard: str, tmp_mb: int = 0) -> None:
        super().__init__(tmp_mb)
        self.guard = guard

    def command(self, launch: Launch) -> Command:
        made = super().command(launch)
        argv, passed = list(made.argv), made.pass_fds
        if self.guard == "filter":
            at = argv.index("--seccomp")
            seccomp = int(argv[at + 1])
            del argv[at:at + 2]
            os.close(seccomp)  # the other descriptors (the machine's stand-ins) stay passed
            passed = tuple(fd for fd in passed if fd != seccomp)
        elif SETPRIV in argv:
            at = argv.index(SETPRIV)
            del argv[at:argv.index("--", at) + 1]
        return Command(argv, made.env, made.cwd, passed)


def guard_cost(lists: int = 4, timer: Timer = timed, repeats: int = 3) -> Row:
    """What the judge's guards cost a case, against the whole cost of a case: a trivial
    solution, sandboxed where bubblewrap works, every case a fork. The checks of each case's
    fork from outside (judge/run/forks.py) are timed as they run; the system-call filter by
    grading without it, in turn with the whole sandbox (see `interleaved`).

    The worker's own user is timed where it is paid, once a worker starts (setpriv's exec).
    Grading without it measured something else: the worker would be root like bubblewrap's
    own processes, which the judge then holds with the warm ones in every case (4 processes
    a case instead of 2; one make bench run took 34.6 s that way against 1.6 s)."""
    cases = first_benchmark_lists(lists)
    sandbox = bubblewrap_works()
    variants = ["all"] + (["filter"] if sandbox else [])
    checks: list[float] = []

    def graded(variant: str) -> Callable[[], object]:
        def action() -> None:
            runner = guarded(sandbox, "" if variant == "all" else variant)
            grade(runner, "bench", cases, order_seed=1)
            if variant == "all":
                checks.append(runner.outside_check_seconds)
        return action

    least = interleaved({v: graded(v) for v in variants}, timer, repeats)
    total = least["all"]
    row: Row = {"cases": len(cases), "sandbox": sandbox, "total_s": total,
                "checks_s": min(checks), "per_case_ms": total / len(cases) * 1e3,
                "checks_per_case_ms": min(checks) / len(cases) * 1e3}
    for variant in variants[1:]:
        row[f"without_{variant}_s"] = least[variant]
        row[f"{variant}_per_case_ms"] = (total - least[variant]) / len(cases) * 1e3
    if sandbox and os.geteuid() == 0:
        row["user_start_ms"] = worker_start(made=lambda: guarded(True, "")) * 1e3
        row["without_user_start_ms"] = worker_start(made=lambda: guarded(True, "user")) * 1e3
    return row


def guarded(sandbox: bool, without: str) -> IsolatedRunner:
    """A runner of a trivial solution, with the guard `without` names taken out, if any."""
    runner = IsolatedRunner(TRIVIAL_PYTHON, sandbox=sandbox)
    if without:
        runner.confinement = WithoutGuard(without, tmp_mb=runner.limits.memory_mb)
    return runner


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


def worker_start(samples: int = 5, made: Callable[[], IsolatedRunner] | None = None) -> float:
    """Median seconds from a runner to its worker ready for requests (minimax_cpp, not
    sandboxed, unless `made` makes the runner)."""
    solution = ROOT / "solutions" / "minimax_cpp.py"
    made = made or (lambda: IsolatedRunner(solution))
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        with made() as runner:
            worker = runner.start_worker()
            times.append(time.perf_counter() - start)
            assert not isinstance(worker, str), worker
            worker.kill()
    return statistics.median(times)


def built_beforehand(runner: IsolatedRunner, case: Case) -> IsolatedRunner:
    """The runner once it has compiled its file (by playing one case): a build is not a
    case's cost."""
    grade(runner, "compile", [case], order_seed=1)
    return runner


# Runs of each way in a language's row, the least kept: the page's title for the rows says so.
LANGUAGE_RUNS = 3


def language_overhead(count: int = 100, timer: Timer = timed,
                      repeats: int = LANGUAGE_RUNS) -> list[Row]:
    """Each language's cost per case: a trivial solution on 100-word benchmark cases, in one
    shared process and with a fresh state per case (a fork where the harness forks, a new
    process for the others), compiled beforehand; the fresh state's cost is the difference.
    Each is measured without the sandbox and, where bubblewrap works, in it (the default).
    Where the JVM languages run on a JDK with ahead-of-time caches, they are measured on the
    system's java too (without the sandbox), in the same run. Each way is timed `repeats`
    times, the shared process and the fresh state in turn, the least kept (`interleaved`): a
    JVM's case is a process start, which a busy moment of a shared machine slows by
    milliseconds."""
    cases = load_cases([BENCHMARK])[:count]
    modes = (False, True) if bubblewrap_works() else (False,)
    rows = []
    for language, name in TRIVIAL.items():
        missing = harness_named(language).missing()
        if missing:
            rows.append({"language": language, "missing": missing})
            continue
        for sandbox in modes:
            row = language_row(language, ACCEPTED / name, cases, timer, sandbox=sandbox,
                               repeats=repeats)
            if language in FRESH_STATE_TARGETS_MS:
                row["target_ms"] = FRESH_STATE_TARGETS_MS[language]
            rows.append(row)
        if from_cache(language):
            with system_java():
                rows.append(language_row(language, ACCEPTED / name, cases, timer,
                                         how="a new process on the system's java, no cache",
                                         repeats=repeats))
    return rows


JVM_LANGUAGES = ("java", "kotlin")


def from_cache(language: str) -> bool:
    """Whether the language's cases start from an ahead-of-time cache (judge/harness/java)."""
    return language in JVM_LANGUAGES and aot_java() is not None


@contextlib.contextmanager
def system_java() -> Iterator[None]:
    """Cases built and run on the system's java (judge/harness/java: JAVA_VARIABLE)."""
    before = os.environ.get(JAVA_VARIABLE)
    os.environ[JAVA_VARIABLE] = "system"
    try:
        yield
    finally:
        if before is None:
            del os.environ[JAVA_VARIABLE]
        else:
            os.environ[JAVA_VARIABLE] = before


def language_row(language: str, solution: Path, cases: list[Case], timer: Timer,
                 how: str = "", sandbox: bool = False, repeats: int = 1) -> Row:
    if not how:
        how = "a fork" if harness_named(language).forks else \
            "a new process from an ahead-of-time cache" if from_cache(language) else \
            "a new process"
    row: Row = {"language": language, "cases": len(cases), "how": how,
                "mode": "sandboxed" if sandbox else "plain", "repeats": repeats}
    ways: dict[str, Callable[[], object]] = {}
    for fresh in (False, True):
        runner = built_beforehand(IsolatedRunner(solution, sandbox=sandbox, fresh_state=fresh),
                                  cases[0])

        def graded(runner: Runner = runner) -> Report:
            return grade(runner, "bench", cases, order_seed=1)

        ways["fresh_s" if fresh else "shared_s"] = graded
    row.update(interleaved(ways, timer, repeats))
    row["shared_ms"] = row["shared_s"] / len(cases) * 1e3
    row["fresh_ms"] = row["fresh_s"] / len(cases) * 1e3
    return row


COMPILED = ("cpp", "java", "kotlin")


def build_cost(languages: tuple[str, ...] = COMPILED, timer: Timer = timed,
               root: Path | None = None) -> list[Row]:
    """A compiled language's builds, as a class meets them on a new cache (`root`, else a new
    folder): the judge's own part, made once for every file (Build.shared), then a file's own
    build, then a second file's. Each is built once: a build kept is not built again."""
    import tempfile

    from judge.run.build import BUILD_TMP_MB, CompileError, built_program
    from judge.run.confine import Unconfined

    builder = Bubblewrap(BUILD_TMP_MB) if bubblewrap_works() else Unconfined()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder:
        cache = root or Path(folder)
        for language in languages:
            harness = harness_named(language)
            if missing := harness.missing():
                rows.append({"language": language, "missing": missing})
                continue
            row: Row = {"language": language, "mode": builder.name}
            builds = []
            for n in (1, 2):  # two files that differ in a comment: two builds
                source = Path(folder) / f"file{n}{harness.extensions[0]}"
                source.write_bytes((ACCEPTED / TRIVIAL[language]).read_bytes() +
                                   f"\n// file {n}\n".encode())
                build = harness.build(source, "leetcode")
                assert build is not None
                builds.append(build)

            def made(build: Build, language: str = language) -> Callable[[], object]:
                def make() -> object:
                    result = built_program(build, builder, root=cache)
                    if isinstance(result, CompileError):
                        raise RuntimeError(f"{language}: {result.message}")
                    return result
                return make

            shared = builds[0].shared
            row["shared_s"] = None if shared is None else timer(made(shared))
            row["first_s"], row["second_s"] = (timer(made(build)) for build in builds)
            rows.append(row)
    return rows


def original_against_port(count: int = 2000, timer: Timer = timed) -> list[Row]:
    """The benchmark's games (2,000 by default) of each seed's original, run unchanged, beside
    its Python port, both graded as the judge grades by default (fresh state per case, in the
    sandbox where bubblewrap works)."""
    import tempfile

    cases = load_cases([BENCHMARK])[:count]
    sandbox = bubblewrap_works()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for original in ORIGINALS:
            if not SEEDS_DIRECTORY.is_dir() or harness_named(original.language).missing():
                continue
            seconds: dict[str, float] = {}
            games: dict[str, list[object]] = {}
            for name, solution in (("port", ROOT / "solutions" / f"{original.port}.py"),
                                   ("original", write_original(original, Path(folder)))):
                runner = built_beforehand(
                    IsolatedRunner(solution, Limits(time_seconds=60.0), sandbox=sandbox), cases[0])

                def graded(name: str = name, runner: Runner = runner,
                           games: dict[str, list[object]] = games) -> None:
                    report = grade(runner, name, cases, order_seed=1)
                    games[name] = [r.transcript for r in report.results]

                seconds[name] = timer(graded)
            rows.append({"seed": original.seed[:3], "language": original.language,
                         "cases": len(cases), "port_s": seconds["port"],
                         "original_s": seconds["original"],
                         "ratio": seconds["port"] / seconds["original"],
                         "same_games": games["port"] == games["original"],
                         "mode": "sandboxed" if sandbox else "plain"})
    return rows


MEAN_REFERENCES = ("strongest", "entropy", "minimax_cpp", "optimal_worst_case")


def mean_bounds(result: MeanSolution) -> Row:
    n = len(result.words)
    return {"seconds": result.seconds, "proven": result.proven,
            "mean_lower": result.lower / n, "mean_upper": result.upper / n}


def optimal_means(lists: int = 20, limit: float = 60.0) -> list[Row]:
    """For each benchmark list (each of its words a secret once): the least mean under the
    list's optimal worst case (`optimal --objective mean`, its default cap) and without a cap,
    beside the mean and worst case of reference solutions on the same games."""
    from judge.analysis.mean import solve_mean

    by_list = cases_by_list(load_cases([BENCHMARK]))
    rows = []
    for words, games in list(by_list.items())[:lists]:
        worst = solve(words, time_limit=limit)
        # Without a cap first: what that search proves bounds the capped one from below.
        free = solve_mean(words, time_limit=limit)
        capped = solve_mean(words, time_limit=limit, max_guesses=worst.upper, uncapped=free)
        row: Row = {"list": list_name(games), "words": len(words), "secrets": len(games),
                    "worst": worst.upper, "worst_proven": worst.proven,
                    "capped": mean_bounds(capped), "free": mean_bounds(free), "references": {}}
        if {c.secret for c in games} == set(words):  # the solutions' mean is over the same games
            for name in MEAN_REFERENCES:
                report = grade(InProcessRunner(ROOT / "solutions" / f"{name}.py"), name, games)
                guesses = [r.guesses for r in report.results]
                row["references"][name] = {"mean": statistics.fmean(guesses),
                                           "worst": max(guesses)}
        rows.append(row)
    return rows


OPTIMUM_PLAYER = "optimal_worst_case"


def playing_the_optimum(lists: int = 20, limit: float = 60.0) -> list[Row]:
    """Each benchmark list's optimum as `optimal` proves it, with the proof's time, beside
    optimal_worst_case.py played as LeetCode runs it (one process for every game): its worst
    case, its first game on the list (where it plans) and its slowest later game (from its
    cache), in CPU seconds."""
    by_list = cases_by_list(load_cases([BENCHMARK]))
    runner = optimum_player()
    return [optimum_played(runner, list_name(games), words, games, limit)
            for words, games in list(by_list.items())[:lists]]


def playing_the_optimum_on_random_lists(count: int = 50, seed: int | None = None,
                                        limit: float = 60.0) -> Row:
    """The same on random 100-word lists that are not in the repository, every word of each
    the secret once, drawn from `seed` (a fresh one when None, and named in the row)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    rng, runner = random.Random(seed), optimum_player()
    rows = []
    for i in range(count):
        words = tuple(random_words(rng, 100))
        games = [Case(f"random{i + 1:02}@{w}", w, words, 30) for w in words]
        rows.append(optimum_played(runner, f"random{i + 1:02}", words, games, limit))
    return {"seed": seed, "lists": rows}


def optimum_player() -> InProcessRunner:
    """One process for every game of every list, as LeetCode runs a submission."""
    return InProcessRunner(ROOT / "solutions" / f"{OPTIMUM_PLAYER}.py")


def optimum_played(runner: InProcessRunner, name: str, words: tuple[str, ...],
                   games: list[Case], limit: float) -> Row:
    proof = solve(words, time_limit=limit)
    seconds, guesses, accepted = [], [], True
    for case in games:
        # The solution's own CPU time, without the judge's verdict: runner.play, not
        # grading.judge_case.
        master = Master(case.words, FixedSecret(case.secret), case.allowed_guesses)
        start = time.process_time()
        outcome = runner.play(master)
        seconds.append(time.process_time() - start)
        guesses.append(master.calls)
        accepted = accepted and outcome.verdict is None and master.verdict()[0] == "AC"
    return {"list": name, "proof_s": proof.seconds, "proven": proof.proven,
            "lower": proof.lower, "upper": proof.upper, "worst": max(guesses),
            "mean": statistics.fmean(guesses), "accepted": accepted,
            "first_game_s": seconds[0], "slowest_later_s": max(seconds[1:], default=0.0)}


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


WC2022_PORT = "entropy"  # the pure port of seed 004: the reference for the others' guesses
WC2022_SOLUTIONS = ("entropy", "entropy_numpy")  # seed 004's algorithm: the port's guesses
WC2022_STRONGER = ("expected_points",)  # their own guesses, to score more than the seed's


def wc2022_dictionaries() -> list[Path]:
    from judge.wc2022.game import CONTEST_DICTIONARY, ENGLISH5

    return [d for d in (CONTEST_DICTIONARY, ENGLISH5) if d.exists()]


def wc2022_matches(rounds: int = 1000, seed_value: int = 0,
                   solutions: tuple[str, ...] = WC2022_SOLUTIONS + WC2022_STRONGER) -> list[Row]:
    """Whole P8079 matches through the judge's worker, each solution on the same answers.

    `same_as_port` says whether a solution made every guess the pure port made.
    """
    import tempfile

    from judge.wc2022.game import CONTEST_DICTIONARY, play, read_dictionary

    rows = []
    folder = tempfile.TemporaryDirectory()
    for dictionary in wc2022_dictionaries():
        words = read_dictionary(dictionary)
        games: dict[str, list[list[str]]] = {}
        files = {name: ROOT / "solutions" / "wc2022" / f"{name}.py" for name in solutions}
        # Seed 004's own C++, unchanged, where it can run: it reads exactly the contest's words.
        if dictionary == CONTEST_DICTIONARY and SEEDS_DIRECTORY.is_dir() and \
                not harness_named("cpp").missing():
            files["C++ original"] = write_original(WC2022_ORIGINAL, Path(folder.name))
        for name, solution in files.items():
            match = play(solution, words, rounds, seed_value,
                         limits=Limits(time_seconds=60.0), match_seconds=24 * 3600.0)
            games[name] = [[w for w, _ in r.guesses] for r in match.rounds]
            rows.append({**wc2022_row(dictionary, name, match), "seconds": match.seconds,
                         "same_as_port": games[name] == games.get(WC2022_PORT)})
    folder.cleanup()
    return rows


def wc2022_expectations(dictionaries: list[Path] | None = None, seed_value: int = 0,
                        solutions: tuple[str, ...] = ("entropy_numpy", *WC2022_STRONGER)
                        ) -> list[Row]:
    """Each dictionary word played once as the answer: the exact points a round each solution
    expects over uniform answers, which 1,000 drawn rounds only estimate (standard error about
    0.3)."""
    from judge.wc2022.game import play, read_dictionary

    rows = []
    for dictionary in wc2022_dictionaries() if dictionaries is None else dictionaries:
        words = read_dictionary(dictionary)
        for name in solutions:
            match = play(ROOT / "solutions" / "wc2022" / f"{name}.py", words, len(words),
                         seed_value, limits=Limits(time_seconds=60.0),
                         match_seconds=24 * 3600.0, every_answer=True)
            rows.append(wc2022_row(dictionary, name, match))
    return rows


def wc2022_row(dictionary: Path, solution: str, match: Match) -> Row:
    rounds = len(match.rounds)
    return {"dictionary": dictionary.name, "solution": solution, "rounds": rounds,
            "cpu_seconds": match.cpu_seconds, "points_per_round": match.total / rounds,
            "lost": sum(r.ended != "found" for r in match.rounds),
            "outcomes": match.summary()["outcomes"]}


def engine_lines(engine: list[Row]) -> list[str]:
    return [f"  {row['words']:>6} words  python {row['python_s']:8.3f} s  "
            f"engine {row['engine_s']:8.4f} s  ratio {row['ratio']:7.1f}x"
            + ("" if row["agree"] else "  THE COUNTS DIFFER") for row in engine]


def scale_lines(scale: Row) -> list[str]:
    return [f"  {scale['words']:>6} words  matrix {scale['matrix_s']:.2f} s, "
            f"one minimax guess {scale['minimax_guess_s']:.2f} s"]


def isolation_lines(iso: Row) -> list[str]:
    lines = [f"  {iso['cases']} cases, the least of {iso['repeats']} runs taken in turn: "
             f"in-process {iso['in_process_s']:.2f} s  "
             f"isolated {iso['isolated_s']:.2f} s  ratio {iso['ratio']:.2f}x  "
             f"(target <= 1.5x)" + ("" if iso["same_games"] else "  THE GAMES DIFFER"),
             f"  one guess through the pipe {iso['guess_round_trip_us']:.0f} us, "
             f"worker start {iso['worker_start_s'] * 1000:.0f} ms"]
    if "sandboxed_s" in iso:
        lines += [f"  sandboxed (bubblewrap), one process a list {iso['sandbox_shared_s']:.2f} s"
                  f"  ratio {iso['sandbox_shared_ratio']:.2f}x  (the sandbox's cost; "
                  f"target <= 1.5x)",
                  f"  sandboxed, fresh state per case (the default) {iso['sandboxed_s']:.2f} s"
                  f"  ratio {iso['sandboxed_ratio']:.2f}x  (the sandbox's cost times the fresh "
                  f"state's)"]
    floor = iso["fork_floor"]
    lines.append(f"  the floor under any fork per case: each game in a fork of its own, no pipe, "
                 f"no sandbox, no check: {floor['forked_s'] / floor['cases'] * 1e3:.2f} ms a "
                 f"game against {floor['in_process_s'] / floor['cases'] * 1e3:.2f} ms "
                 f"in-process, ratio {floor['ratio']:.2f}x")
    return lines


def class_lines(row: Row) -> list[str]:
    return [f"  {row['submissions']} submissions x {row['cases']} cases, compare on every core: "
            f"{row['class_s']:.1f} s; with one endless loop among them {row['with_loop_s']:.1f} "
            f"s, {row['extra_s']:+.1f} s = {row['extra_time_limits']:.1f} time limits of "
            f"{row['time_limit_s']:g} s (fail-fast stops it after 3)"]


def fresh_state_lines(fresh: Row) -> list[str]:
    return [f"  minimax_cpp  shared {fresh['minimax_cpp_shared_s']:.2f} s  fresh "
            f"{fresh['minimax_cpp_fresh_s']:.2f} s  ratio {fresh['ratio']:.2f}x  "
            f"(target <= 1.5x)",
            f"  overhead of a fresh state: {fresh['per_case_ms']:.2f} ms a case  "
            f"(target <= 5 ms)"]


GUARDS = {"filter": "the system-call filter (seccomp)"}


def guard_lines(row: Row) -> list[str]:
    mode = "sandboxed" if row["sandbox"] else "without the sandbox"
    return [f"  checks of each case's fork from outside (stop, /proc, status, /tmp): "
            f"{row['checks_per_case_ms']:.2f} ms of {row['per_case_ms']:.2f} ms a case "
            f"({mode}, a trivial solution, {row['cases']} cases)"] + [
        f"  {what}: {row[f'{guard}_per_case_ms']:+.2f} ms a case ({row['total_s']:.2f} s "
        f"with it, {row[f'without_{guard}_s']:.2f} s without)"
        for guard, what in GUARDS.items() if f"without_{guard}_s" in row] + user_lines(row)


def user_lines(row: Row) -> list[str]:
    if "user_start_ms" not in row:
        return []
    return [f"  the worker as its own user (nobody, through setpriv), paid once a worker "
            f"starts, not a case: start {row['user_start_ms']:.0f} ms with it, "
            f"{row['without_user_start_ms']:.0f} ms without"]


def language_lines(rows: list[Row]) -> list[str]:
    return [f"  {row['language']:<10} unavailable: {row['missing']}" if "missing" in row else
            f"  {row['language']:<10} {row['mode']:<9}  "
            f"shared process {row['shared_ms']:7.2f} ms a case  "
            f"fresh state {row['fresh_ms']:7.2f} ms a case  "
            f"(a fresh state costs {row['fresh_ms'] - row['shared_ms']:6.2f} ms: "
            f"{row['how']})" + (f"  target <= {row['target_ms']:.0f} ms" if "target_ms" in row
                                else "") for row in rows]


def build_lines(rows: list[Row]) -> list[str]:
    return [f"  {row['language']:<10} unavailable: {row['missing']}" if "missing" in row else
            f"  {row['language']:<10} {row['mode']:<10} "
            + ("no part of the judge's own" if row["shared_s"] is None else
               f"the judge's own part {row['shared_s']:5.2f} s once")
            + f"  a file {row['first_s']:5.2f} s  another file {row['second_s']:5.2f} s"
            for row in rows]


def original_lines(rows: list[Row]) -> list[str]:
    return [f"  {WRITE_UPS.get(row['seed'], row['seed']):<32} {row['cases']} games: port "
            f"{row['port_s']:6.2f} s  original {row['original_s']:6.2f} s  "
            f"(port / original {row['ratio']:.2f})  "
            + ("same games" if row["same_games"] else "THE GAMES DIFFER")
            + f", {row['mode']}" for row in rows]


def optimal_lines(rows: list[Row]) -> list[str]:
    return [f"  {row['words']:>6} words  {row['seconds']:7.2f} s  "
            + (f"optimum {row['upper']}" if row["proven"]
               else f"bounds {row['lower']}..{row['upper']}, not proven") for row in rows]


def optimum_player_lines(rows: list[Row]) -> list[str]:
    lines = []
    for row in rows:
        optimum = str(Optimum(row["lower"], row["upper"], row["proven"]))
        lines.append(f"  {row['list']}  proof {row['proof_s']:6.2f} s  optimum {optimum:<5} "
                     f"worst {row['worst']}{'' if row['accepted'] else '!'}  "
                     f"mean {row['mean']:.2f}  first game {row['first_game_s']:5.2f} s  "
                     f"slowest later {row['slowest_later_s'] * 1000:6.2f} ms")
    return [*lines, optimum_player_summary(rows)]


def optimum_player_summary(rows: list[Row]) -> str:
    met = sum(r["proven"] and r["worst"] == r["upper"] for r in rows)
    proofs = [r["proof_s"] for r in rows]
    return (f"  optimum met on {met} of {len(rows)} lists; slowest proof {max(proofs):.2f} s, "
            f"all proofs {sum(proofs):.1f} s; slowest first game "
            f"{max(r['first_game_s'] for r in rows):.2f} s, slowest later game "
            f"{max(r['slowest_later_s'] for r in rows) * 1000:.2f} ms")


def random_optimum_player_lines(result: Row) -> list[str]:
    """One line for many lists: the summary, and the lists where the optimum was missed."""
    rows = result["lists"]
    missed = [f"  missed: {row['list']} worst {row['worst']}, optimum "
              f"{Optimum(row['lower'], row['upper'], row['proven'])}"
              for row in rows if not (row["proven"] and row["worst"] == row["upper"])]
    firsts = sorted(r["first_game_s"] for r in rows)
    return [f"  {len(rows)} random lists of 100 words, drawn with seed {result['seed']}: "
            f"first game median {statistics.median(firsts):.2f} s",
            optimum_player_summary(rows), *missed]


def optimal_mean_lines(rows: list[Row]) -> list[str]:
    def bounds(found: Row) -> str:
        mean = (f"{found['mean_upper']:.3f}" if found["proven"] else
                f"{found['mean_lower']:.3f}..{found['mean_upper']:.3f}")
        return f"{mean:<12} ({found['seconds']:4.1f} s)"

    lines = []
    for row in rows:
        least = row["capped"]["mean_upper"] if row["capped"]["proven"] else None
        others = []
        for name, played in row["references"].items():
            gap = "" if least is None else f" {played['mean'] - least:+.3f}"
            others.append(f"{name} {played['mean']:.3f}{gap} (worst {played['worst']})")
        lines.append(f"  {row['list']}  worst {row['worst']}{'' if row['worst_proven'] else '?'}"
                     f"  capped {bounds(row['capped'])}  free {bounds(row['free'])}  "
                     + "  ".join(others))
    capped = [row["capped"] for row in rows]
    # Means are totals over the secrets, so 5.54 - 5.52 is 2 guesses in 100, not 0.0200000000000005.
    close = [c for c in capped
             if not c["proven"] and round(c["mean_upper"] - c["mean_lower"], 9) <= 0.02]
    lines.append(f"  least capped mean proven on {sum(c['proven'] for c in capped)} of {len(rows)} "
                 f"lists (bounds within 0.02 on {len(close)} more), the least mean without a cap "
                 f"on {sum(row['free']['proven'] for row in rows)}; capped: never more guesses "
                 "than the list's optimal worst case; the gap is a solution's mean less the "
                 "least capped mean")
    proven = [row for row in rows if row["capped"]["proven"] and row["references"]]
    if proven:
        averages = []
        for name in proven[0]["references"]:
            average = statistics.fmean(
                row["references"][name]["mean"] - row["capped"]["mean_upper"] for row in proven)
            kept = sum(row["references"][name]["worst"] <= row["worst"] for row in proven)
            averages.append(f"{name} {average:+.3f} (within the cap on {kept})")
        lines.append(f"  mean gap over the {len(proven)} lists proven: " + ", ".join(averages))
    return lines


def fuzz_lines(rows: list[Row]) -> list[str]:
    return [f"  {row['solution']:<16} "
            + ("nothing found" if row["first_find_s"] is None
               else f"first find after {row['first_find_s']:.1f} s")
            + f" ({row['lists_tried']} lists tried)" for row in rows]


def wc2022_lines(rows: list[Row]) -> list[str]:
    port_seconds = {r["dictionary"]: r["seconds"] for r in rows if r["solution"] == WC2022_PORT}
    return [f"  {row['dictionary']:<22} {row['solution']:<14} {row['seconds']:7.1f} s "
            f"(CPU {row['cpu_seconds']:6.1f} s, "
            f"{port_seconds[row['dictionary']] / row['seconds']:5.1f}x the port)  "
            f"{row['points_per_round']:6.2f} points a round, {row['lost']} lost, "
            f"{'same guesses as the port' if row['same_as_port'] else 'its own guesses'}"
            for row in rows]


def wc2022_expectation_lines(rows: list[Row]) -> list[str]:
    first: dict[str, float] = {}
    for row in rows:
        first.setdefault(row["dictionary"], row["points_per_round"])
    return [f"  {row['dictionary']:<22} {row['solution']:<16} {row['rounds']:5} answers  "
            f"{row['points_per_round']:8.3f} points a round "
            f"({row['points_per_round'] - first[row['dictionary']]:+.3f}), {row['lost']} lost, "
            f"CPU {row['cpu_seconds']:5.1f} s" for row in rows]


# The parts of a run, by the key of each titled section: `bench --only` names them. A section
# without a title belongs to the part before it.
PARTS = ("engine", "isolation", "fresh_state", "class", "languages", "builds", "originals",
         "optimal",
         "optimum_player", "optimal_mean", "fuzz", "wc2022", "wc2022_expectation")


def run(optimal_limit: float = 60.0, fuzz_budget: float = 600.0,
        wc2022_rounds: int = 1000, only: Collection[str] = PARTS) -> dict[str, Any]:
    """Every measurement in turn (those of the parts named in `only`): its title first, then
    its rows once it is made. The lines printed are kept under "printed", for the generated
    page (`page`)."""
    results: dict[str, Any] = {"printed": []}
    part = ""

    def section(key: str, title: str | None, measure: Callable[[], Any],
                lines: Callable[[Any], list[str]]) -> None:
        nonlocal part
        if title is not None:  # None: more rows under the section before
            part = key
        if part not in only:
            return
        if title is not None:
            print(title, flush=True)
            results["printed"].append(title)
        results[key] = measure()
        shown = lines(results[key])
        results["printed"] += shown
        print("\n".join(shown), flush=True)

    section("engine", "engine against plain Python (reply counts, every guess x every candidate)",
            engine_against_plain_python, engine_lines)
    section("scale", None, engine_at_scale, scale_lines)
    section("isolation", "isolation (minimax_cpp on 100-word benchmark cases)", isolation_cost,
            isolation_lines)
    section("fresh_state", "fresh state per case against one shared process (the benchmark)",
            fresh_state_cost, fresh_state_lines)
    section("guards", None, guard_cost, guard_lines)
    section("class", "a class: compare FOLDER of Python submissions on the shipped cases",
            class_cost, class_lines)
    section("languages", "languages: a trivial solution's cost per case (100 benchmark cases, "
            f"the least of {LANGUAGE_RUNS} runs taken in turn)",
            language_overhead, language_lines)
    section("builds", "builds on a new cache: the judge's own part of every file's build, "
            "made once (Build.shared), then two files", build_cost, build_lines)
    section("originals", "the seeds' originals, unchanged, against their Python ports "
            "(benchmark games)", original_against_port, original_lines)
    section("optimal", f"optimal solver on random lists (time limit {optimal_limit:g} s each)",
            lambda: optimal_solver(limit=optimal_limit), optimal_lines)
    section("optimum_player", f"each benchmark list's proven optimum (time limit "
            f"{optimal_limit:g} s each), and {OPTIMUM_PLAYER}.py played as on LeetCode (CPU "
            f"seconds; targets: first game <= 5 s, later games <= 50 ms, proof <= 10 s)",
            lambda: playing_the_optimum(limit=optimal_limit), optimum_player_lines)
    section("optimum_player_random", None,
            lambda: playing_the_optimum_on_random_lists(limit=optimal_limit),
            random_optimum_player_lines)
    section("optimal_mean", f"the least mean on each benchmark list, under its optimal worst case "
            f"and without a cap (time limit {optimal_limit:g} s each), beside the means of "
            f"{', '.join(MEAN_REFERENCES)}",
            lambda: optimal_means(limit=optimal_limit), optimal_mean_lines)
    section("fuzz", f"fuzzer: time to the first fair list lost at limit 10 (budget "
            f"{fuzz_budget:g} s)", lambda: fuzz_first_find(fuzz_budget), fuzz_lines)
    section("wc2022", f"P8079: {wc2022_rounds} rounds through the worker, init included "
            f"(seed 0)", lambda: wc2022_matches(wc2022_rounds), wc2022_lines)
    section("wc2022_expectation", "P8079: every word once as the answer (the exact points a "
            "round expected over uniform answers), beside the algorithm of "
            f"{WRITE_UPS['004']}",
            wc2022_expectations, wc2022_expectation_lines)
    return results


def machine() -> str:
    """The machine a run was made on, in a line: what the figures depend on."""
    import os
    import platform

    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor() or "unknown CPU") \
        if Path("/proc/cpuinfo").exists() else platform.processor()
    memory = ""
    if Path("/proc/meminfo").exists():
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f", {kib / (1 << 20):.0f} GiB"
    return (f"{os.cpu_count()} cores ({cpu}){memory}; Python {platform.python_version()}, "
            f"NumPy {np.__version__}")


def described(line: str) -> str:
    """A printed line with each seed document named by what it is ("the C++ minimax
    write-up"), not by the number of a file the reader of the page does not have; also for
    the lines of a run whose --json still names them so."""
    line = re.sub(r"\bseed (00\d) \((C\+\+)\)", lambda m: "C++ original", line)
    return re.sub(r"\bseed (00\d)('s algorithm)?",
                  lambda m: (f"the algorithm of {WRITE_UPS[m[1]]}" if m[2] else WRITE_UPS[m[1]])
                  if m[1] in WRITE_UPS else m[0], line)


RECORDED = ("command", "date", "machine", "commit", "load")


def commit() -> str:
    """The commit a run measured, with "+ changes" when the checkout had uncommitted ones."""
    import subprocess

    def git(*argv: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *argv], capture_output=True, text=True,
                              timeout=30, check=True).stdout.strip()
    try:
        head, changes = git("rev-parse", "--short", "HEAD"), git("status", "--porcelain",
                                                                "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return "not a git checkout"
    return f"{head} + uncommitted changes" if changes else head


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): whether the run had the cores to itself."""
    import os

    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def page(results: dict[str, Any]) -> str:
    """docs/benchmarks.md, generated: the machine, the date, the command, the commit, every
    line the run printed. Written by `bench --page`; the figures are the run's, nothing by
    hand. A detail the run did not record is said so."""
    shown = {key: value if isinstance(value := results.get(key), str) else "not recorded"
             for key in RECORDED}
    return "\n".join([
        "# Benchmarks", "",
        "Generated by `make bench` (`python -m judge bench --page docs/benchmarks.md`): "
        "every timing of one run, side by side. Do not edit by hand; run it again.", "",
        f"- machine: {shown['machine']}", f"- date: {shown['date']}",
        f"- commit: {shown['commit']}", f"- command: `{shown['command']}`",
        f"- load averages (1, 5, 15 min) at the start and the end: {shown['load']}", "",
        "The suite runs a miniature of each measurement and asserts none of the times. Each "
        "row that compares two ways of computing the same thing also checks that they agree "
        "(the same counts, the same games, the same guesses).", "",
        "```text", *map(described, results.get("printed", [])), "```", ""])
