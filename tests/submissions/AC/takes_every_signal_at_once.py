# Honest, with a handler for every signal it may catch, all of which arrive at once: on
# LeetCode's Python the kernel runs each handler in turn, nested on the thread's stack. A
# worker that gives signal handlers too small a stack is killed by SIGSEGV instead.
import os
import signal

# Not SIGCHLD (a child's end is the harness's to hear), nor SIGCONT (a stop signal sent after
# it takes it back), nor 32 and 33 (the C library's own).
CATCHABLE = [s for s in range(1, signal.NSIG) if s not in
             (signal.SIGKILL, signal.SIGSTOP, signal.SIGCHLD, signal.SIGCONT, 32, 33)]


class Solution:
    def findSecretWord(self, words, master):
        heard = []
        for number in CATCHABLE:
            signal.signal(number, lambda signum, frame: heard.append(signum))
        signal.pthread_sigmask(signal.SIG_BLOCK, CATCHABLE)
        for number in CATCHABLE:
            os.kill(os.getpid(), number)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, CATCHABLE)  # every one delivered here
        assert sorted(heard) == CATCHABLE, heard
        candidates = words
        while candidates:
            guess = candidates[0]
            reply = master.guess(guess)
            if reply == 6:
                return
            candidates = [w for w in candidates if sum(map(str.__eq__, w, guess)) == reply]
