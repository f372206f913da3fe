"""Serve dist/ locally with the same headers Netlify applies (read from netlify.toml).

    python3 tools/serve.py [--port 8000] [--host 127.0.0.1] [DIR]

Used by `make play` and by the browser tests, so the Content-Security-Policy and
MIME types under test are the production ones. Standard library only.
"""

from __future__ import annotations

import argparse
import fnmatch
import functools
import http.server
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".webmanifest": "application/manifest+json", ".json": "application/json", ".zip": "application/zip",
         ".toml": "text/plain", ".py": "text/plain", ".svg": "image/svg+xml"}


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

    def end_headers(self) -> None:
        path = self.path.split("?", 1)[0]
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(path, self.rules).items():
            if name.lower() != "content-type":
                self.send_header(name, value)
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


def make_server(directory: Path, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False) -> http.server.ThreadingHTTPServer:
    Handler.rules = header_rules()
    handler = functools.partial(Handler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.verbose = verbose  # type: ignore[attr-defined]
    return server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=str(ROOT / "dist"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    directory = Path(args.directory)
    if not (directory / "index.html").exists():
        sys.exit(f"{directory} has no index.html: build it with `make site`")
    server = make_server(directory, args.host, args.port, args.verbose)
    print(f"Nile is served on http://{args.host}:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
