"""merge: the --json reports of a run's shards joined into the report of one run."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.options import add
from judge.cli.reports import add_report_options, check_report_paths, write_reports
from judge.result import ranked


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("reports", type=Path, nargs="+", metavar="REPORT",
                        help="a shard's JSON report, as grade or compare wrote it with "
                             "--shard K/N --json FILE")
    add(parser, "--cases", more="here where the run's case files are now, if they moved: every "
                                "shard is checked against them",
        default_text="the paths the shards name")
    add_report_options(parser)


def run(args: argparse.Namespace) -> int:
    from judge.report.json_report import leaderboard_json, reports_json
    from judge.report.merge import ReportProblem, merge, read_reports
    from judge.report.text import (
        compile_errors_text,
        leaderboard,
        not_accepted_lines,
        order_line,
    )

    check_report_paths(args)
    try:
        reports = merge([part for path in args.reports for part in read_reports(path)],
                        args.cases)
    except ReportProblem as e:
        raise UsageError(str(e)) from e
    check_report_paths(args, len(reports))  # now that it is known how many solutions
    if len(reports) > 1:
        reports = ranked(reports)
    print(leaderboard(reports))
    if compile_errors := compile_errors_text(reports):
        print(compile_errors)
    print(order_line(reports))
    if len(reports) == 1 and reports[0].failed_alike() is None:
        # The shards of one grade: its cases not accepted, as grade lists them.
        lines = not_accepted_lines(reports[0], "--json or --html lists every case")
        if lines:
            print("\n".join(lines))
    write_reports(args, reports, f"merged: {len(reports)} solution"
                                 f"{'s' if len(reports) > 1 else ''}",
                  reports_json(reports) if len(reports) == 1 else leaderboard_json(reports))
    return EXIT_OK if all(r.all_accepted for r in reports) else EXIT_NOT_ACCEPTED


COMMAND = Command(
    name="merge", summary="join the --json reports of a run's shards (--shard K/N) into one",
    description="Join the JSON reports that grade or compare wrote with --shard K/N, one per "
                "shard, into the report a single run would have written: every shard 1..N of "
                "each solution once, cases in the order of a single run. Before it trusts a "
                "shard it checks it: made the same way as the others (cases, limits, seeds, "
                "the solution's content), and every result replayed against its case, read "
                "again from the case files. Prints the leaderboard; for the shards of one grade, "
                "its cases not accepted too.",
    examples=[("shard1.json shard2.json --json run.json --html run.html",
               "two shards, one report")],
    add_options=add_options, run=run)
