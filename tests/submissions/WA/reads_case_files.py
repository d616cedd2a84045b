# needs: sandbox
# A cheat: walks the disk for case files holding this word list and guesses their secret.
# Only bubblewrap's --sandbox, which shows the worker no case file, stops it.
import json
import os


class Solution:
    def findSecretWord(self, words, master):
        wanted = set(words)
        roots = ["/tmp", os.getcwd(), os.path.expanduser("~")]
        for root in roots:
            for folder, _, files in os.walk(root):
                for name in files:
                    if not name.endswith((".json", ".txt")):
                        continue
                    try:
                        with open(os.path.join(folder, name)) as f:
                            text = f.read(1 << 20)
                        data = json.loads(text) if name.endswith(".json") else {
                            "secret": json.loads(text.splitlines()[0]),
                            "words": json.loads(text.splitlines()[1])}
                    except Exception:
                        continue
                    for case in data if isinstance(data, list) else [data]:
                        if isinstance(case, dict) and set(case.get("words", ())) == wanted:
                            master.guess(case["secret"])
                            return
