"""Nothing lost by a slip, and every game in one file (issue 23), in a real Chromium on the shared page:
Delete asks nothing and the game waits in Recently deleted, back with one tap; Back up all games downloads
one file that, after the storage is cleared, restores every game byte for byte; a damaged entry is named
and skipped, the rest restored."""

from __future__ import annotations

import json
from html import unescape
from pathlib import Path

from playwright.sync_api import Page, expect

from nile.core import save
from nile.messages import text as msg

from .ui import (
    PREFIX,
    click,
    continue_game,
    intent,
    options,
    put_saves,
    random_game,
    renders,
    save_at_turn_start,
    screen,
    storage,
    wait_renders_after,
)


def stored_saves(page: Page) -> dict[str, str]:
    return {k: v for k, v in storage(page).items() if k.startswith(PREFIX)}


def choose_backup(page: Page, path: Path) -> None:
    """Restore a backup the way a player does: through the "Restore a backup" file input."""
    before = renders(page)
    page.set_input_files("#restore-file", str(path))
    wait_renders_after(page, before)


def test_delete_restore_back_up_and_restore_every_game(app: Page, tmp_path: Path) -> None:
    first = save_at_turn_start()
    second = random_game(options(("Anna", "Bram")), 5, lambda s: len(s.history) >= 30)
    put_saves(app, {PREFIX + "a": first.text, PREFIX + "b": save.dumps(second)})

    # Delete asks nothing; the game waits in Recently deleted and comes back with one tap
    click(app, intent("delete", "a"))
    expect(app.locator(".notice.info")).to_contain_text(msg("ui.moved_to_bin"))
    expect(app.locator(".saved")).to_have_count(1)
    binned = app.locator(".recently-deleted .binned")
    expect(binned).to_have_count(1)
    click(app, binned.locator(intent("undelete")))
    expect(app.locator(".recently-deleted")).to_have_count(0)
    continue_game(app, "a")
    assert screen(app) == "game" and stored_saves(app)[PREFIX + "a"] == first.text
    click(app, app.locator(".status [data-i=home]"))

    # Back up all games: one file; the storage cleared from under the page; Restore brings back every game
    before = stored_saves(app)
    with app.expect_download() as download:
        click(app, app.locator(f".backup-actions {intent('backup')}"))
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert backup.name.startswith("nile-backup-")
    expect(app.locator(".last-backup")).to_be_visible()
    app.evaluate("() => localStorage.clear()")
    choose_backup(app, backup)
    expect(app.locator(".restore-report")).to_contain_text("2 games restored from the backup.")
    assert stored_saves(app) == before  # same ids, same texts to the byte
    expect(app.locator(".saved")).to_have_count(2)

    # a damaged entry is named and skipped, the rest restored
    data = json.loads(backup.read_text())
    entry = next(e for e in data["games"] if e["id"] == "b")
    entry["title"] = "Anna, Bram"
    entry["save"] = entry["save"].replace('"actions":["', '"actions":["p9 ')
    damaged = tmp_path / "damaged.json"
    damaged.write_text(json.dumps(data))
    app.evaluate("() => localStorage.clear()")
    choose_backup(app, damaged)
    report = app.locator(".restore-report")
    expect(report).to_contain_text("1 game restored from the backup.")
    text = unescape(report.inner_text())
    game_number = [e["id"] for e in data["games"]].index("b") + 1
    assert f"Game {game_number} of the backup (“Anna, Bram”) is damaged and was not restored" in text
    assert list(stored_saves(app)) == [PREFIX + "a"] and stored_saves(app)[PREFIX + "a"] == first.text

    click(app, app.locator(intent("report-close")))
    expect(app.locator(".restore-report")).to_have_count(0)

    # a file that is no backup at all is refused as such
    single = tmp_path / "single.json"
    single.write_text(first.text)
    choose_backup(app, single)
    expect(app.locator(".notice.error")).to_contain_text(msg("backup.is_a_save"))
