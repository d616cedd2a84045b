class Solution:
    def findSecretWord(self, words, master):
        hoard = []
        while True:
            hoard.append(bytearray(16 << 20))
