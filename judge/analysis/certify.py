"""An independent check of a lower bound on the total number of guesses, for small lists.

The mean solver's lower bounds come from tables and pruning that a mistake could make too
high, and a bound too high would claim a false optimum. This routine shares nothing with the
solver (no bitmasks, no tables, no pruning): it tries every guess on every set of secrets,
reply by reply, and so can only run where every such set can be visited.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from judge.rules import match

# Lists up to this size are checked by `least_total`: at most 2^n sets of secrets, each with n
# guesses to try, a fraction of a second in plain Python.
CHECKED_UP_TO = 10

UNREACHABLE = 1 << 40  # the total of a set that no strategy finds within the cap


def least_total(words: Sequence[str], cap: int | None) -> int:
    """The least total number of guesses, over every strategy that guesses words of the list,
    to find every secret (each equally likely); UNREACHABLE when none finds all within `cap`."""

    @cache
    def total(secrets: frozenset[str], left: int | None) -> int:
        if not secrets:
            return 0
        if left is not None and left <= 0:
            return UNREACHABLE
        below = None if left is None else left - 1
        best = UNREACHABLE
        for guess in words:
            groups: dict[int, set[str]] = {}
            for secret in secrets - {guess}:
                groups.setdefault(match(guess, secret), set()).add(secret)
            if len(secrets - {guess}) == len(secrets) and len(groups) == 1:
                continue  # it tells nothing: the same secrets are left after it
            best = min(best, len(secrets) + sum(total(frozenset(g), below)
                                                for g in groups.values()))
        return min(best, UNREACHABLE)

    return total(frozenset(words), cap)


def check_lower_bound(words: Sequence[str], cap: int | None, lower: int) -> None:
    """Raise AssertionError when `lower` is above the true least total (lists of up to
    CHECKED_UP_TO words; longer ones are not checked)."""
    if len(words) > CHECKED_UP_TO:
        return
    least = least_total(words, cap)
    if lower > least:
        raise AssertionError(f"the claimed lower bound {lower} is above the least total, "
                             f"{least}, that an exhaustive search over every strategy finds")
