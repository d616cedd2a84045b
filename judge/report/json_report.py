"""Reports as JSON: one object for one solution, a list for several."""

from __future__ import annotations

import json
from collections.abc import Sequence

from judge.result import Report


def reports_json(reports: Sequence[Report]) -> str:
    """One solution's report as an object, several as a list (what `compare` writes)."""
    data: object = reports[0].to_json() if len(reports) == 1 else [r.to_json() for r in reports]
    return json.dumps(data, indent=1) + "\n"


def leaderboard_json(reports: Sequence[Report]) -> str:
    """Always a list, one report per solution, whatever their number."""
    return json.dumps([r.to_json() for r in reports], indent=1) + "\n"
