"""The documentation cannot go stale: every shell block of README.md and docs/ is run, its exit
status checked and its output compared where the page shows one (times masked); every flag the
pages name exists; the command-line reference is the parsers' own text."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from judge.cli.options import DEPRECATED, VOCABULARY

from .conftest import load_script

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELL = ("sh", "console", "bash", "shell")
NOT_RUN = re.compile(r"<!-- not run: (.+?) -->")
# A block the page's later commands read, written into the page's folder where it stands.
FILE = re.compile(r"<!-- file: ([\w.-]+) -->")
SECONDS = 600  # the slowest block grades every shipped case: about 20 s here


@dataclass
class Block:
    page: Path
    line: int
    language: str
    text: str
    not_run: str | None
    file: str | None = None

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks() -> list[Block]:
    found = []
    for page in PAGES:
        lines = page.read_text().splitlines()
        i = 0
        while i < len(lines):
            fence = re.match(r"^```(\w*)", lines[i])
            if fence:
                end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
                marker = NOT_RUN.search(lines[i - 1]) if i else None
                file = FILE.search(lines[i - 1]) if i else None
                found.append(Block(page, i + 1, fence[1], "\n".join(lines[i + 1:end]),
                                   marker[1] if marker else None, file[1] if file else None))
                i = end
            i += 1
    return found


SHELL_BLOCKS = [b for b in blocks() if b.language in SHELL]
FILE_BLOCKS = [b for b in blocks() if b.file is not None]


def commands(block: Block) -> list[tuple[str, list[str] | None]]:
    """Each command of the block, and the output the page shows for it (None: not shown)."""
    lines = block.text.replace("\\\n", " ").splitlines()
    if block.language != "console":
        return [(line.split("  #")[0].strip(), None) for line in lines
                if line.strip() and not line.lstrip().startswith("#")]
    found: list[tuple[str, list[str] | None]] = []
    for line in lines:
        if line.startswith("$ "):
            found.append((line[2:], []))
        else:
            shown = found[-1][1]
            assert shown is not None
            shown.append(line)
    return found


def masked(line: str) -> str:
    """Times change from run to run; what they time does not. Nor does the seed a run drew,
    which the replay commands, the order line and explain name."""
    line = re.sub(r" *\b\d+(\.\d+)? ?(ms|s)\b", " <time>", line.rstrip())
    if line.startswith(("replay", "cases played", "random numbers")):
        line = re.sub(r"--seed \d+", "--seed <seed>", line)
    return re.sub(r"\d{4}-\d\d-\d\dT[\d:+]+", "<date>", line)


def matches(shown: list[str], printed: str) -> bool:
    """The printed output is the page's, line for line; a line `...` stands for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(masked(line)) + r"\n"
                      for line in shown)
    text = "".join(masked(line) + "\n" for line in printed.splitlines())
    return re.fullmatch(pattern, text) is not None


@pytest.fixture
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder like the project's, as a reader's would be: the cases, the solutions and the
    test submissions in reach, `python` and `.venv/bin/python` the judge's interpreter."""
    here = tmp_path_factory.mktemp("reader")
    for name in ("cases", "solutions", "tests"):
        (here / name).symlink_to(ROOT / name)
    # Scripts, not links: a link to a venv's interpreter would leave the venv behind.
    for folder in (here / ".venv" / "bin", here / "bin"):
        folder.mkdir(parents=True)
        (folder / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
        (folder / "python").chmod(0o755)
    return here


# A page is read from the top: a block may use what an earlier one made (my_solution.py), so
# each page's blocks run in order in one folder of their own, a page a test.
PAGES_WITH_SHELL = sorted({b.page for b in SHELL_BLOCKS})


def run_in_order(page: Path) -> list[Block]:
    """The page's blocks that run or are written, in the page's order."""
    return sorted((b for b in [*SHELL_BLOCKS, *FILE_BLOCKS] if b.page == page
                   and b.not_run is None), key=lambda b: b.line)


@pytest.mark.slow
@pytest.mark.parametrize("page", PAGES_WITH_SHELL, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shell_block_runs_as_the_page_says(page: Path, workspace: Path) -> None:
    env = {**os.environ, "PATH": f"{workspace / 'bin'}:{os.environ['PATH']}",
           "PYTHONPATH": str(ROOT), "NO_COLOR": "1", "TERM": "dumb"}
    for block in run_in_order(page):
        if block.file is not None:
            (workspace / block.file).write_text(block.text + "\n")
            continue
        for command, shown in commands(block):
            assert not command.startswith("make "), \
                f"{block.name}: `{command}` runs make: mark the block <!-- not run: why -->"
            done = subprocess.run(["bash", "-c", command], cwd=workspace, env=env, text=True,
                                  capture_output=True, timeout=SECONDS,
                                  stdin=subprocess.DEVNULL)
            # 1 is a verdict (a case not accepted); 2 would be a usage error in the page.
            assert done.returncode in (0, 1), \
                f"{block.name}: `{command}`: {done.stderr[-2000:]}"
            if shown:
                assert matches(shown, done.stdout), \
                    f"{block.name}: `{command}` printed:\n{done.stdout}"


def test_a_file_block_is_written_where_it_stands() -> None:
    (candidate,) = [b for b in FILE_BLOCKS if b.file == "candidate.py"]
    later = [b for b in run_in_order(candidate.page) if b.line > candidate.line]
    assert candidate.language == "python" and "candidate.py" in later[0].text


def test_the_blocks_not_run_say_why() -> None:
    skipped = [b for b in SHELL_BLOCKS if b.not_run is not None]
    assert all(len(b.not_run or "") > 20 for b in skipped)
    assert len(skipped) < len(SHELL_BLOCKS) / 2  # most blocks run


EXTERNAL_FLAGS = {"--help", "--version", "--no-sandbox", "--strict-markers", "--dist",
                  "--fail-under", "--cap-drop", "--unshare-all", "--die-with-parent",
                  "--new-session", "--ro-bind", "--seccomp", "--size", "--fsize", "--as",
                  "--no-first-run", "--headless", "--dump-dom", "--screenshot",
                  "--window-size", "--user-data-dir", "--ignore-scripts", "--prefix",
                  "--clearenv", "--setenv", "--tmpfs", "--proc", "--dev", "--bind",
                  "--remount-ro", "--chdir", "--symlink", "--mqueue", "--unshare-user",
                  "--uid", "--gid", "--enable-logging", "--disable-gpu",
                  "--max-old-space-size", "--strict", "--random-seed",
                  "--table", "--record"}  # (the last two, scripts/mutation.py's)


def test_every_flag_the_pages_name_exists() -> None:
    from judge.cli.main import COMMANDS

    for command in COMMANDS.values():
        command.parser("guess-judge")  # which also lists the old spellings still taken
    known = set(VOCABULARY) | {old for _, old in DEPRECATED} | EXTERNAL_FLAGS
    unknown = {}
    for page in PAGES:
        for flag in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*[a-z0-9]", page.read_text()):
            if flag not in known:
                unknown.setdefault(flag, page.relative_to(ROOT))
    assert unknown == {}


def test_the_command_line_reference_is_the_parsers_own() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from make_cli_reference import PAGE, cli_reference

    assert PAGE.read_text() == cli_reference(), \
        "docs/reference/cli.md is stale: run python scripts/make_cli_reference.py"


def test_the_readme_is_a_landing_page() -> None:
    lines = (ROOT / "README.md").read_text().splitlines()
    assert len(lines) <= 220
    first = next(i for i, line in enumerate(lines) if "python -m judge grade my_solution" in line)
    play = next(i for i, line in enumerate(lines) if "python -m judge play" in line)
    assert first < 40 and play < 120


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_page_speaks_of_the_projects_history_or_the_write_ups_file_numbers(
        page: Path) -> None:
    text = page.read_text()
    # (session.py and judge.run.session, the module, are not a work session.)
    for pattern in (r"\bissue \d", r"(?<![./])\bsession\b(?!\.py)", r"[Tt]ried and dropped",
                    r"\bseed 00\d",
                    r"\b00[0-4]_[0-9a-f]{16}"):
        assert not re.search(pattern, text), (pattern, page)


def test_every_equivalent_mutant_is_listed_with_its_reason_on_the_development_page() -> None:
    mutation = load_script("mutation")
    page = (ROOT / "docs" / "development.md").read_text()
    listed = dict(re.findall(r"^\| `(judge\.[^`]+)` \| (.+) \|$", page, re.MULTILINE))
    assert listed == mutation.EQUIVALENT
