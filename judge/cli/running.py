"""What grade, compare and explain share: choosing the cases, making the runners, and the
command that replays one case."""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from judge.cases import Case, CaseError, case_set_digest, load_cases, selected, shared_lists
from judge.cli.base import UsageError
from judge.cli.checks import check_memory, check_seconds, require_solution_file, use_sandbox
from judge.cli.reports import check_report_paths
from judge.harness.launch import Build
from judge.report.provenance import FORKED, NEW_PROCESS, UNCHECKED
from judge.result import CaseResult
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner, Runner
from judge.safetext import safe, shown

PROJECT_ROOT = Path(__file__).resolve().parents[2]


def default_cases() -> Path:
    here = Path("cases")
    return here if here.is_dir() else PROJECT_ROOT / "cases"


def where_from(cases: Sequence[Case], folder: Path) -> str:
    """A line saying which case files a defaulted run used, so nobody grades the wrong set."""
    files = Counter(Path(c.source).parent for c in cases)

    def shown(path: Path) -> str:
        return str(path.relative_to(folder)) if path.is_relative_to(folder) else str(path)

    spread = ", ".join(f"{safe(shown(p))} {n}" for p, n in sorted(files.items())[:8])
    more = f" and {len(files) - 8} more folders" if len(files) > 8 else ""
    return (f"cases: {len(cases):,} from {safe(folder)} ({spread}{more}); choose others with "
            "--cases PATH")


def selected_cases(args: argparse.Namespace) -> tuple[list[Case], str | None]:
    """The cases to play, and a line saying where they came from when they were defaulted;
    what they were chosen from is kept in args.case_set, for the reports' provenance."""
    folder = None if args.cases else default_cases()
    paths = args.cases or [folder]
    try:
        cases = load_cases(paths, relaxed=args.relaxed)
    except CaseError:
        if folder is not None and folder != PROJECT_ROOT / "cases":
            # A folder named cases beside the solution may hold something else entirely.
            print(f"note: without --cases the judge reads ./cases, as here, wherever there is "
                  f"one; choose others with --cases PATH (the shipped ones: "
                  f"{safe(PROJECT_ROOT / 'cases')})", file=sys.stderr, flush=True)
        raise
    args.case_set = {"paths": [str(p) for p in paths], "count": len(cases),
                     "digest": case_set_digest(cases)}
    note = None if folder is None else where_from(cases, folder)
    all_secrets = getattr(args, "all_secrets", False)
    # A case picked from a list plays as among the list's others: from its warm state.
    args.shared_lists = shared_lists(cases, all_secrets)
    cases = selected(cases, all_secrets, args.case)
    if args.case and not cases:
        raise UsageError(f"no case is named {shown(args.case)} or has it in its name")
    if getattr(args, "shard", None) is not None:
        from judge.report.merge import shard_of

        cases = shard_of(cases, *args.shard)
        if not cases:
            raise UsageError(f"shard {args.shard[0]}/{args.shard[1]} holds no case: "
                             f"there are fewer cases than shards")
    return cases, note


def run_seed(args: argparse.Namespace) -> int:
    """The run's seed (judge/randomness.py): asked for, or 32 bits from the operating system,
    which every replay command prints."""
    return secrets.randbits(32) if args.seed is None else int(args.seed)


def order_seed(args: argparse.Namespace) -> int:
    """The order cases are played in: asked for, or 64 bits from the operating system."""
    return secrets.randbits(64) if args.order_seed is None else int(args.order_seed)


def isolated_runner(solution: Path, limits: Limits, sandbox: bool,
                    language: str | None = None) -> IsolatedRunner:
    """A runner for the file, or the usage error that stops it (no sandbox, no language)."""
    from judge.harness.registry import UnknownLanguage
    from judge.run.confine import SandboxUnavailable

    try:
        runner = IsolatedRunner(solution, limits, sandbox=sandbox, language=language)
    except (SandboxUnavailable, UnknownLanguage) as e:
        raise UsageError(str(e)) from e
    if sys.stderr.isatty():  # a first build on a new cache is seconds of silence otherwise
        runner.on_building = lambda build: print(building_line(solution, build),
                                                 file=sys.stderr, flush=True)
    return runner


def building_line(solution: Path, build: Build) -> str:
    """What a build that runs says as it starts: the judge's own part's first, then the file's."""
    if build.source:
        return f"compiling {safe(str(solution))} ..."
    return "building the judge's own part of the build, once on this cache ..."


def limits_of(args: argparse.Namespace) -> Limits:
    check_seconds("--time-limit", args.time_limit)
    check_memory(args.memory_limit)
    return Limits(time_seconds=args.time_limit, memory_mb=args.memory_limit)


def make_runner(args: argparse.Namespace, solution: Path, sandbox: bool) -> Runner:
    limits = limits_of(args)
    if getattr(args, "in_process", False):
        from judge.run.inprocess import InProcessRunner

        if (args.language or "python") != "python" or solution.suffix.lower() != ".py":
            raise UsageError(f"{solution}: --in-process runs Python files only")
        return InProcessRunner(solution)
    return isolated_runner(solution, limits, sandbox, args.language)


def prepare(args: argparse.Namespace, solutions: Sequence[Path]
            ) -> tuple[list[Case], str | None, list[Runner]]:
    """Everything that can fail on bad input, checked before any case runs."""
    if args.all_secrets and args.adversary:
        raise UsageError("--all-secrets and --adversary: the adversary chooses its own secret, "
                         "so every game of a list would be the same game; give one of them")
    check_report_paths(args, len(solutions))
    if args.fail_fast < 0:
        raise UsageError("--fail-fast takes a number of time-outs, 0 for none")
    check_seconds("--solution-seconds", args.solution_seconds)
    if args.in_process:
        refuse_what_in_process_ignores(args)
    for solution in solutions:
        require_solution_file(solution)
    sandbox = False if args.in_process else use_sandbox(args)
    args.sandboxed = sandbox  # what was used, for the provenance
    runners = [make_runner(args, s, sandbox) for s in solutions]
    cases, note = selected_cases(args)
    note_cases_played_anew(args, runners)
    args.run_seed = run_seed(args)  # one for every file: the same draws, side by side
    return cases, note, runners


def refuse_what_in_process_ignores(args: argparse.Namespace) -> None:
    """--in-process runs the file inside the judge: a sandbox or a limit asked for beside it
    would be ignored, which one line says instead."""
    asked = [flag for flag, given in (("--sandbox", args.sandbox is True),
                                      ("--time-limit", args.time_limit != Limits.time_seconds),
                                      ("--memory-limit", args.memory_limit != Limits.memory_mb))
             if given]
    if asked:
        raise UsageError(f"--in-process runs the file inside the judge, with no sandbox and no "
                         f"limits: leave out {' and '.join(asked)}, or --in-process")


def note_cases_played_anew(args: argparse.Namespace, runners: Sequence[Runner]) -> None:
    """Say why a run of shared lists is slower where the judge cannot check the forks a
    harness would make: each of their cases then plays in a new process (judge/run/forks.py,
    `can_check_forks`)."""
    if args.shared_lists and any(fresh_state_of(r) == UNCHECKED for r in runners):
        print(ANEW_NOTE, file=sys.stderr)


ANEW_NOTE = ("note: here the judge cannot check forks (that takes root with CAP_SYS_PTRACE, or "
             "the sandbox run as an ordinary user), so each case of a list that other cases "
             "share plays in a new process of its own: as fresh, and slower (docs/how-to.md)")


def replay_command(args: argparse.Namespace, solution: Path, result: CaseResult,
                   cases: Sequence[Case], order: int) -> str:
    """The command that plays this one case again, as this run played it, every guess shown:
    a case of a shared list with the order seed, which draws the list's warm-up games."""
    case = next((c for c in cases if c.name == result.name), None)
    words = [*shlex.split(args.prog), "grade", str(solution)]
    if case is not None and case.source:
        words += ["--cases", case.source]
    words += ["--case", result.name]
    if args.all_secrets:
        words.append("--all-secrets")
    if case is not None and case.words in args.shared_lists:
        words += ["--order-seed", str(order)]
    for flag, value in (("--seed", args.run_seed), ("--language", args.language)):
        if value is not None:
            words += [flag, str(value)]
    if args.time_limit != Limits.time_seconds:
        words += ["--time-limit", f"{args.time_limit:g}"]
    if args.memory_limit != Limits.memory_mb:
        words += ["--memory-limit", str(args.memory_limit)]

    words += [f for f, on in (("--adversary", args.adversary), ("--relaxed", args.relaxed),
                              ("--in-process", args.in_process),
                              ("--no-sandbox", args.sandbox is False)) if on]
    return safe(" ".join(shlex.quote(w) for w in [*words, "-vv"]), limit=2000)


def one_case(cases: Sequence[Case], name: str | None, where: str) -> Case:
    """The one case that NAME names: a name as grade prints it (`list@secret` for a game of
    --all-secrets), a part of one name, or a number counting from 1; with no NAME, the only
    case there is."""
    if name is None:
        if len(cases) == 1:
            return cases[0]
        raise UsageError(f"{where} holds {len(cases)} cases: pick one with --case NAME "
                         f"(e.g. {shown(cases[0].name)}) or --case NUMBER (1..{len(cases)})")
    found = [c for c in cases if c.name == name]
    if not found and "@" in name:
        base, _, secret = name.rpartition("@")
        found = [c.with_secret(secret) for c in cases if c.name == base and secret in c.words]
    if not found:
        found = [c for c in cases if name in c.name]
    if not found and name.isascii() and name.isdigit() and 1 <= int(name) <= len(cases):
        found = [cases[int(name) - 1]]
    if not found:
        raise UsageError(f"{where}: no case is named {shown(name)} or has it in its name")
    if len(found) > 1:
        matches = ", ".join(shown(c.name) for c in found[:4])
        names = {c.name for c in found}
        hint = ("give the whole name" if len(names) == len(found) else
                "name the file too, with --cases FILE")
        raise UsageError(f"{where}: {len(found)} cases match {shown(name)} ({matches}"
                         f"{', ...' if len(found) > 4 else ''}): {hint}")
    return found[0]


def chosen_case(args: argparse.Namespace, command: str) -> Case:
    """The case to explain or play: --case NAME of --cases PATH."""
    paths, name = args.cases, args.case
    # os.path's, not Path's: a name too long to be a file's is not one (Path.is_file raises).
    if name is not None and not paths and os.path.isfile(name):
        # The old spelling, --case FILE: kept for one release.
        print(f"warning: --case takes a case name now; give the file {safe(name)} with --cases "
              f"in `{command}` (the old spelling will stop working in the next release)",
              file=sys.stderr)
        paths, name = [Path(name)], None
    name = getattr(args, "old_name", None) or name
    where = ", ".join(map(str, paths)) if paths else str(default_cases())
    cases = load_cases(paths or [default_cases()], relaxed=True)  # practice takes any list
    case = one_case(cases, name, where)
    # As grade played it: a case of a list that others share, from the list's warm state. A
    # `list@secret` name is a game of --all-secrets, where every list of two words is shared.
    every = case.name not in {c.name for c in cases}
    args.shared_lists = shared_lists(cases, every)
    return case


def fresh_state_of(runner: Runner) -> str | None:
    """How each case of a shared list started afresh (judge/report/provenance.py says it in
    words): in a fork, in a new process because the language's harness does not fork, or in a
    new process because the judge cannot check forks here; None inside the judge."""
    if not isinstance(runner, IsolatedRunner):
        return None
    return FORKED if runner.forks_for_cases else NEW_PROCESS if not runner.harness.forks \
        else UNCHECKED


def made_by(args: argparse.Namespace) -> dict[str, object]:
    """Which judge made a report, when, and with what command: the first lines of every
    report's provenance."""
    import datetime

    import judge

    return {"judge": judge.__version__, "command": [*shlex.split(args.prog), *args.argv],
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")}


def provenance(args: argparse.Namespace, solution: Path, runner: Runner) -> dict[str, object]:
    """How a report was made, enough to check it or make it again: written into every JSON
    report, compared by `merge` before it trusts a shard."""
    from judge.reading import solution_sha256

    return {
        **made_by(args),
        "solution_sha256": solution_sha256(solution),
        "cases": args.case_set,
        "selection": {"all_secrets": args.all_secrets, "case": args.case,
                      "relaxed": args.relaxed, "adversary": args.adversary},
        "seed": args.seed,
        "run_seed": args.run_seed,  # the seed used: the one asked for, or the one drawn
        "limits": {"time_s": args.time_limit, "memory_mb": args.memory_limit,
                   "fail_fast": args.fail_fast, "solution_s": args.solution_seconds},
        "sandbox": args.sandboxed,
        "in_process": args.in_process,
        "fresh_state": fresh_state_of(runner),
        "language": args.language,
        "shard": list(args.shard) if args.shard else None,
        # What in the folders given was not graded and may be a student's (a link, an
        # archive, a folder without a solution file), each with why.
        "not_graded": getattr(args, "unread_submissions", []),
    }
