"""The Python harness: `worker.py`, run by the base interpreter with LeetCode's packages only."""

from __future__ import annotations

import atexit
import functools
import importlib.util
import os
import re
import shutil
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import Build, Channel, Frame, Game, Launch, Mounted

WORKER_FILE = Path(__file__).with_name("worker.py")
SOLUTION_INSIDE = "/submission/solution.py"
# faulthandler's dump on a timer's signal: per thread a title and its frames, innermost first.
DUMP = re.compile(r"^(?:(?:Thread|Current thread) 0x[0-9a-f]+ \(most recent call first\):\n"
                  r"(?:  .*\n?)*\n?)+", re.MULTILINE)
FRAME = re.compile(r'^  File "(?P<file>.*)", line (?P<line>\d+) in (?P<function>.*)$', re.MULTILINE)

# The third-party packages LeetCode's Python 3 offers a submission (its language notes name
# numpy and sortedcontainers). The worker sees these, as installed beside the judge, and no
# other installed package.
LEETCODE_PACKAGES = ("numpy", "sortedcontainers")
# Passed on to the worker where set: on some processors older OpenBLAS builds need them.
PASSED_THROUGH = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
HASH_SEEDS = 2**32  # PYTHONHASHSEED takes 0 .. 4294967295


def python_executable() -> str:
    """The base interpreter: the worker must not see the judge's virtual environment."""
    return os.path.realpath(getattr(sys, "_base_executable", sys.executable))


def python_prefix() -> str:
    return os.path.realpath(sys.base_prefix)


def installed_package_paths(names: tuple[str, ...] = LEETCODE_PACKAGES) -> list[Path]:
    """Each package's directory, and the directory of libraries its wheel bundles, if any."""
    paths = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            continue
        package = Path(next(iter(spec.submodule_search_locations))).resolve()
        paths.append(package)
        bundled = package.with_name(f"{package.name}.libs")
        if bundled.is_dir():
            paths.append(bundled)
    return paths


# `compare` starts workers from several threads at once: without the lock, two could each
# make a directory, and a worker's sandbox mount one while its PYTHONPATH named the other (its
# solution then CE, "No module named 'numpy'").
PACKAGE_LINKS_LOCK = threading.Lock()


def package_links() -> Path:
    """A private directory holding one link per LeetCode package: the worker's PYTHONPATH.

    Linking, not copying: the packages stay where pip put them, and the worker's path holds
    nothing else of the user's site-packages. One for the judge's process, made once.
    """
    with PACKAGE_LINKS_LOCK:
        return made_package_links()


@functools.cache
def made_package_links() -> Path:
    directory = Path(tempfile.mkdtemp(prefix="guess-judge-packages-"))
    directory.chmod(0o755)  # a sandboxed worker may run as another user (confine.WORKER_USER)
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    for path in installed_package_paths():
        (directory / path.name).symlink_to(path)
    return directory


def worker_environment(seed: int | None) -> dict[str, str]:
    # No PYTHON* variable is inherited: the judge sets each one the worker gets.
    environment = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                   "PYTHONPATH": str(package_links()), "PYTHONDONTWRITEBYTECODE": "1",
                   # One thread, as on a judge machine: the same work takes the same time.
                   "OPENBLAS_NUM_THREADS": "1",
                   "PYTHONHASHSEED": "random" if seed is None else str(seed % HASH_SEEDS)}
    environment.update({k: os.environ[k] for k in PASSED_THROUGH if k in os.environ})
    return environment


@dataclass(frozen=True)
class PythonHarness:
    name: str = "python"
    extensions: tuple[str, ...] = (".py",)
    games: tuple[Game, ...] = ("leetcode", "wc2022")
    stack_dumps: bool = True
    forks: bool = True
    runs_code_at_load: bool = True

    def missing(self) -> str | None:
        return None  # the judge's own interpreter runs it

    def build(self, solution: Path, game: Game) -> Build | None:
        return None

    def out_of_memory(self, output: str) -> bool:
        return False  # the worker reports a MemoryError itself

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None, built: Path | None = None) -> Launch:
        # -s -S: no user or site packages; -P: nothing beside worker.py is importable.
        # Not -I, which would also ignore PYTHONHASHSEED and PYTHONPATH.
        return Launch(
            argv=(python_executable(), "-s", "-S", "-P",
                  Mounted(WORKER_FILE, "/judge/worker.py"),
                  Mounted(solution.resolve(), "/submission/solution.py"),
                  str(channel.read_fd), str(channel.write_fd), str(memory_mb), game),
            toolchain=(python_prefix(), str(package_links()),
                       *map(str, installed_package_paths())),
            env=worker_environment(seed))

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        dumps = list(DUMP.finditer(output))
        if not dumps:
            return output, []
        dump = dumps[-1]  # the last one is the one the time-out made
        names = {SOLUTION_INSIDE, str(solution.resolve()), str(solution)}
        frames = [Frame(int(m["line"]), m["function"]) for m in FRAME.finditer(dump.group())
                  if m["file"] in names]
        return output[:dump.start()] + output[dump.end():], frames


PYTHON = PythonHarness()
