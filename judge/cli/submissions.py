"""Which files a command line names: each file given, every submission below a folder given
(and what was passed over there), and a name for each in reports."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from judge.cli.base import UsageError
from judge.safetext import safe
from judge.wording import counted


@dataclass
class Found:
    """The files to grade, and those of the folders given that were passed over."""

    files: list[Path] = field(default_factory=list)
    other_languages: list[Path] = field(default_factory=list)
    # A link in a folder is the submitter's to aim: at the hidden cases, at any file of the
    # grader's, whose lines a compile error would then show. Not followed, as linked folders
    # are not entered.
    links: list[Path] = field(default_factory=list)
    installed: list[Path] = field(default_factory=list)  # folders of installed packages
    # Named as a submission and no file: a pipe, a device, a socket. Nothing to read, and a
    # pipe's read would wait for ever.
    not_files: list[Path] = field(default_factory=list)
    # A student's folder (one of several below a folder given) holding more than one
    # solution file: each is graded as a submission of its own, a row each.
    several: list[tuple[Path, list[Path]]] = field(default_factory=list)
    # A folder beside students' folders that holds no solution file (solution.txt only, or
    # nothing): no row stands for it, so the teacher is told.
    without_solutions: list[Path] = field(default_factory=list)
    # Named more than once (a file, and a folder it is in): graded once.
    repeated: list[Path] = field(default_factory=list)
    # Files of the same content under different names (two students' submissions, say), by
    # the names the reports give them: each is still graded, and the teacher is told.
    identical: list[list[str]] = field(default_factory=list)

    def unread_submissions(self) -> list[str]:
        """What in the folders given may be a student's work that was not graded, each with
        why, for the reports' provenance: a gradebook read on its own says so too."""
        return [f"{safe(p)} ({why})" for paths, why in (
            (self.links, "a symbolic link, not followed"),
            (self.not_files, "not a file"),
            (self.archives(), "an archive, not unpacked"),
            (self.without_solutions, "a folder with no solution file the judge could read"))
            for p in paths]

    def archives(self) -> list[Path]:
        return [p for p in self.other_languages if is_archive(p)]

    def say_passed_over(self, quiet: bool) -> None:
        """What was passed over: files of other languages and folders of installed packages
        as notes (not when `quiet`), links and archives as warnings, on stderr."""
        archives = self.archives()
        others = [p for p in self.other_languages if p not in archives]
        if others and not quiet:
            print(f"passed over {counted(len(others), 'file')} in the folders given, not in a "
                  f"language the judge runs: {listed(others, whole=True)}", flush=True)
        if archives:
            # A class downloaded from a course's site may be a folder of zips: each a student
            # who would otherwise have no row, with nothing said under -q.
            print(f"warning: passed over {counted(len(archives), 'archive')} in the folders "
                  f"given, which the judge does not unpack: {listed(archives, whole=True)}",
                  file=sys.stderr, flush=True)
        if self.installed and not quiet:
            print(f"passed over {counted(len(self.installed), 'folder')} of installed packages "
                  f"in the folders given: {listed(self.installed, whole=True)}", flush=True)
        if self.links:
            links = counted(len(self.links), "symbolic link")
            print(f"warning: passed over {links} in the folders given, not followed (a "
                  "submission's link could lead to any file of yours; name one on the command "
                  "line to grade what it leads to): "
                  f"{listed(self.links, whole=True)}", file=sys.stderr, flush=True)
        if self.not_files:
            print(f"warning: passed over {not_files_text(len(self.not_files))} in the "
                  f"folders given: {listed(self.not_files, whole=True)}", file=sys.stderr,
                  flush=True)
        for folder, files in self.several:
            print(f"warning: {safe(folder)} holds {counted(len(files), 'solution file')}, "
                  f"each graded as a submission of its own: {listed(files)}",
                  file=sys.stderr, flush=True)
        if self.without_solutions:
            count = len(self.without_solutions)
            one = count == 1
            print(f"warning: {counted(count, 'folder')} beside the other students' "
                  f"hold{'s' if one else ''} no solution file the judge could read "
                  f"({', '.join(served_extensions())}) "
                  f"and {'has' if one else 'have'} no row: "
                  f"{listed(self.without_solutions, whole=True)}", file=sys.stderr, flush=True)
        if self.repeated and not quiet:
            print(f"named more than once, graded once: {listed(self.repeated, whole=True)}",
                  flush=True)
        for names in self.identical:
            print(f"warning: {counted(len(names), 'file')} of the same content, each graded as "
                  f"a submission of its own: {', '.join(names)}", file=sys.stderr, flush=True)


def not_files_text(count: int) -> str:
    """What `count` names of submissions that are no files are."""
    are = "is not a file" if count == 1 else "are not files"
    return f"{counted(count, 'name')} that {are} (a pipe, a device or a socket)"


def listed(paths: Sequence[Path], whole: bool = False, most: int = 5) -> str:
    """The first few paths, by name (or `whole`)."""
    return ", ".join(safe(p if whole else p.name) for p in paths[:most]) + (
        ", ..." if len(paths) > most else "")


# Files that hold others, which a student may have handed in whole.
ARCHIVES = (".zip", ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tar.xz", ".7z", ".rar", ".gz")


def is_archive(path: Path) -> bool:
    return path.name.lower().endswith(ARCHIVES)


# Folders of packages installed beside a submission, not its submitter's own code: a student's
# node_modules alone would add hundreds of rows to a class's gradebook.
INSTALLED_PACKAGES = frozenset({"node_modules", "site-packages", "dist-packages"})


def installed_packages(folder: Path) -> bool:
    """Whether a folder holds installed packages: by its name, or a Python virtual
    environment (pyvenv.cfg), whatever its name."""
    if folder.name in INSTALLED_PACKAGES:
        return True
    try:
        return (folder / "pyvenv.cfg").is_file()
    except OSError:  # a folder the judge may not read: nothing in it is graded, and it is named
        return False


def files_below(folder: Path) -> tuple[list[Path], list[Path]]:
    """Every entry but a folder below `folder` (files, links, links to folders, pipes...), in
    order, but for hidden ones, caches, the insides of linked folders and folders of installed
    packages; and those folders, in order."""
    files, installed = [], []
    for top, folders, names in os.walk(folder):  # links to folders are listed, not entered
        here = Path(top)
        kept = []
        for name in folders:
            if name.startswith(".") or name == "__pycache__":
                continue
            if (here / name).is_symlink():
                files.append(here / name)  # passed over aloud, as a link to a file is
            elif installed_packages(here / name):
                installed.append(here / name)
            else:
                kept.append(name)
        folders[:] = kept
        files += [here / name for name in names if not name.startswith(".")]
    return sorted(files), sorted(installed)


def solution_files(paths: Sequence[Path]) -> Found:
    """The files to grade: each file named, and every file below a named folder whose
    extension a harness serves (hidden files, caches and installed packages left out, links
    not followed); and the files of those folders that were passed over."""
    served = set(served_extensions())
    found = Found()
    for path in paths:
        if not path.is_dir():
            found.files.append(path)
            continue
        below, installed = files_below(path)
        found.installed += installed
        mine = [p for p in below if p.suffix.lower() in served]
        # A link to a folder may be a student's whole submission (a class put together with
        # ln -s): never silently left out of the gradebook.
        links = [p for p in below if p.is_symlink() and (p in mine or p.is_dir())]
        files = [p for p in mine if p not in links and p.is_file()]
        not_files = [p for p in mine if p not in links and p not in files]
        found.files += files
        by_student = students_folders(path, files)
        found.several += several_in_a_folder(by_student)
        found.without_solutions += folders_without_solutions(path, by_student)
        found.links += links
        found.not_files += not_files
        others = [p for p in below if p.suffix.lower() not in served and p.is_file()]
        found.other_languages += others
        if not files:
            known = ", ".join(served_extensions())
            only = [f"{counted(len(links), 'symbolic link')}, which the judge does not follow"
                    ] if links else []
            only += [not_files_text(len(not_files))] if not_files else []
            archives = [p for p in others if is_archive(p)]
            only += [f"{counted(len(archives), 'archive')}, which the judge does not unpack"
                     ] if archives else []
            raise UsageError(f"{safe(path)}: a folder with no solution file in it ({known})"
                             + (f", only {' and '.join(only)}" if only else ""))
    found.files, found.repeated = once_each(found.files)
    found.identical = same_content(found.files, [p for p in paths if p.is_dir()])
    return found


def once_each(files: Sequence[Path]) -> tuple[list[Path], list[Path]]:
    """The files, each path once (`a.py` and `./a.py` are one, a link and its target two),
    in the order first named; and those named again."""
    seen: set[str] = set()
    kept: list[Path] = []
    again: list[Path] = []
    for file in files:
        key = os.path.abspath(file)
        (again if key in seen else kept).append(file)
        seen.add(key)
    return kept, again


def same_content(files: Sequence[Path], folders: Sequence[Path]) -> list[list[str]]:
    """The groups of `files` whose bytes are the same, each by the names the reports give
    them (`labels`); a file the judge will not read is in none."""
    from judge.reading import solution_refused, solution_sha256

    by_digest: dict[str, list[str]] = {}
    for file, name in zip(files, labels(files, folders), strict=True):
        if not solution_refused(file):
            by_digest.setdefault(solution_sha256(file), []).append(safe(name))
    return [names for names in by_digest.values() if len(names) > 1]


def served_extensions() -> list[str]:
    """The extensions of the files a harness runs, in order."""
    from judge.harness.registry import HARNESSES

    return sorted({e for h in HARNESSES for e in h.extensions})


def folders_without_solutions(folder: Path, holding: Mapping[Path, list[Path]]) -> list[Path]:
    """The folders just below `folder` that hold no solution file where at least two others
    do (`holding`, by `students_folders`: a class of students' folders): a student whose only
    file is solution.txt, or whose folder is empty or unreadable, would have no row. Not
    hidden folders, caches, folders of installed packages, nor links (named as links)."""
    if len(holding) < 2:
        return []
    return sorted(p for p in folder.iterdir()
                  if p.is_dir() and not p.is_symlink() and p not in holding
                  and not p.name.startswith(".") and p.name != "__pycache__"
                  and not installed_packages(p))


def students_folders(folder: Path, files: Sequence[Path]) -> dict[Path, list[Path]]:
    """`files` by the folder just below `folder` that holds each (a student's, in a class);
    files directly in `folder` are in none."""
    by_folder: dict[Path, list[Path]] = {}
    for file in files:
        inside = file.relative_to(folder)
        if len(inside.parts) > 1:
            by_folder.setdefault(folder / inside.parts[0], []).append(file)
    return by_folder


def several_in_a_folder(by_folder: Mapping[Path, list[Path]]) -> list[tuple[Path, list[Path]]]:
    """Of the folders that hold solution files (`by_folder`, by `students_folders`), those
    that hold more than one, where there are several such folders (a class, a folder a
    student): a folder of one week's files is one folder, and says nothing."""
    if len(by_folder) < 2:
        return []
    return [(f, mine) for f, mine in by_folder.items() if len(mine) > 1]


def labels(files: Sequence[Path], folders: Sequence[Path] = ()) -> list[str]:
    """For each file, the shortest tail of its path that no other file shares:
    alice/solution.py and bob/solution.py, not solution.py twice. A file found in one of
    `folders` keeps at least its path inside it: in a class folder the student is the folder
    (ann/solution.py), even where no other file is named solution.py. The paths are taken as
    given, links not followed: a student's file that links elsewhere is still the student's."""
    parts = [Path(os.path.abspath(p)).parts for p in files]
    roots = [Path(os.path.abspath(f)).parts for f in folders if f.is_dir()]
    depth = [min((len(p) - len(r) for r in roots if p[:len(r)] == r and len(p) > len(r)),
                 default=1) for p in parts]
    while True:
        names = [Path(*p[-d:]).as_posix() for p, d in zip(parts, depth, strict=True)]
        clashes = {n for n in names if names.count(n) > 1}
        if not clashes:
            return names
        grown = False
        for i, name in enumerate(names):
            if name in clashes and depth[i] < len(parts[i]):
                depth[i] += 1
                grown = True
        if not grown:  # the same file named twice: tell them apart by their order
            return [f"{n} ({i + 1})" if n in clashes else n for i, n in enumerate(names)]
