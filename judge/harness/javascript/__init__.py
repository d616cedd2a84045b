"""The JavaScript harness: Node.js runs the judge's `harness.js`, which loads the submission
as a script (a global `findSecretWord`, as LeetCode's editor shows it). With the fork addon
(`fork.cc`, built by `make node-packages`) it forks a fresh state for each case, as the C++ and
Python harnesses do; without it each case gets a new process."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import Build, Channel, Frame, Game, Launch, Mounted
from judge.harness.toolchain import RUN_ENV, install_hint, no_stack_dump, tool

HARNESS_FILE = Path(__file__).with_name("harness.js")
# Where `make` installs the packages LeetCode's JavaScript offers (package.json beside this
# file lists them): under the virtual environment, or where $GUESS_JUDGE_NODE_MODULES says.
NODE_MODULES_VARIABLE = "GUESS_JUDGE_NODE_MODULES"
# What V8 prints when its heap is full; it then aborts, and no harness can catch it.
HEAP_EXHAUSTED = "JavaScript heap out of memory"
SEEDS = 2**31  # V8's --random-seed is a signed 32-bit integer
# Where `make node-packages` builds the fork addon, or where $GUESS_JUDGE_NODE_FORK says.
FORK_ADDON_VARIABLE = "GUESS_JUDGE_NODE_FORK"


def leetcode_packages() -> Path | None:
    """The node_modules directory holding LeetCode's JavaScript packages, if installed."""
    configured = os.environ.get(NODE_MODULES_VARIABLE)
    directory = Path(configured) if configured else Path(sys.prefix) / "node" / "node_modules"
    return directory.resolve() if (directory / "lodash").is_dir() else None


def fork_addon() -> Path | None:
    """The built fork addon, if there is one (an empty $GUESS_JUDGE_NODE_FORK, a folder and
    no file: none)."""
    configured = os.environ.get(FORK_ADDON_VARIABLE)
    path = Path(configured) if configured is not None else \
        Path(sys.prefix) / "node" / "fork.node"
    return path.resolve() if path.is_file() else None


@dataclass(frozen=True)
class JavaScriptHarness:
    name: str = "javascript"
    extensions: tuple[str, ...] = (".js",)
    games: tuple[Game, ...] = ("leetcode",)
    stack_dumps: bool = False
    runs_code_at_load: bool = True

    @property
    def forks(self) -> bool:
        return fork_addon() is not None

    def missing(self) -> str | None:
        return None if tool("node") else install_hint("node", "nodejs")

    def build(self, solution: Path, game: Game) -> Build | None:
        return None

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None, built: Path | None = None) -> Launch:
        node = tool("node") or "node"
        # V8 reserves far more address space than it uses, so no RLIMIT_AS: the heap is
        # capped to the limit instead, and the tree-wide limit counts the rest.
        options = [f"--max-old-space-size={memory_mb}"] if memory_mb > 0 else []
        if seed is not None:
            options.append(f"--random-seed={seed % SEEDS or 1}")
        addon = fork_addon()
        # A fork copies one thread: V8 must never wait on background threads of its own.
        forking = ("--single-threaded",) if addon else ()
        packages = leetcode_packages()
        env = dict(RUN_ENV) if packages is None else {**RUN_ENV, "NODE_PATH": str(packages)}
        return Launch(argv=(node, *options, *forking, Mounted(HARNESS_FILE, "/judge/harness.js"),
                            Mounted(solution.resolve(), "/submission/solution.js"),
                            str(channel.read_fd), str(channel.write_fd), game,
                            *([Mounted(addon, "/judge/fork.node")] if addon else [])),
                      toolchain=(os.path.dirname(node), *([str(packages)] if packages else [])),
                      env=env)

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        return no_stack_dump(output)

    def out_of_memory(self, output: str) -> bool:
        return HEAP_EXHAUSTED in output


JAVASCRIPT = JavaScriptHarness()
