"""Nothing lost by a slip, and every game in one file: Recently deleted (restore, delete for good, 30 days),
an import that replaces a game, backing up all games and restoring them without duplicates or losses."""

import html
import json

import pytest

from nile.banks.options import Options
from nile.banks.state import BanksState
from nile.core import save
from nile.games import load_save
from nile.messages import text as msg
from nile.web.controller import GAME, HOME, Controller
from nile.web.render import render_app
from nile.web.storage import (
    BIN_PREFIX,
    DAY,
    PREFIX,
    BackupError,
    Library,
    MemoryStore,
)

T0 = 1_750_000_000.0


class Clock:
    """Time that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def game(seed=1, moves=10):
    s = BanksState(Options.default(3), seed)
    for _ in range(moves):
        s.apply(s.legal_actions()[0])
    return s


def library(store=None, clock=None):
    return Library(store if store is not None else MemoryStore(), load_save, clock=clock or Clock())


def controller(lib):
    return Controller(lib, lambda: 7)


def saves(store):
    return {k: v for k, v in store.data.items() if k.startswith(PREFIX)}


# ---------------------------------------------------------------- Recently deleted
def test_a_deleted_game_waits_in_recently_deleted_and_comes_back_exactly():
    lib = library()
    s = game(moves=14)
    lib.write("g", s, "Anna, Bram")
    text = lib.raw("g")
    tid = lib.delete("g")
    assert lib.games() == [] and lib.raw("g") is None
    [binned] = lib.deleted()
    assert binned["bin_id"] == tid and binned["title"] == "Anna, Bram"
    assert binned["until"] == binned["deleted"] + 30 * DAY
    assert lib.undelete(tid) == "g"
    assert lib.raw("g") == text and lib.deleted() == []
    assert lib.load("g") == s  # plays on from the same position
    assert [g["title"] for g in lib.games()] == ["Anna, Bram"]


def test_a_set_aside_game_keeps_its_raw_text_in_the_bin_and_stays_set_aside():
    store = MemoryStore()
    lib = library(store)
    store.set(PREFIX + "bad", "{not json")
    assert lib.check("bad") is not None
    tid = lib.delete("bad")
    assert store.get(BIN_PREFIX + tid) == "{not json"
    assert lib.deleted()[0]["unplayable"] is not None
    lib.undelete(tid)
    assert store.get(PREFIX + "bad") == "{not json" and lib.games()[0]["unplayable"] is not None


def test_deleting_for_good_and_after_30_days_keeps_nothing():
    clock = Clock()
    store = MemoryStore()
    lib = library(store, clock)
    lib.write("a", game(1), "A")
    lib.write("b", game(2), "B")
    lib.delete("a")
    clock.now += DAY
    tid_b = lib.delete("b")
    lib.purge(tid_b)
    assert [g["id"] for g in lib.deleted()] == ["a"]
    clock.now += 29 * DAY - 1  # 30 days less a second after "a" was deleted
    assert [g["id"] for g in lib.deleted()] == ["a"]
    clock.now += 2
    assert lib.games() == []  # reading the library purges what is older than 30 days
    assert not [k for k in store.data if k.startswith(BIN_PREFIX)]
    assert lib.deleted() == []


def test_a_game_deleted_when_its_id_is_in_use_again_comes_back_under_a_new_one():
    lib = library()
    lib.write("g", game(1), "Old")
    tid = lib.delete("g")
    lib.write("g", game(2), "New")
    gid = lib.undelete(tid)
    assert gid != "g" and {g["title"] for g in lib.games()} == {"Old", "New"}


def test_delete_asks_nothing_restore_is_one_tap_and_for_good_asks_once():
    lib = library()
    c = controller(lib)
    lib.write("g", game(moves=14), "Anna, Bram")
    c.handle("continue", "g")
    gid, position = c.game_id, save.dumps(c.state)
    c.handle("home")
    c.handle("delete", gid)
    assert c.notice == ("info", msg("ui.moved_to_bin")) and lib.games() == []
    page = render_app(c)
    assert msg("ui.recently_deleted") in page
    tid = lib.deleted()[0]["bin_id"]
    assert f'data-i="undelete" data-v="{tid}"' in page
    c.handle("undelete", tid)
    c.handle("continue", gid)
    assert c.screen == GAME and save.dumps(c.state) == position

    c.handle("home")
    c.handle("delete", gid)
    tid = lib.deleted()[0]["bin_id"]
    c.handle("purge", tid)
    assert lib.deleted() and msg("ui.purge_ask", title=lib.deleted()[0]["title"]) in render_app(c)
    c.handle("purge-no", tid)
    assert lib.deleted() and c.shelf.asking is None
    c.handle("purge", tid)
    c.handle("purge-yes", "some-other-game")  # an answer to another question does nothing
    assert lib.deleted()
    c.handle("purge", tid)
    c.handle("purge-yes", tid)
    assert lib.deleted() == [] and lib.games() == [] and c.notice == ("info", msg("ui.deleted"))


def test_with_no_room_for_the_bin_delete_changes_nothing_and_asks_before_deleting_for_good():
    store = MemoryStore()
    lib = library(store)
    c = controller(lib)
    lib.write("g", game(moves=30), "G")
    store.quota = sum(len(k) + len(v) for k, v in store.data.items()) + 100
    before = dict(store.data)
    c.handle("delete", "g")
    assert store.data == before  # nothing moved, nothing lost
    assert msg("ui.bin_full_ask", title="G") in html.unescape(render_app(c))
    c.handle("purge-yes", "g")
    assert lib.games() == [] and lib.raw("g") is None


def test_an_import_further_along_replaces_the_copy_which_goes_to_recently_deleted():
    lib = library()
    c = controller(lib)
    short, long = game(moves=8), game(moves=16)
    lib.write("g", short, "G")
    kept = lib.raw("g")
    c.shelf.import_text(save.dumps(long))
    assert c.game_id == "g" and c.notice == ("info", msg("ui.imported_replaced"))
    assert lib.load("g") == long and len(lib.games()) == 1
    [binned] = lib.deleted()
    assert lib.store.get(BIN_PREFIX + binned["bin_id"]) == kept


def test_an_older_import_is_a_game_of_its_own():
    lib = library()
    c = controller(lib)
    lib.write("g", game(moves=16), "G")
    c.shelf.import_text(save.dumps(game(moves=8)))
    assert c.game_id != "g" and len(lib.games()) == 2 and lib.deleted() == []


# ---------------------------------------------------------------- back up all games, restore
def filled(store=None, clock=None):
    lib = library(store, clock)
    lib.write("a", game(1, 5), "Anna, Bram")
    lib.write("b", game(2, 40), "Chloé")
    lib.set_coach("b", "hints")
    lib.store.set(PREFIX + "c", '{"format": 2, "game": "banks", "broken')  # set aside
    lib.check("c")
    return lib


def test_backup_clear_restore_gives_back_every_game_byte_for_byte():
    store = MemoryStore()
    lib = filled(store)
    lib.add_hint("b")
    lib.add_hint("b")
    text, count = lib.backup()
    assert count == 3 and json.loads(text)["nile-backup"] == 1
    before = saves(store)
    listing = [(g["id"], g["title"], g["where"], g["unplayable"] is not None) for g in lib.games()]
    store.data.clear()  # the browser cleared the site's storage
    fresh = library(store)
    report = fresh.restore(text)
    assert saves(store) == before  # same ids, same texts to the byte
    assert [(g["id"], g["title"], g["where"], g["unplayable"] is not None) for g in fresh.games()] == listing
    assert fresh.coach("b") == "hints"
    assert (fresh.hints("a"), fresh.hints("b")) == (0, 2)  # the end screen still says it was played with hints
    assert sorted(report.added) == ["a", "b", "c"] and report.set_aside == 1 and not report.damaged
    assert fresh.load("b") == game(2, 40)


def test_restoring_twice_adds_nothing_and_keeps_the_copy_further_along():
    lib = filled()
    text, _ = lib.backup()
    report = lib.restore(text)
    assert report.added == [] and report.kept == 3 and len(lib.games()) == 3
    lib.write("a", game(1, 9), "Anna, Bram")  # played on since the backup: kept, the backup's copy is older
    report = lib.restore(text)
    assert report.kept == 3 and lib.load("a") == game(1, 9)
    lib.delete_for_good("a")
    lib.write("a", game(1, 2), "Anna, Bram")  # an earlier copy here: the backup's further along replaces it
    report = lib.restore(text)
    assert report.updated == 1 and lib.load("a") == game(1, 5) and len(lib.games()) == 3
    assert [g["id"] for g in lib.deleted()] == ["a"]  # the earlier copy is kept there
    lib.delete_for_good("a")
    lib.write("a", game(3, 5), "Another game")  # another game under the same id: both kept
    lib.restore(text)
    assert len(lib.games()) == 4


def test_a_damaged_entry_is_reported_and_skipped_and_the_rest_restored():
    lib = filled()
    text, _ = lib.backup()
    data = json.loads(text)
    entry = next(e for e in data["games"] if e["id"] == "b")
    tampered = json.loads(entry["save"])
    tampered["actions"][3] = "p1 sow flax W2-1"
    entry["save"] = json.dumps(tampered)
    data["games"].append("not an entry")
    fresh = library()
    report = fresh.restore(json.dumps(data))
    assert sorted(report.added) == ["a", "c"]
    assert [(n, title) for n, title, _ in report.damaged] == [(2, "Chloé"), (4, "")]
    c = controller(fresh)
    c.lang = "de"
    lines = c.shelf.restore_lines(report)
    assert lines[0] == "2 Spiele aus der Sicherung wiederhergestellt."
    assert any("Spiel 2 der Sicherung („Chloé“)" in line and "Aktion 4" in line for line in lines), lines


def test_a_file_that_is_not_a_backup_is_refused_as_a_whole():
    lib = library()
    cases = {
        save.dumps(game()): "backup.is_a_save",
        '{"games": []}': "backup.not_backup",
        "[" * 100_000: "backup.not_backup",
        "not json": "backup.not_backup",
        '{"nile-backup": 2, "games": []}': "backup.too_new",
        '{"nile-backup": 1, "games": {}}': "backup.no_games",
    }
    for text, key in cases.items():
        with pytest.raises(BackupError) as info:
            lib.restore(text)
        assert info.value.key == key
    c = controller(lib)
    c.shelf.restore_text(save.dumps(game()))
    assert c.notice[0] == "error" and msg("ui.import") in c.notice[1] and lib.games() == []


def test_restore_says_what_it_did_on_home_until_closed():
    lib = filled()
    text, _ = lib.backup()
    c = controller(library())
    c.shelf.restore_text(text)
    assert c.screen == HOME
    page = render_app(c)
    assert "3 games restored from the backup." in page
    assert "1 game cannot be played by this version" in page
    c.handle("report-close")
    assert "games restored" not in render_app(c)


def test_storage_full_during_a_restore_stops_and_says_how_many_were_not_restored():
    lib = filled()
    text, _ = lib.backup()
    store = MemoryStore(quota=min(len(v) for v in saves(lib.store).values()) + 60)
    report = library(store).restore(text)
    assert report.full and report.total - report.done >= 2
    assert "not restored" in controller(library(store)).shelf.restore_lines(report)[-1]


def test_back_up_downloads_one_file_and_records_when():
    clock = Clock()
    lib = filled(clock=clock)
    c = controller(lib)
    c.handle("backup")
    kind, name, text = c.effects[-1]
    assert kind == "download" and name.startswith("nile-backup-") and name.endswith(".json")
    assert lib.last_backup() == T0 and len(json.loads(text)["games"]) == 3
    assert "Last backup:" in render_app(c)


def test_the_backup_reminder_comes_at_most_once_a_week_and_only_for_games_never_backed_up():
    clock = Clock()
    lib = library(clock=clock)
    c = controller(lib)
    lib.write("a", game(1), "A")
    assert lib.backup_due() == 0  # the week starts now
    clock.now += 7 * DAY
    assert lib.backup_due() == 1
    assert "never been backed up" in render_app(c)
    c.handle("backup-later")
    assert lib.backup_due() == 0 and "never been backed up" not in render_app(c)
    clock.now += 7 * DAY
    assert lib.backup_due() == 1
    c.handle("backup")
    clock.now += 30 * DAY
    assert lib.backup_due() == 0  # every game is in a backup
    lib.write("b", game(2), "B")
    assert lib.backup_due() == 0
    clock.now += 7 * DAY
    assert lib.backup_due() == 1


def test_tampered_bin_and_backup_records_never_break_home_and_lose_nothing():
    clock = Clock()
    store = MemoryStore()
    lib = library(store, clock)
    c = controller(lib)
    text = save.dumps(game())
    store.set(BIN_PREFIX + "x~zz", text)  # a deletion time that cannot be read
    store.set(BIN_PREFIX + "y~1", text)
    store.set("nile:bin", '{"y~1": {"id": 5, "deleted": 1e999, "entry": {"title": ["not", "a", "title"]}}, "gone": 3}')
    store.set("nile:backup", '{"made": Infinity, "ids": "a", "since": -1}')
    page = render_app(c)
    assert msg("ui.recently_deleted") in page and "Last backup" not in page
    assert {g["bin_id"]: g["deleted"] for g in lib.deleted()} == {"x~zz": T0, "y~1": T0}  # 30 days from now
    c.handle("undelete", "y~1")
    assert lib.load("y").history == game().history
    clock.now += 31 * DAY
    assert lib.deleted() == [] and lib.games()
