"""Uploading through the page in a real browser (Debian's chromium driven by Playwright) against
a real `meetsight serve` with its worker: a recording larger than the 1 MiB body limit of the
JSON routes goes through the page as it does through REST, is processed, and plays."""

from __future__ import annotations

import subprocess
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from fixtures.served import Served, new_org, new_user, start_server
from speech.audio import SHORT_CALL, conversation
from web.chromium import chromium_available, launched

EMAIL, PASSWORD = "uploader@example.com", "browser upload password"
MIB = 1024 * 1024

if not chromium_available():
    pytest.skip("/usr/bin/chromium is missing (scripts/system-deps.sh)", allow_module_level=True)

from playwright.async_api import Browser, Page, expect  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The server with its worker (tiny.en: the smallest bundled recognizer keeps processing
    short) and one owner with a password."""
    data_dir = tmp_path_factory.mktemp("upload")
    server = start_server(data_dir, worker=True, extra_env={"MEETSIGHT_ASR_MODEL": "tiny.en"})
    try:
        new_user(data_dir, new_org(data_dir, "Uploads"), EMAIL, "Uma Uploader", "owner", PASSWORD)
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def studio_recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The short spoken call as a studio WAV (48 kHz, stereo, 16 bit): 15 s of speech, about
    2.8 MB, so processing stays short while the body is well over 1 MiB."""
    folder = tmp_path_factory.mktemp("speech")
    spoken = conversation(SHORT_CALL, folder / "call.wav").path
    studio = folder / "studio-call.wav"
    subprocess.run(
        ["sox", str(spoken), "-r", "48000", "-c", "2", "-b", "16", str(studio)],
        check=True,
        capture_output=True,
    )
    assert 2 * MIB < studio.stat().st_size < 4 * MIB, studio.stat().st_size
    return studio


@pytest.fixture(scope="module")
def fifty_megabytes(studio_recording: Path) -> Path:
    """About 50 MB (52 million bytes), the size of a long meeting's WAV: here 34 s of the call
    as a high-resolution studio file (192 kHz, stereo, 32 bit), since what is tested is the
    size of the body, and a long one at 48 kHz would only make processing take minutes."""
    big = studio_recording.with_name("fifty.wav")
    high_resolution, longer = ["-r", "192000", "-b", "32"], ["repeat", "2", "trim", "0", "34"]
    subprocess.run(
        ["sox", str(studio_recording), *high_resolution, str(big), *longer],
        check=True,
        capture_output=True,
    )
    assert 50 * 10**6 <= big.stat().st_size < 55 * 10**6, big.stat().st_size
    return big


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched() as chromium:
        yield chromium


async def signed_in(browser: Browser, base: str) -> tuple[Page, list[str]]:
    page = await browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    await page.goto(base + "/signin")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page).to_have_url(base + "/app")
    return page, problems


async def test_a_recording_over_a_mebibyte_uploads_through_the_page_and_plays(
    served: Served, browser: Browser, studio_recording: Path
) -> None:
    base = served.base_url
    page, problems = await signed_in(browser, base)
    await page.goto(base + "/app/upload")
    await page.get_by_label("Phone call").check()
    await page.get_by_label("Started at").fill("2026-11-20T09:30")
    await page.get_by_label("Recording files").set_input_files(str(studio_recording))
    await page.get_by_label("Name for studio-call.wav").fill("Studio call")
    await page.get_by_role("button", name="Upload").click()

    await processed_and_played(page, "Studio call", seconds=14)
    assert problems == [], problems


async def processed_and_played(page: Page, name: str, *, seconds: float) -> None:
    """The upload either fails (its row says why) or is accepted and processed; then the
    recording plays from its page: the player loads the stored audio."""
    item = page.locator("#queue li").first
    finished = item.locator("xpath=self::li[@data-state='done' or @data-state='failed']")
    await expect(finished).to_have_count(1, timeout=480_000)
    assert await item.get_attribute("data-state") == "done", await item.inner_text()
    assert await item.locator("progress").get_attribute("value") == "100"
    await item.locator(".up-status a").click()
    await expect(page.get_by_role("heading", name=name)).to_be_visible()
    await expect(page.locator("#lines li").first).to_be_visible()
    await page.wait_for_function(
        "s => { const p = document.getElementById('player');"
        " return p.readyState >= 1 && p.duration > s; }",
        arg=seconds,
    )


async def test_a_fifty_megabyte_recording_uploads_through_the_page_and_plays(
    served: Served, browser: Browser, fifty_megabytes: Path
) -> None:
    base = served.base_url
    page, problems = await signed_in(browser, base)
    await page.goto(base + "/app/upload")
    await page.get_by_label("Meeting", exact=True).check()
    await page.get_by_label("Recording files").set_input_files(str(fifty_megabytes))
    await page.get_by_label("Name for fifty.wav").fill("Long meeting")
    await page.get_by_role("button", name="Upload").click()
    await processed_and_played(page, "Long meeting", seconds=33)
    assert problems == [], problems
