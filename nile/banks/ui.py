"""*An den Ufern des Nils* on screen: what a click means and how the board looks (pure, no browser).

The shell (``nile.web``) asks this module, through ``UI`` (see ``nile.kit.GameUI``),
for the targets and buttons of the player to act — worked out from the engine's
legal actions, their ``cost`` and the public view only, never from engine internals
— and for the markup of the board, the player cards, the private bid screen
(N11, N12), the set-up choices (start player, variants N10–N13) and the end
screen (N7). All text comes from the catalog; names go through ``esc``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core.actions import Action
from ..core.explained import Explained
from ..core.game import GameState
from ..kit import Button, Frame, Interaction, SetupForm, Target, attrs, button, colour_letter, end_section, esc
from ..kit.chart import Series, chart_with_table, stats_table
from ..kit.intents import Intent
from ..kit.memo import Same, memo, part, view_once
from ..words import Word, plural
from ..words import text as msg
from . import art, data, moments, teach
from . import diagrams as diagrams_module
from .board import event_pictures, html_boat, joker_fan, legend, svg_fields, svg_market, svg_tide, svg_track, waves_svg
from .catalog import move_words
from .options import START_RANDOM, VARIANTS, Options
from .scoring import tie_outcome
from .stats import TOTALS as STAT_KEYS
from .stats import game_stats
from .view import board_view

BIDDING = ("start_bid", "auction")
#: a player's numbers on their card: (plural-aware catalog key, view field)
STATS = (("ui.points_n", "score"), ("ui.jokers_n", "jokers"), ("ui.lost_n", "lost"))
RULE_IDS = ("N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8", "N9", "N10", "N11", "N12", "N13")


# ---------------------------------------------------------------------- what a click means
@dataclass
class _Ask:
    """One interaction being worked out: the position, the legal actions of the player to act, the
    selection, and the interaction filled in phase by phase."""

    s: GameState
    view: dict[str, Any]
    legal: Sequence[Action]
    sel: dict[str, Any]
    actor: int
    lang: str
    names: Sequence[str]
    inter: Interaction

    def add(self, target: str, action: Action, label: str) -> None:
        self.inter.targets[target] = Target(action=action.text(), cost=self.s.cost(action), label=label)

    def dest(self, choice: str, target: str) -> None:
        """Choosing ``choice`` offers ``target`` (the destinations map, ``Interaction.dests``); noted whether or not it
        is chosen now, so the page can show another choice at once, and take this one's targets away."""
        found = self.inter.dests.setdefault(choice, [])
        if target not in found:
            found.append(target)


def public_view(state: GameState) -> dict[str, Any]:
    """What everyone may see of the position (``view(None)``, N9), worked out once per position (nile.kit.memo:
    the state by identity and its number of moves) and only read: a choice on the board asks for the
    interaction again, and the whole view (the log, the scorings) was copied for it every time (issue 21)."""
    return view_once("banks-public-view", state, None)


def interaction(state: GameState, selection: dict[str, Any], lang: str, names: Sequence[str]) -> Interaction:
    """Board targets and buttons for the player to act, from the engine's legal actions."""
    inter = Interaction()
    actor = None if state.is_terminal() else state.current_player()
    if actor is None:
        return inter
    view = public_view(state)
    ask = _Ask(state, view, state.legal_actions(actor), selection or {}, actor, lang, names, inter)
    phase = view["phase"]
    if phase == "tide":
        phase = "flood" if view["tide_mode"] == "flood" else "ebb"
    handler = _PHASES.get(phase)
    if handler is not None:
        handler(ask)
    return inter


def _boat(ask: _Ask) -> None:
    ask.inter.prompt = msg("ui.prompt_boat", ask.lang)
    for a in ask.legal:
        ask.add(f"supply:{a.args[0]}", a, msg("ui.put_on_boat", ask.lang, crop=Word("crop." + a.args[0])))


def _water(ask: _Ask) -> None:
    """Set-up water (N2.7) and the flood (N4): a pile, then a field the card fits."""
    lang, inter = ask.lang, ask.inter
    piles = sorted({a.args[0] for a in ask.legal})
    chosen = ask.sel.get("pile") if ask.sel.get("pile") in piles else (piles[0] if piles else None)
    inter.prompt = msg("ui.prompt_water", lang, pile=chosen) if chosen else msg("ui.prompt_water_none", lang)
    for pile in piles:
        if pile != chosen:
            inter.targets[f"pile:{pile}"] = Target(select={"kind": "pile", "pile": pile}, label=msg("ui.choose_pile", lang, pile=pile))
    for a in ask.legal:
        ask.dest(f"pile:{a.args[0]}", f"field:{a.args[1]}")
        if a.args[0] == chosen:
            ask.add(f"field:{a.args[1]}", a, msg("ui.place_water", lang, pile=chosen, field=a.args[1]))
    inter.extra["chosen_pile"] = chosen


def _ebb(ask: _Ask) -> None:
    """The ebb (N5): the outermost water card of a row goes."""
    ask.inter.prompt = msg("ui.prompt_ebb", ask.lang)
    rows = {row["name"]: row for row in ask.view["rows"]}
    for a in ask.legal:
        outer = sum(1 for f in rows[a.args[0]]["fields"] if f["water"])
        ask.add(f"field:{a.args[0]}-{outer}", a, msg("ui.remove_water", ask.lang, field=f"{a.args[0]}-{outer}"))


def _setup_sow(ask: _Ask) -> None:
    """N2.8: the seed and the ripe fruit, a crop then a field."""
    lang, inter, sel = ask.lang, ask.inter, ask.sel
    sides = sorted({a.kind for a in ask.legal}, key=("seed", "ripe").index)
    side = str(sel["side"]) if sel.get("side") in sides else sides[0]
    inter.prompt = msg("ui.prompt_setup_" + side, lang)
    crop = sel.get("crop")
    for other in sides:
        # both sides stay buttons, the one in use pressed (issue 43: a screen reader says which is chosen)
        inter.buttons.append(Button(msg("ui.side_" + other, lang), Intent.SELECT, f"side:{other}", pressed=other == side))
    for a in ask.legal:
        if a.kind != side:
            continue
        ask.dest(f"supply:{a.args[0]}", f"field:{a.args[1]}")
        if a.args[0] != crop:
            inter.targets.setdefault(f"supply:{a.args[0]}", Target(
                select={"kind": "side", "side": side, "crop": a.args[0]},
                label=msg("ui.choose_crop", lang, crop=Word("crop." + a.args[0]))))
        else:
            ask.add(f"field:{a.args[1]}", a, msg("ui.place_marker", lang, crop=Word("crop." + crop),
                                                 side=Word("side." + side), field=a.args[1]))


def _rot(ask: _Ask) -> None:
    ask.inter.prompt = plural("ui.prompt_rot", ask.view["rot_palms"], ask.lang, palms=ask.view["rot_palms"])
    for a in ask.legal:
        ask.inter.buttons.append(Button(describe_rot(ask.view, a, ask.lang, ask.names), Intent.ACT, a.text()))


def describe_rot(view: dict[str, Any], action: Action, lang: str, names: Sequence[str]) -> str:
    """A rot choice (N8) in words: which fruits of which market row it spoils."""
    row = next(r for r in view["market"] if r["name"] == action.args[0])
    parts = []
    for stall in action.args[1:]:
        fruit = row["fruits"][int(stall) - 1]
        parts.append(msg("ui.rot_fruit", lang, stall=stall, player=names[fruit["player"]], crop=Word("crop." + fruit["crop"])))
    return msg("ui.market_fruits", lang, market=action.args[0], fruits=msg("list.sep", lang).join(parts) if parts else msg("ui.rot_empty", lang))


def _turn(ask: _Ask) -> None:
    """N6 (N10, N13): each legal action as a target or a button; a chosen crop or marker narrows them."""
    if ask.view["ap"]:
        ask.inter.prompt = msg("ui.prompt_turn", ask.lang, ap=ask.view["ap"])
    else:  # nothing can be chosen but ending the turn (or a joker's AP)
        joker = any(a.kind == "joker" for a in ask.legal)
        ask.inter.prompt = msg("ui.prompt_no_ap_joker" if joker else "ui.prompt_no_ap", ask.lang)
    if not any(a.kind == "buy" and a.args[0] == "joker" for a in ask.legal):
        # shown, dimmed: a press says why not (one joker per round, no AP left, none left…)
        ask.inter.buttons.append(Button(msg("ui.buy_joker", ask.lang), Intent.ACT, "buy joker", 1, available=False))
    for a in ask.legal:
        kind = "buy_joker" if a.kind == "buy" and a.args[0] == "joker" else a.kind
        _TURN_KINDS[kind](ask, a)


def _turn_sow(ask: _Ask, a: Action) -> None:
    crop, fname = a.args
    ask.dest(f"supply:{crop}", f"field:{fname}")
    if ask.sel.get("kind") == "supply" and crop == ask.sel.get("crop"):
        ask.add(f"field:{fname}", a, msg("ui.sow_here", ask.lang, crop=Word("crop." + crop), field=fname, ap=ask.s.cost(a)))
    elif f"supply:{crop}" not in ask.inter.targets:
        ask.inter.targets[f"supply:{crop}"] = Target(select={"kind": "supply", "crop": crop},
                                                     label=msg("ui.choose_sow", ask.lang, crop=Word("crop." + crop)))


def _chosen_field(ask: _Ask) -> str | None:
    return ask.sel.get("field") if ask.sel.get("kind") == "fruit" else None


def _turn_grow(ask: _Ask, a: Action) -> None:
    fname, cost = a.args[0], ask.s.cost(a)
    ask.dest(f"field:{fname}", f"field:{fname}")
    if _chosen_field(ask) == fname:
        ask.add(f"field:{fname}", a, msg("ui.grow_here", ask.lang, field=fname, ap=cost))
        ask.inter.buttons.append(Button(msg("ui.grow_button", ask.lang, ap=cost), Intent.ACT, a.text(), cost))
    else:
        ask.inter.targets[f"field:{fname}"] = Target(select={"kind": "fruit", "field": fname},
                                                     label=msg("ui.choose_seed", ask.lang, field=fname))


def _turn_harvest(ask: _Ask, a: Action) -> None:
    fname, market = a.args
    ask.dest(f"field:{fname}", f"market:{market}")
    if _chosen_field(ask) == fname:
        ask.add(f"market:{market}", a, msg("ui.harvest_here", ask.lang, field=fname, market=market, ap=ask.s.cost(a)))
    elif f"field:{fname}" not in ask.inter.targets:
        ask.inter.targets[f"field:{fname}"] = Target(select={"kind": "fruit", "field": fname},
                                                     label=msg("ui.choose_fruit", ask.lang, field=fname))


def _turn_buy(ask: _Ask, a: Action) -> None:
    ask.add(f"boat:{ask.actor}:{a.args[0]}", a, msg("ui.buy_back", ask.lang, crop=Word("crop." + a.args[0])))


def _turn_hoard(ask: _Ask, a: Action) -> None:
    owner = int(a.args[0][1:]) - 1
    ask.add(f"boat:{owner}:{a.args[1]}", a, msg("ui.hoard", ask.lang, player=ask.names[owner], crop=Word("crop." + a.args[1])))


def _turn_refresh(ask: _Ask, a: Action) -> None:
    ask.add(f"stall:{a.args[0]}:{a.args[1]}", a, msg("ui.refresh", ask.lang, market=a.args[0], stall=a.args[1]))


def _turn_end(ask: _Ask, a: Action) -> None:
    ap = int(ask.view.get("ap") or 0)
    ask.inter.buttons.append(Button(msg("ui.end_turn", ask.lang), Intent.ACT, a.text(), 0, primary=True, key="e",
                                    confirm=plural("ui.end_confirm", ap, ask.lang) if ap > 0 else ""))


_TURN_KINDS: dict[str, Callable[[_Ask, Action], None]] = {
    "sow": _turn_sow,
    "grow": _turn_grow,
    "harvest": _turn_harvest,
    "buy": _turn_buy,
    "hoard": _turn_hoard,
    "refresh": _turn_refresh,
    "buy_joker": lambda ask, a: ask.inter.buttons.append(Button(msg("ui.buy_joker", ask.lang), Intent.ACT, a.text(), ask.s.cost(a))),
    "joker": lambda ask, a: ask.inter.buttons.append(Button(msg("ui.discard_joker", ask.lang), Intent.ACT, a.text(), 0)),
    "end": _turn_end,
}
_PHASES: dict[str, Callable[[_Ask], None]] = {
    "boat": _boat, "setup_water": _water, "flood": _water, "ebb": _ebb, "setup_sow": _setup_sow, "rot": _rot,
    "actions": _turn, "extra_turn": _turn,
}


def select(state: GameState, selection: dict[str, Any], value: str) -> dict[str, Any] | None:
    """A selection button (``side:seed``): the new selection, or None to leave it."""
    kind, _, choice = value.partition(":")
    if kind == "side" and choice in ("seed", "ripe"):
        # the crop already chosen stays chosen when it can be placed on this side too (N2.8)
        crop = (selection or {}).get("crop")
        actor = state.current_player()
        fits = crop is not None and actor is not None and any(
            a.kind == choice and a.args[0] == crop for a in state.legal_actions(actor))
        return {"kind": "side", "side": choice, "crop": crop} if fits else {"kind": "side", "side": choice}
    return None


def refused_action(state: GameState, target: str, selection: dict[str, Any], inter: Interaction) -> str | Explained | None:
    """A tap on what the step does not offer: the action it meant, so the engine can say why it is refused, or,
    where it meant none, why not in a few words (issue 53: every tap answered)."""
    view = public_view(state)
    phase = view["phase"]
    kind, _, name = target.partition(":")
    sel = selection or {}
    if phase == "tide" and view["tide_mode"] != "flood":
        return _refused_ebb(view, kind, name)
    if phase in ("setup_water", "tide"):
        return _refused_water(view, kind, name, inter)
    if phase == "setup_sow" and kind == "field":
        if sel.get("kind") == "side" and sel.get("crop"):
            return f"{sel['side']} {sel['crop']} {name}"
        return Explained("why.tap.crop_first")
    if phase in ("actions", "extra_turn"):
        return _refused_turn(state, view, kind, name, sel)
    if phase == "rot":  # the start player chooses the market row and its fruits with one button each (N8)
        return Explained("why.tap.rot_buttons")
    return Explained("why.tap.not_now", phase=phase)


def _field(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    return next((f for row in view["rows"] for f in row["fields"] if f["name"] == name), None)


def _refused_ebb(view: dict[str, Any], kind: str, name: str) -> str | Explained:
    """The ebb (N5): a water card that is not a row's outermost stays; a field without one is no choice."""
    f = _field(view, name) if kind == "field" else None
    if f is not None and f["water"]:
        return Explained("why.tap.ebb_outermost")
    return Explained("why.tap.not_now", phase="tide")


def _refused_water(view: dict[str, Any], kind: str, name: str, inter: Interaction) -> str | Explained:
    """Set-up water (N2.7) and the flood (N4): a field the card does not fit (the engine says why), a pile
    in use or without a card that fits."""
    pile = inter.extra.get("chosen_pile")
    if kind == "field" and pile:
        return f"water {pile} {name}"
    if kind == "pile" and name == pile:
        return Explained("why.tap.pile_in_use", pile=name)
    if kind == "pile":
        return Explained("why.tap.pile_fits_nowhere", pile=name)
    return Explained("why.tap.not_now", phase=view["phase"])


def _refused_turn(state: GameState, view: dict[str, Any], kind: str, name: str, sel: dict[str, Any]) -> str | Explained | None:
    """N6 (N10, N13): a field or market row tapped with a crop, a fruit or nothing chosen."""
    if not view["ap"]:  # nothing but ending the turn (or a joker) is offered: the prompt says so
        joker = any(a.kind == "joker" for a in state.legal_actions(state.current_player()))
        return Explained("ui.prompt_no_ap_joker" if joker else "ui.prompt_no_ap")
    chosen = sel.get("kind")
    if kind == "field" and chosen == "supply":
        return f"sow {sel['crop']} {name}"
    if kind == "market" and chosen == "fruit":
        return f"harvest {sel['field']} {name}"
    if kind == "market":
        return Explained("why.tap.sow_on_field" if chosen == "supply" else "why.tap.fruit_first")
    if kind == "field" and chosen == "fruit":
        return Explained("why.tap.market_next", field=sel["field"])
    if kind != "field":
        return None  # the score track: the shell says what may be chosen instead
    f = _field(view, name)
    actor = state.current_player()
    mine = [m for m in (f["markers"] if f else []) if m["player"] == actor]
    if any(m["side"] == "seed" for m in mine):
        return f"grow {name}"  # a seed that cannot grow now (sown or grown this round): the engine says why
    if mine and all(m.get("used") for m in mine):
        return Explained("why.tap.fruit_used", field=name)
    if mine:
        return _fruit_stuck(state, view, name)
    return Explained("why.tap.crop_first")


def _fruit_stuck(state: GameState, view: dict[str, Any], name: str) -> Explained:
    """A ripe fruit that no harvest takes now: the engine's one reason when every market row gives the same
    (it costs more AP than are left …), else that no row takes it (full, crop rule, too few palms: N6)."""
    actor = state.current_player()
    if actor is None:
        return Explained("why.tap.no_market", field=name)
    whys = [state.refusal(state.parse_action(f"harvest {name} {m['name']}"), actor).params.get("why")
            for m in view["market"]]
    keys = {getattr(w, "key", None) for w in whys}
    if len(keys) == 1 and isinstance(whys[0], Explained):
        return Explained("why.tap.cannot_harvest", field=name, why=whys[0])
    return Explained("why.tap.no_market", field=name)


#: the game's artwork (crops, markers' tokens, palm, water, desert, boat, obelisk, hippo, joker, the tide dial),
#: defined once in the page
symbols = art.SYMBOLS


#: the home screen's picture (``nile.banks.art``: the home draws it without importing the rules)
picture = art.picture


# ---------------------------------------------------------------------- set-up (N2, N10–N13)
def default_setup() -> dict[str, Any]:
    return {"start": "0", "variants": set()}


def setup_fields(form: SetupForm, lang: str) -> str:
    opts = form.options
    start_opts = [f'<option value="random"{" selected" if opts["start"] == "random" else ""}>{esc(msg("ui.random", lang))}</option>']
    for i in range(form.count):
        label = form.names[i].strip()[:40] or str(i + 1)
        start_opts.append(f'<option value="{i}"{" selected" if opts["start"] == str(i) else ""}>{esc(label)}</option>')
    bidding = "N12" in opts["variants"]
    variants = "".join(
        f'<li><label><input type="checkbox"{attrs(data_i=Intent.SETUP_OPTION, data_v=f"variant:{v}")}'
        f'{" checked" if v in opts["variants"] else ""}><span><strong>{esc(msg("variant_name." + v, lang))}</strong> '
        f'<span class="rule-id">{v}</span><br><span class="variant-line">{esc(msg("variant." + v, lang))}</span></span></label></li>'
        for v in VARIANTS
    )
    return (
        f'<label>{esc(msg("ui.start_player", lang))} <select data-i="{Intent.SETUP_OPTION}" data-v="start"{" disabled" if bidding else ""}>'
        f'{"".join(start_opts)}</select></label>'
        + (f'<p class="hint">{esc(msg("ui.start_by_bidding", lang))}</p>' if bidding else "")
        + f'<fieldset><legend>{esc(msg("ui.variants", lang))}</legend><ul class="variants">{variants}</ul></fieldset>'
    )


def setup_change(form: SetupForm, choice: str, value: str) -> None:
    """A set-up choice: ``start`` (a seat or random), ``variant`` (N10–N13 on or off), or ``count`` (the
    shell's player count changed: a start player beyond it goes back to the first seat)."""
    opts = form.options
    if choice == "start" and (value == START_RANDOM or (value.isdigit() and int(value) < form.count)):
        opts["start"] = value
    elif choice == "variant" and value in VARIANTS:
        opts["variants"] ^= {value}
    elif choice == "count" and opts["start"] != START_RANDOM and int(opts["start"]) >= form.count:
        opts["start"] = "0"


def make_options(form: SetupForm, players: Sequence[Any]) -> Options:
    start: str | int = START_RANDOM if form.options["start"] == START_RANDOM else int(form.options["start"])
    return Options(tuple(players), start, frozenset(form.options["variants"]))


def variants_of(state: GameState) -> frozenset[str]:
    return frozenset(state.view(None)["variants"])


# ---------------------------------------------------------------------- a game in progress
def status(frame: Frame) -> str:
    """The tide (N3), the cards turned this round and the acting player's AP, for the status bar: drawn again
    only for another position or language (the view is one object per position:
    nile.web.render.table.view_of)."""
    tide, events, ap = memo("banks-status").get((Same(frame.view), frame.lang), _status, frame.view, frame.lang)
    # the dial and the cards turned change a few times a round: each a part the page keeps as it is meanwhile
    return part(".status > .tide", tide) + (part(".status > .events", events) if events else "") + ap


def _status(view: dict[str, Any], lang: str) -> tuple[str, str, str]:
    ap = view["ap"]
    ap_html = (f'<span class="ap" aria-label="{esc(plural("ui.ap_left", ap, lang))}">{esc(msg("ui.ap_short", lang, ap=ap))}</span>'
               if ap is not None else "")
    return svg_tide(view, lang), event_pictures(view, lang), ap_html


def board(frame: Frame) -> str:
    # the view with the markers' ids and the water cards' piles, worked out once per view (it is the same
    # object while the position is: nile.web.render.table.view_of)
    view = memo("banks-board-view").get(Same(frame.view), board_view, frame.state, frame.view)
    frame = replace(frame, view=view)
    layout, lang = frame.layout, frame.lang
    # kept while what they show is the same (nile.kit.memo): the track its players and the obelisk's space,
    # the legend its language; the fields keep each field's pieces (board.field_svg)
    track = memo("banks-track").get((layout, lang, view["obelisk"], view["players"]), svg_track, view, layout, lang)
    # each picture a part the page keeps as it is while it is unchanged (nile.kit.memo.part): a move that
    # leaves the fields as they were does not send them again
    at = ".board-frame > .board"
    if frame.interaction.taps_answered():
        # while someone may act, a tap on the score track says why it is no choice now (issue 53: every tap
        # answered); the picture takes no keyboard stop (the board's places are its offered ones)
        track = track.replace('<svg class="track"', f'<svg class="track" data-i="{Intent.PICK}" data-v="track"', 1)
    return (
        f'<div class="board">{part(at + " > svg.track", track)}'
        f'<div class="pic">{part(at + " > .pic > svg.fields", svg_fields(frame, at + " > .pic > svg.fields"))}</div>'
        f'{part(at + " > details.legend", memo("banks-legend").get(lang, legend, lang))}'
        f'<div class="lower"><div class="pic">{part(at + " .pic > svg.market", svg_market(frame, at + " .pic > svg.market"))}</div>'
        f'{part(at + " section.boat", html_boat(frame))}</div></div>'
    )


def _joker_came_from(view: dict[str, Any], seat: int) -> str | None:
    """The flooded desert card a player's newest joker was (its key on the board), if it was one (N4)."""
    for e in reversed(view["log"]):
        if e["key"] == "desert.flooded" and e["params"].get("player") == seat:
            return f'd:{e["params"]["field"]}'
        if e["key"] == "action.buy_joker" and e["params"].get("player") == seat:
            return None
    return None


def panel(frame: Frame) -> str:
    """The acting player's part of the action panel: what is selected, their supply and piles, the fruits to refresh."""
    lang, sel, inter = frame.lang, frame.selection, frame.interaction
    bits = []
    if sel.get("kind") == "supply":
        bits.append(f'<p class="selected">{esc(msg("ui.selected_crop", lang, crop=Word("crop." + sel["crop"])))}</p>')
    elif sel.get("kind") == "fruit":
        bits.append(f'<p class="selected">{esc(msg("ui.selected_field", lang, field=sel["field"]))}</p>')
        # the market rows the fruit can go to, right here: on a phone the market is a long way down
        rows = [(k, t, k.partition(":")[2] + (" · " + msg("cost.banks", lang, cost=t.cost) if t.cost else ""))
                for k, t in inter.targets.items() if k.startswith("market:") and t.action]
        if rows:
            bits.append(_chip_group("harvest-to", msg("ui.harvest_to", lang), rows))
    if frame.view["phase"] == "extra_turn":  # N11: whose turn this is, and why
        bits.insert(0, f'<p class="hippo-turn">{art.HIPPO_ICON}{esc(msg("ui.hippo_turn", lang))}</p>')
    actor = frame.state.current_player()
    if actor is not None:
        me = frame.view["players"][actor]
        if any(k.startswith("supply:") for k in inter.targets) or sel.get("kind") == "supply":
            bits.append(f'<div class="supply mine" aria-label="{esc(msg("ui.your_supply", lang, player=me["name"]))}">'
                        f'{_supply_chips(frame, me, inter)}</div>')
        if inter.extra.get("chosen_pile"):
            bits.append(f'<div class="piles mine">{_piles(frame, me, inter)}</div>')
    # N13, after the crops to sow: the spoiled fruits a joker makes ripe again, here as buttons a finger can hit (on
    # the board each is one stall of the market, 24-32 px tall on a tablet or a phone)
    stalls = [(k, t, _stall_words(frame, k)) for k, t in inter.targets.items() if k.startswith("stall:") and t.action]
    if stalls:
        bits.append(_chip_group("refresh", msg("ui.refresh_group", lang), stalls))
    return "".join(bits)


def _chip_group(cls: str, label: str, chips: list[tuple[str, Target, str]]) -> str:
    """Targets of the board repeated in the action panel as buttons, under a label: each (its key, its target, its
    words)."""
    buttons = "".join(f'<button type="button" class="chip target"{attrs(data_i=Intent.PICK, data_v=k, title=t.label)}>'
                      f'{esc(words)}</button>' for k, t, words in chips)
    return f'<div class="{cls} mine" role="group" aria-label="{esc(label)}"><span>{esc(label)}</span> {buttons}</div>'


def _stall_words(frame: Frame, key: str) -> str:
    """A market stall's fruit as a refresh chip says it (N13): "M4: stall 1 (Anna's grapes)"."""
    _, market, stall = key.split(":")
    fruit = next(r for r in frame.view["market"] if r["name"] == market)["fruits"][int(stall) - 1]
    return msg("ui.market_fruits", frame.lang, market=market, fruits=msg(
        "ui.rot_fruit", frame.lang, stall=stall, player=frame.names[fruit["player"]], crop=Word("crop." + fruit["crop"])))


def side(frame: Frame) -> str:
    """Every player's card: score, jokers, lost markers, supply, piles, hoard."""
    # each card a part (issue 51): a move that changes one player's card sends that card alone; and each is drawn again
    # only when what it shows changed (a move changes one player's card, and drawing all of them was a sixth of a
    # move's Python): the player, acting or not, the start pillar, where their newest joker came from, the language
    view = frame.view
    chosen = view["phase"] != "start_bid"
    return "".join(part(f'.side > .players > article.p-{p["colour"]}', memo(f"banks-card-{p['seat']}").get(
        (frame.lang, p, p["seat"] in view["to_act"], chosen and view["start_player"] == p["seat"],
         _joker_came_from(view, p["seat"])), _player_card, frame, p)) for p in view["players"])


def _supply_chips(frame: Frame, p: dict[str, Any], inter: Interaction | None, at: str | None = None) -> str:
    """A player's supply; with ``inter``, the crops that can be chosen are buttons; with ``at`` (the selector of the
    supply's element: a player's card), each crop is a part (issue 51: a move sends the chip whose count it changed,
    not the supply's five)."""
    lang = frame.lang
    chips = []
    for crop in data.CROPS:
        entry = p["supply"].get(crop)
        if not entry:
            continue
        target = inter.targets.get(f"supply:{crop}") if inter else None
        selected = inter is not None and frame.selection.get("crop") == crop
        # the crop's picture beside its name (a phone's docked panel shows the picture only: static/app.css)
        label = (f'<svg class="crop-i" viewBox="-10 -10 20 20" aria-hidden="true" focusable="false"><use href="#banks-crop-{crop}" x="-10" y="-10" width="20" height="20"/></svg>'
                 f'<span class="crop-word">{esc(msg("crop." + crop, lang))}</span> ×{entry["count"]}')
        cls = "chip" + (" target" if target else "") + (" selected" if selected else "")
        cls += " coach" if inter is not None and f"supply:{crop}" in inter.focus else ""
        if target or selected:
            # a crop to choose is a toggle, the chosen one pressed and still a button (issue 43); a crop whose press
            # acts at once (onto the boat) is a plain button
            pressed = "true" if selected else "false" if target is not None and target.select is not None else None
            # a choice carries what choosing it offers (its destinations: static/answer.js shows them at once)
            dests = inter.dests_of(f"supply:{crop}") if inter is not None and pressed is not None else None
            chip = (f'<button type="button"{attrs(class_=cls, data_i=Intent.PICK, data_v=f"supply:{crop}", title=target.label if target else None, aria_pressed=pressed, data_dests=dests)}>'
                    f'{label}</button>')
            # in the action panel each crop's button is a part (issue 51): a move or a choice sends only the chips it changed
            chips.append(part(f'.table > .actions .supply.mine > button[data-v="supply:{crop}"]', chip) if inter is not None else chip)
        elif at is not None:
            chips.append(part(f'{at} > span[data-c="{crop}"]', f'<span class="{cls}" data-c="{crop}">{label}</span>'))
        else:
            chips.append(f'<span class="{cls}">{label}</span>')
    return "".join(chips) or esc(msg("ui.empty", lang))


def _piles(frame: Frame, p: dict[str, Any], inter: Interaction | None) -> str:
    """A player's two water-card piles and the waves of each top card. In the action panel (``inter``) both
    are buttons, the one in use pressed (N4: its top card is the one the highlighted fields fit), so a
    newcomer sees which card the lit fields are for, and a switch of pile is one tap on the other."""
    lang = frame.lang
    piles = []
    for i, pile in enumerate(p["piles"]):
        name = "ab"[i]
        target = inter.targets.get(f"pile:{name}") if inter else None
        chosen = inter is not None and inter.extra.get("chosen_pile") == name
        content = f'<span class="pile-name">{esc(msg("ui.pile", lang, pile=name, size=pile["size"]))}</span>{waves_svg(pile["top"], lang)}'
        # on the player's card, the pile is a piece: a water card laid from it flies from here (static/motion.js)
        key = "" if inter is not None else f' data-k="pile{p["seat"]}{name}" data-kv="{pile["size"]}"'
        if target or chosen:
            coach = " coach" if inter is not None and f"pile:{name}" in inter.focus else ""
            state = "chosen" if chosen else "target"
            title = msg("ui.pile_in_use", lang, pile=name) if chosen else target.label if target else None
            piles.append(f'<button type="button" class="pile {state}{coach}"'
                         f'{attrs(data_i=Intent.PICK, data_v=f"pile:{name}", title=title, aria_pressed="true" if chosen else "false", data_dests=inter.dests_of(f"pile:{name}") if inter else None)}>'
                         f'{content}</button>')
        else:
            piles.append(f'<div class="pile"{key}>{content}</div>')
    return "".join(piles)


def _player_card(frame: Frame, p: dict[str, Any]) -> str:
    lang, view = frame.lang, frame.view
    seat = p["seat"]
    acting = seat in view["to_act"]
    hoard = ""
    if p["hoard"]:
        hoard = f'<p class="hoard">{esc(plural("ui.hoarded", len(p["hoard"]), lang))}</p>'
    # the start pillar is nobody's while the players still bid for it (N12)
    chosen = view["phase"] != "start_bid"
    start = f'<span class="pillar" title="{esc(msg("ui.start_player", lang))}">★</span>' if chosen and view["start_player"] == seat else ""
    # its name line, its supply and its piles are parts too (issue 51): a move sends only what it changed of a card
    at = f'.side > .players > article.p-{p["colour"]}'
    head = part(f"{at} > h3", f'<h3><span class="swatch">{esc(colour_letter(p["colour"], lang))}</span> {esc(p["name"])} {start}'
                f'{joker_fan(seat, p["jokers"], _joker_came_from(view, seat))}</h3>')
    stats = (f'<p class="stats" data-k="stats{seat}" data-kv="{" ".join(str(p[f]) for _, f in STATS)}">'
             f'{esc(" · ".join(plural(k, p[f], lang) for k, f in STATS))}</p>')
    supply = part(f"{at} > div.supply", f'<div class="supply" aria-label="{esc(msg("ui.supply", lang))}">{_supply_chips(frame, p, None, f"{at} > div.supply")}</div>')
    piles = part(f"{at} > div.piles", f'<div class="piles">{_piles(frame, p, None)}</div>')
    return f'<article class="player p-{p["colour"]}{" acting" if acting else ""}">{head}{stats}{supply}{piles}{hoard}</article>'


# ---------------------------------------------------------------------- secret bids (N11, N12)
def secret_title(state: GameState, lang: str) -> str:
    return msg("ui.bid_start" if public_view(state)["phase"] == "start_bid" else "ui.bid_hippo", lang)


def private_input(state: GameState, seat: int, draft: dict[str, int], lang: str, names: Sequence[str]) -> str:
    """The bid form of ``seat``: markers from their own supply (from their own view only). The view is worked out once
    per position (a sealed bid's view lists every bid it allows, some 700: each ± worked it out twice, a third of the
    press's Python, issue 51)."""
    view = view_once("banks-bid-view", state, seat)
    supply = {c: v["count"] for c, v in view["players"][seat]["supply"].items()}
    rows = []
    for crop in data.CROPS:
        have = supply.get(crop, 0)
        if not have:
            continue
        n = draft.get(crop, 0)
        rows.append(
            f'<li><span class="crop-name">{esc(msg("crop." + crop, lang))}</span>'
            f'{button("−", Intent.BID_CHANGE, f"{crop}:-", disabled=n == 0, title=msg("ui.less", lang))}'
            f'<output aria-label="{esc(msg("crop." + crop, lang))}">{n}</output>'
            f'{button("+", Intent.BID_CHANGE, f"{crop}:+", disabled=n >= have, title=msg("ui.one_more", lang))}'
            f'<span class="have">/ {have}</span></li>'
        )
    total = sum(draft.values())
    on_boat = sum(1 for m in view["boat"] if m["player"] == seat)
    extra = msg("ui.bid_boat_note", lang, count=on_boat) if view["phase"] == "auction" else ""
    boat = ""
    if view["phase"] == "auction":  # N11: the markers already on the boat count for everyone (public)
        counts = [sum(1 for m in view["boat"] if m["player"] == p) for p in range(len(names))]
        markers = msg("list.sep", lang).join(f"{names[p]} {n}" for p, n in enumerate(counts))
        boat = f'<p class="bid-boat">{esc(msg("ui.boat_now", lang, markers=markers))}</p>'
    hippo = f'<p class="bid-hippo">{art.HIPPO_ICON}</p>' if view["phase"] == "auction" else ""  # N11: what is bid for
    return (
        hippo + f'<ul class="bid-rows">{"".join(rows)}</ul>'
        f'<p class="bid-total">{esc(msg("ui.bid_total", lang, count=total))} {esc(extra)}</p>{boat}'
    )


def draft_change(state: GameState, seat: int, draft: dict[str, int], value: str) -> dict[str, int]:
    crop, _, delta = value.partition(":")
    if crop not in data.CROP_INDEX:
        return draft
    have = view_once("banks-bid-view", state, seat)["players"][seat]["supply"].get(crop, {}).get("count", 0)
    n = draft.get(crop, 0) + (1 if delta == "+" else -1)
    return dict(draft, **{crop: max(0, min(have, n))})


def draft_action(state: GameState, seat: int, draft: dict[str, int]) -> str:
    crops = [c for c in data.CROPS for _ in range(draft.get(c, 0))]
    return "bid " + (" ".join(crops) if crops else "none")


# ---------------------------------------------------------------------- the end (N7)
def end_screen(frame: Frame) -> str:
    """Why the game ended and the ranking, the score chart with the obelisk's approach, the
    game in numbers (``nile.banks.stats``) and every scoring, row by row, in whole sentences."""
    view, lang, names = frame.view, frame.lang, frame.names
    result = view["result"]
    stats = game_stats(view)
    scorings = []
    for sc in view["scorings"]:
        parts = []
        for row in sc["rows"]:
            lines = []
            for e in row["ranking"]:
                line = plural("end.row_fruits", e["fruits"], lang, player=names[e["player"]],
                              points=plural("ui.points_n", e["award"], lang))
                note = tie_outcome(row["ranking"], e["player"])
                lines.append(line + (f" ({msg('end.tie_' + note, lang)})" if note else ""))
            lines += [plural("end.rotten", n, lang, player=names[int(p)]) for p, n in row["rotten"].items()]
            parts.append(f'<li><strong>{esc(msg("moment.row", lang, market=row["market"]))}</strong>: '
                         f'{esc(msg("list.sep_groups", lang).join(lines) or msg("end.nobody", lang))}</li>')
        points = msg("list.sep", lang).join(f"{names[p]} +{n}" for p, n in enumerate(sc["points"]))
        scorings.append(
            f'<li><h4>{esc(msg("ui.scoring_round", lang, round=sc["round"]))}</h4><ul>{"".join(parts)}</ul>'
            f'<p>{esc(msg("ui.scoring_points", lang, points=points, obelisk=sc["obelisk_after"], colours=sc["colours_lost"]))}</p></li>'
        )
    reason = msg("ui.end_reason", lang, reason=msg("reason." + result["reason"], lang)) + " " + msg(
        "tie_break." + result["tie_break"], lang)
    details = (f'<details class="scorings-all"><summary>{esc(msg("ui.scorings", lang, count=len(view["scorings"])))}</summary>'
               f'<p class="hint">{esc(msg("end.notation", lang))}</p>'
               f'<ol class="scorings">{"".join(scorings)}</ol></details>')
    more = _score_chart(view, stats, lang, names) + _stats_table(view, stats, lang, names) + details
    return end_section("banks", lang, names, reason, (msg("ui.points", lang), msg("ui.lost", lang)), result["ranking"],
                       ("score", "lost"), more)


def _score_chart(view: dict[str, Any], stats: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    points = stats["series"]
    series = [Series(str(p["seat"]), names[p["seat"]], f'p-{p["colour"]}',
                     [(pt["round"], pt["scores"][p["seat"]]) for pt in points]) for p in view["players"]]
    series.append(Series("obelisk", msg("end.obelisk_line", lang), "obelisk",
                         [(pt["round"], pt["threshold"]) for pt in points], dashed=True))
    return chart_with_table("end-chart-scores", msg("end.chart_title", lang), msg("end.chart_desc", lang), series,
                            msg("end.axis_round", lang), msg("end.axis_points", lang))


def _stats_table(view: dict[str, Any], stats: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    return stats_table(msg("end.stats_title", lang), msg("end.stat", lang),
                       [(p["colour"], names[p["seat"]]) for p in view["players"]],
                       [(msg("end.stat." + key, lang), [t[key] for t in stats["totals"]]) for key in STAT_KEYS])


#: this module is the game's UI object (``nile.kit.GameUI``): the shell reads these names from it
moment = moments.moment
moment_keys = moments.MOMENT_KEYS
news_keys = moments.NEWS_KEYS
#: players' moves, and a flood washing markers to the boat: "since your turn" (``nile.web.since``)
since_keys = frozenset({"setup.boat", "setup.sow", "water.placed", "water.removed", "field.to_boat", "action.sow",
                        "action.grow", "action.harvest", "action.buy", "action.buy_joker", "action.hoard",
                        "action.joker", "action.refresh"})
#: a scoring: the optional sound's chord
chord_keys = frozenset({"scoring.done"})
rule_ids = RULE_IDS
rules_prefix = "rules."


# ---------------------------------------------------------------------- teaching (nile.banks.teach, diagrams)
lesson_triggers = teach.LESSON_TRIGGERS
rule_of = teach.rule_of
log_rule = teach.log_rule
lesson = teach.lesson
coach = teach.coach


def advice(action: str, lang: str, names: Sequence[str]) -> str | None:
    return move_words(action, lang, names, "advice")


round_summary = teach.round_summary
tutorial = teach.tutorial
diagrams = diagrams_module.diagrams


def standing(state: GameState, view: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """Where the game stands, said when the person asks by key (issue 43, "who leads"): the round and the
    tide (N3), the players' points, the leader first (N7), and the action points left to the one acting (N6)."""
    said = [msg("standing.round", lang, round=view["round"], tide=msg("tide." + view["tide"], lang))
            if view["round"] else msg("ui.setup_round", lang) + "."]
    ranked = sorted(view["players"], key=lambda p: -p["score"])
    said.append(msg("standing.scores", lang, scores=", ".join(
        msg("standing.score", lang, player=p["name"], points=p["score"]) for p in ranked)))  # "Points: Anna 12, Bastet 10."
    if view["ap"] is not None and view["to_act"]:
        said.append(plural("standing.ap", view["ap"], lang, player=names[view["to_act"][0]]))
    return " ".join(said)
