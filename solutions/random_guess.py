# Baseline from seed 000_1a3a3685d9f7e5eb.txt, strategy 2 ("每次从候选词里面随机选一个"): guess a
# word drawn uniformly from those still consistent with every reply. The seed gives prose only;
# this is its plain reading. It draws from the module `random`, so `grade --seed N` replays it.
import random


class Solution:
    def findSecretWord(self, words: List[str], master: "Master") -> None:
        candidates = list(words)
        while candidates:
            guess = random.choice(candidates)
            reply = master.guess(guess)
            if reply == len(guess):
                return
            candidates = [w for w in candidates
                          if sum(a == b for a, b in zip(w, guess)) == reply]
