"""fuzz: search fair word lists that a solution cannot win."""

from __future__ import annotations

import argparse
from pathlib import Path

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.checks import check_seconds, require_solution_file, use_sandbox
from judge.cli.options import add, add_sandbox_options, deprecated
from judge.safetext import safe
from judge.wording import counted

# Not under cases/: a find must not change what `grade` grades unless it is moved there.
DEFAULT_OUT = Path("fuzz-finds")


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solution", type=Path, metavar="SOLUTION", help="the solution file")
    add(parser, "--allowed", default=10)
    add(parser, "--search-seconds", default=600.0)
    add(parser, "--shrink-seconds", default=300.0)
    add(parser, "--search-seed", default=0)
    add(parser, "--out", default=DEFAULT_OUT, more="kept apart from the cases grade reads by "
                                                   "default")
    add_sandbox_options(parser)
    deprecated(parser, "fuzz", "--seed", "--search-seed")
    deprecated(parser, "fuzz", "--budget-seconds", "--search-seconds")


def run(args: argparse.Namespace) -> int:
    from judge.cases import MAX_ALLOWED, MIN_ALLOWED
    from judge.fuzz import Fuzzer, reproducer, write_reproducer

    require_solution_file(args.solution)
    if not MIN_ALLOWED <= args.allowed <= MAX_ALLOWED:
        raise UsageError(f"--allowed must be {MIN_ALLOWED}..{MAX_ALLOWED}")
    check_seconds("--search-seconds", args.search_seconds)
    check_seconds("--shrink-seconds", args.shrink_seconds)
    fuzzer = Fuzzer(args.solution, args.allowed, args.search_seconds, args.shrink_seconds,
                    report=lambda line: print(line, flush=True), sandbox=use_sandbox(args),
                    language=args.language)
    if (failed := fuzzer.load_error()) is not None:
        raise UsageError(f"{args.solution}: {failed.verdict}: {failed.message}; nothing to "
                         "search")
    print(f"fuzzing {safe(args.solution)} for fair lists it cannot win within {args.allowed} "
          f"guesses (search {args.search_seconds:g} s, --search-seed {args.search_seed}); a "
          f"find is written to {safe(args.out)}/", flush=True)
    find = fuzzer.run(args.search_seed)
    progress = fuzzer.progress
    print(f"{counted(progress.examples, 'list')} tried, worst {counted(progress.worst, 'guess')}")
    if find is None:
        print("nothing found")
        return EXIT_OK
    case = reproducer(find, args.solution, args.allowed, args.search_seed)
    path = write_reproducer(case, args.out)
    print(f"wrote {safe(path)}: {safe(case.note, limit=1000)}")
    # The search's seed is the run's: a randomized solution draws again what it drew.
    print(f"grade it with: --cases {safe(path)} --seed {args.search_seed}")
    return EXIT_NOT_ACCEPTED


COMMAND = Command(
    name="fuzz", summary="search fair word lists the solution cannot win (hypothesis)",
    description="Search word lists (LeetCode's constraints) on which SOLUTION needs the most "
                "guesses over every secret. A fair list it does not win within --allowed "
                "guesses is shrunk and written as a case to --out. Exit 0 when nothing was "
                "found, 1 when a case was written.",
    examples=[("solutions/minimax_cpp.py --search-seconds 120", "two minutes of search"),
              ("my_solution.py --allowed 10 --out my_finds", "finds in a folder of your own")],
    add_options=add_options, run=run)
