# A cheat: the file's top level maps a note in /tmp read-only and private, and keeps no
# descriptor. The first case that finds its secret writes it to the note by its name, and every
# later fork reads it through the mapping, which shows the file's page until it is written to.
# The warm process would remove the note before it forks: that code runs in the submission's
# process, and the cheat replaces it. The judge, from outside, refuses a fork that maps a file
# a case can write (in the sandbox: one in its private directories). Without the sandbox the
# disk is the user's, which no check can give back (see the explanation).
import ctypes
import os
import sys

NOTE = "/tmp/mapped-note"
PAGE = 4096
PROT_READ, MAP_PRIVATE = 1, 0x02
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_long]
with open(NOTE, "wb") as note:
    note.write(b"\0" * PAGE)
descriptor = os.open(NOTE, os.O_RDONLY)
BOARD = libc.mmap(None, PAGE, PROT_READ, MAP_PRIVATE, descriptor, 0)
os.close(descriptor)
FIRST = os.getpid()


def left_alone(*args):
    return ""  # nothing removed, nothing counted


for module in list(sys.modules.values()):
    if hasattr(module, "empty_private_directories"):
        module.empty_private_directories = left_alone


def recall():
    return ctypes.string_at(BOARD, PAGE).rstrip(b"\0").decode().split()


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                if os.getppid() != FIRST:  # a case, not a warm-up game
                    with open(NOTE, "r+b") as note:
                        note.write(" ".join(learned + [word]).encode())
                return
