// Boot helper (runs before Python): registers the service worker that makes Nile work offline,
// shows a returning player's last screen at once (inert, "starting…") or else keeps the loading
// screen alive with progress, until Python sets data-app-state="ready". No game logic lives here.
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
// A returning player sees their last screen at once: nile/web/app/kept.py keeps the HTML it drew last in
// localStorage (never a secret bid); it is shown inert, under a "starting…" marker, and Python's
// first redraw patches it into the live screen (static/morph.js) and removes the marker. It is our
// own markup, kept as {"screen": "home"|"game", "html": …} (nile/web/app/kept.py never keeps a secret bid: the
// screen says so of itself), but anything odd in it (a script, an event handler attribute, a
// javascript: URL, another screen, too much of it) means it is not shown at all.
const LAST_SCREEN_KEY = "nile:last-screen";
const LAST_SCREEN_MAX = 300000; // as nile/web/app/kept.py's LAST_SCREEN_MAX
// (an on… attribute counts inside a tag only: "Oni = onion" in a legend is text)
const ODD = /<\s*\/?\s*(script|iframe|frame|object|embed|base|meta|link|style|form|template)\b|<[^>]*\son[a-z]*\s*=|javascript:/i;
const resumed = showLastScreen();
// The boot's files are fetched at once, in parallel (index.html's #boot-preloads, issue 23): at once when
// there is no kept screen (the loading screen); after the kept screen's first frame when there is one: on a
// reload from the service worker's cache they competed with the files that draw it, and adding the ~25
// requests took 30-40 ms of the first frame's task in a new profile (a first visit: no service worker yet).
function fetchAhead() {
  const preloads = document.getElementById("boot-preloads");
  if (preloads) document.head.append(preloads.content.cloneNode(true));
}
if (resumed) requestAnimationFrame(() => setTimeout(fetchAhead, 0));
else fetchAhead();

function showLastScreen() {
  try {
    const app = document.getElementById("app");
    const kept = JSON.parse(localStorage.getItem(LAST_SCREEN_KEY) || "null");
    const html = kept && typeof kept.html === "string" ? kept.html : "";
    if (!app || !html || !["home", "game"].includes(kept.screen)) return false;
    if (html.length > LAST_SCREEN_MAX || ODD.test(html) || document.body.dataset.appState === "ready") return false;
    const template = document.createElement("template");
    template.innerHTML = html; // parsed inert: nothing in a template runs or loads
    // every attribute of every element (names and strings: reading el.attributes made an object of each,
    // ~15 ms of a new profile's first frame against ~9)
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT);
    for (let el = walker.nextNode(); el; el = walker.nextNode()) {
      for (const name of el.getAttributeNames()) {
        if (/^on/i.test(name) || /^\s*(javascript|data):/i.test(el.getAttribute(name))) return false;
      }
    }
    app.inert = true;
    app.replaceChildren(template.content);
    app.classList.toggle("fits", !!app.querySelector(":scope > .game.fit")); // as nile/web/app/paint.py (app.css #app.fits)
    if (window.nileFit) window.nileFit(app); // the board's pictures fill their frames (static/fit.js, before this)
    const marker = document.createElement("p");
    marker.id = "starting";
    marker.setAttribute("role", "status");
    marker.textContent = texts.starting || "…";
    document.body.insertBefore(marker, app);
    document.body.dataset.lastScreen = "shown";
    if (loading) loading.hidden = true;
    app.removeAttribute("hidden");
    return true;
  } catch (error) {
    console.warn("last screen not shown:", error);
    return false;
  }
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
    if (resumed && loading) { // the last screen would stay inert for ever: say why instead
      loading.hidden = false;
      document.getElementById("app").hidden = true;
      document.getElementById("starting")?.remove();
    }
  }
});

// The service worker (tools/sw.template.js): offline play, and updates that wait. A new version
// installs in the background while this page keeps running on its own; when one is waiting,
// Python is told ("nile:update-ready", or window.nileUpdateReady if it is not listening yet) and
// says so where it interrupts no move. Its Reload calls window.nileUpdate.apply(): the waiting
// worker takes over, and the page reloads once it has (the open game is saved at every move).
// The browser looks for a new sw.js on each navigation; this page looks again when it becomes
// visible (a phone left with the game open for days).
// It is registered once the page is ready: on a first visit its install downloads every file of the site
// again, which otherwise competed with the boot's own.
const ready = new Promise((resolve) => {
  const isReady = () => document.body.dataset.appState === "ready";
  if (isReady()) { resolve(); return; }
  const watch = new MutationObserver(() => { if (isReady()) { watch.disconnect(); resolve(); } });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
});
if ("serviceWorker" in navigator) {
  let reloading = false;
  ready.then(() => navigator.serviceWorker.register("./sw.js")).then((registration) => {
    const announce = () => {
      if (!registration.waiting || !navigator.serviceWorker.controller) return; // first install: nothing to update
      window.nileUpdateReady = true;
      window.dispatchEvent(new Event("nile:update-ready"));
    };
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      if (installing) installing.addEventListener("statechange", () => { if (installing.state === "installed") announce(); });
    });
    announce();
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {});
    });
    window.nileUpdate = {
      check: () => registration.update().then(announce),
      apply: () => {
        if (!registration.waiting) { location.reload(); return; }
        reloading = true;
        registration.waiting.postMessage({ type: "skip-waiting" });
      },
    };
  }).catch((error) => console.warn("offline mode unavailable:", error));
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading) location.reload(); // our Reload: the new version has taken over
  });
}
