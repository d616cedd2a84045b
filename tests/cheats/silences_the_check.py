# A cheat: a shared page made while the file loads, which every fork of the list would share,
# and the harness's own check of what forks share replaced by one that finds nothing, where the
# submission's code can reach it. The judge checks each case's fork from outside instead: the
# cases are not played from such a state.
import mmap
import sys

board = mmap.mmap(-1, 4096)  # MAP_SHARED: every fork writes to the same page
for module in list(sys.modules.values()):
    for name in ("shared_with_forks", "empty_private_directories", "empty_private_ipc"):
        if hasattr(module, name):
            setattr(module, name, lambda *args: "")


def recall():
    return board[:].rstrip(b"\0").decode().split()


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                at = len(board[:].rstrip(b"\0"))
                board[at:at + len(word) + 1] = (word + " ").encode()
                return
