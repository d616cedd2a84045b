# A cheat: marks each secret it finds by reading one page of a large system file that nobody
# else reads (the page cache is the machine's, shared by every process, sandbox or not), and
# later cases ask which pages are cached: with mincore(), else with a read that refuses to
# wait (RWF_NOWAIT). Page 0 is its control: evicted, then asked; an oracle that calls it
# cached, or that is refused, is not trusted. Closed in the sandbox by running the worker as
# a user that owns nothing (mincore() then calls every page cached) and by the system-call
# filter (RWF_NOWAIT refused).
import ctypes
import os

PAGE = 4096
SPACING = 64  # pages between two marks: beyond what a read brings in around it
FOLDER = "/usr/lib/x86_64-linux-gnu"
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_long]


def marked_file():
    names = [os.path.join(FOLDER, n) for n in sorted(os.listdir(FOLDER))]
    return max((p for p in names if os.path.isfile(p)), key=os.path.getsize)


def resident_by_mincore(fd, pages):
    address = libc.mmap(None, pages * SPACING * PAGE, 1, 1, fd, 0)  # PROT_READ, MAP_SHARED
    vector = (ctypes.c_ubyte * (pages * SPACING))()
    try:
        if libc.mincore(ctypes.c_void_p(address), pages * SPACING * PAGE, vector) != 0:
            return None
    finally:
        # Nothing of the file is kept: a warm process holding it would be refused, which
        # would hide whether the marks carry.
        libc.munmap(ctypes.c_void_p(address), pages * SPACING * PAGE)
    return [vector[page * SPACING] & 1 == 1 for page in range(pages)]


def resident_by_nowait(fd, pages):
    found = []
    for page in range(pages):
        try:
            os.preadv(fd, [bytearray(1)], page * SPACING * PAGE, os.RWF_NOWAIT)
            found.append(True)
        except BlockingIOError:
            found.append(False)
        except OSError:
            return None
    return found


def oracle(fd, pages):
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_RANDOM)  # no read-ahead beside a mark
    os.posix_fadvise(fd, 0, PAGE, os.POSIX_FADV_DONTNEED)
    for ask in (resident_by_mincore, resident_by_nowait):
        answer = ask(fd, pages)
        if answer is not None and not answer[0]:
            return answer
    return [False] * pages


class Solution:
    def findSecretWord(self, words, master):
        order = sorted(words)
        fd = os.open(marked_file(), os.O_RDONLY)
        try:
            cached = oracle(fd, len(order) + 1)
            learned = [w for i, w in enumerate(order) if cached[i + 1]]
            print("learned:", " ".join(learned), flush=True)
            for word in words:
                if word not in learned and master.guess(word) == 6:
                    os.pread(fd, 1, (order.index(word) + 1) * SPACING * PAGE)
                    return
        finally:
            os.close(fd)
