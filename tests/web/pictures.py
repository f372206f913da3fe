"""What the rules-help picture tests of both games share: sentences said as keys (so a picture's or a
board's markup can be pinned whatever the catalogs hold, and a caption's numbers read back), and one
picture's markup parsed as SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from types import ModuleType

import pytest

from nile.words import Word

SVG = "{http://www.w3.org/2000/svg}"


def keyed(key, lang="en", **params):
    """A sentence as its key and parameters, whatever the catalogs hold (the board digests' words)."""
    return f"{key}{sorted((k, repr(v)) for k, v in params.items())}"


def asked(key, lang="en", **params):
    """A sentence as the code asked for it: ``key(name=value; …)``, a catalog word by its key."""
    if key == "list.sep":
        return ", "
    return f"{key}(" + "; ".join(f"{k}={v.key if isinstance(v, Word) else v}" for k, v in sorted(params.items())) + ")"


def say_as_asked(monkeypatch: pytest.MonkeyPatch, module: ModuleType) -> None:
    """Make ``module`` (a game's diagrams) say its sentences as ``asked`` says them."""
    monkeypatch.setattr(module, "msg", asked)
    monkeypatch.setattr(module, "plural", lambda key, n, lang="en", **p: asked(key, lang, count=n, **p))


def parsed(svg: str) -> ET.Element:
    """One picture's markup as an element (exactly one picture per markup string)."""
    root = ET.fromstring(f'<div xmlns="http://www.w3.org/2000/svg">{svg}</div>')
    assert len(root) == 1
    return root[0]
