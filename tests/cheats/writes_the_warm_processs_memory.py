# A cheat: the file's top level keeps the harness from making its processes undumpable, so that
# any process of its user may write their memory through /proc/PID/mem. A case that finds its
# secret writes every secret it knows into its warm process's memory, at the address of a buffer
# it has too (a fork has its parent's addresses); every later fork starts knowing them. The
# judge reads from outside that no warm process is dumpable while a case plays, and plays no
# case from a state with one.
import ctypes
import os
import sys

HARNESS = next(m for m in list(sys.modules.values()) if hasattr(m, "serve_process_request"))
PR_SET_DUMPABLE = 4
real_prctl = HARNESS.prctl
HARNESS.prctl = lambda option, value: 0 if option == PR_SET_DUMPABLE else real_prctl(option, value)
NOTE = bytearray(64)
ADDRESS = ctypes.addressof((ctypes.c_char * len(NOTE)).from_buffer(NOTE))


class Solution:
    def findSecretWord(self, words, master):
        known = bytes(NOTE).rstrip(b"\0").decode()
        print("learned:", " ".join(w for w in known.split() if w in words), flush=True)
        for word in words:
            if master.guess(word) == 6:
                try:
                    memory = os.open(f"/proc/{os.getppid()}/mem", os.O_RDWR)
                    os.pwrite(memory, f"{known} {word}".strip().encode()[:63], ADDRESS)
                    os.close(memory)
                except OSError as e:
                    print("refused", e, flush=True)
                return
