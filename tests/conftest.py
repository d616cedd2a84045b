from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
SOLUTIONS = ROOT / "solutions"
CASES = ROOT / "cases"

settings.register_profile("dev", max_examples=60, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# A sandbox test is marked `sandbox`, and skipped with how to install bubblewrap where it is
# missing (make test and .ci/run install it).
SANDBOX_MARKS = (pytest.mark.sandbox,
                 pytest.mark.skipif(shutil.which("bwrap") is None,
                                    reason="bubblewrap is missing: apt-get install bubblewrap"))
# Parameters for a test that must hold with and without the sandbox.
BOTH_MODES = [pytest.param(False, id="plain"),
              pytest.param(True, id="sandbox", marks=SANDBOX_MARKS)]


def needs_bubblewrap(test: Callable[..., None]) -> Callable[..., None]:
    for mark in SANDBOX_MARKS:
        test = mark(test)
    return test
