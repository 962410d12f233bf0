"""Harness for the live-preview tests and benchmark: `build --watch` in a subprocess, and a
headless Chromium driven by Selenium.

The browser is Debian's `chromium` with its matching `chromedriver` (`.ci/install-browser`
installs both), or any Chrome/Chromium named by WONDERSMITH_CHROMIUM and
WONDERSMITH_CHROMEDRIVER.
"""
from __future__ import annotations

import importlib.util
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
CHROME_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-dev-shm-usage", "--window-size=1280,1000")
URL_LINE = re.compile(r"preview: (http://127\.0\.0\.1:\d+/)")


def find_chromium() -> tuple[str, str] | str:
    """(browser, driver) paths, or the reason they cannot be found."""
    browser = os.environ.get("WONDERSMITH_CHROMIUM") or next(
        filter(None, map(shutil.which, BROWSERS)), None)
    driver = os.environ.get("WONDERSMITH_CHROMEDRIVER") or shutil.which("chromedriver")
    if driver is None and os.environ.get("CHROMEWEBDRIVER"):  # GitHub's Ubuntu runners
        candidate = Path(os.environ["CHROMEWEBDRIVER"]) / "chromedriver"
        driver = str(candidate) if candidate.is_file() else None
    if browser is None:
        return "no Chromium or Chrome on PATH (run .ci/install-browser)"
    if driver is None:
        return "no chromedriver on PATH (run .ci/install-browser)"
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[test]')"
    return browser, driver


def require_chromium() -> None:
    """Skip the calling test where no headless browser is installed; under CI fail instead,
    since CI must run the browser tests (`.ci/install-browser` installs one)."""
    import pytest

    found = find_chromium()
    if isinstance(found, str):
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must run the browser tests: {found}")
        pytest.skip(f"no headless browser: {found}")


def start_browser(profile: Path):
    """A headless Chromium with a fresh profile in `profile`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = find_chromium()
    if isinstance(found, str):
        raise RuntimeError(found)
    browser, driver = found
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in CHROME_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    return webdriver.Chrome(options=options, service=Service(executable_path=driver))


def text_of(driver, selector: str) -> str | None:
    """The text of the first element matching `selector`, or None (also while reloading)."""
    from selenium.common.exceptions import WebDriverException

    try:
        return driver.execute_script(
            "var e = document.querySelector(arguments[0]); return e && e.textContent;",
            selector)
    except WebDriverException:
        return None


def wait_until(condition, timeout: float, what: str, poll: float = 0.01):
    """Poll `condition` until it returns something true; AssertionError naming `what`."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f}s waiting for {what}")
        time.sleep(poll)


@dataclass
class Watch:
    """`wondersmith build --watch` running in `project`, its output collected line by line."""
    project: Path
    extra: tuple[str, ...] = ()
    lines: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._queue: queue.Queue[str | None] = queue.Queue()
        env = dict(os.environ, PYTHONUNBUFFERED="1", COLUMNS="200")
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from wondersmith.cli import main; main()", "build",
             "--watch", *self.extra],
            cwd=self.project, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, encoding="utf-8")
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def wait_for_line(self, pattern: str, timeout: float = 60.0) -> re.Match:
        """The first new output line matching `pattern` (lines before it are kept)."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no line matching {pattern!r} within {timeout:.0f}s; "
                                     "output:\n" + "\n".join(self.lines)) from None
            if line is None:
                raise AssertionError(f"build --watch ended (exit {self.process.wait()}) "
                                     "before printing " + repr(pattern) + "; output:\n"
                                     + "\n".join(self.lines))
            self.lines.append(line)
            match = regex.search(line)
            if match:
                return match

    def url(self) -> str:
        return self.wait_for_line(URL_LINE.pattern).group(1)

    def stop(self, sig: int = signal.SIGINT, timeout: float = 30.0) -> tuple[int, str]:
        """Send `sig`, wait for the exit; (exit code, all the output)."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        code = self.process.wait(timeout=timeout)
        while True:
            try:
                line = self._queue.get(timeout=5)
            except queue.Empty:
                break
            if line is None:
                break
            self.lines.append(line)
        return code, "\n".join(self.lines)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
