"""The optimal mean: the fewest guesses on average, each secret equally likely, over every
strategy that guesses words of the list, optionally never using more than K guesses.

The quantity searched is a set's total cost T(S), the sum over its secrets of the guesses each
needs; the mean is T(list) / n. A guess g costs every secret of S one guess, finds g itself if
g is in S, and leaves each reply's group to be solved on its own:

    T(S) = min over g of  |S| + sum over replies r < length of T(S & R[g][r])

Branch and bound over that recursion, with sound bounds only:
- the room of a set: no guess leaves more than room[r] of its words in reply group r, nor
  more in any subset's group, so every set below it has at most that room. A set of s words
  with room `room` and k guesses left costs at least `least_totals_within(s, room, k)`, the
  recursion on sizes alone (the guess finds one word at best; its groups fit the room and
  are solved in k - 1). With every room at s it is the bound of a perfectly balanced tree,
  levels 1, length, length^2, ... (`least_totals`). Random six-letter words share 3, 4 or 5
  letters in place so rarely that the room of those replies is a word or two, which the
  balanced tree does not see: bench01's room is 86, 31, 7, 1, 0, 0, and its bound at the top
  rises from 3.97 to 4.62 guesses a secret.
- a guess costs at least |S| plus that bound for each of its groups (their sizes for every
  guess at once come from one count per reply class), so guesses are tried cheapest first and
  the search stops once the cheapest left cannot beat the best found;
- a group's own bound, from its own groups (`bound`), before it is searched;
- every set's exact cost, or a lower bound proven by a search that failed, is remembered.
The first upper bound is a greedy tree (`greedy_tree`), or under a cap the best tree of a search
without one changed where it breaks the cap (`within_cap`), whose proven costs bound the capped
ones from below too; the search then looks for a total below it, and either finds the least or
proves that there is none.
When time runs out first, what it proved along the way still counts: the lower bound is
computed again, two levels down, from the bounds the sets it reached have earned
(`learned_bound`), and the best tree it completed replaces the greedy one. Every tree is
replayed for every secret before it is reported, and on small lists the lower bound is checked
by an exhaustive search that shares no code with this one (judge/analysis/certify.py).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from judge.analysis.certify import check_lower_bound
from judge.analysis.optimal import OutOfTime, Solver, Tree
from judge.rules import match

NEVER = 1 << 40  # the cost of a set that cannot be solved within the cap
EXACT_BELOW = 24  # the first tree solves sets this small exactly


def least_totals_within(size: int, room: Sequence[int], guesses: int | None = None
                        ) -> list[int]:
    """least[s] for s <= size: no strategy finds s secrets in fewer guesses in total, nor at
    all (NEVER) within `guesses` guesses (None: no cap), when no guess leaves more than
    room[r] of them in reply group r, nor of any set below them.

        least_k[s] = s + min over splits of s - 1 into groups b_r <= room[r]
                         of sum over r of least_(k-1)[b_r]

    (the guess finds one of the s at best). Each least_k is convex where it is finite (by
    induction: a min-plus convolution of convex sequences is convex), so the best split takes
    the s - 1 smallest steps least[j] - least[j - 1] that the groups offer, a group r its first
    room[r] of them.
    """
    offered = [0] * (size + 1)  # offered[j]: how many groups take a j-th word
    for r in room:
        offered[min(r, size)] += 1
    for j in range(size - 1, 0, -1):
        offered[j] += offered[j + 1]

    def next_level(below: list[int]) -> list[int]:
        totals = [0, 1][: size + 1]
        # Without a cap the level below is this one: its first s entries are known by now.
        below = totals if guesses is None else below
        for s in range(2, size + 1):
            left, split, j = s - 1, 0, 1
            while left and j < s and offered[j] and below[j] < NEVER:
                take = min(offered[j], left)
                split += (below[j] - below[j - 1]) * take
                left, j = left - take, j + 1
            totals.append(NEVER if left else s + split)
        return totals

    if guesses is None:
        return next_level([])
    totals = [0, 1][: size + 1] + [NEVER] * max(size - 1, 0)  # within one guess
    for _ in range(guesses - 1):
        below, totals = totals, next_level(totals)
        if totals == below:  # every level from here on is this one
            break
    return totals


def least_totals(n: int, length: int) -> list[int]:
    """least_totals[s]: no strategy finds s secrets in fewer guesses in total, whatever the
    words: the bound of a perfectly balanced tree of `length` replies a guess."""
    return least_totals_within(n, [n] * length)


@dataclass
class MeanSolution:
    words: tuple[str, ...]
    max_guesses: int | None
    lower: int  # proven: no strategy needs fewer guesses in total
    upper: int  # achieved by `tree`
    tree: Tree | None
    seconds: float
    sets_searched: int
    # What the search proved on the way, for a search of the same list under a cap.
    solver: MeanSolver | None = field(default=None, repr=False, compare=False)

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
                 max_guesses: int | None = None, uncapped: MeanSolver | None = None) -> None:
        super().__init__(words, deadline)
        self.cap = max_guesses
        # A search of the same list without a cap: a cap only takes strategies away, so what
        # it proved about a set bounds the set's cost under any cap from below.
        self.uncapped = uncapped
        self.least = least_totals(self.n, self.length)
        self.exact: dict[tuple[int, int | None], int] = {}
        self.at_least: dict[tuple[int, int | None], int] = {}
        self.best_guess: dict[tuple[int, int | None], int] = {}
        self.tables: dict[tuple[tuple[int, ...], int, int | None], npt.NDArray[np.int64]] = {}
        self.top = (1 << self.n) - 1
        self.best_at_top = (NEVER, -1)  # the best total found for the whole list, its guess

    def floors(self, sizes: npt.NDArray[np.int64], size: int, guesses: int | None
               ) -> npt.NDArray[np.int64]:
        """floors[s]: the least cost of a group of s words of a set of `size` words, whose
        groups under each guess are `sizes`, when it has `guesses` left (see
        `least_totals_within`); its room is its largest group for each reply."""
        room = tuple(sorted(int(r) for r in np.minimum(sizes.max(axis=0), size - 1)))
        below = None if guesses is None else guesses - 1
        key = (room, size, below)
        if key not in self.tables:
            self.tables[key] = np.array(least_totals_within(size, room, below), dtype=np.int64)
        return self.tables[key]

    def guess_bounds(self, candidates: int, guesses: int | None,
                     sizes: npt.NDArray[np.int64] | None = None
                     ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int64]]:
        """For every guess: whether it is `useful`, and a lower bound on the set's cost if it
        is guessed first (the guess, then `floors` for its groups). `sizes` are the set's
        `group_sizes` where already counted."""
        size = candidates.bit_count()
        if sizes is None:
            sizes = self.group_sizes(candidates)
        useful = self.useful(sizes, size, guesses)
        return useful, size + self.floors(sizes, size, guesses)[sizes].sum(axis=1)

    def bound(self, candidates: int, guesses: int | None) -> int:
        """The best lower bound known for the set's cost: at least one level of the recursion
        with `floors` for each group (computed once, then remembered)."""
        return self.lower_bounds([candidates], guesses)[0]

    def lower_bounds(self, sets: Sequence[int], guesses: int | None) -> list[int]:
        """`bound` for each set, the ones not known yet counted in one pass."""
        unknown = [c for c in sets if self.trivial_bound(c, guesses) is None
                   and (c, guesses) not in self.exact and (c, guesses) not in self.at_least]
        if unknown:
            counted = self.reply_group_sizes(self.packed(unknown))
            for candidates, sizes in zip(unknown, counted, strict=True):
                useful, bounds = self.guess_bounds(
                    candidates, guesses, sizes.T.astype(np.int64))
                self.at_least[(candidates, guesses)] = max(
                    int(bounds[useful].min()) if useful.any() else NEVER,
                    self.uncapped_bound(candidates))
        return [self.known_bound(c, guesses) for c in sets]

    def uncapped_bound(self, candidates: int) -> int:
        """What the search without a cap proved about the set (0 when nothing)."""
        if self.uncapped is None:
            return 0
        key = (candidates, None)
        return self.uncapped.exact.get(key, self.uncapped.at_least.get(key, 0))

    def trivial_bound(self, candidates: int, guesses: int | None) -> int | None:
        """The cost of a set too large for the guesses left (NEVER), or of a set of two words
        at most; None for the others."""
        size = candidates.bit_count()
        if guesses is not None and (guesses <= 0 or size > self.capacity(guesses)):
            return NEVER
        return self.least[size] if size <= 2 else None

    def known_bound(self, candidates: int, guesses: int | None) -> int:
        trivial = self.trivial_bound(candidates, guesses)
        if trivial is not None:
            return trivial
        key = (candidates, guesses)
        return self.exact[key] if key in self.exact else self.at_least[key]

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
        useful, guess_bounds = self.guess_bounds(candidates, guesses)
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
            if not self.fits_cap(groups, below):
                continue  # a group the worst-case search cannot solve in time: never
            floors = self.lower_bounds(groups, below)
            total, rest = size, sum(floors)
            for group, floor in zip(groups, floors, strict=True):
                rest -= floor
                total += self.cost(group, cap - total - rest, below)
                if total + rest > cap:
                    break
            if total + rest <= cap:
                best, best_guess = total, int(guess)
                if candidates == self.top:  # kept in case time runs out before the end
                    self.best_at_top = (best, best_guess)
            else:
                failed_bound = min(failed_bound, total + rest)
        if best <= limit:
            self.exact[key], self.best_guess[key] = best, best_guess
            return best
        proven = min(failed_bound, best)
        self.at_least[key] = max(known, proven)
        return self.at_least[key]

    def learned_bound(self, candidates: int, guesses: int | None, depth: int = 2) -> int:
        """A lower bound on the set's cost from what the search has learnt so far: the best
        of its own bound and, over every guess, the guess and the bounds now known for its
        groups, `depth` levels down. After a search that ran out of time, the sets it
        reached have bounds of their own, proven by the searches below them that failed."""
        known = self.bound(candidates, guesses)
        if depth == 0 or self.trivial_bound(candidates, guesses) is not None or (
                (candidates, guesses) in self.exact):
            return known
        useful, guess_bounds = self.guess_bounds(candidates, guesses)
        below = None if guesses is None else guesses - 1
        best = NEVER
        for guess in np.flatnonzero(useful)[np.argsort(guess_bounds[useful], kind="stable")]:
            if guess_bounds[guess] >= best:
                break  # nor can any guess after it
            groups = list(self.groups(candidates, guess).values())
            if not self.fits_cap(groups, below, search=False):
                continue
            self.lower_bounds(groups, below)  # the groups not reached yet, counted in one pass
            best = min(best, candidates.bit_count() + sum(
                self.learned_bound(g, below, depth - 1) for g in groups))
        return max(known, best)

    def fits_cap(self, groups: Sequence[int], guesses: int | None, search: bool = True
                 ) -> bool:
        """Whether every group can be solved within `guesses` (None: no cap), as far as the
        exact worst-case search knows, asked for the groups too large for one guess fewer:
        under a cap, most guesses of a set near it leave a group that cannot be solved in time,
        and the bounds by group sizes alone do not see it; asking for every group costs more
        than it saves where the cap binds little (bench14: not proven in 60 s that way, 53 s
        this way). Without `search`, only what is known already rules a group out (for a
        bound made once time has run out)."""
        if guesses is None:
            return True
        for group in groups:
            known = self.known(group, guesses)
            if known is None and search and group.bit_count() > self.capacity(guesses - 1):
                known = self.can_solve(group, guesses)
            if known is False:
                return False
        return True

    def groups(self, candidates: int, guess: int) -> dict[int, int]:
        """The set's words that each reply leaves after the guess, for the replies that leave
        any (the guess itself, found, in none)."""
        return {reply: candidates & mask
                for reply, mask in enumerate(self.by_reply[guess][: self.length])
                if candidates & mask}

    def tree(self, candidates: int, guesses: int | None = None) -> Tree:
        if candidates.bit_count() <= 2:
            first = (candidates & -candidates).bit_length() - 1
            guess = first
        else:
            guess = self.best_guess[(candidates, guesses)]
        node = Tree(self.words[guess])
        below = None if guesses is None else guesses - 1
        for reply, group in self.groups(candidates, guess).items():
            node.branches[reply] = self.tree(group, below)
        return node


def greedy_tree(solver: MeanSolver, candidates: int, guesses: int | None) -> Tree | None:
    """A complete tree quickly, for the first upper bound: at each set, the guess that leaves
    the least expected group size (a word of the set first among equals), among those whose
    every group the worst-case search can solve within the guesses left, and the optimum for
    small sets; None when no strategy meets the cap."""
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
        groups = solver.groups(candidates, guess)
        # Only a guess that cannot get stuck under the cap, so that nothing is undone.
        if below is not None and not all(solver.can_solve(g, below) for g in groups.values()):
            continue
        node = Tree(words[guess])
        for reply, group in groups.items():
            branch = greedy_tree(solver, group, below)
            if branch is None:
                break
            node.branches[reply] = branch
        else:
            return node
    return None


def within_cap(solver: MeanSolver, tree: Tree, candidates: int, guesses: int) -> Tree | None:
    """The tree, changed where it needs more than `guesses` for a secret of the set: each
    subtree that keeps to the cap is kept, a guess whose every group can still be solved in
    time is kept with its subtrees changed in turn, and below any other the greedy tree takes
    over. A tree without a cap, made to keep to it at the fewest places; None when nothing
    keeps to the cap."""
    secrets = [w for i, w in enumerate(solver.words) if candidates >> i & 1]
    if max(tree.guesses_for(w, match) for w in secrets) <= guesses:
        return tree
    guess = solver.words.index(tree.guess)
    groups = solver.groups(candidates, guess)
    if guesses > 1 and all(solver.can_solve(g, guesses - 1) for g in groups.values()):
        node = Tree(tree.guess)
        for reply, group in groups.items():
            branch = within_cap(solver, tree.branches[reply], group, guesses - 1)
            if branch is None:
                break
            node.branches[reply] = branch
        else:
            return node
    return greedy_tree(solver, candidates, guesses)


def total_guesses(tree: Tree, words: Sequence[str], cap: int | None) -> int:
    """Replay the tree for every secret: the total, checked against the cap."""
    used = [tree.guesses_for(w, match) for w in words]
    if cap is not None and max(used) > cap:
        raise AssertionError(f"the tree needs {max(used)} guesses, over the cap of {cap}")
    return sum(used)


def solve_mean(words: Sequence[str], time_limit: float = 60.0,
               max_guesses: int | None = None, uncapped: MeanSolution | None = None
               ) -> MeanSolution:
    """The least total (and mean) number of guesses with a tree achieving it, or the best
    proven bounds when time runs out. A cap that no strategy meets gives no tree.

    `uncapped`, a search of the same list without a cap, bounds the capped one from below;
    where its tree already meets the cap, that tree is the answer.
    """
    start = time.monotonic()
    if uncapped is not None and uncapped.words != tuple(words):
        raise ValueError("the uncapped search is of another list")
    everyone = (1 << len(words)) - 1
    if uncapped is not None and uncapped.tree is not None and uncapped.proven and (
            max_guesses is None or max(
                uncapped.tree.guesses_for(w, match) for w in words) <= max_guesses):
        return MeanSolution(tuple(words), max_guesses, uncapped.lower, uncapped.upper,
                            uncapped.tree, time.monotonic() - start, 0, uncapped.solver)
    solver = MeanSolver(words, start + time_limit, max_guesses,
                        uncapped.solver if uncapped is not None else None)
    lower = max(solver.bound(everyone, max_guesses), uncapped.lower if uncapped else 0)
    upper, tree = NEVER, None
    try:
        tree = greedy_tree(solver, everyone, max_guesses)
        if tree is not None:
            upper = total_guesses(tree, words, max_guesses)
        if tree is not None and uncapped is not None and uncapped.tree is not None and (
                max_guesses is not None):
            # The best tree without a cap, changed where it breaks the cap, is often far
            # better than the greedy one: a tighter bound for the search to start from.
            changed = within_cap(solver, uncapped.tree, everyone, max_guesses)
            changed_total = NEVER if changed is None else total_guesses(
                changed, words, max_guesses)
            if changed_total < upper:
                tree, upper = changed, changed_total
        # Branch and bound below the first tree: the search either finds the least total
        # (at most upper - 1) or proves that none is below the first tree's.
        if lower < upper:
            found = solver.cost(everyone, upper - 1, max_guesses)
            if found < upper:
                tree = solver.tree(everyone, max_guesses)
            lower = upper = min(found, upper)
    except OutOfTime:
        best, guess = solver.best_at_top
        if best < upper:  # a better tree than the first, its groups solved exactly
            solver.best_guess[(everyone, max_guesses)] = guess
            tree, upper = solver.tree(everyone, max_guesses), best
        # No bound passes a tree's total; past NEVER, every bound means "none within the cap".
        lower = min(max(lower, solver.learned_bound(everyone, max_guesses)), upper)
    if tree is not None:
        replayed = total_guesses(tree, words, max_guesses)
        if replayed != upper:
            raise AssertionError(f"the tree needs {replayed} guesses in total, not {upper}")
    check_lower_bound(words, max_guesses, lower)  # on small lists, by exhaustive search
    return MeanSolution(tuple(words), max_guesses, lower, upper, tree,
                        time.monotonic() - start, len(solver.exact) + len(solver.at_least),
                        solver)

