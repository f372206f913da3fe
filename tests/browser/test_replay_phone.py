"""The replay on a phone (issue 53, "the whole sentence visible at every size"): at 390 × 844, in every language,
the replay's head line says its step whole ("Herhaling: na 95 van 95 acties" was cut to "Herhalin g: na 95 van
95…" beside the way back), and nothing of the replay runs off the window's side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .ui import at_size, click, continue_game, head_control, intent, put_saves, set_language

GOLDEN = Path(__file__).resolve().parent.parent / "golden"

#: JS: the replay's step line, whole or cut, and whatever of the replay lies beyond the window's right edge
MEASURE = """() => {
  const whose = document.querySelector('.replay > .status .whose');
  const r = whose.getBoundingClientRect();
  const beyond = [...document.querySelectorAll('.replay *')].filter(e => {
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.right > innerWidth + 0.5 && !e.closest('.table-scroll, svg');
  }).map(e => e.tagName + '.' + e.className);
  return {text: whose.textContent, cut: whose.scrollHeight > whose.clientHeight + 1 || whose.scrollWidth > whose.clientWidth + 1
          || r.right > innerWidth + 0.5, beyond};
}"""


@pytest.mark.parametrize("lang", ["nl", "de", "fr", "en"])
@pytest.mark.parametrize(("game", "name"), [("banks", "r1-17-2p-over-obelisk.json"), ("cape", "r1-06-2p-over-crossings.json")])
def test_the_replays_head_line_is_whole_on_a_phone(app: Page, lang: str, game: str, name: str) -> None:
    save = json.loads((GOLDEN / game / name).read_text())["save"]
    with at_size(app, 390, 844):
        put_saves(app, {"nile:game:replayed": json.dumps(save)})
        set_language(app, lang)
        continue_game(app, "replayed")
        click(app, head_control(app, "replay"))
        expect(app.locator(".replay > .status .whose")).to_be_visible()
        seen = app.evaluate(MEASURE)
        assert not seen["cut"] and not seen["beyond"], seen
        click(app, app.locator(intent("replay-exit")).first)
