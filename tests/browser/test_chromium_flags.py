"""The Chromium of the tests starts without the allocation sampling that crashed renderers running Pyodide on a JSPI
stack, and keeps every feature Playwright switches off (tools/chromium_flags.py: Chromium keeps only the last
``--disable-features``)."""

from __future__ import annotations

from .conftest import LAUNCH_ARGS


def test_one_disable_features_carries_playwrights_list_and_the_samplers() -> None:
    import chromium_flags  # tools/, put on the path by conftest

    given = [arg for arg in LAUNCH_ARGS if arg.startswith("--disable-features=")]
    assert len(given) == 1, given
    disabled = given[0].split("=", 1)[1].split(",")
    playwrights = chromium_flags.playwright_disabled_features()
    # Playwright's driver has switched off more than ten features since 1.40; none found means its list moved
    assert len(playwrights) >= 5, "Playwright's list of disabled features was not found in its driver"
    assert set(playwrights) <= set(disabled)
    assert {"HeapProfilerReporting", "GwpAsanMalloc", "GwpAsanPartitionAlloc"} <= set(disabled)
