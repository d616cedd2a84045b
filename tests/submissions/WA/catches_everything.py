# A runaway: guesses a non-word forever and swallows every exception, BaseException included.
class Solution:
    def findSecretWord(self, words, master):
        while True:
            try:
                master.guess("not-a-word")
            except BaseException:
                pass
