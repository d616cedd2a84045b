# A P8079 player that weighs the points table itself, where seed 004 (entropy.py) maximises
# entropy. Not a port: its own algorithm, with NumPy.
#
# Every guess maximises the points it expects: 150, 120, 100, 90 or 85 if it is the answer,
# plus, for each reply it may get, an estimate of what the answers left behind that reply
# will score. A group of s answers entering guess t is worth one answer found at t and the
# other s - 1 at t + 1, except a share that slips one guess further. Two answers never slip
# (guess one; the other is found next), and the share grows with s towards one half:
#     worth(t, s) = points[t] + (s - 1) * (points[t+1] - (points[t+1] - points[t+2]) * slip(s))
#     slip(s) = SLIP * (s - 2) / (s - 2 + SLIP_SIZE)
# On the last guess only a word that may be the answer scores, so it is always one of them.
# SLIP and SLIP_SIZE are round figures, not fitted: the plans' points barely move with them
# (SLIP 0.4, 0.5 or 0.6: 100.309 a round on the contest dictionary each). Letting a pair slip
# too, as a first version did, cost 0.09 there and 0.05 on the English list.
#
# The first time a round starts with an initial letter, the player plans that letter's whole
# game: for each of the OPENINGS best-scoring first guesses it follows the rule above to the
# end of every answer's round, adds up the points each plan scores over all of the letter's
# words, and keeps the plan that scores most. Later rounds with that letter read the plan.
# Planning the contest dictionary's largest letter (1,041 answers) takes about 3 s of CPU.
#
# This scores more than the seed because the points table is not the entropy: the jump from
# 3 guesses to 2 (20 points) is worth twice the jump from 4 to 3, and a group that will
# surely be found next guess gains nothing from being split further.
import numpy as np

POINTS = (0, 150, 120, 100, 90, 85, 0, 0)  # by guess number; 0 past the fifth guess
LAST_GUESS = 5
PATTERNS = 243
ALL_GOLD = 242
OPENINGS = 3  # first guesses whose whole plans are scored
SLIP, SLIP_SIZE = 0.5, 3.0
ROWS = 2048  # rows of the pattern matrix computed at a time, to bound the memory used

word = []
letters = None  # letters[i, k]: letter k of word i
plans = {}  # initial letter -> the plan's root node
state = {"node": None}


def init(num_scramble, scramble):
    global letters
    word[:] = [scramble[i * 5:i * 5 + 5] for i in range(num_scramble)]
    letters = np.frombuffer(scramble[:num_scramble * 5].encode(), dtype=np.uint8)
    letters = letters.reshape(num_scramble, 5)


def patterns_against(targets):
    """patterns[s, t]: the base-3 gold/silver value of word s against word targets[t]."""
    t = letters[targets]
    result = np.empty((len(word), len(targets)), dtype=np.uint8)
    for start in range(0, len(word), ROWS):
        s = letters[start:start + ROWS]
        gold = s[:, None, :] == t[None, :, :]
        value = np.zeros(gold.shape[:2], dtype=np.uint8)
        for i in range(5):
            silver = np.zeros(gold.shape[:2], dtype=bool)
            for j in range(5):
                silver |= ~gold[:, :, j] & (s[:, None, i] == t[None, :, j])
            value = value * 3 + np.where(gold[:, :, i], 2, np.where(silver, 1, 0)).astype(np.uint8)
        result[start:start + ROWS] = value
    return result


def worth_table(size_limit):
    """worth[t, s]: the estimated points of s answers entering guess t (see the header)."""
    sizes = np.arange(size_limit + 1, dtype=float)
    others = np.maximum(sizes - 1, 0)
    beyond_a_pair = np.maximum(sizes - 2, 0)
    slip = SLIP * beyond_a_pair / (beyond_a_pair + SLIP_SIZE)
    worth = np.zeros((len(POINTS), size_limit + 1))
    for t in range(1, LAST_GUESS + 1):
        now, next_, later = POINTS[t], POINTS[t + 1], POINTS[t + 2]
        worth[t] = np.where(sizes >= 1, now + others * (next_ - (next_ - later) * slip), 0)
    return worth


class Letter:
    """One initial letter's answers, the patterns of every word against them, and the plan."""

    def __init__(self, initial_letter):
        self.answers = np.array([i for i, w in enumerate(word) if w[0] == initial_letter],
                                dtype=np.int64)
        self.patterns = patterns_against(self.answers)
        self.worth = worth_table(len(self.answers))

    def scores(self, columns, t):
        """The expected points of every word as guess t when `columns` are the answers left."""
        n = len(word)
        block = self.patterns[:, columns]
        offsets = (np.arange(n, dtype=np.int64) * PATTERNS)[:, None]
        counts = np.bincount((block + offsets).ravel(), minlength=n * PATTERNS)
        counts = counts.reshape(n, PATTERNS)
        found_now = counts[:, ALL_GOLD].copy()
        counts[:, ALL_GOLD] = 0
        return found_now * POINTS[t] + self.worth[t + 1][counts].sum(axis=1)

    def choose(self, columns, t):
        if len(columns) <= 2:
            return int(self.answers[columns[0]])  # it scores now or the other one next
        return int(np.argmax(self.scores(columns, t)))

    def plan(self, columns, t, first=None):
        """(node, points): the rule's guesses from guess t on, and what they score in total.
        A node is (guess, {pattern: node}); a pattern missing from it cannot be received."""
        if t == LAST_GUESS or len(columns) == 1:
            return (int(self.answers[columns[0]]), {}), POINTS[t]  # only an answer can score
        guess = self.choose(columns, t) if first is None else first
        row = self.patterns[guess, columns]
        children, total = {}, 0
        for pattern in np.unique(row).tolist():
            if pattern == ALL_GOLD:
                total += POINTS[t]
                continue
            children[pattern], points = self.plan(columns[row == pattern], t + 1)
            total += points
        return (guess, children), total

    def best_plan(self):
        """(node, points) of the opening whose plan scores most over the letter's answers."""
        everything = np.arange(len(self.answers))
        openings = np.argsort(-self.scores(everything, 1), kind="stable")[:OPENINGS]
        plans = [self.plan(everything, 1, int(g)) for g in openings.tolist()]
        return max(plans, key=lambda plan: plan[1])


def pattern_of(gold, silver):
    code = 0
    for g, s in zip(gold, silver):
        code = code * 3 + (2 if g else 1 if s else 0)
    return code


def guess(num_testcase, remaining_guesses, initial_letter, gold, silver):
    if remaining_guesses == 5:
        if initial_letter not in plans:
            plans[initial_letter] = Letter(initial_letter).best_plan()[0]
        state["node"] = plans[initial_letter]
    else:
        guessed, children = state["node"]
        # A reply the plan cannot receive (impossible with the official feedback) repeats
        # the last guess rather than raising: a lost round, not a crashed match.
        state["node"] = children.get(pattern_of(gold, silver), (guessed, {}))
    return word[state["node"][0]]
