"""Where a solution's random numbers come from, so that any one case of a run can be replayed.

A run has one seed (--seed, or one the command line draws and prints). The solution's process
hashes strings with it (Python's `set` order), and every case seeds the language's default
generator from it and the case's name: cases draw apart, as they would in processes of their
own, and `--case NAME --seed N` plays NAME alone exactly as the whole run played it.
"""

from __future__ import annotations

import hashlib
from typing import NamedTuple

CASE_SEEDS = 2**32  # what every harness can seed with: C++'s srand takes an unsigned int


class Seeds(NamedTuple):
    """A case's seeds: the run's, for what a process fixes at its start, and the case's own;
    None where the system's randomness is left to draw."""

    run: int | None
    case: int | None


UNSEEDED = Seeds(None, None)


def case_seed(run: int, case_name: str) -> int:
    """The seed of the named case's generator in the run seeded with `run`."""
    # A name comes from a case file and may hold anything, a lone surrogate included.
    digest = hashlib.sha256(f"{run}:{case_name}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % CASE_SEEDS


def seeds_for(run: int | None, case_name: str) -> Seeds:
    """The case's seeds in the run seeded with `run` (None: a run left unseeded)."""
    return UNSEEDED if run is None else Seeds(run, case_seed(run, case_name))
