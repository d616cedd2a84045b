class Solution:
    def findSecretWord(self, words, master):
        master.guess(words[0])
        return {}["no such key"]
