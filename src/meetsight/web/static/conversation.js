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

// The panels beside the transcript become tabs (ARIA tabs pattern: arrow keys move between
// them). Without this file they are one scrolling column with links to each.
(() => {
  const box = document.querySelector("[data-tabs]");
  if (!box) return;
  const nav = box.querySelector(".tabs");
  const tabs = Array.from(nav.querySelectorAll("a[href^='#']"));
  const panels = tabs.map((tab) => document.getElementById(tab.getAttribute("href").slice(1)));
  nav.setAttribute("role", "tablist");
  tabs.forEach((tab, i) => {
    tab.setAttribute("role", "tab");
    tab.id = "tab-" + panels[i].id;
    tab.setAttribute("aria-controls", panels[i].id);
    panels[i].setAttribute("role", "tabpanel");
    panels[i].setAttribute("aria-labelledby", tab.id);
  });

  function select(index, focus) {
    tabs.forEach((tab, i) => {
      const on = i === index;
      tab.setAttribute("aria-selected", on ? "true" : "false");
      tab.tabIndex = on ? 0 : -1;
      panels[i].hidden = !on;
    });
    box.scrollTop = 0;
    if (focus) tabs[index].focus();
  }

  // The tab holding what the address points at (#chat-latest after a question), else the first.
  // A page sent back with a refused form opens on that form's panel (data-open).
  function fromHash() {
    const target = location.hash ? document.getElementById(location.hash.slice(1)) : null;
    const index = target ? panels.findIndex((p) => p.contains(target)) : -1;
    const open = panels.findIndex((p) => p.hasAttribute("data-open"));
    return index >= 0 ? index : Math.max(open, 0);
  }

  nav.addEventListener("click", (event) => {
    const tab = event.target.closest("[role=tab]");
    if (!tab) return;
    event.preventDefault();
    select(tabs.indexOf(tab), false);
    history.replaceState(null, "", location.search + tab.getAttribute("href"));
  });
  nav.addEventListener("keydown", (event) => {
    const at = tabs.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step) {
      event.preventDefault();
      select((at + step + tabs.length) % tabs.length, true);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      select(event.key === "Home" ? 0 : tabs.length - 1, true);
    }
  });
  // In-page links to a panel (the score in the header) open its tab.
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href^='#']");
    if (!link || nav.contains(link)) return;
    const index = panels.findIndex((p) => "#" + p.id === link.getAttribute("href"));
    if (index < 0) return;
    event.preventDefault();
    select(index, true);
    box.scrollIntoView({ block: "nearest" });
  });
  window.addEventListener("hashchange", () => select(fromHash(), false));
  select(fromHash(), false);
  box.classList.add("tabbed");
})();

// Clips: select lines of the transcript, then copy a link to that span (?t=START&end=END, which
// marks those lines and starts the player there; the page needs a session like any other) or
// the quote with its speakers, times and link.
(() => {
  const list = document.getElementById("lines");
  const bar = document.getElementById("clip-bar");
  if (!list || !bar) return;
  const count = document.getElementById("clip-count");
  let chosen = [];

  function clock(seconds) {
    const whole = Math.floor(seconds), h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60;
    const s = String(whole % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }

  function spanLink(lines) {
    const url = new URL(location.href);
    url.hash = "";
    url.search = `?t=${lines[0].dataset.start}&end=${lines[lines.length - 1].dataset.end}`;
    return url.toString();
  }

  function quote(lines) {
    const said = lines.map((li) => `${li.querySelector(".spk").textContent}: ${li.querySelector(".say").textContent}`);
    const from = clock(parseFloat(lines[0].dataset.start));
    const to = clock(parseFloat(lines[lines.length - 1].dataset.end));
    return `“${said.join("\n")}”\n(${document.querySelector("h1").textContent}, ${from}–${to})\n${spanLink(lines)}`;
  }

  document.addEventListener("selectionchange", () => {
    const selection = document.getSelection();
    const lines = selection && !selection.isCollapsed
      ? Array.from(list.querySelectorAll("li[data-start]")).filter((li) => selection.containsNode(li, true))
      : [];
    if (!lines.length) return;  // keep the last choice while a button takes the focus
    chosen = lines;
    count.textContent = `${lines.length} line${lines.length === 1 ? "" : "s"} selected`;
    bar.hidden = false;
  });

  async function copy(button, text) {
    const label = button.textContent;
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "Copied";
    } catch (err) {
      button.textContent = "Copy failed";
    }
    setTimeout(() => { button.textContent = label; }, 2000);
  }
  document.getElementById("clip-link").addEventListener("click", (e) => copy(e.currentTarget, spanLink(chosen)));
  // Comment on the span: the comment form takes its times, and its tab opens.
  document.getElementById("clip-comment").addEventListener("click", () => {
    // The lines' own times, as the transcript has them (a clip link uses the same).
    const from = chosen[0].dataset.start, to = chosen[chosen.length - 1].dataset.end;
    document.dispatchEvent(new CustomEvent("comment-moment", { detail: { from, to } }));
  });
  document.getElementById("clip-quote").addEventListener("click", (e) => copy(e.currentTarget, quote(chosen)));

  // A shared span: mark its lines and bring the first into view.
  const params = new URLSearchParams(location.search);
  const start = parseFloat(params.get("t")), end = parseFloat(params.get("end"));
  if (Number.isFinite(start) && Number.isFinite(end)) {
    const span = Array.from(list.querySelectorAll("li[data-start]")).filter((li) =>
      parseFloat(li.dataset.start) >= start - 0.05 && parseFloat(li.dataset.end) <= end + 0.05);
    span.forEach((li) => li.classList.add("clip"));
    if (span.length) span[0].scrollIntoView({ block: "nearest" });
  }
})();

// The comment form follows the player: "Moment" shows where it is, and the exact seconds go with
// the form, until a time is typed or lines are chosen. Without this file the moment is typed.
(() => {
  const form = document.getElementById("comment-form");
  if (!form) return;
  const at = document.getElementById("comment-at");
  const start = document.getElementById("comment-start");
  const end = document.getElementById("comment-end");
  const player = document.getElementById("player");
  // A form sent back refused keeps what was chosen.
  let pinned = Boolean(document.getElementById("comment-error"));

  function clock(seconds) {
    const whole = Math.floor(seconds), h = Math.floor(whole / 3600), m = Math.floor(whole / 60) % 60;
    const s = String(whole % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  }
  const exact = (seconds) => String(Math.round(seconds * 1000) / 1000);

  if (player) {
    const follow = () => {
      if (pinned) return;
      at.value = clock(player.currentTime);
      start.value = exact(player.currentTime);
      end.value = "";
    };
    player.addEventListener("timeupdate", follow);
    player.addEventListener("seeked", follow);
  }
  at.addEventListener("input", () => {
    pinned = true;
    start.value = "";
    end.value = "";
  });
  document.addEventListener("comment-moment", (event) => {
    const { from, to } = event.detail;
    pinned = true;
    at.value = `${clock(parseFloat(from))}\u2013${clock(parseFloat(to))}`;
    start.value = from;
    end.value = to;
    const tab = document.querySelector(".tabs a[href='#comments']");
    if (tab && tab.getAttribute("role") === "tab") tab.click(); else location.hash = "comments";
    document.getElementById("comment-text").focus();
  });
})();
