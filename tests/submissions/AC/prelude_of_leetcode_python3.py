# Names from every module of LeetCode's Python 3 prelude, used with no import at all.
class Solution:
    def findSecretWord(self, words: List[str], master: 'Master') -> None:
        shuffle(copy.copy(words))                                    # random, copy
        assert choice(words) in words and deepcopy(words) == words   # random, copy
        assert mean([1, 2, 3]) == 2 and statistics.median([1, 3]) == 2
        assert date(2020, 1, 1) + timedelta(days=1) == datetime.date(2020, 1, 2)
        assert loads(dumps({"a": 1})) == {"a": 1} and json.dumps([]) == "[]"
        assert StringIO("x").read() == "x" and isinstance(io.BytesIO(), IOBase)
        assert len(ascii_lowercase) == 26 and findall("a", "aa") == ["a", "a"]
        assert maxsize == sys.maxsize and itemgetter(0)("ab") == "a"
        assert sub(3, 1) == 2 and reduce(add, [1, 2]) == 3     # operator's sub, not re's
        assert len(list(permutations("ab"))) == 2 and bisect_left([1, 2], 2) == 1
        heap: List[int] = []
        heappush(heap, 1)
        assert Counter("aa")["a"] == 2 and sqrt(4) == 2 and os.sep == "/"
        assert gcd(4, 6) == 2 and pow(2, 3, 5) == 3 and isinstance(re, type(os))
        for word in words:
            if master.guess(word) == 6:
                return
