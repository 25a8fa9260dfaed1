"""Comments on a moment in a real browser (Debian's chromium driven by Playwright) against one
real `meetsight serve` with demo data, at 1280 and 390 px: the comment form follows the player,
a comment on selected lines takes their span, a comment's time seeks the player, edit, delete;
no console error, no CSP violation, no sideways scroll on a phone."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from fixtures.served import Served, demo_with_owner, start_server
from web.chromium import chromium_available, launched, screenshot_dir
from web.page_checks import DESKTOP, PHONE, page_faults, watched_context
from web.test_pages_browser import SELECT_LINES

EMAIL, PASSWORD = "ada@demo.example", "browser comments password"

if not chromium_available():
    pytest.skip("/usr/bin/chromium is missing (scripts/system-deps.sh)", allow_module_level=True)

from playwright.async_api import Browser, Dialog, Page, expect  # noqa: E402


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Demo data and one owner with a password; no worker (nothing is processed here)."""
    data_dir = tmp_path_factory.mktemp("comments")
    demo_with_owner(data_dir, EMAIL, PASSWORD)
    server = start_server(data_dir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched() as chromium:
        yield chromium


async def _accept(dialog: Dialog) -> None:
    await dialog.accept()


def _recorded(served: Served) -> str:
    """A demo conversation that came with sound (docs/demo.md#recordings)."""
    with sqlite3.connect(served.data_dir / "meetsight.db") as db:
        found = db.execute(
            "SELECT id FROM activities WHERE media_key IS NOT NULL AND status = 'completed'"
        ).fetchone()
    assert found, "the fresh demo has no conversation with a recording"
    return f"{served.base_url}/app/conversations/{found[0]}"


async def _player_at(page: Page, seconds: float) -> None:
    await page.wait_for_function(
        f"() => {{ const p = document.getElementById('player');"
        f" return p.readyState >= 1 && Math.abs(p.currentTime - {seconds}) < 0.5; }}"
    )


def _clock(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return screenshot_dir(tmp_path)


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
async def test_comment_on_a_moment_seek_edit_delete(
    served: Served, browser: Browser, shots: Path, viewport: dict[str, int]
) -> None:
    context = await browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    watch = await watched_context(context)
    page = await context.new_page()
    page.on("dialog", _accept)
    await page.goto(served.base_url + "/signin")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page).to_have_url(served.base_url + "/app")
    url = _recorded(served)
    await page.goto(url)
    faults = [f"page: {f}" for f in await page_faults(page)]

    # Seek to a line: the comment form's moment follows the player.
    lines = page.locator("#lines li[data-start]")
    line = lines.nth(4)
    start = float(await line.get_attribute("data-start") or "")
    await line.locator("a.t").click()
    await _player_at(page, start)
    await page.evaluate("document.getElementById('player').pause()")
    await page.get_by_role("tab", name=re.compile("^Comments")).click()
    at = page.locator("#comment-at")
    await expect(at).to_have_value(re.compile(r"^\d+:\d\d$"))
    moment = await at.input_value()
    text = f"Pricing pushback here <b>{viewport['width']}</b>"
    await page.get_by_label("Comment", exact=True).fill(text)
    await page.get_by_role("button", name="Add comment").click()

    # Back on the page, on the Comments tab, the comment shown as written (escaped).
    await expect(page).to_have_url(re.compile(r"#c-"))
    comment = page.locator("li.comment", has_text=text)
    await expect(comment).to_be_visible()
    await expect(comment.locator(".comment-text")).to_have_text(text)
    await expect(comment.locator(".comment-author")).to_have_text("Ada Owner")
    await expect(comment.locator(".av")).to_have_text("AO")
    link = comment.locator("a.t")
    await expect(link).to_have_text(moment)
    seconds = float(await link.get_attribute("data-seek") or "")
    assert abs(seconds - start) < 1.0, (seconds, start)
    faults += [f"after adding: {f}" for f in await page_faults(page)]

    # Its time seeks the player (from elsewhere) and highlights the line spoken then.
    await page.evaluate("document.getElementById('player').currentTime = 0")
    await _player_at(page, 0)
    await link.click()
    await _player_at(page, seconds)
    await expect(page.locator("#lines li.current")).to_have_attribute(
        "data-start", await line.get_attribute("data-start") or ""
    )
    await page.evaluate("document.getElementById('player').pause()")

    # Edit it.
    await comment.get_by_text("Edit", exact=True).click()
    await comment.get_by_label("Your comment").fill("Pricing pushback, edited")
    await comment.get_by_role("button", name="Save comment").click()
    edited = page.locator("li.comment", has_text="Pricing pushback, edited")
    await expect(edited).to_be_visible()
    await expect(edited).to_contain_text("(edited)")

    # Comment on selected lines: the form takes their span.
    span_start = await lines.nth(1).get_attribute("data-start") or ""
    span_end = await lines.nth(2).get_attribute("data-end") or ""
    await page.evaluate(SELECT_LINES, [1, 2])
    await page.get_by_role("button", name="Comment on these lines").click()
    await expect(page.get_by_label("Comment", exact=True)).to_be_focused()
    expected = f"{_clock(float(span_start))}\u2013{_clock(float(span_end))}"
    await expect(at).to_have_value(expected)
    await page.get_by_label("Comment", exact=True).fill("About these two lines")
    await page.get_by_role("button", name="Add comment").click()
    spanned = page.locator("li.comment", has_text="About these two lines")
    await expect(spanned.locator("a.t")).to_have_text(expected)
    href = await spanned.locator("a.t").get_attribute("href") or ""
    assert href == f"?t={float(span_start):g}&end={float(span_end):g}", href
    faults += [f"two comments: {f}" for f in await page_faults(page)]
    size = "desktop" if viewport == DESKTOP else "phone"
    await page.locator("#comments").scroll_into_view_if_needed()
    await page.screenshot(path=str(shots / f"comments-{size}.png"), full_page=size == "phone")

    # Delete both (the confirmation accepted).
    for item in (edited, spanned):
        await item.get_by_role("button", name=re.compile("^Delete")).click()
        await expect(item).to_have_count(0)
    await expect(page.locator("li.comment")).to_have_count(0)
    faults += [f"after deleting: {f}" for f in await page_faults(page)]
    assert faults == [], faults
    assert watch.problems == [], watch.problems
    await context.close()
