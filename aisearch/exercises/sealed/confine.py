"""What the kernel holds a sandbox to beyond its mounts: a control group and a seccomp filter.

**A control group** (``Cgroup``) of its own, where the grader may make one
(as root, with cgroup v1's ``cpuacct``, ``memory`` and ``pids`` hierarchies,
or cgroup v2): the computing time of every process the sandbox ever ran,
those nobody waited for included, which ``/proc`` cannot count; a memory limit
for the sandbox as a whole, not a process; a limit on its processes; and a way
to kill them all. Elsewhere the sandbox counts and limits through ``/proc``
and ``setrlimit``, which a determined submission can get round (children whose
computing time nobody collects, memory a process at a time).

**A seccomp filter** (``seccomp_filter``), a classic BPF program that
bubblewrap installs before the worker starts: it refuses the system calls
through which a sandbox could leave something for a later one on the same
machine, whatever its user: the kernel's keyrings, which outlive every
process of a user; the calls that tell or change what of a file is in the
page cache (``mincore``, ``cachestat``, ``fadvise``, ``preadv2``, Linux AIO
and io_uring, which can read without waiting, ``madvise``'s and
``process_madvise``'s ``MADV_COLD`` and ``MADV_PAGEOUT``); the calls that place
memory, which move counters every process can read; and, for good measure,
``perf_event_open``, ``bpf`` and new namespaces. The sandbox also hides the
kernel's global counters in ``/proc`` (``sandbox.py``). None of this closes
every channel between sandboxes on one machine (a sandbox can still count
its own page faults, or time a read): ``make grade`` orders the sandboxes so
that such a channel cannot carry a hidden case into a feedback page, and
docs/teaching-a-course.md says what is left.
"""

from __future__ import annotations

import errno
import os
import platform
import signal
import struct
import time
import uuid
from pathlib import Path

# Classic BPF, as seccomp reads it (linux/filter.h, linux/seccomp.h).
_LOAD_WORD = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JUMP_IF_EQUAL = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_JUMP_IF_AT_LEAST = 0x35  # BPF_JMP | BPF_JGE | BPF_K
_RETURN = 0x06  # BPF_RET | BPF_K
_JUMP_IF_SET = 0x45  # BPF_JMP | BPF_JSET | BPF_K
_ALLOW = 0x7FFF0000
_REFUSE = 0x00050000 | errno.EPERM  # SECCOMP_RET_ERRNO: the call fails with EPERM
_ABSENT = 0x00050000 | errno.ENOSYS  # ... with ENOSYS: clone3, so that threads use clone
_KILL = 0x80000000  # SECCOMP_RET_KILL_PROCESS
_MADV_COLD, _MADV_PAGEOUT = 20, 21
_CLONE_NEWUSER = 0x10000000

_REFUSED = (
    # the kernel's keyrings, which outlive every process of a user
    "add_key",
    "request_key",
    "keyctl",
    # what of a file is in the page cache, told or changed
    "mincore",
    "cachestat",
    "fadvise64",
    "preadv2",
    "pwritev2",
    "process_madvise",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "io_setup",
    "io_destroy",
    "io_submit",
    "io_cancel",
    "io_getevents",
    "io_pgetevents",
    # where memory lives, which moves the kernel's counters
    "set_mempolicy",
    "set_mempolicy_home_node",
    "mbind",
    "migrate_pages",
    "move_pages",
    # and more of the kernel to reach than a student's code needs
    "perf_event_open",
    "bpf",
    "unshare",
)
"""The calls refused (EPERM); ``clone`` into a new user namespace is refused too."""

_NUMBERS = {  # per architecture: its audit number, and its calls' numbers
    "x86_64": (
        0xC000003E,
        {
            "add_key": 248, "request_key": 249, "keyctl": 250, "mincore": 27,
            "cachestat": 451, "fadvise64": 221, "preadv2": 327, "pwritev2": 328,
            "process_madvise": 440, "io_uring_setup": 425, "io_uring_enter": 426,
            "io_uring_register": 427, "io_setup": 206, "io_destroy": 207, "io_submit": 209,
            "io_cancel": 210, "io_getevents": 208, "io_pgetevents": 333, "set_mempolicy": 238,
            "set_mempolicy_home_node": 450, "mbind": 237, "migrate_pages": 256,
            "move_pages": 279, "perf_event_open": 298, "bpf": 321, "unshare": 272,
            "clone": 56, "clone3": 435, "madvise": 28,
        },
    ),
    "aarch64": (
        0xC00000B7,
        {
            "add_key": 217, "request_key": 218, "keyctl": 219, "mincore": 232,
            "cachestat": 451, "fadvise64": 223, "preadv2": 286, "pwritev2": 287,
            "process_madvise": 440, "io_uring_setup": 425, "io_uring_enter": 426,
            "io_uring_register": 427, "io_setup": 0, "io_destroy": 1, "io_submit": 2,
            "io_cancel": 3, "io_getevents": 4, "io_pgetevents": 292, "set_mempolicy": 237,
            "set_mempolicy_home_node": 450, "mbind": 235, "migrate_pages": 238,
            "move_pages": 239, "perf_event_open": 241, "bpf": 280, "unshare": 97,
            "clone": 220, "clone3": 435, "madvise": 233,
        },
    ),
}  # fmt: skip


def seccomp_filter(machine: str | None = None) -> bytes | None:
    """The seccomp program for this machine's architecture, or ``None`` for another.

    Another architecture's calls (i386 on x86_64) kill the process: their
    numbers differ, and the filter would not know what they are. ``clone3``
    answers ENOSYS (its flags lie in memory the filter cannot read), so that
    threads are made with ``clone``, whose flags it reads.
    """
    machine = machine or platform.machine()
    found = _NUMBERS.get(machine)
    if found is None:
        return None
    arch, numbers = found
    program = [(_LOAD_WORD, 0, 0, 4), (_JUMP_IF_EQUAL, 1, 0, arch), (_RETURN, 0, 0, _KILL)]
    program.append((_LOAD_WORD, 0, 0, 0))  # the call's number
    if machine == "x86_64":  # the x32 calls, numbered from 2**30: not these numbers
        program += [(_JUMP_IF_AT_LEAST, 0, 1, 0x40000000), (_RETURN, 0, 0, _KILL)]
    for name in _REFUSED:
        program += [(_JUMP_IF_EQUAL, 0, 1, numbers[name]), (_RETURN, 0, 0, _REFUSE)]
    program += [(_JUMP_IF_EQUAL, 0, 1, numbers["clone3"]), (_RETURN, 0, 0, _ABSENT)]
    # clone: its first argument, the flags (byte 16 of seccomp_data), decides.
    program += [
        (_JUMP_IF_EQUAL, 0, 4, numbers["clone"]),
        (_LOAD_WORD, 0, 0, 16),
        (_JUMP_IF_SET, 0, 1, _CLONE_NEWUSER),
        (_RETURN, 0, 0, _REFUSE),
        (_RETURN, 0, 0, _ALLOW),
    ]
    # madvise: its third argument (the advice, at byte 32 of seccomp_data) decides.
    program += [
        (_JUMP_IF_EQUAL, 0, 4, numbers["madvise"]),
        (_LOAD_WORD, 0, 0, 32),
        (_JUMP_IF_EQUAL, 1, 0, _MADV_COLD),
        (_JUMP_IF_EQUAL, 0, 1, _MADV_PAGEOUT),
        (_RETURN, 0, 0, _REFUSE),
        (_RETURN, 0, 0, _ALLOW),
    ]
    return b"".join(struct.pack("=HBBI", *step) for step in program)


class Cgroup:
    """A control group of the sandbox's own, in cgroup v2 or in v1's hierarchies.

    ``make()`` returns one, or ``None`` where the grader may not make it (not
    root, no cgroup file system). ``procs`` are the files a process writes its
    PID to to join; ``cpu_seconds()`` is the computing time of every process
    that was ever in it; ``kill()`` ends them all; ``remove()`` removes it.
    """

    ROOT = Path("/sys/fs/cgroup")

    def __init__(self, folders: dict[str, Path], version: int) -> None:
        self.folders, self.version = folders, version

    @classmethod
    def make(
        cls,
        memory_bytes: int,
        processes: int,
        *,
        version: int | None = None,
        root: Path | None = None,
    ) -> Cgroup | None:
        """A new control group limited to ``memory_bytes`` and ``processes``, if one can be made.

        ``version`` and ``root`` say where (cgroup v2 at ``root``, or v1's
        hierarchies under it); by default, v2 if ``/sys/fs/cgroup`` is a v2
        file system, else v1 there.
        """
        if os.geteuid() != 0:
            return None
        root = root or cls.ROOT
        if version is None:
            version = 2 if (root / "cgroup.controllers").exists() else 1
        name = f"aisearch-grading/{uuid.uuid4().hex[:12]}"
        try:
            if version == 2:
                return cls._make_v2(root, name, memory_bytes, processes)
            return cls._make_v1(root, name, memory_bytes, processes)
        except OSError:
            return None

    @classmethod
    def _make_v2(cls, root: Path, name: str, memory_bytes: int, processes: int) -> Cgroup:
        parent = root / name.split("/")[0]
        parent.mkdir(exist_ok=True)
        wanted = {"memory", "pids"} & set((root / "cgroup.controllers").read_text().split())
        for folder in (root, parent):
            for controller in sorted(wanted):
                try:
                    (folder / "cgroup.subtree_control").write_text(f"+{controller}")
                except OSError:
                    wanted.discard(controller)
        folder = root / name
        folder.mkdir()
        group = cls({"all": folder}, 2)
        group._limit(folder / "memory.max", memory_bytes)
        group._limit(folder / "memory.swap.max", 0)
        group._limit(folder / "pids.max", processes)
        return group

    @classmethod
    def _make_v1(cls, root: Path, name: str, memory_bytes: int, processes: int) -> Cgroup:
        folders = {}
        for controller in ("cpuacct", "memory", "pids"):
            if not (root / controller).is_dir():
                raise OSError(f"no cgroup v1 hierarchy for {controller}")
            folder = root / controller / name
            folder.mkdir(parents=True)
            folders[controller] = folder
        group = cls(folders, 1)
        group._limit(folders["memory"] / "memory.limit_in_bytes", memory_bytes)
        group._limit(folders["memory"] / "memory.memsw.limit_in_bytes", memory_bytes)
        group._limit(folders["pids"] / "pids.max", processes)
        return group

    @staticmethod
    def _limit(path: Path, value: int) -> None:
        if path.exists():
            path.write_text(str(value))

    @property
    def procs(self) -> list[str]:
        return [str(folder / "cgroup.procs") for folder in self.folders.values()]

    def cpu_seconds(self) -> float:
        """Computing time of every process that was in the group, in seconds."""
        try:
            if self.version == 2:
                for line in (self.folders["all"] / "cpu.stat").read_text().splitlines():
                    if line.startswith("usage_usec "):
                        return int(line.split()[1]) / 1e6
                return 0.0
            return int((self.folders["cpuacct"] / "cpuacct.usage").read_text()) / 1e9
        except (OSError, ValueError):
            return 0.0

    def peak_memory(self) -> int | None:
        """The most memory the group's processes held at once, in bytes (``None``: unknown)."""
        folder = self.folders.get("all") or self.folders.get("memory")
        for name in ("memory.peak", "memory.max_usage_in_bytes"):
            try:
                return int((folder / name).read_text()) if folder else None
            except (OSError, ValueError):
                continue
        return None

    def pids(self) -> list[int]:
        found: set[int] = set()
        for procs in self.procs:
            try:
                found |= {int(p) for p in Path(procs).read_text().split()}
            except (OSError, ValueError):
                continue
        return sorted(found)

    def kill(self) -> None:
        """Kill every process in the group, until none is left (or 5 s have passed)."""
        kill_file = self.folders.get("all", Path("/nonexistent")) / "cgroup.kill"
        deadline = time.monotonic() + 5
        while (left := self.pids()) and time.monotonic() < deadline:
            if kill_file.exists():
                kill_file.write_text("1")
            else:
                for pid in left:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
            time.sleep(0.02)

    def remove(self) -> None:
        self.kill()
        for folder in self.folders.values():
            try:
                folder.rmdir()
            except OSError:
                pass
