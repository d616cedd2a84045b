"""Sessions: one solution file, the workers that run it, and the conversation of each case.

A session keeps one worker for as many cases as it can (LeetCode keeps one process and its
class state between cases), and replaces it whenever it dies, times out or leaves processes
behind. The judge's real Master answers every guess; the worker only ever sees replies.

Cases that share a word list must not learn from each other: otherwise a solution that
remembers the secrets it found could drop them from the next game on the same list. Inside
`fresh_state_per_case` the worker forks once for the list and plays warm-up games there
(secrets of the judge's own, drawn independently of the cases' and never scored, so that a
solution's per-list cache is warm), then forks again for every case, which ends with its
process: each case starts from the same state.
"""

from __future__ import annotations

import collections
import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Literal, Protocol, Self

from judge.harness.launch import Build, Channel, Frame, Game, Mounted, named_as_given
from judge.harness.registry import harness_for
from judge.master import GuessBudgetExhausted, Master
from judge.randomness import UNSEEDED, Seeds
from judge.reading import solution_refused
from judge.result import Outcome
from judge.rules import LONGEST_WORD
from judge.run.build import BUILD_TMP_MB, CompileError, built_program
from judge.run.confine import Bubblewrap, bubblewrap_works, confinement, harness_among
from judge.run.forks import (
    CaseFork,
    case_ended,
    empty_from_outside,
    exit_code_of,
    fork_below,
    isolate,
    own_number,
    wait_for_end,
)
from judge.run.limits import (
    DEFAULT_LIMITS,
    Clock,
    Limits,
    MemoryEnforcer,
    tree_memory_enforcer,
)
from judge.run.process import (
    CASE_PROCESS_ENDED,
    MEMORY_KILLED,
    Command,
    JudgeError,
    Worker,
    exit_description,
)
from judge.safetext import safe, safe_block
from judge.verdicts import Verdict

STARTUP_SECONDS = 10.0
STOP_GRACE_SECONDS = 1.0


class Runner(Protocol):
    """Plays one case of LeetCode 843 against a Master: what grading needs of a runner."""

    def play(self, master: Master, seeds: Seeds = UNSEEDED) -> Outcome:
        """Play one case, its random numbers drawn from `seeds` (judge/randomness.py)."""
        ...

    def fresh_state_per_case(self, warmups: Sequence[Master],
                             cases: int | None = None) -> AbstractContextManager[None]:
        """Within it, every case starts from the same state: the file loaded, then the
        `warmups` played (games on the same list whose outcomes are not scored). `cases`: how
        many cases will be played in it, where known."""
        ...

    def __enter__(self) -> Runner: ...

    def __exit__(self, *exc: object) -> None: ...


class Spare:
    """The next worker, made by one of the runner's spare makers while the judge plays a case:
    started held before its command runs (process.HOLD) and put in its memory cgroup, which on
    cgroup v1 waits about 10 ms for the kernel (an RCU grace period) each time. Held, it runs
    nothing, so it shares nothing with the case being played. Where each worker has a sandbox
    of its own (Confinement.workers_apart), it is let go as soon as it is made: it loads the
    file while the case plays, in namespaces the case cannot reach. So is a JVM's anywhere
    (Harness.runs_code_at_load): it starts its runtime and loads the classes, and runs none of
    the submission's code before its own case."""

    def __init__(self, made: Future[Worker], seed: int | None) -> None:
        self.seed = seed
        self._made = made

    def take(self) -> Worker | None:
        try:
            return self._made.result()
        except Exception:  # made again when needed, where the error is reported
            return None


# Workers made ahead at once: held, one is enough (the cgroup's wait is the one cost taken out
# of a case's path); loading the file ahead, two, one a core of this 2-core machine, so that
# two JVMs start side by side while a short case plays. Sandboxed Java, a trivial solution, 100
# cases (three runs each, taken in turn): held 42 ms a case; loading one ahead 32-34, two
# 29-31, three 28-29: more only queue for the processors.
SPARES_HELD = 1
SPARES_LOADING = 2


class WorkerOwner:
    """Owns at most one live worker for a solution file; use as a context manager."""

    game: Game = "leetcode"
    # Told of each build of the file that runs (not of one found made): a command says so on
    # a terminal, where a first build on a new cache is seconds of silence otherwise.
    on_building: Callable[[Build], None] | None = None

    def __init__(self, solution: Path, limits: Limits, sandbox: bool,
                 memory: MemoryEnforcer | None = None, language: str | None = None) -> None:
        self.confinement = confinement(sandbox, tmp_mb=limits.memory_mb)
        self.harness = harness_for(solution, self.game, language)
        self._built: Path | None = None
        self._source = ""  # the name the build gave the submission's copy (Build.source)
        # Where the judge failed this file, not the file (a broken toolchain, a runtime that
        # ends before any of the file runs): found once, each case's JE.
        self._judge_failure: str | None = None
        self.solution, self.limits, self.sandbox = solution, limits, sandbox
        self.memory = tree_memory_enforcer(sandbox) if memory is None else memory
        self._worker: Worker | None = None
        self._spares: collections.deque[Spare] = collections.deque()
        # How many more workers the cases of a list will start (after the one in use), where
        # known: no worker is made ahead for a case that will not come.
        self._workers_to_come: int | None = None
        self._endings: list[threading.Thread] = []  # doomed workers, buried in the background
        # The threads that make spares, kept until the runner closes: the thread that starts
        # a process is its parent for the parent-death signal (bubblewrap's
        # --die-with-parent), so a thread that ended would take its workers with it.
        self._spare_makers: ThreadPoolExecutor | None = None
        self._load_output = ""
        self._inside: list[str] = []
        self.workers_started = 0
        self.spares_taken = 0  # of those, the workers made ahead, while a case played
        self.spares_made = 0

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._worker is not None:
            self._retire(self._worker)
        self._end_spares()
        if self._spare_makers is not None:
            self._spare_makers.shutdown()
            self._spare_makers = None

    @property
    def spares_ahead(self) -> bool:
        """Whether the next workers are made while a case plays (each case starts one)."""
        return False

    def _discard_spares(self) -> None:
        while self._spares:
            if (worker := self._spares.popleft().take()) is not None:
                worker.kill()

    def _held_worker(self, seed: int | None) -> Worker:
        """A new worker, held before it runs (or already loading, where spares load): the
        first spare made ahead for `seed`, or one made now."""
        if self._spares and self._spares[0].seed == seed:
            if (worker := self._spares.popleft().take()) is not None:
                self.spares_taken += 1
                return worker
        else:
            self._discard_spares()  # made for another seed
        return self._made_held(seed)

    def _make_spares(self, seed: int | None) -> None:
        """Make workers ahead for the cases to come, as many as SPARES_* allow. A worker made
        ahead loads the file at once rather than wait, held, only where each worker has a
        sandbox of its own or loading runs none of the submission's code."""
        loads = self.confinement.workers_apart or not self.harness.runs_code_at_load
        wanted = SPARES_LOADING if loads else SPARES_HELD
        if self._workers_to_come is not None:
            wanted = min(wanted, self._workers_to_come)
        if len(self._spares) >= wanted:
            return
        if self._spare_makers is None:
            self._spare_makers = ThreadPoolExecutor(SPARES_LOADING, "spare-maker")
        makers = self._spare_makers

        def made() -> Worker:
            worker = self._made_held(seed)
            if loads:
                worker.let_go()
            return worker

        while len(self._spares) < wanted:
            self._spares.append(Spare(makers.submit(made), seed))
            self.spares_made += 1

    def _made_held(self, seed: int | None) -> Worker:
        return Worker(lambda channel: self._command(channel, seed), self.limits.output_bytes,
                      lambda pid: self.memory.watch(pid, self.limits), held=True)

    def _retire(self, worker: Worker) -> None:
        if self.spares_ahead:
            # A process a case: the next case need not wait while the kernel ends this one's
            # processes and lets its cgroup go (milliseconds, retried). Doomed first, none of
            # them runs again.
            worker.doom()
            ending = threading.Thread(target=worker.bury, daemon=True)
            ending.start()
            self._endings.append(ending)
        else:
            worker.kill()
        self._worker = None

    def _end_spares(self) -> None:
        """Kill the workers made ahead, and wait until every worker doomed by _retire is
        buried."""
        self._discard_spares()
        while self._endings:
            self._endings.pop().join()

    def _command(self, channel: Channel, seed: int | None) -> Command:
        launch = self.harness.launch(self.solution, self.game, channel,
                                     self.memory.harness_memory_mb(self.limits), seed,
                                     self._built)
        # Where the worker sees the candidate's file (the sandbox's path, or without one the
        # resolved host path): a traceback names it as it was given, in either mode.
        mounted = [a for a in launch.argv
                   if isinstance(a, Mounted) and a.host == self.solution.resolve()]
        self._inside = [a.inside for a in mounted] + [str(a.host) for a in mounted]
        return self.confinement.command(launch)

    def _compiled(self) -> str | None:
        """Compile the file once, if its language compiles; the compile error, if any."""
        if self._built is not None:
            return None
        build = self.harness.build(self.solution, self.game)
        if build is None:
            return None
        # Confined wherever bubblewrap works, whatever the run's mode: no compiler ever reads
        # the user's files (a case's secret, through #include) into a program.
        builder = Bubblewrap(BUILD_TMP_MB) if bubblewrap_works() else self.confinement
        try:
            result = built_program(build, builder, building=self.on_building)
        except JudgeError as e:
            self._judge_failure = str(e)
            raise
        if isinstance(result, CompileError):
            return named_as_given(result.message, build.source, self.solution)
        self._built, self._source = result, build.source
        return None

    def start_worker(self, seed: int | None = None) -> Worker | str:
        """A new worker that has loaded the file, or why the file could not be loaded.

        `seed` fixes the worker's start-up randomness (Python's string hashing) for replays.
        """
        if self._judge_failure is not None:
            raise JudgeError(self._judge_failure)
        compile_error = solution_refused(self.solution) or self._compiled()
        if compile_error:
            return compile_error
        # Bounded before it runs (a process held until then): what it starts is born inside.
        worker = self._held_worker(seed)
        worker.let_go()
        self.workers_started += 1
        if self._workers_to_come is not None:
            self._workers_to_come = max(0, self._workers_to_come - 1)
        if self.spares_ahead:
            self._make_spares(seed)
        # Loading counts all the CPU time the worker has used: a spare may have loaded while
        # the last case played.
        loading = Clock(self.limits.time_seconds, STARTUP_SECONDS + self.limits.time_seconds *
                        self.limits.wall_backstop, worker.cpu_seconds, cpu_from=0.0)
        message = worker.receive(loading)
        if message and message.get("op") == "ready" and loading.past_cpu_limit():
            # A spare can have loaded past the limit before its case took it: its "ready"
            # waited on the pipe, read before any check of the clock was due.
            message = None
        worker.status_relayed = self.sandbox
        if message and message.get("op") == "ready":
            worker.memory.adopt(worker.below())
            if not self.sandbox:
                # Unconfined, the worker is the harness itself, which forks nothing before it
                # is ready: whatever runs below it now, the file started while loading.
                worker.kill_descendants()
            elif (harness := harness_among(worker.below())) is not None:
                # Sandboxed, the same below the harness, which bubblewrap's processes started.
                worker.kill_below(harness)
                with contextlib.suppress(OSError):
                    worker.harness_end_fd = os.pidfd_open(harness)
                worker.harness_first = own_number(harness) == 1
            worker.baseline = worker.below()
            self._load_output = worker.output.take()  # shown with the first case's output
            return worker
        output = worker.output.take()
        worker.kill()
        if message and message.get("op") == "ce":
            # The file runs in the harness's process and may forge this message: say no more
            # than it did.
            return self._named_as_given(safe_block(message.get("error", ""))) or \
                "the file did not load; no reason given"
        if message is not None and not self.harness.runs_code_at_load:
            # None of the file's code runs before its first case (a JVM loads and links its
            # classes, and says so in a ce message if they will not): the runtime that ended
            # here is the judge's (a JDK that refuses an option, or cannot start here), and
            # every case would fail alike, as if the file's fault.
            self._judge_failure = self._named_as_given(
                f"the {self.harness.name} runtime ended while loading the file, before any of "
                f"the file's code ran, no fault of the file's: {output.strip()}")
            raise JudgeError(self._judge_failure)
        why = (f"did not start in time: {loading.verdict_detail()} while loading the file"
               if message is None else "died while loading the file")
        return self._named_as_given(f"the solution {why}\n{output}".strip())

    def _named_as_given(self, text: str) -> str:
        """`text` with the file named by the path it was given by, not the one the sandbox
        shows it at (a traceback, a syntax error), nor its build's copy (a JVM's stack trace
        names Solution.java, whatever the file was called)."""
        for inside in self._inside:
            text = text.replace(inside, str(self.solution))
        return named_as_given(text, self._source, self.solution)


class IsolatedRunner(WorkerOwner):
    """Plays LeetCode 843 cases through workers for one solution file.

    `fresh_state=False` keeps one process for every case, as LeetCode does for one submission
    run; the benchmark uses it to measure what fresh state costs.
    """

    def __init__(self, solution: Path, limits: Limits = DEFAULT_LIMITS,
                 sandbox: bool = False, fresh_state: bool = True,
                 memory: MemoryEnforcer | None = None, language: str | None = None) -> None:
        super().__init__(solution, limits, sandbox, memory, language)
        self._load_error: str | None = None
        self.fresh_state = fresh_state
        # Where the worker stands: its root process, a list's warm fork, or a case's fork.
        self._level: Literal["root", "list", "case"] = "root"
        self._forking = False
        # For a harness that cannot fork: every case of the list gets a process of its own.
        self._anew = False
        self._warmups: Sequence[Master] = ()
        self.warmup_timeouts = 0  # warm-up games that ran out of time
        self._list_pid = 0  # the list's warm process, which forks each case
        # A case's fork has ended and the next one is asked for, but the warm process's word
        # that it reaped the old one is still unread: read before the next case.
        self._unjoined = False
        # The last case fork's id in the sandbox's numbering (None before a list's first: set
        # so as each list's process forks).
        self._last_case_number: int | None = None
        # Time spent checking each case's fork from outside (judge/run/forks.py): make bench
        # states what the guard costs.
        self.outside_check_seconds = 0.0

    def _retire(self, worker: Worker) -> None:
        super()._retire(worker)
        self._level = "root"
        self._unjoined = False

    def _numbered_in_turn(self, fork: int) -> bool:
        """Whether the case's fork took the id right after the last case's fork (the sandbox
        numbers the worker's processes and threads alone, in turn). Otherwise the case between
        them started processes or threads, and how many (a secret's rank, say) is told by the
        id of this fork, which its warm process learned as it forked."""
        if not self.confinement.own_process_ids:
            return True  # the machine's numbering: anything on it moves it (a known gap)
        number = own_number(fork)
        last, self._last_case_number = self._last_case_number, number
        return last is None or number == last + 1

    @property
    def spares_ahead(self) -> bool:
        return self._anew

    @property
    def forks_for_cases(self) -> bool:
        """Whether the cases of a shared list play in forks of one warm process, after its
        warm-up games; otherwise each plays in a new process (where the confinement says the
        judge cannot check forks: judge/run/forks.py's `can_check_forks`)."""
        return self.harness.forks and self.confinement.checks_forks

    @contextlib.contextmanager
    def fresh_state_per_case(self, warmups: Sequence[Master],
                             cases: int | None = None) -> Iterator[None]:
        if not self.forks_for_cases:
            # A new process per case: as fresh as a fork, with nothing warm to keep (no
            # warm-up games), and each sandboxed process has a /tmp and IPC of its own.
            self._anew = self.fresh_state
            if cases is not None:  # the first case plays in the worker in use, if any
                self._workers_to_come = cases - (self._worker is not None)
            try:
                yield
            finally:
                self._anew = False
                self._workers_to_come = None
                self._end_spares()  # none is left loading for a list that has ended
            return
        self._forking, self._warmups = self.fresh_state, warmups
        try:
            yield
        finally:
            self._forking = False
            self._hear_joined()
            while self._worker is not None and self._level != "root":
                self._end_fork(self._worker)  # the case fork made ahead, then the list's

    def _ready_worker(self, seed: int | None = None) -> Worker | str:
        """A live worker waiting for a case, or the CE message of a file that cannot load."""
        if self._load_error is not None:
            return self._load_error
        if self._worker is None:
            started = self.start_worker(seed)
            if isinstance(started, str):
                self._load_error = started
                return started
            self._worker = started  # at the root: a worker is only let go through _retire
        return self._worker

    def _fork(self, worker: Worker) -> str | None:
        """Fork the worker's state; None when it forked, else what went wrong.

        The worker runs the submission's code, so an answer other than "forked" is the
        submission's doing (a message left on the pipe, a process that died), not the judge's.
        """
        worker.send({"op": "fork"})
        message = worker.receive(Clock(None, STARTUP_SECONDS))
        if message == {"op": "forked"}:
            return None
        self._retire(worker)
        if message is None:
            return "the solution's process did not answer the judge's fork in time"
        if not message:
            return "the solution's process died between cases"
        return f"the solution broke the judge's protocol: it sent {str(message)[:200]}"

    def _end_fork(self, worker: Worker) -> None:
        """End the innermost fork; its parent says it has ended, and serves on."""
        worker.send({"op": "exit"})
        self._joined(worker)
        self._level = "list" if self._level == "case" else "root"  # "root" once retired

    def _joined(self, worker: Worker) -> None:
        """Wait for the parent of the innermost fork to say that the fork has ended (how it
        ended, the judge has read from outside already); retire the worker if it never says."""
        message = worker.receive(Clock(None, STARTUP_SECONDS))
        if not (message and message.get("op") == "joined"):
            self._retire(worker)

    def _hear_joined(self) -> None:
        """Read the "joined" of the last case's fork, if it is still unread."""
        if self._unjoined and self._worker is not None:
            self._unjoined = False
            self._joined(self._worker)

    def _fork_ahead(self, worker: Worker) -> None:
        """Fork the list's warm state for the next case now, while the judge has other work:
        the fork waits for its case, plays it and ends (PROTOCOL.md, "once")."""
        if worker.send({"op": "fork", "once": True}):
            self._level = "case"
        else:
            self._retire(worker)

    def _warm_list(self, seeds: Seeds) -> Worker | str:
        """The worker forked for this list, with the warm-up games played in it."""
        for warmups in (self._warmups, ()):  # warm-ups that fail: start again without them
            worker = self._ready_worker(seeds.run)
            if isinstance(worker, str):
                return worker
            before = worker.below()
            problem = self._fork(worker)
            if problem is not None:
                return problem
            self._level = "list"
            self._last_case_number = None  # its first case's fork follows the warm-up games
            worker.baseline = worker.below()
            forked = worker.baseline - before
            if len(forked) != 1:
                self._retire(worker)
                return "the solution's process started other processes as it forked"
            (self._list_pid,) = forked
            # A process the warm-up games left behind would outlive every case of the list,
            # holding what each one told it: such a warm state is not played from.
            if self._warm_up(worker, warmups, seeds) and not worker.strays():
                return worker
            self._retire(worker)
            self._warmups = ()  # they failed once: the list's other cases go without
        return "the solution's process could not be forked for its warm-up games"

    def _case_clock(self, worker: Worker) -> Clock:
        """A game's time: the CPU limit over the worker's tree, the wall clock as backstop."""
        return Clock.for_case(self.limits.time_seconds, worker.cpu_seconds,
                              self.limits.wall_backstop)

    def _warm_up(self, worker: Worker, warmups: Sequence[Master], seeds: Seeds) -> bool:
        """Play the warm-up games, unscored; False if one of them did not end normally."""
        for warmup in warmups:
            clock = self._case_clock(worker)
            # Drawn as the case that follows them draws: each case seeds its generator anew.
            worker.send({"op": "run", "words": list(warmup.words), "seed": seeds.case})
            outcome = self._converse(worker, warmup, clock)
            worker.output.take(), worker.output.take_recent()  # not a case's output
            # Unscored, but a time limit spent all the same: --fail-fast counts it.
            self.warmup_timeouts += outcome.verdict == "TLE"
            if self._worker is not worker or outcome.verdict is not None:
                return False
        return True

    def play(self, master: Master, seeds: Seeds = UNSEEDED) -> Outcome:
        """Run findSecretWord once against `master`; the judge's own Master keeps every count."""
        self._hear_joined()  # before the fork for this case is looked for: the old one is gone
        worker = self._warm_list(seeds) if self._forking and self._level == "root" else \
            self._ready_worker(seeds.run)
        if isinstance(worker, str):
            return Outcome("CE" if self._load_error is not None else "RTE", worker)
        if self._forking and self._level == "list":
            self._fork_ahead(worker)  # the list's first case, or one after a failed case
            if self._worker is not worker:
                return Outcome("RTE", "the solution's process did not take the judge's fork")
        case_fork: CaseFork | None = None
        if self._level == "case":
            forked = fork_below(self._list_pid)
            if isinstance(forked, int) and not self._numbered_in_turn(forked):
                self._retire(worker)  # the case plays in a new worker, knowing nothing
                return self.play(master, seeds)
            with self._checking():
                isolated = forked if isinstance(forked, str) else isolate(
                    forked, self._list_pid, {worker.process.pid} | worker.baseline,
                    worker.channel_fds, self.confinement.private_directories)
            if isinstance(isolated, str):
                self._retire(worker)
                return Outcome("RTE", isolated)
            case_fork = isolated
            worker.case_end_fd = os.pidfd_open(case_fork.pid)
        clock = self._case_clock(worker)
        kills = worker.memory.kills()
        worker.send({"op": "run", "words": list(master.words), "seed": seeds.case,
                     "dump_after": dump_time(self.limits.time_seconds),
                     "dump_after_wall": dump_time(self.limits.time_seconds *
                                                  self.limits.wall_backstop)})
        status: int | None = None
        try:
            outcome = self._converse(worker, master, clock)
            # It ends by itself once its case is over, and the kernel reaps it.
            if (worker.case_end_fd is not None and self._worker is worker
                    and wait_for_end(worker.case_end_fd)):
                status = exit_code_of(worker.case_end_fd)
        finally:
            if worker.case_end_fd is not None:
                os.close(worker.case_end_fd)
                worker.case_end_fd = None
        outcome.seconds = clock.wall_seconds()
        if worker.memory.kills() > kills:
            # Whatever else happened, its processes together passed the limit.
            if self._worker is worker:
                self._retire(worker)
            outcome = Outcome("MLE", f"the solution's processes together used more than "
                                     f"{self.limits.memory_mb} MiB; the kernel killed one",
                              seconds=outcome.seconds)
        if case_fork is not None and self._worker is worker:
            # The case's fork ends by itself once its case is over, and ends well, touching
            # no warm process: otherwise they never run again, and what it sent dies with them.
            with self._checking():
                problem = case_ended(case_fork, status)
            if problem:
                self._retire(worker)
                if outcome.verdict is None:
                    outcome = Outcome("RTE", problem, seconds=outcome.seconds)
            elif worker.strays() - {case_fork.pid} or self._emptied_from_outside() != "" or (
                    not case_fork.descriptions_kept()) or worker.unread():
                # What was left is gone with the worker. (With no process of the case left,
                # none can change an open file after the judge has looked.) Its warm process,
                # held, has said nothing since the fork: what waits on its pipe to the judge
                # the case wrote after its last message, and would be read in a later case's.
                self._retire(worker)
            else:
                # The next case's fork is asked for before the warm processes go on: the
                # list's warm process reads the request once it has reaped this fork and said
                # so, while the judge reports this case.
                self._unjoined = True
                self._fork_ahead(worker)
                # A warm process could read the output pipe too (opened anew through
                # /proc/self/fd): what the case printed is the judge's before it goes on.
                worker.output.pump()
                case_fork.release()
        if case_fork is not None:
            case_fork.close()
        output, recent = worker.output.take(), worker.output.take_recent()
        outcome.output, frames = self.harness.split_stack_dump(output, self.solution)
        if self._load_output:
            outcome.output = f"[printed while the file loaded]\n{self._load_output}{outcome.output}"
            self._load_output = ""
        if not frames:
            frames = self.harness.split_stack_dump(recent, self.solution)[1]
        if outcome.verdict == "TLE" and frames:
            outcome.detail = where_it_was(outcome.detail, frames, self.solution)
        outcome.detail = self._named_as_given(outcome.detail)
        # (A case's fork was checked for strays above, before its warm processes went on.)
        if self._worker is worker and (self._anew or (case_fork is None and worker.strays())):
            self._retire(worker)
        return outcome

    @contextlib.contextmanager
    def _checking(self) -> Iterator[None]:
        """Count the time of a check made from outside in `outside_check_seconds`."""
        started = time.perf_counter()
        try:
            yield
        finally:
            self.outside_check_seconds += time.perf_counter() - started

    def _emptied_from_outside(self) -> str:
        """Empty the sandbox's private directories while its processes are held; what could
        not be removed, or ""."""
        with self._checking():
            return empty_from_outside(self._list_pid, self.confinement.private_directories)

    def _converse(self, worker: Worker, master: Master, clock: Clock) -> Outcome:
        """Answer the worker's guesses until the case ends; every text it sends is hostile."""
        stop_message = ""

        def ended(outcome: Outcome) -> Outcome:
            # Once stopped at the runaway cap, the case is WA whatever the worker does next.
            return Outcome(None, stop_message, stopped=True) if stop_message else outcome

        while True:
            message = worker.receive(clock)
            if message is None:
                detail = clock.verdict_detail()  # its CPU time, while its processes live
                self._retire(worker)
                return ended(Outcome("TLE", detail))
            if message is MEMORY_KILLED:
                self._retire(worker)  # play() reports the MLE from the watch's count
                return Outcome(None)
            op = message.get("op")
            if op == "guess":
                if stop_message:
                    continue  # the harness raises on later calls; more messages are ignored
                try:
                    reply: dict[str, object] = {"reply": master.guess(guessed_word(message))}
                except GuessBudgetExhausted as e:
                    stop_message = str(e)
                    reply = {"stop": stop_message}
                    clock.cut_wall(STOP_GRACE_SECONDS)
                if not worker.send(reply, clock):
                    detail = clock.verdict_detail()
                    self._retire(worker)  # it stopped reading the judge's replies
                    return ended(Outcome("TLE", detail))
            elif op == "done" or op == "stopped":
                return ended(Outcome(None))
            elif message is CASE_PROCESS_ENDED:
                # The case's fork died; play() retires the warm processes unless it ended well.
                return ended(Outcome("RTE", exit_description(
                    exit_code_of(worker.case_end_fd) if worker.case_end_fd is not None
                    else None)))
            elif op == "raised":
                verdict: Verdict = "MLE" if message.get("kind") == "MLE" else "RTE"
                return ended(Outcome(verdict, safe_block(message.get("error", ""))))
            elif not message:
                died = worker.death()
                worker.output.pump()
                out_of_memory = self.harness.out_of_memory(
                    worker.output.recent.decode("utf-8", "replace"))
                self._retire(worker)
                if out_of_memory:
                    return ended(Outcome("MLE", f"the solution ran out of memory ({died})"))
                return ended(Outcome("RTE", died))
            else:
                self._retire(worker)
                what = message.get("line") if op == "garbled" else message
                return ended(Outcome("RTE", f"the solution broke the judge's protocol: it wrote "
                                            f"{safe(what)} on the judge's pipe"))


def guessed_word(message: dict[str, object]) -> object:
    """What was guessed: a string that may be a word, or a stand-in answered -1."""
    word = message.get("word")
    if isinstance(word, str) and len(word) <= LONGEST_WORD and word.isprintable():
        return word
    return NotAWord(safe(word if "word" in message else message.get("bad")))


def dump_time(limit: float) -> float:
    """When the harness dumps the solution's stack: just before the judge gives up on it."""
    return limit - min(0.5, 0.2 * limit)


def where_it_was(detail: str, frames: list[Frame], solution: Path, most: int = 5) -> str:
    """A time-out's detail: where it was in the submission's own file, innermost call first."""
    try:
        source = solution.read_text(encoding="utf-8-sig", errors="replace").splitlines()
    except OSError:
        source = []

    def code(line: int) -> str:
        return f": {source[line - 1].strip()}" if 0 < line <= len(source) else ""

    innermost = frames[0]
    lines = [f"{detail}; it was at line {innermost.line}, in {innermost.function}",
             "where the solution was when its time ran out, innermost call first:"]
    lines += [f"  line {f.line}, in {f.function}{code(f.line)}" for f in frames[:most]]
    return "\n".join(lines)


class NotAWord:
    """Stands for a guess that was not a string; always answered -1."""

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def __repr__(self) -> str:
        return self.text
