"""A thin driver over the browsers the cross-browser suite runs in: the same few verbs for each engine.

- ``firefox``: Debian's ``firefox-esr`` spoken to over **WebDriver BiDi** (Firefox speaks it natively with
  ``--remote-debugging-port``); the websocket client is a few lines of standard library (``_Socket``).
- ``webkit``: WebKitGTK's ``MiniBrowser`` behind ``WebKitWebDriver`` (Debian's ``webkit2gtk-driver``),
  **classic WebDriver** over HTTP (urllib), on a virtual display (``Xvfb``). MiniBrowser writes the page's
  console to its standard output (``--enable-write-console-messages-to-stdout``): ``Tab.console()`` reads it.
- ``NILE_ENGINES=playwright``: Playwright's own Firefox and WebKit builds (a laptop that can download them,
  ``python -m playwright install firefox webkit``), behind the same verbs. Never required.

Verbs (``Tab``): ``goto``, ``js`` (a JS function's result, JSON-able, awaited), ``run`` (a script in the page's
global scope), ``wait`` (until a JS predicate holds), ``click`` (pointer actions at an element's centre:
WebKit's element click refuses an SVG ``<g>``), ``keys``, ``reload``, ``screenshot``, ``console``. An
``Engine`` opens tabs in a *context* (own storage: a Firefox user context, a WebKit session) and more tabs of
one context (one storage, two windows). Going offline is the suite's server's business (``conftest``): every
engine then sees a network that does not answer, as a phone in a tunnel does.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

FIREFOX = os.environ.get("NILE_FIREFOX") or shutil.which("firefox-esr") or shutil.which("firefox") or ""
WEBKIT_DRIVER = os.environ.get("NILE_WEBKIT_DRIVER") or shutil.which("WebKitWebDriver") or ""
MINIBROWSER = os.environ.get("NILE_MINIBROWSER") or next(
    (str(p) for p in Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser")), "")
XVFB = shutil.which("Xvfb") or ""

#: WebDriver's key codes for the keys the suite presses
KEYS = {"Tab": "\ue004", "Enter": "\ue007", "Escape": "\ue00c", "Space": " ", "ArrowLeft": "\ue012",
        "ArrowUp": "\ue013", "ArrowRight": "\ue014", "ArrowDown": "\ue015", "Shift": "\ue008", "Home": "\ue011",
        "End": "\ue010"}

#: JS run around a test's function: its result as JSON text (undefined as null), awaited
_WRAP = "async () => {{ const v = await ({fn})(...{args}); return JSON.stringify(v === undefined ? null : v); }}"

#: where a tap's element is scrolled to, one try after another while something else lies over its centre (as
#: Playwright's own click does): Firefox's "nearest" heeds no scroll padding, and left a field under a phone's docked
#: action panel, where a person would have scrolled it up into sight
ALIGN = ("nearest", "center", "end", "start")
#: JS: an element's centre in the viewport after scrolling it into view (the ``try``-th of ``ALIGN``), or null (none
#: shown)
_CENTRE = """(sel, nth, align) => {
  const el = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length)[nth];
  if (!el) return null;
  el.scrollIntoView({block: align, inline: 'nearest'});
  const r = el.getBoundingClientRect();
  const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
  const moving = el.getAnimations({subtree: true}).some((a) => a.playState === 'running'
    && a.effect?.getComputedTiming().iterations !== Infinity);
  return {x, y, hit: el.contains(document.elementFromPoint(x, y)) && !moving,
          renders: Number(document.body.dataset.renders || 0)};
}"""


class EngineError(RuntimeError):
    pass


def available(name: str) -> str:
    """Why the engine cannot run here ('' when it can)."""
    if os.environ.get("NILE_ENGINES", "") == "playwright":
        return ""
    if name == "firefox":
        return "" if FIREFOX else "no firefox-esr (apt-get install firefox-esr; make test-engines installs it)"
    if not WEBKIT_DRIVER or not MINIBROWSER:
        return "no WebKitWebDriver/MiniBrowser (apt-get install webkit2gtk-driver)"
    return "" if XVFB or os.environ.get("DISPLAY") else "no X display and no Xvfb (apt-get install xvfb)"


# ---------------------------------------------------------------------- what every engine offers
class Tab:
    """One page (a tab or window) of a context."""

    engine: Engine

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def _call(self, source: str) -> Any:  # the wrapped function's JSON text, parsed
        raise NotImplementedError

    def run(self, script: str) -> None:
        """Run a script in the page's global scope (a library such as axe-core)."""
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def _actions(self, actions: list[dict[str, Any]]) -> None:
        raise NotImplementedError

    def screenshot(self) -> bytes:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def console(self) -> list[str]:
        """The page's console messages seen so far (all tabs of the engine, where it cannot tell them apart)."""
        return []

    # ------------------------------------------------------------------ built on the above
    def js(self, fn: str, *args: Any) -> Any:
        """Call the JS function ``fn`` (source text) with JSON-able ``args`` in the page; its awaited result."""
        return self._call(_WRAP.format(fn=fn, args=json.dumps(list(args))))

    def wait(self, predicate: str, *args: Any, timeout: float = 30.0, what: str = "") -> Any:
        """Until the JS function ``predicate`` returns something truthy (polled in the page); that value."""
        deadline = time.monotonic() + timeout
        poll = ("async (...a) => { const t0 = performance.now(); for (;;) { const v = await (" + predicate + ")(...a);"
                " if (v || performance.now() - t0 > 5000) return v; await new Promise((r) => setTimeout(r, 40)); } }")
        while True:
            try:
                value = self.js(poll, *args)
            except EngineError as error:  # a navigation under the poll: try again
                if "navigat" not in str(error).lower() and "context" not in str(error).lower():
                    raise
                value = None
                time.sleep(0.1)
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout:.0f} s for {what or predicate[:120]}")

    def count(self, selector: str) -> int:
        return int(self.js("(s) => document.querySelectorAll(s).length", selector))

    def shown(self, selector: str) -> int:
        return int(self.js("(s) => [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length).length",
                           selector))

    def text(self, selector: str = "#app") -> str:
        return str(self.js("(s) => document.querySelector(s)?.innerText ?? ''", selector))

    def click(self, selector: str, nth: int = 0) -> int:
        """Press and release the mouse at the centre of the ``nth`` shown element ``selector`` finds; returns the
        page's ``data-renders`` just before (the app's redraws so far)."""
        deadline = time.monotonic() + 3.0
        tries = 0
        while True:  # as a person would: once the element is still and nothing lies over its centre
            at = self.js(_CENTRE, selector, nth, ALIGN[tries % len(ALIGN)])
            tries += 1
            if not at:
                raise EngineError(f"nothing shown to click: {selector} [{nth}]")
            if at["hit"] or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        self._actions([{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "x": at["x"], "y": at["y"], "origin": "viewport", "duration": 0},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])
        return int(at["renders"])

    def keys(self, *names: str) -> None:
        """Press and release each key in turn (names of ``KEYS`` or single characters)."""
        steps: list[dict[str, Any]] = []
        for name in names:
            value = KEYS.get(name, name)
            steps += [{"type": "keyDown", "value": value}, {"type": "keyUp", "value": value}]
        self._actions([{"type": "key", "id": "keyboard", "actions": steps}])

    def active(self) -> dict[str, Any]:
        """What has the keyboard's focus: its tag, data-i, data-v, id and class."""
        return self.js("() => { const e = document.activeElement; return e && {tag: e.tagName.toLowerCase(),"
                       " i: e.getAttribute('data-i'), v: e.getAttribute('data-v'), id: e.id,"
                       " cls: e.getAttribute('class') || ''}; }")


class Engine:
    name = ""

    def context(self) -> Context:
        """A new context: its own storage, caches and service workers."""
        raise NotImplementedError

    def quit(self) -> None:
        raise NotImplementedError


class Context:
    engine: Engine

    def tab(self, width: int = 1280, height: int = 900) -> Tab:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


# ---------------------------------------------------------------------- a websocket, for BiDi
class _Socket:
    """A websocket client (RFC 6455) for text messages: enough for WebDriver BiDi on the loopback."""

    def __init__(self, url: str, timeout: float = 120.0) -> None:
        u = urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {u.path or '/'} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
                          .encode())
        self.file = self.sock.makefile("rb")
        status = self.file.readline()
        if b" 101 " not in status:
            raise EngineError(f"websocket refused: {status!r}")
        while self.file.readline() not in (b"\r\n", b""):
            pass

    def send(self, text: str) -> None:
        data, mask = text.encode(), os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
                                if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exactly(self, n: int) -> bytes:
        data = self.file.read(n)
        if len(data) < n:
            raise EngineError("websocket closed")
        return data

    def recv(self) -> str:
        parts: list[bytes] = []
        while True:
            b0, b1 = self._exactly(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._exactly(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._exactly(8))[0]
            payload = self._exactly(n)
            opcode = b0 & 0x0F
            if opcode == 8:
                raise EngineError("websocket closed by the browser")
            if opcode == 9:  # ping
                self.sock.sendall(bytes([0x8A, 0x80]) + os.urandom(4))
                continue
            if opcode in (0, 1, 2):
                parts.append(payload)
                if b0 & 0x80:
                    return b"".join(parts).decode()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()


# ---------------------------------------------------------------------- Firefox over BiDi
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False, "browser.startup.page": 0,
    "browser.startup.homepage_override.mstone": "ignore", "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False, "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True, "extensions.update.enabled": False, "app.normandy.enabled": False,
    "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
    "browser.newtabpage.enabled": False, "browser.tabs.warnOnClose": False, "dom.disable_beforeunload": True,
    # tabs in the background keep their timers (two tabs of one game follow each other)
    "dom.min_background_timeout_value": 4, "dom.timeout.enable_budget_timer_throttling": False,
}


class Firefox(Engine):
    name = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="nile-firefox-")
        Path(self.profile, "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()))
        self.log = open(Path(self.profile, "firefox.log"), "w+b")  # noqa: SIM115 (open for the engine's life)
        self.proc = subprocess.Popen([FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0",
                                      "--profile", self.profile, "about:blank"],
                                     stdout=self.log, stderr=self.log, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"})
        url = self._listening()
        self.ws = _Socket(url + "/session")
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        self.send("session.new", {"capabilities": {"alwaysMatch": {"acceptInsecureCerts": True,
                                                                   "unhandledPromptBehavior": {"default": "accept"}}}})
        self.send("session.subscribe", {"events": ["log.entryAdded"]})
        self.blank = self.send("browsingContext.getTree", {})["contexts"][0]["context"]

    def _listening(self) -> str:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            self.log.seek(0)
            found = re.search(rb"WebDriver BiDi listening on (ws://[\w.:\[\]]+)", self.log.read())
            if found:
                return found.group(1).decode()
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.log.seek(0)
        raise EngineError("Firefox did not start its BiDi server: " + self.log.read()[-2000:].decode(errors="replace"))

    def send(self, method: str, params: dict[str, Any]) -> Any:
        self.next_id += 1
        mine = self.next_id
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("type") == "event":
                self.events.append(message)
                del self.events[:-2000]
            elif message.get("id") == mine:
                if message.get("type") == "error":
                    raise EngineError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    def context(self) -> Context:
        return FirefoxContext(self, self.send("browser.createUserContext", {})["userContext"])

    def quit(self) -> None:
        with contextlib.suppress(Exception):
            self.send("session.end", {})
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


class FirefoxContext(Context):
    engine: Firefox

    def __init__(self, engine: Firefox, user_context: str) -> None:
        self.engine, self.id = engine, user_context

    def tab(self, width: int = 1280, height: int = 900) -> Tab:
        context = self.engine.send("browsingContext.create", {"type": "tab", "userContext": self.id})["context"]
        self.engine.send("browsingContext.setViewport", {"context": context,
                                                         "viewport": {"width": width, "height": height}})
        return FirefoxTab(self.engine, context)

    def close(self) -> None:
        with contextlib.suppress(EngineError):
            self.engine.send("browser.removeUserContext", {"userContext": self.id})


class FirefoxTab(Tab):
    engine: Firefox

    def __init__(self, engine: Firefox, context: str) -> None:
        self.engine, self.id = engine, context
        self.size = (0, 0)

    def goto(self, url: str) -> None:
        self.engine.send("browsingContext.navigate", {"context": self.id, "url": url, "wait": "interactive"})

    def reload(self) -> None:
        self.engine.send("browsingContext.reload", {"context": self.id, "wait": "interactive"})

    def _call(self, source: str) -> Any:
        result = self.engine.send("script.callFunction", {
            "functionDeclaration": source, "awaitPromise": True, "target": {"context": self.id},
            "resultOwnership": "none"})
        if result.get("type") == "exception":
            details = result.get("exceptionDetails", {})
            raise EngineError(f"page script failed: {details.get('text')}")
        value = result["result"].get("value")
        return json.loads(value) if isinstance(value, str) else None

    def run(self, script: str) -> None:
        result = self.engine.send("script.evaluate", {"expression": script, "awaitPromise": False,
                                                      "target": {"context": self.id}})
        if result.get("type") == "exception":
            raise EngineError(f"script failed: {result.get('exceptionDetails', {}).get('text')}")

    def _actions(self, actions: list[dict[str, Any]]) -> None:
        self.engine.send("input.performActions", {"context": self.id, "actions": actions})

    def screenshot(self) -> bytes:
        return base64.b64decode(self.engine.send("browsingContext.captureScreenshot", {"context": self.id})["data"])

    def console(self) -> list[str]:
        return [f"{e['params'].get('level')}: {e['params'].get('text')}" for e in self.engine.events
                if e.get("method") == "log.entryAdded" and e["params"].get("source", {}).get("context") == self.id]

    def close(self) -> None:
        with contextlib.suppress(EngineError):
            self.engine.send("browsingContext.close", {"context": self.id})


# ---------------------------------------------------------------------- WebKit over classic WebDriver
class WebKit(Engine):
    """MiniBrowser on a virtual display. WebKitWebDriver holds one session at a time: each context is a driver of
    its own (its own MiniBrowser, its own storage)."""

    name = "webkit"

    def __init__(self) -> None:
        self.home = tempfile.mkdtemp(prefix="nile-webkit-")
        self.env = {**os.environ, "HOME": self.home, "XDG_CACHE_HOME": self.home + "/cache",
                    "XDG_DATA_HOME": self.home + "/data", "GDK_BACKEND": "x11", "LIBGL_ALWAYS_SOFTWARE": "1"}
        self.xvfb = None
        if XVFB and not os.environ.get("NILE_WEBKIT_DISPLAY_OWN"):
            self.xvfb = subprocess.Popen([XVFB, "-displayfd", "1", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"],
                                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            display = self.xvfb.stdout.readline().decode().strip() if self.xvfb.stdout else ""
            if not display:
                raise EngineError("Xvfb did not start")
            self.env["DISPLAY"] = ":" + display
        self.log_path = Path(self.home, "webkit.log")
        self.log = open(self.log_path, "w+b")  # noqa: SIM115 (open for the engine's life)
        # MiniBrowser through a wrapper that keeps its output: WebKitWebDriver drops it
        self.browser = str(Path(self.home, "minibrowser"))
        Path(self.browser).write_text(f'#!/bin/sh\nexec "{MINIBROWSER}" "$@" >>"{self.log_path}" 2>&1\n')
        Path(self.browser).chmod(0o755)

    def context(self) -> Context:
        return WebKitContext(self)

    def console(self) -> list[str]:
        self.log.flush()
        return [line for line in self.log_path.read_text(errors="replace").splitlines() if "CONSOLE" in line]

    def visit_console(self, url: str, seconds: float = 8.0, until: str = "PyScript Ready") -> list[str]:
        """The console of a plain MiniBrowser (not automated) visiting ``url``: WebKitGTK writes it to the standard
        output when asked (``--enable-write-console-messages-to-stdout``), which an automated one ignores."""
        out = Path(self.home, f"visit-{time.monotonic_ns()}.log")
        with open(out, "wb") as sink:
            proc = subprocess.Popen([MINIBROWSER, "--enable-write-console-messages-to-stdout=true", url],
                                    stdout=sink, stderr=subprocess.STDOUT, env=self.env)
            deadline = time.monotonic() + seconds
            while time.monotonic() < deadline and until not in out.read_text(errors="replace"):
                time.sleep(0.2)
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        return [line for line in out.read_text(errors="replace").splitlines() if "CONSOLE" in line]

    def quit(self) -> None:
        if self.xvfb:
            self.xvfb.terminate()
            self.xvfb.wait(15)
        self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)


class WebKitContext(Context):
    engine: WebKit

    def __init__(self, engine: WebKit) -> None:
        self.engine = engine
        # a MiniBrowser that never answers the new session (seen once on a machine busy with another WebKit) is
        # given up after a minute and started again, once
        for attempt in (1, 2):
            try:
                self._start(engine, session_timeout=60 if attempt == 1 else 180)
                break
            except (OSError, EngineError):
                self.proc.kill()
                self.proc.wait(15)
                if attempt == 2:
                    raise
        self.first = True
        self.current = ""

    def _start(self, engine: WebKit, session_timeout: float) -> None:
        self.port = _free_port()
        self.proc = subprocess.Popen([WEBKIT_DRIVER, f"--port={self.port}", "--host=127.0.0.1"],
                                     stdout=engine.log, stderr=subprocess.STDOUT, env=engine.env)
        self.url = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                self.http("GET", "/status")
                break
            except (OSError, EngineError):
                if time.monotonic() > deadline:
                    raise EngineError("WebKitWebDriver did not answer") from None
                time.sleep(0.1)
        caps = {"browserName": "MiniBrowser", "webkitgtk:browserOptions": {"binary": engine.browser,
                                                                           "args": ["--automation"]}}
        self.session = self.http("POST", "/session", {"capabilities": {"alwaysMatch": caps}}, timeout=session_timeout)["sessionId"]
        self.http("POST", f"/session/{self.session}/timeouts", {"script": 120_000, "pageLoad": 120_000})

    def http(self, method: str, path: str, body: Any = None, timeout: float = 180) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = json.loads(error.read() or b"{}").get("value", {})
            raise EngineError(f"{method} {path}: {detail.get('error')}: {detail.get('message')}") from None

    def tab(self, width: int = 1280, height: int = 900) -> Tab:
        path = f"/session/{self.session}"
        if self.first:  # the session's own window
            self.first = False
            handle = self.http("GET", path + "/window")
        else:  # a window, not a tab: a tab in the background never answers a screenshot
            handle = self.http("POST", path + "/window/new", {"type": "window"})["handle"]
        tab = WebKitTab(self, handle)
        tab.focus()
        # the window's outer size: the viewport is the window less MiniBrowser's toolbar
        self.http("POST", path + "/window/rect", {"width": width, "height": height})
        inner = tab.js("() => [innerWidth, innerHeight]")
        self.http("POST", path + "/window/rect", {"width": width + (width - inner[0]),
                                                  "height": height + (height - inner[1])})
        return tab

    def close(self) -> None:
        with contextlib.suppress(EngineError, OSError):
            self.http("DELETE", f"/session/{self.session}", timeout=30)
        self.proc.terminate()
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class WebKitTab(Tab):
    engine: WebKit

    def __init__(self, context: WebKitContext, handle: str) -> None:
        self.context, self.engine, self.handle = context, context.engine, handle
        self.http = context.http
        self.path = f"/session/{context.session}"

    def focus(self) -> None:
        if self.context.current != self.handle:
            self.http("POST", self.path + "/window", {"handle": self.handle})
            self.context.current = self.handle

    def goto(self, url: str) -> None:
        self.focus()
        self.http("POST", self.path + "/url", {"url": url})

    def reload(self) -> None:
        self.focus()
        self.http("POST", self.path + "/refresh", {})

    def _call(self, source: str) -> Any:
        self.focus()
        script = ("const done = arguments[arguments.length - 1];"
                  f" Promise.resolve().then({source}).then(done, (e) => done(JSON.stringify({{'__error__': String(e && e.stack || e)}})));")
        try:
            text = self.http("POST", self.path + "/execute/async", {"script": script, "args": []})
        except EngineError as error:
            raise EngineError(f"page script failed: {error}") from None
        value = json.loads(text) if isinstance(text, str) else None
        if isinstance(value, dict) and "__error__" in value:
            raise EngineError(f"page script failed: {value['__error__']}")
        return value

    def run(self, script: str) -> None:
        self.focus()
        # a script's top-level declarations stay in the function WebDriver wraps it in: give them to the window
        self.http("POST", self.path + "/execute/sync", {"script": script + "\n;return null;", "args": []})

    def _actions(self, actions: list[dict[str, Any]]) -> None:
        self.focus()
        self.http("POST", self.path + "/actions", {"actions": actions})

    def screenshot(self) -> bytes:
        self.focus()
        return base64.b64decode(self.http("GET", self.path + "/screenshot"))

    def console(self) -> list[str]:
        return self.engine.console()

    def close(self) -> None:
        self.focus()
        with contextlib.suppress(EngineError):
            self.http("DELETE", self.path + "/window")
        self.context.current = ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# ---------------------------------------------------------------------- Playwright's own builds (a laptop)
class Playwright(Engine):
    """Playwright's Firefox or WebKit (``NILE_ENGINES=playwright``): the same verbs over its API."""

    def __init__(self, name: str) -> None:
        from playwright.sync_api import sync_playwright

        self.name = name
        self.pw = sync_playwright().start()
        self.browser = getattr(self.pw, name).launch()

    def context(self) -> Context:
        return PlaywrightContext(self, self.browser.new_context())

    def quit(self) -> None:
        self.browser.close()
        self.pw.stop()


class PlaywrightContext(Context):
    engine: Playwright

    def __init__(self, engine: Playwright, context: Any) -> None:
        self.engine, self.ctx = engine, context

    def tab(self, width: int = 1280, height: int = 900) -> Tab:
        page = self.ctx.new_page()
        page.set_viewport_size({"width": width, "height": height})
        return PlaywrightTab(self.engine, page)

    def close(self) -> None:
        self.ctx.close()


class PlaywrightTab(Tab):
    engine: Playwright

    def __init__(self, engine: Playwright, page: Any) -> None:
        self.engine, self.page = engine, page
        self.messages: list[str] = []
        page.on("console", lambda m: self.messages.append(f"{m.type}: {m.text}"))

    def goto(self, url: str) -> None:
        self.page.goto(url, wait_until="domcontentloaded")

    def reload(self) -> None:
        self.page.reload(wait_until="domcontentloaded")

    def _call(self, source: str) -> Any:
        try:
            return json.loads(self.page.evaluate(source))
        except Exception as error:
            raise EngineError(f"page script failed: {error}") from None

    def run(self, script: str) -> None:
        self.page.evaluate(script)

    def _actions(self, actions: list[dict[str, Any]]) -> None:
        for source in actions:
            for step in source["actions"]:
                kind = step["type"]
                if kind == "pointerMove":
                    self.page.mouse.move(step["x"], step["y"])
                elif kind in ("pointerDown", "pointerUp"):
                    (self.page.mouse.down if kind == "pointerDown" else self.page.mouse.up)()
                elif kind in ("keyDown", "keyUp"):
                    key = next((k for k, v in KEYS.items() if v == step["value"]), step["value"])
                    key = " " if key == "Space" else key
                    (self.page.keyboard.down if kind == "keyDown" else self.page.keyboard.up)(key)

    def screenshot(self) -> bytes:
        return bytes(self.page.screenshot())

    def console(self) -> list[str]:
        return list(self.messages)

    def close(self) -> None:
        self.page.close()


def launch(name: str) -> Engine:
    if os.environ.get("NILE_ENGINES", "") == "playwright":
        return Playwright(name)
    return Firefox() if name == "firefox" else WebKit()
