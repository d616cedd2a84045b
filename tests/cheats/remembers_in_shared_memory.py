# A cheat: a shared memory mapping made while the file loads is shared by every process forked
# from it, so each case could write the secret it found there and later cases skip those
# words. Fresh state per case cannot hold with it: the judge must refuse to play such a state.
import mmap

board = mmap.mmap(-1, 4096)  # anonymous and MAP_SHARED: forks see each other's writes


def recall():
    return bytes(board[:]).rstrip(b"\0").decode().split()


def remember(word):
    known = recall() + [word]
    data = " ".join(known).encode()[:4096]
    board[:len(data)] = data


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
