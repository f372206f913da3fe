"""How the tests and the tools start Chromium headless on this machine: one list, so none of them crashes as the
others do not.

- No sandbox, GPU, QUIC or background networking: this machine has no GPU and no network, and Chromium's own
  requests to Google's hosts would be refused, many at a time.
- No allocation sampling that records a stack (``UNSAFE_WITH_JSPI``). Pyodide ran Python on a stack of
  WebAssembly's JS Promise Integration (JSPI) when the browser has it, as Chromium does. When a renderer samples an
  allocation made there (the heap profiler, or GWP-ASan), Chromium walks the frame pointers and, where the chain
  breaks, scans up to 8 kB above it for a frame: past the end of that small stack, into memory that is not there.
  The renderer dies with SIGSEGV ("Target crashed" in Playwright). Read from the crash dumps of a red CI run (every
  one at the same place in ``chromium``, a loop that matches ``base::debug::ScanStackForNextFrame``; the fault one
  byte past a page-aligned stack's top, 10-19 kB above the stack pointer): 19 of 21 dumps came from renderers whose
  browser had the heap profiler on (the synthetic trial ``SyntheticHeapProfilingConfiguration`` in group
  ``Enabled``), the 2 others had GWP-ASan on. A browser turns the heap profiler on for itself at random at start,
  which is why one run of the suite had 11 crashes and the next none. It is Chromium's fault, but a player's
  Chromium samples too: the page and its workers now start Pyodide without JSPI (static/jspi.js), and
  tests/browser/test_jspi.py boots the game in a Chromium with the heap profiler on. The suite's other browsers
  keep the samplers off all the same: a crash of theirs would cost a CI run, not tell anything new.
- Chromium keeps the last ``--disable-features`` it is given, and Playwright gives its own: ours carries
  Playwright's list too (``playwright_disabled_features``), or Playwright's would be switched on again.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

BASE_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: Chromium's heap profiler, one of its features that sample allocations and walk the stack of each sample (see above)
HEAP_PROFILER = "HeapProfilerReporting"
UNSAFE_WITH_JSPI = (HEAP_PROFILER, "GwpAsanMalloc", "GwpAsanPartitionAlloc")

#: the heap profiler on in every browser and every process: as a player's Chromium has it now and then, at random
HEAP_PROFILER_ON = f"{HEAP_PROFILER}:stable-probability/1.0/nonstable-probability/1.0"

#: how Playwright's driver lists the features it disables and enables (``chromiumSwitches.ts``, bundled into one of
#: its files): ``disabledFeatures = [...]``, ``enabledFeatures = () => [...]``
_DISABLED = re.compile(r"disabledFeatures = \[(.*?)\]", re.S)
_ENABLED = re.compile(r"enabledFeatures = \(\) => \[(.*?)\]", re.S)
_NAME = re.compile(r'"([A-Za-z][A-Za-z0-9_]+)"')


@cache
def _playwright_features() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(disabled, enabled): the features Playwright's driver switches in every Chromium it starts, read from the file
    of its installed driver that lists them; both empty if none does."""
    from playwright._impl._driver import compute_driver_executable

    package = Path(compute_driver_executable()[1]).parent
    for path in sorted((package / "lib").rglob("*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        disabled = _DISABLED.search(text)
        if disabled:
            enabled = _ENABLED.search(text)
            return tuple(_NAME.findall(disabled.group(1))), tuple(_NAME.findall(enabled.group(1)) if enabled else ())
    return (), ()


def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright's driver disables in every Chromium it starts."""
    return _playwright_features()[0]


def playwright_enabled_features() -> tuple[str, ...]:
    """The features Playwright's driver enables in every Chromium it starts."""
    return _playwright_features()[1]


def launch_args(heap_profiler: bool = False) -> list[str]:
    """The arguments every Chromium of the tests and tools is started with; ``heap_profiler``: with Chromium's heap
    profiler on in every process instead (tests/browser/test_jspi.py: the game still boots every time)."""
    off = [*playwright_disabled_features(), *(f for f in UNSAFE_WITH_JSPI if not (heap_profiler and f == HEAP_PROFILER))]
    args = [*BASE_ARGS, "--disable-features=" + ",".join(dict.fromkeys(off))]
    if heap_profiler:
        args.append("--enable-features=" + ",".join([*playwright_enabled_features(), HEAP_PROFILER_ON]))
    return args
