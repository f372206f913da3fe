// The benchmark's reference worker: boots the same vendored Pyodide the bot worker uses and nothing else,
// then says "ready" as the bot worker does (tools/bench/memory_bench.py: what a second Pyodide costs by
// itself), as it comes: its own standard library and lock file. tools/bench.py fills {{PYODIDE_DIR}} and {{STOCK_DIR}}.
const indexURL = new URL("./{{PYODIDE_DIR}}/", import.meta.url).href;
/** @type {typeof import("pyodide")} the vendored copy of the npm package (its path is the bench's) */
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
const stock = new URL("./{{STOCK_DIR}}/", import.meta.url).href;
self.pyodide = await loadPyodide({ indexURL, stdLibURL: stock + "python_stdlib.zip", lockFileURL: stock + "pyodide-lock.json" });
postMessage({ kind: "ready" });
