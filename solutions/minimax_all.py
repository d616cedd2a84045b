# Knuth's rule for Mastermind (1976), applied to LeetCode 843: guess the word, from the whole
# list and not only from the words still possible, whose largest group of remaining candidates
# (replies other than 6) is smallest; among equals prefer a word that may be the secret, then
# the earlier word in the list. Not a seed port: the classic idea the seed minimax leaves out.


class Solution:
    def findSecretWord(self, words: List[str], master: "Master") -> None:
        n = len(words)
        matches = [[sum(a == b for a, b in zip(words[i], words[j])) for j in range(n)]
                   for i in range(n)]
        candidates = list(range(n))
        while candidates:
            guess = self.best_guess(matches, candidates)
            reply = master.guess(words[guess])
            if reply == len(words[guess]):
                return
            candidates = [c for c in candidates if matches[guess][c] == reply]

    def best_guess(self, matches, candidates):
        possible = set(candidates)
        best, best_key = -1, None
        for g, row in enumerate(matches):
            groups = [0] * 7
            for c in candidates:
                groups[row[c]] += 1
            groups[6] = 0  # a guess that is the secret leaves nothing to find
            key = (max(groups), g not in possible)
            if best_key is None or key < best_key:
                best, best_key = g, key
        return best
