# Writes 8 MB on the judge's pipe without a newline: the judge stops reading at its message
# limit, so its memory stays bounded, and the case is RTE.
class Solution:
    def findSecretWord(self, words, master):
        channel = next(v for v in vars(master).values() if hasattr(v, "writer"))
        for _ in range(8):
            channel.writer.write(b"x" * (1 << 20))
        channel.writer.flush()
        master.guess(words[0])
