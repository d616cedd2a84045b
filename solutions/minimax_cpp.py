# Port of the C++ solution in seed 001_21c0cc4238f9a466.txt (LeetCode 843 write-up).
#
# What the original does: builds the full match matrix M of the word list, keeps the indices
# of the words still possible, and guesses the possible word whose largest match-count bucket
# over the other possible words is smallest (the guess itself is skipped when counting; the
# first strictly better word wins ties, in list order). After a reply it keeps the possible
# words, other than the guess, whose match with the guess equals the reply; it stops at 6.
#
# Deliberate differences: none in the guesses made. `best_guess` starts as None where the C++
# leaves it uninitialised (undefined behaviour if `possible` were ever empty, which cannot
# happen while the secret is in the list); `M` is a local list of lists, not a member vector.
# Defect kept: the loop is `while (true)`, so a Master that never answers 6 (an inconsistent
# one) would make it guess forever; with LeetCode's Master it cannot happen.


class Solution:
    def findSecretWord(self, wordlist, master):
        n = len(wordlist)
        M = [[-1] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                match = 0
                for k in range(6):
                    if wordlist[i][k] == wordlist[j][k]:
                        match += 1
                M[i][j] = M[j][i] = match

        possible = list(range(n))
        while True:
            best_guess = self.bestGuess(M, possible)
            matches = master.guess(wordlist[best_guess])
            if matches == 6:
                return
            next_possible = []
            for j in possible:
                if best_guess == j:
                    continue
                if M[best_guess][j] == matches:
                    next_possible.append(j)
            possible = next_possible

    def bestGuess(self, M, possible):
        min_max_matchNum, best_guess = float("inf"), None
        for guess in possible:
            matchNum = [0] * 7  # matchNum[k]: words with exactly k matches with guess
            for j in possible:
                if guess != j:
                    matchNum[M[guess][j]] += 1
            max_matchNum = 0
            for x in matchNum:
                max_matchNum = max(max_matchNum, x)
            if max_matchNum < min_max_matchNum:
                min_max_matchNum = max_matchNum
                best_guess = guess
        return best_guess
