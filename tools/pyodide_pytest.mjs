// Run pytest inside Pyodide (Python 3.14, the browser's interpreter) under Node.
//
//   node tools/pyodide_pytest.mjs [--shards N] WHEEL_DIR [pytest args...]
//
// The repository is mounted at /app and is the working directory; every .whl in
// WHEEL_DIR (pure-Python pytest and its dependencies, fetched by `make wheels`)
// is put on sys.path. One Pyodide process runs the whole suite (booting takes
// seconds) — or, with `--shards N`, N processes side by side each run every Nth of the
// collected tests (a machine's cores each take a share; `make test` uses 2, CI has 2 cores).
// tools/stdlib_guard.py fails the run when nile's code imports a standard module the page's cut
// library (tools/stdlib.py) does not ship.
// Each shard's output is printed whole when it ends, in shard order. The exit code is pytest's
// (with shards: the first failing shard's; a shard that ran no test fails only if none did).
import { loadPyodide } from "pyodide";
import { spawn } from "node:child_process";
import path from "node:path";
import fs from "node:fs";

const args = process.argv.slice(2);
let shards = 1;
let shard = null; // "i/n": this process runs one shard (started by the process that split the run)
while (args[0] === "--shards" || args[0] === "--shard") {
  const [flag, value] = args.splice(0, 2);
  if (flag === "--shards") shards = Number(value);
  else shard = value;
}
const [wheelDir, ...pytestArgs] = args;
if (!wheelDir || !fs.existsSync(wheelDir) || !(shards >= 1)) {
  console.error(`usage: node tools/pyodide_pytest.mjs [--shards N] WHEEL_DIR [pytest args]; no wheels in ${wheelDir}`);
  process.exit(2);
}

if (shards > 1 && shard === null) {
  process.exit(await split(shards));
}

/**
 * N children, one per shard, side by side; their output is kept and printed whole, in order.
 * @param {number} n
 * @returns {Promise<number>} the exit code
 */
async function split(n) {
  const self = new URL(import.meta.url).pathname;
  const runs = [];
  for (let i = 0; i < n; i++) {
    const child = spawn(process.execPath, [self, "--shard", `${i}/${n}`, wheelDir, ...pytestArgs],
      { stdio: ["ignore", "pipe", "pipe"] });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.stderr.on("data", (chunk) => out.push(chunk));
    runs.push(new Promise((resolve) => child.on("close", (code, signal) => resolve({ code: code ?? 1, signal, out }))));
  }
  const NO_TESTS = 5; // pytest's code when it ran no test: a shard of a small selection may have none
  const codes = [];
  for (const [i, run] of runs.entries()) {
    const { code: c, signal, out } = await run;
    process.stdout.write(`== Pyodide shard ${i + 1} of ${n}\n`);
    process.stdout.write(Buffer.concat(out));
    if (signal) process.stdout.write(`shard ${i + 1} was stopped by ${signal}\n`);
    codes.push(c);
  }
  if (codes.every((c) => c === NO_TESTS)) return NO_TESTS;
  return codes.find((c) => c !== 0 && c !== NO_TESTS) ?? 0;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const py = await loadPyodide();
py.FS.mkdir("/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/app");
py.FS.mkdir("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(wheelDir) }, "/wheels");
py.globals.set("pytest_args", py.toPy(pytestArgs));
py.globals.set("shard", shard);
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


class Shard:
    """Keeps every nth collected test, from the ith (the order is pytest's: the same in every shard)."""

    def __init__(self, i, n):
        self.i, self.n = i, n

    def pytest_collection_modifyitems(self, config, items):
        kept = items[self.i::self.n]
        config.hook.pytest_deselected(items=[item for k, item in enumerate(items) if k % self.n != self.i])
        items[:] = kept


plugins = [Shard(*map(int, shard.split("/")))] if shard else []
# nile's code may import only what the page's cut standard library holds (tools/stdlib_guard.py)
sys.path.append("/app/tools")
import stdlib_guard
guard = stdlib_guard.install()
status = int(pytest.main(["-p", "no:cacheprovider", *pytest_args], plugins=plugins))
if guard.refused:
    print("nile imported standard modules the page does not ship (add them to tools/stdlib_modules.txt, or import "
          "them where tools/stdlib.py reads nile's imports):", *sorted(set(guard.refused)), sep="\\n  ", flush=True)
    status = status or 1
status
`);
process.exit(code);
