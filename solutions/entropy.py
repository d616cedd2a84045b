# The entropy strategy of seed 004_95120cf109bcec94.txt (Luogu P8079 write-up, C++ `guess`),
# carried over from Wordle's 243 gold/silver patterns to LeetCode 843's match counts 0..6.
#
# What the original does: every word of the dictionary may be guessed (not only the remaining
# answers); it guesses the word whose feedback distribution over the remaining answers has the
# highest Shannon entropy (bits), the first strictly higher one winning in dictionary order.
# Its bonus for guesses that may still be the answer: +0.1 when 4 of 5 guesses remain (the
# second guess), +1/(remaining answers) from then on; with one answer left it guesses it.
#
# Deliberate differences: 843 has no fixed guess budget, so "4 remaining" becomes "the second
# guess" and "3 or fewer" becomes "the third guess and later". The seed's first guess comes
# from a table computed offline per initial letter; a 843 list is small, so the first guess is
# computed the same way as the others, without bonus (the seed's table has none either).
import math


class Solution:
    def findSecretWord(self, words: List[str], master: "Master") -> None:
        n = len(words)
        matches = [[sum(a == b for a, b in zip(words[i], words[j])) for j in range(n)]
                   for i in range(n)]
        candidates = list(range(n))
        turn = 0
        while candidates:
            turn += 1
            if len(candidates) == 1:
                guess = candidates[0]
            else:
                guess = self.best_guess(matches, candidates, turn)
            reply = master.guess(words[guess])
            if reply == len(words[guess]):
                return
            candidates = [c for c in candidates if matches[guess][c] == reply]

    def best_guess(self, matches, candidates, turn):
        count = len(candidates)
        is_candidate = set(candidates)
        best, best_score = -1, -math.inf
        for g, row in enumerate(matches):
            groups = [0] * 7
            for c in candidates:
                groups[row[c]] += 1
            score = -sum(k / count * math.log2(k / count) for k in groups if k)
            if g in is_candidate:
                if turn == 2:
                    score += 0.1
                elif turn >= 3:
                    score += 1 / count
            if score > best_score:
                best, best_score = g, score
        return best
