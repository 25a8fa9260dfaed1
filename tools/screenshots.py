"""Screenshots of every page at 1280 and 390 px for docs/screenshots and the README's "Screens".

    PYTHONPATH=src:tests python tools/screenshots.py [--out docs/screenshots]

Starts a `meetsight serve` on demo data in a temporary folder (and a second, fresh one for the
setup page), signs in with Debian's chromium through Playwright, as the browser tests do, and
writes NAME-desktop.png and NAME-phone.png for each page. A demo conversation with a recording
is also taken playing, its line highlighted (conversation-playing-*.png), when the demo has one.
Each page is checked as the browser tests check it (tests/web/page_checks.py) and a fault is
printed, so the pictures never show a page the tests would refuse.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from fixtures.served import Served, cli_text, demo_with_owner, start_server  # noqa: E402
from web.chromium import launched  # noqa: E402
from web.page_checks import DESKTOP, PHONE, page_faults, watched_context  # noqa: E402

EMAIL, PASSWORD = "ada@demo.example", "screenshot password"
AUTOPLAY = ("--autoplay-policy=no-user-gesture-required",)
# (file name, path) in the order the README lists them; CONVERSATION is filled in below.
PAGES = (
    ("signin", "/signin"),
    ("home", "/app"),
    ("meeting", "MEETING"),
    ("call", "CALL"),
    ("team", "/app/team"),
    ("categories", "/app/categories"),
    ("trackers", "/app/trackers"),
    ("tracker", "TRACKER"),
    ("accounts", "/app/accounts"),
    ("account", "ACCOUNT"),
    ("upload-form", "/app/upload"),
    ("api-keys", "/settings/api-keys"),
    ("oauth-clients", "/settings/oauth-clients"),
    ("webhooks", "/settings/webhooks"),
    ("members", "/settings/members"),
    ("audit-log", "/settings/audit"),
    ("api-docs", "/api/v1/docs"),
    ("not-found", "/app/no-such-page"),
)


def demo_instance(data_dir: Path) -> Served:
    demo_with_owner(data_dir, EMAIL, PASSWORD)
    return start_server(data_dir)


def conversations(data_dir: Path) -> dict[str, str]:
    """A meeting, a call, and one with a recording if any: the richest of each; the Pricing
    tracker and the busiest account."""
    with sqlite3.connect(data_dir / "meetsight.db") as db:
        pick = (
            "SELECT a.id FROM activities a JOIN activity_summaries s ON s.activity_id = a.id "
            "WHERE a.is_call = ? ORDER BY length(s.summary) DESC LIMIT 1"
        )
        found = {
            "MEETING": db.execute(pick, (0,)).fetchone()[0],
            "CALL": db.execute(pick, (1,)).fetchone()[0],
        }
        played = db.execute(
            "SELECT id FROM activities WHERE media_key IS NOT NULL AND status = 'completed' LIMIT 1"
        ).fetchone()
        tracker = db.execute("SELECT id FROM trackers WHERE name = 'Pricing'").fetchone()
        account = db.execute(  # the account with the most conversations
            "SELECT account_id FROM account_activities GROUP BY account_id "
            "ORDER BY count(*) DESC, account_id LIMIT 1"
        ).fetchone()
    if played:
        found["PLAYING"] = played[0]
    if tracker:
        found["TRACKER"] = tracker[0]
    if account:
        found["ACCOUNT"] = account[0]
    return found


async def shoot(base: str, fresh: str, ids: dict[str, str], out: Path) -> list[str]:
    faults: list[str] = []
    async with launched(AUTOPLAY) as browser:
        for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            context = await browser.new_context(viewport=viewport)  # type: ignore[arg-type]
            watch = await watched_context(context)
            page = await context.new_page()
            await page.goto(fresh + "/setup")
            await page.screenshot(path=str(out / f"setup-{label}.png"))
            for name, path in PAGES:
                if name == "home":
                    await page.get_by_label("Email").fill(EMAIL)
                    await page.get_by_label("Password").fill(PASSWORD)
                    await page.get_by_role("button", name="Sign in").click()
                    await page.wait_for_url(base + "/app")
                else:
                    target = f"/app/conversations/{ids[path]}" if path in ids else path
                    if path == "TRACKER":
                        target = f"/app/trackers/{ids[path]}"
                    if path == "ACCOUNT":
                        target = f"/app/accounts/{ids[path]}"
                    await page.goto(base + target)
                if name == "api-docs":
                    await page.locator(".opblock").first.wait_for(timeout=30_000)
                faults += [f"{name}-{label}: {f}" for f in await page_faults(page)]
                await page.screenshot(path=str(out / f"{name}-{label}.png"))
            if "PLAYING" in ids:
                await page.goto(f"{base}/app/conversations/{ids['PLAYING']}")
                line = page.locator("#lines li").nth(2)
                await line.locator("a.t").click()
                await page.wait_for_function("() => !document.getElementById('player').paused")
                await page.wait_for_timeout(1500)
                await page.screenshot(path=str(out / f"conversation-playing-{label}.png"))
            faults += [p for p in watch.problems if "no-such-page: Failed to load" not in p]
            await context.close()
    return faults


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        data, empty = Path(folder) / "demo", Path(folder) / "fresh"
        served = demo_instance(data)
        cli_text(empty, "migrate")
        fresh = start_server(empty)
        try:
            faults = asyncio.run(
                shoot(served.base_url, fresh.base_url, conversations(data), args.out)
            )
        finally:
            served.stop()
            fresh.stop()
    for fault in faults:
        print("fault:", fault, file=sys.stderr)
    print(f"screenshots in {args.out}")
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
