// Arrow keys inside a group (issue 43, "a whole game without sight"): the board's places, the action panel's
// choices and the log's lines
// are each one stop of the Tab key, and the arrow keys move inside them — as in a toolbar or a list, the
// pattern screen readers know (a "roving tab index"). Dependency-free, no game logic: which places are
// offered is the engine's (the markup marks them with data-i), this file only moves the keyboard's focus.
//
//   <div data-roving="places">  the board, and the choices of the action panel (the crops of a supply, the
//                               piles): its offered places ([data-i] with a tabindex, or buttons): one of them is
//                               the group's Tab stop (tabindex 0), the others are reached by the arrows
//   <section data-roving="lines">  the log: the section is the Tab stop, the arrows go through its lines
//                               (newest first, as drawn)
//
//   ArrowRight / ArrowDown   the next one        ArrowLeft / ArrowUp   the previous one (both wrap around)
//   Home / End               the first / the last
//
//   window.nileRoving(root)  after each redraw of `root` (nile/web/app/paint.py): each group of places keeps one
//                            Tab stop — the place the keyboard is on, else the first place offered

/** @typedef {Element & HTMLOrSVGElement} Item a place (HTML, or a shape of the board's SVG) or a line: it takes the focus */

/** @type {{places: string, lines: string, [group: string]: string | undefined}} a group's items, by its data-roving */
const ITEMS = {
  places: "[data-i][tabindex], button[data-i]:not([disabled])",
  lines: "li",
};
/** @type {Record<string, number | "first" | "last" | undefined>} */
const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };

/**
 * The group's items; `shown`: only those with a box on the page (that asks the layout: on a key, never in a redraw).
 * @param {HTMLElement} group
 * @param {boolean} [shown]
 * @returns {Item[]}
 */
function items(group, shown = false) {
  const selector = ITEMS[group.dataset.roving ?? ""];
  if (!selector) return [];
  const all = [.../** @type {NodeListOf<Item>} */ (group.querySelectorAll(selector))];
  return shown ? all.filter((el) => el.getClientRects().length > 0) : all;
}

/**
 * @param {HTMLElement} group
 * @param {Item[]} list its items
 * @param {Element} at the one that is its Tab stop
 */
function stopAt(group, list, at) {
  if (group.dataset.roving !== "places") return;
  for (const el of list) {
    if (el !== at) {
      if (el.getAttribute("tabindex") !== "-1") el.setAttribute("tabindex", "-1");
    } else if (el.tagName === "BUTTON") {
      el.removeAttribute("tabindex"); // a button is a Tab stop by itself, as the markup drew it
    } else if (el.getAttribute("tabindex") !== "0") {
      el.setAttribute("tabindex", "0");
    }
  }
}

/** @param {ParentNode} root */
function settle(root) {
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('[data-roving="places"]'))) {
    const list = items(group);
    const here = /** @type {Item | null} */ (document.activeElement);
    if (list.length) stopAt(group, list, here && list.includes(here) ? here : list[0]);
  }
}

document.addEventListener("keydown", (event) => {
  const step = STEPS[event.key];
  if (step === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const here = event.target;
  if (!(here instanceof Element) || here.matches("input, select, textarea")) return;
  const group = /** @type {HTMLElement | null} */ (here.closest("[data-roving]"));
  if (!group) return;
  const list = items(group, true);
  if (!list.length) return;
  const at = list.indexOf(/** @type {Item} */ (here));
  let next;
  if (step === "first") next = 0;
  else if (step === "last") next = list.length - 1;
  else if (at < 0) next = step > 0 ? 0 : list.length - 1; // from the group itself into it
  else next = (at + step + list.length) % list.length;
  event.preventDefault(); // (the arrows would scroll the page)
  const el = list[next];
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1"); // a line takes the focus, not a Tab stop
  stopAt(group, list, el);
  el.focus();
});

// a place focused any other way (a redraw's refocus, a click) becomes its group's Tab stop
document.addEventListener("focusin", (event) => {
  const here = event.target;
  if (!(here instanceof Element)) return;
  const group = /** @type {HTMLElement | null} */ (here.closest('[data-roving="places"]'));
  if (group && here.getAttribute("tabindex") === "-1" && here.matches(ITEMS.places)) {
    stopAt(group, items(group), here);
  }
});

// which hand the person uses: the keyboard's focus is moved for a person who uses the keys (nile/web/app/focus.py),
// never under a pointer's clicks (the page would jump)
/** @param {"keyboard" | "pointer"} kind */
function hand(kind) {
  if (document.documentElement.dataset.input !== kind) document.documentElement.dataset.input = kind;
}
document.addEventListener("keydown", (event) => {
  if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) hand("keyboard");
}, { capture: true });
document.addEventListener("pointerdown", () => hand("pointer"), { capture: true, passive: true });

window.nileRoving = settle;

// A modal dialog holds the keyboard (issue 53, "by ear": Tab past the rules help's last item reached the page
// behind it). The dialog on top — the last one in #app marked aria-modal="true" that is shown: the rules help,
// a moment, a lesson, a question, the hand-over screen — keeps Tab and Shift+Tab inside it, each wrapping round
// from its last control to its first and back, as <dialog>.showModal() does; a focus that has got out (a click
// on the page behind) comes back in at the next Tab. Escape closes it (nile/web/controller.py, "escape"), and
// nile/web/app/focus.py gives the keyboard back to what had it.
//
//   window.nileModal(root)  after each redraw (nile/web/app/focus.py): the page behind the rules help, which
//                           covers the screen, is `inert` (neither clicked, focused nor read); the pop-ups and the
//                           hand-over leave it as it is (an inert table is styled anew, all of it, at each tap)
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
const COVERS = ".rules-help"; // a dialog that covers the page: the page behind it is inert

/**
 * @param {ParentNode} root
 * @returns {Element | null}
 */
function topDialog(root) {
  const open = [...root.querySelectorAll('[aria-modal="true"]')].filter((el) => el.getClientRects().length > 0);
  return open.length ? open[open.length - 1] : null;
}

/**
 * @param {Element} dialog
 * @returns {Item[]}
 */
function tabbable(dialog) {
  return [.../** @type {NodeListOf<Item>} */ (dialog.querySelectorAll(TABBABLE))].filter(
    (el) => el.getAttribute("tabindex") !== "-1" && !el.closest("[inert]") && el.getClientRects().length > 0,
  );
}

document.addEventListener("keydown", (event) => {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const root = document.getElementById("app");
  const dialog = root && topDialog(root);
  if (!dialog) return;
  const list = tabbable(dialog);
  if (!list.length) return;
  const here = /** @type {Item | null} */ (document.activeElement);
  const inside = !!here && dialog.contains(here);
  const first = list[0];
  const last = list[list.length - 1];
  let next = null;
  if (!here || !inside) next = event.shiftKey ? last : first;
  else if (event.shiftKey && (here === first || here === dialog || !list.includes(here) && here.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING)) next = last;
  else if (!event.shiftKey && (here === last || !list.includes(here) && !(here.compareDocumentPosition(last) & Node.DOCUMENT_POSITION_FOLLOWING))) next = first;
  if (next) {
    event.preventDefault();
    next.focus();
  }
});

/** @param {Element} root */
function modal(root) {
  const dialog = root.querySelector(`:scope > ${COVERS}`);
  // (HTML, all but the sprite: nile/web/render/screen.py render_app)
  for (const el of /** @type {HTMLCollectionOf<HTMLElement>} */ (root.children)) {
    const behind = !!dialog && el !== dialog && el.id !== "nile-sprite";
    if (el.inert !== behind) el.inert = behind;
  }
}

window.nileModal = modal;
