"""The exact optimal solver: the fewest guesses that always find the secret, with a decision
tree that achieves it and a proof that one guess fewer cannot.

Guesses are words of the list (as on LeetCode). Candidate sets are bitmasks over the list, so
splitting a set by a guess is one AND per reply. A limited discrepancy search first comes down
from the heuristic upper bound while it quickly finds strategies one guess shorter; then
iterative deepening asks "can S be solved in d guesses?" for d = lower bound, lower bound + 1,
... That search is exhaustive, with sound pruning only:
- guesses that split S into the same groups are tried once;
- a group larger than any set that fewer guesses could solve fails at once (a capacity bound:
  one secret found by the guess, each of at most `length` replies left one guess fewer);
- nor may a group hold more than its reply class (the words that answer r to guess g) could
  within one guess fewer: each class's capacities are computed once per list;
- every set proven solvable in d, or not solvable in d, is remembered;
- the largest groups are tried first, so most failures come early; for a set with four
  guesses or more, the largest group of every split is checked against its capacity in one
  batch before any is searched; with five or more, the groups that pass have their own splits
  screened too, all in one batch, which rules most of them out before their own search.
The tree found is replayed for every secret before it is reported.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from judge.analysis.engine import best_strategy_worst_case, match_matrix
from judge.rules import match


class OutOfTime(Exception):
    pass


class OutOfSteps(Exception):
    pass


# Reply classes (words x replies) up to which their capacities are computed: the table of
# their overlaps takes (classes)^2 floats, 6 MB for 200 six-letter words.
LARGEST_CLASS_TABLE = 1200


# The exhaustive search screens the largest groups of the splits of sets with more guesses
# left than this (see `screened`).
SCREEN_FROM = 3

Found = Literal["found", "impossible", "unknown"]
Counts = npt.NDArray[np.signedinteger[Any]]
# A set's screened guesses, and the bounds of the groups they leave that passed the screen.
Plan = tuple[list[tuple[int, int]], dict[int, tuple[Counts, Counts]]]


@dataclass
class Tree:
    """A guess, then the subtree to follow for each reply that leaves words to find."""

    guess: str
    branches: dict[int, Tree] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"guess": self.guess,
                "then": {str(r): t.to_json() for r, t in sorted(self.branches.items())}}

    def guesses_for(self, secret: str, match: Any) -> int:
        node, used = self, 0
        while True:
            used += 1
            reply = match(node.guess, secret)
            if node.guess == secret:
                return used
            if reply not in node.branches:
                raise ValueError(f"the tree has no branch for reply {reply} to {node.guess}")
            node = node.branches[reply]


@dataclass
class Solution:
    words: tuple[str, ...]
    lower: int
    upper: int
    tree: Tree | None
    seconds: float
    proven: bool
    sets_searched: int  # distinct sets whose answer the search keeps
    searches: int = 0  # sets searched, each time again: the search's work, whatever the clock

    def to_json(self) -> dict[str, Any]:
        return {"words": len(self.words), "optimal": self.upper if self.proven else None,
                "lower_bound": self.lower, "upper_bound": self.upper, "proven": self.proven,
                "seconds": round(self.seconds, 3), "sets_searched": self.sets_searched,
                "searches": self.searches, "tree": self.tree.to_json() if self.tree else None}


class Solver:
    def __init__(self, words: Sequence[str], deadline: float) -> None:
        self.words = tuple(words)
        self.length = len(words[0])
        self.matrix = match_matrix(words)
        matrix = self.matrix.tolist()
        n = self.n = len(words)
        self.bytes = (n + 7) // 8
        self.by_reply = [[0] * (self.length + 1) for _ in range(n)]
        for g in range(n):
            for w in range(n):
                self.by_reply[g][matrix[g][w]] |= 1 << w
        # class_bits[c, r * n + g]: which of words 64c to 64c + 63 answer r to guess g
        chunks = (n + 63) // 64
        self.class_bits = np.frombuffer(
            b"".join(self.by_reply[g][r].to_bytes(8 * chunks, "little")
                     for r in range(self.length) for g in range(n)),
            dtype="<u8").reshape(self.length * n, chunks).T.copy()
        self.reply_sizes = [(1, [m.bit_count() for m in masks[: self.length]])
                            for masks in self.by_reply]
        self.capacities = [0]
        # Counts of words fit in the smallest integers that hold the list's size.
        self.count = np.int8 if n < 127 else np.int16 if n < 32767 else np.int32
        self.reply_class_capacities: list[Counts] = [
            level.astype(self.count) for level in self.capacities_of_reply_classes()]
        self.deadline = deadline
        self.solvable_in: dict[int, int] = {}  # set -> fewest guesses known to suffice
        self.not_in: dict[int, int] = {}  # set -> most guesses known not to suffice
        self.choice: dict[int, int] = {}
        self.tried: dict[tuple[int, int], int] = {}  # (set, guesses) -> discrepancies searched
        self.steps_left = 0
        self.calls = 0

    def capacity(self, guesses: int) -> int:
        """An upper bound on the size of any set of this list solvable in `guesses` guesses.

        If S is solvable in k with first guess g, each reply group S & R[g][r] is solvable in
        k - 1 and so no larger than the bound for k - 1, nor than R[g][r] itself; g may find
        one more. The bound is the largest such sum over every g: it sees how unevenly this
        list's words split, which the count of replies alone does not.
        """
        while len(self.capacities) <= guesses:
            below = self.capacities[-1]
            self.capacities.append(max(
                (g_solves + sum(min(size, below) for size in sizes))
                for g_solves, sizes in self.reply_sizes))
        return self.capacities[guesses]

    def capacities_of_reply_classes(self) -> list[npt.NDArray[np.float32]]:
        """[k][r, g]: the capacity within k guesses (see `bounds`) of the class of
        words that answer r to guess g, up to the k from which none grows any more.

        A reply group of any set lies in its class, so no such group solvable in k guesses is
        larger: a bound the set's own capacities do not see, as they take the largest over
        every guess where each class has its own.
        """
        n, length = self.n, self.length
        # inside[r * n + g, w] = 1 when word w answers r to guess g: in the class (r, g)
        inside = (self.matrix[None, :, :] == np.arange(length)[:, None, None]).reshape(
            length * n, n).astype(np.float32)
        if n * length > LARGEST_CLASS_TABLE:
            # The table grows as the square of the classes: past LARGEST_CLASS_TABLE (twice
            # LeetCode's 100 words), each class's size stands in, a bound no group passes either.
            return [inside.sum(axis=1).reshape(length, n)]
        # overlap[class, r, g]: how many words of the class answer r to guess g
        overlap = (inside @ inside.T).reshape(length * n, length, n)
        levels = [np.zeros(length * n, dtype=np.float32)]
        while True:
            below = levels[-1]
            # A group of a class's subset lies in that class and in the class of its own reply.
            bound = np.minimum(below[:, None, None], below.reshape(length, n)[None, :, :])
            grown = (inside + np.minimum(overlap, bound).sum(axis=1)).max(axis=1)
            if np.array_equal(grown, below):  # from here on every level is this one
                return [level.reshape(length, n) for level in levels]
            levels.append(grown)

    def reply_class_capacity(self, guesses: int) -> Counts:
        levels = self.reply_class_capacities
        return levels[min(guesses, len(levels) - 1)]

    def members(self, candidates: int) -> npt.NDArray[np.bool_]:
        packed = np.frombuffer(candidates.to_bytes(self.bytes, "little"), dtype=np.uint8)
        return np.unpackbits(packed, bitorder="little")[: self.n].astype(bool)

    def packed(self, sets: list[int]) -> npt.NDArray[np.uint64]:
        """bits[i, c]: which of words 64c to 64c + 63 are in the i-th set."""
        chunks = len(self.class_bits)
        return np.frombuffer(b"".join(s.to_bytes(8 * chunks, "little") for s in sets),
                             dtype="<u8").reshape(len(sets), chunks)

    def reply_group_sizes(self, bits: npt.NDArray[np.uint64]) -> Counts:
        """sizes[i, r, g]: how many words of the i-th set (see `packed`) answer r to guess g
        (r below a full match), counted bit by bit against every reply class at once. A
        product with a one-hot matrix of the classes would count the same, but OpenBLAS
        would spread it over threads that spin between the search's many small calls."""
        sizes: Counts = np.bitwise_count(self.class_bits[0] & bits[:, :1]).astype(self.count)
        for chunk in range(1, len(self.class_bits)):
            sizes += np.bitwise_count(self.class_bits[chunk] & bits[:, chunk:chunk + 1])
        return sizes.reshape(len(bits), self.length, self.n)

    def group_sizes(self, candidates: int) -> npt.NDArray[np.int64]:
        """sizes[g, r]: how many of the set's words answer r to guess g (r below a full match)."""
        sizes: npt.NDArray[np.int64] = self.reply_group_sizes(
            self.packed([candidates]))[0].T.astype(np.int64)
        return sizes

    def bounds(self, sets: list[int], guesses: int) -> tuple[Counts, Counts]:
        """capacities[k, i] for k up to `guesses`: a bound on the size of any subset of the i-th
        set solvable in k guesses (see `capacity`, here counted on the set's own reply groups,
        each also within its reply class's capacity); and sizes[i, r, g], how many of its
        words answer r to guess g. Computed for many sets in one pass, as NumPy pays per call;
        in small integers, which it works through fastest; guesses on the last axis, which
        is the long one."""
        count = self.count
        bits = self.packed(sets)
        sizes = self.reply_group_sizes(bits)
        inside = np.unpackbits(bits.view(np.uint8), axis=1, bitorder="little")[
            :, : self.n].astype(count)  # [set, g]
        # Within one guess a set of three or more holds 1 (the guess itself); within two, one
        # more than a guess's most groups (each then found by the second guess). Each level
        # is at least the one below, so a set's capacities are bounds whether or not they
        # stop growing once they reach its size.
        capacities = np.ones((guesses + 1, len(sets)), dtype=count)
        capacities[0] = 0
        if guesses >= 2:
            capacities[2] = (inside + (sizes > 0).sum(axis=1, dtype=count)).max(axis=1)
        for level in range(3, guesses + 1):
            groups = np.minimum(np.minimum(sizes, capacities[level - 1][:, None, None]),
                                self.reply_class_capacity(level - 1))
            capacities[level] = (inside + groups.sum(axis=1, dtype=count)).max(axis=1)
        return capacities, sizes

    def screened(self, sets: list[tuple[int, list[tuple[int, int]]]], guesses: int
                 ) -> list[Plan]:
        """For each (set, its ranked guesses, see `ranked_guesses`): the guesses less those
        whose largest group, the one a search tries first, cannot be solved within `guesses`,
        as far as is known or because it falls short of its capacity; with the bounds of the
        groups that pass, for their own search. Most splits of a deep set fail on their
        largest group, and one pass over the groups of many sets costs about as much as one
        set's search."""
        by_reply = self.by_reply
        largest = [[candidates & by_reply[guess][reply] for guess, reply in ranked]
                   for candidates, ranked in sets]
        known: dict[int, bool | None] = {}
        not_in = self.not_in
        for groups in largest:
            for group in groups:  # most are already known to fail: they cost one look
                if group not in known:
                    known[group] = (False if not_in.get(group, 0) >= guesses
                                    else self.known(group, guesses))
        unknown = [group for group, solvable in known.items() if solvable is None]
        ahead = {}
        if unknown:
            capacities, sizes = self.bounds(unknown, guesses)
            for i, (group, capacity) in enumerate(
                    zip(unknown, capacities[guesses].tolist(), strict=True)):
                if capacity < group.bit_count():
                    not_in[group] = guesses
                    known[group] = False
                else:
                    ahead[group] = (capacities[:, i], sizes[i])
        return [([choice for choice, group in zip(ranked, groups, strict=True)
                  if known[group] is not False],
                 {group: ahead[group] for group in groups if group in ahead})
                for (_, ranked), groups in zip(sets, largest, strict=True)]

    def planned(self, ahead: dict[int, tuple[Counts, Counts]], guesses: int
                ) -> dict[int, Plan]:
        """Plans for searching, within `guesses`, the sets whose bounds are `ahead`: each one's
        screened guesses, all screened in one pass. A set left with none cannot be solved,
        which is remembered, and needs no search of its own."""
        sets = []
        for candidates, (capacities, sizes) in ahead.items():
            if self.known(candidates, guesses) is None:
                self.count_a_set()
                sets.append((candidates, self.ranked_within(candidates, sizes, capacities,
                                                            guesses)))
        plans: dict[int, Plan] = {}
        for (candidates, _), plan in zip(sets, self.screened(sets, guesses - 1), strict=True):
            if plan[0]:
                plans[candidates] = plan
            else:
                self.not_in[candidates] = guesses
        return plans

    def ranked_within(self, candidates: int, sizes: Counts, capacities: Counts, guesses: int
                      ) -> list[tuple[int, int]]:
        """The guesses worth trying for a set within `guesses` (see `ranked_guesses`): each of
        its groups within what the set, and the group's reply class, can hold in one fewer."""
        return self.ranked_guesses(candidates, sizes, int(capacities[guesses - 1]),
                                   self.reply_class_capacity(guesses - 1))

    def ranked_guesses(self, candidates: int, sizes: Counts, limit: int, class_limits: Counts
                       ) -> list[tuple[int, int]]:
        """Each useful guess whose largest group is within `limit` and every group within its
        reply class's `class_limits`, with the reply of its largest group (the first of them
        in reply order): smallest largest group first, then most groups, then list order."""
        largest = sizes.max(axis=0)
        parts = (sizes > 0).sum(axis=0)
        # One group holding every candidate learns nothing.
        useful = np.flatnonzero((largest <= limit) & (sizes <= class_limits).all(axis=0) &
                                ((parts > 1) | (largest < candidates.bit_count())))
        ranked = useful[np.lexsort((useful, -parts[useful], largest[useful]))]
        return list(zip(ranked.tolist(), sizes.argmax(axis=0)[ranked].tolist(), strict=True))

    def splits(self, candidates: int, ranked: list[tuple[int, int]]
               ) -> Iterator[tuple[int, list[int]]]:
        """Each distinct split by the ranked guesses, in their order, as (guess, groups
        largest first, ties in reply order). Made one at a time: a search that succeeds
        early never builds the rest."""
        seen: set[tuple[int, ...]] = set()
        for guess, _ in ranked:
            masks = self.by_reply[guess]
            groups = [g for g in (candidates & m for m in masks[: self.length]) if g]
            key = tuple(sorted(groups))
            if key not in seen:
                seen.add(key)
                groups.sort(key=int.bit_count, reverse=True)
                yield guess, groups

    def known(self, candidates: int, guesses: int) -> bool | None:
        """Whether the set is solvable within `guesses` as far as is known without a search:
        two words or fewer, a result remembered, or the list-wide capacity; None otherwise."""
        size = candidates.bit_count()
        if size <= 2:
            return guesses >= size
        if guesses >= self.solvable_in.get(candidates, 1 << 30):
            return True
        if guesses <= self.not_in.get(candidates, 0) or size > self.capacity(guesses):
            return False
        return None

    def splits_to_try(self, candidates: int, guesses: int,
                      bounds: tuple[Counts, Counts] | None = None
                      ) -> list[tuple[int, int]] | None:
        """The guesses a search of this set tries (see `ranked_guesses`), or None when the
        set's own capacities rule it out, which is remembered. `bounds` are the set's, where
        already computed. Each call counts as one set searched."""
        self.count_a_set()
        if bounds is None:
            capacities, sizes = self.bounds([candidates], guesses)
            bounds = capacities[:, 0], sizes[0]
        capacities, sizes = bounds
        if capacities[guesses] < candidates.bit_count():
            self.not_in[candidates] = guesses
            return None
        return self.ranked_within(candidates, sizes, capacities, guesses)

    def count_a_set(self) -> None:
        self.calls += 1
        if self.calls % 256 == 0 and time.monotonic() > self.deadline:
            raise OutOfTime

    def can_solve(self, candidates: int, guesses: int,
                  bounds: tuple[Counts, Counts] | None = None, plan: Plan | None = None
                  ) -> bool:
        """Whether the set can be solved within `guesses`, by exhaustive search. `bounds` are
        the set's where already computed; `plan`, its screened guesses (see `planned`)."""
        known = self.known(candidates, guesses)
        if known is not None:
            return known
        ahead: dict[int, tuple[Counts, Counts]] = {}
        if plan is not None:
            ranked, ahead = plan
        else:
            found = self.splits_to_try(candidates, guesses, bounds)
            if found is None:
                return False
            ranked = found
            if guesses > SCREEN_FROM:
                [(ranked, ahead)] = self.screened([(candidates, ranked)], guesses - 1)
        plans = self.planned(ahead, guesses - 1) if guesses - 1 > SCREEN_FROM else {}
        for guess, groups in self.splits(candidates, ranked):
            if all(self.can_solve(group, guesses - 1, ahead.get(group), plans.get(group))
                   for group in groups):
                self.solvable_in[candidates] = guesses
                self.choice[candidates] = guess
                return True
        self.not_in[candidates] = guesses
        return False

    def find(self, candidates: int, guesses: int, steps: int) -> Found:
        """Whether a strategy for the set within `guesses` exists, by a limited discrepancy
        search: with k discrepancies to spend, a set tries its first k + 1 splits in the order
        of `ranked_guesses`, and a split other than the first costs its groups one discrepancy; k
        grows from 0. Where the exhaustive search can spend seconds proving a first choice
        wrong, this tries the others early. It proves impossibility too, once every split has
        been tried and every failure proven; "unknown" after `steps` sets searched.
        """
        self.steps_left = steps
        discrepancies = 0
        try:
            while (found := self._find(candidates, guesses, discrepancies)) == "unknown":
                discrepancies += 1
        except OutOfSteps:
            return "unknown"
        return found

    def _find(self, candidates: int, guesses: int, discrepancies: int) -> Found:
        known = self.known(candidates, guesses)
        if known is not None:
            return "found" if known else "impossible"
        if self.tried.get((candidates, guesses), -1) >= discrepancies:
            return "unknown"
        self.steps_left -= 1
        if self.steps_left < 0:
            raise OutOfSteps
        ranked = self.splits_to_try(candidates, guesses)
        if ranked is None:
            return "impossible"
        result: Found = "impossible"
        for rank, (guess, groups) in enumerate(self.splits(candidates, ranked)):
            if rank > discrepancies:
                result = "unknown"  # the rest waits for a search with more discrepancies
                break
            outcome: Found = "found"
            for group in groups:
                found = self._find(group, guesses - 1, discrepancies - (rank > 0))
                if found != "found":
                    outcome = found
                    if found == "impossible":  # a proof that this split fails
                        break
            if outcome == "found":
                self.solvable_in[candidates] = guesses
                self.choice[candidates] = guess
                return "found"
            if outcome == "unknown":
                result = "unknown"
        if result == "impossible":
            self.not_in[candidates] = guesses
        else:
            self.tried[(candidates, guesses)] = discrepancies
        return result

    def tree(self, candidates: int) -> Tree:
        if candidates.bit_count() == 1:
            return Tree(self.words[candidates.bit_length() - 1])
        # Two words need no search: guess either one, then the other.
        first_word = (candidates & -candidates).bit_length() - 1
        guess = self.choice.get(candidates, first_word)
        node = Tree(self.words[guess])
        for reply, mask in enumerate(self.by_reply[guess][: self.length]):
            if candidates & mask:
                node.branches[reply] = self.tree(candidates & mask)
        return node


def best_next_guess(words: Sequence[str], candidates: Sequence[int],
                    time_limit: float) -> tuple[int, int] | None:
    """(guess, worst-case guesses from here) of an optimal play on the remaining candidates,
    every word of the list allowed as a guess; None when the time limit runs out first."""
    solver = Solver(words, time.monotonic() + time_limit)
    remaining = sum(1 << c for c in candidates)
    if len(candidates) == 1:
        return candidates[0], 1
    try:
        guesses = 2  # one guess finds one word of two or more, not every one
        while not solver.can_solve(remaining, guesses):
            guesses += 1
    except OutOfTime:
        return None
    first_word = (remaining & -remaining).bit_length() - 1
    return solver.choice.get(remaining, first_word), guesses


# Sets searched by the limited discrepancy search before the exhaustive one takes over: on the
# benchmark lists, a strategy one guess below the heuristic's is found within 2,271 (bench18);
# where there is none (the lists whose optimum is 9), the steps are spent for nothing.
FIND_STEPS = 5_000


def solve(words: Sequence[str], time_limit: float = 60.0, upper: int | None = None
          ) -> Solution:
    """The optimum and its tree, or the best proven bounds when time runs out."""
    start = time.monotonic()
    if not words:
        return Solution((), 0, 0, None, 0.0, True, 0)
    solver = Solver(words, start + time_limit)
    everyone = (1 << len(words)) - 1
    if upper is None:  # a caller that already knows the best strategy's worst case passes it
        upper = best_strategy_worst_case(match_matrix(words))[0]
    lower = 1
    while lower < upper and solver.capacity(lower) < len(words):
        lower += 1  # too many words for so few guesses: a proof that costs no search
    proven = False
    try:
        # Down from the upper bound, quickly where a strategy is easy to find but the
        # exhaustive search would first spend long proving its first choices wrong.
        while lower < upper:
            found = solver.find(everyone, upper - 1, FIND_STEPS)
            if found == "unknown":
                break
            if found == "impossible":
                lower = upper
            else:
                upper -= 1
        while lower < upper:
            if solver.can_solve(everyone, lower):
                upper = lower
            else:
                lower += 1
        proven = True
        # The strategy is the choices the search remembered (one word needs none).
        tree: Tree | None = solver.tree(everyone) if solver.can_solve(everyone, upper) else None
    except OutOfTime:
        tree = None
    if tree is not None:
        worst = max(tree.guesses_for(w, match) for w in words)
        if worst != upper:
            raise AssertionError(f"the tree needs {worst} guesses, not the claimed {upper}")
    return Solution(tuple(words), lower, upper, tree, time.monotonic() - start, proven,
                    len(solver.solvable_in) + len(solver.not_in), solver.calls)
