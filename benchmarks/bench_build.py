"""Benchmark: `wondersmith build` with nothing changed costs at most 3x `wondersmith validate`.

    python benchmarks/bench_build.py [--repeat N] [--budget RATIO]

Copies the data with its committed outputs into a temporary project, builds it once (this
renders the sheets and the print-and-play cards anew: their HTML links the fonts by a path
relative to the project, so allow a few minutes), then runs `wondersmith validate` and the no-op `wondersmith build` N times
each as separate processes, as a user would. Prints the wall and CPU time (user + system of
the child process) of each, their medians and the ratio build / validate, and exits 1 if the
ratio of the CPU medians is over the budget. The no-op build must write nothing.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command() -> list[str]:
    found = shutil.which("wondersmith")
    return [found] if found else [sys.executable, "-m", "wondersmith.cli"]


def run(args: list[str], cwd: Path) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds, stderr) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*command(), *args], cwd=cwd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"wondersmith {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stderr


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--budget", type=float, default=3.0,
                        help="largest allowed ratio of the CPU medians, build / validate")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        shutil.copytree(ROOT / "cards", project / "cards")
        shutil.copytree(ROOT / "generated", project / "generated",
                        ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(ROOT / "docs" / "rules", project / "docs" / "rules")
        print("preparing: one build brings the copy up to date ...", flush=True)
        run(["build"], project)
        before = snapshot(project)
        results: dict[str, list[tuple[float, float]]] = {"validate": [], "build": []}
        for _ in range(args.repeat):  # interleaved, so load on the machine hits both alike
            for name in results:
                wall, cpu, _ = run([name], project)
                results[name].append((wall, cpu))
        if snapshot(project) != before:
            print("FAIL: the no-op build wrote files")
            return 1
    medians = {}
    for name, runs in results.items():
        walls, cpus = [r[0] for r in runs], [r[1] for r in runs]
        medians[name] = (statistics.median(walls), statistics.median(cpus))
        print(f"wondersmith {name:8}: {args.repeat} runs, wall median {medians[name][0]:.2f} s "
              f"(min {min(walls):.2f}), CPU median {medians[name][1]:.2f} s "
              f"(min {min(cpus):.2f})")
    ratio_cpu = medians["build"][1] / medians["validate"][1]
    ratio_wall = medians["build"][0] / medians["validate"][0]
    print(f"no-op build / validate: CPU {ratio_cpu:.2f}x, wall {ratio_wall:.2f}x "
          f"(budget {args.budget:.1f}x on CPU)")
    return 0 if ratio_cpu <= args.budget else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sys.exit(main())
