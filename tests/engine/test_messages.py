"""The message catalogs: every sentence a player can be shown has a key, in every language.

Refusals (N6 and the others), bad saves, bad set-ups and malformed action text are errors
with a catalog key and parameters (``nile.core.explained``); the word layer (``nile.words``,
gettext) says them in the player's language. These tests read the compiled catalogs, so
they run in CPython and in Pyodide alike; ``test_translations.py`` checks the PO files.
"""

import json
import re
import string
from pathlib import Path

import pytest

from nile.core import save
from nile.core.actions import Action, ActionError, IllegalActionError
from nile.core.players import OptionsError, clean_name
from nile.games import GAMES, load_save
from nile.messages import LANGUAGES, catalog, describe, has_key, pick_language, plural, say, text
from nile.words import SHELL, WORD_FORMS, domains

from .builders import blank, put_field
from .test_protocol import finished_game

NILE = Path(__file__).resolve().parents[2] / "nile"
KEY_IN_CODE = re.compile(r'''(?:Error\(|return |_log\()\s*"((?:why|save|link|options|parse|turn|round|game|field|water|rot|desert|bid|setup|tide|score|auction|joker|hoard|refresh|buy|sow|grow|harvest|ebb|flood|cape)\.[a-z_.]+)"''')
#: the plural rule each language's catalog must follow: count → form index
PLURAL_RULES = {"en": {0: 1, 1: 0, 2: 1}, "de": {0: 1, 1: 0, 2: 1}, "nl": {0: 1, 1: 0, 2: 1}, "fr": {0: 0, 1: 0, 2: 1}}


def fields(template):
    return sorted({name for _, name, _, _ in string.Formatter().parse(template) if name})


def test_every_key_the_code_raises_or_logs_is_in_the_english_catalog():
    found = set()
    for path in NILE.rglob("*.py"):
        found |= set(KEY_IN_CODE.findall(path.read_text(encoding="utf-8")))
    assert len(found) > 80, sorted(found)  # the pattern still finds the keys
    missing = sorted(k for k in found if not has_key(k))
    assert not missing


def test_the_shell_and_every_game_speak_through_their_own_domain():
    names = [d.name for d in domains()]
    assert names[0] == "shell" and set(names) == {"shell", *GAMES}
    for game, spec in GAMES.items():
        assert spec.words.name == game and spec.words.keys()
        assert not spec.words.keys() & SHELL.keys()  # a key belongs to one domain
    assert "en" in LANGUAGES and list(LANGUAGES)[0] == "en"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_language_has_every_key_with_the_same_placeholders(lang):
    words, english = catalog(lang), catalog("en")
    base = {k.split("[")[0] for k in english}
    assert {k.split("[")[0] for k in words} == base
    wrong = [k for k in words if fields(words[k]) != fields(english.get(k, english.get(k.split("[")[0] + "[1]", "")))]
    assert not wrong
    for k, template in words.items():  # a word's form is one the catalogs hold (le lin / du lin)
        for _, _name, spec, _ in string.Formatter().parse(template):
            assert not (spec and spec.isalpha()) or spec in WORD_FORMS, (k, spec)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_plural_forms_follow_each_languages_rule_for_0_1_and_2(lang):
    rule = PLURAL_RULES.get(lang)
    if rule is None:
        pytest.skip(f"no plural rule written down for {lang} yet")
    for domain in domains():
        counted = [k for k in domain.keys() if domain.is_counted(k)]
        for key in counted:
            forms = domain.forms(key, lang)
            assert len(forms) == 2, (key, forms)
            for count, index in rule.items():
                assert domain.template(key, lang, count) == forms[index], (key, count)


def test_counted_sentences_say_0_1_and_2_as_each_language_does():
    assert [plural("ui.points_n", n, "en") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert [plural("ui.points_n", n, "de") for n in (0, 1, 2)] == ["0 Punkte", "1 Punkt", "2 Punkte"]
    if "fr" in LANGUAGES:  # French counts 0 as singular
        assert [plural("ui.points_n", n, "fr") for n in (0, 1, 2)] == ["0 point", "1 point", "2 points"]
    if "nl" in LANGUAGES:
        assert [plural("ui.points_n", n, "nl") for n in (0, 1, 2)] == ["0 punten", "1 punt", "2 punten"]


def test_a_refusal_names_the_broken_rule_and_is_an_error_with_a_key():
    s = blank(4)
    put_field(s, "W4-2", 1, "flax")
    put_field(s, "W4-2", 2, "grain")
    with pytest.raises(IllegalActionError) as info:
        s.apply(Action("sow", ("onion", "W4-2")), 0)
    e = info.value
    assert (e.key, e.params["text"]) == ("why.not_allowed", "sow onion W4-2")
    assert e.params["why"].key == "why.field_full"
    assert say(e) == "Sowing an onion on W4-2 is not allowed: a field holds at most 2 markers (N6)"  # the move in words
    assert str(e) == "why.not_allowed(text='sow onion W4-2', why=why.field_full(rule='N6'))"  # the core knows keys, not words


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_refusals_bad_saves_bad_set_ups_and_bad_action_text_are_said_in_each_language(lang):
    s = blank(4)
    refusal = s.refusal(Action("sow", ("aubergine", "W2-1")), 0)  # W2 is out of play with 4 players (N2)
    data = json.loads(save.dumps(finished_game(3, seed=4)))
    data["actions"][5] = data["actions"][4]  # the same move twice in a row: refused on replay
    with pytest.raises(save.SaveError) as info:
        load_save(json.dumps(data))
    bad_save = info.value
    assert bad_save.key == "save.bad_action" and isinstance(bad_save.params["why"], IllegalActionError)
    data["actions"][5] = "p2 sow flax W9-1"  # a field that does not exist
    with pytest.raises(save.SaveError) as info:
        load_save(json.dumps(data))
    bad_text = info.value
    assert isinstance(bad_text.params["why"], ActionError) and bad_text.params["why"].key == "parse.field"
    with pytest.raises(OptionsError) as info:
        clean_name("   ", 2)
    for error in (refusal, bad_save, bad_text, info.value):
        words = say(error, lang)
        assert words and "{" not in words and "why." not in words and "save." not in words and "parse." not in words
        if lang != "en":
            assert words != say(error), (lang, words)
    assert "W2" in say(refusal, lang) and "3" in say(info.value, lang) and "W9-1" in say(bad_text, lang)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_every_log_entry_of_a_game_with_all_variants_reads_in_each_language(lang):
    s = finished_game(5, variants=("N10", "N11", "N12", "N13"), seed=9)
    names = [p.name for p in s.options.players]
    for entry in s.view(None)["log"]:
        line = describe(entry, names, lang)
        assert line.strip() and "{" not in line and entry["key"] not in line, (entry, line)


def test_the_winners_are_counted_not_glued_on():
    one = describe({"key": "game.over", "params": {"reason": "obelisk", "winners": [0]}}, ["Ann", "Bo"])
    two = describe({"key": "game.over", "params": {"reason": "obelisk", "winners": [0, 1]}}, ["Ann", "Bo"])
    assert one == "Game over (a pawn reached the obelisk): Ann wins."
    assert two == "Game over (a pawn reached the obelisk): Ann and Bo share the win."


def test_numbers_and_words_take_the_languages_form():
    assert text("save.too_large", "en", chars=1234567) == "this file is too large to be a saved game (1,234,567 characters)"
    assert "1.234.567" in text("save.too_large", "de", chars=1234567)
    entry = {"key": "part.marker", "params": {"owner": 0, "crop": "onion"}}
    assert describe(entry, ["Ann"], "de") == "Anns Zwiebeln" or "Ann" in describe(entry, ["Ann"], "de")


def test_the_language_is_the_choice_then_the_browser_then_english():
    assert pick_language("en", "de-DE") == "en"
    assert pick_language(None, "en-GB") == "en"
    assert pick_language("xx", "zz") == "en"
    assert pick_language(None, None) == "en"
    for code in LANGUAGES:
        assert pick_language(None, code.upper() + "-XX") == code
