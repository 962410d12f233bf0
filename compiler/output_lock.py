"""One writer at a time in an output folder (`generated/`).

`build`, `build --watch`'s rebuilds and `compile` each hold the lock while they write, so two
of them at once take turns instead of removing each other's temporary files (`atomic` clears
the leftovers of a killed run, assuming it is the only writer). The second one waits, and says
so once.

The lock is a `flock` on the folder itself: no lock file is left in the folder, and the kernel
releases the lock when its holder exits, however it exits (a killed build never blocks the
next one). Where the system has no `flock` (Windows), writers are not serialised.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

try:
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system
    fcntl = None  # type: ignore[assignment]


def holders(folder: Path) -> list[int]:
    """The ids of the processes holding a lock on `folder`, where the system says (Linux's
    /proc/locks); empty when it does not."""
    try:
        stat = os.stat(folder)
        text = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return []
    inode = f"{os.major(stat.st_dev):02x}:{os.minor(stat.st_dev):02x}:{stat.st_ino}"
    found = []
    for line in text.splitlines():
        fields = line.split()
        # "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF" (a blocked waiter has "->" first)
        if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5] == inode \
                and fields[4].isdigit():
            found.append(int(fields[4]))
    return found


def waiting_message(folder: Path) -> str:
    pids = [p for p in holders(folder) if p != os.getpid()]
    who = f" (pid {pids[0]})" if pids else ""
    return (f"wondersmith: another wondersmith command{who} is writing {folder.as_posix()}/: "
            "waiting for it to finish (Ctrl-C stops)")


@contextmanager
def locked(folder: Path, on_wait: Callable[[str], None] | None = None) -> Iterator[None]:
    """Hold the write lock of `folder` (created if missing) for the `with` block. When another
    process holds it, `on_wait` is told once, with a line to show, and the call waits."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if fcntl is None:  # pragma: no cover
        yield
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if on_wait is not None:
                on_wait(waiting_message(folder))
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the folder releases the lock
