# Honest and plain: guess the first word consistent with every reply.
class Solution:
    def findSecretWord(self, words: List[str], master: "Master") -> None:
        candidates = words
        while candidates:
            guess = candidates[0]
            reply = master.guess(guess)
            if reply == 6:
                return
            candidates = [w for w in candidates if sum(map(str.__eq__, w, guess)) == reply]
