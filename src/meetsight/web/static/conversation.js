// The conversation page: the player follows the transcript and the transcript follows the
// player. Without this file the times are plain links (?t=) and the page still works.
"use strict";

(() => {
  const player = document.getElementById("player");
  const list = document.getElementById("lines");
  const lines = list ? Array.from(list.querySelectorAll("li[data-start]")) : [];
  const starts = lines.map((li) => parseFloat(li.dataset.start));
  let current = null;

  function lineAt(seconds) {
    // The last line that starts at or before `seconds` (binary search: starts are sorted).
    let lo = 0, hi = starts.length - 1, found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= seconds + 0.05) { found = mid; lo = mid + 1; } else { hi = mid - 1; }
    }
    return found >= 0 ? lines[found] : null;
  }

  function highlight(seconds, scroll) {
    const line = lineAt(seconds);
    if (line === current) return;
    if (current) { current.classList.remove("current"); current.removeAttribute("aria-current"); }
    current = line;
    if (line) {
      line.classList.add("current");
      line.setAttribute("aria-current", "true");
      if (scroll) line.scrollIntoView({ block: "nearest" });
    }
  }

  function seek(seconds, play) {
    if (!Number.isFinite(seconds)) return;
    highlight(seconds, true);
    if (!player) return;
    const go = () => {
      player.currentTime = seconds;
      if (play) player.play().catch(() => {});
    };
    if (player.readyState >= 1) go(); else player.addEventListener("loadedmetadata", go, { once: true });
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("[data-seek]");
    if (!link || !player) return;
    event.preventDefault();
    seek(parseFloat(link.dataset.seek), true);
    history.replaceState(null, "", "?t=" + link.dataset.seek);
  });

  if (player) {
    player.addEventListener("timeupdate", () => highlight(player.currentTime, !player.paused));
    player.addEventListener("seeked", () => highlight(player.currentTime, true));
  }

  const t = parseFloat(new URLSearchParams(location.search).get("t"));
  if (Number.isFinite(t)) seek(t, false);
})();
