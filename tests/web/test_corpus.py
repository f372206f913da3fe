"""The reading corpus (issue 53, tools/corpus.py): every sentence the app shows or says, once, with its key and where.

A quick run in English (every kind of screen once, in the first registered game) is what a maintainer reads
the corpus for: each screen kind is drawn, each entry names its catalog key, where it was first seen and the
screen's saved markup, sentences that differ only in a name or a number of the same kind are one entry, and no
sentence shows a raw key or an unfilled ``{placeholder}``.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import pytest

from nile.words import Word
from nile.words.say import listen, text

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="a tool of the repository, run in CPython")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import corpus  # noqa: E402

#: every kind of screen a player meets, drawn in a quick run
KINDS = {"home", "set-up", "rules help", "table", "menu", "lesson", "moment", "sealed bid", "hand-over", "end", "replay",
         "review", "play from afar"}


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[corpus.Corpus, dict, Path]:
    out = tmp_path_factory.mktemp("corpus")
    found = corpus.run("en", str(out), quick=True)
    corpus.write(found)
    return found, json.loads((out / "en.json").read_text(encoding="utf-8")), out


def test_a_quick_run_draws_every_kind_of_screen_and_groups_the_sentences_by_screen(quick):
    found, data, out = quick
    drawn = {part for kind in data["summary"]["drawn"] for part in kind.split(" · ")}  # "table · lesson": a lesson over the table
    assert KINDS <= drawn, KINDS - drawn
    assert {"home", "set-up", "rules help", "table", "table · lesson", "sealed bid", "review"} <= set(data["summary"]["screen_kinds"])
    md = (out / "en.md").read_text(encoding="utf-8")
    for kind in data["summary"]["screen_kinds"]:
        assert f"\n## {kind}\n" in md
    assert data["summary"]["sentences"] == len(data["entries"]) > 300


def test_every_entry_names_its_key_where_it_was_seen_and_a_saved_screen_that_shows_it(quick):
    found, data, out = quick
    for e in data["entries"]:
        assert e["key"] and e["sentence"], e
        assert set(e["where"]) >= {"game", "scenario", "screen", "step"} and e["where"]["step"] >= 1, e
        shot = out / e["screenshot"]
        assert shot.is_file(), e
    some = next(e for e in data["entries"] if e["key"] == "ui.turn_of")  # a line of the status bar
    page = (out / some["screenshot"]).read_text(encoding="utf-8")
    assert some["sentence"] in page and "static/app.css" in page  # the screen as drawn, with the site's look
    md = (out / "en.md").read_text(encoding="utf-8")
    assert f"`{some['key']}`" in md and some["sentence"] in md


def test_the_same_key_with_other_names_or_numbers_of_the_same_kind_is_one_entry(quick):
    found, data, out = quick
    sigs = [(e["key"], tuple(sorted(e["kinds"].items()))) for e in data["entries"]]
    assert len(sigs) == len(set(sigs))
    turns = [e for e in data["entries"] if e["key"] == "ui.turn_of"]
    assert len(turns) == 1 and turns[0]["kinds"] == {"player": "name"} and turns[0]["seen"] > 10  # Anna's, Bastet's …
    points = {e["kinds"]["count"] for e in data["entries"] if e["key"] == "ui.points_n"}
    assert points <= {"0", "1", "many"} and {"0", "many"} <= points  # 0, 1 and many points read differently


def test_kinds_tell_names_words_and_counts_apart():
    names = frozenset({"Anna", "Elio"})
    assert corpus.kind_of("Anna", names) == corpus.kind_of("Elio", names) == "name"
    assert corpus.kind_of(2, names) == corpus.kind_of(17, names) == "many" != corpus.kind_of(1, names) != corpus.kind_of(0, names)
    assert corpus.kind_of(1, names, counted=False) == corpus.kind_of(7, names, counted=False) != corpus.kind_of(0, names, counted=False)
    assert corpus.kind_of(Word("crop.flax"), names) == corpus.kind_of(Word("crop.grain"), names) == "word:crop"
    assert corpus.kind_of("a reason", names) == "text"


def test_no_sentence_shows_a_raw_key_or_a_placeholder(quick):
    found, data, out = quick
    assert corpus.slips(found) == []
    for e in data["entries"]:
        assert e["sentence"] != e["key"] and not re.search(r"\{[a-z_]+(?::[a-z]+)?\}", e["sentence"]), e
    assert data["summary"]["unknown_keys"] == []


def test_the_listener_only_listens():
    heard = []
    before = listen(lambda key, lang, params, said: heard.append((key, lang, dict(params), said)))
    try:
        said = text("ui.turn_of", "de", player="Anna")
    finally:
        listen(before)
    assert heard[-1] == ("ui.turn_of", "de", {"player": "Anna"}, said) and "Anna" in said  # (the sentence's own last)
    count = len(heard)
    assert text("ui.turn_of", "de", player="Anna") == said and len(heard) == count  # no listener: nothing heard


def test_the_command_writes_a_corpus_per_language(tmp_path):
    assert corpus.main(["--lang", "fr", "--quick", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "fr.md").is_file() and (tmp_path / "fr.json").is_file()
    assert any(name.startswith("fr-") for name in os.listdir(tmp_path / "screens"))
