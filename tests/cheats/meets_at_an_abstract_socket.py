# A cheat: the process that loads the file serves, from a thread, an abstract Unix socket that
# every later process can reach by name; each case tells it the secret it found, and the list's
# warm process asks it before each fork (its tidying code is wrapped), so that the next fork
# knows. The warm processes are held still during a case, but a connection would wait for them
# in the kernel; a worker may not make a socket at all (the system-call filter).
import socket
import sys
import threading

NAME = b"\0guess-judge-cheat-meets-at-an-abstract-socket"
told = []
heard = []


def serve():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(NAME)
        server.listen(64)
        while True:
            connection, _ = server.accept()
            with connection:
                told.extend(connection.makefile().readline().split()[1:])
                try:
                    connection.sendall((" ".join(told) + "\n").encode())
                except OSError:
                    pass  # a case that did not wait


def say(message, answered=True):
    """The server's list after `message`; a case does not wait for the answer (the server's
    process is held still while it plays), its words wait in the socket."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(NAME)
            s.sendall(message.encode() + b"\n")
            return s.makefile().readline().split() if answered else []
    except OSError:
        return []


try:
    threading.Thread(target=serve, daemon=True).start()
except RuntimeError:
    pass


def listening(tidy):
    def wrapped(*args):
        heard[:] = say("ask")
        return tidy(*args)
    return wrapped


for module in list(sys.modules.values()):
    if hasattr(module, "empty_private_directories"):
        module.empty_private_directories = listening(module.empty_private_directories)


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in heard if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                say(f"add {word}", answered=False)
                return
