"""How the tests and the tools start Chromium headless on this machine: one list, so none of them crashes as the
others do not.

- No sandbox, GPU, QUIC or background networking: this machine has no GPU and no network, and Chromium's own
  requests to Google's hosts would be refused, many at a time.
- No allocation sampling that records a stack (``UNSAFE_WITH_JSPI``). Pyodide runs Python on a stack of
  WebAssembly's JS Promise Integration (JSPI) when the browser has it, as Chromium does. When a renderer samples an
  allocation made there (the heap profiler, or GWP-ASan), Chromium walks the frame pointers and, where the chain
  breaks, scans up to 8 kB above it for a frame: past the end of that small stack, into memory that is not there.
  The renderer dies with SIGSEGV ("Target crashed" in Playwright). Read from the crash dumps of a red CI run (every
  one at the same place in ``chromium``, a loop that matches ``base::debug::ScanStackForNextFrame``; the fault one
  byte past a page-aligned stack's top, 10-19 kB above the stack pointer): 19 of 21 dumps came from renderers whose
  browser had the heap profiler on (the synthetic trial ``SyntheticHeapProfilingConfiguration`` in group
  ``Enabled``), the 2 others had GWP-ASan on. A browser turns the heap profiler on for itself at random at start,
  which is why one run of the suite had 11 crashes and the next none. It is Chromium's fault, not the app's; a
  player's Chrome samples far less often than a build of no release channel does.
- Chromium keeps the last ``--disable-features`` it is given, and Playwright gives its own: ours carries
  Playwright's list too (``playwright_disabled_features``), or Playwright's would be switched on again.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

BASE_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: Chromium's features that sample allocations and walk the stack of each sample (see above)
UNSAFE_WITH_JSPI = ("HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc")

#: where Playwright's driver lists the features it disables (``chromiumSwitches.ts``, bundled into one of these)
_LIST = re.compile(r"disabledFeatures = \[(.*?)\]", re.S)
_NAME = re.compile(r'^\s*"([A-Za-z0-9_]+)"', re.M)


@cache
def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright's driver disables in every Chromium it starts, read from its installed driver."""
    from playwright._impl._driver import compute_driver_executable

    package = Path(compute_driver_executable()[1]).parent
    for path in sorted((package / "lib").rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if "disabledFeatures = [" not in text:
            continue
        found = _LIST.search(text)
        if found:
            return tuple(_NAME.findall(found.group(1)))
    return ()


def launch_args() -> list[str]:
    """The arguments every Chromium of the tests and tools is started with."""
    features = [*playwright_disabled_features(), *UNSAFE_WITH_JSPI]
    return [*BASE_ARGS, "--disable-features=" + ",".join(dict.fromkeys(features))]
