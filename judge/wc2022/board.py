"""Several P8079 solutions side by side, on the same answers.

The official score is capped at 100, so the table compares raw points a round, with the mean
number of guesses of the rounds found, how many rounds took each number of guesses, the
rounds lost, and the time.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any

from judge.report.html import escaped, histogram, page, provenance_paragraph
from judge.report.provenance import made_by_items, sandbox_text
from judge.safetext import safe
from judge.wc2022.game import Match, Round

MOST_ROUNDS_SHOWN = 200  # lost rounds per solution on the page


def found_guesses(match: Match) -> list[int]:
    """Guesses of each round found, in the order played."""
    return [len(r.guesses) for r in match.rounds if r.ended == "found"]


def points_per_round(match: Match) -> float:
    return match.total / len(match.rounds) if match.rounds else 0.0


def match_table(matches: Sequence[Match]) -> str:
    header = (f"{'solution':<22} {'points/round':>12} {'score':>6} {'mean':>5} {'lost':>4} "
              f"{'CPU':>7} {'wall':>7}  guesses used")
    rows = [header]
    for match in matches:
        found = found_guesses(match)
        mean = f"{statistics.fmean(found):.3f}" if found else "-"
        used = " ".join(f"{k}:{found.count(k)}" for k in sorted(set(found)))
        lost = len(match.rounds) - len(found)
        rows.append(f"{safe(match.name):<22} {points_per_round(match):>12.2f} "
                    f"{match.score:>6.2f} {mean:>5} {lost:>4} {match.cpu_seconds:>6.1f}s "
                    f"{match.seconds:>6.1f}s  {used}")
    return "\n".join(rows)


def points_table(matches: Sequence[Match]) -> str:
    rows = ["<table id='verdicts'><tr><th class='name'>solution</th><th>points/round</th>"
            "<th>score</th><th>mean guesses</th><th>lost</th><th>CPU</th><th>wall</th></tr>"]
    for match in matches:
        found = found_guesses(match)
        mean = f"{statistics.fmean(found):.3f}" if found else "-"
        rows.append(f"<tr class='solution-row'><td class='name'>{escaped(match.name)}</td>"
                    f"<td>{points_per_round(match):.2f}</td><td>{match.score:.2f}</td>"
                    f"<td>{mean}</td><td>{len(match.rounds) - len(found)}</td>"
                    f"<td>{match.cpu_seconds:.1f} s</td><td>{match.seconds:.1f} s</td></tr>")
    return "\n".join(rows) + "\n</table>"


def lost_round(played: Round) -> str:
    steps = "".join(f"<li>{escaped(word)} {''.join('GS.'[2 - f] for f in feedback)}</li>"
                    for word, feedback in played.guesses)
    detail = f"<pre>{escaped(played.detail)}</pre>" if played.detail else ""
    return (f"<details class='failed-case'><summary>round {played.number}: "
            f"{escaped(played.ended)} (answer {escaped(played.answer)})</summary>"
            f"<ol>{steps}</ol>{detail}</details>")


def lost_rounds(match: Match) -> str:
    lost = [r for r in match.rounds if r.ended != "found"]
    name = escaped(match.name)
    if not lost:
        return f"<p>{name}: every round found.</p>"
    more = len(lost) - MOST_ROUNDS_SHOWN
    rest = f"<p>... and {more} more (the JSON report has them all)</p>" if more > 0 else ""
    return (f"<h3>{name}: {len(lost)} lost</h3>\n"
            + "\n".join(map(lost_round, lost[:MOST_ROUNDS_SHOWN])) + rest)


def match_provenance_items(made: dict[str, Any]) -> list[tuple[str, str]]:
    """How the matches were made, in named lines as the other reports say it
    (judge/report/provenance.py): the judge, the dictionary, the answers, the limits."""
    dictionary, limits = made["dictionary"], made["limits"]
    answers = (f"every word once, in an order drawn with --answer-seed {made['answer_seed']}"
               if made["every_answer"] else
               f"{made['rounds']:,} rounds drawn with --answer-seed {made['answer_seed']}")
    items = [*made_by_items(made),
             ("dictionary", f"{dictionary['path']} ({dictionary['words']:,} words, sha256 "
                            f"{dictionary['sha256']})"),
             ("answers", answers),
             ("limits", f"{limits['guess_time_s']:g} s of CPU a guess, "
                        f"{limits['match_time_s']:g} s a match, {limits['memory_mb']} MiB"),
             ("sandbox", sandbox_text(made))]
    return [(key, safe(value, limit=2000)) for key, value in items]


def match_page(matches: Sequence[Match], title: str, seed: int,
               made: dict[str, Any] | None = None) -> str:
    """The matches as one self-contained HTML page (see judge/report/html.py); `made`, how they
    were made, heads it."""
    series = [(m.name, Counter(found_guesses(m))) for m in matches]
    # The seed is the provenance's to say, where there is one.
    head = (provenance_paragraph(match_provenance_items(made)) if made is not None
            else f"<p>answers drawn with --answer-seed {seed}</p>")
    return page(title, [head, "<p>feedback: G gold, S silver, . neither</p>",
                        "<h2>Points</h2>", points_table(matches),
                        "<h2>Guesses per round found</h2>",
                        histogram(series, "round", nothing="no round was found"),
                        "<h2>Rounds lost</h2>", *map(lost_rounds, matches)])
