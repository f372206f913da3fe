# The page's Python entry point (PyScript runs it in Pyodide). The game is the nile package,
# unpacked from nile.zip next to this page (see pyscript.toml); this file only starts it.
# The marks split the boot for tools/bench.py: our code starts here, nile.web.app.main marks
# "nile:imported" once the app's imports are done.
import js

js.performance.mark("nile:start")

from nile.web.app import main  # noqa: E402 - after the mark, so the mark measures the imports

main()
