"""Writing report files: checked before any work is done, written whole or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write next to `path` and rename, so a failure never leaves half a report."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); a report gets the mode of any file the user
        # writes, by the umask.
        os.fchmod(fd, 0o666 & ~current_umask())
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_writable(path: Path) -> str | None:
    """Why a report cannot be written to `path`, or None; asked before any case runs."""
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        return f"{path}: directory {directory} does not exist"
    if path.is_dir():
        return f"{path}: is a directory"
    if not os.access(directory, os.W_OK):
        return f"{path}: directory {directory} is not writable"
    return None
