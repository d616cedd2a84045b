"""Every flag of the command line, defined once: its name, its one meaning, its checks.

A command takes a flag with `add(parser, "--name")`, never with `add_argument` of its own, so
that a flag means the same thing in every command that has it (the test of the vocabulary
walks every parser and refuses a flag that did not come from here). A command may say more
about a flag (what its default is there, what it does in that command), never something else.

Old spellings that a rename would break keep working for one release: `deprecated` adds them
hidden, and they print a line that names the new one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judge.harness.launch import Game

VOCABULARY_TAG = "vocabulary_name"  # set on every action `add` makes: the test reads it


@dataclass(frozen=True)
class Flag:
    names: tuple[str, ...]
    meaning: str
    settings: dict[str, Any] = field(default_factory=dict)
    absent: str = ""  # what happens without the flag, where that is not a value

    @property
    def name(self) -> str:
        return self.names[-1]


def positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text}")
    return value


NO_CAP = "none"


def guess_cap(text: str) -> int | str:
    """A positive whole number of guesses, or `none` for no cap."""
    if text.strip().lower() == NO_CAP:
        return NO_CAP
    try:
        return positive_int(text)
    except ValueError as e:  # argparse would name this function, not the flag's values
        raise argparse.ArgumentTypeError(
            f"must be a positive whole number or {NO_CAP}, not {text}") from e


def case_name(text: str) -> str:
    """A case's name, or a part of one: not empty, which every name contains."""
    if not text:
        raise argparse.ArgumentTypeError("must name a case (or part of one): the empty name "
                                         "is in every name")
    return text


def shard_option(text: str) -> tuple[int, int]:
    from judge.report.merge import parse_shard

    try:
        return parse_shard(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from e


FLAGS: tuple[Flag, ...] = (
    # Which cases
    Flag(("--cases",), "a case file (JSON, or LeetCode's three-line .txt) or a folder of them; "
         "repeatable", {"action": "append", "type": Path, "metavar": "PATH"}),
    Flag(("--case",), "the case named NAME, or if no case has that name, the cases whose name "
         "contains it (names as the reports print them)", {"type": case_name, "metavar": "NAME"},
         "every case"),
    Flag(("--all-secrets",), "play every word of each list as the secret, one game each: the "
         "exact worst case over the list", {"action": "store_true"}),
    Flag(("--relaxed",), "accept cases outside LeetCode's constraints (any equal-length "
         "lowercase words, any positive limit)", {"action": "store_true"}),
    Flag(("--adversary",), "an adaptive Master that keeps every word consistent with its "
         "replies and commits to a secret as late as it can", {"action": "store_true"}),
    Flag(("--shard",), "only the K-th of N even slices of the cases, for a run split over "
         "machines; join the shards' --json reports with `merge`",
         {"type": shard_option, "metavar": "K/N"}, "the whole run"),
    Flag(("--order-seed",), "the seed of the order the cases are played in, to replay a run "
         "exactly", {"type": int, "metavar": "N"}),
    # The submission's run
    Flag(("--seed",), "the run's seed: every case seeds the solution's random numbers "
         "(Python's `random` and NumPy's, C++'s rand, JavaScript's Math.random, Java's and "
         "Kotlin's Random) from it and its own name, and Python's string hashing is fixed by "
         "it, so that a run replays, and any one of its cases alone too",
         {"type": int, "metavar": "N"}),
    Flag(("--time-limit",), "CPU seconds the solution may use on one case, counted over its "
         "whole process tree; the wall clock stops it at 3x", {"type": float, "metavar": "S"}),
    Flag(("--memory-limit",), "address space of each worker process in MiB, at least 32; "
         "0 for none", {"type": int, "metavar": "MB"}),
    Flag(("--sandbox",), "run the solution under bubblewrap, with no network and no view of "
         "your files but the solution's own; --no-sandbox runs it as you",
         {"action": argparse.BooleanOptionalAction}),
    Flag(("--language",), "the solutions' language, whatever their file extension",
         {"type": str.lower, "metavar": "LANG"}),
    Flag(("--fail-fast",), "after K cases of a solution time out, its other cases are not "
         "run (SC, not accepted): one endless loop costs K time limits; 0 runs every case",
         {"type": int, "metavar": "K"}),
    Flag(("--solution-seconds",), "wall-clock seconds one solution may spend on all its "
         "cases; past them its other cases are not run (SC, not accepted)",
         {"type": float, "metavar": "S"}, "no limit"),
    Flag(("--in-process",), "run trusted Python code inside the judge: no isolation, no "
         "limits, the quickest", {"action": "store_true"}),
    # Reports
    Flag(("--json",), "write the report as JSON to FILE", {"type": Path, "metavar": "FILE"},
         "none written"),
    Flag(("--html",), "write the report as one self-contained HTML page to FILE",
         {"type": Path, "metavar": "FILE"}, "none written"),
    Flag(("--csv",), "write a gradebook CSV to FILE: a row a solution, ranked, the run's "
         "provenance in its first lines", {"type": Path, "metavar": "FILE"}, "none written"),
    Flag(("--gradescope",), "write Gradescope's autograder results.json (a test a case) to "
         "PATH: a file for one solution; for several, a folder of files, made if missing",
         {"type": Path, "metavar": "PATH"}, "none written"),
    Flag(("--gradescope-visibility",), "when students see each case's result, its secret "
         "included: Gradescope's visible, hidden, after_due_date or after_published",
         {"metavar": "WHEN"}),
    Flag(("--junit",), "write JUnit XML to FILE: a testsuite a solution, a testcase a case, as "
         "CI and GitHub Classroom read it", {"type": Path, "metavar": "FILE"}, "none written"),
    Flag(("-v", "--verbose"), "say more; repeat for more still", {"action": "count"}),
    Flag(("--watch",), "after grading, grade again each time the file is saved: the cases "
         "not accepted last time first, then the rest, showing only what changed; Ctrl-C "
         "stops", {"action": "store_true"}),
    Flag(("-q", "--quiet"), "print less: the summary, what to run next", {"action": "store_true"}),
    # Grading several solutions
    Flag(("--jobs",), "solutions graded at once", {"type": int, "metavar": "N"}),
    Flag(("--per-list",), "a table per word list as well: each solution's worst case beside "
         "the list's optimum, proven with `optimal`", {"action": "store_true"}),
    # Searches
    Flag(("--search-seconds",), "seconds a search may run before it stops and reports what it "
         "has", {"type": float, "metavar": "S"}),
    Flag(("--shrink-seconds",), "seconds to shrink what a search found to a smaller example",
         {"type": float, "metavar": "S"}),
    Flag(("--search-seed",), "the seed of the search's random choices, to replay a search",
         {"type": int, "metavar": "N"}),
    Flag(("--objective",), "what is optimal: worst, the fewest guesses that always suffice; "
         "mean, the least average over the secrets", {"choices": ("worst", "mean")}),
    Flag(("--max-guesses",), "only strategies that always win within K guesses (none: "
         "no cap)", {"type": guess_cap, "metavar": "K"}),
    # Lists made on the spot
    Flag(("--words",), "how many words each list it makes holds", {"type": int, "metavar": "N"}),
    Flag(("--allowed",), "allowedGuesses of the lists it makes or plays",
         {"type": int, "metavar": "N"}),
    Flag(("--list-seed",), "the seed of the lists it makes (and of their secrets)",
         {"type": int, "metavar": "N"}),
    Flag(("--english",), "English words, not random letters", {"action": "store_true"}),
    Flag(("--count",), "how many cases it writes", {"type": int, "metavar": "N"}),
    Flag(("--out",), "the folder new case files are written to (made if missing)",
         {"type": Path, "metavar": "DIR"}),
    Flag(("--secret",), "play this word of the case's list as the secret instead",
         {"metavar": "WORD"}, "the case's own secret"),
    # P8079
    Flag(("--dictionary",), "five-letter words, one a line", {"type": Path, "metavar": "FILE"}),
    Flag(("--rounds",), "rounds of P8079, each answer drawn uniformly from the dictionary",
         {"type": int, "metavar": "T"}),
    Flag(("--every-answer",), "play each dictionary word once, in a random order: the "
         "points a round over uniform answers, exact for a solution that does not remember "
         "past answers (one that does gains here, not in the contest); 1,000 drawn rounds "
         "estimate it with a standard error of about 0.3", {"action": "store_true"}),
    Flag(("--answer-seed",), "the seed the answers are drawn with, to replay a match",
         {"type": int, "metavar": "N"}),
    Flag(("--guess-time-limit",), "CPU seconds for one call of guess, a ceiling so that one "
         "runaway call cannot spend the whole match", {"type": float, "metavar": "S"}),
    Flag(("--match-time-limit",), "CPU seconds for loading, init and every round together, as "
         "in the contest; when they run out, every round left is lost",
         {"type": float, "metavar": "S"}),
    Flag(("--letters",), "only these initial letters, e.g. qxz", {"metavar": "LETTERS"}),
    # bench
    Flag(("--wc2022-rounds",), "rounds of each P8079 match", {"type": int, "metavar": "T"}),
    Flag(("--from-json",), "measure nothing: write the --page of an earlier run from its "
         "--json", {"type": Path, "metavar": "FILE"}, "measure now"),
    Flag(("--page",), "write the run's figures as a Markdown page to FILE, with the machine "
         "and the date", {"type": Path, "metavar": "FILE"}),
    Flag(("--fuzz-seconds",), "seconds the fuzzer searches for each solution",
         {"type": float, "metavar": "S"}),
    Flag(("--only",), "measure only these parts of the run, by name, comma-separated",
         {"metavar": "PART[,PART]"}, "every part"),
)
VOCABULARY: dict[str, Flag] = {name: flag for flag in FLAGS for name in flag.names}

# Renamed flags that still work, for one release: (command, old spelling) -> new spelling.
DEPRECATED: dict[tuple[str, str], str] = {}


# An ArgumentParser or one of its groups: both take arguments the same way.
Options = argparse._ActionsContainer


def add(parser: Options, name: str, *, more: str = "",
        default_text: str | None = None, **settings: Any) -> argparse.Action:
    """Give `parser` the flag `name` with its one meaning; `more` says what it does in this
    command, `default_text` what its default is where that is not a plain value."""
    flag = VOCABULARY[name]
    options = {**flag.settings, **settings}
    help_text = (flag.meaning + (f"; {more}" if more else "")).replace("%", "%%")
    default = options.get("default")
    default_text = default_text or (flag.absent if default is None else None)
    if default_text:
        help_text += f" (default: {default_text.replace('%', '%%')})"
    elif default is not None and options.get("action") not in ("store_true", "count"):
        help_text += " (default: %(default)s)"
    if options.get("action") == "count":
        options.setdefault("default", 0)
    if name == "--language":
        help_text = help_text.replace("extension", f"extension: {', '.join(options['choices'])}",
                                      1)
    action = parser.add_argument(*flag.names, help=help_text, **options)
    setattr(action, VOCABULARY_TAG, flag.name)
    return action


class DeprecatedSpelling(argparse.Action):
    """An old flag name: works as the new one does, and says so once."""

    def __init__(self, option_strings: Sequence[str], dest: str, new: str,
                 **settings: Any) -> None:
        self.new = new
        super().__init__(option_strings, dest, **settings)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(f"warning: {option_string} is now {self.new} in `{parser.prog}`; the old "
              "spelling will stop working in the next release", file=sys.stderr)
        setattr(namespace, self.dest, values)


def deprecated(parser: Options, command: str, old: str, new: str,
               dest: str | None = None) -> None:
    """Let `old` stand for `new` in `command`, hidden from the help; `dest` keeps its value
    apart where the command must tell the two spellings apart."""
    flag = VOCABULARY[new]
    settings = {k: v for k, v in flag.settings.items() if k in ("type", "metavar", "choices")}
    if flag.settings.get("action") == "append":
        settings["nargs"] = None
    dest = dest or new.lstrip("-").replace("-", "_")
    parser.add_argument(old, dest=dest, action=DeprecatedSpelling, new=new,
                        help=argparse.SUPPRESS, default=argparse.SUPPRESS, **settings)
    DEPRECATED[(command, old)] = new


# Shared groups: the options several commands take together.

def add_case_selection(parser: Options, default_text: str) -> None:
    add(parser, "--cases", default_text=default_text)
    add(parser, "--case")
    add(parser, "--relaxed")


def add_grading_options(parser: argparse.ArgumentParser) -> None:
    """What grade and compare share: which cases, how they are played, how the solution
    runs, which reports are written."""
    group = parser.add_argument_group("cases")
    add_case_selection(group, "cases/ in this folder if there is one, else the shipped cases")
    add(group, "--all-secrets")
    add(group, "--adversary")
    add(group, "--shard")
    add(group, "--order-seed", default_text="drawn from the operating system and "
                                            "printed")
    run = parser.add_argument_group("running the solution")
    add_run_options(run)
    add(run, "--fail-fast", default=3)
    add(run, "--solution-seconds")
    add(run, "--in-process")
    from judge.cli.reports import add_report_options

    add_report_options(parser.add_argument_group("reports"), html_more="the verdicts, a chart "
                       "of guesses, each case not accepted with its guesses")


def add_run_options(parser: Options) -> None:
    from judge.run.limits import Limits

    add(parser, "--seed", default_text="drawn from the operating system and printed")
    add(parser, "--time-limit", default=Limits.time_seconds)
    add(parser, "--memory-limit", default=Limits.memory_mb)
    add_sandbox_options(parser)


def add_sandbox_options(parser: Options, game: Game = "leetcode") -> None:
    """--sandbox, and --language with the languages that are judged for `game`."""
    from judge.harness.registry import serving

    add(parser, "--sandbox", default=None, default_text="the sandbox wherever bubblewrap works")
    add(parser, "--language", choices=[h.name for h in serving(game)], default_text="from each "
        f"file's extension: {', '.join(h.extensions[0] for h in serving(game))}")
