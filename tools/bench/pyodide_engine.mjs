// Engine benchmark in Pyodide (the browser's interpreter) under Node: runs
// tools/bench/engine_bench.py's run(config) on the repository mounted at /app and
// prints its JSON result as the last line of stdout.
//
//   node tools/bench/pyodide_engine.mjs '{"players":[2,3,4,5],"games":40,"repeats":5,"seed":1,"load_runs":7}'
import { loadPyodide } from "pyodide";
import path from "node:path";

const config = process.argv[2] || "{}";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const t0 = performance.now();
const py = await loadPyodide();
const bootMs = performance.now() - t0;
py.FS.mkdir("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/app");
py.globals.set("config_json", config);
const out = py.runPython(`
import json, os, sys
os.chdir("/app")
sys.dont_write_bytecode = True
sys.path[:0] = ["/app", "/app/tools/bench"]
import engine_bench
json.dumps(engine_bench.run(json.loads(config_json)))
`);
const result = JSON.parse(out);
result.boot_ms = Math.round(bootMs);
result.node = process.version;
console.log(JSON.stringify(result));
