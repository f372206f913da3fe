"""Painting: the controller's screen into ``#app``, and the page kept in step with it.

A redraw sends only the regions of the screen that changed, each patched in place on its own element, when the
rest of the screen is what was painted (issue 51: ``static/morph.js``'s ``window.nilePatch``); another screen is
patched whole (``window.nileMorph``; if it is missing or fails, ``#app`` is replaced whole). Either way a part of
the screen that is what was painted last time (``Screen.parts``) is sent as a hole the page fills with the element
it has (issue 21). Around the paint: the pieces that moved
are followed (``static/motion.js``), the move's sound is played (``static/sound.js``), the board's pictures
fill their frames (``static/fit.js``), the screen is kept for the next load (``nile.web.app.kept``).
Where the keyboard's focus goes is ``nile.web.app.focus``'s (never lost, a dialog takes it and gives it back,
after a move the next step's place); the board's Tab stop follows the arrow keys (static/roving.js's
``window.nileRoving``). What has just come (another screen or game, a moment or lesson, a choice's
targets on a phone, a page of the rules) is scrolled into sight.
"""

from __future__ import annotations

import json
import traceback
from typing import Any

import js
from pyodide.ffi import to_js
from pyscript import document, window

from ...kit.memo import locate, patches, skeleton, with_holes
from ..controller import GAME, HOME, Controller
from ..help import CONTENTS, SEARCH
from ..render import render_screen
from ..since import mark_window
from .bridge import js_str
from .focus import Focus
from .kept import KeptScreen

#: where a table marked .fit fills the window (static/app.css: the same media query)
FITTING = "(min-width: 700px) and (min-height: 600px)"
#: the page's own entry in the browser's history (``Painter._keep_back``)
BACK = "back"

def is_covered() -> bool:
    """A hand-over screen covers the table: ``Painter._paint`` marks the page so (static/app.css html.covered)."""
    return bool(document.documentElement.classList.contains("covered"))


class Painter:
    """Draws the controller's screen into ``root`` (``#app``) and keeps the page in step with what it shows."""

    def __init__(self, controller: Controller, root: Any, keeper: KeptScreen) -> None:
        self.controller = controller
        self.root = root
        self._keeper = keeper
        self._html = ""
        self._painted: dict[str, str] = {}  # the parts of the screen painted last time (Screen.parts), by selector
        self._skeleton = ""  # the screen painted last time outside its regions (``nile.kit.memo.skeleton``)
        self._place: tuple[str, str | None] | None = None  # the screen and game last drawn (_top_of_new_place)
        self._step = -1  # the moves of the game drawn last (static/motion.js follows pieces when it changes)
        self.focus = Focus(controller, root)  # where the keyboard is after each redraw
        self._popups: tuple[Any, ...] = (None, None)  # the moment and lesson last shown (``_show_popups``)
        self._chosen: str | None = None  # the selection last shown (``_show_targets``)
        self._rules_page: tuple[str, str] | None = None
        self._was_at_top = False  # the page fitted the window before the last redraw: it was at its top (``_paint``)
        self._fitting = window.matchMedia(FITTING)  # a .game.fit fills the window at this size

    @property
    def html(self) -> str:
        """What ``#app`` shows, whole (the parts kept as they were included)."""
        return self._html

    def draw(self, split: list[tuple[str, float]], by_person: bool = False) -> None:
        """Draw the screen; ``split`` gets when each part of it ended (``App._safely``: tools/bench.py);
        ``by_person``: the redraw answers the person's own input (the keyboard then goes to the next step)."""
        self.focus.before()
        split.append(("handle", js.performance.now()))
        screen = render_screen(self.controller)
        html = screen.html
        split.append(("render", js.performance.now()))
        step, since, animate = self._motion()
        moved = step != self._step  # a move made or taken back: pieces are followed (static/motion.js)
        motion = getattr(window, "nileMotion", None)  # (static/motion.js)
        if motion is not None and js_str(motion) is None:
            motion = None
        mover = motion if moved else None
        changed = html != self._html
        if changed:  # an unchanged screen is left alone (no flicker, focus kept)
            if mover is not None:
                mover.before(self.root)
            split.append(("motion", js.performance.now()))  # what moved, and the pieces' places before
            self._paint(html, screen.parts, split)
            self._html = html
            split.append(("morph", js.performance.now()))
            self._keeper.keep(screen)
            split.append(("keep", js.performance.now()))
            roving = getattr(window, "nileRoving", None)  # the board one Tab stop again (static/roving.js)
            if roving is not None and js_str(roving) is not None:
                roving(self.root)
        if mover is not None:  # (nothing moves under a hand-over screen: its table is covered, a flyer would cross the cover)
            mover.after(self.root, step, since, animate and not is_covered())
        elif motion is not None and step >= 0 and changed:
            # nothing moved (a choice): the pieces are read at rest after the frame, not in the next move's tap
            motion.rested(self.root)
        self._step = step
        self._play_sound(animate)
        self._top_of_new_place()
        help_ = self.controller.helpdesk.help
        page = (help_.game, help_.page) if help_ is not None else None
        turned, self._rules_page = page != self._rules_page, page
        self.focus.after(by_person)
        if turned and page is not None and page[1] not in (CONTENTS, SEARCH):
            self._show_page()  # on a phone the contents above a page may fill the screen: the page comes into sight
        self._show_popups()
        self._show_targets()
        split.append(("focus", js.performance.now()))

    def _top_of_new_place(self) -> None:
        """Another screen or another game starts at the top of the page, not at the place the last one
        was scrolled to (a game left from far down its market would open the next game's end
        screen in the middle of its table)."""
        place = (self.controller.screen, self.controller.game_id)
        if place != self._place:
            if self._place is not None:
                window.scrollTo(0, 0)
            self._place = place
            self._keep_back()

    def _keep_back(self) -> None:
        """Away from home the page keeps an entry of its own in the browser's history, so that a Back (on a tablet a
        long sideways swipe across the board) comes back to the page, which goes home (``Events.on_back``), instead
        of leaving it for a blank page (issue 53). One entry, pushed once; the address stays as it is."""
        if self.controller.screen == HOME:
            return
        history = window.history
        state = history.state
        if js_str(state) is not None and js_str(getattr(state, "nile", None)) == BACK:
            return
        history.pushState(js.Object.fromEntries(to_js([["nile", BACK]])), "")

    def _play_sound(self, animate: bool) -> None:
        """The last move's sound (``Settings.sound_due``), only while the Sound switch is on
        (static/sound.js's ``window.nileSound``): a move's tick only where the move is shown moving."""
        c = self.controller
        kind, c.settings.sound_due = c.settings.sound_due, None
        if kind is None or not c.settings.sound or (kind == "tick" and not animate):
            return
        player = getattr(window, "nileSound", None)
        if player is None or js_str(player) is None:
            return
        try:
            player.play(kind)
        except Exception:  # a page without sound still plays
            js.console.error(traceback.format_exc())

    def _show_popups(self) -> None:
        """A moment panel (a scoring, bids opened, the end) or a lesson that has just opened comes into
        sight with its title: on a phone the page may be scrolled down to the market when it opens
        above the board (issue 21). Only the title's own box is scrolled to, and only if it is hidden."""
        c = self.controller
        popups = (c.moments.moment, c.tutor.teaching.lessons[0] if c.tutor.teaching.lessons else None)
        opened = [sel for sel, now, before in zip(("#moment-title", "#lesson-title"), popups, self._popups, strict=True)
                  if now is not None and now != before]
        self._popups = popups
        if opened and self._fitting.matches and not is_covered() and (self.root.classList.contains("fits") or self._was_at_top):
            # In sight without asking where its title is, which would make the browser lay the page out in the middle
            # of the tap (Kap's bids opened: 2.4-12 ms of it; a game's end: 12-19 ms): a dialog fixed over a table that
            # fits the window is whole in it (static/app.css .game.fit > .popups), and a page that fitted the window
            # until now is at its top, where the new screen shows its pop-ups (under the head line; the end's report
            # follows them). (A hand-over screen's cover scrolls by itself: there the title is looked for.)
            return
        for sel in opened:
            title = self.root.querySelector(sel)
            if js_str(title) is None:
                continue
            box = title.getBoundingClientRect()
            if box.top < 0 or box.bottom > window.innerHeight:
                title.scrollIntoView(js.Object.fromEntries(to_js([["block", "nearest"]])))
            return

    def _show_targets(self) -> None:
        """On a phone a choice may light places on the board that are off the screen or under the
        action panel (a ripe marker's market rows, below the fields): when none of them is in sight,
        the page scrolls the first one into sight, clear of the head line and the panel (their room
        is the page's scroll padding, static/app.css). Wider, the whole board is on the screen."""
        selection = self.controller.table.selection
        chosen = json.dumps(selection, sort_keys=True, default=str) if selection else None
        if chosen == self._chosen:
            return
        self._chosen = chosen
        if chosen is None or not window.matchMedia("(max-width: 699px)").matches:
            return
        targets = self.root.querySelectorAll(".table .board .act[data-i], .table .board .target[data-i]")
        if not targets.length:
            return
        head, panel = self.root.querySelector(".game > .status"), self.root.querySelector(".table > .actions")
        top = head.getBoundingClientRect().bottom if js_str(head) is not None else 0
        bottom = min(panel.getBoundingClientRect().top, window.innerHeight) if js_str(panel) is not None else window.innerHeight
        for target in targets:
            box = target.getBoundingClientRect()
            if box.width and box.top >= top and box.bottom <= bottom:
                return  # one is in sight: the page stays where the person put it
        # the first one scrolled to just above the docked panel (or just under the head line), whatever the
        # panel's height this step (the page's scroll padding is a guess at it)
        box = targets.item(0).getBoundingClientRect()
        margin = 8
        if box.bottom > bottom:
            window.scrollBy(0, min(box.bottom - bottom + margin, box.top - top - margin))
        elif box.top < top:
            window.scrollBy(0, box.top - top - margin)

    def _show_page(self) -> None:
        """Scroll the help's open page into sight, just under the help's sticky head, if its top is hidden
        under the head or low on the screen."""
        box, page, head = (self.root.querySelector(s) for s in (".rules-help", ".rules-page", ".rules-help .rules-head"))
        if js_str(box) is None or js_str(page) is None or js_str(head) is None:
            return
        top, under = page.getBoundingClientRect().top, head.getBoundingClientRect().bottom
        if top < under or top > window.innerHeight * 0.6:
            box.scrollTop = box.scrollTop + top - under

    def _motion(self) -> tuple[int, int, bool]:
        """(step, since, animate) for static/motion.js: the open game's moves so far, after which move
        the board marks what changed (``nile.web.since.mark_window``), and whether the last move
        moves on the screen (not a bot's at the fast pace or while skipping to a person's turn).
        (-1, -1, False) away from a game being played: nothing followed, nothing marked."""
        c = self.controller
        s = c.state
        if s is None or c.screen != GAME or c.replayer.replay is not None:
            return -1, -1, False
        step, since = mark_window(s, c.kinds)
        last = s.history[-1][0] if s.history else None
        return step, since, not (c.is_bot(last) and (c.bots.speed == "fast" or c.bots.skipping))

    def _paint(self, html: str, parts: tuple[tuple[str, str], ...] = (), split: list[tuple[str, float]] | None = None) -> None:
        """Make ``#app`` show ``html`` (issue 51: redraw by region). The screen's regions are its parts that lie in no
        other part (``Screen.parts``: the head line, the board, the action panel, the side with the players and the
        log, the artwork); what lies outside them is the screen's skeleton. When the skeleton is what was painted
        last time, only the regions that changed are sent, each patched in place on its own element by
        static/morph.js's ``window.nilePatch`` (the parts inside it that did not change as holes): nothing else is
        parsed or compared. Another skeleton (another screen, a pop-up opened) is patched whole by
        ``window.nileMorph``, each part that is what was painted last time as a hole the page fills with the element
        it has (issue 21); if that fails, ``#app`` is replaced whole. A redraw by region adds to ``split`` when Python
        had worked out what changed ("diff") and when the page had patched it ("patch": tools/bench.py)."""
        morph = getattr(window, "nileMorph", None)
        how, kept, sent = "replaced", 0, len(html)
        regions = locate(html, parts)
        shape = skeleton(html, regions)
        if morph is not None and js_str(morph) is not None:
            try:
                patch = getattr(window, "nilePatch", None)
                if shape == self._skeleton and patch is not None and js_str(patch) is not None:
                    changed = patches(regions, self._painted)
                    # one string, parsed by the page (JSON.parse): each list and string handed over one by one cost
                    # more than the patch's own parse on a slow tablet (issue 51)
                    sent_json = json.dumps(changed, separators=(",", ":"))
                    if split is not None:
                        split.append(("diff", js.performance.now()))
                    how = js_str(patch(self.root, sent_json)) or "failed"
                    if split is not None:
                        split.append(("patch", js.performance.now()))
                    if how == "patch":
                        kept = len(regions) - len(changed) + sum(len(keep) for _, _, keep in changed)
                        sent = sum(len(markup) for _, markup, _ in changed)
                    else:  # a region not found: the whole screen, as it is
                        how = js_str(morph(self.root, html)) or "replaced"
                else:
                    keep: list[str] = []
                    holes = with_holes(html, regions, self._painted, keep)
                    if keep:
                        how = js_str(morph(self.root, holes, to_js(keep))) or "failed"
                        kept, sent = (len(keep), len(holes)) if how == "morph" else (0, len(html))
                    if not keep or how not in ("morph", "replaced"):  # no part kept, or one was not found
                        how = js_str(morph(self.root, html)) or "replaced"  # it falls back to innerHTML itself
            except Exception:  # never let a redraw break the page
                js.console.error(traceback.format_exc())
                self.root.innerHTML = html
                how = "replaced"
        else:
            self.root.innerHTML = html
        self._skeleton = shape
        self._painted = dict(parts)
        fit = getattr(window, "nileFit", None)  # the board's pictures fill their frames (static/fit.js)
        if fit is not None and js_str(fit) is not None:
            fit(self.root)
        self._was_at_top = self.root.classList.contains("fits") and self._fitting.matches  # (``_show_popups``)
        fits = js_str(self.root.querySelector(":scope > .game.fit")) is not None
        if fits != self.root.classList.contains("fits"):  # the table fills the window (static/app.css #app.fits)
            self.root.classList.toggle("fits", fits)
        covered = js_str(self.root.querySelector(":scope > .handover-cover")) is not None
        if covered != is_covered():  # the page does not scroll under a hand-over screen (static/app.css html.covered)
            document.documentElement.classList.toggle("covered", covered)
            if covered and not self._fitting.matches:  # on a phone the next person's table opens at its top, as
                window.scrollTo(0, 0)  # it did under a short hand-over screen (not where the last bidder left it)
        document.body.dataset.paint = how
        document.body.dataset.kept = str(kept)  # how many parts were kept as they were (tests, tools)
        document.body.dataset.sent = str(sent)  # how many characters of markup were sent (static/morph.js: data-parsed)
