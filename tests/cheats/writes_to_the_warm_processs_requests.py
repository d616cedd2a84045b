# A cheat: the file's top level replaces the harness's handling of the judge's requests, in the
# warm process too, with one that keeps any request {"op": "note"} it reads. A case that finds
# its secret opens anew, for writing, the pipe it reads the judge's requests from (through
# /proc/self/fd: the same pipe as the warm process's) and writes such a note there; once the
# case is over, the warm process reads it before the judge's next request, and every later fork
# knows the secret. The judge counts what waits to be read in each pipe a case's fork reads, and
# retires the worker when a case has left something there.
import json, os, sys

NOTES = []
for module in list(sys.modules.values()):
    if hasattr(module, "serve_process_request"):
        real = module.serve_process_request

        def patched(channel, request, real=real):
            if request.get("op") == "note":
                NOTES.append(request["word"])
                return True
            return real(channel, request)

        module.serve_process_request = patched


def request_pipe():
    for name in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{name}")
            flags = int(open(f"/proc/self/fdinfo/{name}").read().split("flags:")[1].split()[0], 8)
        except (OSError, IndexError, ValueError):
            continue
        if target.startswith("pipe:") and flags & os.O_ACCMODE == os.O_RDONLY:
            return int(name)
    return None


class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in NOTES if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                fd = request_pipe()
                try:
                    out = os.open(f"/proc/self/fd/{fd}", os.O_WRONLY)
                    os.write(out, json.dumps({"op": "note", "word": word}).encode() + b"\n")
                    os.close(out)
                except (OSError, TypeError) as e:
                    print("refused", e, flush=True)
                return
