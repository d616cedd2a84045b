"""Report files that several commands write."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from judge.report.files import write_atomically
from judge.result import Report


def write_html(path: Path | None, reports: Sequence[Report], title: str) -> None:
    if path is not None:
        from judge.report.html import html_report

        write_atomically(path, html_report(reports, title))
