"""Abuse in the browser: a corpus of bad saves (imported and in localStorage), and reloads at 20 random
moments of a seeded game (one game open in two tabs: ``test_tabs.py``). The reloads are a returning
player's: Python starts from the memory snapshot the first visit made (static/snapshot.js), as it does on
a player's device (a reload without one: ``test_saves.py``)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from nile.core import save
from nile.core.rng import Rng
from tests.engine.test_fuzz import BAD_SAVES, finished

from .conftest import open_app, wait_ready, wait_snapshot_made, with_snapshots
from .ui import (
    DRAWN_JS,
    PREFIX,
    actions,
    advance,
    click,
    continue_game,
    intent,
    notice,
    put_saves,
    renders,
    save_at_turn_start,
    settled,
    storage,
    wait_renders_after,
)


def import_file(page: Page, name: str, data: bytes) -> None:
    before = renders(page)
    page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    wait_renders_after(page, before)


def test_bad_save_corpus_is_refused_on_import_and_from_storage_and_good_saves_survive(app: Page) -> None:
    good = save_at_turn_start()
    put_saves(app, {PREFIX + "good": good.text})
    text = save.dumps(finished())
    corpus = {name: make(text) for name, make in BAD_SAVES.items()}
    # 1. each bad file imported: a clear message, nothing stored, the good save untouched
    for name, bad in corpus.items():
        import_file(app, f"{name}.json", bad.encode("utf-8", "surrogatepass"))
        expect(notice(app)).to_contain_text("not imported")
        assert len(notice(app).inner_text()) < 500, name
        keys = [k for k in storage(app) if k.startswith(PREFIX)]
        assert keys == [PREFIX + "good"], (name, keys)
        assert storage(app)[PREFIX + "good"] == good.text
        assert app.evaluate("() => document.body.dataset.appState") == "ready"
    # 2. the same texts lying in localStorage: listed, set aside untouched when opened, never breaking the list
    small = {PREFIX + f"bad{i}": bad for i, bad in enumerate(corpus.values()) if len(bad) < 1_000_000}
    put_saves(app, small)
    for key, bad in small.items():
        gid = key[len(PREFIX):]
        click(app, intent("continue", gid))
        assert app.evaluate("() => document.body.dataset.screen") == "home"
        expect(notice(app)).to_contain_text("set aside")
        assert storage(app)[key] == bad
    assert app.locator(".saved.damaged").count() == len(small)
    continue_game(app, "good")  # the good one still plays
    assert actions(app) == len(good.state.history)


def snapshot(page: Page) -> dict[str, str]:
    settled(page)  # a piece still fading out is drawn, not stored
    return page.evaluate(
        """() => {
          const drawn = (sel) => { const el = document.querySelector(sel); return el ? (""" + DRAWN_JS + """)(el) : ''; };
          return {
            actions: document.body.dataset.actions,
            board: drawn('.board'),
            status: document.querySelector('.status')?.innerText ?? '',
            players: drawn('.players'),
            log: document.querySelector('.log')?.textContent ?? '',  // not innerText: lines out of sight are not rendered
            handover: document.querySelector('.handover')?.innerText ?? '',
          };
        }"""
    )


def test_reloading_at_20_random_moments_resumes_the_same_state(new_context) -> None:
    made = save_at_turn_start(seed=21, policy_seed=5)
    context = with_snapshots(new_context())  # a returning player's reloads
    context.add_init_script(
        f"if (!localStorage.getItem('{PREFIX}r')) {{ localStorage.setItem('{PREFIX}r', {json.dumps(made.text)});"
        " localStorage.setItem('nile:current', 'r'); }"
    )
    page = context.new_page()
    open_app(page)
    wait_snapshot_made(page)
    rng = Rng(2026)
    moments = sorted({rng.below(160) for _ in range(40)})[:20]
    assert len(moments) == 20
    clicks = 0
    for moment in moments:
        while clicks < moment:
            advance(page)
            clicks += 1
        if page.locator("[data-i=cancel]").count():  # a selection is not part of the game
            click(page, intent("cancel"))
        before, saved = snapshot(page), storage(page)[PREFIX + "r"]
        page.reload()
        wait_ready(page)
        assert page.evaluate("window.nileSnapshot") == "used"
        assert storage(page)[PREFIX + "r"] == saved
        after = snapshot(page)
        for part in before:
            assert after[part] == before[part], f"after {clicks} clicks, the {part} differs after a reload"
