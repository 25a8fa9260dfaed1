"""The interactive API reference (/api/v1/docs) in a real browser (Debian's chromium driven by
Playwright) with no network beyond the server, as on the test machine: Swagger UI comes from the
server itself, lists the operations and expands one, with no console error and no CSP
violation."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from fixtures.served import Served, start_server
from web.chromium import chromium_available, launched

if not chromium_available():
    pytest.skip("/usr/bin/chromium is missing (scripts/system-deps.sh)", allow_module_level=True)

from playwright.async_api import Browser, Route, expect

# Chromium reports a CSP violation as a console error too; this also catches one it would not.
RECORD_CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = start_server(tmp_path / "data")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with launched() as chromium:
        yield chromium


async def test_the_api_reference_renders_offline(served: Served, browser: Browser) -> None:
    base = served.base_url
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    outside: list[str] = []

    async def only_the_server(route: Route) -> None:
        if route.request.url.startswith(base + "/"):
            await route.continue_()
        else:  # the network the test machine does not have
            outside.append(route.request.url)
            await route.abort("internetdisconnected")

    await context.route("**/*", only_the_server)
    await context.add_init_script(RECORD_CSP_VIOLATIONS)
    page = await context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))

    await page.goto(base + "/api/v1/docs")
    listing = page.locator(".opblock-get").filter(
        has=page.locator('.opblock-summary-path[data-path="/api/v1/meetings"]')
    )
    await expect(listing).to_be_visible(timeout=30_000)
    await expect(listing.locator(".opblock-summary-method")).to_have_text("GET")
    assert await page.locator(".opblock").count() > 40  # every operation, not one tag's
    # Expanding an operation shows its parameters (the document's, rendered by the script).
    await listing.locator(".opblock-summary-control").click()
    await expect(listing.locator("tr[data-param-name=fromDate]")).to_be_visible()

    assert outside == [], outside
    assert problems == [], problems
    assert await page.evaluate("window.cspViolations") == []
