"""The match matrix of a word list and everything computed from it, vectorised.

Indices stand for words throughout: `candidates` and `guesses` are integer arrays of rows of
the matrix. A metric turns reply counts into scores, lower is better; a strategy is one
function of (matrix, candidates, metric, pool), not one program per heuristic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.uint8]
Indices = npt.NDArray[np.intp]
Counts = npt.NDArray[np.int64]
Scores = npt.NDArray[np.float64]
Metric = Callable[[Counts], Scores]
Pool = Literal["all", "candidates"]

ROWS_PER_CHUNK = 512  # bounds the temporary arrays to a few MB whatever the list size


def encode(words: Sequence[str]) -> npt.NDArray[np.uint8]:
    """Words as an (n, length) array of byte codes; all words must share one length."""
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    joined = "".join(words).encode("ascii")
    return np.frombuffer(joined, dtype=np.uint8).reshape(len(words), len(words[0]))


def match_matrix(words: Sequence[str]) -> Matrix:
    """M[i, j] = match(words[i], words[j]), built one letter position at a time."""
    letters = encode(words)
    n = len(words)
    matrix = np.zeros((n, n), dtype=np.uint8)
    for position in range(letters.shape[1]):
        column = letters[:, position]
        matrix += column[:, None] == column[None, :]
    return matrix


def word_length(matrix: Matrix) -> int:
    """The full match (a word against itself) is the diagonal."""
    return int(matrix[0, 0]) if len(matrix) else 0


def reply_counts(matrix: Matrix, candidates: Indices, guesses: Indices | None = None) -> Counts:
    """counts[g, r]: how many candidates answer r to guess g, for every guess in one pass."""
    guesses = np.arange(len(matrix)) if guesses is None else guesses
    replies = word_length(matrix) + 1
    counts = np.empty((len(guesses), replies), dtype=np.int64)
    for start in range(0, len(guesses), ROWS_PER_CHUNK):
        rows = guesses[start:start + ROWS_PER_CHUNK]
        block = matrix[np.ix_(rows, candidates)].astype(np.int64)
        block += (np.arange(len(rows)) * replies)[:, None]
        counts[start:start + len(rows)] = np.bincount(
            block.ravel(), minlength=len(rows) * replies).reshape(len(rows), replies)
    return counts


def as_scores(values: object) -> Scores:
    scores: Scores = np.asarray(values, dtype=np.float64)
    return scores


def largest_group(counts: Counts) -> Scores:
    """Minimax: the most candidates left after the worst reply (a full match leaves none)."""
    return as_scores(counts[:, :-1].max(axis=1))


def expected_size(counts: Counts) -> Scores:
    """Expected candidates left, each secret equally likely (a full match leaves none)."""
    total = counts.sum(axis=1)
    return as_scores((counts[:, :-1] ** 2).sum(axis=1) / np.maximum(total, 1))


def entropy(counts: Counts) -> Scores:
    """Shannon entropy of the reply in bits, negated so that lower is better."""
    total = counts.sum(axis=1, keepdims=True)
    p = counts / np.maximum(total, 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        bits = np.where(p > 0, -p * np.log2(p), 0.0)
    return as_scores(-bits.sum(axis=1))


def most_parts(counts: Counts) -> Scores:
    """The number of distinct replies, negated so that lower is better."""
    return as_scores(-(counts > 0).sum(axis=1))


METRICS: dict[str, Metric] = {
    "minimax": largest_group,
    "expected": expected_size,
    "entropy": entropy,
    "parts": most_parts,
}


def best_guess(matrix: Matrix, candidates: Indices, metric: Metric, pool: Pool = "all") -> int:
    """The best-scoring guess; ties go to a candidate, then to the earliest word.

    A guess that cannot split the candidates (not one of them, one reply for all) is never
    chosen, so repeated play always ends.
    """
    guesses = np.arange(len(matrix)) if pool == "all" else np.asarray(candidates)
    counts = reply_counts(matrix, candidates, guesses)
    is_candidate = np.isin(guesses, candidates)
    useless = ~is_candidate & ((counts > 0).sum(axis=1) == 1)
    scores = np.where(useless, np.inf, metric(counts))
    order = np.lexsort((guesses, ~is_candidate, scores))
    return int(guesses[order[0]])


def best_strategy_worst_case(matrix: Matrix) -> tuple[int, str]:
    """The smallest exact worst case among every metric and guess pool, and which one."""
    results = []
    for name, metric in METRICS.items():
        for pool in ("all", "candidates"):
            worst = int(guesses_per_secret(matrix, metric, pool).max())
            results.append((worst, f"{name}/{pool}"))
    return min(results)


def guesses_per_secret(matrix: Matrix, metric: Metric, pool: Pool = "all",
                       candidates: Indices | None = None) -> npt.NDArray[np.int64]:
    """Guesses the strategy needs for each secret, every secret played (exact, no sampling).

    The play-out follows the strategy's decision tree once: each node is one candidate set,
    so the work is one best_guess per node rather than one game per secret.
    """
    n = len(matrix)
    used = np.zeros(n, dtype=np.int64)
    todo = [(np.arange(n) if candidates is None else np.asarray(candidates), 1)]
    length = word_length(matrix)
    while todo:
        group, depth = todo.pop()
        if len(group) == 1:
            used[group[0]] = depth
            continue
        guess = best_guess(matrix, group, metric, pool)
        replies = matrix[guess, group]
        for reply in np.unique(replies):
            members = group[replies == reply]
            if reply == length:
                used[members] = depth
            else:
                todo.append((members, depth + 1))
    return used if candidates is None else used[np.asarray(candidates)]
