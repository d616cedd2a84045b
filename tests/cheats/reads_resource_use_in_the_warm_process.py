# A cheat: each case that finds its secret makes 2,000 page faults for each step of the secret's
# rank, and one more step, before it returns. The warm process would read the count as it reaps
# the case's fork (the kernel hands a parent its child's resource use with its status, wait4),
# and the next fork would know every secret found before it. The harness leaves its case forks to
# the kernel (SIGCHLD ignored), which then reaps them itself: code of the submission's process,
# which the cheat undoes as each fork is made. The judge, from outside, refuses a warm process
# that would reap its cases.
import mmap
import os
import signal

UNIT = 2000  # page faults for each step of the rank: far above a game's own few hundred
FIRST = os.getpid()  # the warm-up games play in its child, the cases in its grandchildren
learned_ranks = []
_fork = os.fork


def fork():
    child = _fork()
    if child > 0:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # reap it, and read what it used
    return child


def waitpid(pid, options):
    got, status, usage = os.wait4(pid, options)
    steps = round(usage.ru_minflt / UNIT)
    if steps >= 1:
        learned_ranks.append(steps - 1)
    return got, status


os.fork, os.waitpid = fork, waitpid


def fault(times):
    page = mmap.mmap(-1, mmap.PAGESIZE)
    for _ in range(times):
        page[0] = 1  # a fresh zero page each time: a fault
        page.madvise(mmap.MADV_DONTNEED)


class Solution:
    def findSecretWord(self, words, master):
        order = sorted(words)
        learned = [order[r] for r in learned_ranks if r < len(order)]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                if os.getppid() != FIRST:
                    fault((order.index(word) + 1) * UNIT)
                return
