"""`make sample-bugs`: the sample of realistic bugs that once went unnoticed (issue #31),
planted by hand one at a time in a copy of the project, each against the tests said to catch
it. Every one must make a test fail; the script says which, and exits 1 if one does not.

Usage: python scripts/sample_bugs.py [NAME ...]   (every bug when none is named)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutation import copy_project, kill_left_behind  # a script beside this one

# Far beyond any of these runs (a minute at most): a planted bug that makes a test hang is
# reported as not caught, with the time-out said.
PATIENCE_SECONDS = 900


@dataclass(frozen=True)
class Bug:
    name: str
    what: str
    path: str
    original: str
    planted: str
    tests: tuple[str, ...]


INTEGRITY = "tests/test_integrity.py::"
BUGS = (
    Bug("fresh-state-off", "fresh state per case switched off for the harnesses that do not "
        "fork", "judge/run/session.py", "self._anew = self.fresh_state", "self._anew = False",
        (f"{INTEGRITY}test_counting_cases_wins_nothing[java-2]",
         f"{INTEGRITY}test_counting_cases_wins_nothing[javascript-2]")),
    Bug("fresh-state-past-two", "fresh state only for lists of more than two cases",
        "judge/grading.py", "if len(group) > 1 or first", "if len(group) > 2 or first",
        (f"{INTEGRITY}test_counting_cases_wins_nothing[python-2]",)),
    Bug("reaped-children", "the CPU time of reaped child processes not counted",
        "judge/run/process.py", "fields[11:15]", "fields[11:13]", ("tests/test_process.py",)),
    Bug("no-backstop", "the wall-clock backstop ignored by a case's clock",
        "judge/run/limits.py", "if now >= self.wall_deadline:", "if False:",
        ("tests/test_time_limits.py::test_a_clock_fires_on_the_wall_when_no_cpu_is_used",)),
    Bug("stray-after-fork", "a process left behind by a case on a shared list no longer "
        "retires the worker", "judge/run/session.py",
        "elif worker.strays() - {case_fork.pid} or", "elif",
        (f"{INTEGRITY}test_a_process_left_behind_carries_nothing_to_later_cases",)),
    Bug("stray-alone", "a process left behind by a case alone on its list no longer retires "
        "the worker", "judge/run/session.py", "(case_fork is None and worker.strays())",
        "(case_fork is None and False)",
        (f"{INTEGRITY}test_a_process_left_behind_by_a_case_alone_on_its_list_retires_the_"
         "worker",)),
    Bug("unexplored-impossible", "the optimal solver's quick search treating an unexplored "
        "split as impossible", "judge/analysis/optimal.py",
        'result = "unknown"  # the rest waits', 'result = "impossible"  # the rest waits',
        ("tests/test_optimal.py",)),
    Bug("mean-over-played", "the summary's mean over accepted cases computed over every game "
        "played", "judge/result.py",
        '"mean_guesses": round(statistics.fmean(accepted), 4) if accepted else None',
        '"mean_guesses": round(statistics.fmean(played), 4) if played else None',
        ("tests/test_result.py",)),
    Bug("shard-past-n", "merge accepting shard K of N with K > N", "judge/report/merge.py",
        "if not 1 <= shard <= shards:", "if not 1 <= shard:", ("tests/test_merge.py",)),
    Bug("shard-option-past-n", "--shard K/N accepted with K > N", "judge/report/merge.py",
        "or not 1 <= int(k) <= int(n):", "or not 1 <= int(k):", ("tests/test_merge.py",)),
    Bug("after-the-limit", "the boundary of the WA reason 'found the secret after the limit'",
        "judge/grading.py", "if found_at > master.allowed_guesses:",
        "if found_at >= master.allowed_guesses:", ("tests/test_master.py",)),
    Bug("cache-by-size", "strongest.py's per-list cache keyed by the list's size",
        "solutions/strongest.py", "key = tuple(words)", "key = len(words)",
        ("tests/test_solutions.py::test_a_list_is_played_as_if_alone_after_another_list_of_its_"
         "size[strongest]",)),
    Bug("rollout-limit", "strongest.py's rollout limit changed", "solutions/strongest.py",
        "    LIMIT = 9\n", "    LIMIT = 10\n",
        ("tests/test_solutions.py::test_the_strongest_meets_its_targets_on_the_benchmark",)),
)


def first_failure(output: str) -> str:
    failed = [line.split(" - ")[0] for line in output.splitlines() if line.startswith("FAILED")]
    return failed[0].removeprefix("FAILED ") if failed else ""


def try_bug(bug: Bug, copy: Path) -> tuple[bool, str]:
    """Whether a test fails with the bug planted in `copy`, and which (or why not)."""
    source = copy / bug.path
    text = source.read_text()
    if text.count(bug.original) != 1:
        return False, f"the code to change is no longer in {bug.path} exactly once"
    source.write_text(text.replace(bug.original, bug.planted))
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:randomly",
                               *bug.tests], cwd=copy, capture_output=True, text=True,
                              timeout=PATIENCE_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return False, f"the tests ran past {PATIENCE_SECONDS} s"
    finally:
        source.write_text(text)
        kill_left_behind(copy)
    if done.returncode == 1:
        return True, first_failure(done.stdout)
    return False, f"pytest ended with status {done.returncode}"


def main(argv: list[str]) -> int:
    names = {b.name for b in BUGS}
    unknown = [n for n in argv if n not in names]
    if unknown:
        print(f"no bug {unknown[0]!r}: the bugs are {', '.join(b.name for b in BUGS)}",
              file=sys.stderr)
        return 2
    copy = Path(tempfile.mkdtemp(prefix="sample-bugs-"))
    missed = 0
    try:
        copy_project(copy)
        for bug in BUGS:
            if argv and bug.name not in argv:
                continue
            caught, said = try_bug(bug, copy)
            missed += not caught
            print(f"{'caught' if caught else 'MISSED'}  {bug.name}: {bug.what}\n    {said}",
                  flush=True)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    print(f"{'every planted bug was caught' if not missed else f'{missed} not caught'}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
