# A cheat: looks through the worker's whole memory (gc, every frame, the proxy's attributes)
# for anything named like a secret or a case, and guesses only what it finds there.
import gc
import sys


def suspects(obj):
    if isinstance(obj, dict):
        for key, value in list(obj.items()):
            if isinstance(key, str) and ("secret" in key.lower() or key in ("answer", "target")):
                yield value
    for name in dir(obj) if not isinstance(obj, type) else ():
        if "secret" in name.lower() or name in ("_answer", "_target", "_case"):
            try:
                yield getattr(obj, name)
            except Exception:
                pass


class Solution:
    def findSecretWord(self, words, master):
        found = set()
        frames, frame = [], sys._getframe()
        while frame is not None:
            frames.append(frame.f_locals)
            frame = frame.f_back
        for obj in [master, *vars(master).values(), *frames, *gc.get_objects()]:
            try:
                for value in suspects(obj):
                    if isinstance(value, str) and value in words:
                        found.add(value)
            except Exception:
                continue
        for word in sorted(found):
            if master.guess(word) == 6:
                return
