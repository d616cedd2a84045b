"""What every command is: a name, a line of help, its options, its examples, a run function.

As in pip's `commands/`, each command is a module of `judge.cli` that builds a `Command`;
`judge.cli.main` only finds the one named on the command line and runs it. The options a
command takes come from `judge.cli.options`, where each flag name is defined once.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from judge.safetext import quoted, safe

# The same in every command, and written in the docs (exit codes).
EXIT_OK, EXIT_NOT_ACCEPTED, EXIT_BAD_INPUT = 0, 1, 2

EXIT_CODES = """\
exit codes (every command):
  0  everything asked for was done, every case accepted (or every round won)
  1  done, but something was not accepted: a case, a round lost, an unfair case, a find
  2  bad usage or bad input: one line saying what, nothing run
"""


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit 2."""


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the examples' line breaks and lines help up a little wider than argparse's."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=32, width=100)


class CommandParser(argparse.ArgumentParser):
    """argparse's parser, which names the flag a mistyped one was close to (flags are never
    abbreviated, so "--time" is not taken for --time-limit: it is pointed to it)."""

    given: Sequence[str] = ()  # the words this parser was given, for the hints of `error`

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        # (typed Any: argparse's overloads leave no narrower signature to override them with)
        self.given = list(args) if args is not None else sys.argv[1:]
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        # argparse quotes what it was given into its message ("unrecognized arguments: ...",
        # "invalid float value: ..."): a value of megabytes, or one that moves the terminal's
        # cursor, is one line of the usual length, escaped.
        message = safe(message)
        files = [word for word in self.given if word.startswith("-") and word != "-"
                 and not word.startswith("--") and word not in self._option_string_actions
                 and os.path.lexists(word)]
        choices = {f"--{choice}": action.metavar or action.dest for action in self._actions
                   if not action.option_strings and action.choices
                   for choice in action.choices}
        dashed = [word for word in self.given if word in choices]
        if files:
            # argparse takes a word that begins with "-" for a flag, even where a file has
            # that name: the file is named otherwise.
            message += (f" ({quoted(files[0])} is taken for a flag: name the file "
                        f"./{safe(files[0])}, or put -- before it)")
        elif dashed:  # `generate --english` for `generate english`
            message += (f" ({dashed[0]} is no flag here: write {dashed[0][2:]}, the "
                        f"{choices[dashed[0]]}, without dashes)")
        elif message.startswith("unrecognized arguments: "):
            meant = {word: close for word in message.split()[2:]
                     if (close := self.closest_flags(word))}
            if len(meant) == 1:
                message += f" (did you mean {next(iter(meant.values()))}?)"
            elif meant:
                message += (" (did you mean "
                            + ", ".join(f"{close} for {word}" for word, close in meant.items())
                            + "?)")
        super().error(message)

    def closest_flags(self, word: str) -> str:
        """The flag `word` (or `word=value`) most likely meant ("--a or --b" for a tie), or ""
        where it is not a flag or none is close."""
        if not word.startswith("--"):
            return ""
        word = word.partition("=")[0]
        flags = [f for action in self._actions for f in action.option_strings
                 if f.startswith("--") and f != "--help" and action.help != argparse.SUPPRESS]
        part = word.lstrip("-")
        close = [f for f in flags if len(part) >= 3 and part in f]  # --time, --limit
        if not close:
            # Likeness of the names without their dashes, which every flag shares: with them,
            # --bogus was as like --verbose as a typo is like its flag.
            likeness = {f: difflib.SequenceMatcher(None, part, f.lstrip("-")).ratio()
                        for f in flags}
            best = max(likeness.values(), default=0.0)
            close = [f for f in flags if likeness[f] == best >= 0.6]  # a typo: --cass
        return " or ".join(close[:3])


@dataclass(frozen=True)
class Command:
    name: str
    summary: str  # one line, for the list of commands
    description: str
    examples: Sequence[tuple[str, str]]  # (the arguments after the command's name, what it does)
    add_options: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    notes: str = field(default="")  # printed after the examples

    def parser(self, prog: str) -> argparse.ArgumentParser:
        """This command's own parser: its usage, its errors and its help say its name."""
        parser = CommandParser(
            prog=f"{prog} {self.name}", description=wrapped(self.description),
            formatter_class=HelpFormatter, epilog=self.epilog(prog), allow_abbrev=False)
        self.add_options(parser)
        return parser

    def example_commands(self, prog: str) -> list[str]:
        return [f"{prog} {self.name} {arguments}".rstrip() for arguments, _ in self.examples]

    def epilog(self, prog: str) -> str:
        lines = ["examples:"]
        for command, (_, what) in zip(self.example_commands(prog), self.examples, strict=True):
            lines += [f"  # {what}", f"  {command}"]
        notes = f"\n{wrapped(self.notes)}\n" if self.notes else ""
        return "\n".join(lines) + "\n" + notes + "\n" + EXIT_CODES


def wrapped(text: str, width: int = 92) -> str:
    """Paragraphs filled to the width; indented lines (lists, tables) kept as they are."""
    return "\n\n".join(paragraph if paragraph.startswith((" ", "\n")) or "\n " in paragraph
                       else textwrap.fill(paragraph, width)
                       for paragraph in text.strip("\n").split("\n\n"))
