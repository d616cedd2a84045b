"""Command line: parse argv, call one function, print, choose the exit code.

Exit codes: 0 every case accepted (or the command succeeded), 1 some case not accepted,
2 bad usage or bad input (one clear line each, no traceback).
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path

from judge.cases import (
    MAX_ALLOWED,
    MIN_ALLOWED,
    Case,
    CaseError,
    cases_to_json,
    every_secret,
    load_cases,
)
from judge.fairness import judge_fairness
from judge.generate import KINDS, generate
from judge.grading import grade
from judge.harness.registry import UnknownLanguage, language_names
from judge.report.files import check_writable, write_atomically
from judge.report.json_report import leaderboard_json, reports_json
from judge.report.merge import ReportProblem, merge, parse_shard, read_reports, shard_of
from judge.report.progress import Progress
from judge.report.text import (
    leaderboard,
    order_line,
    summary_text,
    table_header,
    table_row,
    transcript_text,
)
from judge.result import CaseResult, Report
from judge.run.confine import SandboxUnavailable, bubblewrap_works
from judge.run.inprocess import InProcessRunner
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner, Runner
from judge.safetext import safe, safe_block
from judge.verdicts import MEANING

PROJECT_ROOT = Path(__file__).resolve().parent.parent
EXIT_OK, EXIT_NOT_ACCEPTED, EXIT_BAD_INPUT = 0, 1, 2


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit 2."""


def require_writable(report: Path | None) -> None:
    """Refuse a report path that cannot be written, before any work is done."""
    if report is not None and (problem := check_writable(report)):
        raise UsageError(problem)


LONGEST_LIMIT_SECONDS = 24 * 3600.0


def check_seconds(option: str, value: float | None) -> None:
    """A time limit must be a real, positive number of seconds, and not absurdly long."""
    if value is not None and not (0 < value <= LONGEST_LIMIT_SECONDS):  # also false for nan
        raise UsageError(f"{option} must be positive and at most {LONGEST_LIMIT_SECONDS:g} "
                         f"seconds, not {value}")


SMALLEST_MEMORY_MB, LARGEST_MEMORY_MB = 32, 1 << 20


def check_memory(megabytes: int) -> None:
    """The judge's own setting, checked here: never blamed on a submission as CE or MLE."""
    if megabytes == 0:
        return  # no limit
    if megabytes < SMALLEST_MEMORY_MB:
        raise UsageError(f"--memory-limit {megabytes} MiB is too small to start a worker: "
                         f"at least {SMALLEST_MEMORY_MB}, or 0 for none")
    if megabytes > LARGEST_MEMORY_MB:
        raise UsageError(f"--memory-limit must be at most {LARGEST_MEMORY_MB} MiB (1 TiB), "
                         f"or 0 for none")


def default_cases() -> Path:
    here = Path("cases")
    return here if here.is_dir() else PROJECT_ROOT / "cases"


EPILOG = """\
examples:
  python -m judge grade solutions/strongest.py              every case under cases/
  python -m judge grade my_solution.py --cases cases/examples --json report.json
  python -m judge grade my_solution.py --case single-word -vv  one case, every guess shown
  python -m judge grade my_solution.py --all-secrets --cases cases/handwritten
  python -m judge grade solution.cpp --cases cases/examples     C++, Java, JavaScript, Kotlin too
  python -m judge compare solutions/*.py --cases cases/benchmark
  python -m judge compare solutions/*.py --shard 2/4 --order-seed 7 --json shard2.json
  python -m judge merge shard1.json shard2.json shard3.json shard4.json
  python -m judge check cases/
  python -m judge fuzz solutions/minimax_cpp.py --budget-seconds 120
  python -m judge play --english
  python -m judge explain my_solution.py --case cases/handwritten/random-100-a.json

verdicts:
""" + "".join(f"  {v:<4} {m}\n" for v, m in MEANING.items()) + """
exit codes: 0 all accepted, 1 some case not accepted, 2 bad usage or bad input
"""


def add_sandbox_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--sandbox", action=argparse.BooleanOptionalAction, default=None,
                        help="run the worker under bubblewrap: no network, no view of the disk "
                             "but the solution file (the default where bubblewrap works); "
                             "--no-sandbox runs it as you, able to read your files")


def add_dictionary_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dictionary", type=Path, metavar="FILE",
                        help="five-letter words, one a line (default: the contest's "
                             "dictionary in ../shared/data if present, else English)")


def read_wc2022_dictionary(args: argparse.Namespace) -> tuple[Path, list[str]]:
    """--dictionary's words, or by default the contest's where present, else English."""
    from judge.wc2022.game import CONTEST_DICTIONARY, ENGLISH5, read_dictionary

    path = args.dictionary or (CONTEST_DICTIONARY if CONTEST_DICTIONARY.exists() else ENGLISH5)
    try:
        return path, read_dictionary(path)
    except ValueError as e:
        raise UsageError(str(e)) from e


def use_sandbox(args: argparse.Namespace) -> bool:
    """--sandbox, --no-sandbox, or by default the sandbox wherever bubblewrap works."""
    if args.sandbox is not None:
        if not args.sandbox:
            print("warning: --no-sandbox: the solution runs as you and can read your files, "
                  "the case files included", file=sys.stderr)
        return bool(args.sandbox)
    if bubblewrap_works():
        return True
    print("note: bubblewrap is missing or cannot run here, so the solution runs unsandboxed "
          "and can read your files (apt-get install bubblewrap)", file=sys.stderr)
    return False


def shard_option(text: str) -> tuple[int, int]:
    try:
        return parse_shard(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e


def add_run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cases", action="append", type=Path, metavar="PATH",
                        help="case file or directory (repeatable; default: cases/)")
    parser.add_argument("--seed", type=int, help="seed `random` before each case, for replays")
    parser.add_argument("--order-seed", type=int, metavar="N",
                        help="the order cases are played in (default: drawn from the operating "
                             "system and printed), to replay a run exactly")
    parser.add_argument("--relaxed", action="store_true",
                        help="accept any equal-length lowercase words and any positive limit")
    parser.add_argument("--all-secrets", action="store_true",
                        help="play every word of each list as the secret (exact worst case)")
    parser.add_argument("--adversary", action="store_true",
                        help="an adaptive Master that commits to a secret as late as it can")
    parser.add_argument("--case", dest="only", metavar="NAME",
                        help="run only the cases whose name contains NAME")
    parser.add_argument("--shard", type=shard_option, metavar="K/N",
                        help="run only the K-th of N even slices of the cases, for a run split "
                             "over machines; join the shards' --json reports with `merge`")
    parser.add_argument("--time-limit", type=float, default=Limits.time_seconds, metavar="S",
                        help="CPU seconds per case, counted over the worker's whole process "
                             "tree; the wall clock stops a case at 3x (default %(default)s)")
    parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb, metavar="MB",
                        help="address space of each worker process in MiB, at least 32, 0 for "
                             "none (default %(default)s)")
    add_sandbox_option(parser)
    add_language_option(parser)
    parser.add_argument("--in-process", action="store_true",
                        help="run trusted code inside the judge (no isolation, no limits)")
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the full report as JSON")
    add_html_option(parser)


def add_language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--language", choices=language_names(), type=str.lower,
                        help="the submissions' language (default: from each file's extension: "
                             ".py, .cpp, .java, .js, .kt)")


def add_html_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--html", type=Path, metavar="FILE",
                        help="write a self-contained HTML page: the verdicts, a histogram of "
                             "guesses, each case not accepted with its guesses")


def write_html(path: Path | None, reports: Sequence[Report], title: str) -> None:
    if path is not None:
        from judge.report.html import html_report

        write_atomically(path, html_report(reports, title))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m judge", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Offline judge for LeetCode 843 'Guess the Word'.", epilog=EPILOG)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    grade_parser = commands.add_parser(
        "grade", help="grade one solution file on cases",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG,
        description="Grade a LeetCode-style file (class Solution with "
                    "findSecretWord(self, words, master), or its C++, Java, JavaScript or Kotlin "
                    "form as LeetCode's editor shows it) and print a verdict per case. Cases that "
                    "share a word list start from the same state: a Python worker forks from "
                    "the file loaded and warmed on the list; other languages start a new "
                    "process per case.")
    grade_parser.add_argument("solution", type=Path, help="the solution file")
    add_run_options(grade_parser)
    grade_parser.add_argument("-v", "--verbose", action="count", default=0,
                              help="-v: the guesses of every case not accepted; -vv: of every "
                                   "case")
    grade_parser.add_argument("-q", "--quiet", action="store_true",
                              help="print only the summary line")

    compare_parser = commands.add_parser(
        "compare", help="grade several solutions on the same cases: a leaderboard",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG)
    compare_parser.add_argument("solutions", type=Path, nargs="+", metavar="SOLUTION")
    add_run_options(compare_parser)
    compare_parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                                help="solutions graded at once (default: one per core)")
    compare_parser.add_argument("-q", "--quiet", action="store_true",
                                help="no progress line, only the leaderboard")
    compare_parser.add_argument("--per-list", action="store_true",
                                help="also a table per word list: each solution's worst case "
                                     "beside the list's optimum, proven with `optimal`")
    compare_parser.add_argument("--optimal-limit", type=float, default=60.0, metavar="S",
                                help="with --per-list: seconds of search per list for the "
                                     "optimum; bounds are shown where it runs out "
                                     "(default %(default)s)")

    merge_parser = commands.add_parser(
        "merge", help="join the --json reports of a run's shards (--shard K/N) into one",
        description="Join the JSON reports that `grade` or `compare` wrote with --shard K/N, "
                    "one per shard, into the report a single run would have written: every "
                    "shard 1..N of each solution once, cases in the order of a single run. "
                    "Prints the leaderboard; exit 1 if any case is not accepted.")
    merge_parser.add_argument("reports", type=Path, nargs="+", metavar="REPORT",
                              help="a shard's JSON report")
    merge_parser.add_argument("--json", type=Path, metavar="FILE",
                              help="write the merged report as JSON")
    add_html_option(merge_parser)

    check_parser = commands.add_parser(
        "check", help="is a case fair? bounds on the guesses any strategy needs",
        description="For each case: LeetCode's constraints, a lower bound on the worst-case "
                    "guesses of any strategy, an upper bound from the best engine strategy, and "
                    "fair (upper <= allowedGuesses), unfair (lower > allowedGuesses) or unknown. "
                    "Exit 1 if any case is unfair.")
    check_parser.add_argument("cases", type=Path, nargs="+", metavar="CASE",
                              help="case file or directory")
    check_parser.add_argument("--json", type=Path, metavar="FILE", help="write the bounds as JSON")

    generate_parser = commands.add_parser(
        "generate", help="write new cases: random letters, English words, or hard but fair",
        description="Write COUNT cases of W words each as JSON files in DIR. The same "
                    "arguments write the same files, byte for byte.")
    generate_parser.add_argument("kind", choices=KINDS)
    generate_parser.add_argument("--count", type=int, default=10, metavar="N")
    generate_parser.add_argument("--words", type=int, default=100, metavar="W")
    generate_parser.add_argument("--seed", type=int, default=0, metavar="S")
    generate_parser.add_argument("--allowed", type=int, default=10, metavar="A")
    generate_parser.add_argument("--out", type=Path, required=True, metavar="DIR")

    explain_parser = commands.add_parser(
        "explain", help="replay a solution on one case: each guess beside the best ones",
        description="Run SOLUTION on one case (in the worker, isolated as grade does) and "
                    "show each of its guesses: the words still possible, how the guess split "
                    "them beside the best guesses by minimax, entropy, expected size and the "
                    "optimum, and a review of where it lost guesses. The first thing to run "
                    "after a WA.")
    explain_parser.add_argument("solution", type=Path, help="the solution file")
    explain_parser.add_argument("--case", type=Path, required=True, metavar="FILE",
                                help="a case file (with several cases, pick one with --name)")
    explain_parser.add_argument("--name", metavar="NAME", help="the case of FILE to play")
    add_language_option(explain_parser)
    explain_parser.add_argument("--secret", metavar="WORD",
                                help="play this word of the list as the secret instead")
    explain_parser.add_argument("--time-limit", type=float, default=Limits.time_seconds,
                                metavar="S", help="CPU seconds (default %(default)s)")
    add_sandbox_option(explain_parser)

    optimal_parser = commands.add_parser(
        "optimal", help="the fewest guesses that always win on a list (or on average), with a "
                        "decision tree",
        description="Find the minimum worst-case number of guesses for each distinct word list "
                    "in CASE (guesses are words of the list) and a decision tree achieving it; "
                    "with --objective mean, the least average number of guesses, each secret "
                    "equally likely. The claim is proven by exhaustive search and the tree is "
                    "replayed for every secret; when the time limit runs out, the best proven "
                    "bounds are printed instead.")
    optimal_parser.add_argument("case", type=Path, metavar="CASE")
    optimal_parser.add_argument("--objective", choices=("worst", "mean"), default="worst",
                                help="worst: the fewest guesses that always suffice (default); "
                                     "mean: the least average over the secrets")
    optimal_parser.add_argument("--max-guesses", type=int, metavar="K",
                                help="with --objective mean: only strategies that always win "
                                     "within K guesses")
    optimal_parser.add_argument("--json", type=Path, metavar="FILE",
                                help="write bounds and the decision tree as JSON")
    optimal_parser.add_argument("--time-limit", type=float, default=60.0, metavar="S")

    fuzz_parser = commands.add_parser(
        "fuzz", help="search fair word lists the solution cannot win (hypothesis)",
        description="Search word lists (LeetCode's constraints) on which SOLUTION needs the most "
                    "guesses over every secret. A fair list it does not win within --allowed is "
                    "shrunk and written as a case. Exit 0 when nothing was found, 1 when a case "
                    "was written.")
    fuzz_parser.add_argument("solution", type=Path, metavar="SOLUTION")
    fuzz_parser.add_argument("--allowed", type=int, default=10, metavar="N")
    fuzz_parser.add_argument("--budget-seconds", type=float, default=600.0, metavar="S",
                             help="time to search before giving up (default %(default)s)")
    fuzz_parser.add_argument("--shrink-seconds", type=float, default=300.0, metavar="S",
                             help="time to shrink a find (default %(default)s)")
    fuzz_parser.add_argument("--out", type=Path, default=Path("cases/found"), metavar="DIR")
    fuzz_parser.add_argument("--seed", type=int, default=0, metavar="N")

    play_parser = commands.add_parser(
        "play", help="practise: guess yourself, with hints from every strategy",
        description="Play a list in the terminal. 'hint' shows what minimax, entropy and the "
                    "optimum would guess and how each splits the words still possible; 'why "
                    "WORD' sets WORD beside them. The game ends with a review of every guess "
                    "and where it lost ground. Input is forgiving (case, spaces, 'did you "
                    "mean'), and may come from a pipe.")
    play_parser.add_argument("--case", type=Path, metavar="FILE",
                             help="play this case (default: a random list)")
    play_parser.add_argument("--words", type=int, default=30, metavar="N")
    play_parser.add_argument("--english", action="store_true", help="English words, not random")
    play_parser.add_argument("--seed", type=int, default=None, metavar="S")
    play_parser.add_argument("--allowed", type=int, default=10, metavar="A")
    play_parser.add_argument("--adversary", action="store_true",
                             help="the Master commits to a secret as late as it can")

    wc2022_parser = commands.add_parser(
        "wc2022", help="the Wordle variant Luogu P8079 with its official scoring",
        description="Play ROUNDS rounds of P8079 against a file defining init(num_scramble, "
                    "scramble) and guess(num_testcase, remaining_guesses, initial_letter, gold, "
                    "silver). Points: 150/120/100/90/85 for 1-5 guesses, 0 otherwise; score "
                    "min(100, total / rounds). The solution runs in a worker process. With "
                    "several solutions, each plays the same answers and a table compares them "
                    "(points a round, since the score is capped at 100).")
    wc2022_parser.add_argument("solutions", type=Path, nargs="+", metavar="SOLUTION")
    add_dictionary_option(wc2022_parser)
    wc2022_parser.add_argument("--rounds", type=int, default=None, metavar="T",
                               help="rounds, each answer drawn uniformly (default 1000)")
    wc2022_parser.add_argument("--every-answer", action="store_true",
                               help="play each dictionary word once, in a random order: the "
                                    "exact points a round over uniform answers, which 1,000 "
                                    "drawn rounds estimate with a standard error of about 0.3. "
                                    "A solution that remembers past answers gains here, not in "
                                    "the contest")
    wc2022_parser.add_argument("--seed", type=int, default=None, metavar="S",
                               help="the answers' seed, to replay a match (default: drawn from "
                                    "the operating system and printed)")
    wc2022_parser.add_argument("--json", type=Path, metavar="FILE")
    add_html_option(wc2022_parser)
    wc2022_parser.add_argument("-v", "--verbose", action="store_true",
                               help="print every round, not only the lost ones")
    wc2022_parser.add_argument("--time-limit", type=float, default=None, metavar="S",
                               help="CPU seconds for one call of guess (default 10): a ceiling, "
                                    "so that one runaway call cannot spend the whole match")
    wc2022_parser.add_argument("--match-time-limit", type=float, default=None, metavar="S",
                               help="CPU seconds for loading, init and every round together, "
                                    "as in the contest (default: 60 + 1 per round); when it "
                                    "runs out, every round left is lost")
    wc2022_parser.add_argument("--memory-limit", type=int, default=Limits.memory_mb, metavar="MB")
    add_sandbox_option(wc2022_parser)

    bound_parser = commands.add_parser(
        "wc2022-bound", help="P8079: the most points a round any player can expect",
        description="An upper bound on the points a round of any P8079 player, answers uniform "
                    "over the dictionary: per initial letter, every first and second guess is "
                    "tried, and every answer not found by guess 3 is counted as found at "
                    "guess 4. Slow on a large dictionary (about half an hour for the contest's "
                    "8,869 words); each letter's line is printed when it is done, the largest "
                    "letters first.")
    add_dictionary_option(bound_parser)
    bound_parser.add_argument("--letters", metavar="LETTERS",
                              help="only these initial letters, e.g. qxz (default: all)")

    experiment_parser = commands.add_parser(
        "experiment", help="the seeds' experiments, measured again beside their figures",
        description="seed000: match counts and naive guessing on 10,000 random words; "
                    "seed003: minimax worst cases on 100-word lists. Seeded, so every run "
                    "prints the same numbers.")
    experiment_parser.add_argument("names", nargs="*", metavar="NAME",
                                   help="seed000 and/or seed003 (default: both)")

    bench_parser = commands.add_parser(
        "bench", help="timings side by side: engine, isolation, optimal solver",
        description="Print timings in one run (engine against plain Python, isolated "
                    "against in-process grading, the optimal solver) and write them as JSON.")
    bench_parser.add_argument("--json", type=Path, metavar="FILE")
    bench_parser.add_argument("--optimal-limit", type=float, default=60.0, metavar="S",
                              help="time limit of the optimal solver per list")
    bench_parser.add_argument("--fuzz-budget", type=float, default=600.0, metavar="S",
                              help="search budget of the fuzzer per solution")
    bench_parser.add_argument("--wc2022-rounds", type=int, default=1000, metavar="T",
                              help="rounds of each P8079 match (default %(default)s; the pure "
                                   "port takes about 5 minutes for 1,000)")
    return parser


def selected_cases(args: argparse.Namespace) -> list[Case]:
    cases = load_cases(args.cases or [default_cases()], relaxed=args.relaxed)
    if args.all_secrets:
        cases = every_secret(cases)
    if args.only:
        cases = [c for c in cases if args.only in c.name]
        if not cases:
            raise UsageError(f"no case name contains {args.only!r}")
    if args.shard is not None:
        cases = shard_of(cases, *args.shard)
        if not cases:
            raise UsageError(f"shard {args.shard[0]}/{args.shard[1]} holds no case: "
                             f"there are fewer cases than shards")
    return cases


def order_seed(args: argparse.Namespace) -> int:
    """The order cases are played in: asked for, or 64 bits from the operating system."""
    return secrets.randbits(64) if args.order_seed is None else int(args.order_seed)


def make_runner(args: argparse.Namespace, solution: Path, sandbox: bool) -> Runner:
    check_seconds("--time-limit", args.time_limit)
    check_memory(args.memory_limit)
    if args.in_process:
        if (args.language or "python") != "python" or solution.suffix.lower() != ".py":
            raise UsageError(f"{solution}: --in-process runs Python files only")
        return InProcessRunner(solution)
    return isolated_runner(solution, Limits(time_seconds=args.time_limit,
                                            memory_mb=args.memory_limit), sandbox, args.language)


def isolated_runner(solution: Path, limits: Limits, sandbox: bool,
                    language: str | None = None) -> IsolatedRunner:
    """A runner for the file, or the usage error that stops it (no sandbox, no language)."""
    try:
        return IsolatedRunner(solution, limits, sandbox=sandbox, language=language)
    except (SandboxUnavailable, UnknownLanguage) as e:
        raise UsageError(str(e)) from e


def prepare(args: argparse.Namespace, solutions: Sequence[Path]) -> tuple[list[Case], list[Runner]]:
    """Everything that can fail on bad input, checked before any case runs."""
    require_writable(args.json)
    require_writable(args.html)
    for solution in solutions:
        if not solution.is_file():
            raise UsageError(f"{solution}: no such solution file")
    sandbox = False if args.in_process else use_sandbox(args)
    runners = [make_runner(args, s, sandbox) for s in solutions]
    return selected_cases(args), runners


def run_grade(args: argparse.Namespace) -> int:
    cases, (runner,) = prepare(args, [args.solution])
    # With rows on screen, the rows are the progress; with --quiet, a line on a terminal is.
    progress = Progress(len(cases), f"grading {args.solution.name}",
                        enabled=None if args.quiet else False)
    load_errors: list[CaseResult] = []

    def show(result: CaseResult) -> None:
        progress.advance()
        if result.verdict == "CE":
            # A file that cannot load fails every case the same way: say so once.
            if not load_errors and not args.quiet:
                print(f"CE   {safe(args.solution)}: {safe(result.message)}", flush=True)
                if args.verbose:
                    print(safe_block(result.detail), flush=True)
            load_errors.append(result)
            return
        if not args.quiet:
            print(table_row(result), flush=True)
        if args.verbose >= 2 or (args.verbose and result.verdict != "AC"):
            print(transcript_text(result), flush=True)

    if not args.quiet:
        print(table_header())
    try:
        report = grade(runner, str(args.solution), cases, args.seed, args.adversary, show,
                       order_seed(args))
    finally:
        progress.close()
    report.shard = args.shard
    print(summary_text(report))
    print(order_line([report]))
    if load_errors and not args.verbose:
        print("see the whole error with: -v")
    elif len(load_errors) < len(report.results) and not report.all_accepted and not args.verbose:
        print("see a failing case's guesses with: --case NAME -v")
    if args.json is not None:
        write_atomically(args.json, reports_json([report]))
    write_html(args.html, [report], f"grade {args.solution.name}")
    return EXIT_OK if report.all_accepted else EXIT_NOT_ACCEPTED


def run_compare(args: argparse.Namespace) -> int:
    from concurrent.futures import ThreadPoolExecutor

    if args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    check_seconds("--optimal-limit", args.optimal_limit)
    cases, runners = prepare(args, args.solutions)

    progress = Progress(len(cases) * len(runners), f"grading {len(runners)} solutions",
                        enabled=False if args.quiet else None)

    order = order_seed(args)  # one order for every solution: the same games, side by side

    def graded(solution: Path, runner: Runner) -> Report:
        # Each solution has its own worker process, so threads grade them side by side.
        return grade(runner, str(solution), cases, args.seed, args.adversary,
                     lambda result: progress.advance(), order)

    workers = 1 if args.in_process else args.jobs
    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(graded, args.solutions, runners))
    finally:
        progress.close()
    for report in reports:
        report.shard = args.shard
    print(leaderboard(reports))
    print(order_line(reports))
    if args.per_list:
        print(per_list_view(cases, reports, args.optimal_limit))
    if args.json is not None:
        write_atomically(args.json, leaderboard_json(reports))
    write_html(args.html, reports, f"compare: {len(reports)} solutions")
    return EXIT_OK if all(r.all_accepted for r in reports) else EXIT_NOT_ACCEPTED


def per_list_view(cases: Sequence[Case], reports: Sequence[Report], limit: float) -> str:
    """compare --per-list: the table, each list's optimum proven (or bounded) within `limit`."""
    from judge.analysis.optimal import solve
    from judge.report.per_list import Optimum, per_list_rows, per_list_table

    rows = per_list_rows(cases, reports)
    optima = {}
    progress = Progress(len(rows), "proving each list's optimum")  # a terminal only
    try:
        for row in rows:
            found = solve(row.words, time_limit=limit)
            optima[row.words] = Optimum(found.lower, found.upper, found.proven)
            progress.advance()
    finally:
        progress.close()
    return per_list_table(rows, reports, optima)


def run_merge(args: argparse.Namespace) -> int:
    require_writable(args.json)
    require_writable(args.html)
    try:
        reports = merge([part for path in args.reports for part in read_reports(path)])
    except ReportProblem as e:
        raise UsageError(str(e)) from e
    print(leaderboard(reports))
    print(order_line(reports))
    if args.json is not None:
        write_atomically(args.json, reports_json(reports) if len(reports) == 1
                         else leaderboard_json(reports))
    write_html(args.html, reports, f"merged: {len(reports)} solution"
                                   f"{'s' if len(reports) > 1 else ''}")
    return EXIT_OK if all(r.all_accepted for r in reports) else EXIT_NOT_ACCEPTED


def run_check(args: argparse.Namespace) -> int:
    cases = load_cases(args.cases, relaxed=True)
    require_writable(args.json)
    reports = []
    print(f"{'case':<32} {'limits':<6} {'allowed':>7} {'lower':>5} {'upper':>5}  verdict")
    for case in cases:
        report = judge_fairness(case)
        reports.append(report)
        print(f"{safe(case.name)[:32]:<32} {'ok' if report.meets_constraints else 'NOT ok':<6} "
              f"{report.allowed:>7} {report.lower:>5} {report.upper:>5}  {report.verdict}"
              f" (upper bound by {report.upper_by})")
        for problem in report.problems:
            print(f"    outside LeetCode's constraints: {problem}")
    unfair = sum(r.verdict == "unfair" for r in reports)
    print(f"{len(reports)} cases: {sum(r.verdict == 'fair' for r in reports)} fair, "
          f"{unfair} unfair, {sum(r.verdict == 'unknown' for r in reports)} unknown")
    if args.json is not None:
        write_atomically(args.json, json.dumps([r.to_json() for r in reports], indent=1) + "\n")
    return EXIT_NOT_ACCEPTED if unfair else EXIT_OK


def run_generate(args: argparse.Namespace) -> int:
    if not 1 <= args.words <= 100 or args.count < 1:
        raise UsageError("--words must be 1..100 and --count positive")
    if not MIN_ALLOWED <= args.allowed <= MAX_ALLOWED:
        raise UsageError(f"--allowed must be {MIN_ALLOWED}..{MAX_ALLOWED}")
    try:
        cases = generate(args.kind, args.count, args.words, args.seed, args.allowed)
    except ValueError as e:
        raise UsageError(str(e)) from e
    args.out.mkdir(parents=True, exist_ok=True)
    for case in cases:
        write_atomically(args.out / f"{case.name}.json", cases_to_json([case]))
    print(f"{len(cases)} {args.kind} cases written to {args.out}")
    return EXIT_OK


def run_bench(args: argparse.Namespace) -> int:
    from judge import bench  # only this command needs the benchmark's imports

    require_writable(args.json)
    if args.wc2022_rounds < 1:
        raise UsageError("--wc2022-rounds must be positive")
    results = bench.run(optimal_limit=args.optimal_limit, fuzz_budget=args.fuzz_budget,
                        wc2022_rounds=args.wc2022_rounds)
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    return EXIT_OK


def run_optimal(args: argparse.Namespace) -> int:
    from judge.analysis.optimal import solve

    require_writable(args.json)
    check_seconds("--time-limit", args.time_limit)
    if args.max_guesses is not None and (args.objective != "mean" or args.max_guesses < 1):
        raise UsageError("--max-guesses takes a positive number, with --objective mean")
    lists = {c.words: c for c in load_cases([args.case], relaxed=True)}
    if args.objective == "mean":
        return optimal_means(lists, args)
    results = []
    for words, case in lists.items():
        result = solve(words, time_limit=args.time_limit)
        results.append({"name": case.name, **result.to_json()})
        if result.proven:
            print(f"{safe(case.name)}: {len(words)} words, optimum {result.upper} guesses in "
                  f"the worst case (proven in {result.seconds:.2f} s; the tree was replayed for "
                  "every secret)")
        else:
            print(f"{safe(case.name)}: {len(words)} words, between {result.lower} and "
                  f"{result.upper} guesses: time limit of {args.time_limit:g} s reached before "
                  "a proof")
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    return EXIT_OK


def optimal_means(lists: dict[tuple[str, ...], Case], args: argparse.Namespace) -> int:
    from judge.analysis.mean import NEVER, solve_mean

    results = []
    cap = args.max_guesses
    within = "" if cap is None else f", never more than {cap} guess{'es' if cap > 1 else ''}"
    for words, case in lists.items():
        result = solve_mean(words, time_limit=args.time_limit, max_guesses=cap)
        results.append({"name": case.name, **result.to_json()})
        n, name = len(words), safe(case.name)
        if result.upper >= NEVER and result.proven:
            print(f"{name}: {n} words, no strategy finds every secret within {cap} "
                  f"guess{'es' if cap != 1 else ''}")
        elif result.proven:
            print(f"{name}: {n} words, optimal mean {result.upper / n:.3f} guesses "
                  f"({result.upper} in total over {n} secrets{within}; proven in "
                  f"{result.seconds:.2f} s, the tree replayed for every secret)")
        else:
            upper = "no tree found" if result.upper >= NEVER else f"{result.upper / n:.3f}"
            print(f"{name}: {n} words, mean between {result.lower / n:.3f} and {upper} guesses "
                  f"(totals {result.lower}..{result.upper}{within}): time limit of "
                  f"{args.time_limit:g} s reached before a proof")
    if args.json is not None:
        write_atomically(args.json, json.dumps(results, indent=1) + "\n")
    return EXIT_OK


def run_fuzz(args: argparse.Namespace) -> int:
    from judge.fuzz import Fuzzer, reproducer, write_reproducer

    if not args.solution.is_file():
        raise UsageError(f"{args.solution}: no such solution file")
    if not MIN_ALLOWED <= args.allowed <= MAX_ALLOWED or args.budget_seconds <= 0:
        raise UsageError(f"--allowed must be {MIN_ALLOWED}..{MAX_ALLOWED} and the budget positive")
    print(f"fuzzing {args.solution} for fair lists it cannot win within {args.allowed} guesses "
          f"(budget {args.budget_seconds:g} s, seed {args.seed})", flush=True)
    fuzzer = Fuzzer(args.solution, args.allowed, args.budget_seconds, args.shrink_seconds,
                    report=lambda line: print(line, flush=True))
    find = fuzzer.run(args.seed)
    progress = fuzzer.progress
    print(f"{progress.examples} lists tried, worst {progress.worst} guesses")
    if find is None:
        print("nothing found")
        return EXIT_OK
    case = reproducer(find, args.solution, args.allowed, args.seed)
    path = write_reproducer(case, args.out)
    print(f"wrote {path}: {case.note}")
    return EXIT_NOT_ACCEPTED


def run_experiment(args: argparse.Namespace) -> int:
    from judge.experiments import EXPERIMENTS

    unknown = sorted(set(args.names) - set(EXPERIMENTS))
    if unknown:
        raise UsageError(f"no experiment {', '.join(unknown)}; choose from "
                         f"{', '.join(sorted(EXPERIMENTS))}")
    for name in args.names or sorted(EXPERIMENTS):
        print(EXPERIMENTS[name]())
        print()
    return EXIT_OK


def typed_lines(prompt: str) -> Iterator[str]:
    """What the player types, until the end of input or Ctrl-C (both end the game, with its
    review). The prompt is shown on a terminal only, so that a script's output stays clean."""
    shown = prompt if sys.stdin.isatty() else ""
    while True:
        try:
            yield input(shown)
        except (EOFError, KeyboardInterrupt):
            print()
            return


def run_explain(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from judge.practice import explained

    if not args.solution.is_file():
        raise UsageError(f"{args.solution}: no such solution file")
    check_seconds("--time-limit", args.time_limit)
    cases = load_cases([args.case], relaxed=True)
    if args.name is not None:
        cases = [c for c in cases if c.name == args.name]
        if not cases:
            raise UsageError(f"{args.case}: no case is named {args.name!r}")
    if len(cases) != 1:
        raise UsageError(f"{args.case} holds {len(cases)} cases: pick one with --name")
    case = cases[0]
    if args.secret is not None:
        if args.secret not in case.words:
            raise UsageError(f"--secret {safe(args.secret)!r} is not a word of the case's list")
        case = replace(case, secret=args.secret)
    runner = isolated_runner(args.solution, Limits(time_seconds=args.time_limit),
                             use_sandbox(args), args.language)
    (result,) = grade(runner, str(args.solution), [case]).results
    print(f"{safe(args.solution)} on {safe(case.name)} (secret {case.secret}): "
          f"{result.verdict} in {result.guesses} guess{'' if result.guesses == 1 else 'es'}, "
          f"{safe(result.message)}")
    for line in explained(case, result.transcript):
        print(line)
    if result.output:
        print(f"it printed:\n{result.output}")
    return EXIT_OK if result.verdict == "AC" else EXIT_NOT_ACCEPTED


def run_play(args: argparse.Namespace) -> int:
    import random

    from judge.generate import english_words, random_words
    from judge.practice import Game, session

    if args.case is not None:
        case = load_cases([args.case], relaxed=True)[0]
    else:
        if not 1 <= args.words <= 100:
            raise UsageError("--words must be 1..100")
        rng = random.Random(args.seed)
        listed = (rng.sample(english_words(), args.words) if args.english
                  else random_words(rng, args.words))
        case = Case("practice", rng.choice(listed), tuple(listed), args.allowed)
    game = Game.start(case, adversary=args.adversary)
    accepted = session(game, typed_lines("guess> "), print)
    return EXIT_OK if accepted else EXIT_NOT_ACCEPTED


def run_wc2022(args: argparse.Namespace) -> int:
    from judge.wc2022.board import match_page, match_table
    from judge.wc2022.game import (
        DEFAULT_ROUNDS,
        GUESS_SECONDS,
        EntryPointError,
        Match,
        Round,
        play,
    )

    for solution in args.solutions:
        if not solution.is_file():
            raise UsageError(f"{solution}: no such solution file")
    if args.rounds is not None and args.every_answer:
        raise UsageError("--every-answer plays each word once: leave out --rounds")
    if args.rounds is not None and args.rounds < 1:
        raise UsageError("--rounds must be positive")
    check_seconds("--time-limit", args.time_limit)
    check_seconds("--match-time-limit", args.match_time_limit)
    check_memory(args.memory_limit)
    require_writable(args.json)
    require_writable(args.html)
    sandbox = use_sandbox(args)
    path, dictionary = read_wc2022_dictionary(args)
    # Unpredictable unless asked for: a solution must not be able to replay the answers.
    seed = secrets.randbits(64) if args.seed is None else args.seed
    single = len(args.solutions) == 1
    rounds = len(dictionary) if args.every_answer else args.rounds or DEFAULT_ROUNDS

    def show(result: Round) -> None:
        if single and (args.verbose or result.ended != "found"):
            progress.close()  # a line of its own, not over the progress line
            guesses = " ".join(safe(w) for w, _ in result.guesses)
            ended = f"{result.ended}: {safe(result.detail)}" if result.detail else result.ended
            print(f"round {result.number:>4} {result.answer}: {ended}, "
                  f"{result.points} points ({guesses})")

    limits = Limits(time_seconds=GUESS_SECONDS if args.time_limit is None else args.time_limit,
                    memory_mb=args.memory_limit)
    progress = Progress(rounds * len(args.solutions), f"playing {rounds} rounds",
                        enabled=False if args.verbose else None)

    def one_match(solution: Path) -> Match:
        def round_done(result: Round) -> None:
            progress.advance()
            show(result)

        return play(solution, dictionary, rounds, seed, str(path), round_done, limits,
                    sandbox, args.match_time_limit, args.every_answer)

    try:
        matches = [one_match(solution) for solution in args.solutions]
    except (EntryPointError, SandboxUnavailable) as e:
        raise UsageError(str(e)) from e
    finally:
        progress.close()
    if single:
        summary = matches[0].summary()
        print(f"{args.solutions[0]}: {summary['rounds']} rounds on {path.name}, "
              f"{summary['total_points']} points, score {summary['score']:.2f} / 100 "
              f"({summary['seconds']:.1f} s); " + ", ".join(
                  f"{k}: {v}" for k, v in summary["outcomes"].items()))
    else:
        print(match_table(matches))
    print(f"answers drawn with --seed {seed}" + (" --every-answer" if args.every_answer else ""))
    if args.json is not None:
        data = [{**m.summary(), "seed": seed, "rounds_played": [r.to_json() for r in m.rounds]}
                for m in matches]
        write_atomically(args.json, json.dumps(data[0] if single else data, indent=1) + "\n")
    if args.html is not None:
        write_atomically(args.html, match_page(matches, f"P8079 on {path.name}", seed))
    return EXIT_OK


def run_wc2022_bound(args: argparse.Namespace) -> int:
    from judge.wc2022.bound import LetterBound, dictionary_bound, per_round

    path, words = read_wc2022_dictionary(args)
    initials = {w[0] for w in words}
    if args.letters is not None and not (args.letters and set(args.letters) <= initials):
        raise UsageError(f"--letters must name initial letters of {path.name}'s words, not "
                         f"{safe(args.letters)}")

    def show(b: LetterBound) -> None:
        print(f"  {b.letter}  {b.answers:5} answers  at most {b.per_round:8.3f} a round  "
              f"(opening {b.opening}; {b.openings_in_full} of {len(words)} openings "
              f"evaluated in full)", flush=True)

    print(f"upper bound on the points a round, {len(words)} words of {path.name}:")
    bounds = dictionary_bound(words, args.letters, show)
    print(f"at most {per_round(bounds):.3f} points a round over these "
          f"{sum(b.answers for b in bounds)} answers")
    return EXIT_OK


COMMANDS = {"grade": run_grade, "compare": run_compare, "merge": run_merge, "check": run_check,
            "generate": run_generate, "optimal": run_optimal, "fuzz": run_fuzz,
            "play": run_play, "explain": run_explain, "experiment": run_experiment,
            "bench": run_bench, "wc2022": run_wc2022,
            "wc2022-bound": run_wc2022_bound}


class Terminated(BaseException):
    """The judge was asked to stop (SIGTERM, SIGHUP): unwind, so every worker is killed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def raise_terminated(signum: int, frame: object) -> None:
    raise Terminated(signum)


def main(argv: Sequence[str] | None = None) -> int:
    previous = {}
    if threading.current_thread() is threading.main_thread():
        previous = {s: signal.signal(s, raise_terminated) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return run_command(argv)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run_command(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return EXIT_OK if e.code in (0, None) else EXIT_BAD_INPUT
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return COMMANDS[args.command](args)
    except CaseError as e:
        for problem in e.problems:
            print(f"error: {safe(problem, limit=2000)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (UsageError, OSError) as e:
        print(f"error: {safe(e, limit=2000)}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as e:
        print(f"stopped by {signal.Signals(e.signum).name}", file=sys.stderr)
        return 128 + e.signum


if __name__ == "__main__":
    sys.exit(main())
