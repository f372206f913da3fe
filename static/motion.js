// Motion that tells what happened (issue 21): a piece the player watches moves from where it was to
// where it goes, and what changed stays marked. Dependency-free, no game logic: nile/web/app.py calls
//
//   window.nileMotion.before(root)                  just before static/morph.js redraws #app
//   window.nileMotion.after(root, step, since, animate)   just after (its work waits for the next frame)
//
// A piece carries a stable key in the markup (`data-k="m17"`: marker 17; a chip may stand for several
// pieces: `data-k="m17 m23"`) and, if its value matters, `data-kv` (a player's money). FLIP: before the
// redraw each keyed piece's box on the screen is read; after it, a piece whose box moved is put back
// where it was with a transform and let go to its new place with the Web Animations API (transform and
// opacity only, <= 400 ms); a new piece fades in where it lands; a piece gone fades out where it was
// (a copy, kept only for its fade); a changed value pops. A piece that moved into another picture (a
// marker harvested from the fields to the market) may draw outside its picture while it flies.
//
// Marks: `step` is the number of moves the game has had; the keys that changed at each step are kept,
// and every piece changed by the moves after `since` is marked (the last move; or, when a person's turn
// comes after others' moves, everything since that person's own last move). The mark is one CSS rule
// in the page's own stylesheet (the CSP allows no inline style), so a redraw never has to undo it.
// `animate` false (the fast bot speed, skipping to a turn) and prefers-reduced-motion: no motion, the
// marks still change. Nothing here may break the page: any error is logged and the redraw stands.

const DURATION = 350;
const EASING = "cubic-bezier(.2, .7, .3, 1)";
const SCOPE = ".game .table"; // the table only: a rules help picture or a panel is not a piece

let boxes = null; // key → {box, el, value} before the redraw (null: nothing recorded)
let lastStep = null;
const changes = new Map(); // step → keys that changed at that step
let markRule = null; // the rule that marks, in the page's stylesheet
let markedText = "";

const reduced = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function keysOf(el) {
  return el.getAttribute("data-k").split(" ");
}

function pieces(root) {
  return root.querySelectorAll(SCOPE + " [data-k]");
}

let pending = null; // the work of after(), waiting for the next frame

function before(root) {
  flush();
  boxes = null;
  try {
    const found = pieces(root);
    if (!found.length) return;
    boxes = new Map();
    const frames = new Map();
    for (const el of found) {
      const box = el.getBoundingClientRect();
      const value = el.getAttribute("data-kv");
      const svg = el.ownerSVGElement;
      const at = place(svg, box, frames);
      for (const k of keysOf(el)) if (!boxes.has(k)) boxes.set(k, { box, el, value, svg, kind: svg && svg.getAttribute("class"), at, parent: el.parentNode, next: el.nextSibling });
    }
  } catch (error) {
    console.error("motion: before", error);
    boxes = null;
  }
}

// A piece whose keys are all gone from the table fades out where it was: the redraw took its element out
// of the page (static/morph.js drops a node no new one matches), so that very element is put back for the
// fade, in its picture, and taken out again. (An element the redraw reused for another piece is left.)
function fade(root, had) {
  const seen = new Set();
  for (const [, old] of had) {
    const el = old.el;
    if (seen.has(el)) continue;
    seen.add(el);
    if (el.isConnected || !old.parent.isConnected || !(el instanceof SVGElement)) continue;
    if (keysOf(el).some((k) => root.querySelector(`${SCOPE} [data-k~="${CSS.escape(k)}"]`))) continue;
    el.removeAttribute("data-k");
    el.removeAttribute("data-i");
    el.setAttribute("data-ghost", "");
    old.parent.insertBefore(el, old.next && old.next.parentNode === old.parent ? old.next : null);
    const anim = track(el.animate([{ opacity: 1 }, { opacity: 0, transform: "scale(.6)" }], { duration: DURATION, easing: EASING }));
    anim.onfinish = anim.oncancel = () => { if (el.hasAttribute("data-ghost")) el.remove(); };
  }
}

// where a box is inside its picture (the picture itself may have moved with the page: a row that
// appeared above it); the pictures' boxes are read once each
function place(svg, box, frames) {
  if (!svg) return null;
  let frame = frames.get(svg);
  if (!frame) {
    frame = svg.getBoundingClientRect();
    frames.set(svg, frame);
  }
  return { x: box.left - frame.left, y: box.top - frame.top };
}

// how many screen pixels one unit of the element's own coordinates is (SVG units, or 1 for HTML)
function scaleOf(el) {
  if (!(el instanceof SVGElement) || el instanceof SVGSVGElement) return [1, 1];
  const ctm = el.parentNode && el.parentNode.getScreenCTM ? el.parentNode.getScreenCTM() : null;
  return ctm && ctm.a && ctm.d ? [ctm.a, ctm.d] : [1, 1];
}

function fly(el, from, to) {
  const [sx, sy] = scaleOf(el);
  const dx = (from.left + from.width / 2 - (to.left + to.width / 2)) / sx;
  const dy = (from.top + from.height / 2 - (to.top + to.height / 2)) / sy;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return;
  const svg = el.ownerSVGElement;
  const frame = svg ? svg.getBoundingClientRect() : null;
  const outside = frame && !(from.left >= frame.left && from.right <= frame.right && from.top >= frame.top && from.bottom <= frame.bottom);
  if (outside) svg.setAttribute("data-flying", ""); // its picture lets it draw outside while it comes in
  const anim = track(el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
    { duration: DURATION, easing: EASING }));
  if (outside) anim.onfinish = anim.oncancel = () => svg.removeAttribute("data-flying");
}

// After the redraw, the pieces' new places are read once the browser has laid the new page out for the
// next frame, before it paints: a ResizeObserver's first report comes exactly then. Read at once, the
// page would be laid out twice (here, and again for the frame), and the click would wait for it.
let observer = null;

function after(root, step, since, animate) {
  flush();
  pending = [root, step, since, animate, boxes];
  boxes = null;
  if (!observer && window.ResizeObserver) {
    observer = new ResizeObserver(() => {
      observer.disconnect();
      flush();
    });
  }
  if (observer) observer.observe(root); // a new observation reports once, after the next layout
  setTimeout(flush, 200); // if it never does (a hidden page)
}

function flush() {
  if (pending) {
    const args = pending;
    pending = null;
    settle(...args);
  }
}

function settle(root, step, since, animate, had) {
  try {
    if (step < 0) { // not a game: nothing to follow or mark
      changes.clear();
      lastStep = null;
      mark(root, []);
      return;
    }
    const moved = lastStep !== null && step !== lastStep;
    if (lastStep === null || step > lastStep + 1) changes.clear(); // a game opened, or moves not seen one by one
    else if (step < lastStep) for (const s of [...changes.keys()]) if (s > step) changes.delete(s); // taken back
    const changed = new Set();
    if (moved && had) {
      const move = animate && step === lastStep + 1 && !reduced();
      const frames = new Map();
      for (const el of pieces(root)) {
        const keys = keysOf(el);
        const old = keys.map((k) => had.get(k)).find((o) => o);
        const box = el.getBoundingClientRect();
        const svg = el.ownerSVGElement;
        const at = place(svg, box, frames);
        if (!old) { // new here: it lands
          keys.forEach((k) => changed.add(k));
          if (move) track(el.animate([{ opacity: 0, transform: "scale(.6)" }, { opacity: 1, transform: "none" }],
            { duration: DURATION, easing: EASING }));
          continue;
        }
        const value = el.getAttribute("data-kv");
        const valued = old.value !== value;
        // a piece with a value (a player's money) only changes with it: it does not travel
        // a piece moved if it moved in its picture, or went to another one; a whole picture moved by the
        // page around it (a row appeared above it) is not a move
        // (the redraw may have reused another picture's element for it: pictures are the same by their class)
        const same = (o) => o.svg && svg && (o.svg === svg || o.kind === svg.getAttribute("class"));
        const shifted = value === null && (same(old)
          ? Math.abs(old.at.x - at.x) + Math.abs(old.at.y - at.y) > 1
          : Math.abs(old.box.left - box.left) + Math.abs(old.box.top - box.top) > 1);
        // a chip standing for several pieces changed if it now stands for one that was elsewhere
        const joined = keys.length > 1 && keys.some((k) => !had.has(k) || had.get(k).el !== old.el);
        if (shifted || valued || joined) keys.forEach((k) => changed.add(k));
        if (!move) continue;
        if (shifted || joined) {
          const from = keys.map((k) => had.get(k)).find((o) => o && o.el !== old.el) || old;
          if (same(from)) { // within its picture: from its old place in the picture as it is now
            const frame = frames.get(svg);
            fly(el, { left: frame.left + from.at.x, top: frame.top + from.at.y, width: from.box.width, height: from.box.height,
              right: frame.left + from.at.x + from.box.width, bottom: frame.top + from.at.y + from.box.height }, box);
          } else {
            fly(el, from.box, box);
          }
        } else if (valued) {
          track(el.animate([{ transform: "scale(1.25)" }, { transform: "none" }], { duration: DURATION, easing: EASING }));
        }
      }
      if (move) fade(root, had);
    }
    if (moved && step === lastStep + 1) changes.set(step, changed);
    lastStep = step;
    const marked = [];
    for (const [s, keys] of changes) if (s > since && s <= step) marked.push(...keys);
    mark(root, marked);
  } catch (error) {
    console.error("motion: after", error);
  }
}

function sheet() {
  for (const s of document.styleSheets) if (s.href && s.href.includes("/static/app.css")) return s;
  return null;
}

function mark(root, keys) {
  const text = [...new Set(keys)].sort().join(" ");
  document.body.dataset.marked = text; // what is marked, for tests and tools
  if (text === markedText) return;
  markedText = text;
  const s = sheet();
  if (!s) return;
  if (markRule) {
    const i = [...s.cssRules].indexOf(markRule);
    if (i >= 0) s.deleteRule(i);
    markRule = null;
  }
  if (!text) return;
  const selector = text.split(" ").map((k) => `${SCOPE} [data-k~="${CSS.escape(k)}"]`).join(",");
  // an outline, not a glow: a filter would be drawn again at every repaint of the board
  const i = s.insertRule(`${selector} { outline: 3px solid var(--mark, #f5b400); outline-offset: 1px; border-radius: 4px; }`,
    s.cssRules.length);
  markRule = s.cssRules[i];
}

// A player who acts again does not wait for the last move's motion: it ends at once (where it was
// going), before the click or key is handled, so its frames never hold up an answer.
const running = new Set();

function track(anim) {
  running.add(anim);
  anim.addEventListener("finish", () => running.delete(anim));
  anim.addEventListener("cancel", () => running.delete(anim));
  return anim;
}

function finishAll() {
  for (const anim of [...running]) {
    try {
      anim.finish();
    } catch (error) {
      running.delete(anim);
    }
  }
}

document.addEventListener("click", finishAll, true);
document.addEventListener("keydown", finishAll, true);

window.nileMotion = { before, after };
