"""The report files grade, compare and merge write: each format one flag, written here."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from pathlib import Path

from judge.cli.base import UsageError
from judge.cli.checks import require_writable
from judge.cli.options import Options, add
from judge.report.files import write_atomically
from judge.result import Report

REPORT_FLAGS = ("json", "html", "csv", "gradescope", "junit")
# When Gradescope shows a test's result to the student: the values its results.json takes.
GRADESCOPE_VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")


def add_report_options(parser: Options, html_more: str = "") -> None:
    add(parser, "--json")
    add(parser, "--html", more=html_more)
    add(parser, "--csv")
    add(parser, "--gradescope")
    add(parser, "--gradescope-visibility", default="visible", choices=GRADESCOPE_VISIBILITIES)
    add(parser, "--junit")


def gradescope_file(path: Path | None, solutions: int | None = None) -> bool:
    """Whether --gradescope PATH is one results file rather than a folder of them: never a
    folder that exists; for one solution, any other path; for several, none (a path that
    would have to be is refused before any case runs); and before the solutions are found
    (`solutions` None), a name ending .json."""
    if path is None or path.is_dir():
        return False
    if solutions is None:
        return path.suffix.lower() == ".json"
    return solutions == 1


def check_report_paths(args: argparse.Namespace, solutions: int = 1) -> None:
    """Every report path writable, before any case runs. With several solutions,
    --gradescope names a folder, made if it does not exist yet: a file there is refused now,
    not once every solution has been graded."""
    if args.gradescope is None and args.gradescope_visibility != "visible":
        raise UsageError("--gradescope-visibility goes with --gradescope")
    for flag in REPORT_FLAGS:
        path = getattr(args, flag, None)
        if flag == "gradescope" and path is not None and not gradescope_file(path, solutions):
            if path.is_dir():
                continue  # a folder: a file for each solution
            if path.exists() or gradescope_file(path):
                raise UsageError(f"{path}: with several solutions, --gradescope takes a folder "
                                 "(a results file for each), not a file")
        require_writable(path)


def write_html(path: Path | None, reports: Sequence[Report], title: str) -> None:
    if path is not None:
        from judge.report.html import html_report

        write_atomically(path, html_report(reports, title))


def write_reports(args: argparse.Namespace, reports: Sequence[Report], title: str,
                  json_text: str) -> None:
    from judge.report.gradebook import gradebook_csv, gradescope_results, junit_xml

    if args.json is not None:
        write_atomically(args.json, json_text)
    write_html(args.html, reports, title)
    if args.csv is not None:
        write_atomically(args.csv, gradebook_csv(reports))
    if args.junit is not None:
        write_atomically(args.junit, junit_xml(reports))
    if args.gradescope is not None:
        visibility = args.gradescope_visibility
        if gradescope_file(args.gradescope, len(reports)):
            write_atomically(args.gradescope, gradescope_results(reports[0], visibility))
            return
        args.gradescope.mkdir(exist_ok=True)  # its parent was checked before anything ran
        for report, name in zip(reports, gradescope_names(reports), strict=True):
            write_atomically(args.gradescope / f"{name}.results.json",
                             gradescope_results(report, visibility))


def gradescope_names(reports: Sequence[Report]) -> list[str]:
    """A file name for each solution's results, safe on any file system and each its own:
    "a b/s.py" and "a_b/s.py" would both be a_b_s.py, and one would overwrite the other."""
    names: list[str] = []
    for report in reports:
        name = re.sub(r"[^A-Za-z0-9._-]+", "_", report.name).strip("._") or "solution"
        taken, number = name, 1
        while taken.lower() in {n.lower() for n in names}:  # some file systems ignore case
            number += 1
            taken = f"{name}-{number}"
        names.append(taken)
    return names
