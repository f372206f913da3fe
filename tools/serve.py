"""Serve dist/ locally with the same headers Netlify applies (read from netlify.toml).

    python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [--compress] [DIR]

Used by `make play` and by the browser tests, so the Content-Security-Policy and
MIME types under test are the production ones. Standard library only.

``--compress`` (``make_server(compress=True)``; tools/bench.py's first visit over a slow network turns it on)
sends text, JavaScript, JSON, SVG and wasm bodies gzip-encoded when the request accepts gzip, as Netlify's
CDN compresses them on the fly: ``Content-Encoding: gzip`` and ``Vary: Accept-Encoding``, each file compressed
once and kept in memory (keyed by its path, size and mtime). Netlify would send brotli to a browser that
accepts it; the standard library has no brotli, so these bodies are gzip's (level 6), a little bigger than
Netlify's. Already-compressed files (.zip, .gz, .png, …) go as they are: above all nile.tar.gz, which
static/main.py reads as a gzip file (a server that added Content-Encoding: gzip to it would be undone by
the browser, and the page would get the tar). Off by default: the browser tests see plain bodies.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import gzip
import http.server
import io
import mimetypes
import os
import sys
import threading
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".json": "application/json", ".zip": "application/zip",
         ".toml": "text/plain", ".py": "text/plain", ".svg": "image/svg+xml"}


#: types Netlify's CDN compresses on the fly (its docs list no types; this is what its responses show). wasm is
#: among them: a Blazor app's 29 MB dotnet.wasm reaches the browser as ~7 MB, compressed in transit
#: (https://answers.netlify.com/t/what-happens-during-deployment/129004), and wasm compresses to about a third
COMPRESSIBLE_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
                      "application/xml", "image/svg+xml", "application/wasm")
#: already compressed: never encoded again, whatever their type says
COMPRESSED_SUFFIXES = (".zip", ".gz", ".tgz", ".br", ".whl", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif",
                       ".woff", ".woff2")
GZIP_LEVEL = 6


def compressible(path: str, content_type: str) -> bool:
    """Whether Netlify would compress this file's body (by its type; never an already-compressed file)."""
    return not path.lower().endswith(COMPRESSED_SUFFIXES) and content_type.split(";", 1)[0].strip().lower().startswith(COMPRESSIBLE_TYPES)


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header allows gzip (``gzip`` or ``*`` without ``q=0``)."""
    for item in accept_encoding.split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip().lower()
        try:
            weight = float(q[2:]) if q.startswith("q=") else 1.0
        except ValueError:
            weight = 1.0
        if name.strip().lower() in ("gzip", "x-gzip", "*") and weight > 0:
            return True
    return False


_GZIPPED: dict[tuple[str, int, int], bytes] = {}
_GZIPPED_LOCK = threading.Lock()


def gzipped(path: str) -> bytes:
    """The file's body gzip-encoded, compressed once per (path, size, mtime) and kept in memory."""
    path = os.path.realpath(path)  # (the bench serves dist/ through symlinks)
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    with _GZIPPED_LOCK:
        found = _GZIPPED.get(key)
    if found is None:
        with open(path, "rb") as f:
            found = gzip.compress(f.read(), GZIP_LEVEL, mtime=0)
        with _GZIPPED_LOCK:
            _GZIPPED[key] = found
    return found


def precompress(directory: Path) -> int:
    """Compress every file under ``directory`` that would be sent compressed (a CDN has them ready before the
    first visit; the first request need not wait for gzip): how many."""
    rules = header_rules()
    n = 0
    for folder, _, names in os.walk(directory, followlinks=True):
        for name in names:
            path = os.path.join(folder, name)
            if compressible(path, content_type(path, rules)):
                gzipped(path)
                n += 1
    return n


def content_type(path: str, rules: list[tuple[str, dict[str, str]]]) -> str:
    """The Content-Type a file is served with: netlify.toml's, else by its suffix."""
    for pattern, values in rules:
        for name, value in values.items():
            if name.lower() == "content-type" and fnmatch.fnmatchcase("/" + Path(path).name, pattern):
                return value
    return Handler.extensions_map.get(Path(path).suffix.lower()) or mimetypes.guess_type(path)[0] or "application/octet-stream"


def header_rules(path: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    data = tomllib.loads(path.read_text())
    return [(rule["for"], dict(rule.get("values", {}))) for rule in data.get("headers", [])]


def headers_for(url_path: str, rules: list[tuple[str, dict[str, str]]]) -> dict[str, str]:
    result: dict[str, str] = {}
    for pattern, values in rules:
        if fnmatch.fnmatchcase(url_path, pattern):
            result.update(values)
    return result


class Handler(http.server.SimpleHTTPRequestHandler):
    rules: list[tuple[str, dict[str, str]]] = []
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    #: this response's body gzip-encoded (--compress, and the request accepts it), and whether it varies by encoding
    _encoded: bytes | None = None
    _vary = False

    def send_head(self) -> Any:  # the file to send (a BytesIO of the gzip-encoded body), or None
        self._encoded, self._vary = None, False
        if getattr(self.server, "compress", False):
            path = self.translate_path(self.path)
            if os.path.isdir(path):
                path = os.path.join(path, "index.html")
            if os.path.isfile(path) and compressible(path, self.guess_type(path)):
                self._vary = True
                if accepts_gzip(self.headers.get("Accept-Encoding", "")):
                    self._encoded = gzipped(path)
        f = super().send_head()
        if f is not None and self._encoded is not None:
            f.close()
            return io.BytesIO(self._encoded)
        return f

    def send_header(self, keyword: str, value: str) -> None:
        if self._encoded is not None and keyword.lower() == "content-length":
            super().send_header("Content-Encoding", "gzip")
            value = str(len(self._encoded))
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(path, self.rules).items():
            if name.lower() != "content-type":
                self.send_header(name, value)
        if self._vary:
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def guess_type(self, path: str) -> str:  # type: ignore[override]
        for pattern, values in self.rules:
            for name, value in values.items():
                if name.lower() == "content-type" and fnmatch.fnmatchcase("/" + Path(path).name, pattern):
                    return value
        return super().guess_type(path)

    def log_message(self, format: str, *args: object) -> None:  # quiet unless asked
        if self.server.verbose:  # type: ignore[attr-defined]
            super().log_message(format, *args)


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False,
                compress: bool = False) -> http.server.ThreadingHTTPServer:
    Handler.rules = header_rules()
    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    server.compress = compress  # type: ignore[attr-defined]
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--compress", action="store_true", help="gzip text, JS, JSON, SVG and wasm bodies as Netlify's CDN does")
    args = parser.parse_args()
    directory = Path(args.directory)
    if not (directory / "index.html").exists():
        sys.exit(f"{directory} has no index.html: build it with `make site`")
    server = make_server(directory, args.host, args.port, args.verbose, args.compress)
    print(f"Nile is served on http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
