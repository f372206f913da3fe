// Boot helper (runs before Python): registers the service worker that makes Nile work offline,
// and keeps the loading screen alive with progress until Python sets data-app-state="ready".
// No game logic lives here.
const text = document.getElementById("loading-text");
const bar = document.getElementById("loading-progress");
// The texts come from the message catalog (nile/messages.py), written into the page by the build.
const loading = document.getElementById("loading");
let steps = [];
try {
  steps = JSON.parse((loading && loading.dataset.steps) || "[]");
} catch (error) {
  console.warn("loading texts unreadable:", error);
}
const started = performance.now();
const timer = setInterval(() => {
  if (document.body.dataset.appState === "ready") {
    clearInterval(timer);
    return;
  }
  const elapsed = performance.now() - started;
  for (const [at, message] of steps) if (elapsed >= at && text) text.textContent = message;
  if (bar) bar.value = Math.min(95, 10 + 85 * (1 - Math.exp(-elapsed / 4000)));
}, 200);

window.addEventListener("error", (event) => {
  if (document.body.dataset.appState !== "ready" && text) {
    const failed = (loading && loading.dataset.failed) || "{error}";
    text.textContent = failed.replace("{error}", event.message || (loading && loading.dataset.unknown) || "?");
  }
});

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("offline mode unavailable:", error));
}
