"""experiment: the write-ups' measurements, made again beside their figures."""

from __future__ import annotations

import argparse

from judge.cli.base import EXIT_OK, Command, UsageError


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help="match-counts and/or minimax-worst-case (default: both)")


def run(args: argparse.Namespace) -> int:
    from judge.experiments import EXPERIMENTS, OLD_NAMES

    args.names = [OLD_NAMES.get(name, name) for name in args.names]
    unknown = sorted(set(args.names) - set(EXPERIMENTS))
    if unknown:
        raise UsageError(f"no experiment {', '.join(unknown)}; choose from "
                         f"{', '.join(sorted(EXPERIMENTS))}")
    for name in args.names or sorted(EXPERIMENTS):
        print(EXPERIMENTS[name]())
        print()
    return EXIT_OK


COMMAND = Command(
    name="experiment", summary="the write-ups' experiments, measured again beside their figures",
    description="match-counts: match counts and naive guessing on 10,000 random words (the "
                "Kotlin write-up's figures); minimax-worst-case: minimax worst cases on 100-word "
                "lists (the "
                "JavaScript write-up's claim). Seeded, so every run prints the same numbers.",
    examples=[("", "both"), ("minimax-worst-case", "one")],
    add_options=add_options, run=run)
