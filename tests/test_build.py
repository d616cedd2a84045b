"""Compiling and its cache (judge/run/build.py), with shell steps as the compiler: what is
built once, what is kept, what a compile error says, where the cache lives."""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from judge.harness.launch import Build
from judge.run import build as building
from judge.run import confine
from judge.run.build import (
    ERROR_BYTES,
    ERROR_FILE,
    ERROR_LINES,
    LARGEST_BUILT_FILE_MB,
    CompileError,
    build_key,
    built_program,
    cache_limit_mb,
    cache_root,
    capped,
    failure,
)
from judge.run.confine import Bubblewrap, Unconfined
from judge.run.forks import state_of
from judge.run.limits import NoWatch
from judge.run.process import JudgeError

from .conftest import SANDBOX_MARKS, needs_bubblewrap

PATH = {"PATH": "/usr/bin:/bin"}


def counting(tmp_path: Path, script: str) -> Build:
    """A build whose step notes each run in a file outside the cache, then runs `script`."""
    runs = tmp_path / "runs"
    return Build(files={"main.c": b"int main;"},
                 steps=(("sh", "-c", f"echo run >> {runs}; {script}"),), env=PATH)


def runs(tmp_path: Path) -> int:
    path = tmp_path / "runs"
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_a_build_runs_its_steps_in_order_in_a_directory_holding_its_files(
        tmp_path: Path) -> None:
    build = Build(files={"a.txt": b"alpha\n", "b.txt": b"beta\n"},
                  steps=(("sh", "-c", "cat a.txt b.txt > program"),
                         ("sh", "-c", "echo $STEP >> program"),),
                  env={**PATH, "STEP": "second"})
    done = built_program(build, Unconfined(), root=tmp_path / "cache")
    assert isinstance(done, Path)
    assert (done / "program").read_text() == "alpha\nbeta\nsecond\n"
    assert done.parent == tmp_path / "cache"
    # A worker may run as another user: it must be able to enter the build.
    assert stat.S_IMODE(done.stat().st_mode) == 0o755
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [done.name]


def test_a_build_is_made_once_and_then_found(tmp_path: Path) -> None:
    build = counting(tmp_path, "echo built > program")
    first = built_program(build, Unconfined(), root=tmp_path / "cache")
    second = built_program(build, Unconfined(), root=tmp_path / "cache")
    assert first == second and isinstance(first, Path)
    assert runs(tmp_path) == 1


def test_a_build_found_in_the_cache_is_marked_used_and_opened_to_all(tmp_path: Path) -> None:
    build = counting(tmp_path, "echo built > program")
    done = built_program(build, Unconfined(), root=tmp_path)
    assert isinstance(done, Path)
    os.utime(done, (1, 1))
    done.chmod(0o700)  # as an older judge left its builds
    assert built_program(build, Unconfined(), root=tmp_path) == done
    assert done.stat().st_mtime > 1
    assert stat.S_IMODE(done.stat().st_mode) == 0o755


def test_a_compile_error_is_kept_and_not_compiled_again(tmp_path: Path) -> None:
    build = counting(tmp_path, "echo 'main.c:1: error: expected ;'; echo half > program; exit 1")
    first = built_program(build, Unconfined(), root=tmp_path / "cache")
    assert first == CompileError("main.c:1: error: expected ;")
    assert built_program(build, Unconfined(), root=tmp_path / "cache") == first
    assert runs(tmp_path) == 1
    (kept,) = (tmp_path / "cache").iterdir()
    # The message alone, not what the compiler left half-written.
    assert sorted(p.name for p in kept.iterdir()) == [ERROR_FILE]


def test_a_later_step_is_not_run_after_a_failed_one(tmp_path: Path) -> None:
    build = Build(files={}, steps=(("sh", "-c", "exit 3"), ("sh", "-c", "touch ran")),
                  env=PATH)
    error = built_program(build, Unconfined(), root=tmp_path)
    assert error == CompileError("sh failed with status 3")


def compiler_of(tmp_path: Path, name: str) -> Build:
    """A build whose compiler fails any file without "pass" in it, and every file while
    `tmp_path/broken` is there (a toolchain broken); it notes each run, as `counting` does."""
    script = (f"echo run >> {tmp_path / 'runs'}; test -e {tmp_path / 'broken'} && "
              "{ echo 'cc: fatal error: cannot run the back end'; exit 1; }; grep -q pass "
              "main.c || { echo 'main.c:1: error: expected pass'; exit 1; }; echo > program")
    return Build(files={"main.c": name.encode()}, steps=(("sh", "-c", script),), env=PATH,
                 source="main.c", trivial_source=b"pass")


def test_a_files_compile_error_is_its_own_where_a_trivial_solution_builds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "broken_toolchains", {})
    cache = tmp_path / "cache"
    expected = CompileError("main.c:1: error: expected pass")
    assert built_program(compiler_of(tmp_path, "fail"), Unconfined(), root=cache) == expected
    assert runs(tmp_path) == 2  # the file, then the trivial solution, kept
    assert built_program(compiler_of(tmp_path, "fail"), Unconfined(), root=cache) == expected
    assert built_program(compiler_of(tmp_path, "fail again"), Unconfined(),
                         root=cache) == expected
    assert runs(tmp_path) == 3  # the first kept, and the trivial one found built


def test_a_toolchain_that_fails_a_trivial_solution_is_the_judges_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every student's file would be CE, and kept as CE after the toolchain is mended."""
    monkeypatch.setattr(building, "broken_toolchains", {})
    cache = tmp_path / "cache"
    (tmp_path / "broken").touch()
    for file in ("fail", "pass"):
        with pytest.raises(JudgeError) as raised:
            built_program(compiler_of(tmp_path, file), Unconfined(), root=cache)
        assert str(raised.value) == ("the sh build fails a solution that does nothing as "
                                     "well, no fault of the file's: cc: fatal error: cannot "
                                     "run the back end")
    assert runs(tmp_path) == 3  # the trivial solution's failure is known from the first file
    assert list(cache.iterdir()) == []  # nothing kept
    (tmp_path / "broken").unlink()
    monkeypatch.setattr(building, "broken_toolchains", {})  # a judge started anew
    assert built_program(compiler_of(tmp_path, "fail"), Unconfined(),
                         root=cache) == CompileError("main.c:1: error: expected pass")
    assert isinstance(built_program(compiler_of(tmp_path, "pass"), Unconfined(), root=cache),
                      Path)


def test_a_trivial_solution_out_of_time_leaves_the_files_error_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "broken_toolchains", {})
    script = "grep -q pass main.c && sleep 30; echo 'main.c:1: error: no'; exit 1"
    build = Build(files={"main.c": b"x"}, steps=(("sh", "-c", script),), env=PATH,
                  source="main.c", trivial_source=b"pass")
    for _ in range(2):  # and a busy moment is not remembered as a broken toolchain
        assert built_program(build, Unconfined(), seconds=0.5,
                             root=tmp_path) == CompileError("main.c:1: error: no")
    assert building.broken_toolchains == {}


def test_a_build_out_of_time_is_not_kept(tmp_path: Path) -> None:
    build = counting(tmp_path, "sleep 30")
    for attempt in (1, 2):
        error = built_program(build, Unconfined(), seconds=0.3, root=tmp_path / "cache")
        assert error == CompileError("compilation took more than 0.3 s")
        assert runs(tmp_path) == attempt  # a busy machine is no fault of the file
        assert list((tmp_path / "cache").iterdir()) == []


@pytest.mark.parametrize("cgroup", [True, False], ids=["cgroup", "session-alone"])
def test_a_build_out_of_time_leaves_no_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                cgroup: bool) -> None:
    if not cgroup:  # as on a machine without memory cgroups: the step's session is killed
        monkeypatch.setattr(building, "cgroup_enforcer", lambda: None)
    pid_file = tmp_path / "pid"
    # The compiler itself would end a little later; what it started in the background, not.
    build = Build(files={}, steps=(("sh", "-c", f"sleep 600 >/dev/null 2>&1 & echo $! > "
                                                f"{pid_file}; sleep 3"),), env=PATH)
    assert isinstance(built_program(build, Unconfined(), seconds=0.5, root=tmp_path), CompileError)
    sleeper = int(pid_file.read_text())
    try:
        deadline = time.monotonic() + 30
        while state_of(sleeper) not in ("", "Z"):  # a zombie waits for init to reap it
            assert time.monotonic() < deadline, "the build's sleeper outlived its build"
            time.sleep(0.02)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(sleeper, signal.SIGKILL)


def test_a_compiler_that_cannot_be_run_is_a_compile_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = Build(files={}, steps=(("/no/such/compiler", "main.c"),), env=PATH)
    error = built_program(build, Unconfined(), root=tmp_path / "a")
    assert isinstance(error, CompileError)  # from prlimit, which runs the step
    assert "/no/such/compiler" in error.message
    monkeypatch.setattr(building, "installed_prlimit", lambda: None)  # no prlimit here
    error = built_program(build, Unconfined(), root=tmp_path / "b")
    assert isinstance(error, CompileError)
    assert error.message.startswith("cannot run the compiler /no/such/compiler: ")


def test_a_compiler_that_ends_quietly_after_closing_its_output_is_waited_for(
        tmp_path: Path) -> None:
    build = Build(files={}, steps=(("sh", "-c", "exec >&- 2>&-; sleep 0.3; exit 4"),), env=PATH)
    assert built_program(build, Unconfined(), root=tmp_path) == CompileError(
        "sh failed with status 4")


def test_a_compiler_reads_nothing_from_the_judges_standard_input(tmp_path: Path) -> None:
    # A judge run from a terminal, or fed by a pipe, must not hand it to the compiler: a
    # build would wait for the user's keys or eat the judge's input.
    read, write = os.pipe()
    saved = os.dup(0)
    os.write(write, b"typed at the judge\n")
    os.close(write)
    try:
        os.dup2(read, 0)
        build = Build(files={}, steps=(("sh", "-c", "cat; exit 1"),), env=PATH)
        error = built_program(build, Unconfined(), root=tmp_path)
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        os.close(read)
    assert error == CompileError("sh failed with status 1")


def test_what_a_compile_error_keeps_is_bounded(tmp_path: Path) -> None:
    build = Build(files={}, steps=(("sh", "-c", f"head -c {3 * ERROR_BYTES} /dev/zero | "
                                               "tr '\\0' 'e'; exit 1"),), env=PATH)
    error = built_program(build, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError)
    # ERROR_BYTES kept, of which a report's block shows the start and counts the rest.
    shown = error.message.split("[... ")
    assert len(shown[0]) + int(shown[1].split()[0]) == ERROR_BYTES


@pytest.mark.parametrize(("changed", "field", "value"), [
    ("a file's content", "files", {"main.c": b"int main2;"}),
    ("a file's name", "files", {"main2.c": b"int main;"}),
    ("the steps", "steps", (("cc", "-O1", "main.c"),)),
    ("the compiler's version", "versions", "cc 2"),
    ("the environment", "env", {"PATH": "/bin"}),
    ("the toolchain", "toolchain", ("/opt/cc",)),
    ("the shared part's files", "shared", Build(files={"lib.c": b"int lib2;"}, steps=())),
    ("the largest file", "largest_file_mb", 500),
])
def test_a_build_is_cached_by_everything_that_decides_it(changed: str, field: str,
                                                         value: object) -> None:
    base = Build(files={"main.c": b"int main;"}, steps=(("cc", "-O2", "main.c"),),
                 versions="cc 1", env={"PATH": "/usr/bin"}, toolchain=("/opt/c",),
                 shared=Build(files={"lib.c": b"int lib;"}, steps=()))
    other = Build(**{**base.__dict__, field: value})
    assert build_key(base, Unconfined()) == build_key(Build(**base.__dict__), Unconfined())
    assert build_key(base, Unconfined()) != build_key(other, Unconfined()), changed


def test_the_cache_key_tells_files_apart_however_their_bytes_are_split() -> None:
    def key(files: dict[str, bytes]) -> str:
        return build_key(Build(files=files, steps=()), Unconfined())

    assert key({"a": b"bc"}) != key({"ab": b"c"})
    assert key({"a": b"b", "c": b"d"}) != key({"a": b"b1:c:1:d"})
    assert key({"a": b"1", "b": b"2"}) == key({"b": b"2", "a": b"1"})
    assert len(key({})) == 32


def test_the_cache_key_names_the_confinement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(confine, "installed_bubblewrap", lambda: "/usr/bin/bwrap")
    build = Build(files={}, steps=())
    assert build_key(build, Unconfined()) != build_key(build, Bubblewrap())


def test_where_the_cache_is(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GUESS_JUDGE_CACHE", str(tmp_path / "mine"))
    assert cache_root() == tmp_path / "mine" / "builds"
    monkeypatch.setenv("GUESS_JUDGE_CACHE", "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "guess-judge" / "builds"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "guess-judge" / "builds"
    monkeypatch.setenv("GUESS_JUDGE_CACHE", str(tmp_path / "env"))
    build = Build(files={}, steps=(("sh", "-c", "echo > program"),), env=PATH)
    done = built_program(build, Unconfined())
    assert isinstance(done, Path) and done.parent == tmp_path / "env" / "builds"


@pytest.mark.parametrize(("text", "megabytes"), [
    ("", building.CACHE_MB), ("12", 12), ("0", 0), ("-5", building.CACHE_MB),
    ("1e3", building.CACHE_MB), ("١٢", building.CACHE_MB), ("lots", building.CACHE_MB)])
def test_the_cache_size_is_a_count_of_megabytes_or_the_default(
        monkeypatch: pytest.MonkeyPatch, text: str, megabytes: int) -> None:
    monkeypatch.setenv(building.CACHE_SIZE_VARIABLE, text)
    assert cache_limit_mb() == megabytes


def test_a_step_is_capped_in_file_size_and_address_space(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "installed_prlimit", lambda: "/usr/bin/prlimit")
    monkeypatch.setattr(building.os.path, "realpath", lambda path: path)
    files = f"--fsize={LARGEST_BUILT_FILE_MB << 20}"
    assert capped(("cc", "x.c"), 0) == ("/usr/bin/prlimit", files, "--", "cc", "x.c")
    assert capped(("cc", "x.c"), 5) == ("/usr/bin/prlimit", files, f"--as={5 << 20}", "--",
                                        "cc", "x.c")
    assert capped(("cc",), 1)[2] == f"--as={1 << 20}"  # any cap at all
    assert capped(("cc",), 0, 500)[1] == f"--fsize={500 << 20}"  # a shared build's own
    monkeypatch.setattr(building, "installed_prlimit", lambda: None)
    assert capped(("cc", "x.c"), 5) == ("cc", "x.c")


def test_a_step_under_its_address_space_cap_cannot_take_more(tmp_path: Path) -> None:
    takes = "import sys; b = bytearray(int(sys.argv[1]) << 20)"
    small = Build(files={}, steps=(("python3", "-c", takes, "8"),), env=PATH,
                  address_space_mb=256)
    assert isinstance(built_program(small, Unconfined(), root=tmp_path), Path)
    large = Build(files={}, steps=(("python3", "-c", takes, "400"),), env=PATH,
                  address_space_mb=256)
    error = built_program(large, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError) and "MemoryError" in error.message


def test_a_compile_error_shows_the_first_error_line_first() -> None:
    output = b"In file included from main.cpp:1:\nx.h:2:1: error: bad\nnote: here\n"
    assert failure(output, "g++", 1) == (
        "x.h:2:1: error: bad\nIn file included from main.cpp:1:\nx.h:2:1: error: bad\n"
        "note: here\n")
    # Already first (javac's and kotlinc's way): said once, not twice.
    assert failure(b"ERROR in x\nx.java:1\n", "javac", 1) == "ERROR in x\nx.java:1\n"
    assert failure(b"warning only\n", "g++", 1) == "warning only\n"


def test_a_long_compile_error_keeps_its_first_lines_and_counts_the_rest() -> None:
    lines = [f"line {n}" for n in range(ERROR_LINES + 7)]
    shown = failure("\n".join(lines).encode(), "g++", 1)
    assert shown == "\n".join(lines[:ERROR_LINES]) + "\n[... 7 more lines]\n"
    exactly = failure("\n".join(lines[:ERROR_LINES]).encode(), "g++", 1)
    assert "more lines" not in exactly


def test_a_compile_error_names_an_oversized_file() -> None:
    said = f"larger than {LARGEST_BUILT_FILE_MB} MiB"
    assert said in failure(b"", "ld", -signal.SIGXFSZ)
    assert said in failure(b"", "sh", 128 + signal.SIGXFSZ)
    assert failure(b"ld: File size limit exceeded\n", "ld", 1) == (
        "ld: File size limit exceeded\nthe build wrote a file larger than "
        f"{LARGEST_BUILT_FILE_MB} MiB, the most a built program may take\n")
    assert said not in failure(b"", "ld", 1)
    assert failure(b"", "ld", 1) == "ld failed with status 1\n"


def test_a_compile_error_keeps_its_spaces_and_letters() -> None:
    assert failure(b"\n  indented: missing X\n\n", "g++", 1) == (
        "  indented: missing X\n")


def test_ending_a_step_whose_processes_are_gone_is_no_error() -> None:
    process = subprocess.Popen(["true"], start_new_session=True, stdout=subprocess.PIPE)
    process.communicate()
    building.end_step(process, NoWatch())  # its group is gone: nothing to kill


def test_a_compile_error_is_safe_to_print() -> None:
    shown = failure(b"error \x1b[2K\rfake AC \xff\n", "g++", 1)
    assert "\x1b" not in shown and "\r" not in shown
    assert shown == "error \\x1b[2K\nfake AC \ufffd\n"


def sharing(tmp_path: Path, shared_script: str = "echo library > lib.o") -> Build:
    """A build whose shared part notes each of its runs in a file outside the cache."""
    shared = Build(files={"lib.c": b"int lib;"}, steps=(
        ("sh", "-c", f"echo run >> {tmp_path / 'shared-runs'}; {shared_script}"),), env=PATH,
                   largest_file_mb=100)
    return Build(files={"main.c": b"int main;"},
                 steps=(("sh", "-c", "cat {shared}/lib.o main.c > program"),), env=PATH,
                 source="main.c", trivial_source=b"pass", shared=shared)


@pytest.mark.parametrize("sandboxed", [False, pytest.param(True, marks=SANDBOX_MARKS)])
def test_a_shared_part_is_built_once_for_every_build_and_shown_to_its_steps(
        tmp_path: Path, sandboxed: bool) -> None:
    confinement = Bubblewrap() if sandboxed else Unconfined()
    first = built_program(sharing(tmp_path), confinement, root=tmp_path / "cache")
    other = replace(sharing(tmp_path), files={"main.c": b"int other;"})
    second = built_program(other, confinement, root=tmp_path / "cache")
    assert isinstance(first, Path) and isinstance(second, Path) and first != second
    assert (first / "program").read_text() == "library\nint main;"
    assert (second / "program").read_text() == "library\nint other;"
    if not sandboxed:  # (the sandbox shows the step nothing outside the cache to note in)
        assert (tmp_path / "shared-runs").read_text() == "run\n"
    # The shared part is a build of its own beside them; theirs hold nothing of it.
    assert len(list((tmp_path / "cache").iterdir())) == 3
    assert sorted(p.name for p in first.iterdir()) == ["main.c", "program"]


def test_each_build_that_runs_is_told_as_it_starts_and_one_found_made_is_not(
        tmp_path: Path) -> None:
    told: list[str] = []

    def building(build: Build) -> None:
        told.append("shared" if build.shared is None and not build.source else build.source)

    assert isinstance(built_program(sharing(tmp_path), Unconfined(), root=tmp_path / "cache",
                                    building=building), Path)
    assert told == ["shared", "main.c"]
    other = replace(sharing(tmp_path), files={"main.c": b"int other;"})
    for build in (sharing(tmp_path), other):
        built_program(build, Unconfined(), root=tmp_path / "cache", building=building)
    assert told == ["shared", "main.c", "main.c"]  # the first found made; the shared part too


def test_threads_building_at_once_make_their_shared_part_once(tmp_path: Path) -> None:
    """compare --jobs: a solution a thread, all of them on a new cache at once. (A machine so
    busy that the second thread starts after the first's shared build would pass this without
    testing it; none can fail it falsely.)"""
    builds = [replace(sharing(tmp_path, "sleep 0.5; echo library > lib.o"),
                      files={"main.c": f"int main{n};".encode()}) for n in range(3)]
    results: list[Path | CompileError] = []
    threads = [threading.Thread(target=lambda b=b: results.append(
        built_program(b, Unconfined(), root=tmp_path / "cache"))) for b in builds]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(isinstance(result, Path) for result in results) and len(set(results)) == 3
    assert (tmp_path / "shared-runs").read_text() == "run\n"


@needs_bubblewrap
def test_a_sandboxed_step_cannot_change_the_shared_part(tmp_path: Path) -> None:
    build = replace(sharing(tmp_path), steps=(
        ("sh", "-ec", "echo changed > {shared}/lib.o; cat {shared}/lib.o > program"),))
    done = built_program(replace(build, trivial_source=b""), Bubblewrap(),
                         root=tmp_path / "cache")
    assert isinstance(done, CompileError) and "lib.o: Read-only file system" in done.message
    shared = built_program(sharing(tmp_path).shared or build, Bubblewrap(),
                           root=tmp_path / "cache")
    assert isinstance(shared, Path) and (shared / "lib.o").read_text() == "library\n"


def test_a_shared_part_that_fails_is_the_judges_error_and_not_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building, "broken_toolchains", {})
    build = sharing(tmp_path, "echo 'lib.c:1: error: no lib'; exit 1")
    with pytest.raises(JudgeError) as raised:
        built_program(build, Unconfined(), root=tmp_path / "cache")
    assert str(raised.value) == ("the sh build fails the judge's own harness, without the "
                                 "file, no fault of the file's: lib.c:1: error: no lib")
    assert not list((tmp_path / "cache").iterdir())
    with pytest.raises(JudgeError):
        built_program(build, Unconfined(), root=tmp_path / "cache")
    assert (tmp_path / "shared-runs").read_text() == "run\nrun\n"  # tried again


def test_a_shared_part_out_of_time_is_a_compile_error_not_kept(tmp_path: Path) -> None:
    build = sharing(tmp_path, "sleep 30")
    error = built_program(build, Unconfined(), root=tmp_path / "cache", seconds=0.2)
    assert error == CompileError("compilation took more than 0.2 s")
    assert not list((tmp_path / "cache").iterdir())


@needs_bubblewrap
def test_a_sandboxed_build_writes_its_program_for_the_worker(tmp_path: Path) -> None:
    build = Build(files={"main.c": b"source\n"}, steps=(("/bin/sh", "-c", "cp main.c program"),),
                  env=PATH)
    done = built_program(build, Bubblewrap(), root=tmp_path)
    assert isinstance(done, Path) and (done / "program").read_bytes() == b"source\n"
    assert (done / ERROR_FILE).exists() is False


def test_eviction_removes_the_least_recently_used_until_the_cache_fits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """By the byte and by the second: builds of 512 KiB against a limit of 2 MiB."""
    monkeypatch.setattr(building.time, "time", lambda: 10_000.0)
    recent = 10_000.0 - building.RECENTLY_USED_SECONDS

    def build(name: str, kib: int, used: float) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "program").write_bytes(b"x" * (kib << 10))
        os.utime(folder, (used, used))
        return folder

    keep = build("in-hand", 1024, 10_000.0)
    half_made = build("building-x", 512, 1.0)  # another judge's build under way: not a build
    # Named against their age, so that an order by name would be another order.
    oldest, older = build("z", 512, 100.0), build("y", 512, 200.0)
    old, oldish = build("w", 512, 300.0), build("x", 512, recent)
    assert building.evict(tmp_path, 2, keep) == [oldest, older]  # 3.0 MiB, 2.5, then 2.0: fits
    assert keep.exists() and half_made.exists() and old.exists() and oldish.exists()
    assert building.size_of(tmp_path) == (1024 + 512 * 3) << 10
    # A build used exactly RECENTLY_USED_SECONDS ago may go; none used since.
    assert building.evict(tmp_path, 0, keep) == [old, oldish]


class KilledOnce:
    """A build's memory watch that has seen the kernel kill one of its processes."""

    def kills(self) -> int:
        return 1


def test_a_step_is_over_once_the_kernel_has_killed_one_of_its_processes() -> None:
    """Its other processes may hold the output open: the judge does not wait for them."""
    process = subprocess.Popen(["sh", "-c", "echo started; exec sleep 600"],
                               stdout=subprocess.PIPE)
    try:
        output, ended = building.first_output(process, 20.0, KilledOnce())  # type: ignore[arg-type]
        assert ended is True
        assert output in (b"", b"started\n")
    finally:
        process.kill()
        process.communicate()


def test_a_step_still_printing_at_its_deadline_has_not_ended() -> None:
    process = subprocess.Popen(["sh", "-c", "while :; do echo more; sleep 0.01; done"],
                               stdout=subprocess.PIPE)
    try:
        output, ended = building.first_output(process, 0.3, NoWatch())
        assert ended is False and set(output.split()) <= {b"more"}  # none, on a busy machine
    finally:
        process.kill()
        process.communicate()


def test_a_build_is_made_beside_the_cache_open_to_all_and_named_as_under_way(
        tmp_path: Path) -> None:
    """In the cache's own folder (so that the finished build is renamed into place), readable
    by a worker of another user, and named so that eviction leaves it alone."""
    seen = tmp_path / "seen"
    build = Build(files={}, steps=(("sh", "-c", f"pwd > {seen}; stat -c %a . >> {seen}; "
                                               "echo > program"),), env=PATH)
    assert isinstance(built_program(build, Unconfined(), root=tmp_path / "cache"), Path)
    where, mode = seen.read_text().split()
    assert Path(where).parent == tmp_path / "cache"
    assert Path(where).name.startswith("building-")
    assert mode == "755"


def test_what_a_compile_error_keeps_is_its_first_bytes_however_they_come() -> None:
    writes = ("import os, sys, time\nfor i in range(300):\n"
              "    os.write(1, b'%05d\\n' % i * 50)\n    time.sleep(0.0005)\nsys.exit(1)")
    process = subprocess.Popen([sys.executable, "-c", writes], stdout=subprocess.PIPE)
    try:
        output, ended = building.first_output(process, 60.0, NoWatch())
    finally:
        process.kill()
        process.communicate()
    assert ended is True
    assert len(output) == ERROR_BYTES
    assert output.startswith(b"00000\n" * 50 + b"00001\n")


def test_a_step_that_closes_its_output_but_goes_on_has_not_ended_at_its_deadline() -> None:
    # The sleep is the shell itself (exec): killing the process leaves no orphan behind.
    process = subprocess.Popen(["sh", "-c", "exec >&- 2>&-; exec sleep 600"],
                               stdout=subprocess.PIPE)
    try:
        assert building.first_output(process, 0.5, NoWatch()) == (b"", False)
    finally:
        process.kill()
        process.communicate()


@pytest.mark.parametrize("last_line", ["main.c:1: error: missing X", "main.c:2: error: spaces  "])
def test_a_compile_error_is_given_back_as_the_compiler_ended_it(tmp_path: Path,
                                                               last_line: str) -> None:
    build = Build(files={}, steps=(("sh", "-c", f"printf '%s\\n' '{last_line}'; exit 1"),),
                  env=PATH)
    # The first error line is the output's first already: said once.
    assert built_program(build, Unconfined(), root=tmp_path) == CompileError(last_line)


def test_a_build_another_judge_finished_meanwhile_is_the_one_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "cache"
    build = Build(files={}, steps=(("sh", "-c", "echo mine > program"),), env=PATH)
    done = root / build_key(build, Unconfined())
    steps = building.run_steps

    def theirs_first(*args: object) -> str | None:
        done.mkdir(parents=True)
        (done / "program").write_text("theirs\n")
        return steps(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(building, "run_steps", theirs_first)
    assert built_program(build, Unconfined(), root=root) == done
    assert (done / "program").read_text() == "theirs\n"
    assert [p.name for p in root.iterdir()] == [done.name]  # nothing of ours is left


def test_a_build_found_but_not_ours_to_mark_is_used_all_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = Build(files={}, steps=(("sh", "-c", "echo > program"),), env=PATH)
    made = built_program(build, Unconfined(), root=tmp_path)

    def not_permitted(*args: object, **kwargs: object) -> None:
        raise PermissionError("another user's build")

    monkeypatch.setattr(building.os, "utime", not_permitted)
    assert built_program(build, Unconfined(), root=tmp_path) == made


def test_a_compiler_silent_for_a_while_then_printing_much_is_read_to_its_end() -> None:
    # More than a pipe holds, after longer than one wait for output: the judge keeps reading.
    process = subprocess.Popen(["sh", "-c", "sleep 0.5; head -c 300000 /dev/zero; exit 3"],
                               stdout=subprocess.PIPE)
    try:
        output, ended = building.first_output(process, 60.0, NoWatch())
    finally:
        process.kill()
        process.communicate()
    assert ended is True and output == b"\0" * ERROR_BYTES


def test_a_build_removed_by_another_judge_while_the_cache_is_measured_is_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(building.time, "time", lambda: 10_000.0)
    for name in ("a", "b", "keep"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "program").write_bytes(b"x" * (1 << 20))
        os.utime(tmp_path / name, (1.0, 1.0))
    measure = building.size_of

    def gone_meanwhile(folder: Path) -> int:
        if folder.name == "a":  # measured, then evicted by another judge
            size = measure(folder)
            subprocess.run(["rm", "-rf", str(folder)], check=True)
            return size
        if folder.name == "b":  # evicted before it could be measured
            raise FileNotFoundError(folder)
        return measure(folder)

    monkeypatch.setattr(building, "size_of", gone_meanwhile)
    assert building.evict(tmp_path, 0, tmp_path / "keep") == [tmp_path / "a"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b", "keep"]


def test_a_file_gone_while_a_build_is_measured_is_not_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("stays", "goes"):
        (tmp_path / name).write_bytes(b"x" * 1000)
    stat = os.lstat

    def lstat(path: str) -> os.stat_result:
        if path.endswith("goes"):
            raise FileNotFoundError(path)
        return stat(path)

    monkeypatch.setattr(building.os, "lstat", lstat)
    assert building.size_of(tmp_path) == 1000


@pytest.mark.skipif(not Path("/dev/shm").is_dir(), reason="no /dev/shm, another file system")
def test_a_failed_builds_message_is_made_beside_the_cache_whatever_the_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Made elsewhere (another file system), it could not be renamed into the cache.
    import tempfile

    elsewhere = Path(tempfile.mkdtemp(dir="/dev/shm"))
    try:
        monkeypatch.setattr(tempfile, "tempdir", str(elsewhere))
        build = Build(files={}, steps=(("sh", "-c", "echo 'main.c:1: error: no'; exit 1"),),
                      env=PATH)
        assert built_program(build, Unconfined(), root=tmp_path / "cache") == CompileError(
            "main.c:1: error: no")
        assert list(elsewhere.iterdir()) == []
    finally:
        subprocess.run(["rm", "-rf", str(elsewhere)], check=True)
