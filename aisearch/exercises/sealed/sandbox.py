"""A sealed process for a student's code: bubblewrap, limits, and a pipe to the grader.

``Sandbox`` starts ``worker.py`` under bubblewrap (Debian's ``bubblewrap``,
the sandbox Flatpak uses) and talks to it over ``wire``'s messages. Inside,
the student's code sees:

- no network (a network namespace of its own, with nothing in it);
- the Python it runs on and its packages, read-only, but not ``aisearch``:
  its folder is hidden, and ``worker.py`` makes a stand-in of its names;
- its own notebook, read-only, in a private scratch folder (a small
  ``tmpfs``, its working directory), and nothing else of the course: no
  ``instructor/``, no other submission, no gradebook, no ``feedback/``, no
  home directory;
- processes of its own only (a PID namespace); when the sandbox ends, all
  of them end with it, detached ones included;
- none of the kernel's counters of the whole machine in ``/proc`` (they read
  as empty), and a seccomp filter and, as root, a control group of its own
  (``confine.py``): nothing it can leave for a later sandbox, as far as the
  filter knows.

Limits: each process's memory (``RLIMIT_AS``), its processes
(``RLIMIT_NPROC``), the size of a file it writes, its open files, its
total computing time; the grader adds, per cell and per check, the
computing time of the whole process tree and the time it waits for it
(``Budget``: waiting for a processor of a busy machine is not counted), and
what a cell may print. When the grader runs as root, the
student's code runs as a user of its own (an unused uid per parallel slot),
so that its process limit counts its own processes only; as another user,
it runs as that user, and the process limit counts that user's processes too.

The grader never trusts what the sandbox says: it reads only plain data
(``wire``) and decides every grade itself (``remote.py``).
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import wire
from .confine import Cgroup, seccomp_filter

WORKER_FILES = ("worker.py", "wire.py")
_HERE = Path(__file__).resolve().parent
GLOBAL_PROC_FILES = (
    "vmstat", "stat", "meminfo", "zoneinfo", "buddyinfo", "pagetypeinfo", "slabinfo",
    "diskstats", "interrupts", "softirqs", "loadavg", "key-users", "keys", "locks",
    "schedstat", "sched_debug", "timer_list", "vmallocinfo", "swaps", "partitions",
)  # fmt: skip
"""Files of ``/proc`` that count for the whole machine, hidden in the sandbox."""
GLOBAL_PROC_FOLDERS = ("pressure", "sys/fs", "sys/vm")
REPLY_LIMIT = 2**20
"""The longest message the grader reads from a sandbox (a cell's output is far shorter)."""
SANDBOX_UID = 2_147_480_000
"""The first uid the student's code runs as when the grader is root (one a slot)."""


class SandboxUnavailable(RuntimeError):
    """bubblewrap is missing or cannot make a sandbox here."""


class SandboxError(RuntimeError):
    """The sandbox stopped or broke the protocol; ``reason`` says how, for a student."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TimeUp(SandboxError):
    """A budget ran out: ``kind`` is ``"cpu"``, ``"idle"``, ``"wall"`` or ``"deadline"``;
    ``where`` the traceback of the student's code when it was stopped."""

    def __init__(self, reason: str, kind: str, seconds: float, where: str = "") -> None:
        super().__init__(reason)
        self.kind, self.seconds, self.where = kind, seconds, where


@dataclass(frozen=True)
class Limits:
    """What a sandbox may use. The defaults suit the course's notebooks."""

    memory_bytes: int = 2**30
    """Address space of each process (``RLIMIT_AS``)."""
    memory_total: int = 2 * 2**30
    """Memory of the sandbox's processes together, where it has a control group."""
    processes: int = 32
    """Processes and threads at once (``RLIMIT_NPROC``; the worker is one)."""
    file_bytes: int = 16 * 2**20
    """The largest file it may write (``RLIMIT_FSIZE``)."""
    scratch_bytes: int = 32 * 2**20
    """The size of its scratch folder (a ``tmpfs``)."""
    open_files: int = 256
    output_chars: int = 20_000
    """What one cell may print that the feedback shows."""
    cell_seconds: float = 60.0
    """Computing time of one cell of the notebook (the checks have their own limits)."""
    idle_seconds: float = 5.0
    """Seconds a cell or a check may wait without computing (sleep, input)."""
    total_seconds: float = 600.0
    """Seconds for one pass over a submission, its sandboxes together (the deadline)."""
    max_cells: int = 400
    """Code cells run; a notebook of the course has at most about 40."""
    output_total: int = 200_000
    """Characters of output the feedback shows for a whole notebook."""
    start_seconds: float = 60.0
    """How long the worker may take to start."""


DEFAULT_LIMITS = Limits()


class Budget:
    """Computing time and waiting time for one piece of work (a cell, a check).

    Three limits, on the time the grader waits for the sandbox (not the time
    it spends answering): ``cpu`` seconds of computing by the sandbox's
    processes together; ``idle`` seconds of waiting while they neither
    compute nor wait for a processor (``time.sleep``, ``input()``), so that
    a busy grading machine, whose processors they wait for, counts against
    neither; and, as a last resort, ``wall`` seconds in all. The submission's
    ``deadline`` (a ``time.monotonic()``), if any, ends every budget.
    ``exhausted()`` says which ran out (``"cpu"``, ``"idle"``, ``"wall"``,
    ``"deadline"``), or ``None``.
    """

    def __init__(
        self, sandbox: Sandbox, cpu: float, idle: float, deadline: float | None = None
    ) -> None:
        self.sandbox, self.cpu, self.idle, self.wall = sandbox, cpu, idle, 4 * cpu + 30
        self.deadline = deadline
        self.at_start = sandbox.usage()
        self.waited = 0.0
        self._next_look = time.monotonic() + self.LOOK

    LOOK = 0.2
    """Seconds between looks at the processes' computing time (reading /proc costs)."""

    def due(self) -> bool:
        """Whether it is time to look at the budget again."""
        now = time.monotonic()
        if now < self._next_look:
            return False
        self._next_look = now + self.LOOK
        return True

    def used(self) -> tuple[float, float]:
        """Seconds of computing, and of waiting for a processor, since the budget began."""
        computing, queued = self.sandbox.usage()
        return computing - self.at_start[0], queued - self.at_start[1]

    def exhausted(self) -> str | None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            return "deadline"
        computing, queued = self.used()
        if computing > self.cpu:
            return "cpu"
        if self.waited - computing - queued > self.idle:
            return "idle"
        if self.waited > self.wall:
            return "wall"
        return None


def bubblewrap() -> str:
    """The path of ``bwrap``, or ``SandboxUnavailable`` saying how to get it."""
    found = shutil.which("bwrap")
    if found is None:
        raise SandboxUnavailable(
            "grading runs each submission in a sandbox made by bubblewrap, which is not "
            "installed: apt-get install bubblewrap (make grade installs it where it can)"
        )
    return found


def package_folder() -> Path:
    """The folder of the ``aisearch`` the grader runs: hidden from the sandbox."""
    return _HERE.parent.parent


class Sandbox:
    """One sealed worker: start it, exchange messages within budgets, kill it.

    ``package`` is the stand-in's list of modules (``remote.package_names()``),
    ``notebook`` the student's own notebook (mounted read-only in the scratch
    folder; a symbolic link is refused, since it could point anywhere),
    ``slot`` the parallel grader's number (its uid, when root), ``deadline``
    the ``time.monotonic()`` by which this pass over the submission must be done.
    The sandbox gets a seccomp filter (``confine.py``); ``privileged`` (by
    default, whether the grader is root) gives it a uid and a control group
    of its own too; without, it runs as the grader's user, in a user namespace.
    """

    def __init__(
        self,
        package: dict,
        *,
        notebook: Path | None = None,
        slot: int = 0,
        limits: Limits = DEFAULT_LIMITS,
        deadline: float | None = None,
        privileged: bool | None = None,
    ) -> None:
        if notebook is not None and (Path(notebook).is_symlink() or not Path(notebook).is_file()):
            raise SandboxError(f"{notebook} is not a plain file")
        self.package, self.notebook, self.slot, self.limits = package, notebook, slot, limits
        self.deadline = deadline
        self.privileged = os.geteuid() == 0 if privileged is None else privileged
        self.cgroup: Cgroup | None = None
        self.process: subprocess.Popen | None = None
        self.channel: wire.Channel | None = None
        self.init_pid: int | None = None
        self._where_fd: int | None = None
        self._empty: str | None = None
        self._worker: int | None = None
        self._ticks = os.sysconf("SC_CLK_TCK")

    # Starting -------------------------------------------------------------------------

    def command(self, where_fd: int, info_fd: int, seccomp_fd: int | None = None) -> list[str]:
        """The command line: its control group, prlimit's limits, bubblewrap's mounts and
        seccomp filter, then the worker."""
        if self._empty is None:  # mounted over them (a device node cannot be: nodev)
            fd, self._empty = tempfile.mkstemp(prefix="aisearch-empty-")
            os.close(fd)
            os.chmod(self._empty, 0o444)
        limits = self.limits
        root = self.privileged
        processes = limits.processes if root else _own_processes() + limits.processes
        python = Path(sys.executable)
        mounts: list[str] = []
        made: set[str] = set()

        def folders_to(target: Path) -> None:
            for parent in reversed(target.parents):
                if str(parent) != "/" and str(parent) not in made and not _under_usr(parent):
                    made.add(str(parent))
                    mounts.extend(["--perms", "0755", "--dir", str(parent)])

        mounts += ["--ro-bind", "/usr", "/usr"]
        for name in ("bin", "lib", "lib32", "lib64", "sbin"):
            if os.path.islink(f"/{name}"):
                mounts += ["--symlink", os.readlink(f"/{name}"), f"/{name}"]
            elif os.path.isdir(f"/{name}"):
                mounts += ["--ro-bind", f"/{name}", f"/{name}"]
        # The scratch folder first: a Python installed under /tmp is mounted into it.
        mounts += ["--perms", "1777", "--size", str(limits.scratch_bytes), "--tmpfs", "/tmp"]
        for prefix in sorted({sys.base_prefix, sys.prefix, sys.exec_prefix}):
            path = Path(prefix).resolve()
            if not _under_usr(path):
                folders_to(path)
                mounts += ["--ro-bind", str(path), str(path)]
        if not _under_usr(python.parent) and not any(
            str(python).startswith(p) for p in (sys.prefix, sys.base_prefix)
        ):
            folders_to(python)
            mounts += ["--ro-bind", str(python), str(python)]
        hidden = package_folder()
        if any(_inside(hidden, Path(p).resolve()) for p in ("/usr", sys.prefix, sys.base_prefix)):
            mounts += ["--tmpfs", str(hidden)]
        mounts += ["--perms", "0755", "--dir", "/grading"]
        for name in WORKER_FILES:
            mounts += ["--ro-bind", str(_HERE / name), f"/grading/{name}"]
        mounts += ["--proc", "/proc", "--dev", "/dev"]
        # The kernel's counters of the whole machine: a sandbox could move one and a
        # later sandbox read it. Hidden (read as empty), as far as they are known.
        for name in GLOBAL_PROC_FILES:
            if os.path.exists(f"/proc/{name}"):
                mounts += ["--ro-bind", self._empty, f"/proc/{name}"]
        for name in GLOBAL_PROC_FOLDERS:
            if os.path.isdir(f"/proc/{name}"):
                mounts += ["--tmpfs", f"/proc/{name}", "--remount-ro", f"/proc/{name}"]
        if self.notebook is not None:
            mounts += ["--ro-bind", str(self.notebook), f"/tmp/{self.notebook.name}"]
        # Nothing else is writable, whoever owns the folders bubblewrap makes.
        mounts += ["--remount-ro", "/", "--remount-ro", "/dev"]
        environment = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": "/tmp",
            "LANG": "C.UTF-8",
            "MPLBACKEND": "Agg",
            "MPLCONFIGDIR": "/tmp/.matplotlib",
            "IPYTHONDIR": "/tmp/.ipython",
            "PYTHONDONTWRITEBYTECODE": "1",
            "OPENBLAS_NUM_THREADS": "1",
            "OMP_NUM_THREADS": "1",
            "MKL_NUM_THREADS": "1",
        }
        setenv = [item for name, value in environment.items() for item in ("--setenv", name, value)]
        if root:
            namespaces = ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
            namespaces += [
                "--unshare-cgroup-try",
                "--cap-add",
                "CAP_SETUID",
                "--cap-add",
                "CAP_SETGID",
            ]
            uid = str(SANDBOX_UID + self.slot)
            become = ["/usr/bin/setpriv", "--reuid", uid, "--regid", uid, "--clear-groups"]
            become += ["--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--"]
        else:
            namespaces = ["--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc"]
            namespaces += ["--unshare-uts", "--unshare-cgroup-try", "--disable-userns"]
            become = []
        return [
            shutil.which("prlimit") or "/usr/bin/prlimit",
            f"--as={limits.memory_bytes}",
            f"--nproc={processes}",
            f"--fsize={limits.file_bytes}",
            f"--nofile={limits.open_files}",
            f"--cpu={int(limits.total_seconds)}",
            "--core=0",
            "--",
            bubblewrap(),
            *namespaces,
            "--die-with-parent",
            "--new-session",
            "--clearenv",
            *setenv,
            *mounts,
            "--chdir",
            "/tmp",
            "--info-fd",
            str(info_fd),
            *(["--seccomp", str(seccomp_fd)] if seccomp_fd is not None else []),
            *become,
            str(python),
            "-E",
            "-s",
            "/grading/worker.py",
            str(where_fd),
        ]

    def start(self) -> Sandbox:
        """Start the worker and give it the package's names; ``SandboxError`` if it cannot."""
        where_read, where_write = os.pipe()
        info_read, info_write = os.pipe()
        os.set_blocking(where_read, False)
        passed = [where_write, info_write]
        seccomp_fd = None
        program = seccomp_filter()
        if program is not None:
            seccomp_fd, seccomp_write = os.pipe()
            os.write(seccomp_write, program)  # a few hundred bytes: the pipe holds them
            os.close(seccomp_write)
            passed.append(seccomp_fd)
        command = self.command(where_write, info_write, seccomp_fd)
        environment = dict(os.environ)
        if self.privileged:
            self.cgroup = Cgroup.make(self.limits.memory_total, self.limits.processes)
        if self.cgroup is not None:
            # A shell joins the group, then becomes prlimit: everything after it is inside.
            joining = 'for f in $AISEARCH_CGROUP; do echo $$ > "$f" || exit 97; done; exec "$@"'
            command = ["/bin/sh", "-c", joining, "sh", *command]
            environment["AISEARCH_CGROUP"] = " ".join(self.cgroup.procs)
        try:
            self.process = subprocess.Popen(
                command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                pass_fds=passed,
                start_new_session=True,
                env=environment,
            )
        finally:
            for fd in passed:
                os.close(fd)
        self._where_fd = where_read
        assert self.process.stdin is not None and self.process.stdout is not None
        self.channel = wire.Channel(
            self.process.stdout.fileno(), self.process.stdin.fileno(), limit=REPLY_LIMIT
        )
        problem: Exception | None = None
        ready = None
        try:
            self.init_pid = _child_pid(info_read, self.limits.start_seconds)
            self.channel.send(
                {"op": "start", "package": self.package, "output_limit": self.limits.output_chars},
                timeout=self.limits.start_seconds,
            )
            ready = self.channel.receive(timeout=self.limits.start_seconds)
        except (KeyError, ValueError, OSError, EOFError, TimeoutError, wire.WireError) as error:
            problem = error
        if ready is None or ready.get("op") != "ready":
            detail = self._stderr() or str(problem or "no answer")
            self.kill()
            raise SandboxError(f"the sandbox did not start: {detail}")
        tree = self._tree()
        self._worker = tree[1] if len(tree) > 1 else None
        return self

    def _stderr(self) -> str:
        if self.process is None or self.process.stderr is None:
            return ""
        os.set_blocking(self.process.stderr.fileno(), False)
        try:
            return (self.process.stderr.read(4000) or b"").decode(errors="replace").strip()
        except (OSError, ValueError):
            return ""

    # Talking ----------------------------------------------------------------------------

    def budget(self, cpu: float) -> Budget:
        """A budget of ``cpu`` seconds of computing (and the limits' idle waiting), within
        the submission's deadline."""
        return Budget(self, cpu, self.limits.idle_seconds, self.deadline)

    def exchange(
        self, message: dict, budget: Budget, on_ask: Callable[[dict], dict] | None = None
    ) -> dict:
        """Send ``message`` and return the worker's reply, answering its questions meanwhile.

        ``on_ask(question)`` answers an ``ask`` (the grader's game); its time
        is not the worker's. The worker is killed, and ``TimeUp`` or
        ``SandboxError`` raised, when the budget runs out, when it ends, or
        when it sends what the protocol does not allow.
        """
        if self.channel is None or not self.alive():
            raise SandboxError("the sandbox had already stopped")
        if self.past_deadline():
            self._stop_for("deadline", budget)
        try:
            self.channel.send(message, timeout=budget.wall - budget.waited + 1)
            while True:
                reply = self._receive(budget)
                if reply["op"] != "ask":
                    return reply
                if on_ask is None:
                    raise wire.WireError("a question where none may be asked")
                self.channel.send(on_ask(reply), timeout=budget.wall - budget.waited + 1)
        except TimeoutError:
            self._stop_for("wall", budget)
        except EOFError:
            self.kill()
            raise SandboxError(self._ending()) from None
        except wire.WireError as error:
            self.kill()
            raise SandboxError(
                f"its process sent the grader something it cannot read ({error})"
            ) from None
        raise AssertionError("unreachable")

    def _receive(self, budget: Budget) -> dict:
        assert self.channel is not None
        while True:
            started = time.monotonic()
            reply = self.channel.receive(timeout=0.25)
            budget.waited += time.monotonic() - started
            if self.past_deadline():  # every time: a comparison, nothing to read
                self._stop_for("deadline", budget)
            if budget.due() and (kind := budget.exhausted()) is not None:
                self._stop_for(kind, budget)
            if reply is not None:
                return reply

    def past_deadline(self) -> bool:
        """Whether the submission's deadline, if any, has passed."""
        return self.deadline is not None and time.monotonic() > self.deadline

    def _stop_for(self, kind: str, budget: Budget) -> None:
        where = self._where()
        computing, _ = budget.used()
        self.kill()
        if kind == "cpu":
            reason = f"computed for {budget.cpu:g} s without finishing"
            raise TimeUp(reason, kind, budget.cpu, where)
        if kind == "deadline":
            reason = "used up the time the whole notebook has for grading"
            raise TimeUp(reason, kind, 0.0, where)
        if kind == "idle":
            reason = (
                f"waited {budget.idle:g} s without computing or finishing (time.sleep, "
                "input(), or waiting for another process?)"
            )
            raise TimeUp(reason, kind, budget.idle, where)
        reason = (
            f"took {budget.wall:g} s in all without finishing, {computing:.1f} s of them "
            "computing: the grading machine may be overloaded"
        )
        raise TimeUp(reason, kind, budget.wall, where)

    def _where(self) -> str:
        """Where the worker's main thread is (its last frames), asked by SIGUSR1."""
        pid = self.worker_pid()
        if pid is None or self._where_fd is None:
            return ""
        try:
            os.kill(pid, signal.SIGUSR1)
        except OSError:
            return ""
        deadline, text = time.monotonic() + 0.5, b""
        while time.monotonic() < deadline and len(text) < 20000:
            try:
                chunk = os.read(self._where_fd, 4096)
            except BlockingIOError:
                time.sleep(0.02)
                continue
            if not chunk:
                break
            text += chunk
            if b"File" in text and text.endswith(b"\n") and b"<module>" in text:
                break
        return text.decode(errors="replace")

    def _ending(self) -> str:
        """How the worker ended, for a student: its exit status or signal."""
        if self.process is None:
            return "its process ended"
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "its process stopped answering"
        if code < 0:
            name = (
                signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else -code
            )
            return f"its process was killed ({name})"
        return f"its process ended (exit status {code}: os._exit, or a crash?)"

    # Watching and stopping --------------------------------------------------------------

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def _tree(self) -> list[int]:
        """The sandbox's processes: its init (PID 1 inside) and everything under it."""
        if self.init_pid is None:
            return []
        found, todo = [], [self.init_pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            try:
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/children") as children:
                        todo.extend(int(c) for c in children.read().split())
            except OSError:
                continue
        return found

    def worker_pid(self) -> int | None:
        """The worker's process, seen from outside: the init's one child when it was ready
        (a process the student's code leaves behind is the init's child later too)."""
        return self._worker

    def usage(self) -> tuple[float, float]:
        """Seconds the sandbox's processes computed (with the children they waited for),
        and seconds their threads were ready to compute but waited for a processor."""
        ticks, queued = 0, 0
        for pid in self._tree():
            try:
                if self.cgroup is None:
                    with open(f"/proc/{pid}/stat") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                    ticks += sum(int(f) for f in fields[11:15])
                for task in os.listdir(f"/proc/{pid}/task"):
                    with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
                        queued += int(schedstat.read().split()[1])
            except (OSError, IndexError, ValueError):
                continue
        if self.cgroup is not None:  # every process's, those nobody waited for included
            return self.cgroup.cpu_seconds(), queued / 1e9
        return ticks / self._ticks, queued / 1e9

    def kill(self) -> None:
        """End the sandbox and every process in it, and close the pipes."""
        if self.cgroup is not None:
            self.cgroup.remove()
            self.cgroup = None
        if self.process is not None:
            if self.process.poll() is None:
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except OSError:
                    self.process.kill()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    try:
                        stream.close()
                    except OSError:
                        pass
        if self._where_fd is not None:
            os.close(self._where_fd)
            self._where_fd = None
        if self._empty is not None:
            os.unlink(self._empty)
            self._empty = None

    def __enter__(self) -> Sandbox:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.kill()


def _child_pid(fd: int, seconds: float) -> int:
    """The PID of the sandbox's init, from bubblewrap's ``--info-fd`` (a JSON object)."""
    text, deadline = b"", time.monotonic() + seconds
    try:
        while b"}" not in text and time.monotonic() < deadline:
            if select.select([fd], [], [], deadline - time.monotonic())[0]:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                text += chunk
    finally:
        os.close(fd)
    return int(json.loads(text)["child-pid"])


def _under_usr(path: Path) -> bool:
    return _inside(path, Path("/usr"))


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def _own_processes() -> int:
    """How many processes this user runs now (the process limit counts them too)."""
    uid, count = os.getuid(), 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.stat(f"/proc/{entry}").st_uid == uid:
                    count += 1
            except OSError:
                continue
    return count
