// PyScript's interpreter module (pyscript.toml `interpreter`): Pyodide's own module, whose
// loadPyodide starts from this build's memory snapshot when the browser keeps one (static/snapshot.js),
// else as usual, and then, once the page is ready and the player pauses, has one made for the next start
// (static/snapshot-worker.js). tools/build_site.py fills the double-braced vendor path.
//
// Nothing here may cost a player a start: a snapshot that cannot be restored, or a page started from one
// that fails before it is ready (an error, or not ready within STALL_MS), drops it, and the next start is
// as before. window.nileSnapshot (and body[data-snapshot], its first word) says what happened: "used",
// "none" (a start as before; one is made later), "made", "off", "failed: …". A page that sets
// window.nileSnapshotOff before it starts, or whose localStorage says "nile:no-snapshot" = "1", neither
// uses nor makes one (the browser tests boot as a first visit does).
import * as pyodide from "../{{VENDOR_PYODIDE}}/pyodide.mjs";
import { unpack } from "./archive.js";
import { JSPI, withoutJspi } from "./jspi.js";
import { dropSnapshots, readSnapshot, snapshotKey, switchedOff } from "./snapshot.js";

/** @typedef {import("pyodide").PyodideConfig} PyodideConfig */
/** @typedef {import("pyodide").PyodideAPI} PyodideAPI */

export * from "../{{VENDOR_PYODIDE}}/pyodide.mjs";

const ARCHIVE = new URL("../nile.tar.gz", import.meta.url).href;
// its bytes, read once (preloaded by index.html): both the snapshot's key and the unpacking need them
/** @type {Promise<ArrayBuffer> | null} */
let archiveBytes = null;
const readArchive = () => (archiveBytes ??= fetch(ARCHIVE).then((response) => {
  if (!response.ok) throw new Error(`nile.tar.gz: HTTP ${response.status}`);
  return response.arrayBuffer();
}));
// PyScript takes the interpreter module's folder for Pyodide's: it is the vendored one
const INDEX_URL = new URL("../{{VENDOR_PYODIDE}}/", import.meta.url).href;
// the standard library cut to what the page imports, compiled (tools/stdlib.py; the bot worker and the
// snapshot worker start from the same one)
const STDLIB_URL = new URL("../{{STDLIB}}", import.meta.url).href;
//: how long after the page is ready a snapshot is made at the earliest: not while the player starts to play
const MAKE_AFTER_MS = 4000;
//: ...and only once the player has left the page alone this long (no tap, click or key): the snapshot is a second
//: Pyodide starting in a worker, some 4 s of a processor, and on a 2-core device the taps it overlapped answered a
//: third slower (issue 21: a trace of Kap's clicks, p95 30.8 ms during it, 23 ms otherwise). A pause to think
//: is when it starts; a player who never pauses gets it on a later visit.
const QUIET_MS = 3000;
//: a page started from a snapshot that is not ready by then drops it (the next start is as before)
const STALL_MS = 30000;

/** @param {string} what */
function say(what) {
  window.nileSnapshot = what;
  if (document.body) document.body.dataset.snapshot = what.split(":")[0];
}

const isReady = () => document.body && document.body.dataset.appState === "ready";

// The package is unpacked here, in JavaScript (static/archive.js), as soon as Pyodide is up, where static/main.py
// imports it from (Pyodide's working folder); main.py unpacks it itself only when this did not
// (window.nileUnpacked).
const HOME = "/home/pyodide";

/**
 * Pyodide's loadPyodide, as PyScript calls it (its options, with this build's Pyodide and standard library).
 * @param {PyodideConfig} [given]
 * @returns {Promise<PyodideAPI>}
 */
export async function loadPyodide(given) {
  const started = await start(given);
  try {
    await unpack(started, await readArchive(), HOME);
    window.nileUnpacked = true;
  } catch (error) {
    console.warn("nile.tar.gz not unpacked before Python:", error);
  }
  return started;
}

/**
 * @param {PyodideConfig} [given]
 * @returns {Promise<PyodideAPI>}
 */
async function start(given) {
  withoutJspi(); // (static/jspi.js: a Chromium that samples allocations crashes on Pyodide's JSPI stacks)
  const options = { ...given, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  if (window.nileSnapshotOff || switchedOff() || typeof caches === "undefined" || !crypto.subtle) {
    say("off");
    return pyodide.loadPyodide(options);
  }
  let key = null;
  try {
    const archive = await readArchive();
    key = await snapshotKey(archive, `${pyodide.version}-${JSPI}`);
    const snapshot = await readSnapshot(key);
    if (snapshot) {
      const started = await pyodide.loadPyodide({ ...options, _loadSnapshot: snapshot });
      say("used");
      watch();
      return started;
    }
  } catch (error) { // a snapshot this Pyodide cannot restore, a cache that fails: start as before
    fail(error);
    key = null;
  }
  const started = await pyodide.loadPyodide(options);
  if (!window.nileSnapshot) say("none");
  if (key) whenReady(() => makeSnapshot(key));
  return started;
}

/** @param {unknown} error what went wrong: an Error, or a sentence */
function fail(error) {
  console.warn("memory snapshot dropped:", error);
  const message = /** @type {{message?: unknown} | null | undefined} */ (error)?.message;
  say(`failed: ${message || error}`);
  dropSnapshots().catch(() => {});
}

// a page started from a snapshot must get ready; if it does not, the snapshot is not used again
function watch() {
  const onError = (/** @type {ErrorEvent} */ event) => { if (!isReady()) fail(event.message || "an error before the page was ready"); };
  window.addEventListener("error", onError);
  setTimeout(() => {
    window.removeEventListener("error", onError);
    if (!isReady()) fail(`not ready ${STALL_MS} ms after it started`);
  }, STALL_MS);
}

// A starter: called, it waits until the player has pressed nothing (tap, click, key) for QUIET_MS, then runs
// `then` when the page is idle. Presses count from the starter's making; they are watched only until then.
/**
 * @param {() => void} then
 * @returns {() => void} the starter
 */
function pauseThen(then) {
  let lastInput = -Infinity;
  const pressed = () => { lastInput = performance.now(); };
  const INPUT = ["pointerdown", "keydown"];
  for (const type of INPUT) window.addEventListener(type, pressed, { capture: true, passive: true });
  const check = () => {
    const wait = QUIET_MS - (performance.now() - lastInput);
    if (wait > 0) {
      setTimeout(check, wait);
      return;
    }
    for (const type of INPUT) window.removeEventListener(type, pressed, { capture: true });
    (window.requestIdleCallback || setTimeout)(then);
  };
  return check;
}

/** @param {() => void} then */
function whenReady(then) {
  const start = pauseThen(then); // (presses during the wait after ready count too)
  const check = () => {
    if (!isReady()) return false;
    observer.disconnect();
    setTimeout(start, MAKE_AFTER_MS);
    return true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { attributes: true, attributeFilter: ["data-app-state"] });
  check();
}

/** @param {string} key the snapshot's name (static/snapshot.js snapshotKey) */
function makeSnapshot(key) {
  try {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url), { type: "module" });
    const done = (/** @type {string | null} */ what) => { worker.terminate(); if (what) say(what); };
    worker.onmessage = (event) => {
      if (event.data && event.data.kind === "stored") done("made");
      else { console.warn("memory snapshot not made:", event.data && event.data.error); done(null); }
    };
    worker.onerror = (event) => { console.warn("memory snapshot not made:", event.message); done(null); };
    worker.postMessage({ key, archive: ARCHIVE });
  } catch (error) {
    console.warn("memory snapshot not made:", error);
  }
}
