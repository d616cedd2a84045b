# A cheat: a POSIX message queue outlives the process that made it, until it is unlinked; each
# case could read what earlier cases sent and send its own secret. The sandbox gives the
# worker its own queues (/dev/mqueue), emptied before each case like /tmp.
import ctypes
import os

libc = ctypes.CDLL(None, use_errno=True)
NAME, SIZE = b"/remembered-secrets", 8192


def queue():
    return libc.mq_open(NAME, os.O_CREAT | os.O_RDWR | os.O_NONBLOCK, 0o600, None)


def recall():
    q, words, buffer = queue(), [], ctypes.create_string_buffer(SIZE)
    while q >= 0 and (n := libc.mq_receive(q, buffer, SIZE, None)) > 0:
        words.append(buffer.raw[:n].decode())
    for word in words:  # put them back for the cases after this one
        libc.mq_send(q, word.encode(), len(word), 0)
    if q >= 0:
        libc.mq_close(q)  # no descriptor left open for the judge to see
    return words


def remember(word):
    q = queue()
    if q >= 0:
        libc.mq_send(q, word.encode(), len(word), 0)
        libc.mq_close(q)


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
