"""The page's traffic with the bot worker: the computer players' decisions and the coach's requests.

Computer players think in a Web Worker (``static/bot-worker.js``, its own Pyodide), so the page answers
clicks while they search. After every redraw the app asks the controller for the bot decision that is due
and posts it to the worker; the answer is shown after the controller's pace (a person can follow the
moves) and applied only if the game is still where it was asked. The coach's hints and reviews (issue 22)
go to the same worker: the page posts what the controller queued (``Coaching.outbox``) and hands the
answers back (``Coach.answer``). A worker of another build is never listened to
(``Bots.other_build``).
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from ...bots import protocol
from ...kit.intents import Intent
from ..controller import Controller
from .bridge import Answer, js_str


class Workers:
    """The bot worker, started at the first request, and what is asked of it."""

    def __init__(self, controller: Controller, answer: Answer) -> None:
        self.controller = controller
        self._safely = answer
        self._worker: Any = None
        self._bot_key: str | None = None  # the bot decision asked of the worker (or waiting to be shown)
        self._bot_shown = 0.0  # when the last bot move was shown (for the pace)
        self._bot_proxies = (create_proxy(self.on_bot_message), create_proxy(self.on_bot_error))

    def _bot_worker(self) -> Any:
        if self._worker is None:
            # the worker and the package it loads come from this page's build (tools/sw.template.js)
            url = "./static/bot-worker.js" + ("" if protocol.BUILD == "dev" else f"?v={protocol.BUILD}")
            self._worker = js.Worker.new(url, to_js({"type": "module"}, dict_converter=js.Object.fromEntries))
            self._worker.addEventListener("message", self._bot_proxies[0])
            self._worker.addEventListener("error", self._bot_proxies[1])
        return self._worker

    def drive_bots(self) -> None:
        """Ask the worker for the bot decision that is due, once per position (the save is written
        out only when a new decision is asked, not at every redraw)."""
        due = self.controller.bots.due()
        if due is None:
            self._bot_key = None
            document.body.dataset.botThinking = ""
            return
        if due[0] == self._bot_key:
            return
        job = self.controller.bots.job()
        if job is None:
            return
        self._bot_key = job["key"]
        document.body.dataset.botThinking = job["key"]
        self._bot_worker().postMessage(to_js(job, dict_converter=js.Object.fromEntries))

    def post_coach(self) -> None:
        """Post the coach's requests (a hint, a review) to the bot worker; the page goes on meanwhile."""
        coaching = self.controller.coach.coaching
        requests, coaching.outbox = coaching.outbox, []
        for request in requests:
            self._bot_worker().postMessage(to_js(request, dict_converter=js.Object.fromEntries))
        document.body.dataset.coachThinking = "1" if coaching.waits_for("") else ""

    def on_bot_message(self, event) -> None:  # noqa: ANN001
        """An answer of the worker (``nile.bots.protocol``): a move to show, or why there is none."""
        data = event.data
        message = data.to_py() if hasattr(data, "to_py") else data
        try:
            kind = protocol.check(message)
        except protocol.ProtocolError as e:  # another version's worker, or not ours: never acted on
            message = protocol.failed(self._bot_key or "", f"the bot worker's message was refused: {e}")
            kind = "failed"
        if kind == "ready":
            if message["build"] != protocol.BUILD:  # another version's worker: none of its answers is used
                js.console.warn(f"bot worker build {message['build']}, page build {protocol.BUILD}")
                self._safely(self.controller.bots.other_build)
            return
        if self.controller.bots.mismatch:
            return
        key = message["key"]
        if kind in ("hinted", "reviewed"):  # the coach's answer: used only while the game is still there
            self._safely(lambda: self.controller.coach.answer(message))
            return
        if kind == "failed" and self.controller.coach.coaching.waits_for(key):
            self._safely(lambda: self.controller.coach.failed(key, message["error"]))
            if key:
                return  # "": the worker itself failed, a bot waiting for it is told below too
        if kind == "failed":
            if key in ("", self._bot_key) and self._bot_key:  # "": the worker itself failed
                failing, self._bot_key = self._bot_key, None
                self._safely(lambda: self.controller.bots.failed(failing, message["error"]))
            return
        if key != self._bot_key:
            return  # asked for a position the game has left
        text = message["text"]
        document.body.dataset.botThinking = ""  # decided: now only the pace holds the move back
        document.body.dataset.botMs = f"{float(message['ms']):.1f}"
        wait = self.controller.bots.delay_ms() - (js.performance.now() - self._bot_shown)

        def show() -> None:
            if key != self._bot_key:
                return
            self._bot_key = None
            self._bot_shown = js.performance.now()
            self._safely(lambda: self.controller.handle(Intent.BOT_MOVE, f"{key}|{text}"))

        if wait > 0:
            self._bot_timer = create_proxy(show)
            js.setTimeout(self._bot_timer, wait)
        else:
            show()

    def on_bot_error(self, event) -> None:  # noqa: ANN001
        """The worker script itself failed (it could not load): pause the bots and say why."""
        message = js_str(getattr(event, "message", None)) or "worker error"
        key = self._bot_key or ""
        self._bot_key = None
        self._safely(lambda: self.controller.bots.failed(key, message))
