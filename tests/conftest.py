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

def needs_bubblewrap(test: Callable[..., None]) -> Callable[..., None]:
    """Marks a test `sandbox`, and skips it with how to install bubblewrap where it is missing."""
    skip = pytest.mark.skipif(shutil.which("bwrap") is None,
                              reason="bubblewrap is missing: apt-get install bubblewrap")
    marked: Callable[..., None] = pytest.mark.sandbox(skip(test))
    return marked
