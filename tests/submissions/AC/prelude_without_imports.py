# Pasted from LeetCode: uses List, Optional, Counter, defaultdict, deque, heapq, bisect, math,
# itertools, functools and random with no import, as LeetCode's environment allows.
class Solution:
    def findSecretWord(self, words: List[str], master: Master) -> Optional[None]:
        order: Deque[str] = deque(sorted(words, key=cmp_to_key(lambda a, b: (a > b) - (a < b))))
        letters = Counter(chain.from_iterable(words))
        seen = defaultdict(int)
        heap: List[Tuple[int, str]] = []
        for w in order:
            heappush(heap, (-sum(letters[c] for c in w), w))
        assert bisect_left([1, 2, 3], 2) == 1 and floor(math.pi) == 3 and inf > 0
        random.random()
        candidates = [heappop(heap)[1] for _ in range(len(heap))]
        while candidates:
            guess = candidates[0]
            seen[guess] += 1
            reply = master.guess(guess)
            if reply == 6:
                return
            candidates = [w for w in candidates if sum(map(operator.eq, w, guess)) == reply]
