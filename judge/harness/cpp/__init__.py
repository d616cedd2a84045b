"""The C++ harness: the submission compiled with LeetCode's environment (or, for P8079, as a
contest entry) and a judge-written main that speaks the protocol (as DMOJ's signature grader
compiles a submission against the judge's header)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judge.harness.launch import SHARED_FOLDER, Build, Channel, Frame, Game, Launch, Mounted
from judge.harness.toolchain import (
    BUILD_ENV,
    RUN_ENV,
    install_hint,
    no_stack_dump,
    source_files,
    tool,
    version,
)

HERE = Path(__file__).parent
PROGRAM = "program"
SOURCE = "solution.cpp"  # the submission, as CALLER includes it
# The judge's file that includes the submission and calls findSecretWord: a compile error
# about that call (a signature unlike LeetCode's) names it, so its name says whose it is.
CALLER = "judge_calls_solution.cpp"
# C++17 as the issue asks; -O2 as LeetCode compiles C++ (its help page on the environments).
FLAGS = ("-std=gnu++17", "-O2", "-pipe")
COMPILER_MEMORY_MB = 2048  # g++ needs a few hundred MiB for <bits/stdc++.h>
HARNESS_OBJECT = "harness.o"
PRECOMPILED_HEADER = "leetcode.h.gch"
SHARED_FILE_MB = 512  # the precompiled <bits/stdc++.h> takes about 100 MiB
TRIVIAL_SOLUTIONS = {
    "leetcode": b"class Solution {\n  public:\n    void findSecretWord(vector<string>& words, "
                b"Master& master) {}\n};\n",
    "wc2022": b"void init(int num_scramble, const char* scramble) {}\nconst char* guess("
              b"int num_testcase, int remaining_guesses, char initial_letter, bool* gold, "
              b"bool* silver) { return \"aaaaa\"; }\n"}


@dataclass(frozen=True)
class CppHarness:
    name: str = "cpp"
    extensions: tuple[str, ...] = (".cpp", ".cc", ".cxx")
    games: tuple[Game, ...] = ("leetcode", "wc2022")
    stack_dumps: bool = False
    forks: bool = True
    runs_code_at_load: bool = True

    def missing(self) -> str | None:
        return None if tool("g++") else install_hint("g++", "g++")

    def build(self, solution: Path, game: Game) -> Build | None:
        compiler = tool("g++") or "g++"
        versions = version(compiler)
        game_flags = ("-DJUDGE_WC2022",) if game == "wc2022" else ()
        # The harness is compiled once for every submission, and LeetCode's headers (all of
        # the standard library's) precompiled once: each then costs a submission's build
        # about a second of the compiler's time (2.7 s for a build in all before, 0.45 after).
        harness = (compiler, *FLAGS, *game_flags, "-c", "-o", HARNESS_OBJECT, "harness.cpp")
        if game == "wc2022":
            # A contest submission brings its own includes (the seed's does); word.h is there
            # for one that asks for the contest's header.
            judge_files = source_files(HERE, "word.h", "fresh_state.h", "harness.cpp")
            judge_steps: tuple[tuple[str, ...], ...] = (harness,)
            files, sources = {}, (SOURCE,)
        else:
            judge_files = source_files(HERE, "leetcode.h", "fresh_state.h", "harness.cpp")
            # Found beside leetcode.h by the compiler, which uses it where the flags are the
            # ones it was made with, and reads leetcode.h itself otherwise.
            judge_steps = (harness, (compiler, *FLAGS, "-x", "c++-header", "-o",
                                     PRECOMPILED_HEADER, "leetcode.h"))
            files, sources = source_files(HERE, CALLER), (CALLER,)
        shared = Build(files=judge_files, steps=judge_steps, env=BUILD_ENV, versions=versions,
                       address_space_mb=COMPILER_MEMORY_MB, largest_file_mb=SHARED_FILE_MB)
        files[SOURCE] = solution.read_bytes()
        return Build(files=files, steps=((compiler, *FLAGS, *game_flags, "-I", SHARED_FOLDER,
                                          "-o", PROGRAM, *sources,
                                          f"{SHARED_FOLDER}/{HARNESS_OBJECT}"),),
                     env=BUILD_ENV, versions=versions, address_space_mb=COMPILER_MEMORY_MB,
                     source=SOURCE, trivial_source=TRIVIAL_SOLUTIONS[game], shared=shared)

    def launch(self, solution: Path, game: Game, channel: Channel, memory_mb: int,
               seed: int | None, built: Path | None = None) -> Launch:
        if built is None:
            raise ValueError("a C++ submission must be built before it is launched")
        return Launch(argv=(Mounted(built / PROGRAM, "/submission/program"),
                            str(channel.read_fd), str(channel.write_fd), str(memory_mb), game),
                      env=RUN_ENV)

    def split_stack_dump(self, output: str, solution: Path) -> tuple[str, list[Frame]]:
        return no_stack_dump(output)

    def out_of_memory(self, output: str) -> bool:
        return False  # std::bad_alloc reaches the harness, which reports it


CPP = CppHarness()
