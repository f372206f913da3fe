"""The standard library the page ships: Pyodide's, cut to what Nile's page and its workers import.

Pyodide's ``python_stdlib.zip`` is 2.5 MB of Python sources, fetched whole on every first visit and
compiled module by module as the interpreter starts (Pyodide 314 ships sources, not bytecode). The
page imports some 170 of its ~560 modules (issue 42). The build (tools/build_site.py) keeps

- the modules listed in ``tools/stdlib_modules.txt``: what the page imported in a real run (Pyodide's
  own start, PyScript's, the app's, recorded by ``python tools/stdlib.py record`` from the browser and
  from Pyodide under Node playing games with every computer player), plus a safety list written there
  with why;
- every standard module the nile package imports anywhere (read from its sources here, so that a new
  ``import`` is kept without a new recording), less those only the command line uses (``CLI_ONLY``);
- and everything those import at module level, transitively (their ``import`` statements outside
  functions: run as the module loads, so they are needed the moment it is);

then tools/pyodide_compile.mjs compiles them to bytecode with the page's own Pyodide (no sources
shipped: a traceback still names the file and line). Everything else is left out: a module the page
would import that is not there fails loudly (ModuleNotFoundError), and the Pyodide suite runs against the
cut library with a guard that fails when nile's code reaches a module it lacks
(tools/pyodide_pytest.mjs); the browser tests run the built page itself.

    .venv/bin/python tools/stdlib.py sizes      # what is kept, and the bytes before and after
    .venv/bin/python tools/stdlib.py record     # record what a real run imports (after `make site`)
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path
from types import CodeType

ROOT = Path(__file__).resolve().parent.parent
FULL_ZIP = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
MODULES_FILE = ROOT / "tools" / "stdlib_modules.txt"
#: standard modules nile imports only on the command line (never on the page or in its workers)
CLI_ONLY = frozenset({
    "multiprocessing",  # nile.bots.tournament: parallel tournaments (``--jobs``), a command-line run
})


def module_name(path: str) -> str | None:
    """``json/__init__.py`` → ``json``, ``json/decoder.py`` → ``json.decoder``; None for what is no module."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts) if parts else None


def listed_modules(path: Path = MODULES_FILE) -> set[str]:
    """The names in tools/stdlib_modules.txt (one per line; ``#`` starts a comment)."""
    names = set()
    for line in path.read_text().splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def _top_level_imports(tree: ast.AST, module: str, is_package: bool) -> set[str]:
    """Modules a module's code imports as it loads: its import statements outside any function."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.If) and _never_here(child.test):
                for other in child.orelse:
                    visit(ast.Module(body=[other], type_ignores=[]))
                continue
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = _resolve(child, module, is_package)
                if base:
                    found.add(base)
                    found.update(f"{base}.{alias.name}" for alias in child.names if alias.name != "*")
            visit(child)

    visit(tree)
    return found


def _never_here(test: ast.expr) -> bool:
    """An ``if`` whose body never runs as the page loads a module: ``__name__ == "__main__"`` (the module
    run as a script: heapq's doctest, which would bring pdb and unittest), and Windows only (``sys.platform
    == "win32"``, ``os.name == "nt"``)."""
    text = ast.unparse(test)
    return text in ("__name__ == '__main__'", "sys.platform == 'win32'", "os.name == 'nt'", "_os.name == 'nt'")


def _resolve(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
    return ".".join([*parts, node.module] if node.module else parts)


#: nile's modules that only the command line runs (``python -m nile``): not on the page
CLI_MODULES = ("cli.py", "__main__.py")


def nile_imports(root: Path = ROOT / "nile") -> set[str]:
    """Every absolute import in the nile package's modules, wherever it stands (functions included), except
    the command line's."""
    found: set[str] = set()
    for path in root.rglob("*.py"):
        if "__pycache__" in path.parts or path.relative_to(root).as_posix() in CLI_MODULES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] != "nile"}


def _with_parents(names: Iterable[str]) -> set[str]:
    out = set()
    for name in names:
        parts = name.split(".")
        out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out


def kept_modules(full: zipfile.ZipFile, wanted: set[str]) -> set[str]:
    """``wanted`` (and their parent packages) with what they import at module level, transitively: the
    names that are modules in ``full`` only."""
    files = {module_name(n): n for n in full.namelist() if module_name(n)}
    todo = sorted(_with_parents(wanted) & files.keys())
    kept: set[str] = set()
    while todo:
        name = todo.pop()
        if name in kept:
            continue
        kept.add(name)
        path = files[name]
        tree = ast.parse(full.read(path))
        more = _with_parents(_top_level_imports(tree, name, path.endswith("__init__.py")))
        todo.extend(sorted((more & files.keys()) - kept))
    return kept


def trimmed_sources(full_zip: Path = FULL_ZIP) -> dict[str, bytes]:
    """Path in the zip → source, for every module the page keeps (see the module's docstring). Runs in
    Pyodide: the standard library's sources are Python 3.14's, which the machine's CPython may not parse."""
    wanted = (listed_modules() | nile_imports()) - CLI_ONLY
    with zipfile.ZipFile(full_zip) as full:
        kept = kept_modules(full, wanted)
        return {n: full.read(n) for n in full.namelist() if module_name(n) in kept}


#: every member's time in what the build writes: the same sources give the same bytes
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _varint(value: int, out: bytearray) -> None:
    while value >= 64:
        out.append(64 | (value & 63))
        value >>= 6
    out.append(value)


def lines_only(code: CodeType, first_lines: bool = False) -> CodeType:
    """``code`` (and the code inside it) with a location table of line numbers only, no columns: a third of
    a module's bytecode is the columns that put ``^^^`` under an expression in a traceback. Every
    instruction keeps its line (the table's "no columns" entries, Objects/locations.md of CPython 3.11+), so
    a traceback names the same lines as the source. With ``first_lines``, every instruction is put on its
    function's first line (its ``def``): a traceback still names the file and the function, for half the
    bytes again (the standard library's, whose lines nobody here debugs)."""
    table = bytearray()
    line = code.co_firstlineno
    spans = [(0, len(code.co_code), line)] if first_lines else code.co_lines()
    for start, end, number in spans:
        units = (end - start) // 2
        while units > 0:
            run = min(units, 8)
            if number is None:
                table.append(0x80 | (15 << 3) | (run - 1))  # no location
            else:
                table.append(0x80 | (13 << 3) | (run - 1))  # a line, no columns: the line's delta follows
                delta = number - line
                _varint((-delta << 1) | 1 if delta < 0 else delta << 1, table)
                line = number
            units -= run
    consts = tuple(lines_only(c, first_lines) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=bytes(table), co_consts=consts)


def empty_docstrings(source: bytes) -> ast.Module:
    """The module's syntax tree with every docstring an empty string (tools/slim.py does the same to nile's)."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                first.value.value = ""
    return tree


#: Pyodide's own packages read their docstrings as they start (``_pyodide.docstring``): kept whole
KEEPS_DOCSTRINGS = ("_pyodide/", "pyodide/")


def bytecode(source: bytes, filename: str, docstrings: bool = True, first_lines: bool = False) -> bytes:
    """A module's .pyc: compiled by this interpreter (the page's Pyodide, when the build runs it), with line
    numbers but no columns (``lines_only``), and checked by nothing at import (PEP 552 "unchecked-hash": no
    source is shipped to compare it with, and no timestamp is needed). ``first_lines``: see ``lines_only``."""
    import importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc  # type: ignore[attr-defined]

    code = compile(source if docstrings else empty_docstrings(source), filename, "exec", dont_inherit=True)
    code = lines_only(code, first_lines)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), False))


def stdlib_zip(full_zip: Path = FULL_ZIP) -> bytes:
    """The cut standard library as the page's zip: the kept modules as bytecode only, their docstrings empty
    (but Pyodide's own), each instruction on its function's first line (``lines_only``)."""
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, source in sorted(trimmed_sources(full_zip).items()):
            info = zipfile.ZipInfo(name + "c", ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            where = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/{name}"  # where Pyodide puts it
            out.writestr(info, bytecode(source, where, docstrings=name.startswith(KEEPS_DOCSTRINGS), first_lines=True))
    return raw.getvalue()


def compile_tree(folder: Path) -> int:
    """Every .py under ``folder`` replaced by its .pyc beside it (the module's name: its path under ``folder``,
    as a traceback names it); how many."""
    count = 0
    for path in sorted(folder.rglob("*.py")):
        name = str(path.relative_to(folder))
        path.with_suffix(".pyc").write_bytes(bytecode(path.read_bytes(), name))
        path.unlink()
        count += 1
    return count


def sizes() -> None:
    """Print what is kept and the bytes before and after."""
    kept = trimmed_sources()
    page = stdlib_zip()
    print(f"full: {FULL_ZIP.stat().st_size / 1e3:.0f} kB; kept: {len(kept)} modules, {len(page) / 1e3:.0f} kB as bytecode")
    print(" ".join(sorted(module_name(n) or n for n in kept)))


# ------------------------------------------------------------------------------------------ record
#: in the page, once it is ready: the standard modules Python has imported (window.nileApp's globals)
PAGE_MODULES_JS = """() => { const g = window.nileApp.render.__func__.__globals__;
  return Array.from(g.get('traceback').sys.modules.keys()); }"""


def record_page(clicks: int) -> set[str]:
    """The modules the built page (dist/) imports: boot, the home, a game of each kind played by clicks."""
    sys.path[:0] = [str(ROOT / "tools" / "bench"), str(ROOT / "tools")]
    import random

    from clicks import CANDIDATES_JS, CLICK_JS  # tools/bench/clicks.py: the bench's seeded player
    from common import READY, Served, launch_kwargs
    from playwright.sync_api import sync_playwright

    served = Served()
    found: set[str] = set()
    rng = random.Random(1)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
            for game in ("banks", "cape"):
                page = browser.new_page()
                page.goto(served.url)
                page.wait_for_selector(READY, state="attached", timeout=120000)
                page.click(f'[data-i="new"][data-v="{game}"]')
                page.click('[data-i="start-game"]')
                for _ in range(clicks):
                    got = page.evaluate(CANDIDATES_JS)
                    options = [(k, i) for k, idx in got["found"].items() for i in idx if k != "over"]
                    if not options:
                        page.wait_for_timeout(300)
                        continue
                    kind, i = rng.choice(options)
                    page.evaluate(CLICK_JS, [got["groups"][kind], i])
                found.update(page.evaluate(PAGE_MODULES_JS))
                page.close()
            browser.close()
    finally:
        served.close()
    return found


def record(clicks: int) -> None:
    """Write tools/stdlib_modules.txt from a recorded run, keeping its safety list."""
    with zipfile.ZipFile(FULL_ZIP) as full:
        in_zip = {module_name(n) for n in full.namelist()} - {None}
    page = record_page(clicks) & in_zip
    lines = MODULES_FILE.read_text().splitlines() if MODULES_FILE.exists() else []
    head = []
    for line in lines:  # the file's header and safety list (everything up to the recorded part) stays
        if line.startswith("# recorded"):
            break
        head.append(line)
    body = [f"# recorded by `python tools/stdlib.py record --clicks {clicks}` (the built page, a game of each kind)",
            *sorted(page)]
    MODULES_FILE.write_text("\n".join([*head, *body]) + "\n")
    print(json.dumps({"recorded": len(page)}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("sizes", "record", "build"))
    ap.add_argument("--clicks", type=int, default=120, help="record: clicks per game")
    ap.add_argument("--stdlib", type=Path, help="build: where the cut standard library's zip goes")
    ap.add_argument("--compile", type=Path, help="build: a folder whose .py files become .pyc")
    args = ap.parse_args()
    if args.what == "sizes":
        sizes()
    elif args.what == "record":
        record(args.clicks)
    else:  # in Pyodide (tools/pyodide_run.mjs), by tools/build_site.py
        if args.stdlib:
            args.stdlib.write_bytes(stdlib_zip())
        if args.compile:
            compile_tree(args.compile)


if __name__ == "__main__":
    main()
