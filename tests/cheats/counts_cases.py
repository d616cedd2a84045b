# Counts its calls in class state and guesses words[k] in the k-th case, then gives up. If the
# cases of a list came in word-list order (the benchmark's and --all-secrets' secrets do) and
# shared one process, this would be accepted in one guess every time. With a fresh state per
# case, every case sees the same count, so it is one fixed guess: it can win at most the one
# case whose secret that word happens to be. Hence it is not filed by a verdict: the
# integrity tests check exactly that.
class Solution:
    calls = 0

    def findSecretWord(self, words, master):
        k = Solution.calls
        Solution.calls += 1
        master.guess(words[k % len(words)])
