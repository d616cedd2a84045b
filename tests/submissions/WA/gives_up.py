# Returns without guessing at all.
class Solution:
    def findSecretWord(self, words, master):
        return None
