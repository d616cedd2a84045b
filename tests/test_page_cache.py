"""The page cache as a channel: a case marks its secret by reading chosen pages of a large
system file, and a later case, run or submission asks which pages are cached. In the sandbox
the worker runs as a user that owns nothing, so mincore() calls every page cached, and the
system-call filter refuses reads with RWF_NOWAIT; a cheat that tries both learns nothing and
plays as its honest twin. Without the sandbox the same cheat learns: the control."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.grading import grade
from judge.run.limits import Limits
from judge.run.session import IsolatedRunner

from .conftest import BOTH_MODES, toolchain_marks
from .test_integrity import CHEATS, every_secret_of_one_list, learned_words

# Seconds a test (workers, compilers, searches): `make quick` leaves this module out.
pytestmark = pytest.mark.slow

FOLDER = Path("/usr/lib/x86_64-linux-gnu")
LANGUAGES = [pytest.param("py", id="python"),
             pytest.param("cpp", id="cpp", marks=toolchain_marks("cpp")),
             pytest.param("js", id="javascript", marks=toolchain_marks("javascript"))]


def marked_file() -> Path:
    """The file the cheats mark: the largest in FOLDER, as they choose it."""
    files = [p for p in sorted(FOLDER.iterdir()) if p.is_file()]
    return max(files, key=lambda p: p.stat().st_size)


def forget_the_marks() -> None:
    with open(marked_file(), "rb") as f:
        os.posix_fadvise(f.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


@pytest.mark.skipif(not FOLDER.is_dir(), reason=f"{FOLDER} is missing: not a Debian x86_64")
@pytest.mark.parametrize("sandbox", BOTH_MODES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_marks_in_the_page_cache_carry_nothing_between_cases(language: str,
                                                             sandbox: bool) -> None:
    cases = every_secret_of_one_list()[:6]
    if not sandbox:
        forget_the_marks()  # marks left by an earlier run would make the control pass alone
    cheat = CHEATS / f"marks_the_page_cache.{language}"
    report = grade(IsolatedRunner(cheat, Limits(), sandbox=sandbox), "page-cache", cases,
                   order_seed=4)
    learned = [learned_words(r) for r in report.results]
    if not sandbox:
        # (Its verdicts are its own affair: the unscored warm-up game marks a word too.)
        assert any(learned), "the control: without the sandbox, the marks are read"
        return
    assert [r.verdict for r in report.results] == ["AC"] * len(cases), [
        (r.verdict, r.message, r.detail[-300:]) for r in report.results]
    assert not any(learned), learned
    for case, result in zip(cases, report.results, strict=True):
        assert len(result.transcript) == case.words.index(case.secret) + 1
