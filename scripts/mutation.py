"""`make mutation`: how many small bugs planted in the code that decides verdicts the tests catch.

mutmut plants each bug (a mutant) in a copy of the project and runs the tests that reach the
function it is in (it records which tests call which functions first). The modules come in
groups, each with the test files that judge it, so that a mutant in the merge of shards is not
tried against the whole suite: every group runs in a copy of its own, one after another.

A mutant the tests do not catch survives. Survivors known to change nothing a user could see
(equivalent mutants) are listed, with their reasons, in EQUIVALENT below and in
docs/development.md; they are left out of the score. Code that runs in the worker process
(judge/harness/python/worker.py and the other languages' harnesses) is not mutated here: it
runs in another interpreter, in the sandbox, where mutmut cannot switch its mutants on.

A listed survivor is not tried again while the function it is in is what it was when it was
seen surviving: RECORD keeps mutmut's hash of each such function (and mutmut's version, which
numbers the mutants). `--record` tries the listed survivors of the groups named, and records
the functions whose listed mutants all survived; a function changed since is tried again.

Usage: python scripts/mutation.py [GROUP ...] [--keep] [--jobs N]   (every group when none is named)
       python scripts/mutation.py [GROUP ...] --record   (try the listed survivors, record them)
       python scripts/mutation.py --table   (the equivalent mutants, for docs/development.md)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The functions whose listed equivalent mutants were seen surviving, by mutmut's hash of their
# code; written by --record.
RECORD = ROOT / "scripts" / "mutation-equivalents.json"
# What a copy needs beside the modules: the tests read cases, solutions and scripts.
COPIED = ("judge", "tests", "cases", "solutions", "scripts", "docs", "pyproject.toml",
          "README.md", "Makefile")


@dataclass(frozen=True)
class Group:
    name: str
    modules: tuple[str, ...]
    tests: tuple[str, ...]


GROUPS = (
    Group("rules", ("judge/master.py", "judge/rules.py", "judge/verdicts.py"),
          ("tests/test_master.py", "tests/test_rules.py", "tests/test_feedback.py")),
    Group("grading", ("judge/grading.py", "judge/result.py"),
          # A scripted runner judges grading in milliseconds: the tests that start workers
          # for every case (integrity, the CLI's output) would make each mutant cost minutes.
          ("tests/test_grading.py", "tests/test_result.py", "tests/test_master.py",
           "tests/test_feedback.py")),
    # run/ by module, each judged by tests of its own that take milliseconds to a second: a
    # scripted worker for the runner, a dozen-line worker for the pipes, fake time for the
    # clock; and, for the fork path, the integrity tests without the sandbox.
    Group("runner", ("judge/run/session.py",),
          ("tests/test_session.py", "tests/test_session_workers.py",
           *(f"tests/test_integrity.py::{t}" for t in (
              "test_counting_cases_wins_nothing[python-2]",
              "test_counting_cases_wins_nothing[cpp-2]",  # a compiled language's fork path
              "test_a_case_cannot_learn_the_secrets_of_earlier_cases[plain]",
              "test_a_process_left_behind_carries_nothing_to_later_cases[plain]",
              "test_a_process_left_behind_by_a_case_alone_on_its_list_retires_the_worker[plain]",
              "test_a_case_process_that_exits_non_zero_after_its_case_is_rte[plain]",
              "test_state_that_forks_would_share_is_refused[remembers_in_shared_memory.py-plain]",
              "test_nothing_a_case_does_reaches_the_warm_process[signals_the_warm_process.py-plain]",
              "test_what_a_case_sets_on_an_open_file_it_shares_reaches_no_later_case"
              "[signals_through_a_shared_pipe.py-plain]",
              # the one place where the sandbox's private directories are emptied from outside
              "test_in_the_sandbox_what_outlives_a_process_is_removed_before_each_case"
              "[remembers_in_tmp.py]",
              # where the sandbox's own numbering of processes is followed case to case
              "test_in_the_sandbox_the_process_ids_a_case_drew_tell_the_next_case_nothing",
              # what a case's fork left on the judge's pipe, and printed, before they go on
              "test_what_a_case_sets_on_an_open_file_it_shares_reaches_no_later_case"
              "[leaves_guesses_for_the_next_case.py-plain]",
              "test_what_a_case_printed_is_read_before_the_warm_processes_go_on[plain]",
          )),
           # compiled in a sandbox whatever the run's mode
           "tests/test_languages.py::test_no_compiler_can_include_a_case_file[plain]",
           # workers made ahead (spares): held, taken for their seed only, none left over
           "tests/test_languages.py::test_a_worker_made_ahead_runs_nothing_until_it_is_taken",
           "tests/test_languages.py::test_a_worker_made_ahead_for_another_seed_is_not_used",
           "tests/test_languages.py::test_a_worker_that_could_not_be_made_ahead_is_made_when_"
           "its_case_comes",
           "tests/test_languages.py::test_a_jvm_lists_next_worker_is_made_while_a_case_plays_"
           "and_none_outlives_the_run[plain]",
           "tests/test_languages.py::test_a_list_that_ends_leaves_no_worker_made_ahead",
           "tests/test_languages.py::test_a_retired_worker_is_killed_at_once_and_waited_for_in_"
           "the_background",
           # in the sandbox, where spares load at once
           "tests/test_languages.py::test_in_a_sandbox_a_worker_made_ahead_loads_at_once_and_"
           "outlives_its_making",
           "tests/test_languages.py::test_a_worker_that_loaded_ahead_is_timed_from_its_start")),
    Group("process", ("judge/run/process.py",),
          # and the runner's real workers, whose forks are checked against the channel's
          # descriptors the worker keeps
          ("tests/test_process.py", "tests/test_session_workers.py",
           "tests/test_time_limits.py::test_cpu_time_of_a_process_tree_is_read_from_proc")),
    Group("limits", ("judge/run/limits.py",),
          ("tests/test_memory_limits.py",
           "tests/test_time_limits.py::test_a_clock_fires_on_cpu_time_before_the_wall",
           "tests/test_time_limits.py::test_a_clock_fires_on_the_wall_when_no_cpu_is_used",
           "tests/test_time_limits.py::test_the_backstop_is_a_multiple_of_the_cpu_limit",
           "tests/test_time_limits.py::test_the_backstop_named_in_the_verdict_is_the_one_in_force",
           "tests/test_time_limits.py::test_a_clock_counts_cpu_from_its_start_and_reads_it_once_"
           "a_check_interval",
           "tests/test_time_limits.py::test_a_clock_without_a_cpu_limit_waits_for_its_wall_"
           "deadline_only",
           "tests/test_time_limits.py::test_a_clock_given_its_cpu_zero_counts_what_was_used_"
           "before_its_start",
           "tests/test_time_limits.py::test_the_wall_can_be_cut_short_but_never_lengthened")),
    # The rest of run/: the sandbox's command line and system-call filter, compiling and its
    # cache, the forks' checks from /proc, each with tests of its own that take a second or
    # less; and the integrity tests that show the sandbox and the forks at work, one case list
    # each, for what only a real worker can show.
    Group("run", ("judge/run/build.py", "judge/run/confine.py", "judge/run/forks.py",
                  "judge/run/inprocess.py", "judge/run/syscalls.py"),
          ("tests/test_confine.py", "tests/test_build.py", "tests/test_forks.py",
           "tests/test_fork_checks.py", "tests/test_inprocess.py",
           "tests/test_build_caps.py", "tests/test_syscall_filter.py", "tests/test_worker.py",
           "tests/test_loading.py", "tests/test_page_cache.py",
           *(f"tests/test_integrity.py::{t}" for t in (
              "test_a_case_cannot_learn_the_secrets_of_earlier_cases[sandbox]",
              "test_state_that_forks_would_share_is_refused[remembers_in_shared_memory.py-plain]",
              "test_nothing_a_case_does_reaches_the_warm_process[signals_the_warm_process.py-plain]",
              "test_a_case_process_that_exits_non_zero_after_its_case_is_rte[plain]",
              "test_in_the_sandbox_what_outlives_a_process_is_removed_before_each_case"
              "[remembers_in_tmp.py]",
              # what a case reaches of a warm process without holding it
              "test_in_the_sandbox_no_case_writes_a_warm_processs_memory",
              "test_what_a_warm_process_holds_within_a_cases_reach_is_refused[plain]",
              "test_what_a_warm_process_holds_within_a_cases_reach_is_refused[sandbox]",
              # a warm process that looks ended and runs on (sandboxed as root)
              "test_a_warm_process_that_looks_ended_and_runs_on_is_refused",
          )),
           # the harness found among bubblewrap's processes, what it started as it loaded killed
           "tests/test_session_workers.py::test_a_process_started_while_loading_is_gone_before_"
           "the_first_case[sandbox]")),
    Group("harness", ("judge/harness/__init__.py", "judge/harness/launch.py",
                      "judge/harness/registry.py", "judge/harness/toolchain.py",
                      "judge/harness/*/__init__.py"),
          # The requests each harness makes, read in milliseconds; then LeetCode's examples
          # through every language's real worker, for what only running it can show.
          ("tests/test_harnesses.py",
           "tests/test_languages.py::test_leetcodes_two_examples_are_accepted",
           "tests/test_languages.py::test_a_language_is_chosen_by_extension_or_by_name",
           "tests/test_languages.py::test_a_missing_toolchain_is_one_clear_line")),
    Group("merge", ("judge/report/merge.py",), ("tests/test_merge.py",)),
    Group("wc2022", ("judge/wc2022/*",),
          # Entry points and matches against scripted workers, the page and tables worked by
          # hand, the rules and the bound on small dictionaries; one match through a real
          # worker. The solutions' own tests (minutes of play) judge the solutions instead.
          ("tests/test_wc2022_entry.py", "tests/test_wc2022_report.py",
           "tests/test_wc2022_bound.py",
           "tests/test_wc2022_numpy.py::test_same_guesses_on_tie_heavy_dictionaries",
           *(f"tests/test_wc2022.py::{t}" for t in (
               "test_doctests", "test_gold_and_silver_as_the_statement_defines_them",
               "test_feedback_refuses_words_of_different_lengths",
               "test_the_ports_judge_is_the_official_feedback", "test_points_and_score",
               "test_every_answer_draws_each_word_once_and_rounds_draw_with_replacement",
               "test_rounds_are_scored_by_guesses_used")))),
    Group("optimal", ("judge/analysis/optimal.py",),
          # The solver against brute force on small lists, and its bounds, plans and JSON; the
          # searches of a hundred words and more (seconds each) are the only tests that reach
          # the screening of openings in batches, and run last under a mutant.
          ("tests/test_optimal.py", "tests/test_optimal_mean.py")),
)

# Survivors that change nothing observable, by mutmut's name for them, with the reason.
# zip(..., strict=True) in merge's verify, after the names of results and cases were compared.
_LENGTHS_CHECKED = ("zip without strict=True: the names of results and cases were compared just "
                    "before, so the lengths are equal")
_DEFAULT_INT = "np.arange without dtype=np.int64: NumPy 2's default integer is int64"
_FLOAT_COUNTS = ("a float array instead of an integer or boolean one: what it holds (marks, "
                 "counts below 243) is exact in float64 and only added up or compared")
_SORT_KIND = "NumPy reads a sort's kind case-insensitively: 'STABLE' is 'stable'"
_FIRST_BEST = ("another start for the best so far: the first opening is always evaluated in "
               "full and replaces it")
_EITHER_METHOD = ("sorting or marking counts a row's distinct replies alike; which one is used "
                  "for 20 columns only changes the speed")
_CODEC = "'UTF-8' names the same codec as 'utf-8'"
_DEFAULT_TEXT = ("the default encoding for reading text, which is UTF-8 wherever the judge runs "
                 "(Python 3.7 and later turn the C locale into UTF-8, PEP 538)")
_MAY_SIGNAL = ("PermissionError cannot arise: the judge signals only its workers' processes, "
               "which are its own user's or, running as root, any user's")
_WIDER_COUNT = ("another type for the solver's counts, as wide as they need or wider (None: "
                "int64 or float64): the same values")
_SPARE_ROOM = "room to spare in an internal buffer: the part read is the same"
_FALSE_START = "None instead of False or '' for a flag or text read only for its truth"
_LOWEST_BIT = ("x | -x for x & -x: the first is minus the second, and a negative number's "
               "bit_length is its magnitude's, so the same word is found")
_NOT_STDIN = ("descriptor 0 is the judge's standard input, never a pipe it made for a worker, so "
              "'>= 0' and '> 0' tell the same descriptors apart")
_CLOSED_MARK = "-2 instead of -1 for a closed pipe: any negative number reads as closed"
_OTHER_CHUNKS = "reads of 65537 bytes instead of 65536: the same bytes, in other chunks"
_DEADLINE_CHECK = ("the deadline is read at another call, or a moment later: a search still "
                   "stops once the time is up, as the time-limit tests check")
# The optimal solver's pruning: a mutant that prunes less, or prunes at another depth, or hands
# a set's bounds down less, only makes the search slower; its answers stay the same, which the
# brute-force tests check (a mutant that prunes more, or remembers a wrong answer, is caught).
_SAME_LENGTH = "zip without strict=True over lists built from the same list: they have one length"
_SCREEN_PASSES = ("the screen lets through a guess it could drop: the search meets what was "
                  "known (the group remembered, or bounded, unsolvable) at the group itself, "
                  "and answers the same, later")
_SAME_MEMORY = ("the 'remembered unsolvable' test made here again by known(), which reads the same "
                "memory with the same comparison: the same groups are dropped")
_NOT_HANDED_DOWN = ("bounds or screened guesses not handed down to a set's search: it computes "
                    "the same ones again")
_OTHER_DEPTH = ("screening or planning from another depth: a screen drops only guesses that fail "
                "within the guesses it is given, which holds at any depth, so only the work left "
                "to the search changes")
_MORE_TRIED = ("guesses kept that the search could skip (a looser limit, a guess that splits "
               "nothing, a split seen already): it proves them failing and answers the same")
_OTHER_ORDER = ("guesses with equally small largest groups tried in another order: the exhaustive "
                "search answers the same, and its strategy is as good")
_STEPS_SPENT = ("the quick search spends its steps or discrepancies otherwise: it says 'unknown' "
                "sooner or later (always allowed: the exhaustive search then decides), its "
                "memory stays true, and with steps enough it is complete, as the tests check")
_NEVER_REACHED = ("2**30 and 2**31 both stand for 'never proven solvable': no search reaches "
                  "either count of guesses")
EQUIVALENT: dict[str, str] = {
    "judge.grading.x_warmup_masters__mutmut_9":
        "the warm-up draw seeded by the list's second word instead of its first: another draw, "
        "as independent of the cases' secrets and as replayable",
    "judge.grading.x_grade__mutmut_9":
        "an order seed of 65 random bits instead of 64: as unpredictable, and replayed the same",
    "judge.report.merge.x_verify__mutmut_14": _LENGTHS_CHECKED,
    "judge.report.merge.x_verify__mutmut_17": _LENGTHS_CHECKED,
    "judge.report.merge.x_verify__mutmut_18": _LENGTHS_CHECKED,
    "judge.report.merge.x_parse_shard__mutmut_3":
        "the last '/' instead of the first: with two or more, one side holds a '/', which is no "
        "digit, and K/N is refused either way",
    **{f"judge.run.session.xǁIsolatedRunnerǁ__init____mutmut_{n}": _FALSE_START
       for n in (18, 20)},
    "judge.run.session.xǁWorkerOwnerǁ__init____mutmut_25": _FALSE_START,
    **{name: _FALSE_START for name in (
        "judge.run.session.xǁIsolatedRunnerǁ__init____mutmut_27",
        "judge.run.session.xǁIsolatedRunnerǁ_retire__mutmut_5",
        "judge.run.session.xǁIsolatedRunnerǁplay__mutmut_162",
        "judge.run.session.xǁIsolatedRunnerǁ_hear_joined__mutmut_3")},
    **{f"judge.run.session.xǁIsolatedRunnerǁ_end_fork__mutmut_{n}":
       "another name than 'list' for the level once a list's case fork has ended: any level "
       "but the root ends the list's own process next, which puts the runner at the root"
       for n in (10, 11)},
    "judge.run.session.xǁWorkerOwnerǁ_make_spares__mutmut_13":
        "going on with as many spares as wanted: the loop makes none (the pool of makers may be "
        "started early, as the next spare would start it)",
    "judge.run.session.xǁWorkerOwnerǁ_make_spares__mutmut_16":
        "the pool's own count of makers (the cores plus four) instead of SPARES_LOADING: the "
        "same spares are made, by threads that live as long, and idle threads wait for work",
    **{f"judge.run.session.xǁWorkerOwnerǁ_make_spares__mutmut_{n}":
       "the makers' thread names: shown nowhere" for n in (17, 19, 20, 21)},
    **{f"judge.run.session.xǁWorkerOwnerǁ_retire__mutmut_{n}":
       "a burying thread a daemon or not: close() joins it, and it ends in milliseconds (a "
       "process already killed is waited for, a cgroup removed)" for n in (3, 5, 6)},
    "judge.run.session.xǁIsolatedRunnerǁ__init____mutmut_22":
        "the warm-up games before any list: fresh_state_per_case sets them before they are read",
    **{f"judge.run.session.xǁIsolatedRunnerǁ__init____mutmut_{n}":
       "the list's warm process before any list: set when a list's process forks, before it "
       "is read" for n in (25, 26)},
    "judge.run.session.xǁIsolatedRunnerǁ_converse__mutmut_1":
        "no stop message yet: None is as false as the empty string",
    "judge.run.session.xǁIsolatedRunnerǁ_converse__mutmut_118": _CODEC,
    "judge.run.session.xǁIsolatedRunnerǁ_converse__mutmut_77":
        "the case's pidfd read even when there is none: the case's process is heard to end "
        "only through that pidfd, so there always is one",
    "judge.run.session.xǁIsolatedRunnerǁplay__mutmut_93":
        "a status before the fork's end is read: case_ended sees it only once the fork has "
        "ended, read through its pidfd, or says first that it has not ended",
    "judge.run.session.xǁIsolatedRunnerǁ__init____mutmut_29":
        "the last case fork's number before any list: each list's process sets it as it "
        "forks, before a case's fork is numbered",
    "judge.run.session.x_where_it_was__mutmut_8": _CODEC,
    "judge.run.session.x_where_it_was__mutmut_3": _DEFAULT_TEXT,
    "judge.run.session.x_where_it_was__mutmut_5": _DEFAULT_TEXT,
    **{f"judge.harness.registry.x_harness_for__mutmut_{n}":
       "the separator between the games a refused harness serves: a harness is refused only for "
       "a game it does not serve, so it serves one of the two games, and no separator is shown"
       for n in (27, 28)},
    "judge.run.build.x_failure__mutmut_7": _CODEC,
    **{f"judge.run.build.x_first_output__mutmut_{n}": _SPARE_ROOM for n in (37, 38)},
    "judge.run.build.x_first_output__mutmut_41":
        "'<=' for '<' on what is kept: once ERROR_BYTES are kept, the slice added is empty",
    **{f"judge.run.build.x_built_program__mutmut_{n}": _DEFAULT_TEXT for n in (41, 43, 69)},
    **{f"judge.run.build.x_built_program__mutmut_{n}": _CODEC for n in (46, 71)},
    **{f"judge.harness.java.xǁJvmHarnessǁbuild__mutmut_{n}":
       "another bare name for a java that is not installed: the folder two up from a bare name "
       "is '.' whatever the name, and so is the JVM's home derived from it" for n in (78, 79)},
    **{f"judge.harness.java.xǁJvmHarnessǁ_ahead_of_time__mutmut_{n}":
       "another bare name for a jar not on PATH: the JDK that gives javac, without which no JVM "
       "build starts, gives jar beside it" for n in (6, 7)},
    **{f"judge.harness.java.xǁJvmHarnessǁ{name}": "shared_archive=None instead of False: the "
       "argument is read for its truth, and None is false"
       for name in ("_ahead_of_time__mutmut_14", "launch__mutmut_20")},
    "judge.run.build.x_first_output__mutmut_8":
        "a deadline reached to the nanosecond: the next turn of the loop finds it passed",
    "judge.run.build.x_cache_limit_mb__mutmut_6":
        "another text for an unset size variable: any text that is not a count gives the default",
    "judge.run.confine.xǁBubblewrapǁbuild_command__mutmut_2":
        "worker=None instead of False: the flag is read for its truth, and the build's filter is "
        "the same program",
    **{f"judge.run.forks.x_exit_code_of__mutmut_{n}":
       "a signed or unsigned 64-bit mask, or the offset 0 left to its default: the mask's few "
       "low bits read the same either way" for n in (13, 27, 29)},
    "judge.run.forks.x_exit_code_of__mutmut_40":
        "the exit code read unsigned: it holds a wait status, never negative",
    **{f"judge.run.forks.x_{function}__mutmut_{n}":
       "pidfd_getfd's flags None instead of 0: ctypes passes None as a null pointer, 0"
       for function, n in (("copied_descriptions", 11), ("open_descriptors", 18))},
    **{f"judge.run.forks.x_{function}__mutmut_{n}":
       "a copy numbered 0 taken for a failure: the pidfd, open meanwhile, holds any lower free "
       "number than a copy's" for function, n in (("copied_descriptions", 17),
                                                  ("copied_descriptions", 18),
                                                  ("open_descriptors", 24),
                                                  ("open_descriptors", 25))},
    **{f"judge.run.forks.x_description_state__mutmut_{n}":
       "another mark for a size or a count that a description does not have: it is compared "
       "only with itself, read from the same description" for n in (6, 7, 8, 9, 10, 11)},
    "judge.run.forks.x_description_state__mutmut_25":
        "the count of unread bytes read unsigned: it is never negative",
    "judge.run.confine.x_harness_among__mutmut_7":
        "a process whose program cannot be read taken for bubblewrap's: only one gone since it "
        "was listed has none, and a gone process is no harness, nor the parent of a live one "
        "(its children have a new parent)",
    "judge.run.forks.x_empty_from_outside__mutmut_13":
        "follow_symlinks=None instead of False: the argument is read for its truth, and None is "
        "false",
    "judge.run.limits.xǁClockǁ__init____mutmut_9":
        "the CPU zero of a clock without a CPU limit, which never reads CPU time",
    "judge.run.limits.xǁCgroupWatchǁrelease__mutmut_4":
        "one more try to remove a cgroup that will not go: the same result, 10 ms later",
    "judge.run.limits.xǁCgroupWatchǁrelease__mutmut_14":
        "the pause between tries grows by a fifth of the time waited instead of a quarter: "
        "the first tries as soon, the last as far apart, the same half second in all",
    "judge.run.limits.xǁTreeMemoryLimitǁwatch__mutmut_5":
        "32 random bytes in a cgroup's name instead of 8: a name no other judge's meets "
        "either way",
    "judge.run.limits.xǁTreeMemoryLimitǁwatch__mutmut_6":
        "9 random bytes in a cgroup's name instead of 8: a name no other judge's meets "
        "either way",
    "judge.run.limits.x_tmpfs_bytes__mutmut_6":
        "O_RDONLY is 0, so the open loses only O_DIRECTORY, which refuses a /tmp that is not a "
        "directory: no sandbox has one",
    "judge.run.limits.x_tmpfs_bytes__mutmut_18":
        "fstat and fstatvfs of a directory already open do not fail",
    "judge.run.process.xǁOutputDrainǁtake__mutmut_8": _CODEC,
    "judge.run.process.xǁOutputDrainǁtake_recent__mutmut_8": _CODEC,
    "judge.run.process.x_proc_text__mutmut_6":
        "a /proc file open for a moment without O_CLOEXEC: the judge starts processes through "
        "subprocess, which closes every descriptor in the child but those it passes",
    "judge.run.process.x_proc_text__mutmut_12": _OTHER_CHUNKS,
    "judge.run.process.x_proc_text__mutmut_22": _CODEC,
    "judge.run.process.xǁWorkerǁ__init____mutmut_14":
        "mode 0o667 instead of 0o666 for a pipe: the execute bit means nothing for a pipe",
    "judge.run.process.xǁWorkerǁ__init____mutmut_53":
        "descriptor 1 for 0 among the worker's own: its standard input is /dev/null (the "
        "hold's exec), open read-only, which the forks' check lets pass in any case",
    "judge.run.process.xǁWorkerǁreceive__mutmut_61": _CODEC,
    "judge.run.process.xǁWorkerǁreceive__mutmut_87": _CODEC,
    "judge.run.process.xǁWorkerǁreceive__mutmut_26":
        "the output pipe pumped when it has nothing to read: a read that returns at once",
    "judge.run.process.xǁWorkerǁreceive__mutmut_38": _OTHER_CHUNKS,
    "judge.run.process.xǁWorkerǁdeath__mutmut_3":
        "three seconds instead of two for a worker that closed its pipe to end",
    "judge.run.process.xǁWorkerǁdoom__mutmut_9": _MAY_SIGNAL,
    "judge.run.process.xǁWorkerǁdoom__mutmut_11": _MAY_SIGNAL,
    "judge.run.process.x_signal_all__mutmut_2": _MAY_SIGNAL,
    "judge.run.process.x_signal_all__mutmut_4": _MAY_SIGNAL,
    **{f"judge.run.process.xǁ{name}__mutmut_{n}": _NOT_STDIN
       for name, n in (("OutputDrainǁpump", 1), ("OutputDrainǁpump", 2), ("OutputDrainǁclose", 1),
                       ("OutputDrainǁclose", 2), ("Workerǁclose_requests", 1),
                       ("Workerǁclose_requests", 2), ("Workerǁlet_go", 1), ("Workerǁlet_go", 2),
                       ("Workerǁdoom", 1), ("Workerǁdoom", 2), ("Workerǁbury", 1),
                       ("Workerǁbury", 2))},
    **{f"judge.run.process.xǁ{name}__mutmut_{n}": _CLOSED_MARK
       for name, n in (("OutputDrainǁclose", 7), ("Workerǁclose_requests", 7),
                       ("Workerǁlet_go", 6), ("Workerǁdoom", 6), ("Workerǁbury", 7))},
    **{f"judge.run.process.xǁWorkerǁdoom__mutmut_{n}":
       "the hold's mark once doom has closed it: a doomed worker is never let go or doomed "
       "again, so the mark is not read again" for n in (4, 5)},
    "judge.run.process.xǁOutputDrainǁpump__mutmut_8": _SPARE_ROOM,
    "judge.run.process.xǁOutputDrainǁpump__mutmut_9":
        "None instead of b'' for a pipe that failed to read: both are false, and the pipe is "
        "closed as at its end",
    "judge.run.process.xǁWorkerǁreceive__mutmut_48":
        "what is kept of a line too long to be a message: a garbled message ends the worker "
        "(the runner and P8079's matches both retire it), and nothing more is read from it",
    "judge.run.process.x_let_go__mutmut_6":
        "another line to let a held process go: its shell reads a line, whatever it holds",
    "judge.run.process.xǁWorkerǁdoom__mutmut_20":
        "Popen.kill on a process that has ended does nothing, so no error is left to suppress",
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_11": _SPARE_ROOM,
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_17": _SPARE_ROOM,
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_28": _SPARE_ROOM,
    **{f"judge.analysis.optimal.xǁSolverǁ__init____mutmut_{n}": _WIDER_COUNT
       for n in (58, 59, 61, 62, 63, 64, 65, 66, 68)},
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_74":
        "the steps left before a search starts, which every search sets first",
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_75":
        "the steps left before a search starts, which every search sets first",
    "judge.analysis.optimal.xǁSolverǁ__init____mutmut_77": _DEADLINE_CHECK,
    **{f"judge.analysis.optimal.xǁSolverǁcount_a_set__mutmut_{n}": _DEADLINE_CHECK
       for n in (6, 7, 8, 9)},
    **{f"judge.analysis.optimal.xǁSolverǁcapacities_of_reply_classes__mutmut_{n}": _WIDER_COUNT
       for n in (3, 29, 31)},
    "judge.analysis.optimal.xǁSolverǁreply_group_sizes__mutmut_2": _WIDER_COUNT,
    **{f"judge.analysis.optimal.xǁSolverǁbounds__mutmut_{n}": _WIDER_COUNT
       for n in (1, 7, 20, 22, 35, 37, 67, 69)},
    "judge.analysis.optimal.x_solve__mutmut_1": "a default time limit of 61 s instead of 60",
    "judge.analysis.optimal.x_best_next_guess__mutmut_27": _LOWEST_BIT,
    "judge.analysis.optimal.xǁSolverǁtree__mutmut_8": _LOWEST_BIT,
    **{f"judge.analysis.optimal.xǁSolverǁscreened__mutmut_{n}": _SCREEN_PASSES
       for n in (7, 10, 39, 40)},
    **{f"judge.analysis.optimal.xǁSolverǁscreened__mutmut_{n}": _SAME_MEMORY
       for n in (8, 11, 16)},
    "judge.analysis.optimal.xǁSolverǁscreened__mutmut_15":
        "a default of 1 for groups never proven unsolvable: the screen is asked about "
        "SCREEN_FROM (3) guesses or more, so 1 >= guesses never holds",
    **{f"judge.analysis.optimal.xǁSolverǁ{name}__mutmut_{n}": _SAME_LENGTH
       for name, numbers in (("screened", (32, 35, 36, 44, 47, 48, 54, 57, 58)),
                             ("planned", (19, 22, 29)), ("ranked_guesses", (27, 30, 33)))
       for n in numbers},
    "judge.analysis.optimal.xǁSolverǁplanned__mutmut_6": _NOT_HANDED_DOWN,
    "judge.analysis.optimal.xǁSolverǁplanned__mutmut_31": _NOT_HANDED_DOWN,
    **{f"judge.analysis.optimal.xǁSolverǁcan_solve__mutmut_{n}": _NOT_HANDED_DOWN
       for n in (13, 16, 47, 48, 52, 55, 56)},
    **{f"judge.analysis.optimal.xǁSolverǁcan_solve__mutmut_{n}": _OTHER_DEPTH
       for n in (20, 26, 29, 30, 37, 38, 39)},
    "judge.analysis.optimal.xǁSolverǁranked_within__mutmut_13": _MORE_TRIED,
    **{f"judge.analysis.optimal.xǁSolverǁranked_guesses__mutmut_{n}": _MORE_TRIED
       for n in (6, 18, 20)},
    "judge.analysis.optimal.xǁSolverǁsplits__mutmut_9": _MORE_TRIED,
    "judge.analysis.optimal.xǁSolverǁranked_guesses__mutmut_7": _OTHER_ORDER,
    "judge.analysis.optimal.xǁSolverǁranked_guesses__mutmut_23": _OTHER_ORDER,
    "judge.analysis.optimal.xǁSolverǁranked_guesses__mutmut_19":
        "'parts > 2' for 'parts > 1' beside 'largest < size': two nonempty groups make the "
        "largest smaller than the set, so the guess is kept either way",
    "judge.analysis.optimal.xǁSolverǁknown__mutmut_5":
        "a set remembered solvable in exactly these guesses is searched again: its search "
        "finds it solvable again",
    "judge.analysis.optimal.xǁSolverǁknown__mutmut_11": _NEVER_REACHED,
    "judge.analysis.optimal.xǁSolverǁknown__mutmut_12": _NEVER_REACHED,
    "judge.analysis.optimal.xǁSolverǁknown__mutmut_20":
        "a default of 1 for sets never proven unsolvable: sets of three or more words cannot "
        "be solved in one guess, which the capacity test after it says too",
    **{f"judge.analysis.optimal.xǁSolverǁfind__mutmut_{n}": _STEPS_SPENT for n in (3, 15)},
    **{f"judge.analysis.optimal.xǁSolverǁ_find__mutmut_{n}": _STEPS_SPENT
       for n in (13, 17, 19, 24, 25, 26, 43, 60, 61, 62, 68, 69)},
    "judge.analysis.optimal.xǁSolverǁ_find__mutmut_18":
        "-2 for -1 as the discrepancies of a set never tried: a search is given 0 or more "
        "(it recurses with one fewer only below a rank it may afford), so both are below",
    "judge.analysis.optimal.x_solve__mutmut_41":
        "'<=' for '<' where a lower bound climbs by capacity: a strategy of `upper` guesses "
        "exists, so the capacity of `upper` holds every word and the climb stops there anyway",
    "judge.analysis.optimal.x_solve__mutmut_84":
        "the tree built whatever can_solve says at `upper`: it is still called (filling the "
        "choices the tree reads), and says yes, since a strategy of `upper` guesses exists",
    "judge.wc2022.bound.x_as_letters__mutmut_13": "'ASCII' names the same codec as 'ascii'",
    "judge.wc2022.game.x_read_dictionary__mutmut_9": "'ASCII' names the same codec as 'ascii'",
    "judge.wc2022.board.x_points_table__mutmut_23": "HTML's tag names are case-insensitive",
    **{f"judge.wc2022.rules.x_feedback__mutmut_{n}":
       "strict or not, the second and third zips pair lists of one length: the first zip "
       "refused words of two lengths" for n in (13, 16, 17, 27, 30, 31)},
    "judge.wc2022.bound.x_first_guess_order__mutmut_3":
        "counts times the answers instead of divided by them: the sum is then another "
        "decreasing affine function of the same sum of n log n, so the order is the same",
    "judge.wc2022.bound.x_first_guess_order__mutmut_15": _DEFAULT_INT,
    "judge.wc2022.bound.x_first_guess_order__mutmut_17": _DEFAULT_INT,
    "judge.wc2022.bound.x_first_guess_order__mutmut_32":
        "the stand-in for log2(0) is multiplied by a count of 0 either way",
    "judge.wc2022.bound.x_first_guess_order__mutmut_40": _SORT_KIND,
    "judge.wc2022.bound.x_letter_bound__mutmut_19": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_letter_bound__mutmut_21": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_letter_bound__mutmut_47": _FIRST_BEST,
    "judge.wc2022.bound.x_letter_bound__mutmut_48": _FIRST_BEST,
    "judge.wc2022.bound.x_letter_bound__mutmut_49": _FIRST_BEST,
    "judge.wc2022.bound.x_letter_bound__mutmut_50": _FIRST_BEST,
    "judge.wc2022.bound.x_letter_bound__mutmut_68":
        "classes of one size in another order (the default sort is not stable): the bound is "
        "the same, and only a tie could change which openings are pruned",
    "judge.wc2022.bound.x_letter_bound__mutmut_70":
        "classes of one size in another order (the default sort is not stable): the bound is "
        "the same, and only a tie could change which openings are pruned",
    "judge.wc2022.bound.x_letter_bound__mutmut_73": _SORT_KIND,
    "judge.wc2022.bound.x_letter_bound__mutmut_94":
        "the last of equally good openings reported instead of the first: the same bound, "
        "and either opening reaches it",
    "judge.wc2022.bound.x_pattern_matrix__mutmut_23": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_pattern_matrix__mutmut_25": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_pattern_matrix__mutmut_46": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_replies_over__mutmut_2": _EITHER_METHOD,
    "judge.wc2022.bound.x_replies_over__mutmut_3": _EITHER_METHOD,
    "judge.wc2022.bound.x_replies_over__mutmut_8": "np.sort's default axis is the last, 1 here",
    "judge.wc2022.bound.x_replies_over__mutmut_21": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_replies_over__mutmut_23": _FLOAT_COUNTS,
    "judge.wc2022.bound.x_replies_over__mutmut_29": _DEFAULT_INT,
    "judge.wc2022.bound.x_replies_over__mutmut_31": _DEFAULT_INT,
}

# A mutant's tests may take this many times (the time they took unmutated, plus a second)
# of CPU time; past that the mutant counts as caught.
TIMEOUT_FACTOR = 4
# A mutant that makes the tests hang, or crash (a call through ctypes without its number), is
# caught too: the suite would not pass with it.
CAUGHT = ("killed", "timeout", "segfault")
STATUS = re.compile(r"^\s+(\S+): (\w[\w ]*)$")


def mutmut_config(group: Group) -> str:
    listed = ", ".join(f'"{m}"' for m in group.modules)
    tests = ", ".join(f'"{t}"' for t in group.tests)
    return (f"\n[tool.mutmut]\nsource_paths = [\"judge\"]\nonly_mutate = [{listed}]\n"
            f"do_not_mutate = [\"judge/harness/python/worker.py\"]\n"
            f"also_copy = [\"cases\", \"solutions\", \"scripts\", \"docs\", \"README.md\"]\n"
            f"pytest_add_cli_args_test_selection = [{tests}]\n"
            f"pytest_add_cli_args = [\"-p\", \"no:cacheprovider\"]\n"
            # A mutant that slows a search down is caught at TIMEOUT_FACTOR (mutmut's default,
            # 30 times, made one group take hours on the optimal solver's pruning alone).
            f"timeout_multiplier = {TIMEOUT_FACTOR / 2}\n")


def copy_project(into: Path) -> None:
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, into / name, ignore=shutil.ignore_patterns(
                "__pycache__", ".hypothesis", "mutants"))
        elif source.exists():
            shutil.copy2(source, into / name)


def mutmut(where: Path, *args: str, log: Path | None = None) -> str:
    environment = {**os.environ, "PYTHONWARNINGS": "ignore"}
    command = [sys.executable, "-m", "mutmut", *args]
    if log is not None:
        with log.open("w") as out:
            subprocess.run(command, cwd=where, stdout=out, stderr=subprocess.STDOUT,
                           env=environment, check=False)
        return ""
    done = subprocess.run(command, cwd=where, capture_output=True, text=True,
                          env=environment, check=False)
    return done.stdout


def kill_left_behind(where: Path) -> int:
    """Kill every process still running from the group's copy, and say how many: a mutant
    that no longer retires a worker leaves workers, and cheats' servers, running for good
    (one such server, on its fixed socket name, made later test runs fail)."""
    killed = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if str(where).encode() in command:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed += 1
            except OSError:
                pass
    return killed


def function_of(mutant: str) -> str:
    """mutmut's name for the function a mutant is in: judge.rules.x_match for ..._mutmut_3."""
    return mutant.partition("__mutmut_")[0]


def settled(listed: Iterable[str], hashes: Mapping[str, str],
            recorded: Mapping[str, str]) -> set[str]:
    """The listed equivalent mutants that need not be tried again: their function's code is
    what it was when they were seen surviving (a change could renumber its mutants)."""
    return {name for name in listed
            if (now := hashes.get(function_of(name))) is not None
            and recorded.get(function_of(name)) == now}


def recordable(listed: Iterable[str], statuses: Mapping[str, str],
               hashes: Mapping[str, str]) -> dict[str, str]:
    """The functions (with their hashes) whose listed mutants all exist and all survived."""
    by_function: dict[str, list[str]] = {}
    for name in listed:
        by_function.setdefault(function_of(name), []).append(name)
    return {function: hashes[function] for function, names in by_function.items()
            if function in hashes and all(statuses.get(n) == "survived" for n in names)}


def read_record() -> dict[str, str]:
    """The functions recorded, or none when mutmut's version (which numbers the mutants) changed."""
    try:
        record = json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(record, dict) or record.get("mutmut") != version("mutmut"):
        return {}
    functions = record.get("functions")
    return dict(functions) if isinstance(functions, dict) else {}


def write_record(functions: Mapping[str, str], replaced: Iterable[str]) -> None:
    """Record the functions given, dropping the ones of `replaced` (the groups just tried)."""
    kept = {f: h for f, h in read_record().items() if f not in set(replaced)}
    RECORD.write_text(json.dumps({"mutmut": version("mutmut"),
                                  "functions": dict(sorted({**kept, **functions}.items()))},
                                 indent=1, ensure_ascii=False) + "\n")


def generated(where: Path) -> tuple[list[str], dict[str, str], set[str]]:
    """The group's mutants, mutmut's hash of each mutated function, and the functions some
    test reaches, from the files mutmut leaves in the copy's mutants folder."""
    names: list[str] = []
    hashes: dict[str, str] = {}
    for meta in sorted((where / "mutants").rglob("*.py.meta")):
        data = json.loads(meta.read_text())
        for name in data["exit_code_by_key"]:
            names.append(name)
            function = function_of(name)
            found = data["hash_by_function_name"].get(function.rpartition(".")[2])
            if found is not None:
                hashes[function] = found
    stats = json.loads((where / "mutants" / "mutmut-stats.json").read_text())
    tested = {f for f, tests in stats["tests_by_mangled_function_name"].items() if tests}
    return names, hashes, tested


def run_group(group: Group, keep: bool, jobs: int, record: bool) -> dict[str, str] | None:
    """Every mutant of the group with its status (killed, survived, timeout, no tests, ...), or
    None when mutmut could not start (a test that fails unmutated)."""
    where = Path(tempfile.mkdtemp(prefix=f"mutation-{group.name}-"))
    try:
        copy_project(where)
        with (where / "pyproject.toml").open("a") as f:
            f.write(mutmut_config(group))
        # A name no mutant has: mutmut makes the mutants and finds which tests reach which
        # function, then stops, and the mutants to try are chosen from what it made.
        mutmut(where, "run", "judge.none.x_none__mutmut_0", log=where / "mutmut-setup.log")
        try:
            names, hashes, tested = generated(where)
        except (OSError, ValueError, KeyError) as error:
            # Most often a test that fails unmutated: mutmut's log ends with its report.
            log = (where / "mutmut-setup.log").read_text(errors="replace").splitlines()
            print("\n".join(f"    {line}" for line in log[-15:]))
            print(f"  mutmut could not start on this group ({error}); its log is above")
            return None
        listed = [n for n in names if n in EQUIVALENT]
        skipped = set() if record else settled(listed, hashes, read_record())
        chosen = listed if record else [n for n in names if n not in skipped]
        untested = {n for n in chosen if function_of(n) not in tested}
        if [n for n in chosen if n not in untested]:
            mutmut(where, "run", "--max-children", str(jobs),
                   *(n for n in chosen if n not in untested), log=where / "mutmut.log")
        statuses = {}
        for line in mutmut(where, "results", "--all", "true").splitlines():
            found = STATUS.match(line)
            if found:
                statuses[found[1]] = found[2]
        statuses.update({n: "no tests" for n in untested})
        statuses.update({n: "listed, unchanged since seen surviving" for n in skipped})
        if record:
            statuses = {n: statuses[n] for n in listed}
        stale = [n for n in EQUIVALENT if function_of(n) in hashes and n not in names]
        for name in stale:
            print(f"  listed as equivalent but no longer made: {name}")
        survivors = [n for n, s in statuses.items() if s not in CAUGHT and n not in EQUIVALENT]
        for name in survivors:
            diff = [line for line in mutmut(where, "show", name).splitlines()
                    if line[:1] in "+-" and not line.startswith(("+++", "---"))]
            print(f"  {statuses[name]}: {name}\n" + "\n".join(f"      {d}" for d in diff))
        for name in listed:
            if name not in skipped and statuses.get(name) != "survived":
                print(f"  listed as equivalent but {statuses.get(name, 'not tried')}: {name}")
        if record:
            kept = recordable(listed, statuses, hashes)
            write_record(kept, replaced={function_of(n) for n in names})
            print(f"  {len(kept)} functions recorded in {RECORD.relative_to(ROOT)}")
        elif skipped:
            print(f"  {len(skipped)} listed equivalents not tried again: their functions are "
                  f"unchanged since they were seen surviving")
        return statuses
    finally:
        left = kill_left_behind(where)
        if left:
            print(f"  ({left} processes the mutants left running were killed)")
        if keep:
            print(f"  (kept in {where})")
        else:
            shutil.rmtree(where, ignore_errors=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    names = [g.name for g in GROUPS]
    parser.add_argument("groups", nargs="*", metavar="GROUP",
                        help=f"the groups to run, of {', '.join(names)} (default: every one)")
    parser.add_argument("--keep", action="store_true", help="keep each group's copy")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2, metavar="N",
                        help="mutants tried at once (default: one per core)")
    parser.add_argument("--record", action="store_true",
                        help="try only the listed equivalent mutants, and record the functions "
                             f"whose listed mutants all survived in {RECORD.name}")
    parser.add_argument("--table", action="store_true",
                        help="print the equivalent mutants as docs/development.md lists them, "
                             "and run nothing")
    args = parser.parse_args(argv)
    if args.table:
        print("| mutant | why nothing changes |\n|---|---|")
        print("\n".join(f"| `{name}` | {why} |" for name, why in EQUIVALENT.items()))
        return 0
    if args.jobs < 1:
        parser.error(f"--jobs takes a count of 1 or more, not {args.jobs}")
    unknown = [g for g in args.groups if g not in names]
    if unknown:
        parser.error(f"no group {unknown[0]!r}: the groups are {', '.join(names)}")
    chosen = [g for g in GROUPS if not args.groups or g.name in args.groups]
    caught = counted = 0
    failed: list[str] = []
    for group in chosen:
        start = time.monotonic()
        print(f"{group.name}: {', '.join(group.modules)}", flush=True)
        statuses = run_group(group, args.keep, args.jobs, args.record)
        if statuses is None:
            failed.append(group.name)
            continue
        if args.record:
            print(f"{group.name}: {sum(s == 'survived' for s in statuses.values())} of "
                  f"{len(statuses)} listed equivalents survived, "
                  f"{time.monotonic() - start:.0f} s", flush=True)
            continue
        scored = {n: s for n, s in statuses.items() if n not in EQUIVALENT}
        killed = sum(s in CAUGHT for s in scored.values())
        caught, counted = caught + killed, counted + len(scored)
        share = f"{killed / len(scored):.1%}" if scored else "no mutants"
        print(f"{group.name}: {killed} of {len(scored)} mutants caught ({share}), "
              f"{len(statuses) - len(scored)} equivalent, "
              f"{time.monotonic() - start:.0f} s", flush=True)
    if counted:
        print(f"mutation score: {caught} of {counted} ({caught / counted:.1%})")
    if failed:
        print(f"not measured: {', '.join(failed)} (mutmut could not start; see above)")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
