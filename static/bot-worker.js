// Nile's bot worker: a second Pyodide, off the page's thread, that thinks for the computer players
// (issue 10). tools/build_site.py fills the double-braced vendor path. The page (nile/web/app.py)
// posts {key, save, seat, strength, salt}; this answers {key, text, ms} with the action's text, or
// {key, error}. All the thinking is Python: nile.bots.worker.decide, the same code the tests run.
const PYODIDE = new URL("../{{VENDOR_PYODIDE}}/", import.meta.url).href;

async function start() {
  const { loadPyodide } = await import(PYODIDE + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: PYODIDE });
  const zip = await fetch(new URL("../nile.zip", import.meta.url));
  if (!zip.ok) throw new Error(`nile.zip: HTTP ${zip.status}`);
  pyodide.unpackArchive(await zip.arrayBuffer(), "zip", { extractDir: "/home/pyodide/bots" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/bots')");
  return pyodide.pyimport("nile.bots.worker").decide;
}

const ready = start();
ready.then(() => postMessage({ ready: true }), (error) => postMessage({ failed: String(error) }));

self.onmessage = async (event) => {
  const { key, save, seat, strength, salt } = event.data;
  try {
    const decide = await ready;
    const started = performance.now();
    const text = decide(save, seat, strength, salt);
    postMessage({ key, text, ms: performance.now() - started });
  } catch (error) {
    postMessage({ key, error: String(error && error.message ? error.message : error) });
  }
};
