// Pyodide starts without WebAssembly's JS Promise Integration (JSPI), in the page and in both workers.
//
// With JSPI, Pyodide runs Python's async parts (the boot, asyncio tasks, promise callbacks) on stacks of their own.
// Chromium crashes a page whose allocation sampling (its heap profiler, or GWP-ASan: either on for some browsers and
// processes, at random) walks such a stack: the walk runs off its end (SIGSEGV, "Aw, Snap!"). With the heap profiler
// forced on (`--enable-features=HeapProfilerReporting:stable-probability/1.0/nonstable-probability/1.0`), 4 of 15
// fresh boots of the game crashed here; with JSPI hidden from Pyodide, 0 of 21 (tools/chromium_flags.py tells how
// the crash was found). Nile never asks Python to wait for JavaScript synchronously (`run_sync`), the one thing Pyodide
// needs JSPI for, so nothing is lost. Pyodide asks `"Suspending" in WebAssembly` (and the older "Suspender") as it
// starts: these are taken away before it does. The memory snapshot is made and used this way too (its key says so).

/** What the snapshot's key carries (static/pyodide-boot.js): a snapshot made with JSPI is never used without it. */
export const JSPI = "nojspi";

/** Hide JSPI from Pyodide: called before each loadPyodide. */
export function withoutJspi() {
  for (const name of ["Suspending", "promising", "Suspender"]) Reflect.deleteProperty(WebAssembly, name);
}
