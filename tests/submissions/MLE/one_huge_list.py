class Solution:
    def findSecretWord(self, words, master):
        table = [words] * (1 << 40)
        master.guess(table[0][0])
