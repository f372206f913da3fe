"""Nile: *An den Ufern des Nils* (and later *Vom Kap bis Kairo*) for the browser.

The rules engines are pure Python with no third-party dependency, so the same
code runs in CPython (tests, command line) and in Pyodide (the web page).
Sub-packages: ``nile.core`` (what every game shares), ``nile.banks`` (An den
Ufern des Nils), ``nile.web`` (the PyScript front-end), ``nile.bots``.
"""

__version__ = "0.1.0"
