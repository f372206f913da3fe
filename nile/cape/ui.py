"""*Vom Kap bis Kairo* on screen: what a click means and how the table looks (pure, no browser).

The shell (``nile.web``) asks ``UI`` (see ``nile.kit.GameUI``) for the targets
and buttons of the player to act — from the engine's legal actions and ``cost``
only — and for the markup: the terrain card (K1), every player's route in front
of the locomotive and the crossed cards behind it, the common row and its rail
total, money and bonus rails (K4), the cards on offer and the bids once revealed
(K3), the private bid screen, and the end (K5). Everything is drawn from the
public view; a player's own bid is drawn from their own view only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.actions import Action
from ..core.explained import Explained
from ..core.game import GameState
from ..kit import Button, Frame, Interaction, SetupForm, Target, button, end_section, esc
from ..kit.chart import Series, chart_with_table, stats_table
from ..kit.intents import Intent
from ..kit.memo import part, places, view_once
from ..words import Word, describe, plural, say
from ..words import text as msg
from . import actions as act
from . import diagrams as diagrams_module
from . import moments, teach
from .art import COIN, SYMBOLS, icon
from .art import picture as art_picture
from .board import CARD_H, CARD_W, card_svg, cards_words, route_svg, row_svg, terrain_svg
from .catalog import advice_words
from .data import RAIL_PRICE
from .stats import TOTALS as STAT_KEYS
from .stats import game_stats

RULE_IDS = ("K1", "K2", "K3", "K4", "K5", "K6")

# ---------------------------------------------------------------------- view access (one place)
def _card(view_card: dict[str, Any]) -> dict[str, Any]:
    return view_card


# ---------------------------------------------------------------------- what a click means
def interaction(state: GameState, selection: dict[str, Any], lang: str, names: Sequence[str]) -> Interaction:
    inter = Interaction()
    if state.is_terminal():
        return inter
    actor = state.current_player()
    if actor is None or state.secret_decision():
        return inter
    view = view_once("cape-actor-view", state, actor)  # once per position: a choice asks for the interaction again
    legal = state.legal_actions(actor)
    for a in legal:
        cost = state.cost(a)
        if a.kind == "take":
            inter.targets[f"card:{a.args[0]}"] = Target(action=a.text(), cost=0, label=msg("cape.ui.take", lang))
        elif a.kind == "build":
            inter.buttons.append(Button(build_label(int(a.args[0]), cost, lang), Intent.ACT, a.text(), cost or None,
                                        primary=True))
        elif a.kind == "pass":
            refused = _refused_build(state, actor, legal)
            if refused is not None:  # no build is possible: the build it would take, dimmed; a press says why (K4)
                inter.buttons.append(Button(build_label(int(refused.args[0]), state.cost(refused), lang), Intent.ACT,
                                            refused.text(), state.cost(refused) or None, available=False))
            inter.buttons.append(Button(msg("cape.ui.pass", lang), Intent.ACT, a.text()))
    inter.prompt = prompt(view, actor, lang)
    return inter


def _refused_build(state: GameState, actor: int, legal: tuple[Action, ...]) -> Action | None:
    """The build the player on turn would need when none is legal while a landscape lies ahead (K4): the one
    with the most bonus rails they can use, so the fewest rails to buy (None: a build is legal, or nothing lies
    ahead). The engine's refusal of it says why (``state.refusal``)."""
    if any(a.kind == "build" for a in legal):
        return None
    b = view_once("cape-actor-view", state, actor).get("build")
    if not b:
        return None
    return act.build(min(int(b["bonus_held"]), int(b["short"])))


def build_label(bonus: int, cost: int, lang: str) -> str:
    """A build's button in plain words: the bonus rails it uses and the rails it buys (K4); the price follows."""
    buy = cost // RAIL_PRICE
    if bonus and buy:
        return msg("cape.ui.build_bonus_buy", lang, bonus=plural("cape.n.bonus_rails", bonus, lang),
                   buy=plural("cape.n.rails", buy, lang))
    if bonus:
        return plural("cape.ui.build_bonus", bonus, lang)
    if buy:
        return plural("cape.ui.build_buy", buy, lang)
    return msg("cape.ui.build", lang)


def prompt(view: dict[str, Any], actor: int, lang: str) -> str:
    phase = view["phase"]
    if phase == "choose":
        return msg("cape.ui.prompt_choose", lang)
    if phase == "build":
        route = view["players"][actor]["route"]
        if not route:
            return msg("cape.ui.prompt_wait", lang)
        return msg("cape.ui.prompt_build", lang, landscape=Word("cape.landscape." + route[0]["landscape"]),
                   need=view["needs"][route[0]["landscape"]])
    return ""


def select(state: GameState, selection: dict[str, Any], value: str) -> dict[str, Any] | None:
    return None


def refused_action(state: GameState, target: str, selection: dict[str, Any], inter: Interaction) -> str | Explained | None:
    """A tap on what the step does not offer (issue 53: every tap answered): a card on offer is the card meant
    (the engine says why it cannot be taken); a route, the common row or the terrain card is no choice of any
    stage, and the answer says what the stage asks instead."""
    kind, _, name = target.partition(":")
    if kind == "card":
        return f"take {name}"
    stage = getattr(state, "phase", "")
    if stage == "choose":
        return Explained("cape.why.tap.choose")
    if stage == "build":
        return Explained("cape.why.tap.build")
    return Explained("cape.why.not_now", stage=stage)




# ---------------------------------------------------------------------- set-up (K2): seats only
def default_setup() -> dict[str, Any]:
    return {}


def setup_fields(form: SetupForm, lang: str) -> str:
    return f'<p class="hint">{esc(msg("cape.ui.setup_hint", lang))}</p>'


def setup_change(form: SetupForm, choice: str, value: str) -> None:
    return None


def make_options(form: SetupForm, players: Sequence[Any]) -> Any:
    from .options import Options

    return Options(tuple(players))


def variants_of(state: GameState) -> frozenset[str]:
    return frozenset()


#: the home screen's picture (``nile.cape.art``: the home draws it without importing the rules)
picture = art_picture


# ---------------------------------------------------------------------- drawing
def status(frame: Frame) -> str:
    view, lang = frame.view, frame.lang
    return (f'<span class="piles-info">{esc(msg("cape.ui.piles", lang, draw=view["draw_size"], discard=view["discard_size"]))}'
            '</span>')


def board(frame: Frame) -> str:
    """The table's board: the terrain card, the cards on offer, the common row and each player's route, each a
    part the page keeps as it is while it is unchanged (``nile.kit.memo.part``: a move that changes one route
    sends only that route, not the whole board to parse and compare again)."""
    view, lang, inter = frame.view, frame.lang, frame.interaction
    at = ".board-frame > .board"
    # each picture in its frame (``div.pic``): in a table that fits the window the frame's size is the board's
    # layout's alone and static/fit.js sizes the picture in it, so a card added to a route changes that picture,
    # not the size of the rows around it (elsewhere the frame is not a box: static/app.css)
    # each picture drawn again only when what it shows changed (``places``: its value beside it; the language is
    # the context): most moves change one route or one row, and a redraw of every picture was most of the board's
    # Python time
    drawn = places("cape-pictures")
    terrain = drawn.get(lang, "terrain", view["needs"], terrain_svg, view, lang)
    # how many routes: where the table fits the window, the rows are drawn as large as that many fit (static/app.css)
    # while someone may act here, a tap on the terrain card, the common row or a route says why it is no choice
    # now (issue 53: every tap answered; ``refused_action``); offered places are the cards' own buttons
    tappable = inter.taps_answered()

    def tap(picture: str, key: str) -> str:
        """The picture (kept as drawn: ``places``) as a place a tap on says why not, while someone may act."""
        return picture.replace("<svg ", f'<svg data-i="{Intent.PICK}" data-v="{key}" ', 1) if tappable else picture
    parts = [f'<div class="board cape routes-{len(view["players"])}"><div class="pic">'
             f'{part(at + " > .pic > svg.terrain-card", tap(terrain, "terrain"))}</div>']
    if view.get("offer"):
        # the bids and the choosing order beside the cards, not under them: the section's height is the cards'
        # alone, so opening the bids neither squeezes the rows below (a table that fits the window) nor
        # makes the page lay out and draw every route again at another size
        parts.append(part(at + " > section.offer", f'<section class="offer"><h3>{esc(msg("cape.ui.offer", lang))}</h3>'
                          f'<div class="offer-line"><div class="pic">{row_svg(view["offer"], lang, msg("cape.ui.offer", lang), "card", inter, "row offer-row", _laid_out(view))}</div>'
                          f'{_choosing(view, lang, frame.names)}</div></section>'))
    total = sum(int(c["rails"]) for c in view["common"])
    common = drawn.get(lang, "common", view["common"], row_svg, view["common"], lang, plural("cape.ui.common", total, lang))
    parts.append(part(at + " > section.common", f'<section class="common"><h3>{esc(plural("cape.ui.common", total, lang))}</h3>'
                      f'<div class="pic">{tap(common, "common")}</div></section>'))
    parts.append('<section class="routes">')
    crossed = _crossed_ids(view)
    for p in view["players"]:
        acting = p["seat"] in view["to_act"]
        line = f"{at} > .routes > .route-line.p-{esc(p['colour'])}"  # one player's colour: their route alone
        shows = (p["name"], p["colour"], p["crossed"], p["route"], crossed[p["seat"]])  # all route_svg reads
        route = part(f"{line} > .pic > svg.route", tap(drawn.get(lang, ("route", p["seat"]), shows, route_svg,
                                                                dict(p, crossed_ids=crossed[p["seat"]]), lang),
                                                      "route:" + str(p["seat"])))  # kept when the turn moves on
        parts.append(part(line, f'<div class="route-line p-{esc(p["colour"])}{" acting" if acting else ""}"><h3>{esc(p["name"])}</h3>'
                                f'<div class="pic">{route}</div></div>'))
    parts.append(f"</section>{_flights(view)}</div>")
    return "".join(parts)


def _laid_out(view: dict[str, Any]) -> list[str]:
    """The cards this auction was opened with (K3), in their order on the table: public, the log says them."""
    return next((e["params"]["cards"] for e in reversed(view["log"]) if e["key"] == "cape.auction.open"), [])


def _crossed_ids(view: dict[str, Any]) -> dict[int, list[str]]:
    """The cards each player crossed, in order (public: they lay face up on the route; the log says them)."""
    crossed: dict[int, list[str]] = {p["seat"]: [] for p in view["players"]}
    for e in view["log"]:
        if e["key"] == "cape.build":
            crossed[e["params"]["player"]].append(e["params"]["card"])
    return crossed


def _flights(view: dict[str, Any]) -> str:
    """What the last crossing (K4) moved besides cards, as flights (static/motion.js): the money paid for
    rails bought, from the builder's money to the locomotive; the bonus rails used, from the builder's
    hand to the locomotive; then the card's income, from the card crossed to the builder's money. Each
    flies once, when its crossing is the move just made."""
    log = view["log"]
    at = next((i for i in range(len(log) - 1, -1, -1) if log[i]["key"] == "cape.build"), None)
    if at is None:
        return ""
    b = log[at]["params"]
    seat, bonus = b["player"], int(b.get("bonus", 0))
    held = next(p["bonus"] for p in view["players"] if p["seat"] == seat)
    held_before = held + bonus - sum(1 for e in log[at + 1:] if e["key"] == "cape.bonus" and e["params"]["player"] == seat)
    fly = []
    if b.get("bought"):
        fly.append((f"stats{seat} loco{seat}", "cape-coin", int(b["bought"]), 0, "paid"))
    for i in range(bonus):  # the bonus rails used: the last ones held
        fly.append((f"b{seat}.{held_before - 1 - i} loco{seat}", "cape-rail", 1, 0, f"bonus{i}"))
    if b.get("income"):
        fly.append((f"c{b['card']} stats{seat}", "cape-coin", 1, 1, "income"))
    return "".join(f'<i hidden data-fly="{keys}" data-fly-id="{at}-{name}" data-fly-icon="{icon}" data-fly-n="{n}"'
                   f' data-fly-at="{when}"></i>' for keys, icon, n, when, name in fly)


def _choosing(view: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    bids = view.get("bids_revealed")
    order = view.get("choose_order") or []
    if not bids:
        return ""
    bid_words = msg("list.sep", lang).join(msg("cape.ui.bid_of", lang, player=names[int(p)],
                                               amount=plural("cape.n.pond", int(a), lang)) for p, a in bids.items())
    order_words = msg("list.sep", lang).join(names[p] for p in order)
    # how ties were broken (K3), in the log's own words, since these bids were opened
    log = view["log"]
    opened = max((i for i, e in enumerate(log) if e["key"] == "cape.bid.revealed"), default=len(log))
    ties = "".join(f'<li>{esc(describe(e, names, lang))}</li>' for e in log[opened:] if e["key"].startswith("cape.tie."))
    # the order first, then the bids it came from, then how ties were broken (K3), folded: it is long, and the
    # bids' pop-up and the log have said it whole
    return (f'<div class="choosing"><p class="order">{esc(msg("cape.ui.order", lang, players=order_words))}</p>'
            f'<p class="bids">{esc(msg("cape.ui.bids", lang, bids=bid_words))}</p>'
            + (f'<details class="ties"><summary>{esc(msg("cape.ui.ties", lang))}</summary><ul>{ties}</ul></details>' if ties else "")
            + "</div>")


def panel(frame: Frame) -> str:
    """The build's arithmetic for the player choosing (K4): the rails at hand against the need, the rails still
    missing, the bonus rails held and a rail's price — and, when no build is possible, the engine's reason."""
    view, lang, state = frame.view, frame.lang, frame.state
    b = view.get("build")
    actor = state.current_player()
    if not b or actor is None or not frame.interaction.buttons:  # a computer player's turn: nothing to choose here
        return ""
    short = int(b["short"])
    numbers = {"common": b["common"], "route": b["route"], "available": b["available"], "need": b["need"]}
    price = plural("cape.n.pond", RAIL_PRICE, lang)
    if not short:
        lines = [msg("cape.ui.math_enough", lang, **numbers)]
    else:
        held = int(b["bonus_held"])
        lines = [plural("cape.ui.math_short", short, lang, **numbers),
                 plural("cape.ui.math_bonus", held, lang, price=price) if held else msg("cape.ui.math_price", lang, price=price)]
    math = f'<p class="build-math">{esc(" ".join(lines))}</p>'
    refused = next((bt.value for bt in frame.interaction.buttons if not bt.available), None)
    if refused is None:
        return math
    why = say(state.refusal(act.parse(refused), actor), lang)  # the engine's own reason (K4)
    return f'{math}<p class="build-why">{esc(why)}.</p>'


def side(frame: Frame) -> str:
    view, lang = frame.view, frame.lang
    cards = []
    for p in view["players"]:
        acting = p["seat"] in view["to_act"]
        # each card a part (issue 51): a move that changes one player's card sends that card alone
        cards.append(part(
            f'.side > .players > article.p-{esc(p["colour"])}',
            f'<article class="player p-{esc(p["colour"])}{" acting" if acting else ""}"><h3>{esc(p["name"])}</h3>'
            f'<p class="stats" data-k="stats{p["seat"]}" data-kv="{p["money"]} {p["crossed"]} {p["bonus"]}">'
            f'{icon("coin", COIN, "coin-i")} '
            f'{esc(stats_words(p, lang))}</p>'
            f'{_bonus_backs(p["seat"], int(p["bonus"]))}</article>',
        ))
    return "".join(cards)


def stats_words(p: dict[str, Any], lang: str) -> str:
    """A player's money, crossings and bonus rails, each counted in words: "99 Pond · 1 landscape crossed · …"."""
    return " · ".join((plural("cape.n.pond", int(p["money"]), lang), plural("cape.n.crossed", int(p["crossed"]), lang),
                       plural("cape.n.bonus_rails", int(p["bonus"]), lang)))


def _bonus_backs(seat: int, count: int) -> str:
    """A player's bonus rails as the small face-down cards they are (the sentence above says how many),
    each a piece: one gained lands, one used goes (static/motion.js)."""
    if not count:
        return ""
    step = 34
    width = (count - 1) * step + CARD_W
    backs = "".join(card_svg({}, i * step, 0, "en", face_down=True, key=f"b{seat}.{i}") for i in range(count))
    return (f'<svg class="bonus-backs" viewBox="0 0 {width} {CARD_H}" aria-hidden="true" focusable="false">'
            f'{backs}</svg>')


# ---------------------------------------------------------------------- secret bids (K3)
def secret_title(state: GameState, lang: str) -> str:
    return msg("cape.ui.bid_title", lang)


def _money(state: GameState, seat: int) -> int:
    return int(view_once("cape-bid-view", state, seat)["players"][seat]["money"])  # (once per position: every ± asks)


def private_input(state: GameState, seat: int, draft: dict[str, int], lang: str, names: Sequence[str]) -> str:
    money = _money(state, seat)
    amount = min(draft.get("amount", 0), money)
    steps = "".join(button(label, Intent.BID_CHANGE, value, disabled=disabled)
                    for label, value, disabled in (("−10", "-10", amount == 0), ("−1", "-1", amount == 0),
                                                   ("+1", "+1", amount >= money), ("+10", "+10", amount >= money)))
    offered = cards_words(view_once("cape-bid-view", state, seat).get("offer", []), lang)
    return (f'<p>{esc(msg("cape.ui.on_offer", lang, cards=offered))}</p>'
            f'<p class="bid-amount">{icon("coin", COIN, "coin-i")} '
            f'<output aria-label="{esc(msg("cape.ui.your_bid", lang))}">{amount}</output> '
            f'{esc(plural("cape.ui.of_money", money, lang))}</p><div class="bid-steps">{steps}</div>'
            f'<p class="hint">{esc(msg("cape.ui.bid_hint", lang))}</p>')


def draft_change(state: GameState, seat: int, draft: dict[str, int], value: str) -> dict[str, int]:
    try:
        delta = int(value)
    except ValueError:
        return draft
    return {"amount": max(0, min(_money(state, seat), draft.get("amount", 0) + delta))}


def draft_action(state: GameState, seat: int, draft: dict[str, int]) -> str:
    return f"bid {max(0, min(_money(state, seat), draft.get('amount', 0)))}"


# ---------------------------------------------------------------------- the end (K5)
def end_screen(frame: Frame) -> str:
    """Why the game ended and the ranking, two charts (crossings and money per auction round),
    the game in numbers (``nile.cape.stats``) and each player's money worked out in one sentence."""
    view, lang, names = frame.view, frame.lang, frame.names
    result = view["result"]
    stats = game_stats(view)
    headers = (msg("cape.ui.crossings", lang), msg("cape.ui.money", lang))
    more = (_chart(view, stats, "crossings", lang, names) + _chart(view, stats, "money", lang, names)
            + _stats_table(view, stats, lang, names))
    return end_section("cape", lang, names, msg("cape.ui.end_reason", lang, reason=msg("cape.reason." + result["reason"], lang)), headers,
                       result["ranking"], ("crossings", "money"), more)


def _chart(view: dict[str, Any], stats: dict[str, Any], what: str, lang: str, names: Sequence[str]) -> str:
    series = [Series(str(p["seat"]), names[p["seat"]], f'p-{p["colour"]}',
                     [(pt["round"], pt[what][p["seat"]]) for pt in stats["series"]]) for p in view["players"]]
    return chart_with_table(f"end-chart-{what}", msg(f"cape.end.{what}_title", lang), msg(f"cape.end.{what}_desc", lang),
                            series, msg("cape.end.axis_round", lang), msg(f"cape.end.axis_{what}", lang))


def _stats_table(view: dict[str, Any], stats: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    sums = "".join(
        f'<li>{esc(msg("cape.end.money_sum", lang, player=names[p], start=t["start_money"], bids=t["bids"], rails=t["rails"], income=t["income"], money=t["money"]))}</li>'
        for p, t in enumerate(stats["totals"])
    )
    return stats_table(msg("cape.end.stats_title", lang), msg("cape.end.stat", lang),
                       [(p["colour"], names[p["seat"]]) for p in view["players"]],
                       [(msg("cape.end.stat." + key, lang), [t[key] for t in stats["totals"]]) for key in STAT_KEYS],
                       f'<ul class="money-sums">{sums}</ul>')


#: this module is the game's UI object (``nile.kit.GameUI``): the shell reads these names from it
#: the game's pieces as SVG symbols (``cape-river`` …, ``nile.cape.art``), put into the page once by the shell
symbols = SYMBOLS
moment = moments.moment
moment_keys = moments.MOMENT_KEYS
news_keys = moments.NEWS_KEYS
#: players' moves: "since your turn" (``nile.web.since``; a crossing is said by the news line)
since_keys = frozenset({"cape.take", "cape.pass", "cape.build"})
#: a crossing: the optional sound's chord
chord_keys = frozenset({"cape.build"})
rule_ids = RULE_IDS
rules_prefix = "cape.rules."


# ---------------------------------------------------------------------- teaching (nile.cape.teach, diagrams)
lesson_triggers = teach.LESSON_TRIGGERS
rule_of = teach.rule_of
log_rule = teach.log_rule
lesson = teach.lesson
coach = teach.coach


def advice(action: str, lang: str, names: Sequence[str]) -> str | None:
    return advice_words(action, lang)


round_summary = teach.round_summary
tutorial = teach.tutorial
diagrams = diagrams_module.diagrams


def standing(state: GameState, view: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """Where the game stands, said when the person asks by key (issue 43): the round, then each player's
    Pond and the landscapes crossed behind their locomotive (K4)."""
    players = " ".join(msg("cape.standing.player", lang, player=p["name"], money=plural("cape.n.pond", p["money"], lang),
                            crossed=plural("cape.n.crossed", p["crossed"], lang)) for p in view["players"])
    return f'{msg("cape.standing.round", lang, round=view["round"])} {players}'
