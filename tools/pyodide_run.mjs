// A Python script of this repository run in Pyodide (the browser's interpreter) under Node, with its
// arguments: the repository is mounted at /app and is the working directory.
//
//   node tools/pyodide_run.mjs tools/bench/render_bench.py --rounds 3
import { loadPyodide } from "pyodide";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/pyodide_run.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}
const py = await loadPyodide();
py.FS.mkdir("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/app");
py.globals.set("script_path", script);
py.globals.set("script_args", py.toPy([script, ...args]));
try {
  py.runPython(`
import os, runpy, sys
os.chdir("/app")
sys.dont_write_bytecode = True
sys.argv = list(script_args)
sys.path[:0] = ["/app"]
runpy.run_path(script_path, run_name="__main__")
`);
} catch (error) {
  console.error(/** @type {Error} a PythonError */ (error).message); // a Python traceback, not the interpreter's own source
  process.exit(1);
}
