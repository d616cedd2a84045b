# An accepted LeetCode submission style: numpy and sortedcontainers, which LeetCode's Python 3
# provides, imported as usual.
import numpy as np
from sortedcontainers import SortedList


class Solution:
    def findSecretWord(self, words: List[str], master: 'Master') -> None:
        letters = np.array([[ord(c) for c in w] for w in words])
        candidates = SortedList(range(len(words)))
        while candidates:
            index = candidates[0]
            reply = master.guess(words[index])
            if reply == 6:
                return
            same = (letters == letters[index]).sum(axis=1)
            candidates = SortedList(i for i in candidates if same[i] == reply and i != index)
