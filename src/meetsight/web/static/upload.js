// The upload page: the kind first (meeting or phone call) shows the fields that kind takes;
// files come by drag and drop or the file chooser, several at once, each sent as its own upload
// (XMLHttpRequest, for its progress bar) and then followed until processing completes or fails
// (the conversation's status endpoint). Without this file the form posts normally: one file, and
// the browser lands on the new conversation.
"use strict";

(() => {
  const form = document.getElementById("upload-form");
  if (!form) return;
  const details = document.getElementById("up-details");
  const fileInput = document.getElementById("file");
  const dropZone = document.getElementById("drop-zone");
  const queue = document.getElementById("queue");
  const template = document.getElementById("queue-item");
  const nameInput = document.getElementById("name");
  const startInput = document.getElementById("start");
  const urlInput = document.getElementById("media-url");
  const button = document.getElementById("upload-button");
  const error = document.getElementById("upload-error");
  const filter = document.getElementById("people-filter");
  const items = []; // {file, row, state: "waiting" | "sending" | "processing" | "done" | "failed"}

  const STATUS_WORDS = {
    queued: "Queued for processing",
    processing: "Processing: transcribing and analysing",
    completed: "Ready",
    failed: "Processing failed",
  };

  function kind() {
    const checked = form.querySelector("input[name=kind]:checked");
    return checked ? checked.value : null;
  }

  // Kind first: nothing else until it is chosen, then only the fields of that kind.
  function syncKind() {
    const chosen = kind();
    details.hidden = chosen === null;
    // A call recording is an mp3 or a wav (REST refuses anything else with a 415).
    fileInput.accept = chosen === "call" ? ".mp3,.wav,audio/mpeg,audio/wav" : "audio/*,video/*";
    form.querySelectorAll("[data-for]").forEach((el) => {
      const own = el.dataset.for === chosen;
      el.hidden = !own;
      el.querySelectorAll("input, select").forEach((input) => { input.disabled = !own; });
    });
  }
  form.querySelectorAll("input[name=kind]").forEach((r) => r.addEventListener("change", syncKind));
  syncKind();

  // A sensible start: now, in UTC, to the minute.
  if (!startInput.value) startInput.value = new Date().toISOString().slice(0, 16);

  if (filter) {
    filter.addEventListener("input", () => {
      const needle = filter.value.trim().toLowerCase();
      document.querySelectorAll("#people li").forEach((li) => {
        li.hidden = needle !== "" && !li.textContent.toLowerCase().includes(needle);
      });
    });
  }

  function megabytes(n) { return (n / 1048576).toFixed(1) + " MB"; }
  function stem(filename) { return filename.replace(/\.[^.]+$/, "") || filename; }

  function pending() { return items.filter((it) => it.state === "waiting"); }

  function syncQueue() {
    queue.hidden = items.length === 0;
    // With files the name of each is its own; the Name field is for a URL upload.
    nameInput.required = items.length === 0;
  }

  // One file waiting and its name not typed over: the Name field names it.
  nameInput.addEventListener("input", () => {
    const waiting = pending();
    if (items.length === 1 && waiting.length === 1 && !waiting[0].renamed && nameInput.value.trim()) {
      waiting[0].title.value = nameInput.value.trim();
    }
  });

  function addFiles(files) {
    const single = files.length === 1 && items.length === 0;
    Array.from(files).forEach((file) => {
      const row = template.content.firstElementChild.cloneNode(true);
      const item = {
        file,
        row,
        state: "waiting",
        renamed: false, // the person typed a name of their own
        title: row.querySelector(".up-item-title"),
        bar: row.querySelector("progress"),
        status: row.querySelector(".up-status"),
      };
      item.title.addEventListener("input", () => { item.renamed = true; });
      row.querySelector(".up-file").textContent = file.name;
      item.title.value = single && nameInput.value.trim() ? nameInput.value.trim() : stem(file.name);
      item.status.textContent = "Waiting · " + megabytes(file.size);
      row.querySelector(".up-remove").addEventListener("click", () => {
        if (item.state !== "waiting") return;
        items.splice(items.indexOf(item), 1);
        row.remove();
        syncQueue();
      });
      items.push(item);
      queue.appendChild(row);
    });
    syncQueue();
  }

  fileInput.addEventListener("change", () => {
    addFiles(fileInput.files);
    fileInput.value = ""; // the queue holds them; choosing again adds more
  });
  ["dragenter", "dragover"].forEach((type) => dropZone.addEventListener(type, (event) => {
    event.preventDefault();
    dropZone.classList.add("up-drop-active");
  }));
  ["dragleave", "drop"].forEach((type) => dropZone.addEventListener(type, () => {
    dropZone.classList.remove("up-drop-active");
  }));
  // A file dropped next to the zone must not replace the page (the browser would open it).
  ["dragover", "drop"].forEach((type) => window.addEventListener(type, (event) => {
    if (!dropZone.contains(event.target)) event.preventDefault();
  }));
  dropZone.addEventListener("drop", (event) => {
    event.preventDefault();
    if (event.dataTransfer && event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  });

  function fail(message) {
    error.textContent = message;
    error.hidden = false;
  }

  // The form's fields as REST takes them (file and name added per upload).
  function baseData() {
    const data = new FormData(form);
    data.delete("file");
    data.delete("mediaUrl");
    const start = data.get("startDateTime");
    if (start && start.length === 16) data.set("startDateTime", start + ":00Z");
    if (!data.get("mediaType")) data.delete("mediaType");
    return data;
  }

  function setStatus(item, state, text) {
    item.row.querySelector(".up-remove").hidden = state !== "waiting";
    item.state = state;
    item.row.dataset.state = state;
    item.status.textContent = text;
  }

  function poll(item, statusUrl, pageUrl) {
    fetch(statusUrl, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((answer) => answer.json().then((body) => ({ ok: answer.ok, body })))
      .then(({ ok, body }) => {
        if (!ok) { setStatus(item, "failed", body.error || "Could not read the status."); return; }
        const status = body.data.status;
        item.row.dataset.status = status;
        if (status === "completed") {
          setStatus(item, "done", STATUS_WORDS.completed + " · ");
          const link = document.createElement("a");
          link.href = pageUrl;
          link.textContent = "Open " + item.title.value;
          item.status.appendChild(link);
        } else if (status === "failed") {
          setStatus(item, "failed", STATUS_WORDS.failed + ": " + (body.data.failureReason || "no reason given"));
        } else {
          setStatus(item, "processing", STATUS_WORDS[status] || "Processing: " + status);
          setTimeout(() => poll(item, statusUrl, pageUrl), 1000);
        }
      })
      .catch(() => setTimeout(() => poll(item, statusUrl, pageUrl), 2000));
  }

  // One request; resolves when the server answered (processing is followed on its own).
  function send(data, item) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", form.action);
      xhr.setRequestHeader("X-CSRF-Token", data.get("csrf_token"));
      xhr.setRequestHeader("Accept", "application/json");
      if (item) {
        setStatus(item, "sending", "Sending…");
        xhr.upload.addEventListener("progress", (e) => {
          if (!e.lengthComputable) return;
          item.bar.value = Math.round((e.loaded / e.total) * 100);
          item.bar.textContent = item.bar.value + "%";
          item.status.textContent = megabytes(e.loaded) + " of " + megabytes(e.total) + " sent";
        });
      }
      xhr.addEventListener("load", () => {
        let body = {};
        try { body = JSON.parse(xhr.responseText); } catch (e) { body = {}; }
        if (xhr.status !== 201) {
          const why = body.error || "The upload failed (" + xhr.status + ").";
          if (item) setStatus(item, "failed", why); else fail(why);
          resolve(null);
          return;
        }
        resolve(body.data);
      });
      xhr.addEventListener("error", () => {
        const why = "The connection broke during the upload.";
        if (item) setStatus(item, "failed", why); else fail(why);
        resolve(null);
      });
      xhr.send(data);
    });
  }

  async function uploadQueue() {
    // One at a time: each file has the whole connection, and its bar moves on its own.
    for (const item of pending()) {
      const data = baseData();
      data.set("name", item.title.value.trim() || stem(item.file.name));
      data.append("file", item.file, item.file.name);
      item.title.readOnly = true;
      const made = await send(data, item);
      if (!made) continue;
      item.bar.value = 100;
      item.bar.textContent = "100%";
      setStatus(item, "processing", STATUS_WORDS.queued);
      poll(item, made.statusUrl, made.url);
    }
  }

  async function uploadUrl() {
    const data = baseData();
    data.set("mediaUrl", urlInput.value.trim());
    const made = await send(data, null);
    if (made) window.location.assign(made.url);
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.hidden = true;
    if (!kind()) { fail("Choose meeting or phone call first."); return; }
    const waiting = pending();
    if (waiting.length === 0 && !urlInput.value.trim()) {
      fail(items.length ? "Everything in the list was sent. Add more files." : "Add a recording file or a URL.");
      return;
    }
    if (waiting.length && urlInput.value.trim()) {
      fail("Send files or a URL, not both at once.");
      return;
    }
    button.disabled = true;
    try {
      if (waiting.length) await uploadQueue(); else await uploadUrl();
    } finally {
      button.disabled = false;
    }
  });
})();
