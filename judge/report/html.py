"""Reports as one self-contained HTML page, readable from one solution to a class of 300:
the ranked table first (each row a link to the solution's section), a chart of how many
guesses the games took, then each solution's failures with their reasons in sight.

No script, no network, no file beside it: the page works offline, opened from disk. Every text
that came from a submission or a case file is escaped (html.escape after safetext's escapes).
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Sequence

from judge.report.provenance import provenance_items
from judge.report.text import not_accepted_text, not_run_text, order_line, why, worst_text
from judge.result import FIGURES, RANKING, CaseResult, Report
from judge.safetext import safe, safe_block
from judge.wording import counted, duration, plural

# Colour-blind-safe (Okabe-Ito): as many solutions as colours get bars side by side; more
# get a heat map, a row each, which stays readable at hundreds.
PALETTE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
           "#000000")
CHART_HEIGHT, BAR_WIDTH, GAP, MARGIN = 220, 14, 10, 48
# Pixels: the page's text is at most about 1100 wide, so a chart is shrunk at most to about
# three quarters, where its labels still read.
WIDEST_CHART = 1500
MOST_CASES_SHOWN = 200  # cases not accepted, per solution: a page stays readable and small
MORE = "more"  # the bucket past the guess limit

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; padding: 0 1em; max-width: 1200px;
       color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.6em; text-align: right; }
td { white-space: nowrap; }
th.name, td.name { text-align: left; }
td.name, td.wraps, h3, summary, .provenance, .legend { white-space: normal;
  overflow-wrap: anywhere; }
#verdicts { width: 100%; }
#verdicts td.name { min-width: min(22ch, 40vw); }
pre { background: #f6f6f6; padding: 0.5em; white-space: pre-wrap; overflow-wrap: anywhere; }
details { margin: 0.3em 0; }
svg { max-width: 100%; height: auto; }
.legend span { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 1em; }
.heat td, .heat th { min-width: 1.6em; padding: 0.1em 0.2em; font-size: 0.8em; }
.heat td.name { min-width: 10em; max-width: 24em; }
.scrolls { overflow-x: auto; }
.provenance { color: #555; font-size: 0.9em; }
.verdict-AC { color: #007a3d; } .verdict-WA, .verdict-TLE, .verdict-MLE, .verdict-RTE,
.verdict-CE, .verdict-JE { color: #b00020; } .verdict-SC { color: #666; }
"""


def escaped(text: object) -> str:
    return html.escape(safe(text))


def solution_name(report: Report) -> str:
    return report.name


def anchor(index: int) -> str:
    return f"s{index + 1}"


def verdict_table(reports: Sequence[Report]) -> str:
    ranks = any(r.rank is not None for r in reports)
    head = "<th>rank</th>" if ranks else ""
    rows = [f"<table id='verdicts'><tr>{head}<th class='name'>solution</th><th>accepted</th>"
            f"<th>not accepted</th><th>{FIGURES['mean_guesses']}</th>"
            f"<th>{FIGURES['mean_guesses_played']}</th><th>{FIGURES['worst_by_limit']}</th>"
            "<th>time</th></tr>"]
    for index, report in enumerate(reports):
        s = report.summary()
        failed = not_accepted_text(s) or "-"
        means = "".join(f"<td>{'-' if s[k] is None else f'{s[k]:.3f}'}</td>"
                        for k in ("mean_guesses", "mean_guesses_played"))
        rank = f"<td>{report.rank}</td>" if ranks else ""
        rows.append(f"<tr class='solution-row'>{rank}<td class='name'><a href='#{anchor(index)}'>"
                    f"{escaped(solution_name(report))}</a></td>"
                    f"<td>{s['accepted']}/{s['cases']}</td><td>{escaped(failed)}</td>{means}"
                    f"<td class='wraps'>{escaped(worst_text(s['worst_by_limit']))}</td>"
                    f"<td>{duration(s['time_s'])}</td></tr>")
    note = f"<p>Ranked by {RANKING}.</p>" if ranks else ""
    return "\n".join(rows) + "\n</table>" + note


def bucketed(counts: Counter[int], cap: int | None) -> Counter[int | str]:
    """Counts by guesses, everything past `cap` in one bucket."""
    out: Counter[int | str] = Counter()
    for guesses, n in counts.items():
        out[MORE if cap is not None and guesses > cap else guesses] += n
    return out


def columns(series: Sequence[tuple[str, Counter[int]]], cap: int | None) -> list[int | str]:
    most = max((k for _, c in series for k in c), default=1)
    last = min(most, cap) if cap is not None else most
    more = cap is not None and most > cap
    return [*range(1, max(last, 1) + 1), *([MORE] if more else [])]


def histogram(series: Sequence[tuple[str, Counter[int]]], unit: str = "game",
              cap: int | None = None, nothing: str = "no game was played to the end") -> str:
    """Bars of how many games took each number of guesses, the solutions side by side:
    `series` holds each solution's name and its count of games by guesses; past `cap`, one
    bucket. Drawn to scale, with the counts on a y-axis, and shrunk to the page's width.
    A solution with nothing to count (a compile error, say) has no place among the bars, only
    a word under them; with nothing to count at all, a line saying `nothing`."""
    empty = [name for name, count in series if not count]
    series = [(name, count) for name, count in series if count]
    if not series:
        return f"<p class='no-chart'>Nothing to chart: {escaped(nothing)}.</p>"
    buckets = [(name, bucketed(count, cap)) for name, count in series]
    xs = columns(series, cap)
    tallest = max((n for _, c in buckets for n in c.values()), default=1) or 1
    group = BAR_WIDTH * len(series) + GAP
    width, height = histogram_width(len(series), len(xs)), CHART_HEIGHT + 2 * MARGIN
    base = MARGIN + CHART_HEIGHT
    parts = [f"<svg id='histogram' xmlns='http://www.w3.org/2000/svg' width='{width}' "
             f"height='{height}' viewBox='0 0 {width} {height}' role='img' "
             f"aria-label='{plural(unit)} by number of guesses'>",
             f"<line x1='{MARGIN}' y1='{base}' x2='{width - MARGIN}' y2='{base}' stroke='#444'/>",
             f"<line x1='{MARGIN}' y1='{MARGIN}' x2='{MARGIN}' y2='{base}' stroke='#444'/>"]
    for tick in sorted({0, tallest // 2, tallest}):
        y = base - CHART_HEIGHT * tick / tallest
        parts.append(f"<line class='tick' x1='{MARGIN - 4}' y1='{y:.1f}' x2='{width - MARGIN}' "
                     f"y2='{y:.1f}' stroke='#ddd'/><text x='{MARGIN - 6}' y='{y + 4:.1f}' "
                     f"text-anchor='end' font-size='11'>{tick}</text>")
    for position, guesses in enumerate(xs):
        left = MARGIN + position * group
        parts.append(f"<text x='{left + group / 2 - GAP / 2}' y='{base + 16}' "
                     f"text-anchor='middle' font-size='11'>{guesses}</text>")
        for index, (solution, count) in enumerate(buckets):
            n = count.get(guesses, 0)
            if not n:
                continue
            bar = CHART_HEIGHT * n / tallest
            name = escaped(solution)
            parts.append(
                f"<rect class='bar' data-solution='{name}' data-guesses='{guesses}' "
                f"data-count='{n}' x='{left + index * BAR_WIDTH}' y='{base - bar:.1f}' "
                f"width='{BAR_WIDTH - 1}' height='{bar:.1f}' "
                f"fill='{PALETTE[index % len(PALETTE)]}'>"
                f"<title>{name}: {counted(n, unit)} in {taken(guesses)}</title></rect>")
    parts.append(f"<text x='{MARGIN}' y='{MARGIN - 12}' font-size='11'>{plural(unit)}</text>")
    parts.append(f"<text x='{width / 2}' y='{height - 8}' text-anchor='middle' "
                 f"font-size='11'>guesses</text></svg>")
    legend = "".join(f"<span style='background:{PALETTE[i % len(PALETTE)]}'></span>"
                     f"{escaped(name)}"
                     for i, (name, _) in enumerate(series))
    if empty:
        legend += f"; none for {', '.join(map(escaped, empty))} ({nothing})"
    return "\n".join(parts) + f"\n<p class='legend'>{legend}</p>"


def histogram_width(solutions: int, columns: int) -> int:
    """The chart's width in pixels, before the page shrinks it to fit."""
    return 2 * MARGIN + (BAR_WIDTH * solutions + GAP) * columns


def taken(guesses: int | str) -> str:
    """A column of guesses in words: "1 guess", "4 guesses", "more guesses" (past the cap)."""
    return counted(guesses, "guess") if isinstance(guesses, int) else f"{guesses} guesses"


def heat_map(series: Sequence[tuple[str, Counter[int]]], cap: int | None,
             unit: str = "games") -> str:
    """A row a solution, a column a number of guesses: each cell's count, shaded by its share
    of that solution's games, so that 300 rows stay as readable as 3."""
    xs = columns(series, cap)
    # Shaded against the largest share on the page, so that the range of shades is used.
    darkest = max((n / sum(c.values()) for _, c in series for n in c.values()), default=1.0)
    head = "".join(f"<th>{x}</th>" for x in xs)
    rows = [f"<table class='heat' id='heat-map'><tr><th class='name'>solution</th>{head}"
            f"<th>{unit}</th></tr>"]
    for index, (name, count) in enumerate(series):
        buckets = bucketed(count, cap)
        total = sum(buckets.values())
        cells = []
        for x in xs:
            n = buckets.get(x, 0)
            share = n / total / darkest if total else 0.0
            shade = ""
            if n:
                text = " color: #fff;" if share > 0.6 else ""
                shade = f" style='background: rgba(0, 114, 178, {0.1 + 0.9 * share:.2f});{text}'"
            cells.append(f"<td class='cell' data-guesses='{x}' data-count='{n}'{shade}>"
                         f"{n or ''}</td>")
        rows.append(f"<tr class='heat-row'><td class='name'><a href='#{anchor(index)}'>"
                    f"{escaped(name)}</a></td>{''.join(cells)}<td>{total}</td></tr>")
    return ("<p>Each cell: how many of that solution's games took that many guesses, shaded "
            "by its share of them (darker: more; the darkest, the largest share here).</p>\n"
            "<div class='scrolls'>" + "\n".join(rows) + "\n</table></div>")


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
            f"{escaped(why(result))}</summary><p>secret: {escaped(result.secret)}</p>"
            f"<ol>{steps}</ol>{extra}</details>")


def failed_cases(report: Report, index: int = 0) -> str:
    heading = f"<h3 id='{anchor(index)}'>{escaped(solution_name(report))}"
    failed = [r for r in report.results if r.verdict != "AC"]
    if not failed:
        return f"{heading}</h3>\n<p>{escaped(solution_name(report))}: every case accepted.</p>"
    heading += f": {len(failed)} not accepted</h3>"
    if (first := report.failed_alike()) is not None:  # none could run: said once
        more = first.detail if first.detail.strip() != first.message.strip() else ""
        return (f"{heading}\n<p><b class='verdict-{first.verdict}'>{first.verdict}</b> on every "
                f"case: {escaped(first.message)}</p>"
                + (f"<pre>{html.escape(safe_block(more))}</pre>" if more else ""))
    skipped = [r for r in failed if r.verdict == "SC"]
    shown = [r for r in failed if r.verdict != "SC"]
    parts = [heading, *map(case_details, shown[:MOST_CASES_SHOWN])]
    if len(shown) > MOST_CASES_SHOWN:
        parts.append(f"<p>... and {len(shown) - MOST_CASES_SHOWN} more (the JSON report has "
                     "them all)</p>")
    if skipped:
        parts.append(f"<p><b class='verdict-SC'>SC</b> {escaped(not_run_text(skipped))}</p>")
    return "\n".join(parts)


def provenance_text(reports: Sequence[Report]) -> str:
    """How the run was made, in the words of every report (judge/report/provenance.py)."""
    if not any(r.provenance for r in reports):
        return ""
    return provenance_paragraph([(key, value) for key, value in provenance_items(reports)
                                 if key != "ranking"])


def provenance_paragraph(items: Sequence[tuple[str, str]]) -> str:
    """Named lines of how a run was made, already made safe (not cut again here)."""
    lines = "<br>".join(f"{html.escape(key)}: {html.escape(value)}" for key, value in items)
    return f"<p class='provenance'>{lines}</p>"


def page(title: str, sections: Sequence[str]) -> str:
    """A whole page around sections of HTML that are already escaped."""
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{escaped(title)}</title><style>{STYLE}</style></head>\n<body>\n"
            f"<h1>{escaped(title)}</h1>\n" + "\n".join(sections) + "\n</body></html>\n")


def html_report(reports: Sequence[Report], title: str) -> str:
    series = [(solution_name(r), Counter(r.played_guesses())) for r in reports]
    cap = max((c.allowed for r in reports for c in r.results), default=None)
    played = [(name, count) for name, count in series if count]
    # Bars while they fit the page; else a row a solution, which stays readable (a long tail
    # of guesses, or many solutions, would shrink bars and labels past reading).
    bars = not played or (len(played) <= len(PALETTE) and
                          histogram_width(len(played), len(columns(played, cap))) <= WIDEST_CHART)
    chart = histogram(series, cap=cap) if bars else heat_map(series, cap)
    return page(title, [provenance_text(reports), f"<p>{escaped(order_line(reports))}</p>",
                        "<h2>Ranking</h2>" if any(r.rank for r in reports)
                        else "<h2>Verdicts</h2>",
                        verdict_table(reports), "<h2>Guesses per game</h2>",
                        "<p>Games played to the end (accepted or wrong answer); past the guess "
                        f"limit, one '{MORE}' column.</p>", chart,
                        "<h2>Cases not accepted</h2>",
                        *(failed_cases(r, i) for i, r in enumerate(reports))])
