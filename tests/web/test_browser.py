"""A real browser (Debian's chromium driven by Playwright) against a real `meetsight serve`:
first-run setup, API key shown once and used on REST, revoke, members, an OAuth client registered
and a consent completed (its token used on REST), audit log, sign-out and sign-in. Screenshots at
1280 px go to $MEETSIGHT_TEST_SCREENSHOT_DIR when set (docs/screenshots holds the committed ones),
else to the test's temporary folder."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx
import pytest

from fixtures.served import Served, start_server
from web.chromium import chromium_available, launched, screenshot_dir

PASSWORD = "browser test password"


if not chromium_available():
    pytest.skip(
        "/usr/bin/chromium is missing and could not be installed (scripts/system-deps.sh)",
        allow_module_level=True,
    )

from playwright.async_api import Browser, Dialog, Page, expect  # noqa: E402


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


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    return screenshot_dir(tmp_path)


async def _accept(dialog: Dialog) -> None:
    await dialog.accept()


async def new_page(browser: Browser, width: int = 1280) -> tuple[Page, list[str]]:
    context = await browser.new_context(viewport={"width": width, "height": 860})
    page = await context.new_page()
    problems: list[str] = []
    # A refused sign-in answers 401 on purpose; any other error (a CSP violation, a missing
    # file, a script error) is a problem.
    page.on(
        "console",
        lambda m: (
            problems.append(m.text) if m.type == "error" and "status of 401" not in m.text else None
        ),
    )
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", _accept)
    return page, problems


async def test_setup_keys_members_audit_in_a_browser(
    served: Served, browser: Browser, shots: Path
) -> None:
    base = served.base_url
    page, problems = await new_page(browser)

    await page.goto(base + "/")
    await expect(page).to_have_url(base + "/setup")
    await page.get_by_label("Organization name").fill("Acme Sales")
    await page.get_by_label("Your name").fill("Ada Owner")
    await page.get_by_label("Email").fill("ada@acme.example")
    await page.locator("#password").fill(PASSWORD)
    await page.get_by_label("Password again").fill(PASSWORD)
    await page.screenshot(path=str(shots / "setup.png"), full_page=True)
    await page.get_by_role("button", name="Create organization and sign in").click()
    await expect(page).to_have_url(base + "/app")
    await expect(page.get_by_role("heading", name="Welcome, Ada Owner")).to_be_visible()

    key = await _create_key_and_see_it_once(page, base, shots)
    async with httpx.AsyncClient(base_url=base) as rest:
        listed = await rest.get("/api/v1/meetings", headers={"x-api-key": key})
        assert listed.status_code == 200 and listed.json()["statusCode"] == 200

        await _add_member(page, base, shots)
        await _register_oauth_client(page, base, shots)
        token = await _consent_in_the_browser(page, base, shots)
        bearer = await rest.get("/api/v1/meetings", headers={"authorization": f"Bearer {token}"})
        assert bearer.status_code == 200 and bearer.json()["statusCode"] == 200
        # The token carries what was consented to (meetings:read), not more.
        calls = await rest.get("/api/v1/calls", headers={"authorization": f"Bearer {token}"})
        assert calls.status_code == 403

        await page.goto(base + "/settings/api-keys")
        await page.get_by_role("button", name="Revoke Browser test key").click()
        await expect(page.get_by_role("cell", name="revoked", exact=True)).to_be_visible()
        revoked = await rest.get("/api/v1/meetings", headers={"x-api-key": key})
        assert revoked.status_code == 401

    await page.goto(base + "/settings/audit")
    for text in (
        "Set up the organization",
        "Created API key",
        "Revoked API key",
        "Added member",
        "Registered OAuth client",
    ):
        await expect(page.get_by_text(text).first).to_be_visible()
    await page.screenshot(path=str(shots / "audit-log.png"), full_page=True)

    await page.get_by_role("button", name="Sign out").click()
    await expect(page).to_have_url(base + "/signin")
    await page.goto(base + "/settings/api-keys")
    await expect(page).to_have_url(base + "/signin?next=%2Fsettings%2Fapi-keys")
    await page.get_by_label("Email").fill("ada@acme.example")
    await page.get_by_label("Password").fill("not the password")
    await page.get_by_role("button", name="Sign in").click()
    await expect(page.get_by_role("alert")).to_have_text("Wrong email or password.")
    await page.screenshot(path=str(shots / "signin.png"), full_page=True)
    await page.get_by_label("Password").fill(PASSWORD)
    await page.get_by_role("button", name="Sign in").click()
    await expect(page).to_have_url(base + "/settings/api-keys")
    assert problems == [], problems  # no CSP violation, no script error on any page


async def _create_key_and_see_it_once(page: Page, base: str, shots: Path) -> str:
    await page.get_by_role("link", name="API keys").first.click()
    await expect(page).to_have_url(base + "/settings/api-keys")
    await page.get_by_label("Name").fill("Browser test key")
    await page.get_by_label("calls:write").uncheck()
    await page.get_by_role("button", name="Create key").click()
    shown = page.locator("#new-key-value")
    await expect(shown).to_be_visible()
    key = (await shown.text_content() or "").strip()
    assert key.startswith("msk_")
    await page.screenshot(path=str(shots / "api-keys.png"), full_page=True)
    await page.reload()
    await expect(page.locator("#new-key-value")).to_have_count(0)
    await expect(page.get_by_role("cell", name="Browser test key", exact=True)).to_be_visible()
    assert key not in await page.content()
    return key


async def _add_member(page: Page, base: str, shots: Path) -> None:
    await page.goto(base + "/settings/members")
    await page.get_by_label("Email").fill("bob@acme.example")
    await page.get_by_label("Name").fill("Bob Member")
    await page.get_by_label("Role", exact=True).select_option("member")
    await page.get_by_label("Initial password").fill(PASSWORD)
    await page.get_by_role("button", name="Add member").click()
    await expect(page.get_by_role("cell", name="bob@acme.example", exact=True)).to_be_visible()
    await page.screenshot(path=str(shots / "members.png"), full_page=True)


async def _register_oauth_client(page: Page, base: str, shots: Path) -> None:
    await page.get_by_role("link", name="OAuth clients").click()
    await expect(page).to_have_url(base + "/settings/oauth-clients")
    await page.get_by_label("Name").fill("Claude connector")
    await page.get_by_label("Redirect URIs").fill("https://claude.ai/api/mcp/auth_callback")
    await page.get_by_label("Confidential").check()
    await page.get_by_role("button", name="Register client").click()
    secret = page.locator("#shown-secret")
    await expect(secret).to_be_visible()
    assert (await secret.text_content() or "").startswith("mss_")
    await page.screenshot(path=str(shots / "oauth-clients.png"), full_page=True)
    await page.reload()
    await expect(page.locator("#shown-secret")).to_have_count(0)
    await expect(page.get_by_role("cell", name="Claude connector", exact=True)).to_be_visible()


async def test_pages_fit_a_phone(served: Served, browser: Browser, shots: Path) -> None:
    page, problems = await new_page(browser, width=375)
    await page.goto(served.base_url + "/setup")
    scroll_width = await page.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= 375, scroll_width  # nothing wider than the screen
    # Keyboard users see where they are: the focused field gets an outline.
    await page.keyboard.press("Tab")
    await page.keyboard.press("Tab")
    outline = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    assert problems == []


CALLBACK = "http://127.0.0.1:9/callback"  # a loopback redirect URI; the browser never reaches it


async def _consent_in_the_browser(page: Page, base: str, shots: Path) -> str:
    """Register a public client, send the signed-in browser through /oauth/authorize, allow on
    the consent page, catch the redirect and exchange the code (PKCE S256) for a token."""
    await page.goto(base + "/settings/oauth-clients")
    await page.get_by_label("Name").fill("Local agent")
    await page.get_by_label("Redirect URIs").fill(CALLBACK)
    await page.get_by_label("Public").check()
    await page.get_by_role("button", name="Register client").click()
    client_id = (await page.locator("#shown-client-id").text_content() or "").strip()
    assert client_id

    verifier = secrets.token_urlsafe(48)
    digest = hashlib.sha256(verifier.encode()).digest()
    challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
    query = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": CALLBACK,
        "scope": "meetings:read",
        "state": "browser-state",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "resource": base + "/api/v1",
    }
    redirected: list[str] = []

    async def catch(route: object) -> None:
        redirected.append(route.request.url)  # type: ignore[attr-defined]
        await route.fulfill(status=200, body="signed in")  # type: ignore[attr-defined]

    await page.route(CALLBACK + "*", catch)
    await page.goto(base + "/oauth/authorize?" + urlencode(query))
    await expect(
        page.get_by_role("heading", name="Allow Local agent to use meetsight?")
    ).to_be_visible()
    await page.screenshot(path=str(shots / "oauth-consent.png"), full_page=True)
    await page.get_by_role("button", name="Allow").click()
    await expect(page).to_have_url(
        re.compile(re.escape(CALLBACK) + r"\?code=")
    )  # not blocked by the page's form-action CSP
    returned = parse_qs(urlsplit(redirected[-1]).query)
    assert returned["state"] == ["browser-state"] and returned["iss"]
    async with httpx.AsyncClient(base_url=base) as client:
        token = await client.post(
            "/v1/oauth/token",
            data={
                "grant_type": "authorization_code",
                "code": returned["code"][0],
                "redirect_uri": CALLBACK,
                "client_id": client_id,
                "code_verifier": verifier,
                "resource": base + "/api/v1",
            },
        )
    assert token.status_code == 200, token.text
    return str(token.json()["access_token"])
