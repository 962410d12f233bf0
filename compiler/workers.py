"""How many worker processes a command may start: never more than it can keep busy.

A process more than the machine's CPUs only waits for a core (and `--workers 100000` would fork
until the machine stalls); a process more than there are batches of work has nothing to do
but start up. `simulate` and the balance lab both ask `cap` before they start a pool.
"""
from __future__ import annotations

import os
from dataclasses import dataclass


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask where the system has one)."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):  # not Linux
        return max(os.cpu_count() or 1, 1)


@dataclass(frozen=True)
class Workers:
    """The worker processes to start for `tasks` batches when `requested` were asked for."""
    requested: int
    count: int
    cpus: int
    tasks: int

    @property
    def capped(self) -> bool:
        return self.count < self.requested

    def note(self, work: str) -> str:
        """One line saying why fewer processes than asked for start; `work` says what the
        tasks are (e.g. "2 games in 1 batch")."""
        reasons = []
        if self.count == self.cpus:
            reasons.append(f"{self.cpus} usable CPU{'s' if self.cpus > 1 else ''}")
        if self.count == self.tasks:
            reasons.append(work)
        return f"--workers {self.requested} capped at {self.count}: {'; '.join(reasons)}"


def cap(requested: int, tasks: int, cpus: int | None = None) -> Workers:
    """At most one process per usable CPU and per batch of work (and at least one)."""
    cpus = usable_cpus() if cpus is None else cpus
    return Workers(requested, max(1, min(requested, cpus, tasks)), cpus, tasks)
