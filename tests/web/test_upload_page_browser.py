"""The upload page in a real browser (Debian's chromium driven by Playwright) against a real
`meetsight serve` with its worker: the kind comes first and brings its own fields, several files
go at once with a progress bar and a live status each, and what the page sends arrives: a call's
direction, numbers and owner, a meeting's medium and participants, and no invented people."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from fixtures.served import Served, new_org_key, new_user, start_server
from speech.audio import SHORT_CALL, conversation
from web.chromium import chromium_available, launched

EMAIL, PASSWORD = "uma@example.com", "upload page password"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SMALLEST_TEXT_PX = 11

if not chromium_available():
    pytest.skip("/usr/bin/chromium is missing (scripts/system-deps.sh)", allow_module_level=True)

from playwright.async_api import Browser, Page, expect  # noqa: E402


class Org:
    def __init__(self, server: Served, key: str) -> None:
        self.server = server
        self.key = key

    def api(self, path: str) -> Any:
        answer = httpx.get(
            f"{self.server.base_url}/api/v1{path}", headers={"x-api-key": self.key}, timeout=30
        )
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]


@pytest.fixture(scope="module")
def org(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Org]:
    """The server with its worker (tiny.en keeps processing short), the owner Uma with a
    password, her teammate Tess, and an API key to read back what the page created."""
    data_dir = tmp_path_factory.mktemp("upload-page")
    server = start_server(data_dir, worker=True, extra_env={"MEETSIGHT_ASR_MODEL": "tiny.en"})
    try:
        org_id, key = new_org_key(data_dir, "Uploads")
        new_user(data_dir, org_id, EMAIL, "Uma Uploader", "owner", PASSWORD)
        new_user(
            data_dir, org_id, "tess@example.com", "Tess Teammate", "member", "another long password"
        )
        yield Org(server, key)
    finally:
        server.stop()


@pytest.fixture(scope="module")
def recordings(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The short two-voice call (15 s, mono WAV) under two names: two files at once."""
    folder = tmp_path_factory.mktemp("speech")
    first = conversation(SHORT_CALL, folder / "monday-call.wav").path
    second = folder / "tuesday-call.wav"
    shutil.copyfile(first, second)
    return [first, second]


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched() as chromium:
        yield chromium


async def signed_in(
    browser: Browser, base: str, viewport: dict[str, int], *, touch: bool = False
) -> tuple[Page, list[str]]:
    context = await browser.new_context(viewport=viewport, has_touch=touch)  # type: ignore[arg-type]
    page = await context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    await page.goto(base + "/signin")
    await page.get_by_label("Email").fill(EMAIL)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page).to_have_url(base + "/app")
    return page, problems


def conversation_id(href: str | None) -> str:
    assert href and href.startswith("/app/conversations/"), href
    return href.rsplit("/", 1)[1]


async def wait_until_ready(page: Page, count: int) -> list[str]:
    """The ids of the `count` queued files once each says it is ready (none may fail)."""
    items = page.locator("#queue li")
    await expect(items).to_have_count(count)
    for index in range(count):
        item = items.nth(index)
        finished = item.locator("xpath=self::li[@data-state='done' or @data-state='failed']")
        await expect(finished).to_have_count(1, timeout=300_000)
        assert await item.get_attribute("data-state") == "done", await item.inner_text()
        assert await item.locator("progress").get_attribute("value") == "100"
    return [
        conversation_id(await items.nth(i).locator(".up-status a").get_attribute("href"))
        for i in range(count)
    ]


async def test_calls_and_a_meeting_uploaded_from_the_page_get_kind_direction_and_owner(
    org: Org, browser: Browser, recordings: list[Path]
) -> None:
    base = org.server.base_url
    page, problems = await signed_in(browser, base, DESKTOP)
    await page.goto(base + "/app/upload")

    # The kind first: nothing else until it is chosen, then only that kind's fields.
    await expect(page.get_by_label("Name", exact=True)).to_be_hidden()
    await page.get_by_label("Phone call").check()
    await expect(page.get_by_label("Where it took place")).to_be_hidden()
    await expect(page.get_by_role("group", name="Direction")).to_be_visible()
    await expect(page.get_by_label("Owner")).to_have_value(
        await page.locator("#owner option", has_text="Uma Uploader").get_attribute("value") or ""
    )

    # Two calls at once, inbound, with their numbers; each file has its own row and bar.
    await page.get_by_label("Inbound (they called)").check()
    await page.get_by_label("From number").fill("+1 555 010 0000")
    await page.get_by_label("To number").fill("+1 555 010 0001")
    await page.get_by_label("Started at").fill("2026-11-20T09:30")
    await page.locator("#file").set_input_files([str(p) for p in recordings])
    await expect(page.get_by_label("Name for monday-call.wav")).to_have_value("monday-call")
    await page.get_by_label("Name for tuesday-call.wav").fill("Tuesday follow-up")
    await page.get_by_role("button", name="Upload").click()
    call_ids = await wait_until_ready(page, 2)

    [uma] = org.api(f"/calls/{call_ids[0]}/participants")["participants"]
    for call_id, name in zip(call_ids, ["monday-call", "Tuesday follow-up"], strict=True):
        call = org.api(f"/calls/{call_id}")
        assert (call["name"], call["direction"]) == (name, "inbound")
        assert (call["fromNumber"], call["toNumber"]) == ("+1 555 010 0000", "+1 555 010 0001")
        people = org.api(f"/calls/{call_id}/participants")["participants"]
        assert [(p["name"], p["isHost"], p["isInternal"]) for p in people] == [
            ("Uma Uploader", True, True)
        ]
        segments = org.api(f"/calls/{call_id}/transcript")["transcript"]
        # Inbound: the owner answers and speaks first; the caller stays a transcript speaker.
        assert segments[0]["participantName"] == "Uma Uploader"
        assert segments[0]["personId"] == uma["id"]
        assert {s["participantName"] for s in segments} == {"Uma Uploader", "Speaker 2"}

    # A WAV meeting with the teammate ticked: in person (audio has no picture), two people.
    await page.goto(base + "/app/upload")
    await page.get_by_label("Meeting", exact=True).check()
    await expect(page.get_by_role("group", name="Direction")).to_be_hidden()
    await expect(page.get_by_label("Where it took place")).to_have_value("")
    await page.get_by_label("Tess Teammate").check()
    await page.get_by_label("Name", exact=True).fill("Planning")
    await page.locator("#file").set_input_files(str(recordings[0]))
    await expect(page.get_by_label("Name for monday-call.wav")).to_have_value("Planning")
    await page.get_by_role("button", name="Upload").click()
    [meeting_id] = await wait_until_ready(page, 1)
    meeting = org.api(f"/meetings/{meeting_id}")
    assert (meeting["name"], meeting["mediaType"]) == ("Planning", "presential")
    people = org.api(f"/meetings/{meeting_id}/participants")["participants"]
    assert [(p["name"], p["isHost"]) for p in people] == [
        ("Uma Uploader", True),
        ("Tess Teammate", False),
    ]

    # No upload made people: the picker offers the two users and nobody called "Speaker".
    await page.goto(base + "/app/upload")
    await page.get_by_label("Meeting", exact=True).check()
    offered = await page.locator("#people li").all_inner_texts()
    assert [text.split()[0] for text in offered] == ["Tess"], offered
    assert problems == [], problems


async def test_the_page_on_a_phone_works_by_touch_and_fits(org: Org, browser: Browser) -> None:
    base = org.server.base_url
    page, problems = await signed_in(browser, base, PHONE, touch=True)
    await page.goto(base + "/app/upload")
    await page.get_by_label("Phone call").tap()
    await expect(page.get_by_role("group", name="Direction")).to_be_visible()
    await page.get_by_label("Tess Teammate").tap()
    await expect(page.get_by_label("Tess Teammate")).to_be_checked()
    await page.get_by_label("Meeting", exact=True).tap()
    await expect(page.get_by_label("Where it took place")).to_be_visible()

    # Files dropped on the zone join the list, each with its own row; one can be removed.
    dropped = await page.evaluate_handle(
        """() => { const d = new DataTransfer();
            for (const n of ['kickoff.wav', 'review.mp3'])
                d.items.add(new File([new Uint8Array(2048)], n, {type: 'audio/wav'}));
            return d; }"""
    )
    await page.locator("#drop-zone").dispatch_event("drop", {"dataTransfer": dropped})
    await expect(page.get_by_label("Name for kickoff.wav")).to_have_value("kickoff")
    await expect(page.get_by_label("Name for review.mp3")).to_have_value("review")
    await page.locator("#queue li", has_text="kickoff.wav").get_by_role("button").tap()
    await expect(page.locator("#queue li")).to_have_count(1)
    body = await page.locator("main").inner_text()
    assert "Ctrl" not in body and "⌘" not in body, body
    assert await page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    smallest = await page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('main *')]
            .filter(el => el.offsetParent !== null && [...el.childNodes]
                .some(n => n.nodeType === 3 && n.textContent.trim()))
            .map(el => parseFloat(getComputedStyle(el).fontSize)))"""
    )
    assert smallest >= SMALLEST_TEXT_PX, smallest
    assert problems == [], problems
