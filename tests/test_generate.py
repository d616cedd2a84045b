from __future__ import annotations

import filecmp
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cases import load_cases
from judge.fairness import judge_fairness
from judge.generate import english_words, generate


@pytest.mark.parametrize("kind", ["random", "english", "hard"])
def test_same_seed_same_files(tmp_path: Path, kind: str) -> None:
    for run in ("a", "b"):
        assert main(["generate", kind, "--count", "3", "--words", "60", "--list-seed", "5",
                     "--out", str(tmp_path / run)]) == 0
    comparison = filecmp.dircmp(tmp_path / "a", tmp_path / "b")
    assert len(comparison.same_files) == 3 and not comparison.diff_files
    cases = load_cases([tmp_path / "a"])  # strict LeetCode validation
    assert all(len(c.words) == 60 and c.note for c in cases)


def test_other_seeds_other_lists() -> None:
    assert generate("random", 1, 50, 1, 10)[0].words != generate("random", 1, 50, 2, 10)[0].words


def test_hard_cases_are_checked_fair() -> None:
    for case in generate("hard", 4, 100, 11, 10):
        assert judge_fairness(case).verdict == "fair"
        assert "fair: worst case" in case.note


def test_english_words_are_real_lowercase_words() -> None:
    words = english_words()
    assert len(words) > 5000 and all(w.isalpha() and w.islower() and len(w) == 6 for w in words)
    assert {"banana", "cherry", "guitar"} <= set(words)
    copyright_notice = Path(__file__).parent.parent / "judge" / "data" / "SCOWL-COPYRIGHT.txt"
    assert "Kevin Atkinson" in copyright_notice.read_text()
    for case in generate("english", 2, 100, 3, 10):
        assert set(case.words) <= set(words)


def test_bad_generator_arguments(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["generate", "random", "--words", "101", "--out", str(tmp_path)]) == 2
    assert main(["generate", "random", "--allowed", "5", "--out", str(tmp_path)]) == 2
    assert main(["generate", "weird", "--out", str(tmp_path)]) == 2
    assert "--words must be" in capsys.readouterr().err


def test_what_generate_says_counts_right_and_escapes_the_folder(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "\x1b[31mred"
    assert main(["generate", "random", "--count", "1", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"1 random case written to {tmp_path}/\\x1b[31mred\n"
    assert main(["generate", "random", "--count", "2", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("2 random cases written to ")
