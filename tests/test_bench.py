"""`make bench` in miniature: every measurement runs and reports its fields. No timing is
asserted; the real run is `make bench`."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import bench
from judge.__main__ import main


def test_engine_rows_have_both_timings_and_their_ratio() -> None:
    (row,) = bench.engine_against_plain_python(sizes=(40,))
    assert row["words"] == 40 and row["ratio"] == row["python_s"] / row["engine_s"]
    scale = bench.engine_at_scale(300)
    assert scale["matrix_s"] > 0 and scale["minimax_guess_s"] > 0


def test_isolation_rows() -> None:
    row = bench.isolation_cost(lists=1)
    assert row["cases"] == 100 and row["ratio"] == row["isolated_s"] / row["in_process_s"]
    assert row["guess_round_trip_us"] > 0 and row["worker_start_s"] > 0


@pytest.mark.slow
def test_solver_and_fuzzer_rows() -> None:
    (row,) = bench.optimal_solver(sizes=(20,), limit=10)
    assert row["proven"] and row["lower"] == row["upper"]
    rows = bench.fuzz_first_find(budget=1.0)
    assert [r["solution"] for r in rows] == list(bench.FUZZED)


def test_bench_command_writes_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(bench, "run", lambda **kwargs: {"ok": kwargs})
    out = tmp_path / "bench.json"
    assert main(["bench", "--json", str(out), "--optimal-limit", "1", "--fuzz-budget", "1"]) == 0
    assert '"optimal_limit": 1.0' in out.read_text()
