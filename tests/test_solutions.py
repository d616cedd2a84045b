"""Reference solutions: faithful ports (transcripts traced by hand from the seeds' code), their
figures on the benchmark, and the strongest solution on every shipped case."""

from __future__ import annotations

import random
import re
import statistics
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings

from judge.cases import Case, load_cases
from judge.generate import random_words
from judge.grading import grade
from judge.result import Report
from judge.rules import match
from judge.run.inprocess import InProcessRunner
from judge.run.session import IsolatedRunner

from .conftest import CASES, ROOT, SOLUTIONS, benchmark_lists, whole_benchmark_only
from .strategies import cases

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

MINIMAX_PORTS = ["minimax_cpp", "minimax_kotlin", "minimax_js"]
EVERY = sorted(p.stem for p in SOLUTIONS.glob("*.py"))

# Traced by hand from the seeds' code. List A: aaaaaa has largest group 1 (all replies differ)
# and is the first word to beat abcdef's 4, so every minimax port opens with it; bbbbbb ties it
# but comes later, and the first strictly better word wins.
LIST_A = ("abcdef", "aaaaaa", "aaaabb", "aabbbb", "bbbbbb")
# List B: every word has the same entropy (1.5 bits) and the same largest group (2), so all
# open with cccaaz. On reply 2, {aaaaaa, bbbaaa} remain: azzaaz (not a candidate) splits them
# with 1 bit; aaaaaa does too and seed 004's 0.1 bonus for the second guess makes it win.
LIST_B = ("cccaaz", "azzaaz", "aaaaaa", "bbbaaa")

TRANSCRIPTS = [
    (MINIMAX_PORTS, LIST_A, "aabbbb", [("aaaaaa", 2), ("aabbbb", 6)]),
    (MINIMAX_PORTS, LIST_A, "abcdef", [("aaaaaa", 1), ("abcdef", 6)]),
    (MINIMAX_PORTS, ("aaaaaa", "bbbbbb", "cccccc"), "cccccc",
     [("aaaaaa", 0), ("bbbbbb", 0), ("cccccc", 6)]),
    (MINIMAX_PORTS, ("acckzz", "ccbazz", "eiowzz", "abcczz"), "eiowzz",
     [("acckzz", 2), ("eiowzz", 6)]),
    (MINIMAX_PORTS, LIST_B, "bbbaaa", [("cccaaz", 2), ("aaaaaa", 3), ("bbbaaa", 6)]),
    (["entropy"], LIST_A, "bbbbbb", [("aaaaaa", 0), ("bbbbbb", 6)]),
    (["entropy"], LIST_B, "aaaaaa", [("cccaaz", 2), ("aaaaaa", 6)]),
    (["entropy"], LIST_B, "bbbaaa", [("cccaaz", 2), ("aaaaaa", 3), ("bbbaaa", 6)]),
    (["first_candidate"], LIST_A, "bbbbbb", [("abcdef", 1), ("aaaaaa", 0), ("bbbbbb", 6)]),
    (["minimax_all"], LIST_A, "aabbbb", [("aaaaaa", 2), ("aabbbb", 6)]),
]


@pytest.mark.parametrize(("names", "words", "secret", "expected"), TRANSCRIPTS)
def test_transcripts_traced_from_the_seeds(names: list[str], words: tuple[str, ...],
                                           secret: str, expected: list[tuple[str, int]]) -> None:
    for name in names:
        report = grade(InProcessRunner(SOLUTIONS / f"{name}.py"), name,
                       [Case("traced", secret, words, 10)])
        assert report.results[0].transcript == expected, name


@cache
def benchmark() -> tuple[Case, ...]:
    return tuple(load_cases([CASES / "benchmark"]))


def played(name: str, lists: int | None = None, seed: int | None = None) -> Report:
    """The solution's games on the benchmark's first `lists` lists (as many as this run plays
    when None)."""
    return played_on(name, benchmark_lists() if lists is None else lists, seed)


@cache
def played_on(name: str, lists: int, seed: int | None) -> Report:
    cases = [c for c in benchmark() if int(c.name[5:7]) <= lists]
    return grade(InProcessRunner(SOLUTIONS / f"{name}.py"), name, cases, seed)


def guesses(report: Report) -> list[int]:
    return [r.guesses for r in report.results]


@pytest.mark.parametrize("name", MINIMAX_PORTS[1:])
def test_the_three_minimax_ports_play_identical_games(name: str) -> None:
    reference = [r.transcript for r in played("minimax_cpp", lists=3).results]
    assert [r.transcript for r in played(name, lists=3).results] == reference


@pytest.mark.slow
@pytest.mark.benchmark
def test_the_seed_minimax_matches_its_published_figures() -> None:
    whole_benchmark_only()
    used = guesses(played("minimax_cpp"))
    assert len(used) == 2000
    assert 5.5 <= statistics.fmean(used) <= 5.7
    assert max(used) == 11
    assert 1 <= sum(g > 10 for g in used) <= 10  # a few games in a thousand fail


def test_random_guessing_matches_its_published_figures() -> None:
    used = guesses(played("random_guess", lists=20, seed=843))
    assert 6.3 <= statistics.fmean(used) <= 6.9
    assert 13 <= max(used) <= 16
    assert 0.05 <= sum(g > 10 for g in used) / len(used) <= 0.09


@pytest.mark.slow
@pytest.mark.benchmark
def test_the_strongest_meets_its_targets_on_the_benchmark() -> None:
    used = guesses(played("strongest"))
    assert sum(g > 10 for g in used) == 0
    assert max(used) <= 9 and statistics.fmean(used) <= 5.5


@pytest.mark.slow
@pytest.mark.benchmark
@pytest.mark.parametrize("other", ["minimax_cpp", "entropy", "minimax_all", "first_candidate"])
def test_the_strongest_beats_each_other_solution(other: str) -> None:
    used, theirs = guesses(played("strongest")), guesses(played(other))
    assert statistics.fmean(used) < statistics.fmean(theirs)
    assert max(used) <= max(theirs)


@pytest.mark.parametrize("name", EVERY)
def test_every_solution_is_accepted_on_leetcodes_examples(name: str) -> None:
    report = grade(IsolatedRunner(SOLUTIONS / f"{name}.py"), name,
                   load_cases([CASES / "examples"]), seed=1)
    assert report.all_accepted


@pytest.mark.slow
@pytest.mark.benchmark
def test_the_strongest_is_accepted_on_every_shipped_case() -> None:
    shipped = [c for c in load_cases([CASES]) if not c.name.startswith("bench")]
    report = grade(IsolatedRunner(SOLUTIONS / "strongest.py"), "strongest", shipped)
    assert report.all_accepted, [(r.name, r.verdict) for r in report.results if r.verdict != "AC"]
    assert played("strongest").all_accepted


@pytest.mark.parametrize("name", ["random_guess", "first_candidate"])
def test_naive_guesses_are_consistent_with_every_reply(name: str) -> None:
    for result in played(name, lists=2, seed=5).results:
        for i, (word, _) in enumerate(result.transcript):
            assert all(match(word, earlier) == reply
                       for earlier, reply in result.transcript[:i]), result.name


STANDARD = {"math", "random", "collections", "itertools", "functools"}


def test_ports_use_only_the_standard_library_and_others_what_leetcode_has() -> None:
    # LeetCode's Python 3 has NumPy; the seeds' ports stay plain Python, as the seeds were.
    for path in SOLUTIONS.glob("*.py"):
        text = path.read_text()
        assert "judge" not in text.replace("# ", "").split("class Solution")[1], path
        imports = {line.split()[1].split(".")[0] for line in text.splitlines()
                   if line.startswith(("import ", "from "))}
        port = re.search(r"seed \d{3}_[0-9a-f]{16}\.txt", text.split("class Solution")[0])
        assert imports <= (STANDARD if port else STANDARD | {"numpy"}), path


def test_solution_headers_name_their_seed() -> None:
    for name, seed in [("minimax_cpp", "001_21c0cc4238f9a466.txt"),
                       ("minimax_kotlin", "000_1a3a3685d9f7e5eb.txt"),
                       ("minimax_js", "003_846b77a1caed7841.txt"),
                       ("entropy", "004_95120cf109bcec94.txt"),
                       ("random_guess", "000_1a3a3685d9f7e5eb.txt"),
                       ("first_candidate", "000_1a3a3685d9f7e5eb.txt")]:
        header = Path(SOLUTIONS / f"{name}.py").read_text().split("class Solution")[0]
        assert seed in header, name
        assert "Deliberate differences" in header or "prose only" in header, name


@settings(max_examples=25)
@given(cases(max_words=30, alphabet="abcd"))
def test_every_solution_wins_or_runs_out_of_guesses_and_only_guesses_words(case: Case) -> None:
    for name in EVERY:
        (result,) = grade(InProcessRunner(SOLUTIONS / f"{name}.py"), name, [case], seed=0).results
        assert result.verdict in ("AC", "WA"), (name, result.detail)
        assert all(word in case.words for word, _ in result.transcript), name
        assert result.verdict == "AC" or result.guesses > case.allowed_guesses, name


@pytest.mark.parametrize("name", EVERY)
def test_a_list_is_played_as_if_alone_after_another_list_of_its_size(name: str) -> None:
    """LeetCode plays every test case in one process: a solution that caches per list must
    know one list from another of the same size. Each game, played after games on the other
    list, is the game a fresh process plays."""
    rng = random.Random(843)
    lists = [tuple(random_words(rng, 40)) for _ in range(2)]
    cases = [Case(f"{tag}{i}", secret, words, 10)
             for tag, words in zip("ab", lists, strict=True)
             for i, secret in enumerate(words[:5])]
    together = grade(InProcessRunner(SOLUTIONS / f"{name}.py"), name, cases, seed=1,
                     order_seed=1)
    for case, result in zip(cases, together.results, strict=True):
        (alone,) = grade(InProcessRunner(SOLUTIONS / f"{name}.py"), name, [case], seed=1).results
        assert result.transcript == alone.transcript, case.name



# A reference's mean and worst case on one benchmark list, as `make bench` prints them.
PLAYED_FIGURES = re.compile(r"(\w+) (\d\.\d{3})(?: [+-]\d\.\d{3})? \(worst (\d+)\)")


def benchmark_page_figures() -> dict[tuple[str, str], tuple[float, int]]:
    """(list, solution) -> (mean, worst) from the least-mean table of docs/benchmarks.md."""
    figures = {}
    for line in (ROOT / "docs" / "benchmarks.md").read_text().splitlines():
        row = re.match(r"\s+(bench\d\d)\s+worst \d+", line)
        if row:
            for name, mean, worst in PLAYED_FIGURES.findall(line):
                figures[(row[1], name)] = (float(mean), int(worst))
    return figures


@pytest.mark.benchmark
def test_the_references_play_the_games_the_benchmark_page_shows() -> None:
    """Every game of the tuned solutions is pinned: a change to a rollout limit, a shortlist
    or a cache shows as a mean of its own on some list, until make bench is run again."""
    figures = benchmark_page_figures()
    names = sorted({name for _, name in figures})
    assert {"strongest", "optimal_worst_case", "entropy", "minimax_cpp"} <= set(names)
    for name in names:
        report = played(name)
        for number in range(1, benchmark_lists() + 1):
            games = [r.guesses for r in report.results if r.name.startswith(f"bench{number:02}")]
            assert (round(statistics.fmean(games), 3), max(games)) == \
                figures[(f"bench{number:02}", name)], (name, number)
