# Solves honestly, but first switches off the worker's child subreaper with ctypes, then
# double-forks into a new session: the daemon leaves the worker's process tree, and prints
# its pid. The judge still finds it (the worker's memory cgroup holds it) and kills it.
import ctypes
import os
import time


class Solution:
    def findSecretWord(self, words, master):
        ctypes.CDLL(None).prctl(36, 0, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER off
        child = os.fork()
        if child == 0:
            os.setsid()
            if os.fork() != 0:
                os._exit(0)
            print(f"stray pid {os.getpid()}", flush=True)
            time.sleep(600)
            os._exit(0)
        os.waitpid(child, 0)
        time.sleep(0.2)
        for word in words:
            if master.guess(word) == 6:
                return
