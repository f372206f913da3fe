// Motion that tells what happened (issue 21): a piece the player watches moves from where it was to
// where it goes, and what changed stays marked. Dependency-free, no game logic: nile/web/app/paint.py calls
//
//   window.nileMotion.before(root)                  just before static/morph.js redraws #app
//   window.nileMotion.after(root, step, since, animate)   just after (its work runs once the handler is done)
//
// A piece carries a stable key in the markup (`data-k="m17"`: marker 17; a chip may stand for several
// pieces: `data-k="m17 m23"`) and, if its value matters, `data-kv` (a player's money). FLIP: before the
// redraw each keyed piece's box on the screen is read (or kept from where the last move left it, when nothing
// was redrawn since: `rest`); after it, a piece whose box moved is put back
// where it was with a transform and let go to its new place with the Web Animations API (transform and
// opacity only, <= 400 ms); a new piece fades in where it lands; a piece gone fades out where it was
// (a copy, kept only for its fade); a changed value pops. A piece that moved into another picture (a
// marker harvested from the fields to the market) may draw outside its picture while it flies.
//
// Marks: `step` is the number of moves the game has had; the keys that changed at each step are kept,
// and every piece changed by the moves after `since` is marked (the last move; or, when a person's turn
// comes after others' moves, everything since that person's own last move). A marked piece carries
// `data-marked` (drawn by app.css), an attribute of this script's that static/morph.js leaves on an element
// it patches: only the pieces whose mark changes are styled again (a rule in app.css naming the marked
// pieces, as before, made the browser restyle every piece at every move: issue 21).
// `animate` false (the fast bot speed, skipping to a turn) and prefers-reduced-motion: no motion, the
// marks still change. Nothing here may break the page: any error is logged and the redraw stands.
//
// More a piece may say (issue 21):
// - `data-kr="60"`: it turns (the tide dial's needle): a new angle turns it from the old one, about
//   the origin its stylesheet gives it, instead of flying;
// - `data-kf="k1 k2"`: where a new piece came from (a water card laid from a player's pile, a joker kept
//   from a flooded desert card): it flies in from the first of those that was on the table, not landing;
// - a piece gone that was HTML (a chip of the boat emptied at a scoring) fades where it was, as a copy
//   in a layer over the page (the redraw took its place in the flow);
// - a flight: `<i hidden data-fly="from to" data-fly-id="…" data-fly-icon="symbol id" data-fly-n="3"
//   data-fly-at="0">` in the table: the first time an id shows, `n` copies of the symbol fly from the
//   piece keyed `from` (where it was) to the piece keyed `to` (where it is now), `at` 0 (at once) or 1
//   (after the first part of the motion): money paid for rails going to the locomotive, its income
//   coming back. They fly in the layer over the page, transform and opacity only, within DURATION_MAX.

/** @typedef {{x: number, y: number}} Point a place in a holder, in the holder's own units */
/**
 * A box on the screen: a DOMRect, or one onScreen() made.
 * @typedef {{left: number, top: number, width: number, height: number, right: number, bottom: number}} Box
 */
/**
 * A keyed piece as it was read (before the redraw, or where it came to rest): its box on the screen, its element, its
 * `data-kv` and `data-kr`, what holds it and that holder's class, its place there, and where it sat among its siblings.
 * @typedef {{box: DOMRect, el: Element, value: string | null, turn: string | null, holder: Element | null,
 *   kind: string | null, at: Point | null, parent: ParentNode, next: ChildNode | null}} Piece
 */
/** @typedef {Map<string, Piece>} Pieces the pieces by each of their keys */
/** @typedef {Set<string | null>} Flown the flights' ids (`data-fly-id`; null: a flight without one) */
/** @typedef {DOMMatrix & {toHolder?: DOMMatrix}} Frame a holder's mapping to the screen; `toHolder` its inverse, once needed */
/** @typedef {Map<Element, Frame | null>} Frames each holder's frame, read once per read of the page (null: none) */
/** @typedef {() => void} Write what a plan returns: it starts a motion (all the reads done before) */

const DURATION = 350;
const DURATION_MAX = 400; // nothing moves longer than this after a move, a flight's delay included
const EASING = "cubic-bezier(.2, .7, .3, 1)";
// A piece whose value changed (a player's money, a pile's count) swells and comes back: by a quarter, but by no more
// than PULSE_PX in all, so a whole line of a player's card ("31 Pond · 2 landscapes crossed · 1 bonus rail", ~340 px)
// grows by a few pixels at each end, not by 85 px that its card cut off at both sides.
const PULSE = 1.25;
const PULSE_PX = 16;
/**
 * @param {{width: number, height: number}} box the piece's box
 * @returns {number} the scale its pulse swells to
 */
const pulse = (box) => Math.min(PULSE, 1 + PULSE_PX / Math.max(box.width, box.height, 1));
// the table and the game's status bar (the tide dial, the cards turned): a rules help picture or a
// panel is not a piece
const SCOPE = ".game .table, .game > .status";
// the elements with an attribute that are in scope: found by the attribute alone, then kept if in scope (a
// selector naming the scopes made the browser check every element's ancestors: twice as slow)
/** @type {(root: ParentNode, attribute: string) => Element[]} */
const inScopeWith = (root, attribute) => [...root.querySelectorAll(`[${attribute}]`)].filter((el) => el.closest(SCOPE));

/** @type {Pieces | null} */
let boxes = null; // key → {box, el, value} before the redraw (null: nothing recorded)
/** @type {Flown | null} */
let flown = null; // the flights on the table before the redraw (their ids)
/** @type {number | null} */
let lastStep = null;
/** @type {Map<number, Set<string>>} */
const changes = new Map(); // step → keys that changed at that step

const reducedQuery = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null; // (live)
/** @type {() => boolean} */
const reduced = () => !!reducedQuery && reducedQuery.matches;

/**
 * @param {Element} el a keyed piece (found by its data-k; a ghost, which lost it, is never asked)
 * @returns {string[]}
 */
function keysOf(el) {
  return /** @type {string} */ (el.getAttribute("data-k")).split(" ");
}

/**
 * @param {ParentNode} root
 * @returns {Element[]}
 */
function pieces(root) {
  return inScopeWith(root, "data-k");
}

/**
 * @param {ParentNode} root
 * @returns {Element[]}
 */
function flights(root) {
  return inScopeWith(root, "data-fly");
}

/** @type {Parameters<typeof settle> | null} */
let pending = null; // the work of after(), waiting for the next frame

// What the last settle read of the pieces where they came to rest (the same as before() reads), and when:
// the page's redraw count, and no scroll or resize since. A move right after the last one (a player acting
// again while its motion runs) then needs no read of the page before the redraw, where the motion just
// ended (finishAll) would make the browser lay the page out once more for the click (issue 21).
/** @typedef {{root: Element, renders: string | undefined, boxes: Pieces, flown: Flown}} Rest */
/** @type {Rest | null} */
let rest = null; // {root, renders, boxes, flown}
/** @type {() => string | undefined} the page's redraw count (nile/web/app/__init__.py sets it) */
const renders = () => document.body.dataset.renders;
const unsettle = () => { rest = null; };
window.addEventListener("resize", unsettle);
document.addEventListener("scroll", unsettle, { capture: true, passive: true }); // (any element's scroll)

/** @param {Element} root */
function before(root) {
  flush();
  boxes = null;
  flown = null;
  if (rest && rest.root === root && rest.renders === renders() && !moving()) {
    ({ boxes, flown } = rest);
    rest = null;
    return;
  }
  rest = null;
  try {
    [boxes, flown] = look(root);
  } catch (error) {
    console.error("motion: before", error);
    boxes = null;
  }
}

// every keyed piece as it is now (by each of its keys, the first piece with a key winning); the flights on the table
/**
 * @param {Element} root
 * @returns {[Pieces | null, Flown]}
 */
function look(root) {
  /** @type {Frames} */
  const frames = new Map();
  const found = pieces(root);
  if (!found.length) return [null, flightIds(root)];
  /** @type {Pieces} */
  const seen = new Map();
  for (const el of found) {
    const piece = pieceOf(el, frames);
    for (const k of keysOf(el)) if (!seen.has(k)) seen.set(k, piece);
  }
  return [seen, flightIds(root)];
}

// A piece as it is now: its box on the screen, what holds it and its place there, its value and angle, and
// where it sits among its siblings (to put it back for its fade)
/**
 * @param {Element} el
 * @param {Frames} frames
 * @returns {Piece}
 */
function pieceOf(el, frames) {
  const box = el.getBoundingClientRect();
  const holder = holderOf(el);
  return { box, el, value: el.getAttribute("data-kv"), turn: el.getAttribute("data-kr"), holder,
    kind: holder && holder.getAttribute("class"), at: place(holder, box, frames),
    parent: /** @type {ParentNode} */ (el.parentNode), next: el.nextSibling }; // (found under root: it has a parent)
}

// Whether a piece is where it was read before the redraw, without reading its box (issue 51: a move read every
// piece's box after the redraw, ~100 boxes of SVG groups, each the bounds of its shapes; most of a move's motion):
// it lies in a part the redraw kept whole (static/morph.js: its markup, and so its place in its picture, did not
// change), in the same holder, and where it was in that holder is where it was on the screen (the picture did not
// move or scale: one read of the holder's frame, shared by all its pieces).
/**
 * @param {Element} root
 * @param {Element} el
 * @param {Piece} old
 * @param {Set<Element>} kept
 * @param {Frames} frames
 * @returns {boolean}
 */
function stayed(root, el, old, kept, frames) {
  if (!kept.size || !old.at || holderOf(el) !== old.holder) return false;
  let inKept = false;
  for (let n = /** @type {Element | null} */ (el); n && n !== root && !inKept; n = n.parentElement) inKept = kept.has(n);
  if (!inKept) return false;
  const m = frameOf(old.holder, frames);
  if (!m) return false;
  const p = new DOMPoint(old.at.x, old.at.y).matrixTransform(m);
  return Math.abs(p.x - (old.box.left + old.box.width / 2)) < 0.5 && Math.abs(p.y - (old.box.top + old.box.height / 2)) < 0.5;
}

/**
 * @param {ParentNode} root
 * @param {Element[]} [found] the flights on the table, if read already
 * @returns {Flown}
 */
function flightIds(root, found = flights(root)) {
  return new Set(found.map((el) => el.getAttribute("data-fly-id")));
}

// A piece whose keys are all gone from the table fades out where it was: the redraw took its element out
// of the page (static/morph.js drops a node no new one matches), so that very element is put back for the
// fade, in its picture, and taken out again; an HTML piece (a boat's chip) fades in the layer over the
// page instead. (An element the redraw reused for another piece is left.) Reads only: what it returns
// writes (settle reads every place before it starts any motion, so the page is laid out once).
/**
 * @param {Element} root
 * @param {Pieces} had the pieces before the redraw
 * @param {Frames} frames
 * @param {Pieces} present the pieces on the table now
 * @returns {Write[]}
 */
function planFades(root, had, frames, present) {
  /** @type {Write[]} */
  const writes = [];
  /** @type {Set<Element>} */
  const seen = new Set();
  for (const [, old] of had) {
    const el = old.el;
    if (seen.has(el)) continue;
    seen.add(el);
    if (el.isConnected) continue;
    if (keysOf(el).some((k) => present.has(k))) continue; // (``present``: every key on the table now)
    if (el instanceof SVGElement) {
      if (!old.parent.isConnected) continue;
      writes.push(() => {
        ghost(el);
        old.parent.insertBefore(el, old.next && old.next.parentNode === old.parent ? old.next : null);
        const anim = el.animate([{ opacity: 1 }, { opacity: 0, transform: "scale(.6)" }], { duration: DURATION, easing: EASING });
        track(anim).onfinish = anim.oncancel = () => { if (el.hasAttribute("data-ghost")) el.remove(); };
      });
    } else { // HTML: its place in the flow is gone; it fades where it was, over the page (only while what
      // held it is still there: not over another screen, a hand-over's)
      if (!old.box.width || !old.holder || !old.holder.isConnected) continue;
      // where it was in what held it, wherever that is now (a panel opened above it moved it down)
      const was = old.at ? onScreen(old.holder, old.at, old.box, frames) : old.box; // (a place: its holder has a frame)
      writes.push(() => {
        ghost(el);
        layer().append(el);
        const at = `translate(${was.left}px, ${was.top}px)`;
        const anim = el.animate([{ opacity: 1, transform: at }, { opacity: 0, transform: `${at} translateY(6px) scale(.6)` }],
          { duration: DURATION, easing: EASING, fill: "both" });
        track(anim).onfinish = anim.oncancel = () => { if (el.hasAttribute("data-ghost")) el.remove(); };
      });
    }
  }
  return writes;
}

// a piece taken away, kept only for its fade: no key (nothing follows it), nothing to press
/** @param {Element} el */
function ghost(el) {
  el.removeAttribute("data-k");
  el.removeAttribute("data-marked");
  el.removeAttribute("data-i");
  el.setAttribute("data-ghost", "");
}

// The layer over the page that HTML ghosts and flights move in: outside #app (nothing the redraw
// touches, no containing box of the page's own), taking no clicks.
/** @returns {HTMLElement} */
function layer() {
  let el = document.getElementById("motion-layer");
  if (!el) {
    el = document.createElement("div");
    el.id = "motion-layer";
    el.setAttribute("aria-hidden", "true");
    el.inert = true; // a chip's copy fading there is no button any more
    document.body.append(el);
  }
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";
/** @type {Record<string, [number, number] | undefined>} */
const FLYER_SIZE = { "cape-rail": [26, 14] }; // as the stylesheet draws them (#motion-layer svg.flyer); else 18 × 18

// A flight's copies: each a small picture of the symbol, from the middle of one box to the middle of the
// other, one after another; the later part of a move (`at` 1) starts when the first has mostly run.
// Reads only: what it returns (if anything flies) starts the flight.
/**
 * @param {Element} fly the flight (`<i hidden data-fly=…>`)
 * @param {Pieces} had the pieces before the redraw
 * @param {Pieces} present the pieces on the table now
 * @returns {Write | null}
 */
function planLaunch(fly, had, present) {
  const [fromKey, toKey] = /** @type {string} */ (fly.getAttribute("data-fly")).split(" "); // (found by its data-fly)
  const from = had.get(fromKey);
  const to = present.get(toKey); // (``present``: every piece on the table now, by key, as settle read it)
  const symbol = fly.getAttribute("data-fly-icon");
  if (!from || !to || !symbol) return null;
  const a = from.box;
  const b = to.box;
  if (!a.width || !b.width) return null;
  return () => launch(fly, a, b, symbol);
}

/**
 * @param {Element} fly
 * @param {Box} a where it flies from, on the screen
 * @param {Box} b where it flies to
 * @param {string} symbol the id of the symbol that flies
 */
function launch(fly, a, b, symbol) {
  const count = Math.max(1, Math.min(3, Number(fly.getAttribute("data-fly-n")) || 1));
  const start = fly.getAttribute("data-fly-at") === "1" ? 120 : 0;
  const gap = 40;
  const duration = DURATION_MAX - start - gap * (count - 1);
  const [w, h] = FLYER_SIZE[symbol] || [18, 18];
  for (let i = 0; i < count; i++) {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("class", `flyer ${symbol}`); // its size: the stylesheet's, by symbol
    svg.setAttribute("data-ghost", "");
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", `#${symbol}`);
    svg.append(use);
    layer().append(svg);
    const x0 = a.left + a.width / 2 - w / 2, y0 = a.top + a.height / 2 - h / 2;
    const x1 = b.left + b.width / 2 - w / 2, y1 = b.top + b.height / 2 - h / 2;
    const anim = svg.animate([
      { opacity: 0, transform: `translate(${x0}px, ${y0}px) scale(.7)` },
      { opacity: 1, transform: `translate(${x0}px, ${y0}px)`, offset: 0.15 },
      { opacity: 1, transform: `translate(${x1}px, ${y1}px)`, offset: 0.85 },
      { opacity: 0, transform: `translate(${x1}px, ${y1}px) scale(.7)` },
    ], { duration, delay: start + i * gap, easing: "ease-in-out", fill: "both" });
    track(anim).onfinish = anim.oncancel = () => svg.remove();
  }
}

// What holds a piece: its picture (an SVG piece), else the element it sits in (a chip in the boat's row
// of chips). Where a piece is, is where its middle is in what holds it, in that holder's own units: a
// holder the page moved (a row appeared above it) or scaled (the board fitted to a taller head line)
// moves nothing in it. Each holder's mapping to the screen is read once.
/**
 * @param {Element} el
 * @returns {Element | null}
 */
function holderOf(el) {
  return /** @type {OwnedBySvg} */ (el).ownerSVGElement || el.parentElement;
}

/** @typedef {Element & {ownerSVGElement?: SVGSVGElement | null}} OwnedBySvg an element; an SVG one has its picture (an HTML one: undefined) */

/**
 * @param {Element | null} holder
 * @param {DOMRect} box
 * @param {Frames} frames
 * @returns {Point | null}
 */
function place(holder, box, frames) {
  const m = frameOf(holder, frames);
  if (!m) return null;
  if (!m.toHolder) m.toHolder = m.inverse(); // (once per holder and read: a move reads ~40 pieces in ~4 holders)
  const p = new DOMPoint(box.left + box.width / 2, box.top + box.height / 2).matrixTransform(m.toHolder);
  return { x: p.x, y: p.y };
}

/**
 * @param {Element | null} holder
 * @param {Frames} frames
 * @returns {Frame | null}
 */
function frameOf(holder, frames) {
  if (!holder) return null;
  if (!frames.has(holder)) {
    /** @type {Frame | null} */
    let m = null;
    if (holder instanceof SVGSVGElement) m = holder.getScreenCTM();
    else if (holder.getBoundingClientRect) {
      const r = holder.getBoundingClientRect();
      m = new DOMMatrix().translate(r.left, r.top);
    }
    frames.set(holder, m);
  }
  return /** @type {Frame | null} */ (frames.get(holder)); // (set just above)
}

// a box of the old size round where a place in its holder is on the screen now
/**
 * @param {Element} holder
 * @param {Point} at
 * @param {Box} size
 * @param {Frames} frames
 * @returns {Box}
 */
function onScreen(holder, at, size, frames) {
  // a holder with a place in it has a frame (an HTML holder always; a picture when it had a place, read in this settle)
  const p = new DOMPoint(at.x, at.y).matrixTransform(/** @type {Frame} */ (frameOf(holder, frames)));
  const left = p.x - size.width / 2, top = p.y - size.height / 2;
  return { left, top, width: size.width, height: size.height, right: left + size.width, bottom: top + size.height };
}

// how many screen pixels one unit of the element's own coordinates is (SVG units, or 1 for HTML)
/**
 * @param {Element} el
 * @returns {[number, number]}
 */
function scaleOf(el) {
  if (!(el instanceof SVGElement) || el instanceof SVGSVGElement) return [1, 1];
  // (an SVG element's parent: a picture or a group, each with getScreenCTM; tested all the same)
  const parent = /** @type {(ParentNode & Partial<Pick<SVGGraphicsElement, "getScreenCTM">>) | null} */ (el.parentNode);
  const ctm = parent && parent.getScreenCTM ? parent.getScreenCTM() : null;
  return ctm && ctm.a && ctm.d ? [ctm.a, ctm.d] : [1, 1];
}

// A piece that moved goes back to where it was (a transform) and is let go to its place. Reads only:
// what it returns (if it moved at all) starts the motion.
/**
 * @param {Element} el
 * @param {Box} from where it was, on the screen
 * @param {Box} to where it is now
 * @param {Map<SVGSVGElement, DOMRect>} pictures the pictures' boxes, read once per settle
 * @returns {Write | null}
 */
function planFly(el, from, to, pictures) {
  const [sx, sy] = scaleOf(el);
  const dx = (from.left + from.width / 2 - (to.left + to.width / 2)) / sx;
  const dy = (from.top + from.height / 2 - (to.top + to.height / 2)) / sy;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5) return null;
  const svg = /** @type {OwnedBySvg} */ (el).ownerSVGElement;
  const frame = svg ? boxOf(svg, pictures) : null;
  const outside = frame && !(from.left >= frame.left && from.right <= frame.right && from.top >= frame.top && from.bottom <= frame.bottom);
  const picture = /** @type {SVGSVGElement} */ (svg); // (read only when `outside`: then it has one)
  return () => {
    if (outside) picture.setAttribute("data-flying", ""); // its picture lets it draw outside while it comes in
    const anim = track(el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
      { duration: DURATION, easing: EASING }));
    if (outside) anim.onfinish = anim.oncancel = () => picture.removeAttribute("data-flying");
  };
}

// a picture's box on the screen, read once per settle
/**
 * @param {SVGSVGElement} svg
 * @param {Map<SVGSVGElement, DOMRect>} pictures
 * @returns {DOMRect}
 */
function boxOf(svg, pictures) {
  if (!pictures.has(svg)) pictures.set(svg, svg.getBoundingClientRect());
  return /** @type {DOMRect} */ (pictures.get(svg)); // (set just above)
}

// After the redraw, the pieces' new places are read as soon as the handler that redrew is done (a microtask:
// every change the handler makes after the redraw — focus, marks on the page — is in), so the browser lays the
// new page out once, there, and the frame only paints it. The frame waits for the screen's next tick anyway:
// work done before it is work the frame does not do (issue 21: read in the frame, from a ResizeObserver, the
// layout and this read were the frame's — style+layout+paint p50 6.0 → 3.5 ms, clicks p90 21.2 → 19.3 ms).
/**
 * @param {Element} root
 * @param {number} step the number of moves the game has had (< 0: not a game)
 * @param {number} since the moves after this one are marked
 * @param {boolean} animate
 */
function after(root, step, since, animate) {
  flush();
  pending = [root, step, since, animate, boxes, flown];
  boxes = null;
  flown = null;
  queueMicrotask(flush);
}

function flush() {
  if (pending) {
    const args = pending;
    pending = null;
    settle(...args);
  }
}

/**
 * @param {Element} root
 * @param {number} step
 * @param {number} since
 * @param {boolean} animate
 * @param {Pieces | null} had the pieces before the redraw (null: none read)
 * @param {Flown | null} hadFlights the flights on the table before it
 */
function settle(root, step, since, animate, had, hadFlights) {
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
    /** @type {Set<string>} */
    const changed = new Set();
    let found = null; // the pieces on the table, once read
    if (moved && had) {
      const move = animate && step === /** @type {number} */ (lastStep) + 1 && !reduced(); // (moved: there was a last step)
      // every place is read first, then every motion starts: a read after a motion started would make the
      // browser lay the page out again, once per piece (the frame's layout doubled on a busy move)
      /** @type {Frames} */
      const frames = new Map();
      /** @type {Map<SVGSVGElement, DOMRect>} */
      const pictures = new Map();
      /** @type {(Write | null)[]} */
      const writes = [];
      /** @type {Pieces} */
      const now = new Map(); // where every piece comes to rest: what the next move's before() reads (rest)
      const flying = flights(root);
      found = pieces(root);
      const kept = window.nileKept ? window.nileKept() : new Set();
      for (const el of found) {
        const keys = keysOf(el);
        const old = keys.map((k) => had.get(k)).find((o) => o);
        // a piece the redraw kept whole, in a picture that did not move, is where it was: not read again
        const piece = old && old.el === el && stayed(root, el, old, kept, frames)
          ? { ...old, parent: /** @type {ParentNode} */ (el.parentNode), next: el.nextSibling } : pieceOf(el, frames);
        const { box, holder, at, value, turn, kind } = piece;
        for (const k of keys) if (!now.has(k)) now.set(k, piece);
        if (!old) { // new here: it flies in from where it came from, or lands
          keys.forEach((k) => changed.add(k));
          if (!move) continue;
          const came = (el.getAttribute("data-kf") || "").split(" ").map((k) => had.get(k)).find((o) => o);
          if (came) writes.push(planFly(el, came.box, box, pictures));
          else writes.push(() => track(el.animate([{ opacity: 0, transform: "scale(.6)" }, { opacity: 1, transform: "none" }],
            { duration: DURATION, easing: EASING })));
          continue;
        }
        if (turn !== null && old.turn !== null) { // it turns (in place) or stays
          if (turn === old.turn) continue;
          keys.forEach((k) => changed.add(k));
          if (move) writes.push(() => track(el.animate([{ transform: `rotate(${Number(old.turn) - Number(turn)}deg)` }, { transform: "none" }],
            { duration: DURATION, easing: EASING })));
          continue;
        }
        const valued = old.value !== value;
        // a piece with a value (a player's money) only changes with it: it does not travel
        // a piece moved if it moved in what holds it, or went to another holder; a whole picture moved or
        // scaled by the page around it is not a move
        // (the redraw may have reused another element for its holder: holders are the same by their class)
        /** @type {(o: Piece) => unknown} */
        const same = (o) => o.holder && holder && (o.holder === holder || (kind !== null && o.kind === kind));
        const shifted = value === null && (same(old) && old.at && at
          ? Math.abs(old.at.x - at.x) + Math.abs(old.at.y - at.y) > 1
          : Math.abs(old.box.left - box.left) + Math.abs(old.box.top - box.top) > 1);
        // a chip standing for several pieces changed if it now stands for one that was elsewhere
        const joined = keys.length > 1 && keys.some((k) => !had.has(k) || /** @type {Piece} */ (had.get(k)).el !== old.el);
        if (shifted || valued || joined) keys.forEach((k) => changed.add(k));
        if (!move) continue;
        if (shifted || joined) {
          const from = keys.map((k) => had.get(k)).find((o) => o && o.el !== old.el) || old;
          if (same(from) && from.at && at) { // within its picture: from its old place in the picture as it is now
            writes.push(planFly(el, onScreen(/** @type {Element} */ (holder), from.at, from.box, frames), box, pictures)); // (same: it has one)
          } else {
            writes.push(planFly(el, from.box, box, pictures));
          }
        } else if (valued) {
          const grow = pulse(box);
          writes.push(() => track(el.animate([{ transform: `scale(${grow})` }, { transform: "none" }], { duration: DURATION, easing: EASING })));
        }
      }
      if (move) {
        writes.push(...planFades(root, had, frames, now));
        for (const fly of flying) {
          if (hadFlights && !hadFlights.has(fly.getAttribute("data-fly-id"))) writes.push(planLaunch(fly, had, now));
        }
      }
      rest = { root, renders: renders(), boxes: now, flown: flightIds(root, flying) };
      for (const write of writes) if (write) write();
    }
    if (moved && step === /** @type {number} */ (lastStep) + 1) changes.set(step, changed);
    lastStep = step;
    /** @type {string[]} */
    const marked = [];
    for (const [s, keys] of changes) if (s > since && s <= step) marked.push(...keys);
    mark(root, marked, found);
  } catch (error) {
    console.error("motion: after", error);
  }
}

const MARKED = "data-marked";

/** @type {Set<Element>} */
let markedEls = new Set(); // the elements this script marked (the redraw never adds a mark: only this does)

// ``found``: the pieces on the table now, when settle has them (else they are looked up): a selector naming
// every marked key, parsed anew at each move and matched against the whole page, cost more than the motion
/**
 * @param {ParentNode} root
 * @param {string[]} keys
 * @param {Element[] | null} [found]
 */
function mark(root, keys, found) {
  const want = new Set(keys);
  const text = [...want].sort().join(" ");
  document.body.dataset.marked = text; // what is marked, for tests and tools
  /** @type {Set<Element>} */
  const now = new Set();
  if (want.size) for (const el of found || pieces(root)) if (keysOf(el).some((k) => want.has(k))) now.add(el);
  for (const el of markedEls) if (!now.has(el)) el.removeAttribute(MARKED);
  for (const el of now) if (!el.hasAttribute(MARKED) && !el.hasAttribute("data-ghost")) el.setAttribute(MARKED, "");
  markedEls = now;
}

// A player who acts again does not wait for the last move's motion: it ends at once (where it was
// going), before the click or key is handled, so its frames never hold up an answer.
/** @type {Set<Animation>} */
const running = new Set();

/**
 * @param {Animation} anim
 * @returns {Animation}
 */
function track(anim) {
  running.add(anim);
  anim.addEventListener("finish", () => running.delete(anim));
  anim.addEventListener("cancel", () => running.delete(anim));
  return anim;
}

/** @returns {boolean} whether a motion of the last move still runs */
const moving = () => [...running].some((a) => a.playState === "running");

function finishAll() {
  for (const anim of [...running]) {
    try {
      anim.finish();
    } catch {
      running.delete(anim);
    }
  }
}

// The answer's frame is asked for as the click, key or choice arrives, before it is handled: a display tick
// that comes while the handler runs then draws the answer as soon as the handler ends. Asked for only by the
// redraw's first change to the page, late in the handler, the frame would wait for the tick after that one (a
// whole frame, 16.7 ms at 60 Hz, for a click that took a few milliseconds too long).
const noFrameWork = () => {};

function askFrame() {
  requestAnimationFrame(noFrameWork);
}

function answering() {
  askFrame();
  finishAll();
}

document.addEventListener("click", answering, true);
document.addEventListener("keydown", answering, true);
document.addEventListener("change", askFrame, true); // a list's or a box's choice (set-up, settings)

// A redraw that moved nothing (a choice: the fields it lights) leaves every piece where it was, but the next move's
// before() cannot know that and read every piece again, in the very tap that moves one (issue 51: 2–4 ms at 4× CPU).
// So after such a redraw, once its frame is drawn (the page is laid out: reading it costs no layout), the pieces are
// read at rest for the next move, unless something is moving or they were read since.
/** @param {Element} root */
function rested(root) {
  requestAnimationFrame(() => setTimeout(() => {
    try {
      if (!root.isConnected || (rest && rest.root === root && rest.renders === renders())) return;
      if (moving()) return;
      const [seen, flights] = look(root);
      rest = seen ? { root, renders: renders(), boxes: seen, flown: flights } : null;
    } catch (error) {
      console.error("motion: rested", error);
    }
  }, 0));
}

window.nileMotion = { before, after, rested };
