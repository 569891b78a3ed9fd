"""Open a page in Debian's headless chromium: the DOM after its scripts ran, and the console messages it logged."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass

BROWSERS = ("chromium", "chromium-browser", "google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--enable-logging=stderr",
    "--v=0",
)
_CONSOLE = re.compile(r':CONSOLE[:(]\d+\)?\] "(?P<message>.*)", source: (?P<source>\S*)')


def find_browser() -> str | None:
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


@dataclass(frozen=True)
class PageLoad:
    dom: str
    console: list[str]  # every console message of the page (errors and uncaught exceptions included)


def load_page(browser: str, url: str, timeout: float = 120) -> PageLoad:
    with tempfile.TemporaryDirectory(prefix="citeaudit-chromium-") as profile:
        proc = subprocess.run(
            [browser, *FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    assert proc.returncode == 0, proc.stderr[-2000:]
    console = [m["message"] for m in _CONSOLE.finditer(proc.stderr) if m["source"].startswith("file://")]
    return PageLoad(proc.stdout, console)
