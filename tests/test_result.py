"""A report's figures and the leaderboard's order, on results whose figures are worked by hand."""

from __future__ import annotations

from judge.report.text import leaderboard, not_accepted_lines
from judge.result import FIGURES, CaseResult, Report, ranked, ranking_key, worst_by_limit
from judge.verdicts import Verdict


def result(name: str, verdict: Verdict, guesses: int, allowed: int = 10,
           seconds: float = 0.5) -> CaseResult:
    return CaseResult(name, verdict, "", guesses, allowed, seconds, "secret")


# Two accepted games (3 and 5 guesses), one wrong answer played to the end (11 of 10), and
# games that did not end: a time-out after 2 guesses, a crash after 1, a case not run.
MIXED = [result("a", "AC", 3), result("b", "AC", 5), result("late", "WA", 11),
         result("slow", "TLE", 2), result("crash", "RTE", 1), result("skipped", "SC", 0),
         result("long", "AC", 26, allowed=30, seconds=0.25)]


def test_the_summary_counts_accepted_and_played_games_apart() -> None:
    summary = Report("s.py", MIXED).summary()
    assert summary["cases"] == 7 and summary["accepted"] == 3
    assert summary["verdicts"] == {"AC": 3, "WA": 1, "TLE": 1, "RTE": 1, "SC": 1}
    assert summary["mean_guesses"] == round((3 + 5 + 26) / 3, 4)  # accepted games only
    assert summary["worst_guesses"] == 26
    # Played: the games that ran to the end, accepted or not; not the time-out or the crash.
    assert summary["mean_guesses_played"] == round((3 + 5 + 11 + 26) / 4, 4)
    assert summary["worst_guesses_played"] == 26
    assert summary["guess_distribution"] == {0: 1, 1: 1, 2: 1, 3: 1, 5: 1, 11: 1, 26: 1}
    assert summary["time_s"] == 3.25


def test_a_report_with_nothing_accepted_has_no_mean_rather_than_zero() -> None:
    summary = Report("s.py", [result("x", "TLE", 4), result("y", "RTE", 2)]).summary()
    assert summary["accepted"] == 0
    assert summary["mean_guesses"] is None and summary["worst_guesses"] is None
    assert summary["mean_guesses_played"] is None and summary["worst_guesses_played"] is None
    assert summary["worst_by_limit"] == []


def test_the_worst_game_is_kept_per_guess_limit_over_games_played_to_the_end() -> None:
    assert worst_by_limit(MIXED) == [
        {"allowed": 10, "guesses": 11, "case": "late", "games": 3},
        {"allowed": 30, "guesses": 26, "case": "long", "games": 1}]


def test_all_accepted_needs_every_case_and_at_least_one() -> None:
    assert Report("s.py", [result("a", "AC", 3)]).all_accepted
    assert not Report("s.py", [result("a", "AC", 3), result("b", "WA", 11)]).all_accepted
    assert not Report("s.py", []).all_accepted


def test_the_leaderboard_ranks_accepted_then_mean_played_then_worst_and_shares_ties() -> None:
    def report(name: str, *games: tuple[Verdict, int]) -> Report:
        return Report(f"{name}.py", [result(f"c{i}", v, g) for i, (v, g) in enumerate(games)])

    reports = [
        report("fewer_accepted", ("AC", 1), ("WA", 11)),
        report("higher_mean", ("AC", 5), ("AC", 5)),
        report("worse_worst", ("AC", 2), ("AC", 6)),
        report("best", ("AC", 3), ("AC", 5)),
        report("also_best", ("AC", 5), ("AC", 3)),
        report("nothing_played", ("TLE", 3), ("RTE", 1)),
    ]
    order = ranked(reports)
    assert [(r.rank, r.name) for r in order] == [
        (1, "also_best.py"), (1, "best.py"), (3, "worse_worst.py"), (4, "higher_mean.py"),
        (5, "fewer_accepted.py"), (6, "nothing_played.py")]
    # A wrong answer's guesses count in the mean a leaderboard compares.
    assert ranking_key(report("w", ("AC", 3), ("WA", 11)))[1] == 7.0


def test_every_report_ranks_first_when_all_tie() -> None:
    reports = [Report(f"{name}.py", [result("c", "AC", 4)]) for name in ("b", "a", "c")]
    assert [(r.rank, r.name) for r in ranked(reports)] == [(1, "a.py"), (1, "b.py"), (1, "c.py")]


def test_a_report_with_games_played_ranks_before_one_with_none_among_equals() -> None:
    failed = Report("failed.py", [result("c", "WA", 11)])
    crashed = Report("crashed.py", [result("c", "RTE", 0)])
    assert [r.name for r in ranked([crashed, failed])] == ["failed.py", "crashed.py"]
    assert ranking_key(crashed) == (0, float("inf"), float("inf"))


def test_the_means_keep_four_decimals_and_the_time_three() -> None:
    games = [result("a", "AC", 1, seconds=0.1111), result("b", "AC", 1, seconds=0.1111),
             result("c", "AC", 2, seconds=0.1111)]
    summary = Report("s.py", games).summary()
    assert summary["mean_guesses"] == summary["mean_guesses_played"] == 1.3333
    assert summary["time_s"] == 0.333


def test_the_json_of_a_report_names_every_field() -> None:
    game = CaseResult("c", "WA", "wrong", 11, 10, 0.123456, "aaaaaa", [("bbbbbb", 0)],
                      "found late", "printed")
    plain = Report("dir/s.py", [game], order_seed=5).to_json()
    assert plain == {"solution": "dir/s.py", "order_seed": 5,
                     "summary": Report("dir/s.py", [game]).summary(), "labels": FIGURES,
                     "cases": [{"name": "c", "verdict": "WA", "message": "wrong", "guesses": 11,
                                "allowed": 10, "time_s": 0.1235, "secret": "aaaaaa",
                                "transcript": [["bbbbbb", 0]], "detail": "found late",
                                "output": "printed"}]}
    full = Report("dir/s.py", [game], order_seed=5, shard=(2, 3), provenance={"command": "x"},
                  label="mine", rank=4).to_json()
    assert full == {"rank": 4, "label": "mine", **plain, "provenance": {"command": "x"},
                    "shard": [2, 3]}
    assert list(full)[:2] == ["rank", "label"]


def test_the_leaderboard_says_no_guess_was_made_rather_than_counting_games_of_none() -> None:
    compile_error = Report("ce.cpp", [result(name, "CE", 0) for name in "abc"])
    played = Report("s.py", [result("a", "AC", 3), result("b", "WA", 0)])
    rows = leaderboard([compile_error, played]).splitlines()
    assert rows[1].endswith("s  -") and "0:3" not in rows[1]
    assert rows[2].endswith("s  0:1 3:1")  # a game of no guess, beside one that guessed


def test_a_report_failed_alike_where_no_case_could_run() -> None:
    def failed(name: str, verdict: Verdict, message: str) -> CaseResult:
        return CaseResult(name, verdict, message, 0, 10, 0.0, "secret")

    compile_error = [failed("a", "CE", "line 1"), failed("b", "CE", "line 1")]
    assert Report("s.cpp", compile_error).failed_alike() == compile_error[0]
    assert Report("s.cpp", compile_error[:1]).failed_alike() == compile_error[0]
    broken = [failed("a", "JE", "g++ is broken"), failed("b", "JE", "g++ is broken")]
    assert Report("s.cpp", broken).failed_alike() == broken[0]
    # One case's failure of the judge's, or several unlike, are the cases' own: a row each.
    assert Report("s.cpp", broken[:1]).failed_alike() is None
    assert Report("s.cpp", [broken[0], failed("b", "JE", "other")]).failed_alike() is None
    assert Report("s.cpp", [broken[0], compile_error[1]]).failed_alike() is None
    assert Report("s.cpp", [broken[0], result("b", "AC", 3)]).failed_alike() is None
    assert Report("s.cpp", MIXED).failed_alike() is None
    assert Report("s.cpp", []).failed_alike() is None


def test_the_list_of_cases_not_accepted_says_what_a_report_read_from_a_file_holds_escaped() -> None:
    """merge lists the cases of a shard's JSON, which is hostile until checked."""
    cut = CaseResult("c\x1b[2J", "WA", "", 11, 10, 0.0, "secret", detail="wrong\x1b[31m")
    skipped = CaseResult("d", "SC", "not run: \x1b[2Jtimed out" + "x" * 5000, 0, 10, 0.0, "s")
    lines = not_accepted_lines(Report("s.py", [cut, skipped, skipped]), "see the JSON")
    assert lines[0] == "not accepted (3):" and lines[-1].startswith("SC   2 cases not run: ")
    assert all("\x1b" not in line and len(line) < 500 for line in lines), lines


def test_the_leaderboard_tells_quick_solutions_apart_by_their_milliseconds() -> None:
    quick = Report("quick.py", [result("a", "AC", 3, seconds=0.012), result("b", "AC", 3,
                                                                              seconds=0.025)])
    slow = Report("slow.py", [result("a", "AC", 3, seconds=15.07)])
    rows = leaderboard([quick, slow]).splitlines()
    assert rows[0].split()[-3:] == ["time", "guesses", "used"]
    assert "   37 ms  " in rows[1] and "  15.1 s  " in rows[2], rows

