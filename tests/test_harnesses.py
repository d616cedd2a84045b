"""What each language's harness asks for (judge/harness/): its build, its command line and
environment, how a language is found, how a stack dump is read. The conformance suite and
tests/test_languages.py run the programs; these read the requests, in milliseconds."""

from __future__ import annotations

import codecs
import os
import sys
from pathlib import Path

import pytest

from judge.harness import cpp, java, javascript, python, registry, toolchain
from judge.harness.launch import Channel, Frame, Mounted
from judge.harness.registry import (
    HARNESSES,
    UnknownLanguage,
    harness_for,
    harness_named,
    language_names,
)

CHANNEL = Channel(read_fd=7, write_fd=9)
SOLUTION = Path("/work/class/alice/solution")


@pytest.fixture
def tools(monkeypatch: pytest.MonkeyPatch) -> dict[str, str | None]:
    """Every program found at /opt/bin/<name> with version "<name> 1.0", unless set to None."""
    found: dict[str, str | None] = {}

    def tool(name: str) -> str | None:
        return found.get(name, f"/opt/bin/{name}")

    for module in (toolchain, cpp, java, javascript):
        monkeypatch.setattr(module, "tool", tool)
    for module in (cpp, java):
        monkeypatch.setattr(module, "version", lambda program, flag="--version":
                            f"{os.path.basename(program)} 1.0")
    # Cases on the system's JVM (a test of the ahead-of-time cache's JDK says so).
    monkeypatch.setenv("GUESS_JUDGE_JAVA", "system")
    return found


def test_languages_are_found_by_extension_whatever_its_case() -> None:
    for name, harness in [("a.py", "python"), ("a.CPP", "cpp"), ("a.cc", "cpp"),
                          ("a.cxx", "cpp"), ("A.Java", "java"), ("a.js", "javascript"),
                          ("a.kt", "kotlin")]:
        assert harness_for(Path(name)).name == harness, name


def test_a_language_named_wins_over_the_extension() -> None:
    assert harness_for(Path("a.py"), language="CPP").name == "cpp"
    assert harness_named("Kotlin").name == "kotlin"
    assert language_names() == ["python", "cpp", "java", "javascript", "kotlin"]
    with pytest.raises(UnknownLanguage) as raised:
        harness_named("cobol")
    assert str(raised.value) == ("no language 'cobol' (known: python, cpp, java, javascript, "
                                 "kotlin)")


def test_an_unknown_extension_names_every_known_one() -> None:
    with pytest.raises(UnknownLanguage) as raised:
        harness_for(Path("notes.txt"))
    assert str(raised.value) == ("notes.txt: no harness runs '.txt' files (known: .py, .cpp, "
                                 ".cc, .cxx, .java, .js, .kt; or say which with --language)")
    with pytest.raises(UnknownLanguage, match=r"^Makefile: has no extension to tell its "
                                              r"language by \(known: \.py"):
        harness_for(Path("Makefile"))


def test_a_game_a_language_does_not_serve_is_refused() -> None:
    with pytest.raises(UnknownLanguage) as raised:
        harness_for(Path("a.java"), "wc2022")
    assert str(raised.value) == ("a.java: java submissions are judged for LeetCode 843 only, "
                                 "not P8079")
    assert harness_for(Path("a.cpp"), "wc2022").name == "cpp"
    assert harness_for(Path("a.py"), "wc2022").name == "python"
    assert [h.name for h in HARNESSES if "wc2022" in h.games] == ["python", "cpp"]


def test_a_missing_toolchain_says_what_to_install(tools: dict[str, str | None]) -> None:
    tools["g++"] = None
    with pytest.raises(UnknownLanguage) as raised:
        harness_for(Path("a.cpp"))
    assert str(raised.value) == (
        "a.cpp: cpp is unavailable here: 'g++' is not installed (on Debian: apt-get install "
        "g++; `make test` installs it where it may)")
    tools["node"] = None
    assert javascript.JAVASCRIPT.missing() == toolchain.install_hint("node", "nodejs")
    assert python.PYTHON.missing() is None


@pytest.mark.parametrize("absent", ["java", "javac", "kotlinc"])
def test_a_jvm_language_needs_the_jdk_and_its_compiler(tools: dict[str, str | None],
                                                      absent: str) -> None:
    tools[absent] = None
    package = "kotlin" if absent == "kotlinc" else "default-jdk-headless"
    assert java.KOTLIN.missing() == toolchain.install_hint(absent, package)
    assert java.JAVA.missing() == (None if absent == "kotlinc" else
                                   toolchain.install_hint(absent, package))


def test_a_tool_is_its_real_path_and_its_version_the_first_line(tmp_path: Path) -> None:
    assert toolchain.tool("no-such-program-here") is None
    assert toolchain.tool("sh") == os.path.realpath("/usr/bin/sh")
    talks = tmp_path / "talks"
    talks.write_text("#!/bin/sh\necho \"$1 said\" >&2; echo second line\n")
    talks.chmod(0o755)
    assert toolchain.version(str(talks)) == "second line"  # stdout first, then stderr
    assert toolchain.version(str(talks), "-V") == "second line"
    quiet = tmp_path / "quiet"
    quiet.write_text("#!/bin/sh\n")
    quiet.chmod(0o755)
    assert toolchain.version(str(quiet)) == ""
    assert toolchain.version(str(tmp_path / "absent")) == ""


def test_the_cpp_build_compiles_as_leetcode_does(tools: dict[str, str | None],
                                                 tmp_path: Path) -> None:
    solution = tmp_path / "s.cpp"
    solution.write_bytes(b"class Solution {};")
    build = cpp.CPP.build(solution, "leetcode")
    assert build is not None
    flags = ("/opt/bin/g++", "-std=gnu++17", "-O2", "-pipe")
    # The submission's file and the judge's call to it, linked with the shared build's harness
    # and compiled with its precompiled headers.
    assert build.steps == ((*flags, "-I", "{shared}", "-o", "program",
                            "judge_calls_solution.cpp", "{shared}/harness.o"),)
    assert sorted(build.files) == ["judge_calls_solution.cpp", "solution.cpp"]
    assert build.files["solution.cpp"] == b"class Solution {};"
    assert (build.env, build.versions, build.address_space_mb) == (
        {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp"}, "g++ 1.0", 2048)
    shared = build.shared
    assert shared is not None and shared.shared is None
    assert shared.steps == ((*flags, "-c", "-o", "harness.o", "harness.cpp"),
                            (*flags, "-x", "c++-header", "-o", "leetcode.h.gch", "leetcode.h"))
    assert sorted(shared.files) == ["fresh_state.h", "harness.cpp", "leetcode.h"]
    assert shared.files["harness.cpp"] == (cpp.HERE / "harness.cpp").read_bytes()
    assert (shared.versions, shared.largest_file_mb) == ("g++ 1.0", 512)
    assert not shared.source  # the judge's files alone: no submission reaches them
    contest = cpp.CPP.build(solution, "wc2022")
    assert contest is not None and contest.shared is not None
    assert contest.steps == ((*flags, "-DJUDGE_WC2022", "-I", "{shared}", "-o", "program",
                              "solution.cpp", "{shared}/harness.o"),)
    assert sorted(contest.files) == ["solution.cpp"]
    assert contest.shared.steps == ((*flags, "-DJUDGE_WC2022", "-c", "-o", "harness.o",
                                     "harness.cpp"),)
    assert sorted(contest.shared.files) == ["fresh_state.h", "harness.cpp", "word.h"]


def test_the_cpp_program_is_shown_and_given_its_channel() -> None:
    built = Path("/cache/abc")
    launch = cpp.CPP.launch(SOLUTION, "wc2022", CHANNEL, 256, None, built)
    assert launch.argv == (Mounted(built / "program", "/submission/program"), "7", "9", "256",
                           "wc2022")
    assert launch.env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    with pytest.raises(ValueError) as raised:
        cpp.CPP.launch(SOLUTION, "leetcode", CHANNEL, 256, None)
    assert str(raised.value) == "a C++ submission must be built before it is launched"
    assert cpp.CPP.out_of_memory("terminate called after throwing std::bad_alloc") is False
    assert cpp.CPP.split_stack_dump("out\n", SOLUTION) == ("out\n", [])


def test_the_python_worker_runs_alone_on_the_base_interpreter() -> None:
    launch = python.PYTHON.launch(Path("s.py"), "leetcode", CHANNEL, 512, 5)
    assert launch.argv == (
        os.path.realpath(getattr(sys, "_base_executable", sys.executable)), "-s", "-S", "-P",
        Mounted(python.WORKER_FILE, "/judge/worker.py"),
        Mounted(Path("s.py").resolve(), "/submission/solution.py"), "7", "9", "512", "leetcode")
    assert launch.env == python.worker_environment(5)
    assert launch.env["PYTHONHASHSEED"] == "5"
    assert launch.toolchain[:2] == (os.path.realpath(sys.base_prefix),
                                    str(python.package_links()))
    assert python.PYTHON.build(Path("s.py"), "wc2022") is None
    assert python.PYTHON.out_of_memory("MemoryError") is False


def test_the_base_interpreter_is_found_from_a_virtual_environment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "_base_executable", "/opt/base/python3", raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/venv/bin/python3")
    assert python.python_executable() == "/opt/base/python3"
    monkeypatch.delattr(sys, "_base_executable")  # an interpreter that does not say
    assert python.python_executable() == "/opt/venv/bin/python3"


def test_without_a_tool_on_path_a_harness_names_it_bare(tools: dict[str, str | None],
                                                        tmp_path: Path) -> None:
    """missing() says so first; a build or launch made anyway names the program, so that the
    error says which one could not be run."""
    for name in ("g++", "node", "java", "javac", "kotlinc"):
        tools[name] = None
    solution = tmp_path / "s.cpp"
    solution.write_text("")
    build = cpp.CPP.build(solution, "leetcode")
    assert build is not None and build.steps[0][0] == "g++"
    assert javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 0, None).argv[0] == (
        "node")
    kotlin = java.KOTLIN.build(solution, "leetcode")
    assert kotlin is not None and kotlin.shared is not None
    assert [s[0] for s in (*kotlin.shared.steps, *kotlin.steps[:1])] == ["javac", "kotlinc"]
    assert kotlin.versions == "javac 1.0"  # no version of a compiler that is not there
    assert java.JAVA.launch(SOLUTION, "leetcode", CHANNEL, 0, None, Path("/b")).argv[0] == "java"


def test_workers_started_from_threads_at_once_see_the_packages_they_mount() -> None:
    # compare starts workers from a thread per solution: each launch mounts the links'
    # directory and names it on PYTHONPATH, and both must be the same directory.
    import threading

    python.made_package_links.cache_clear()  # as at a judge's start: none made yet
    start = threading.Barrier(8)
    launches: list[tuple[str, str]] = []

    def launch() -> None:
        start.wait()
        made = python.PYTHON.launch(Path("s.py"), "leetcode", CHANNEL, 512, None)
        launches.append((made.env["PYTHONPATH"], made.toolchain[1]))

    threads = [threading.Thread(target=launch) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(launches) == 8 and len(set(launches)) == 1
    assert launches[0][0] == launches[0][1] == str(python.package_links())


def test_the_python_worker_gets_leetcodes_packages_and_nothing_else() -> None:
    links = python.package_links()
    assert sorted(p.name for p in links.iterdir()) == sorted(
        p.name for p in python.installed_package_paths())
    assert {"numpy", "sortedcontainers"} <= {p.name for p in links.iterdir()}
    assert all((links / p.name).resolve() == p for p in python.installed_package_paths())
    assert oct(links.stat().st_mode & 0o777) == oct(0o755)
    launch = python.PYTHON.launch(Path("s.py"), "leetcode", CHANNEL, 512, None)
    assert set(map(str, python.installed_package_paths())) <= set(launch.toolchain)


def test_a_package_with_bundled_libraries_brings_them(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("bundles", "bundles.libs", "plain"):
        (tmp_path / name).mkdir()
        if ".libs" not in name:
            (tmp_path / name / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert python.installed_package_paths(("absent_package", "bundles", "os", "plain")) == [
        tmp_path / "bundles", tmp_path / "bundles.libs", tmp_path / "plain"]


def test_the_python_workers_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENBLAS_CORETYPE", "Haswell")
    monkeypatch.delenv("OPENBLAS_L2_SIZE", raising=False)
    monkeypatch.setenv("PYTHONSTARTUP", "/home/me/evil.py")
    assert python.worker_environment(2**32 + 5) == {
        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONPATH": str(python.package_links()),
        "PYTHONDONTWRITEBYTECODE": "1", "OPENBLAS_NUM_THREADS": "1", "PYTHONHASHSEED": "5",
        "OPENBLAS_CORETYPE": "Haswell"}
    assert python.worker_environment(None)["PYTHONHASHSEED"] == "random"
    assert python.worker_environment(2**32 - 1)["PYTHONHASHSEED"] == str(2**32 - 1)


PYTHON_DUMP = """before
Thread 0x00007f00000001 (most recent call first):
  File "/judge/worker.py", line 88 in serve

Current thread 0x00007f00000002 (most recent call first):
  File "/submission/solution.py", line 5 in spin
  File "/judge/worker.py", line 40 in play
  File "{solution}", line 9 in findSecretWord

after
"""


def test_a_python_stack_dump_is_cut_out_and_its_frames_in_the_solution_kept() -> None:
    solution = Path("s.py")
    first = PYTHON_DUMP.format(solution="elsewhere.py")
    output = first + PYTHON_DUMP.format(solution=solution.resolve())
    rest, frames = python.PYTHON.split_stack_dump(output, solution)
    assert frames == [Frame(5, "spin"), Frame(9, "findSecretWord")]
    assert rest == first + "before\nafter\n"
    assert python.PYTHON.split_stack_dump("no dump\n", solution) == ("no dump\n", [])
    relative = PYTHON_DUMP.format(solution="s.py")
    assert python.PYTHON.split_stack_dump(relative, solution)[1][-1] == Frame(9, "findSecretWord")


def test_the_java_build_prefixes_leetcodes_imports_on_the_first_line(
        tools: dict[str, str | None], tmp_path: Path) -> None:
    solution = tmp_path / "Solution.java"
    solution.write_bytes(b"class Solution {}\n")
    build = java.JAVA.build(solution, "leetcode")
    assert build is not None
    assert build.files["Solution.java"] == (java.JAVA_IMPORTS.encode() + b"class Solution {}\n")
    assert b"\n" not in java.JAVA_IMPORTS.encode()  # the submission's line numbers stay its own
    assert build.steps == (("/opt/bin/javac", "-J-Xmx1g", *java.COMPILER_OPTIONS,
                            "-XDstringConcat=inline", "-encoding", "UTF-8", "-nowarn", "-cp",
                            "classes", "-d", "classes", "Master.java", "Harness.java",
                            "SeededRandom.java", "Solution.java"),
                           (python.python_executable(), "-I", "-S", "seeding.py", "classes"))
    assert sorted(build.files) == ["Harness.java", "Master.java", "SeededRandom.java",
                                   "Solution.java", "seeding.py"]
    assert python.python_prefix() in build.toolchain  # the seeding step's interpreter
    assert build.env == {"PATH": "/opt/bin:/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/tmp",
                         "JAVA_HOME": "/opt"}
    assert build.versions == "javac 1.0 / javac 1.0"
    assert build.address_space_mb == 0  # a JVM caps its heap instead
    # A byte order mark (a Windows editor's) is left out: javac refuses it as a character.
    solution.write_bytes(codecs.BOM_UTF8 + b"class Solution {}\n")
    marked = java.JAVA.build(solution, "leetcode")
    assert marked is not None and marked.files["Solution.java"] == build.files["Solution.java"]


def test_the_kotlin_build_compiles_the_judges_classes_first(tools: dict[str, str | None],
                                                             tmp_path: Path) -> None:
    solution = tmp_path / "s.kt"
    solution.write_bytes(b"class Solution")
    build = java.KOTLIN.build(solution, "leetcode")
    assert build is not None
    assert sorted(build.files) == ["seeding.py", "solution.kt"]
    assert build.files["solution.kt"] == b"class Solution"
    # The judge's classes, compiled once for every submission (Build.shared), copied first.
    shared = build.shared
    assert shared is not None and len(shared.steps) == 1 and not shared.source
    assert shared.steps[0][-4:] == ("Master.java", "Harness.java", "SeededRandom.java",
                                    "SeededKotlinRandom.java")
    assert sorted(shared.files) == sorted(shared.steps[0][-4:])
    assert (shared.versions, shared.toolchain, shared.env) == (
        "javac 1.0", build.toolchain, build.env)
    # SeededKotlinRandom is compiled against the Kotlin library.
    assert shared.steps[0][shared.steps[0].index("-cp") + 1] == f"classes:{java.KOTLIN_STDLIB}"
    # Compiled apart, so that the seeding step can refuse a class named as one of the judge's;
    # first, as the step that names the compiler in a broken toolchain's JE.
    assert build.steps[0] == ("/opt/bin/kotlinc", *java.COMPILER_OPTIONS, "-nowarn", "-cp",
                              "{shared}/classes", "-d", "submission", "solution.kt")
    assert build.steps[1] == ("/opt/bin/cp", "-R", "{shared}/classes", ".")
    assert build.steps[2] == (python.python_executable(), "-I", "-S", "seeding.py", "classes",
                              "submission")
    assert build.versions == "javac 1.0 / kotlinc 1.0"


def test_a_jvm_program_runs_with_its_heap_capped_and_a_quick_start(
        tools: dict[str, str | None]) -> None:
    built = Path("/cache/k")
    launch = java.KOTLIN.launch(SOLUTION, "leetcode", CHANNEL, 300, None, built)
    assert launch.argv == ("/opt/bin/java", "-Xmx300m", "-XX:+UseSerialGC",
                           "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10",
                           "-Xshare:auto", "-XX:-UsePerfData", "-cp",
                           f"/cache/k/classes:{java.KOTLIN_STDLIB}", "Harness", "7", "9",
                           "leetcode")
    assert launch.toolchain[-1] == "/cache/k"
    assert launch.env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    unlimited = java.JAVA.launch(SOLUTION, "leetcode", CHANNEL, 0, None, built)
    assert unlimited.argv[1:3] == ("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")
    assert unlimited.argv[-5] == "/cache/k/classes"
    with pytest.raises(ValueError) as raised:
        java.JAVA.launch(SOLUTION, "leetcode", CHANNEL, 300, None)
    assert str(raised.value) == "a JVM submission must be built before it is launched"
    assert java.jvm_options(1)[0] == "-Xmx1m"  # any limit at all caps the heap


def test_with_a_jdk_that_caches_ahead_of_time_the_build_trains_one_and_cases_use_it(
        tools: dict[str, str | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The build packs the classes in a jar and runs the harness's training (which runs no
    code of the submission's); a case runs on that JDK from the cache, without -Xshare, which
    the cache refuses; a build without a cache (made before) runs on the system's JVM."""
    monkeypatch.delenv("GUESS_JUDGE_JAVA")
    monkeypatch.setattr(java, "_bundled_java", lambda: "/opt/jdk25/bin/java")
    source = tmp_path / "solution.kt"
    source.write_text("class Solution")
    build = java.KOTLIN.build(source, "leetcode")
    assert build is not None
    assert build.steps[-2] == ("/opt/bin/jar", *java.COMPILER_OPTIONS, "cf", "program.jar", "-C",
                               "classes", ".")
    assert build.steps[-1] == ("/opt/jdk25/bin/java", "-XX:+UseSerialGC",
                               "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10",
                               "-XX:-UsePerfData",
                               "-Xlog:aot*=off,cds*=off",
                               "-Djdk.reflect.useNativeAccessorOnly=true",
                               "-XX:+IgnoreUnrecognizedVMOptions",
                               "-XX:+UnlockDiagnosticVMOptions", "-XX:-AOTRecordTraining",
                               "-XX:AOTCacheOutput=program.aot",
                               "-cp", f"program.jar:{java.KOTLIN_STDLIB}", "Harness", "train",
                               *java.CASE_PRELOAD, *java.JDK_PRELOAD, *java.KOTLIN_PRELOAD,
                               "SeededKotlinRandom")
    assert "/opt/jdk25" in build.toolchain
    assert build.versions == "javac 1.0 / kotlinc 1.0 / java 1.0"
    (tmp_path / "program.aot").write_bytes(b"")
    launch = java.KOTLIN.launch(SOLUTION, "leetcode", CHANNEL, 300, None, tmp_path)
    assert launch.argv == ("/opt/jdk25/bin/java", "-Xmx300m", "-XX:+UseSerialGC",
                           "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10",
                           "-XX:-UsePerfData",
                           "-Xlog:aot*=off,cds*=off", "-Djdk.reflect.useNativeAccessorOnly=true",
                           "-XX:+IgnoreUnrecognizedVMOptions",
                           "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0",
                           "-XX:-AOTReplayTraining", f"-XX:AOTCache={tmp_path}/program.aot",
                           "-cp", f"{tmp_path}/program.jar:{java.KOTLIN_STDLIB}", "Harness",
                           "7", "9", "leetcode")
    assert launch.toolchain == ("/opt/jdk25", str(tmp_path))
    assert launch.env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    (tmp_path / "program.aot").unlink()
    assert java.KOTLIN.launch(SOLUTION, "leetcode", CHANNEL, 300, None,
                              tmp_path).argv[0] == "/opt/bin/java"
    monkeypatch.setenv("GUESS_JUDGE_JAVA", "system")
    plain = java.KOTLIN.build(source, "leetcode")
    assert plain is not None and plain.steps[-1][:4] == (python.python_executable(), "-I", "-S",
                                                         "seeding.py")


def test_the_jvms_configuration_linked_from_etc_is_shown(tmp_path: Path) -> None:
    home = tmp_path / "jvm"
    (home / "bin").mkdir(parents=True)
    (home / "conf").mkdir()
    etc = tmp_path / "etc" / "java"
    etc.mkdir(parents=True)
    (etc / "security").write_text("")
    (home / "conf" / "security").symlink_to(etc / "security")
    (home / "conf" / "local").write_text("")
    assert java.jvm_toolchain(str(home / "bin" / "java")) == (str(etc),)


JAVA_DUMP = ("line out\n" + java.DUMP_TITLE + "\n"
             "\tat Solution.spin(Solution.java:12)\n"
             "\tat java.base/java.util.ArrayList.forEach(ArrayList.java:1596)\n"
             "\tat app//Solution$Inner.lambda$run$0(Solution.java:30)\n"
             "\tat Harness.play(Harness.java:80)\n"
             "last line\n")


def test_a_jvm_stack_dump_is_cut_out_and_its_frames_in_the_solution_kept() -> None:
    rest, frames = java.JAVA.split_stack_dump("earlier " + java.DUMP_TITLE + "\n" + JAVA_DUMP,
                                              SOLUTION)
    assert frames == [Frame(12, "spin"), Frame(30, "lambda$run$0")]
    assert rest == "earlier " + java.DUMP_TITLE + "\nline out\nlast line\n"
    assert java.KOTLIN.split_stack_dump(JAVA_DUMP, SOLUTION)[1] == []  # solution.kt's frames
    assert java.JAVA.split_stack_dump("plain\n", SOLUTION) == ("plain\n", [])
    at_end = java.DUMP_TITLE + "\n\tat Solution.spin(Solution.java:12)"
    assert java.JAVA.split_stack_dump(at_end, SOLUTION) == ("", [Frame(12, "spin")])


def test_a_jvm_stack_dump_ends_at_its_first_line_that_is_not_a_frame() -> None:
    title = java.DUMP_TITLE + "\n"
    frame = "\tat Solution.spin(Solution.java:12)\n"
    assert java.JAVA.split_stack_dump(title + "printed\nrest\n", SOLUTION) == (
        "printed\nrest\n", [])
    assert java.JAVA.split_stack_dump(title + frame + "rest\n", SOLUTION) == (
        "rest\n", [Frame(12, "spin")])
    assert java.JAVA.split_stack_dump(title + frame * 3 + "rest\n", SOLUTION) == (
        "rest\n", [Frame(12, "spin")] * 3)


def test_a_jvm_failing_outside_the_heap_is_out_of_memory() -> None:
    assert java.JAVA.out_of_memory("Exception java.lang.OutOfMemoryError: Metaspace")
    assert not java.JAVA.out_of_memory("java.lang.StackOverflowError")


def test_node_runs_the_harness_with_its_heap_capped_and_its_seed(
        tools: dict[str, str | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(javascript.NODE_MODULES_VARIABLE, str(tmp_path))
    monkeypatch.setenv(javascript.FORK_ADDON_VARIABLE, "")  # see the next test for the addon
    (tmp_path / "lodash").mkdir()
    launch = javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 128, 2**31 + 3)
    assert launch.argv == ("/opt/bin/node", "--max-old-space-size=128", "--random-seed=3",
                           Mounted(javascript.HARNESS_FILE, "/judge/harness.js"),
                           Mounted(Path("s.js").resolve(), "/submission/solution.js"), "7", "9",
                           "leetcode")
    assert launch.env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                          "NODE_PATH": str(tmp_path.resolve())}
    assert launch.toolchain == ("/opt/bin", str(tmp_path.resolve()))
    # V8 refuses a seed of 0: it means "none".
    assert javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 0, 2**31,
                                        ).argv[1] == "--random-seed=1"
    least = javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 1, None)
    assert least.argv[1] == "--max-old-space-size=1"
    unseeded = javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 0, None)
    assert unseeded.argv[1] == Mounted(javascript.HARNESS_FILE, "/judge/harness.js")


def test_node_with_the_fork_addon_forks_single_threaded(
        tools: dict[str, str | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    addon = tmp_path / "fork.node"
    monkeypatch.setenv(javascript.FORK_ADDON_VARIABLE, str(addon))
    assert javascript.fork_addon() is None and not javascript.JAVASCRIPT.forks  # not built
    addon.write_bytes(b"built")
    assert javascript.fork_addon() == addon.resolve() and javascript.JAVASCRIPT.forks
    launch = javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 0, None)
    # A fork copies one thread: V8 must run no background threads it would wait for.
    assert launch.argv[1] == "--single-threaded"
    assert launch.argv[-2:] == ("leetcode", Mounted(addon.resolve(), "/judge/fork.node"))
    monkeypatch.setenv(javascript.FORK_ADDON_VARIABLE, "")
    assert javascript.fork_addon() is None and not javascript.JAVASCRIPT.forks
    # Unset, it is where make builds it: under the virtual environment.
    monkeypatch.delenv(javascript.FORK_ADDON_VARIABLE)
    monkeypatch.setattr(javascript.sys, "prefix", str(tmp_path))
    assert javascript.fork_addon() is None
    (tmp_path / "node").mkdir()
    (tmp_path / "node" / "fork.node").write_bytes(b"built")
    assert javascript.fork_addon() == (tmp_path / "node" / "fork.node").resolve()


def test_node_without_leetcodes_packages_runs_without_them(
        tools: dict[str, str | None], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(javascript.NODE_MODULES_VARIABLE, str(tmp_path))
    assert javascript.leetcode_packages() is None
    launch = javascript.JAVASCRIPT.launch(Path("s.js"), "leetcode", CHANNEL, 64, None)
    assert launch.env == {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    assert launch.toolchain == ("/opt/bin",)
    monkeypatch.delenv(javascript.NODE_MODULES_VARIABLE)
    monkeypatch.setattr(javascript.sys, "prefix", str(tmp_path))
    (tmp_path / "node" / "node_modules" / "lodash").mkdir(parents=True)
    assert javascript.leetcode_packages() == (tmp_path / "node" / "node_modules").resolve()


def test_v8s_heap_report_is_out_of_memory() -> None:
    assert javascript.JAVASCRIPT.out_of_memory(
        "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory")
    assert not javascript.JAVASCRIPT.out_of_memory("RangeError: Maximum call stack size")
    assert javascript.JAVASCRIPT.build(Path("s.js"), "leetcode") is None
    assert javascript.JAVASCRIPT.split_stack_dump("x", SOLUTION) == ("x", [])


def test_each_harness_says_what_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(javascript.FORK_ADDON_VARIABLE, "")  # Node.js forks with its addon only
    said = {h.name: (h.extensions, h.games, h.forks, h.stack_dumps) for h in HARNESSES}
    assert said == {
        "python": ((".py",), ("leetcode", "wc2022"), True, True),
        "cpp": ((".cpp", ".cc", ".cxx"), ("leetcode", "wc2022"), True, False),
        "java": ((".java",), ("leetcode",), False, True),
        "javascript": ((".js",), ("leetcode",), False, False),
        "kotlin": ((".kt",), ("leetcode",), False, True),
    }
    assert registry.GAME_NAMES == {"leetcode": "LeetCode 843", "wc2022": "P8079"}
