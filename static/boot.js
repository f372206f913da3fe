// Boot helper (runs before Python): registers the service worker that makes Nile work offline,
// shows a screen at once — a returning player's last screen, or a first visit's home drawn by the build —
// (under a "starting…" marker, its taps kept for Python) or else keeps the loading screen alive with
// progress, until Python sets data-app-state="ready". No game logic lives here.
const text = document.getElementById("loading-text");
const bar = /** @type {HTMLProgressElement | null} */ (document.getElementById("loading-progress"));
// The texts come from the message catalog (nile/messages/), every language's, written into the
// page by the build; the player's language is the one they chose (nile:lang), else the browser's, else
// English: the rule Python follows (nile.messages.pick_language).
const loading = document.getElementById("loading");
/**
 * One language's loading texts (tools/build_site.py page_texts): the steps' messages from so many ms on, a failure's
 * ("{error}" its message), an unknown error's name, and the marker's over an early screen and once a press waits.
 * @typedef {{steps: Array<[number, string]>, failed: string, unknown: string, starting?: string, waiting?: string}} BootTexts
 */
/** @type {BootTexts} */
let texts = { steps: [], failed: "{error}", unknown: "?" };
let lang = "en";
try {
  /** @type {Record<string, BootTexts>} */
  const all = JSON.parse((loading && loading.dataset.texts) || "{}");
  lang = pickLanguage(Object.keys(all));
  texts = all[lang] || texts;
} catch (error) {
  console.warn("loading texts unreadable:", error);
}

/**
 * @param {string[]} known the languages the page has texts in
 * @returns {string}
 */
function pickLanguage(known) {
  let chosen = null;
  try {
    chosen = localStorage.getItem("nile:lang");
  } catch {
    // storage blocked: fall back to the browser's language
  }
  const browser = (navigator.language || "").split("-")[0].toLowerCase();
  for (const wish of [chosen, browser]) if (wish && known.includes(wish)) return wish;
  return "en";
}

// Python is ready: it has drawn its first screen into #app and set data-app-state="ready" on <body>
// (nile/web/app/__init__.py main).
/** @type {Promise<void>} */
const ready = new Promise((resolve) => {
  const isReady = () => document.body.dataset.appState === "ready";
  if (isReady()) { resolve(); return; }
  const watch = new MutationObserver(() => { if (isReady()) { watch.disconnect(); resolve(); } });
  watch.observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
});

// A returning player sees their last screen at once: nile/web/app/kept.py keeps the HTML it drew last in
// localStorage (never a secret bid); it is shown under a "starting…" marker, and Python's
// first redraw patches it into the live screen (static/morph.js) and removes the marker. It is our
// own markup, kept as {"screen": "home"|"game", "html": …} (nile/web/app/kept.py never keeps a secret bid: the
// screen says so of itself), but anything odd in it (a script, an event handler attribute, a
// javascript: URL, another screen, too much of it) means it is not shown at all.
const LAST_SCREEN_KEY = "nile:last-screen";
const LAST_SCREEN_MAX = 300000; // as nile/web/app/kept.py's LAST_SCREEN_MAX
// (an on… attribute counts inside a tag only: "Oni = onion" in a legend is text)
const ODD = /<\s*\/?\s*(script|iframe|frame|object|embed|base|meta|link|style|form|template)\b|<[^>]*\son[a-z]*\s*=|javascript:/i;
// Without one, a first visit sees its home screen at once (issue 42): the build drew it with the app's own
// code, in every language (index.html's <template id="home-xx">, tools/build_site.py first_visit_homes), and
// it is the very HTML Python's first redraw draws for a browser that stores nothing that changes it: no saved
// game, backup or deleted game, no game left open. Stored keys that do not change home:
const KEEPS_HOME = ["nile:lang", "nile:sound", "nile:bot-speed", "nile:names", "nile:no-snapshot", "nile:probe"];
const resumed = showLastScreen() || showFirstHome();
// The build's homes serve only until Python draws its own: dropped once it has (some 28 kB of inert markup)
ready.then(() => { for (const home of document.querySelectorAll('template[id^="home-"]')) home.remove(); });
// The boot's files are fetched at once, in parallel (index.html's #boot-preloads, issue 23): at once when
// there is no screen to show (the loading screen); after the screen's first frame when there is one: on a
// reload from the service worker's cache they competed with the files that draw it, and adding the ~25
// requests took 30-40 ms of the first frame's task in a new profile (a first visit: no service worker yet).
function fetchAhead() {
  const preloads = /** @type {HTMLTemplateElement | null} */ (document.getElementById("boot-preloads"));
  if (preloads) document.head.append(preloads.content.cloneNode(true));
}
// A preloaded response is used only by a request made exactly as the preload's: WebKit's fetch() took none of the
// `crossorigin="anonymous"` ones, and downloaded each file twice (the wasm, the standard library…: issue 52). So the
// preloads of data (as="fetch") carry no crossorigin attribute, and a fetch of one of them — Pyodide's, PyScript's,
// static/pyodide-boot.js's: a plain fetch(url) — is made as the preload was: mode no-cors with credentials, which
// for a file of this site gives the same readable response. Any other fetch is left as it is.
const fetchedAhead = new Set();
try {
  const preloads = /** @type {HTMLTemplateElement | null} */ (document.getElementById("boot-preloads"));
  for (const link of preloads ? preloads.content.querySelectorAll('link[rel=preload][as=fetch]') : []) {
    fetchedAhead.add(new URL(link.getAttribute("href") ?? "", location.href).href);
  }
} catch (error) {
  console.warn("preloads unread:", error);
}
if (fetchedAhead.size) {
  const plainFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" || input instanceof URL ? new URL(input, location.href).href : null;
    const plain = !init || Object.keys(init).every((key) => key === "integrity" || key === "method" && init.method === "GET");
    if (url && plain && fetchedAhead.has(url)) return plainFetch(url, { ...init, mode: "no-cors", credentials: "include" });
    return plainFetch(input, init);
  };
}
if (resumed) requestAnimationFrame(() => setTimeout(fetchAhead, 0));
else fetchAhead();

/** @returns {boolean} whether the last screen is shown */
function showLastScreen() {
  try {
    const app = document.getElementById("app");
    /** @type {{screen?: unknown, html?: unknown} | null} whatever was stored: checked here */
    const kept = JSON.parse(localStorage.getItem(LAST_SCREEN_KEY) || "null");
    const html = kept && typeof kept.html === "string" ? kept.html : "";
    if (!app || !html || !(kept?.screen === "home" || kept?.screen === "game")) return false;
    if (html.length > LAST_SCREEN_MAX || ODD.test(html) || document.body.dataset.appState === "ready") return false;
    const template = document.createElement("template");
    template.innerHTML = html; // parsed inert: nothing in a template runs or loads
    // every attribute of every element (names and strings: reading el.attributes made an object of each,
    // ~15 ms of a new profile's first frame against ~9)
    const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_ELEMENT);
    for (let el = /** @type {Element | null} */ (walker.nextNode()); el; el = /** @type {Element | null} */ (walker.nextNode())) {
      for (const name of el.getAttributeNames()) {
        if (/^on/i.test(name) || /^\s*(javascript|data):/i.test(el.getAttribute(name) ?? "")) return false;
      }
    }
    app.replaceChildren(template.content);
    showEarly(app);
    document.body.dataset.lastScreen = "shown";
    return true;
  } catch (error) {
    console.warn("last screen not shown:", error);
    return false;
  }
}

/** @returns {boolean} whether the build's home is shown */
function showFirstHome() {
  try {
    const app = document.getElementById("app");
    const home = /** @type {HTMLTemplateElement | null} */ (document.getElementById("home-" + lang));
    const art = /** @type {HTMLTemplateElement | null} */ (document.getElementById("home-sprite"));
    if (!app || !home || !art || document.body.dataset.appState === "ready" || !storesNothing()) return false;
    app.replaceChildren(art.content.cloneNode(true), home.content.cloneNode(true));
    showEarly(app);
    document.body.dataset.firstHome = "shown";
    return true;
  } catch (error) {
    console.warn("home not shown:", error);
    return false;
  }
}

// Whether the storage is usable (nile/web/app/bridge.py open_store's probe: blocked, Python's home says so) and
// holds nothing that changes a first visit's home.
/** @returns {boolean} */
function storesNothing() {
  localStorage.setItem("nile:probe", "1");
  localStorage.removeItem("nile:probe");
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith("nile:") && !KEEPS_HOME.includes(key)) return false;
  }
  return true;
}

// The screen in #app shown before Python is up: visible, the loading screen hidden, a "starting…" marker over it,
// and the player's input kept for Python (holdInput).
/** @param {HTMLElement} app */
function showEarly(app) {
  app.classList.toggle("fits", !!app.querySelector(":scope > .game.fit")); // as nile/web/app/paint.py (app.css #app.fits)
  if (window.nileFit) window.nileFit(app); // the board's pictures fill their frames (static/fit.js, before this)
  const marker = document.createElement("p");
  marker.id = "starting";
  marker.setAttribute("role", "status");
  marker.textContent = texts.starting || "…";
  document.body.insertBefore(marker, app);
  if (loading) loading.hidden = true;
  app.removeAttribute("hidden");
  holdInput(app, marker);
}

// A tap before Python is ready is done once it is, never lost (issue 42). Until then the shown screen's controls
// (data-i, nile/kit/markup.py button) take no click of their own: the last one pressed — a click, or Enter or
// Space on a control that is not a <button> (nile/web/app/events.py on_key) — is remembered and shows that it
// waits (aria-busy, static/boot.css), and the marker says the choice follows. When Python is ready, the same
// control of the live screen (its id, else its data-i and data-v and which of those it is) is clicked once.
// A field's value (the language select, a file chosen to import, typing in the rules' search) is given to
// the live field with its event before that click, as Python's first redraw resets it to the markup's. A
// shortcut key (Escape, a letter: nile/web/app/events.py letter_intent) is the last press too, sent again.
/**
 * A control's address, to find the same control in the live screen: its id, else its tag, data-i and data-v and
 * which of the controls with those it is.
 * @typedef {{id: string} | {tag: string, i: string | null, v: string | null, at: number}} Where
 */
/**
 * A press kept for Python: of a control, or a key (the keydown's own properties).
 * @typedef {{where: Where, key?: undefined}
 *   | {key: {key: string, code: string, ctrlKey: boolean, metaKey: boolean, altKey: boolean, shiftKey: boolean}}} Press
 */
/**
 * A field's value kept for Python, and the event that gives it.
 * @typedef {{where: Where, type: "input" | "change", files?: FileList | null, checked?: boolean, value?: string}} Field
 */
/**
 * @param {HTMLElement} app
 * @param {HTMLElement} marker
 */
function holdInput(app, marker) {
  /** @type {Press | null} */
  let press = null; // {where} of a control, or {key}: the keydown's own properties
  /** @type {Element | null} */
  let pressed = null; // the control that shows it waits
  /** @type {Map<string, Field>} */
  const fields = new Map(); // a field's address (JSON) -> {where, value | files | checked, type}
  /** @type {Set<Element>} */
  const waiting = new Set();
  const early = () => document.body.dataset.appState !== "ready";
  /** @param {{tag: string, i: string | null, v: string | null}} where */
  const peers = (where) => [...app.querySelectorAll("[data-i]")].filter((el) => el.localName === where.tag
    && el.getAttribute("data-i") === where.i && el.getAttribute("data-v") === where.v);
  /**
   * @param {Element} el
   * @returns {Where}
   */
  const address = (el) => {
    const id = el.getAttribute("id");
    if (id) return { id };
    const where = { tag: el.localName, i: el.getAttribute("data-i"), v: el.getAttribute("data-v") };
    return { ...where, at: peers(where).indexOf(el) };
  };
  /**
   * @param {Where} where
   * @returns {Element | null}
   */
  const find = (where) => {
    if ("id" in where) {
      const el = document.getElementById(where.id);
      return el && app.contains(el) ? el : null;
    }
    return peers(where)[where.at] || null;
  };
  /** @param {Element} el */
  const wait = (el) => {
    el.setAttribute("aria-busy", "true");
    waiting.add(el);
  };
  /**
   * @param {Press} next
   * @param {Element | null} el the control pressed (none for a key)
   */
  const remember = (next, el) => {
    if (pressed) {
      pressed.removeAttribute("aria-busy");
      waiting.delete(pressed);
    }
    press = next;
    pressed = el;
    if (el) wait(el);
    marker.textContent = texts.waiting || marker.textContent;
  };
  // a press held past half a second, or one that opened the context menu, is no tap (issue 53; the live page's
  // rule: nile/web/app/events.py LONG_PRESS_MS)
  /** @type {number | null} */
  let down = null;
  const onDown = (/** @type {PointerEvent} */ event) => { down = event.timeStamp; };
  const onMenu = () => { down = null; };
  const onClick = (/** @type {MouseEvent} */ event) => {
    const el = early() && event.target instanceof Element ? event.target.closest("[data-i]") : null;
    if (!el || !app.contains(el) || el.matches("input, select, option, textarea")) return; // a field: onField
    event.preventDefault();
    event.stopImmediatePropagation();
    const held = event.detail > 0 && (down === null || event.timeStamp - down > 500);
    down = null;
    if (!el.hasAttribute("disabled") && !held) remember({ where: address(el) }, el);
  };
  const onKey = (/** @type {KeyboardEvent} */ event) => {
    const el = event.target;
    if (!early() || !(el instanceof Element)) return;
    if (event.key === "Enter" || event.key === " ") {
      if (el.getAttribute("role") === "button" && el.hasAttribute("data-i") && !el.matches("button, input, select")
          && app.contains(el)) {
        event.preventDefault();
        remember({ where: address(el) }, el);
      }
    } else if (event.key === "Escape" || (/^[a-z]$/i.test(event.key) && !el.matches("input, select, textarea"))) {
      const { key, code, ctrlKey, metaKey, altKey, shiftKey } = event;
      remember({ key: { key, code, ctrlKey, metaKey, altKey, shiftKey } }, null);
    }
  };
  const onField = (/** @type {Event} */ event) => {
    const target = event.target;
    if (!early() || !(target instanceof Element) || !target.matches("input[data-i], select[data-i], textarea[data-i]")
        || !app.contains(target)) return;
    const el = /** @type {HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement} */ (target); // as matched
    const where = address(el);
    const typed = ["text", "search", "textarea"].includes(el.type);
    if (typed && event.type !== "input") return;
    /** @type {Field} */
    const field = { where, type: typed ? "input" : "change" };
    if (el instanceof HTMLInputElement && el.type === "file") field.files = el.files;
    else if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) field.checked = el.checked;
    else field.value = el.value;
    fields.set(JSON.stringify(where), field);
    if (!typed) {
      wait(el);
      marker.textContent = texts.waiting || marker.textContent;
    }
  };
  document.addEventListener("pointerdown", onDown, true);
  document.addEventListener("contextmenu", onMenu, true);
  document.addEventListener("click", onClick, true);
  document.addEventListener("keydown", onKey, true);
  app.addEventListener("input", onField, true);
  app.addEventListener("change", onField, true);
  ready.then(() => {
    document.removeEventListener("pointerdown", onDown, true);
    document.removeEventListener("contextmenu", onMenu, true);
    document.removeEventListener("click", onClick, true);
    document.removeEventListener("keydown", onKey, true);
    app.removeEventListener("input", onField, true);
    app.removeEventListener("change", onField, true);
    for (const el of waiting) el.removeAttribute("aria-busy");
    try {
      for (const field of fields.values()) {
        // the live field at the same address: an input, or a select or textarea (only an input has files)
        const el = /** @type {HTMLInputElement | null} */ (find(field.where));
        if (!el) continue;
        if (field.files) {
          const files = new DataTransfer();
          for (const file of field.files) files.items.add(file);
          el.files = files.files;
        } else if (field.checked !== undefined) el.checked = field.checked;
        else if (field.value !== undefined) el.value = field.value;
        el.dispatchEvent(new Event(field.type, { bubbles: true }));
      }
      if (press && press.key) {
        (document.activeElement || document.body).dispatchEvent(new KeyboardEvent("keydown", { ...press.key, bubbles: true, cancelable: true }));
      } else if (press) {
        const el = find(press.where);
        if (el && !el.hasAttribute("disabled")) el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      }
    } catch (error) {
      console.warn("what was pressed while starting was not done:", error);
    }
  });
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
    if (resumed && loading) { // the screen shown would never be live: say why instead
      loading.hidden = false;
      const app = document.getElementById("app");
      if (app) app.hidden = true;
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
// A new version is one found while a version of Nile controlled this page: controlled from the start (this
// page's load), or since the first visit's worker took it. A first install is no update, even where the
// browser already names the new worker the page's controller when its "installed" arrives (WebKit: a
// false "A new version is ready" on first visits, issue 52).
const controlledAtLoad = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
if ("serviceWorker" in navigator) {
  let reloading = false;
  ready.then(() => navigator.serviceWorker.register("./sw.js")).then((registration) => {
    const updates = new Set(); // the workers found while this page was controlled
    const announce = () => {
      if (!registration.waiting || !updates.has(registration.waiting)) return; // a first install: nothing to update
      window.nileUpdateReady = true;
      window.dispatchEvent(new Event("nile:update-ready"));
    };
    const follow = (/** @type {ServiceWorker | null} */ worker) => {
      if (!worker || updates.has(worker)) return;
      updates.add(worker);
      worker.addEventListener("statechange", () => { if (worker.state === "installed") announce(); });
    };
    if (controlledAtLoad) { // found before this page registered: by its navigation, or waiting since another page
      follow(registration.waiting);
      follow(registration.installing);
    }
    registration.addEventListener("updatefound", () => {
      if (navigator.serviceWorker.controller) follow(registration.installing);
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
