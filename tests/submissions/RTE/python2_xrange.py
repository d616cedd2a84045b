class Solution:
    def findSecretWord(self, wordlist, master):
        for i in xrange(len(wordlist)):
            if master.guess(wordlist[i]) == 6:
                return
