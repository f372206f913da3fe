// Redraw only what changed: nile/web/app/paint.py hands the whole app's new HTML to
// window.nileMorph(root, html), which patches the live tree under `root` to match it instead
// of replacing everything (replacing ~500 elements makes the browser lay the whole page out
// again on every click). Dependency-free, no game logic.
//
// How: the new HTML is parsed once into a <template>; then, child by child, a live node with the
// same identity (an element's id, else its data-i + data-v, else the same tag at the same place,
// a node taken out or put in before it aside) is kept and updated in place — changed attributes
// set or removed, form controls' value and checked made to follow the markup — and only nodes
// with no counterpart are inserted or removed. An unchanged subtree is never written to, so its nodes (and anything the browser or a
// script keeps on them: focus, scroll position, running transitions) survive.
//
// Any error falls back to `root.innerHTML = html` (the page must never break): the return value
// says which happened ("morph" or "replaced").
//
// Parts kept as they are (issue 21): nile/web/app/paint.py may send, instead of a part of the screen it
// painted last time and that is unchanged (the board, the log, the players, the artwork), a hole
// `<nile-keep data-n="i"></nile-keep>` and, as `keep[i]`, a selector that finds that part's element
// in the live page; the element is kept where the hole is, neither parsed nor compared again. A
// hole whose element is missing, or any error, changes nothing or leaves the page to be redrawn in
// full: the return value "missing" or "failed" asks the caller for the whole HTML.
//
// Regions patched alone (issue 51): when only some regions of the screen changed and the rest of it (its
// skeleton) is what the page shows, nile/web/app/paint.py calls window.nilePatch(root, patches) instead, each
// patch [selector, html, keep] the new markup of one region (its unchanged parts inside it as holes, as above):
// each is parsed on its own and the region's element is patched in place; nothing outside the changed regions is
// parsed or compared. Everything is found and parsed before anything changes: a region or a hole not found
// returns "missing" with the page untouched; an error later returns "failed"; either way the caller sends the
// whole HTML. Both write what they parsed on <body> for tests and tools: data-parsed (elements).

// (by its local name: inside an SVG picture the parser makes it an SVG element, whose nodeName is not upper-cased)
const HOLE = "nile-keep";
/** @typedef {Node & {localName?: string, namespaceURI?: string | null}} Named a node; an element has a local name and a namespace (another node: undefined) */
/** @type {Map<string | null, Element> | null} */
let holes = null; // while a morph with kept parts runs: hole number -> the live element kept there
/** @type {Set<Node> | null} */
let reserved = null; // ...and the set of those elements (never matched to another new node)
let placed = 0; // ...and how many of them the morph has put in their places
/** @type {Set<Element>} */
let keptLast = new Set(); // the elements the last redraw kept whole (its holes): nothing inside them changed
// the element each kept part's selector found last time: found again at no cost while it is still there and
// still what the selector finds (a search of the page by a long selector for each of ~30 parts cost ~0.2 ms)
/** @type {Map<string, Element>} */
const lastFound = new Map();

/**
 * @param {Element} root
 * @param {string} selector a kept part's, or a region's
 * @returns {Element | null}
 */
function findKept(root, selector) {
  const known = lastFound.get(selector);
  if (known && known.isConnected && root.contains(known) && known.matches(selector)) return known;
  const el = root.querySelector(selector);
  if (el) lastFound.set(selector, el);
  else lastFound.delete(selector);
  return el;
}

/**
 * @param {Node} node
 * @returns {string | null} its identity (an element's id, else its data-i and data-v), or null: none
 */
function keyOf(node) {
  if (node.nodeType !== 1) return null;
  const el = /** @type {Element} */ (node); // (nodeType 1)
  const id = el.getAttribute("id");
  if (id) return el.nodeName + "#" + id;
  const intent = el.getAttribute("data-i");
  if (intent !== null) return el.nodeName + "|" + intent + "|" + (el.getAttribute("data-v") ?? "");
  return null;
}

/**
 * @param {Named} a
 * @param {Named} b
 * @returns {boolean}
 */
function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && a.namespaceURI === b.namespaceURI;
}

// the same kind of element with the same class: most likely the same part of the screen (the table, a panel)
/**
 * @param {Node} a
 * @param {Node} b
 * @returns {boolean}
 */
function alike(a, b) {
  return a.nodeType === 1 && sameKind(a, b) // (then both are elements)
    && /** @type {Element} */ (a).getAttribute("class") === /** @type {Element} */ (b).getAttribute("class");
}

/**
 * @param {Node} a
 * @param {Node} b
 * @returns {boolean}
 */
function equal(a, b) {
  return a.isEqualNode(b);
}

// A live element's attributes that a script or the player set, which the markup does not carry: a style
// (static/fit.js: the CSP forbids inline styles in the markup), the mark of a piece that changed
// (static/motion.js) and a <details> the player opened (the marks' legend stays open while the game goes on).
// They are left as they are.
const SCRIPTS = ["style", "data-marked", "open"];

/**
 * @param {Element} live
 * @param {Element} fresh
 */
function syncAttributes(live, fresh) {
  const want = fresh.attributes;
  /** @type {string[] | null} */
  let own = null; // the names of the script's attributes the element has (and the markup has not)
  for (const name of SCRIPTS) {
    if (!fresh.hasAttribute(name) && live.hasAttribute(name)) (own || (own = [])).push(name);
  }
  const have = own === null ? live.attributes : [...live.attributes].filter((a) => !own.includes(a.name));
  // the attributes both have in the same order from the first on keep their place, their values set where they
  // changed (most redraws: all of them)
  const same = Math.min(want.length, have.length);
  let p = 0;
  while (p < same && want[p].name === have[p].name) p++;
  for (let i = 0; i < p; i++) if (have[i].value !== want[i].value) have[i].value = want[i].value;
  if (p === want.length && p === have.length) return;
  // attributes added, removed or reordered after those: the markup's rest set anew, in the new order, so the live
  // element reads as the markup (as it would after innerHTML) and the next redraw finds them in order. Only the
  // rest: a field that becomes a target keeps its class, data-i and data-v attributes where they are (taking every
  // attribute away and back restyled it twice, a fifth of a move's patch at 4× CPU: issue 51). A script's
  // attributes are not touched: a picture's style taken away and put back as an attribute came back empty
  // (the CSP refuses inline style attributes; fit.js sets its size through the CSSOM), and the browser
  // restyled every shape in the picture when fit.js set the size again (issue 21)
  for (let i = have.length - 1; i >= p; i--) live.removeAttributeNS(have[i].namespaceURI, have[i].localName);
  for (let i = p; i < want.length; i++) live.setAttributeNS(want[i].namespaceURI, want[i].name, want[i].value);
}

// The markup is the truth for form controls, as it was when all of #app was replaced: the
// controller's state, not what the browser kept from the last interaction.
/**
 * @param {Element} live
 * @param {Element} fresh the same kind of control (they pair up in order)
 */
function syncFormState(live, fresh) {
  // (the classes are the HTML elements whose nodeName is INPUT, TEXTAREA, SELECT: the checker's narrowing)
  if (live instanceof HTMLInputElement) {
    const type = (live.getAttribute("type") || "").toLowerCase();
    if (type === "checkbox" || type === "radio") {
      const checked = fresh.hasAttribute("checked");
      if (live.checked !== checked) live.checked = checked;
    } else if (type !== "file") {
      const value = fresh.getAttribute("value") ?? "";
      if (live.value !== value) live.value = value;
    }
  } else if (live instanceof HTMLTextAreaElement) {
    const value = fresh.textContent;
    if (live.value !== value) live.value = value;
  } else if (live instanceof HTMLSelectElement) {
    const options = fresh.querySelectorAll("option");
    let index = options.length ? 0 : -1;
    for (let i = 0; i < options.length; i++) if (options[i].hasAttribute("selected")) index = i;
    if (live.selectedIndex !== index) live.selectedIndex = index;
  }
}

const FORM_CONTROLS = "input, select, textarea";

/**
 * @param {Node} live
 * @param {Node} fresh the same kind of node (sameKind, or the same key: the same element's name)
 */
function morphNode(live, fresh) {
  if (live.nodeType !== 1) {
    if (live.nodeValue !== fresh.nodeValue) live.nodeValue = fresh.nodeValue;
    return;
  }
  if (live.isEqualNode(fresh)) return; // native and fast: most of a screen did not change
  syncAttributes(/** @type {Element} */ (live), /** @type {Element} */ (fresh)); // (nodeType 1: both)
  morphChildren(live, fresh);
}

// How far ahead to look for a list that grew or shrank at the front (a log with new first lines: a move
// that ends a turn may add several; with too short a look every line below is rewritten in place).
const AHEAD = 16;

/**
 * @param {Node} live an element of the page (or #app)
 * @param {Node} fresh its new version (an element, or the parsed HTML's fragment)
 */
function morphChildren(live, fresh) {
  // live children with an identity, by key (a queue: two buttons may share intent and value),
  // and how many new children still want each key
  /** @type {Map<string, ChildNode[]>} */
  const keyed = new Map();
  for (let n = live.firstChild; n; n = n.nextSibling) {
    if (reserved && reserved.has(n)) continue;
    const k = keyOf(n);
    if (k !== null) {
      const q = keyed.get(k);
      if (q) q.push(n);
      else keyed.set(k, [n]);
    }
  }
  /** @type {Map<string, number>} */
  const wanted = new Map();
  if (keyed.size) {
    for (let n = fresh.firstChild; n; n = n.nextSibling) {
      const k = keyOf(n);
      if (k !== null) wanted.set(k, (wanted.get(k) || 0) + 1);
    }
  }
  // free: a live node no new child will ask for by its identity, so it may be reused by place
  /** @type {(n: ChildNode) => boolean} */
  const free = (n) => {
    if (reserved && reserved.has(n)) return false;
    const k = keyOf(n);
    return k === null || !((wanted.get(k) ?? 0) > 0);
  };
  /** @type {(n: ChildNode | null) => ChildNode | null} */
  const nextFree = (n) => {
    while (n && !free(n)) n = n.nextSibling;
    return n;
  };
  // every live node before `cur` is placed; `cur` and after are not yet
  let cur = live.firstChild;
  let next = fresh.firstChild;
  while (next) {
    const nw = next;
    next = nw.nextSibling; // before nw may be moved into the live tree
    if (holes && /** @type {Named} */ (nw).localName === HOLE) { // a part kept as it is: its live element goes here, untouched
      // (a hole is an element; every hole of the new HTML had its element found before anything changed)
      const kept = /** @type {Element} */ (holes.get(/** @type {Element} */ (nw).getAttribute("data-n")));
      if (kept === cur) cur = cur.nextSibling;
      else live.insertBefore(kept, cur);
      placed++;
      continue;
    }
    const k = keyOf(nw);
    /** @type {ChildNode | null | undefined} */
    let match = null;
    if (k !== null) {
      const q = keyed.get(k);
      if (q && q.length) match = q.shift();
      wanted.set(k, (wanted.get(k) ?? 0) - 1); // (none when no live child has a key)
    }
    if (!match) {
      let n = nextFree(cur);
      if (n && !n.isEqualNode(nw)) {
        // is n one of the next new nodes (nw was put in front of it: a pop-up opened above the table), or was n
        // taken out (the node after it is the one nw is: the pop-up closed)? Told by the same part of the screen
        // (alike) when n is another part than nw, else by an equal node (a list that grew or shrank at the front)
        const same = n.nodeType === 1 && !alike(n, nw) ? alike : equal;
        let later = false;
        for (let ahead = next, i = 0; !later && i < AHEAD && ahead; i++, ahead = ahead.nextSibling) later = same(n, ahead);
        const after = later ? null : nextFree(n.nextSibling);
        if (later) n = null;
        else if (after && same(after, nw)) {
          if (n === cur) cur = cur.nextSibling;
          live.removeChild(n);
          n = after;
        }
      }
      if (n && sameKind(n, nw)) match = n;
    }
    if (match) {
      if (match === cur) cur = cur.nextSibling;
      else live.insertBefore(match, cur); // kept, moved to its new place
      morphNode(match, nw);
    } else {
      // new: the parsed node itself goes in, with the kept parts whose holes it holds (a part kept as it is may sit
      // in an element that is new around it)
      if (holes && nw.nodeType === 1) {
        for (const hole of /** @type {Element} */ (nw).querySelectorAll(HOLE)) {
          const kept = /** @type {Element} */ (holes.get(hole.getAttribute("data-n")));
          if (kept === cur) cur = cur.nextSibling;
          hole.replaceWith(kept);
          placed++;
        }
      }
      live.insertBefore(nw, cur);
    }
  }
  while (cur) {
    const gone = cur;
    cur = cur.nextSibling;
    live.removeChild(gone);
  }
}

/**
 * Patch the live tree under `root` to match `html`; each `<nile-keep data-n="i">` hole in it (only when `keep` is
 * given) is filled with the live element `keep[i]` finds.
 * @param {Element} root #app
 * @param {string} html the screen's new markup
 * @param {string[]} [keep] the selectors of the holes' elements
 * @returns {NileMorphResult} "morph" done; "replaced": `root.innerHTML = html` instead; with `keep`, "missing"
 *   (nothing changed) or "failed": the caller sends the whole HTML
 */
export function morph(root, html, keep) {
  const partial = !!(keep && keep.length);
  try {
    const template = document.createElement("template");
    template.innerHTML = html;
    if (partial) { // find every kept part before anything changes: one missing, and nothing is changed
      holes = new Map();
      placed = 0;
      for (const hole of template.content.querySelectorAll("nile-keep")) {
        const el = findKept(root, keep[Number(hole.getAttribute("data-n"))]);
        if (!el || [...holes.values()].includes(el)) return "missing";
        holes.set(hole.getAttribute("data-n"), el);
      }
      if (holes.size !== keep.length) return "missing";
      reserved = new Set(holes.values());
    }
    document.body.dataset.parsed = String(template.content.querySelectorAll("*").length);
    const controls = [...template.content.querySelectorAll(FORM_CONTROLS)];
    morphChildren(root, template.content);
    if (partial && placed !== /** @type {Map<string | null, Element>} */ (holes).size) { // (holes: set above, partial)
      throw new Error("a kept part's place was new"); // (a hole not filled: a guard)
    }
    if (controls.length) {
      // the live tree now has the new one's shape: its controls pair up with the new ones in order
      // (those inside a kept part were not in the new HTML)
      const live = [...root.querySelectorAll(FORM_CONTROLS)].filter((c) => !reserved || ![...reserved].some((el) => el.contains(c)));
      if (live.length !== controls.length) throw new Error("form controls do not pair up");
      for (let i = 0; i < controls.length; i++) if (live[i] !== controls[i]) syncFormState(live[i], controls[i]);
    }
    keptLast = partial ? new Set(/** @type {Map<string | null, Element>} */ (holes).values()) : new Set();
    return "morph";
  } catch (error) {
    if (partial) { // the caller redraws with the whole HTML
      console.error("morph with kept parts failed:", error);
      return "failed";
    }
    console.error("morph failed, replacing #app instead:", error);
    root.innerHTML = html;
    keptLast = new Set();
    return "replaced";
  } finally {
    holes = null;
    reserved = null;
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * The one element `html` makes, parsed where `live` is (inside an SVG picture, as SVG), or null.
 * @param {Element} live
 * @param {string} html
 * @returns {Element | null}
 */
function parseAs(live, html) {
  const template = document.createElement("template");
  const inSvg = live.namespaceURI === SVG_NS && live.localName !== "svg";
  template.innerHTML = inSvg ? `<svg>${html}</svg>` : html;
  const content = inSvg ? template.content.firstChild : template.content;
  if (!content || content.childNodes.length !== 1) return null;
  const fresh = content.firstChild;
  return fresh instanceof Element && sameKind(live, fresh) ? fresh : null;
}

/**
 * Patch the regions of the page that changed, each on its own element; the rest of `root` is left alone.
 * @param {Element} root #app
 * @param {Array<[string, string, string[]]> | string} patches each [selector of the region's element, its new markup
 *   (unchanged parts inside it as `<nile-keep data-n>` holes), the selectors of the holes' elements]; or that list as
 *   JSON (nile/web/app/paint.py sends one string: cheaper across Pyodide's bridge than lists of strings)
 * @returns {"patch" | "missing" | "failed"} "patch" done; else nothing changed ("missing") or the page is to be
 *   redrawn whole ("failed")
 */
export function patch(root, patches) {
  /** @type {Array<{live: Element, fresh: Element, kept: Map<string, Element>}>} */
  const work = [];
  let parsed = 0;
  try { // find and parse everything first: a region or hole not found, and nothing has changed
    /** @type {Array<[string, string, string[]]>} */
    const regions = typeof patches === "string" ? JSON.parse(patches) : patches;
    const claimed = new Set();
    for (const [selector, html, keep] of regions) {
      const live = findKept(root, selector);
      if (!live || claimed.has(live)) return "missing";
      claimed.add(live);
      const fresh = parseAs(live, html);
      if (!fresh) return "missing";
      /** @type {Map<string, Element>} */
      const kept = new Map();
      for (const hole of fresh.querySelectorAll(HOLE)) {
        const n = hole.getAttribute("data-n") ?? "";
        const el = findKept(root, keep[Number(n)]);
        if (!el || claimed.has(el) || !live.contains(el)) return "missing";
        claimed.add(el);
        kept.set(n, el);
      }
      if (kept.size !== keep.length) return "missing";
      parsed += fresh.querySelectorAll("*").length + 1 - kept.size;
      work.push({ live, fresh, kept });
    }
  } catch (error) {
    console.error("patch: a region could not be read:", error);
    return "missing";
  }
  try {
    for (const { live, fresh, kept } of work) {
      holes = kept;
      reserved = new Set(kept.values());
      placed = 0;
      const controls = [...(fresh.matches(FORM_CONTROLS) ? [fresh] : []), ...fresh.querySelectorAll(FORM_CONTROLS)];
      morphNode(live, fresh);
      if (placed !== kept.size) throw new Error("a kept part's place was new"); // (a hole not filled: a guard)
      if (controls.length) { // as in morph: the region's controls pair up with the new ones, in order
        const inKept = (/** @type {Element} */ c) => [...kept.values()].some((el) => el.contains(c));
        const live2 = [...(live.matches(FORM_CONTROLS) ? [live] : []), ...live.querySelectorAll(FORM_CONTROLS)].filter((c) => !inKept(c));
        if (live2.length !== controls.length) throw new Error("form controls do not pair up");
        for (let i = 0; i < controls.length; i++) if (live2[i] !== controls[i]) syncFormState(live2[i], controls[i]);
      }
    }
    document.body.dataset.parsed = String(parsed);
    keptLast = new Set(work.flatMap(({ kept }) => [...kept.values()]));
    return "patch";
  } catch (error) {
    console.error("patch failed, the whole screen is redrawn:", error);
    return "failed";
  } finally {
    holes = null;
    reserved = null;
  }
}

window.nileMorph = morph;
window.nilePatch = patch;
// what the last redraw kept whole (static/motion.js: a piece inside one of them has not moved in its picture)
window.nileKept = () => keptLast;
