from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

from judge.harness.javascript import leetcode_packages
from judge.harness.registry import HARNESSES, harness_named
from judge.run.build import CACHE_VARIABLE

ROOT = Path(__file__).resolve().parent.parent


def arguments_of(pid: int) -> list[str]:
    """A new process's arguments, once its exec has set them up: Popen returns as soon as the
    exec has begun, while /proc still reads them as empty."""
    deadline = time.monotonic() + 30
    while not (text := Path(f"/proc/{pid}/cmdline").read_bytes()) and time.monotonic() < deadline:
        time.sleep(0.001)
    return text.decode().split("\0")[:-1]


def load_script(name: str) -> ModuleType:
    """scripts/NAME.py as a module (the scripts folder is no package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[name]
    return module
SOLUTIONS = ROOT / "solutions"
CASES = ROOT / "cases"

settings.register_profile("dev", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# Tests marked `benchmark` play the benchmark's lists: the first BOUNDED_LISTS of them in
# make test (a few minutes on two cores in all), every one with --whole-benchmark (make long).
# Other long checks marked so run a share of their work in make test, all of it in make long.
BOUNDED_LISTS = 5
BENCHMARK_LISTS = 20
RANDOM_LISTS = 50
_whole_benchmark = False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--whole-benchmark", action="store_true",
                     help=f"tests marked benchmark play all {BENCHMARK_LISTS} benchmark lists, "
                          f"not the first {BOUNDED_LISTS} (make long)")


def pytest_configure(config: pytest.Config) -> None:
    global _whole_benchmark
    _whole_benchmark = bool(config.getoption("--whole-benchmark"))


# mutmut (make mutation) names the mutant under test here, and keeps each test's time in its
# statistics file beside the mutated copy's tests.
MUTANT_VARIABLE = "MUTANT_UNDER_TEST"
MUTATION_STATISTICS = Path("mutmut-stats.json")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under make mutation, the quickest tests first: a mutant is caught at its first failing
    test (mutmut runs pytest with -x), and a quick test catches most mutants as well as a slow
    one does. Elsewhere the order is left as it is."""
    if "__mutmut_" not in os.environ.get(MUTANT_VARIABLE, "") or not MUTATION_STATISTICS.is_file():
        return
    import json

    durations = json.loads(MUTATION_STATISTICS.read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


@pytest.fixture
def in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """For tests that remove files: a mutant that loses a path (make mutation) then walks the
    current directory, which is kept the test's own (one removed mutmut's own files)."""
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)


def benchmark_lists() -> int:
    """How many of the benchmark's lists a test marked `benchmark` plays in this run."""
    return BENCHMARK_LISTS if _whole_benchmark else BOUNDED_LISTS


def in_whole() -> bool:
    """Whether tests marked `benchmark` run whole (make long) rather than bounded (make test)."""
    return _whole_benchmark


def random_lists() -> int:
    """How many random 100-word lists a test marked `benchmark` that draws its own plays:
    RANDOM_LISTS under make long, two in make test."""
    return RANDOM_LISTS if _whole_benchmark else 2


def whole_benchmark_only() -> None:
    """Skip, saying how to run it, a test whose claim is about all of the benchmark."""
    if not _whole_benchmark:
        pytest.skip(f"a claim about all {BENCHMARK_LISTS} benchmark lists: make long runs it")


# A sandbox test is marked `sandbox`, and skipped with how to install bubblewrap where it is
# missing (make test and .ci/run install it).
SANDBOX_MARKS = (pytest.mark.sandbox,
                 pytest.mark.skipif(shutil.which("bwrap") is None,
                                    reason="bubblewrap is missing: apt-get install bubblewrap"))
# Parameters for a test that must hold with and without the sandbox.
BOTH_MODES = [pytest.param(False, id="plain"),
              pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)]


EXTENSIONS = {e: h for h in HARNESSES for e in h.extensions}


def toolchain_marks(*languages: str) -> list[pytest.MarkDecorator]:
    """A skip, saying why, where a language's compiler or runtime is missing here (`make test`
    installs them where it may); none where all are there."""
    for language in languages:
        missing = harness_named(language).missing()
        if missing:
            return [pytest.mark.skip(reason=missing)]
    return []


def needs_languages(*languages: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def marked(test: Callable[..., None]) -> Callable[..., None]:
        for mark in toolchain_marks(*languages):
            test = mark(test)
        return test

    return marked


def language_marks(path: Path) -> list[pytest.MarkDecorator]:
    """A submission in a language whose toolchain is missing here is skipped, saying why."""
    first_line = path.read_text(encoding="utf-8").split("\n", 1)[0]
    marks = toolchain_marks(EXTENSIONS[path.suffix].name)
    if not marks and "needs: LeetCode's JavaScript packages" in first_line and \
            leetcode_packages() is None:
        marks = [pytest.mark.skip(
            reason="LeetCode's JavaScript packages are not installed: make node-packages")]
    return marks


@pytest.fixture(autouse=True, scope="session")
def private_build_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Compiled submissions go to this run's own cache: every run compiles from nothing, and
    the test processes of one run (pytest-xdist's workers) share it, as judges on one machine
    do: a build is keyed by its content and moved into place whole."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    os.environ[CACHE_VARIABLE] = str(shared / "build-cache")


def needs_bubblewrap(test: Callable[..., None]) -> Callable[..., None]:
    for mark in SANDBOX_MARKS:
        test = mark(test)
    return test


def broken_compiler(folder: Path, monkeypatch: pytest.MonkeyPatch, name: str = "g++") -> Path:
    """A compiler `name` in `folder`, first on PATH, that fails whatever it is given (a
    toolchain broken, or one the build's sandbox does not show), and a judge that has found no
    toolchain broken yet (judge/run/build.py remembers them for its process)."""
    from judge.run import build

    folder.mkdir(exist_ok=True)
    compiler = folder / name
    compiler.write_text(f"#!/bin/sh\necho '{name}: fatal error: cannot execute cc1plus' >&2\n"
                        "exit 1\n")
    compiler.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}:{os.environ['PATH']}")
    monkeypatch.setattr(build, "broken_toolchains", {})
    return compiler
