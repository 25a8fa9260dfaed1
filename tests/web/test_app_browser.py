"""The web app in a real browser (Debian's chromium driven by Playwright) against one real
`meetsight serve` with demo data and its embedded worker: sign in, filter, search and follow a
hit to the moment, chat, smart categories, upload a spoken recording and watch it complete, play
and seek it, rename a speaker, delete it; the same pages at phone width.

Screenshots go to $MEETSIGHT_TEST_SCREENSHOT_DIR when set (docs/screenshots holds the committed
ones: `MEETSIGHT_TEST_SCREENSHOT_DIR=docs/screenshots pytest tests/web/test_app_browser.py`).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from fixtures.served import Served, demo_with_owner, start_server
from speech.audio import SHORT_CALL, conversation
from web.chromium import chromium_available, launched, screenshot_dir

EMAIL, PASSWORD = "ada@demo.example", "browser app password"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
AUTOPLAY = ("--autoplay-policy=no-user-gesture-required",)  # play() without a click


if not chromium_available():
    pytest.skip("/usr/bin/chromium is missing (scripts/system-deps.sh)", allow_module_level=True)

from playwright.async_api import Browser, Dialog, Page, expect  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Demo data and one owner with a password, then the server with its worker (tiny.en: the
    smallest bundled recognizer keeps processing of the test recording short)."""
    data_dir = tmp_path_factory.mktemp("webapp")
    demo_with_owner(data_dir, EMAIL, PASSWORD)
    server = start_server(data_dir, worker=True, extra_env={"MEETSIGHT_ASR_MODEL": "tiny.en"})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return conversation(SHORT_CALL, tmp_path_factory.mktemp("speech") / "call.wav").path


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched(AUTOPLAY) as chromium:
        yield chromium


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return screenshot_dir(tmp_path)


async def _accept(dialog: Dialog) -> None:
    await dialog.accept()


async def signed_in_page(
    browser: Browser, base: str, viewport: dict[str, int]
) -> tuple[Page, list[str]]:
    context = await browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    page = await context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", _accept)
    await page.goto(base + "/app")
    await expect(page).to_have_url(base + "/signin?next=%2Fapp")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page).to_have_url(base + "/app")
    return page, problems


async def _throttle_uploads(page: Page, bytes_per_second: int) -> None:
    """Slow the upload so that its progress can be seen (and photographed)."""
    cdp = await page.context.new_cdp_session(page)
    await cdp.send("Network.enable")
    await cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 0,
            "downloadThroughput": -1,
            "uploadThroughput": bytes_per_second,
        },
    )


async def test_the_web_app_in_a_browser(
    served: Served, browser: Browser, recording: Path, shots: Path
) -> None:
    base = served.base_url
    page, problems = await signed_in_page(browser, base, DESKTOP)
    await expect(page.get_by_role("heading", name="Recent meetings and calls")).to_be_visible()
    await page.screenshot(path=str(shots / "home-desktop.png"))

    # Filters: calls only.
    await page.get_by_label("Type").select_option("calls")
    await page.get_by_role("button", name="Apply").click()
    await expect(page).to_have_url(re.compile(r"/app\?.*\btype=calls\b"))
    media_cells = await page.locator("td[data-label=Media]").all_inner_texts()
    assert media_cells and set(media_cells) == {"Phone call"}, media_cells

    # Search, then follow a hit to its moment: the transcript line there is highlighted.
    await page.get_by_label("Type").select_option("all")
    await page.get_by_label("Search words said or titles").fill("budget")
    await page.get_by_role("button", name="Apply").click()
    moment = page.locator("ul.moments a").first
    href = await moment.get_attribute("href") or ""
    assert "?t=" in href
    seconds = float(href.split("?t=")[1])
    await moment.click()
    await expect(page).to_have_url(base + href)
    current = page.locator("#lines li.current")
    await expect(current).to_have_count(1)
    assert abs(float(await current.get_attribute("data-start") or "-1") - seconds) < 0.01
    meeting_url = page.url.split("?")[0]
    is_call = "Call" in (await page.locator(".crumbs").inner_text())

    # Chat: ask (in the "Ask" tab), and the answer cites moments that seek.
    await page.get_by_role("tab", name="Ask").click()
    await page.get_by_label("Your question").fill("What did they say about the budget?")
    await page.get_by_role("button", name="Ask").click()
    latest = page.locator("#chat-latest")
    await expect(latest).to_contain_text("What did they say about the budget?")
    await expect(latest.locator(".a")).not_to_be_empty()
    await page.evaluate("window.scrollTo(0, 0)")
    await page.screenshot(path=str(shots / f"{'call' if is_call else 'meeting'}-desktop.png"))
    other_kind = "meetings" if is_call else "calls"
    await page.goto(f"{base}/app?type={other_kind}")
    await page.locator("td[data-label=Name] a").first.click()
    await expect(page.locator("#lines li").first).to_be_visible()
    await page.screenshot(path=str(shots / f"{'meeting' if is_call else 'call'}-desktop.png"))

    # Smart categories: create one with examples.
    await page.get_by_role("link", name="Smart categories").click()
    await page.locator("#new-name").fill("Security review")
    await page.locator("#new-examples").fill("Do you have SOC 2?\nWhere is our data stored?")
    await page.get_by_role("button", name="Create category").click()
    await expect(page.get_by_role("status")).to_have_text("Created “Security review”.")
    await expect(page.get_by_role("heading", name="Security review")).to_be_visible()
    await page.screenshot(path=str(shots / "categories-desktop.png"))

    # Upload a spoken call: progress while it uploads, then the status until completed.
    await page.get_by_role("link", name="Upload").click()
    await page.get_by_label("Phone call").check()
    await page.get_by_label("Started at").fill("2026-11-20T09:30")
    await page.get_by_label("Recording files").set_input_files(str(recording))
    upload = page.locator("#queue li").first
    await upload.locator(".up-item-title").fill("Browser upload call")
    await _throttle_uploads(page, 120_000)
    await page.get_by_role("button", name="Upload").click()
    progress = upload.locator("progress")
    await expect(progress).to_be_visible()
    await page.wait_for_function(
        "() => { const v = document.querySelector('#queue progress').value;"
        " return v > 5 && v < 100; }"
    )
    await page.screenshot(path=str(shots / "upload-desktop.png"))
    await expect(upload).to_have_attribute("data-status", "completed", timeout=300_000)
    assert await progress.get_attribute("value") == "100"
    # Listen for the media responses before the page that loads the recording opens: the
    # browser may fetch the short recording before a later listener would see it.
    ranged: list[int] = []
    page.on("response", lambda r: ranged.append(r.status) if r.url.endswith("/media") else None)
    await upload.locator(".up-status a").click()
    await expect(page.get_by_role("heading", name="Browser upload call")).to_be_visible()

    # Play and seek: a click on a line moves the player there and highlights the line.
    player = page.locator("#player")
    await expect(player).to_be_visible()
    lines = page.locator("#lines li")
    assert await lines.count() >= 2
    target = lines.nth(1)
    start = float(await target.get_attribute("data-start") or "0")
    await target.locator("a.t").click()
    await page.wait_for_function(
        f"() => {{ const p = document.getElementById('player');"
        f" return Math.abs(p.currentTime - {start}) < 1.5 && p.readyState >= 1; }}"
    )
    await expect(target).to_have_class("current")
    await page.wait_for_function("() => !document.getElementById('player').paused")
    assert 206 in ranged or 200 in ranged, ranged
    await page.screenshot(path=str(shots / "call-playing-desktop.png"))

    # Rename a speaker.
    first_speaker = await page.locator("#lines li .spk").first.inner_text()
    await page.get_by_text("Rename a speaker or assign them to a participant").click()
    await page.get_by_label("Speaker", exact=True).select_option(first_speaker)
    await page.get_by_label("New name").fill("Renamed Seller")
    await page.get_by_role("button", name="Save speaker").click()
    await expect(page.locator("#lines li .spk").first).to_have_text("Renamed Seller")

    # Delete it, with the confirmation accepted.
    await page.get_by_role("button", name="Delete this call").click()
    await expect(page).to_have_url(base + "/app")
    await expect(page.get_by_role("status")).to_have_text("Deleted “Browser upload call”.")
    await expect(page.get_by_role("link", name="Browser upload call")).to_have_count(0)
    gone = await page.request.get(meeting_url.rsplit("/", 1)[0] + "/nope")
    assert gone.status == 404
    assert problems == [], problems


async def test_pages_fit_a_phone(
    served: Served, browser: Browser, recording: Path, shots: Path
) -> None:
    base = served.base_url
    page, problems = await signed_in_page(browser, base, PHONE)
    await page.screenshot(path=str(shots / "home-phone.png"))
    for kind, name in (("meetings", "meeting"), ("calls", "call")):
        await page.goto(f"{base}/app?type={kind}")
        await page.locator("td[data-label=Name] a").first.click()
        await expect(page.locator("#lines li").first).to_be_visible()
        assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        await page.screenshot(path=str(shots / f"{name}-phone.png"))
    await page.goto(base + "/app/categories")
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await page.screenshot(path=str(shots / "categories-phone.png"))

    await page.goto(base + "/app/upload")
    await page.get_by_label("Phone call").check()
    await page.get_by_label("Started at").fill("2026-11-20T10:00")
    await page.get_by_label("Recording files").set_input_files(str(recording))
    upload = page.locator("#queue li").first
    await upload.locator(".up-item-title").fill("Phone upload")
    await _throttle_uploads(page, 120_000)
    await page.get_by_role("button", name="Upload").click()
    await page.wait_for_function(
        "() => { const v = document.querySelector('#queue progress').value;"
        " return v > 5 && v < 100; }"
    )
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    await upload.scroll_into_view_if_needed()
    await page.screenshot(path=str(shots / "upload-phone.png"))
    await expect(upload).to_have_attribute(
        "data-state", re.compile("processing|done"), timeout=60_000
    )

    # Keyboard users see where they are: the focused control gets an outline.
    await page.goto(base + "/app")
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    outline = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    assert problems == [], problems
