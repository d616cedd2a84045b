"""grade: one solution file on cases, a verdict per case."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cases import Case
from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.checks import require_writable
from judge.cli.options import add, add_grading_options
from judge.cli.running import order_seed, prepare, provenance, replay_command
from judge.cli.submissions import Found, labels, listed, solution_files
from judge.report.files import write_atomically
from judge.result import CaseResult, Report
from judge.run.session import Runner
from judge.safetext import safe, safe_block
from judge.verdicts import MEANING


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solution", type=Path, metavar="SOLUTION",
                        help="the solution file: class Solution with findSecretWord(self, "
                             "words, master), or its C++, Java, JavaScript or Kotlin form as "
                             "LeetCode's editor shows it; or a folder, each such file in it "
                             "graded in turn (a report each)")
    add_grading_options(parser)
    output = parser.add_argument_group("output")
    add(output, "-v", more="-v: every case, and the guesses of each case not accepted; -vv: "
                           "every guess of every case")
    add(output, "-q")
    add(output, "--watch")


def submitted_files(args: argparse.Namespace) -> Found:
    """The solution files to grade. For a Gradescope results file, a submission is one file,
    and what is wrong with it (several files, none, links only) is written in the results
    file, where the student reads it, as well as said in one line (exit 2)."""
    from judge.cli.reports import gradescope_file

    path = args.gradescope
    for_gradescope = gradescope_file(path)
    try:
        found = solution_files([args.solution])
        if for_gradescope and len(found.files) > 1:
            raise UsageError(f"{len(found.files)} solution files were found ("
                             f"{listed(found.files)}); submit one, so that one is graded")
    except UsageError as e:
        if for_gradescope:
            from judge.report.gradebook import gradescope_refusal

            require_writable(path)
            write_atomically(path, gradescope_refusal(str(e)))
        raise
    return found


def run(args: argparse.Namespace) -> int:
    from judge.cli.reports import write_reports
    from judge.report.json_report import reports_json

    found = submitted_files(args)
    args.unread_submissions = found.unread_submissions()
    solutions = found.files
    if args.watch and args.solution.is_dir():
        raise UsageError("--watch follows one file, not a folder")
    cases, note, runners = prepare(args, solutions)
    if note:
        print(note, flush=True)
    found.say_passed_over(quiet=False)
    reports = []
    order = order_seed(args)  # one order for every file: the same games
    names = labels(solutions, [args.solution])
    for solution, runner, label in zip(solutions, runners, names, strict=True):
        if len(solutions) > 1:
            print(f"\n== {safe(label)}", flush=True)
        report = graded(args, solution, runner, cases, order)
        report.label = label if len(solutions) > 1 else ""
        reports.append(report)
    title = f"grade {args.solution.name}"
    write_reports(args, reports, title, reports_json(reports))
    if args.watch:
        from judge.cli.watch import watch

        return watch(args, solutions[0], cases, reports[0], order)
    return EXIT_OK if all(r.all_accepted for r in reports) else EXIT_NOT_ACCEPTED


def graded(args: argparse.Namespace, solution: Path, runner: Runner, cases: list[Case],
           order: int) -> Report:
    """One file graded, its summary, failures and replay command printed."""
    from judge.grading import grade
    from judge.report.progress import Progress
    from judge.report.text import (
        not_accepted_lines,
        order_line,
        summary_text,
        table_header,
        table_row,
        transcript_text,
    )

    # With every case on screen, the rows are the progress; else a line on a terminal is.
    progress = Progress(len(cases), f"grading {solution.name}",
                        enabled=False if args.verbose else None)
    load_errors: list[CaseResult] = []
    by_name = {c.name: c for c in cases}

    def show(result: CaseResult) -> None:
        progress.advance()
        if result.verdict == "CE":
            # A file that cannot load fails every case the same way: say so once.
            if not load_errors and args.verbose:
                print(f"CE   {safe(solution)}: {safe(result.message)}", flush=True)
                print(safe_block(result.detail), flush=True)
            load_errors.append(result)
            return
        if args.verbose:
            print(table_row(result), flush=True)
        if args.verbose >= 2 or (args.verbose and result.verdict != "AC"):
            print(transcript_text(result, by_name.get(result.name), args.verbose >= 2),
                  flush=True)
            if result.verdict != "AC":
                print(f"replay: {replay_command(args, solution, result, cases, order)}", flush=True)

    if args.verbose:
        print(table_header())
    try:
        report = grade(runner, str(solution), cases, args.run_seed, args.adversary, show, order,
                       args.fail_fast, args.solution_seconds, args.shared_lists)
    finally:
        progress.close()
    report.shard = args.shard
    report.provenance = provenance(args, solution, runner)
    print(summary_text(report))
    print(order_line([report]))
    failures = [r for r in report.results if r.verdict != "AC"]
    # A file that never loaded (CE), or a judge that failed alike on every case: said once.
    alike = report.failed_alike()
    if alike is not None and not args.verbose:
        if alike.verdict == "CE":
            print(f"CE   {safe(solution)}: {safe(alike.message)}")
            print("see the whole error with: -v")
        else:
            print(f"JE   {safe(solution)}, every case: {safe(alike.message)}")
    if alike is None and failures and not args.verbose and not args.quiet:
        print("\n".join(not_accepted_lines(report, "-v lists every case")))
    if failures and alike is None:
        # A case not run shows nothing of the solution: the first case that ran does.
        first = next((r for r in failures if r.verdict != "SC"), failures[0])
        print(f"replay the first: {replay_command(args, solution, first, cases, order)}")
    return report


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
              ("my_solution.py --cases cases/handwritten --watch",
               "grade again at every save, as LeetCode's Run button"),
              ("my_solution.py --all-secrets --cases cases/handwritten",
               "every word of each list as the secret"),
              ("solution.cpp --cases cases/examples", "C++; Java, JavaScript and Kotlin too")],
    add_options=add_options, run=run)
