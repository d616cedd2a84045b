"""Reports as one self-contained HTML page: the verdict table, a histogram of guesses per
solution drawn as inline SVG, and the transcript of every case not accepted.

No script, no network, no file beside it: the page works offline, opened from disk. Every text
that came from a submission or a case file is escaped (html.escape after safetext's escapes).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from judge.report.text import order_line, worst_text
from judge.result import FIGURES, CaseResult, Report
from judge.safetext import safe, safe_block

# Colour-blind-safe (Okabe-Ito), one per solution, repeating past eight.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
CHART_HEIGHT, BAR_WIDTH, GAP, MARGIN = 220, 14, 10, 40
MOST_CASES_SHOWN = 200  # cases not accepted, per solution: a page stays readable and small

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
details { margin: 0.3em 0; }
.legend span { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 1em; }
.verdict-AC { color: #007a3d; } .verdict-WA, .verdict-TLE, .verdict-MLE, .verdict-RTE,
.verdict-CE, .verdict-JE { color: #b00020; }
"""


def escaped(text: object) -> str:
    return html.escape(safe(text))


def solution_name(report: Report) -> str:
    return Path(report.solution).name


def verdict_table(reports: Sequence[Report]) -> str:
    rows = ["<table id='verdicts'><tr><th>solution</th><th>accepted</th><th>not accepted</th>"
            f"<th>{FIGURES['mean_guesses']}</th><th>{FIGURES['mean_guesses_played']}</th>"
            f"<th>{FIGURES['worst_by_limit']}</th><th>time</th></tr>"]
    for report in reports:
        s = report.summary()
        failed = ", ".join(f"{v} {n}" for v, n in s["verdicts"].items() if v != "AC") or "-"
        means = "".join(f"<td>{'-' if s[k] is None else f'{s[k]:.3f}'}</td>"
                        for k in ("mean_guesses", "mean_guesses_played"))
        rows.append(f"<tr class='solution-row'><td>{escaped(solution_name(report))}</td>"
                    f"<td>{s['accepted']}/{s['cases']}</td><td>{escaped(failed)}</td>{means}"
                    f"<td>{escaped(worst_text(s['worst_by_limit']))}</td>"
                    f"<td>{s['time_s']:.1f} s</td></tr>")
    return "\n".join(rows) + "\n</table>"


def histogram(series: Sequence[tuple[str, Counter[int]]], unit: str = "games") -> str:
    """Bars of how many games took each number of guesses, the solutions side by side:
    `series` holds each solution's name and its count of games by guesses."""
    counts = [count for _, count in series]
    most_guesses = max((k for c in counts for k in c), default=1)
    tallest = max((n for c in counts for n in c.values()), default=1)
    group = BAR_WIDTH * len(series) + GAP
    width, height = 2 * MARGIN + group * most_guesses, CHART_HEIGHT + 2 * MARGIN
    parts = [f"<svg id='histogram' xmlns='http://www.w3.org/2000/svg' width='{width}' "
             f"height='{height}' role='img' aria-label='games by number of guesses'>",
             f"<line x1='{MARGIN}' y1='{MARGIN + CHART_HEIGHT}' x2='{width - MARGIN}' "
             f"y2='{MARGIN + CHART_HEIGHT}' stroke='#444'/>"]
    for guesses in range(1, most_guesses + 1):
        left = MARGIN + (guesses - 1) * group
        parts.append(f"<text x='{left + group / 2 - GAP / 2}' y='{MARGIN + CHART_HEIGHT + 16}' "
                     f"text-anchor='middle' font-size='11'>{guesses}</text>")
        for index, (solution, count) in enumerate(series):
            n = count.get(guesses, 0)
            if not n:
                continue
            bar = CHART_HEIGHT * n / tallest
            name = escaped(solution)
            parts.append(
                f"<rect class='bar' data-solution='{name}' data-guesses='{guesses}' "
                f"data-count='{n}' x='{left + index * BAR_WIDTH}' "
                f"y='{MARGIN + CHART_HEIGHT - bar:.1f}' width='{BAR_WIDTH - 1}' "
                f"height='{bar:.1f}' fill='{PALETTE[index % len(PALETTE)]}'>"
                f"<title>{name}: {n} {unit} in {guesses} guesses</title></rect>")
    parts.append(f"<text x='{MARGIN}' y='{MARGIN - 10}' font-size='11'>{unit} (tallest bar: "
                 f"{tallest})</text>")
    parts.append(f"<text x='{width / 2}' y='{height - 6}' text-anchor='middle' "
                 f"font-size='11'>guesses</text></svg>")
    legend = "".join(f"<span style='background:{PALETTE[i % len(PALETTE)]}'></span>"
                     f"{escaped(name)}" for i, (name, _) in enumerate(series))
    return "\n".join(parts) + f"\n<p class='legend'>{legend}</p>"


def case_details(result: CaseResult) -> str:
    steps = "".join(f"<li>{escaped(word)} &rarr; {reply}</li>"
                    for word, reply in result.transcript)
    extra = ""
    if result.detail:
        extra += f"<pre>{html.escape(safe_block(result.detail))}</pre>"
    if result.output:
        extra += f"<p>it printed:</p><pre>{html.escape(safe_block(result.output))}</pre>"
    return (f"<details class='failed-case'><summary>{escaped(result.name)}: "
            f"<b class='verdict-{result.verdict}'>{result.verdict}</b> "
            f"{escaped(result.message)}</summary><p>secret: {escaped(result.secret)}</p>"
            f"<ol>{steps}</ol>{extra}</details>")


def failed_cases(report: Report) -> str:
    failed = [r for r in report.results if r.verdict != "AC"]
    if not failed:
        return f"<p>{escaped(solution_name(report))}: every case accepted.</p>"
    shown = "\n".join(case_details(r) for r in failed[:MOST_CASES_SHOWN])
    more = len(failed) - MOST_CASES_SHOWN
    rest = f"<p>... and {more} more (the JSON report has them all)</p>" if more > 0 else ""
    return (f"<h3>{escaped(solution_name(report))}: {len(failed)} not accepted</h3>\n"
            f"{shown}{rest}")


def page(title: str, sections: Sequence[str]) -> str:
    """A whole page around sections of HTML that are already escaped."""
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>{escaped(title)}</title><style>{STYLE}</style></head>\n<body>\n"
            f"<h1>{escaped(title)}</h1>\n" + "\n".join(sections) + "\n</body></html>\n")


def html_report(reports: Sequence[Report], title: str) -> str:
    series = [(solution_name(r), Counter(r.played_guesses())) for r in reports]
    return page(title, [f"<p>{escaped(order_line(reports))}</p>", "<h2>Verdicts</h2>",
                        verdict_table(reports), "<h2>Guesses per game</h2>",
                        "<p>Games played to the end (accepted or wrong answer).</p>",
                        histogram(series), "<h2>Cases not accepted</h2>",
                        *map(failed_cases, reports)])
