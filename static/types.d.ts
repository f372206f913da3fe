// The page's globals, for TypeScript's checker (tsconfig*.json, `make lint`): what the page's scripts put on
// `window` for each other and for Python (nile/web/app/), and the vendored Pyodide module. A script file (no
// import or export at its top): its declarations are global.

// The vendored Pyodide (tools/build_site.py fills the double-braced folder: `../{{VENDOR_PYODIDE}}/pyodide.mjs`;
// tools/bench's pages `./{{PYODIDE_DIR}}/pyodide.mjs`): the npm package's own types, the version package.json pins.
declare module "*/pyodide.mjs" {
  export * from "pyodide";
}

/** What a game's lock says to Python (static/tablock.js). */
type NileTabNews = "held" | "elsewhere" | "lost" | "freed";

/** What static/morph.js did with a redraw (static/morph.js). */
type NileMorphResult = "morph" | "replaced" | "missing" | "failed";

/** What static/morph.js did with a redraw by region: done, or nothing changed ("missing"), or to be redrawn whole. */
type NilePatchResult = "patch" | "missing" | "failed";

/** One region's patch (nile/kit/memo.py `Patch`): its element's selector, its new markup (its unchanged parts as
 * `<nile-keep data-n>` holes), the holes' elements' selectors. */
type NilePatch = [selector: string, html: string, keep: string[]];

interface Window {
  /** static/fit.js: the board's pictures fill their frames, after each redraw of `root`. */
  nileFit?: (root: ParentNode) => void;
  /** static/roving.js: each group of places keeps one Tab stop, after each redraw of `root`. */
  nileRoving?: (root: ParentNode) => void;
  /** static/roving.js: the page behind a dialog that covers it is inert, after each redraw of #app. */
  nileModal?: (root: Element) => void;
  /** static/sound.js: a short tone, while the player's Sound switch is on. */
  nileSound?: { play(kind: string): void };
  /** static/tablock.js: one game, one tab (Web Locks). */
  nileTabs?: {
    open(gid: string, steal: boolean, tell: (gid: string, news: NileTabNews) => void): boolean;
    close(): void;
    supported: boolean;
  };
  /** static/morph.js: patches the live tree under `root` to match `html` (`keep`: the kept parts' selectors). */
  nileMorph?: (root: Element, html: string, keep?: string[]) => NileMorphResult;
  /** static/morph.js: patches only the regions of `root` that changed, each on its own element. */
  nilePatch?: (root: Element, patches: NilePatch[] | string) => NilePatchResult;
  /** static/morph.js: the elements the last redraw kept whole (its holes). */
  nileKept?: () => Set<Element>;
  /** static/answer.js: a tapped choice shown in the next frame; Python's work for it run after that frame. */
  nileAnswer?: { later: (run: () => void) => void; after: (run: () => void) => void; last: { flushed: boolean; early: boolean } };
  /** static/motion.js: motion and marks around a redraw. */
  nileMotion?: {
    before(root: Element): void;
    after(root: Element, step: number, since: number, animate: boolean): void;
    rested(root: Element): void;
  };
  /** static/boot.js: a new version is waiting (set before Python listens for "nile:update-ready"). */
  nileUpdateReady?: boolean;
  /** static/boot.js: the waiting service worker: look for one, or let it take over and reload. */
  nileUpdate?: { check(): Promise<void>; apply(): void };
  /** static/pyodide-boot.js: what happened to the memory snapshot ("used", "none", "made", "off", "failed: …"). */
  nileSnapshot?: string;
  /** Set before the page starts (the browser tests): no memory snapshot used or made. */
  nileSnapshotOff?: boolean;
  /** static/pyodide-boot.js: nile.tar.gz is unpacked (static/main.py then does not unpack it). */
  nileUnpacked?: boolean;
  /** nile/web/app/__init__.py: the Python app (a PyProxy), for the tests. */
  nileApp?: unknown;
  /** Safari before 14.1: the Web Audio API under its old name (static/sound.js). */
  webkitAudioContext?: typeof AudioContext;
}

/** tools/bench/bench-bare-worker.js: the worker's Pyodide, kept on its global scope. */
interface WorkerGlobalScope {
  pyodide?: unknown;
}
