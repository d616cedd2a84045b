"""Progress for long runs: on a terminal only, silent when piped or asked to be quiet.

`Progress` is one line written by hand (a count, a rate, the time left: all grade needs).
compare's `SolutionsProgress` shows several solutions at once, and there rich's live
display, a well-kept library, beats what we would write.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, TextIO

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


class SolutionsProgress:
    """compare's progress, a solution at a time: on a terminal, rich's live display (a bar
    for the whole class and one for each solution being graded, a line for each solution
    done); elsewhere a plain line for each solution done. Thread-safe: solutions are graded
    side by side."""

    def __init__(self, solutions: int, cases: int, enabled: bool = True,
                 stream: TextIO | None = None, terminal: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled, self.cases = enabled, cases
        self.live = enabled and (self.stream.isatty() if terminal is None else terminal)
        self._lock = threading.Lock()
        self._tasks: dict[str, Any] = {}
        if self.live:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            console = Console(file=self.stream, force_terminal=True, highlight=False)
            self._rich = Progress(TextColumn("{task.description}"), BarColumn(),
                                  MofNCompleteColumn(), TimeRemainingColumn(),
                                  console=console, transient=True)
            self._all = self._rich.add_task("all solutions", total=solutions * cases)
            self._rich.start()

    def started(self, label: str) -> None:
        if self.live:
            with self._lock:
                self._tasks[label] = self._rich.add_task(f"  {label}", total=self.cases)

    def advance(self, label: str) -> None:
        if self.live:
            with self._lock:
                self._rich.advance(self._tasks[label])
                self._rich.advance(self._all)

    def finished(self, label: str, line: str) -> None:
        if not self.enabled:
            return
        with self._lock:
            if self.live:
                self._rich.remove_task(self._tasks.pop(label))
                self._rich.console.print(line, markup=False, highlight=False)
            else:
                self.stream.write(line + "\n")
                self.stream.flush()

    def close(self) -> None:
        if self.live:
            self._rich.stop()
