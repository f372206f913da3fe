"""Driving the Nile page like a player: clicks that wait for the app to redraw, reading its state.

The page exposes its state on ``<body>``: ``data-renders`` (redraws so far), ``data-screen``,
``data-actions`` (engine actions in the current game). Every clickable element carries
``data-i`` (intent) and ``data-v`` (value). A click on such an element is handled
synchronously by Python and always ends in a redraw, so "wait until data-renders grows" is
the exact completion signal of a click, with no sleeps.

Saves for a test are made here with the same engine the page runs (``nile`` from the source
tree; ``conftest`` checks that ``dist/nile.tar.gz`` holds the same sources).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from nile.banks.options import Options, Player
from nile.banks.state import ACTIONS, BanksState
from nile.core import save
from nile.core.rng import Rng

NAMES3 = ("Amun", "Bastet", "Horus")
COLOURS = ("red", "blue", "green", "yellow", "white")
PREFIX = "nile:game:"


# ---------------------------------------------------------------------- reading the page
def body(page: Page) -> dict[str, str]:
    return page.evaluate("() => ({...document.body.dataset})")


#: JS: an element's markup as drawn, without the marks of what the last moves changed: static/motion.js keeps
#: them in memory only (a reload shows the position, not how it came about); a picture's size (static/fit.js)
#: written last, wherever the redraws left it among the element's own attributes
DRAWN_JS = ("(el) => { const c = el.cloneNode(true);"
            " c.querySelectorAll('[data-marked]').forEach((e) => e.removeAttribute('data-marked'));"
            " c.querySelectorAll('[style]').forEach((e) => { const v = e.getAttribute('style'); e.removeAttribute('style');"
            " e.setAttribute('style', v); }); return c.innerHTML; }")


def drawn(page: Page, selector: str) -> str:
    """The markup of the element ``selector`` finds, as drawn (``DRAWN_JS``)."""
    return str(page.locator(selector).evaluate(DRAWN_JS))


def renders(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.renders || 0)"))


def actions(page: Page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.actions || 0)"))


def screen(page: Page) -> str:
    return page.evaluate("() => document.body.dataset.screen || ''")


#: the page has done what it does after its last redraw (nile.web.app's ``_after_frame``: the move's save among it), so
#: the storage holds every move the page shows
SETTLED_JS = "() => !document.body || document.body.dataset.done === document.body.dataset.renders"


def storage(page: Page) -> dict[str, str]:
    """Everything in localStorage, once the page has saved what it shows (``SETTLED_JS``)."""
    page.wait_for_function(SETTLED_JS, timeout=10_000)
    return page.evaluate(
        "() => Object.fromEntries(Array.from({length: localStorage.length}, (_, i) => localStorage.key(i))"
        ".map(k => [k, localStorage.getItem(k)]))"
    )


def saved_games(page: Page) -> dict[str, dict[str, Any]]:
    """The stored games, parsed: id -> save dict."""
    return {k[len(PREFIX):]: json.loads(v) for k, v in storage(page).items() if k.startswith(PREFIX)}


def only_game(page: Page) -> tuple[str, dict[str, Any]]:
    games = saved_games(page)
    assert len(games) == 1, f"expected one saved game, found {sorted(games)}"
    return next(iter(games.items()))


def round_shown(page: Page) -> int:
    """The round in the status bar ("Round 2" -> 2); 0 during set-up or bids."""
    loc = page.locator(".status .round")
    if not loc.count():
        return 0
    words = loc.inner_text().split()
    return int(words[1]) if len(words) == 2 and words[0] == "Round" and words[1].isdigit() else 0


# ---------------------------------------------------------------------- acting
#: the page has redrawn since redraw ``n``, and done what it does after the redraw's frame (nile.web.app's
#: ``_after_frame``: the move's save, what a screen reader hears): what a test may read now is all there
REDRAWN_AFTER_JS = ("n => Number(document.body.dataset.renders || 0) > n"
                    " && document.body.dataset.done === document.body.dataset.renders")


def wait_renders_after(page: Page, before: int, timeout: float = 30_000) -> None:
    page.wait_for_function(REDRAWN_AFTER_JS, arg=before, timeout=timeout)


@contextmanager
def at_size(page: Page, width: int, height: int) -> Iterator[None]:
    """The page at a window size (a phone's: 390 × 844) while the block runs, and at its own size again after it,
    whatever the block did (a test that fails leaves the shared page as it found it)."""
    size = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        yield
    finally:
        if size:
            page.set_viewport_size(size)


#: JS (an expression): the page at rest, no piece flying or fading (static/motion.js) and no finite animation running
AT_REST_JS = ("!document.querySelector('[data-ghost], [data-flying]') && document.getAnimations().every("
              "(a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)")


def settled(page: Page, timeout: float = 5_000) -> None:
    """Wait until the last move's motion is over (static/motion.js): no piece still flying or fading,
    no finite animation running; then until a frame has been drawn since, so what static/fit.js sets when the
    frame is laid out (a new picture's size, from its ResizeObserver) is there too. What a test then reads is the
    table at rest, as a player sees it."""
    page.wait_for_function("() => " + AT_REST_JS, timeout=timeout)
    # (a ResizeObserver reports after the frame's animation callbacks: the second callback comes after a whole frame)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))")


def click(page: Page, target: str | Locator, tap: bool = False) -> None:
    """Click (or tap) one element with a data-i intent and wait until the app has redrawn."""
    loc = page.locator(target) if isinstance(target, str) else target
    before = renders(page)
    if tap:
        loc.tap()
    else:
        loc.click()
    wait_renders_after(page, before)


def head_control(page: Page, name: str, value: str | None = None) -> Locator:
    """A control of the game's head line. On a screen too narrow for all of them it is behind the menu
    button (static/app.css): the menu is opened first, as a person would."""
    loc = page.locator(".status " + intent(name, value)).first
    toggle = page.locator(".status " + intent("menu"))
    if not loc.is_visible() and toggle.is_visible() and toggle.get_attribute("aria-expanded") == "false":
        click(page, toggle)
    return loc


def intent(i: str, v: str | None = None) -> str:
    """CSS selector of the element with this intent (and value)."""
    sel = f'[data-i="{i}"]'
    if v is not None:
        sel += f'[data-v="{css_str(v)}"]'
    return sel


def css_str(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def notice(page: Page, level: str = "error") -> Locator:
    return page.locator(f".notice.{level}")


def reset_app(page: Page) -> None:
    """Bring a booted page back to an empty home screen with nothing stored, without reloading."""
    if page.locator(".rules-help").count():  # a test left the rules help open (modal: the page behind is inert)
        click(page, page.locator(".rules-help .rules-head [data-i=rules]").first)
    if page.locator(intent("review-exit")).count():  # a test left a game's review open (it has no Home button)
        click(page, page.locator(intent("review-exit")).first)
    home = page.locator(intent("home"))
    if screen(page) != "home" and home.count():
        click(page, home.first)
    # cleared once home: leaving a game writes its record, and a page whose storage was cleared under an open game
    # writes it back; a write still on its way (a computer player's answer) is cleared the second time.
    # The app redraws its home screen when storage changes in "another tab".
    for _ in range(2):
        page.evaluate("() => localStorage.clear()")
        before = renders(page)
        page.evaluate("() => window.dispatchEvent(new StorageEvent('storage', {key: 'nile:index'}))")
        wait_renders_after(page, before)
        if not page.locator(".saved").count():
            break
    while page.locator(".notice [data-i=dismiss]").count():
        click(page, page.locator(".notice [data-i=dismiss]").first)
    set_language(page, "en")  # a test left another language on
    assert screen(page) == "home" and not page.locator(".rules-help").count()
    assert page.locator(".saved").count() == 0


def set_language(page: Page, lang: str) -> None:
    """Switch the page to ``lang`` with the language control (if it is not on already) and wait for the redraw."""
    if page.evaluate("() => document.documentElement.lang") != lang:
        before = renders(page)
        page.locator(intent("lang")).first.select_option(lang)
        wait_renders_after(page, before)


def put_saves(page: Page, items: dict[str, str]) -> None:
    """Store raw values under these keys and let the home screen pick them up (as after a reload)."""
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)
    before = renders(page)
    page.evaluate("() => window.dispatchEvent(new StorageEvent('storage', {key: 'nile:index'}))")
    wait_renders_after(page, before)


def continue_game(page: Page, gid: str) -> None:
    click(page, intent("continue", gid))
    assert screen(page) == "game", page.locator(".notice").all_inner_texts()


#: what a learner clicks, in this order: read a lesson or a moment, answer a question, their own secret choice,
#: a place the coach points at, an action the panel offers, then anything else the board or the panel offers
LEARNER = (
    "[data-i=lesson-close]",
    "[data-i=moment-close]",
    "[data-i=confirm]",
    ".bid-private [data-i=bid-submit]",
    "g.coach, button.coach",
    ".actions [data-i=act]:not(.unavailable)",
    "g.act, g.sel, button.target",
)


def learn(page: Page, game: str, name: str = "Anna") -> None:
    """Learn to play ``game``: its button on home, the learner's name typed, the guided game started."""
    click(page, intent("learn", game))
    page.locator(".learn " + intent("setup-name", "0")).fill(name)
    click(page, intent("start-game"))
    assert screen(page) == "game", page.locator(".form-error").all_inner_texts()


def start_game(page: Page, names: tuple[str, ...] = NAMES3, variants: tuple[str, ...] = (), tap: bool = False,
               game: str = "banks", kinds: tuple[str, ...] = (), then: str = "game") -> None:
    """New game of ``game`` through its card on home and the set-up form: player count, typed names,
    who plays each seat (``kinds``: "" a person, else a bot strength, or "far": a person far away), variants,
    start; ``then``: the screen that follows (a game with seats far away first sends its invitation: "far")."""
    click(page, intent("new", game), tap=tap)
    assert screen(page) == "setup"
    count = page.locator(intent("setup-count"))
    if count.input_value() != str(len(names)):
        before = renders(page)
        count.select_option(str(len(names)))
        wait_renders_after(page, before)
    for i, name in enumerate(names):
        box = page.locator(intent("setup-name", str(i)))
        if tap:
            box.tap()
        box.fill(name)  # a text field reports every keystroke, without redrawing the form
        assert page.locator(intent("setup-name", str(i))).input_value() == name[:40]
    for i, kind in enumerate(kinds):
        if kind:
            before = renders(page)
            page.locator(intent("setup-kind")).nth(i).select_option(f"{i}:{kind}")
            wait_renders_after(page, before)
    for v in variants:
        click(page, intent("setup-option", f"variant:{v}"), tap=tap)
        assert page.locator(intent("setup-option", f"variant:{v}")).is_checked()
    click(page, intent("start-game"), tap=tap)
    assert screen(page) == then, page.locator(".form-error").all_inner_texts()


# ---------------------------------------------------------------------- a simple player
PICK_ANY = """() => {
  const shown = el => el.getClientRects().length > 0 && !el.hasAttribute('disabled')
                      && el.getAttribute('aria-disabled') !== 'true';  // a dimmed button answers with its rule only
  for (const sel of SELECTORS) {
    const el = [...document.querySelectorAll(sel)].find(shown);
    if (el) return {i: el.getAttribute('data-i'), v: el.getAttribute('data-v')};
  }
  return null;
}"""

#: what the simple player clicks, in this order: bids, end turn, a commit on the board, a
#: rot choice (or any action button), then anything selectable
ADVANCE_ORDER = (
    "[data-i=confirm]",
    "[data-i=moment-close]",
    ".handover [data-i=reveal-bidder]",
    ".bid-private [data-i=bid-submit]",
    "[data-i=act][data-v=end]",
    "g.field.act",
    "g.mrow.act",
    "[data-i=act]",
    "button.target",
    "g.sel",
)


def find(page: Page, selectors: tuple[str, ...]) -> dict[str, str] | None:
    return page.evaluate(PICK_ANY.replace("SELECTORS", json.dumps(list(selectors))))


#: true once any of the selectors shows an enabled element
WAIT_JS = """sels => sels.some(s => [...document.querySelectorAll(s)].some(
    el => el.getClientRects().length > 0 && !el.hasAttribute('disabled')
          && el.getAttribute('aria-disabled') !== 'true'))"""


def play_against_bots(page: Page, person: tuple[str, ...], max_steps: int = 1500,
                      seen: Callable[[dict[str, str], Locator], None] | None = None,
                      until: Callable[[], bool] | None = None) -> int:
    """Click as the person whenever they can act (the first of ``person`` that shows), skip the bots'
    pacing, until the end screen (or ``until()``); ``seen`` hears of each click before it is made.
    Returns the clicks."""
    clicks = 0
    watch = [".end", "[data-i=bot-skip]", *person]
    for _ in range(max_steps):
        if page.locator(".end").count() or (until is not None and until()):
            return clicks
        assert not page.locator(".handover [data-i=reveal-bidder]").count(), "a hand-over screen with one person"
        assert not page.locator(".notice.error").count(), page.locator(".notice").inner_text()
        hit = find(page, person)
        if hit:
            target = page.locator(intent(hit["i"], hit["v"])).first
            if seen:
                seen(hit, target)
            click(page, target)
            clicks += 1
            continue
        skip = page.locator("[data-i=bot-skip]")
        if skip.count():  # only to go faster: the bots may move the button away meanwhile (their turns end)
            before = renders(page)
            try:
                skip.first.click(timeout=5_000)
            except PlaywrightTimeoutError:
                continue
            wait_renders_after(page, before)
        before = renders(page)
        page.wait_for_function(f"() => +document.body.dataset.renders > {before} || ({WAIT_JS})({json.dumps(watch)})",
                               timeout=30_000)
    raise AssertionError("the game did not end: " + page.locator("#app").inner_text()[:400])


def advance(page: Page, tap: bool = False, order: tuple[str, ...] = ADVANCE_ORDER) -> str:
    """One click of the simple player (ends every turn at once); returns what it clicked."""
    hit = find(page, order)
    assert hit, "nothing to click: " + page.locator("#app").inner_text()[:500]
    target = page.locator(intent(hit["i"], hit["v"])).first
    if tap:
        assert_in_viewport(page, target)
    click(page, target, tap=tap)
    return f'{hit["i"]}:{hit["v"]}'


def to_first_sowing(page: Page) -> None:
    """Nile from its set-up: make the set-up's simple choices until a turn's sowing is offered (a crop of
    the supply to choose, and End turn)."""
    for _ in range(60):
        if page.locator(".supply button.target, .actions button.chip.target").count() and page.locator("[data-i=act][data-v=end]").count():
            return
        hit = find(page, ("[data-i=confirm]", "[data-i=moment-close]", ".handover [data-i=reveal-bidder]",
                          ".bid-private [data-i=bid-submit]", "g.field.act", "[data-i=act]", "button.target", "g.sel"))
        assert hit, page.locator("#app").inner_text()[:300]
        click(page, page.locator(intent(hit["i"], hit["v"])).first)
    raise AssertionError("no sowing offered after 60 clicks: " + page.locator("#app").inner_text()[:300])


#: what is on top at each point of a 7 × 7 grid over the window: in the hand-over screen's cover or not
COVERED_JS = """() => {
  const out = [];
  for (let i = 0; i < 7; i++) for (let j = 0; j < 7; j++) {
    const x = (i + .5) * innerWidth / 7, y = (j + .5) * innerHeight / 7;
    const el = document.elementFromPoint(x, y);
    if (!el || !el.closest('.handover-cover')) out.push([Math.round(x), Math.round(y), el ? el.outerHTML.slice(0, 80) : null]);
  }
  return {uncovered: out, scrolls: document.scrollingElement.scrollHeight > innerHeight
    && getComputedStyle(document.documentElement).overflowY !== 'hidden'};
}"""


def assert_covered(page: Page) -> None:
    """A hand-over screen hides the whole table from the eye: the cover is on top everywhere in the window,
    the page does not scroll under it, and the keyboard reaches nothing of the table (Tab comes back to the cover)."""
    seen = page.evaluate(COVERED_JS)
    assert not seen["uncovered"], f"the table shows through the hand-over screen at {seen['uncovered'][:3]}"
    assert not seen["scrolls"], "the page scrolls under the hand-over screen"
    for _ in range(12):
        page.keyboard.press("Tab")
        assert not page.evaluate("() => !!document.activeElement?.closest('#app > .game')"), \
            "Tab reached the covered table: " + page.evaluate("() => document.activeElement.outerHTML.slice(0, 200)")


def assert_in_viewport(page: Page, target: Locator) -> None:
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    size = page.viewport_size
    assert box and size, "target has no box"
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert 0 <= cx <= size["width"] and 0 <= cy <= size["height"], f"target centre off screen: {box} in {size}"
    assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, f"target cut off at the side: {box}"


def end_turn(page: Page, tap: bool = False) -> None:
    """End turn, answering yes when it asks about action points left ("End your turn with 2 AP unused?")."""
    click(page, intent("act", "end"), tap=tap)
    if page.locator(intent("confirm", "end")).count():
        click(page, intent("confirm", "end"), tap=tap)


def in_turn(page: Page) -> bool:
    """The actions phase of some player (an End turn button is offered)."""
    return page.locator("[data-i=act][data-v=end]").count() > 0


def play_until(page: Page, done: Callable[[], bool], max_clicks: int = 400, **kw: Any) -> list[str]:
    clicks = []
    while not done():
        assert len(clicks) < max_clicks, f"not done after {max_clicks} clicks; last: {clicks[-10:]}"
        clicks.append(advance(page, **kw))
    return clicks


def sow_once(page: Page, tap: bool = False) -> bool:
    """In a turn: choose the first crop offered and sow it on the first field offered."""
    crop = page.locator("button.chip.target[data-v^='supply:']")
    if not crop.count():
        return False
    if tap:
        assert_in_viewport(page, crop.first)
    click(page, crop.first, tap=tap)
    field = page.locator("g.field.act")
    if not field.count():
        return False
    if tap:
        assert_in_viewport(page, field.first)
    click(page, field.first, tap=tap)
    return True


# ---------------------------------------------------------------------- replaying an engine action by clicks
def perform(page: Page, text: str, player: int) -> None:
    """Commit one engine action (``sow flax W4-2``, ``harvest W2-1 M3``…) the way a player would:
    select what must be selected, then click the place that commits it."""
    kind, *args = text.split()
    before = actions(page)
    pick = lambda key: click(page, page.locator(intent("pick", key)).first)  # noqa: E731
    if kind == "end":
        end_turn(page)
    elif kind in ("joker", "rot") or (kind == "buy" and args[0] == "joker"):
        click(page, intent("act", text))
    elif kind == "boat":
        pick(f"supply:{args[0]}")
    elif kind == "water":
        pile, fname = args
        if page.locator(f"button.pile.target[data-v='pile:{pile}']").count():
            pick(f"pile:{pile}")
        pick(f"field:{fname}")
    elif kind == "ebb":
        click(page, page.locator(f"g.field.act[data-v^='field:{args[0]}-']").first)
    elif kind in ("seed", "ripe"):
        crop, fname = args
        click(page, intent("select", f"side:{kind}"))
        pick(f"supply:{crop}")
        pick(f"field:{fname}")
    elif kind == "sow":
        crop, fname = args
        pick(f"supply:{crop}")
        pick(f"field:{fname}")
    elif kind == "grow":
        pick(f"field:{args[0]}")  # select the seed
        pick(f"field:{args[0]}")  # and grow it
    elif kind == "harvest":
        fname, market = args
        pick(f"field:{fname}")
        # the row's last stall is free (a full row is no target); fruit in the other stalls
        # is drawn over the row and does not take the click (see test_clicking_fruit_in_a_highlighted_market_row_harvests)
        click(page, page.locator(f"g.mrow.act[data-v='market:{market}'] rect.stall").last)
    elif kind == "buy":
        pick(f"boat:{player}:{args[0]}")
    elif kind == "hoard":
        owner = int(args[0][1:]) - 1
        pick(f"boat:{owner}:{args[1]}")
    elif kind == "refresh":
        pick(f"stall:{args[0]}:{args[1]}")
    else:
        raise AssertionError(f"no click known for {text!r}")
    after = actions(page)
    assert after == before + 1, f"{text!r} was not applied by its clicks ({before} -> {after}): " + \
        " | ".join(page.locator(".notice").all_inner_texts())


# ---------------------------------------------------------------------- saves made with the engine
@dataclass
class Made:
    state: BanksState
    text: str  # the save file


def options(names: tuple[str, ...] = NAMES3, variants: tuple[str, ...] = ()) -> Options:
    return Options(tuple(Player(n, COLOURS[i]) for i, n in enumerate(names)), 0, frozenset(variants))


def random_game(opts: Options, seed: int, stop: Callable[[BanksState], bool] = lambda s: False,
                policy_seed: int = 1) -> BanksState:
    """Play uniformly random legal actions until ``stop`` or the end of the game."""
    s = BanksState(opts, seed)
    rng = Rng(policy_seed)
    while not s.is_terminal() and not stop(s):
        seats = s.to_act()
        player = seats[rng.below(len(seats))]
        legal = s.legal_actions(player)
        s.apply(legal[rng.below(len(legal))], player)
    return s


def replay(opts: Options, seed: int, history: list[tuple[int, Any]]) -> BanksState:
    s = BanksState(opts, seed)
    for player, action in history:
        s.apply(action, player)
    return s


def save_at_turn_start(names: tuple[str, ...] = NAMES3, seed: int = 11, policy_seed: int = 3) -> Made:
    """A game at the start of a player's actions in round 1, with something to sow."""
    s = random_game(options(names), seed, lambda st: st.phase == ACTIONS and st.turn_mark == len(st.history),
                    policy_seed)
    assert s.phase == ACTIONS and any(a.kind == "sow" for a in s.legal_actions())
    return Made(s, save.dumps(s))
