# Splits its memory over three processes, each under the per-process address-space limit and
# together over the memory limit. The limit covers the whole process tree: MLE.
import os
import time


class Solution:
    def findSecretWord(self, words, master):
        children = []
        for _ in range(3):
            child = os.fork()
            if child == 0:
                hoard = b"x" * (120 << 20)  # written, so resident
                time.sleep(30)
                os._exit(len(hoard) and 0)
            children.append(child)
        for child in children:
            os.waitpid(child, 0)
        for word in words:
            if master.guess(word) == 6:
                return
