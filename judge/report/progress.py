"""A progress line for long runs: on a terminal only, silent when piped or asked to be quiet.

Written by hand rather than taken from tqdm or rich: one line with a count, a rate and the
time left is all the judge needs, and it must stay thread-safe for `compare --jobs`.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

REDRAW_SECONDS = 0.25


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


class Progress:
    """`done/total`, the rate, and an estimate of the time left, redrawn in place."""

    def __init__(self, total: int, label: str, stream: TextIO | None = None,
                 enabled: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total, self.label, self.done = total, label, 0
        self.start = self.drawn_at = time.monotonic()
        self._lock = threading.Lock()
        self._width = 0

    def line(self, now: float) -> str:
        elapsed = now - self.start
        text = f"{self.label}: {self.done}/{self.total}"
        if self.done and elapsed > 0:
            rate = self.done / elapsed
            left = (self.total - self.done) / rate
            text += f", {rate:.1f}/s, {duration(left)} left"
        return text

    def advance(self, count: int = 1) -> None:
        with self._lock:
            self.done += count
            now = time.monotonic()
            if self.enabled and (now - self.drawn_at >= REDRAW_SECONDS or
                                 self.done >= self.total):
                self.drawn_at = now
                self._draw(self.line(now))

    def _draw(self, text: str) -> None:
        self.stream.write("\r" + text.ljust(self._width))
        self.stream.flush()
        self._width = len(text)

    def close(self) -> None:
        """Erase the line, so that what is printed next starts clean."""
        with self._lock:
            if self.enabled and self._width:
                self.stream.write("\r" + " " * self._width + "\r")
                self.stream.flush()
                self._width = 0
