"""The PyScript glue: browser events in, the controller's HTML out. The only package that touches the DOM.

``App`` makes the controller (its store and seeds from the browser) and composes the page's parts, each an
object that takes what it needs (the controller, ``#app``, the App's answer to an event) and keeps its own
rules, written in its docstring:

- ``bridge.py``: localStorage as a ``Store`` (a full store becomes ``StorageFull``), seeds from
  ``crypto.getRandomValues``, JS values as Python;
- ``paint.py``: the screen into ``#app`` (patched by ``static/morph.js``, unchanged parts as holes), the
  keyboard's focus kept, what just came scrolled into sight, the pieces' motion, the move's sound;
- ``voice.py``: what a screen reader hears (the herald's sentences), appended to the live region ``#say``;
- ``kept.py``: the screen kept in localStorage (``nile:last-screen``; never a secret bid) so that a reload
  shows it at once while Python starts (``static/boot.js``);
- ``events.py``: clicks, keys, typing, form changes, imported files (size checked before reading), the
  window's size, sent to ``Controller.handle``;
- ``workers.py``: the computer players and the coach, thinking in the bot worker;
- ``links.py``: a game played from afar's link read from the page's address, and sent on (share, copy);
- ``conditions.py``: one game, one tab (Web Locks), persistent storage, storage events, a new version, the
  controller's effects (downloads among them).

Every event is answered the same way (``App._safely``): the work, then the redraw (``App.render``), timed
part by part for tools/bench.py; an unexpected error never breaks the page: it is shown as a notice and
logged to the console. When the first screen is drawn ``main`` sets ``data-app-state="ready"`` on ``<body>``.
"""

from __future__ import annotations

import gc
import traceback

import js
from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from ...bots import protocol
from ...games import load_all, load_save
from ...messages import pick_language
from ...messages import text as msg
from ..controller import LANG_KEY, Controller
from ..storage import Library
from .bridge import js_str, new_seed, open_store
from .conditions import Conditions
from .events import Events
from .kept import KeptScreen
from .links import Links
from .paint import Painter, is_covered
from .voice import Voice
from .workers import Workers


class App:
    """The page: the controller and the parts that show it and feed it events (``window.nileApp``)."""

    def __init__(self) -> None:
        store, usable = open_store()
        lang = pick_language(store.get(LANG_KEY), js_str(window.navigator.language))
        self.controller = Controller(Library(store, load_save), new_seed, lang)
        if not usable:  # blocked: said once now, and by a mark on every screen after (storage_blocked)
            self.controller.keeper.storage_blocked = True
            self.controller.notice = ("error", msg("ui.no_storage", lang))
        self.root = document.getElementById("app")
        # the screen drawn last, kept for the next load (static/boot.js), and the painter that draws it into #app
        keeper = KeptScreen(self.controller, window.localStorage if usable else None)
        self.painter = Painter(self.controller, self.root, keeper)
        self.voice = Voice(self.controller)  # what a screen reader hears: the herald's sentences, into #say
        self.controller.keeper.later = True  # a move is saved after the frame that shows it (``_after_frame``)
        self._after_due = False  # the last answer's work after its frame is not done yet (``_after_frame``)
        self._after = create_proxy(self._after_frame)
        self.renders = 0
        self._lang = ""  # the language <html lang> says
        self._title = ""  # the tab's title (the game on screen)
        self._split: list[tuple[str, float]] = []  # (part, when it ended) of the event being answered (_safely)
        # clicks, keys, typing, form changes and files, the window's size (and the layout it asks for, said now)
        self.events = Events(self.controller, self.root, self._by_person)
        self.workers = Workers(self.controller, self._safely)  # the bot worker: bots' decisions, the coach
        # persistent storage, the tab locks, storage events, a new version; the controller's effects
        # the page's address (a link of a game played from afar opened in it) and the links sent on (share, copy)
        self.links = Links(self.controller, self._safely)
        self.conditions = Conditions(self.controller, self._safely, usable, self.links)

    @property
    def _html(self) -> str:
        """What ``#app`` shows, whole (tests/browser/test_instant.py reads it as ``window.nileApp._html``)."""
        return self.painter.html

    # ------------------------------------------------------------------ drawing
    def render(self, by_person: bool = False) -> None:
        """Draw the screen, then what follows from it: the game's lock, the controller's effects, the workers'
        requests, and the marks on ``<body>`` the tests and tools read."""
        self.painter.draw(self._split, by_person)
        self.events.watch_focus(is_covered())
        self.conditions.hold_game()
        self.conditions.run_effects()
        self.workers.drive_bots()
        self.workers.post_coach()
        self.renders += 1
        document.body.dataset.renders = str(self.renders)
        document.body.dataset.screen = self.controller.screen
        title = self.controller.tab_title()
        if self._title != title:  # (written only when it changes, like the language below)
            self._title = document.title = title
        if self._lang != self.controller.lang:  # written only when it changes: setting <html lang> even to the
            self._lang = self.controller.lang  # same value makes the browser restyle and repaint the whole page
            document.documentElement.lang = self._lang
        state = self.controller.state
        document.body.dataset.actions = str(len(state.history)) if state else "0"
        self._after_due = True
        answer = getattr(window, "nileAnswer", None)  # (static/answer.js)
        if answer is not None and js_str(answer) is not None and not document.hidden:
            answer.after(self._after)
        else:  # no frame comes to a hidden page (the bots play on in a tab in the background): the move is saved now
            self._after_frame()

    def _after_frame(self, *_: object, redraw: bool = True) -> None:
        """What the player does not see of the last redraw, done once its frame is drawn (issue 51: the frame comes
        ~3 ms sooner at 4× CPU), else before the next event is answered (``_safely``) or the page is hidden or left
        (static/answer.js's ``after``; in a hidden page at once, in ``render``): the move's save (``Keeper.save_due``),
        then what a screen reader hears. A save that has something to say (the storage refused it, another tab had
        written the game) redraws the screen; done before an event is answered (``redraw`` False), the event's own
        redraw shows it (a redraw in between showed the page as no answer left it: a bot's move about to be made, whose
        decision it asked of the worker again).
        ``data-done`` on <body> is then the number of redraws (``data-renders``) whose work is all done: what the tests
        wait for before they read the storage or ``#say``."""
        if not self._after_due:
            return
        self._after_due = False
        started = js.performance.now()
        try:
            if self.controller.keeper.save_due() and redraw:  # (the first save also asks to keep the storage: an effect)
                self.render()
                self._after_due = False  # (done here and now)
            self.voice.speak()
        except Exception:  # never let it break the page
            js.console.error(traceback.format_exc())
        document.body.dataset.afterMs = f"{js.performance.now() - started:.1f}"  # (tools/bench.py)
        document.body.dataset.done = str(self.renders)

    def _by_person(self, work) -> None:  # noqa: ANN001
        """Answer the person's own input (a click, a key, typing, a file): the keyboard follows the step."""
        self._safely(work, by_person=True)

    def _safely(self, work, by_person: bool = False) -> None:  # noqa: ANN001
        """Answer an event: do ``work``, then redraw; an error in either is said, never thrown at the page."""
        self._after_frame(redraw=False)  # what the last answer left for after its frame comes first
        started = js.performance.now()
        self._split = [("", started)]
        try:
            work()
        except Exception as e:  # never let an event break the page
            js.console.error(traceback.format_exc())
            self.controller.keeper.went_wrong(e)  # in the player's language, the error's words after it
        try:
            self.render(by_person)
        except Exception:
            js.console.error(traceback.format_exc())
        ended = js.performance.now()
        document.body.dataset.lastEventMs = f"{ended - started:.1f}"
        # where it went (tools/bench.py): "handle:0.4 render:5.1 motion:0.8 diff:0.6 patch:1.2 morph:0.2 keep:0.1 focus:0.3
        # rest:0.6", each part's milliseconds; "diff" and "patch" a redraw by region's (Python's work, the page's patch:
        # nile.web.app.paint), "morph" the rest of the redraw; "focus" the motion's marks, sound, the keyboard's place
        # (and the pop-ups shown), "rest" after them (effects, bots). The move's save and what a screen reader hears
        # come after the frame (``_after_frame``: data-after-ms)
        marks = [*self._split, ("rest", ended)]
        document.body.dataset.lastSplit = " ".join(
            f"{name}:{t - marks[i - 1][1]:.2f}" for i, (name, t) in enumerate(marks) if i)


def main() -> None:
    js.performance.mark("nile:imported")  # the boot's split (tools/bench.py): the app's imports are done
    app = App()
    try:
        app.controller.resume()
        app.links.take_address()  # a link opened in the page's address goes first (issue 44)
    except Exception:
        js.console.error(traceback.format_exc())
    app.render()
    # everything made so far (the modules, the catalogs, the first screen) lives as long as the page: out of
    # the cyclic collector's sight, so its full collections, which come in the middle of some click, scan
    # only what the game makes since (issue 21: in CPython over the bench's game 5 -> 0.5 ms each)
    gc.freeze()
    app.conditions.ask_persisted()
    loading = document.getElementById("loading")
    if js_str(loading) is not None:
        loading.remove()
    app.root.removeAttribute("hidden")
    # the screen boot.js showed (the last visit's, or the build's home) is live now: boot.js clicks once what was
    # pressed on it meanwhile, as it sees data-app-state turn "ready"
    starting = document.getElementById("starting")
    if js_str(starting) is not None:
        starting.remove()
    document.body.dataset.build = protocol.BUILD  # which version of Nile this page runs
    document.body.dataset.appState = "ready"
    window.nileApp = create_proxy(app)  # keeps the app (and its proxies) alive
    _load_games_when_idle()


def _load_games_when_idle() -> None:
    """Every game's rules imported once the first screen is up, while the player looks at it: a first visit's
    home imports none (issue 42: ``nile.games``' entries), so that ready comes sooner; the first click on a
    game would otherwise pay for the import. Then out of the collector's sight, as what came before."""

    def load(*_: object) -> None:
        load_all()
        gc.freeze()

    idle = getattr(window, "requestIdleCallback", None)
    if idle is not None:
        idle(create_once_callable(load))
    else:
        js.setTimeout(create_once_callable(load), 200)
