# A well-formed message the protocol does not have, then a message with no fields at all.
import json


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        channel.writer.write(json.dumps({"op": "secret-please"}).encode() + b"\n")
        channel.writer.flush()
        master.guess(words[0])
