// Boot helper (runs before Python): registers the service worker that makes Nile work offline,
// and keeps the loading screen alive with progress until Python sets data-app-state="ready".
// No game logic lives here.
const text = document.getElementById("loading-text");
const bar = document.getElementById("loading-progress");
const steps = [
  [0, "Loading the game…"],
  [1500, "Starting Python in your browser…"],
  [4000, "Setting up the board…"],
  [15000, "Still starting — a first visit downloads about 6 MB once."],
];
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
    text.textContent = "Nile could not start: " + (event.message || "unknown error") + ". Reload the page to try again.";
  }
});

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("./sw.js").catch((error) => console.warn("offline mode unavailable:", error));
}
