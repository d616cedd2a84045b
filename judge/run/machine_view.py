"""What a sandboxed worker sees of the machine through /proc: for its counters, stand-ins.

The sandbox's /proc is its own PID namespace's, but some of its files speak for the whole
machine, and a case moves them: each process it starts adds one to /proc/stat's "processes",
each page it touches to /proc/vmstat's faults, each name it looks up in vain to the dentries
of /proc/sys/fs. They keep the count once the case has ended, so the next case would read
what the last one left there (its secret's index, say), in a new worker as in a fork. In their
place each worker sees a stand-in, the same for every worker of the judge's run: every count
0, and only what does not move while the machine runs kept (its processors, its memory, when
it booted), so that a program that reads the file to size itself still can. A file the kernel
here does not have is left out.

A process can still measure the machine as it runs (how busy it is, how much memory is free,
how fast a read is): timing's kind of channel, which no sandbox of this kind closes
(docs/reference.md, "What stays possible").
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable
from pathlib import Path

PROC = Path("/proc")
NUMBER = re.compile(r"\d+(\.\d+)?")

# /proc/stat's boot time, in seconds since the epoch: the one number there no case can move.
STILL_IN_STAT = ("btime",)
# /proc/meminfo's sizes of the machine; of the rest, what is free is shown as all of it.
STILL_IN_MEMINFO = ("MemTotal", "SwapTotal", "CommitLimit", "VmallocTotal", "Hugepagesize",
                    "HugePages_Total")
FREE_AS_TOTAL = {"MemFree": "MemTotal", "MemAvailable": "MemTotal", "SwapFree": "SwapTotal"}


def zero_like(number: re.Match[str]) -> str:
    """0 with as many decimals as the number (a load of 0.17 reads 0.00)."""
    decimals = number.group(0).partition(".")[2]
    return "0." + "0" * len(decimals) if decimals else "0"


def all_zero(real: str) -> str:
    return "".join(NUMBER.sub(zero_like, line) + "\n" for line in real.splitlines())


def zeroed(line: str) -> str:
    """The line with every number after its first word 0 (a "cpu1" keeps its name)."""
    key, space, rest = line.partition(" ")
    return key + space + NUMBER.sub(zero_like, rest)


def stat_stand_in(real: str) -> str:
    """/proc/stat: a "cpu" line for each processor, every count 0, the boot time kept."""
    return "".join((line if line.split(" ", 1)[0] in STILL_IN_STAT else zeroed(line)) + "\n"
                   for line in real.splitlines())


def meminfo_stand_in(real: str) -> str:
    """/proc/meminfo: the machine's sizes; free memory and swap as all of it; the rest 0."""
    values = dict(line.split(":", 1) for line in real.splitlines() if ":" in line)
    shown = []
    for key, value in values.items():
        if key in FREE_AS_TOTAL and FREE_AS_TOTAL[key] in values:
            value = values[FREE_AS_TOTAL[key]]
        elif key not in STILL_IN_MEMINFO:
            value = NUMBER.sub(zero_like, value)
        shown.append(f"{key}:{value}\n")
    return "".join(shown)


def nothing(real: str) -> str:
    return ""


# Each machine-wide file that keeps a count a case can move by as much as it likes, with its
# stand-in. (The machine's free memory and load move too, with everything on it, and any
# process reads them through sysinfo(2) as well: timing's kind of channel, left as it is, but
# for /proc/meminfo, which also tells the page cache's size, the sum of every page a case
# read for the first time. Each stand-in costs a worker's start a mount, about 0.15 ms.)
STAND_INS: dict[str, Callable[[str], str]] = {
    "stat": stat_stand_in,  # processes started, context switches, interrupts, processor time
    "meminfo": meminfo_stand_in,  # the page cache's size among the rest
    "zoneinfo": nothing,  # the same, zone by zone
    "vmstat": nothing,  # page faults, pages read and written, every other event of memory
    "diskstats": nothing,  # reads each disk served (a read that bypasses the page cache)
    "interrupts": nothing,  # each processor's, those one processor sends another among them
    "softirqs": nothing,
    "schedstat": nothing,
    "sys/fs/dentry-state": all_zero,  # names looked up, found or not, that the kernel keeps
}


@functools.cache
def stand_ins() -> dict[str, bytes]:
    """Each stand-in, made once from this machine's files (those it has)."""
    made = {}
    for name, stand_in in STAND_INS.items():
        try:
            real = (PROC / name).read_text()
        except OSError:
            continue  # not on this kernel (or not readable): nothing to stand in for
        made[f"/proc/{name}"] = stand_in(real).encode()
    return made


def bubblewrap_arguments() -> tuple[list[str], tuple[int, ...]]:
    """bubblewrap's arguments that show each stand-in (after its --proc) and the descriptors
    they read, which the launch passes on and closes."""
    arguments: list[str] = []
    descriptors: list[int] = []
    try:
        for path, content in stand_ins().items():
            descriptors.append(holding(content))
            arguments += ["--perms", "0444", "--ro-bind-data", str(descriptors[-1]), path]
    except OSError:
        for fd in descriptors:
            os.close(fd)
        raise
    return arguments, tuple(descriptors)


def holding(content: bytes) -> int:
    """A descriptor to read `content` from, to its end, as bubblewrap reads it."""
    fd = os.memfd_create("stand-in", os.MFD_CLOEXEC)
    try:
        os.write(fd, content)  # a few kilobytes at most: written whole
        os.lseek(fd, 0, os.SEEK_SET)
    except OSError:
        os.close(fd)
        raise
    return fd
