// The upload page: send the form with XMLHttpRequest to show upload progress, then poll the
// conversation's status until processing completes or fails. Without this file the form posts
// normally and the browser lands on the new conversation.
"use strict";

(() => {
  const form = document.getElementById("upload-form");
  if (!form) return;
  const card = document.getElementById("progress-card");
  const bar = document.getElementById("upload-progress");
  const text = document.getElementById("upload-text");
  const processing = document.getElementById("processing");
  const error = document.getElementById("upload-error");
  const done = document.getElementById("done-link");
  const button = document.getElementById("upload-button");
  const kindInputs = form.querySelectorAll("input[name=kind]");
  const mediaType = document.getElementById("media-type");

  function syncKind() {
    const call = form.querySelector("input[name=kind]:checked").value === "call";
    mediaType.disabled = call;
  }
  kindInputs.forEach((input) => input.addEventListener("change", syncKind));
  syncKind();

  function fail(message) {
    error.textContent = message;
    error.hidden = false;
    button.disabled = false;
  }

  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }

  function poll(statusUrl, pageUrl) {
    fetch(statusUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((answer) => answer.json().then((body) => ({ ok: answer.ok, body })))
      .then(({ ok, body }) => {
        if (!ok) { fail(body.error || "Could not read the processing status."); return; }
        const status = body.data.status;
        processing.textContent = "Processing: " + status;
        processing.dataset.status = status;
        if (status === "completed") {
          done.querySelector("a").href = pageUrl;
          done.hidden = false;
        } else if (status === "failed") {
          fail("Processing failed: " + (body.data.failureReason || "no reason given"));
        } else {
          setTimeout(() => poll(statusUrl, pageUrl), 1000);
        }
      })
      .catch(() => setTimeout(() => poll(statusUrl, pageUrl), 2000));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const file = data.get("file");
    if (file && file.size === 0) data.delete("file");
    if (data.get("kind") === "call") data.delete("mediaType");
    const start = data.get("startDateTime");
    if (start && start.length === 16) data.set("startDateTime", start + ":00Z");
    if (!data.get("mediaUrl")) data.delete("mediaUrl");
    error.hidden = true;
    done.hidden = true;
    card.hidden = false;
    card.scrollIntoView({ block: "start", behavior: "smooth" });
    button.disabled = true;
    bar.value = 0;
    processing.textContent = "";
    const xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader("X-CSRF-Token", data.get("csrf_token"));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (e) => {
      if (!e.lengthComputable) return;
      bar.value = Math.round((e.loaded / e.total) * 100);
      bar.textContent = bar.value + "%";
      text.textContent = megabytes(e.loaded) + " of " + megabytes(e.total) + " sent";
    });
    xhr.addEventListener("load", () => {
      let body = {};
      try { body = JSON.parse(xhr.responseText); } catch (e) { body = {}; }
      if (xhr.status !== 201) { fail(body.error || "The upload failed (" + xhr.status + ")."); return; }
      bar.value = 100;
      text.textContent = "Uploaded.";
      processing.textContent = "Processing: queued";
      poll(body.data.statusUrl, body.data.url);
    });
    xhr.addEventListener("error", () => fail("The connection broke during the upload."));
    xhr.send(data);
  });
})();
