"""The destinations map (issue 51, ``Interaction.dests``): a choice on Nile's table (a crop to sow, a pile to
lay from, a field's fruit) carries the targets choosing it offers, so the page shows a tap's choice in its next
frame (static/answer.js) before Python has made it. What the page shows then must be what Python draws a frame
later: over random games, choosing any place offered takes away exactly the targets of the place chosen before
and lights exactly that place's destinations; the drawn choices carry them, and nothing else does."""

import random
import re
from html.parser import HTMLParser

from nile.web.render import render_app

from .test_controller import click_anything, play_length, started


def acts(inter):
    """The targets that act (a move), by key."""
    return {k for k, t in inter.targets.items() if t.action}


def chosen_key(inter, selection):
    """The place the selection stands for on the table (the one drawn pressed), or None."""
    sel = selection or {}
    if sel.get("kind") == "supply" or (sel.get("kind") == "side" and sel.get("crop")):
        return f"supply:{sel['crop']}"
    if sel.get("kind") == "fruit":
        return f"field:{sel['field']}"
    if inter.extra.get("chosen_pile"):
        return f"pile:{inter.extra['chosen_pile']}"
    return None


class Choices(HTMLParser):
    """Every element that carries destinations: its data-v, its data-dests and whether it is pressed."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[str, tuple[str, str | None]] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-dests" in a:
            assert a.get("data-v") not in self.found, a  # one element per choice
            self.found[a["data-v"]] = (a["data-dests"], a.get("aria-pressed"))


def check(c):
    ui, s = c.ui, c.state
    inter = c.table.interaction()
    if not inter.dests or s.is_terminal() or not c.plays_here(s.current_player()):
        return 0
    now = acts(inter)
    chosen = chosen_key(inter, c.table.selection)
    lit = set(inter.dests.get(chosen, ())) if chosen else set()
    assert lit <= now, (chosen, lit, now)  # the chosen place's destinations are what is lit now
    checked = 0
    for key, t in inter.targets.items():
        if t.select is None:
            continue
        other = ui.interaction(s, t.select, c.lang, c.names)
        # choosing it: the last choice's targets go, its own come; every other target stays
        assert acts(other) == (now - lit) | set(inter.dests[key]), (key, t.select, c.table.selection)
        checked += 1
    html = render_app(c)
    drawn = Choices()
    drawn.feed(html)
    for key, (dests, pressed) in drawn.found.items():
        assert dests.split() == inter.dests[key], key
        assert pressed == ("true" if key == chosen else "false"), (key, pressed)  # a choice, or the one chosen
    offered = {k for k, t in inter.targets.items() if t.select is not None and k in inter.dests}
    if 'class="actions confirm"' not in html:  # (a question asked in the panel, "End your turn …?", hides the crops)
        assert offered <= set(drawn.found), offered - set(drawn.found)  # every choice offered carries them
    return checked


def test_choosing_a_place_lights_exactly_its_destinations_in_random_games():
    checked = positions = 0
    for seed in range(6):
        c = started(str(2 + seed % 4), seed=seed)
        rng = random.Random(seed)
        for _ in range(play_length(260)):
            if c.state is None or c.state.is_terminal():
                break
            n = check(c)
            checked += n
            positions += n > 0
            click_anything(c, rng)
    assert positions > play_length(100) and checked > play_length(400), (positions, checked)


def test_a_crop_chosen_to_sow_carries_its_fields_and_the_others_theirs():
    c = started("2", seed=3)
    rng = random.Random(5)
    while not any(k.startswith("supply:") and t.select for k, t in c.table.interaction().targets.items()):
        click_anything(c, rng)
    inter = c.table.interaction()
    crop = next(k for k, t in inter.targets.items() if k.startswith("supply:") and t.select)
    html = render_app(c)
    chip = re.search(rf'<button[^>]*data-v="{crop}"[^>]*>', html).group(0)
    dests = re.search(r'data-dests="([^"]*)"', chip).group(1).split()
    assert dests and all(d.startswith("field:") for d in dests)
    c.handle("pick", crop)
    assert acts(c.table.interaction()) >= set(dests)
    html = render_app(c)
    assert re.search(rf'<button[^>]*data-v="{crop}"[^>]*aria-pressed="true"[^>]*data-dests="{" ".join(dests)}"', html)
