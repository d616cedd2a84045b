# A cheat: stores each secret it finds in the kernel's user keyring (add_key), which every
# process of one user shares, sandbox or not, and later cases skip the words stored there.
# The sandbox's system-call filter refuses the keyring calls (EPERM).
import ctypes
import os

SYS_ADD_KEY, SYS_REQUEST_KEY = 248, 249  # x86_64
USER_KEYRING = -4
PREFIX = os.environ.get("CHEAT_PREFIX", "guess-judge-cheat:")

libc = ctypes.CDLL(None, use_errno=True)


def description(word):
    return (PREFIX + word).encode()


def remembered(word):
    return libc.syscall(SYS_REQUEST_KEY, b"user", description(word), None, 0) > 0


def remember(word):
    libc.syscall(SYS_ADD_KEY, b"user", description(word), word.encode(), 6, USER_KEYRING)


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in words if remembered(w)]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
