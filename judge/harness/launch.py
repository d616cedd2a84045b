"""How a harness asks to be started: its command line, the files it needs, its toolchain.

The description is independent of how the worker is confined: a plain run uses each file
where it is on the host, a sandbox shows it read-only at `inside` and nothing else.
"""

from __future__ import annotations

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

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None) -> Launch:
        """The command that starts this harness on `solution`, serving `game`.

        `seed`, when given, fixes every source of randomness the language seeds at start-up
        (Python's string hashing), so that a run can be replayed exactly.
        """
        ...

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        """The output without the stack dump a time-out made (see PROTOCOL.md), and the dump's
        calls in `solution`, innermost first; ([], output unchanged) when there is no dump."""
        ...
