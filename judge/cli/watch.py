"""grade --watch: LeetCode's Run button, offline. The file is graded again each time it is
saved, the cases it failed last time first, and only what changed is shown."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from judge.cases import Case
from judge.cli.base import EXIT_OK
from judge.cli.running import make_runner
from judge.report.text import summary_text, why
from judge.result import CaseResult, Report
from judge.safetext import safe
from judge.wording import counted

DEBOUNCE_MS = 150  # an editor's save is often several writes
CHANGES_SHOWN = 10  # cases whose verdict changed, a line each; the rest are counted


def watch(args: argparse.Namespace, solution: Path, cases: Sequence[Case], first: Report,
          order: int) -> int:
    import watchfiles

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
    from judge.run.build import broken_toolchains

    broken_toolchains.clear()  # a compiler mended since the last save is tried again
    failing = [c for c in cases if last.get(c.name) != "AC"]
    rest = [c for c in cases if last.get(c.name) == "AC"]
    first = f", the {counted(len(failing), 'case')} not accepted last time first" \
        if failing else ""
    print(f"\n{safe(solution.name)} saved: grading again{first}", flush=True)

    changed = Changes(last)
    results: dict[str, CaseResult] = {}
    for part in (failing, rest):
        if part:
            runner = make_runner(args, solution, args.sandboxed)
            for result in grade(runner, str(solution), part, args.run_seed, args.adversary, changed,
                                order, args.fail_fast, args.solution_seconds,
                                args.shared_lists).results:
                results[result.name] = result
    if changed.unshown:
        print(f"  and {changed.unshown.total()} more changed: "
              + ", ".join(f"{change} {n}" for change, n in changed.unshown.most_common()),
              flush=True)
    return Report(str(solution), [results[c.name] for c in cases], order)


class Changes:
    """Told each case's result as it comes: a line for each verdict that changed, up to
    CHANGES_SHOWN of them, then only a count of each change, so that a fix that turns two
    thousand cases does not scroll the summary away. A compile error is the file's, not a
    case's: said once, as grade says it, and so is a file that compiles again."""

    def __init__(self, last: dict[str, str]) -> None:
        self.last = last
        self.said: set[str] = set()
        self.shown = 0
        self.unshown: Counter[str] = Counter()

    def once(self, line: str) -> None:
        if line not in self.said:
            self.said.add(line)
            print(line, flush=True)

    def __call__(self, result: CaseResult) -> None:
        before = self.last.get(result.name)
        if result.verdict == "CE":
            self.once(f"  CE  {safe(result.message)} (no case runs)")
        elif before == "CE" and result.verdict == "AC":
            self.once("  compiles again (CE last time)")
        elif before != result.verdict:
            if self.shown == CHANGES_SHOWN:
                self.unshown[f"{before} -> {result.verdict}"] += 1
                return
            self.shown += 1
            print(f"  {safe(result.name)}: {before} -> {result.verdict}"
                  + (f"  {safe(why(result))}" if result.verdict != "AC" else ""), flush=True)
