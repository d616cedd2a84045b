"""play: practise in a terminal, with hints from every strategy."""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from collections.abc import Iterator

from judge.cli.base import EXIT_NOT_ACCEPTED, EXIT_OK, Command, UsageError
from judge.cli.options import add, deprecated

NEW_LIST_WORDS, NEW_LIST_ALLOWED = 30, 10
LIST_MAKING = ("words", "english", "list_seed", "allowed")


def add_options(parser: argparse.ArgumentParser) -> None:
    add(parser, "--cases", default_text="a new list, made as below")
    add(parser, "--case", more="here the one game to play; a number counts from 1",
        default_text="the only case of --cases")
    # Defaults applied in `run`: given with --cases, these are refused, not ignored.
    add(parser, "--words", more="1 to 100", default_text=str(NEW_LIST_WORDS))
    add(parser, "--english")
    add(parser, "--list-seed", default_text="a new list every time")
    add(parser, "--allowed", default_text=str(NEW_LIST_ALLOWED))
    add(parser, "--adversary")
    deprecated(parser, "play", "--seed", "--list-seed")


def typed_lines(prompt: str) -> Iterator[str]:
    """What the player types, until the end of input or Ctrl-C (both end the game, with its
    review). The prompt is shown on a terminal only, so that a script's output stays clean."""
    shown = prompt if sys.stdin.isatty() else ""
    while True:
        try:
            yield input(shown)
        except (EOFError, KeyboardInterrupt):
            print()
            return


def broken(line: str, width: int | None) -> list[str]:
    """A line longer than the terminal's `width`, broken between words, each part after the
    first indented two more than the line: the terminal itself would break words in two."""
    if width is None or len(line) <= width:
        return [line]
    lead = " " * (len(line) - len(line.lstrip(" ")))
    return textwrap.wrap(line, width, subsequent_indent=lead + "  ", break_long_words=False,
                         break_on_hyphens=False) or [line]


def run(args: argparse.Namespace) -> int:
    import random

    from judge.cases import Case
    from judge.cli.running import chosen_case
    from judge.generate import english_words, random_words
    from judge.practice import HELP_WIDTH, Game, session

    if args.cases or args.case is not None:
        given = [f"--{name.replace('_', '-')}" for name in LIST_MAKING
                 if (value := getattr(args, name)) is not None and value is not False]
        if given:
            raise UsageError(f"{', '.join(given)}: for a new list; --cases and --case play a "
                             "case's own list, as it is")
        case = chosen_case(args, "play")
    else:
        words = NEW_LIST_WORDS if args.words is None else args.words
        allowed = NEW_LIST_ALLOWED if args.allowed is None else args.allowed
        if not 1 <= words <= 100:
            raise UsageError("--words must be 1..100")
        if allowed < 1:
            raise UsageError("--allowed must be positive")
        rng = random.Random(args.list_seed)
        listed = (rng.sample(english_words(), words) if args.english
                  else random_words(rng, words))
        case = Case("practice", rng.choice(listed), tuple(listed), allowed)
    from rich.console import Console

    # Colour where the terminal has it (rich highlights the numbers and words of each line);
    # plain text in a pipe, each line whole. Every text is already escaped: markup is off.
    console = Console(highlight=True, soft_wrap=True, emoji=False)
    # (rich takes a dumb terminal for 80 columns wide; the terminal's own size is the truth)
    width = shutil.get_terminal_size().columns if console.is_terminal else None

    def say(text: str) -> None:
        for line in text.splitlines() or [""]:
            for part in broken(line, width):
                console.print(part, markup=False)

    game = Game.start(case, adversary=args.adversary)
    accepted = session(game, typed_lines("guess> "), say, width or HELP_WIDTH)
    return EXIT_OK if accepted else EXIT_NOT_ACCEPTED


COMMAND = Command(
    name="play", summary="practise: guess yourself, with hints from every strategy",
    description="Play a list in the terminal. 'hint' shows what minimax, entropy and the "
                "optimum would guess and how each splits the words still possible; 'why WORD' "
                "sets WORD beside them. The game ends with a review of every guess and where it "
                "lost ground. Input is forgiving (case, spaces, 'did you mean'), and may come "
                "from a pipe.",
    examples=[("--english", "30 English words"),
              ("--cases cases/benchmark/bench05.json --case 3", "the third game of a file"),
              ("--words 100 --list-seed 7 --adversary", "a Master that dodges")],
    add_options=add_options, run=run)
