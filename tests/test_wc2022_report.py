"""A P8079 match's figures, JSON and text table, on rounds whose figures are worked by hand."""

from __future__ import annotations

from judge.wc2022.board import found_guesses, match_table, points_per_round
from judge.wc2022.game import Match, Round
from judge.wc2022.rules import final_score

GOLD5 = (2, 2, 2, 2, 2)


def rounds() -> list[Round]:
    """Found in 1 and 3 guesses (150 and 100 points), one out of guesses, one timed out."""
    return [Round(1, "crane", [("crane", GOLD5)], 150, "found"),
            Round(2, "slate", [("crane", (0, 0, 2, 0, 2)), ("plate", (0, 2, 2, 2, 2)),
                               ("slate", GOLD5)], 100, "found"),
            Round(3, "moist", [("crane", (0, 0, 0, 0, 0))] * 5, 0, "out of guesses"),
            Round(4, "pious", [], 0, "time limit", "more than 1 s of CPU time")]


def test_a_matchs_summary_counts_points_and_each_way_a_round_ended() -> None:
    match = Match("dir/player.py", "words.txt", rounds(), seconds=1.23456, cpu_seconds=0.98765)
    assert match.total == 250 and match.score == 62.5
    assert match.summary() == {
        "solution": "dir/player.py", "dictionary": "words.txt", "rounds": 4,
        "total_points": 250, "score": 62.5, "seconds": 1.235, "cpu_seconds": 0.988,
        "outcomes": {"1": 1, "3": 1, "out of guesses": 1, "time limit": 1}}


def test_the_score_is_capped_at_a_hundred_and_zero_without_rounds() -> None:
    assert final_score(300, 2) == 100.0 and final_score(199, 2) == 99.5
    assert final_score(0, 0) == 0.0
    assert Match("p.py", "w.txt", [], 0.0).summary()["score"] == 0.0
    assert points_per_round(Match("p.py", "w.txt", [], 0.0)) == 0.0


def test_a_round_in_json_keeps_its_guesses_and_what_ended_it() -> None:
    assert rounds()[1].to_json() == {
        "round": 2, "answer": "slate", "points": 100, "ended": "found", "detail": "",
        "guesses": [["crane", [0, 0, 2, 0, 2]], ["plate", [0, 2, 2, 2, 2]],
                    ["slate", [2, 2, 2, 2, 2]]]}
    assert rounds()[3].to_json()["detail"] == "more than 1 s of CPU time"


def test_the_text_table_shows_raw_points_the_score_and_the_guesses_of_rounds_found() -> None:
    match = Match("dir/player.py", "words.txt", rounds(), seconds=12.34, cpu_seconds=5.67)
    nothing = Match("none.py", "words.txt", rounds()[2:], seconds=1.0, cpu_seconds=0.5)
    assert found_guesses(match) == [1, 3] and points_per_round(match) == 62.5
    assert match_table([match, nothing]).splitlines() == [
        "solution               points/round  score  mean lost     CPU    wall  guesses used",
        "player.py                     62.50  62.50 2.000    2    5.7s   12.3s  1:1 3:1",
        "none.py                        0.00   0.00     -    2    0.5s    1.0s  "]
