"""Play from afar with a computer player at the table (issue 50), through the pages: a whole game of Nile with its
sealed bids (N11: the flood's, N12: the market's) between two devices (browser contexts, each its own storage).

Heike and her easy computer player Kalle play on the maker's device (context A): the game is set up on the page's
set-up screen, each seat's kind chosen by its control, Daan's seat "a person far away". Daan's device (context B)
opens the invitation by a fresh load of its link and joins as Daan. The links pass between the contexts as
``test_far.py`` passes them (the send cover's link opened in the other page's address). The persons play random legal
moves through the page (an engine action chosen at random among the legal ones of the game the page shows, made by
its clicks: ``ui.perform``; a sealed bid of random markers on the bid form); Kalle thinks in A's Web Worker, as in
real use, at the speed "fast" and skipped to Heike's turn whenever the page offers it.

Throughout, read after every step (and, for the notices, watched on every change of the page):

1. A's bot worker is asked once per decision of Kalle: every ``decide`` message a page posts to a worker is counted
   (``Worker.prototype.postMessage`` wrapped before the page's scripts run); no key is posted twice, and as many are
   posted as Kalle made moves; B posts none;
2. no error notice, nor "Something went wrong", on either page at any time, and no uncaught script error;
3. B's board never shows more moves than B's stored record of the game (``nile:far:<id>``) holds;
4. while B waits for Kalle's move alone, B's prompt says "Waiting for a link from Heike: the computer player Kalle
   plays on Heike's device." (the words of d734d43; "… on that device" before);
5. at the end both devices' stored games (``nile:game:<id>``) are the same, and over.

The whole game, from the set-up on, took 62–117 s in Chromium here (about 420–500 moves, some 250 of them Kalle's,
and 105–130 links; the most on a machine busy with other tests): under the 150 s it may take, thanks to Kalle's speed
"fast", Skip, and each person ending a turn early more often than not.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from nile.core.game import GameState
from nile.games import load_save

from .conftest import open_app
from .test_far import SHOWS, close_cover, join, link_of, open_link
from .ui import REDRAWN_AFTER_JS, actions, click, end_turn, intent, perform, renders, start_game, wait_renders_after

pytestmark = pytest.mark.browser

NAMES = ("Heike", "Kalle", "Daan")
HEIKE, KALLE, DAAN = 0, 1, 2
WAITING_FOR_KALLE = "Waiting for a link from Heike: the computer player Kalle plays on Heike's device."

#: before the page's own scripts: every bot decision a page asks of a worker, by its key (``nile.bots.protocol``'s
#: ``decide``), and every error notice (or "Something went wrong") the page ever shows, however briefly
WATCH_JS = """(() => {
  window.__nileDecide = [];
  window.__nileErrors = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data, ...rest) {
    if (data && data.kind === 'decide') window.__nileDecide.push(String(data.key));
    return post.call(this, data, ...rest);
  };
  const seen = (text) => { if (!window.__nileErrors.includes(text)) window.__nileErrors.push(text); };
  const look = () => {
    for (const el of document.querySelectorAll('.notice.error')) seen(el.textContent);
    if (document.body && document.body.textContent.includes('Something went wrong')) seen('Something went wrong');
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true});
})();"""

#: what a check reads of a page, in one go
READ_JS = """() => {
  const far = Object.keys(localStorage).filter(k => k.startsWith('nile:far:'));
  const games = Object.keys(localStorage).filter(k => k.startsWith('nile:game:'));
  const prompt = document.querySelector('#prompt');
  return {decide: window.__nileDecide ?? null, errors: window.__nileErrors ?? null,
          notices: [...document.querySelectorAll('.notice.error')].map(e => e.textContent),
          shown: Number(document.body.dataset.actions || 0), screen: document.body.dataset.screen || '',
          far: far.map(k => JSON.parse(localStorage.getItem(k)).actions.length),
          game: games.length === 1 ? localStorage.getItem(games[0]) : null, games: games.length,
          prompt: prompt ? prompt.textContent : null, end: !!document.querySelector('.end'),
          cover: !!document.querySelector('#far-url'), moment: !!document.querySelector('[data-i=moment-close]')};
}"""


class Table:
    """The two devices and what the checks keep between steps."""

    def __init__(self, heike: Page, daan: Page, rng: random.Random) -> None:
        self.pages = {"Heike": heike, "Daan": daan}
        self.seat = {"Heike": HEIKE, "Daan": DAAN}
        self.rng = rng
        self.page_errors: list[str] = []
        self._states: dict[str, tuple[dict[str, Any], list[str], GameState]] = {}  # by device: its game
        self.waited_for_kalle = 0  # checks that found B waiting for Kalle alone
        self.bids = Counter[str]()  # sealed bids made through the page, by device
        self.links = 0
        self.speed_set = False
        self._sent: dict[str, str] = {}
        self._offered: dict[str, str] = {}
        for name, page in self.pages.items():
            page.on("pageerror", lambda e, name=name: self.page_errors.append(f"{name}: {e}"))

    def state_of(self, name: str, text: str) -> GameState:
        """The game a device stores (its text): replayed once, then only its new moves (a whole replay takes a
        sixth of a second at the end, and the stored games change at every move)."""
        kept = self._states.get(name)
        data = json.loads(text)
        moves = data.pop("actions")
        if kept is not None and kept[0] == data and moves[: len(kept[1])] == kept[1]:
            state = kept[2]
            for move in moves[len(kept[1]):]:
                seat, _, action = move.partition(" ")
                state.apply(state.parse_action(action), int(seat[1:]) - 1)
        else:
            state = load_save(text)
        self._states[name] = (data, moves, state)
        return state

    def read(self, name: str) -> dict[str, Any]:
        return self.pages[name].evaluate(READ_JS)

    def check(self) -> None:
        """(1)–(4) of the module's docstring, as the pages are now."""
        assert not self.page_errors, self.page_errors
        seen = {name: self.read(name) for name in self.pages}
        for name, r in seen.items():
            assert r["decide"] is not None and r["errors"] is not None, f"{name}'s page is not watched"
            assert not r["errors"] and not r["notices"], f"{name}'s page showed an error: {r['errors']} {r['notices']}"
            assert r["games"] <= 1 and len(r["far"]) <= 1, f"{name}'s device keeps one game: {r}"
        heike, daan = seen["Heike"], seen["Daan"]
        twice = [k for k, n in Counter(heike["decide"]).items() if n > 1]
        assert not twice, f"Heike's page asked its bot worker twice for the same decision: {twice}"
        assert all(k.endswith(f"/{KALLE}") for k in heike["decide"]), heike["decide"]
        assert not daan["decide"], f"Daan's page asked a bot worker: {daan['decide']}"
        if daan["far"]:
            assert daan["shown"] <= daan["far"][0], \
                f"Daan's board shows {daan['shown']} moves, his record holds {daan['far'][0]}"
        if daan["game"] is not None and daan["screen"] == "game" and not daan["cover"] and not daan["moment"]:
            s = self.state_of("Daan", daan["game"])
            if len(s.history) == daan["shown"] and not s.is_terminal() and tuple(s.to_act()) == (KALLE,):
                assert daan["prompt"] == WAITING_FOR_KALLE, daan["prompt"]
                self.waited_for_kalle += 1

    # ------------------------------------------------------------------ a step of each device
    def pass_link(self, name: str) -> bool:
        """The send cover is open on ``name``'s page: its link goes to the devices its title names (as a person
        sends it), once; the cover is closed. True if a link went."""
        page = self.pages[name]
        url = link_of(page)
        went = False
        if self._sent.get(name) != url:
            self._sent[name] = url
            title = page.locator("#far-title").inner_text()
            assert "Kalle" not in title, title  # a link goes to persons, never to a computer player
            for other, to in self.pages.items():
                if other != name and other in title:
                    open_link(to, url)
                    self.links += 1
                    went = True
        close_cover(page)
        self._offered[name] = self.record_of(name)
        return went

    def person(self, name: str) -> bool:
        """One random legal move of the person at ``name``'s page, by its clicks; False if they have none now."""
        page, seat = self.pages[name], self.seat[name]
        if page.locator(intent("confirm")).count():
            click(page, page.locator(intent("confirm")).first)
            return True
        bid = page.locator(".bid-private")
        if bid.count():  # a sealed bid: a few markers at random, then sealed
            for _ in range(self.rng.randrange(4)):
                more = bid.locator("[data-i=bid-change][data-v$=':+']:not([disabled])")
                if not more.count():
                    break
                click(page, more.nth(self.rng.randrange(more.count())))
            click(page, ".bid-private [data-i=bid-submit]")
            self.bids[name] += 1
            return True
        r = self.read(name)
        if r["game"] is None or r["screen"] != "game":
            return False
        s = self.state_of(name, r["game"])
        if len(s.history) != r["shown"] or s.is_terminal() or seat not in s.to_act() or s.secret_decision():
            return False
        if name == "Heike":
            self.fast()  # (at Heike's turn: the head line at rest, Kalle waits for her)
        legal = [a.text() for a in s.legal_actions(seat)]
        text = "end" if "end" in legal and self.rng.random() < 0.6 else self.rng.choice(legal)
        before = len(s.history)
        try:
            if text == "end":
                end_turn(page)
            else:
                perform(page, text, seat)
        except AssertionError:  # (perform counts one move more; Kalle may have moved at once after it)
            if actions(page) <= before:
                raise
        made = self.state_of(name, self.read(name)["game"]).history
        assert len(made) > before and made[before][0] == seat and made[before][1].text() == text, \
            f"{name} chose {text!r}, the page made {made[before:before + 1]}"
        return True

    def step(self, name: str) -> bool:
        """What ``name``'s device does now: pass the link it offers, read a moment, or its person's move. True if
        it did something."""
        page = self.pages[name]
        show = page.evaluate(SHOWS)
        if show["cover"]:
            return self.pass_link(name)
        if show["moment"]:
            moment = page.locator("[data-i=moment-close]")
            before = renders(page)
            try:
                moment.click(timeout=3000)
            except PlaywrightTimeoutError:  # the page moved on meanwhile (Kalle's moves while skipping: the link to send)
                return True
            wait_renders_after(page, before)
            return True
        return not show["line"] and not show["end"] and self.person(name)

    def offer_again(self) -> bool:
        """Nobody could move and Kalle is not moving: a device waiting for a link offers its own again if its record
        has changed since it last sent it (it may say more now: test_far.py's ``play_by_links``). True if a link
        went."""
        went = False
        for name, page in self.pages.items():
            if page.evaluate(SHOWS)["line"] and self._offered.get(name) != self.record_of(name):
                click(page, intent("far-send"))
                went = self.pass_link(name) or went
        return went

    def record_of(self, name: str) -> str:
        return self.pages[name].evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('nile:far:'))"
                                         ".map(k => localStorage.getItem(k)).join()")

    def kalle_moves(self) -> bool:
        """Kalle is to move on Heike's page (thinking, or Skip offered)."""
        return bool(self.pages["Heike"].evaluate(
            "() => !!document.body.dataset.botThinking || !!document.querySelector('[data-i=bot-skip]')"))

    def skip(self) -> None:
        """Skip to Heike's turn, when Heike's page offers it (Kalle is to move)."""
        page = self.pages["Heike"]
        skip = page.locator(intent("bot-skip"))
        if skip.count():
            try:
                skip.first.click(timeout=2_000)
            except PlaywrightTimeoutError:  # Kalle's turn may end meanwhile and take the button away
                pass

    def wait_for_kalle(self, before: int) -> None:
        """Nobody could move: Kalle thinks on Heike's page (skipped to Heike's turn where it is offered); until it
        has redrawn since ``before`` (its redraws when the round began)."""
        page = self.pages["Heike"]
        self.skip()
        try:
            page.wait_for_function(REDRAWN_AFTER_JS, arg=before, timeout=30_000)
        except PlaywrightTimeoutError:
            raise AssertionError("nobody moves: " + self.describe()) from None

    def describe(self) -> str:
        """Where each device is (for a failure's message)."""
        out = []
        for name, page in self.pages.items():
            r = self.read(name)
            s = self.state_of(name, r["game"]) if r["game"] else None
            where = f"to act {s.to_act()} after {len(s.history)} moves" if s is not None else "no game"
            if r["game"]:
                where += f", players {json.loads(r['game'])['options']['players']}"
            out.append(f"{name} ({where}, shows {r['shown']}, record {r['far']}, "
                       f"bot {page.evaluate('() => document.body.dataset.botThinking')!r}): "
                       + page.locator("#app").inner_text()[:2500])
        return " || ".join(out)

    def fast(self) -> None:
        """Kalle's speed "fast", by the head line's control on Heike's page, once it is offered (not over a sealed
        bid); behind the menu button on a screen too narrow for it, as a person would find it, and the menu closed
        again."""
        page = self.pages["Heike"]
        speed = page.locator(".status " + intent("bot-speed"))
        if self.speed_set or not speed.count():
            return
        toggle = page.locator(".status " + intent("menu"))
        opened = not speed.is_visible() and toggle.is_visible()
        if opened:
            click(page, toggle)
        before = renders(page)
        speed.select_option("fast")
        wait_renders_after(page, before)
        if opened and toggle.get_attribute("aria-expanded") == "true":
            click(page, toggle)
        self.speed_set = True

    def play(self, max_rounds: int = 3000) -> None:
        for _ in range(max_rounds):
            self.check()
            shows = [p.evaluate(SHOWS) for p in self.pages.values()]
            if all(s["end"] and not s["cover"] for s in shows):
                return
            moved, before = False, renders(self.pages["Heike"])
            for name in self.pages:
                moved = self.step(name) or moved
            self.skip()
            if not moved and (self.kalle_moves() or not self.offer_again()):
                self.wait_for_kalle(before)
        raise AssertionError("the game did not end: " + self.describe())


def test_a_whole_game_of_nile_from_afar_with_a_computer_player_on_the_makers_device(
        new_context: Callable[..., BrowserContext]) -> None:
    started = time.monotonic()
    contexts = [new_context(), new_context()]
    for context in contexts:
        context.add_init_script(WATCH_JS)
    heike, daan = (c.new_page() for c in contexts)
    open_app(heike)
    # the set-up screen: three players, who plays each seat chosen by its control (Kalle an easy computer player,
    # Daan a person far away), the variants ticked; the invitation to send comes up
    start_game(heike, NAMES, ("N11", "N12"), game="banks", kinds=("", "easy", "far"), then="far")
    invitation = link_of(heike)
    back = join(daan, invitation, 1)
    open_link(heike, back)  # every secret in: the game begins on Heike's device
    assert heike.evaluate("() => document.body.dataset.screen") == "game"

    table = Table(heike, daan, random.Random(50))
    table.play()
    assert table.speed_set and heike.evaluate("() => localStorage.getItem('nile:bot-speed')") == "fast"
    table.check()
    for page in (heike, daan):
        close_cover(page)

    games = {}
    for name, page in table.pages.items():
        stored = page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('nile:game:'))"
                               ".map(k => [k, localStorage.getItem(k)])")
        assert len(stored) == 1, stored
        games[name] = (stored[0][0], json.loads(stored[0][1]))
    assert games["Heike"] == games["Daan"], "each device's stored game is the same game"
    data = games["Heike"][1]
    assert [p["name"] for p in data["options"]["players"]] == list(NAMES)
    assert [p.get("bot", "") for p in data["options"]["players"]] == ["", "easy", ""]
    assert {"N11", "N12"} <= set(data["options"]["variants"])
    end = load_save(json.dumps(data))
    assert end.is_terminal()
    kalle = [a for p, a in end.history if p == KALLE]
    asked = heike.evaluate("() => window.__nileDecide")
    assert len(asked) == len(kalle), f"Kalle made {len(kalle)} moves, his page asked {len(asked)} decisions"
    assert any(a.kind == "bid" for a in kalle), "Kalle sealed bids"
    assert table.bids["Heike"] and table.bids["Daan"], table.bids
    assert table.waited_for_kalle, "Daan's device waited for Kalle's move"
    print(f"\n{len(end.history)} moves ({len(kalle)} Kalle's), {table.links} links, {time.monotonic() - started:.0f} s")

