// Boot helper (runs before Python): registers the service worker that makes Nile work offline,
// and keeps the loading screen alive with progress until Python sets data-app-state="ready".
// No game logic lives here.
const text = document.getElementById("loading-text");
const bar = document.getElementById("loading-progress");
// The texts come from the message catalog (nile/messages/), every language's, written into the
// page by the build; the player's language is the one they chose (nile:lang), else the browser's.
const loading = document.getElementById("loading");
let texts = { steps: [], failed: "{error}", unknown: "?" };
try {
  const all = JSON.parse((loading && loading.dataset.texts) || "{}");
  let chosen = null;
  try {
    chosen = localStorage.getItem("nile:lang");
  } catch (error) {
    // storage blocked: fall back to the browser's language
  }
  const browser = (navigator.language || "").split("-")[0].toLowerCase();
  texts = all[chosen] || all[browser] || all.en || texts;
} catch (error) {
  console.warn("loading texts unreadable:", error);
}
const steps = texts.steps;
const started = performance.now();
function tick() {
  if (document.body.dataset.appState === "ready") {
    clearInterval(timer);
    return;
  }
  const elapsed = performance.now() - started;
  for (const [at, message] of steps) if (elapsed >= at && text) text.textContent = message;
  if (bar) bar.value = Math.min(95, 10 + 85 * (1 - Math.exp(-elapsed / 4000)));
}
const timer = setInterval(tick, 200);
tick(); // the player's language at once, not after the first interval

window.addEventListener("error", (event) => {
  if (document.body.dataset.appState !== "ready" && text) {
    text.textContent = texts.failed.replace("{error}", event.message || texts.unknown);
  }
});

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("offline mode unavailable:", error));
}
