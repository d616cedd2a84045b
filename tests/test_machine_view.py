"""The stand-ins a sandboxed worker sees for the machine's counters (judge/run/machine_view.py):
what each keeps of the machine's file, and that a worker reads them and nothing else."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from judge.harness.launch import Launch
from judge.run import machine_view
from judge.run.confine import Bubblewrap
from judge.run.machine_view import (
    STAND_INS,
    all_zero,
    bubblewrap_arguments,
    meminfo_stand_in,
    stand_ins,
    stat_stand_in,
)

from .conftest import needs_bubblewrap
from .test_confine import run

STAT = """\
cpu  4705 150 1120 1680380 2000 0 36 0 0 0
cpu0 2350 75 560 840190 1000 0 18 0 0 0
cpu1 2355 75 560 840190 1000 0 18 0 0 0
intr 1462898 25 9 0 0 0
ctxt 2878532
btime 1796591531
processes 2865457
procs_running 3
procs_blocked 0
softirq 1181036 0 104096 1 0
"""


def test_stat_keeps_each_processor_and_the_boot_time_and_counts_nothing() -> None:
    assert stat_stand_in(STAT) == """\
cpu  0 0 0 0 0 0 0 0 0 0
cpu0 0 0 0 0 0 0 0 0 0 0
cpu1 0 0 0 0 0 0 0 0 0 0
intr 0 0 0 0 0 0
ctxt 0
btime 1796591531
processes 0
procs_running 0
procs_blocked 0
softirq 0 0 0 0 0
"""


MEMINFO = """\
MemTotal:       24683784 kB
MemFree:        18127340 kB
MemAvailable:   22312344 kB
Cached:          3848280 kB
SwapTotal:       1048572 kB
SwapFree:         948572 kB
Hugepagesize:       2048 kB
HugePages_Total:       0
"""


def test_meminfo_keeps_the_machines_sizes_and_shows_all_of_it_free() -> None:
    assert meminfo_stand_in(MEMINFO) == """\
MemTotal:       24683784 kB
MemFree:       24683784 kB
MemAvailable:       24683784 kB
Cached:          0 kB
SwapTotal:       1048572 kB
SwapFree:       1048572 kB
Hugepagesize:       2048 kB
HugePages_Total:       0
"""


def test_a_count_of_the_machines_reads_zero_in_its_own_shape() -> None:
    assert all_zero("0.17 0.87 1.83 1/113 2865457\n") == "0.00 0.00 0.00 0/0 0\n"
    assert all_zero("113497\t84216\t45\t0\t0\t0\n") == "0\t0\t0\t0\t0\t0\n"


def test_the_stand_ins_are_made_from_the_files_this_machine_has(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "sys" / "fs").mkdir(parents=True)
    (tmp_path / "stat").write_text(STAT)
    (tmp_path / "sys" / "fs" / "dentry-state").write_text("5 4 45 0 0 0\n")
    monkeypatch.setattr(machine_view, "PROC", tmp_path)
    stand_ins.cache_clear()
    try:
        made = stand_ins()
    finally:
        stand_ins.cache_clear()
    assert made == {"/proc/stat": stat_stand_in(STAT).encode(),
                    "/proc/sys/fs/dentry-state": b"0 0 0 0 0 0\n"}


def test_every_stand_in_is_read_from_a_descriptor_of_its_own() -> None:
    arguments, descriptors = bubblewrap_arguments()
    try:
        assert len(descriptors) == len(stand_ins())
        for fd, (path, content) in zip(descriptors, stand_ins().items(), strict=True):
            at = arguments.index(path)
            assert arguments[at - 4:at] == ["--perms", "0444", "--ro-bind-data", str(fd)]
            assert os.read(fd, 1 << 20) == content
    finally:
        for fd in descriptors:
            os.close(fd)


@needs_bubblewrap
def test_a_sandboxed_worker_reads_each_stand_in_where_the_machines_file_was() -> None:
    """Every file of STAND_INS this machine has reads as its stand-in inside the sandbox, as
    the worker's user, who cannot write it."""
    shown = sorted(stand_ins())
    script = ('for f in "$@"; do cat "$f"; echo "== $f"; done; '
              'echo 1 2>/dev/null > /proc/stat && echo wrote || echo refused')
    done = run(Bubblewrap().command(Launch(argv=("/bin/sh", "-c", script, "sh", *shown),
                                           env={})))
    expected = "".join(stand_ins()[path].decode() + f"== {path}\n" for path in shown)
    expected += "refused\n"
    assert done.stdout.decode() == expected, done.stderr.decode()
    assert "/proc/stat" in shown and set(STAND_INS) >= {p[len("/proc/"):] for p in shown}
