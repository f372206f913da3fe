"""The saved-games library: nothing is ever lost, damaged saves are set aside, full storage and other tabs are noticed."""

import json

import pytest

from nile.banks.options import Options
from nile.banks.state import BanksState
from nile.core import save
from nile.core.save import SaveError
from nile.games import load_save
from nile.web.storage import INDEX_KEY, PREFIX, Library, MemoryStore, SaveConflict, StorageFull


def game(seed=1, moves=10):
    s = BanksState(Options.default(3), seed)
    for _ in range(moves):
        s.apply(s.legal_actions()[0])
    return s


def library(store=None):
    clock = iter(range(1000, 100000))
    return Library(store or MemoryStore(), load_save, clock=lambda: next(clock))


def test_write_then_load_gives_the_same_game_and_lists_it():
    lib = library()
    s = game()
    lib.write("g1", s, "Anna, Bram", "Round 1")
    assert lib.load("g1") == s
    assert [g["id"] for g in lib.games()] == ["g1"]
    assert lib.games()[0]["title"] == "Anna, Bram"


def test_a_corrupt_save_is_set_aside_untouched_and_the_rest_still_lists():
    store = MemoryStore()
    lib = library(store)
    lib.write("good", game(), "Good", "")
    store.set(PREFIX + "bad", "{not json")
    with pytest.raises(SaveError, match="not valid JSON"):
        lib.load("bad")
    games = {g["id"]: g for g in lib.games()}
    assert games["bad"]["damaged"] and "not valid JSON" in games["bad"]["damaged"]
    assert games["good"]["damaged"] is None
    assert store.get(PREFIX + "bad") == "{not json"  # kept exactly as it was
    with pytest.raises(SaveConflict):
        lib.write("bad", game(), "x", "")  # never overwritten
    assert store.get(PREFIX + "bad") == "{not json"


def test_a_tampered_action_is_refused_and_named():
    store = MemoryStore()
    lib = library(store)
    data = json.loads(save.dumps(game(moves=12)))
    data["actions"][5] = "p1 sow flax W2-1"
    store.set(PREFIX + "t", json.dumps(data))
    with pytest.raises(SaveError, match="action 6 of 12"):
        lib.load("t")


def test_a_broken_index_is_rebuilt_from_the_stored_games():
    store = MemoryStore()
    lib = library(store)
    lib.write("g1", game(), "One", "")
    store.set(INDEX_KEY, "[" * 10_000)
    assert [g["id"] for g in lib.games()] == ["g1"]
    store.set(INDEX_KEY, '{"ghost": {"title": "gone"}}')
    assert [g["id"] for g in lib.games()] == ["g1"]


def test_storage_full_raises_and_keeps_the_previous_copy():
    store = MemoryStore()
    lib = library(store)
    s = game(moves=5)
    lib.write("g", s, "G", "")
    before = store.get(PREFIX + "g")
    store.quota = len(before) + 200  # no room to grow
    for _ in range(20):
        s.apply(s.legal_actions()[0])
    with pytest.raises(StorageFull):
        lib.write("g", s, "G", "")
    assert store.get(PREFIX + "g") == before


def test_another_tab_progress_is_never_silently_overwritten():
    store = MemoryStore()
    tab1, tab2 = library(store), library(store)
    s = game(moves=5)
    tab1.write("g", s, "G", "")
    other = tab2.load("g")
    other.apply(other.legal_actions()[0])
    tab2.write("g", other, "G", "")  # tab 2 moves on
    s.apply(s.legal_actions()[-1])
    with pytest.raises(SaveConflict):
        tab1.write("g", s, "G", "")
    assert load_save(store.get(PREFIX + "g")) == other


def test_undo_may_shorten_our_own_save():
    lib = library()
    s = game(moves=8)
    lib.write("g", s, "G", "")
    shorter = BanksState(s.options, s.seed)
    for p, a in s.history[:-1]:
        shorter.apply(a, p)
    lib.write("g", shorter, "G", "")
    assert lib.load("g") == shorter


def test_import_checks_by_replaying_and_gets_a_fresh_id():
    lib = library()
    s = game()
    gid = lib.import_text(save.dumps(s), "Imported", lambda st: "")
    assert lib.load(gid) == s
    with pytest.raises(SaveError):
        lib.import_text('{"format": 1}', "x", lambda st: "")
    assert len(lib.games()) == 1


def test_delete_removes_game_and_index_entry():
    lib = library()
    lib.write("g", game(), "G", "")
    lib.delete("g")
    assert lib.games() == [] and lib.raw("g") is None
