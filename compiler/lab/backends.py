"""Where the chunks are played: in this process, in a local process pool, or on a Ray cluster.

A backend yields each chunk's result as soon as it is done, in any order; the runner puts them
back in chunk order, so results never depend on the backend or the number of workers. Closing
the generator (an SPRT has decided) cancels the chunks not yet played. At most two chunks per
worker are in flight, so a cancel leaves little work behind.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Iterator

from .design import Chunk, Design
from .play import play_chunk
from .revisions import Revision

_STATE: dict = {}


def _init_worker(revisions: tuple[Revision, ...], design: Design) -> None:
    _STATE["job"] = (revisions, design)


def _play_in_worker(chunk: Chunk) -> dict:
    revisions, design = _STATE["job"]
    return play_chunk(revisions, design, chunk)


class BackendError(Exception):
    """The backend cannot start (e.g. Ray is not installed or the cluster is unreachable)."""


class LocalBackend:
    """One process (workers = 1) or a pool of worker processes on this machine."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, got {workers}")
        self.workers = workers

    @property
    def name(self) -> str:
        return f"local, {self.workers} worker{'s' if self.workers > 1 else ''}"

    def run(self, revisions: tuple[Revision, ...], design: Design, chunks: list[Chunk]) -> Iterator[dict]:
        workers = min(self.workers, len(chunks))  # a process without a chunk would only start up
        if workers <= 1:
            for chunk in chunks:
                yield play_chunk(revisions, design, chunk)
            return
        # forkserver: a fork of this process could inherit a lock held by the progress thread.
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["wondersmith.lab.play"])  # imported once, not per worker
        pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                   initargs=(revisions, design))
        pending = iter(chunks)
        running = set()
        try:
            for chunk in pending:
                running.add(pool.submit(_play_in_worker, chunk))
                if len(running) >= 2 * workers:
                    break
            while running:
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    for chunk in pending:
                        running.add(pool.submit(_play_in_worker, chunk))
                        break
                    yield future.result()
        finally:
            for future in running:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)


class RayBackend:
    """Ray tasks, one per chunk; a chunk's seeds are fixed, so a retried task replays the same
    games. `address` None starts a local Ray instance with `workers` CPUs."""

    def __init__(self, address: str | None = None, workers: int = 2) -> None:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise BackendError("--ray needs the Ray extra: pip install 'wondersmith[ray]'") from None
        self.address = address
        self.workers = workers

    @property
    def name(self) -> str:
        return f"ray ({self.address or os.environ.get('RAY_ADDRESS') or 'local'})"

    def run(self, revisions: tuple[Revision, ...], design: Design, chunks: list[Chunk]) -> Iterator[dict]:
        import ray

        started = False
        if not ray.is_initialized():
            options = {"include_dashboard": False, "log_to_driver": False}
            if self.address:
                options["address"] = self.address
            elif not os.environ.get("RAY_ADDRESS"):  # ray.init() itself connects to $RAY_ADDRESS
                options["num_cpus"] = self.workers
            try:
                ray.init(**options)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                raise BackendError(f"cannot start or reach Ray at {self.address or 'a local instance'}: {exc}") from None
            started = True
        task = ray.remote(play_chunk).options(max_retries=3)
        shared = (ray.put(revisions), ray.put(design))
        pending = iter(chunks)
        running: list = []
        slots = 2 * max(int(ray.cluster_resources().get("CPU", 1)), 1)
        try:
            for chunk in pending:
                running.append(task.remote(*shared, chunk))
                if len(running) >= slots:
                    break
            while running:
                done, running = ray.wait(running, num_returns=1)
                for chunk in pending:
                    running.append(task.remote(*shared, chunk))
                    break
                yield ray.get(done[0])
        finally:
            for ref in running:
                ray.cancel(ref)
            if started:
                ray.shutdown()
