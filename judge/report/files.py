"""Writing report files: checked before any work is done, written whole or not at all."""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write next to `path` and rename, so a failure never leaves half a report.

    A path that names something other than a file (/dev/stdout, /dev/null, a pipe) is written
    through, as a shell's redirection would: a rename would put a file in its place. A symbolic
    link to a file stays a link, to the report.
    """
    try:
        if names_a_file(path):
            write_and_rename(Path(os.path.realpath(path)), text)
        else:
            write_in_place(path, text)
    except OSError as e:
        raise OSError(e.errno, f"the report was not written: {e.strerror or e}", str(path)) from e


def write_in_place(path: Path, text: str) -> None:
    # The path may be the judge's own output (/dev/stdout): what it printed comes first.
    sys.stdout.flush()
    sys.stderr.flush()
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_and_rename(path: Path, text: str) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
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


def names_a_file(path: Path) -> bool:
    """Whether `path` is a regular file, followed through links, or nothing yet."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return True


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def check_writable(path: Path) -> str | None:
    """Why a report cannot be written to `path`, or None; asked before any case runs."""
    try:
        if path.is_dir():
            return f"{path}: is a directory"
        if not names_a_file(path):  # a device or a pipe, written through
            return None if os.access(path, os.W_OK) else f"{path}: is not writable"
    except OSError as e:
        return f"{path}: {e.strerror}"
    directory = Path(os.path.realpath(path)).parent
    if not directory.is_dir():
        return f"{path}: directory {directory} does not exist"
    # Made and removed at once: the way the report will be written, asked of the file system
    # itself (root passes any access check, and /proc refuses every new file all the same).
    try:
        fd, probe = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as e:
        return f"{path}: directory {directory} is not writable ({e.strerror})"
    os.close(fd)
    os.unlink(probe)
    return None
