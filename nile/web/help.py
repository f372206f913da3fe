"""The rules help: one page at a time, contents by rule, search, pictures, and back to where you were.

Each game's pages are its round summary, its rules by id (N1…, K1…) with the
pictures its UI module draws from small constructed positions
(``GameUI.diagrams``), this app's decisions where the printed rules are silent,
and how to play here. The help opens over any screen — at its contents, at one
rule (from a refusal's why-line, a log line or a coaching tip), or at the round
summary — and closing it leaves the screen exactly as it was; Back walks the
pages visited. ``Help`` is the state (pure data), ``render_help`` draws it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..games import GAMES, spec_of
from ..kit import attrs, button, esc, numbered_keys
from ..kit.intents import Intent
from ..messages import text as msg

#: pages every game has besides its rules: (page, where in the contents)
SUMMARY, DECISIONS, HOWTO, CONTENTS, SEARCH = "summary", "decisions", "howto", "contents", "search"
MAX_QUERY = 60
MAX_HITS = 30


@dataclass
class Help:
    """Which help page is open: a game's page (``page`` a rule id or one of the pages above), the search,
    and the pages visited before (Back)."""

    games: tuple[str, ...]
    game: str
    page: str = CONTENTS
    query: str = ""
    trail: list[tuple[str, str]] = field(default_factory=list)

    def go(self, game: str, page: str) -> None:
        if (game, page) != (self.game, self.page):
            self.trail.append((self.game, self.page))
            self.game, self.page = game, page

    def back(self) -> bool:
        """Go to the page visited before; False when there is none (the help then closes)."""
        if not self.trail:
            return False
        self.game, self.page = self.trail.pop()
        return True


def open_help(games: Sequence[str], ref: str = "") -> Help:
    """The help over the games in play (one game, or every game from home), at ``game:page`` if given."""
    scope = tuple(games) or tuple(GAMES)
    game, _, page = ref.partition(":")
    if game not in scope:
        game, page = scope[0], ""
    return Help(scope, game, page if page in pages(game) else CONTENTS)


def pages(game: str) -> list[str]:
    """A game's pages in reading order."""
    return [SUMMARY, *spec_of(game).ui.rule_ids, DECISIONS, HOWTO]


def page_title(game: str, page: str, lang: str) -> str:
    ui = spec_of(game).ui
    if page == SUMMARY:
        return msg("help.summary", lang)
    if page == DECISIONS:
        return msg("ui.rules_decisions", lang)
    if page == HOWTO:
        return msg("ui.rules_howto", lang)
    return msg(f"{ui.rules_prefix}{page}.title", lang)


def page_points(game: str, page: str, lang: str) -> list[str]:
    """The sentences of a page (a rule's points; the decisions; how to play here)."""
    if page == SUMMARY:
        return []
    prefix = spec_of(game).ui.rules_prefix
    stem = "decision" if page == DECISIONS else page  # the catalogs number "rules.decision.1", …
    return [msg(key, lang) for key in numbered_keys(f"{prefix}{stem}.")]


def _folded(text: str) -> str:
    """Text for searching: lower case, accents off (a search for 'decompte' finds 'décompte')."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


def search(h: Help, lang: str) -> list[tuple[str, str, str]]:
    """(game, page, sentence) of every page whose title or text holds every word of the query."""
    words = _folded(h.query).split()
    if not words:
        return []
    hits = []
    for game in h.games:
        for page in pages(game):
            title = page_title(game, page, lang)
            texts = [title, *page_points(game, page, lang)]
            folded = [_folded(t) for t in texts]
            if all(any(w in f for f in folded) for w in words):
                best = next((t for t, f in zip(texts[1:], folded[1:]) if any(w in f for w in words)), "")
                hits.append((game, page, best))
    return hits[:MAX_HITS]


# ---------------------------------------------------------------------- drawing
def _link(game: str, page: str, lang: str, current: bool = False) -> str:
    rid = "" if page in (SUMMARY, DECISIONS, HOWTO) else f'<span class="rule-id">{esc(page)}</span> '
    label = f"{rid}{esc(page_title(game, page, lang))}"
    return (f'<button type="button" class="help-link{" current" if current else ""}"'
            f'{attrs(data_i=Intent.RULES_OPEN, data_v=f"{game}:{page}", aria_current="page" if current else None)}>{label}</button>')


def _contents(h: Help, lang: str) -> str:
    parts = []
    for game in h.games:
        items = "".join(f"<li>{_link(game, p, lang, (game, p) == (h.game, h.page))}</li>" for p in pages(game))
        head = f'<h3>{esc(msg(spec_of(game).title, lang))}</h3>' if len(h.games) > 1 else ""
        parts.append(f"{head}<ul>{items}</ul>")
    return f'<nav class="rules-contents" aria-label="{esc(msg("help.contents", lang))}">{"".join(parts)}</nav>'


def _variant_badge(game: str, rid: str, playing: frozenset[str] | None, lang: str) -> str:
    if rid not in spec_of(game).variants or playing is None:
        return ""
    on = rid in playing
    return (f' <span class="variant-state {"on" if on else "off"}">'
            f'{esc(msg("rules.variant_on" if on else "rules.variant_off", lang))}</span>')


def _page(h: Help, lang: str, playing: frozenset[str] | None) -> str:
    game, page = h.game, h.page
    ui = spec_of(game).ui
    if page == CONTENTS:
        intro = msg(ui.rules_prefix + "intro", lang)
        return f'<article class="rules-page"><p>{esc(intro)}</p><p class="hint">{esc(msg("help.choose", lang))}</p></article>'
    if page == SEARCH:
        hits = search(h, lang)
        if not hits:  # one sentence says so ("0 pages for …" above "Nothing found for …" said it twice)
            return f'<article class="rules-page"><h3>{esc(msg("help.no_hits", lang, query=h.query))}</h3></article>'
        else:
            body = "<ul class=\"hits\">" + "".join(
                f'<li>{_link(g, p, lang)}<p>{esc(snippet)}</p></li>' for g, p, snippet in hits) + "</ul>"
        return f'<article class="rules-page"><h3>{esc(msg("help.results", lang, count=len(hits), query=h.query))}</h3>{body}</article>'
    title = page_title(game, page, lang)
    rid = "" if page in (SUMMARY, DECISIONS, HOWTO) else f'<span class="rule-id">{esc(page)}</span> '
    if page == SUMMARY:
        body = ui.round_summary(lang)
    else:
        body = "<ul>" + "".join(f"<li>{esc(p)}</li>" for p in page_points(game, page, lang)) + "</ul>"
        body += "".join(
            f'<figure class="diagram">{svg}<figcaption>{esc(caption)}</figcaption></figure>'
            for svg, caption in (ui.diagrams(page, lang) if page not in (DECISIONS, HOWTO) else [])
        )
    order = pages(game)
    i = order.index(page)
    steps = []
    if i > 0:
        steps.append(button("‹ " + page_title(game, order[i - 1], lang), Intent.RULES_OPEN, f"{game}:{order[i - 1]}"))
    if i + 1 < len(order):
        steps.append(button(page_title(game, order[i + 1], lang) + " ›", Intent.RULES_OPEN, f"{game}:{order[i + 1]}"))
    return (
        f'<article class="rules-page" id="rule-{esc(page)}" aria-labelledby="rule-title">'
        f'<h3 id="rule-title">{rid}{esc(title)}{_variant_badge(game, page, playing, lang)}</h3>{body}'
        f'<div class="buttons page-steps">{"".join(steps)}</div></article>'
    )


def render_help(h: Help, lang: str, playing: frozenset[str] | None) -> str:
    """The help dialog: search, Back, Close; the contents; the open page."""
    search_box = (
        f'<label class="rules-search"><span class="sr-only">{esc(msg("help.search", lang))}</span>'
        f'<input type="search" maxlength="{MAX_QUERY}" placeholder="{esc(msg("help.search", lang))}"'
        f'{attrs(data_i=Intent.RULES_SEARCH, value=h.query, autocomplete="off")}></label>'
    )
    back = button("‹ " + msg("ui.back", lang), Intent.RULES_BACK) if h.trail else ""
    return (
        f'<section class="rules-help" role="dialog" aria-modal="true" aria-labelledby="rules-title" tabindex="-1">'
        f'<div class="rules-head"><h2 id="rules-title">{esc(msg("rules.title", lang))}</h2>{search_box}'
        f'<span class="spacer"></span>{back}{button(msg("ui.close", lang), Intent.RULES, cls="primary")}</div>'
        f'<div class="rules-body">{_contents(h, lang)}{_page(h, lang, playing)}</div></section>'
    )
