class Solution:
    def findSecretWord(self, words, master)
        pass
