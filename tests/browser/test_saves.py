"""Games kept in the browser: resuming after a reload, offline, damaged saves, a full storage, files."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from nile.core import save
from nile.messages import text as msg

from .conftest import open_app, wait_ready
from .ui import (
    actions,
    advance,
    click,
    continue_game,
    drawn,
    end_turn,
    in_turn,
    intent,
    notice,
    only_game,
    play_until,
    put_saves,
    renders,
    save_at_turn_start,
    saved_games,
    screen,
    sow_once,
    start_game,
    storage,
    wait_renders_after,
)


@pytest.fixture(scope="module")
def turn_start_save() -> Any:
    return save_at_turn_start()


def snapshot(page: Page) -> dict[str, Any]:
    """What a player sees of the game: actions so far, status bar, log, board, undo."""
    return {
        "actions": actions(page),
        "status": page.locator(".status").inner_text(),
        "log": page.locator(".log").text_content(),  # not inner_text: lines out of sight are not rendered
        "board": drawn(page, ".board"),
        "players": page.locator(".players").inner_text(),
        "undo": page.locator(intent("undo")).is_enabled(),
    }


def test_reload_mid_turn_resumes_the_same_game(page: Page, turn_start_save: Any) -> None:
    open_app(page)
    put_saves(page, {"nile:game:r": turn_start_save.text})
    continue_game(page, "r")
    assert sow_once(page) and sow_once(page)  # two moves into the turn
    before = snapshot(page)
    assert before["actions"] == len(turn_start_save.state.history) + 2 and before["undo"]

    page.reload()
    wait_ready(page)
    if screen(page) == "home":  # resumed from the list of saved games…
        expect(page.locator(".saved")).to_have_count(1)
        expect(page.locator(".saved")).to_contain_text("Amun, Bastet, Horus")
        continue_game(page, "r")
    assert screen(page) == "game"  # …or reopened at once
    assert snapshot(page) == before  # same position, same log, same turn (undo still possible)
    # and play goes on from there
    end_turn(page)
    assert actions(page) == before["actions"] + 1
    assert len(saved_games(page)["r"]["actions"]) == before["actions"] + 1


@pytest.mark.browser_context_args(service_workers="allow")
def test_offline_reload_after_first_visit(page: Page) -> None:
    # (when the page registers its service worker: what the page's state was then)
    page.add_init_script("""(() => { const sw = navigator.serviceWorker; if (!sw) return; const register = sw.register.bind(sw);
      sw.register = (...args) => { (window.__registered = window.__registered || []).push(document.body.dataset.appState);
                                   return register(...args); }; })()""")
    # (what comes first on a load: the kept screen drawn, its first frame, the boot's preloads)
    page.add_init_script("""(() => { const order = window.__order = [];
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes)
          if (n.nodeName === 'LINK' && /preload/.test(n.rel) && !order.includes('preloads')) order.push('preloads');
        if (document.body && document.body.dataset.lastScreen === 'shown' && !order.includes('kept')) {
          order.push('kept');
          requestAnimationFrame(() => order.push('frame'));
        }
      }).observe(document, {subtree: true, childList: true, attributes: true}); })()""")
    fetching = "() => document.querySelectorAll('head link[rel=preload], head link[rel=modulepreload]').length"
    open_app(page)
    # a first visit fetches the boot's files at once, and installs the service worker (which downloads
    # every file again) only once the page is ready, not while the boot downloads them (issue 23)
    assert page.evaluate(fetching) >= 10
    page.wait_for_function("() => window.__registered !== undefined")
    assert page.evaluate("() => window.__registered") == ["ready"]
    # the service worker has precached the site and controls the page
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.context.set_offline(True)
    assert page.evaluate("() => navigator.onLine") is False
    page.wait_for_function("() => (localStorage.getItem('nile:last-screen') || '').includes('home')")
    response = page.reload(wait_until="commit")
    assert response is not None and response.from_service_worker
    wait_ready(page)
    # a reload the service worker serves draws the kept screen first: the boot's files are asked for
    # after its first frame (asked for at once, they held it up: issue 23)
    assert page.evaluate("() => window.__order") == ["kept", "frame", "preloads"]
    assert page.evaluate(fetching) >= 10
    start_game(page)
    n = actions(page)
    play_until(page, lambda: actions(page) >= n + 3)
    assert len(only_game(page)[1]["actions"]) == actions(page)


def test_damaged_saves_are_listed_kept_and_do_not_break_the_others(page: Page, turn_start_save: Any) -> None:
    good = json.loads(turn_start_save.text)
    tampered = {**good, "actions": list(good["actions"])}
    tampered["actions"][3] = "p2 end"  # not a move anyone could make there
    items = {"nile:game:x": "{not json", "nile:game:y": json.dumps(tampered), "nile:game:ok": turn_start_save.text}
    page.context.add_init_script(
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}"
    )
    open_app(page)
    assert screen(page) == "home"
    expect(page.locator(".saved")).to_have_count(3)

    # the page checks stored games as it opens: one that is not even JSON says why at once; one whose
    # moves were tampered with looks fine until it is opened, then is refused and said so
    damaged = page.locator(".saved.damaged")
    expect(damaged).to_have_count(1)
    click(page, intent("continue", "y"))
    assert screen(page) == "home"
    expect(notice(page)).to_contain_text("cannot be loaded")
    expect(damaged).to_have_count(2)
    for gid, why in (("x", "not valid JSON"), ("y", "action 4 of")):
        row = page.locator(".saved.damaged", has=page.locator(intent("export", gid)))
        expect(row).to_contain_text("Damaged, kept aside")
        expect(row).to_contain_text(why)
        assert storage(page)[f"nile:game:{gid}"] == items[f"nile:game:{gid}"]  # kept as it was
    assert not damaged.locator(intent("continue")).count()
    # a damaged save can still be exported as it is
    with page.expect_download() as download:
        click(page, intent("export", "x"))
    assert Path(download.value.path()).read_text() == "{not json"

    continue_game(page, "ok")
    assert actions(page) == len(good["actions"])
    assert sow_once(page)
    assert len(json.loads(storage(page)["nile:game:ok"])["actions"]) == len(good["actions"]) + 1
    stored = storage(page)
    assert stored["nile:game:x"] == items["nile:game:x"] and stored["nile:game:y"] == items["nile:game:y"]


FULL_STORAGE = """
(() => {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (window.__storageFull && String(key).startsWith('nile:game:')) {
      throw new DOMException("Failed to execute 'setItem' on 'Storage': quota exceeded.", 'QuotaExceededError');
    }
    return setItem.call(this, key, value);
  };
})();
"""


def test_full_storage_keeps_playing_in_memory_and_offers_export(page: Page) -> None:
    page.add_init_script(FULL_STORAGE)
    open_app(page)
    start_game(page)
    gid, stored = only_game(page)
    kept = len(stored["actions"])
    page.evaluate("() => { window.__storageFull = true; }")

    n = actions(page)
    play_until(page, lambda: actions(page) >= n + 3)
    expect(notice(page)).to_contain_text("storage is full")
    expect(page.locator(".status .memory")).to_be_visible()
    assert actions(page) >= n + 3  # the moves were played…
    assert len(saved_games(page)[gid]["actions"]) == kept  # …though not saved
    # the export button gives the whole game, unsaved moves included
    export = page.locator(f".status {intent('export', gid)}")
    expect(export).to_be_visible()
    with page.expect_download() as download:
        click(page, export)
    exported = json.loads(Path(download.value.path()).read_text())
    assert len(exported["actions"]) == actions(page)
    assert download.value.suggested_filename.endswith(".json")

    # once there is room again, the next move saves everything
    page.evaluate("() => { window.__storageFull = false; }")
    advance(page)
    assert len(saved_games(page)[gid]["actions"]) == actions(page)
    expect(page.locator(".status .memory")).to_have_count(0)


def test_export_then_import_and_a_bad_file_is_refused(app: Page, turn_start_save: Any, tmp_path: Path) -> None:
    put_saves(app, {"nile:game:e": turn_start_save.text})
    with app.expect_download() as download:
        click(app, intent("export", "e"))
    exported = tmp_path / download.value.suggested_filename
    download.value.save_as(exported)
    assert json.loads(exported.read_text()) == json.loads(turn_start_save.text)

    assert exported.name.startswith("nile-banks-") and exported.suffix == ".json"  # says which game and who

    # importing a game that is already kept opens that copy: no duplicate
    before = renders(app)
    app.set_input_files("#import-file", str(exported))
    wait_renders_after(app, before)
    expect(notice(app, "info")).to_contain_text(msg("ui.imported_already"))
    assert screen(app) == "game" and list(saved_games(app)) == ["e"]
    click(app, app.locator(".status [data-i=home]"))
    click(app, intent("delete", "e"))
    expect(app.locator(".saved")).to_have_count(0)

    before = renders(app)
    app.set_input_files("#import-file", str(exported))
    wait_renders_after(app, before)
    expect(notice(app, "info")).to_contain_text("Game imported")
    assert screen(app) == "game"
    assert actions(app) == len(turn_start_save.state.history)
    games = saved_games(app)
    assert len(games) == 1
    new_id = next(iter(games))
    assert games[new_id]["actions"] == json.loads(turn_start_save.text)["actions"]
    click(app, app.locator(".status [data-i=home]"))
    expect(app.locator(".saved")).to_have_count(1)
    # the screen a reload shows first is kept when the browser is idle after the redraw (nile.web.app)
    app.wait_for_function("() => (JSON.parse(localStorage.getItem('nile:last-screen') || 'null') || {}).screen === 'home'")

    def stored() -> dict:  # what the player keeps: not the screen the page last drew, kept again whenever it is idle
        return {k: v for k, v in storage(app).items() if k != "nile:last-screen"}

    kept = stored()
    bad = tmp_path / "not-a-save.json"
    bad.write_text("this is not JSON {")
    before = renders(app)
    app.set_input_files("#import-file", str(bad))
    wait_renders_after(app, before)
    expect(notice(app)).to_contain_text("That file was not imported")
    expect(notice(app)).to_contain_text("not valid JSON")
    assert screen(app) == "home"
    assert stored() == kept
    expect(app.locator(".saved")).to_have_count(1)
    continue_game(app, new_id)  # the imported game plays
    assert in_turn(app) and sow_once(app)
    assert save.parse(storage(app)[f"nile:game:{new_id}"])["actions"][-1].split()[1] == "sow"


def test_a_chosen_language_is_spoken_at_once_and_from_the_first_moment_after_a_reload(page: Page) -> None:
    open_app(page)
    before = renders(page)
    page.locator(intent("lang")).select_option("de")
    wait_renders_after(page, before)
    expect(page.get_by_role("button", name=msg("ui.new_game_of", "de", game=msg("game.banks", "de")))).to_be_visible()
    assert page.evaluate("() => document.documentElement.lang") == "de"
    page.reload(wait_until="commit")
    # before Python runs, the loading screen already speaks German (static/boot.js reads the choice)
    german = [msg(k, "de") for k in ("boot.loading", "boot.python", "boot.board", "boot.slow")]
    expect(page.locator("#loading-text")).to_have_text(re.compile("|".join(map(re.escape, german))))
    wait_ready(page)
    expect(page.get_by_role("button", name=msg("ui.new_game_of", "de", game=msg("game.banks", "de")))).to_be_visible()
    start_game(page)  # the set-up form and the board work the same in any language
    expect(page.locator(".status")).to_contain_text(msg("ui.setup_round", "de"))  # set-up comes before round 1
