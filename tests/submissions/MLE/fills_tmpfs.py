# needs: sandbox
# Writes files to the sandbox's /tmp, which lives in memory. Those pages count against the
# memory limit like any other: MLE, never AC.
class Solution:
    def findSecretWord(self, words, master):
        block = b"x" * (1 << 20)
        try:
            with open("/tmp/hoard", "wb") as f:
                for _ in range(2000):
                    f.write(block)
        except OSError:
            pass  # the tmpfs is full: wait to be stopped rather than fail
        import time
        time.sleep(30)
        for word in words:
            if master.guess(word) == 6:
                return
