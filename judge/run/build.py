"""Compiling a submission: its harness's build steps, run confined, bounded, and cached.

A build is cached by everything that decides its result (the files, the steps, the compilers'
versions), so a class's forty copies of one file, or a rerun, compile once. A compile error is
cached too; a build that ran out of time is not (a busy machine is no fault of the file).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import Build
from judge.run.confine import Confinement
from judge.safetext import safe_block

COMPILE_SECONDS = 60.0  # wall clock for all of a build's steps together
# What a compile error keeps of the compiler's output: its first lines are the ones that help.
ERROR_LINES = 30
ERROR_BYTES = 64 << 10
ERROR_FILE = "compile-error.txt"
CACHE_VARIABLE = "GUESS_JUDGE_CACHE"


@dataclass(frozen=True)
class CompileError:
    message: str


def cache_root() -> Path:
    """Where builds are kept: $GUESS_JUDGE_CACHE, else the user's cache directory."""
    if os.environ.get(CACHE_VARIABLE):
        return Path(os.environ[CACHE_VARIABLE]) / "builds"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "guess-judge" / "builds"


def build_key(build: Build, confinement: Confinement) -> str:
    digest = hashlib.sha256()
    for name in sorted(build.files):
        digest.update(f"{len(name)}:{name}:{len(build.files[name])}:".encode())
        digest.update(build.files[name])
    recipe = [list(map(list, build.steps)), build.versions, sorted(build.env.items()),
              list(build.toolchain), confinement.name]
    digest.update(json.dumps(recipe).encode())
    return digest.hexdigest()[:32]


def built_program(build: Build, confinement: Confinement, seconds: float = COMPILE_SECONDS,
                  root: Path | None = None) -> Path | CompileError:
    """The directory holding the build's result, compiled now or earlier; or why it failed."""
    root = cache_root() if root is None else root
    done = root / build_key(build, confinement)
    if not done.is_dir():
        root.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix="building-", dir=root))
        try:
            for name, content in build.files.items():
                (work / name).write_bytes(content)
            error = run_steps(build, confinement, work, seconds)
            if error is not None and not error.endswith("\n"):
                return CompileError(error)  # timed out: not the file's final word
            if error is not None:
                (work / ERROR_FILE).write_text(error, encoding="utf-8")
            # Another judge may have finished the same build meanwhile: either result serves.
            with contextlib.suppress(OSError):
                work.rename(done)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    error_file = done / ERROR_FILE
    if error_file.is_file():
        return CompileError(error_file.read_text(encoding="utf-8").rstrip("\n"))
    return done


def capped(step: tuple[str, ...], megabytes: int) -> tuple[str, ...]:
    """The step run under util-linux's prlimit with an address-space cap (0: as it is).

    prlimit, not a preexec function: a judge grading in threads must not run Python between
    fork and exec. It is part of every Debian system; without it the step runs uncapped.
    """
    prlimit = shutil.which("prlimit")
    if megabytes <= 0 or prlimit is None:
        return step
    return (os.path.realpath(prlimit), f"--as={megabytes << 20}", "--", *step)


def run_steps(build: Build, confinement: Confinement, directory: Path,
              seconds: float) -> str | None:
    """Run the steps in order; None if all succeeded, else the failure (ending in a newline
    when it is the compiler's verdict on the file, not a time-out)."""
    output = directory / ".compiler-output"
    for step in build.steps:
        command = confinement.build_command(build, capped(step, build.address_space_mb),
                                            directory)
        with open(output, "wb") as sink:
            try:
                process = subprocess.Popen(list(command.argv), stdin=subprocess.DEVNULL,
                                           stdout=sink, stderr=subprocess.STDOUT,
                                           cwd=command.cwd, env=dict(command.env),
                                           pass_fds=command.pass_fds, start_new_session=True)
            except OSError as e:
                return f"cannot run the compiler {step[0]}: {e}\n"
            finally:
                command.close()
            try:
                status = process.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                return f"compilation took more than {seconds:g} s"
        if status != 0:
            with open(output, "rb") as f:
                text = f.read(ERROR_BYTES).decode("utf-8", "replace")
            lines = text.splitlines()
            # The line a row shows first: the compiler's first error, not "In file included".
            first = next((line for line in lines if "error" in line.lower()), None)
            shown = "\n".join(([first] if first else []) + lines[:ERROR_LINES])
            if len(lines) > ERROR_LINES:
                shown += f"\n[... {len(lines) - ERROR_LINES} more lines]"
            return safe_block(shown or f"{step[0]} failed with status {status}") + "\n"
    output.unlink(missing_ok=True)
    return None
