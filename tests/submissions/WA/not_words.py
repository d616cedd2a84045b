# Guesses that are not words of the list are answered -1 and still counted: among them an int
# too long for repr (Python refuses past 4,300 digits) and an object whose repr raises.
class Unshowable:
    def __repr__(self):
        raise RuntimeError("no repr")


class Solution:
    def findSecretWord(self, words, master):
        for bad in (None, 123, b"abcdef", words[0].upper(), words[0] + "x", "", ["x"], 6.0,
                    10 ** 5000, Unshowable(), "y" * 100):
            assert master.guess(bad) == -1
        for _ in range(3):
            master.guess("zzzzzq")
