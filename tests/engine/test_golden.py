"""Golden saves: games stored by earlier versions must load, and load to exactly the same game.

Players keep saved games in their browser for months while new versions ship, and
loading replays every action from the seed. A change to the order of random draws or
to a rule would turn those games into other games (or break them) without anyone
noticing. Each file under ``tests/golden/<game>/`` is a save plus what it must replay
to (phase, who acts, round, history length, standings and a digest of the public
view); this test loads each one through ``nile.games.load_save`` and compares.

Every game directory is picked up by itself (``tests/golden/cape/`` too). The files
are written by ``tools/make_golden.py`` and changed only in a deliberate, explained
commit. The test runs in CPython and in Pyodide (files are found from ``__file__``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from nile.core import save
from nile.games import GAMES, load_save

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
#: what every golden file pins, in the order the generator writes it
FIELDS = ("phase", "to_act", "round", "history_length", "standings", "view_digest")


def view_digest(state: Any) -> str:
    """sha256 of the public view as canonical JSON."""
    text = json.dumps(state.view(None), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def facts(state: Any) -> dict[str, Any]:
    """What a golden file pins about the state its save replays to (the same for every game:
    the protocol, and the public view's ``phase``, ``round``, players' ``score`` and ``result``)."""
    view = state.view(None)
    return {
        "phase": view.get("phase"),
        "to_act": list(state.to_act()),
        "round": view.get("round"),
        "history_length": len(state.history),
        "standings": {
            "scores": [p.get("score") for p in view.get("players", [])],
            "result": view.get("result"),
        },
        "view_digest": view_digest(state),
    }


def golden_files() -> list[Path]:
    return sorted(p for d in sorted(GOLDEN.iterdir()) if d.is_dir() and not d.name.startswith(("_", "."))
                  for p in d.glob("*.json")) if GOLDEN.is_dir() else []


def read(path: Path) -> dict[str, Any]:
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert set(doc) == {"about", "save", "expect"}, f"{path.name}: a golden file is {{about, save, expect}}"
    assert isinstance(doc["about"], str) and doc["about"].strip(), f"{path.name}: say what this save pins"
    assert set(doc["expect"]) == set(FIELDS), f"{path.name}: expect must pin exactly {FIELDS}"
    return doc


def _rel(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


WHAT_TO_DO = """
This version no longer replays a save an earlier version wrote the way it did then:
players' saved games like it {outcome}.

Do not regenerate this file to make the test pass. Either
- undo the change to the order of random draws or to the rules, or
- if the change is wanted: bump {game!r}'s rules version (RULES_VERSION on its State class,
  which its GameSpec's rules_version reads) in the same commit, and explain in the commit
  message what changed for old saves. Then older saves that no longer replay are refused
  with a clear message (save.rules_changed) instead of silently becoming another game;
  add golden saves for the new rules version with tools/make_golden.py (it never
  overwrites these).
Only if you deliberately changed what view(None) shows, not how the game plays (then
only view_digest differs, and the view's view_version should say so), regenerate the
digests with tools/make_golden.py --force and say so in the commit.
"""

SILENT = """
This save was written under rules version {saved}; this version plays rules version
{current} and replays it without error, but to a different game. Players' saved games
like it would change under their feet without any message. Keep replaying saves of rules
version {saved} as before, or make them fail to replay so that they are refused as
save.rules_changed. Do not edit the golden file to make the test pass. Only if this is
accepted knowingly, list it in ACCEPTED_SILENT_CHANGES (tests/engine/test_golden.py) with
the reason, in the commit that bumps the rules version.
"""

#: golden saves of older rules that the current rules replay, knowingly, to a different game:
#: ``{"banks/r1-02-….json": {2: "why rules version 2 changes games like it, and why that is accepted"}}``
ACCEPTED_SILENT_CHANGES: dict[str, dict[int, str]] = {}


def differences(expected: dict[str, Any], got: dict[str, Any]) -> list[str]:
    return [f"  {k}: expected {expected[k]!r},\n  {' ' * len(k)}  got      {got[k]!r}" for k in FIELDS if expected[k] != got[k]]


FILES = golden_files()


def test_there_are_golden_saves_for_nile():
    names = [_rel(p) for p in FILES]
    assert sum(n.startswith("banks/") for n in names) >= 20, names
    formats = [read(p)["save"]["format"] for p in FILES if p.parent.name == "banks"]
    assert formats.count(1) >= 2, "format 1 saves (as the first release wrote them) stay pinned"


def test_every_golden_directory_is_a_registered_game():
    dirs = [d.name for d in GOLDEN.iterdir() if d.is_dir() and not d.name.startswith(("_", "."))]
    unknown = sorted(set(dirs) - set(GAMES))
    assert not unknown, f"tests/golden/ has directories for no registered game: {unknown}"


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_a_golden_save_replays_to_the_same_game(path):
    doc = read(path)
    data, expected = doc["save"], doc["expect"]
    game = path.parent.name
    assert data.get("game") == game, f"{_rel(path)}: the save is of {data.get('game')!r}, not {game!r}"
    spec = GAMES[game]
    saved = data.get("rules", save.FORMAT_1_RULES)
    current = spec.rules_version
    assert saved <= current, f"{_rel(path)}: written under rules {saved}, newer than this version's {current}"
    try:
        state = load_save(data)
    except save.SaveError as e:
        if saved < current and e.key == "save.rules_changed":
            return  # an older game the new rules cannot replay: the player is told so, and it is kept
        pytest.fail(f"{_rel(path)} ({doc['about']}) no longer loads: {e}\n"
                    + WHAT_TO_DO.format(outcome="would be refused", game=game))
    got = facts(state)
    diff = differences(expected, got)
    if not diff:
        return
    if saved < current:
        if ACCEPTED_SILENT_CHANGES.get(_rel(path), {}).get(current):
            return  # known and explained: it still loads, to the game the new rules make of it
        pytest.fail(f"{_rel(path)} ({doc['about']}):\n" + "\n".join(diff) + SILENT.format(saved=saved, current=current))
    pytest.fail(f"{_rel(path)} ({doc['about']}) replays differently:\n" + "\n".join(diff)
                + WHAT_TO_DO.format(outcome="would silently become other games", game=game))


@pytest.mark.parametrize("path", FILES, ids=_rel)
def test_a_golden_save_is_saved_again_as_it_was(path):
    """Loading and saving again gives the same game (format 1 saves come back as format 2)."""
    data = read(path)["save"]
    try:
        state = load_save(data)
    except save.SaveError:
        pytest.skip("refused as save.rules_changed (checked above)")
    again = save.to_json(state)
    assert again["format"] == save.FORMAT_VERSION and again["rules"] == GAMES[data["game"]].rules_version
    assert {k: again[k] for k in ("game", "options", "seed", "actions")} == {
        k: data[k] for k in ("game", "options", "seed", "actions")
    }
