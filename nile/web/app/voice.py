"""The voice: what the herald says (``nile.web.rooms.herald``), into the page's one persistent live region.

``#say`` (index.html) lies outside ``#app``, so no redraw ever replaces it: screen readers follow a live
region that is there from the start far more reliably than one that arrives already filled (issue 43).
Each sentence is appended as its own paragraph (``role="log"``, additions), so one said a moment ago is not
cut off by the next; the oldest are dropped beyond ``KEPT``, which leaves the region small.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..controller import Controller
from .bridge import js_str

#: the sentences the region keeps (a screen reader has said the older ones long ago)
KEPT = 24


class Voice:
    """Says the herald's sentences through ``#say``."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.region: Any = document.getElementById("say")

    def speak(self) -> None:
        """Append what the herald has to say since the last redraw, a paragraph a sentence."""
        said = self.controller.herald.take()
        if not said or js_str(self.region) is None:
            return
        for sentence in said:
            p = document.createElement("p")
            p.textContent = sentence
            self.region.appendChild(p)
        while self.region.childElementCount > KEPT:
            self.region.firstElementChild.remove()
