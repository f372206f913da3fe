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
