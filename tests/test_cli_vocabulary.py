"""The command line's vocabulary: every flag from the one table, with one meaning; every
option explained with its default; every command with a line, a description and examples."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from judge.__main__ import main
from judge.cli.base import Command
from judge.cli.main import COMMANDS
from judge.cli.options import DEPRECATED, VOCABULARY, VOCABULARY_TAG, DeprecatedSpelling

PROG = "python -m judge"


def parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    return [(name, command.parser(PROG)) for name, command in COMMANDS.items()]


def options(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    return [a for a in parser._actions
            if a.option_strings and not isinstance(a, argparse._HelpAction)]


def flag_problems(commands: list[tuple[str, argparse.ArgumentParser]]) -> list[str]:
    """What breaks the vocabulary: a flag not from the table, under a name the table gives
    another meaning, without help, or without its default where it takes a value."""
    problems = []
    for name, parser in commands:
        for action in options(parser):
            spelled = "/".join(action.option_strings)
            if action.help == argparse.SUPPRESS:
                if not isinstance(action, DeprecatedSpelling):
                    problems.append(f"{name} {spelled}: hidden but not a deprecated spelling")
                continue
            tag = getattr(action, VOCABULARY_TAG, None)
            if tag is None:
                problems.append(f"{name} {spelled}: not from the vocabulary table")
                continue
            names = set(VOCABULARY[tag].names)
            if isinstance(action, argparse.BooleanOptionalAction):
                names |= {"--no-" + n[2:] for n in names}
            if set(action.option_strings) != names:
                problems.append(f"{name} {spelled}: the table means {tag} by it")
            if not action.help or not action.help.startswith(VOCABULARY[tag].meaning[:40]):
                problems.append(f"{name} {spelled}: its help is not the table's meaning")
            takes_value = action.nargs != 0 and not isinstance(
                action, (argparse._StoreTrueAction, argparse._CountAction))
            if takes_value and not action.required and "default" not in (action.help or ""):
                problems.append(f"{name} {spelled}: its default is not said")
    return problems


def test_every_flag_comes_from_the_table_with_its_help_and_default() -> None:
    assert flag_problems(parsers()) == []


def test_a_flag_with_a_second_meaning_is_caught() -> None:
    """The walker itself: a command that writes its own --seed, or a flag without a default
    said, fails it."""
    rogue = argparse.ArgumentParser()
    rogue.add_argument("--seed", type=int, help="the seed of the list")
    assert flag_problems([("rogue", rogue)]) == ["rogue --seed: not from the vocabulary table"]
    from judge.cli.options import add

    quiet = argparse.ArgumentParser()
    add(quiet, "--words", default=None)
    assert flag_problems([("quiet", quiet)]) == ["quiet --words: its default is not said"]


def test_every_positional_argument_is_explained() -> None:
    for name, parser in parsers():
        for action in parser._actions:
            if not action.option_strings:
                assert action.help, f"{name} {action.dest} has no help"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_has_a_line_a_description_and_an_example(name: str) -> None:
    command: Command = COMMANDS[name]
    assert command.summary and "\n" not in command.summary
    assert len(command.description) > 40
    assert command.examples
    text = command.parser(PROG).format_help()
    assert "examples:" in text and f"{PROG} {name}" in text and "exit codes" in text


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_example_parses(name: str) -> None:
    """An example in the help that its own parser refuses would teach a wrong command."""
    command = COMMANDS[name]
    for arguments, _ in command.examples:
        words = arguments.replace("*.py", "x.py").split()
        command.parser(PROG).parse_args(words)


def test_the_deprecated_spellings_are_listed_and_still_work(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert DEPRECATED, "the table of old spellings is filled as the parsers are built"
    parsers()
    for (command, old), new in DEPRECATED.items():
        parser = COMMANDS[command].parser(PROG)
        required = {"generate": ["random", "--out", "d"]}.get(
            command, ["x"] if command in ("fuzz", "explain", "optimal", "wc2022") else [])
        value = "./nowhere" if new == "--case" else "3"
        try:
            args = parser.parse_args([*required, old, value])
        except SystemExit:
            pytest.fail(f"{command} {old} {value} is refused")
        dest = "old_name" if (command, old) == ("explain", "--name") else \
            new.lstrip("-").replace("-", "_")
        assert str(getattr(args, dest)) in (value, "3.0")
        assert f"{old} is now {new}" in capsys.readouterr().err


def test_the_installed_script_names_itself(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "guess-judge"
    if not script.exists():
        pytest.skip("the package is not installed with its script here")
    done = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "usage: guess-judge COMMAND" in done.stdout
    done = subprocess.run([str(script), "grade", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert "usage: guess-judge grade" in done.stdout


@pytest.mark.parametrize(("argv", "code", "said"), [
    ([], 2, "usage:"),
    (["--help"], 0, "commands:"),
    (["--version"], 0, "guess-judge 0"),
    (["grade", "--help"], 0, "usage: python -m judge grade"),
    (["grade"], 2, "usage: python -m judge grade"),
    (["gradee", "x.py"], 2, "did you mean grade?"),
    (["grade", "solutions/strongest.py", "--cases", "a.json", "b.json"], 2,
     "usage: python -m judge grade"),
    (["compare", "cases"], 2, "a folder with no solution file in it"),
    (["grade", "cases"], 2, "a folder with no solution file in it"),
    (["wc2022", "cases"], 2, "is a folder; expected a P8079 solution file"),
    (["grade", "no/such.py"], 2, "does not exist; expected a solution file"),
])
def test_exit_codes_and_usage_through_a_real_process(argv: list[str], code: int,
                                                     said: str) -> None:
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-m", "judge", *argv], capture_output=True,
                          text=True, timeout=120, cwd=root)
    assert done.returncode == code, done.stderr
    assert said in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_the_command_line_stays_in_small_modules() -> None:
    """`__main__` only dispatches; each command is a module of judge/cli of a readable size."""
    judge = Path(__file__).resolve().parent.parent / "judge"
    assert len((judge / "__main__.py").read_text().splitlines()) < 60
    sizes = {p.name: len(p.read_text().splitlines()) for p in (judge / "cli").glob("*.py")}
    assert max(sizes.values()) <= 300, sizes


@pytest.mark.parametrize("command", [name for name, c in COMMANDS.items()
                                     if "--case NAME" in c.parser("judge").format_help()])
def test_an_empty_case_name_is_refused_by_every_command_that_takes_one(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Every name contains the empty one: it would select every case, which no one who typed
    # --case meant (a script's unset variable, say).
    solution = [] if command == "play" else ["solutions/first_candidate.py"]
    assert main([command, *solution, "--case", ""]) == 2
    assert "argument --case: must name a case (or part of one)" in capsys.readouterr().err


@pytest.mark.parametrize(("argv", "said"), [
    (["--cass", "cases"], "unrecognized arguments: --cass cases (did you mean --cases?)"),
    (["--time", "3"], "(did you mean --time-limit?)"),  # flags are never abbreviated
    (["--limit=3"], "(did you mean --time-limit or --memory-limit?)"),
    (["--jsn", "r.json", "--htm", "r.html"], "(did you mean --json for --jsn, --html for --htm?)"),
    (["--frobnicate", "--xyzzy"], "unrecognized arguments: --frobnicate --xyzzy\n"),
    (["--bogus"], "unrecognized arguments: --bogus\n"),  # not --verbose: only "--", "o", "s"
    (["--out", "x"], "unrecognized arguments: --out x\n"),  # not --quiet or --junit
    (["--verbos", "--quite", "--htlm", "x"], "(did you mean --verbose for --verbos, --quiet "
                                              "for --quite, --html for --htlm?)"),
])
def test_a_mistyped_flag_is_pointed_to_the_flag_meant(argv: list[str], said: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "solutions/first_candidate.py", *argv]) == 2
    assert capsys.readouterr().err.endswith(said if said.endswith("\n") else said + "\n")


@pytest.mark.parametrize("argv", [["grade", "-mine.py"], ["compare", "-q", "-mine.py"]])
def test_a_file_whose_name_begins_with_a_dash_is_told_how_to_be_named(
        argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "-mine.py").write_text("class Solution: pass\n")
    (tmp_path / "-q").write_text("")  # a file named as a flag: the flag is meant
    assert main(argv) == 2
    assert capsys.readouterr().err.endswith(
        "('-mine.py' is taken for a flag: name the file ./-mine.py, or put -- before it)\n")


def test_a_choice_written_as_a_flag_is_told_to_lose_its_dashes(
        capsys: pytest.CaptureFixture[str]) -> None:
    # `play --english` makes English words; `generate` takes the kind as a word.
    assert main(["generate", "--english", "--out", "somewhere"]) == 2
    assert capsys.readouterr().err.endswith(
        "(--english is no flag here: write english, the KIND, without dashes)\n")


def test_a_flag_kept_for_an_old_spelling_is_never_the_one_pointed_to(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "solutions/first_candidate.py", "--seconds", "3"]) == 2
    assert capsys.readouterr().err.endswith(
        "(did you mean --search-seconds or --shrink-seconds?)\n")


@pytest.mark.parametrize("argv", [["--memory-limit", "9" * 100_000],
                                  ["\x1b[2J\x1b[Hexample1 AC" + "x" * 5000]])
def test_what_argparse_quotes_back_is_one_line_of_the_usual_length_escaped(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "solutions/first_candidate.py", *argv]) == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert len(last) < 500 and "\x1b" not in last and "more characters]" in last, last[:600]
