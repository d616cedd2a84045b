"""The command line's edge: find the command named in argv, run it, map what went wrong to
exit codes. Each command lives in a module of its own beside this one."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import os
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO, cast

import judge
from judge.cli import (
    bench,
    check,
    compare,
    experiment,
    explain,
    fuzz,
    generate,
    grade,
    merge,
    optimal,
    play,
    wc2022,
)
from judge.cli.base import EXIT_BAD_INPUT, EXIT_CODES, EXIT_OK, Command, UsageError
from judge.safetext import quoted, safe_message

# In the order a newcomer needs them.
COMMANDS: dict[str, Command] = {c.name: c for c in (
    grade.COMMAND, explain.COMMAND, play.COMMAND, compare.COMMAND, merge.COMMAND,
    check.COMMAND, generate.COMMAND, optimal.COMMAND, fuzz.COMMAND, wc2022.COMMAND,
    wc2022.BOUND, experiment.COMMAND, bench.COMMAND)}

INSTALLED_NAME = "guess-judge"


def program_name() -> str:
    """`guess-judge` when run by its installed script, else `python -m judge`."""
    return INSTALLED_NAME if Path(sys.argv[0]).name == INSTALLED_NAME else "python -m judge"


def top_help(prog: str) -> str:
    width = max(map(len, COMMANDS))
    rows = "\n".join(f"  {name:<{width}}  {c.summary}" for name, c in COMMANDS.items())
    return (f"usage: {prog} COMMAND [options]   ({INSTALLED_NAME} and python -m judge are the "
            "same program)\n\nAn offline judge for LeetCode 843 'Guess the Word' and its "
            f"Wordle cousin Luogu P8079.\n\ncommands:\n{rows}\n\n"
            f"  {prog} COMMAND --help   what a command does, its options and examples\n"
            f"  {prog} --version\n\nstart here:\n"
            f"  {prog} grade my_solution.py     grade your LeetCode file on the shipped cases\n"
            f"  {prog} play --english           practise a game yourself\n\n{EXIT_CODES}")


def parse(argv: Sequence[str], prog: str) -> tuple[Command, argparse.Namespace] | int:
    """The command and its arguments, or the exit code when there is nothing to run."""
    if not argv or argv[0] in ("-h", "--help", "help"):
        if len(argv) > 1 and argv[0] == "help" and argv[1] in COMMANDS:
            return parse([argv[1], "--help"], prog)
        print(top_help(prog), file=sys.stdout if argv else sys.stderr)
        return EXIT_OK if argv else EXIT_BAD_INPUT
    if argv[0] == "--version":
        print(f"{INSTALLED_NAME} {judge.__version__}")
        return EXIT_OK
    name = argv[0]
    if name not in COMMANDS:
        close = difflib.get_close_matches(name, list(COMMANDS), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        print(f"usage: {prog} COMMAND [options]\n{prog}: error: unknown command "
              f"{quoted(name)}{hint} (commands: {', '.join(COMMANDS)})", file=sys.stderr)
        return EXIT_BAD_INPUT
    command = COMMANDS[name]
    parser = command.parser(prog)
    try:
        args = parser.parse_args(argv[1:])
    except SystemExit as e:  # argparse has printed the command's usage and the error, or help
        return EXIT_OK if e.code in (0, None) else EXIT_BAD_INPUT
    args.prog, args.argv = prog, list(argv)
    return command, args


class Terminated(BaseException):
    """The judge was asked to stop (SIGTERM, SIGHUP): unwind, so every worker is killed."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def raise_terminated(signum: int, frame: object) -> None:
    raise Terminated(signum)


def main(argv: Sequence[str] | None = None) -> int:
    previous = {}
    if threading.current_thread() is threading.main_thread():
        previous = {s: signal.signal(s, raise_terminated) for s in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return run_command(sys.argv[1:] if argv is None else list(argv))
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def to_null(fd: int) -> None:
    """Point the descriptor at /dev/null, whose reader never leaves."""
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, fd)
    finally:
        os.close(null)


class ReaderMayLeave:
    """Standard output that goes on, silently, once its reader has gone (`| head`): the command
    still finishes and writes the reports it was asked for (--json, --csv, --html), which a
    BrokenPipeError out of the first print after the reader left would have lost."""

    def __init__(self, stream: TextIO) -> None:
        self._stream, self.left = stream, False

    def write(self, text: str) -> int:
        if not self.left:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._leave()
        return len(text)

    def flush(self) -> None:
        if not self.left:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._leave()

    def _leave(self) -> None:
        # What waits in the buffer goes to /dev/null, not to an error at the interpreter's exit.
        self.left = True
        with contextlib.suppress(OSError, ValueError):
            to_null(self._stream.fileno())

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def run_command(argv: Sequence[str]) -> int:
    stdout = sys.stdout
    sys.stdout = cast(TextIO, ReaderMayLeave(stdout))
    try:
        return run_parsed(argv)
    finally:
        sys.stdout = stdout


def run_parsed(argv: Sequence[str]) -> int:
    from judge.cases import CaseError

    prog = program_name()
    parsed = parse(argv, prog)
    if isinstance(parsed, int):
        return parsed
    command, args = parsed

    def bad_input(*problems: object) -> int:
        for problem in problems:
            print(f"{prog} {command.name}: error: {safe_message(problem)}", file=sys.stderr)
        return EXIT_BAD_INPUT

    try:
        return command.run(args)
    except BrokenPipeError:
        # The reader went away (`| head`): nothing left to say, and nobody to say it to.
        with contextlib.suppress(OSError, ValueError):
            to_null(sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    except CaseError as e:
        return bad_input(*e.problems)  # each on a line of its own
    except UsageError as e:
        return bad_input(e)
    except OSError as e:
        return bad_input(system_error_text(e))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as e:
        print(f"stopped by {signal.Signals(e.signum).name}", file=sys.stderr)
        return 128 + e.signum


def system_error_text(error: OSError) -> str:
    """The file an operating system error names and what the system said, without Python's
    "[Errno N]"."""
    if error.strerror is None:
        return str(error)
    return error.strerror if error.filename is None else f"{error.filename}: {error.strerror}"
