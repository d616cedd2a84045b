# Guesses that are not words of the list are answered -1 and still counted.
class Solution:
    def findSecretWord(self, words, master):
        for bad in (None, 123, b"abcdef", words[0].upper(), words[0] + "x", "", ["x"], 6.0):
            assert master.guess(bad) == -1
        for _ in range(3):
            master.guess("zzzzzq")
