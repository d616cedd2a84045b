class Solver:
    def findSecretWord(self, words, master):
        pass
