// meetsight pages: small progressive enhancements; every page works without this file.
"use strict";

document.addEventListener("submit", (event) => {
  // Forms that destroy something ask first (data-confirm holds the question).
  const question = event.target.getAttribute("data-confirm");
  if (question && !window.confirm(question)) {
    event.preventDefault();
  }
});

document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  if (!button) return;
  const source = document.getElementById(button.getAttribute("data-copy"));
  if (!source || !navigator.clipboard) return;
  try {
    await navigator.clipboard.writeText(source.textContent.trim());
    button.textContent = "Copied";
  } catch (err) {
    button.textContent = "Select and copy it";
  }
});

document.querySelectorAll("[data-copy]").forEach((button) => { button.hidden = false; });

// Filters collapse on a phone (results first) and stand open on wider screens.
if (window.matchMedia("(min-width: 48rem)").matches) {
  document.querySelectorAll("details[data-open-wide]").forEach((box) => { box.open = true; });
}
