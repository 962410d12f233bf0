"""Benchmark: from saving a card's cost to the open page showing it, with `build --watch`.

    python benchmarks/bench_watch.py [--edits N] [--budget SECONDS]

Copies cards/ to a temporary project, starts `wondersmith build --watch` there, opens the
English sheet in headless Chromium (see tests/browser.py) and changes Logging Camp's coin
cost N times. Each edit is timed from the write to the page showing the new cost (wall
clock: file watching, rebuild, server-sent event, reload, all of it); the rebuild's own times
(until the sheets are served, and in all) are read from the terminal. Prints min, median and max, and exits 1 if the median is over
the budget ("within about a second").
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser import Watch, find_chromium, start_browser, text_of, wait_until  # noqa: E402

COST = "#building-logging_camp .coin-n"
LOGGING_CAMP = "  - id: logging_camp\n    name: Logging Camp\n    color: brown\n    cost: {coins: %d}\n"


def measure(edits: int) -> tuple[list[float], list[float], list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "project"
        shutil.copytree(ROOT / "cards", project / "cards")
        watch = Watch(project)
        driver = None
        try:
            url = watch.url()
            watch.wait_for_line(r"rebuilt in")
            driver = start_browser(Path(tmp) / "profile")
            english = next((project / "generated" / "sheets").glob("duel-en*.html"))
            driver.get(url + english.name)
            wait_until(lambda: text_of(driver, COST) == "1", 60, "the sheet")
            age1 = project / "cards" / "duel" / "age1.yaml"
            latencies, rebuilds, served, cost = [], [], [], 1
            for _ in range(edits):
                new = cost % 5 + 1
                text = age1.read_text(encoding="utf-8")
                start = time.perf_counter()
                age1.write_text(text.replace(LOGGING_CAMP % cost, LOGGING_CAMP % new),
                                encoding="utf-8")
                wait_until(lambda: text_of(driver, COST) == str(new), 60, "the new cost")
                latencies.append(time.perf_counter() - start)
                done = watch.wait_for_line(r"rebuilt in ([\d.]+)s \(sheets served after "
                                           r"([\d.]+)s\)")
                rebuilds.append(float(done.group(1)))
                served.append(float(done.group(2)))
                cost = new
                time.sleep(0.3)  # let the reload settle, as between a designer's saves
            return latencies, served, rebuilds
        finally:
            if driver is not None:
                driver.quit()
            watch.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--budget", type=float, default=1.0)
    args = parser.parse_args()
    found = find_chromium()
    if isinstance(found, str):
        raise SystemExit(f"bench_watch: {found}")
    latencies, served, rebuilds = measure(args.edits)

    def ms(values: list[float]) -> str:
        return (f"min {min(values) * 1000:.0f} ms, median {statistics.median(values) * 1000:.0f}"
                f" ms, max {max(values) * 1000:.0f} ms")

    median = statistics.median(latencies)
    print(f"save to page, {args.edits} edits: {ms(latencies)} (budget "
          f"{args.budget * 1000:.0f} ms)")
    print(f"  save seen to sheets served (validate, render HTML): {ms(served)}")
    print(f"  whole rebuild (and rules docs, code, manifest): {ms(rebuilds)}")
    return 0 if median <= args.budget else 1


if __name__ == "__main__":
    sys.exit(main())
