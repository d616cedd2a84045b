"""Reading a file the user names (a case, a shard's report, a dictionary, a solution): hostile
until read. A FIFO would block the judge for ever, a device such as /dev/zero never ends, and a
sparse file can claim terabytes; each is one clear line instead.
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import os
import stat
from collections import Counter
from pathlib import Path
from typing import Any

from judge.safetext import quoted

# A solution is a file pasted from LeetCode's editor, a few kilobytes; a precomputed table
# may make it megabytes. Far past that, it is no solution, and reading it would cost memory.
LARGEST_SOLUTION_FILE = 16 << 20
CHUNK = 1 << 20


class UnreadableFile(ValueError):
    """Why a named file cannot be read: said without its path, which the caller shows."""


class RepeatedField(ValueError):
    """A JSON object that names one field twice."""


def fields_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's fields (json's `object_pairs_hook`), refused where one name comes twice:
    readers disagree on which of the two counts (Python's keeps the last), so a file that
    names its secret twice has no one meaning."""
    fields = dict(pairs)
    if len(fields) < len(pairs):
        twice = next(name for name, count in Counter(name for name, _ in pairs).items()
                     if count > 1)
        raise RepeatedField(f"the field {quoted(twice)} is given twice in one object")
    return fields


def bound_text(size: int) -> str:
    """A bound in MiB where it is whole MiB, else in bytes."""
    return f"{size >> 20} MiB" if size % (1 << 20) == 0 else f"{size:,} bytes"


def status(path: Path) -> os.stat_result:
    """The status of what the path leads to (links followed); UnreadableFile if it leads
    nowhere, saying how: a link to nothing is not a file that is absent."""
    try:
        return path.stat()
    except FileNotFoundError as e:
        if path.is_symlink():
            raise UnreadableFile("is a symbolic link to a file that does not exist") from e
        raise UnreadableFile("does not exist") from e
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise UnreadableFile("is a loop of symbolic links") from e
        raise UnreadableFile(f"cannot be read: {e.strerror}") from e


def regular_file(path: Path) -> os.stat_result:
    """The file's status, if it is a regular file (links followed); UnreadableFile if not."""
    found = status(path)
    if stat.S_ISDIR(found.st_mode):
        raise UnreadableFile("is a folder")
    if not stat.S_ISREG(found.st_mode):
        raise UnreadableFile("is not a regular file")
    return found


def read_bounded(path: Path, largest: int) -> bytes:
    """The bytes of a regular file of at most `largest` bytes, or UnreadableFile saying why not.

    Checked before it is opened (opening a device may act on it), and again once open, since
    what is opened may not be what was checked; never read past `largest`, since the size
    stat reports need not hold (a file that grows, /proc)."""
    if regular_file(path).st_size > largest:
        raise UnreadableFile(f"is larger than {bound_text(largest)}")
    try:
        # Without blocking: a FIFO put in the file's place would wait for a writer for ever.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        raise UnreadableFile(f"cannot be read: {e.strerror}") from e
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile("is not a regular file")
        chunks, total = [], 0
        while total <= largest and (chunk := os.read(fd, min(CHUNK, largest + 1 - total))):
            chunks.append(chunk)
            total += len(chunk)
    except OSError as e:
        raise UnreadableFile(f"cannot be read: {e.strerror}") from e
    finally:
        os.close(fd)
    if total > largest:
        raise UnreadableFile(f"is larger than {bound_text(largest)}")
    return b"".join(chunks)


def read_text_bounded(path: Path, largest: int, encoding: str = "utf-8") -> str:
    """The file's text (see read_bounded); UnreadableFile if it is not in `encoding`. A UTF-8
    byte order mark at its start, which Windows editors write, is not text (RFC 8259 lets a
    JSON reader ignore it)."""
    data = read_bounded(path, largest)
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[start:].decode(encoding)
    except UnicodeDecodeError as e:
        at = start + e.start
        raise UnreadableFile(f"is not {encoding.upper()} text: byte {at} is "
                             f"{data[at]:#04x}") from e


def solution_refused(path: Path) -> str:
    """Why a solution file will not be built or loaded (the submission's CE), or ""."""
    try:
        size = regular_file(path).st_size
    except UnreadableFile as e:
        return f"the solution file {e}"
    if size > LARGEST_SOLUTION_FILE:
        return (f"the solution file is {size:,} bytes, larger than the "
                f"{bound_text(LARGEST_SOLUTION_FILE)} the judge reads")
    try:  # or the judge's own read of it, to build it, fails: JE for what is the file's
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC))
    except OSError as e:
        return f"the solution file cannot be read: {e.strerror}"
    return ""


def solution_sha256(path: Path) -> str:
    """The digest of a solution file's content; of why it was not read, when it is larger
    than any file the judge runs (such a file is a CE, never read)."""
    try:
        data = read_bounded(path, LARGEST_SOLUTION_FILE)
    except UnreadableFile as e:
        data = f"unread: {e}".encode()
    return hashlib.sha256(data).hexdigest()
