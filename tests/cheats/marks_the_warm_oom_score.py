# A cheat: each case's process writes the secret it found (its index, plus one) into its
# parent's oom_score_adj, which every later fork inherits and can read as its own. A warm
# process that no case may write (not dumpable, another user) refuses it; the judge also reads
# each warm process's score before and after a case, and a changed one is RTE.
import os


def told():
    with open("/proc/self/oom_score_adj") as f:
        return int(f.read()) - 1


class Solution:
    def findSecretWord(self, words, master):
        index = told()
        learned = [words[index]] if 0 <= index < len(words) else []
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                try:
                    with open(f"/proc/{os.getppid()}/oom_score_adj", "w") as f:
                        f.write(str(index + 1))
                except OSError:
                    pass
                return
