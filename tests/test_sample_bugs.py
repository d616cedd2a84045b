"""scripts/sample_bugs.py plants #31's sample of bugs: each still finds its code and tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_sample_bug_finds_the_code_it_changes_and_the_tests_it_names() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        spec = importlib.util.spec_from_file_location("sample_bugs",
                                                      ROOT / "scripts" / "sample_bugs.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["sample_bugs"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / "scripts"))
        sys.modules.pop("sample_bugs", None)
    assert len(module.BUGS) == 13
    for bug in module.BUGS:
        assert (ROOT / bug.path).read_text().count(bug.original) == 1, bug.name
        assert bug.original != bug.planted
        for test in bug.tests:
            path, _, name = test.partition("::")
            assert (ROOT / path).is_file(), test
            assert not name or f"def {name.split('[')[0]}(" in (ROOT / path).read_text(), test
