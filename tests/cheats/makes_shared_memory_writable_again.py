# A cheat: the file's top level maps shared memory read-only, which every case's fork shares with
# the warm process. A case that finds its secret makes its view writable again (mprotect) and
# writes the word there, and every later fork reads it. Only the cases write: the warm-up games,
# played in the warm process itself (a child of the first process, where the cases are its
# grandchildren), would leave the mapping writable there. The judge refuses a fork that shares
# memory it may make writable, whatever its view allows now.
import ctypes
import os

PAGE = 4096
PROT_READ, PROT_WRITE = 1, 2
MAP_SHARED, MAP_ANONYMOUS = 0x01, 0x20
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_long]
libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
BOARD = libc.mmap(None, PAGE, PROT_READ, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
FIRST = os.getpid()


def recall():
    return ctypes.string_at(BOARD, PAGE).rstrip(b"\0").decode().split()


def remember(word):
    if os.getppid() != FIRST and libc.mprotect(BOARD, PAGE, PROT_READ | PROT_WRITE) == 0:
        text = " ".join(recall() + [word]).encode()
        ctypes.memmove(BOARD, text, len(text))


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
