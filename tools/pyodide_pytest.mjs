// Run pytest inside Pyodide (Python 3.14, the browser's interpreter) under Node.
//
//   node tools/pyodide_pytest.mjs WHEEL_DIR [pytest args...]
//
// The repository is mounted at /app and is the working directory; every .whl in
// WHEEL_DIR (pure-Python pytest and its dependencies, fetched by `make wheels`)
// is put on sys.path. One Pyodide process runs the whole suite (booting takes
// seconds). The exit code is pytest's.
import { loadPyodide } from "pyodide";
import path from "node:path";
import fs from "node:fs";

const [wheelDir, ...pytestArgs] = process.argv.slice(2);
if (!wheelDir || !fs.existsSync(wheelDir)) {
  console.error(`usage: node tools/pyodide_pytest.mjs WHEEL_DIR [pytest args]; no wheels in ${wheelDir}`);
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const py = await loadPyodide();
py.FS.mkdir("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/app");
py.FS.mkdir("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(wheelDir) }, "/wheels");
py.globals.set("pytest_args", py.toPy(pytestArgs));
// Pyodide does not see the host's environment: pass the project's own settings (NILE_*) through.
const nileEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("NILE_")));
py.globals.set("nile_env", py.toPy(nileEnv));
const code = py.runPython(`
import glob, os, sys
os.chdir("/app")
os.environ.update(nile_env)
sys.path[:0] = ["/app"] + sorted(glob.glob("/wheels/*.whl"))
print(f"Pyodide: Python {sys.version.split()[0]} on {sys.platform}", flush=True)
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(code);
