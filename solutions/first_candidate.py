# Baseline from seed 000_1a3a3685d9f7e5eb.txt, strategy 1 ("每次都选择候选词里的第一个"): always
# guess the first word still consistent with every reply. The seed describes it in prose only
# (no code); this is its plain reading: filter the list by each reply, keep the list order.


class Solution:
    def findSecretWord(self, words: List[str], master: "Master") -> None:
        candidates = list(words)
        while candidates:
            guess = candidates[0]
            reply = master.guess(guess)
            if reply == len(guess):
                return
            candidates = [w for w in candidates
                          if sum(a == b for a, b in zip(w, guess)) == reply]
