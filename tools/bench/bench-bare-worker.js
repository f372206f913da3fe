// The benchmark's reference worker: boots the same vendored Pyodide the bot worker uses and nothing else,
// then says "ready" as the bot worker does (tools/bench/memory_bench.py: what a second Pyodide costs by
// itself). tools/bench.py fills {{PYODIDE_DIR}}.
const indexURL = new URL("./{{PYODIDE_DIR}}/", import.meta.url).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
self.pyodide = await loadPyodide({ indexURL });
postMessage({ kind: "ready" });
