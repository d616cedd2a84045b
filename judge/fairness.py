"""Is a case fair? Bounds on the guesses any strategy needs in the worst case.

Lower bounds come from the sizes of the reply groups; the upper bound is the exact worst case
of the best engine strategy (every metric, both guess pools, every secret played), or of the
optimal solver where it finishes in time. `fair` means some strategy always wins within the
limit; `unfair` means none can.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Literal

import numpy as np

from judge.analysis.engine import (
    Indices,
    Matrix,
    best_strategy_worst_case,
    match_matrix,
    reply_counts,
    word_length,
)
from judge.cases import Case, allowed_problems, word_problems

Fairness = Literal["fair", "unfair", "unknown"]
CHAIN_DEPTH = 2  # levels of "the largest group of the best guess" looked through exactly


def capacity(replies: int, guesses: int) -> int:
    """Most secrets any strategy can tell apart in `guesses` guesses when every guess has at
    most `replies` distinct replies besides a full match: one is found by the guess itself,
    each reply group is left with one guess fewer."""
    total = 0
    for _ in range(guesses):
        total = 1 + replies * total
    return total


def fewest_guesses(replies: int, size: int) -> int:
    """Fewest guesses whose capacity holds `size` secrets."""
    guesses = 0
    while capacity(replies, guesses) < size:
        guesses += 1
    return guesses


def lower_bound(matrix: Matrix, candidates: Indices, depth: int = CHAIN_DEPTH) -> int:
    """The larger of two bounds. Capacity: counting only how many replies a guess can have on
    the candidates (valid for every subset too: a subset has no more replies). Chain: whatever
    the first guess, its largest reply group must still be solved, so one guess more than the
    smallest lower bound among the largest groups of every guess."""
    if len(candidates) <= 1:
        return len(candidates)
    counts = reply_counts(matrix, candidates)[:, :-1]
    bound = fewest_guesses(max(int((counts > 0).sum(axis=1).max()), 1), len(candidates))
    if depth == 0 or len(candidates) <= 2:
        return bound
    largest_reply, largest_size = counts.argmax(axis=1), counts.max(axis=1)
    chain = None
    for guess in np.argsort(largest_size, kind="stable"):
        # With no more than `length` replies a guess, this group cannot lower the chain.
        weakest = fewest_guesses(word_length(matrix), int(largest_size[guess]))
        if chain is not None and weakest >= chain:
            continue
        group = candidates[matrix[guess, candidates] == largest_reply[guess]]
        below = lower_bound(matrix, group, depth - 1)
        chain = below if chain is None else min(chain, below)
    return max(bound, 1 + (chain or 0))


@dataclass(frozen=True)
class FairnessReport:
    name: str
    meets_constraints: bool
    problems: tuple[str, ...]
    allowed: int
    lower: int
    upper: int
    upper_by: str
    verdict: Fairness

    @property
    def proven_optimum(self) -> bool:
        """Whether the upper bound is the list's optimum, proven by the optimal solver."""
        return self.upper_by == PROVEN

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "meets_constraints": self.meets_constraints,
                "problems": list(self.problems), "allowedGuesses": self.allowed,
                "lower_bound": self.lower, "upper_bound": self.upper,
                "upper_bound_by": self.upper_by, "verdict": self.verdict}


PROVEN = "optimal solver (exact)"  # what proves an upper bound that is the optimum itself
OPTIMAL_SECONDS = 0.5  # per list: small lists are solved exactly, large ones get its bounds


@lru_cache(maxsize=256)
def list_bounds(words: tuple[str, ...], exact_seconds: float = OPTIMAL_SECONDS
                ) -> tuple[int, int, str]:
    """(lower, upper, what proves the upper bound) for a word list; cached, since suites such
    as the benchmark hold the same list once per secret. With `exact_seconds` 0 the optimal
    solver is not asked, and the answer no longer depends on the machine's speed."""
    from judge.analysis.optimal import solve

    matrix = match_matrix(words)
    upper, by = best_strategy_worst_case(matrix)
    lower = lower_bound(matrix, np.arange(len(words)))
    if exact_seconds <= 0:
        return lower, upper, by
    exact = solve(words, time_limit=exact_seconds, upper=upper)
    if exact.upper < upper:
        upper, by = exact.upper, "optimal solver"
    if exact.proven:
        by = PROVEN if exact.upper == upper else by
    return max(lower, exact.lower), upper, by


def judge_fairness(case: Case, exact_seconds: float = OPTIMAL_SECONDS) -> FairnessReport:
    problems = [f"{f}: {p}" for f, p in word_problems(list(case.words), relaxed=False)]
    problems += [f"{f}: {p}" for f, p in allowed_problems(case.allowed_guesses, relaxed=False)]
    lower, upper, by = list_bounds(case.words, exact_seconds)
    verdict: Fairness = "unknown"
    if upper <= case.allowed_guesses:
        verdict = "fair"
    elif lower > case.allowed_guesses:
        verdict = "unfair"
    return FairnessReport(case.name, not problems, tuple(problems), case.allowed_guesses,
                          lower, upper, by, verdict)

