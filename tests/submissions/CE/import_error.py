import leetcode_secret_helpers  # no such module


class Solution:
    def findSecretWord(self, words, master):
        pass
