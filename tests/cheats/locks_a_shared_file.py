# A cheat: as moves_a_shared_offset.py, but a case that finds its secret takes a read lock
# (an open file description's lock, F_OFD_SETLK) on one byte of the kept file, at the secret's
# index; the lock belongs to the description the warm process keeps, so it outlives the case's
# process, and the next case finds where it lies through a new opening of the file. (In the
# sandbox the filter refuses every lock: the cheat then plays as its honest twin.)
import fcntl
import os
import struct

KEPT = os.open(os.__file__, os.O_RDONLY)


def flock(kind, start=0, length=0):
    return struct.pack("hhqqi4x", kind, os.SEEK_SET, start, length, 0)


def told():
    probe = os.open(os.__file__, os.O_RDONLY)
    try:
        found = fcntl.fcntl(probe, fcntl.F_OFD_GETLK, flock(fcntl.F_WRLCK))
    except PermissionError:  # the sandbox's filter refuses locks
        return -1
    finally:
        os.close(probe)
    kind, _, start, _, _ = struct.unpack("hhqqi4x", found)
    return start if kind != fcntl.F_UNLCK else -1


class Solution:
    def findSecretWord(self, words, master):
        index = told()
        learned = [words[index]] if 0 <= index < len(words) else []
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                try:
                    fcntl.fcntl(KEPT, fcntl.F_OFD_SETLK, flock(fcntl.F_UNLCK))
                    fcntl.fcntl(KEPT, fcntl.F_OFD_SETLK, flock(fcntl.F_RDLCK, index, 1))
                except PermissionError:
                    pass
                return
