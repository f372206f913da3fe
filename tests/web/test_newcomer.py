"""A newcomer's first game without a stumble (issue 40): what the testers tripped over on the table, each as a
player would notice it — the head line before the first round, the start pillar while it is still bid for
(N12), the prompt with no action points left (N6), a crop chosen that stays chosen when the side changes
(N2.8), the pile whose top card the lit fields fit (N4), the set-up's variants said once each."""

from __future__ import annotations

import random
import re

from nile.banks.state import ACTIONS
from nile.web.render import render_app

from .test_controller import click_anything, controller, started


def _status(html: str) -> str:
    return re.search(r'<header class="status">.*?</header>', html, re.S).group(0)


def test_the_head_line_says_set_up_before_the_first_round_never_round_0():
    c = started()
    assert c.state.round == 0
    head = _status(render_app(c))
    assert ">Set-up<" in head and "Round 0" not in head
    c.lang = "nl"
    assert ">Voorbereiding<" in _status(render_app(c))


def test_nobody_holds_the_start_pillar_while_everyone_still_bids_for_it_n12():
    c = started(variants=("N12",))
    assert c.state.phase == "start_bid"
    c.handle("reveal-bidder", "0")
    assert "★" not in render_app(c)
    rng = random.Random(1)
    while c.state.phase == "start_bid":
        click_anything(c, rng)
    assert "★" in render_app(c)  # once bids are open, the winner has it


def _to_actions_with(c, ap: int) -> None:
    rng = random.Random(3)
    for _ in range(2000):
        s = c.state
        if s.phase == ACTIONS and s.round >= 1 and s.ap == ap and not c.table.selection:
            return
        if s.phase == ACTIONS and s.round >= 1 and s.ap > ap:  # spend one AP on anything that costs one
            cheap = [a.text() for a in s.legal_actions(s.current_player()) if s.cost(a) == 1]
            if cheap:
                c.handle("act", cheap[0])
                continue
        click_anything(c, rng)
    raise AssertionError(f"never at {ap} AP")


def test_with_no_action_points_left_the_prompt_says_to_end_the_turn_not_to_choose_a_crop():
    c = started()
    _to_actions_with(c, 0)
    prompt = c.table.interaction().prompt
    assert prompt.startswith("No action points left: end your turn") and "crop" not in prompt


def test_a_crop_chosen_for_the_seed_stays_chosen_when_the_ripe_side_is_chosen_n2_8():
    c = started()
    rng = random.Random(1)
    while c.state.phase != "setup_sow":
        click_anything(c, rng)
    crop = next(k.split(":")[1] for k in c.table.interaction().targets if k.startswith("supply:"))
    c.handle("pick", f"supply:{crop}")
    assert c.table.selection.get("crop") == crop
    c.handle("select", "side:ripe")
    assert c.table.selection == {"kind": "side", "side": "ripe", "crop": crop}
    assert any(t.action and t.action.startswith(f"ripe {crop} ") for t in c.table.interaction().targets.values())


def test_the_pile_in_use_is_a_pressed_button_and_the_prompt_names_it_n4():
    c = started()
    rng = random.Random(1)
    while c.state.phase != "setup_water":
        click_anything(c, rng)
    panel = render_app(c).split('<section class="actions"', 1)[1]
    chosen = c.table.interaction().extra["chosen_pile"]
    assert re.search(rf'<button[^>]*class="pile chosen[^"]*"[^>]*data-v="pile:{chosen}"[^>]*aria-pressed="true"', panel)
    assert f"pile {chosen}" in c.table.interaction().prompt


def test_the_variants_are_said_once_each_a_name_and_a_sentence_that_does_not_repeat_it():
    c = controller()
    c.handle("new", "banks")
    html = render_app(c)
    for name, line in re.findall(r'<strong>(.*?)</strong>.*?<span class="variant-line">(.*?)</span>', html, re.S):
        assert not line.lower().startswith(name.lower()), (name, line)
