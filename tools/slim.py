"""Python sources made smaller for the page, line for line: comments and docstrings blanked.

The page gets the nile package on every first visit (nile.tar.gz), as bytecode compiled from these copies
(tools/build_site.py, tools/stdlib.py): half of the ~0.7 MB of Python is comments and docstrings.
``slim_source`` drops every comment and empties every docstring, but keeps every line where it was: a
docstring becomes an empty string of as many lines, a comment's line stays (empty). A traceback from the
page names the same line numbers as the repository's file, and nothing in the package reads a docstring
at run time (no ``__doc__``: the command line, which does, is not on the page).
tests/engine/test_packaging.py checks that every module compiles to the same statements on the same
lines. ``stale_sources`` tells a built site older than the sources (the browser tests and the bench
refuse one).
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import tokenize
from pathlib import Path

_DEFINES_DOCS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _char_column(line: str, byte_column: int) -> int:
    """ast counts columns in UTF-8 bytes, tokenize in characters."""
    return len(line.encode("utf-8")[:byte_column].decode("utf-8"))


def _docstrings(tree: ast.AST) -> list[ast.Constant]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, _DEFINES_DOCS) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.append(first.value)
    return found


def slim_source(source: str) -> str:
    """``source`` without comments and with empty docstrings, every line where it was."""
    lines = source.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []  # (line, column, end line, end column, new text)
    for doc in _docstrings(ast.parse(source)):
        assert doc.end_lineno is not None and doc.end_col_offset is not None
        start = _char_column(lines[doc.lineno - 1], doc.col_offset)
        end = _char_column(lines[doc.end_lineno - 1], doc.end_col_offset)
        edits.append((doc.lineno, start, doc.end_lineno, end, '"""' + "\n" * (doc.end_lineno - doc.lineno) + '"""'))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            edits.append((*token.start, *token.end, ""))
    for line, column, end_line, end_column, text in sorted(edits, reverse=True):
        joined = lines[line - 1][:column] + text + lines[end_line - 1][end_column:]
        lines[line - 1:end_line] = joined.splitlines(keepends=True) or [""]
    return "".join(line.rstrip() + ("\n" if line.endswith("\n") else "") for line in lines)


def page_copy(path: Path) -> bytes:
    """What nile.tar.gz holds for the package's file at ``path``: a module slim, anything else as it is
    (the build writes it; the tests and the bench compare dist/ with it to see it is up to date)."""
    data = path.read_bytes()
    return slim_source(data.decode("utf-8")).encode("utf-8") if path.suffix == ".py" else data


#: in a built site, beside the page: each module's path → the SHA-256 of its page copy. The archive holds
#: bytecode only (tools/build_site.py), which cannot be compared with a source: this can
SOURCES_FILE = "sources.json"


def source_digests(root: Path) -> dict[str, str]:
    """Each module of the nile package under ``root`` → the SHA-256 of its page copy."""
    return {str(path.relative_to(root)): hashlib.sha256(page_copy(path)).hexdigest()
            for path in sorted((root / "nile").rglob("*.py")) if "__pycache__" not in path.parts}


def stale_sources(dist: Path, root: Path) -> list[str]:
    """The modules under ``root`` that a built site (``dist``) was not built from: changed, new or deleted since."""
    try:
        built = json.loads((dist / SOURCES_FILE).read_text())
    except (OSError, ValueError):
        return [str(dist / SOURCES_FILE)]
    now = source_digests(root)
    return sorted(name for name in built.keys() | now.keys() if built.get(name) != now.get(name))
