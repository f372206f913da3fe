// The benchmark's reference page: boots the same vendored Pyodide the game uses and nothing
// else, then marks itself ready the way the game does. tools/bench.py fills {{PYODIDE_DIR}}.
import { loadPyodide } from "./{{PYODIDE_DIR}}/pyodide.mjs";

const indexURL = new URL("./{{PYODIDE_DIR}}/", location.href).href;
await loadPyodide({ indexURL });
document.body.dataset.appState = "ready";
