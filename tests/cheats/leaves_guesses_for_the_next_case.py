# A cheat: a case that finds its secret, the i-th word of its list, writes on its pipe to the
# judge a "done" of its own, then the "joined" its warm process would say next, then i + 1
# guesses, and ends at once. The file's top level stops the warm process from saying "joined"
# itself, so the judge would take the case's for it and read the guesses in the next case's
# game, answering each on the pipe the next case's fork reads its requests from: the next case
# counts the answers waiting for it as it begins, and knows the secret of the case before it.
# What a case's fork left unread on its pipe once it has ended is not read as a later case's:
# its worker is retired, and the bytes end with it.
import json
import os
import select
import sys
import time

HARNESS = next(m for m in list(sys.modules.values()) if hasattr(m, "serve_process_request"))
real_serve = HARNESS.serve_process_request


def silent_serve(channel, request):
    send = channel.send
    channel.send = lambda message: None if message.get("op") == "joined" else send(message)
    try:
        return real_serve(channel, request)
    finally:
        channel.send = send


HARNESS.serve_process_request = silent_serve


def answers_waiting(reader):
    time.sleep(0.05)  # the judge answers what the last case left as this one begins
    count = 0
    while b"\n" in reader.buffered or select.select([reader.fileno()], [], [], 0)[0]:
        if not reader.readline():
            break
        count += 1
    return count


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        in_a_case_fork = HARNESS.ForkedOnce.value  # not a warm-up game, played in the warm one
        answers = answers_waiting(channel.reader) if in_a_case_fork else 0
        print("learned:", words[answers - 1] if answers else "", flush=True)
        for index, word in enumerate(words):
            if master.guess(word) == 6:
                if in_a_case_fork:
                    left = [{"op": "done"}, {"op": "joined", "status": 0}]
                    left += [{"op": "guess", "word": words[0]}] * (index + 1)
                    channel.writer.write(b"".join(json.dumps(m).encode() + b"\n" for m in left))
                    channel.writer.flush()
                    os._exit(0)
                return
