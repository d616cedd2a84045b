"""The optimal mean: the fewest guesses on average, each secret equally likely, over every
strategy that guesses words of the list, optionally never using more than K guesses.

The quantity searched is a set's total cost T(S), the sum over its secrets of the guesses each
needs; the mean is T(list) / n. A guess g costs every secret of S one guess, finds g itself if
g is in S, and leaves each reply's group to be solved on its own:

    T(S) = min over g of  |S| + sum over replies r < length of T(S & R[g][r])

Branch and bound over that recursion, with sound bounds only:
- a set of s secrets costs at least `least_total(s)`: each guess finds at most one secret and
  leaves at most `length` groups, so the best conceivable tree fills its levels 1, length,
  length^2, ... (the bound of a perfectly balanced tree);
- a guess costs at least |S| plus that bound for each of its groups (their sizes for every
  guess at once come from one matrix-vector product), so guesses are tried cheapest first and
  the search stops once the cheapest left cannot beat the best found;
- every set's exact cost, or a lower bound proven by a search that failed, is remembered.
Iterative deepening on the root's total proves lower bounds as it goes, so a time limit still
leaves a proven interval; the upper bound is a complete tree, replayed for every secret before
it is reported.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from judge.analysis.optimal import OutOfTime, Solver, Tree
from judge.rules import match

NEVER = 1 << 40  # the cost of a set that cannot be solved within the cap
EXACT_BELOW = 24  # the first tree solves sets this small exactly


def least_totals(n: int, length: int) -> list[int]:
    """least_totals[s]: no strategy finds s secrets in fewer guesses in total (see above)."""
    totals, depth, room, used = [0], 1, 1, 0
    for _ in range(n):
        if used == room:
            depth, room, used = depth + 1, room * length, 0
        used += 1
        totals.append(totals[-1] + depth)
    return totals


@dataclass
class MeanSolution:
    words: tuple[str, ...]
    max_guesses: int | None
    lower: int  # proven: no strategy needs fewer guesses in total
    upper: int  # achieved by `tree`
    tree: Tree | None
    seconds: float
    sets_searched: int

    @property
    def proven(self) -> bool:
        return self.lower == self.upper

    def to_json(self) -> dict[str, Any]:
        n = len(self.words)
        return {"words": n, "objective": "mean", "max_guesses": self.max_guesses,
                "proven": self.proven, "total_lower": self.lower, "total_upper": self.upper,
                "mean_lower": self.lower / n, "mean_upper": self.upper / n,
                "seconds": round(self.seconds, 3), "sets_searched": self.sets_searched,
                "tree": self.tree.to_json() if self.tree else None}


class MeanSolver(Solver):
    def __init__(self, words: Sequence[str], deadline: float,
                 max_guesses: int | None = None) -> None:
        super().__init__(words, deadline)
        self.cap = max_guesses
        self.least = least_totals(self.n, self.length)
        self.least_table = np.array(self.least, dtype=np.int64)
        self.exact: dict[tuple[int, int | None], int] = {}
        self.at_least: dict[tuple[int, int | None], int] = {}
        self.best_guess: dict[tuple[int, int | None], int] = {}

    def bound(self, candidates: int, guesses: int | None) -> int:
        """The best lower bound known for the set's cost: at least one level of the recursion
        with `least_totals` for each group (computed once, then remembered)."""
        key = (candidates, guesses)
        if key in self.exact:
            return self.exact[key]
        size = candidates.bit_count()
        if guesses is not None and (guesses <= 0 or size > self.capacity(guesses)):
            return NEVER
        if size <= 2:
            return self.least[size]
        if key not in self.at_least:
            sizes = self.group_sizes(candidates)
            useful = self.useful(sizes, size, guesses)
            bounds = size + self.least_table[sizes[useful]].sum(axis=1)
            self.at_least[key] = int(bounds.min()) if bounds.size else NEVER
        return self.at_least[key]

    def useful(self, sizes: npt.NDArray[np.int64], size: int,
               guesses: int | None) -> npt.NDArray[np.bool_]:
        """Guesses that teach something (no group is the whole set) and, under the cap, leave
        no group too large for the guesses left."""
        largest = sizes.max(axis=1)
        useful: npt.NDArray[np.bool_] = largest < size
        if guesses is not None:
            useful &= largest <= self.capacity(guesses - 1)
        return useful

    def cost(self, candidates: int, limit: int, guesses: int | None) -> int:
        """The set's exact cost if it is at most `limit`; else a proven lower bound above it.

        `guesses` is how many guesses are left under the cap (None: no cap).
        """
        size = candidates.bit_count()
        if guesses is not None and (guesses <= 0 or size > self.capacity(guesses)):
            return NEVER
        if size == 1:
            return 1
        if size == 2:  # guess one of the two: 1 + 2; a word outside costs at least 4
            return 3 if guesses is None or guesses >= 2 else NEVER
        key = (candidates, guesses)
        if key in self.exact:
            return self.exact[key]
        known = self.bound(candidates, guesses)
        if known > limit:
            return known
        self.calls += 1
        if self.calls % 256 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime
        sizes = self.group_sizes(candidates)
        guess_bounds = size + self.least_table[sizes].sum(axis=1)
        useful = self.useful(sizes, size, guesses)
        below = None if guesses is None else guesses - 1
        best, best_guess = NEVER, -1
        failed_bound = NEVER  # the least lower bound among guesses that could not do it
        seen: set[tuple[int, ...]] = set()
        for guess in np.flatnonzero(useful)[np.argsort(guess_bounds[useful], kind="stable")]:
            cap = min(limit, best - 1)
            if guess_bounds[guess] > cap:
                failed_bound = min(failed_bound, int(guess_bounds[guess]))
                break
            groups = [g for g in (candidates & m for m in self.by_reply[guess][: self.length]) if g]
            split = tuple(sorted(groups))
            if split in seen:
                continue
            seen.add(split)
            groups.sort(key=int.bit_count, reverse=True)
            floors = [self.bound(g, below) for g in groups]
            total, rest = size, sum(floors)
            for group, floor in zip(groups, floors, strict=True):
                rest -= floor
                total += self.cost(group, cap - total - rest, below)
                if total + rest > cap:
                    break
            if total + rest <= cap:
                best, best_guess = total, int(guess)
            else:
                failed_bound = min(failed_bound, total + rest)
        if best <= limit:
            self.exact[key], self.best_guess[key] = best, best_guess
            return best
        proven = min(failed_bound, best)
        self.at_least[key] = max(known, proven)
        return self.at_least[key]

    def tree(self, candidates: int, guesses: int | None = None) -> Tree:
        if candidates.bit_count() <= 2:
            first = (candidates & -candidates).bit_length() - 1
            guess = first
        else:
            guess = self.best_guess[(candidates, guesses)]
        node = Tree(self.words[guess])
        below = None if guesses is None else guesses - 1
        for reply, mask in enumerate(self.by_reply[guess][: self.length]):
            if candidates & mask:
                node.branches[reply] = self.tree(candidates & mask, below)
        return node


def greedy_tree(solver: MeanSolver, candidates: int, guesses: int | None) -> Tree | None:
    """A complete tree quickly, for the first upper bound: at each set, the guess that leaves
    the least expected group size (a word of the set first among equals), among those that
    keep every group within the cap's capacity, and the optimum for small sets; None if that
    gets stuck under the cap."""
    words = solver.words
    size = candidates.bit_count()
    if size <= EXACT_BELOW:  # small sets are solved exactly, in a few milliseconds; the cap
        # too is checked there (a set too large for the guesses left costs NEVER)
        if solver.cost(candidates, NEVER - 1, guesses) >= NEVER:
            return None
        return solver.tree(candidates, guesses)
    sizes = solver.group_sizes(candidates)
    useful = solver.useful(sizes, size, guesses)
    expected = (sizes * sizes).sum(axis=1) - 0.5 * solver.members(candidates)
    below = None if guesses is None else guesses - 1
    for guess in (int(g) for g in np.argsort(expected, kind="stable") if useful[g]):
        node = Tree(words[guess])
        for reply, mask in enumerate(solver.by_reply[guess][: solver.length]):
            if candidates & mask:
                branch = greedy_tree(solver, candidates & mask, below)
                if branch is None:
                    break
                node.branches[reply] = branch
        else:
            return node
    return None


def total_guesses(tree: Tree, words: Sequence[str], cap: int | None) -> int:
    """Replay the tree for every secret: the total, checked against the cap."""
    used = [tree.guesses_for(w, match) for w in words]
    if cap is not None and max(used) > cap:
        raise AssertionError(f"the tree needs {max(used)} guesses, over the cap of {cap}")
    return sum(used)


def solve_mean(words: Sequence[str], time_limit: float = 60.0,
               max_guesses: int | None = None) -> MeanSolution:
    """The least total (and mean) number of guesses with a tree achieving it, or the best
    proven bounds when time runs out. A cap that no strategy meets gives no tree."""
    start = time.monotonic()
    solver = MeanSolver(words, start + time_limit, max_guesses)
    everyone = (1 << len(words)) - 1
    greedy = greedy_tree(solver, everyone, max_guesses)
    upper = NEVER if greedy is None else total_guesses(greedy, words, max_guesses)
    lower = solver.bound(everyone, max_guesses)
    tree = greedy
    try:
        while lower < upper:
            found = solver.cost(everyone, lower, max_guesses)
            if found <= lower:
                tree = solver.tree(everyone, max_guesses)
                upper = lower = found
            else:
                lower = min(found, upper)
    except OutOfTime:
        pass
    if tree is not None:
        replayed = total_guesses(tree, words, max_guesses)
        if replayed != upper:
            raise AssertionError(f"the tree needs {replayed} guesses in total, not {upper}")
    return MeanSolution(tuple(words), max_guesses, lower, upper, tree,
                        time.monotonic() - start, len(solver.exact) + len(solver.at_least))

