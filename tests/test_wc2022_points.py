"""The P8079 player that weighs the points table: its plans score what it plays, and it
beats the seed's algorithm."""

from __future__ import annotations

from judge.wc2022.game import ENGLISH5, play, read_dictionary
from judge.wc2022.rules import as_flags, feedback, round_points

from .conftest import SOLUTIONS
from .test_wc2022_numpy import fresh, guesses

POINTS_PLAYER = SOLUTIONS / "wc2022" / "expected_points.py"
SEED_ALGORITHM = SOLUTIONS / "wc2022" / "entropy_numpy.py"


def english_with_small_letters() -> tuple[list[str], list[str]]:
    """The English list, and every word of each initial letter with fewer than 100 words
    (11 letters, 525 words): every answer of a letter, so the totals are exact."""
    words = read_dictionary(ENGLISH5)
    small = {c for c in {w[0] for w in words} if sum(w[0] == c for w in words) < 100}
    return words, [w for w in words if w[0] in small]


def points_of(rounds: list[list[str]], answers: list[str]) -> list[int]:
    return [round_points(len(r)) if r[-1] == a else 0 for r, a in zip(rounds, answers, strict=True)]


def test_each_letters_plan_scores_what_playing_its_every_answer_scores() -> None:
    words, answers = english_with_small_letters()
    played = points_of(guesses(POINTS_PLAYER, words, answers), answers)
    assert all(played)  # no round lost
    player = fresh(POINTS_PLAYER)
    player.init(len(words), "".join(words))
    planned = sum(player.Letter(c).best_plan()[1]  # type: ignore[attr-defined]
                  for c in sorted({a[0] for a in answers}))
    # The plans count points with the player's own patterns; the rounds, with the judge's
    # feedback: a pattern wrong for one pair of words would show here.
    assert planned == sum(played)


def test_it_scores_more_than_the_seeds_algorithm_over_every_answer() -> None:
    words, answers = english_with_small_letters()
    ours = points_of(guesses(POINTS_PLAYER, words, answers), answers)
    seeds = points_of(guesses(SEED_ALGORITHM, words, answers), answers)
    # Measured: 58,140 points against 57,520 (110.7 and 109.6 a round), none lost.
    assert sum(ours) > sum(seeds) and min(ours) > 0


def test_a_reply_its_plan_cannot_receive_costs_the_round_not_the_match() -> None:
    words = read_dictionary(ENGLISH5)
    player = fresh(POINTS_PLAYER)
    player.init(len(words), "".join(words))
    first = player.guess(1, 5, "q", [False] * 5, [False] * 5)
    # All gold but one silver cannot be a reply to any guess: the letter would be twice.
    again = player.guess(1, 4, "q", [True, True, True, True, False], [False] * 4 + [True])
    assert again == first
    answer = next(w for w in words if w[0] == "q" and w != first)
    gold, silver = as_flags(feedback(first, answer))
    assert player.guess(2, 5, "q", [False] * 5, [False] * 5) == first
    assert player.guess(2, 4, "q", gold, silver) in words


def test_it_plays_in_the_judges_worker() -> None:
    match = play(POINTS_PLAYER, read_dictionary(ENGLISH5), 4, 12)
    assert [r.ended for r in match.rounds] == ["found"] * 4
