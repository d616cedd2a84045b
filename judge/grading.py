"""Cases x solution -> results: play each case through a runner and judge it by LeetCode's rules."""

from __future__ import annotations

import contextlib
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

from judge.cases import Case
from judge.master import Adversary, FixedSecret, Master, SecretKeeper
from judge.randomness import seeds_for
from judge.result import CaseResult, Outcome, Report
from judge.rules import NOT_A_WORD, Word, match
from judge.run.session import Runner
from judge.verdicts import MEANING, Verdict
from judge.wording import counted

TRACEBACK_HEADER = "Traceback (most recent call last):"


def headline(verdict: Verdict, detail: str) -> str:
    """One line for the table: a traceback's exception line, else the detail's first line."""
    lines = detail.strip().splitlines()
    if not lines:
        return MEANING[verdict]
    if lines[0].startswith(TRACEBACK_HEADER):
        # Frames are indented; the exception's own line is the first one after the last
        # traceback header (a chained exception has several) that is not.
        last = max(i for i, line in enumerate(lines) if line.startswith(TRACEBACK_HEADER))
        after = [line for line in lines[last + 1:] if line and not line[0].isspace()]
        if after:
            return after[0]
    return lines[0]


def wrong_answer_reason(master: Master, stopped: bool) -> str:
    """Which of LeetCode's two reasons applies, in the words of this run."""
    if stopped:
        return f"stopped after the runaway cap of {master.cap} calls to Master.guess"
    found_at = next((i for i, (word, reply) in enumerate(master.transcript, 1)
                     if reply == len(word)), None)
    if found_at is None:
        guesses = "1 guess" if master.calls == 1 else f"{master.calls} guesses"
        return f"returned after {guesses} without guessing the secret"
    if found_at > master.allowed_guesses:
        return f"found the secret at guess {found_at}, limit {master.allowed_guesses}"
    return (f"found the secret at guess {found_at}, then kept calling: {master.calls} calls, "
            f"limit {master.allowed_guesses}")


def wasted_guesses(transcript: Sequence[tuple[str, int]], words: Sequence[str]) -> list[str]:
    """Notes on guesses that could not help: repeats, non-words, words already ruled out."""
    repeats = {w: n for w, n in Counter(w for w, _ in transcript).items() if n > 1}
    notes = [f"guessed {w!r} {n} times" for w, n in repeats.items()]
    invalid = sum(reply == NOT_A_WORD for _, reply in transcript)
    if invalid:
        notes.append("1 call was not a word of the list (answered -1)" if invalid == 1 else
                     f"{invalid} calls were not words of the list (answered -1)")
    listed = set(words)
    for i, (word, _) in enumerate(transcript, 1):
        if word not in listed:
            continue
        earlier = next(((j, g, r) for j, (g, r) in enumerate(transcript[:i - 1], 1)
                        if r != NOT_A_WORD and g in listed and match(g, word) != r), None)
        if earlier is not None:
            j, g, r = earlier
            notes.append(f"guess {i} ({word}) could no longer be the secret: guess {j} ({g}) "
                         f"got {r}, and {word} would have given {match(g, word)}")
            break  # the first such guess is what a candidate needs to see
    return notes


def judge_case(runner: Runner, case: Case, seed: int | None, adversary: bool) -> CaseResult:
    """Play one case of the run seeded with `seed` (judge/randomness.py); any failure of the
    judge itself becomes JE, never the submission's."""
    keeper: SecretKeeper = Adversary(case.words) if adversary else FixedSecret(case.secret)
    master = Master(case.words, keeper, case.allowed_guesses)
    try:
        outcome = runner.play(master, seeds_for(seed, case.name))
    except Exception as e:
        outcome = Outcome("JE", f"{type(e).__name__}: {e}")
    if outcome.verdict is not None:
        verdict, detail = outcome.verdict, outcome.detail
        message = headline(verdict, detail)
    else:
        # A run stopped at the runaway cap made more calls than allowed: the Master says WA.
        verdict, message = master.verdict()
        detail = ""
        if verdict == "WA":
            notes = wasted_guesses(master.transcript, case.words)
            detail = "\n".join([wrong_answer_reason(master, outcome.stopped), *notes])
    return CaseResult(case.name, verdict, message, master.calls, case.allowed_guesses,
                      outcome.seconds, master.secret(), list(master.transcript), detail,
                      outcome.output)


def play_order(cases: Sequence[Case], order_seed: int) -> list[list[int]]:
    """The cases' indices in the order they are played, grouped by word list.

    The lists come in an order drawn from `order_seed`, and so do the cases of each list: a
    submission cannot count its way to the secret of the k-th case.
    """
    rng = random.Random(order_seed)
    groups: dict[tuple[str, ...], list[int]] = {}
    for index, case in enumerate(cases):
        groups.setdefault(tuple(case.words), []).append(index)
    order = list(groups.values())
    rng.shuffle(order)
    for group in order:
        rng.shuffle(group)
    return order


# Warm-up games per shared list: enough for a solution that caches per list to have its
# first levels of decisions cached, few enough that a solution without a cache pays little.
# Measured with make grade (strongest.py, 2,034 cases): 56 s with 1 game, 26 s with 5, 21 s
# with 10, 19 s with one per case.
WARMUP_GAMES = 10


def warmup_masters(case: Case, order_seed: int, games: int) -> list[Master]:
    """Games on the case's list, played before its cases but never scored.

    Their secrets are drawn independently of the cases' (all of the list's words when there
    are as many games as words), so what a solution learns from them says nothing about the
    real secrets; a solution that caches per list then finds its cache warm in every case.
    """
    words = list(case.words)
    secrets_ = random.Random(f"{order_seed}:{words[0]}").sample(words, min(games, len(words)))
    return [Master(case.words, FixedSecret(s), case.allowed_guesses) for s in secrets_]


def grade(runner: Runner, solution: str, cases: Iterable[Case], seed: int | None = None,
          adversary: bool = False, on_result: Callable[[CaseResult], None] | None = None,
          order_seed: int | None = None, fail_fast: int = 0,
          budget_seconds: float | None = None,
          shared_lists: Collection[tuple[Word, ...]] = ()) -> Report:
    """Play every case and judge it; the report lists the cases in the order given.

    Cases are played in an order drawn from `order_seed` (from the operating system when
    None; the report keeps it for a replay). Each case's random numbers are drawn from `seed`
    and its name (judge/randomness.py), from the system when None. Cases that share a word
    list each start from the same state (see the runner's `fresh_state_per_case`); a case
    alone on its list runs in the state the previous cases left, as on LeetCode. A list in
    `shared_lists` is played as shared even when one of its cases is given (a replay of one
    case of a list plays as it played among the others: after the same warm-up games, which
    `order_seed` draws, in a fork of their state). With
    `fail_fast` K > 0, once K cases have timed out the rest are not run (SC): one endless loop
    costs K time limits, not one per case; likewise once the solution has spent
    `budget_seconds` of wall-clock time.
    """
    cases = list(cases)
    order_seed = secrets.randbits(64) if order_seed is None else order_seed
    results: list[CaseResult | None] = [None] * len(cases)
    timeouts = 0
    start = time.monotonic()

    def stop_reason() -> str | None:
        # A warm-up game that ran out of time spent a time limit too.
        warmups = getattr(runner, "warmup_timeouts", 0)
        spent = timeouts + warmups
        if fail_fast and spent >= fail_fast:
            # Said apart: the summary counts the cases' time-outs (TLE) alone.
            among = (f"{counted(timeouts, 'case')} and {counted(warmups, 'warm-up game')}; "
                     if warmups else "")
            return (f"not run: the solution had already timed out {counted(spent, 'time')} "
                    f"({among}--fail-fast {fail_fast}; 0 runs every case)")
        if budget_seconds is not None and time.monotonic() - start >= budget_seconds:
            return (f"not run: the solution had spent its {budget_seconds:g} s "
                    "(--solution-seconds)")
        return None

    def record(index: int, result: CaseResult) -> None:
        nonlocal timeouts
        timeouts += result.verdict == "TLE"
        if on_result is not None:
            on_result(result)
        results[index] = result

    with runner:
        for group in play_order(cases, order_seed):
            if (reason := stop_reason()) is not None:
                for index in group:
                    record(index, short_circuited(cases[index], reason))
                continue
            first = cases[group[0]]
            shared = (runner.fresh_state_per_case(
                warmup_masters(first, order_seed, WARMUP_GAMES), len(group))
                      if len(group) > 1 or first.words in shared_lists
                      else contextlib.nullcontext())
            with shared:
                for index in group:
                    if (reason := stop_reason()) is not None:
                        record(index, short_circuited(cases[index], reason))
                    else:
                        record(index, judge_case(runner, cases[index], seed, adversary))
    return Report(solution, [r for r in results if r is not None], order_seed)


def short_circuited(case: Case, reason: str) -> CaseResult:
    return CaseResult(case.name, "SC", reason, 0, case.allowed_guesses, 0.0, case.secret)
