"""Saves carry the rules version they were played under (format 2), and old saves keep loading.

A save from newer rules is refused as such; a save from older rules that no longer
replays is refused saying that the rules changed, with the replay's own reason inside,
so a player never mistakes an update for a broken save.
"""

import dataclasses
import json

import pytest
from saying import refused

from nile.banks.options import Options
from nile.banks.state import BanksState
from nile.core import save
from nile.core.rng import Rng
from nile.core.simulate import play_random
from nile.games import GAMES, load_save
from nile.messages import LANGUAGES, say


def played(players=3, seed=5, actions=60, variants=frozenset({"N11"})):
    s = BanksState(Options.default(players, variants=variants, start="random"), seed)
    play_random(s, Rng(seed), max_actions=actions)
    return s


def as_format_1(state):
    """The save as the previous release wrote it: no rules field."""
    data = save.to_json(state)
    del data["rules"]
    data["format"] = 1
    return data


CURRENT = BanksState.RULES_VERSION


def bumped(spec, new_state=None):
    """The registry of a later release: the rules version bumped, the new game made differently."""
    return {spec.name: dataclasses.replace(spec, rules_version=spec.rules_version + 1,
                                           new_state=new_state or spec.new_state)}


def at_rules(version):
    """The registry as a release playing rules ``version`` with today's engine would have it."""
    return {"banks": dataclasses.replace(GAMES["banks"].spec, rules_version=version)}


def test_every_save_names_its_rules_version():
    s = played()
    data = save.to_json(s)
    assert list(data) == ["format", "game", "rules", "options", "seed", "actions"]
    assert data["format"] == save.FORMAT_VERSION == 2 and data["rules"] == CURRENT


def test_every_game_states_its_rules_version_once():
    """The spec's version is the state class's: the number a save writes is the one it is checked against."""
    for spec in GAMES.values():
        state = spec.new_state(spec.default_options(spec.min_players, frozenset()), 1)
        assert spec.rules_version == type(state).RULES_VERSION == save.to_json(state)["rules"], spec.name


def test_a_format_1_save_still_loads_as_rules_version_1():
    s = played()
    old = as_format_1(s)
    assert save.parse(old)["rules"] == save.FORMAT_1_RULES == 1
    assert save.load(json.dumps(old), at_rules(1)) == s
    assert save.load(old, at_rules(1)) == s  # (the golden saves pin real format 1 saves: tests/golden)


def test_a_format_1_save_with_a_rules_field_is_not_format_1():
    old = as_format_1(played())
    old["rules"] = 1
    with refused(save.SaveError, "unknown fields: rules"):
        load_save(old)


def test_a_format_2_save_needs_its_rules_version():
    data = save.to_json(played())
    del data["rules"]
    with refused(save.SaveError, "missing: rules"):
        load_save(data)


@pytest.mark.parametrize("rules", ["1", 1.0, None, True, 0, -3, [1]])
def test_the_rules_version_must_be_a_whole_number_from_1(rules):
    data = save.to_json(played())
    data["rules"] = rules
    with pytest.raises(save.SaveError) as info:
        load_save(json.dumps(data))
    assert info.value.key == "save.rules_type"
    assert "rules version must be a whole number" in say(info.value)


def test_a_save_from_newer_rules_is_refused_before_replaying():
    data = save.to_json(played())
    data["rules"] = CURRENT + 1
    with pytest.raises(save.SaveError) as info:
        load_save(data)
    e = info.value
    assert e.key == "save.rules_too_new"
    assert e.params == {"saved": CURRENT + 1, "current": CURRENT}
    assert f"newer rules (version {CURRENT + 1})" in say(e) and f"(rules version {CURRENT})" in say(e)


def test_a_newer_format_is_refused_as_too_new_whatever_its_fields():
    with refused(save.SaveError, "newer version of Nile"):
        load_save({"format": 99, "something": "else"})


def test_a_save_from_older_rules_that_still_replays_loads():
    s = played()
    games = bumped(GAMES["banks"].spec)
    assert save.load(save.to_json(s), games) == s
    if CURRENT == 1:
        assert save.load(as_format_1(s), games) == s


def test_a_save_from_older_rules_that_no_longer_replays_says_the_rules_changed():
    s = played()
    # the next release draws differently: the same seed deals other cards
    games = bumped(GAMES["banks"].spec, new_state=lambda options, seed: BanksState(options, seed ^ 0x5DEECE66D))
    saves = [save.to_json(s)] + ([as_format_1(s)] if CURRENT == 1 else [])
    for data in saves:
        with pytest.raises(save.SaveError) as info:
            save.load(json.dumps(data), games)
        e = info.value
        assert e.key == "save.rules_changed"
        assert (e.params["saved"], e.params["current"]) == (CURRENT, CURRENT + 1)
        inner = e.params["why"]
        assert isinstance(inner, save.SaveError) and inner.key == "save.bad_action"
        words = say(e)
        assert words.startswith(f"this game was played under an earlier version of the rules (version {CURRENT})")
        assert f"(rules version {CURRENT + 1}) can no longer replay: action " in words


def test_a_save_of_the_current_rules_that_fails_is_not_blamed_on_the_rules():
    data = save.to_json(played())
    data["actions"].insert(3, "p1 end")
    with pytest.raises(save.SaveError) as info:
        load_save(data)
    assert info.value.key == "save.bad_action"


def test_older_rules_with_options_the_new_rules_reject_say_the_rules_changed():
    def strict(data):
        raise ValueError("no such options any more")

    spec = GAMES["banks"].spec
    games = {"banks": dataclasses.replace(spec, rules_version=CURRENT + 1, options_from_json=strict)}
    with pytest.raises(save.SaveError) as info:
        save.load(save.to_json(played()), games)
    assert info.value.key == "save.rules_changed" and info.value.params["why"].key == "save.bad_options"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_rules_errors_are_said_in_every_language(lang):
    s = played()
    games = bumped(GAMES["banks"].spec, new_state=lambda options, seed: BanksState(options, seed ^ 1))
    with pytest.raises(save.SaveError) as info:
        save.load(save.to_json(s), games)
    too_new = save.SaveError("save.rules_too_new", saved=3, current=1)
    for error in (info.value, too_new, save.SaveError("save.rules_type")):
        words = say(error, lang)
        assert words and "{" not in words and "save." not in words and "why." not in words
        if lang != "en":
            assert words != say(error)
