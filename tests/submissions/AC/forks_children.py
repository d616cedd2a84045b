# Solves honestly, but leaves two sleeping processes behind (one double-forked into its own
# session) and prints their pids: the judge must kill them.
import os
import time


class Solution:
    def findSecretWord(self, words, master):
        for double in (False, True):
            pid = os.fork()
            if pid == 0:
                if double:
                    os.setsid()
                    if os.fork() != 0:
                        os._exit(0)
                print(f"stray pid {os.getpid()}", flush=True)
                time.sleep(600)
                os._exit(0)
            if double:
                os.waitpid(pid, 0)
        time.sleep(0.2)
        for word in words:
            if master.guess(word) == 6:
                return
