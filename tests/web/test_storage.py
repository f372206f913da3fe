"""The saved-games library: nothing is ever lost, damaged saves are set aside, full storage and other tabs are noticed."""

import json

import pytest
from saying import refused

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
    lib.write("g1", s, "Anna, Bram")
    assert lib.load("g1") == s
    assert [g["id"] for g in lib.games()] == ["g1"]
    assert lib.games()[0]["title"] == "Anna, Bram"


def test_a_corrupt_save_is_set_aside_untouched_and_the_rest_still_lists():
    store = MemoryStore()
    lib = library(store)
    lib.write("good", game(), "Good")
    store.set(PREFIX + "bad", "{not json")
    with refused(SaveError, "not valid JSON"):
        lib.load("bad")
    games = {g["id"]: g for g in lib.games()}
    assert games["bad"]["damaged"] and "not valid JSON" in games["bad"]["damaged"]
    assert games["good"]["damaged"] is None
    assert store.get(PREFIX + "bad") == "{not json"  # kept exactly as it was
    with pytest.raises(SaveConflict):
        lib.write("bad", game(), "x")  # never overwritten
    assert store.get(PREFIX + "bad") == "{not json"


def test_a_tampered_action_is_refused_and_named():
    store = MemoryStore()
    lib = library(store)
    data = json.loads(save.dumps(game(moves=12)))
    data["actions"][5] = "p1 sow flax W2-1"
    store.set(PREFIX + "t", json.dumps(data))
    with refused(SaveError, "action 6 of 12"):
        lib.load("t")


def test_a_broken_index_is_rebuilt_from_the_stored_games():
    store = MemoryStore()
    lib = library(store)
    lib.write("g1", game(), "One")
    store.set(INDEX_KEY, "[" * 10_000)
    assert [g["id"] for g in lib.games()] == ["g1"]
    store.set(INDEX_KEY, '{"ghost": {"title": "gone"}}')
    assert [g["id"] for g in lib.games()] == ["g1"]


def test_storage_full_raises_and_keeps_the_previous_copy():
    store = MemoryStore()
    lib = library(store)
    s = game(moves=5)
    lib.write("g", s, "G")
    before = store.get(PREFIX + "g")
    store.quota = len(before) + 200  # no room to grow
    for _ in range(20):
        s.apply(s.legal_actions()[0])
    with pytest.raises(StorageFull):
        lib.write("g", s, "G")
    assert store.get(PREFIX + "g") == before


def test_another_tab_progress_is_never_silently_overwritten():
    store = MemoryStore()
    tab1, tab2 = library(store), library(store)
    s = game(moves=5)
    tab1.write("g", s, "G")
    other = tab2.load("g")
    other.apply(other.legal_actions()[0])
    tab2.write("g", other, "G")  # tab 2 moves on
    s.apply(s.legal_actions()[-1])
    with pytest.raises(SaveConflict):
        tab1.write("g", s, "G")
    assert load_save(store.get(PREFIX + "g")) == other


def test_undo_may_shorten_our_own_save():
    lib = library()
    s = game(moves=8)
    lib.write("g", s, "G")
    shorter = BanksState(s.options, s.seed)
    for p, a in s.history[:-1]:
        shorter.apply(a, p)
    lib.write("g", shorter, "G")
    assert lib.load("g") == shorter


def test_import_checks_by_replaying_and_gets_a_fresh_id():
    lib = library()
    s = game()
    gid = lib.import_text(save.dumps(s), "Imported")
    assert lib.load(gid) == s
    with pytest.raises(SaveError):
        lib.import_text('{"format": 1}', "x")
    assert len(lib.games()) == 1


def test_delete_removes_game_and_index_entry():
    lib = library()
    lib.write("g", game(), "G")
    lib.delete("g")
    assert lib.games() == [] and lib.raw("g") is None


# ---------------------------------------------------------------- games this version cannot replay
import dataclasses  # noqa: E402

from nile.games import GAMES  # noqa: E402
from nile.messages import say  # noqa: E402


class BanksV2(BanksState):
    """What a later release with changed rules would be: another rules version, other random draws."""

    RULES_VERSION = BanksState.RULES_VERSION + 1

    def __init__(self, options, seed):
        super().__init__(options, seed ^ 0x5DEECE66D)
        self.seed = seed


class BanksV2SameDraws(BanksState):
    """A later release whose rules change leaves the games played so far as they were."""

    RULES_VERSION = BanksState.RULES_VERSION + 1


def next_release(replays_old_games=False):
    """The load function and rules of a release that bumped Nile's rules version."""
    make = BanksV2SameDraws if replays_old_games else BanksV2
    later = BanksState.RULES_VERSION + 1
    games = {"banks": dataclasses.replace(GAMES["banks"].spec, rules_version=later, new_state=make)}
    return (lambda data: save.load(data, games)), {"banks": later}


def library_of(store, load=load_save, rules=None):
    clock = iter(range(5000, 100000))
    return Library(store, load, clock=lambda: next(clock), rules=rules or {"banks": BanksState.RULES_VERSION})


def stored_before_the_update(store, gid="old", moves=12):
    before = library_of(store)
    before.write(gid, game(moves=moves), "Anna, Bram, Cleo")
    index = json.loads(store.get(INDEX_KEY))  # as an older release wrote it: where it stood, in words
    index[gid].pop("where")
    index[gid]["summary"] = "Nile · round 1"
    store.set(INDEX_KEY, json.dumps(index))
    return store.get(PREFIX + gid)


def test_a_game_the_new_rules_cannot_replay_is_kept_listed_and_explained():
    store = MemoryStore()
    text = stored_before_the_update(store)
    load, rules = next_release()
    lib = library_of(store, load, rules)
    with pytest.raises(SaveError) as info:
        lib.load("old")
    assert info.value.key == "save.rules_changed"
    assert store.get(PREFIX + "old") == text  # never deleted, never changed
    (entry,) = lib.games()
    assert (entry["id"], entry["title"], entry["summary"], entry["game"]) == ("old", "Anna, Bram, Cleo", "Nile · round 1", "banks")
    assert entry["updated"] == 5000  # the date it was last saved, as stored
    error = entry["unplayable"]
    assert isinstance(error, SaveError) and error.key == "save.rules_changed"
    assert (error.params["saved"], error.params["current"]) == (BanksState.RULES_VERSION, BanksState.RULES_VERSION + 1)
    assert say(error) == say(info.value)  # the reason survives the index, nested reasons too
    assert say(error, "de") == say(info.value, "de") and "Regeln" in say(error, "de")
    assert entry["damaged"] == say(info.value)[:300]
    assert lib.raw("old") == text  # still exportable exactly as it was


def test_autosave_never_writes_over_an_unplayable_save():
    store = MemoryStore()
    text = stored_before_the_update(store)
    load, rules = next_release()
    lib = library_of(store, load, rules)
    with pytest.raises(SaveError):
        lib.load("old")
    fresh = BanksV2(Options.default(3), 1)
    with pytest.raises(SaveConflict):
        lib.write("old", fresh, "x")
    store.remove(INDEX_KEY)  # even with the index lost (and its flags with it)
    with pytest.raises(SaveConflict):
        lib.write("old", fresh, "x")
    assert store.get(PREFIX + "old") == text


def test_after_an_update_check_stale_flags_unplayable_games_before_they_are_opened():
    store = MemoryStore()
    stored_before_the_update(store, "a")
    stored_before_the_update(store, "b", moves=30)
    store.set(PREFIX + "c", "{not json")
    load, rules = next_release()
    calls = []
    lib = library_of(store, lambda d: calls.append(1) or load(d), rules)
    found = lib.check_stale()
    assert sorted(found) == ["a", "b", "c"] and found["a"].key == "save.rules_changed"
    assert found["c"].key == "save.not_json"
    flags = {g["id"]: g["unplayable"] and g["unplayable"].key for g in lib.games()}
    assert flags == {"a": "save.rules_changed", "b": "save.rules_changed", "c": "save.not_json"}
    calls.clear()
    assert sorted(lib.check_stale()) == ["a", "b", "c"]
    assert len(calls) == 1  # only the unreadable one is tried again: the others were judged under these rules


def test_games_that_still_replay_under_new_rules_are_checked_once_and_stay_playable():
    store = MemoryStore()
    stored_before_the_update(store)
    load, rules = next_release(replays_old_games=True)
    calls = []
    lib = library_of(store, lambda d: calls.append(1) or load(d), rules)
    assert lib.check_stale() == {} and len(calls) == 1
    (entry,) = lib.games()
    assert entry["unplayable"] is None and entry["damaged"] is None and entry["rules"] == BanksV2SameDraws.RULES_VERSION
    assert lib.check_stale() == {} and len(calls) == 1  # not replayed again


def test_a_flag_set_by_another_version_is_checked_again_and_cleared_when_it_replays():
    """An old tab (rules 1) finds a game saved by a newer tab (rules 2) too new; the newer tab can still play it."""
    store = MemoryStore()
    load2, rules2 = next_release()
    new_tab = library_of(store, load2, rules2)
    state = BanksV2(Options.default(3), 4)
    state.apply(state.legal_actions()[0])
    new_tab.write("g", state, "G")
    old_tab = library_of(store)
    with refused(SaveError, "newer rules"):
        old_tab.load("g")
    assert new_tab.games()[0]["unplayable"].key == "save.rules_too_new"
    assert new_tab.check_stale() == {}  # judged under other rules: replayed here, and it plays
    assert new_tab.games()[0]["unplayable"] is None
    with pytest.raises(SaveError):
        old_tab.load("g")
    state.apply(state.legal_actions()[0])
    new_tab.write("g", state, "G")  # the tab that replayed it may go on saving it
    assert new_tab.games()[0]["unplayable"] is None
    assert new_tab.load("g") == state


def test_an_engine_failure_while_replaying_sets_the_save_aside_too():
    store = MemoryStore()
    text = stored_before_the_update(store)

    def broken(data):
        raise IndexError("list index out of range")

    lib = library_of(store, broken)
    with pytest.raises(SaveError) as info:
        lib.load("old")
    assert info.value.key == "save.crashed" and "IndexError" in say(info.value)
    assert lib.games()[0]["unplayable"].key == "save.crashed"
    assert store.get(PREFIX + "old") == text


def test_a_flag_from_the_previous_release_is_still_listed_and_checked_again():
    store = MemoryStore()
    lib = library_of(store)
    lib.write("g", game(), "G")
    store.set(INDEX_KEY, json.dumps({"g": {"title": "G", "damaged": "the old words for it"}}))
    (entry,) = lib.games()
    assert entry["damaged"] == "the old words for it"
    assert entry["unplayable"].key == "save.reason_as_stored" and say(entry["unplayable"], "de") == "the old words for it"
    assert lib.check_stale() == {}  # it replays after all: the flag goes
    assert lib.games()[0]["unplayable"] is None


@pytest.mark.parametrize(
    "flag",
    [
        "text",
        {"key": "save.not_json"},
        {"key": 3, "params": {}},
        {"key": "why.not_now", "params": {}},
        {"key": "save.not_json", "params": {"bad key": 1}},
        {"key": "save.bad_action", "params": {"why": {"error": {"key": 1}}}},
    ],
)
def test_a_tampered_flag_in_the_index_is_ignored_not_trusted(flag):
    store = MemoryStore()
    lib = library_of(store)
    lib.write("g", game(), "G")
    store.set(INDEX_KEY, json.dumps({"g": {"title": "G", "unplayable": flag}}))
    (entry,) = lib.games()
    assert entry["unplayable"] is None or entry["unplayable"].key.startswith("save.")
    assert lib.load("g") == game()  # it replays: the library believes the replay, not the flag
    assert lib.games()[0]["unplayable"] is None


def test_an_autosave_reads_no_other_game_however_many_are_kept():
    """Autosave cost must not grow with the saved games: only the game's own text is read back."""

    class Counting(MemoryStore):
        def __init__(self):
            super().__init__()
            self.read = []

        def get(self, key):
            if key.startswith(PREFIX):
                self.read.append(key)
            return super().get(key)

    store = Counting()
    library = Library(store, load_save)
    from nile.games import new_state

    state = new_state("banks", Options.default(2).to_json(), 1)
    for i in range(30):
        library.write(f"g{i}", state, "t")
    store.read.clear()
    library.write("g7", state, "t")
    assert store.read == [PREFIX + "g7"]
