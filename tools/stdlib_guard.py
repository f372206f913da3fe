"""The Pyodide suite's guard: nile's code may reach only the standard modules the page ships.

tools/pyodide_pytest.mjs installs it before pytest starts. The page's Pyodide has the cut standard library
(tools/stdlib.py); pytest itself needs much more, so the suite runs on the whole library, and this finder,
first on ``sys.meta_path``, refuses a module the cut one lacks when nile's code is what imports it (directly,
or through standard modules it called): the import fails as it would on the page, with ModuleNotFoundError
saying so, and the run's end lists every such import. Imports by pytest and by the tests themselves pass.
"""

from __future__ import annotations

import os
import sys
from importlib.abc import MetaPathFinder
from types import FrameType
from typing import Any

#: where this interpreter's standard library lives (Pyodide's: /lib/python314.zip) and the package under test
STDLIB_DIR = os.path.dirname(os.__file__)
NILE_DIR = "/app/nile/"


class CutStdlibGuard(MetaPathFinder):
    """Refuses, to nile's code, the standard modules the page does not ship."""

    def __init__(self, kept: set[str], stdlib: set[str], nile_dir: str = NILE_DIR) -> None:
        self.kept, self.stdlib, self.nile_dir = kept, stdlib, nile_dir
        self.refused: list[str] = []

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        if fullname not in self.stdlib or fullname in self.kept:
            return None
        importer = _first_caller_outside_stdlib(sys._getframe(1))
        if importer is not None and importer.f_code.co_filename.startswith(self.nile_dir):
            where = f"{importer.f_code.co_filename}:{importer.f_lineno}"
            self.refused.append(f"{fullname} (imported from {where})")
            raise ModuleNotFoundError(f"{fullname} is not in the page's standard library (tools/stdlib.py): "
                                      f"imported from {where}", name=fullname)
        return None


def _first_caller_outside_stdlib(frame: FrameType | None) -> FrameType | None:
    while frame is not None:
        name = frame.f_code.co_filename
        if not (name.startswith("<frozen") or name.startswith(STDLIB_DIR) or "importlib" in name):
            return frame
        frame = frame.f_back
    return None


def install() -> CutStdlibGuard:
    """Put the guard first on sys.meta_path; the kept modules are tools/stdlib.py's."""
    import zipfile

    import stdlib  # tools/stdlib.py (tools/ is on sys.path)

    with zipfile.ZipFile(stdlib.FULL_ZIP) as full:
        every = {stdlib.module_name(n) for n in full.namelist()} - {None}
    kept = {stdlib.module_name(n) for n in stdlib.trimmed_sources()} - {None}
    guard = CutStdlibGuard(kept, every)  # type: ignore[arg-type]
    sys.meta_path.insert(0, guard)
    return guard
