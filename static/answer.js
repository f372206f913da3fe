// A choice answered in the next frame (issue 51: a tap at table speed on an old tablet). Choosing a place on the
// table (a crop to sow, a pile to lay from, a field's fruit) changes what is lit: the rules say what, and they
// stay in Python. The engine writes each choice's destinations into the markup (`data-dests` on the choice and on
// the place chosen: nile/kit/screen.py `Interaction.dests`, chessground's dests map); on a tap this script only
// shows them: the place tapped as chosen, the last choice's targets unlit, its own lit (`pre-*` classes,
// static/app.css). Python then makes the choice itself, one frame later (nile/web/app/events.py hands its work to
// `later`), and its redraw is the truth: once it is painted the marks go. Anything else the page is asked to do
// first (another click, a key) lets Python's work run before it, in order.
//
// Only a tap or a click with a pointer: a key's choice is Python's at once, so the keyboard's place follows it. A press
// held long (past LONG_PRESS_MS, or one that opened the context menu: a finger resting on the board while the family
// talks it over) is no tap: its click carries `nileLong`, and Python lets it go (issue 53). The presses are followed
// here, not in Python: a call into Python on every pointer going down cost its click 1–2 ms at 4× CPU (issue 51).
//
//   window.nileAnswer.later(run)   Python's work for the tap just answered: run after the next frame (or sooner,
//                                  before the next input is handled)
//   window.nileAnswer.after(run)   Python's work after a redraw that nobody sees (a move's save, what a screen reader
//                                  hears: nile/web/app's _after_frame), run after the frame that shows the redraw, once
//                                  the page is idle (within AFTER_WITHIN_MS), or when the page is hidden or left before
//                                  it (no frame comes to a hidden page: there Python does it at once). Python runs it
//                                  itself before it answers anything else.

const MARKS = ["pre-chosen", "pre-unchosen", "pre-on", "pre-off"];
const LONG_PRESS_MS = 500; // a press held longer is not a tap (issue 53)

/** @type {number | null} */
let down = null; // when the pointer went down (null: a press that opened the context menu)
/** @type {(() => void) | null} */
let pending = null; // Python's work for the last choice, not run yet
/** @type {Element[]} */
let marked = []; // the elements this script marked

addEventListener("pointerdown", (e) => { down = e.timeStamp; }, { capture: true, passive: true });
addEventListener("contextmenu", (e) => {
  down = null;
  // on the table's places and controls no menu opens over the board
  if (e.target instanceof Element && e.target.closest("#app .game [data-i]")) e.preventDefault();
}, { capture: true });

/**
 * Whether a click ends a press held long (a click the keyboard made, `detail` 0, never does); the press is used up.
 * @param {MouseEvent} e
 * @returns {boolean}
 */
function held(e) {
  if (!(e.detail > 0)) return false;
  const at = down;
  down = null;
  return at === null || e.timeStamp - at > LONG_PRESS_MS;
}

function clear() {
  for (const el of marked) el.classList.remove(...MARKS);
  marked = [];
}

function flush() {
  if (pending) {
    const run = pending;
    pending = null;
    run();
  }
}

/**
 * @param {Element} el
 * @param {string} mark
 */
function mark(el, mark) {
  el.classList.add(mark);
  marked.push(el);
}

/** @param {Element} el @returns {string[]} */
const destsOf = (el) => (el.getAttribute("data-dests") || "").split(" ").filter(Boolean);

/**
 * The tap's choice shown: true if it was (the click then carries `nileEarly` for Python).
 * @param {MouseEvent} e
 * @returns {boolean}
 */
function answer(e) {
  if (!(e.detail > 0)) return false;
  const app = document.getElementById("app");
  const target = /** @type {Element | null} */ (e.target instanceof Element ? e.target : null);
  const el = target && target.closest("[data-dests]");
  if (!app || !el || !app.contains(el) || el.getAttribute("aria-pressed") !== "false" || el.hasAttribute("disabled")) return false;
  const mine = new Set(destsOf(el));
  /** @type {Set<string>} */
  const off = new Set();
  for (const was of app.querySelectorAll('[data-dests][aria-pressed="true"]')) {
    mark(was, "pre-unchosen");
    for (const k of destsOf(was)) if (!mine.has(k)) off.add(k);
  }
  mark(el, "pre-chosen");
  for (const place of app.querySelectorAll("[data-v]")) {
    const v = place.getAttribute("data-v") || "";
    if (mine.has(v)) mark(place, "pre-on");
    else if (off.has(v)) mark(place, "pre-off");
  }
  return true;
}

// what the last click met, for tools/bench (read, never written by the app): Python's work for the choice before
// it still waiting (run first), and whether this one was shown early
const last = { flushed: false, early: false };

document.addEventListener("click", (e) => {
  last.flushed = pending !== null;
  flush(); // the last choice is made before this click is handled
  const marks = /** @type {MouseEvent & {nileEarly?: boolean, nileLong?: boolean}} */ (e);
  if (held(e)) {
    marks.nileLong = true; // (nothing is shown for it: Python lets it go)
    last.early = false;
    return;
  }
  last.early = answer(e);
  if (last.early) marks.nileEarly = true;
}, true);
document.addEventListener("keydown", flush, true);
document.addEventListener("change", flush, true);

/** @param {() => void} run Python's work for the choice just shown */
function later(run) {
  flush();
  pending = () => {
    try {
      run();
    } finally {
      clear(); // Python's redraw is painted: what it drew is the truth
    }
  };
  // after the frame that shows the choice: its rendering first, then Python
  requestAnimationFrame(() => setTimeout(flush, 0));
}

/** @type {(() => void) | null} */
let afterRun = null; // the work left for after the frame (after), not run yet

function runAfter() {
  if (afterRun) {
    const run = afterRun;
    afterRun = null;
    run();
  }
}

let afterAsked = 0; // how many times work was left for after a frame: only the newest's frame runs it
// After the frame, when the page is idle (at the latest AFTER_WITHIN_MS after it): a task posted at once could run
// before the browser's own tasks that follow the frame (another page's script, a tool that times the frame)
const AFTER_WITHIN_MS = 100;

/** @param {() => void} run Python's work after the redraw just made */
function after(run) {
  afterRun = run;
  // (a frame asked for an earlier redraw, whose work Python did itself before this one, may come before this
  // redraw's frame: it runs nothing)
  const asked = ++afterAsked;
  const go = () => { if (asked === afterAsked) runAfter(); };
  requestAnimationFrame(() => { // (a hidden page, where no frame comes, is not asked: Python does its work at once)
    if (window.requestIdleCallback) window.requestIdleCallback(go, { timeout: AFTER_WITHIN_MS });
    else setTimeout(go, 0); // (Safari)
  });
}
// a page hidden before its frame came (no frame comes to it), or left: the work is done now (a move's save among it)
document.addEventListener("visibilitychange", () => { if (document.hidden) runAfter(); });
addEventListener("pagehide", runAfter);

window.nileAnswer = { later, after, last };
