class Solution:
    def findSecretWords(self, words, master):
        pass
