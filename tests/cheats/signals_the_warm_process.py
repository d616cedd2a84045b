# A cheat: each case's process tells the list's warm process (its parent) the secret it found,
# one real-time signal per bit of its index; the warm process's handlers note them, and the
# forks it makes later know them. The judge holds the warm processes still during a case and
# finds the signals waiting: the case is RTE and the warm process never runs again.
import os
import signal

BITS, END = 6, signal.SIGRTMIN + 10
heard, bits = [], []


def noted(signum, frame):
    if signum == END:
        heard.append(sum(bits) - 1)
        bits.clear()
    else:
        bits.append(1 << (signum - signal.SIGRTMIN))


for number in [*range(signal.SIGRTMIN, signal.SIGRTMIN + BITS), END]:
    signal.signal(number, noted)


class Solution:
    def findSecretWord(self, words, master):
        learned = [words[i] for i in heard if 0 <= i < len(words)]
        print("learned:", " ".join(learned), flush=True)
        for index, word in enumerate(words):
            if word not in learned and master.guess(word) == 6:
                told = index + 1
                for bit in range(BITS):
                    if told >> bit & 1:
                        os.kill(os.getppid(), signal.SIGRTMIN + bit)
                os.kill(os.getppid(), END)
                return
