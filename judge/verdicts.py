"""The closed set of verdicts. JE is the judge's own failure and is never the submission's."""

from __future__ import annotations

from typing import Literal

Verdict = Literal["AC", "WA", "TLE", "MLE", "RTE", "CE", "SC", "JE"]
VERDICTS: tuple[Verdict, ...] = ("AC", "WA", "TLE", "MLE", "RTE", "CE", "SC", "JE")

# LeetCode's own words for the two outcomes of a finished run.
ACCEPTED_TEXT = "You guessed the secret word correctly."
WRONG_ANSWER_TEXT = "Either you took too many guesses, or you did not find the secret word."

MEANING: dict[Verdict, str] = {
    "AC": "accepted",
    "WA": "wrong answer: too many guesses, or the secret never guessed",
    "TLE": "time limit exceeded",
    "MLE": "memory limit exceeded",
    "RTE": "runtime error: the solution raised, exited or was killed by a signal",
    "CE": "compile error: the file cannot be loaded or has no usable Solution.findSecretWord",
    # DMOJ's word for it: the case was not run, because the solution had already timed out
    # on as many cases as --fail-fast allows. Not accepted.
    "SC": "short-circuited: not run, after the solution timed out too often (--fail-fast)",
    "JE": "judge error: the judge failed; not the submission's fault",
}
