"""How a harness asks to be started: its command line, the files it needs, its toolchain.

The description is independent of how the worker is confined: a plain run uses each file
where it is on the host, a sandbox shows it read-only at `inside` and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol

# The two games a harness can serve: LeetCode 843 (a Solution class) and P8079 (init/guess).
Game = Literal["leetcode", "wc2022"]
GAMES: tuple[Game, ...] = ("leetcode", "wc2022")


@dataclass(frozen=True)
class Mounted:
    """A host file the worker reads, and the path a sandbox shows it at."""

    host: Path
    inside: str


Argument = str | Mounted


@dataclass(frozen=True)
class Launch:
    argv: tuple[Argument, ...]
    # Directories the program needs read-only at their own paths (an interpreter's prefix).
    toolchain: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Build:
    """How a compiled language turns a submission into a program.

    `files` (a name and its content) are written into a new build directory; `steps` run there
    one after the other, in the worker's confinement (so a compiler sees no more of the disk
    than the program will), each as an argument vector with paths relative to the directory.
    Whatever the steps leave in the directory is what `launch` gets as `built`.
    """

    files: Mapping[str, bytes]
    steps: tuple[tuple[str, ...], ...]
    toolchain: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    # What else decides the result, for the cache: the compilers' own versions.
    versions: str = ""
    # An address-space cap for each step, in MiB (0: none, for a JVM, which caps its heap
    # instead): `#include "/dev/zero"` must not take the machine's memory.
    address_space_mb: int = 0
    # The submission's file in the build, as a compiler's errors name it (solution.cpp): the
    # judge names it back by the path the user gave (the message itself is cached by content).
    source: str = ""
    # What `source` holds in a solution that does nothing but compile (as DMOJ's executors
    # keep a test program): built with the same steps when a submission's build fails, so that
    # a toolchain that fails every file is the judge's error, not each student's.
    trivial_source: bytes = b""
    # The judge's own part of every such build, which no submission reaches (its harness
    # compiled, the language's headers precompiled): a build of its own, made and cached once
    # for all the submissions, and shown read-only to this build's steps, whose arguments name
    # its folder as SHARED_FOLDER.
    shared: Build | None = None
    # The largest file a step may write, in MiB; 0 for the judge's cap on a submission's
    # build (a shared build's precompiled headers are larger than any program).
    largest_file_mb: int = 0


# Where a build's steps name the folder of its shared build (Build.shared), which is known
# only once that build is made.
SHARED_FOLDER = "{shared}"


@dataclass(frozen=True)
class Channel:
    """The worker's ends of the two pipes: it reads requests on one and writes on the other."""

    read_fd: int
    write_fd: int


@dataclass(frozen=True)
class Frame:
    """One call in the submission's own file, from a stack dump."""

    line: int
    function: str


class Harness(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def extensions(self) -> tuple[str, ...]:
        """File endings of this language's submissions, lowercase with the dot."""
        ...

    @property
    def games(self) -> tuple[Game, ...]:
        """The games this harness serves."""
        ...

    @property
    def forks(self) -> bool:
        """Whether the harness answers the protocol's `fork`: if not, the judge starts a new
        process for each case that needs a fresh state."""
        ...

    @property
    def runs_code_at_load(self) -> bool:
        """Whether a worker runs the submission's code before its first `run` (a Python or
        JavaScript file's top level, C++'s static constructors). A JVM harness loads the classes
        and initializes them in the case: its workers made ahead may start their runtime while
        another case plays, sandboxed or not."""
        ...

    @property
    def stack_dumps(self) -> bool:
        """Whether the harness honours `dump_after` (PROTOCOL.md), so that a time-out says
        where the submission was."""
        ...

    def missing(self) -> str | None:
        """Why this language cannot run on this machine (a compiler or runtime not installed,
        and how to get it), or None."""
        ...

    def build(self, solution: Path, game: Game) -> Build | None:
        """How to compile `solution` for `game`, or None for a language that runs its source."""
        ...

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None, built: Path | None = None) -> Launch:
        """The command that starts this harness on `solution`, serving `game`.

        `built` is the directory the build left, for a compiled language. `seed`, when given,
        fixes every source of randomness the language seeds at start-up (Python's string
        hashing), so that a run can be replayed exactly.
        """
        ...

    def out_of_memory(self, output: str) -> bool:
        """Whether a worker that died had printed its runtime's report of running out of
        memory (a runtime that cannot raise it to the harness, such as V8)."""
        ...

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        """The output without the stack dump a time-out made (see PROTOCOL.md), and the dump's
        calls in `solution`, innermost first; ([], output unchanged) when there is no dump."""
        ...


def named_as_given(text: str, source: str, solution: Path) -> str:
    """A compiler's `text` with the build's copy of the file, `source`, named `solution`: each
    mention of it as a file (followed by ':' or ' ', not a longer name)."""
    if not source:
        return text
    return re.sub(rf"(?<![\w./-]){re.escape(source)}(?![\w.-])", lambda _: str(solution), text)
