# A cheat: writes the secret each case found to a file in /tmp, and later cases skip those
# words. In the sandbox /tmp is the worker's own and is emptied before every case; without the
# sandbox the disk is the user's, which no judge process can take back (see the README).

NOTES = "/tmp/remembered-secrets"


def recall():
    try:
        with open(NOTES) as f:
            return f.read().split()
    except OSError:
        return []

def remember(word):
    with open(NOTES, "a") as f:
        f.write(word + " ")

class Solution:
    def findSecretWord(self, words, master):
        learned = [w for w in recall() if w in words]
        print("learned:", " ".join(learned), flush=True)
        for word in words:
            if word not in learned and master.guess(word) == 6:
                remember(word)
                return
