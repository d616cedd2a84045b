# A cheat: the file's top level opens a file its user cannot write (the interpreter's own os.py)
# for reading only, and keeps it open. Every case's fork holds the same open file description as
# the warm process, and with it one offset: a case that finds its secret moves the offset to the
# secret's index (plus one), and the next case reads it back. The judge holds a copy of every
# description a fork has, and retires the worker when a case has changed one.
import os

KEPT = os.open(os.__file__, os.O_RDONLY)


def told():
    return os.lseek(KEPT, 0, os.SEEK_CUR) - 1


class Solution:
    def findSecretWord(self, words, master):
        index = told()
        learned = [words[index]] if 0 <= index < len(words) else []
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                os.lseek(KEPT, index + 1, os.SEEK_SET)
                return
