# Forks a process while its file loads, before any case, and prints its pid; then solves
# honestly. The judge treats such a process as a stray and kills it.
import os
import time

_child = os.fork()
if _child == 0:
    time.sleep(600)
    os._exit(0)
print(f"stray pid {_child}", flush=True)


class Solution:
    def findSecretWord(self, words, master):
        for word in words:
            if master.guess(word) == 6:
                return
