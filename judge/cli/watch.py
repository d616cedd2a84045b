"""grade --watch: LeetCode's Run button, offline. The file is graded again each time it is
saved, the cases it failed last time first, and only what changed is shown."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from judge.cases import Case
from judge.cli.base import EXIT_OK
from judge.cli.running import make_runner
from judge.result import CaseResult, Report
from judge.safetext import safe
from judge.wording import counted

DEBOUNCE_MS = 150  # an editor's save is often several writes


def watch(args: argparse.Namespace, solution: Path, cases: Sequence[Case], first: Report,
          order: int) -> int:
    import watchfiles

    from judge.report.text import summary_text

    last: dict[str, str] = {r.name: r.verdict for r in first.results}
    print(f"watching {safe(solution)}: save it to grade it again (Ctrl-C stops)", flush=True)

    def saved(change: watchfiles.Change, path: str) -> bool:
        return Path(path).name == solution.name and change != watchfiles.Change.deleted

    try:
        for _ in watchfiles.watch(solution.parent, watch_filter=saved, recursive=False,
                                  debounce=DEBOUNCE_MS):
            if not solution.is_file():
                continue  # an editor between removing the old file and writing the new
            report = again(args, solution, cases, last, order)
            print(summary_text(report), flush=True)
            last = {r.name: r.verdict for r in report.results}
    except KeyboardInterrupt:
        print("stopped watching", flush=True)
    return EXIT_OK


def again(args: argparse.Namespace, solution: Path, cases: Sequence[Case],
          last: dict[str, str], order: int) -> Report:
    """One more round: the cases not accepted last time, then the rest, a line for each
    verdict that changed."""
    from judge.grading import grade

    failing = [c for c in cases if last.get(c.name) != "AC"]
    rest = [c for c in cases if last.get(c.name) == "AC"]
    first = f", the {counted(len(failing), 'case')} not accepted last time first" \
        if failing else ""
    print(f"\n{safe(solution.name)} saved: grading again{first}", flush=True)

    compile_error_said = False

    def changed(result: CaseResult) -> None:
        nonlocal compile_error_said
        if result.verdict == "CE":  # the file's, not a case's: said once, as grade says it
            if not compile_error_said:
                print(f"  CE  {safe(result.message)} (no case runs)", flush=True)
                compile_error_said = True
            return
        before = last.get(result.name)
        if before != result.verdict:
            print(f"  {safe(result.name)}: {before} -> {result.verdict}"
                  + (f"  {safe(result.message)}" if result.verdict != "AC" else ""), flush=True)

    results: dict[str, CaseResult] = {}
    for part in (failing, rest):
        if part:
            runner = make_runner(args, solution, args.sandboxed)
            for result in grade(runner, str(solution), part, args.run_seed, args.adversary, changed,
                                order, args.fail_fast, args.solution_seconds,
                                args.shared_lists).results:
                results[result.name] = result
    return Report(str(solution), [results[c.name] for c in cases], order)
