"""Cases as data: loading JSON and LeetCode's three-line custom input, with validation.

A case is `{"name", "secret", "words", "allowedGuesses", "note"}`. Validation follows LeetCode's
constraints unless `relaxed` is asked for; every violation names the file, the case and the field.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judge.reading import RepeatedField, UnreadableFile, fields_once, read_text_bounded, status
from judge.rules import WORD_LENGTH, Word
from judge.safetext import VALUE_CHARS, safe, shown

MIN_WORDS, MAX_WORDS = 1, 100
MIN_ALLOWED, MAX_ALLOWED = 10, 30
CASE_SUFFIXES = (".json", ".txt")
LEETCODE_LINES = ("secret", "words", "allowedGuesses")
_LOWERCASE = re.compile(r"[a-z]+")


@dataclass(frozen=True)
class Case:
    name: str
    secret: Word
    words: tuple[Word, ...]
    allowed_guesses: int
    note: str = ""
    source: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "secret": self.secret,
            "words": list(self.words),
            "allowedGuesses": self.allowed_guesses,
        }
        if self.note:
            data["note"] = self.note
        return data

    def with_secret(self, secret: Word) -> Case:
        return replace(self, name=f"{self.name}@{secret}", secret=secret)


# The fields of a problem with a whole file or folder, before any case in it is read.
WHOLE_FILE = ("file", "path")


@dataclass(frozen=True)
class CaseProblem:
    source: str
    case: str
    field: str
    problem: str

    def __str__(self) -> str:
        if self.field in WHOLE_FILE:  # no case was read: the file's name says where
            return f"{self.source}: {self.problem}"
        return f"{self.source}: case {shown(self.case)}: {self.field}: {self.problem}"


class CaseError(Exception):
    """One or more problems with case files; the judge runs nothing when it is raised."""

    def __init__(self, problems: Sequence[CaseProblem]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def word_problems(words: object, relaxed: bool) -> list[tuple[str, str]]:
    """(field, problem) pairs for a words list; empty when it is valid."""
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return [("words", "must be a list of strings")]
    problems: list[tuple[str, str]] = []
    lo, hi = (1, None) if relaxed else (MIN_WORDS, MAX_WORDS)
    if len(words) < lo or (hi is not None and len(words) > hi):
        limit = f"at least {lo}" if hi is None else f"{lo} to {hi}"
        problems.append(("words", f"has {len(words)} words, must have {limit}"))
    for i, w in enumerate(words):
        if not _LOWERCASE.fullmatch(w):
            problems.append((f"words[{i}]", f"{shown(w)} is not lowercase letters a-z"))
        elif not relaxed and len(w) != WORD_LENGTH:
            problems.append((f"words[{i}]",
                             f"{shown(w)} has {len(w):,} letters, must have {WORD_LENGTH}"))
    if relaxed and words and len({len(w) for w in words}) > 1:
        problems.append(("words", "words must all have the same length"))
    seen: set[str] = set()
    for i, w in enumerate(words):
        if w in seen:
            problems.append((f"words[{i}]", f"{shown(w)} appears more than once"))
        seen.add(w)
    return problems


def allowed_problems(allowed: object, relaxed: bool) -> list[tuple[str, str]]:
    if isinstance(allowed, bool) or not isinstance(allowed, int):
        return [("allowedGuesses", f"must be an integer, got {shown(allowed)}")]
    if relaxed and allowed < 1:
        return [("allowedGuesses", f"{shown(allowed)} must be positive")]
    if not relaxed and not MIN_ALLOWED <= allowed <= MAX_ALLOWED:
        return [("allowedGuesses", f"{shown(allowed)} is outside {MIN_ALLOWED}..{MAX_ALLOWED}")]
    return []


def case_from_json(data: object, source: str, default_name: str, relaxed: bool) -> Case:
    """Build a validated Case from decoded JSON, or raise CaseError naming every problem."""
    if not isinstance(data, dict):
        raise CaseError([CaseProblem(source, default_name, "case", "must be a JSON object")])
    name = data.get("name", default_name)
    label = name if isinstance(name, str) and name else default_name
    problems: list[tuple[str, str]] = []
    known = {"name", "secret", "words", "allowedGuesses", "note"}
    problems += [(safe(k, VALUE_CHARS), "unknown field") for k in sorted(set(data) - known)]
    if not isinstance(name, str) or not name:
        problems.append(("name", "must be a non-empty string"))
    note = data.get("note", "")
    if not isinstance(note, str):
        problems.append(("note", "must be a string"))
    for missing in ("secret", "words", "allowedGuesses"):
        if missing not in data:
            problems.append((missing, "is missing"))
    words, secret = data.get("words"), data.get("secret")
    if "words" in data:
        problems += word_problems(words, relaxed)
    if "secret" in data:
        if not isinstance(secret, str):
            problems.append(("secret", f"must be a string, got {shown(secret)}"))
        elif isinstance(words, list) and secret not in words:
            problems.append(("secret", f"{shown(secret)} is not in words"))
    if "allowedGuesses" in data:
        problems += allowed_problems(data["allowedGuesses"], relaxed)
    if problems:
        raise CaseError([CaseProblem(source, label, f, p) for f, p in problems])
    assert isinstance(words, list) and isinstance(secret, str) and isinstance(note, str)
    return Case(label, secret, tuple(words), data["allowedGuesses"], note, source)


def statement_example(text: str) -> dict[str, str]:
    """The values of a case as the problem statement writes its examples ('Input: secret =
    "acckzz", words = [...], allowedGuesses = 10', on one line or several, an `Output:` line
    allowed), each as the JSON text to read: as many of the three fields as are there.

    Only each field's first `=` is read, and read as far as its JSON value goes, so that a
    hostile file costs one pass however it repeats them."""
    values = {}
    for field_name in LEETCODE_LINES:
        found = re.search(rf"\b{field_name}[ \t]*=[ \t]*", text)
        if found is None:
            continue
        start = found.end()
        try:
            end = json.JSONDecoder().raw_decode(text, start)[1]
        except (ValueError, RecursionError):  # what json.loads says of it, when it is read
            line_end = text.find("\n", start)
            end = len(text) if line_end < 0 else line_end
        values[field_name] = text[start:end]
    return values


def parse_leetcode_text(text: str, source: str, name: str, relaxed: bool = False) -> Case:
    """LeetCode's custom test input: secret (JSON string), words (JSON array), allowedGuesses;
    or an example of the statement, copied as it reads there."""
    example = statement_example(text)
    if example and len(example) < len(LEETCODE_LINES):
        raise CaseError([CaseProblem(source, name, f, "is missing (the example has " +
                                     " and ".join(example) + ")")
                         for f in LEETCODE_LINES if f not in example])
    lines = list(example.values()) or [line for line in text.splitlines() if line.strip()]
    if len(lines) != len(LEETCODE_LINES):
        problem = (f"expected {len(LEETCODE_LINES)} lines (the secret, the words, allowedGuesses,"
                   f" as LeetCode's test case box holds them), found {len(lines)}; or an "
                   "example as the statement writes it: secret = \"...\", words = [...], "
                   "allowedGuesses = 10")
        raise CaseError([CaseProblem(source, name, "file", problem)])
    data: dict[str, object] = {"name": name}
    for field_name, line in zip(LEETCODE_LINES, lines, strict=True):
        try:
            data[field_name] = json.loads(line, object_pairs_hook=fields_once)
        except json.JSONDecodeError as e:
            raise CaseError([CaseProblem(source, name, field_name, f"not JSON: {e.msg}")]) from e
        except (RecursionError, ValueError) as e:
            raise CaseError([CaseProblem(source, name, field_name, json_refusal(e))]) from e
    return case_from_json(data, source, name, relaxed)


def to_leetcode_text(case: Case) -> str:
    return f"{json.dumps(case.secret)}\n{json.dumps(list(case.words))}\n{case.allowed_guesses}\n"


def cases_to_json(cases: Sequence[Case]) -> str:
    data: object = cases[0].to_json() if len(cases) == 1 else [c.to_json() for c in cases]
    return json.dumps(data, indent=1) + "\n"


LARGEST_CASE_FILE = 64 << 20  # bytes: far above 100 words, far below memory trouble


def json_refusal(error: Exception) -> str:
    """Why Python's JSON decoder refused valid-looking input (not a JSONDecodeError)."""
    if isinstance(error, RecursionError):
        return "JSON nested too deeply to read"
    if isinstance(error, RepeatedField):
        return str(error)
    return f"a number too long to read ({str(error).split(':')[0]})"


def parse_case_file(path: Path, relaxed: bool = False) -> list[Case]:
    source = str(path)
    try:
        text = read_text_bounded(path, LARGEST_CASE_FILE)
    except UnreadableFile as e:
        raise CaseError([CaseProblem(source, path.stem, "file", str(e))]) from e
    if path.suffix == ".txt":
        return [parse_leetcode_text(text, source, path.stem, relaxed)]
    try:
        data = json.loads(text, object_pairs_hook=fields_once)
    except json.JSONDecodeError as e:
        where = f"line {e.lineno} column {e.colno}"
        problem = CaseProblem(source, path.stem, "file", f"bad JSON at {where}: {e.msg}")
        raise CaseError([problem]) from e
    except (RecursionError, ValueError) as e:
        raise CaseError([CaseProblem(source, path.stem, "file", json_refusal(e))]) from e
    items = data if isinstance(data, list) else [data]
    if not items:
        raise CaseError([CaseProblem(source, path.stem, "file", "holds an empty list of cases")])
    cases, problems = [], []
    for i, item in enumerate(items):
        default = path.stem if len(items) == 1 else f"{path.stem}#{i + 1}"
        try:
            cases.append(case_from_json(item, source, default, relaxed))
        except CaseError as e:
            problems += e.problems
    if problems:
        raise CaseError(problems)
    return cases


def case_files(path: Path) -> Iterator[Path]:
    """`path` itself, or every case file below a directory, sorted."""
    if path.is_dir():
        yield from sorted(p for p in path.rglob("*") if p.suffix in CASE_SUFFIXES and p.is_file())
    else:
        yield path


def load_cases(paths: Iterable[Path | str], relaxed: bool = False) -> list[Case]:
    """Every case named by `paths`; raises CaseError listing all problems before anything runs."""
    cases: list[Case] = []
    problems: list[CaseProblem] = []
    for path in map(Path, paths):
        try:
            status(path)
        except UnreadableFile as e:
            problems.append(CaseProblem(str(path), "-", "path", str(e)))
            continue
        files = list(case_files(path))
        if not files:
            problems.append(CaseProblem(str(path), "-", "path", "holds no .json or .txt cases"))
        for file in files:
            try:
                cases += parse_case_file(file, relaxed)
            except CaseError as e:
                problems += e.problems
    if problems:
        raise CaseError(problems)
    return cases


def every_secret(cases: Iterable[Case]) -> list[Case]:
    """Each case played once for every word of its list as the secret."""
    return [case.with_secret(w) for case in cases for w in case.words]


def cases_named(cases: Sequence[Case], name: str) -> list[Case]:
    """--case NAME: the cases named NAME, or if none is, those whose name contains it."""
    exact = [c for c in cases if c.name == name]
    return exact or [c for c in cases if name in c.name]


def selected(cases: Sequence[Case], all_secrets: bool, name: str | None) -> list[Case]:
    """The cases a run plays of those loaded: with `all_secrets` each list once per word as
    the secret, then only those `name` names (see cases_named). One selection for grading and
    for merge, which makes it again to check a shard."""
    chosen = every_secret(cases) if all_secrets else list(cases)
    return cases_named(chosen, name) if name else chosen


def shared_lists(cases: Iterable[Case], all_secrets: bool = False) -> frozenset[tuple[Word, ...]]:
    """The word lists that more than one case plays (with `all_secrets`, each case once for
    every word of its list): each of their cases plays from the list's warm state, fresh, even
    in a run that picks it alone (grading's `shared_lists`)."""
    from collections import Counter

    played = Counter(c.words for c in cases)
    return frozenset(words for words, n in played.items()
                     if n * (len(words) if all_secrets else 1) > 1)


def case_set_digest(cases: Iterable[Case]) -> str:
    """A hash of what a set of cases plays (names, secrets, lists, limits, in order): two runs
    with the same digest played the same cases, wherever their files were."""
    import hashlib

    digest = hashlib.sha256()
    for case in cases:
        digest.update(json.dumps(case.to_json(), sort_keys=True).encode() + b"\n")
    return digest.hexdigest()
