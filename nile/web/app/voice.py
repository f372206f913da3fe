"""The voice: what the herald says (``nile.web.rooms.herald``), into the page's one persistent live region.

``#say`` (index.html) lies outside ``#app``, so no redraw ever replaces it: screen readers follow a live
region that is there from the start far more reliably than one that arrives already filled (issue 43).
Each sentence is appended as its own paragraph (``role="log"``, additions), so one said a moment ago is not
cut off by the next; the oldest are dropped beyond ``KEPT``, which leaves the region small. When the device
goes round (a hand-over screen covers the table) the region is emptied: what the last person heard (the
coach's hints for their move) is not left for the next to read back.

Before them it names a new screen, once (issue 53: home, a set-up, a game opened went unsaid): its heading, or on
a game's table the tab's title (the game's name). The page's first screen is not named: a screen reader says the
page's title as it loads.

Beside the herald's sentences it says what the person has just chosen, once: the action panel's line that says
it (``p.selected``: "Selected: your marker on W4-2.", a crop from the supply) when it comes or changes (issue 53:
a fruit chosen to harvest was shown, never said).
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from ..controller import Controller
from .bridge import js_str
from .paint import is_covered

#: the sentences the region keeps (a screen reader has said the older ones long ago)
KEPT = 24
#: the action panel's line that says what the person has chosen (a crop of the supply, the fruit to harvest)
CHOSEN = "#app .actions .selected"
#: a screen's heading (a hand-over screen's is its own live region)
HEADING = "#app > :not(.handover-cover) h1"


class Voice:
    """Says the herald's sentences through ``#say``."""

    def __init__(self, controller: Controller) -> None:
        self.controller = controller
        self.region: Any = document.getElementById("say")
        self._covered = False
        self._chosen = ""  # what the panel said was chosen, last redraw (said when it comes or changes)
        self._place: tuple[str, str | None] | None = None  # the screen and game last drawn (a new one is named)

    def speak(self) -> None:
        """Append what the herald has to say since the last redraw, a paragraph a sentence."""
        said = self.controller.herald.take()
        if js_str(self.region) is None:
            return
        covered = is_covered()
        if covered and not self._covered:  # the device goes round: nothing of the last person's is left to read back
            self.region.replaceChildren()
        self._covered = covered
        said = [*self._new_screen(), *said, *self._chosen_news()]
        if not said:
            return
        for sentence in said:
            p = document.createElement("p")
            p.textContent = sentence
            self.region.appendChild(p)
        while self.region.childElementCount > KEPT:
            self.region.firstElementChild.remove()

    def _chosen_news(self) -> list[str]:
        """What the person has just chosen, in the panel's words, once (nothing when the choice is dropped)."""
        line = document.querySelector(CHOSEN)
        chosen = (js_str(line.textContent) or "").strip() if js_str(line) is not None else ""
        before, self._chosen = self._chosen, chosen
        return [chosen] if chosen and chosen != before else []

    def _new_screen(self) -> list[str]:
        """The name of a screen that has just come (not the page's first: its title is said as it loads)."""
        c = self.controller
        place, before = (c.screen, c.game_id), self._place
        self._place = place
        if before is None or place == before:
            return []
        heading = document.querySelector(HEADING)
        name = (js_str(heading.textContent) or "").strip() if js_str(heading) is not None else ""
        return [name or c.tab_title()]
