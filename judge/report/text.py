"""Reports for a terminal: the verdict table, summaries, transcripts and the leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.cases import Case
from judge.result import FIGURES, RANKING, CaseResult, Report
from judge.safetext import safe, safe_block
from judge.verdicts import MEANING
from judge.wording import counted, duration

ROW = "{name:<36} {verdict:<4} {guesses:>7} {time:>8}"


def table_header() -> str:
    return ROW.format(name="case", verdict="", guesses="guesses", time="time")


def shortened(name: str, width: int) -> str:
    """A name cut to `width` from its start, where names of a run differ least; '…' says so."""
    return name if len(name) <= width else "…" + name[-(width - 1):]


def table_row(result: CaseResult) -> str:
    name = shortened(safe(result.name, limit=10_000), 36)  # a case file's name is hostile too
    row = ROW.format(name=name, verdict=result.verdict,
                     guesses=f"{result.guesses}/{result.allowed}",
                     time=f"{result.time_s * 1000:.0f} ms")
    if result.verdict != "AC":
        row += f"  {safe(why(result))}"
    return row


def why(result: CaseResult) -> str:
    """One line on a case not accepted: for WA the run's own reason, else the message."""
    if result.verdict == "WA" and result.detail:
        return result.detail.splitlines()[0]
    return result.message


def not_run_text(skipped: Sequence[CaseResult]) -> str:
    """One line for the cases not run (SC), which share one reason: listed case by case, they
    would bury the cases that did run."""
    reason = skipped[0].message.removeprefix("not run: ")
    return f"{counted(len(skipped), 'case')} not run: {safe(reason)}"  # a shard's, in merge


def worst_text(worst: Sequence[dict[str, object]], named: bool = True) -> str:
    """Most guesses per guess limit: '8/10 (bench05@pumumd), 26/30 (long)'."""
    return ", ".join(f"{w['guesses']}/{w['allowed']}" + (f" ({safe(w['case'])})" if named else "")
                     for w in worst) or "-"


def summary_text(report: Report) -> str:
    """The headline: accepted cases, then the figures under their one label each."""
    s = report.summary()
    verdicts = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items())
    lines = [f"{safe(report.solution)}: {s['accepted']}/{s['cases']} accepted ({verdicts})"]
    means = [f"{FIGURES[key]} {s[key]:.3f}" for key in ("mean_guesses", "mean_guesses_played")
             if s[key] is not None]
    if means:
        lines.append("  " + "; ".join(means))
    if s["worst_by_limit"]:
        lines.append(f"  {FIGURES['worst_by_limit']}: {worst_text(s['worst_by_limit'])}")
    return "\n".join(lines)


WORDS_SHOWN = 12  # of a failing case's list, unless every word is asked for


def words_line(words: Sequence[str], most: int | None) -> tuple[str, int]:
    """A case's list as its input is shown: 'words (N): ...', at most `most` of them (None:
    every one); and how many were left out."""
    shown = words if most is None else words[:most]
    more = len(words) - len(shown)
    return f"words ({len(words)}): {' '.join(shown)}" + (f" ... and {more} more" if more
                                                         else ""), more


def not_accepted_text(summary: dict[str, Any], separator: str = ", ") -> str:
    """The verdicts other than AC with their counts ('WA 1, TLE 3'), or '' for none."""
    return separator.join(f"{v} {n}" for v, n in summary["verdicts"].items() if v != "AC")


def transcript_text(result: CaseResult, case: Case | None = None,
                    every_word: bool = False) -> str:
    """A case's game, guess by guess; with its case, the input too (the list, shortened
    unless `every_word`, and the case's note), as LeetCode shows a failing test's input."""
    lines = [f"case {safe(result.name)}: {result.verdict} {safe(result.message)}",
             f"secret: {safe(result.secret)}"]
    if case is not None:
        listed, more = words_line(case.words, None if every_word else WORDS_SHOWN)
        lines.append(listed + (" (-vv shows them all)" if more else ""))
        if case.note:
            lines.append(f"note: {safe(case.note, limit=1000)}")
    lines += [f"  {i:>3}. {safe(word)} -> {reply}" for i, (word, reply) in
              enumerate(result.transcript, 1)]
    lines += detail_lines(result)
    if result.output:
        lines.append("output:\n" + safe_block(result.output))
    return "\n".join(lines)


def detail_lines(result: CaseResult) -> list[str]:
    """What a case's message leaves out (a traceback, a compiler's whole error), shown under
    the line that already gives its headline."""
    detail = result.detail.splitlines()
    if detail and detail[0] == result.message:
        detail = detail[1:]
    return [safe_block(line) for line in detail]


def order_line(reports: Sequence[Report]) -> str:
    """The order the cases were played in, and the seed of the solutions' random numbers
    (judge/randomness.py), as seeds to pass back for a replay."""
    seeds = {r.order_seed for r in reports}
    run_seeds = {(r.provenance or {}).get("run_seed") for r in reports}
    drawn = run_seeds.pop() if len(run_seeds) == 1 else None
    randomness = f"; random numbers from --seed {drawn}" if isinstance(drawn, int) else ""
    if len(seeds) == 1 and None not in seeds:
        return f"cases played in the order drawn with --order-seed {seeds.pop()}{randomness}"
    return ("the shards were played in orders of their own: each shard's report has its seed "
            "(pass one --order-seed to every shard for a run that replays as one)")


def spread_text(distribution: dict[int, int]) -> str:
    """How many games took each number of guesses ("1:3 2:5"); "-" where no game made a guess
    (every case a compile error, say), which "0:14" would only say in code."""
    if set(distribution) <= {0}:
        return "-"
    return " ".join(f"{g}:{n}" for g, n in distribution.items())


def leaderboard(reports: Sequence[Report]) -> str:
    """One row per solution, in the order given (ranked, where they were); the figures'
    labels follow the table."""
    summaries = [r.summary() for r in reports]  # each a pass over every case: made once
    name_width = min(max([8, *(len(safe(r.name)) for r in reports)]), 40)
    worst_width = max([10, *(len(worst_text(s["worst_by_limit"], named=False))
                             for s in summaries)])
    ranks = any(r.rank is not None for r in reports)
    rows = [("rank " if ranks else "") +
            f"{'solution':<{name_width}} {'accepted':>11} {'not accepted':<14} {'mean':>6} "
            f"{'most/limit':>{worst_width}} {'time':>8}  guesses used"]
    for report, s in zip(reports, summaries, strict=True):
        mean = s["mean_guesses_played"]
        failed = not_accepted_text(s, " ") or "-"
        spread = spread_text(s["guess_distribution"])
        name = shortened(safe(report.name), name_width)
        rank = f"{report.rank if report.rank is not None else '':>4} " if ranks else ""
        rows.append(f"{rank}{name:<{name_width}} {s['accepted']:>5}/{s['cases']:<5} "
                    f"{failed:<14} {'-' if mean is None else f'{mean:.3f}':>6} "
                    f"{worst_text(s['worst_by_limit'], named=False):>{worst_width}} "
                    f"{duration(s['time_s']):>8}  {spread}")
    rows.append(f"mean: {FIGURES['mean_guesses_played']}; most/limit: "
                f"{FIGURES['worst_by_limit']}")
    if any(s["verdicts"].get("SC") for s in summaries):
        rows.append(f"SC: {MEANING['SC']}")
    if ranks:
        rows.append(f"ranked by {RANKING}")
    return "\n".join(rows)


def judge_errors_text(reports: Sequence[Report]) -> str | None:
    """One line for a class's grader where the judge itself failed (JE, a broken compiler
    say): those solutions' places say nothing of them. None where it never failed."""
    failed = [(report, result) for report in reports for result in report.results
              if result.verdict == "JE"]
    if not failed:
        return None
    report, first = failed[0]
    solutions = len({id(r) for r, _ in failed})
    return (f"warning: the judge failed on {counted(len(failed), 'case')} of "
            f"{counted(solutions, 'solution')} (JE, not theirs): their places say nothing "
            f"of them; the first, {safe(report.name)} on {safe(first.name)}: "
            f"{safe(first.message)}")


def compile_errors_text(reports: Sequence[Report]) -> str | None:
    """Under a class's ranking, why each file that never loaded did not (its row says only
    "CE"): its compile error's first line. None where every file loaded."""
    lines = [f"CE   {shortened(safe(report.name), 40)}: {safe(alike.message)}"
             for report in reports
             if (alike := report.failed_alike()) is not None and alike.verdict == "CE"]
    return "\n".join(lines) or None


MOST_FAILURES_LISTED = 20  # by default; the rest are in the reports written


def not_accepted_lines(report: Report, more: str,
                       most: int = MOST_FAILURES_LISTED) -> list[str]:
    """The cases not accepted, as listed under a solution's summary: a row for each of the
    first `most` that ran (`more` says where the others are), one line for those not run."""
    failures = [r for r in report.results if r.verdict != "AC"]
    if not failures:
        return []
    played = [r for r in failures if r.verdict != "SC"]
    skipped = [r for r in failures if r.verdict == "SC"]
    lines = [f"not accepted ({len(failures)}):", *map(table_row, played[:most])]
    if len(played) > most:
        lines.append(f"... and {len(played) - most} more: {more}")
    if skipped:
        lines.append(f"SC   {not_run_text(skipped)}")
    return lines
