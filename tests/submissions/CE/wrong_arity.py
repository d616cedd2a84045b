class Solution:
    def findSecretWord(self, words):
        pass
