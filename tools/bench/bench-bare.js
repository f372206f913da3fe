// The benchmark's reference page: boots the same vendored Pyodide the game uses and nothing
// else, then marks itself ready the way the game does: Pyodide as it comes, its own standard library and lock
// file (the game ships a cut library: tools/stdlib.py). tools/bench.py fills {{PYODIDE_DIR}} and {{STOCK_DIR}}.
import { loadPyodide } from "./{{PYODIDE_DIR}}/pyodide.mjs";

const indexURL = new URL("./{{PYODIDE_DIR}}/", location.href).href;
const stock = new URL("./{{STOCK_DIR}}/", location.href).href;
await loadPyodide({ indexURL, stdLibURL: stock + "python_stdlib.zip", lockFileURL: stock + "pyodide-lock.json" });
document.body.dataset.appState = "ready";
