# Floods guess messages and never reads a reply. The judge answers until the runaway cap, then
# ignores the rest (it no longer writes, so its pipe cannot fill), and the case is WA when the
# CPU limit ends it. The old judge blocked for ever writing into the full pipe.
import json


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        message = json.dumps({"op": "guess", "word": words[0]}).encode() + b"\n"
        while True:
            channel.writer.write(message * 100)
            channel.writer.flush()
