# The page's Python entry point (PyScript runs it in Pyodide). The game is the nile package in nile.tar.gz
# (index.html preloads it): static/pyodide-boot.js unpacks it next to the page before this runs (in
# JavaScript, static/archive.js); should that have failed, this file unpacks it with Pyodide's own
# unpackArchive (Python's tarfile and zlib), not through pyscript.toml's [files], which made PyScript fetch
# and run a zip library of its own (~70 kB gzip) on every first visit. Then it starts the app.
# (A server that sends it with Content-Encoding: gzip hands over the tar itself: both are unpacked.)
# The marks split the boot for tools/bench.py: our code starts here, nile.web.app.main marks
# "nile:imported" once the package is unpacked and the app's imports are done.
import js
import pyodide_js

js.performance.mark("nile:start")

if not getattr(js.window, "nileUnpacked", False):  # static/pyodide-boot.js unpacks it first, faster (issue 42)
    _archive = await js.fetch("./nile.tar.gz")  # noqa: F704, PLE1142 - PyScript runs this file with top-level await
    if not _archive.ok:
        raise RuntimeError(f"nile.tar.gz could not be loaded (HTTP {_archive.status}): reload the page")
    _bytes = await _archive.arrayBuffer()  # noqa: F704, PLE1142
    pyodide_js.unpackArchive(_bytes, "gztar" if js.Uint8Array.new(_bytes, 0, 2).to_bytes() == b"\x1f\x8b" else "tar")

from nile.web.app import main  # noqa: E402 - after unpacking, and after the mark, which measures it

main()
