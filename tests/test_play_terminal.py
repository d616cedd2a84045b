"""`play` in a real terminal (a pty, driven by pexpect), as a candidate plays it."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

from judge.cases import Case

pexpect = pytest.importorskip("pexpect", reason="make test installs pexpect")
ROOT = Path(__file__).resolve().parent.parent
CASE = Case("p", "ccbazz", ("acckzz", "ccbazz", "eiowzz", "abcczz"), 10)
SECONDS = 120  # a prompt answers in well under a second here


def terminal(tmp_path: Path, colour: bool = False,
             columns: int = 120) -> tuple[object, io.StringIO]:
    """`play` on the case, in a terminal that shows only what the program prints (the
    terminal's own echo of the keys is off, so typed text reaches the screen only through
    the program)."""
    path = tmp_path / "case.json"
    path.write_text(json.dumps([CASE.to_json()]))
    screen = io.StringIO()
    # (pytest-xdist's workers have COLUMNS=80, which would stand for the terminal's width)
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "TERM", "COLUMNS", "LINES")}
    env.update({"TERM": "xterm-256color"} if colour else {"NO_COLOR": "1", "TERM": "dumb"})
    child = pexpect.spawn(sys.executable, ["-m", "judge", "play", "--cases", str(path)],
                          cwd=str(ROOT), encoding="utf-8", timeout=SECONDS, echo=False,
                          dimensions=(40, columns), env=env)
    child.logfile_read = screen
    return child, screen


def test_a_game_on_the_board_ends_with_exit_and_its_review(tmp_path: Path) -> None:
    child, screen = terminal(tmp_path)
    child.expect("The words:")
    child.expect("acckzz  ccbazz  eiowzz  abcczz")
    child.expect("guess> ")
    child.sendline("acckzz")
    child.expect("guess 1/10: acckzz, reply 3")
    child.expect(r"1\. acckzz +3  1 word")  # the board
    child.sendline("acckzz")
    child.expect("you guessed acckzz already")
    # Escapes and a bidi override typed: not a word, so said once, then a guess spent as on
    # LeetCode.
    child.sendline("\x1b[2J\x1b]0;owned\x07zz\u202e")
    child.expect(r"is not in the list \(not counted;\s+type ")
    child.sendline("\x1b[2J\x1b]0;owned\x07zz\u202e")
    child.expect("guess 2/10: .* is not in the list: reply -1")
    child.sendline("exit")
    child.expect("the secret was ccbazz")
    child.expect("review of 2 guesses ")  # exit spent none
    child.expect(pexpect.EOF)
    child.close()
    shown = screen.getvalue()  # a dumb terminal: no escape at all may reach the screen
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown
    assert "guess 3/10" not in shown
    assert child.exitstatus == 1


def test_ctrl_d_ends_the_game_with_its_review(tmp_path: Path) -> None:
    child, _ = terminal(tmp_path)
    child.expect("guess> ")
    child.sendline("eiowzz")
    child.expect("guess> ")
    child.sendeof()
    child.expect("the secret was ccbazz")
    child.expect(r"1\. eiowzz +reply  2 +4 -> 3 words")
    child.expect(pexpect.EOF)


def test_a_terminal_gets_colour(tmp_path: Path) -> None:
    child, screen = terminal(tmp_path, colour=True)
    child.expect("guess> ")
    child.sendline("acckzz")
    child.expect("guess> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "\x1b[" in screen.getvalue()


def test_a_narrow_terminal_gets_lines_broken_between_words(tmp_path: Path) -> None:
    child, screen = terminal(tmp_path, columns=50)
    child.expect("guess> ")
    child.sendline("help")
    child.expect("guess> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    lines = screen.getvalue().replace("guess> ", "").splitlines()
    assert max(map(len, lines)) <= 50, lines
    # The opening line, too long for 50 columns, ends its first part at a word's end, and
    # what follows is indented: the terminal would have cut "right" or "place" in two.
    opening = next(i for i, line in enumerate(lines) if line.startswith("4 words of 6 letters"))
    assert lines[opening + 1].startswith("  ") and not lines[opening].endswith(" ")
    said = " ".join(line.strip() for line in lines[opening:opening + 3])
    assert "the reply to a guess is how many letters are in the right place." in said
    # The help is filled to the terminal, each command's words in their column.
    board = lines.index("  board     your guesses so far, their replies and")
    assert lines[board + 1] == " " * 12 + "the words each left"
