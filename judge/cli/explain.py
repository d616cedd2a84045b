"""explain: one case replayed, each guess beside the best ones."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.checks import require_solution_file, use_sandbox
from judge.cli.options import add, add_run_options, deprecated
from judge.cli.running import (
    chosen_case,
    isolated_runner,
    limits_of,
    note_cases_played_anew,
    order_seed,
    run_seed,
)
from judge.safetext import quoted, safe, safe_block
from judge.wording import counted


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("solution", type=Path, metavar="SOLUTION", help="the solution file")
    add(parser, "--case", more="here one case; a number counts from 1",
        default_text="the only case of --cases")
    add(parser, "--cases", default_text="cases/ in this folder if there is one, else the "
                                        "shipped cases")
    add(parser, "--secret")
    add(parser, "--order-seed", more="here it draws the warm-up games played before a case "
        "whose list other cases share, as grade drew them", default_text="drawn from the "
        "operating system and printed")
    add_run_options(parser)
    deprecated(parser, "explain", "--name", "--case", dest="old_name")


def run(args: argparse.Namespace) -> int:
    from judge.grading import grade
    from judge.practice import explained
    from judge.report.text import detail_lines, why, words_line

    require_solution_file(args.solution)
    limits = limits_of(args)
    case = chosen_case(args, "explain")
    if args.secret is not None:
        if args.secret not in case.words:
            raise UsageError(f"--secret {quoted(args.secret)} is not a word of the case's list")
        case = replace(case, secret=args.secret)
    runner = isolated_runner(args.solution, limits, use_sandbox(args), args.language)
    note_cases_played_anew(args, [runner])
    seed = run_seed(args)  # as grade's: its replay's --seed plays the game grade played
    order = order_seed(args)  # and its --order-seed the warm-up games played before it
    (result,) = grade(runner, str(args.solution), [case], seed, order_seed=order,
                      shared_lists=args.shared_lists).results
    if result.verdict == "CE":  # no game was played: there is nothing to set beside the best
        print(f"{safe(args.solution)}: CE: {safe(result.message)}", *detail_lines(result),
              sep="\n")
        return EXIT_NOT_ACCEPTED
    print(f"{safe(args.solution)} on {safe(result.name)} (secret {result.secret}): "
          f"{result.verdict} in {counted(result.guesses, 'guess')}: {safe(why(result))}")
    print(f"{words_line(case.words, 24)[0]}; allowedGuesses {case.allowed_guesses}")
    if case.note:
        print(f"note: {safe(case.note, limit=1000)}")
    for line in explained(case, result.transcript):
        print(line)
    # A wrong answer's detail is its reason, the first line's; the others' is where it stopped
    # (a traceback, or the stack a time-out found), which says so itself.
    if result.verdict != "WA":
        for line in detail_lines(result):
            print(line)
    if result.output:
        print(f"it printed:\n{safe_block(result.output).rstrip()}")
    warm = (f"played after its list's warm-up games, drawn with --order-seed {order}; "
            if case.words in args.shared_lists and runner.forks_for_cases else "")
    print(f"{warm}random numbers from --seed {seed}")
    return EXIT_OK if result.verdict == "AC" else EXIT_NOT_ACCEPTED


COMMAND = Command(
    name="explain", summary="replay a solution on one case: each guess beside the best ones",
    description="Run SOLUTION on one case (isolated as grade runs it) and show each of its "
                "guesses: the words still possible, how the guess split them beside the best "
                "guesses by minimax, entropy, expected size and the optimum, and a review of "
                "where it lost guesses. The first thing to run after a wrong answer: it takes "
                "the case names that grade prints.",
    examples=[("my_solution.py --case bench05@pumumd", "a game grade --all-secrets printed"),
              ("my_solution.py --cases cases/handwritten/random-100-a.json",
               "the only case of a file"),
              ("my_solution.py --case two-words --secret khaled", "another secret")],
    add_options=add_options, run=run)
