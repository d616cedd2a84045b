# A cheat: each case that finds its secret starts (1 + the secret's rank) threads, one after
# another, each ended before the next. Process ids are drawn in turn, threads' too, so the next
# fork's id is higher by that many than the last fork's, which the warm process learned as it
# forked it (os.fork's answer) and every later fork inherits: each case learns the secret of
# the case before it. In the sandbox the worker's processes are numbered apart from the
# machine's, by nothing but the worker: the judge plays no case in a fork whose id does not
# follow the last one's. Without it, anything on the machine moves the numbering as well
# (a known gap). Each case also prints a number drawn from its random generator, which the
# judge seeds for each case: the same whichever worker the case plays in.
import os
import random
import threading

FIRST = os.getpid()  # the warm-up games play in its child, the cases in its grandchildren
forked = []
_fork = os.fork


def fork():
    child = _fork()
    if child > 0:
        forked.append(child)
    return child


os.fork = fork


class Solution:
    def findSecretWord(self, words, master):
        order = sorted(words)
        learned = []
        if len(forked) >= 1 and os.getppid() != FIRST:
            steps = os.getpid() - forked[-1] - 1
            if 1 <= steps <= len(order):
                learned.append(order[steps - 1])
        print("learned:", " ".join(learned), flush=True)
        print("drawn:", random.random(), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                if os.getppid() != FIRST:
                    for _ in range(order.index(word) + 1):
                        thread = threading.Thread(target=int)
                        thread.start()
                        thread.join()
                return
