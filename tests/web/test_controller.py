"""The app's flow without a browser: set-up, clicks to actions, undo, secret bids, autosave, bad input."""

import json
import os
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from nile.banks.data import FIELDS
from nile.banks.state import ACTIONS, START_BID
from nile.games import GAMES, load_save
from nile.kit.spec import GameEntry
from nile.messages import say
from nile.messages import text as msg
from nile.web.controller import GAME, HOME, LANG_KEY, SETUP, Controller
from nile.web.render import render_app
from nile.web.storage import PREFIX, Library, MemoryStore

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def controller(store=None, seed=7):
    return Controller(Library(store or MemoryStore(), load_save), lambda: seed)


#: the share of their full length the web layer's long random games play: ``NILE_PROPERTY_GAMES`` over its default,
#: the rules' property tests' own knob (32 in CPython; ``make test-pyodide`` sets 8: there those games took ~70 of
#: the run's ~220 s of CPU, the same Python code CPython plays whole)
PLAY_SHARE = int(os.environ.get("NILE_PROPERTY_GAMES", "32")) / 32


def play_length(full: int) -> int:
    """How many random clicks a test whose random game is ``full`` clicks long plays here (``PLAY_SHARE``)."""
    return max(1, round(full * PLAY_SHARE))


def started(count="3", variants=(), names=None, seed=7):
    c = controller(seed=seed)
    c.handle("new")
    c.handle("setup-count", count)
    for i, name in enumerate(names or []):
        c.handle("setup-name", f"{i}:{name}")
    for v in variants:
        c.handle("setup-option", f"variant:{v}")
    c.handle("start-game")
    assert c.screen == GAME, c.setup.form.error
    return c


def click_anything(c, rng):
    """One click on something the UI offers: a board target or a button."""
    s = c.state
    if s.phase in ("start_bid", "auction"):
        c.handle("reveal-bidder", str(s.to_act()[0]))
        c.handle("bid-submit")
        return
    inter = c.table.interaction()
    options = [("pick", k) for k in inter.targets] + [(b.intent, b.value) for b in inter.buttons]
    c.handle(*rng.choice(options))


def to_actions_phase(c, rng=None):
    rng = rng or random.Random(1)
    while not (c.state.phase == ACTIONS and c.state.round >= 1):
        click_anything(c, rng)


def test_home_then_setup_then_game():
    c = controller()
    assert c.screen == HOME and "New game" in render_app(c)
    c.handle("new")
    assert c.screen == SETUP
    c.handle("setup-count", "4")
    c.handle("setup-name", "1:Zoë")
    c.handle("setup-colour", "1:white")
    c.handle("setup-option", "start:random")
    c.handle("start-game")
    assert c.screen == GAME
    players = c.state.options.players
    assert len(players) == 4 and players[1].name == "Zoë" and players[1].colour == "white"
    assert players[4 - 1].colour != "white"  # colours stay distinct: the swap moved the old owner


def test_setup_refuses_an_empty_name_with_a_message_and_stays():
    c = controller()
    c.handle("new")
    c.handle("setup-name", "0:   ")
    c.handle("start-game")
    assert c.screen == SETUP and "needs a name" in c.setup.form.error
    assert "needs a name" in render_app(c)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_setup_refuses_two_players_of_one_name_and_says_which(lang):
    c = controller()
    c.handle("lang", lang)
    c.handle("new")
    c.handle("setup-name", "0:Anna")
    c.handle("setup-name", "1: anna ")  # the same name, whatever its case and spaces
    c.handle("start-game")
    assert c.screen == SETUP and "anna" in c.setup.form.error and c.setup.form.error[0].isupper()
    c.handle("setup-name", "1:Bram")
    c.handle("start-game")
    assert c.screen != SETUP


def test_a_click_commits_only_legal_actions_and_autosaves_each():
    c = started()
    store = c.library.store
    inter = c.table.interaction()
    assert all(k.startswith("supply:") for k in inter.targets)  # N2.6: put markers on the boat
    c.handle("pick", "supply:flax")
    assert c.state.history[-1][1].text() == "boat flax"
    saved = load_save(store.get(PREFIX + c.game_id))
    assert saved == c.state


def test_an_illegal_click_changes_nothing_and_may_say_why():
    c = started()
    to_actions_phase(c)
    before = c.state.clone()
    c.handle("pick", "field:W2-1")  # out of play with 3 players
    c.handle("pick", "market:M1")
    assert c.state == before
    c.handle("act", "sow flax W2-1")
    assert c.state == before and c.notice and "out of play" in c.notice[1]


def test_sowing_is_select_crop_then_field_with_the_cost_shown_first():
    c = started()
    to_actions_phase(c)
    actor = c.state.current_player()
    crop = next(k.split(":")[1] for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", f"supply:{crop}")
    targets = {k: t for k, t in c.table.interaction().targets.items() if k.startswith("field:") and t.action}
    assert targets and all(t.action.startswith(f"sow {crop} ") and t.cost in (1, 2) for t in targets.values())
    html = render_app(c)
    assert 'class="cost"' in html  # the AP badge is on the board before committing
    key, target = next(iter(targets.items()))
    ap = c.state.ap
    c.handle("pick", key)
    assert c.state.ap == ap - target.cost and c.state.current_player() == actor


def test_undo_takes_back_own_moves_of_this_turn_only():
    c = started()
    to_actions_phase(c)
    assert not c.table.undo_possible()
    start = len(c.state.history)
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    field = next(k for k, t in c.table.interaction().targets.items() if t.action)
    c.handle("pick", field)
    assert c.table.undo_possible()
    c.handle("undo")
    assert len(c.state.history) == start and not c.table.undo_possible()
    assert load_save(c.library.store.get(PREFIX + c.game_id)) == c.state  # the save shrank too
    c.handle("act", "end")
    assert not c.table.undo_possible()  # the next player cannot undo the previous turn


def test_undo_stops_at_a_drawn_joker():
    c = started()
    to_actions_phase(c)
    c.handle("act", "buy joker")
    assert not c.table.undo_possible()


def test_secret_bids_hand_over_then_private_then_hidden():
    c = started(variants=["N12"], names=["Anna", "Bram", "Chloé"])
    assert c.state.phase == START_BID
    html = render_app(c)
    assert "Pass the device to Anna" in html and "bid-private" not in html
    c.handle("reveal-bidder", "0")
    c.handle("bid-change", "grain:+")
    c.handle("bid-change", "grain:+")
    c.handle("bid-change", "aubergine:+")
    c.handle("bid-change", "aubergine:+")  # only one aubergine: stays 1
    assert c.secret.bid_draft == {"grain": 2, "aubergine": 1}
    assert "Markers bid: 3" in render_app(c)
    c.handle("bid-submit")
    after = render_app(c)
    assert "Pass the device to Bram" in after and "Markers bid" not in after
    other = started(variants=["N12"], names=["Anna", "Bram", "Chloé"])  # Anna bids nothing instead
    other.handle("reveal-bidder", "0")
    other.handle("bid-submit")
    assert render_app(other) == after  # the hand-over, and the table it covers, say nothing of her bid (N9)
    c.handle("reveal-bidder", "1")
    assert "Bram" in render_app(c) and "Markers bid: 0" in render_app(c)
    c.handle("bid-submit")
    c.handle("reveal-bidder", "2")
    c.handle("bid-submit")
    assert c.state.start_player == 0 and c.state.phase != START_BID


def test_reveal_bidder_refuses_someone_who_already_bid():
    c = started(variants=["N12"])
    c.handle("reveal-bidder", "0")
    c.handle("bid-submit")
    c.handle("reveal-bidder", "0")
    assert c.secret.bidder is None


def test_a_re_bid_after_a_tie_names_only_this_rounds_bidders():
    """Issue 21: Chloé is out of the re-bid, so she is not among those who "already bid"."""
    c = started(variants=["N12"], names=["Anna", "Bram", "Chloé"])
    for seat, draft in ((0, ["grain:+"]), (1, ["grain:+"]), (2, [])):
        c.handle("reveal-bidder", str(seat))
        for change in draft:
            c.handle("bid-change", change)
        c.handle("bid-submit")
    assert c.state.phase == START_BID and c.state.to_act() == (0, 1)  # Anna and Bram tied: they bid again
    html = render_app(c)
    assert "Already bid" not in html and "Pass the device to Anna" in html  # Chloé bid last: the device goes on to Anna
    c.handle("reveal-bidder", "0")
    c.handle("bid-submit")
    html = render_app(c)
    assert "Already bid: Anna" in html and "Chloé" not in html.split("Already bid")[1].split("</p>")[0]
    assert "Pass the device to Bram" in html


def test_the_hand_over_starts_with_the_person_holding_the_device():
    """Issue 21: the hippo auction opens after Bram's move: Bram bids first, without a hand-over,
    then the device goes round the table from him (Chloé, then Anna)."""
    data = json.loads((GOLDEN / "banks" / "r1-06-3p-n11-auction-sealed.json").read_text())["save"]
    assert data["actions"][-2:] == ["p2 ebb W3", "p2 bid flax flax grapes grapes"]
    data["actions"].pop()  # back to the auction's opening, after Bram's ebb
    for p, name in zip(data["options"]["players"], ["Anna", "Bram", "Chloé"], strict=True):
        p["name"] = name
    c = controller()
    c.shelf.import_text(json.dumps(data))
    assert sorted(c.state.to_act()) == [0, 1, 2] and c.secret.hand_over_order() == [1, 2, 0]
    html = render_app(c)
    assert "Bram, you have the device: make your bid first" in html and "Pass the device" not in html
    assert html.index("I am Bram") < html.index("I am Chloé") < html.index("I am Anna")
    c.handle("reveal-bidder", "1")
    c.handle("bid-submit")
    html = render_app(c)
    assert "Pass the device to Chloé" in html and "Already bid: Bram" in html


def test_hostile_names_are_only_ever_text():
    c = started(names=["<img src=x onerror=alert(1)>", "<script>alert(2)</script>", "a&b\"'"])
    rng = random.Random(3)
    for _ in range(60):
        click_anything(c, rng)
        html = render_app(c)
        assert "<img src=x" not in html and "<script>" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_storage_full_keeps_playing_in_memory_and_offers_export():
    store = MemoryStore()
    c = controller(store)
    c.handle("new")
    c.handle("start-game")
    store.quota = 10  # from now on every write fails
    c.handle("pick", "supply:flax")
    assert c.state.history and c.keeper.in_memory_only
    assert c.notice[0] == "error" and "storage is full" in c.notice[1]
    c.handle("export")
    assert c.effects and c.effects[-1][0] == "download"
    assert load_save(c.effects[-1][2]) == c.state


def test_continue_a_damaged_save_shows_why_and_stays_home():
    store = MemoryStore()
    store.set(PREFIX + "x", '{"format": 99, "game": "banks", "options": {}, "seed": 1, "actions": []}')
    c = controller(store)
    c.handle("continue", "x")
    assert c.screen == HOME and "newer version" in c.notice[1]
    html = render_app(c)
    assert "damaged" in html.lower()


def test_import_refuses_bad_files_clearly():
    c = controller()
    c.shelf.import_text("not a save")
    assert c.screen == HOME and "not imported" in c.notice[1]


@pytest.mark.parametrize("count", ["2", "5"])
def test_random_clicking_always_reaches_the_end_screen(count):
    c = started(count=count, variants=["N11", "N13"], seed=int(count))
    rng = random.Random(int(count))
    for _ in range(20_000):
        if c.state.is_terminal():
            break
        click_anything(c, rng)
    assert c.state.is_terminal()
    html = render_app(c)
    assert "Game over" in html and 'class="ranking"' in html


def test_portrait_layout_draws_the_same_targets():
    c = started()
    to_actions_phase(c)
    c.handle("pick", next(k for k in c.table.interaction().targets if k.startswith("supply:")))
    landscape = render_app(c)
    c.handle("layout", "portrait")
    portrait = render_app(c)
    assert landscape.count('data-i="pick"') == portrait.count('data-i="pick"')
    assert "fields portrait" in portrait


def test_a_reload_reopens_the_game_that_was_open():
    c = started()
    c.handle("pick", "supply:flax")
    reloaded = Controller(Library(c.library.store, load_save), lambda: 1)
    reloaded.resume()
    assert reloaded.screen == GAME and reloaded.state == c.state
    c.handle("home")
    again = Controller(Library(c.library.store, load_save), lambda: 1)
    again.resume()
    assert again.screen == HOME


def test_a_water_click_where_the_waves_do_not_fit_says_why():
    c = started()
    rng = random.Random(2)
    while c.state.phase != "setup_water":
        click_anything(c, rng)
    legal_fields = {k for k, t in c.table.interaction().targets.items() if t.action}
    wrong = next(f"field:{f.name}" for f in FIELDS
                 if f"field:{f.name}" not in legal_fields and f.position == 1 and c.state.row_in_play[f.row])
    before = c.state.clone()
    c.handle("pick", wrong)
    assert c.state == before and c.notice and "N4" in c.notice[1]


def test_choosing_a_language_changes_every_screen_and_is_remembered():
    store = MemoryStore()
    c = controller(store)
    assert 'data-i="lang"' in render_app(c)
    c.handle("lang", "de")
    assert c.lang == "de" and store.get(LANG_KEY) == "de"
    html = render_app(c)
    assert msg("ui.new_game", "de") in html and msg("ui.new_game", "en") not in html
    c.handle("lang", "<script>")  # not a language: ignored
    assert c.lang == "de"
    # the game speaks it too: a refused click says why in German, with the rule id
    c.handle("new")
    c.handle("start-game")
    to_actions_phase(c)
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    taken = next(f for f in FIELDS if c.state.field_has_card(f.index))
    c.handle("pick", f"field:{taken.name}")
    level, words = c.notice
    refusal = c.state.refusal(c.state.parse_action(f"sow {crop.split(':')[1]} {taken.name}"), c.state.current_player())
    assert level == "info" and "(N6)" in words
    assert words == say(refusal, "de") != str(refusal)


def test_a_save_from_other_rules_is_kept_said_in_plain_words_and_still_exported(monkeypatch):
    """Issue 8: after an update whose rules replay an old game differently, the game stays on
    home untouched, says why in plain words, and can still be exported."""
    store = MemoryStore()
    c = started(seed=7)
    c.library = Library(store, load_save)
    rng = random.Random(3)
    for _ in range(12):
        click_anything(c, rng)
    c.keeper.autosave()
    gid = c.game_id
    text = store.get(PREFIX + gid)
    spec = GAMES["banks"].spec
    # the next release: rules version 2, whose set-up draws differently
    later = replace(spec, rules_version=2, new_state=lambda o, seed: spec.new_state(o, seed ^ 5))
    monkeypatch.setitem(GAMES, "banks", GameEntry.of(later))
    again = controller(store)
    again.resume()
    html = render_app(again)
    assert msg("ui.unplayable_rules") in html and msg("ui.kept_as_is") in html
    assert f'data-i="export" data-v="{gid}"' in html and f'data-i="continue" data-v="{gid}"' not in html
    again.handle("export", gid)
    assert again.effects[-1][2] == text  # exported exactly as stored
    again.handle("continue", gid)  # refused with a message, still kept
    assert again.screen == HOME and store.get(PREFIX + gid) == text


def test_importing_the_same_game_twice_opens_the_kept_copy_instead_of_a_duplicate():
    c = started(names=["Zoë", "Bram", "Chloé"])
    rng = random.Random(2)
    for _ in range(6):
        click_anything(c, rng)
    c.handle("export")
    name, text = c.effects[-1][1], c.effects[-1][2]
    assert name.startswith("nile-banks-zoë-bram-chloé-") and name.endswith(".json")  # game, players, date
    gid = c.game_id
    c.handle("home")
    c.shelf.import_text(text)
    assert c.game_id == gid and c.notice == ("info", msg("ui.imported_already"))
    assert len(c.library.games()) == 1


def test_a_notice_belongs_to_the_screen_it_was_raised_on():
    c = controller()
    c.shelf.import_text("{not json")
    assert c.notice and c.notice[0] == "error"
    c.handle("new", "banks")  # on to the set-up screen: the import's complaint stays behind
    assert c.notice is None
    c.handle("home")
    c.handle("continue", "nothing-here")
    assert c.notice is None or c.screen == HOME


def test_saved_games_show_when_and_finished_ones_are_offered_to_view():
    c = started()
    c.handle("home")
    html = render_app(c)
    assert "<time>" in html and msg("ui.continue") in html
    gid = next(iter(c.library.games()))["id"]
    c.handle("continue", gid)
    rng = random.Random(1)
    while not c.state.is_terminal():
        click_anything(c, rng)
    c.handle("home")
    html = render_app(c)
    assert f'data-i="continue" data-v="{gid}">{msg("ui.view")}<' in html


def test_shortcut_keys_end_the_turn_and_undo_only_where_offered():
    c = started()
    to_actions_phase(c)
    actor, n = c.state.current_player(), len(c.state.history)
    crop = next(k for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", crop)
    c.handle("pick", next(k for k, t in c.table.interaction().targets.items() if t.action))
    assert len(c.state.history) == n + 1
    c.handle("key", "u")  # U: undo my move
    assert len(c.state.history) == n and c.state.current_player() == actor
    c.handle("key", "x")  # no such shortcut: nothing happens
    assert len(c.state.history) == n
    assert 'aria-keyshortcuts="E"' in render_app(c)
    c.handle("key", "e")  # E: end turn — with AP left it asks once
    ap = c.state.view(None)["ap"]
    assert c.state.current_player() == actor and f"End your turn with {ap} AP unused?" in render_app(c)
    c.handle("key", "e")  # E again: yes
    assert c.state.current_player() != actor
    c.handle("home")
    c.handle("key", "e")  # not on the game screen: nothing


def test_ending_a_turn_with_action_points_left_asks_once():
    c = started()
    to_actions_phase(c)
    actor, n = c.state.current_player(), len(c.state.history)
    ap = c.state.view(None)["ap"]
    assert ap > 1
    c.handle("act", "end")
    assert len(c.state.history) == n and c.table.confirm == ("end", f"End your turn with {ap} AP unused?")
    html = render_app(c)
    assert 'role="alertdialog"' in html and 'data-i="confirm"' in html and "Keep playing" in html
    c.handle("confirm-cancel")
    assert c.table.confirm is None and len(c.state.history) == n
    c.handle("act", "end")
    c.handle("escape")  # Escape keeps playing too
    assert c.table.confirm is None and len(c.state.history) == n
    c.handle("act", "end")
    c.handle("confirm", "end")
    assert c.state.current_player() != actor
    c.lang = "de"
    assert any("ungenutzten AP" in (b.confirm or "x") for b in c.table.interaction().buttons if b.value == "end")


def test_ending_a_turn_with_no_action_points_left_does_not_ask():
    c = started()
    to_actions_phase(c)
    actor = c.state.current_player()
    for _ in range(20):  # spend every AP on whatever costs something
        costly = [t for t in c.table.interaction().targets.values() if t.action and t.cost]
        if c.state.view(None)["ap"] == 0 or not costly:
            break
        c.handle("act", costly[0].action)
    if c.state.view(None)["ap"] == 0:
        c.handle("act", "end")
        assert c.table.confirm is None and c.state.current_player() != actor


def test_the_boats_markers_name_their_owner_to_a_screen_reader():
    """A boat chip shows a colour letter to the eye ("R flax ×1"); a screen reader hears the owner's name, since a
    span's aria-label is not read (issue 53: the boat read "R flax ×4")."""
    c = started()
    c.handle("pick", "supply:flax")  # N2.6: a marker goes on the boat
    html = render_app(c)
    chips = re.findall(r'<span class="chip boat-chip[^"]*"[^>]*>(.*?)</span></span>', html)
    assert chips and all('aria-hidden="true"' in chip for chip in chips)
    spoken = [re.search(r'<span class="sr-only">(.*?)$', chip).group(1) for chip in chips]
    assert any("flax on the boat" in s and c.names[0] in s.replace("&#x27;", "'") for s in spoken), spoken
