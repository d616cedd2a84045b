# hypothesis is installed beside the judge, but LeetCode does not offer it: the worker must not
# see it, so this file cannot load.
import hypothesis


class Solution:
    def findSecretWord(self, words, master):
        master.guess(words[0])
