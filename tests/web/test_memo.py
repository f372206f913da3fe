"""Parts of the screen drawn again only when what they show changed (issue 21, ``nile.kit.memo``): every screen
of played games is exactly the screen drawn afresh, and a selection, a question or a move redraws only the
parts whose inputs it changed."""

import random
import re
from html.parser import HTMLParser

import pytest

from nile.bots import protocol
from nile.kit import memo
from nile.messages import LANGUAGES
from nile.web.render import render_app, render_screen

from .test_bots_flow import start
from .test_controller import controller, play_length, started, to_actions_phase

#: what the random player never clicks: it leaves the game, or needs a browser (files, downloads)
LEAVES = {"home", "new", "learn", "continue", "export", "backup", "backup-later", "delete", "undelete", "purge",
          "purge-yes", "purge-no", "update", "take-over", "import", "restore", "report-close", "lang", "bot-speed",
          "bot-skip", "bot-pause", "hint", "review", "rules-search", "setup-count", "setup-option", "setup-name",
          "setup-colour", "setup-kind", "start-game"}


#: what moves a game on (most clicks are these; the rest is anything else the screen offers)
PLAYS = {"pick", "act", "confirm", "bid-change", "bid-submit", "reveal-bidder", "moment-close", "lesson-close"}


class Clickable(HTMLParser):
    """Every (intent, value) a screen offers — what a click on it would report — and whether it is a target (a
    board element that only says why it is refused is not)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-i" in a and "disabled" not in a and a["data-i"] not in LEAVES:
            target = a["data-i"] != "pick" or bool({"act", "sel", "target"} & set((a.get("class") or "").split()))
            self.found.append((a["data-i"], a.get("data-v") or "", target))


def offered(html):
    p = Clickable()
    p.feed(html)
    return p.found


def fresh(c):
    """The screen drawn from scratch, nothing kept."""
    memo.forget_all()
    return render_app(c)


def answer_bots(c):
    while (job := c.bots.job()) is not None:
        answer = protocol.handle(job)
        c.handle("bot-move", f'{answer["key"]}|{answer["text"]}')


class Element(HTMLParser):
    """The root elements of a piece of HTML: (tag, classes) of each, and whether every tag opened is closed."""

    VOID = {"br", "hr", "img", "input", "meta", "link", "use", "rect", "circle", "path", "line", "stop", "ellipse",
            "polygon", "polyline", "source", "col", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.depth, self.roots, self.closed = 0, [], True

    def handle_starttag(self, tag, attrs):
        if self.depth == 0:
            self.roots.append((tag, set((dict(attrs).get("class") or "").split())))
        if tag not in self.VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        if self.depth == 0:
            self.roots.append((tag, set((dict(attrs).get("class") or "").split())))

    def handle_endtag(self, tag):
        if tag not in self.VOID:
            self.depth -= 1
            self.closed = self.closed and self.depth >= 0

    def handle_data(self, data):
        if self.depth == 0 and data.strip():
            self.roots.append(("#text", set()))


def check_parts(screen):
    """Each part the page may keep is one whole element, of the tag, classes and attribute its selector's last
    step names, found in the screen's HTML; parts inside parts lie wholly inside them."""
    spans = []
    for selector, html in screen.parts:
        p = Element()
        p.feed(html)
        assert p.closed and p.depth == 0 and len(p.roots) == 1, (selector, p.roots)
        tag, classes = p.roots[0]
        last = selector.split()[-1]
        last = last.partition(":")[0]  # a line of the log by its place: li:nth-last-child(3)
        last, _, attribute = last.partition("[")  # a field of the board: g[data-f="W3-1"]
        if attribute:
            assert f" {attribute[:-1]}" in html[:html.index(">")], (selector, html[:80])
        want_tag, *want_classes = last.lstrip("#").split(".") if not last.startswith("#") else ("", )
        if last.startswith("#"):
            assert f'id="{last[1:]}"' in html[:html.index(">")], selector
        else:
            assert (not want_tag or want_tag == tag) and set(want_classes) <= classes, (selector, tag, classes)
        i = screen.html.find(html)
        assert i >= 0, selector
        spans.append((i, i + len(html)))
    for a in spans:
        for b in spans:
            assert a == b or a[1] <= b[0] or b[1] <= a[0] or (a[0] <= b[0] and b[1] <= a[1]) or (b[0] <= a[0] and a[1] <= b[1])


HOLE = re.compile(r'<nile-keep data-n="(\d+)"></nile-keep>')


def spots(regions):
    for spot in regions:
        yield spot
        yield from spots(spot.inner)


class Page:
    """What the page shows, as nile.web.app.paint leaves it (issue 51): a screen that keeps its skeleton is patched
    region by region, each region's element made its patch's markup with every hole the part the page shows there;
    any other screen is drawn whole. ``paths`` counts how each screen was painted."""

    def __init__(self):
        self.html, self.painted, self.skeleton, self.paths = "", {}, None, {"patch": 0, "whole": 0}

    def paint(self, screen):
        regions = memo.locate(screen.html, screen.parts)
        found = {spot.selector for spot in spots(regions)}
        # every part of a game's table lies where it was noted (the parts inside a part noted right before it)
        assert not (screen.name == "game" and {s for s, _ in screen.parts} - found), {s for s, _ in screen.parts} - found
        shape = memo.skeleton(screen.html, regions)
        if screen.html != self.html and shape == self.skeleton:
            html = self.html
            for selector, markup, keep in memo.patches(regions, self.painted):
                filled = HOLE.sub(lambda m, keep=keep: self.painted[keep[int(m[1])]], markup)
                old = self.painted[selector]
                assert html.count(old) == 1, selector  # the region's element is the one its selector finds
                html = html.replace(old, filled)
            assert html == screen.html
            self.paths["patch"] += 1
        elif screen.html != self.html:
            self.paths["whole"] += 1
        self.html, self.painted, self.skeleton = screen.html, dict(screen.parts), shape


def play_and_compare(c, rng, steps, page=None):
    page = page or Page()
    for _ in range(steps):
        kept = render_app(c)
        screen = render_screen(c)
        check_parts(screen)
        page.paint(screen)
        assert kept == fresh(c)
        if c.state is None or c.state.is_terminal():
            break
        roll = rng.random()
        if roll < 0.03:
            c.handle("lang", rng.choice(list(LANGUAGES)))
        elif roll < 0.05:
            c.handle("layout", rng.choice(["portrait", "landscape"]))
        elif roll < 0.07:
            c.handle("escape")
        elif roll < 0.11:
            c.handle("undo")  # a state made anew: nothing kept of the old one may show
        elif roll < 0.13:
            c.handle("hints")  # the coach's marks on the board's targets, on or off
        else:
            choices = offered(kept)
            plays = [(i, v) for i, v, target in choices if target and i in PLAYS]
            c.handle(*rng.choice(plays if plays and rng.random() < 0.85 else [(i, v) for i, v, _ in choices]))
        answer_bots(c)


@pytest.mark.parametrize("game, kinds, variants, seed", [
    ("banks", ["", "", ""], ["N11", "N12"], 3),
    ("banks", ["", "easy"], [], 4),
    ("cape", ["", "", ""], [], 5),
    ("cape", ["", "easy", "easy"], [], 6),
])
def test_every_screen_is_the_screen_drawn_afresh(game, kinds, variants, seed):
    """Random clicks on what the screens offer (targets, buttons, sealed bids, undo, the replay, the rules),
    a language or a layout now and then, bots answering: the kept parts never show anything stale."""
    c = start(game, kinds, variants=variants, seed=seed)
    page = Page()
    play_and_compare(c, random.Random(seed), play_length(260), page)
    # issue 51: most screens keep their skeleton and are patched by region (Kap's sealed bids go round a hand-over)
    assert page.paths["patch"] * (1 if game == "banks" else 2) > page.paths["whole"], page.paths


def counts():
    return memo.counts()


def test_a_kept_drawing_notes_its_parts_again():
    """The board kept whole still names its pictures as parts: the next move, which draws the board again,
    can keep the pictures it leaves as they were."""
    c = started()
    to_actions_phase(c)
    drawn = dict(render_screen(c).parts)
    c.handle("act", "end")  # a question: the board is kept
    kept = dict(render_screen(c).parts)
    for region in (".table > .actions", ".table > .side"):  # the question is the panel's, its news the side's
        assert kept.pop(region) != drawn.pop(region), region
    for parts in (drawn, kept):  # (the panel's own parts, its crops' buttons, went with its question)
        for selector in [s for s in parts if s.startswith(".table > .actions ")]:
            del parts[selector]
    assert kept == drawn and ".board-frame > .board > .pic > svg.fields" in kept and ".board-frame > .board > details.legend" in kept


def drawn_since(before, name):
    now = counts().get(name, (0, 0))
    was = before.get(name, (0, 0))
    return now[0] - was[0], now[1] - was[1]


def test_a_selection_redraws_no_piece_of_the_board_but_a_move_does():
    """Choosing a crop to sow changes which fields are targets: the board's markup is put together again,
    but no field, the track, the legend, the players, the log or the view is drawn again. Sowing it draws the
    view, the changed field, the players and the log's new lines again, and keeps every other field."""
    c = started()
    to_actions_phase(c)
    render_app(c)
    crop = next(k for k, t in c.table.interaction().targets.items() if k.startswith("supply:") and t.select)
    before = counts()
    c.handle("pick", crop)
    assert c.table.selection is not None
    render_app(c)
    assert drawn_since(before, "board") == (1, 0)  # the targets changed
    for name in ("view", "side", "log", "banks-track", "banks-legend"):
        assert drawn_since(before, name) == (0, 1), name
    assert drawn_since(before, "banks-fields")[0] == 0  # no field's pieces drawn again: only the fields whose
    marked, unmarked = drawn_since(before, "banks-field")  # target changed are put together again, the rest kept
    assert marked > 0 and unmarked > 0 and marked + unmarked > 20
    # a move: sow the crop on a field
    field = next(k for k, t in c.table.interaction().targets.items() if k.startswith("field:") and t.action)
    lines = len(c.state.view(None)["log"])
    before = counts()
    c.handle("pick", field)
    assert c.table.selection is None and c.state.history[-1][1].text().startswith("sow")
    render_app(c)
    for name in ("view", "board", "side", "log"):
        assert drawn_since(before, name)[0] == 1, name
    new_lines = len(c.state.view(None)["log"]) - lines
    assert drawn_since(before, "log-lines")[0] == new_lines >= 1
    assert drawn_since(before, "banks-fields")[0] == 1  # only the sown field's pieces
    assert sum(drawn_since(before, "banks-field")) > 20


def test_a_move_works_out_the_view_of_a_table_without_a_viewer_once(monkeypatch):
    """Issue 51: at a table whose viewer is nobody (pass and play), the board's view and the view the targets are
    worked out from are one view of the position: a move works it out once, not once for each."""
    c = started()
    to_actions_phase(c)
    assert c.viewer() is None
    render_screen(c)
    asked = []
    state_class = type(c.state)
    view = state_class.view
    monkeypatch.setattr(state_class, "view", lambda self, player=None: asked.append(player) or view(self, player))
    crop = next(k for k, t in c.table.interaction().targets.items() if k.startswith("supply:") and t.select)
    c.handle("pick", crop)
    render_screen(c)
    assert asked == []  # a choice: the same position
    field = next(k for k, t in c.table.interaction().targets.items() if k.startswith("field:") and t.action)
    c.handle("pick", field)
    assert c.state.history[-1][1].text().startswith("sow")
    render_screen(c)
    assert asked == [None]


@pytest.mark.parametrize("game, variants, press", [("banks", ("N12",), "flax:+"), ("cape", (), "+1")])
def test_a_bids_plus_and_minus_work_out_no_view(monkeypatch, game, variants, press):
    """Issue 51: a sealed bid's ± changes the bidder's draft, not the position. The bidder's view (Nile's lists every
    bid it allows, some 700) is worked out when the bid form is first drawn, then never again for a press: each press
    worked it out twice, a third of its Python."""
    c = start(game, ("", ""), variants=variants)
    seat = c.state.to_act()[0]
    c.handle("reveal-bidder", str(seat))
    render_screen(c)
    asked = []
    state_class = type(c.state)
    view = state_class.view
    monkeypatch.setattr(state_class, "view", lambda self, player=None: asked.append(player) or view(self, player))
    for _ in range(3):
        c.handle("bid-change", press)
        html = render_screen(c).html
    assert asked == [] and "<output" in html


def sent(before, after):
    """The patches nile.web.app.paint sends to go from screen ``before`` to ``after`` (both keep their skeleton)."""
    regions = memo.locate(after.html, after.parts)
    assert memo.skeleton(after.html, regions) == memo.skeleton(before.html, memo.locate(before.html, before.parts))
    return memo.patches(regions, dict(before.parts))


def test_a_selection_sends_the_lit_fields_shells_and_a_move_what_it_changed():
    """Issue 51: choosing a crop lights the fields it may be sown on; each lit field is sent as its shell (its target,
    its label, its cost), its ground, card, palms and markers kept where they are on the page. Sowing sends the sown
    field's pieces and the chip of the mover's supply whose count it changed, not the supply's other chips, the other
    players' cards or the mover's name line."""
    c = started()
    to_actions_phase(c)
    before = render_screen(c)
    crop = next(k for k, t in c.table.interaction().targets.items() if k.startswith("supply:") and t.select)
    c.handle("pick", crop)
    lit = render_screen(c)
    markup = "".join(html for _, html, _ in sent(before, lit))
    fields = [k for k, t in c.table.interaction().targets.items() if k.startswith("field:") and t.action]
    assert fields and all(f'data-v="{k}"' in markup for k in fields)  # every lit field is sent...
    assert 'class="ground"' not in markup and "banks-palm" not in markup  # ...without its pieces
    c.handle("pick", fields[0])
    sown = render_screen(c)
    patches = sent(lit, sown)
    markup = "".join(html for _, html, _ in patches)
    assert markup.count('<g class="pieces">') == 1 and 'class="ground"' not in markup  # the sown field's markers alone
    actor = c.state.history[-1][0]
    colours = [p["colour"] for p in c.state.view(None)["players"]]
    card = dict(sown.parts)
    mover = f".side > .players > article.p-{colours[actor]}"
    assert card[f"{mover} > h3"] not in markup
    supply = f"{mover} > div.supply > "
    chips = {sel: html for sel, html in sown.parts if sel.startswith(supply)}
    shown = dict(lit.parts)
    changed = [html for sel, html in chips.items() if shown.get(sel) != html]
    assert len(changed) == 1 and changed[0] in markup  # the sown crop's chip...
    assert not any(html in markup for html in chips.values() if html not in changed)  # ...not the other crops' chips
    for seat, colour in enumerate(colours):
        if seat != actor:
            assert card[f".side > .players > article.p-{colour}"] not in markup


def test_a_question_and_a_refusal_keep_the_whole_table():
    """End turn with AP left asks first; with a crop chosen, a click on a field it cannot be sown on says why:
    neither changes the board, the players or the log, so none of them is drawn again."""
    c = started()
    to_actions_phase(c)
    render_app(c)
    before = counts()
    c.handle("act", "end")
    assert c.table.confirm is not None
    render_app(c)
    for name in ("view", "board", "side", "log"):
        assert drawn_since(before, name) == (0, 1), name
    c.handle("confirm-cancel")
    c.handle("pick", next(k for k, t in c.table.interaction().targets.items() if k.startswith("supply:") and t.select))
    render_app(c)
    not_target = next(f"field:{f['name']}" for row in c.state.view(None)["rows"] if row["in_play"]
                      for f in row["fields"] if f"field:{f['name']}" not in c.table.interaction().targets)
    before = counts()
    c.handle("pick", not_target)
    html = render_app(c)
    assert 'class="notice info"' in html
    for name in ("board", "side", "log"):
        assert drawn_since(before, name) == (0, 1), name


def test_another_language_draws_everything_again():
    c = started()
    to_actions_phase(c)
    render_app(c)
    lines = len(c.state.view(None)["log"][-80:])
    before = counts()
    c.handle("lang", "de")
    html = render_app(c)
    for name in ("board", "side", "log", "banks-track", "banks-legend"):
        assert drawn_since(before, name)[0] == 1, name
    assert drawn_since(before, "log-lines")[0] >= lines
    assert html == fresh(c) and "Feld" in html


def test_a_sealed_bid_is_drawn_for_its_bidder_only():
    """The table at a sealed decision is drawn from the bidder's own view: what one bidder's screen kept is
    never handed to another's (the viewer is part of every key)."""
    c = started(variants=["N12"])  # the start player is bid for in secret, each from their own supply
    c.handle("reveal-bidder", "0")
    first = render_app(c)
    c.handle("bid-hide")
    render_app(c)
    before = counts()
    c.handle("reveal-bidder", "1")
    second = render_app(c)
    assert drawn_since(before, "view")[0] == 1 and drawn_since(before, "side")[0] == 1
    assert second == fresh(c) and second != first


def seated(seed, names=(), colours=()):
    """A 3-player game through set-up, with these names and colours for the first seats, in its actions phase."""
    c = controller(seed=seed)
    c.handle("new")
    c.handle("setup-count", "3")
    for seat, name in enumerate(names):
        c.handle("setup-name", f"{seat}:{name}")
    for seat, colour in enumerate(colours):
        c.handle("setup-colour", f"{seat}:{colour}")
    c.handle("start-game")
    to_actions_phase(c)
    return c


@pytest.mark.parametrize("names, colours", [(["Zoë", "Yann", "Xia"], []), ([], ["white", "yellow", "blue"])])
def test_a_game_opened_after_another_shows_none_of_its_pieces(names, colours):
    """Two games from the same seed, the second with other names or other colours: the same position, so
    every field and log line would be kept if the players' names and colours were not part of what they show."""
    first = seated(9)
    render_app(first)
    second = seated(9, names, colours)
    assert second.state.view(None)["rows"] == first.state.view(None)["rows"]  # the same fields, other owners
    html = render_app(second)
    assert html == fresh(second)


def test_a_part_is_found_where_str_find_finds_it():
    """``memo._find`` looks for a part's head, then compares the whole there: the same place as ``str.find`` and
    ``str.rfind`` over random markup full of near copies (parts that share their first characters)."""
    rng = random.Random(5)
    pieces = ['<g class="field act" data-v="field:W4-2">' * 2, '<g class="field">', "x", "</g>", "ab" * 30]
    for _ in range(400):
        hay = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        start = rng.randint(0, len(hay))
        end = rng.randint(start, len(hay))
        lo = rng.randint(0, max(0, len(hay) - 1))
        needle = hay[lo:lo + rng.randint(1, 160)] or "x"
        assert memo._find(hay, needle, start, end) == hay.find(needle, start, end), (needle, start, end)
        assert memo._find(hay, needle, start, end, last=True) == hay.rfind(needle, start, end), (needle, start, end)
