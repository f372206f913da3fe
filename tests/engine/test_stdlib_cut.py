"""The page's standard library and package as bytecode (issue 42: tools/stdlib.py, tools/stdlib_guard.py).

The build cuts Pyodide's standard library to what the page imports and ships it, and nile's modules, as
bytecode with line numbers but no columns. These tests run in CPython and in Pyodide: a traceback from the
page must still name the right line, a module kept must bring what it imports as it loads, and nile's code
reaching a module the page lacks must fail the Pyodide suite."""

from __future__ import annotations

import importlib.util
import io
import sys
import traceback
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import stdlib  # noqa: E402 - tools/stdlib.py
import stdlib_guard  # noqa: E402 - tools/stdlib_guard.py

SOURCE = b'''def outer(x):
    total = 0
    for i in range(x):
        total += i
    if x > 2:
        return helper(x)
    return total


def helper(x):
    values = [1, 2, 3]
    return values[x]
'''


def _line_per_unit(code):
    lines = {}
    for start, end, line in code.co_lines():
        for unit in range(start, end, 2):
            lines[unit] = line
    return lines


def _codes(code):
    yield code
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            yield from _codes(const)


def _traceback_of(code, call):
    space: dict = {}
    exec(code, space)
    with pytest.raises(IndexError) as caught:
        space[call](5)
    return "".join(traceback.format_exception(caught.value))


def test_bytecode_without_columns_keeps_every_line_of_every_instruction():
    """nile's modules ship as bytecode whose location table has lines only: the same line for every instruction."""
    for path in sorted((ROOT / "nile").rglob("*.py")):
        code = compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
        thin = stdlib.lines_only(code)
        for before, after in zip(_codes(code), _codes(thin), strict=True):
            assert _line_per_unit(before) == _line_per_unit(after), (path, before.co_name)
        assert len(thin.co_linetable) < len(code.co_linetable), path


def test_a_traceback_through_such_bytecode_names_the_right_lines():
    code = stdlib.lines_only(compile(SOURCE, "game.py", "exec"))
    said = _traceback_of(code, "outer")
    assert 'File "game.py", line 6, in outer' in said and 'File "game.py", line 12, in helper' in said, said


def test_the_standard_librarys_bytecode_puts_each_frame_on_its_def_line():
    """first_lines: half the bytes again; a traceback still names the file and function (at its def)."""
    code = stdlib.lines_only(compile(SOURCE, "/lib/x.py", "exec"), first_lines=True)
    said = _traceback_of(code, "outer")
    assert 'File "/lib/x.py", line 1, in outer' in said and 'File "/lib/x.py", line 10, in helper' in said, said


def test_a_shipped_pyc_imports_without_its_source(tmp_path):
    """Unchecked-hash bytecode beside no source: Python's sourceless loader runs it (as the page's Pyodide does)."""
    (tmp_path / "shipped.pyc").write_bytes(stdlib.bytecode(SOURCE, "shipped.py"))
    spec = importlib.util.spec_from_file_location("shipped", tmp_path / "shipped.pyc")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.outer(2) == 1 and module.helper(1) == 2


def test_docstrings_are_emptied_but_code_is_kept():
    source = b'"""Module."""\ndef f():\n    """Doc."""\n    return 7\n'
    space: dict = {}
    exec(compile(stdlib.empty_docstrings(source), "m.py", "exec"), space)
    assert space["f"]() == 7 and space["f"].__doc__ == "" and space["__doc__"] == ""


def _zip(files: dict[str, str]) -> zipfile.ZipFile:
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as out:
        for name, text in files.items():
            out.writestr(name, text)
    return zipfile.ZipFile(raw)


def test_a_kept_module_brings_what_it_imports_as_it_loads_and_nothing_it_imports_later():
    full = _zip({
        "kept.py": "import loaded\nfrom pkg import part\ntry:\n    import maybe\nexcept ImportError:\n    pass\n"
                   "def later():\n    import lazy\nif __name__ == '__main__':\n    import script_only\n",
        "loaded.py": "from . import x\n", "pkg/__init__.py": "", "pkg/part.py": "import deeper\n", "deeper.py": "",
        "maybe.py": "", "lazy.py": "", "script_only.py": "", "unrelated.py": "",
    })
    assert stdlib.kept_modules(full, {"kept"}) == {"kept", "loaded", "pkg", "pkg.part", "deeper", "maybe"}


def test_the_modules_nile_imports_are_read_from_its_sources_less_the_command_lines():
    found = stdlib.nile_imports()
    assert {"json", "gettext", "html", "unicodedata"} <= found
    assert "argparse" not in found  # nile/cli.py's only
    assert not any(name.split(".")[0] == "nile" for name in found)


def test_the_guard_refuses_nile_a_module_the_page_lacks_and_lets_tests_have_it(tmp_path):
    """The Pyodide suite runs on the whole library; nile's code importing what the page lacks fails there."""
    wanted = "colorsys"  # a standard module nothing here imports
    sys.modules.pop(wanted, None)
    guard = stdlib_guard.CutStdlibGuard(kept=set(), stdlib={wanted}, nile_dir=str(tmp_path))
    sys.meta_path.insert(0, guard)
    try:
        nile_code = compile(f"import {wanted}\n", str(tmp_path / "rooms.py"), "exec")
        with pytest.raises(ModuleNotFoundError, match="not in the page's standard library"):
            exec(nile_code, {})
        assert guard.refused and guard.refused[0].startswith(wanted)
        exec(compile(f"import {wanted}\n", __file__, "exec"), {})  # a test's own import passes
        assert wanted in sys.modules
    finally:
        sys.meta_path.remove(guard)
