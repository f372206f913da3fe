"""Building the package compiles its message catalogs first (PO → MO, tools/i18n.py), so a wheel or an
install holds the nile package with the sentences it speaks; the configuration is in pyproject.toml."""

import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
        import i18n

        i18n.compile_all(i18n.find_domains())
        super().run()


setup(cmdclass={"build_py": BuildWithCatalogs})
