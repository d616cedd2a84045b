# A cheat: finds the proxy's pipe to the judge and writes a fake "done" without guessing,
# then a guess nobody asked for. The worker runs the submission's code, so a message that
# breaks the protocol is the submission's doing: RTE, never AC and never the judge's error.
import json


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        channel.writer.write(json.dumps({"op": "done", "found": True}).encode() + b"\n")
        channel.writer.flush()
        channel.writer.write(b'{"op": "guess", "word": "' + words[0].encode() + b'"}\n')
        channel.writer.flush()
