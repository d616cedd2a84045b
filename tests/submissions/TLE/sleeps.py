import time


class Solution:
    def findSecretWord(self, words, master):
        master.guess(words[0])
        time.sleep(3600)
