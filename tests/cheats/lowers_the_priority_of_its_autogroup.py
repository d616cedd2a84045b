# A cheat: a case that finds its secret sets the priority (nice value) of its autogroup (the
# kernel schedules a login session's processes as one group), the warm processes' too, to the
# secret's index plus one, through its own /proc/self/autogroup; every later fork, of the same
# group, reads it there. The kernel takes one such change every tenth of a second, from anyone
# but root. The warm-up games, played in the list's process itself, leave it as it is. The
# judge reads each warm process's priority, its autogroup's too, before and after a case, and
# a changed one is RTE.
import os

LIST = []


def told():
    try:
        with open("/proc/self/autogroup") as f:
            return int(f.read().split()[-1]) - 1
    except (OSError, ValueError, IndexError):
        return -1


class Solution:
    def findSecretWord(self, words, master):
        LIST[:] = LIST or [os.getpid()]
        in_a_case = os.getpid() != LIST[0]
        index = told()
        learned = [words[index]] if 0 <= index < len(words) else []
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                if in_a_case:
                    try:
                        with open("/proc/self/autogroup", "w") as f:
                            f.write(str(index + 1))
                    except OSError:
                        pass
                return
