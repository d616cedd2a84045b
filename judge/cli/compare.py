"""compare: several solutions on the same cases, side by side in a leaderboard."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from judge.cases import Case
from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.checks import check_seconds
from judge.cli.options import add, add_grading_options
from judge.cli.reports import write_reports
from judge.cli.running import order_seed, prepare, provenance
from judge.cli.submissions import labels, solution_files
from judge.result import Report, ranked
from judge.run.session import Runner
from judge.safetext import safe
from judge.wording import duration


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solutions", type=Path, nargs="+", metavar="SOLUTION",
                        help="a solution file, in any of the judge's languages, or a folder: "
                             "every such file below it (hidden files and installed packages "
                             "left out)")
    add_grading_options(parser)
    more = parser.add_argument_group("comparing")
    add(more, "--jobs", more="one worker each", default_text="one per core")
    add(more, "--per-list")
    add(more, "--search-seconds", default=60.0,
        more="with --per-list: the search for each list's optimum, bounds shown where it ends")
    add(more, "-q", more="here: the leaderboard, with no progress line")


def run(args: argparse.Namespace) -> int:
    from concurrent.futures import ThreadPoolExecutor

    from judge.grading import grade
    from judge.report.json_report import leaderboard_json
    from judge.report.progress import SolutionsProgress
    from judge.report.text import (
        compile_errors_text,
        judge_errors_text,
        leaderboard,
        not_accepted_text,
        order_line,
    )

    if args.jobs is not None and args.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if args.in_process and args.jobs not in (None, 1):
        raise UsageError("--in-process grades one solution at a time, inside the judge: leave "
                         "out --jobs, or --in-process")
    check_seconds("--search-seconds", args.search_seconds)
    found = solution_files(args.solutions)
    args.unread_submissions = found.unread_submissions()
    solutions = found.files
    cases, note, runners = prepare(args, solutions)
    if note and not args.quiet:
        print(note, flush=True)
    found.say_passed_over(args.quiet)
    names = labels(solutions, args.solutions)
    progress = SolutionsProgress(len(solutions), len(cases), enabled=not args.quiet)
    order = order_seed(args)  # one order for every solution: the same games, side by side

    def graded(solution: Path, runner: Runner, label: str) -> Report:
        # Each solution has its own worker process, so threads grade them side by side.
        progress.started(label)
        report = grade(runner, str(solution), cases, args.run_seed, args.adversary,
                       lambda result: progress.advance(label), order,
                       args.fail_fast, args.solution_seconds, args.shared_lists)
        s = report.summary()
        failed = not_accepted_text(s)
        progress.finished(label, f"graded {safe(label)}: {s['accepted']}/{s['cases']} "
                                 f"accepted{f' ({failed})' if failed else ''}, "
                                 f"{duration(s['time_s'])}")
        return report

    workers = 1 if args.in_process else args.jobs or os.cpu_count() or 1
    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            reports = list(pool.map(graded, solutions, runners, names))
    finally:
        progress.close()
    for report, solution, runner, label in zip(reports, solutions, runners, names, strict=True):
        report.shard, report.label = args.shard, label
        report.provenance = provenance(args, solution, runner)
    reports = ranked(reports)
    print(leaderboard(reports))
    if compile_errors := compile_errors_text(reports):
        print(compile_errors)
    print(order_line(reports))
    if judge_errors := judge_errors_text(reports):
        print(judge_errors, file=sys.stderr)
    if args.per_list:
        print(per_list_view(cases, reports, args.search_seconds))
    write_reports(args, reports, f"compare: {len(reports)} solutions", leaderboard_json(reports))
    return EXIT_OK if all(r.all_accepted for r in reports) else EXIT_NOT_ACCEPTED


def per_list_view(cases: Sequence[Case], reports: Sequence[Report], limit: float) -> str:
    """--per-list: the table, each list's optimum proven (or bounded) within `limit`."""
    from judge.analysis.optimal import solve
    from judge.report.per_list import Optimum, per_list_rows, per_list_table
    from judge.report.progress import Progress

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


COMMAND = Command(
    name="compare", summary="grade several solutions on the same cases: a leaderboard",
    description="Grade every SOLUTION on the same cases, played in the same order, and print "
                "a leaderboard: accepted cases, the verdicts of the others, the mean and most "
                "guesses, the time, and how many games took each number of guesses.",
    examples=[("submissions/ --csv grades.csv --html class.html", "a class's folder"),
              ("solutions/*.py --cases cases/benchmark", "the reference solutions"),
              ("solutions/*.py --per-list --cases cases/benchmark",
               "each list's worst case beside its proven optimum"),
              ("solutions/*.py --shard 2/4 --order-seed 7 --json shard2.json",
               "the second quarter of a split run; join with merge")],
    add_options=add_options, run=run)
