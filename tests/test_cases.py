from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given

from judge.cases import (
    Case,
    CaseError,
    cases_to_json,
    every_secret,
    load_cases,
    parse_case_file,
    to_leetcode_text,
)

from .conftest import CASES
from .strategies import cases

GOOD = {"name": "g", "secret": "acckzz", "words": ["acckzz", "ccbazz"], "allowedGuesses": 10}


def write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


@given(cases())
def test_json_and_leetcode_text_round_trip(case: Case) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        json_file = Path(folder) / "c.json"
        json_file.write_text(cases_to_json([case]))
        assert parse_case_file(json_file) == [case]
        text_file = Path(folder) / "drawn.txt"
        text_file.write_text(to_leetcode_text(case))
        assert parse_case_file(text_file) == [case]


def test_leetcode_custom_input_is_three_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "ex.txt", '"hamada"\n["hamada","khaled"]\n10\n')
    (case,) = load_cases([path])
    assert (case.name, case.secret, case.words, case.allowed_guesses) == (
        "ex", "hamada", ("hamada", "khaled"), 10)


@pytest.mark.parametrize("text", [
    'secret = "hamada", words = ["hamada","khaled"], allowedGuesses = 10',
    'Input: secret = "hamada", words = ["hamada","khaled"], allowedGuesses = 10\n'
    "Output: You guessed the secret word correctly.\n",
    'secret = "hamada",\r\nwords = [\r\n  "hamada",\r\n  "khaled"\r\n],\r\nallowedGuesses=10\r\n',
])
def test_an_example_copied_from_the_statement_is_a_case(tmp_path: Path, text: str) -> None:
    (case,) = load_cases([write(tmp_path, "example.txt", text)])
    assert (case.name, case.secret, case.words, case.allowed_guesses) == (
        "example", "hamada", ("hamada", "khaled"), 10)


def test_a_statement_example_repeated_without_end_is_read_in_one_pass(tmp_path: Path) -> None:
    """Each field is read from its first '=' as far as its JSON goes: a file that repeats an
    opening bracket a million times is refused at once, where reading from every '=' to the
    file's end would take hours (the time limit here is a margin, not a measure)."""
    path = write(tmp_path, "hostile.txt", 'secret = "hamada", allowedGuesses = 10, '
                 + 'words = ["hamada", ' * 200_000)
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from judge.cases import load_cases\n"
         "try: load_cases([sys.argv[1]])\nexcept Exception as e: print(e)", str(path)],
        capture_output=True, text=True, timeout=120, cwd=Path(__file__).parent.parent)
    assert "words: not JSON: Expecting value" in done.stdout, done.stderr


def test_a_list_of_cases_in_one_file_and_directories_sorted(tmp_path: Path) -> None:
    write(tmp_path, "b.json", [GOOD, {**GOOD, "name": "h"}])
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "a.txt", '"ccbazz"\n["acckzz","ccbazz"]\n12\n')
    write(tmp_path, "notes.md", "ignored")
    assert [c.name for c in load_cases([tmp_path])] == ["g", "h", "a"]


def test_names_default_to_the_file(tmp_path: Path) -> None:
    unnamed = {k: v for k, v in GOOD.items() if k != "name"}
    write(tmp_path, "x.json", [unnamed, unnamed])
    assert [c.name for c in load_cases([tmp_path / "x.json"])] == ["x#1", "x#2"]


BAD = [
    ({"words": ["acckzz"], "allowedGuesses": 10}, "secret", "is missing"),
    ({**GOOD, "secret": "zzzzzz"}, "secret", "is not in words"),
    ({**GOOD, "words": []}, "words", "has 0 words"),
    ({**GOOD, "words": ["acckzz"] * 2}, "words[1]", "appears more than once"),
    ({**GOOD, "words": ["acckzz", "ACCKZZ"]}, "words[1]", "not lowercase"),
    ({**GOOD, "words": ["acckzz", "abc"]}, "words[1]", "has 3 letters"),
    ({**GOOD, "words": "acckzz"}, "words", "list of strings"),
    ({**GOOD, "allowedGuesses": 9}, "allowedGuesses", "outside 10..30"),
    ({**GOOD, "allowedGuesses": 31}, "allowedGuesses", "outside 10..30"),
    ({**GOOD, "allowedGuesses": "10"}, "allowedGuesses", "must be an integer"),
    ({**GOOD, "allowedGuesses": True}, "allowedGuesses", "must be an integer"),
    ({**GOOD, "note": 3}, "note", "must be a string"),
    ({**GOOD, "secrets": []}, "secrets", "unknown field"),
    ({**GOOD, "words": [f"{i:a>6}".replace("0", "q")[:6] for i in range(101)]}, "words",
     "has 101 words"),
]


@pytest.mark.parametrize(("data", "field", "problem"), BAD)
def test_every_violation_names_file_case_and_field(tmp_path: Path, data: dict[str, object],
                                                   field: str, problem: str) -> None:
    path = write(tmp_path, "bad.json", data)
    with pytest.raises(CaseError) as error:
        load_cases([path])
    text = str(error.value)
    assert str(path) in text and f": {field}: " in text and problem in text
    assert "case 'g'" in text or "case 'bad'" in text


MEGABYTE = "x" * 1_000_000


@pytest.mark.parametrize(("data", "problem"), [
    ({**GOOD, "words": ["acckzz", MEGABYTE]}, "has 1,000,000 letters, must have 6"),
    ({**GOOD, "words": ["acckzz", MEGABYTE.upper()]}, "is not lowercase letters a-z"),
    ({**GOOD, "secret": MEGABYTE}, "is not in words"),
    ({**GOOD, "secret": [1] * 100_000}, "must be a string, got [1, 1,"),
    ({**GOOD, "allowedGuesses": MEGABYTE}, "must be an integer, got 'xxx"),
    ({**GOOD, "allowedGuesses": int("9" * 4000)}, "is outside 10..30"),
    ({**GOOD, MEGABYTE: 1}, ": unknown field"),
    ({**GOOD, "name": MEGABYTE, "secret": "zzzzzz"}, "secret: 'zzzzzz' is not in words"),
])
def test_a_value_of_a_megabyte_is_quoted_short_and_the_problem_still_said(
        tmp_path: Path, data: dict[str, object], problem: str) -> None:
    """The value is cut, not the message: what is wrong with it stays on the line."""
    with pytest.raises(CaseError) as error:
        load_cases([write(tmp_path, "big.json", data)])
    (line,) = str(error.value).splitlines()
    assert problem in line and len(line) < 300 + len(str(tmp_path)), line


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    write(tmp_path, "one.json", {**GOOD, "allowedGuesses": 5})
    write(tmp_path, "two.json", {**GOOD, "secret": "qqqqqq"})
    with pytest.raises(CaseError) as error:
        load_cases([tmp_path])
    assert len(error.value.problems) == 2


@pytest.mark.parametrize(("name", "text", "problem"), [
    ("broken.json", "{", "bad JSON at line 1"),
    ("empty.json", "[]", "empty list"),
    ("short.txt", '"acckzz"\n["acckzz"]\n', "expected 3 lines"),
    ("unfinished.txt", 'secret = "acckzz", words = ["acckzz"]', "allowedGuesses: is missing "
     r"\(the example has secret and words\)"),
    ("one.txt", '"acckzz"', "found 1; or an example as the statement writes it"),
    ("unquoted.txt", 'secret = acckzz, words = ["acckzz"], allowedGuesses = 10',
     "secret: not JSON"),
    ("garbled.txt", 'acckzz\n["acckzz"]\n10\n', "secret: not JSON"),
    ("scalar.json", "3", "must be a JSON object"),
])
def test_malformed_files(tmp_path: Path, name: str, text: str, problem: str) -> None:
    with pytest.raises(CaseError, match=problem):
        load_cases([write(tmp_path, name, text)])


def test_missing_paths_and_empty_directories(tmp_path: Path) -> None:
    with pytest.raises(CaseError, match="does not exist"):
        load_cases([tmp_path / "nope"])
    with pytest.raises(CaseError, match=r"holds no \.json or \.txt"):
        load_cases([tmp_path])


def test_relaxed_accepts_other_lengths_and_limits(tmp_path: Path) -> None:
    data = {"secret": "abc", "words": ["abc", "abd"] + [f"x{c}y" for c in "abcdefgh"],
            "allowedGuesses": 3}
    path = write(tmp_path, "r.json", data)
    with pytest.raises(CaseError):
        load_cases([path])
    assert load_cases([path], relaxed=True)[0].allowed_guesses == 3
    write(tmp_path, "r.json", {**data, "words": ["abc", "abcd"]})
    with pytest.raises(CaseError, match="same length"):
        load_cases([path], relaxed=True)
    write(tmp_path, "r.json", {**data, "allowedGuesses": 0})
    with pytest.raises(CaseError, match="must be positive"):
        load_cases([path], relaxed=True)


def test_every_secret_plays_each_word() -> None:
    (case,) = load_cases([CASES / "examples" / "example1.txt"])
    expanded = every_secret([case])
    assert [c.secret for c in expanded] == list(case.words)
    assert expanded[1].name == "example1@ccbazz"


def test_every_shipped_case_is_valid() -> None:
    shipped = load_cases([CASES])
    assert len(shipped) >= 2000
    assert {"example1", "example2"} <= {c.name for c in shipped}
