"""NumPy analysis engine: match matrices, reply counts, strategies by metric, exact play-outs."""

from judge.analysis.engine import (
    METRICS,
    Matrix,
    Metric,
    best_guess,
    best_strategy_worst_case,
    guesses_per_secret,
    match_matrix,
    reply_counts,
)

__all__ = ["METRICS", "Matrix", "Metric", "best_guess", "best_strategy_worst_case",
           "guesses_per_secret", "match_matrix", "reply_counts"]
