"""The voice: what the herald says (``nile.web.rooms.herald``), into the page's one persistent live region.

``#say`` (index.html) lies outside ``#app``, so no redraw ever replaces it: screen readers follow a live
region that is there from the start far more reliably than one that arrives already filled (issue 43).
Each sentence is appended as its own paragraph (``role="log"``, additions), so one said a moment ago is not
cut off by the next; the oldest are dropped beyond ``KEPT``, which leaves the region small. When the device
goes round (a hand-over screen covers the table) the region is emptied: what the last person heard (the
coach's hints for their move) is not left for the next to read back.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..controller import Controller
from .bridge import js_str
from .paint import is_covered

#: the sentences the region keeps (a screen reader has said the older ones long ago)
KEPT = 24


class Voice:
    """Says the herald's sentences through ``#say``."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.region: Any = document.getElementById("say")
        self._covered = False

    def speak(self) -> None:
        """Append what the herald has to say since the last redraw, a paragraph a sentence."""
        said = self.controller.herald.take()
        if js_str(self.region) is None:
            return
        covered = is_covered()
        if covered and not self._covered:  # the device goes round: nothing of the last person's is left to read back
            self.region.replaceChildren()
        self._covered = covered
        if not said:
            return
        for sentence in said:
            p = document.createElement("p")
            p.textContent = sentence
            self.region.appendChild(p)
        while self.region.childElementCount > KEPT:
            self.region.firstElementChild.remove()
