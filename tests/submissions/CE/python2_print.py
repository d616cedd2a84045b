class Solution:
    def findSecretWord(self, wordlist, master):
        for w in wordlist:
            print w
            if master.guess(w) == 6:
                return
