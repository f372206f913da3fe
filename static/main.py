# The page's Python entry point (PyScript runs it in Pyodide). The game is the nile package in nile.zip
# (index.html preloads it): this file unpacks it next to the page and starts it. Unpacked here, by
# Pyodide's own unpackArchive (Python's zipfile, already loaded), not through pyscript.toml's [files],
# which made PyScript fetch and run a zip library of its own (~70 kB gzip) on every first visit.
# The marks split the boot for tools/bench.py: our code starts here, nile.web.app.main marks
# "nile:imported" once the package is unpacked and the app's imports are done.
import js
import pyodide_js

js.performance.mark("nile:start")

_zip = await js.fetch("./nile.zip")  # noqa: F704, PLE1142 - PyScript runs this file with top-level await
if not _zip.ok:
    raise RuntimeError(f"nile.zip could not be loaded (HTTP {_zip.status}): reload the page")
pyodide_js.unpackArchive(await _zip.arrayBuffer(), "zip")  # noqa: F704, PLE1142

from nile.web.app import main  # noqa: E402 - after unpacking, and after the mark, which measures it

main()
