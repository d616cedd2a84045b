"""Reports for a terminal: the verdict table, summaries, transcripts and the leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from judge.result import CaseResult, Report
from judge.safetext import safe, safe_block

ROW = "{name:<36} {verdict:<4} {guesses:>7} {time:>8}"


def table_header() -> str:
    return ROW.format(name="case", verdict="", guesses="guesses", time="time")


def table_row(result: CaseResult) -> str:
    name = safe(result.name, limit=10_000)  # a case file's name is hostile text too
    name = name if len(name) <= 36 else "…" + name[-35:]
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


def summary_text(report: Report) -> str:
    s = report.summary()
    verdicts = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items())
    text = f"{safe(report.solution)}: {s['accepted']}/{s['cases']} accepted ({verdicts})"
    if s["accepted"]:
        text += (f"; accepted cases: worst {s['worst_guesses']}, "
                 f"mean {s['mean_guesses']:.2f} guesses")
    return text


def transcript_text(result: CaseResult) -> str:
    lines = [f"case {safe(result.name)}: {result.verdict} {safe(result.message)}",
             f"secret: {safe(result.secret)}"]
    lines += [f"  {i:>3}. {safe(word)} -> {reply}" for i, (word, reply) in
              enumerate(result.transcript, 1)]
    detail = result.detail.splitlines()
    if detail and detail[0] == result.message:
        detail = detail[1:]  # the headline is already on the first line
    lines += [safe_block(line) for line in detail]
    if result.output:
        lines.append("output:\n" + safe_block(result.output))
    return "\n".join(lines)


def order_line(reports: Sequence[Report]) -> str:
    """The order the cases were played in, as a seed to pass back for a replay."""
    seeds = {r.order_seed for r in reports}
    if len(seeds) == 1 and None not in seeds:
        return f"cases played in the order drawn with --order-seed {seeds.pop()}"
    return ("the shards were played in orders of their own: each shard's report has its seed "
            "(pass one --order-seed to every shard for a run that replays as one)")


def leaderboard(reports: Sequence[Report]) -> str:
    """One row per solution; mean and worst count every game played to the end (AC or WA)."""
    rows = [f"{'solution':<22} {'accepted':>11} {'not accepted':<14} {'mean':>6} {'worst':>5} "
            f"{'time':>8}  guesses used"]
    for report in reports:
        s = report.summary()
        mean = s["mean_guesses_played"]
        failed = " ".join(f"{v} {n}" for v, n in s["verdicts"].items() if v != "AC") or "-"
        spread = " ".join(f"{g}:{n}" for g, n in s["guess_distribution"].items())
        rows.append(f"{safe(Path(report.solution).name):<22} {s['accepted']:>5}/{s['cases']:<5} "
                    f"{failed:<14} {'-' if mean is None else f'{mean:.3f}':>6} "
                    f"{s['worst_guesses_played'] or '-':>5} {s['time_s']:>7.1f}s  {spread}")
    return "\n".join(rows)
