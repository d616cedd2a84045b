"""grade: one solution file on cases, a verdict per case."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command
from judge.cli.options import add, add_grading_options
from judge.cli.running import order_seed, prepare, provenance, replay_command
from judge.result import CaseResult
from judge.safetext import safe, safe_block
from judge.verdicts import MEANING

MOST_FAILURES_LISTED = 20  # by default; -v lists every case


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solution", type=Path, help="the solution file: class Solution with "
                        "findSecretWord(self, words, master), or its C++, Java, JavaScript or "
                        "Kotlin form as LeetCode's editor shows it")
    add_grading_options(parser)
    output = parser.add_argument_group("output")
    add(output, "-v", more="-v: every case, and the guesses of each case not accepted; -vv: "
                           "every guess of every case")
    add(output, "-q")


def run(args: argparse.Namespace) -> int:
    from judge.cli.reports import write_reports
    from judge.grading import grade
    from judge.report.json_report import reports_json
    from judge.report.progress import Progress
    from judge.report.text import order_line, summary_text, table_header, table_row, transcript_text

    cases, note, (runner,) = prepare(args, [args.solution])
    if note:
        print(note, flush=True)
    # With every case on screen, the rows are the progress; else a line on a terminal is.
    progress = Progress(len(cases), f"grading {args.solution.name}",
                        enabled=False if args.verbose else None)
    load_errors: list[CaseResult] = []

    def show(result: CaseResult) -> None:
        progress.advance()
        if result.verdict == "CE":
            # A file that cannot load fails every case the same way: say so once.
            if not load_errors and args.verbose:
                print(f"CE   {safe(args.solution)}: {safe(result.message)}", flush=True)
                print(safe_block(result.detail), flush=True)
            load_errors.append(result)
            return
        if args.verbose:
            print(table_row(result), flush=True)
        if args.verbose >= 2 or (args.verbose and result.verdict != "AC"):
            print(transcript_text(result), flush=True)

    if args.verbose:
        print(table_header())
    try:
        report = grade(runner, str(args.solution), cases, args.seed, args.adversary, show,
                       order_seed(args), args.fail_fast)
    finally:
        progress.close()
    report.shard = args.shard
    report.provenance = provenance(args, args.solution)
    print(summary_text(report))
    print(order_line([report]))
    failures = [r for r in report.results if r.verdict != "AC"]
    if load_errors and not args.verbose:
        print(f"CE   {safe(args.solution)}: {safe(load_errors[0].message)}")
        print("see the whole error with: -v")
    elif failures and not args.verbose and not args.quiet:
        print(f"not accepted ({len(failures)}):")
        for result in failures[:MOST_FAILURES_LISTED]:
            print(table_row(result))
        if len(failures) > MOST_FAILURES_LISTED:
            print(f"... and {len(failures) - MOST_FAILURES_LISTED} more: -v lists every case")
    if failures and not load_errors:
        print(f"replay the first: {replay_command(args, args.solution, failures[0], cases)}")
    write_reports(args, [report], f"grade {args.solution.name}", reports_json([report]))
    return EXIT_OK if report.all_accepted else EXIT_NOT_ACCEPTED


COMMAND = Command(
    name="grade", summary="grade one solution file on cases: a verdict per case",
    description="Grade a LeetCode-style file and print the summary, each case not accepted "
                "with its reason, and the command that replays the first of them. Cases that "
                "share a word list start from the same state, fresh for every case.\n\n"
                "verdicts:\n"
                + "".join(f"  {v:<4} {m}\n" for v, m in MEANING.items()),
    examples=[("solutions/strongest.py", "every shipped case"),
              ("my_solution.py --cases cases/examples --json report.json", "two cases, a report"),
              ("my_solution.py --case two-words -vv", "one case by name, every guess shown"),
              ("my_solution.py --all-secrets --cases cases/handwritten",
               "every word of each list as the secret"),
              ("solution.cpp --cases cases/examples", "C++; Java, JavaScript and Kotlin too")],
    add_options=add_options, run=run)
