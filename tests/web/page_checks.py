"""What every page must pass in a real browser: no horizontal scroll at phone width, no visible
text under 11 px (SVG text measured at its drawn size), no console error, no CSP violation.
Shared by the page walk (test_every_page_browser.py) and the screenshot tool."""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.async_api import BrowserContext, Page

MIN_TEXT_PX = 11.0
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Chromium reports a CSP violation as a console error too; this also catches one it would not.
RECORD_CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""

# The drawn size of every visible text node: its computed font-size times the scale its SVG
# applies (a viewBox shrunk to a phone's width shrinks its text with it).
SMALLEST_TEXT = """
() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    if (!text) continue;
    const el = node.parentElement;
    if (!el || el.closest("script, style, option, title, .visually-hidden, .skip")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || style.display === "none") continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) size *= el.getScreenCTM().a;
    if (size < __MIN__) found.push(size.toFixed(1) + "px: " + text.slice(0, 40));
  }
  return found;
}
""".replace("__MIN__", str(MIN_TEXT_PX))


@dataclass
class Watch:
    """Console errors and page errors of every page opened in a context."""

    problems: list[str] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on(
            "console",
            lambda m: self.problems.append(f"{page.url}: {m.text}") if m.type == "error" else None,
        )
        page.on("pageerror", lambda e: self.problems.append(f"{page.url}: {e}"))


async def watched_context(context: BrowserContext) -> Watch:
    await context.add_init_script(RECORD_CSP_VIOLATIONS)
    watch = Watch()
    context.on("page", watch.attach)
    return watch


async def page_faults(page: Page) -> list[str]:
    """Everything wrong with the page as it stands: overflow, small text, CSP violations."""
    faults: list[str] = []
    width = page.viewport_size["width"] if page.viewport_size else 0
    scroll = await page.evaluate("document.documentElement.scrollWidth")
    if scroll > width:
        faults.append(f"scrolls sideways: {scroll} px wide in {width} px")
    faults += [f"small text {t}" for t in await page.evaluate(SMALLEST_TEXT)]
    faults += [f"CSP: {v}" for v in await page.evaluate("window.cspViolations || []")]
    return faults
