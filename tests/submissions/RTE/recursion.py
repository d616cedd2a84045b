class Solution:
    def findSecretWord(self, words, master):
        return self.findSecretWord(words, master)
