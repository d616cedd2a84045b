# A 20 MB exception message: the report keeps a capped piece of it, not 20 MB a row.
class Solution:
    def findSecretWord(self, words, master):
        master.guess(words[0])
        raise ValueError("x" * 20_000_000)
