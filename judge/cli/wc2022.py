"""wc2022 and wc2022-bound: the Wordle variant Luogu P8079, with its official scoring."""

from __future__ import annotations

import argparse
import json
import secrets
from pathlib import Path

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.checks import (
    check_memory,
    check_rounds,
    check_seconds,
    require_solution_file,
    require_writable,
    use_sandbox,
)
from judge.cli.options import add, add_sandbox_options, deprecated
from judge.cli.submissions import labels
from judge.report.files import write_atomically
from judge.safetext import safe
from judge.wording import counted

DICTIONARY_DEFAULT = "the contest's dictionary in ../shared/data if present, else English"


def read_wc2022_dictionary(args: argparse.Namespace) -> tuple[Path, list[str]]:
    """--dictionary's words, or by default the contest's where present, else English."""
    from judge.wc2022.game import CONTEST_DICTIONARY, ENGLISH5, read_dictionary

    path = args.dictionary or (CONTEST_DICTIONARY if CONTEST_DICTIONARY.exists() else ENGLISH5)
    try:
        return path, read_dictionary(path)
    except ValueError as e:
        raise UsageError(str(e)) from e


def add_options(parser: argparse.ArgumentParser) -> None:
    from judge.run.limits import Limits

    parser.add_argument("solutions", type=Path, nargs="+", metavar="SOLUTION",
                        help="a file defining init and guess (Python or C++)")
    add(parser, "--dictionary", default_text=DICTIONARY_DEFAULT)
    add(parser, "--rounds", default_text="1000")
    add(parser, "--every-answer")
    add(parser, "--answer-seed", default_text="drawn from the operating system and printed")
    add(parser, "--guess-time-limit", default_text="10")
    add(parser, "--match-time-limit", default_text="60 + 1 per round")
    add(parser, "--memory-limit", default=Limits.memory_mb)
    add_sandbox_options(parser, "wc2022")
    add(parser, "--json")
    add(parser, "--html", more="the points table and every round lost")
    add(parser, "-v", more="here: every round, not only the lost ones")
    add(parser, "-q", more="here: the table, with no round listed and no progress line")
    deprecated(parser, "wc2022", "--seed", "--answer-seed")
    deprecated(parser, "wc2022", "--time-limit", "--guess-time-limit")


def run(args: argparse.Namespace) -> int:
    from judge.cli.running import made_by
    from judge.reading import solution_sha256
    from judge.report.progress import Progress
    from judge.run.confine import SandboxUnavailable
    from judge.run.limits import Limits
    from judge.run.process import JudgeError
    from judge.wc2022.board import match_page, match_table
    from judge.wc2022.game import (
        DEFAULT_ROUNDS,
        GUESS_SECONDS,
        EntryPointError,
        Match,
        Round,
        match_budget,
        play,
        words_digest,
    )

    for solution in args.solutions:
        require_solution_file(solution, "a P8079 solution file (.py or .cpp)")
        require_harness(solution, args.language)
    if args.rounds is not None and args.every_answer:
        raise UsageError("--every-answer plays each word once: leave out --rounds")
    if args.rounds is not None:
        check_rounds("--rounds", args.rounds)
    check_seconds("--guess-time-limit", args.guess_time_limit)
    check_seconds("--match-time-limit", args.match_time_limit)
    check_memory(args.memory_limit)
    require_writable(args.json)
    require_writable(args.html)
    sandbox = use_sandbox(args)
    path, dictionary = read_wc2022_dictionary(args)
    # Unpredictable unless asked for: a solution must not be able to replay the answers.
    seed = secrets.randbits(64) if args.answer_seed is None else args.answer_seed
    single = len(args.solutions) == 1
    rounds = len(dictionary) if args.every_answer else args.rounds or DEFAULT_ROUNDS
    print(f"dictionary: {safe(path)} ({len(dictionary):,} words); {rounds:,} "
          f"round{'s' if rounds != 1 else ''}", flush=True)

    quiet = args.quiet and not args.verbose  # as in grade: -v says more, whatever -q asks

    def show(result: Round) -> None:
        if single and not quiet and (args.verbose or result.ended != "found"):
            progress.close()  # a line of its own, not over the progress line
            guesses = " ".join(safe(w) for w, _ in result.guesses)
            ended = f"{result.ended}: {safe(result.detail)}" if result.detail else result.ended
            print(f"round {result.number:>4} {result.answer}: {ended}, "
                  f"{result.points} points ({guesses})")

    guess_seconds = GUESS_SECONDS if args.guess_time_limit is None else args.guess_time_limit
    limits = Limits(time_seconds=guess_seconds, memory_mb=args.memory_limit)
    progress = Progress(rounds * len(args.solutions), f"playing {rounds} rounds",
                        enabled=False if args.verbose or quiet else None)

    def one_match(solution: Path, order: int) -> Match:
        def round_done(result: Round) -> None:
            progress.advance()
            show(result)

        return play(solution, dictionary, rounds, seed, str(path), round_done, limits,
                    sandbox, args.match_time_limit, args.every_answer, order, args.language)

    matches, refused = [], []
    # Named as compare names files: a/solution.py and b/solution.py, not solution.py twice.
    names = labels(args.solutions)
    try:
        for order, (solution, name) in enumerate(zip(args.solutions, names, strict=True)):
            try:
                match = one_match(solution, order)
            except EntryPointError as e:  # the others still play, and are reported
                refused.append(str(e))
                continue
            except JudgeError as e:  # a broken compiler, say: no match of the file's to show
                refused.append(f"{solution}: the judge failed (JE): "
                               f"{str(e).splitlines()[0]}")
                continue
            match.label = name
            matches.append(match)
    except SandboxUnavailable as e:
        raise UsageError(str(e)) from e
    finally:
        progress.close()
    if not matches:
        raise UsageError("; ".join(refused))
    print(match_table(matches))
    print(f"answers drawn with --answer-seed {seed}"
          + (" --every-answer" if args.every_answer else ""))
    lost = sum(r.ended != "found" for m in matches for r in m.rounds)
    if lost:
        print(f"{counted(lost, 'round')} lost, scoring 0")
    made = {**made_by(args), "dictionary": {"path": str(path), "words": len(dictionary),
                                            "sha256": words_digest(dictionary)},
            "rounds": rounds, "every_answer": args.every_answer, "answer_seed": seed,
            "limits": {"guess_time_s": guess_seconds, "memory_mb": args.memory_limit,
                       "match_time_s": (match_budget(rounds) if args.match_time_limit is None
                                        else args.match_time_limit)},
            "sandbox": sandbox, "language": args.language}
    if args.json is not None:
        data = [{**m.summary(), "seed": seed, "solution_sha256": solution_sha256(Path(m.solution)),
                 "provenance": made, "rounds_played": [r.to_json() for r in m.rounds]}
                for m in matches]
        write_atomically(args.json, json.dumps(data[0] if single else data, indent=1) + "\n")
    if args.html is not None:
        write_atomically(args.html, match_page(matches, f"P8079 on {path.name}", seed, made))
    if refused:
        raise UsageError(f"not played, so not in the table or reports: {'; '.join(refused)}")
    return EXIT_NOT_ACCEPTED if lost else EXIT_OK


def require_harness(solution: Path, language: str | None) -> None:
    """Refuse, before any match, a file that no language judged for P8079 runs here."""
    from judge.harness.registry import UnknownLanguage, harness_for

    try:
        harness_for(solution, "wc2022", language)
    except UnknownLanguage as e:
        raise UsageError(str(e)) from e


COMMAND = Command(
    name="wc2022", summary="the Wordle variant Luogu P8079, with its official scoring",
    description="Play rounds of P8079 against files defining init(num_scramble, scramble) and "
                "guess(num_testcase, remaining_guesses, initial_letter, gold, silver). Points: "
                "150/120/100/90/85 for 1-5 guesses, 0 for a round lost; the contest's score is "
                "min(100, points / rounds), so the table shows the points a round beside it. "
                "Each solution runs in a worker process and plays the same answers, each in an "
                "order of its own.",
    examples=[("solutions/wc2022/entropy_numpy.py --rounds 100", "100 rounds"),
              ("solutions/wc2022/*.py --every-answer --answer-seed 1",
               "every answer once, side by side")],
    add_options=add_options, run=run)


def add_bound_options(parser: argparse.ArgumentParser) -> None:
    add(parser, "--dictionary", default_text=DICTIONARY_DEFAULT)
    add(parser, "--letters", default_text="all")


def run_bound(args: argparse.Namespace) -> int:
    from judge.wc2022.bound import LetterBound, dictionary_bound, per_round

    path, words = read_wc2022_dictionary(args)
    initials = {w[0] for w in words}
    if args.letters is not None and not (args.letters and set(args.letters) <= initials):
        raise UsageError(f"--letters must name initial letters of {path.name}'s words, not "
                         f"{safe(args.letters)}")

    def show(b: LetterBound) -> None:
        print(f"  {b.letter}  {b.answers:5} answers  at most {b.per_round:8.3f} a round  "
              f"(opening {b.opening}; {b.openings_in_full} of {len(words)} openings "
              f"evaluated in full)", flush=True)

    print(f"upper bound on the points a round, {len(words)} words of {safe(path)}:")
    bounds = dictionary_bound(words, args.letters, show)
    print(f"at most {per_round(bounds):.3f} points a round over these "
          f"{sum(b.answers for b in bounds)} answers")
    return EXIT_OK


BOUND = Command(
    name="wc2022-bound", summary="P8079: the most points a round any player can expect",
    description="An upper bound on the points a round of any P8079 player, answers uniform "
                "over the dictionary: per initial letter, every first and second guess is "
                "tried, and every answer not found by guess 3 is counted as found at guess 4. "
                "Slow on a large dictionary (about half an hour for the contest's 8,869 "
                "words); each letter's line is printed when it is done, the largest first.",
    examples=[("--letters qxz", "three small letters, in seconds")],
    add_options=add_bound_options, run=run_bound)
