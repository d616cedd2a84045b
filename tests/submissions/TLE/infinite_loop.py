class Solution:
    def findSecretWord(self, words, master):
        n = 0
        while True:
            n += 1
