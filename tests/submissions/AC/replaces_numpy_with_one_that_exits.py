# Puts a package of its own in NumPy's place, whose `random` ends the process as it loads.
# The worker loads numpy.random for a solution that imported NumPy (to seed it per case): what
# the solution did to NumPy is its own business, and must not end an honest game.
import os
import shutil
import sys
import tempfile
import types

folder = os.path.join(tempfile.mkdtemp(), "numpy")
os.makedirs(folder)
with open(os.path.join(folder, "random.py"), "w") as f:
    f.write("raise SystemExit(7)\n")
fake = types.ModuleType("numpy")
fake.__path__ = [folder]
sys.modules["numpy"] = fake


class Solution:
    def findSecretWord(self, words, master):
        shutil.rmtree(os.path.dirname(folder), ignore_errors=True)
        candidates = list(words)
        while candidates:
            guess = candidates[0]
            matches = master.guess(guess)
            if matches == len(guess):
                return
            candidates = [w for w in candidates[1:]
                          if sum(a == b for a, b in zip(w, guess)) == matches]
