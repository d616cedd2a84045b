# A cheat: a case's process is a fork of the list's warm process, with the same addresses, so
# it knows where its notebook lies in its parent too. Written there through /proc/PPID/mem, a
# secret would be inherited by every later case. The warm process must not be writable by its
# forks (in the sandbox, where no process may trace another without the right to).
import ctypes
import os

notebook = ctypes.create_string_buffer(4096)


def recall():
    return notebook.value.decode().split()


def remember(word):
    data = (notebook.value.decode() + word + " ").encode()[:4095] + b"\0"
    try:
        with open(f"/proc/{os.getppid()}/mem", "r+b", buffering=0) as parent:
            parent.seek(ctypes.addressof(notebook))
            parent.write(data)
        print("wrote into the parent's memory", flush=True)
    except OSError as e:
        print(f"could not write into the parent's memory: {e.strerror}", flush=True)


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
