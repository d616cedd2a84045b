# A cheat: the first case to find its secret leaves a process behind, serving the secrets it
# is told on an abstract Unix socket; later cases ask it first and skip what it knows. A
# process left behind retires the worker, so no later case finds the server.
import os
import socket

NAME = b"\0guess-judge-cheat-remembers-in-a-process"


def told(message):
    """The server's list after `message`; None where there is no server."""
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.connect(NAME)
            s.sendall(message.encode() + b"\n")
            return s.makefile().readline().split()
    except OSError:
        return None


def leave_a_server(word):
    if os.fork() != 0:
        return
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.closerange(3, 1 << 16)  # the judge's pipes among them: only the socket stays
    learned = [word]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:
        server.bind(NAME)
        server.listen()
        while True:
            connection, _ = server.accept()
            with connection:
                request = connection.makefile().readline().split()
                learned += request[1:]
                connection.sendall((" ".join(learned) + "\n").encode())


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in told("ask") or [] if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                if told(f"add {word}") is None:
                    leave_a_server(word)
                return
