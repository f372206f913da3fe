"""HTML pieces every screen is made of, for the shell and for each game's UI module alike (pure: text in,
text out): escaping, attributes, buttons that carry an intent, the end of a game, a round summary,
a colour's letter.

All text that came from a player or a file — names above all — goes through ``esc`` so it can
only ever be text.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from typing import Any

from ..words import has_key
from ..words import text as msg
from .intents import Intent


def esc(value: Any) -> str:
    """Any text as HTML text: names and file contents can never become markup."""
    return html.escape(str(value), quote=True)


def label_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of an SVG label's width in px at ``size`` px: a wide sans-serif's average
    letter (0.6 em, bold 0.66 em), so a label it says fits fits in any of the page's fonts."""
    return len(text) * size * (0.66 if bold else 0.6)


def fit_label(text: str, room: float, size: float, bold: bool = False) -> str:
    """The attributes that keep an SVG label inside ``room`` px: none when it fits by ``label_width``,
    else ``textLength``, which squeezes it to the room in whatever font the browser has."""
    if label_width(text, size, bold) <= room:
        return ""
    return f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"'


_KEYS = re.compile(r' data-k[vrf]?="[^"]*"')


def unkeyed(markup: str) -> str:
    """Board markup without its pieces' keys (``data-k``, ``data-kv``, ``data-kr``, ``data-kf``: a piece
    followed from where it was to where it goes, static/motion.js): a picture of the board (the rules
    help) moves nothing."""
    return _KEYS.sub("", markup)


def attrs(**values: Any) -> str:
    return "".join(f' {k.rstrip("_").replace("_", "-")}="{esc(v)}"' for k, v in values.items() if v is not None)


def button(label: str, intent: Intent, value: str = "", cls: str = "", disabled: bool = False, title: str | None = None,
           key: str | None = None, unavailable: bool = False, pressed: bool | None = None) -> str:
    """A button with an intent. ``disabled``: cannot be pressed; ``unavailable``: shown dimmed but
    still pressed, so the page can say why it cannot be done now; ``pressed``: a choice that stays chosen,
    pressed (True) or not (False), as assistive technology says it (None: a plain button)."""
    if unavailable:
        cls = f"{cls} unavailable".strip()
    state = attrs(aria_disabled="true" if unavailable else None, aria_pressed=None if pressed is None else str(pressed).lower())
    return (
        f'<button type="button"{attrs(class_=cls or None, data_i=intent, data_v=value, title=title, aria_keyshortcuts=key)}{state}'
        f'{" disabled" if disabled else ""}>{esc(label)}</button>'
    )


def end_section(game: str, lang: str, names: Sequence[str], reason: str, headers: Sequence[str],
                ranking: Sequence[dict[str, Any]], columns: Sequence[str], more: str = "") -> str:
    """The end of any game: why it ended, the ranking table (place, name, then ``columns`` of each
    ranking row under ``headers``), anything the game adds, and the ways on (new game, home)."""
    head = "".join(f"<th>{esc(h)}</th>" for h in ("#", msg("ui.player", lang), *headers))
    rows = "".join(
        f'<tr><td>{r["place"]}</td><td>{esc(names[r["player"]])}</td>' + "".join(f"<td>{esc(r[c])}</td>" for c in columns)
        + "</tr>"
        for r in ranking
    )
    return (
        f'<section class="end" aria-labelledby="end-title"><h2 id="end-title">{esc(msg("ui.game_over", lang))}</h2>'
        f'<p>{esc(reason)}</p><table class="ranking"><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{more}'
        f'<div class="buttons">{button(msg("ui.new_game", lang), Intent.NEW, game, cls="primary")}'
        f'{button(msg("ui.home", lang), Intent.HOME)}</div></section>'
    )


def numbered_keys(prefix: str) -> list[str]:
    """``prefix1``, ``prefix2``, … as long as the (English) catalog has them."""
    keys: list[str] = []
    while has_key(f"{prefix}{len(keys) + 1}"):
        keys.append(f"{prefix}{len(keys) + 1}")
    return keys


def colour_letter(colour: str, lang: str) -> str:
    """The letter(s) that tell a colour apart without seeing it, from the catalog (``colour_letter.*``:
    in German green and yellow both start with G, so they get two); else the name's first letter."""
    key = "colour_letter." + colour
    return msg(key, lang) if has_key(key) else msg("colour." + colour, lang)[:1].upper()


def summary_card(prefix: str, parts: Sequence[tuple[str, str]], lang: str) -> str:
    """A one-screen round summary (``GameUI.round_summary``): numbered phases, each a title, its rule ids
    and a few short lines. ``parts`` are (part, rule ids); the catalog holds ``{prefix}{part}.title`` and
    the lines ``{prefix}{part}.1``, ``.2`` … — as many as it numbers."""
    items = "".join(
        f'<li><h4>{esc(msg(f"{prefix}{part}.title", lang))} <span class="rule-id">{esc(rule)}</span></h4><ul>'
        + "".join(f"<li>{esc(msg(key, lang))}</li>" for key in numbered_keys(f"{prefix}{part}.")) + "</ul></li>"
        for part, rule in parts
    )
    return f'<ol class="round-summary">{items}</ol>'
