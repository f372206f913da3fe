"""The message catalog: every sentence a player can be shown has a key in every language.

Refusals (N6 and the others), bad saves and bad set-ups are errors with a catalog key
and parameters (``nile.core.explained``), so the app says them in the player's language.
"""

import json
import re
import string
from pathlib import Path

import pytest

from nile.core import save
from nile.core.actions import Action, IllegalActionError
from nile.core.explained import say
from nile.core.players import OptionsError, clean_name
from nile.games import load_save
from nile.messages import LANGUAGES, catalog, describe, has_key, pick_language

from .builders import blank, put_field
from .test_protocol import finished_game

NILE = Path(__file__).resolve().parents[2] / "nile"
KEY_IN_CODE = re.compile(r'''(?:Error\(|return |_log\()\s*"((?:why|save|options|turn|round|game|field|water|rot|desert|bid|setup|tide|score|auction|joker|hoard|refresh|buy|sow|grow|harvest|ebb|flood)\.[a-z_.]+)"''')


def placeholders(template):
    return sorted(name for _, name, _, _ in string.Formatter().parse(template) if name)


def test_every_key_the_code_raises_or_logs_is_in_the_english_catalog():
    found = set()
    for path in NILE.rglob("*.py"):
        found |= set(KEY_IN_CODE.findall(path.read_text(encoding="utf-8")))
    assert len(found) > 60, sorted(found)  # the pattern still finds the keys
    missing = sorted(k for k in found if not has_key(k))
    assert not missing


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_has_every_key_with_the_same_placeholders(lang):
    words, english = catalog(lang), catalog("en")
    assert set(words) == set(english), set(words) ^ set(english)
    wrong = [k for k in english if placeholders(words[k]) != placeholders(english[k])]
    assert not wrong


def test_a_refusal_names_the_broken_rule_and_is_an_error_with_a_key():
    s = blank(4)
    put_field(s, "W4-2", 1, "flax")
    put_field(s, "W4-2", 2, "grain")
    with pytest.raises(IllegalActionError) as info:
        s.apply(Action("sow", ("onion", "W4-2")), 0)
    e = info.value
    assert (e.key, e.params["text"]) == ("why.not_allowed", "sow onion W4-2")
    assert e.params["why"].key == "why.field_full"
    assert str(e) == "'sow onion W4-2' is not allowed: a field holds at most 2 markers (N6)"
    assert s.why_illegal(Action("sow", ("onion", "W4-2")), 0) == str(e)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_refusals_bad_saves_and_bad_set_ups_are_said_in_each_language(lang):
    s = blank(4)
    refusal = s.refusal(Action("sow", ("aubergine", "W2-1")), 0)  # W2 is out of play with 4 players (N2)
    data = json.loads(save.dumps(finished_game(3, seed=4)))
    data["actions"][5] = data["actions"][4]  # the same move twice in a row: refused on replay
    with pytest.raises(save.SaveError) as info:
        load_save(json.dumps(data))
    bad_save = info.value
    assert bad_save.key == "save.bad_action" and isinstance(bad_save.params["why"], IllegalActionError)
    with pytest.raises(OptionsError) as info:
        clean_name("   ", 2)
    for error in (refusal, bad_save, info.value):
        words = say(error, lang)
        assert words and "{" not in words and "why." not in words and "save." not in words
        if lang != "en":
            assert words != str(error), (lang, words)
    assert "W2" in say(refusal, lang) and "3" in say(info.value, lang)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_log_entry_of_a_game_with_all_variants_reads_in_each_language(lang):
    s = finished_game(5, variants=("N10", "N11", "N12", "N13"), seed=9)
    names = [p.name for p in s.options.players]
    for entry in s.view(None)["log"]:
        line = describe(entry, names, lang)
        assert line.strip() and "{" not in line and entry["key"] not in line, (entry, line)


def test_the_language_is_the_choice_then_the_browser_then_english():
    assert pick_language("en", "de-DE") == "en"
    assert pick_language(None, "en-GB") == "en"
    assert pick_language("xx", "zz") == "en"
    assert pick_language(None, None) == "en"
    for code in LANGUAGES:
        assert pick_language(None, code.upper() + "-XX") == code
