"""The set-up frame of a new game (players, their colours, who plays them, the game's own choices) and
of a guided game (the learner's name)."""

from __future__ import annotations

from ...core.players import BOT_STRENGTHS
from ...games import GAMES
from ...kit import attrs, button, colour_letter, esc
from ...kit.intents import Intent
from ...messages import text as msg
from ..controller import Controller
from ..rooms.setup import FAR_KIND
from .common import language_choice


def start_option_label(name: str, seat: int) -> str:
    """How a seat is named in a choice of players: the name as typed (trimmed), else its number."""
    return name.strip()[:40] or str(seat + 1)


def render_setup(c: Controller) -> str:
    f, lang = c.setup.form, c.lang
    spec = GAMES[f.game]
    if f.guided:
        return render_learn(c)
    count_opts = "".join(
        f'<option value="{n}"{" selected" if n == f.count else ""}>{n}</option>'
        for n in range(spec.min_players, spec.max_players + 1)
    )
    players = []
    for i in range(f.count):
        kind = f.kinds[i] if i < len(f.kinds) else ""
        kind_opts = "".join(
            f'<option value="{i}:{k}"{" selected" if k == kind else ""}>{esc(msg("ui.kind_" + (k or "person"), lang))}</option>'
            for k in ("", *BOT_STRENGTHS, FAR_KIND)
        )
        colour_opts = "".join(
            f'<option value="{i}:{col}"{" selected" if f.colours[i] == col else ""}>'
            f'{esc(msg("colour." + col, lang))} ({esc(colour_letter(col, lang))})</option>'
            for col in spec.colours
        )
        # each box named for its seat (issue 43: a screen reader heard "Colour" and "Played by" four times over, no
        # seat said); the names hold the words shown, for a person who speaks to the page
        seat = {box: msg("ui.seat_" + box, lang, number=i + 1) for box in ("name", "colour", "played_by")}

        players.append(
            f'<li class="player-setup"><span class="swatch p-{f.colours[i]}">'
            f'{esc(colour_letter(f.colours[i], lang))}</span>'
            f'<label>{esc(msg("ui.name", lang))} {i + 1} <input type="text" maxlength="40"'
            f'{attrs(value=f.names[i], data_i=Intent.SETUP_NAME, data_v=str(i), autocomplete="off", aria_label=seat["name"])}></label>'
            f'<label>{esc(msg("ui.colour", lang))} <select{attrs(data_i=Intent.SETUP_COLOUR, aria_label=seat["colour"])}>{colour_opts}</select></label>'
            f'<label>{esc(msg("ui.played_by", lang))} <select{attrs(data_i=Intent.SETUP_KIND, aria_label=seat["played_by"])}>{kind_opts}</select></label></li>'
        )
    error = f'<p class="form-error" role="alert">{esc(f.error)}</p>' if f.error else ""
    return (
        f'<section class="setup game-{esc(f.game)}"><div class="screen-head"><h1>{esc(msg("ui.new_game_of", lang, game=msg(spec.title, lang)))}</h1>'
        f'{language_choice(lang)}</div>'
        f'<label>{esc(msg("ui.players", lang))} <select data-i="{Intent.SETUP_COUNT}">{count_opts}</select></label>'
        f'<ul class="players-setup">{"".join(players)}</ul>'
        f'<p class="hint">{esc(msg("ui.setup_bots_hint", lang))} {esc(msg("far.setup_hint", lang))}</p>'
        + c.ui.setup_fields(f, lang)
        + f'{error}<div class="setup-buttons">{button(msg("ui.back", lang), Intent.HOME)}'
        f'{button(msg("ui.start", lang), Intent.START_GAME, cls="primary big")}</div></section>'
    )


def render_learn(c: Controller) -> str:
    """Learn to play: what the guided game is, and the learner's name (every player is named in the game's
    sentences, the person at the screen too)."""
    f, lang = c.setup.form, c.lang
    title = msg(GAMES[f.game].title, lang)
    error = f'<p class="form-error" role="alert">{esc(f.error)}</p>' if f.error else ""
    return (
        f'<section class="setup learn game-{esc(f.game)}"><div class="screen-head">'
        f'<h1>{esc(msg("ui.learn_title", lang, game=title))}</h1>{language_choice(lang, compact=True)}</div>'
        f'<p>{esc(msg("ui.learn_intro", lang, bot=f.names[1]))}</p>'
        f'<p><label class="learner">{esc(msg("ui.your_name", lang))} <input type="text" maxlength="40"'
        f'{attrs(value=f.names[0], data_i=Intent.SETUP_NAME, data_v="0", autocomplete="given-name")}></label></p>'
        f'{error}<div class="setup-buttons">{button(msg("ui.back", lang), Intent.HOME)}'
        f'{button(msg("ui.learn_start", lang), Intent.START_GAME, cls="primary big")}</div></section>'
    )
