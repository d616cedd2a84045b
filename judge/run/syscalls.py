"""The system calls a sandboxed process may not make, as a seccomp filter for bubblewrap.

At least as strict as Docker's default profile: nothing that reaches outside the process's
own sandbox (the kernel keyring, other processes' memory, namespaces and mounts, the clock,
kernel modules, performance counters), and nothing that lets one case of a list change how
another is scheduled (priorities, affinities, limits of another process). A denied call fails
with EPERM, as it would for a process without the privilege, so a well-meaning program sees an
ordinary error, not a crash. The filter is built by libseccomp (through pyseccomp, a ctypes
binding), which knows each architecture's call numbers; calls of another architecture's ABI
(i386's int 0x80, x32) kill the process.
"""

from __future__ import annotations

import errno
import functools
import os
import tempfile

# Denied outright.
DENIED = (
    # the kernel keyring: one per user, so shared by every case of a sandbox
    "add_key", "keyctl", "request_key",
    # other processes' memory and state
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    # namespaces, mounts and the file system's shape
    "unshare", "setns", "mount", "umount2", "pivot_root", "chroot", "open_tree", "move_mount",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "name_to_handle_at",
    "open_by_handle_at", "quotactl", "fanotify_init",
    # the kernel itself
    "bpf", "perf_event_open", "userfaultfd", "init_module", "finit_module", "delete_module",
    "kexec_load", "kexec_file_load", "reboot", "swapon", "swapoff", "syslog", "acct",
    "lookup_dcookie", "uselib", "ustat", "sysfs", "_sysctl", "iopl", "ioperm", "vhangup",
    "personality",
    # the clock
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    # memory placement, and I/O priority (of any process: its argument may name another)
    "mbind", "set_mempolicy", "migrate_pages", "move_pages", "ioprio_set",
    # which pages of a file are in the page cache: marks one case could leave for another
    "cachestat",
)
# Denied to workers, not to compilers: what could name a meeting place that outlives a case's
# process, for a process held still by the judge to find later (a socket of any family, a System
# V object, a POSIX message queue). A worker's network is its own and empty; socketpair(),
# whose ends are only inherited, stays, and the judge checks each case's fork for them.
WORKERS_DENIED = ("socket", "shmget", "msgget", "semget", "mq_open",
                  # Meeting places in the files every sandbox shows (/usr, the solution): a
                  # lock on one, a watch for its opening. Two workers that run at once (two
                  # shards of one run on one machine) would meet there whatever their namespaces.
                  "flock", "inotify_init", "inotify_init1", "inotify_add_watch")
# fcntl(2) commands refused to workers, for the same reason (argument 1 is the command): record
# locks, a process's own and an open file's (F_OFD_*), leases and directory notices (F_NOTIFY).
WORKERS_DENIED_FCNTL = (5, 6, 7, 36, 37, 38, 1024, 1025, 1026)
# Refused as not implemented, so that libraries fall back to what they used before: glibc's
# threads to clone() (whose namespace flags are checked below), libuv to plain reads.
UNIMPLEMENTED = ("clone3", "io_uring_setup", "io_uring_enter", "io_uring_register")
# Allowed on the calling process only (argument `index` is 0, "myself"): another case's
# priority, affinity or limits are not this one's to change. setpriority() says whose in two
# arguments: with 0 as the second, its first may still name the caller's process group or user
# (PRIO_PGRP, PRIO_USER), the warm processes among them; only PRIO_PROCESS (0) is the caller.
SELF_ONLY = (("setpriority", 1), ("setpriority", 0), ("sched_setaffinity", 0),
             ("sched_setscheduler", 0), ("sched_setparam", 0), ("sched_setattr", 0),
             ("prlimit64", 0))
# Refused, as a kernel without them would, with one flag set in argument `index`: a read or
# write with RWF_NOWAIT fails at once where the pages are not cached, which tells a process
# which pages of a shared file another one read (mincore() without mincore()).
FLAGGED = (("preadv2", 5, 0x00000008), ("pwritev2", 5, 0x00000008))
# Refused as a kernel without KSM would (EINVAL), with argument `index` equal to `value`: a
# process may not offer its pages for merging with any other's equal ones (MADV_MERGEABLE,
# PR_SET_MEMORY_MERGE). On a machine that runs KSM, a warm process that offered its pages would
# count which of them a case's equal pages merged with (/proc/self/smaps, "KSM:").
WITHOUT_KSM = (("madvise", 2, 12), ("prctl", 0, 67))
# clone() that would make a new namespace.
NAMESPACE_FLAGS = (0x00020000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000,
                   0x40000000)


class FilterUnavailable(Exception):
    """libseccomp, or its binding, is missing: the sandbox cannot filter system calls."""


@functools.cache
def filter_program(worker: bool = True) -> bytes:
    """The filter as the BPF program bubblewrap's --seccomp reads: a worker's, or a build
    step's (which may use what WORKERS_DENIED names)."""
    try:
        import pyseccomp as seccomp  # type: ignore[import-untyped]  # ships no stubs
    except (ImportError, OSError) as e:  # the binding loads libseccomp.so.2 on import
        raise FilterUnavailable(f"the sandbox's system-call filter needs libseccomp "
                                f"(apt-get install libseccomp2) and pyseccomp: {e}") from e
    # libseccomp knows every architecture's names: a call this one lacks is a rule that never
    # matches, and a misspelt name is an error here, not a hole.
    rules = seccomp.SyscallFilter(seccomp.ALLOW)
    for name in DENIED + (WORKERS_DENIED if worker else ()):
        rules.add_rule(seccomp.ERRNO(errno.EPERM), name)
    for command in WORKERS_DENIED_FCNTL if worker else ():
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "fcntl", low_half_is(1, command))
    for name in UNIMPLEMENTED:
        rules.add_rule(seccomp.ERRNO(errno.ENOSYS), name)
    for name, index in SELF_ONLY:
        rules.add_rule(seccomp.ERRNO(errno.EPERM), name, seccomp.Arg(index, seccomp.NE, 0))
    for name, index, flag in FLAGGED:
        rules.add_rule(seccomp.ERRNO(errno.EOPNOTSUPP), name,
                       seccomp.Arg(index, seccomp.MASKED_EQ, flag, flag))
    for name, index, value in WITHOUT_KSM:
        rules.add_rule(seccomp.ERRNO(errno.EINVAL), name, low_half_is(index, value))
    for flag in NAMESPACE_FLAGS:
        rules.add_rule(seccomp.ERRNO(errno.EPERM), "clone",
                       seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    with tempfile.TemporaryFile() as out:
        rules.export_bpf(out)
        out.seek(0)
        return out.read()


def low_half_is(index: int, value: int) -> object:
    """A rule's test that argument `index`, an int to the kernel, is `value`: its low 32 bits
    only. The filter sees a register's 64 bits and the kernel reads 32 of them, so a call made
    with the high bits set would pass a test of all 64 and still do what `value` does."""
    import pyseccomp as seccomp  # loaded by filter_program
    return seccomp.Arg(index, seccomp.MASKED_EQ, 0xFFFF_FFFF, value)


def filter_fd(worker: bool = True) -> int:
    """A pipe's read end holding the filter, for one launch: bubblewrap reads it to its end,
    so every sandbox gets a descriptor of its own. The caller passes it on and closes it."""
    program = filter_program(worker)
    read, write = os.pipe()
    try:
        os.write(write, program)  # a few kilobytes: far below a pipe's buffer
    finally:
        os.close(write)
    return read
