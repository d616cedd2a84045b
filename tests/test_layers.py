"""Data flows down: no module of the judge imports one from a layer above its own."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

JUDGE = Path(__file__).resolve().parent.parent / "judge"

# Bottom to top. A module may import from its own layer or any layer below.
# The most specific name decides: judge.wc2022.game is in its own layer, not judge.wc2022's.
LAYERS: list[tuple[str, ...]] = [
    ("judge", "judge.wc2022", "judge.verdicts", "judge.safetext", "judge.reading",
     "judge.wording", "judge.rules", "judge.randomness", "judge.wc2022.rules"),
    ("judge.cases", "judge.master", "judge.result", "judge.seeds"),
    ("judge.harness",),
    ("judge.run",),
    ("judge.grading", "judge.report", "judge.analysis", "judge.wc2022.bound"),
    ("judge.fairness", "judge.generate", "judge.practice", "judge.experiments", "judge.fuzz",
     "judge.wc2022.game", "judge.wc2022.board"),
    ("judge.bench", "judge.fork_floor", "judge.measuring"),
    ("judge.cli", "judge.__main__"),
]


def module_name(path: Path) -> str:
    parts = path.relative_to(JUDGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer_of(module: str) -> int:
    """The layer of the longest name in LAYERS that is `module` or a package holding it."""
    matches = [(len(name), index) for index, layer in enumerate(LAYERS) for name in layer
               if module == name or (name != "judge" and module.startswith(name + "."))]
    assert matches, f"{module} is in no layer: add it to LAYERS"
    return max(matches)[1]


def judge_imports(path: Path) -> set[str]:
    """Every judge module `path` imports, at the top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            if node.module == "judge":
                names = [f"judge.{alias.name}" for alias in node.names]
            found.update(n for n in names if n.startswith("judge"))
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("judge"))
    return found - {"judge"}


MODULES = sorted(p for p in JUDGE.rglob("*.py") if p.name != "__init__.py" or p.stat().st_size)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_module_imports_upward(path: Path) -> None:
    here = layer_of(module_name(path))
    upward = {m for m in judge_imports(path) if layer_of(m) > here}
    assert not upward, f"{module_name(path)} (layer {here}) imports {sorted(upward)}"


def test_the_python_worker_imports_nothing_of_the_judge() -> None:
    """The sandbox mounts worker.py alone: it must run with the standard library only."""
    assert judge_imports(JUDGE / "harness" / "python" / "worker.py") == set()


def test_every_module_has_a_layer() -> None:
    for path in MODULES:
        layer_of(module_name(path))
