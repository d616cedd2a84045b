# Port of the JavaScript solution in seed 003_846b77a1caed7841.txt (LeetCode 843 write-up).
#
# What the original does: no matrix; for every remaining candidate it counts the candidates in
# each match group, the guess itself included (it lands in group 6), and guesses the candidate
# with the smallest largest group (first strictly better wins; `bestWord` starts as the first
# candidate). After a reply it keeps the candidates whose match with the guess equals the
# reply, and stops on 6 or when no candidate is left.
#
# Deliberate differences: none. Counting the guess in its own group changes a score only when
# one candidate is left, so this plays the same games as the Kotlin and C++ ports (the tests
# check it); `Math.max(...groups)` becomes `max(groups)`.


class Solution:
    def findSecretWord(self, words, master):
        def match(a, b):
            cnt = 0
            for i in range(6):
                if a[i] == b[i]:
                    cnt += 1
            return cnt

        candidates = words
        while len(candidates) > 0:
            bestWord = candidates[0]
            bestScore = float("inf")
            for guess in candidates:
                groups = [0] * 7
                for word in candidates:
                    groups[match(guess, word)] += 1
                worst = max(groups)
                if worst < bestScore:
                    bestScore = worst
                    bestWord = guess

            res = master.guess(bestWord)
            if res == 6:
                return

            next_candidates = []
            for word in candidates:
                if match(word, bestWord) == res:
                    next_candidates.append(word)
            candidates = next_candidates
