"""A run split into shards (`--shard K/N`) and joined again (`merge`) is the run made at once."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge.__main__ import main
from judge.cases import Case
from judge.report.merge import ReportProblem, merge, parse_shard, read_reports, shard_of, verify
from judge.result import CaseResult, Report

from .conftest import CASES, SOLUTIONS

RUN = ["--cases", str(CASES / "examples"), "--cases", str(CASES / "handwritten"),
       "--seed", "1", "--in-process", "-q"]
TWO = [str(SOLUTIONS / "minimax_cpp.py"), str(SOLUTIONS / "first_candidate.py")]


@given(st.integers(0, 300), st.integers(1, 40))
def test_the_shards_cover_every_case_once_and_evenly(cases: int, shards: int) -> None:
    items = list(range(cases))
    parts = [shard_of(items, k, shards) for k in range(1, shards + 1)]
    assert [x for part in parts for x in part] == items
    assert max(map(len, parts)) - min(map(len, parts)) <= 1


def test_a_shard_of_up_to_six_digits_is_a_shard() -> None:
    assert parse_shard("999999/999999") == (999999, 999999)
    assert parse_shard("1/100000") == (1, 100000)


@pytest.mark.parametrize("text", ["0/2", "3/2", "a/b", "1/", "/2", "1/2/3", "-1/2", "1/0",
                                  "9999999/9999999", "1/1000000", "1/" + "9" * 5000,
                                  "9" * 5000 + "/2", "", "½/2", "²/2", "1 /2"])
def test_a_bad_shard_is_a_usage_error(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError):
        parse_shard(text)
    assert main(["compare", *TWO, *RUN, f"--shard={text}"]) == 2  # "-1/2" reaches it too
    last = capsys.readouterr().err.splitlines()[-1]
    assert "error: argument --shard: " in last and "--shard: --shard" not in last
    assert re.search(r"argument --shard: (takes K/N, such as 2/5, not '.*'|K must be 1\.\.N, "
                     r"not [0-9/]+|N must be at most 999,999, not [0-9]+)", last), last
    assert len(last) < 500  # a value of 5,000 digits is not said whole


@pytest.mark.parametrize(("shard", "shards"), [(0, 2), (3, 2), (1, 0)])
def test_a_slice_that_does_not_exist_is_refused_by_name(shard: int, shards: int) -> None:
    with pytest.raises(ValueError, match=f"^shard {shard} of {shards} does not exist$"):
        shard_of(list(range(10)), shard, shards)


def without_times(data: Any) -> Any:
    """A report with its timings taken out: the only thing two runs may not share."""
    if isinstance(data, dict):
        return {k: without_times(v) for k, v in data.items()
                if k not in ("time_s", "seconds", "total_time_s", "order_seed", "shard", "date",
                             "command", "merged_from")}
    if isinstance(data, list):
        return [without_times(x) for x in data]
    return data


def shards(tmp_path: Path, solutions: list[str], count: int, seed: str = "7",
           run: tuple[str, ...] = tuple(RUN)) -> list[Path]:
    tmp_path.mkdir(exist_ok=True)
    paths = []
    for k in range(1, count + 1):
        path = tmp_path / f"shard{k}.json"
        code = main(["compare" if len(solutions) > 1 else "grade", *solutions, *run,
                     "--order-seed", seed, "--shard", f"{k}/{count}", "--json", str(path)])
        assert code in (0, 1)
        paths.append(path)
    return paths


@pytest.mark.parametrize("solutions", [TWO, TWO[1:]], ids=["compare", "grade"])
def test_merged_shards_are_the_single_run(tmp_path: Path, solutions: list[str],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    single = tmp_path / "single.json"
    command = "compare" if len(solutions) > 1 else "grade"
    code = main([command, *solutions, *RUN, "--order-seed", "7", "--json", str(single)])
    merged = tmp_path / "merged.json"
    parts = shards(tmp_path, solutions, 3)
    capsys.readouterr()
    assert main(["merge", *map(str, reversed(parts)), "--json", str(merged)]) == code
    out = capsys.readouterr().out
    assert "--order-seed 7" in out
    # The shards of one grade: its cases not accepted, listed as grade lists them.
    failed = [] if command == "compare" else [
        case["name"] for case in json.loads(single.read_text())["cases"]
        if case["verdict"] != "AC"]
    assert listed_as_not_accepted(out) == failed
    assert command == "compare" or failed
    assert without_times(json.loads(merged.read_text())) == without_times(
        json.loads(single.read_text()))
    assert json.loads(merged.read_text()) != json.loads(parts[0].read_text())


def listed_as_not_accepted(printed: str) -> list[str]:
    """The cases of the list of those not accepted that a report prints after its heading,
    "not accepted (N):", checked against N; [] where it prints none."""
    lines = printed.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("not accepted (")), None)
    if start is None:
        return []
    count = int(lines[start].split("(")[1].split(")")[0])
    return [row.split()[0] for row in lines[start + 1:start + 1 + count]]


def relaxed_cases(folder: Path) -> Path:
    """A case outside LeetCode's constraints (five-letter words): read with --relaxed only."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "five.txt").write_text('"abcde"\n["abcde","abcdf","bbcde","zzzzz"]\n10\n')
    return folder


@pytest.mark.parametrize("selection", ["--all-secrets", "--case", "--relaxed", "--adversary"])
def test_shards_of_a_selection_merge_as_the_single_run(tmp_path: Path, selection: str,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    """merge chooses the run's cases again as the run chose them: every secret of each list,
    one case by name, or case files read with --relaxed."""
    run = [*RUN, selection] if selection in ("--all-secrets", "--adversary") else \
        [*RUN, "--case", "example2"] if selection == "--case" else \
        ["--cases", str(relaxed_cases(tmp_path / "cases")), "--relaxed", "--seed", "1",
         "--in-process", "-q"]
    single = tmp_path / "single.json"
    code = main(["grade", TWO[1], *run, "--order-seed", "7", "--json", str(single)])
    # One case by name, or the one relaxed case, makes one shard; the others make two.
    parts = shards(tmp_path / "parts", TWO[1:], 1 if selection in ("--case", "--relaxed") else 2,
                   run=tuple(run))
    merged = tmp_path / "merged.json"
    capsys.readouterr()
    assert main(["merge", *map(str, parts), "--json", str(merged)]) == code, \
        capsys.readouterr().err
    assert without_times(json.loads(merged.read_text())) == without_times(
        json.loads(single.read_text()))


@pytest.mark.parametrize(("lie", "reason"), [
    ("a selection that is not one", "the shards' provenance does not name their cases"),
    ("no paths", "the shards do not say where their case files are: name them with --cases"),
    ("other files", "are not the ones the shards were graded on (their content differs)"),
    ("files that no longer load", "(name where they are with --cases)")])
def test_shards_whose_cases_cannot_be_found_again_are_refused(
        lie: str, reason: str, two_shards: list[Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    for path in two_shards:
        reports = json.loads(path.read_text())
        for r in reports:
            made = r["provenance"]
            if lie == "a selection that is not one":
                made["selection"] = 5
            elif lie == "no paths":
                del made["cases"]["paths"]
            elif lie == "files that no longer load":
                junk = tmp_path / "junk.json"
                junk.write_text("[{")
                made["cases"]["paths"] = [str(junk)]
            else:
                made["cases"]["paths"] = [str(CASES / "examples"), str(CASES / "generated")]
        path.write_text(json.dumps(reports))
    capsys.readouterr()
    assert main(["merge", *map(str, two_shards)]) == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").endswith(reason) and len(err.strip().splitlines()) == 1, err
    if lie == "files that no longer load":
        assert "the run's case files cannot be read to check the shards: " in err
        assert "junk.json" in err
    if lie == "other files":
        assert f"at {CASES / 'examples'}, {CASES / 'generated'} are not" in err


def test_shards_that_name_no_case_selection_or_label_merge_as_made_for_every_case(
        two_shards: list[Path]) -> None:
    for path in two_shards:
        reports = json.loads(path.read_text())
        for r in reports:
            r["provenance"]["selection"]["case"] = 5  # not a case name: no selection
            r["label"] = 7  # not a label: the report is named after its file
        path.write_text(json.dumps(reports))
    merged = merge([part for path in two_shards for part in read_reports(path)])
    assert sorted((r.label, r.name) for r in merged) == [("", "first_candidate.py"),
                                                            ("", "minimax_cpp.py")]


@pytest.mark.parametrize("missing_from", [(0, 1), (0,)])
def test_a_version_of_the_file_missing_from_some_shards_only_is_refused(
        missing_from: tuple[int, ...], two_shards: list[Path]) -> None:
    for index in missing_from:
        reports = json.loads(two_shards[index].read_text())
        for r in reports:
            del r["provenance"]["solution_sha256"]
        two_shards[index].write_text(json.dumps(reports))
    parts = [part for path in two_shards for part in read_reports(path)]
    if len(missing_from) == 2:  # said by none: nothing to compare
        assert len(merge(parts)) == 2
    else:
        with pytest.raises(ReportProblem, match="graded another version of the file"):
            merge(parts)


def test_a_refusal_names_at_most_80_characters_of_a_case_name() -> None:
    name = "n" * 200
    case = Case(name, "aaaaaa", ("aaaaaa", "bbbbbb"), 10)
    lie = CaseResult(name, "AC", "", 1, 10, 0.0, "aaaaaa", [("bbbbbb", 6)])
    with pytest.raises(ReportProblem) as refused:
        verify(Report("s.py", [lie]), [case], {}, "here")
    assert str(refused.value) == (f"here, case {'n' * 80!r}: guess 1 was answered 6, but 0 is "
                                  "the true reply")


FIELDS = ("name", "verdict", "message", "secret", "transcript", "detail", "output")


@pytest.mark.parametrize("field", FIELDS)
def test_a_case_field_of_the_wrong_type_is_named_with_its_file_and_case(
        field: str, two_shards: list[Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    reports = json.loads(two_shards[0].read_text())
    reports[0]["cases"][0][field] = 5
    path = broken(tmp_path, reports, "typed.json")
    capsys.readouterr()
    assert main(["merge", str(path), str(two_shards[1])]) == 2
    assert capsys.readouterr().err.endswith(
        f"typed.json, case 1: {field!r} is missing or of the wrong type\n")


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("allowed", 0, "'allowed' is out of range (1 to 10000)"),
    ("allowed", 10_001, "'allowed' is out of range (1 to 10000)"),
    ("allowed", 10_000, "limit 10000, but the case allows 10"),
    ("allowed", 2.5, "'allowed' is not a whole number"),
    ("guesses", -1, "'guesses' is out of range (0 to 201)"),
    ("guesses", 1.5, "'guesses' is not a whole number"),
    ("verdict", "\x1b[31mACCEPTED_AND_MORE", "unknown verdict '\\x1b[31mACCEPTED_AND_MO'")])
def test_a_case_number_out_of_its_range_is_refused_at_its_bounds(
        field: str, value: object, reason: str, two_shards: list[Path], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    reports = json.loads(two_shards[0].read_text())
    reports[0]["cases"][0][field] = value
    path = broken(tmp_path, reports, "bounds.json")
    capsys.readouterr()
    assert main(["merge", str(path), str(two_shards[1])]) == 2
    assert capsys.readouterr().err.rstrip("\n").endswith(reason)


@pytest.mark.parametrize(("shard", "reason"), [
    ([1, 1_000_000], "shard 2 of 1000000 is missing"),
    ([1, 1_000_001], "shard 1/1000001 does not exist"),
    ([True, 2], "not a shard's report (made without --shard K/N)")])
def test_a_shard_count_is_refused_past_its_bound(shard: list[object], reason: str,
                                                 two_shards: list[Path], tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    reports = json.loads(two_shards[0].read_text())
    for r in reports:
        r["shard"] = r["provenance"]["shard"] = shard
    path = broken(tmp_path, reports, "count.json")
    capsys.readouterr()
    assert main(["merge", str(path)]) == 2
    assert capsys.readouterr().err.rstrip("\n").endswith(reason)


def test_labels_survive_the_merge(tmp_path: Path) -> None:
    """Two files of one name, told apart by their folders in every report, merged too."""
    import shutil

    copies = []
    for folder in ("alice", "bob"):
        (tmp_path / folder).mkdir()
        copies.append(str(shutil.copy(TWO[1], tmp_path / folder / "solution.py")))
    parts = shards(tmp_path / "parts", copies, 2)
    merged = tmp_path / "merged.json"
    main(["merge", *map(str, parts), "--json", str(merged)])
    assert [r["label"] for r in json.loads(merged.read_text())] == ["alice/solution.py",
                                                                     "bob/solution.py"]


def test_shards_in_orders_of_their_own_still_merge(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    parts = [*shards(tmp_path / "a", TWO, 2, "1")[:1], *shards(tmp_path / "b", TWO, 2, "2")[1:]]
    merged = tmp_path / "merged.json"
    main(["merge", *map(str, parts), "--json", str(merged)])
    assert "orders of their own" in capsys.readouterr().out
    assert all(r["order_seed"] is None for r in json.loads(merged.read_text()))


def test_shards_that_drew_seeds_of_their_own_keep_each_in_the_merge(tmp_path: Path) -> None:
    # Without --seed each shard draws the seed its replays name: the merged report keeps each
    # shard's, and names no run seed, which no shard's cases but its own were played with.
    unseeded = tuple(a for a in RUN if a not in ("--seed", "1"))
    parts = shards(tmp_path, TWO[:1], 2, run=unseeded)
    drawn = [json.loads(p.read_text())["provenance"]["run_seed"] for p in parts]
    assert all(isinstance(d, int) for d in drawn)
    merged = tmp_path / "merged.json"
    assert main(["merge", *map(str, parts), "--json", str(merged)]) == 0
    made = json.loads(merged.read_text())["provenance"]
    assert [m["run_seed"] for m in made["merged_from"]] == drawn
    assert made["seed"] is None
    assert made["run_seed"] == (drawn[0] if drawn[0] == drawn[1] else None)
    together = shards(tmp_path / "seeded", TWO[:1], 2)  # RUN's --seed 1: one seed for all
    assert main(["merge", *map(str, together), "--json", str(merged)]) == 0
    assert json.loads(merged.read_text())["provenance"]["run_seed"] == 1


@pytest.fixture
def two_shards(tmp_path: Path) -> list[Path]:
    return shards(tmp_path / "a", TWO, 2)


def broken(tmp_path: Path, data: object, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def case_of(path: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads(path.read_text())[0]
    return report


# Each bad report's reason, after the file it names.
BAD_BECAUSE = {
    "missing": "first_candidate.py: shard 2 of 2 is missing",
    "first missing": ".py: shard 1 of 2 is missing",
    "cut in different numbers": "merge: error: the shards were cut in different numbers: "
                                "[2, 3]",
    "twice": "first_candidate.py: shard 1 is given twice",
    "cut differently": "bad.json: says it is shard 2/3 but was made as [1, 2]",
    "no shard": "bad.json: not a shard's report (made without --shard K/N)",
    "not json": "bad.json: is not UTF-8 text: byte 0 is 0xff",
    "deep": "deep.json: not JSON: maximum recursion depth exceeded",
    "not an object": "bad.json: a report is not an object",
    "cases not a list": "bad.json: 'cases' is missing or of the wrong type",
    "unknown verdict": "bad.json, case 1: unknown verdict '\\x1b[31mAC'",
    "bad transcript": "bad.json, case 1: a guess of the transcript is not [word, reply]",
    "boolean guesses": "bad.json, case 1: 'guesses' is missing or of the wrong type",
    "no file": "nowhere.json: does not exist",
    "a directory": ": is a folder",
    "a FIFO": "fifo.json: is not a regular file",
    "a device": "/dev/zero: is not a regular file",
    "bad seed": "bad.json: 'order_seed' is not an integer",
    "bad run seed": "bad.json: 'run_seed' is not an integer",
    "empty list": "merge: error: no reports to merge",
}


@pytest.mark.parametrize("problem", sorted(BAD_BECAUSE))
def test_a_bad_report_is_one_line_and_exit_2(problem: str, two_shards: list[Path],
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    first, second = two_shards
    report = case_of(first)
    inputs: list[Path] = [first, second]
    if problem == "missing":
        inputs = [first]
    elif problem == "first missing":
        inputs = [second]
    elif problem == "cut in different numbers":
        third = {**report, "shard": [3, 3], "provenance": {**report["provenance"],
                                                          "shard": [3, 3]}}
        inputs = [first, second, broken(tmp_path, [third])]
    elif problem == "twice":
        inputs = [first, first, second]
    elif problem == "cut differently":
        inputs = [first, second, broken(tmp_path, [{**report, "shard": [2, 3]}])]
    elif problem == "no shard":
        inputs = [broken(tmp_path, [{k: v for k, v in report.items() if k != "shard"}])]
    elif problem == "not json":
        inputs = [broken(tmp_path, None), first]
        inputs[0].write_bytes(b"\xff\xfe{not json")
    elif problem == "deep":
        inputs = [first, tmp_path / "deep.json"]
        inputs[1].write_text("[" * 100_000 + "]" * 100_000)
    elif problem == "not an object":
        inputs = [broken(tmp_path, [1, 2])]
    elif problem == "cases not a list":
        inputs = [broken(tmp_path, [{**report, "cases": 5}]), second]
    elif problem == "unknown verdict":
        case = {**report["cases"][0], "verdict": "\x1b[31mAC"}
        inputs = [broken(tmp_path, [{**report, "cases": [case]}]), second]
    elif problem == "bad transcript":
        case = {**report["cases"][0], "transcript": [["word"]]}
        inputs = [broken(tmp_path, [{**report, "cases": [case]}]), second]
    elif problem == "boolean guesses":
        case = {**report["cases"][0], "guesses": True}
        inputs = [broken(tmp_path, [{**report, "cases": [case]}]), second]
    elif problem == "no file":
        inputs = [tmp_path / "nowhere.json"]
    elif problem == "a directory":
        inputs = [tmp_path]
    elif problem == "a FIFO":  # no writer ever comes: a blocking read would wait for ever
        inputs = [first, tmp_path / "fifo.json"]
        os.mkfifo(inputs[1])
    elif problem == "a device":  # endless: a read to its end would fill the memory
        inputs = [first, Path("/dev/zero")]
    elif problem == "bad seed":
        inputs = [broken(tmp_path, [{**report, "order_seed": "7"}]), second]
    elif problem == "bad run seed":  # the order line would print it, or fail on a list
        made = {**report["provenance"], "run_seed": [1]}
        inputs = [broken(tmp_path, [{**report, "provenance": made}]), second]
    elif problem == "empty list":
        inputs = [broken(tmp_path, [])]
    capsys.readouterr()
    assert main(["merge", *map(str, inputs)]) == 2
    out, err = capsys.readouterr()
    assert BAD_BECAUSE[problem] in err, err
    assert out == "" and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def forged(report: dict[str, Any], problem: str) -> dict[str, Any]:
    """A shard's report with one lie told in it."""
    cases = [dict(c) for c in report["cases"]]
    made = dict(report["provenance"])
    first = cases[0]
    if problem == "AC without the secret":
        first.update(verdict="AC", transcript=[w for w in first["transcript"]
                                               if w[0] != first["secret"]])
    elif problem == "a reply that contradicts the secret":
        word, reply = first["transcript"][0]
        first["transcript"] = [[word, (reply + 1) % 6], *first["transcript"][1:]]
    elif problem == "WA that found the secret in time":
        first.update(verdict="WA", transcript=[[first["secret"], 6]], guesses=1)
    elif problem == "another secret":
        first["secret"] = "zzzzzz"
    elif problem == "another word of the list as the secret":
        first["secret"] = "ccbazz"  # example1's list: acckzz (the secret), ccbazz, ...
    elif problem == "a billion guesses":
        first["guesses"] = 10 ** 9
    elif problem == "a 400-digit time":
        first["time_s"] = 10 ** 400
    elif problem == "a case that is not an object":
        return {**report, "cases": [5, *cases[1:]]}
    elif problem == "no guess allowed":
        first["allowed"] = 0
    elif problem == "NaN":
        first["time_s"] = "NaN!"
    elif problem == "a verdict given twice":
        first["verdict"] = "TWICE!"
    elif problem == "relabelled as the other shard":
        return {**report, "shard": [2, 2], "provenance": {**made, "shard": [2, 2]}}
    elif problem == "label and provenance disagree":
        return {**report, "shard": [2, 2]}
    elif problem == "a megabyte as the shard it was made as":
        return {**report, "shard": [2, 2], "provenance": {**made, "shard": "x" * 1_000_000}}
    elif problem == "another case set":
        made["cases"] = {**made["cases"], "digest": "0" * 64}
    elif problem == "another seed":
        made["seed"] = 2
    elif problem == "another limit":
        made["limits"] = {**made["limits"], "time_s": 9.0}
    elif problem == "another version of the file":
        made["solution_sha256"] = "f" * 64
    elif problem == "another way to start afresh":
        made["fresh_state"] = "fork" if made["fresh_state"] != "fork" else "process"
    elif problem == "no provenance":
        return {k: v for k, v in report.items() if k != "provenance"}
    elif problem == "shard K of N with K > N":
        return {**report, "shard": [3, 2], "provenance": {**made, "shard": [3, 2]}}
    return {**report, "cases": cases, "provenance": made}


FORGERIES = ["AC without the secret", "a reply that contradicts the secret",
             "WA that found the secret in time", "another secret",
             "another word of the list as the secret", "a billion guesses",
             "a 400-digit time", "a case that is not an object", "no guess allowed", "NaN",
             "a verdict given twice",
             "relabelled as the other shard", "a megabyte as the shard it was made as",
             "label and provenance disagree", "another case set", "another seed",
             "another limit", "another version of the file", "another way to start afresh",
             "no provenance",
             "shard K of N with K > N"]


# The reason each refusal gives, after the file or solution it names: the one check that
# finds the lie, not a later one that would refuse the same file for a reason that hides it.
REFUSED_BECAUSE = {
    "AC without the secret": "shard 1/2, case 'example1': AC, but the secret was not found "
                             "within the limit",
    "a reply that contradicts the secret": "shard 1/2, case 'example1': guess 1 was answered "
                                           "1, but 6 is the true reply",
    "WA that found the secret in time": "shard 1/2, case 'example1': WA, but the secret was "
                                        "found within the limit",
    "another secret": "shard 1/2, case 'example1': its secret is not the case's",
    "another word of the list as the secret": "shard 1/2, case 'example1': its secret is not "
                                              "the case's",
    "a billion guesses": "forged.json, case 1: 'guesses' is out of range (0 to 201)",
    "a 400-digit time": "forged.json, case 1: 'time_s' is out of range (0 to 86400)",
    "a case that is not an object": "forged.json, case 1: a case is not an object",
    "no guess allowed": "forged.json, case 1: 'allowed' is out of range (1 to 10000)",
    "NaN": "forged.json: not JSON: NaN is not a number JSON allows",
    # Python's reader would keep the last: the judge's, another's the first.
    "a verdict given twice": "forged.json: the field 'verdict' is given twice in one object",
    "relabelled as the other shard": "shard 2/2: its cases are not the ones this slice of the "
                                     "run holds",
    "label and provenance disagree": "forged.json: says it is shard 2/2 but was made as [1, 2]",
    "a megabyte as the shard it was made as": "forged.json: says it is shard 2/2 but was made as "
                                              f"'{'x' * 60}[... 999940 more characters]'",
    "another case set": "shard 1/2 was made with another case set than the others: not one run",
    "another seed": "shard 1/2 was made with another --seed than the others: not one run",
    "another limit": "shard 1/2 was made with other limits than the others: not one run",
    "another version of the file": "shard 2/2 graded another version of the file than the "
                                   "other shards",
    "another way to start afresh": "shard 2/2 started the cases of shared lists afresh in "
                                   "another way than the other shards (see each one's "
                                   "provenance): not one run",
    "no provenance": "forged.json: the report does not say how it was made (no provenance): "
                     "it cannot be checked, so it is not merged",
    "shard K of N with K > N": "forged.json: shard 3/2 does not exist",
}


@pytest.mark.parametrize("problem", FORGERIES)
def test_a_forged_shard_is_refused_in_one_line(problem: str, two_shards: list[Path],
                                               tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    first, second = two_shards
    reports = json.loads(first.read_text())
    everyone = problem == "relabelled as the other shard"  # the whole file, or it is caught
    reports = [forged(r, problem) if everyone or i == 0 else r for i, r in enumerate(reports)]
    path = tmp_path / "forged.json"
    text = json.dumps(reports)
    if problem == "NaN":
        text = text.replace('"NaN!"', "NaN")
    if problem == "a verdict given twice":
        text = text.replace('"verdict": "TWICE!"', '"verdict": "WA", "verdict": "AC"')
    path.write_text(text)
    capsys.readouterr()
    # Relabelled, shard 1 stands in for shard 2 beside the real shard 1.
    other = first if problem == "relabelled as the other shard" else second
    assert main(["merge", str(path), str(other)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert err.endswith(REFUSED_BECAUSE[problem] + "\n") and len(err) < 500, err
    assert main(["merge", str(first), str(second)]) in (0, 1)  # the honest pair merges


def test_solutions_that_start_cases_afresh_in_different_ways_merge(
        two_shards: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    """A Java file starts each case of a shared list in a new process where a Python file
    forks: one run, each solution's shards alike, and each merged report says its own way."""
    for path in two_shards:
        reports = json.loads(path.read_text())
        for report in reports:
            if report["solution"].endswith("first_candidate.py"):
                report["provenance"]["fresh_state"] = "process"
        path.write_text(json.dumps(reports))
    merged = two_shards[0].parent / "merged.json"
    assert main(["merge", *map(str, two_shards), "--json", str(merged)]) in (0, 1)
    ways = {Path(r["solution"]).name: r["provenance"]["fresh_state"]
            for r in json.loads(merged.read_text())}
    assert ways == {"minimax_cpp.py": None, "first_candidate.py": "process"}  # --in-process


def test_moved_case_files_are_named_with_cases(two_shards: list[Path], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    moved = tmp_path / "moved"
    shutil.copytree(CASES / "examples", moved / "examples")
    shutil.copytree(CASES / "handwritten", moved / "handwritten")
    for path in two_shards:  # as if graded where the cases were under another name
        reports = json.loads(path.read_text())
        for r in reports:
            r["provenance"]["cases"]["paths"] = ["nowhere/examples", "nowhere/handwritten"]
        path.write_text(json.dumps(reports))
    assert main(["merge", *map(str, two_shards)]) == 2
    assert "name where they are with --cases" in capsys.readouterr().err
    assert main(["merge", *map(str, two_shards), "--cases", str(moved / "examples"),
                 "--cases", str(moved / "handwritten")]) in (0, 1)
    assert main(["merge", *map(str, two_shards), "--cases", str(moved / "examples")]) == 2
    assert "are not the ones the shards were graded on" in capsys.readouterr().err


def test_a_shard_too_large_to_read_safely_is_refused(two_shards: list[Path],
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from judge.report import merge

    monkeypatch.setattr(merge, "LARGEST_REPORT", 100)
    assert main(["merge", *map(str, two_shards)]) == 2
    assert "is larger than" in capsys.readouterr().err
    # The bound itself is allowed: a report of exactly that size is read.
    largest = max(p.stat().st_size for p in two_shards)
    monkeypatch.setattr(merge, "LARGEST_REPORT", largest)
    assert main(["merge", *map(str, two_shards)]) in (0, 1)


def test_a_report_without_its_solution_says_which_file(two_shards: list[Path],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    reports = json.loads(two_shards[0].read_text())  # compare's: one report a solution
    del reports[0]["solution"]
    two_shards[0].write_text(json.dumps(reports))
    assert main(["merge", *map(str, two_shards)]) == 2
    assert capsys.readouterr().err.strip().endswith(
        f"{two_shards[0]}: 'solution' is missing or of the wrong type")


def test_a_merged_report_says_it_was_merged_and_keeps_every_shards_command(
        tmp_path: Path) -> None:
    """Not the first shard's command as if it had made the whole run."""
    parts = shards(tmp_path, TWO[1:], 2)
    merged, page = tmp_path / "merged.json", tmp_path / "merged.html"
    assert main(["merge", *map(str, parts), "--json", str(merged), "--html", str(page)]) in (0, 1)
    made = json.loads(merged.read_text())["provenance"]
    assert [s["shard"] for s in made["merged_from"]] == ["1/2", "2/2"]
    assert all(isinstance(s["date"], str) and s["date"] for s in made["merged_from"])
    assert [" ".join(s["command"]).count(f"--shard {k}/2") for k, s in
            enumerate(made["merged_from"], 1)] == [1, 1]
    text = page.read_text()
    shown = re.search(r"<br>command: (.*?) \(the first shard&#x27;s\)<br>", text)
    assert "merged from 2 shards made " in text and shown, text[:4000]
    assert "--shard 1/2" in shown[1] and "--shard 2/2" not in shown[1], text[:4000]


@pytest.mark.parametrize("shards_said", [[], ["not a shard"], "1/2", [{"date": "<b>"}] * 2])
def test_a_report_claiming_odd_shards_still_shows_where_it_came_from(shards_said: Any) -> None:
    from judge.report.provenance import when_and_how

    said = dict(when_and_how({"date": "2026-12-01", "command": ["judge", "grade", "--x"],
                              "merged_from": shards_said}))
    if isinstance(shards_said, list) and len(shards_said) == 2:
        assert said == {"date": "merged from 2 shards made <b>",
                        "command": "(not recorded) (the first shard's)"}
    else:
        assert said == {"date": "2026-12-01", "command": "judge grade --x"}


def test_a_guess_outside_the_list_answered_minus_one_is_honest(two_shards: list[Path],
                                                               tmp_path: Path) -> None:
    """merge replays every reply: one to a word outside the list is -1, and is believed."""
    first, second = two_shards
    reports = json.loads(first.read_text())
    case = reports[0]["cases"][0]
    case["transcript"] = [["zzzzzz", -1], *case["transcript"]]
    case["guesses"] = len(case["transcript"])
    path = tmp_path / "outside.json"
    path.write_text(json.dumps(reports))
    merged = tmp_path / "merged.json"
    assert main(["merge", str(path), str(second), "--json", str(merged)]) in (0, 1)
    data = json.loads(merged.read_text())
    reports = data if isinstance(data, list) else [data]
    assert any(["zzzzzz", -1] in c["transcript"] for r in reports for c in r["cases"])
