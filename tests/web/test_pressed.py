"""Choices that stay chosen say so (issue 43, "a whole game without sight"): Nile's pile in use, the seed or ripe
side, the crop chosen in the supply and the fruit chosen on the board are toggle buttons, pressed or not
(``aria-pressed``), and the chosen one stays a button — it turned into text or a picture, and the keyboard's
focus fell to the page."""

from __future__ import annotations

import random
import re

from nile.web.render import render_app

from .test_controller import click_anything, started, to_actions_phase


def _panel(c) -> str:
    return render_app(c).split('<section class="actions"', 1)[1].split("</section>", 1)[0]


def _button(html: str, value: str) -> str:
    found = re.findall(rf'<button [^>]*data-v="{re.escape(value)}"[^>]*>', html)
    assert len(found) == 1, (value, found)
    return found[0]


def _toggles_in(phase: str, intent: str, pair: tuple[str, str], order: tuple[int, ...] = (0, 1)) -> None:
    """In ``phase``, each of the ``pair`` chosen in turn (``order``) is the one pressed, the other not; both stay
    buttons."""
    c = started()
    rng = random.Random(1)
    while c.state.phase != phase:
        click_anything(c, rng)
    for i in order:
        chosen, other = pair[i], pair[1 - i]
        c.handle(intent, chosen)
        panel = _panel(c)
        assert 'aria-pressed="true"' in _button(panel, chosen)
        assert 'aria-pressed="false"' in _button(panel, other)


def test_both_piles_stay_buttons_and_the_one_in_use_is_pressed_n4():
    _toggles_in("setup_water", "pick", ("pile:b", "pile:a"))


def test_the_seed_and_ripe_sides_are_toggles_the_one_in_use_pressed_n2_8():
    _toggles_in("setup_sow", "select", ("side:seed", "side:ripe"), (0, 1, 0))


def test_the_crop_chosen_in_the_supply_stays_a_pressed_button_the_others_not_pressed_n6():
    c = started()
    to_actions_phase(c)
    crops = [k for k, t in c.table.interaction().targets.items() if k.startswith("supply:") and t.select]
    assert crops
    for k in crops:
        assert 'aria-pressed="false"' in _button(_panel(c), k)
    c.handle("pick", crops[0])
    panel = _panel(c)
    assert 'aria-pressed="true"' in _button(panel, crops[0])
    for k in crops[1:]:
        assert 'aria-pressed="false"' in _button(panel, k)


def test_the_fruit_chosen_on_the_board_stays_a_pressed_button_n6():
    """A fruit that can only be harvested is no target once chosen (the market rows are): it stays a button on
    the board, pressed, and the other places to choose are not pressed."""
    c = started()
    rng = random.Random(3)
    for _ in range(4000):
        if c.state.phase == "actions" and not c.table.selection:
            inter = c.table.interaction()
            fruit = [k for k, t in inter.targets.items() if k.startswith("field:") and t.select]
            harvest_only = [k for k in fruit if not any(
                a.kind == "grow" and a.args[0] == k[6:] for a in c.state.legal_actions(c.state.current_player()))]
            if harvest_only:
                break
        click_anything(c, rng)
    else:
        raise AssertionError("no fruit to harvest in 4000 clicks")
    html = render_app(c)
    assert re.search(rf'<g class="field sel[^"]*" data-i="pick" data-v="{harvest_only[0]}"[^>]*aria-pressed="false"', html)
    c.handle("pick", harvest_only[0])
    assert c.table.selection == {"kind": "fruit", "field": harvest_only[0][6:]}
    html = render_app(c)
    chosen = re.search(rf'<g class="field[^"]*" data-i="pick" data-v="{harvest_only[0]}"[^>]*>', html).group(0)
    assert 'role="button"' in chosen and 'tabindex="0"' in chosen and 'aria-pressed="true"' in chosen, chosen
    assert "selected" in chosen
    others = [g for g in re.findall(r'<g class="field sel[^"]*"[^>]*>', html) if harvest_only[0] + '"' not in g]
    assert all('aria-pressed="false"' in g for g in others), others
