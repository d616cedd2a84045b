# The solution itself only waits; a child it forks burns the CPU. CPU time counts the whole
# process tree, so this is TLE by CPU time, not by the wall-clock backstop.
import os


class Solution:
    def findSecretWord(self, words, master):
        child = os.fork()
        if child == 0:
            while True:
                pass
        os.waitpid(child, 0)
