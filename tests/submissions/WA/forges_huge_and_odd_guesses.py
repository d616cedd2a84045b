# Forged guesses: a 500 KB word, a word that is a number, a word with terminal controls. Each is
# answered -1 and counted; none is kept at full size, and none can draw on the terminal.
import json


class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        for word in ("y" * 500_000, 12345, "\x1b[31mred\r"):
            channel.writer.write(json.dumps({"op": "guess", "word": word}).encode() + b"\n")
            channel.writer.flush()
            channel.reader.readline()
        master.guess("zzzzzz")
