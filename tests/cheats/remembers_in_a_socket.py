# A cheat: a socket pair made while the file loads is inherited by every forked process, and
# what one case writes into it waits in the kernel for the next case to read. Fresh state per
# case cannot hold with it: the judge must refuse to play such a state.
import socket

mine, theirs = socket.socketpair()
mine.setblocking(False)


def recall():
    try:
        data = mine.recv(65536)
    except BlockingIOError:
        return []
    theirs.sendall(data)  # put it back for the cases after this one
    return data.decode().split()


def remember(word):
    theirs.sendall(word.encode() + b" ")


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
