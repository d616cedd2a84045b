# A cheat: finds the proxy's pipe to the judge and writes a fake "done" without guessing,
# then a guess nobody asked for. Which message the judge reads where depends on timing: the
# fake "done" ends the game (WA), or the stray guess arrives where "forked" was due (RTE).
# Either way it is the submission's doing: never AC, never the judge's error (JE).
import json


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        channel.writer.write(json.dumps({"op": "done", "found": True}).encode() + b"\n")
        channel.writer.flush()
        channel.writer.write(b'{"op": "guess", "word": "' + words[0].encode() + b'"}\n')
        channel.writer.flush()
