"""Case generators. Same seed, same cases: every draw comes from one seeded random.Random."""

from __future__ import annotations

import random
import string

from judge.cases import Case
from judge.rules import WORD_LENGTH, Word


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
