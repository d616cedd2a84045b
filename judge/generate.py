"""Case generators. Same arguments, same cases, byte for byte: every draw comes from one
random.Random seeded by the caller, and each case's note says how it was made."""

from __future__ import annotations

import random
import string
from collections.abc import Callable
from functools import cache
from pathlib import Path

from judge.cases import Case
from judge.rules import WORD_LENGTH, Word

ENGLISH_WORDS = Path(__file__).with_name("data") / "english6.txt"
HARD_ATTEMPTS = 50


def random_words(rng: random.Random, count: int, length: int = WORD_LENGTH) -> list[Word]:
    """`count` distinct words of independent, uniform letters (LeetCode's original test lists)."""
    words: list[Word] = []
    seen: set[Word] = set()
    while len(words) < count:
        word = "".join(rng.choice(string.ascii_lowercase) for _ in range(length))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def random_list_cases(name: str, seed: int, count: int, allowed: int,
                      every_secret: bool) -> list[Case]:
    """One random list; one case with a drawn secret, or one case per word as the secret."""
    rng = random.Random(seed)
    words = tuple(random_words(rng, count))
    note = f"{count} words of uniform random letters, random.Random({seed})"
    if every_secret:
        return [Case(f"{name}@{w}", w, words, allowed, note) for w in words]
    return [Case(name, rng.choice(words), words, allowed, note)]


@cache
def english_words() -> tuple[Word, ...]:
    return tuple(ENGLISH_WORDS.read_text(encoding="ascii").split())


def small_alphabet_words(rng: random.Random, count: int) -> tuple[list[Word], str]:
    """Words over 2-4 letters per position: many words share letters in several places."""
    sizes = [rng.randint(2, 4) for _ in range(WORD_LENGTH)]
    while _product(sizes) < 2 * count:
        sizes[sizes.index(min(sizes))] += 1
    alphabets = ["".join(rng.sample(string.ascii_lowercase, k)) for k in sizes]
    words: dict[Word, None] = {}  # a dict keeps draw order; a set's order varies by run
    while len(words) < count:
        words["".join(rng.choice(a) for a in alphabets)] = None
    return list(words), f"letters per position {alphabets}"


def clustered_words(rng: random.Random, count: int) -> tuple[list[Word], str]:
    """A few centre words, each with neighbours that change one or two of its letters."""
    centres = random_words(rng, rng.randint(2, 5))
    words: dict[Word, None] = dict.fromkeys(centres)
    while len(words) < count:
        word = list(rng.choice(centres))
        for position in rng.sample(range(WORD_LENGTH), rng.randint(1, 2)):
            word[position] = rng.choice(string.ascii_lowercase)
        words["".join(word)] = None
    return list(words), f"clusters around {centres}, one or two letters changed"


def _product(sizes: list[int]) -> int:
    total = 1
    for size in sizes:
        total *= size
    return total


HARD_SHAPES: dict[str, Callable[[random.Random, int], tuple[list[Word], str]]] = {
    "small-alphabets": small_alphabet_words,
    "clusters": clustered_words,
}
KINDS = ("random", "english", "hard")


def generate(kind: str, count: int, words: int, seed: int, allowed: int) -> list[Case]:
    """`count` cases of `words` words each; hard cases are checked fair before they are kept."""
    from judge.fairness import judge_fairness  # the engine is needed only for hard cases

    rng = random.Random(seed)
    cases: list[Case] = []
    for index in range(1, count + 1):
        name = f"{kind}-s{seed}-{index:03d}"
        how = (f"python -m judge generate {kind} --words {words} --allowed {allowed} "
               f"--list-seed {seed} (case {index})")
        if kind == "random":
            listed, made = random_words(rng, words), "uniform random letters"
        elif kind == "english":
            listed, made = rng.sample(english_words(), words), "English words from SCOWL"
        else:
            for attempt in range(1, HARD_ATTEMPTS + 1):
                shape = rng.choice(sorted(HARD_SHAPES))
                listed, made = HARD_SHAPES[shape](rng, words)
                made = f"hard ({shape}: {made}), attempt {attempt}"
                probe = Case(name, listed[0], tuple(listed), allowed)
                report = judge_fairness(probe, exact_seconds=0)  # no timing: same bytes
                if report.verdict == "fair":
                    made += f", fair: worst case {report.upper} by {report.upper_by}"
                    break
            else:
                raise ValueError(f"no fair hard list of {words} words within {allowed} guesses "
                                 f"in {HARD_ATTEMPTS} attempts; raise --allowed")
        secret = rng.choice(listed)
        cases.append(Case(name, secret, tuple(listed), allowed, f"{made}; {how}"))
    return cases
