"""A P8079 match's figures, JSON and text table, on rounds whose figures are worked by hand."""

from __future__ import annotations

from html.parser import HTMLParser

from judge.wc2022.board import (
    MOST_ROUNDS_SHOWN,
    found_guesses,
    match_page,
    match_table,
    points_per_round,
)
from judge.wc2022.game import Match, Round
from judge.wc2022.rules import final_score

GOLD5 = (2, 2, 2, 2, 2)


def rounds() -> list[Round]:
    """Found in 1 and 3 guesses (150 and 100 points), one out of guesses, one timed out."""
    return [Round(1, "crane", [("crane", GOLD5)], 150, "found"),
            Round(2, "slate", [("crane", (0, 0, 2, 0, 2)), ("plate", (0, 2, 2, 2, 2)),
                               ("slate", GOLD5)], 100, "found"),
            Round(3, "moist", [("crane", (0, 0, 0, 0, 0))] * 5, 0, "out of guesses"),
            Round(4, "pious", [], 0, "time limit", "more than 1 s of CPU time")]


def test_a_matchs_summary_counts_points_and_each_way_a_round_ended() -> None:
    match = Match("dir/player.py", "words.txt", rounds(), seconds=1.23456, cpu_seconds=0.98765)
    assert match.total == 250 and match.score == 62.5
    assert match.summary() == {
        "solution": "dir/player.py", "dictionary": "words.txt", "rounds": 4,
        "total_points": 250, "score": 62.5, "seconds": 1.235, "cpu_seconds": 0.988,
        "outcomes": {"1": 1, "3": 1, "out of guesses": 1, "time limit": 1}}


def test_the_score_is_capped_at_a_hundred_and_zero_without_rounds() -> None:
    assert final_score(300, 2) == 100.0 and final_score(199, 2) == 99.5
    assert final_score(0, 0) == 0.0
    assert Match("p.py", "w.txt", [], 0.0).summary()["score"] == 0.0
    assert points_per_round(Match("p.py", "w.txt", [], 0.0)) == 0.0


def test_a_round_in_json_keeps_its_guesses_and_what_ended_it() -> None:
    assert rounds()[1].to_json() == {
        "round": 2, "answer": "slate", "points": 100, "ended": "found", "detail": "",
        "guesses": [["crane", [0, 0, 2, 0, 2]], ["plate", [0, 2, 2, 2, 2]],
                    ["slate", [2, 2, 2, 2, 2]]]}
    assert rounds()[3].to_json()["detail"] == "more than 1 s of CPU time"


def test_the_text_table_shows_raw_points_the_score_and_the_guesses_of_rounds_found() -> None:
    match = Match("dir/player.py", "words.txt", rounds(), seconds=12.34, cpu_seconds=5.67)
    nothing = Match("none.py", "words.txt", rounds()[2:], seconds=1.0, cpu_seconds=0.5)
    assert found_guesses(match) == [1, 3] and points_per_round(match) == 62.5
    assert match_table([match, nothing]).splitlines() == [
        "solution               points/round  score  mean lost     CPU    wall  guesses used",
        "player.py                     62.50  62.50 2.000    2    5.7s   12.3s  1:1 3:1",
        "none.py                        0.00   0.00     -    2    0.5s    1.0s  "]


class PageText(HTMLParser):
    """The page's table rows, the lost rounds (summary, steps, detail), its paragraphs and
    its bars, as text."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.rounds: list[tuple[str, list[str], str]] = []
        self.paragraphs: list[str] = []
        self.headings: list[str] = []
        self.bars: list[tuple[str, str, str]] = []
        self._text: list[str] | None = None
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag == "details":
            self.rounds.append(("", [], ""))
        elif tag == "rect":
            found = dict(attrs)
            self.bars.append((str(found["data-solution"]), str(found["data-guesses"]),
                              str(found["data-count"])))
        if tag in ("td", "th", "summary", "li", "pre", "p", "h3"):
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._text is None or tag not in ("td", "th", "summary", "li", "pre", "p", "h3"):
            return
        text, self._text = "".join(self._text), None
        if tag in ("td", "th"):
            self.rows[-1].append(text)
        elif tag == "p":
            self.paragraphs.append(text)
        elif tag == "h3":
            self.headings.append(text)
        else:
            summary, steps, detail = self.rounds[-1]
            self.rounds[-1] = ((text, steps, detail) if tag == "summary" else
                               (summary, [*steps, text], detail) if tag == "li" else
                               (summary, steps, text))


def test_the_page_shows_each_solutions_points_and_its_lost_rounds_with_their_feedback() -> None:
    match = Match("dir/<b>player.py", "words.txt", rounds(), seconds=12.34, cpu_seconds=5.67)
    perfect = Match("perfect.py", "words.txt", rounds()[:2], seconds=1.0, cpu_seconds=0.25)
    text = PageText(match_page([match, perfect], "P8079 on words.txt", 77))
    assert text.rows == [
        ["solution", "points/round", "score", "mean guesses", "lost", "CPU", "wall"],
        ["<b>player.py", "62.50", "62.50", "2.000", "2", "5.7 s", "12.3 s"],
        ["perfect.py", "125.00", "100.00", "2.000", "0", "0.2 s", "1.0 s"]]
    assert text.rounds == [
        ("round 3: out of guesses (answer moist)", ["crane ....."] * 5, ""),
        ("round 4: time limit (answer pious)", [], "more than 1 s of CPU time")]
    assert "answers drawn with --answer-seed 77" in text.paragraphs
    assert "feedback: G gold, S silver, . neither" in text.paragraphs
    assert text.headings == ["<b>player.py: 2 lost"]
    assert "perfect.py: every round found." in text.paragraphs
    assert sorted(text.bars) == [("<b>player.py", "1", "1"), ("<b>player.py", "3", "1"),
                                 ("perfect.py", "1", "1"), ("perfect.py", "3", "1")]


def test_a_lost_rounds_steps_mark_gold_silver_and_neither() -> None:
    played = Round(9, "slate", [("least", (1, 1, 2, 1, 1)), ("stale", (2, 2, 2, 1, 1)),
                                ("<x>", ())], 0, "not a word", "<x>")
    text = PageText(match_page([Match("p.py", "w.txt", [played], 1.0)], "t", 1))
    assert text.rounds == [("round 9: not a word (answer slate)", ["least SSGSS", "stale GGGSS",
                                                                  "<x> "], "<x>")]
    assert text.rows[1][3] == "-"  # no round found: no mean


def test_the_page_shows_at_most_its_share_of_lost_rounds_and_counts_the_rest() -> None:
    lost = [Round(n, "crane", [], 0, "raised", "E") for n in range(1, MOST_ROUNDS_SHOWN + 2)]
    text = PageText(match_page([Match("p.py", "w.txt", lost, 1.0)], "t", 1))
    assert len(text.rounds) == MOST_ROUNDS_SHOWN
    assert text.rounds[-1][0] == f"round {MOST_ROUNDS_SHOWN}: raised (answer crane)"
    assert "... and 1 more (the JSON report has them all)" in text.paragraphs
    exactly = PageText(match_page([Match("p.py", "w.txt", lost[:MOST_ROUNDS_SHOWN], 1.0)], "t", 1))
    assert not [p for p in exactly.paragraphs if "more" in p]


class AllText(HTMLParser):
    """The page's title, and every piece of text in its body, in order, stripped: what a
    reader sees."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.title, self.texts = "", []
        self._tag, self._in_head = "", False
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag, self._in_head = tag, self._in_head or tag == "head"

    def handle_endtag(self, tag: str) -> None:
        self._in_head = self._in_head and tag != "head"

    def handle_data(self, data: str) -> None:
        if self._in_head:
            self.title += data if self._tag == "title" else ""
        elif data.strip():
            self.texts.append(data.strip())


def test_the_page_reads_in_order_as_a_reader_sees_it() -> None:
    found = Round(1, "crane", [("crane", GOLD5)], 150, "found")
    lost = Round(2, "slate", [("crane", (0, 0, 2, 0, 2)), ("plate", (0, 2, 2, 2, 2))], 0,
                 "out of guesses")
    again = Round(3, "cloud", [], 0, "time limit")
    text = AllText(match_page([Match("p.py", "w.txt", [found, lost, again], 2.0, 1.0)],
                              "P8079 on w.txt", 3))
    assert text.title == "P8079 on w.txt"
    assert text.texts == [
        "P8079 on w.txt",
        "answers drawn with --answer-seed 3", "feedback: G gold, S silver, . neither",
        "Points", "solution", "points/round", "score", "mean guesses", "lost", "CPU", "wall",
        "p.py", "50.00", "50.00", "1.000", "2", "1.0 s", "2.0 s",
        "Guesses per round found", "0", "1", "1", "p.py: 1 round in 1 guess", "rounds",
        "guesses", "p.py",
        "Rounds lost", "p.py: 2 lost", "round 2: out of guesses (answer slate)", "crane ..G.G",
        "plate .GGGG", "round 3: time limit (answer cloud)"]
    assert "<pre>" not in match_page([Match("p.py", "w.txt", [lost], 2.0)], "t", 3)


def test_the_summary_rounds_the_score_to_three_places() -> None:
    match = Match("p.py", "w.txt", rounds()[:2] + rounds()[3:], 1.0)
    assert match.score == 250 / 3 and match.summary()["score"] == 83.333
