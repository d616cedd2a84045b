# Port of the Kotlin solution in seed 000_1a3a3685d9f7e5eb.txt (LeetCode 843 write-up).
#
# What the original does: builds the symmetric match matrix (upper triangle, mirrored), keeps
# the indices of the remaining candidates, and guesses the candidate whose largest match-count
# group over the other candidates is smallest (the guess itself is not counted; the first
# strictly smaller maximum wins, in list order). After a reply it keeps the candidates whose
# match with the guess equals the reply (the guess drops out by itself: its match is 6), and
# stops on 6 or when no candidate is left.
#
# Deliberate differences: none in the guesses made. `times` (counted, never read) is kept out;
# Kotlin's `groups.max()!!` becomes `max(groups)`. These rules pick the same guess as the seed
# 001 C++ solution at every step, so both ports play identical games (the tests check it).


class Solution:
    def getMatchCount(self, a, b):
        res = 0
        for i in range(len(a)):
            if a[i] == b[i]:
                res += 1
        return res

    def buildMatches(self, wordList):
        size = len(wordList)
        matches = [[0] * size for _ in range(size)]
        for i in range(size):
            for j in range(i, size):
                matches[i][j] = self.getMatchCount(wordList[i], wordList[j])
                matches[j][i] = matches[i][j]
        return matches

    def findGuess(self, candidates, matches):
        maxSize = 2**31 - 1  # Int.MAX_VALUE
        guess = -1
        for i in candidates:
            groups = [0] * 7
            for j in candidates:
                if i != j:
                    groups[matches[i][j]] += 1
            currentMax = max(groups)
            if currentMax < maxSize:
                guess = i
                maxSize = currentMax
        return guess

    def findSecretWord(self, wordList, master):
        matches = self.buildMatches(wordList)
        candidates = list(range(len(wordList)))
        while candidates:
            guess = self.findGuess(candidates, matches)
            match = master.guess(wordList[guess])
            if match == 6:
                return
            candidates = [it for it in candidates if matches[guess][it] == match]
