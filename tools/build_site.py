"""Build the deployable static site into dist/ (what Netlify publishes; `make site` runs this).

- copies index.html, pyscript.toml, the manifest and static/ (app CSS, boot script, bot worker, icons);
- vendors the pinned Pyodide and PyScript from node_modules into versioned folders
  (static/vendor/pyodide-<version>/, static/vendor/pyscript-<version>/) and writes those
  paths into index.html and pyscript.toml — so no request ever goes to a CDN;
- cuts Pyodide's standard library to what the page imports, compiled (``tools/stdlib.py``, run in
  Pyodide under Node: ``pyodide_part``);
- compiles the message catalogs (PO → MO, ``tools/i18n.py``) and archives the nile package
  (its modules made slim line for line by ``tools/slim.py`` and compiled to bytecode by Pyodide, and the
  compiled catalogs; fixed timestamps: the same sources give the same bytes) as nile.tar.gz, which
  static/archive.js unpacks for the page and both workers;
- draws the home screen a first visit gets, in every language, with the app's own render code into
  index.html (``first_visit_homes``), for static/boot.js to show before Python is up;
- writes the service worker with the list of files to precache (all but PyScript chunks of
  features Nile does not use) and a version hash of them all.

Needs Babel (requirements-build.txt) for the catalogs; everything else is the standard library.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from slim import SOURCES_FILE, page_copy, source_digests  # noqa: E402 - tools/ is not a package

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
#: Pyodide's files the page fetches as they come; its standard library and its lock file are made for the page
#: (``pyodide_part``)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")


def package_version(name: str) -> str:
    path = ROOT / "node_modules" / name / "package.json"
    if not path.exists():
        sys.exit(f"build: {path} is missing: run `npm ci` first (make does)")
    return json.loads(path.read_text())["version"]


def pinned(name: str) -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"][name]


def vendor(dist: Path) -> dict[str, str]:
    dirs = {}
    for name, key in (("pyodide", "VENDOR_PYODIDE"), ("@pyscript/core", "VENDOR_PYSCRIPT")):
        version = package_version(name)
        if version != pinned(name):
            sys.exit(f"build: node_modules has {name} {version}, package.json pins {pinned(name)}: run `npm ci`")
        short = name.split("/")[-1].replace("core", "pyscript")
        dirs[key] = f"static/vendor/{short}-{version}"
    pyodide_src = ROOT / "node_modules" / "pyodide"
    pyodide_dst = dist / dirs["VENDOR_PYODIDE"]
    pyodide_dst.mkdir(parents=True)
    for f in PYODIDE_FILES:
        shutil.copy2(pyodide_src / f, pyodide_dst / f)
    pyscript_src = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    shutil.copytree(pyscript_src, dist / dirs["VENDOR_PYSCRIPT"], ignore=shutil.ignore_patterns("*.map"))
    return dirs


#: the package's archive next to the page: the modules (slim) and the compiled catalogs, one gzip stream
#: over all of them (a zip compresses each file alone: 295 kB, this 248 kB)
PACKAGE = "nile.tar.gz"
#: every member's time and owner: the same sources give the same bytes
ARCHIVE_TIME = 1704067200  # 2024-01-01


def pyodide_part(dist: Path, dirs: dict[str, str]) -> dict[str, bytes]:
    """What the page's Pyodide itself makes at build time (issue 42), in one run of it under Node: the cut
    standard library (``tools/stdlib.py``: the modules the page imports, as bytecode), written next to
    Pyodide under a name of its content (the vendor folder is cached for ever), and the nile package's
    modules compiled to bytecode (from their slim copies: tools/slim.py), returned as archive member →
    bytes. A first visit downloads 1.6 MB less and compiles no Python: the interpreter starts in a third
    of the time. Also Pyodide's lock file without its packages (the page loads none). Adds
    ``dirs["STDLIB"]``, the library's path in the site."""
    work = ROOT / ".cache" / "pyodide-build"
    shutil.rmtree(work, ignore_errors=True)
    package = work / "package"
    for path in sorted((ROOT / "nile").rglob("*.py")):
        if "__pycache__" not in path.parts:
            target = package / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(page_copy(path))
    stdlib = work / "stdlib.zip"
    run = ["node", "tools/pyodide_run.mjs", "tools/stdlib.py", "build",
           "--stdlib", str(stdlib.relative_to(ROOT)), "--compile", str(package.relative_to(ROOT))]
    subprocess.run(run, cwd=ROOT, check=True)
    data = stdlib.read_bytes()
    dirs["STDLIB"] = f"{dirs['VENDOR_PYODIDE']}/stdlib-{hashlib.sha256(data).hexdigest()[:12]}.zip"
    (dist / dirs["STDLIB"]).write_bytes(data)
    lock = json.loads((ROOT / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    (dist / dirs["VENDOR_PYODIDE"] / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": {}}))
    compiled = {str(path.relative_to(package)): path.read_bytes() for path in sorted(package.rglob("*.pyc"))}
    shutil.rmtree(work)
    return compiled


def package_archive(dist: Path, modules: dict[str, bytes], build_id: str | None = None) -> None:
    """nile.tar.gz: the package's modules (``modules``: compiled, ``pyodide_part``), its compiled catalogs and,
    once the build has its version, ``nile/BUILD``. static/main.py and the bot worker unpack it with
    Pyodide's unpackArchive ("gztar")."""
    catalogs = [(str(path.relative_to(ROOT)), path.read_bytes()) for path in sorted((ROOT / "nile").rglob("locale/*/LC_MESSAGES/*.mo"))]
    members = sorted([*modules.items(), *catalogs])
    if build_id is not None:
        members.append((BUILD_FILE, (build_id + "\n").encode()))
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), ARCHIVE_TIME, 0o644
            tar.addfile(info, io.BytesIO(data))
    (dist / PACKAGE).write_bytes(gzip.compress(raw.getvalue(), compresslevel=9, mtime=0))


#: the loading screen's texts, by how many milliseconds after the start they show (static/boot.js)
BOOT_STEPS = ((0, "boot.loading"), (1500, "boot.python"), (4000, "boot.board"), (15000, "boot.slow"))


def page_texts(lang: str = "en") -> dict[str, str]:
    """The page's own words from the message catalog, HTML-escaped for text and attributes.

    ``{{MSG:key}}`` in a template becomes ``messages.text(key)`` (English: the page before the
    player's language is known); ``{{BOOT_TEXTS}}`` the loading texts of every language, as JSON,
    for static/boot.js.
    """
    sys.path.insert(0, str(ROOT))
    from nile import messages, words

    values = {f"MSG:{key}": html.escape(messages.text(key, lang)) for key in words.SHELL.keys() if key.startswith("boot.")}
    # boot.js speaks the player's language before Python runs: every language's loading texts
    texts = {
        code: {
            "steps": [[at, messages.text(key, code)] for at, key in BOOT_STEPS],
            "failed": messages.text("boot.failed", code),
            "unknown": messages.text("boot.unknown_error", code),
            "starting": messages.text("boot.starting", code),  # over the screen shown until Python is ready
            "waiting": messages.text("boot.waiting", code),  # ...once a control was pressed there (it follows)
        }
        for code in messages.LANGUAGES
    }
    values["BOOT_TEXTS"] = html.escape(json.dumps(texts, ensure_ascii=False))
    return values


def first_visit_homes() -> dict[str, str]:
    """``{{HOME_SCREENS}}``: the home screen a first visit's Python draws, drawn here by the same code, for
    static/boot.js to show before Python is up (issue 42): one ``<template id="home-xx">`` per language
    and, once, ``<template id="home-sprite">``, the artwork every language's home draws from.

    It is ``render_screen`` of the Controller ``nile.web.app.App`` makes for a browser with nothing stored
    (no saved game, no backup, nothing deleted, the storage usable and its persistence not asked yet), so
    Python's first redraw finds in ``#app`` the very HTML it draws and changes nothing the player sees
    (static/morph.js). boot.js shows it only when the storage holds nothing that would change it."""
    sys.path.insert(0, str(ROOT))
    from nile import messages
    from nile.games import load_save
    from nile.web.controller import HOME, Controller
    from nile.web.render import SPRITE_ID, render_screen, sprite
    from nile.web.storage import Library
    from nile.web.storage.store import MemoryStore

    art = sprite()
    templates = [f'<template id="home-sprite">{art}</template>']
    for lang in messages.LANGUAGES:
        controller = Controller(Library(MemoryStore(), load_save), lambda: 0, lang)
        controller.resume()
        screen = render_screen(controller)
        if screen.name != HOME or not screen.html.startswith(art) or "<template" in screen.html:
            raise SystemExit(f"build: a first visit's screen ({lang}) is not home after the artwork (#{SPRITE_ID})")
        templates.append(f'<template id="home-{lang}">{screen.html[len(art):]}</template>')
    return {"HOME_SCREENS": "\n  ".join(templates)}


#: PyScript chunks that only load when a page uses a feature Nile does not use: CodeMirror (for
#: py-editor scripts), xterm (for terminal scripts), MicroPython, and the zip reader for archives
#: listed in pyscript.toml's [files] (static/main.py unpacks nile.tar.gz with Pyodide's own). They stay
#: in dist/ but are not precached, which saves ~0.9 MB raw on a first visit. (The small plugin entry
#: chunks, py-editor, py-terminal, py-game, load at every boot and stay precached.) The offline
#: browser test proves the rest suffices.
UNUSED_PYSCRIPT_CHUNKS = ("codemirror", "xterm", "mpy-", "zip-")


def precached(path: Path) -> bool:
    """Whether the service worker stores this file of dist/ on the first visit."""
    if path.name == SOURCES_FILE:  # the build's own record (tools/slim.py), never fetched by the page
        return False
    return not (path.parent.name.startswith("pyscript-") and path.name.startswith(UNUSED_PYSCRIPT_CHUNKS))


#: PyScript's chunks that every start of the page imports, one after another (its core, the TOML
#: reader for pyscript.toml, the plugins it registers at start): preloaded by index.html so they
#: load in parallel with Pyodide instead of delaying it (measured with the browser's resource
#: timing, issue 23). They are found by name in the chunk core.js imports; a pinned PyScript
#: whose chunks are named otherwise fails the build here.
PYSCRIPT_BOOT_CHUNKS = ("toml", "deprecations-manager", "error", "donkey", "py-editor", "py-game", "py-terminal")


def pyscript_preloads(dist: Path, vendor_dir: str) -> str:
    """``<link rel=modulepreload>`` lines for PyScript's core chunk and the start-up chunks it imports."""
    folder = dist / vendor_dir
    core = re.findall(r'from\s*"\./(core-[\w-]{8}\.js)"', (folder / "core.js").read_text())
    if len(core) != 1:
        raise SystemExit(f"build: PyScript's core.js no longer imports one core chunk: {core}")
    chunks = [core[0]]
    text = (folder / core[0]).read_text()
    for name in PYSCRIPT_BOOT_CHUNKS:
        found = sorted(set(re.findall(rf'"\./({re.escape(name)}-[\w-]{{8}}\.js)"', text)))
        if len(found) != 1 or not (folder / found[0]).exists():
            raise SystemExit(f"build: PyScript's start-up chunk {name!r} is not one file that {core[0]} imports: {found}")
        chunks.append(found[0])
    return "\n".join(f'  <link rel="modulepreload" href="./{vendor_dir}/{c}">' for c in chunks)


#: a placeholder the build fills: ``{{VENDOR_PYODIDE}}``, ``{{MSG:boot.title}}`` (a JSDoc type such as ``{{id: string}}``
#: in static/*.js is none)
PLACEHOLDER = re.compile(r"\{\{[A-Z][A-Z_]*(?::[\w.]+)?\}\}")


def fill(template: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    if left := PLACEHOLDER.findall(template):
        raise SystemExit(f"build: a placeholder was left unfilled: {left[0]}")
    return template


#: inside nile.tar.gz: the build's version, which the page and its bot worker each read from the
#: package they run (``nile.bots.protocol.BUILD``) to check they are the same build
BUILD_FILE = "nile/BUILD"


def add_build_id(dist: Path, modules: dict[str, bytes], version: str) -> None:
    """Write the build's version into the package's archive (after it was hashed: the version names the rest)."""
    package_archive(dist, modules, version)


#: the service worker's list of files in tools/sw.template.js: an empty array there (the template stays JavaScript
#: for ESLint and tsc: make lint), the site's files here
SW_FILES = "/* {{FILES}} */ []"


def build(out: Path, salt: str = "") -> str:
    """Build the site into ``out``; its version (the cache name's hash). ``salt`` makes the same
    sources another version (the update tests serve two builds of one tree)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n

    i18n.compile_all(i18n.find_domains())
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    dirs = vendor(out)
    modules = pyodide_part(out, dirs)
    homes = first_visit_homes()
    for name in ("index.html", "pyscript.toml"):
        preloads = {"PYSCRIPT_PRELOADS": pyscript_preloads(out, dirs["VENDOR_PYSCRIPT"])}
        (out / name).write_text(fill((ROOT / name).read_text(), {**dirs, **page_texts(), **preloads, **homes}))
    shutil.copy2(ROOT / "manifest.webmanifest", out / "manifest.webmanifest")
    shutil.copytree(ROOT / "static", out / "static", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("vendor", "__pycache__", "*.d.ts"))  # (types.d.ts: tsc's, make lint)
    for script in (out / "static").glob("*.js"):  # the bot worker imports the vendored Pyodide
        if PLACEHOLDER.search(script.read_text()):
            script.write_text(fill(script.read_text(), dirs))
    package_archive(out, modules)
    # what the archive's bytecode was built from, for the tests and the bench to tell a stale dist/ (never fetched)
    (out / SOURCES_FILE).write_text(json.dumps(source_digests(ROOT), indent=0, sort_keys=True) + "\n")
    files = sorted(p for p in out.rglob("*") if p.is_file())
    urls = ["./"] + ["./" + str(p.relative_to(out)).replace("\\", "/") for p in files if precached(p)]
    digest = hashlib.sha256(json.dumps(urls).encode())  # a new precache list is a new version too
    digest.update(salt.encode())
    for p in files:
        digest.update(str(p.relative_to(out)).encode())
        digest.update(p.read_bytes())
    version = digest.hexdigest()[:16]
    add_build_id(out, modules, version)
    sw_template = (ROOT / "tools" / "sw.template.js").read_text()
    if SW_FILES not in sw_template:
        raise SystemExit(f"build: tools/sw.template.js has no {SW_FILES!r} for its list of files")
    sw_template = sw_template.replace(SW_FILES, "{{FILES}}")
    sw = fill(sw_template, {"VERSION": version, "FILES": json.dumps(urls, indent=1)})
    (out / "sw.js").write_text(sw)
    total = sum(p.stat().st_size for p in files)
    print(f"built {out}: {len(files) + 1} files, {total / 1e6:.1f} MB, version {version}")
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(DIST), help="where to build (default: dist/)")
    parser.add_argument("--salt", default="", help="another version of the same sources (for tests)")
    args = parser.parse_args()
    build(Path(args.out).resolve(), args.salt)


if __name__ == "__main__":
    main()
