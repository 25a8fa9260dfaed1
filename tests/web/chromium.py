"""Debian's chromium for the browser tests, driven by Playwright: never a downloaded browser.
The project's own set-up installs it (`make test` runs scripts/system-deps.sh as root)."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from playwright.async_api import Browser, async_playwright

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
# Headless as root on a machine with no outside network: without the background-networking
# flags chromium keeps trying (and failing) to reach Google's hosts.
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)


def chromium_available() -> bool:
    if not CHROMIUM.exists() and shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run([str(ROOT / "scripts" / "system-deps.sh")], check=False, timeout=900)
    return CHROMIUM.exists()


@asynccontextmanager
async def launched(extra_args: Sequence[str] = ()) -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*ARGS, *extra_args], headless=True
        )
        try:
            yield browser
        finally:
            await browser.close()


def screenshot_dir(tmp_path: Path) -> Path:
    """$MEETSIGHT_TEST_SCREENSHOT_DIR when set (docs/screenshots holds the committed ones), else
    the test's temporary folder."""
    folder = os.environ.get("MEETSIGHT_TEST_SCREENSHOT_DIR")
    path = Path(folder) if folder else tmp_path / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
