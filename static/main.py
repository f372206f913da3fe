# The page's Python entry point (PyScript runs it in Pyodide). The game is the nile package,
# unpacked from nile.zip next to this page (see pyscript.toml); this file only starts it.
from nile.web.app import main

main()
