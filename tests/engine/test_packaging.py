"""Packaging (issue 20): `pip wheel .` builds the nile package alone — its code and its compiled
catalogs, no tests, tools, static files or PO sources — and the installed `nile` command works from
the installed copy, in every language."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(sys.platform == "emscripten", reason="building a wheel needs pip and a subprocess")
def test_the_wheel_holds_the_package_with_its_catalogs_and_the_command_runs(tmp_path):
    pytest.importorskip("setuptools")
    pytest.importorskip("babel")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
                            "-q", "-w", str(tmp_path / "wheel")], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = (tmp_path / "wheel").glob("nile-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert len(tops) == 2 and "nile" in tops and all(t == "nile" or t.endswith(".dist-info") for t in tops), tops
    assert not [n for n in names if n.endswith((".po", ".pot")) or "tests/" in n or "static/" in n]
    for domain in ("nile/words/locale/fr/LC_MESSAGES/shell.mo", "nile/banks/locale/de/LC_MESSAGES/banks.mo",
                   "nile/cape/locale/nl/LC_MESSAGES/cape.mo", "nile/banks/locale/en/LC_MESSAGES/banks.mo"):
        assert domain in names, domain
    target = tmp_path / "installed"
    installed = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                               capture_output=True, text=True)
    assert installed.returncode == 0, installed.stderr[-2000:]
    run = subprocess.run([sys.executable, "-m", "nile", "simulate", "--game", "cape", "--players", "2", "--games", "3"],
                         capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0 and "3 finished" in run.stdout, run.stderr[-2000:]
    said = subprocess.run([sys.executable, "-c", "import nile.messages as m; print(m.text('ui.new_game', 'fr'))"],
                          capture_output=True, text=True, cwd=tmp_path, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"})
    assert said.stdout.strip() and said.stdout.strip() != "New game", said.stderr
    assert str(target) in subprocess.run([sys.executable, "-c", "import nile; print(nile.__file__)"], capture_output=True,
                                         text=True, cwd=tmp_path, env={"PYTHONPATH": str(target)}).stdout



def test_the_pages_copy_of_each_module_is_the_same_code_on_the_same_lines():
    """nile.tar.gz holds slim modules (tools/slim.py: no comments, empty docstrings) so that the page's first
    visit downloads less; each is the same code at the same places, line and column, as the repository's,
    so a traceback from the page points at the right line."""
    import ast
    import io
    import tokenize

    sys.path.insert(0, str(ROOT / "tools"))
    from slim import slim_source

    def blank_docs(tree):  # docstrings emptied and placed nowhere, where lines end left out (a body that ends
        for node in ast.walk(tree):  # with its docstring ends earlier on its last line): the rest must be equal
            if hasattr(node, "end_col_offset"):
                node.end_col_offset = 0
            body = getattr(node, "body", None)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
                first = body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                    for n in (first, first.value):
                        n.lineno = n.end_lineno = n.col_offset = n.end_col_offset = 0
                    first.value.value = ""
        return ast.dump(tree, include_attributes=True)

    before = after = 0
    for path in sorted((ROOT / "nile").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        slim = slim_source(source)
        assert slim.count("\n") == source.count("\n"), path
        assert not [t for t in tokenize.generate_tokens(io.StringIO(slim).readline) if t.type == tokenize.COMMENT], path
        assert blank_docs(ast.parse(slim)) == blank_docs(ast.parse(source)), path
        before, after = before + len(source), after + len(slim)
    assert after < 0.8 * before  # worth it: comments and docstrings are more than a fifth of the package
