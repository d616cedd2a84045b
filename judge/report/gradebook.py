"""Gradebook files in the formats teachers' tools already read: a CSV (one row a
submission), Gradescope's autograder results.json (one test a case), and JUnit XML (one
testcase a case), which CI systems and GitHub Classroom show.

Each says how it was made (the provenance of the run), so that a gradebook can be checked,
or made again, from itself.
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ElementTree
from collections.abc import Sequence
from pathlib import PurePosixPath

from judge.report.provenance import provenance_items, provenance_lines
from judge.report.text import summary_text, transcript_text, why, worst_text
from judge.result import CaseResult, Report
from judge.safetext import safe, safe_block
from judge.verdicts import VERDICTS

CSV_COLUMNS = ("rank", "student", "solution", "file", "score", "max_score", *VERDICTS,
               "mean_accepted", "mean_played", "most_guesses_per_limit", "time_s")


def student_of(name: str) -> str:
    """Whose a submission is, as a roster names them: the student's folder in a class of
    folders (ann of ann/solution.py), the file's name without its extension in a folder of
    files (ann of ann.py)."""
    path = PurePosixPath(name)
    return path.parts[0] if len(path.parts) > 1 else path.stem


def gradebook_csv(reports: Sequence[Report]) -> str:
    out = io.StringIO()
    for line in provenance_lines(reports):
        out.write(f"# {line}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for report in reports:
        s = report.summary()
        writer.writerow([
            "" if report.rank is None else report.rank, csv_text(student_of(report.name)),
            csv_text(report.name),
            csv_text(report.solution), s["accepted"], s["cases"],
            *(s["verdicts"].get(v, 0) for v in VERDICTS),
            "" if s["mean_guesses"] is None else f"{s['mean_guesses']:.4f}",
            "" if s["mean_guesses_played"] is None else f"{s['mean_guesses_played']:.4f}",
            worst_text(s["worst_by_limit"], named=False), f"{s['time_s']:.3f}"])
    return out.getvalue()


def csv_text(text: str) -> str:
    """A name as a spreadsheet cell: escaped, and never a formula (=, +, -, @ lead one)."""
    text = safe(text)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def case_output(result: CaseResult) -> str:
    if result.verdict == "AC":
        return f"{result.verdict}: {result.guesses} of {result.allowed} guesses"
    return f"{result.verdict}: {safe(why(result))}\n{transcript_text(result)}"


def gradescope_results(report: Report, visibility: str = "visible") -> str:
    """Gradescope's autograder results.json for one submission: a test a case, worth 1, whose
    result (its secret and guesses too) the student sees when `visibility` says."""
    s = report.summary()
    tests = [{"name": safe(r.name), "number": str(i), "score": int(r.verdict == "AC"),
              "max_score": 1, "status": "passed" if r.verdict == "AC" else "failed",
              "output": safe_block(case_output(r)), "visibility": visibility}
             for i, r in enumerate(report.results, 1)]
    data = {"score": s["accepted"], "max_score": s["cases"],
            "execution_time": round(s["time_s"], 3), "visibility": visibility,
            "stdout_visibility": "hidden",
            "output": "\n".join([summary_text(report), "", *provenance_lines([report])]),
            "tests": tests}
    return json.dumps(data, indent=1) + "\n"


def gradescope_refusal(message: str) -> str:
    """Gradescope's results.json for a submission that was not graded: the reason, shown to
    the student, and no score (Gradescope's autograder otherwise only says it failed)."""
    data = {"score": 0, "visibility": "visible", "stdout_visibility": "hidden",
            "output": safe_block(message), "tests": []}
    return json.dumps(data, indent=1) + "\n"


def junit_xml(reports: Sequence[Report]) -> str:
    """A testsuite a submission, a testcase a case: WA a failure, the other verdicts that
    are not AC an error, SC skipped."""
    suites = ElementTree.Element("testsuites", name="guess-judge")
    for report in reports:
        s = report.summary()
        verdicts = s["verdicts"]
        errors = sum(n for v, n in verdicts.items() if v not in ("AC", "WA", "SC"))
        suite = ElementTree.SubElement(
            suites, "testsuite", name=safe(report.name), tests=str(s["cases"]),
            failures=str(verdicts.get("WA", 0)), errors=str(errors),
            skipped=str(verdicts.get("SC", 0)), time=f"{s['time_s']:.3f}")
        properties = ElementTree.SubElement(suite, "properties")
        for key, value in provenance_items([report]):
            ElementTree.SubElement(properties, "property", name=key, value=value)
        for result in report.results:
            case = ElementTree.SubElement(suite, "testcase", classname=safe(report.name),
                                          name=safe(result.name), time=f"{result.time_s:.3f}")
            if result.verdict == "AC":
                continue
            kind = {"WA": "failure", "SC": "skipped"}.get(result.verdict, "error")
            element = ElementTree.SubElement(case, kind, type=result.verdict,
                                             message=safe(why(result)))
            if kind != "skipped":
                element.text = safe_block(transcript_text(result))
    ElementTree.indent(suites)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            + ElementTree.tostring(suites, encoding="unicode") + "\n")
