"""Python sources made smaller for the page, line for line: comments and docstrings blanked.

The page downloads the nile package as source on every first visit (nile.tar.gz, ~0.7 MB of Python
before compression, half of it comments and docstrings). ``slim_source`` drops every comment and
empties every docstring, but keeps every line where it was: a docstring becomes an empty string of as
many lines, a comment's line stays (empty). A traceback from the page names the same line numbers as
the repository's file, and nothing in the package reads a docstring at run time (no ``__doc__``: the
command line, which does, is not on the page). The build (tools/build_site.py) zips the slim copies;
tests/engine/test_packaging.py checks that every module compiles to the same statements on the same
lines.
"""

from __future__ import annotations

import ast
import io
import tarfile
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


def read_package(archive: Path) -> dict[str, bytes]:
    """The members of a built site's package archive (dist/nile.tar.gz), by name."""
    with tarfile.open(archive, "r:gz") as tar:
        return {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}  # type: ignore[union-attr]
