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
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from judge.harness.launch import SHARED_FOLDER, Build
from judge.run.confine import Confinement
from judge.run.limits import CPU_CHECK_SECONDS, Limits, MemoryWatch, NoWatch, cgroup_enforcer
from judge.run.process import JudgeError, let_go, signal_all, start_held
from judge.safetext import safe_block

COMPILE_SECONDS = 60.0  # wall clock for all of a build's steps together
# No file a build writes may pass this (the program included): a 600-byte file can make the
# compiler write hundreds of megabytes, and the cache would keep them.
LARGEST_BUILT_FILE_MB = 64
# The compile sandbox's /tmp, in memory: sized, so a compiler cannot fill the machine's.
BUILD_TMP_MB = 512
# Memory of a build step's whole process tree, /tmp included, where the judge may make memory
# cgroups (as for a run, whose limit is far too small for a JVM compiler: javac alone is given
# a 1 GiB heap).
BUILD_MEMORY_MB = 2048
# The cache is trimmed to this, least recently used builds first ($GUESS_JUDGE_CACHE_MB).
CACHE_MB = 300
CACHE_SIZE_VARIABLE = "GUESS_JUDGE_CACHE_MB"
# A build used this recently is never evicted: another judge may be about to run it.
RECENTLY_USED_SECONDS = 600.0
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


# What a kept build's files hold, the compile error's layout included: a change to it keys every
# build anew, so that no build kept before it is shown in the old layout.
KEPT_FORMAT = 2


def build_key(build: Build, confinement: Confinement) -> str:
    digest = hashlib.sha256()
    for name in sorted(build.files):
        digest.update(f"{len(name)}:{name}:{len(build.files[name])}:".encode())
        digest.update(build.files[name])
    shared = None if build.shared is None else build_key(build.shared, confinement)
    recipe = [list(map(list, build.steps)), build.versions, sorted(build.env.items()),
              list(build.toolchain), confinement.name, KEPT_FORMAT, shared,
              build.largest_file_mb]
    digest.update(json.dumps(recipe).encode())
    return digest.hexdigest()[:32]


# Toolchains found broken in this process (their trivial build's key, and why): a class's
# every file would otherwise build twice over to learn it again.
broken_toolchains: dict[str, str] = {}


def built_program(build: Build, confinement: Confinement, seconds: float = COMPILE_SECONDS,
                  root: Path | None = None, failure_kept: bool = True,
                  building: Callable[[Build], None] | None = None) -> Path | CompileError:
    """The directory holding the build's result, compiled now or earlier; or why it failed.
    Raises JudgeError where the toolchain fails a solution that does nothing as well. With
    `failure_kept` False (the trivial build itself), a failure is only returned. `building`
    is told of each build as it starts (its shared part's first), not of one found made."""
    root = cache_root() if root is None else root
    done = root / build_key(build, confinement)
    if not done.is_dir():
        root.mkdir(parents=True, exist_ok=True)
        if build.shared is not None:
            shared = built_shared(build.shared, confinement, seconds, root, building)
            if isinstance(shared, CompileError):
                return shared
            build = with_shared(build, shared)
        if building is not None:
            building(build)
        work = made = under_way(root)
        try:
            for name, content in build.files.items():
                (work / name).write_bytes(content)
            error = run_steps(build, confinement, work, seconds)
            if error is not None and not error.endswith("\n"):
                return CompileError(error)  # timed out: not the file's final word
            if error is not None and not failure_kept:
                return CompileError(error)
            if error is not None and (broken := toolchain_failure(build, confinement, seconds,
                                                                  root)):
                # Not kept either: the file's own verdict is for a toolchain that works.
                raise JudgeError(f"the {Path(build.steps[0][0]).name} build fails a solution "
                                 f"that does nothing as well{out_of_sight(build, confinement)}, "
                                 f"no fault of the file's: {broken}")
            if error is not None:
                # A failed build keeps its message, not what the compiler left half-written.
                made = under_way(root)
                (made / ERROR_FILE).write_text(error, encoding="utf-8")
            # Another judge may have finished the same build meanwhile: either result serves.
            with contextlib.suppress(OSError):
                made.rename(done)
        finally:
            for folder in {work, made}:
                shutil.rmtree(folder, ignore_errors=True)
        evict(root, cache_limit_mb(), keep=done)
    with contextlib.suppress(OSError):
        os.utime(done)  # used now: the last to be evicted
        done.chmod(0o755)  # a build kept by an older judge was for root's eyes only
    error_file = done / ERROR_FILE
    if error_file.is_file():
        return CompileError(error_file.read_text(encoding="utf-8").rstrip("\n"))
    return done


# One lock a shared build (by its key): a class compared a solution a core (compare --jobs)
# would otherwise make the same shared part once a thread, all at once, on a new cache.
_shared_locks: dict[str, threading.Lock] = {}
_shared_locks_guard = threading.Lock()


def built_shared(shared: Build, confinement: Confinement, seconds: float, root: Path,
                 building: Callable[[Build], None] | None = None) -> Path | CompileError:
    """The folder of a build's shared part (Build.shared), made now or earlier, by one of
    the judge's threads while the others wait; a time-out as a compile error that is not kept
    (a busy machine). Raises JudgeError where it fails: the judge's own files do not build,
    whatever the submission."""
    key = str(root / build_key(shared, confinement))
    with _shared_locks_guard:
        lock = _shared_locks.setdefault(key, threading.Lock())
    with lock:
        result = built_program(shared, confinement, seconds, root, failure_kept=False,
                               building=building)
    if isinstance(result, CompileError) and result.message.endswith("\n"):
        raise JudgeError(f"the {Path(shared.steps[0][0]).name} build fails the judge's own "
                         f"harness, without the file{out_of_sight(shared, confinement)}, no "
                         f"fault of the file's: {result.message.rstrip()}")
    return result


def with_shared(build: Build, folder: Path) -> Build:
    """The build with its shared part's folder named in its steps and shown to them."""
    steps = tuple(tuple(argument.replace(SHARED_FOLDER, str(folder)) for argument in step)
                  for step in build.steps)
    return replace(build, steps=steps, toolchain=(*build.toolchain, str(folder)))


def toolchain_failure(build: Build, confinement: Confinement, seconds: float,
                      root: Path) -> str | None:
    """Why the build's steps fail a solution that does nothing (Build.trivial_source), or None
    if they build one (kept, as any build: asked again, it is found at once)."""
    if not build.source or not build.trivial_source:
        return None
    trivial = replace(build, files={**build.files, build.source: build.trivial_source},
                      trivial_source=b"")
    key = build_key(trivial, confinement)
    if key not in broken_toolchains:
        result = built_program(trivial, confinement, seconds, root, failure_kept=False)
        # Out of time (a message without the compiler's last newline), it ran: a busy
        # machine, not a broken toolchain, and the file's error stands.
        if not isinstance(result, CompileError) or not result.message.endswith("\n"):
            return None
        broken_toolchains[key] = result.message.rstrip("\n")
    return broken_toolchains[key]


def out_of_sight(build: Build, confinement: Confinement) -> str:
    """Why a build's step cannot run where the build's sandbox hides its program (a compiler
    in /opt or a home folder), in words for the end of a line; "" if it sees each."""
    hidden = next((step[0] for step in build.steps if os.path.isabs(step[0]) and
                   not confinement.build_shows(build, step[0])), None)
    if hidden is None:
        return ""
    return f" (the build's sandbox shows /usr and the toolchain's folders, not {hidden})"


def under_way(root: Path) -> Path:
    """A new folder for a build under way, beside the cache's builds (so that it is renamed
    into place) and named so that eviction leaves it alone."""
    folder = Path(tempfile.mkdtemp(prefix="building-", dir=root))
    folder.chmod(0o755)  # a sandboxed worker may run as another user (confine.WORKER_USER)
    return folder


def cache_limit_mb() -> int:
    text = os.environ.get(CACHE_SIZE_VARIABLE, "")
    return int(text) if text.isascii() and text.isdigit() else CACHE_MB


def size_of(directory: Path) -> int:
    total = 0
    for folder, _, files in os.walk(directory):
        for name in files:
            with contextlib.suppress(OSError):
                total += os.lstat(os.path.join(folder, name)).st_size
    return total


def evict(root: Path, megabytes: int, keep: Path) -> list[Path]:
    """Remove the least recently used builds until the cache holds at most `megabytes`
    (the build just made stays, whatever its size); the builds removed."""
    builds = []
    for entry in root.iterdir():
        if entry.is_dir() and not entry.name.startswith("building-") and entry != keep:
            with contextlib.suppress(OSError):
                builds.append((entry.stat().st_mtime, entry, size_of(entry)))
    total = size_of(keep) + sum(size for _, _, size in builds)
    removed = []
    recent = time.time() - RECENTLY_USED_SECONDS
    for used, entry, size in sorted(builds):  # least recently used first
        if total <= megabytes << 20 or used > recent:
            break
        shutil.rmtree(entry, ignore_errors=True)
        total -= size
        removed.append(entry)
    return removed


def installed_prlimit() -> str | None:
    """Where util-linux's prlimit is installed, if it is (tests stand in for it here)."""
    return shutil.which("prlimit")


def capped(step: tuple[str, ...], megabytes: int, file_mb: int = 0) -> tuple[str, ...]:
    """The step run under util-linux's prlimit: no file larger than `file_mb` (0:
    LARGEST_BUILT_FILE_MB), and with `megabytes`, an address-space cap (0: none, for a JVM,
    which caps its heap).

    prlimit, not a preexec function: a judge grading in threads must not run Python between
    fork and exec. It is part of every Debian system; without it the step runs uncapped.
    """
    prlimit = installed_prlimit()
    if prlimit is None:
        return step
    caps = [f"--fsize={(file_mb or LARGEST_BUILT_FILE_MB) << 20}"]
    if megabytes > 0:
        caps.append(f"--as={megabytes << 20}")
    return (os.path.realpath(prlimit), *caps, "--", *step)


def first_output(process: subprocess.Popen[bytes], seconds: float,
                 watch: MemoryWatch) -> tuple[bytes, bool]:
    """The first ERROR_BYTES of what the step printed, the rest read and dropped as it comes
    (a compiler may print hundreds of megabytes); and whether it ended within `seconds`.
    Once the kernel has killed one of its processes at the memory limit, the step is over."""
    assert process.stdout is not None
    kept, deadline = bytearray(), time.monotonic() + seconds
    fd = process.stdout.fileno()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return bytes(kept), False
        if watch.kills() > 0:
            return bytes(kept), True
        ready, _, _ = select.select([fd], [], [], min(left, CPU_CHECK_SECONDS))
        if not ready:
            continue
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        if len(kept) < ERROR_BYTES:
            kept += chunk[:ERROR_BYTES - len(kept)]
    try:
        process.wait(timeout=deadline - time.monotonic())  # past it: one look, no wait
    except subprocess.TimeoutExpired:
        return bytes(kept), False
    return bytes(kept), True


def end_step(process: subprocess.Popen[bytes], watch: MemoryWatch) -> None:
    """Kill what is left of a step: its session, and whatever of it is in its cgroup."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    signal_all(watch.members(), signal.SIGKILL)
    process.wait()


def run_steps(build: Build, confinement: Confinement, directory: Path,
              seconds: float) -> str | None:
    """Run the steps in order; None if all succeeded, else the failure (ending in a newline
    when it is the compiler's verdict on the file, not a time-out)."""
    deadline = time.monotonic() + seconds
    enforcer = cgroup_enforcer()
    for step in build.steps:
        command = confinement.build_command(build, capped(step, build.address_space_mb,
                                                             build.largest_file_mb),
                                            directory)
        try:
            process, hold = start_held(command.argv, command.env, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, cwd=command.cwd,
                                       pass_fds=command.pass_fds, start_new_session=True)
        except OSError as e:
            return f"cannot run the compiler {step[0]}: {e}\n"
        finally:
            command.close()
        # In its cgroup before it runs: whatever the step starts is born there.
        watch: MemoryWatch = NoWatch() if enforcer is None else enforcer.watch(
            process.pid, Limits(memory_mb=BUILD_MEMORY_MB))
        let_go(hold)
        try:
            with process:
                # When the kernel kills one process at the limit, the others are stopped
                # too: a sibling left waiting would hold the build to its time limit.
                output, ended = first_output(process, deadline - time.monotonic(), watch)
                out_of_memory = watch.kills() > 0
                if not ended or out_of_memory:
                    end_step(process, watch)
                if not ended:
                    return f"compilation took more than {seconds:g} s"
        finally:
            watch.release()
        if out_of_memory:
            return (f"the compiler's processes used more than {BUILD_MEMORY_MB} MiB together; "
                    f"the kernel stopped them\n")
        if process.returncode != 0:
            return failure(output, step[0], process.returncode)
    return None


def failure(output: bytes, compiler: str, status: int) -> str:
    """The compile error as a row and its detail show it: the first error line first."""
    lines = output.decode("utf-8", "replace").splitlines()
    # The line a row shows first: the compiler's first error, not "In file included"; said
    # once where the compiler puts it first already (javac, kotlinc).
    first = next((line for line in lines if "error" in line.lower()), None)
    lead = [first] if first and first != lines[0] else []
    shown = "\n".join(lead + lines[:ERROR_LINES])
    if len(lines) > ERROR_LINES:
        shown += f"\n[... {len(lines) - ERROR_LINES} more lines]"
    if status in (-signal.SIGXFSZ, 128 + signal.SIGXFSZ) or "File size limit" in shown:
        shown += (f"\nthe build wrote a file larger than {LARGEST_BUILT_FILE_MB} MiB, the "
                  "most a built program may take")
    return safe_block(shown.strip("\n") or f"{compiler} failed with status {status}") + "\n"
