"""Markup for every screen: the engine's view and the controller's interaction in, HTML/SVG text out.

Pure functions of their inputs (no browser). All text that came from a player
or a file — names above all — goes through ``esc`` so it can only ever be text.
Clickable things carry ``data-i`` (the intent) and ``data-v`` (its value); the
page sends those to ``Controller.handle``. Board targets are focusable, have a
role and an accessible name, and show what they would do and cost.
"""

from __future__ import annotations

import html
from typing import Any

from ..banks import data
from ..banks.options import VARIANTS
from ..banks.state import AUCTION, START_BID
from ..messages import EN, LANGUAGES, describe
from ..messages import text as msg
from .controller import GAME, HOME, SETUP, Controller, Interaction

CROP_SHORT = {"flax": "Fl", "grain": "Gr", "grapes": "Gp", "onion": "On", "aubergine": "Au"}
LOG_LINES = 80
BOAT_ICON = (
    '<svg class="icon" viewBox="0 0 24 16" aria-hidden="true"><path d="M2 9h20l-4 6H6z" fill="#8a5a2b"/>'
    '<path d="M12 1v8M12 1l6 7h-6z" stroke="#5b3a1a" fill="#f3ead7"/></svg>'
)


def esc(value: Any) -> str:
    return html.escape(str(value), quote=True)


def attrs(**values: Any) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in values.items() if v is not None)


def button(label: str, intent: str, value: str = "", cls: str = "", disabled: bool = False, title: str | None = None) -> str:
    return (
        f'<button type="button"{attrs(class_=cls or None, data_i=intent, data_v=value, title=title)}'
        f'{" disabled" if disabled else ""}>{esc(label)}</button>'
    )


# ---------------------------------------------------------------------- whole app
def render_app(c: Controller) -> str:
    parts = [_notice(c)]
    if c.screen == HOME:
        parts.append(render_home(c))
    elif c.screen == SETUP:
        parts.append(render_setup(c))
    elif c.screen == GAME and c.state is not None:
        parts.append(render_game(c))
    if c.show_rules:
        parts.append(render_rules(c))
    return "".join(parts)


def _notice(c: Controller) -> str:
    if not c.notice:
        return ""
    level, text = c.notice
    role = "alert" if level == "error" else "status"
    return (
        f'<div class="notice {esc(level)}" role="{role}"><span>{esc(text)}</span>'
        f'{button("×", "dismiss", cls="close", title=msg("ui.dismiss", c.lang))}</div>'
    )


# ---------------------------------------------------------------------- home
def render_home(c: Controller) -> str:
    lang = c.lang
    rows = []
    for g in c.library.games():
        gid = g["id"]
        g["title"] = g["title"] or msg("ui.saved_game", lang)
        if g["damaged"]:
            rows.append(
                f'<li class="saved damaged"><div><strong>{esc(g["title"])}</strong>'
                f'<p class="why">{esc(msg("ui.damaged_short", lang))}: {esc(g["damaged"])}</p></div>'
                f'<div class="row-buttons">{button(msg("ui.export", lang), "export", gid)}'
                f'{button(msg("ui.delete", lang), "delete", gid, cls="danger")}</div></li>'
            )
        else:
            rows.append(
                f'<li class="saved"><div><strong>{esc(g["title"])}</strong><p>{esc(g["summary"])}</p></div>'
                f'<div class="row-buttons">{button(msg("ui.continue", lang), "continue", gid, cls="primary")}'
                f'{button(msg("ui.export", lang), "export", gid)}'
                f'{button(msg("ui.delete", lang), "delete", gid, cls="danger")}</div></li>'
            )
    saved = (
        f'<ul class="saved-list">{"".join(rows)}</ul>' if rows else f'<p class="empty">{esc(msg("ui.no_saves", lang))}</p>'
    )
    return (
        '<section class="home"><header class="hero"><h1>Nile</h1>'
        f'<p>{esc(msg("ui.tagline", lang))}</p></header>'
        f'<div class="home-actions">{button(msg("ui.new_game", lang), "new", cls="primary big")}'
        f'<label class="button big" for="import-file">{esc(msg("ui.import", lang))}</label>'
        '<input type="file" id="import-file" accept=".json,application/json" data-i="import" hidden>'
        f'{button(msg("rules.title", lang), "rules", cls="big")}</div>'
        + _language_choice(lang)
        + f'<h2>{esc(msg("ui.saved_games", lang))}</h2>{saved}'
        f'<p class="offline-note">{esc(msg("ui.offline_note", lang))}</p></section>'
    )


def _language_choice(lang: str) -> str:
    """The language select (only when the game speaks more than one); names are in their own language."""
    if len(LANGUAGES) < 2:
        return ""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>{esc(name)}</option>'
        for code, name in LANGUAGES.items()
    )
    return f'<label class="language">{esc(msg("ui.language", lang))} <select data-i="lang">{options}</select></label>'


# ---------------------------------------------------------------------- set-up
def start_option_label(name: str, seat: int) -> str:
    """How a seat is named in the start-player choice: the name as typed (trimmed), else its number."""
    return name.strip()[:40] or str(seat + 1)


def render_setup(c: Controller) -> str:
    f, lang = c.form, c.lang
    count_opts = "".join(
        f'<option value="{n}"{" selected" if n == f.count else ""}>{n}</option>'
        for n in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)
    )
    players = []
    for i in range(f.count):
        colour_opts = "".join(
            f'<option value="{i}:{col}"{" selected" if f.colours[i] == col else ""}>'
            f'{esc(msg("colour." + col, lang))} ({data.COLOUR_LETTERS[col]})</option>'
            for col in data.COLOURS
        )
        players.append(
            f'<li class="player-setup"><span class="swatch p-{f.colours[i]}">'
            f'{data.COLOUR_LETTERS[f.colours[i]]}</span>'
            f'<label>{esc(msg("ui.name", lang))} {i + 1} <input type="text" maxlength="40"'
            f'{attrs(value=f.names[i], data_i="setup-name", data_v=str(i), autocomplete="off")}></label>'
            f'<label>{esc(msg("ui.colour", lang))} <select data-i="setup-colour">{colour_opts}</select></label></li>'
        )
    start_opts = [f'<option value="random"{" selected" if f.start == "random" else ""}>{esc(msg("ui.random", lang))}</option>']
    for i in range(f.count):
        start_opts.append(
            f'<option value="{i}"{" selected" if f.start == str(i) else ""}>{esc(start_option_label(f.names[i], i))}</option>'
        )
    bidding = "N12" in f.variants
    variants = "".join(
        f'<li><label><input type="checkbox"{attrs(data_i="setup-variant", data_v=v)}'
        f'{" checked" if v in f.variants else ""}> <strong>{v}</strong> {esc(msg("variant." + v, lang))}</label></li>'
        for v in VARIANTS
    )
    error = f'<p class="form-error" role="alert">{esc(f.error)}</p>' if f.error else ""
    return (
        f'<section class="setup"><h1>{esc(msg("ui.new_game", lang))}</h1>'
        f'<label>{esc(msg("ui.players", lang))} <select data-i="setup-count">{count_opts}</select></label>'
        f'<ul class="players-setup">{"".join(players)}</ul>'
        f'<label>{esc(msg("ui.start_player", lang))} <select data-i="setup-start"{" disabled" if bidding else ""}>'
        f'{"".join(start_opts)}</select></label>'
        + (f'<p class="hint">{esc(msg("ui.start_by_bidding", lang))}</p>' if bidding else "")
        + f'<fieldset><legend>{esc(msg("ui.variants", lang))}</legend><ul class="variants">{variants}</ul></fieldset>'
        f'{error}<div class="setup-buttons">{button(msg("ui.back", lang), "home")}'
        f'{button(msg("ui.start", lang), "start-game", cls="primary big")}</div></section>'
    )


# ---------------------------------------------------------------------- game
def render_game(c: Controller) -> str:
    s = c.state
    lang = c.lang
    if s.phase in (START_BID, AUCTION) and not s.is_terminal():
        return render_bidding(c)
    view = s.view(None)
    inter = c.interaction()
    players = view["players"]
    header = _status_bar(c, view)
    board = (
        f'<div class="board">{svg_track(view, c.layout)}{svg_fields(c, view, inter)}'
        f'<div class="lower">{svg_market(c, view, inter)}{html_boat(c, view, inter)}</div></div>'
    )
    side = (
        '<aside class="side">'
        f'<section class="players" aria-label="{esc(msg("ui.players", lang))}">'
        + "".join(_player_card(c, view, p) for p in players)
        + "</section>"
        + _log(c, view)
        + "</aside>"
    )
    end = render_end(c, view) if s.is_terminal() else ""
    return (
        f'<section class="game">{header}{end}<div class="table">{board}{_action_panel(c, view, inter)}{side}</div>'
        '</section>'
    )


def _status_bar(c: Controller, view: dict[str, Any]) -> str:
    lang = c.lang
    s = c.state
    names = c.names
    if s.is_terminal():
        who = msg("ui.game_over", lang)
    else:
        seats = view["to_act"]
        who = msg("ui.turn_of", lang, player=names[seats[0]]) if len(seats) == 1 else msg("ui.everyone", lang)
    ap = f'<span class="ap" aria-label="{esc(msg("ui.ap_left", lang, ap=view["ap"]))}">{esc(msg("ui.ap_short", lang, ap=view["ap"]))}</span>' if view["ap"] is not None else ""
    memory = f'<span class="memory">{esc(msg("ui.in_memory", lang))}</span>' if c.in_memory_only else ""
    if c.conflict:
        memory += button(msg("ui.reload_other", lang), "reload", cls="primary")
    return (
        '<header class="status">'
        f'{button("⌂ " + msg("ui.home", lang), "home", cls="ghost")}'
        f'<span class="round">{esc(msg("ui.round", lang, round=view["round"]))}</span>'
        f'{svg_tide(view, lang)}'
        f'<span class="whose" aria-live="polite">{esc(who)}</span>{ap}{memory}'
        f'<span class="spacer"></span>'
        f'{button(msg("ui.rules", lang), "rules", cls="ghost")}'
        f'{button(msg("ui.export", lang), "export", c.game_id or "", cls="ghost")}'
        "</header>"
    )


def _action_panel(c: Controller, view: dict[str, Any], inter: Interaction) -> str:
    lang = c.lang
    s = c.state
    if s.is_terminal():
        return ""
    bits = [f'<p class="prompt">{esc(inter.prompt)}</p>']
    sel = c.selection or {}
    if sel.get("kind") == "supply":
        bits.append(f'<p class="selected">{esc(msg("ui.selected_crop", lang, crop=msg("crop." + sel["crop"], lang)))}</p>')
    elif sel.get("kind") == "fruit":
        bits.append(f'<p class="selected">{esc(msg("ui.selected_field", lang, field=sel["field"]))}</p>')
    actor = s.current_player()
    if actor is not None:
        me = view["players"][actor]
        if any(k.startswith("supply:") for k in inter.targets) or sel.get("kind") == "supply":
            bits.append(f'<div class="supply mine" aria-label="{esc(msg("ui.your_supply", lang, player=me["name"]))}">{_supply_chips(c, me, inter)}</div>')
        if inter.chosen_pile:
            bits.append(f'<div class="piles mine">{_piles(c, me, inter)}</div>')
    buttons = []
    for b in inter.buttons:
        label = b.label + (f" · {msg('ui.ap_cost', lang, ap=b.cost)}" if b.cost else "")
        buttons.append(button(label, b.intent, b.value, cls="primary" if b.value == "end" else ""))
    if c.selection:
        buttons.append(button(msg("ui.cancel", lang), "cancel"))
    buttons.append(button(msg("ui.undo", lang), "undo", disabled=not c.undo_possible(), title=msg("ui.undo_hint", lang)))
    bits.append(f'<div class="buttons">{"".join(buttons)}</div>')
    return f'<section class="actions" aria-label="{esc(msg("ui.your_move", lang))}">{"".join(bits)}</section>'


def _waves_svg(top: dict[str, str] | None, lang: str) -> str:
    if not top:
        return f'<span class="pile-empty">{esc(msg("ui.empty", lang))}</span>'
    label = msg("ui.card_waves", lang, wave_in=msg("wave." + top["in"], lang), wave_out=msg("wave." + top["out"], lang))
    return (
        f'<svg class="mini-card" viewBox="0 0 60 40" role="img" aria-label="{esc(label)}">'
        '<rect x="1" y="1" width="58" height="38" rx="4" class="water"/>'
        f'{_wave_glyph(6, 20, top["in"], vertical=True)}{_wave_glyph(54, 20, top["out"], vertical=True)}</svg>'
    )


def _supply_chips(c: Controller, p: dict[str, Any], inter: Interaction | None) -> str:
    """A player's supply; with ``inter``, the crops that can be chosen are buttons."""
    lang = c.lang
    chips = []
    for crop in data.CROPS:
        entry = p["supply"].get(crop)
        if not entry:
            continue
        target = inter.targets.get(f"supply:{crop}") if inter else None
        selected = inter is not None and bool(c.selection) and c.selection.get("crop") == crop
        label = f'{msg("crop." + crop, lang)} ×{entry["count"]}'
        cls = "chip" + (" target" if target else "") + (" selected" if selected else "")
        if target or selected:
            chips.append(
                f'<button type="button"{attrs(class_=cls, data_i="pick", data_v=f"supply:{crop}", title=target.label if target else None, aria_pressed="true" if selected else None)}>'
                f'{esc(label)}</button>'
            )
        else:
            chips.append(f'<span class="{cls}">{esc(label)}</span>')
    return "".join(chips) or esc(msg("ui.empty", lang))


def _piles(c: Controller, p: dict[str, Any], inter: Interaction | None) -> str:
    lang = c.lang
    piles = []
    for i, pile in enumerate(p["piles"]):
        name = "ab"[i]
        target = inter.targets.get(f"pile:{name}") if inter else None
        chosen = inter is not None and inter.chosen_pile == name
        content = f'<span class="pile-name">{esc(msg("ui.pile", lang, pile=name, size=pile["size"]))}</span>{_waves_svg(pile["top"], lang)}'
        if target:
            piles.append(f'<button type="button" class="pile target"{attrs(data_i="pick", data_v=f"pile:{name}", title=target.label)}>{content}</button>')
        else:
            piles.append(f'<div class="pile{" chosen" if chosen else ""}">{content}</div>')
    return "".join(piles)


def _player_card(c: Controller, view: dict[str, Any], p: dict[str, Any]) -> str:
    lang = c.lang
    seat = p["seat"]
    acting = seat in view["to_act"]
    hoard = ""
    if p["hoard"]:
        hoard = f'<p class="hoard">{esc(msg("ui.hoarded", lang, count=len(p["hoard"])))}</p>'
    start = f'<span class="pillar" title="{esc(msg("ui.start_player", lang))}">★</span>' if view["start_player"] == seat else ""
    return (
        f'<article class="player p-{p["colour"]}{" acting" if acting else ""}">'
        f'<h3><span class="swatch">{esc(p["letter"])}</span> {esc(p["name"])} {start}</h3>'
        f'<p class="stats">{esc(msg("ui.player_stats", lang, score=p["score"], jokers=p["jokers"], lost=p["lost"]))}</p>'
        f'<div class="supply" aria-label="{esc(msg("ui.supply", lang))}">{_supply_chips(c, p, None)}</div>'
        f'<div class="piles">{_piles(c, p, None)}</div>{hoard}</article>'
    )


def _log(c: Controller, view: dict[str, Any]) -> str:
    lines = [describe(e, c.names, c.lang) for e in view["log"][-LOG_LINES:]]
    items = "".join(f"<li>{esc(line)}</li>" for line in reversed(lines))
    return f'<section class="log"><h2>{esc(msg("ui.log", c.lang))}</h2><ol reversed>{items}</ol></section>'


# ---------------------------------------------------------------------- svg pieces
def _wave_glyph(x: float, y: float, wave: str, vertical: bool = False) -> str:
    """A single wave (one curve), a double wave (two) or none (a straight line)."""
    if wave == "none":
        return f'<line class="nowave" x1="{x}" y1="{y - 10}" x2="{x}" y2="{y + 10}"/>' if vertical else ""
    offsets = (0,) if wave == "single" else (-3, 3)
    out = []
    for d in offsets:
        if vertical:
            out.append(f'<path class="wave" d="M{x + d} {y - 10} q4 5 0 10 q-4 5 0 10"/>')
        else:
            out.append(f'<path class="wave" d="M{x - 10} {y + d} q5 -4 10 0 q5 4 10 0"/>')
    return "".join(out)


class Geometry:
    """Where the fields go. ``landscape``: the Nile runs down the middle, rows go out sideways
    (wide screens). ``portrait``: the Nile runs across, west bank above, east bank below,
    each row a column (phones), so fields stay large enough to read and to touch."""

    FIELD_W, FIELD_H = 84, 86

    def __init__(self, layout: str) -> None:
        self.portrait = layout == "portrait"
        if self.portrait:
            self.FIELD_W = 96
            self.col_w = 100
            self.label = 26
            self.river0 = self.label + 5 * self.FIELD_H
            self.river1 = self.river0 + 64
            self.width = 20 + 4 * self.col_w
            self.height = self.river1 + 5 * self.FIELD_H + self.label
        else:
            self.row_h = 96
            self.top = 12
            self.river0, self.river1 = 452, 548
            self.width = 1000
            self.height = self.top * 2 + 4 * self.row_h

    def field(self, west: bool, k: int, index: int) -> tuple[float, float]:
        """Top-left corner of field k (0 = at the Nile) of the index-th row of its bank."""
        c = index % 4
        if self.portrait:
            x = 20 + c * self.col_w
            y = self.river0 - (k + 1) * self.FIELD_H if west else self.river1 + k * self.FIELD_H
            return x, y
        y = self.top + c * self.row_h
        x = self.river0 - (k + 1) * self.FIELD_W if west else self.river1 + k * self.FIELD_W
        return x, y

    def river(self) -> str:
        if self.portrait:
            return f'<rect class="nile" x="0" y="{self.river0}" width="{self.width}" height="{self.river1 - self.river0}"/>'
        return f'<rect class="nile" x="{self.river0}" y="0" width="{self.river1 - self.river0}" height="{self.height}"/>'

    def nile_label(self, text: str) -> str:
        if self.portrait:
            return f'<text class="nile-label across" x="{self.width / 2}" y="{(self.river0 + self.river1) / 2}">{esc(text)}</text>'
        return f'<text class="nile-label" x="500" y="{self.top + 2 * self.row_h}">{esc(text)}</text>'

    def entry_wave(self, west: bool, index: int, wave: str) -> str:
        """The Nile's wave where the row meets the river."""
        c = index % 4
        if self.portrait:
            x = 20 + c * self.col_w + self.FIELD_W / 2
            return _wave_glyph(x, self.river0 + 12 if west else self.river1 - 12, wave)
        y = self.top + c * self.row_h + self.FIELD_H / 2 - 10
        return _wave_glyph(self.river0 - 14 if west else self.river1 + 14, y, wave, vertical=True)

    def row_label(self, west: bool, index: int, length: int, name: str) -> str:
        c = index % 4
        if self.portrait:
            x = 20 + c * self.col_w + self.FIELD_W / 2
            y = self.river0 - length * self.FIELD_H - 8 if west else self.river1 + length * self.FIELD_H + 18
            return f'<text class="row-label centre" x="{x}" y="{y}">{name}</text>'
        y = self.top + c * self.row_h + self.FIELD_H / 2
        x = self.river0 - length * self.FIELD_W - 6 if west else self.river1 + length * self.FIELD_W + 6
        return f'<text class="row-label{" west" if west else ""}" x="{x}" y="{y}">{name}</text>'

    def card_waves(self, west: bool, x: float, y: float, wave_in: str, wave_out: str) -> str:
        """A water card's in-wave on its river side, its out-wave on the far side."""
        w, h = self.FIELD_W, self.FIELD_H
        if self.portrait:
            near, far = (y + h - 10, y + 24) if west else (y + 24, y + h - 10)
            return _wave_glyph(x + w / 2, near, wave_in) + _wave_glyph(x + w / 2, far, wave_out)
        near, far = (x + w - 8, x + 8) if west else (x + 8, x + w - 8)
        return _wave_glyph(near, y + h / 2, wave_in, vertical=True) + _wave_glyph(far, y + h / 2, wave_out, vertical=True)


def _marker_svg(cx: float, cy: float, m: dict[str, Any], players: list[dict[str, Any]], condition: str | None = None) -> str:
    """A marker: filled when ripe, a ring when a seed (or a spoiled fruit, which lies seed side up,
    with a brown dashed rim), a dark diamond when rotten (turned 45°); crop code and owner letter."""
    p = players[m["player"]]
    ripe = m.get("side") == "ripe" or condition == "ripe"
    cls = f"marker p-{p['colour']} " + (condition or m.get("side", ""))
    if condition == "rotten":
        shape = f'<rect x="{cx - 13}" y="{cy - 13}" width="26" height="26" rx="3" transform="rotate(45 {cx} {cy})"/>'
    else:
        shape = f'<circle cx="{cx}" cy="{cy}" r="15"/>'
    inner = "" if ripe or condition == "rotten" else f'<circle class="hole" cx="{cx}" cy="{cy}" r="9"/>'
    rim = f'<circle class="spoil" cx="{cx}" cy="{cy}" r="18"/>' if condition == "spoiled" else ""
    return (
        f'<g class="{cls}">{rim}{shape}{inner}'
        f'<text x="{cx}" y="{cy + 1}" class="crop">{CROP_SHORT[m["crop"]]}</text>'
        f'<text x="{cx + 13}" y="{cy - 11}" class="owner">{p["letter"]}</text></g>'
    )


def _marker_words(m: dict[str, Any], players: list[dict[str, Any]], lang: str, condition: str | None = None) -> str:
    state = condition or m.get("side", "")
    return msg("ui.marker", lang, player=players[m["player"]]["name"], crop=msg("crop." + m["crop"], lang),
               state=msg(("condition." if condition else "side.") + state, lang))


def _target_attrs(key: str, inter: Interaction, base_label: str, selected: bool = False) -> tuple[str, str]:
    """(class suffix, attributes) for a board element that may be a target."""
    t = inter.targets.get(key)
    if t is None:
        return ("", f' role="img" aria-label="{esc(base_label)}"' if not selected else "")
    cls = " act" if t.action else " sel"
    label = f"{base_label}. {t.label}" if t.label else base_label
    return (
        cls + (" selected" if selected else ""),
        f'{attrs(data_i="pick", data_v=key, tabindex="0", role="button", aria_label=label)}',
    )


def svg_fields(c: Controller, view: dict[str, Any], inter: Interaction) -> str:
    lang = c.lang
    players = view["players"]
    sel = c.selection or {}
    g = Geometry(c.layout)
    fw, fh = g.FIELD_W, g.FIELD_H
    out = [
        f'<svg class="fields {c.layout}" viewBox="0 0 {g.width} {g.height}" role="group" aria-label="{esc(msg("ui.fields", lang))}">',
        g.river(),
        g.nile_label(msg("ui.nile", lang)),
    ]
    for index, row in enumerate(view["rows"]):
        west = row["bank"] == "west"
        out.append(g.entry_wave(west, index, row["nile_wave"]))
        out.append(g.row_label(west, index, len(row["fields"]), row["name"]))
        for k, f in enumerate(row["fields"]):
            x, fy = g.field(west, k, index)
            key = f"field:{f['name']}"
            if not row["in_play"]:
                out.append(
                    f'<g class="field covered" role="img" aria-label="{esc(msg("ui.out_of_play", lang, field=f["name"]))}">'
                    f'<rect x="{x + 2}" y="{fy + 2}" width="{fw - 4}" height="{fh - 4}" rx="6"/></g>'
                )
                continue
            words = [msg("ui.field_label", lang, field=f["name"], palms=f["palms"])]
            if f["water"]:
                words.append(msg("ui.water_card", lang, wave_in=msg("wave." + f["water"]["in"], lang),
                                 wave_out=msg("wave." + f["water"]["out"], lang)))
            if f["desert"]:
                words.append(msg("ui.desert_card", lang))
            words.extend(_marker_words(m, players, lang) for m in f["markers"])
            selected = sel.get("kind") == "fruit" and sel.get("field") == f["name"]
            cls, extra = _target_attrs(key, inter, ", ".join(words), selected)
            t = inter.targets.get(key)
            body = [f'<rect class="ground" x="{x + 2}" y="{fy + 2}" width="{fw - 4}" height="{fh - 4}" rx="6"/>',
                    f'<text class="palms" x="{x + 8}" y="{fy + 16}">{"♣" * f["palms"]}</text>']
            if f["water"]:
                body.append(f'<rect class="water" x="{x + 5}" y="{fy + 20}" width="{fw - 10}" height="{fh - 25}" rx="4"/>')
                body.append(g.card_waves(west, x, fy, f["water"]["in"], f["water"]["out"]))
            if f["desert"]:
                body.append(f'<rect class="desert" x="{x + 5}" y="{fy + 20}" width="{fw - 10}" height="{fh - 25}" rx="4"/>'
                            f'<path class="dune" d="M{x + 12} {fy + 62} q15 -16 30 0 q15 -16 30 0"/>')
            for i, m in enumerate(f["markers"]):
                body.append(_marker_svg(x + 24 + i * 36, fy + 54, m, players))
            if t is not None and t.action and t.cost:
                body.append(f'<g class="cost"><circle cx="{x + fw - 16}" cy="{fy + 16}" r="11"/>'
                            f'<text x="{x + fw - 16}" y="{fy + 17}">{t.cost}</text></g>')
            out.append(f'<g class="field{cls}"{extra}>{"".join(body)}</g>')
    out.append("</svg>")
    return "".join(out)


def svg_tide(view: dict[str, Any], lang: str) -> str:
    current = view["tide"]
    segs = []
    for i, name in enumerate(data.TIDE_NAMES):
        cls = "seg" + (" on" if name == current else "")
        segs.append(f'<g class="{cls}"><rect x="{2 + i * 46}" y="2" width="44" height="24" rx="5"/>'
                    f'<text x="{24 + i * 46}" y="15">{esc(msg("tide." + name, lang))}</text></g>')
    label = msg("ui.tide_now", lang, tide=msg("tide." + current, lang))
    return f'<svg class="tide" viewBox="0 0 142 28" role="img" aria-label="{esc(label)}">{"".join(segs)}</svg>'


def svg_track(view: dict[str, Any], layout: str = "landscape") -> str:
    per_row = data.TRACK_LENGTH if layout != "portrait" else data.TRACK_LENGTH // 2
    width = 1000 if layout != "portrait" else 420
    w = (width - 40) / per_row
    rows = (data.TRACK_LENGTH + per_row - 1) // per_row

    def place(space: int) -> tuple[float, float]:
        i = space - 1
        return 20 + (i % per_row) * w, 20 + (i // per_row) * 62

    cells = []
    for space in range(1, data.TRACK_LENGTH + 1):
        x, y = place(space)
        cls = "space" + (" obelisk" if space == view["obelisk"] else "")
        cells.append(f'<rect class="{cls}" x="{x:.1f}" y="{y:.1f}" width="{w - 2:.1f}" height="40" rx="3"/>'
                     f'<text class="num" x="{x + w / 2 - 1:.1f}" y="{y - 6:.1f}">{space}</text>')
    pawns = []
    stacks: dict[int, int] = {}
    for p in view["players"]:
        space = min(p["pawn"], data.TRACK_LENGTH)
        n = stacks.get(space, 0)
        stacks[space] = n + 1
        x, y = place(space)
        cx = x + w / 2 - 1
        pawns.append(f'<g class="pawn p-{p["colour"]}"><circle cx="{cx:.1f}" cy="{y + 10 + n * 7:.1f}" r="9"/>'
                     f'<text x="{cx:.1f}" y="{y + 11 + n * 7:.1f}">{p["letter"]}</text></g>')
    ox, oy = place(view["obelisk"])
    ox += w / 2 - 1
    label = "; ".join(f'{p["name"]} {p["score"]}' for p in view["players"]) + f'; obelisk {view["obelisk"]}'
    return (
        f'<svg class="track" viewBox="0 0 {width} {8 + rows * 62}" role="img" aria-label="{esc(label)}">{"".join(cells)}'
        f'<path class="obelisk-mark" d="M{ox - 5:.1f} {oy + 42:.1f} L{ox:.1f} {oy + 24:.1f} L{ox + 5:.1f} {oy + 42:.1f} Z"/>'
        f'{"".join(pawns)}</svg>'
    )


def svg_market(c: Controller, view: dict[str, Any], inter: Interaction) -> str:
    lang = c.lang
    players = view["players"]
    col_w, stall_h = 100, 40
    out = [f'<svg class="market" viewBox="0 0 430 250" role="group" aria-label="{esc(msg("ui.market", lang))}">',
           '<rect class="house" x="6" y="4" width="418" height="14" rx="3"/>']
    for i, row in enumerate(view["market"]):
        x = 10 + i * (col_w + 4)
        key = f"market:{row['name']}"
        words = msg("ui.market_row", lang, market=row["name"], palms=row["min_palms"], used=len(row["fruits"]), stalls=row["stalls"])
        cls, extra = _target_attrs(key, inter, words)
        t = inter.targets.get(key)
        body = [f'<text class="mlabel" x="{x + col_w / 2}" y="36">{row["name"]} · {"♣" * row["min_palms"]}</text>']
        for s_i in range(row["stalls"]):
            sy = 44 + s_i * stall_h
            body.append(f'<rect class="stall" x="{x}" y="{sy}" width="{col_w}" height="{stall_h - 4}" rx="4"/>')
        if t is not None and t.action:
            body.append(f'<g class="cost"><circle cx="{x + col_w - 12}" cy="30" r="10"/><text x="{x + col_w - 12}" y="31">{t.cost}</text></g>')
        out.append(f'<g class="mrow{cls}"{extra}>{"".join(body)}</g>')
        for s_i, fruit in enumerate(row["fruits"]):
            sy = 44 + s_i * stall_h
            skey = f"stall:{row['name']}:{s_i + 1}"
            scls, sextra = _target_attrs(skey, inter, _marker_words(fruit, players, lang, fruit["condition"]))
            out.append(f'<g class="fruit{scls}"{sextra}>{_marker_svg(x + col_w / 2, sy + 18, fruit, players, fruit["condition"])}</g>')
    out.append("</svg>")
    return "".join(out)


def html_boat(c: Controller, view: dict[str, Any], inter: Interaction) -> str:
    lang = c.lang
    players = view["players"]
    groups: dict[tuple[int, str], int] = {}
    for m in view["boat"]:
        groups[(m["player"], m["crop"])] = groups.get((m["player"], m["crop"]), 0) + 1
    items = []
    for (player, crop), n in sorted(groups.items(), key=lambda kv: (kv[0][0], data.CROP_INDEX[kv[0][1]])):
        p = players[player]
        key = f"boat:{player}:{crop}"
        t = inter.targets.get(key)
        label = f'{p["letter"]} {msg("crop." + crop, lang)} ×{n}'
        words = msg("ui.on_boat", lang, player=p["name"], crop=msg("crop." + crop, lang), count=n)
        colour_cls = f'p-{p["colour"]}'
        if t:
            items.append(f'<button type="button" class="chip boat-chip target {colour_cls}"{attrs(data_i="pick", data_v=key, aria_label=f"{words}. {t.label}", title=t.label)}>'
                         f'{esc(label)}<span class="cost-tag">{t.cost}</span></button>')
        else:
            items.append(f'<span class="chip boat-chip {colour_cls}"{attrs(aria_label=words)}>{esc(label)}</span>')
    return (
        f'<section class="boat" aria-label="{esc(msg("ui.boat", lang))}"><h3>{BOAT_ICON}{esc(msg("ui.boat", lang))} '
        f'<small>{len(view["boat"])}</small></h3><div class="boat-items">{"".join(items) or esc(msg("ui.empty", lang))}</div>'
        f'<p class="decks">{esc(msg("ui.decks", lang, draw=view["desert"]["draw"], discard=view["desert"]["discard"], water=len(view["water"]["discard"])))}</p></section>'
    )


# ---------------------------------------------------------------------- bids (N11, N12)
def render_bidding(c: Controller) -> str:
    s = c.state
    lang = c.lang
    names = c.names
    why = msg("ui.bid_start" if s.phase == START_BID else "ui.bid_hippo", lang)
    if c.bidder is None:
        waiting = list(s.to_act())
        done = [names[p] for p in range(s.num_players) if p not in waiting]
        choices = "".join(
            f'<li>{button(msg("ui.i_am", lang, player=names[p]), "reveal-bidder", str(p), cls="primary big")}</li>' for p in waiting
        )
        return (
            f'<section class="handover" aria-live="polite"><h1>{esc(why)}</h1>'
            f'<p>{esc(msg("ui.pass_device", lang, player=names[waiting[0]]))}</p>'
            f'<ul class="bidders">{choices}</ul>'
            + (f'<p class="done">{esc(msg("ui.bids_made", lang, players=", ".join(done)))}</p>' if done else "")
            + f'<p class="hint">{esc(msg("ui.bid_secret_hint", lang))}</p>'
            f'{button("⌂ " + msg("ui.home", lang), "home", cls="ghost")}</section>'
        )
    p = c.bidder
    supply = c.supply_counts(p)
    rows = []
    for crop in data.CROPS:
        have = supply.get(crop, 0)
        if not have:
            continue
        n = c.bid_draft.get(crop, 0)
        rows.append(
            f'<li><span class="crop-name">{esc(msg("crop." + crop, lang))}</span>'
            f'{button("−", "bid-change", f"{crop}:-", disabled=n == 0, title=msg("ui.less", lang))}'
            f'<output aria-label="{esc(msg("crop." + crop, lang))}">{n}</output>'
            f'{button("+", "bid-change", f"{crop}:+", disabled=n >= have, title=msg("ui.more", lang))}'
            f'<span class="have">/ {have}</span></li>'
        )
    total = sum(c.bid_draft.values())
    on_boat = sum(1 for m in s.view(None)["boat"] if m["player"] == p)
    extra = msg("ui.bid_boat_note", lang, count=on_boat) if s.phase == AUCTION else ""
    return (
        f'<section class="bid-private"><h1>{esc(msg("ui.bid_of", lang, player=names[p]))}</h1><p>{esc(why)}</p>'
        f'<ul class="bid-rows">{"".join(rows)}</ul>'
        f'<p class="bid-total">{esc(msg("ui.bid_total", lang, count=total))} {esc(extra)}</p>'
        f'<div class="buttons">{button(msg("ui.hide", lang), "bid-hide")}'
        f'{button(msg("ui.place_bid", lang), "bid-submit", cls="primary big")}</div></section>'
    )


# ---------------------------------------------------------------------- the end
def render_end(c: Controller, view: dict[str, Any]) -> str:
    lang = c.lang
    names = c.names
    result = view["result"]
    rows = "".join(
        f'<tr><td>{r["place"]}</td><td>{esc(names[r["player"]])}</td><td>{r["score"]}</td><td>{r["lost"]}</td></tr>'
        for r in result["ranking"]
    )
    scorings = []
    for sc in view["scorings"]:
        parts = []
        for row in sc["rows"]:
            ranking = ", ".join(
                f'{names[e["player"]]} {e["fruits"]}→{e["award"]}' + (f' ({msg("ui.tie_last_stall", lang)})' if e["tie_broken_by_last_stall"] else "")
                for e in row["ranking"]
            ) or msg("ui.nobody", lang)
            rotten = ", ".join(f'{names[int(p)]} −{n}' for p, n in row["rotten"].items())
            parts.append(f'<li><strong>{row["market"]}</strong>: {esc(ranking)}' + (f'; {esc(msg("ui.rotten", lang))}: {esc(rotten)}' if rotten else "") + "</li>")
        points = msg("list.sep", lang).join(f"{names[p]} +{n}" for p, n in enumerate(sc["points"]))
        scorings.append(
            f'<li><h4>{esc(msg("ui.scoring_round", lang, round=sc["round"]))}</h4><ul>{"".join(parts)}</ul>'
            f'<p>{esc(msg("ui.scoring_points", lang, points=points, obelisk=sc["obelisk_after"], colours=sc["colours_lost"]))}</p></li>'
        )
    return (
        f'<section class="end" aria-labelledby="end-title"><h2 id="end-title">{esc(msg("ui.game_over", lang))}</h2>'
        f'<p>{esc(msg("ui.end_reason", lang, reason=msg("reason." + result["reason"], lang), tie_break=msg("tie_break." + result["tie_break"], lang)))}</p>'
        f'<table class="ranking"><thead><tr><th>#</th><th>{esc(msg("ui.player", lang))}</th><th>{esc(msg("ui.points", lang))}</th>'
        f'<th>{esc(msg("ui.lost", lang))}</th></tr></thead><tbody>{rows}</tbody></table>'
        f'<details><summary>{esc(msg("ui.scorings", lang, count=len(view["scorings"])))}</summary><ol class="scorings">{"".join(scorings)}</ol></details>'
        f'<div class="buttons">{button(msg("ui.new_game", lang), "new", cls="primary")}{button(msg("ui.home", lang), "home")}</div></section>'
    )


def render_rules(c: Controller) -> str:
    """The rules help (a dialog over any screen): each rule id's points, the variants marked on or
    off for the game being played, this game's decisions and how to play here."""
    lang = c.lang
    playing = c.variants_in_play()

    def points(prefix: str) -> str:
        return "".join(f"<li>{esc(msg(key, lang))}</li>" for key in numbered_keys(prefix))

    sections = []
    for rid in RULE_IDS:
        badge = ""
        if rid in VARIANTS and playing is not None:
            on = rid in playing
            badge = f' <span class="variant-state {"on" if on else "off"}">{esc(msg("rules.variant_" + ("on" if on else "off"), lang))}</span>'
        sections.append(
            f'<section id="rule-{rid}" aria-labelledby="rule-{rid}-h"><h3 id="rule-{rid}-h"><span class="rule-id">{rid}</span> '
            f'{esc(msg(f"rules.{rid}.title", lang))}{badge}</h3><ul>{points(f"rules.{rid}.")}</ul></section>'
        )
    for part in ("decision", "howto"):
        title = msg("rules.decisions.title" if part == "decision" else "rules.howto.title", lang)
        sections.append(f'<section class="rules-{part}"><h3>{esc(title)}</h3><ul>{points(f"rules.{part}.")}</ul></section>')
    return (
        f'<section class="rules-help" role="dialog" aria-modal="true" aria-labelledby="rules-title" tabindex="-1">'
        f'<div class="rules-head"><h2 id="rules-title">{esc(msg("rules.title", lang))}</h2>'
        f'{button(msg("ui.close", lang), "rules", cls="primary")}</div>'
        f'<p>{esc(msg("rules.intro", lang))}</p>{"".join(sections)}</section>'
    )


def numbered_keys(prefix: str) -> list[str]:
    """``prefix1``, ``prefix2``, … as long as the (English) catalog has them."""
    keys = []
    while f"{prefix}{len(keys) + 1}" in EN:
        keys.append(f"{prefix}{len(keys) + 1}")
    return keys


RULE_IDS = ("N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8", "N9", "N10", "N11", "N12", "N13")
