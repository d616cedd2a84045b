"""The sandbox's system-call filter: every denied call fails inside a submission, in every
language's sandbox, and what it closes (the kernel keyring) no longer carries a secret."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest

from judge.cases import Case
from judge.grading import grade
from judge.run.confine import Bubblewrap
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner
from judge.run.syscalls import (
    DENIED,
    FLAGGED,
    SELF_ONLY,
    UNIMPLEMENTED,
    WITHOUT_KSM,
    WORKERS_DENIED,
    WORKERS_DENIED_FCNTL,
)

from .conftest import needs_bubblewrap, toolchain_marks
from .test_integrity import CHEATS, cheats, every_secret_of_one_list, learned_words

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

pyseccomp = pytest.importorskip("pyseccomp")
CASE = Case("probe", "aaaaaa", ("aaaaaa", "bbbbbb"), 10)


# What the filter must deny whatever else changes: the calls Docker's default profile denies
# that a solution could use to reach outside its case.
REQUIRED = {"keyctl", "add_key", "request_key", "ptrace", "perf_event_open", "bpf",
            "userfaultfd", "mount", "unshare", "setns", "process_vm_readv", "kcmp",
            "ioprio_set", "personality", "cachestat"}
# And to workers, what could name a meeting place between a case and a warm process.
REQUIRED_OF_WORKERS = {"socket", "shmget", "msgget", "semget", "mq_open", "flock",
                       "inotify_init1", "inotify_add_watch"}


def test_the_filter_denies_at_least_what_dockers_default_profile_does() -> None:
    assert set(DENIED) >= REQUIRED and set(WORKERS_DENIED) >= REQUIRED_OF_WORKERS
    assert {("setpriority", 0), ("setpriority", 1), ("sched_setaffinity", 0)} <= set(SELF_ONLY)


def number(name: str) -> int:
    """The call's number; a probe of one call with other arguments is named `call@index`."""
    return int(pyseccomp.resolve_syscall(pyseccomp.Arch.NATIVE, name.split("@")[0]))


HIGH_HALF = 1 << 32


def expected() -> dict[str, tuple[int, list[int]]]:
    """Each probed call: the errno the filter answers, and the arguments it is made with.
    The arguments are harmless where a call goes through (a bug in the filter)."""
    calls = {name: (errno.EPERM, [0] * 6) for name in DENIED + WORKERS_DENIED}
    calls.update({name: (errno.ENOSYS, [0] * 6) for name in UNIMPLEMENTED})
    for name, index in SELF_ONLY:
        args = [0] * 6
        # process 1: another process of the sandbox; setpriority's first, PRIO_PGRP: its group
        args[index] = 1
        calls[name if name not in calls else f"{name}@{index}"] = (errno.EPERM, args)
    for command in WORKERS_DENIED_FCNTL:
        # On standard input (a pipe or /dev/null), with no lock given: an error other than
        # EPERM (or F_GETLEASE's answer) where the command goes through.
        calls[f"fcntl@{command}"] = (errno.EPERM, [0, command, 0, 0, 0, 0])
    for name, index, flag in FLAGGED:
        args = [0] * 6  # a read of nothing from stdin: 0 where the flag goes through
        args[index] = flag
        calls[name] = (errno.EOPNOTSUPP, args)
    for name, index, value in WITHOUT_KSM:
        args = [0] * 6  # no pages at all (madvise), or merging turned off (prctl): 0 if let through
        args[index] = value
        calls[name] = (errno.EINVAL, args)
        # The kernel reads an int: with the high half set, the call does what `value` does.
        args = args.copy()
        args[index] = HIGH_HALF | value
        calls[f"{name}@high"] = (errno.EINVAL, args)
    calls["fcntl@high"] = (errno.EPERM, [0, HIGH_HALF | WORKERS_DENIED_FCNTL[0], 0, 0, 0, 0])
    return calls


PYTHON_PROBE = """
import ctypes

CALLS = {calls!r}


class Solution:
    def findSecretWord(self, words, master):
        libc = ctypes.CDLL(None, use_errno=True)
        for name, (nr, args) in CALLS.items():
            ctypes.set_errno(0)
            result = libc.syscall(nr, *[ctypes.c_long(a) for a in args])
            print("call", name, result, ctypes.get_errno(), flush=True)
        master.guess("aaaaaa")
"""

CPP_PROBE = """
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

class Solution {
public:
    void findSecretWord(vector<string>& words, Master& master) {
%s
        // clone with a namespace flag: were it allowed, the child leaves at once.
        errno = 0;
        long r = syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, 0, 0, 0);
        if (r == 0) _exit(0);
        printf("call clone-newuser %%ld %%d\\n", r, errno);
        fflush(stdout);
        master.guess("aaaaaa");
    }
};
"""


def probe_results(output: str) -> dict[str, tuple[int, int]]:
    found = {}
    for line in output.splitlines():
        if line.startswith("call "):
            _, name, result, code = line.split()
            found[name] = (int(result), int(code))
    return found


def check(found: dict[str, tuple[int, int]], calls: dict[str, tuple[int, list[int]]]) -> None:
    wrong = {name: found.get(name) for name, (code, _) in calls.items()
             if found.get(name) != (-1, code)}
    assert not wrong, f"not refused as the filter says: {wrong}"


def run_probe(path: Path, sandbox: bool) -> str:
    (result,) = grade(IsolatedRunner(path, Limits(), sandbox=sandbox), "probe", [CASE]).results
    assert result.verdict == "AC", (result.verdict, result.message, result.detail)
    return result.output


@needs_bubblewrap
def test_every_denied_call_fails_in_a_python_submission(tmp_path: Path) -> None:
    calls = expected()
    path = tmp_path / "probe.py"
    path.write_text(PYTHON_PROBE.format(calls={n: (number(n), a) for n, (_, a) in calls.items()}))
    check(probe_results(run_probe(path, sandbox=True)), calls)


def test_the_probe_can_tell_a_refusal_from_a_call_that_went_through(tmp_path: Path) -> None:
    """The control, without the sandbox's filter: calls that are harmless with these
    arguments go through, so the test above fails where the filter is missing."""
    calls = {name: expected()[name]
             for name in ("unshare", "personality", "prlimit64", "preadv2", "madvise", "prctl")}
    path = tmp_path / "probe.py"
    path.write_text(PYTHON_PROBE.format(calls={n: (number(n), a) for n, (_, a) in calls.items()}))
    found = probe_results(run_probe(path, sandbox=False))
    assert all(found[name][0] != -1 for name in calls), found


@needs_bubblewrap
def test_every_denied_call_fails_in_a_cpp_submission(tmp_path: Path) -> None:
    from judge.harness.registry import harness_named

    if harness_named("cpp").missing() is not None:
        pytest.skip("g++ is missing: make test installs it")
    calls = expected()
    lines = []
    for name, (_, args) in calls.items():
        values = ", ".join(f"{a}L" for a in args)
        lines.append(f'        errno = 0; {{ long r = syscall({number(name)}, {values}); '
                     f'printf("call {name} %ld %d\\n", r, errno); }}')
    path = tmp_path / "probe.cpp"
    path.write_text(CPP_PROBE % "\n".join(lines))
    found = probe_results(run_probe(path, sandbox=True))
    check(found, {**calls, "clone-newuser": (errno.EPERM, [])})


# JavaScript and the JVM make no system call of their own choosing: their probe is a Python
# child, which inherits the worker's filter as any process the submission starts does.
CHILD_PROBE = """
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
for name, (nr, args) in {calls!r}.items():
    ctypes.set_errno(0)
    result = libc.syscall(nr, *[ctypes.c_long(a) for a in args])
    print("call", name, result, ctypes.get_errno(), flush=True)
"""
CHILD_PROBES = {
    "javascript": ("probe.js", """const {{ execFileSync }} = require("child_process");
var findSecretWord = function (words, master) {{
    process.stdout.write(execFileSync("python3", ["-c", {script}], {{ encoding: "utf8" }}));
    master.guess("aaaaaa");
}};
"""),
    "java": ("probe.java", """class Solution {{
    public void findSecretWord(String[] words, Master master) {{
        try {{
            Process child = new ProcessBuilder("python3", "-c", {script})
                .redirectErrorStream(true).start();
            System.out.print(new String(child.getInputStream().readAllBytes()));
            child.waitFor();
        }} catch (Exception e) {{
            throw new RuntimeException(e);
        }}
        master.guess("aaaaaa");
    }}
}}
"""),
}


@needs_bubblewrap
@pytest.mark.parametrize("language", [pytest.param(name, marks=toolchain_marks(name))
                                      for name in CHILD_PROBES])
def test_every_denied_call_fails_in_a_child_of_a_submission(tmp_path: Path,
                                                            language: str) -> None:
    calls = expected()
    script = CHILD_PROBE.format(calls={n: (number(n), a) for n, (_, a) in calls.items()})
    name, template = CHILD_PROBES[language]
    path = tmp_path / name
    path.write_text(template.format(script=json.dumps(script)))
    check(probe_results(run_probe(path, sandbox=True)), calls)


@needs_bubblewrap
def test_every_worker_and_build_step_starts_under_the_filter(tmp_path: Path) -> None:
    """Harnesses never start a process themselves: every worker and every build step, in
    any language, is a command of the confinement, which adds the filter."""
    from judge.harness.launch import Build, Launch

    sandbox = Bubblewrap()
    command = sandbox.command(Launch(argv=("/usr/bin/true",), env={}, toolchain=()))
    try:
        assert "--seccomp" in command.argv
        assert command.argv[command.argv.index("--seccomp") + 1] == str(command.pass_fds[0])
    finally:
        command.close()
    build = Build(files={}, steps=(("/usr/bin/true",),))
    step = sandbox.build_command(build, ("/usr/bin/true",), tmp_path)
    try:
        assert "--seccomp" in step.argv
    finally:
        step.close()


@needs_bubblewrap
@pytest.mark.parametrize("cheat", cheats("remembers_in_the_keyring.py",
                                         "remembers_in_the_keyring.cpp",
                                         "remembers_in_the_keyring.js"))
def test_the_keyring_carries_nothing_between_cases(cheat: str) -> None:
    """The cheat stores each secret it finds with add_key and skips stored words (from
    JavaScript, through a Python child): under the filter every case starts knowing nothing,
    and it plays as its honest twin would."""
    cases = every_secret_of_one_list()[:6]
    report = grade(IsolatedRunner(CHEATS / cheat, Limits(), sandbox=True), "keyring", cases,
                   order_seed=4)
    for case, result in zip(cases, report.results, strict=True):
        assert result.verdict == "AC", (result.verdict, result.message)
        assert learned_words(result) == [], result.output
        assert len(result.transcript) == case.words.index(case.secret) + 1
