"""Writes cases/handwritten/: small cases, each testing one thing its note names.

The small lists are spelled out here; the 100-word ones come from seeded random draws, so this
script rewrites the same files byte for byte:  python scripts/make_handwritten.py
"""

from __future__ import annotations

import json
import random
import string
import sys
from pathlib import Path

from judge.cases import Case
from judge.generate import random_words

ALPHABET = string.ascii_lowercase
# Found by a search over small lists: the smallest where guessing only candidates costs more.
OUTSIDE = ["bdefdc", "beccdc", "eeeadc", "efcadd", "fdeadd", "fecfcd", "ffecdc"]


def biased_words(rng: random.Random, count: int, favourite: str, bias: float) -> list[str]:
    """Words whose every position holds `favourite`'s letter there with probability `bias`."""
    words: list[str] = []
    while len(words) < count:
        word = "".join(f if rng.random() < bias else rng.choice(ALPHABET) for f in favourite)
        if word not in words:
            words.append(word)
    return words


def handwritten_cases() -> list[Case]:
    one_apart = [f"abcde{c}" for c in ALPHABET]
    disjoint = [c * 6 for c in ALPHABET[:10]]
    prefix = ["abcdef", "abcfed", "abcxyz", "abcqrs", "abczzz", "abcaaa", "abcdzz", "abcfzz"]
    pairs = ["pqrstu", "pqrstv", "mnopqr", "mnopqs", "ghijkl", "ghijkm", "uvwxyz", "uvwxya"]
    rng = random.Random(843)
    random_a, random_b = random_words(rng, 100), random_words(rng, 100)
    dominant = biased_words(rng, 100, "etaoin", 0.6)
    shuffled = ["kiwies", "banana", "cherry", "damson", "elders", "feijoa", "guavas", "hazels",
                "indigo", "jujube", "kumqua", "lemons"]
    return [
        Case("single-word", "abcdef", ("abcdef",), 10,
             "one word: the first guess must be it; exactly one call"),
        Case("two-words", "khaled", ("hamada", "khaled"), 10,
             "two words, the secret second: a guess of the first answers 0"),
        Case("secret-first", "kiwies", tuple(shuffled), 10,
             "the secret is the first word of the list"),
        Case("secret-last", "lemons", tuple(shuffled), 10,
             "the secret is the last word: a first-candidate strategy walks the whole list"),
        Case("one-letter-apart", "abcdez", tuple(one_apart), 30,
             "26 words differing only in the last letter: each guess rules out itself only, so "
             "26 guesses are needed in the worst case; a generous limit of 30 makes it fair"),
        Case("disjoint-at-the-limit", disjoint[-1], tuple(disjoint), 10,
             "10 words sharing no letter in any position: every miss answers 0, so the worst "
             "case needs exactly 10 guesses, the limit"),
        Case("common-prefix", "abcfzz", tuple(prefix), 10,
             "every word starts with abc: no reply is below 3, the largest group is not 0"),
        Case("pairs-of-twins", "uvwxya", tuple(pairs), 10,
             "four pairs of words that differ in one letter: replies 5 and 6 matter"),
        Case("random-100-a", random_a[57], tuple(random_a), 10,
             "100 words of uniform random letters, random.Random(843), first draw"),
        Case("random-100-b", random_b[3], tuple(random_b), 10,
             "100 words of uniform random letters, random.Random(843), second draw"),
        Case("dominant-letters", dominant[41], tuple(dominant), 10,
             "100 words where each position holds a letter of 'etaoin' with probability 0.6: "
             "replies cluster high, so the largest group is not the 0 group"),
        Case("generous-limit", random_a[0], tuple(random_a), 30,
             "the largest allowedGuesses LeetCode permits, 30"),
        Case("outside-candidate-guess", "ffecdc", tuple(OUTSIDE), 10,
             "after the first reply, a word already ruled out splits the rest best: minimax "
             "over every word needs 3 guesses in the worst case, over the candidates only 4"),
        Case("old-leetcode-limit", random_b[99], tuple(random_b), 10,
             "the 2018-2022 statement: wordlist parameter, limit fixed at 10"),
    ]


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "cases/handwritten")
    out.mkdir(parents=True, exist_ok=True)
    for case in handwritten_cases():
        text = json.dumps(case.to_json(), indent=1) + "\n"
        (out / f"{case.name}.json").write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
