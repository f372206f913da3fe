"""Motion that tells what happened (issue 21): a move's pieces travel from where they were to where
they go (static/motion.js) and end exactly where the engine puts them, with motion on and with
prefers-reduced-motion; when a person's turn comes after bots' moves, those moves are listed in one
summary ("Since your turn") and what they changed is marked on the board."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from nile.banks.state import BanksState
from nile.games import load_save

from .test_bots import KAP_PERSON, NILE_PERSON
from .ui import WAIT_JS, click, find, intent, start_game, storage, to_first_sowing

#: every animation on the page has run its course (a finished or cancelled one is no longer listed)
#: every animation over, and then two frames drawn: an animation's finish event, whose handler takes a fading piece or a
#: flyer away (static/motion.js), is dispatched in the next frame after its finished promise is resolved (a loaded CI
#: machine read the table before that frame: a flood's flyer was still there)
SETTLED = """() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(
  () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))))"""

#: where each marker on the page stands: its key → the field its marks group follows, or the market row
#: (with its place in the row) or the boat chip it is drawn in; and whether its box lies inside that place
WHERE_JS = """() => {
  const out = {};
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  for (const el of document.querySelectorAll('.game .table [data-k]')) {
    for (const k of el.getAttribute('data-k').split(' ')) {
      if (!k.startsWith('m')) continue;
      const marks = el.closest('g.marks');
      const field = marks && marks.previousElementSibling;
      const chip = el.closest('.boat-chip');
      const box = el.getBoundingClientRect();
      if (field && field.matches('g.field')) {
        out[k] = {at: field.getAttribute('data-v'), inside: inside(box, field.getBoundingClientRect())};
      } else if (chip) {
        out[k] = {at: 'boat', inside: true};
      } else {
        out[k] = {at: 'market', inside: inside(box, el.closest('svg').getBoundingClientRect())};
      }
    }
  }
  return out;
}"""


def _state(page: Page):  # noqa: ANN202 - a BanksState
    gid = storage(page)["nile:current"]
    return load_save(storage(page)[f"nile:game:{gid}"])


def _engine_places(state) -> dict[str, str]:  # noqa: ANN001
    """Marker key → where the engine has it: a field ("field:W4-2"), the market or the boat."""
    from nile.banks.data import FIELDS

    places = {f"m{m}": f"field:{FIELDS[i].name}" for i, ms in enumerate(state.field_markers) for m in ms}
    places |= {f"m{m}": "market" for row in state.market for m in row}
    places |= {f"m{m}": "boat" for m in state.boat}
    return places


def _sow_and_look(page: Page, during: str) -> None:
    """Pass-and-play Nile to the first turn; sow a marker; look at the page ``during`` the motion, and
    once it has settled check every marker against the engine's position."""
    start_game(page, names=("Amun", "Bastet"))
    to_first_sowing(page)
    click(page, page.locator(".actions button.chip.target").first)  # a crop from the supply
    field = page.locator("g.field.act").first
    key = field.get_attribute("data-v")
    before = len(_state(page).history)
    click(page, field)
    assert len(_state(page).history) == before + 1
    # the pieces' new places are read in the next frame (static/motion.js), where the motion starts
    running = page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame("
                            "() => r(document.getAnimations().length))))")
    if during == "motion":
        assert running > 0  # the new marker lands (and the rest of the move follows)
    else:
        assert running == 0  # prefers-reduced-motion: the board simply shows the new position
    page.evaluate(SETTLED)
    where = page.evaluate(WHERE_JS)
    places = _engine_places(_state(page))
    assert {k: v["at"] for k, v in where.items()} == places
    assert all(v["inside"] for v in where.values()), where
    assert key in places.values()
    assert page.evaluate("() => document.querySelectorAll('[data-ghost], svg[data-flying]').length") == 0
    # the move just made stays marked: the marker sown
    marked = page.evaluate("() => document.body.dataset.marked").split()
    sown = [k for k, at in places.items() if at == key]
    assert set(sown) & set(marked), (sown, marked)


def test_an_animated_move_ends_exactly_in_the_engines_position(app: Page) -> None:
    app.emulate_media(reduced_motion="no-preference")
    _sow_and_look(app, "motion")


def test_a_move_made_while_the_last_one_moves_moves_only_its_own_pieces(app: Page) -> None:
    """A player sows their last action point and ends the turn at once, while the marker still lands: the
    second move's motion starts from where the pieces came to rest after the first (static/motion.js keeps
    what it read then instead of reading the page again before the redraw): nothing sown travels or lands
    again, and every marker ends where the engine has it."""
    app.emulate_media(reduced_motion="no-preference")
    start_game(app, names=("Amun", "Bastet"))
    to_first_sowing(app)
    for _ in range(6):  # sow until no action point is left: then End turn asks nothing
        chips = app.locator(".actions button.chip.target")
        if not chips.count() or app.locator(".status .ap").inner_text().strip().startswith("0"):
            break
        click(app, chips.first)
        click(app, app.locator("g.field.act").first)
    # the markers in the fields (a chip of the boat may shift in its row when the next player's costs show)
    sown = {k for k, at in _engine_places(_state(app)).items() if at.startswith("field:")}
    assert sown and (not app.locator(".status .ap").count() or app.locator(".status .ap").inner_text().strip().startswith("0"))
    moves = len(_state(app).history)
    app.evaluate(NOTE_MOTION_JS)
    click(app, intent("act", "end"))  # at once: no frame has settled the last sowing's motion yet
    moving = app.evaluate(MOVING_JS)
    assert len(_state(app).history) == moves + 1 and not app.locator(intent("confirm", "end")).count()
    assert not [m for m in moving if set(m.split(" ")[0].split()) & sown], moving  # nothing sown travels or lands again
    app.evaluate(SETTLED)
    assert {k: v["at"] for k, v in app.evaluate(WHERE_JS).items()} == _engine_places(_state(app))


def test_with_reduced_motion_nothing_moves_and_the_board_is_the_engines(app: Page) -> None:
    app.emulate_media(reduced_motion="reduce")
    try:
        _sow_and_look(app, "still")
    finally:
        app.emulate_media(reduced_motion="no-preference")


def _until_since(page: Page, person: tuple[str, ...], turns: int) -> None:
    """Play as the person (the first of ``person`` that shows) until the summary has shown ``turns`` times."""
    seen = 0
    for _ in range(400):
        page.wait_for_function(f"() => ({WAIT_JS})({json.dumps(list(person))})", timeout=60_000)
        if page.locator(".since").count():
            seen += 1
            if seen >= turns:
                return
        hit = find(page, person)
        click(page, page.locator(intent(hit["i"], hit["v"])).first)
    raise AssertionError("no summary of the bots' moves was shown")


def _check_since(page: Page, bots: tuple[str, ...]) -> None:
    since = page.locator(".side > .explain .since")  # among the explanations, after the step's controls
    expect(since).to_be_visible()
    lines = since.locator("li:not(.more)").all_inner_texts()
    assert lines and all(any(bot in line for bot in bots) or " on " in line for line in lines), lines
    assert any(bot in since.inner_text() for bot in bots)
    marked = page.evaluate("() => document.body.dataset.marked").split()
    assert marked, "the bots' moves are marked on the board"
    on_board = page.evaluate("keys => keys.filter(k => document.querySelector(`.game .table [data-k~='${k}']`))", marked)
    assert on_board, marked
    # the mark is drawn: every marked piece has the mark's outline, and no other piece has it
    assert _wrongly_outlined(page) == [], marked


#: the pieces on the table whose outline says the wrong thing: a piece of a marked key without the mark's
#: outline, or another with it (keys, whether it is outlined)
WRONGLY_OUTLINED_JS = """() => {
  const marked = new Set((document.body.dataset.marked || '').split(' ').filter(Boolean));
  return [...document.querySelectorAll('.game .table [data-k]')].filter((el) => el !== document.activeElement)
    .map((el) => [el.getAttribute('data-k'), getComputedStyle(el).outlineStyle === 'solid',
                  el.getAttribute('data-k').split(' ').some((k) => marked.has(k))])
    .filter(([, outlined, wanted]) => outlined !== wanted).map(([k, outlined]) => [k, outlined]);
}"""


def _wrongly_outlined(page: Page) -> list[list[object]]:
    return page.evaluate(WRONGLY_OUTLINED_JS)


def test_the_since_your_turn_summary_lists_the_bots_moves_nile(app: Page) -> None:
    start_game(app, names=("Me", "Amun", "Bastet"), kinds=("", "easy", "easy"))
    _until_since(app, NILE_PERSON, 3)
    _check_since(app, ("Amun", "Bastet"))
    state = _state(app)
    assert state.history[-1][0] != 0 and 0 in state.to_act()  # the person's turn, after the bots'
    # a choice redraws the board without a move: what the bots changed stays marked
    marked = app.evaluate("() => document.body.dataset.marked")
    click(app, app.locator(".actions button.chip.target, g.sel").first)
    assert app.evaluate("() => document.body.dataset.marked") == marked and _wrongly_outlined(app) == []


def test_the_since_your_turn_summary_lists_the_bots_moves_kap(app: Page) -> None:
    start_game(app, names=("Me", "Amun", "Bastet"), game="cape", kinds=("", "easy", "easy"))
    _until_since(app, KAP_PERSON, 2)
    _check_since(app, ("Amun", "Bastet"))


# ---------------------------------------------------------------------- the rest of the motions (issue 21)
#: every piece on the page and where it stands, read at rest: markers as WHERE_JS; the water and desert
#: cards on the fields; the space the obelisk stands in and each pawn's; the tide needle's angle and
#: whether it is still turned by a motion; each player's jokers; the boat's count; Kap's routes (cards in
#: front of each locomotive, crossed cards behind it) and each player's money, crossings and bonus rails;
#: what is left over the page (ghosts, flights)
TABLE_JS = """() => {
  const keys = (sel) => [...document.querySelectorAll(sel)].map((el) => el.getAttribute('data-k'));
  const mid = (el) => { const b = el.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  const spaceOf = (el) => {
    const [x, y] = mid(el);
    const spaces = [...document.querySelectorAll('svg.track rect.space')];
    return 1 + spaces.findIndex((r) => { const b = r.getBoundingClientRect(); return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom; });
  };
  const out = {water: keys('.game .table [data-k^="w:"]').sort(), desert: keys('.game .table [data-k^="d:"]').sort()};
  const obelisk = document.querySelector('[data-k="obelisk"]');
  if (obelisk) {
    out.obelisk = spaceOf(obelisk);
    out.pawns = Object.fromEntries([...document.querySelectorAll('[data-k^="pawn"]')].map((el) => [el.getAttribute('data-k'), spaceOf(el)]));
    const needle = document.querySelector('[data-k="tide"]');
    out.needle = [needle.getAttribute('data-kr'), getComputedStyle(needle).transform];
    out.jokers = keys('.game .table [data-k^="j"]').sort();
    out.boat = document.querySelector('[data-k="boatn"]').textContent;
  }
  out.routes = [...document.querySelectorAll('svg.route')].map((svg) => ({
    cards: [...svg.querySelectorAll('g.card:not(.back)[data-k]')].map((g) => g.getAttribute('data-k')),
    behind: [...svg.querySelectorAll('g.card.back[data-k]')].map((g) => g.getAttribute('data-k'))}));
  out.stats = Object.fromEntries([...document.querySelectorAll('.players [data-k^="stats"]')].map((el) => [el.getAttribute('data-k'), el.getAttribute('data-kv')]));
  out.bonus = keys('.players [data-k^="b"]').sort();
  out.left = document.querySelectorAll('#motion-layer > *, [data-ghost], svg[data-flying]').length;
  out.moving = [...document.querySelectorAll('.game [data-k]')].filter((el) => getComputedStyle(el).transform !== 'none' && !el.closest('svg.tide-dial')).length;
  return out;
}"""

#: JS, run before a move: every animation a script starts from now on is noted with its piece, named as it is when it
#: starts (a flight's copy in the motion layer is gone once it has landed). On a busy machine a move's motion (at most
#: 400 ms) may be over before a test's next look at the page: what started is what moved, however late the look.
NOTE_MOTION_JS = """() => {
  const name = (el) => el.getAttribute('data-k') || (el.closest('#motion-layer') ? 'layer:' + el.getAttribute('class') : el.getAttribute('class') || el.tagName);
  if (!window.__started) {
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      const anim = animate.apply(this, args);
      window.__started.push([anim, name(this)]);
      return anim;
    };
  }
  window.__started = [];
}"""

#: what is moving during a move: each animation started since ``NOTE_MOTION_JS`` and each one running (a CSS
#: animation), its piece (its key, or the layer's copy's class) and its transforms
MOVING_JS = """() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const name = (el) => el.getAttribute('data-k') || (el.closest('#motion-layer') ? 'layer:' + el.getAttribute('class') : el.getAttribute('class') || el.tagName);
  const seen = new Map(window.__started || []);
  for (const a of document.getAnimations()) if (a.playState === 'running' && !seen.has(a)) seen.set(a, name(a.effect.target));
  r([...seen].map(([a, piece]) => piece + ' ' + a.effect.getKeyframes().map((k) => k.transform || '').join(' ')));
})))"""


def _before(game: str, wanted, seeds: range = range(1, 60)):  # noqa: ANN001, ANN202
    """A pass-and-play game made with the engine up to just before a move ``wanted(before, after, action)``
    says it is looking for: (the save there, the move, its player, the state after it)."""
    from nile.cape.options import Options as KapOptions
    from nile.cape.state import new_game
    from nile.core import save
    from nile.core.players import Player
    from nile.core.rng import Rng

    from .ui import NAMES3, options

    for seed in seeds:
        if game == "banks":
            s = BanksState(options(NAMES3), seed)
        else:
            s = new_game(KapOptions(tuple(Player(n, c) for n, c in zip(NAMES3, ("red", "blue", "green"), strict=True))), seed)
        rng = Rng(seed + 100)
        while not s.is_terminal():
            seats = s.to_act()
            player = seats[rng.below(len(seats))]
            legal = s.legal_actions(player)
            builds = [a for a in legal if a.kind == "build"]
            action = builds[-1] if builds and rng.below(3) else legal[rng.below(len(legal))]
            before = s.clone()
            s.apply(action, player)
            if wanted(before, s, action) and not s.is_terminal():
                return save.dumps(before), action.text(), player, s
    raise AssertionError("no such move in these games")


def _new(before, after, key: str) -> bool:  # noqa: ANN001
    return any(e.key == key for e in after.log[len(before.log):])


SCENES = {
    # a water card laid from a pile onto a field with markers: they go to the boat
    "flood": ("banks", lambda b, a, act: act.kind == "water" and a.round > 0 and _new(b, a, "field.to_boat"),
              ("w:", "m")),
    # a card turned at the ebb whose arrow moves the tide marker on: the needle turns, the card shows
    "arrow": ("banks", lambda b, a, act: act.kind == "ebb" and b.tide != a.tide, ("tide", "ev")),
    # a scoring: the boat empties (the obelisk steps back), points added, the fruits to the boat
    "scoring": ("banks", lambda b, a, act: _new(b, a, "scoring.done") and a.obelisk != b.obelisk,
                ("obelisk", "pawn", "layer:chip")),
    # a crossing with rails bought and bonus rails used: the money and the rails fly to the locomotive,
    # the card crossed goes behind it, the income comes back
    "crossing": ("cape", lambda b, a, act: act.kind == "build" and any(
        e.key == "cape.build" and e.params["bought"] and e.params["bonus"] for e in a.log[len(b.log):]),
        ("loco", "c", "layer:flyer cape-coin", "layer:flyer cape-rail")),
}


def _engine_table(game: str, s) -> dict:  # noqa: ANN001
    from nile.banks.art import NEEDLE_TURN
    from nile.banks.data import TRACK_LENGTH

    view = s.view(None)
    if game == "banks":
        fields = [f for row in view["rows"] for f in row["fields"]]
        return {
            "water": sorted(f"w:{f['name']}" for f in fields if f["water"]),
            "desert": sorted(f"d:{f['name']}" for f in fields if f["desert"]),
            "obelisk": view["obelisk"],
            "pawns": {f"pawn{p['seat']}": min(p["pawn"], TRACK_LENGTH) for p in view["players"]},
            "needle": [str(NEEDLE_TURN[view["tide"]]), "none"],
            "jokers": sorted(f"j{p['seat']}.{k}" for p in view["players"] for k in range(p["jokers"])),
            "boat": str(len(view["boat"])),
        }
    crossed = {p["seat"]: [] for p in view["players"]}
    for e in view["log"]:
        if e["key"] == "cape.build":
            crossed[e["params"]["player"]].append(e["params"]["card"])
    return {
        "routes": [{"cards": [f"c{c['id']}" for c in p["route"]], "behind": [f"c{c}" for c in crossed[p["seat"]]][-8:]}
                   for p in view["players"]],
        "stats": {f"stats{p['seat']}": f"{p['money']} {p['crossed']} {p['bonus']}" for p in view["players"]},
        "bonus": sorted(f"b{p['seat']}.{i}" for p in view["players"] for i in range(p["bonus"])),
    }


def _scene(page: Page, scene: str, motion: bool) -> None:
    """Open the scene's game just before its move, make the move as a player would, look at what moves
    during it (the scene's pieces, with motion; nothing, with reduced motion), and once at rest check
    the table against the engine's position."""
    from .ui import continue_game, perform, put_saves

    game, wanted, pieces = SCENES[scene]
    text, action, player, after = _before(game, wanted)
    put_saves(page, {f"nile:game:{scene}": text})
    continue_game(page, scene)
    while page.locator("[data-i=moment-close]").count():
        click(page, page.locator("[data-i=moment-close]").first)
    page.evaluate(NOTE_MOTION_JS)
    if game == "banks":
        perform(page, action, player)
    else:
        click(page, intent("act", action))
    moving = page.evaluate(MOVING_JS)
    if motion:
        for piece in pieces:
            assert any(m.startswith(piece) for m in moving), (piece, moving)
        assert all(" " in m for m in moving)
    else:
        assert moving == [], moving
    page.evaluate(SETTLED)
    table = page.evaluate(TABLE_JS)
    assert table["left"] == 0 and table["moving"] == 0, table
    engine = _engine_table(game, _state(page))
    assert {k: table[k] for k in engine} == engine
    assert len(_state(page).history) == len(after.history)
    if game == "banks":
        places = _engine_places(_state(page))
        assert {k: v["at"] for k, v in page.evaluate(WHERE_JS).items()} == places


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_each_move_ends_exactly_in_the_engines_position_with_motion(app: Page, scene: str) -> None:
    app.emulate_media(reduced_motion="no-preference")
    _scene(app, scene, motion=True)


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_each_move_ends_exactly_in_the_engines_position_with_reduced_motion(app: Page, scene: str) -> None:
    app.emulate_media(reduced_motion="reduce")
    try:
        _scene(app, scene, motion=False)
    finally:
        app.emulate_media(reduced_motion="no-preference")


#: JS: each pulse started since ``NOTE_MOTION_JS`` on a player's line of numbers (``.players [data-k^=stats]``): its
#: piece, how far it swells and the line's width as laid out
PULSES_JS = """() => (window.__started || []).filter(([a, piece]) => piece.startsWith('stats')).map(([a, piece]) => {
  const scale = Number((/scale\\(([\\d.]+)\\)/.exec(a.effect.getKeyframes()[0].transform || '') || [])[1]);
  return {piece, scale, width: document.querySelector(`[data-k="${piece}"]`).offsetWidth};  // (as laid out: not swollen)
})"""


def test_a_changed_sum_swells_a_little_within_its_card(app: Page) -> None:
    """A player's money changed: the line of their card saying it swells and comes back (static/motion.js ``pulse``),
    by at most 16 px in all: a quarter of a ~340 px line (85 px) was cut off by the card at both ends."""
    from .ui import continue_game, put_saves

    app.emulate_media(reduced_motion="no-preference")
    text, action, _, _ = _before("cape", SCENES["crossing"][1])
    put_saves(app, {"nile:game:pulse": text})
    continue_game(app, "pulse")
    while app.locator("[data-i=moment-close]").count():
        click(app, app.locator("[data-i=moment-close]").first)
    app.evaluate(NOTE_MOTION_JS)
    click(app, intent("act", action))
    pulses = app.evaluate(PULSES_JS)
    assert pulses, "no line of numbers swelled"
    for p in pulses:
        assert 1 < p["scale"] and (p["scale"] - 1) * p["width"] <= 16.5, p


#: JS: a flyer put where motion.js puts them (#motion-layer, made as its ``layer()`` makes it when absent) over the
#: middle of the window: what a tap there finds, and what lies on top
FLYER_UNDER_JS = """() => {
  let layer = document.getElementById('motion-layer');
  if (!layer) { layer = document.createElement('div'); layer.id = 'motion-layer'; layer.setAttribute('aria-hidden', 'true'); document.body.append(layer); }
  const flyer = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  flyer.setAttribute('class', 'flyer');
  flyer.style.pointerEvents = 'auto';  // (the layer lets taps through: here the flyer is to be found, if on top)
  flyer.style.transform = `translate(${innerWidth / 2 - 9}px, ${innerHeight / 2 - 9}px)`;
  layer.append(flyer);
  const top = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
  flyer.remove();
  return top === flyer ? 'the flyer' : (top.closest('.handover-cover') ? 'the hand-over screen' : top.tagName);
}"""


def test_a_piece_in_flight_passes_under_a_screen_held_up_before_the_table(app: Page) -> None:
    """The coins and rails of a Kap crossing flew over the moment that told of them, across its sentences (seen in
    German on a tablet): the pieces in flight go under what is held up before the table (a moment, a lesson, a
    hand-over screen, the rules help, the open menu), over the table itself."""
    start_game(app, names=("Amun", "Bastet"), game="cape")  # a sealed bid first: the hand-over screen covers the table
    assert app.locator(".handover-cover").count()
    assert app.evaluate(FLYER_UNDER_JS) == "the hand-over screen"
