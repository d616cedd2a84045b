"""The worker: runs one submission's `Solution.findSecretWord` for each case the judge sends.

This file is the only judge code inside the worker process, and it imports nothing but the
standard library, so the sandbox can mount it alone. The worker never learns the secret: its
`Master` is a proxy that sends each guess to the judge over a pipe and returns the reply.

The messages, both games', are written down in PROTOCOL.md beside the harnesses.
"""

from __future__ import annotations

import builtins
import contextlib
import faulthandler
import functools
import gc
import inspect
import json
import mmap
import os
import random
import signal
import sys
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

LONGEST_WORD_SENT = 64  # longer strings cannot be words of any case; only their repr is sent


def shown_guess(guess: object) -> str:
    """What the judge is sent of a guess that is no word: its repr, cut; its type where repr
    fails (an int of 5,000 digits, a __repr__ that raises). As judge/master.py shows one."""
    try:
        return repr(guess)[:LONGEST_WORD_SENT]
    except Exception:
        return f"<{type(guess).__name__}>"


# LeetCode's Python 3 editor runs the submission in a namespace that already holds these
# modules' names, as `from MODULE import *` in this order (a later module's name wins), then
# the modules themselves and `os`. Source: the dump of the globals LeetCode's Python 3
# environment shows a submission, in the public repository Animenosekai/leet,
# leet/runners/python3.md. The order is read off that dump: `sub` is operator's (operator
# after re), `pow` and `compile` are the builtins' (builtins after math and re), `Counter` is
# typing's (typing after collections), and `random`, `bisect`, `copy` and `datetime` name
# the modules, not the functions or classes of the same name.
PRELUDE_STAR_IMPORTS = ("string", "re", "datetime", "collections", "heapq", "bisect", "copy",
                        "math", "random", "statistics", "itertools", "functools", "operator",
                        "io", "sys", "json", "builtins", "typing")
PRELUDE_MODULES = (*PRELUDE_STAR_IMPORTS[:-2], "os")


def leetcode_prelude() -> dict[str, Any]:
    """The names LeetCode's Python 3 environment provides without an import."""
    import importlib

    names: dict[str, Any] = {}
    for name in PRELUDE_STAR_IMPORTS:
        module = importlib.import_module(name)
        public = getattr(module, "__all__", None)
        if public is None:
            public = [k for k in dir(module) if not k.startswith("_")]
        names.update({k: getattr(module, k) for k in public if hasattr(module, k)})
    names.update({name: importlib.import_module(name) for name in PRELUDE_MODULES})
    return names


# What Python 3 says to code written for Python 2, and what in it gives that away.
PYTHON2_SIGNS = ("Missing parentheses in call to 'print'", "Missing parentheses in call to 'exec'",
                 "name 'xrange' is not defined", "name 'raw_input' is not defined",
                 "name 'unicode' is not defined", "name 'basestring' is not defined",
                 "name 'long' is not defined", "name 'unichr' is not defined",
                 "cannot import name 'izip'", "cannot import name 'imap'",
                 "cannot import name 'ifilter'", "No module named 'Queue'",
                 "No module named 'cPickle'", "No module named 'urllib2'",
                 "object has no attribute 'iteritems'", "object has no attribute 'itervalues'",
                 "object has no attribute 'iterkeys'", "object has no attribute 'has_key'")
PYTHON2_HINT = "this looks like Python 2; LeetCode's Python 3 rejects it too"


def with_python2_hint(error: str) -> str:
    """The error, with one line more when it is Python 3 refusing Python 2 code."""
    return f"{error}\n{PYTHON2_HINT}" if any(s in error for s in PYTHON2_SIGNS) else error


class LoadError(Exception):
    """The submission cannot be used: the judge's CE."""


def load_solution_class(path: str, master_class: type) -> type:
    """Execute the file with LeetCode's prelude and return its usable `Solution` class."""
    namespace: dict[str, Any] = {**leetcode_prelude(), "Master": master_class,
                                 "__name__": "solution", "__file__": path,
                                 "__builtins__": builtins}
    executed(path, namespace)
    solution = namespace.get("Solution")
    if not isinstance(solution, type):
        raise LoadError("the file defines no class Solution")
    method = getattr(solution, "findSecretWord", None)
    if not callable(method):
        raise LoadError("class Solution has no method findSecretWord")
    try:
        inspect.signature(method).bind(None, [], None)
    except TypeError as e:
        raise LoadError(f"findSecretWord must take (self, words, master): {e}") from e
    except ValueError:
        pass  # no signature to inspect (a builtin): calling it will tell
    return solution


def executed(path: str, namespace: dict[str, Any]) -> None:
    """Run the file's code in `namespace`, or LoadError whose first line says what failed
    and where (the one-line accounts show only that line)."""
    try:
        # utf-8-sig: a byte order mark (Windows editors write one) is not code, as Python
        # itself reads a file.
        with open(path, encoding="utf-8-sig") as f:
            source = f.read()
        exec(compile(source, path, "exec"), namespace)
    except SyntaxError as e:
        where = f"{e.filename}, line {e.lineno}"
        error = f"SyntaxError: {e.msg} ({where})\n{_trimmed(e)}"
        raise LoadError(with_python2_hint(error)) from e
    except BaseException as e:
        raise LoadError(load_failure(e)) from e


def load_failure(error: BaseException) -> str:
    """What loading raised: its last line first, for the table, then the whole traceback."""
    trace = _trimmed(error)
    last = trace.splitlines()[-1] if trace else type(error).__name__
    return with_python2_hint(f"loading the file raised {last}\n{trace}")


def _trimmed(error: BaseException) -> str:
    """The traceback without the worker's own frames."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(error), error, tb)).strip()


class Stopped(BaseException):
    """The judge stopped a runaway solution; not an Exception so `except Exception` misses it."""


class LineReader:
    """Lines from a pipe, with a buffer the harness can see and drop.

    A fork made ahead of its case must leave the case's request to the child: whatever the
    parent has read past the fork request belongs to the child, which has the same bytes.
    """

    def __init__(self, fd: int) -> None:
        self.fd, self.buffered = fd, b""

    def readline(self) -> bytes:
        while b"\n" not in self.buffered:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                line, self.buffered = self.buffered, b""
                return line
            self.buffered += chunk
        line, self.buffered = self.buffered.split(b"\n", 1)
        return line + b"\n"

    def fileno(self) -> int:
        return self.fd

    def forget(self) -> None:
        self.buffered = b""

    def close(self) -> None:
        os.close(self.fd)


class Channel:
    def __init__(self, reader: LineReader, writer: BinaryIO) -> None:
        self.reader, self.writer = reader, writer

    def send(self, message: dict[str, Any]) -> None:
        self.writer.write(json.dumps(message).encode() + b"\n")
        self.writer.flush()

    def fds(self) -> list[int]:
        return [self.reader.fileno(), self.writer.fileno()]

    def receive(self) -> dict[str, Any]:
        line = self.reader.readline()
        if not line:
            raise SystemExit(0)  # the judge has gone: nothing left to do
        message: dict[str, Any] = json.loads(line)
        return message


class Master:
    """The submission's Master: forwards each guess to the judge, who alone knows the secret."""

    def __init__(self, channel: Channel) -> None:
        self._channel = channel
        self._stopped = ""

    def guess(self, word: object) -> int:
        if self._stopped:
            raise Stopped(self._stopped)
        if isinstance(word, str) and len(word) <= LONGEST_WORD_SENT:
            self._channel.send({"op": "guess", "word": str.__str__(word)})
        else:
            self._channel.send({"op": "guess", "bad": shown_guess(word)})
        answer = self._channel.receive()
        if "stop" in answer:
            self._stopped = str(answer["stop"])
            raise Stopped(self._stopped)
        reply: int = answer["reply"]
        return reply


def seed_generators(seed: int | None) -> None:
    """Before a case: Python's generator from the case's seed (the judge's --seed), and
    NumPy's global one, where the solution uses NumPy, from the seed or else from the system.
    Unseeded, Python's reseeds itself in a fork; NumPy's would draw in every fork of a warm
    process what that process would draw next."""
    if seed is not None:
        random.seed(seed)
    numpy_random = sys.modules.get("numpy.random")
    if numpy_random is not None:
        numpy_random.seed(seed)


def load_numpy_random() -> None:
    """NumPy's generators, loaded with a solution that imported NumPy (NumPy 2 loads them at
    their first use, in the case, too late for seed_generators): once, before any fork."""
    if "numpy" in sys.modules:
        # What the solution did to NumPy is its own; only its own use of it may fail for that.
        with contextlib.suppress(BaseException):
            __import__("numpy.random")


def run_case(solution_class: type, words: list[str], master: object) -> None:
    solution_class().findSecretWord(words, master)


LONGEST_ERROR = 16_000  # characters of an error sent to the judge: its start and its end


def capped(text: str) -> str:
    """A submission's error text cut to a size the protocol carries: a 20 MB message would
    otherwise be a 20 MB line on the judge's pipe. The start and the end (where a traceback
    names the exception) are kept."""
    if len(text) <= LONGEST_ERROR:
        return text
    half = LONGEST_ERROR // 2
    return f"{text[:half]}\n[... {len(text) - 2 * half} characters cut ...]\n{text[-half:]}"


def outcome_of(error: BaseException) -> dict[str, Any]:
    if isinstance(error, Stopped):
        return {"op": "stopped"}
    if isinstance(error, MemoryError):
        return {"op": "raised", "kind": "MLE", "error": "MemoryError"}
    if isinstance(error, SystemExit):
        return {"op": "raised", "kind": "RTE",
                "error": capped(f"called sys.exit({error.code!r})")}
    return {"op": "raised", "kind": "RTE", "error": capped(with_python2_hint(_trimmed(error)))}


def flush_output() -> None:
    """Push what the submission printed into the output pipe before the judge hears the end.

    stdout to a pipe is block-buffered: without this, prints without flush=True would wait
    for the buffer to fill, and a case's output would show up under a later case or never.
    """
    for stream in (sys.stdout, sys.stderr):
        # The submission may have closed, replaced or removed its streams: nothing to push then.
        with contextlib.suppress(Exception):
            stream.flush()


class ForkedOnce:
    """Set in a process forked for one case only: it ends once that case is over. `refused`
    says why the state it was forked from cannot give the case a fresh start."""

    value = False
    refused = ""


# Directories the sandbox gives the worker for itself alone (PROTOCOL.md): emptied before each
# case, so that no case finds files an earlier one left. What they hold as the harness starts
# (the sandbox's own mount points) is counted, in inodes, so that what was not removed shows.
PRIVATE_DIRECTORIES = "JUDGE_PRIVATE_DIRECTORIES"
inodes_at_start: dict[str, int] = {}


def private_directories() -> list[str]:
    return [d for d in os.environ.get(PRIVATE_DIRECTORIES, "").split(":") if d]


def inodes_used(directory: str) -> int:
    stats = os.statvfs(directory)
    return stats.f_files - stats.f_ffree


def count_private_inodes() -> None:
    for directory in private_directories():
        with contextlib.suppress(OSError):
            inodes_at_start[directory] = inodes_used(directory)


def empty_private_directories() -> str:
    """Remove what the solution wrote to its private directories; what could not be removed
    (empty when all was)."""
    for directory in private_directories():
        try:
            device = os.stat(directory).st_dev
        except OSError:
            continue
        walked, todo = [], [directory]
        while todo:  # by hand, not recursively: the solution chooses how deep it goes
            folder = todo.pop()
            walked.append(folder)
            with contextlib.suppress(OSError), os.scandir(folder) as entries:
                for entry in entries:
                    with contextlib.suppress(OSError):
                        if entry.stat(follow_symlinks=False).st_dev != device:
                            continue  # a mount point of the sandbox's, read-only
                        if entry.is_dir(follow_symlinks=False):
                            todo.append(entry.path)
                        else:
                            os.unlink(entry.path)
        for folder in reversed(walked[1:]):
            with contextlib.suppress(OSError):
                os.rmdir(folder)
        try:
            left = inodes_used(directory) - inodes_at_start.get(directory, 0)
        except OSError:
            left = 0
        if left > 0:
            return f"{left} files in {directory} that the judge could not remove"
    return ""


# Set by a sandbox whose IPC namespace is the worker's own: System V shared memory, message
# queues and semaphores outlive the process that made them, so they are removed before each
# case too. (Outside a sandbox they belong to the whole machine and are not the judge's.)
PRIVATE_IPC = "JUDGE_PRIVATE_IPC"
IPC_RMID = 0


def empty_private_ipc() -> str:
    """Remove every System V IPC object of a private namespace; what could not be removed."""
    c = libc()
    if os.environ.get(PRIVATE_IPC) != "1" or c is None:
        return ""
    removers: dict[str, Callable[[int], int]] = {
        "shm": lambda i: int(c.shmctl(i, IPC_RMID, None)),
        "msg": lambda i: int(c.msgctl(i, IPC_RMID, None)),
        "sem": lambda i: int(c.semctl(i, 0, IPC_RMID))}
    for kind, remove in removers.items():
        try:
            with open(f"/proc/sysvipc/{kind}") as f:
                identifiers = [int(line.split()[1]) for line in list(f)[1:]]
        except (OSError, ValueError, IndexError):
            continue
        if any(remove(identifier) != 0 for identifier in identifiers):
            return f"a System V IPC object ({kind}) that the judge could not remove"
    return ""


def serve_process_request(channel: Channel, request: dict[str, Any]) -> bool:
    """Handle "fork" and "exit" (PROTOCOL.md, fresh state per case); False for other requests.

    After a fork the child serves the next requests from the state of the moment; the parent
    waits for it to end, says how it ended, and serves on from that same state. A fork with
    "once" is made ahead of its case: the child says nothing, plays the next case and ends.
    """
    op = request.get("op")
    if op == "exit":
        flush_output()
        os._exit(0)
    if op != "fork":
        return False
    once = request.get("once") is True
    # Its forks know its addresses: while one lives, none may write its memory (/proc/PID/mem).
    # What a fork shares with this process is the judge's to check, from outside.
    prctl(PR_SET_DUMPABLE, 0)
    if once:
        refused = empty_private_directories() or empty_private_ipc()
        # The kernel reaps the case's fork: what it used (wait4) would reach this process.
        signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    flush_output()  # or what is buffered would be printed twice, by parent and child
    # Objects that exist now are left out of the child's garbage collections: the collector
    # would otherwise touch, and so copy, every page the two processes share.
    gc.freeze()
    child = os.fork()
    if child == 0:
        prctl(PR_SET_DUMPABLE, 1)  # so that the judge may read its memory use
        if once:
            ForkedOnce.value, ForkedOnce.refused = True, refused
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # its own children are its own
        else:
            channel.send({"op": "forked"})
        return True
    channel.reader.forget()  # the child's to read: the parent only waits for it now
    try:
        _, status = os.waitpid(child, 0)
    except ChildProcessError:  # reaped by the kernel (a case's fork), or by the submission
        status = 0
    prctl(PR_SET_DUMPABLE, 1)
    channel.send({"op": "joined", "status": os.waitstatus_to_exitcode(status)})
    return True


def address_space_reserve() -> mmap.mmap:
    """4 MiB of address space, freed on MemoryError so that the report fits under RLIMIT_AS.
    Never written: pages that were would be copied into the page tables of every fork."""
    return mmap.mmap(-1, 1 << 22, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)


def serve(channel: Channel, solution_path: str) -> None:
    try:
        solution_class = load_solution_class(solution_path, Master)
    except LoadError as e:
        channel.send({"op": "ce", "error": capped(str(e))})
        return
    load_numpy_random()
    channel.send({"op": "ready"})
    reserve: mmap.mmap | None = address_space_reserve()
    while True:
        request = channel.receive()
        if serve_process_request(channel, request):
            continue
        if request.get("op") != "run":  # as every harness does (PROTOCOL.md)
            flush_output()
            with contextlib.suppress(OSError):  # the file's sys.stderr may be anything
                os.write(2, f"harness: unexpected request {request.get('op')!r}\n".encode())
            os._exit(3)
        outcome: dict[str, Any] = {"op": "done"}
        if ForkedOnce.refused:
            channel.send({"op": "raised", "kind": "RTE", "error": capped(
                f"{ForkedOnce.refused}: one case could leave its secret there for the next, "
                "so the judge does not play cases from this state")})
            os._exit(0)
        set_stack_dumps(request.get("dump_after"), request.get("dump_after_wall"))
        try:
            # In the case's time: the solution may have replaced what these call.
            seed_generators(request.get("seed"))
            run_case(solution_class, list(request["words"]), Master(channel))
        except BaseException as e:
            reserve = None
            outcome = outcome_of(e)
            del e
        finally:
            set_stack_dumps(0, 0)
        flush_output()
        channel.send(outcome)
        if ForkedOnce.value:
            os._exit(0)
        if reserve is None:
            reserve = address_space_reserve()


# Where the solution is when its time is nearly up, for the judge to show on TLE: written to
# stderr (fd 2, even if the solution replaced sys.stderr) by faulthandler when a timer's signal
# arrives. Timers, not faulthandler's watchdog thread, which would cost a thread every case.
DUMP_TIMERS = ((signal.ITIMER_PROF, signal.SIGPROF), (signal.ITIMER_REAL, signal.SIGALRM))


# Room on the alternate signal stack for every signal at once. Once faulthandler has made an
# alternate stack, Python's own signal handlers run there too (it installs them SA_ONSTACK), and
# the kernel nests a frame for each signal pending at once, 3.3 KiB each with AVX-512's registers:
# faulthandler's stack held five, and a sixth killed the process with SIGSEGV, where LeetCode's
# Python, which has no alternate stack, runs every handler. Sixty catchable signals at 16 KiB.
SIGNAL_STACK_BYTES = 1 << 20


class SignalStack:
    area: Any = None  # the alternate stack's memory, kept for the life of the process


def register_stack_dumps() -> None:
    for _, signum in DUMP_TIMERS:
        faulthandler.register(signum, file=2, all_threads=True, chain=False)
    enlarge_signal_stack()


def enlarge_signal_stack() -> None:
    """Replace faulthandler's alternate signal stack by one of SIGNAL_STACK_BYTES."""
    c = libc()
    if c is None or not hasattr(c, "sigaltstack"):
        return
    import ctypes
    import mmap

    class Stack(ctypes.Structure):  # stack_t
        _fields_ = [("sp", ctypes.c_void_p), ("flags", ctypes.c_int), ("size", ctypes.c_size_t)]

    # Private, as all of a fork's memory must be; pages are only made as signals reach them.
    area = mmap.mmap(-1, SIGNAL_STACK_BYTES, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    start = ctypes.addressof(ctypes.c_char.from_buffer(area))
    if c.sigaltstack(ctypes.byref(Stack(start, 0, SIGNAL_STACK_BYTES)), None) == 0:
        SignalStack.area = area


def set_stack_dumps(cpu_seconds: object, wall_seconds: object) -> None:
    """Arm the dumps after this much CPU time of the process, and of wall-clock time; 0 (or
    anything that is not a sensible number of seconds) disarms."""
    for (timer, _), seconds in zip(DUMP_TIMERS, (cpu_seconds, wall_seconds), strict=True):
        delay = (float(seconds) if isinstance(seconds, (int, float)) and 0 < seconds < 1e6
                 else 0.0)
        signal.setitimer(timer, delay)


def limit_memory(megabytes: int) -> None:
    import resource

    if megabytes > 0:
        limit = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@functools.cache
def libc() -> Any:
    """The C library, for the Linux calls Python does not wrap; None where it cannot load."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True)
    except OSError:
        return None


def prctl(option: int, value: int) -> int:
    """Linux's prctl; -1 where it cannot be called."""
    c = libc()
    if c is None or not hasattr(c, "prctl"):
        return -1
    result: int = c.prctl(option, value, 0, 0, 0)
    return result


PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP = 1, 4, 24
PR_SET_CHILD_SUBREAPER, PR_SET_NO_NEW_PRIVS = 36, 38
LAST_CAPABILITY = 63


def become_subreaper() -> None:
    """Orphaned grandchildren come back to the worker, where the judge can still find them;
    and the worker dies with the judge, should the judge be killed before it can clean up."""
    parent = os.getppid()
    prctl(PR_SET_CHILD_SUBREAPER, 1)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the judge died before the line above
        os._exit(1)


# Where the judge is not root, the worker is its sandbox's first process (PROTOCOL.md), to which
# the kernel delivers no signal from inside that it has no handler for: os.kill(os.getpid(),
# signal.SIGTERM) would do nothing. So each signal that ends a process by default, and has no
# handler yet, gets one that ends it with the status bubblewrap's own first process reports for
# a process that signal ended: 128 plus its number. Python runs a handler between bytecodes,
# which a fault (SIGSEGV, SIGBUS, SIGFPE, SIGILL) never lets it reach, and os.abort() skips
# them: those end as the kernel makes them. A fork is no longer the first process: there the
# default comes back.
SIGNALS_THAT_END = (signal.SIGHUP, signal.SIGQUIT, signal.SIGTRAP, signal.SIGABRT,
                    signal.SIGUSR1, signal.SIGUSR2, signal.SIGTERM, signal.SIGSTKFLT,
                    signal.SIGXCPU, signal.SIGVTALRM, signal.SIGIO, signal.SIGPWR, signal.SIGSYS,
                    *range(signal.SIGRTMIN, signal.SIGRTMAX + 1))


def end_on_signal(signum: int, _frame: object) -> None:
    os._exit(128 + signum)


def end_on_signals_as_first_process() -> None:
    if os.getpid() != 1:
        return
    for signum in SIGNALS_THAT_END:
        if signal.getsignal(signum) == signal.SIG_DFL:
            signal.signal(signum, end_on_signal)
    os.register_at_fork(after_in_child=default_endings)


def default_endings() -> None:
    for signum in SIGNALS_THAT_END:
        if signal.getsignal(signum) is end_on_signal:
            signal.signal(signum, signal.SIG_DFL)


def drop_capabilities() -> None:
    """The solution runs with no capability, even as root: it cannot trace, signal or write
    what its user's processes may not (the list's warm process among them), and executing a
    program cannot give any back."""
    prctl(PR_SET_NO_NEW_PRIVS, 1)
    for capability in range(LAST_CAPABILITY + 1):  # what an exec as root would restore
        prctl(PR_CAPBSET_DROP, capability)
    c = libc()
    if c is None or not hasattr(c, "capset"):
        return
    import ctypes

    class Header(ctypes.Structure):
        _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]

    class Sets(ctypes.Structure):
        _fields_ = [("effective", ctypes.c_uint32), ("permitted", ctypes.c_uint32),
                    ("inheritable", ctypes.c_uint32)]

    none = (Sets * 2)()  # two 32-bit halves of each set, all zero
    c.capset(ctypes.byref(Header(0x20080522, 0)), none)  # _LINUX_CAPABILITY_VERSION_3


def load_entry_points(path: str) -> tuple[Any, Any]:
    """P8079's `init` and `guess` functions of the file, or LoadError."""
    namespace: dict[str, Any] = {"__name__": "wc2022_solution", "__file__": path,
                                 "__builtins__": builtins}
    executed(path, namespace)
    init, guess = namespace.get("init"), namespace.get("guess")
    if not callable(init) or not callable(guess):
        raise LoadError("the file must define functions init and guess")
    return init, guess


def serve_entry_points(channel: Channel, solution_path: str) -> None:
    """P8079: {"op": "init", "n", "scramble"} -> {"op": "done"}; {"op": "guess", "args"} ->
    {"op": "word", "word"} (or "bad" for a value that is not a string)."""
    try:
        init, guess = load_entry_points(solution_path)
    except LoadError as e:
        channel.send({"op": "ce", "error": capped(str(e))})
        return
    channel.send({"op": "ready"})
    while True:
        request = channel.receive()
        try:
            if request["op"] == "init":
                init(request["n"], request["scramble"])
                answer: dict[str, Any] = {"op": "done"}
            else:
                word = guess(*request["args"])
                answer = ({"op": "word", "word": word} if isinstance(word, str)
                          and len(word) <= LONGEST_WORD_SENT
                          else {"op": "word", "bad": shown_guess(word)})
        except BaseException as e:
            answer = outcome_of(e)
            del e
        flush_output()
        channel.send(answer)


MODES = {"leetcode": serve, "wc2022": serve_entry_points}


def main(argv: list[str]) -> int:
    solution_path, read_fd, write_fd, memory_mb = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    mode = argv[4] if len(argv) > 4 else "leetcode"
    become_subreaper()
    drop_capabilities()
    register_stack_dumps()
    end_on_signals_as_first_process()
    count_private_inodes()
    channel = Channel(LineReader(read_fd), os.fdopen(write_fd, "wb"))
    limit_memory(memory_mb)
    sys.argv = [solution_path]
    MODES[mode](channel, solution_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
