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


def check_picture(svg: str, caption: str, rule: str, max_size: tuple[int, int]) -> ET.Element:
    """One rules-help picture as a player meets it: a caption, one scalable image with a name no
    wider or taller than ``max_size``, no ids (two pictures on a page cannot clash), nothing to
    press or focus, no script. Returns the parsed picture for a game's own checks."""
    assert caption.strip()
    picture = parsed(svg)
    assert picture.tag == SVG + "svg"
    assert picture.get("role") == "img" and picture.get("aria-label", "").strip()
    width, height = (float(v) for v in picture.get("viewBox", "").split()[2:])
    assert 0 < width <= max_size[0] and 0 < height <= max_size[1], (rule, width, height)
    assert picture.get("width") is None and picture.get("height") is None  # it scales to the page
    for element in picture.iter():
        assert "id" not in element.attrib, (rule, element.tag)
        assert not any(name.startswith("data-") for name in element.attrib), (rule, element.attrib)
        assert "tabindex" not in element.attrib and "style" not in element.attrib
        assert element is picture or element.get("role") in (None, "img"), (rule, element.attrib)  # nothing to press
    assert "data-i" not in svg and "<script" not in svg
    return picture
