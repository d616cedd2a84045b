from __future__ import annotations

import os
import shutil
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

needs_bubblewrap = pytest.mark.skipif(
    shutil.which("bwrap") is None, reason="bubblewrap is missing: apt-get install bubblewrap")
