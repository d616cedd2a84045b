"""The worker's pipes, judged with a tiny worker of a dozen lines instead of a harness: every
kind of message a hostile worker can write, the output it floods, the processes it leaves,
and how it died. Each test starts a Python process or two (tens of milliseconds)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judge.harness.launch import Channel
from judge.run.forks import state_of, waited
from judge.run.limits import Clock, NoWatch, WatchdogWatch
from judge.run.process import (
    CASE_PROCESS_ENDED,
    HOLD,
    LONGEST_MESSAGE,
    MEMORY_KILLED,
    Command,
    OutputDrain,
    Worker,
    children_of,
    descendants,
    exit_description,
    let_go,
    reap_siblings,
    signal_all,
    start_held,
    stat_fields,
)

from .conftest import arguments_of

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

# A loop that uses the CPU seconds given as its argument.
BURN = """import sys, time
end = time.process_time() + float(sys.argv[1])
while time.process_time() < end:
    pass
"""
# Reads requests, one JSON object a line: "write" puts raw text on the judge's pipe, "print"
# on its output, "spawn" starts a sleeping child, "exit" exits with a status, and so on;
# then says "ok".
TINY_WORKER = f"BURN = {BURN!r}\n" + r"""
import json, os, subprocess, sys, time
requests, replies = os.fdopen(int(sys.argv[1]), "rb"), int(sys.argv[2])
for line in requests:
    request = json.loads(line)
    if "write" in request:
        os.write(replies, request["write"].encode("latin-1"))
    if "print" in request:
        sys.stdout.write(request["print"]); sys.stdout.flush()
    if "raw" in request:
        os.write(1, request["raw"].encode("latin-1"))
    if "spawn" in request:
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    if "exit" in request:
        os._exit(request["exit"])
    if "zombie" in request:  # a child that has ended, never reaped
        ended = os.fork()
        if ended == 0:
            os._exit(7)
        while open(f"/proc/{ended}/stat").read().rsplit(")", 1)[1].split()[0] != "Z":
            time.sleep(0.001)
    if "sleep" in request:
        time.sleep(request["sleep"])
    if "burn" in request:  # CPU seconds, in a child that is reaped, then here
        child = subprocess.Popen([sys.executable, "-c", BURN, str(request["burn"])])
        child.wait()
        exec(BURN.replace("float(sys.argv[1])", str(request["burn"])))
    if "burn_alive" in request:  # CPU seconds in a child that lives on, unreaped
        alive = subprocess.Popen([sys.executable, "-c", BURN + "print(flush=True)\n"
                                  "time.sleep(600)", str(request["burn_alive"])],
                                 stdout=subprocess.PIPE)
        alive.stdout.readline()
    if "tree" in request:  # two children, each with a child of its own, from two threads
        import threading
        branched = []
        def branch():
            child = subprocess.Popen([sys.executable, "-c", "import subprocess, sys, time; "
                                      "subprocess.Popen([sys.executable, '-c', 'import time; "
                                      "time.sleep(600)']); print(flush=True); time.sleep(600)"],
                                     stdout=subprocess.PIPE)
            child.stdout.readline()  # its own child started: however busy the machine
            branched.append(child)
            time.sleep(600)  # a thread's children are listed under it while it lives
        for _ in range(2):
            threading.Thread(target=branch, daemon=True).start()
        while len(branched) < 2:
            time.sleep(0.001)
    if "forker" in request:  # a child that starts a new process every few milliseconds
        forker = subprocess.Popen([sys.executable, "-c", "import os, time\n"
                                   "for n in range(400):\n    if os.fork() == 0:\n"
                                   "        time.sleep(600)\n        os._exit(0)\n"
                                   "    if n == 9:\n        print(flush=True)\n"
                                   "    time.sleep(0.002)\ntime.sleep(600)"],
                                  stdout=subprocess.PIPE)
        forker.stdout.readline()  # ten started, and it goes on: however busy the machine
    if "report" in request:  # how it was started: its stdin, session and environment
        os.write(2, b"to stderr\n")
        os.write(replies, (json.dumps({"op": "report", "stdin": os.readlink("/proc/self/fd/0"),
                                       "own_session": os.getsid(0) == os.getpid(),
                                       "env": sorted(os.environ)}) + "\n").encode())
    if "name" in request:
        with open("/proc/self/comm", "w") as comm:
            comm.write(request["name"])
    if "hold" in request:  # a child holding this many MiB until killed
        subprocess.Popen([sys.executable, "-c", f"b = bytearray({request['hold']} << 20); "
                          "b[::4096] = b'x' * len(b[::4096]); import time; time.sleep(600)"])
    if "close_output" in request:
        os.close(1), os.close(2)
    if "close_replies" in request:
        os.close(replies)
        time.sleep(600)
    os.write(replies, b'{"op": "ok"}\n')
"""


def wait() -> Clock:
    """Far longer than any wait here: the tests that expect a message never meet it."""
    return Clock(None, 60.0)



@pytest.fixture
def worker() -> Iterator[Worker]:
    def command(channel: Channel) -> Command:
        return Command([sys.executable, "-c", TINY_WORKER, str(channel.read_fd),
                        str(channel.write_fd)], dict(os.environ))

    started = Worker(command, output_bytes=100)
    yield started
    started.kill()


def ask(worker: Worker, **request: Any) -> dict[str, Any] | None:
    assert worker.send(request)
    return worker.receive(wait())


@pytest.mark.parametrize(("written", "message"), [
    ('{"op": "guess", "word": "abc"}\n', {"op": "guess", "word": "abc"}),
    ("[1, 2]\n", {"op": "garbled", "line": "[1, 2]"}),
    ("7\n", {"op": "garbled", "line": "7"}),
    ("not json\xff\n", {"op": "garbled", "line": "not json\ufffd"}),
    ("[" * 100_000 + "\n", {"op": "garbled", "line": "[" * 200}),
    ("x" * 300 + "\n", {"op": "garbled", "line": "x" * 200}),
])
def test_each_line_is_one_message_and_anything_else_is_garbled(worker: Worker, written: str,
                                                                message: dict[str, Any]) -> None:
    assert ask(worker, write=written) == message
    assert worker.receive(wait()) == {"op": "ok"}


def test_two_messages_in_one_write_come_one_at_a_time(worker: Worker) -> None:
    assert ask(worker, write='{"op": "a"}\n{"op": "b"}\n') == {"op": "a"}
    assert worker.receive(wait()) == {"op": "b"}
    assert worker.receive(wait()) == {"op": "ok"}


def test_what_a_worker_wrote_past_the_messages_read_is_unread(worker: Worker) -> None:
    """Kept after the last message read, or waiting in the pipe: a case's fork that wrote
    more after its last message would have it read in a later case's game."""
    assert ask(worker, write='{"op": "a"}\n{"op": "b"}\n') == {"op": "a"}
    assert worker.unread()  # "b", kept
    assert worker.receive(wait()) == {"op": "b"}
    assert worker.receive(wait()) == {"op": "ok"}
    assert not worker.unread()
    assert worker.send({"write": '{"op": "c"}\n'})
    assert waited(worker.unread, 60.0)  # "c", in the pipe, nothing kept
    assert worker.receive(wait()) == {"op": "c"}
    assert worker.receive(wait()) == {"op": "ok"}
    assert ask(worker, write='{"op": "a"}\n{"op": "b') == {"op": "a"}
    assert worker.unread()  # the start of a message


def test_a_line_longer_than_any_message_is_cut_off_unread(worker: Worker) -> None:
    flood = "y" * (LONGEST_MESSAGE + 70_000)
    assert ask(worker, write=flood) == {"op": "garbled", "line": "y" * 200 + "..."}


def test_a_worker_that_has_gone_sends_an_empty_message_and_says_how_it_ended(
        worker: Worker) -> None:
    assert ask(worker, exit=3) == {}
    assert worker.death() == "the process exited with status 3 before findSecretWord returned"


def test_a_worker_that_says_nothing_runs_out_its_clock(worker: Worker) -> None:
    worker.send({"sleep": 600})
    clock = Clock(None, 0.5)
    assert worker.receive(clock) is None and clock.fired == "wall"


def test_a_worker_that_reads_nothing_cannot_block_the_judge(worker: Worker) -> None:
    worker.send({"sleep": 600})
    clock = Clock(None, 0.5)
    assert not worker.send({"write": "z" * (1 << 20)}, clock) and clock.fired == "wall"


def test_output_is_kept_up_to_the_limit_and_the_rest_counted(worker: Worker) -> None:
    assert ask(worker, print="a" * 150 + "\x1b[2J") == {"op": "ok"}
    assert worker.output.take() == "a" * 100 + "\n[... 54 more bytes of output dropped]"
    assert worker.output.take_recent() == "a" * 150 + "\x1b[2J"
    assert ask(worker, print="next\x07") == {"op": "ok"}
    assert worker.output.take() == "next\\x07"


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except OSError:
        return False


def ends(pid: int) -> bool:
    """Whether `pid` ends within ten seconds (a kill takes effect a moment after it is sent)."""
    for _ in range(1000):
        if not alive(pid):
            return True
        time.sleep(0.01)
    return False


def test_processes_the_worker_started_are_strays_until_killed(worker: Worker) -> None:
    assert ask(worker) == {"op": "ok"} and worker.strays() == set()
    assert ask(worker, spawn=True) == {"op": "ok"}
    (child,) = worker.strays()
    assert alive(child)
    worker.kill_descendants()
    assert ends(child)
    assert ask(worker) == {"op": "ok"}  # the worker itself serves on
    assert ask(worker, spawn=True) == {"op": "ok"}
    worker.baseline = {p for p in worker.strays() if alive(p)}
    assert len(worker.baseline) == 1 and worker.strays() - {child} == set()


def test_killing_the_worker_kills_what_it_started(worker: Worker) -> None:
    assert ask(worker, spawn=True) == {"op": "ok"}
    (child,) = worker.strays()
    worker.kill()
    assert ends(child) and ends(worker.process.pid)


def test_an_output_pipe_closed_by_the_worker_stops_being_read() -> None:
    read, write = os.pipe()
    drain = OutputDrain(read, 4)
    os.write(write, b"abcdefgh")
    os.close(write)
    drain.pump()
    assert not drain.open and drain.take() == "abcd\n[... 4 more bytes of output dropped]"
    assert drain.take() == ""


def test_recent_output_keeps_the_last_bytes_only() -> None:
    read, write = os.pipe()
    drain = OutputDrain(read, 0)
    for _ in range(3):
        os.write(write, b"r" * 5000)
        drain.pump()
    os.write(write, b"END")
    assert drain.take_recent() == "r" * (OutputDrain.RECENT_BYTES - 3) + "END"
    assert drain.take_recent() == ""
    os.close(write)
    drain.close()


@pytest.mark.parametrize(("code", "relayed", "described"), [
    (-9, False, "killed by signal SIGKILL"),
    (-99, False, "killed by signal 99"),
    (128 + 11, True,
     "killed by signal SIGSEGV (exit status 139, 128 + SIGSEGV, from the sandbox)"),
    # The program's own status, not bubblewrap's: 139 is what it exited with.
    (128 + 11, False, "the process exited with status 139 before findSecretWord returned"),
    (128, True, "the process exited with status 128 before findSecretWord returned"),
    (128 + signal.NSIG, True, f"the process exited with status {128 + signal.NSIG} before "
                              "findSecretWord returned"),
    (0, False, "the process exited with status 0 before findSecretWord returned"),
    (None, False, "the process ended"),
    (True, False, "the process ended"),
    ("3", True, "the process ended"),
])
def test_how_a_process_ended_in_words(code: object, relayed: bool, described: str) -> None:
    assert exit_description(code, relayed) == described


def test_a_worker_runs_nothing_until_its_memory_is_watched(tmp_path: Path) -> None:
    """Bounded before its command runs: what it starts at once is born in its cgroup."""
    started = tmp_path / "started"
    seen: list[tuple[bool, list[str]]] = []

    def watch(pid: int) -> NoWatch:
        arguments = arguments_of(pid)
        time.sleep(0.3)  # the command, were it running, would have made its file by now
        seen.append((started.exists(), arguments))
        return NoWatch()

    argv = ["sh", "-c", f"touch {started}; sleep 30"]
    worker = Worker(lambda _: Command(argv, {"PATH": "/usr/bin:/bin"}), output_bytes=100,
                    watch=watch)
    try:
        assert seen == [(False, [*HOLD, *argv])]
        deadline = time.monotonic() + 30
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started.exists()  # let go once watched
    finally:
        worker.kill()


def test_a_worker_made_held_runs_nothing_until_let_go_and_killed_held_never_runs(
        tmp_path: Path) -> None:
    """A worker made ahead (session.Spare) waits, watched, before its command; one that is
    never needed is killed without having run it."""
    started = tmp_path / "started"
    argv = ["sh", "-c", f"touch {started}; sleep 30"]

    def made() -> Worker:
        return Worker(lambda _: Command(argv, {"PATH": "/usr/bin:/bin"}), output_bytes=100,
                      held=True)

    worker = made()
    try:
        time.sleep(0.3)  # the command, were it running, would have made its file by now
        assert not started.exists()
        worker.let_go()
        worker.let_go()  # once only: the second does nothing
        deadline = time.monotonic() + 30
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert started.exists()
    finally:
        worker.kill()
    started.unlink()
    unused = made()
    pid = unused.process.pid
    unused.kill()
    assert not Path(f"/proc/{pid}").exists()  # ended and reaped
    time.sleep(0.1)
    assert not started.exists()


def test_a_held_process_whose_judge_fails_to_watch_it_ends_without_running(
        tmp_path: Path) -> None:
    started = tmp_path / "started"
    processes: list[int] = []

    def failing(pid: int) -> NoWatch:
        processes.append(pid)
        raise RuntimeError("the watch failed")

    with pytest.raises(RuntimeError, match="the watch failed"):
        Worker(lambda _: Command(["sh", "-c", f"touch {started}"], {"PATH": "/usr/bin:/bin"}),
               output_bytes=100, watch=failing)
    (pid,) = processes
    assert not Path(f"/proc/{pid}").exists()  # ended and reaped
    assert not started.exists()


def held_and_found(program: str, search: str) -> bool:
    """Whether start_held finds `program` in `search` (it then runs, and its end is awaited)."""
    try:
        process, hold = start_held([program], {"PATH": search})
    except FileNotFoundError:
        return False
    let_go(hold)
    process.wait()
    return True


def test_a_held_program_is_found_as_exec_would_find_it(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "bin" / "compile"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\n")
    (tmp_path / "bin" / "plain").write_text("not a program")
    (tmp_path / "bin" / "folder").mkdir()
    program.chmod(0o755)
    search = f"/nonexistent:{program.parent}"
    assert held_and_found(str(program), "") and held_and_found("compile", search)
    for missing in ("plain", "folder", "absent", str(program.parent / "plain")):
        assert not held_and_found(missing, search)
    assert not held_and_found("compile", "/nonexistent")
    assert not held_and_found("bin/compile", search)  # a relative path is not looked up
    assert not held_and_found("bin/compile", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert held_and_found("bin/compile", "")
    monkeypatch.chdir(program.parent)
    assert held_and_found("compile", "/nonexistent:")
    assert not held_and_found("compile", "/nonexistent")


def test_a_missing_program_is_the_judges_error() -> None:
    from judge.run.process import JudgeError

    with pytest.raises(JudgeError, match="cannot start the worker: no program "
                                         "'/nonexistent/program' to run"):
        Worker(lambda _: Command(["/nonexistent/program"], {}), 10)


def test_a_held_program_is_found_in_its_own_path(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "compile"
    program.write_text("#!/bin/sh\nexit 7\n")
    program.chmod(0o755)
    for env in ({"PATH": str(tmp_path)}, {"PATH": f"/nonexistent:{tmp_path}"}):
        process, hold = start_held(["compile"], env)
        let_go(hold)
        assert process.wait() == 7
    with pytest.raises(FileNotFoundError, match="no program 'compile'"):
        start_held(["compile"], {"PATH": "/nonexistent"})
    process, hold = start_held(["sh", "-c", "exit 5"], {})  # no PATH: the system's default
    let_go(hold)
    assert process.wait() == 5
    monkeypatch.setenv("PATH", str(tmp_path))  # the judge's own PATH is not the program's
    with pytest.raises(FileNotFoundError, match=f"no program 'compile' to run "
                                                f"\\(PATH={os.defpath}\\)"):
        start_held(["compile"], {})


def test_a_proc_file_is_read_whole_and_what_is_not_utf8_replaced(tmp_path: Path) -> None:
    """A process's name in /proc is the submission's to choose, and need not be UTF-8 (a name
    cut at 15 bytes may end inside a character); a file such as maps can pass 64 KiB."""
    from judge.run.process import proc_text

    text = tmp_path / "stat"
    text.write_bytes(b"1 (\xc3) S" + b"x" * 70_000)
    assert proc_text(str(text)) == "1 (\ufffd) S" + "x" * 70_000


def test_a_held_program_that_cannot_start_leaves_no_descriptor_open() -> None:
    before = set(os.listdir("/proc/self/fd"))
    with pytest.raises(FileNotFoundError):
        start_held(["sh", "-c", "exit 0"], {"PATH": "/usr/bin:/bin"}, cwd="/nonexistent")
    assert set(os.listdir("/proc/self/fd")) == before


def test_letting_go_of_a_process_that_died_is_quiet() -> None:
    process, hold = start_held(["sh", "-c", "exit 0"], {"PATH": "/usr/bin:/bin"})
    process.kill()
    process.wait()
    let_go(hold)  # its pipe has no reader: nothing to say, nothing raised
    with pytest.raises(OSError):
        os.fstat(hold)  # and the descriptor is closed


def test_messages_go_out_as_one_json_line(worker: Worker) -> None:
    assert worker.send({"write": json.dumps({"op": "x", "n": [1, 2]}) + "\n"})
    assert worker.receive(wait()) == {"op": "x", "n": [1, 2]}


def cpu_seconds_used(worker: Worker, **request: object) -> float:
    """The CPU seconds the worker's tree is counted for a request, checked against what any
    machine allows: no more than every core for the wall time it took (a count in the wrong
    unit, ticks for seconds, is a hundred times over). No bound on the time itself: the floors
    below are CPU the worker burns by its own clock, which load does not shrink."""
    before, started = worker.cpu_seconds(), time.monotonic()
    assert ask(worker, **request) == {"op": "ok"}
    used = worker.cpu_seconds() - before
    # /proc counts in ticks of 10 ms: less than one of rounding per counter read (six here).
    assert used <= (time.monotonic() - started) * (os.cpu_count() or 1) + 0.1
    return used


def test_the_cpu_time_of_the_worker_and_its_reaped_children_is_counted(worker: Worker) -> None:
    # 0.3 s burnt in a child, then 0.3 s in the worker itself.
    assert cpu_seconds_used(worker, burn=0.3) >= 0.55


def test_the_cpu_time_of_a_living_child_is_counted(worker: Worker) -> None:
    assert cpu_seconds_used(worker, burn_alive=0.3) >= 0.25


def test_cpu_time_is_read_whatever_the_process_calls_itself(worker: Worker) -> None:
    assert ask(worker, name="x) S 1 (y") == {"op": "ok"}
    assert cpu_seconds_used(worker, burn=0.2) >= 0.35


def test_undecodable_output_is_shown_replaced(worker: Worker) -> None:
    assert ask(worker, raw="ok\xff") == {"op": "ok"}
    assert worker.output.take() == "ok\ufffd"
    assert worker.output.take_recent() == "ok\ufffd"


def test_a_flood_of_output_is_read_while_the_judge_waits_for_a_message(worker: Worker) -> None:
    # Unread, the output pipe would fill and the worker block: no message in ten seconds.
    worker.send({"print": "z" * 300_000})
    assert worker.receive(Clock(None, 10.0)) == {"op": "ok"}
    assert worker.output.dropped == 300_000 - 100


def test_a_worker_that_closed_its_output_still_talks(worker: Worker) -> None:
    assert ask(worker, close_output=True) == {"op": "ok"}
    assert ask(worker) == {"op": "ok"} and not worker.output.open


def test_a_worker_that_closes_its_pipe_to_the_judge_but_lives_on(worker: Worker) -> None:
    assert ask(worker, close_replies=True) == {}
    assert worker.death() == "the worker closed its pipe to the judge"


def test_a_case_process_that_ends_is_noticed_while_waiting(worker: Worker) -> None:
    child = os.fork()
    if child == 0:
        time.sleep(0.2)
        os._exit(0)
    try:
        worker.case_end_fd = os.pidfd_open(child)
        worker.send({"sleep": 600})
        assert worker.receive(wait()) is CASE_PROCESS_ENDED
    finally:
        os.close(worker.case_end_fd)
        os.waitpid(child, 0)


def test_the_memory_watch_sees_the_whole_tree(worker: Worker) -> None:
    worker.memory = WatchdogWatch(worker.process.pid, 60 << 20, sandboxed=False)
    assert ask(worker, hold=120) == {"op": "ok"}  # in a child: the worker itself is small
    worker.send({"sleep": 600})
    # A case's clock, with a CPU limit: the judge looks at the tree every 50 ms.
    assert worker.receive(Clock(10.0, 10.0, worker.cpu_seconds)) is MEMORY_KILLED


def test_every_process_of_the_tree_is_found_however_it_branches(worker: Worker) -> None:
    from judge.run.process import children_of, descendants

    assert ask(worker, tree=True) == {"op": "ok"}
    assert len(children_of(worker.process.pid)) == 2  # started from two threads
    assert len(descendants(worker.process.pid)) == 4


class ListedWatch(NoWatch):
    """A memory cgroup that lists `listed` as its members."""

    def __init__(self, listed: set[int]) -> None:
        self.listed = listed

    def members(self) -> set[int]:
        return set(self.listed)


def test_a_workers_processes_are_its_tree_walked_and_its_cgroups_list(worker: Worker) -> None:
    """Below a worker: what walking /proc finds and what its memory cgroup lists. The list
    has what left the tree; only the walk has a child that has ended and is not yet reaped,
    whose exit status its parent could still read (the kernel's list leaves it out)."""
    assert ask(worker, zombie=True) == {"op": "ok"}
    ended = descendants(worker.process.pid)
    assert len(ended) == 1
    assert [state_of(pid) for pid in ended] == ["Z"]
    worker.memory = ListedWatch({worker.process.pid, 1})  # 1: one that left the tree, say
    assert worker.below() == ended | {1}
    assert worker.strays() == ended | {1}


def test_killing_a_tree_that_keeps_forking_leaves_nothing(worker: Worker) -> None:
    assert ask(worker, forker=True) == {"op": "ok"}
    tree = worker.strays()
    assert len(tree) > 5
    worker.kill()
    deadline = time.monotonic() + 10.0
    while any(alive(pid) for pid in tree) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not any(alive(pid) for pid in tree)


def test_a_processes_cpu_ticks_are_its_and_its_reaped_childrens_user_and_system_time() -> None:
    from judge.run.process import CLOCK_TICKS, cpu_ticks

    ticks, times = cpu_ticks(os.getpid()), os.times()
    assert abs(ticks / CLOCK_TICKS - sum(times[:4])) <= 2 / CLOCK_TICKS
    assert cpu_ticks(1 << 30) == 0


def test_signals_to_processes_gone_are_ignored() -> None:
    from judge.run.process import signal_all

    signal_all({1 << 30}, signal.SIGKILL)


def test_a_long_line_ends_where_its_newline_is_and_the_next_message_is_whole(
        worker: Worker) -> None:
    # However the pipe is read, the read that takes the line past the longest message
    # brings its newline too.
    long_line = "y" * LONGEST_MESSAGE + '\n{"op": "next"}\n'
    assert ask(worker, write=long_line) == {"op": "garbled", "line": "y" * 200}
    assert worker.receive(wait()) == {"op": "next"}
    assert worker.receive(wait()) == {"op": "ok"}


def test_a_flood_of_bytes_that_are_no_text_is_cut_off_readable(worker: Worker) -> None:
    flood = "\xff" * (LONGEST_MESSAGE + 70_000)
    assert ask(worker, write=flood) == {"op": "garbled", "line": "\ufffd" * 200 + "..."}


def test_a_worker_starts_alone_in_its_session_with_the_environment_it_is_given() -> None:
    extra_read, extra_write = os.pipe()
    command = None

    def made(channel: Channel) -> Command:
        nonlocal command
        command = Command([sys.executable, "-c", TINY_WORKER, str(channel.read_fd),
                           str(channel.write_fd)], {"ONLY": "this"}, pass_fds=(extra_write,))
        return command

    # The judge's own stdin, here a pipe (a terminal, for a user), is not the worker's.
    saved, (stdin_read, stdin_write) = os.dup(0), os.pipe()
    os.dup2(stdin_read, 0)
    try:
        worker = Worker(made, output_bytes=100)
    finally:
        os.dup2(saved, 0)
        for fd in (saved, stdin_read, stdin_write):
            os.close(fd)
    try:
        with pytest.raises(OSError):
            os.fstat(extra_write)  # handed on, then closed on the judge's side
        report = ask(worker, report=True)
        assert report is not None and report["stdin"] == "/dev/null" and report["own_session"]
        assert "ONLY" in report["env"] and "PATH" not in report["env"]
        assert worker.receive(wait()) == {"op": "ok"}
        assert worker.output.take() == "to stderr\n"
    finally:
        worker.kill()
        os.close(extra_read)


def test_a_message_to_a_worker_that_has_gone_is_not_a_time_out(worker: Worker) -> None:
    assert ask(worker, exit=0) == {}
    assert worker.send({"print": "x" * 200_000})  # the next receive says how it ended


# Two threads, each with a child of its own: /proc lists a thread's children under it.
TWO_THREADS_WITH_CHILDREN = """
import subprocess, threading, time
started = threading.Barrier(3)
def branch():
    subprocess.Popen(["sleep", "600"])
    started.wait()
    time.sleep(600)
for _ in range(2):
    threading.Thread(target=branch, daemon=True).start()
started.wait()
print("ready", flush=True)
time.sleep(600)
"""


def test_a_thread_gone_while_its_children_are_listed_hides_no_other_thread(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    from judge.run import process as processes

    parent = subprocess.Popen([sys.executable, "-c", TWO_THREADS_WITH_CHILDREN],
                              stdout=subprocess.PIPE)
    try:
        assert parent.stdout is not None and parent.stdout.readline() == b"ready\n"
        every = children_of(parent.pid)
        assert len(every) == 2
        lost: list[str] = []

        read = processes.proc_text

        def read_children(path: str) -> str:
            if not lost:  # the first thread listed ends before its list is read
                lost.append(path)
                raise FileNotFoundError(path)
            return read(path)

        monkeypatch.setattr(processes, "proc_text", read_children)
        found = children_of(parent.pid)
        assert lost and found and found <= every
        lost_children = Path(lost[0]).read_text().split()
        assert len(found) == 2 - len(lost_children)
    finally:
        signal_all(descendants(parent.pid) | {parent.pid}, signal.SIGKILL)
        parent.communicate()


def test_a_worker_whose_command_cannot_be_made_is_a_judge_error() -> None:
    from judge.run.process import JudgeError

    def unmakeable(channel: Channel) -> Command:
        raise PermissionError("the toolchain's directory cannot be read")

    with pytest.raises(JudgeError, match="cannot start the worker: the toolchain's"):
        Worker(unmakeable, output_bytes=100)


def test_descriptors_closed_already_are_closed_again_quietly(worker: Worker) -> None:
    read, write = os.pipe()
    os.close(read)
    Command(["true"], {}, pass_fds=(read,)).close()
    os.close(write)
    read, write = os.pipe()
    drain = OutputDrain(read, limit=10)
    os.close(write)
    os.close(read)
    drain.close()
    assert not drain.open
    os.close(worker._to_worker)
    worker.close_requests()
    os.close(worker._from_worker)
    worker.kill()


def test_closing_twice_leaves_the_judges_own_descriptors_alone(worker: Worker) -> None:
    """A closed pipe is marked so: closing again must not close whatever descriptor the
    judge's standard input or output has become."""
    before = [os.fstat(fd).st_ino for fd in (0, 1, 2)]
    worker.close_requests()
    worker.close_requests()
    worker.kill()
    worker.kill()
    worker.output.close()
    assert [os.fstat(fd).st_ino for fd in (0, 1, 2)] == before


def test_a_pipe_that_fails_to_read_is_closed_like_one_at_its_end(tmp_path: Path) -> None:
    drain = OutputDrain(os.open(tmp_path, os.O_RDONLY), limit=10)  # read() fails: a folder
    assert drain.take() == ""
    assert not drain.open


def test_processes_started_while_the_tree_is_stopped_are_stopped_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The walk goes on until a look finds no process it has not stopped: a process forked
    just before its parent stopped is found by the next look."""
    from types import SimpleNamespace

    from judge.run import process as processes

    looks = iter([{11, 12, 14}, {11, 12, 13, 14}] + [{11, 12, 13, 14}] * 50)
    stopped: list[set[int]] = []
    monkeypatch.setattr(processes, "signal_all", lambda pids, signum: stopped.append(set(pids)))
    worker = SimpleNamespace(below=lambda: next(looks))
    assert Worker._stopped_descendants(worker) == {11, 12, 13, 14}  # type: ignore[arg-type]
    assert stopped == [{11, 12, 14}, {13}]


def test_a_thread_has_stat_fields_of_its_own() -> None:
    """A process's, or one of its threads': the test's main thread runs (R) while another
    sleeps, waiting for an event (S); a thread gone has none."""
    import threading

    stop = threading.Event()
    sleeper = threading.Thread(target=stop.wait)
    sleeper.start()
    try:
        assert sleeper.native_id is not None
        tid = str(sleeper.native_id)
        assert waited(lambda: (stat_fields(os.getpid(), tid) or ["?"])[:2] == [
            "S", str(os.getppid())])
        assert (stat_fields(os.getpid(), str(threading.get_native_id())) or ["?"])[0] == "R"
    finally:
        stop.set()
        sleeper.join()
    # (Joined once it has cleared its id; the kernel lets it go a moment later.)
    assert waited(lambda: stat_fields(os.getpid(), tid) is None)


def test_reaping_a_workers_siblings_spares_the_worker_and_the_judges_other_children() -> None:
    """Only the judge's children in the session a worker leads, other than the worker, are the
    worker's siblings (tests/test_integrity.py makes one): the worker and another session's
    child live on."""
    worker, other = (subprocess.Popen(["sleep", "60"], start_new_session=True)
                     for _ in range(2))
    try:
        reap_siblings(worker.pid)
        assert worker.poll() is None and other.poll() is None
    finally:
        for process in (worker, other):
            process.kill()
            process.wait()
