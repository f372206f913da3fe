"""*An den Ufern des Nils* drawn: the board's pieces as SVG and HTML from a view (pure, no browser).

The fields along the Nile with their water and desert cards and markers, the
tide dial, the score track with the obelisk, the market rows, the boat, and the
legend of the marks. The game screen (``nile.banks.ui``) and the rules help's
pictures (``nile.banks.diagrams``) both draw with these, so a picture in the
help looks exactly like the board. Board targets carry the interaction's
intents (``data-i="pick"``); the coach's focus adds the ``coach`` class.
"""

from __future__ import annotations

from typing import Any

from ..kit import Frame, Interaction, attrs, colour_letter, esc
from ..kit.intents import Intent
from ..kit.memo import memo, part, places
from ..words import Word, describe, plural
from ..words import text as msg
from . import art, data

BOAT_ICON = '<svg class="icon" viewBox="0 0 24 16" aria-hidden="true"><use href="#banks-boat"/></svg>'

def legend(lang: str) -> str:
    """What the board's marks mean, one tap away: seed, ripe, spoiled, rotten, the waves, and where a
    pawn stands (one space past its score, as on the printed board: pawns start on space 1 with 0
    points and the game ends when one reaches the obelisk's space, N7)."""
    sample = {"player": 0, "crop": "flax"}
    players = [{"colour": "blue"}]
    items = [
        (marker_svg(20, 20, dict(sample, side="seed"), players, lang=lang), "legend.seed"),
        (marker_svg(20, 20, dict(sample, side="ripe"), players, lang=lang), "legend.ripe"),
        (marker_svg(20, 20, sample, players, "spoiled", lang=lang), "legend.spoiled"),
        (marker_svg(20, 20, sample, players, "rotten", lang=lang), "legend.rotten"),
        (wave_glyph(20, 20, "single", vertical=True), "legend.wave_single"),
        (wave_glyph(20, 20, "double", vertical=True), "legend.wave_double"),
        (wave_glyph(20, 20, "none", vertical=True), "legend.wave_none"),
        (pawn_svg(20, 20, 12, "blue", lang), "legend.pawn"),  # the printed board's convention (N7), kept
    ]
    items += [(art.use("crop-" + crop, 6, 6, 28), "crop." + crop) for crop in data.CROPS]  # the five crops' pictures
    items += [(art.use("hippo", 1, 7, 38, 24.6), "legend.hippo"), (art.use("joker", 10, 6, 20, 28), "legend.joker")]
    rows = "".join(
        f'<li><svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">{picture}</svg>{esc(msg(key, lang))}</li>'
        for picture, key in items
    )
    return (f'<details class="legend"><summary>{esc(msg("ui.legend", lang))}</summary>'
            f'<ul>{rows}</ul><p>{esc(msg("legend.crops", lang))}</p><p>{esc(msg("legend.names", lang))}</p></details>')



# ---------------------------------------------------------------------- svg pieces
def waves_svg(top: dict[str, str] | None, lang: str) -> str:
    if not top:
        return f'<span class="pile-empty">{esc(msg("ui.empty", lang))}</span>'
    label = msg("ui.card_waves", lang, wave_in=msg("wave." + top["in"], lang), wave_out=msg("wave." + top["out"], lang))
    return (
        f'<svg class="mini-card" viewBox="0 0 60 40" role="img" aria-label="{esc(label)}">'
        '<rect x="1" y="1" width="58" height="38" rx="4" class="water"/>'
        f'{wave_glyph(6, 20, top["in"], vertical=True)}{wave_glyph(54, 20, top["out"], vertical=True)}</svg>'
    )



def wave_glyph(x: float, y: float, wave: str, vertical: bool = False) -> str:
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
            return wave_glyph(x, self.river0 + 12 if west else self.river1 - 12, wave)
        y = self.top + c * self.row_h + self.FIELD_H / 2 - 10
        # inside the river, beside the row's first field (in the field it was drawn over)
        return wave_glyph(self.river0 + 14 if west else self.river1 - 14, y, wave, vertical=True)

    def row_label(self, west: bool, index: int, length: int, name: str) -> str:
        c = index % 4
        if self.portrait:
            px = 20 + c * self.col_w + self.FIELD_W / 2
            py = self.river0 - length * self.FIELD_H - 8 if west else self.river1 + length * self.FIELD_H + 18
            return f'<text class="row-label centre" x="{px}" y="{py}">{name}</text>'
        y = self.top + c * self.row_h + self.FIELD_H / 2
        x = self.river0 - length * self.FIELD_W - 6 if west else self.river1 + length * self.FIELD_W + 6
        return f'<text class="row-label{" west" if west else ""}" x="{x}" y="{y}">{name}</text>'

    def card_waves(self, west: bool, x: float, y: float, wave_in: str, wave_out: str) -> str:
        """A water card's in-wave on its river side, its out-wave on the far side."""
        w, h = self.FIELD_W, self.FIELD_H
        if self.portrait:
            near, far = (y + h - 10, y + 24) if west else (y + 24, y + h - 10)
            return wave_glyph(x + w / 2, near, wave_in) + wave_glyph(x + w / 2, far, wave_out)
        near, far = (x + w - 8, x + 8) if west else (x + 8, x + w - 8)
        return wave_glyph(near, y + h / 2, wave_in, vertical=True) + wave_glyph(far, y + h / 2, wave_out, vertical=True)



def marker_svg(cx: float, cy: float, m: dict[str, Any], players: list[dict[str, Any]], condition: str | None = None,
                lang: str = "en") -> str:
    """A marker: a token of its owner's colour with its crop's pictogram (``art``), shaped by its state —
    a small drop with a sprout (a seed), a round token (ripe), a round token with a ragged brown rim and
    a wilted crop (spoiled: it lies seed side up), a dark diamond with the crop crossed out (rotten,
    turned 45°) — and the owner's letter, so no one needs to tell colours apart."""
    p = players[m["player"]]
    state = condition or m.get("side") or "seed"
    cls = f"marker p-{p['colour']} " + (condition or m.get("side", ""))
    key = f' data-k="m{m["id"]}"' if "id" in m else ""  # one marker, wherever it goes (static/motion.js)
    return (
        f'<g class="{cls}"{key}>{art.token(state, m["crop"], cx, cy)}'
        f'<text x="{art.n(cx + 13)}" y="{art.n(cy - 11)}" class="owner">{esc(colour_letter(p["colour"], lang))}</text></g>'
    )


def marker_words(m: dict[str, Any], players: list[dict[str, Any]], lang: str, condition: str | None = None) -> str:
    """A marker in words: whose, which crop, and its side (on a field) or its condition (on the market)."""
    if condition:
        return msg("ui.marker", lang, player=players[m["player"]]["name"], crop=Word("crop." + m["crop"]),
                   state=msg("condition." + condition, lang))
    return msg("ui.marker_side", lang, player=players[m["player"]]["name"], crop=Word("crop." + m["crop"]),
               state=msg("side." + m.get("side", ""), lang))


def market_row_words(row: dict[str, Any], players: list[dict[str, Any]], lang: str) -> str:
    """A market row in words: the fields it takes fruit from (N6) and what lies in each stall, and how many
    stalls are still free (the market's contents, read by assistive technology)."""
    stalls = [msg("ui.stall_fruit", lang, stall=n + 1, fruit=marker_words(f, players, lang, f["condition"]))
              for n, f in enumerate(row["fruits"])]
    free = row["stalls"] - len(row["fruits"])
    if free:
        stalls.append(plural("ui.stalls_free", free, lang))
    return plural("ui.market_row", row["min_palms"], lang, market=row["name"], palms=row["min_palms"],
                  stalls=msg("list.sep_groups", lang).join(stalls))


def target_attrs(key: str, inter: Interaction, base_label: str, selected: bool = False) -> tuple[str, str]:
    """(class suffix, attributes) for a board element that may be a target. A place that is chosen (the fruit
    to harvest) or may be chosen is a toggle button, pressed or not, and stays a button while it is chosen, where
    the keyboard was (issue 43: it turned into a picture and the focus fell to the page)."""
    t = inter.targets.get(key)
    # a choice, and the place chosen, carry what choosing them offers (the destinations map: static/answer.js)
    dests = inter.dests_of(key) if selected or (t is not None and t.select is not None) else None
    if selected and t is None:
        return " selected", attrs(data_i=Intent.PICK, data_v=key, role="button", aria_label=base_label, tabindex="0",
                                  aria_pressed="true", data_dests=dests)
    if t is None:  # not a target, but while someone may act a click still says why not (the engine's refusal)
        clickable = attrs(data_i=Intent.PICK, data_v=key) if inter.taps_answered() else ""
        return "", clickable + f' role="img" aria-label="{esc(base_label)}"'
    cls = (" act" if t.action else " sel") + (" coach" if key in inter.focus else "")
    label = f"{base_label}. {t.label}" if t.label else base_label
    pressed = "true" if selected else "false" if t.select is not None else None
    return (
        cls + (" selected" if selected else ""),
        # (in the order of a place that is no target, its role and name next: static/morph.js changes a place that
        # becomes one, or stops being one, by the attributes after the first that differs)
        f'{attrs(data_i=Intent.PICK, data_v=key, role="button", aria_label=label, tabindex="0", aria_pressed=pressed, data_dests=dests)}',
    )


#: each row's Nile wave (N1), by the row's name: said with the row's first field, the field it touches (N4)
NILE_WAVES = {r.name: data.WAVE_NAMES[r.nile_wave] for r in data.ROWS}


def field_words(f: dict[str, Any], players: list[dict[str, Any]], lang: str) -> str:
    """What a field in play holds, in words: its name and palms, the Nile's wave it touches (field 1), its
    card, its markers (its label)."""
    words = [plural("ui.field_label", f["palms"], lang, field=f["name"], palms=f["palms"])]
    row, _, k = f["name"].rpartition("-")
    if k == "1" and row in NILE_WAVES:  # issue 53: drawn, and now heard too (a flood's first card must match it)
        words.append(msg("ui.field_nile_wave", lang, wave=msg("wave." + NILE_WAVES[row], lang)))
    if f["water"]:
        words.append(msg("ui.water_card", lang, wave_in=msg("wave." + f["water"]["in"], lang),
                         wave_out=msg("wave." + f["water"]["out"], lang)))
    if f["desert"]:
        words.append(msg("ui.desert_card", lang))
    words.extend(marker_words(m, players, lang) for m in f["markers"])
    return ", ".join(words)


def field_svg(g: Geometry, west: bool, k: int, index: int, f: dict[str, Any], in_play: bool,
              players: list[dict[str, Any]], inter: Interaction, sel: dict[str, Any], lang: str,
              who: tuple[tuple[str, str], ...] | None = None) -> str:
    """Field k (0 = at the Nile) of the index-th row of its bank: ground, card, palms, markers, cost
    (``who``: the players' colours and names, as ``players_who`` makes them, when the caller has them)."""
    fw, fh = g.FIELD_W, g.FIELD_H
    x, fy = g.field(west, k, index)
    key = f"field:{f['name']}"
    if not in_play:
        return (
            f'<g class="field covered" role="img" aria-label="{esc(msg("ui.out_of_play", lang, field=f["name"]))}">'
            f'<rect x="{x + 2}" y="{fy + 2}" width="{fw - 4}" height="{fh - 4}" rx="6"/></g>'
        )
    selected = sel.get("kind") == "fruit" and sel.get("field") == f["name"]
    # the field as drawn is kept while what it shows is the same (nile.kit.memo): the field and its players'
    # colours and names, and what the interaction makes of it (its target, the coach's mark, chosen or not)
    who = players_who(players) if who is None else who
    held, pieces, words = field_pieces(g, west, k, index, f, players, lang, who)
    shows = (held, pieces, words, inter.targets.get(key), key in inter.focus, inter.taps_answered(), selected,
             inter.dests_of(key))
    return places("banks-field").get((g.portrait, lang), (west, k, index), shows, _field_markup,
                                     g, west, k, index, f, inter, selected, held, pieces, words)


def field_pieces(g: Geometry, west: bool, k: int, index: int, f: dict[str, Any], players: list[dict[str, Any]],
                 lang: str, who: tuple[tuple[str, str], ...]) -> tuple[str, str, str]:
    """A field in play as drawn, without what the interaction adds: (its ground and card in a ``g.held``, its palms
    and markers in a ``g.pieces``, its words), kept while the field and its players' colours and names are the same.
    Each group is one element, so the page may keep it while a selection lights the field (``row_svg``: issue 51)."""
    return places("banks-fields").get((g.portrait, lang), (west, k, index), (f, who), _field_pieces,
                                      g, west, k, index, f, players, lang)


def players_who(players: list[dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    """The players' colours and names: what of the players a field's drawing depends on."""
    return tuple((p["colour"], p["name"]) for p in players)


def _field_markup(g: Geometry, west: bool, k: int, index: int, f: dict[str, Any], inter: Interaction, selected: bool,
                  body: str, marks: str, words: str) -> str:
    """A field in play with what the interaction adds to its pieces (``field_pieces``: a selection only changes the
    target marks put on them here): its target, the coach's mark, its cost."""
    fw = g.FIELD_W
    x, fy = g.field(west, k, index)
    key = f"field:{f['name']}"
    cls, extra = target_attrs(key, inter, words, selected)
    t = inter.targets.get(key)
    cost = ""
    if t is not None and t.action and t.cost:
        cost = (f'<g class="cost"><circle cx="{x + fw - 16}" cy="{fy + 16}" r="11"/>'
                f'<text x="{x + fw - 16}" y="{fy + 17}">{t.cost}</text></g>')
    return (f'<g class="field{cls}"{extra}>{body}</g>'
            f'<g class="marks" aria-hidden="true">{marks}{cost}</g>')


def _field_pieces(g: Geometry, west: bool, k: int, index: int, f: dict[str, Any], players: list[dict[str, Any]],
                  lang: str) -> tuple[str, str, str]:
    """A field in play as drawn, without what the interaction adds: (its ground and card, its palms and
    markers, each in one group; its words)."""
    fw, fh = g.FIELD_W, g.FIELD_H
    x, fy = g.field(west, k, index)
    body = [f'<rect class="ground" x="{x + 2}" y="{fy + 2}" width="{fw - 4}" height="{fh - 4}" rx="6"/>']
    marks = [art.palms(x + 6, fy + 4, f["palms"])]
    if f["water"]:
        came = f' data-kf="{f["water"]["from"]}"' if f["water"].get("from") else ""  # a player's pile (``ui.board``)
        body.append(f'<g data-k="w:{f["name"]}"{came}><rect class="water" x="{x + 5}" y="{fy + 20}" width="{fw - 10}" height="{fh - 25}" rx="4"/>'
                    + art.use("ripples", x + 5, fy + 20, fw - 10, fh - 25)
                    + g.card_waves(west, x, fy, f["water"]["in"], f["water"]["out"]) + "</g>")
    if f["desert"]:
        body.append(f'<g data-k="d:{f["name"]}"><rect class="desert" x="{x + 5}" y="{fy + 20}" width="{fw - 10}" height="{fh - 25}" rx="4"/>'
                    + art.use("desert", x + 5, fy + 20, fw - 10, fh - 25) + "</g>")
    for i, m in enumerate(f["markers"]):
        marks.append(marker_svg(x + 24 + i * 36, fy + 54, m, players, lang=lang))
    return f'<g class="held">{"".join(body)}</g>', f'<g class="pieces">{"".join(marks)}</g>', field_words(f, players, lang)


def row_svg(g: Geometry, index: int, row: dict[str, Any], players: list[dict[str, Any]], inter: Interaction,
            sel: dict[str, Any], lang: str, at: str = "", who: tuple[tuple[str, str], ...] | None = None) -> str:
    """The index-th row of the view (its Nile wave, its name, its fields) where the board puts it. With ``at``,
    the selector of the picture in the page, each field is a part of the screen (``nile.kit.memo.part``): a
    move or a choice changes a few fields, and the page neither parses nor compares the others again; the
    row's wave and name are then left to ``svg_fields``."""
    west = row["bank"] == "west"
    out = [] if at else [row_named(g, index, row, lang)]
    who = players_who(players) if who is None else who
    for k, f in enumerate(row["fields"]):
        markup = field_svg(g, west, k, index, f, row["in_play"], players, inter, sel, lang, who)
        if at:  # in one group named by the field, which the page finds it by
            at_f = f'{at} > g[data-f="{f["name"]}"]'
            if row["in_play"]:  # its pieces are parts too: a selection that lights the field sends only its shell
                held, pieces, _ = field_pieces(g, west, k, index, f, players, lang, who)
                part(f"{at_f} > g.field > g.held", held)
                part(f"{at_f} > g.marks > g.pieces", pieces)
            markup = part(at_f, f'<g data-f="{esc(f["name"])}">{markup}</g>')
        out.append(markup)
    return "".join(out)


def row_named(g: Geometry, index: int, row: dict[str, Any], lang: str) -> str:
    """The index-th row's Nile wave (a picture named by its wave: N4) and name."""
    west = row["bank"] == "west"
    wave = msg("ui.nile_wave", lang, row=row["name"], wave=msg("wave." + row["nile_wave"], lang))
    return (f'<g class="nile-wave" role="img" aria-label="{esc(wave)}">{g.entry_wave(west, index, row["nile_wave"])}</g>'
            + g.row_label(west, index, len(row["fields"]), row["name"]))


def svg_fields(frame: Frame, at: str = "") -> str:
    """The fields along the Nile: the river, and every row of both banks with its cards and markers (with
    ``at``, the picture's selector in the page, each field a part of the screen: ``row_svg``; the river and
    the rows' waves and names, which never change in a game, one part drawn once per layout and language)."""
    view, lang = frame.view, frame.lang
    g = Geometry(frame.layout)
    rows = view["rows"]
    head = f'<svg class="fields {frame.layout}" viewBox="0 0 {g.width} {g.height}" role="group" aria-label="{esc(msg("ui.fields", lang))}">'
    river = g.river() + g.nile_label(msg("ui.nile", lang))
    if at:
        drawn = tuple((row["name"], row["bank"], row["nile_wave"], len(row["fields"])) for row in rows)
        river = part(f"{at} > g.lay", memo("banks-lay").get((frame.layout, lang, drawn), _lay, g, river, rows, lang))
    who = players_who(view["players"])
    fields = "".join(row_svg(g, index, row, view["players"], frame.interaction, frame.selection, lang, at, who)
                     for index, row in enumerate(rows))
    return f"{head}{river}{fields}</svg>"


def _lay(g: Geometry, river: str, rows: list[dict[str, Any]], lang: str) -> str:
    """The river with every row's Nile wave and name, in one group."""
    return f'<g class="lay">{river}{"".join(row_named(g, i, row, lang) for i, row in enumerate(rows))}</g>'


#: a piece of the board drawn where the board draws it, and the box (x, y, width, height) around it
Piece = tuple[str, tuple[float, float, float, float]]
ROW_LABEL_ROOM = 40  # beside a row's last field: its name


def row_piece(view: dict[str, Any], name: str, lang: str, river: float | None = None) -> Piece:
    """One bank row as the landscape board draws it, with ``river`` units of the Nile beside its first
    field (all of its width if None) and no targets (the rules help's pictures): the same markup the
    board has for that row."""
    g = Geometry("landscape")
    index = next(i for i, row in enumerate(view["rows"]) if row["name"] == name)
    row = view["rows"][index]
    west = row["bank"] == "west"
    _, y = g.field(west, 0, index)
    wide = g.river1 - g.river0 if river is None else river
    rx = g.river0 if west else g.river1 - wide  # the river's part beside the row
    reach = len(row["fields"]) * g.FIELD_W + ROW_LABEL_ROOM
    x0 = g.river0 - reach if west else rx
    nile = f'<rect class="nile" x="{rx}" y="{y}" width="{wide}" height="{g.FIELD_H}"/>'
    markup = nile + row_svg(g, index, row, view["players"], Interaction(), {}, lang)
    return markup, (x0, y, wide + reach, g.FIELD_H)


def field_piece(view: dict[str, Any], name: str, lang: str) -> Piece:
    """One field as the landscape board draws it, no targets, and the box around it."""
    g = Geometry("landscape")
    for index, row in enumerate(view["rows"]):
        for k, f in enumerate(row["fields"]):
            if f["name"] == name:
                west = row["bank"] == "west"
                x, y = g.field(west, k, index)
                markup = field_svg(g, west, k, index, f, row["in_play"], view["players"], Interaction(), {}, lang)
                return markup, (x, y, g.FIELD_W, g.FIELD_H)
    raise KeyError(name)


#: the tide dial's picture: the dial and its needle, then the water's way (an arrow up or down) beside it
TIDE_VIEWBOX = f"0 0 {art.DIAL_W + 14} {art.DIAL_H}"
#: the arrow beside the dial: up while the marker is on Flood (water cards are laid), down on Ebb 1 and 2
TIDE_WAY = {"rises": '<path d="M51 2l5.5 7.5h-3.4V22h-4.2V9.5h-3.4z" fill="#bfe3ff" stroke="#0e2c4a" stroke-width=".6"/>',
            "recedes": '<path d="M51 23l5.5-7.5h-3.4V3h-4.2v12.5h-3.4z" fill="#f0cf8a" stroke="#4a3310" stroke-width=".6"/>'}


def svg_tide(view: dict[str, Any], lang: str) -> str:
    """The tide dial (N1, N3): its three areas, the needle on the tide marker's area, an arrow saying
    whether the water rises (Flood) or recedes (Ebb), and the area's name; in words for a screen reader.
    The needle is a piece that turns when the marker moves on (``data-kr``: its angle, static/motion.js)."""
    current = view["tide"]
    mode = view.get("tide_mode") or ("flood" if current == "flood" else "ebb")
    way = "rises" if mode == "flood" else "recedes"
    name = msg("tide." + current, lang)
    label = msg("ui.tide_" + way, lang, tide=name)
    turn = art.NEEDLE_TURN[current]
    dial = f'width="{art.DIAL_W}" height="{art.DIAL_H}"'
    return (
        f'<span class="tide" role="img" aria-label="{esc(label)}" title="{esc(label)}">'
        f'<svg class="tide-dial" viewBox="{TIDE_VIEWBOX}" aria-hidden="true" focusable="false">'
        f'<use href="#banks-dial" {dial}/>'
        f'<g class="needle" data-k="tide" data-kr="{turn}"><use href="#banks-needle" {dial}'
        f' transform="rotate({turn} {art.DIAL_CX} 22.4)"/></g>{TIDE_WAY[way]}</svg>'
        f'<span class="tide-name" aria-hidden="true">{esc(name)}</span></span>'
    )


#: how many of the round's turned cards the status shows (the latest)
EVENT_CHIPS = 2


def event_pictures(view: dict[str, Any], lang: str) -> str:
    """The pictures of the cards turned over this round (N8: a rot with its palms, a desert, a hippo; a
    corner arrow if the card has one), the latest last, each named by its log line. A card turned is a
    piece that lands when it is new (static/motion.js)."""
    log = view["log"]
    start = max((i for i, e in enumerate(log) if e["key"] == "round.start"), default=0)
    turned = [(i, e) for i, e in enumerate(log[start:], start) if e["key"] == "event.revealed"][-EVENT_CHIPS:]
    names = [p["name"] for p in view["players"]]
    chips = []
    for i, e in turned:
        event, arrow = e["params"]["event"], e["params"]["arrow"]
        if event == "hippo":
            picture = art.use("hippo", 2.5, 6.5, 27, 17.5)
        elif event == "desert":
            picture = art.use("desert", 1, 4, 30, 20)
        else:  # rot with 1–4 palms: the rotten fruit and its palms, two by two
            palms = int(event[3:])
            picture = art.use("rot", 1, 6, 16) + "".join(art.use("palm", 17 + (k % 2) * 7, 11.5 + (k // 2) * 8, 7, 7.8)
                                                        for k in range(palms))
        if arrow:
            picture += '<circle cx="26" cy="6" r="5.4" fill="#fbf6e9" stroke="#2b2118" stroke-width=".8"/>' + art.use(
                "arrow", 21.8, 2.6, 8.4, 6.7)
        words = describe(e, names, lang)
        chips.append(f'<svg class="event" viewBox="0 0 32 28" role="img" aria-label="{esc(words)}">'
                     f'<title>{esc(words)}</title><g data-k="ev{i}"><rect x=".5" y=".5" width="31" height="27" rx="3"'
                     f' fill="#fbf6e9" stroke="#2b2118" stroke-opacity=".5"/>{picture}</g></svg>')
    return f'<span class="events">{"".join(chips)}</span>' if chips else ""


def joker_fan(seat: int, count: int, came_from: str | None = None) -> str:
    """A player's jokers as the cards they are, fanned (the words beside them say how many): each one a
    piece, the newest landing when it is bought, or flying in from the flooded desert card it was
    (``came_from``, that card's key) (static/motion.js)."""
    if not count:
        return ""
    step = 9
    width = 20 + (count - 1) * step
    newest = f' data-kf="{came_from}"' if came_from else ""
    cards = "".join(f'<g data-k="j{seat}.{k}"{newest if k == count - 1 else ""}>{art.use("joker", k * step, 0, 20, 28)}</g>'
                    for k in range(count))
    return f'<svg class="jokers" viewBox="0 0 {width} 28" aria-hidden="true" focusable="false">{cards}</svg>'


#: the obelisk is a piece: its step back after a scoring moves it along the track (static/motion.js)
OBELISK_KEY = ' data-k="obelisk"'


def pawn_svg(cx: float, cy: float, r: float, colour: str, lang: str, seat: int | None = None) -> str:
    """A player's pawn of the score track: a disc of their colour with their letter."""
    key = "" if seat is None else f' data-k="pawn{seat}"'  # the pawn moving is the points added (static/motion.js)
    return (f'<g class="pawn p-{colour}"{key}><circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}"/>'
            f'<text x="{cx:.1f}" y="{cy + 0.5:.1f}">{esc(colour_letter(colour, lang))}</text></g>')


def svg_track(view: dict[str, Any], layout: str = "landscape", lang: str = "en") -> str:
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
    sharing: dict[int, list[dict[str, Any]]] = {}
    for p in view["players"]:
        sharing.setdefault(min(p["pawn"], data.TRACK_LENGTH), []).append(p)
    r = min(7.0, (w - 4) / 4)
    for space, here in sharing.items():
        x, y = place(space)
        for n, p in enumerate(here):  # up to 5 pawns on a space: two columns, three rows, inside it
            col, row = (n % 2, n // 2) if len(here) > 1 else (0.5, 0)
            cx = x + 1 + r + col * (w - 2 - 2 * r - 2) if len(here) > 1 else x + w / 2 - 1
            cy = y + 2 + r + row * (2 * r - 1) if len(here) > 1 else y + 12
            pawns.append(pawn_svg(cx, cy, r, p["colour"], lang, p["seat"]))
    ox, oy = place(view["obelisk"])
    ox += w / 2 - 1
    scores = msg("list.sep", lang).join(f'{p["name"]} {p["score"]}' for p in view["players"])
    label = msg("ui.track_label", lang, scores=scores, space=view["obelisk"])
    return (
        f'<svg class="track" viewBox="0 0 {width} {8 + rows * 62}" role="img" aria-label="{esc(label)}">'
        f'<title>{esc(msg("legend.pawn", lang))}</title>{"".join(cells)}'
        f'{art.use("obelisk", ox - 6, oy + 19, 12, 23, OBELISK_KEY)}'
        f'{"".join(pawns)}</svg>'
    )


MARKET_COL_W, STALL_H = 100, 40


def stall_centre(i: int, stall: int) -> tuple[float, float]:
    """Where the market draws the fruit of the i-th row's stall (0 = at the house wall)."""
    return 10 + i * (MARKET_COL_W + 4) + MARKET_COL_W / 2, 44 + stall * STALL_H + 18


def market_row_svg(i: int, row: dict[str, Any], players: list[dict[str, Any]], inter: Interaction, lang: str) -> str:
    """The i-th market row of the view where the market puts it: its name and palms, stalls, fruits. Kept while
    what it shows is the same (nile.kit.memo): the row, its players' colours and names, and what the
    interaction makes of the row and its stalls."""
    keys = [f"market:{row['name']}"] + [f"stall:{row['name']}:{s_i + 1}" for s_i in range(len(row["fruits"]))]
    shows = (row, players_who(players), [inter.targets.get(k) for k in keys],
             [k in inter.focus for k in keys], inter.taps_answered())
    return places("banks-market-row").get(lang, i, shows, _market_row_markup, i, row, players, inter, lang)


def _market_row_markup(i: int, row: dict[str, Any], players: list[dict[str, Any]], inter: Interaction, lang: str) -> str:
    col_w, stall_h = MARKET_COL_W, STALL_H
    x = 10 + i * (col_w + 4)
    key = f"market:{row['name']}"
    words = market_row_words(row, players, lang)
    cls, extra = target_attrs(key, inter, words)
    t = inter.targets.get(key)
    body = [f'<rect class="mrow-hit" x="{x}" y="20" width="{col_w}" height="{24 + row["stalls"] * stall_h}"/>']
    # the row's name, then its palms (the fewest a field must have to harvest here, N6)
    name_w, palm_w = 26, 11
    left = x + (col_w - name_w - row["min_palms"] * palm_w) / 2
    marks = [f'<text class="mlabel" x="{art.n(left + name_w / 2)}" y="36">{row["name"]}</text>'
             + art.palms(left + name_w, 24, row["min_palms"])]
    for s_i in range(row["stalls"]):
        sy = 44 + s_i * stall_h
        body.append(f'<rect class="stall" x="{x}" y="{sy}" width="{col_w}" height="{stall_h - 4}" rx="4"/>')
    if t is not None and t.action and len(row["fruits"]) < row["stalls"]:
        # the cost sits in the stall the fruit would take, clear of the row's name and palms
        sy = 44 + len(row["fruits"]) * stall_h
        marks.append(f'<g class="cost"><circle cx="{x + col_w / 2}" cy="{sy + 18}" r="11"/>'
                     f'<text x="{x + col_w / 2}" y="{sy + 19}">{t.cost}</text></g>')
    out = [f'<g class="mrow{cls}"{extra}>{"".join(body)}</g><g class="marks" aria-hidden="true">{"".join(marks)}</g>']
    for s_i, fruit in enumerate(row["fruits"]):
        cx, cy = stall_centre(i, s_i)
        skey = f"stall:{row['name']}:{s_i + 1}"
        scls, sextra = target_attrs(skey, inter, marker_words(fruit, players, lang, fruit["condition"]))
        # the fruit as drawn takes no clicks; over it, its own target (N13), named by the label alone
        out.append(f'<g class="fruit{scls}" aria-hidden="true">{marker_svg(cx, cy, fruit, players, fruit["condition"], lang)}</g>')
        if scls.strip():
            # (a tap anywhere on the stall takes it: the ring marks the fruit; the panel has it as a button too)
            sy = 44 + s_i * stall_h
            out.append(f'<g class="fruit-hit{scls}"{sextra}><rect class="hit" x="{x}" y="{sy}" width="{col_w}" '
                       f'height="{stall_h - 4}" rx="4"/><circle cx="{cx}" cy="{cy}" r="18"/></g>')
    return "".join(out)


def svg_market(frame: Frame, at: str = "") -> str:
    """The market: the house wall and the four market rows with their fruits (with ``at``, the picture's selector in
    the page, each row in a group named by the row, a part of the screen: a choice that lights two rows, or a fruit
    laid in one, sends those rows alone, issue 51)."""
    view, inter, lang = frame.view, frame.interaction, frame.lang
    out = [f'<svg class="market" viewBox="0 0 430 250" role="group" aria-label="{esc(msg("ui.market", lang))}">',
           '<rect class="house" x="6" y="4" width="418" height="14" rx="3"/>']
    for i, row in enumerate(view["market"]):
        markup = market_row_svg(i, row, view["players"], inter, lang)
        if at:
            name = esc(row["name"])
            markup = part(f'{at} > g[data-m="{name}"]', f'<g data-m="{name}">{markup}</g>')
        out.append(markup)
    out.append("</svg>")
    return "".join(out)


def market_piece(view: dict[str, Any], names: list[str], lang: str) -> Piece:
    """Market rows (side by side, as on the board) with the house wall above them and no targets,
    and the box around them: the same markup the market has for those rows."""
    rows = [(i, row) for i, row in enumerate(view["market"]) if row["name"] in names]
    x0 = 6 + rows[0][0] * (MARKET_COL_W + 4)
    width = len(rows) * (MARKET_COL_W + 4) + 4
    house = f'<rect class="house" x="{x0}" y="4" width="{width}" height="14" rx="3"/>'
    markup = house + "".join(market_row_svg(i, row, view["players"], Interaction(), lang) for i, row in rows)
    return markup, (x0, 4, width, 40 + max(row["stalls"] for _, row in rows) * STALL_H)


def boat_svg(x: float, y: float, markers: list[dict[str, Any]], players: list[dict[str, Any]], lang: str) -> str:
    """A boat (hull and sail in the boat icon's colours) with markers on its deck, seed side up, its
    top-left corner at (x, y): where the rules help's pictures show washed-away markers going."""
    width = 22 + 34 * max(1, len(markers))
    hull = (f'<path d="M{x} {y + 40}h{width}l-10 14H{x + 10}z" fill="#8a5a2b" stroke="#5b3a1a"/>'
            f'<path d="M{x + width - 12} {y}v40M{x + width - 12} {y}q-14 16-12 30h12z" stroke="#5b3a1a" fill="#f7efdc"/>')
    on_deck = "".join(marker_svg(x + 22 + 34 * i, y + 34, dict(m, side="seed"), players, lang=lang)
                      for i, m in enumerate(markers))
    return f'<g class="boat-glyph">{hull}{on_deck}</g>'


def html_boat(frame: Frame) -> str:
    view, inter, lang = frame.view, frame.interaction, frame.lang
    players = view["players"]
    groups: dict[tuple[int, str], int] = {}
    keys: dict[tuple[int, str], str] = {}  # the markers a chip stands for: where a washed-away marker went
    for m in view["boat"]:
        groups[(m["player"], m["crop"])] = groups.get((m["player"], m["crop"]), 0) + 1
        if "id" in m:
            keys[(m["player"], m["crop"])] = (keys.get((m["player"], m["crop"]), "") + f" m{m['id']}").strip()
    items = []
    for (player, crop), n in sorted(groups.items(), key=lambda kv: (kv[0][0], data.CROP_INDEX[kv[0][1]])):
        p = players[player]
        key = f"boat:{player}:{crop}"
        t = inter.targets.get(key)
        label = f'{colour_letter(p["colour"], lang)} {msg("crop." + crop, lang)} ×{n}'
        words = msg("ui.on_boat", lang, player=p["name"], crop=Word("crop." + crop), count=n)
        colour_cls = f'p-{p["colour"]}'
        if t:
            coach = " coach" if key in inter.focus else ""
            items.append(f'<button type="button" class="chip boat-chip target{coach} {colour_cls}"{attrs(data_i=Intent.PICK, data_v=key, data_k=keys.get((player, crop)), aria_label=f"{label} {t.cost}: {words}. {t.label}", title=t.label)}>'
                         f'{esc(label)} <span class="cost-tag">{t.cost}</span></button>')
        else:
            # (a span's aria-label is not read: the owner's name goes in words a screen reader reads, the letter is for the eye)
            items.append(f'<span class="chip boat-chip {colour_cls}"{attrs(data_k=keys.get((player, crop)))}>'
                         f'<span aria-hidden="true">{esc(label)}</span><span class="sr-only">{esc(words)}</span></span>')
    return (
        # on a wide screen it may scroll inside itself (static/app.css, a table that fits): it takes the keyboard's focus too
        f'<section class="boat" tabindex="0" aria-label="{esc(msg("ui.boat", lang))}"><h3>{BOAT_ICON}{esc(msg("ui.boat", lang))} '
        f'<small data-k="boatn" data-kv="{len(view["boat"])}">{len(view["boat"])}</small></h3><div class="boat-items">{"".join(items) or esc(msg("ui.empty", lang))}</div>'
        f'<p class="decks">{esc(msg("ui.decks", lang, draw=view["desert"]["draw"], discard=view["desert"]["discard"], water=len(view["water"]["discard"])))}</p></section>'
    )
