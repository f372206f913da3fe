// Makes this build's memory snapshot (static/snapshot.js), off the page's thread, once: a fresh Pyodide
// started with `_makeSnapshot`, nile.tar.gz unpacked where the page unpacks it (static/main.py) and the
// modules the page imports at its start imported, except those that reach the browser (nile.web.app:
// js, pyscript) — a snapshot may hold no JavaScript object. tools/build_site.py fills the vendor path.
import { loadPyodide } from "../{{VENDOR_PYODIDE}}/pyodide.mjs";
import { unpack } from "./archive.js";
import { withoutJspi } from "./jspi.js";
import { storeSnapshot } from "./snapshot.js";

const PYODIDE = new URL("../{{VENDOR_PYODIDE}}/", import.meta.url).href;
const STDLIB = new URL("../{{STDLIB}}", import.meta.url).href; // the page's cut standard library (tools/stdlib.py)
//: what static/main.py imports through nile.web.app, less nile.web.app itself
const MODULES = ["nile.games", "nile.messages", "nile.bots.protocol", "nile.core.save", "nile.kit.intents",
  "nile.web.controller", "nile.web.help", "nile.web.render", "nile.web.since", "nile.web.storage"];

self.onmessage = async (event) => {
  try {
    /** @type {{key: string, archive: string}} (static/pyodide-boot.js makeSnapshot) */
    const { key, archive } = event.data;
    withoutJspi(); // the snapshot is made as the page that uses it starts (static/jspi.js)
    const pyodide = await loadPyodide({ indexURL: PYODIDE, stdLibURL: STDLIB, _makeSnapshot: true });
    const bytes = await (await fetch(archive)).arrayBuffer();
    pyodide.runPython("import os, sys; os.makedirs('/home/pyodide', exist_ok=True); os.chdir('/home/pyodide')");
    await unpack(pyodide, bytes, "/home/pyodide");
    pyodide.runPython(`import sys\nif "/home/pyodide" not in sys.path: sys.path.insert(0, "/home/pyodide")\n`
      + MODULES.map((m) => `import ${m}`).join("\n")
      + "\nnile.games.load_all()"); // every game's rules too: the page imports them once its first screen is up
    // a copy of Pyodide's memory in an ArrayBuffer of its own (pyodide.d.ts says a Uint8Array of any buffer)
    const snapshot = /** @type {Uint8Array<ArrayBuffer>} */ (pyodide.makeMemorySnapshot());
    await storeSnapshot(key, snapshot);
    postMessage({ kind: "stored", bytes: snapshot.length });
  } catch (error) {
    const message = /** @type {{message?: unknown} | null | undefined} */ (error)?.message;
    postMessage({ kind: "failed", error: String(message || error) });
  }
};

