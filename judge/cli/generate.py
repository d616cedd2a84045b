"""generate: new case files, the same files for the same arguments."""

from __future__ import annotations

import argparse

from judge.cli.base import EXIT_OK, Command, UsageError
from judge.cli.options import add, deprecated
from judge.report.files import write_atomically
from judge.safetext import safe
from judge.wording import counted


def add_options(parser: argparse.ArgumentParser) -> None:
    from judge.generate import KINDS

    parser.add_argument("kind", choices=KINDS, metavar="KIND",
                        help="random: random letters; english: English words; hard: lists "
                             "built to be hard but still fair")
    add(parser, "--out", required=True)
    add(parser, "--count", default=10)
    add(parser, "--words", default=100, more="1 to 100")
    add(parser, "--allowed", default=10)
    add(parser, "--list-seed", default=0)
    deprecated(parser, "generate", "--seed", "--list-seed")


# A case a file: far past the 2,034 shipped, a run would fill the disk before it was graded.
MOST_CASES = 100_000


def run(args: argparse.Namespace) -> int:
    from judge.cases import MAX_ALLOWED, MIN_ALLOWED, cases_to_json
    from judge.generate import generate

    if not 1 <= args.words <= 100 or not 1 <= args.count <= MOST_CASES:
        raise UsageError(f"--words must be 1..100 and --count 1..{MOST_CASES:,}")
    if not MIN_ALLOWED <= args.allowed <= MAX_ALLOWED:
        raise UsageError(f"--allowed must be {MIN_ALLOWED}..{MAX_ALLOWED}")
    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"{args.out}: is not a folder (--out takes the folder the case files "
                         "are written to)")
    try:
        cases = generate(args.kind, args.count, args.words, args.list_seed, args.allowed)
    except ValueError as e:
        raise UsageError(str(e)) from e
    try:
        args.out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"{args.out}: the folder cannot be made: {e.strerror}") from e
    for case in cases:
        write_atomically(args.out / f"{case.name}.json", cases_to_json([case]))
    print(f"{counted(len(cases), args.kind + ' case')} written to {safe(args.out)}")
    return EXIT_OK


COMMAND = Command(
    name="generate", summary="write new cases: random letters, English words, or hard but fair",
    description="Write --count cases of KIND, of --words words each, as JSON files in the "
                "folder --out, ready for --cases. The same arguments write the same files, "
                "byte for byte.",
    examples=[("english --count 5 --words 100 --list-seed 2 --out my_cases",
               "five English lists")],
    add_options=add_options, run=run)
