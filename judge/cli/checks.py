"""Checks of the judge's own settings, made before anything runs: a bad one is the user's
error (one line, exit 2), never blamed on a submission."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from judge.cli.base import UsageError
from judge.report.files import check_writable

LONGEST_LIMIT_SECONDS = 24 * 3600.0
SMALLEST_MEMORY_MB, LARGEST_MEMORY_MB = 32, 1 << 20
# P8079 rounds in one match: every round is kept for the report, and a million is hours of
# play and a few hundred MiB.
MOST_ROUNDS = 1_000_000


def check_seconds(option: str, value: float | None) -> None:
    """A time limit must be a real, positive number of seconds, and not absurdly long."""
    if value is not None and not (0 < value <= LONGEST_LIMIT_SECONDS):  # also false for nan
        raise UsageError(f"{option} must be positive and at most {LONGEST_LIMIT_SECONDS:g} "
                         f"seconds, not {value}")


def check_rounds(option: str, rounds: int) -> None:
    if not 1 <= rounds <= MOST_ROUNDS:
        raise UsageError(f"{option} must be 1..{MOST_ROUNDS:,}, not {rounds}")


def check_memory(megabytes: int) -> None:
    if megabytes == 0:
        return  # no limit
    if megabytes < SMALLEST_MEMORY_MB:
        raise UsageError(f"--memory-limit {megabytes} MiB is too small to start a worker: "
                         f"at least {SMALLEST_MEMORY_MB}, or 0 for none")
    if megabytes > LARGEST_MEMORY_MB:
        raise UsageError(f"--memory-limit must be at most {LARGEST_MEMORY_MB} MiB (1 TiB), "
                         f"or 0 for none")


def require_writable(report: Path | None) -> None:
    """Refuse a report path that cannot be written, before any work is done."""
    if report is not None and (problem := check_writable(report)):
        raise UsageError(problem)


def require_solution_file(path: Path, what: str = "a solution file (.py, .cpp, .java, .js, "
                                                  ".kt)") -> None:
    """A path that is not a regular file is said as such, with what was expected instead."""
    from judge.reading import UnreadableFile, regular_file
    from judge.safetext import safe

    try:
        regular_file(path)
    except UnreadableFile as e:
        raise UsageError(f"{safe(path)}: {e}; expected {what}") from e


def use_sandbox(args: argparse.Namespace) -> bool:
    """--sandbox, --no-sandbox, or by default the sandbox wherever bubblewrap works."""
    from judge.run.confine import bubblewrap_works

    if args.sandbox is not None:
        if not args.sandbox:
            print("warning: --no-sandbox: the solution runs as you and can read your files, "
                  "the case files included", file=sys.stderr)
        return bool(args.sandbox)
    if bubblewrap_works():
        return True
    print("note: bubblewrap is missing, older than 0.5, or cannot run here, so the solution "
          "runs unsandboxed and can read your files (apt-get install bubblewrap)",
          file=sys.stderr)
    return False
