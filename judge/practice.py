"""Interactive practice: play a list yourself, ask for hints, see what the strategies would do.

`session` is a pure loop over input lines and an output function, so tests drive it directly;
`python -m judge play` connects it to the terminal.
"""

from __future__ import annotations

import functools
import textwrap
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from judge.analysis.engine import (
    METRICS,
    Matrix,
    best_guess,
    guesses_per_secret,
    match_matrix,
    reply_counts,
)
from judge.analysis.optimal import best_next_guess
from judge.cases import Case
from judge.master import Adversary, FixedSecret, Master, SecretKeeper
from judge.rules import match
from judge.safetext import quoted, safe, shown
from judge.wording import counted

HELP_INTRO = ("type a word of the list to guess it (case and spaces do not matter here; a word "
              "not in the list, or one guessed already, is pointed out first and counts only if "
              "typed again), or:")
HELP_COMMANDS = (
    ("hint", "the best guesses by minimax, entropy and expected size, with how each splits the "
             "words still possible (reply: how many words), and the optimal guess when it is "
             "quick"),
    ("why WORD", "how WORD would split the words still possible, beside the best guesses, and "
                 "how many guesses each guarantees from here"),
    ("words", "the words still possible"),
    ("list", "every word of the list"),
    ("board", "your guesses so far, their replies and the words each left"),
    ("quit", "show the secret and stop, with the review (so do exit, q, give up, Ctrl-D and "
             "Ctrl-C); never spent as a guess"),
    ("help", "this text"))
HELP_END = "when the game ends, a review shows each guess and where it lost ground."
# Within 80 columns, a terminal's usual width; narrower where the terminal is.
HELP_WIDTH = 78
COMMAND_COLUMN = 12


def help_text(width: int = HELP_WIDTH) -> str:
    """The help, filled to `width` (at most HELP_WIDTH), each command's words in a column of
    their own: a help broken line by line at a narrower terminal's edge is hard to read."""
    width = max(min(width, HELP_WIDTH), COMMAND_COLUMN + 20)
    lines = textwrap.wrap(HELP_INTRO, width)
    for command, what in HELP_COMMANDS:
        lines += textwrap.wrap(what, width, initial_indent=f"  {command:<{COMMAND_COLUMN - 2}}",
                               subsequent_indent=" " * COMMAND_COLUMN)
    return "\n".join([*lines, *textwrap.wrap(HELP_END, width)])


HINT_METRICS = ("minimax", "entropy", "expected")
SHOWN_WORDS = 40


@dataclass(frozen=True)
class Step:
    """One guess of the player's, for the review."""

    word: str
    reply: int
    before: tuple[int, ...]  # the words still possible before it
    after: tuple[int, ...]


def secret_text(game: Game) -> str:
    """The secret, at a game's end; an adversary that never had to choose one is not made to
    seem to have had it all along."""
    keeper = game.master.keeper
    if isinstance(keeper, Adversary) and len(keeper.candidates) > 1:
        left = keeper.candidates
        shown = " ".join(left[:8]) + (" ..." if len(left) > 8 else "")
        return (f"the adversary had not chosen a secret: {len(left)} words were still "
                f"possible ({shown})")
    return f"the secret was {game.master.secret()}"


@dataclass
class Game:
    case: Case
    master: Master
    candidates: list[int]
    steps: list[Step] = field(default_factory=list)
    # Worst cases the solver has proven, by group of words: a review asks for many twice.
    proven: dict[tuple[int, ...], WorstCase] = field(default_factory=dict)
    optima: dict[tuple[int, ...], tuple[int, int] | None] = field(default_factory=dict)
    # Each guess's figure in a position, once: the review says what the table said, even
    # where the solver, given time again, would now prove more.
    judged: dict[tuple[tuple[int, ...], int], WorstCase] = field(default_factory=dict)

    @classmethod
    def start(cls, case: Case, adversary: bool) -> Game:
        keeper: SecretKeeper = Adversary(case.words) if adversary else FixedSecret(case.secret)
        master = Master(case.words, keeper, case.allowed_guesses)
        return cls(case, master, list(range(len(case.words))))

    @functools.cached_property
    def matrix(self) -> Matrix:
        return match_matrix(self.case.words)

    def optimum(self, candidates: Sequence[int]) -> tuple[int, int] | None:
        """The optimal next guess and its worst case, searched once per position, so that
        every view of one position says the same."""
        key = tuple(candidates)
        if key not in self.optima:
            self.optima[key] = best_next_guess(self.case.words, list(candidates),
                                               time_limit=SOLVER_SECONDS)
        return self.optima[key]

    def record(self, word: str, reply: int) -> None:
        """Keep the words the reply to `word` leaves possible, and the step for the review."""
        words, before = self.case.words, tuple(self.candidates)
        if reply == len(words[0]):
            self.candidates = [words.index(word)]
        elif reply >= 0:
            self.candidates = [c for c in self.candidates
                               if words[c] != word and match(word, words[c]) == reply]
        self.steps.append(Step(word, reply, before, tuple(self.candidates)))


# Time the exact solver gets for one figure of a hint table or a review: enough for the small
# groups a game soon reaches, short enough for a prompt.
SOLVER_SECONDS = 1.0
LEGEND = ("solves within N: the guess solves within N guesses, counting this one, with the "
          f"best play after it (<=: the optimum not proven in {SOLVER_SECONDS:g} s, the best "
          "strategy's figure)")


OPTIMUM_UNPROVEN = f"  optimal   not found: not proven in {SOLVER_SECONDS:g} s"


@dataclass(frozen=True)
class WorstCase:
    """Guesses that find any word of a group, the next one included: the optimum when the
    solver proved it in time, else the best engine strategy's (an upper bound)."""

    guesses: int
    proven: bool

    def __str__(self) -> str:
        return str(self.guesses) if self.proven else f"<={self.guesses}"

    def said(self) -> str:
        """The one way every view says it."""
        return (f"solves within {self.guesses}, counting this one" if self.proven else
                f"solves within <={self.guesses}, counting this one (the optimum not proven "
                f"in {SOLVER_SECONDS:g} s)")


def guarantee(matrix: Matrix, candidates: Sequence[int]) -> int:
    """Guesses that find any of the candidates, the next one included, by the best of the
    engine's strategies (every metric, any word of the list as a guess)."""
    if len(candidates) <= 1:
        return len(candidates)
    group = np.asarray(candidates)
    return min(int(guesses_per_secret(matrix, metric, "all", group).max())
               for metric in METRICS.values())


def worst_case(game: Game, candidates: Sequence[int], deadline: float) -> WorstCase:
    """The fewest guesses that find any of the candidates, proven where time allows."""
    if len(candidates) <= 1:
        return WorstCase(len(candidates), True)
    key = tuple(candidates)
    if key not in game.proven:
        left = deadline - time.monotonic()
        found = best_next_guess(game.case.words, list(candidates), left) if left > 0 else None
        if found is None:
            return WorstCase(guarantee(game.matrix, candidates), False)
        game.proven[key] = WorstCase(found[1], True)
    return game.proven[key]


def worst_case_with(game: Game, candidates: Sequence[int], guess: int,
                    deadline: float) -> WorstCase:
    """The same when the next guess is `guess`, and the best play follows it; worked out
    once for each position and guess."""
    key = (tuple(candidates), guess)
    if key not in game.judged:
        game.judged[key] = worst_case_after(game, candidates, guess, deadline)
    return game.judged[key]


def worst_case_after(game: Game, candidates: Sequence[int], guess: int,
                     deadline: float) -> WorstCase:
    replies = game.matrix[guess, candidates]
    worst, proven = 0, True
    for reply in np.unique(replies):
        group = [c for c, r in zip(candidates, replies, strict=True) if r == reply]
        after = WorstCase(0, True) if group == [guess] else worst_case(game, group, deadline)
        worst, proven = max(worst, 1 + after.guesses), proven and after.proven
    return WorstCase(worst, proven)


def splits_row(label: str, word: str, counts: Sequence[int], guarantees: WorstCase) -> str:
    cells = "".join(f"{n:>4}" if n else "   ." for n in counts)
    return f"  {label:<9} {word:<8}{cells}   {guarantees}"


def why(game: Game, word: str, label: str = "yours", legend: bool = True) -> list[str]:
    """How `word` would split the words still possible, beside the best guesses."""
    words, matrix = game.case.words, game.matrix
    if word not in words:
        return [f"{shown(word)} is not in the list"]
    candidates = np.array(game.candidates)
    length = len(words[0])
    lines = [f"{counted(len(candidates), 'word')} still possible; words left after each reply:",
             f"  {'':<9} {'guess':<8}" + "".join(f"{r:>4}" for r in range(length + 1))
             + "   solves within"]
    rows = [(label, words.index(word))]
    rows += [(name, best_guess(matrix, candidates, METRICS[name], "all"))
             for name in HINT_METRICS]
    best = game.optimum(game.candidates)
    if best is not None:
        rows.append(("optimal", best[0]))
    for name, index in rows:
        counts = reply_counts(matrix, candidates, np.array([index]))[0].tolist()
        deadline = time.monotonic() + SOLVER_SECONDS
        lines.append(splits_row(name, words[index], counts,
                                worst_case_with(game, game.candidates, index, deadline)))
    if best is None:  # said, as hint says it, rather than a row that is missing unexplained
        lines.append(OPTIMUM_UNPROVEN)
    return [*lines, LEGEND] if legend else lines


def review(game: Game) -> list[str]:
    """Each guess of the game, the words it left, and where it lost ground: a guess loses
    ground when, with the best play after it, its worst case is worse than the best guess's."""
    if not game.steps:
        return ["review: no guess was made"]
    count = len(game.steps)
    lines = [f"review of {count} guess{'es' if count > 1 else ''} (within N: the guess solves "
             "within N guesses, counting this one, with the best play after it; <=: the "
             f"optimum not proven in {SOLVER_SECONDS:g} s):"]
    for number, step in enumerate(game.steps, start=1):
        deadline = time.monotonic() + SOLVER_SECONDS
        best = worst_case(game, step.before, deadline)
        if step.word in game.case.words:
            index = game.case.words.index(step.word)
            with_it = worst_case_with(game, step.before, index, time.monotonic() + SOLVER_SECONDS)
            if with_it.guesses < best.guesses:  # an unproven bound: the guess itself beat it
                best = WorstCase(with_it.guesses, False)
            cost = f"{with_it.said()}; the best guess: within {best}"
            strategy = guarantee(game.matrix, step.before)
            if best.proven and strategy != best.guesses:
                cost += f" (the engine's strategies: {strategy})"
            lost = with_it.guesses - best.guesses
            if lost > 0 and with_it.proven:
                cost += f"; lost {lost} guess{'es' if lost > 1 else ''}"
            elif lost > 0:
                cost += f"; may have lost up to {lost}"
        else:
            cost = "not a word of the list: a guess spent, nothing learned"
        lines.append(f"  {number:>2}. {safe(step.word)[:20]:<8} reply {step.reply:>2}   "
                     f"{len(step.before):>3} -> {words_text(len(step.after)):<9} {cost}")
    return lines


def explained(case: Case, transcript: Sequence[tuple[str, int]]) -> list[str]:
    """A finished game, guess by guess: the words still possible, the guess's split beside
    the best guesses', then the review. For `explain`, on a solution's transcript."""
    game = Game.start(case, adversary=False)
    words, lines = case.words, []
    for number, (word, reply) in enumerate(transcript, start=1):
        lines.append(f"guess {number}: {word} -> {reply}")
        if word in words and len(game.candidates) > 1:
            lines += ["  " + text for text in why(game, word, label="its guess", legend=False)]
        game.record(word, reply)
    return [*lines, LEGEND, *review(game)]


def close_word(words: Sequence[str], typed: str) -> str | None:
    """A word of the list one typo away from what was typed (a letter wrong, missing, extra
    or two swapped), if there is exactly one."""
    def one_typo(a: str, b: str) -> bool:
        if len(a) == len(b):
            diff = [i for i in range(len(a)) if a[i] != b[i]]
            return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                      and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
        short, long_ = sorted((a, b), key=len)
        return len(long_) == len(short) + 1 and any(
            long_[:i] + long_[i + 1:] == short for i in range(len(long_)))

    close = [w for w in words if one_typo(w, typed)]
    return close[0] if len(close) == 1 else None


def words_text(count: int) -> str:
    return counted(count, "word")


def split_text(counts: list[int]) -> str:
    return ", ".join(f"{reply}: {n}" for reply, n in enumerate(counts) if n)


def hints(game: Game) -> list[str]:
    """What each metric would guess next, and how that guess splits the candidates."""
    words, matrix = game.case.words, game.matrix
    candidates = np.array(game.candidates)
    lines = [f"{counted(len(candidates), 'word')} still possible"]
    for name in HINT_METRICS:
        guess = best_guess(matrix, candidates, METRICS[name], "all")
        counts = reply_counts(matrix, candidates, np.array([guess]))[0].tolist()
        possible = "" if guess in game.candidates else " (already ruled out)"
        lines.append(f"  {name:<9} {words[guess]}{possible}  splits as {split_text(counts)}")
    best = game.optimum(game.candidates)
    if best is None:
        lines.append(OPTIMUM_UNPROVEN)
    else:
        guess, worst = best
        lines.append(f"  optimal   {words[guess]}  {WorstCase(worst, True).said()}")
    return lines


def session(game: Game, lines: Iterable[str], say: Callable[[str], None],
            width: int = HELP_WIDTH) -> bool:
    """Play until the secret is found, the player gives up, or the input ends; then review.
    True when the game ends with LeetCode's AC. `width`: the terminal's, for the help."""
    won = play_game(game, lines, say, width)
    for text in review(game):
        say(text)
    return won


QUIT = ("quit", "exit", "q", "give up", ":q")
WORDS_PER_LINE = 8


def columns_text(words: Sequence[str]) -> list[str]:
    return ["  " + "  ".join(words[i:i + WORDS_PER_LINE])
            for i in range(0, len(words), WORDS_PER_LINE)]


def board(game: Game) -> list[str]:
    """Every guess so far, with its reply and the words it left."""
    if not game.steps:
        return ["no guess yet"]
    rows = [f"  {'':>3} {'guess':<8} {'reply':>5}  still possible"]
    for number, step in enumerate(game.steps, 1):
        left = "not a word: nothing learned" if step.reply < 0 else words_text(len(step.after))
        rows.append(f"  {number:>2}. {safe(step.word)[:20]:<8} {step.reply:>5}  {left}")
    return rows


def ruled_out_by(game: Game, word: str) -> str | None:
    """Why a listed word can no longer be the secret: the first guess whose reply it
    contradicts."""
    for number, step in enumerate(game.steps, 1):
        if step.reply >= 0 and step.word != word and match(step.word, word) != step.reply:
            return (f"guess {number} ({step.word}) got {step.reply}, {word} would have got "
                    f"{match(step.word, word)}")
    return None


def play_game(game: Game, lines: Iterable[str], say: Callable[[str], None],
              width: int = HELP_WIDTH) -> bool:
    words = game.case.words
    allowed = game.case.allowed_guesses
    say(f"{counted(len(words), 'word')} of {len(words[0])} letters, {counted(allowed, 'guess')} "
        "allowed; the reply "
        "to a guess is how many letters are in the right place. The words:")
    for text in columns_text(words):
        say(text)
    say("type a word to guess it; hint, why WORD, words, help; quit (exit, q, Ctrl-D) ends "
        "the game")
    typo = ""  # a word typed once that is close to a listed one: typed again, it is guessed
    repeat = ""  # a word guessed before, typed once more: typed again, it is guessed again
    for raw in lines:
        # Practice forgives what LeetCode would not: case and spaces are not part of a guess.
        line = " ".join(raw.split()).lower()
        if not line:
            continue
        if line == "help":
            say(help_text(width))
        elif line == "hint":
            for text in hints(game):
                say(text)
        elif line.startswith("why ") or line == "why":
            for text in why(game, line[4:].strip()) if line != "why" else ["why WORD"]:
                say(safe(text, limit=2000))
        elif line in ("words", "list", "board"):
            if line == "board":
                for text in board(game):
                    say(text)
                continue
            shown = game.candidates if line == "words" else range(len(words))
            for text in columns_text([words[i] for i in shown]):
                say(text)
        elif line in QUIT:
            say(secret_text(game))
            return False
        else:
            earlier = next((n for n, step in enumerate(game.steps, 1) if step.word == line), 0)
            # A word outside the list (a typo, a command mistyped) is said once, not counted:
            # typed again, or once spent already, it is guessed, and LeetCode's Master answers
            # it -1.
            if line not in words and line != typo and not earlier:
                typo = line
                suggestion = close_word(words, line)
                meant = f": did you mean {suggestion}?" if suggestion is not None else ""
                say(f"{quoted(line)} is not in the list{meant} (not counted; type {safe(line)} "
                    "again to spend a guess on it as it is)")
                continue
            if earlier and line in words and line != repeat:
                repeat = line
                say(f"you guessed {safe(line)} already (guess {earlier}, reply "
                    f"{game.steps[earlier - 1].reply}): not counted; type it again to spend a "
                    "guess on it anyway")
                continue
            typo = repeat = ""
            ruled_out = ruled_out_by(game, line) if line in words else None
            reply = game.master.guess(line)
            game.record(line, reply)
            used = f"guess {game.master.calls}/{allowed}"
            if reply < 0:
                say(f"{used}: {quoted(line)} is not in the list: reply -1, and the guess counts")
            elif reply == len(line):
                verdict, text = game.master.verdict()
                found = counted(game.master.calls, "guess")
                say(f"{used}: {line}, reply {reply}: found in {found}. {verdict}: {text}")
                return verdict == "AC"
            else:
                say(f"{used}: {line}, reply {reply} (letters in the right place): "
                    f"{words_text(len(game.candidates))} still possible")
                if ruled_out:
                    say(f"  note: {line} could not be the secret ({ruled_out})")
            for text in board(game):
                say(text)
            if game.master.calls >= allowed:
                verdict, text = game.master.verdict()
                say(f"no guesses left: {secret_text(game)}. {verdict}: {text}")
                return False
    say(secret_text(game))
    return False
