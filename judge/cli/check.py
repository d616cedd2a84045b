"""check: is a case fair? Bounds on the guesses any strategy needs."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command
from judge.cli.checks import check_seconds, require_writable
from judge.cli.options import add
from judge.report.files import write_atomically
from judge.report.text import shortened
from judge.safetext import safe
from judge.wording import counted

if TYPE_CHECKING:
    from judge.fairness import FairnessReport


def add_options(parser: argparse.ArgumentParser) -> None:
    from judge.fairness import OPTIMAL_SECONDS

    parser.add_argument("cases", type=Path, nargs="+", metavar="CASES",
                        help="a case file or a folder of them")
    add(parser, "--search-seconds", default=OPTIMAL_SECONDS,
        more="the optimal solver's, for each list: more may prove an unknown case fair")
    add(parser, "--json")


def run(args: argparse.Namespace) -> int:
    from judge.cases import load_cases
    from judge.fairness import judge_fairness

    check_seconds("--search-seconds", args.search_seconds)
    cases = load_cases(args.cases, relaxed=True)
    require_writable(args.json)
    reports = []
    print(f"{'case':<32} {'limits':<6} {'allowed':>7} {'lower':>5} {'upper':>5}  verdict")
    for case in cases:
        report = judge_fairness(case, args.search_seconds)
        reports.append(report)
        print(f"{shortened(safe(case.name), 32):<32} "
              f"{'ok' if report.meets_constraints else 'NOT ok':<6} {report.allowed:>7} "
              f"{report.lower:>5} {report.upper:>5}  {report.verdict} ({upper_text(report)})")
        for problem in report.problems:
            print(f"    outside LeetCode's constraints: {problem}")
    unfair = sum(r.verdict == "unfair" for r in reports)
    print(f"{counted(len(reports), 'case')}: {sum(r.verdict == 'fair' for r in reports)} fair, "
          f"{unfair} unfair, {sum(r.verdict == 'unknown' for r in reports)} unknown")
    if args.json is not None:
        write_atomically(args.json, json.dumps([r.to_json() for r in reports], indent=1) + "\n")
    return EXIT_NOT_ACCEPTED if unfair else EXIT_OK


def upper_text(report: FairnessReport) -> str:
    """What the upper bound is: the proven optimum, or the worst case of a strategy."""
    if report.proven_optimum:
        return "the optimum, proven by the optimal solver"
    return f"upper bound by {report.upper_by}"


COMMAND = Command(
    name="check", summary="is a case fair? bounds on the guesses any strategy needs",
    description="For each case: LeetCode's constraints, a lower bound on the worst-case "
                "guesses of any strategy, an upper bound from the best engine strategy, and "
                "fair (upper <= allowedGuesses), unfair (lower > allowedGuesses) or unknown. "
                "Exit 1 if any case is unfair.",
    examples=[("cases/", "every shipped case"), ("my_cases.json --json bounds.json",
                                                 "your own, bounds as JSON")],
    add_options=add_options, run=run)
