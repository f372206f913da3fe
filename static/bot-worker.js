// Nile's bot worker: a second Pyodide, off the page's thread, that thinks for the computer players
// (issue 10). tools/build_site.py fills the double-braced vendor path. A thin relay: every message
// the page posts goes to nile.bots.protocol.handle (Python, the same code the tests run), and what it
// returns is posted back. The message shapes and their version are declared there, not here; this
// file only says "ready" and, if Pyodide itself cannot start, "failed" in those shapes.
const PYODIDE = new URL("../{{VENDOR_PYODIDE}}/", import.meta.url).href;
const STDLIB = new URL("../{{STDLIB}}", import.meta.url).href; // the page's cut standard library (tools/stdlib.py)
const VERSION = 3; // nile.bots.protocol.VERSION, for the two messages sent before Python runs
// the build the page asked for (`?v=`): the package comes from that build's cache (tools/sw.template.js)
const BUILD = new URL(import.meta.url).searchParams.get("v") || "";

/**
 * A Python dict that Python's protocol answers with, made a plain object here to be posted.
 * @typedef {{toJs(options: {dict_converter: typeof Object.fromEntries}): object}} PyDict
 */
/**
 * nile.bots.protocol as this relay calls it (its messages are Python's to read and make).
 * @typedef {{ready(): PyDict, handle(message: unknown): PyDict}} Protocol
 */

/** @returns {Promise<{protocol: Protocol, toPy: (value: unknown) => unknown}>} */
async function start() {
  /** @type {typeof import("pyodide")} the vendored copy of the npm package (its path is the build's) */
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  const { unpack } = await import("./archive.js");
  (await import("./jspi.js")).withoutJspi(); // as the page's Pyodide (static/jspi.js)
  const pyodide = await loadPyodide({ indexURL: PYODIDE, stdLibURL: STDLIB });
  const archive = await fetch(new URL("../nile.tar.gz" + (BUILD ? `?v=${encodeURIComponent(BUILD)}` : ""), import.meta.url));
  if (!archive.ok) throw new Error(`nile.tar.gz: HTTP ${archive.status}`);
  const bytes = await archive.arrayBuffer();
  await unpack(pyodide, bytes, "/home/pyodide/bots");
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/bots')");
  /** @type {Protocol} */
  const protocol = pyodide.pyimport("nile.bots.protocol");
  return { protocol, toPy: (value) => pyodide.toPy(value) };
}

const toJs = (/** @type {PyDict} */ answer) => answer.toJs({ dict_converter: Object.fromEntries });
const ready = start();
ready.then(({ protocol }) => postMessage(toJs(protocol.ready())),
           (error) => postMessage({ v: VERSION, kind: "failed", key: "", error: String(error) }));

self.onmessage = async (event) => {
  try {
    const { protocol, toPy } = await ready;
    postMessage(toJs(protocol.handle(toPy(event.data))));
  } catch (error) {
    const key = event.data && typeof event.data.key === "string" ? event.data.key : "";
    const message = /** @type {{message?: unknown} | null | undefined} */ (error)?.message;
    postMessage({ v: VERSION, kind: "failed", key, error: String(message || error) });
  }
};

