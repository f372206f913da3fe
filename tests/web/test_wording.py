"""Words a native reader would write (issue 40): the rendered text of whole games, per language.

Each game is played through the controller in each language — a guided first game (a learner against
the easy computer player, lessons and hints on) and an ordinary table (two people and a computer
player; Nile with every variant, N10–N13) — with refused taps on the way, and every line of
every screen (its text and what assistive technology reads) is checked by ``reading.slips``: no engine
action text, no pronoun used as a name, no count of one with a plural word, no missing French elision,
no placeholder or doubled bracket, no "click". In Pyodide the games are shorter (``NILE_WORDING_STEPS``).
"""

from __future__ import annotations

import functools
import os
import random
import sys

import pytest

from nile.bots import protocol
from nile.games import GAMES, load_save
from nile.messages import LANGUAGES
from nile.web.controller import GAME, Controller
from nile.web.render import render_app
from nile.web.storage import Library, MemoryStore

from .reading import sentences, slips, visible_text

STEPS = int(os.environ.get("NILE_WORDING_STEPS", "120" if sys.platform == "emscripten" else "900"))
#: names that start with a vowel or an h, so French has to elide before them ("d'Anna", "d'Horus")
PEOPLE = ("Anna", "Elio")
TABLES = {"banks": ("3", ("N10", "N11", "N12", "N13")), "cape": ("3", ())}


def _guided(game: str, lang: str) -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 11, lang)
    c.handle("learn", game)
    c.handle("setup-name", f"0:{PEOPLE[0]}")
    c.handle("start-game")
    return c


def _table(game: str, lang: str) -> Controller:
    c = Controller(Library(MemoryStore(), load_save), lambda: 5, lang)
    c.handle("new", game)
    count, variants = TABLES[game]
    c.handle("setup-count", count)
    for seat, name in enumerate(PEOPLE):
        c.handle("setup-name", f"{seat}:{name}")
    c.handle("setup-kind", "2:easy")
    for v in variants:
        c.handle("setup-option", f"variant:{v}")
    c.handle("start-game")
    assert c.screen == GAME, c.setup.form.error
    return c


def _step(c: Controller, rng: random.Random, seen: list[str]) -> bool:
    """One thing a person at the table does (or a computer player's move); False at the end."""
    if c.tutor.teaching.lessons:
        c.handle("lesson-close")
        return True
    if c.moments.moment is not None:
        c.handle("moment-close")
        return True
    job = c.bots.job()
    if job is not None:
        answer = protocol.handle(job)
        c.handle("bot-move", f'{answer["key"]}|{answer["text"]}')
        return True
    s = c.state
    if s is None or s.is_terminal():
        return False
    secret = s.secret_decision() if hasattr(s, "secret_decision") else None
    if secret and c.secret.solo_bidder() is None and c.secret.bidder is None and c.secret.hand_over_order():
        c.handle("reveal-bidder", str(c.secret.hand_over_order()[0]))
        return True
    if c.secret.solo_bidder() is not None or c.secret.bidder is not None:
        c.handle("bid-change", "1")
        c.handle("bid-submit")
        return True
    seat = s.current_player()
    legal = [a.text() for a in s.legal_actions(seat)]
    if rng.random() < 0.15:  # a refused tap: a move of earlier that is not allowed now, and a field off the board's targets
        stale = [t for t in seen if t not in legal]
        if stale:
            c.handle("act", rng.choice(stale))
        c.handle("pick", rng.choice(["field:W4-1", "field:E5-5", "market:M1", "card:M7", "card:R1"]))
    choice = rng.choice([t for t in legal if t != "end"] or legal)
    inter = c.table.interaction()
    picks = [k for k, t in inter.targets.items() if t.select]
    if picks and rng.random() < 0.3:  # choose on the board first, as a person does
        c.handle("pick", rng.choice(picks))
    c.handle("act", choice)
    if c.table.confirm is not None:
        c.handle("confirm", choice)
    seen.append(choice)
    return True


def _read_game(c: Controller, seed: int, shown: dict[str, None] | None = None) -> tuple[list[str], set[str]]:
    """Every line of the game, shown or heard; the sentences shown (``reading.sentences``) go to ``shown`` if given."""
    rng = random.Random(seed)
    lines: dict[str, None] = {}
    seen: list[str] = []
    last = ""

    def read(html: str) -> None:
        lines.update(dict.fromkeys(visible_text(html)))
        if shown is not None:
            shown.update(dict.fromkeys(sentences(html)))

    for _ in range(STEPS):
        html = render_app(c)
        if html != last:
            read(html)
            last = html
        if not _step(c, rng, seen):
            break
    read(render_app(c))
    return list(lines), set(seen)


@functools.cache
def whole_game(game: str, lang: str, table: str) -> tuple[tuple[str, ...], frozenset[str], tuple[str, ...]]:
    """Every line of a whole game of ``game`` in ``lang`` (``table``: "guided" or "table"), the action texts played,
    and the sentences shown; read once per test session — ``test_wording_rules`` reads the same games."""
    c = _guided(game, lang) if table == "guided" else _table(game, lang)
    shown: dict[str, None] = {}
    lines, actions = _read_game(c, seed=len(lang) + len(game), shown=shown)
    return tuple(lines), frozenset(actions), tuple(shown)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("table", ["guided", "table"])
def test_every_line_of_a_whole_game_reads_as_a_native_reader_would_write_it(game, lang, table):
    lines, actions, _ = whole_game(game, lang, table)
    found = slips(lines, lang, actions)
    assert not found, f"{game} {table} in {lang}:\n" + "\n".join(f"  {what}: {line}" for what, line in found[:40])


@pytest.mark.parametrize(("lang", "line", "what"), [
    ("en", "You is the start player.", "a pronoun used as a name"),
    ("en", "4. You puts aubergine on the boat.", "a pronoun used as a name"),
    ("nl", "Het vlas van Jij groeit.", "a pronoun used as a name"),
    ("nl", "Jij is aan de beurt", "a pronoun used as a name"),
    ("fr", "Mise secrète de Vous", "a pronoun used as a name"),
    ("fr", "Vous prend D9", "a pronoun used as a name"),
    ("de", "Du legt Zwiebeln aufs Boot", "a pronoun used as a name"),
    ("en", "0 points · 1 points", "a count of one with a plural word"),
    ("de", "Gemeinsame Reihe: 1 Schienen", "a count of one with a plural word"),
    ("de", "Es fehlen 1 (Bonusschienen: 0)", "a count of one with a plural verb"),
    ("fr", "1 livres", "a count of one with a plural word"),
    ("fr", "Cartes désert : 21 dans la pioche, 1 défaussées.", "a count of one with a plural word"),
    ("fr", "1 AP", "another language's word"),
    ("fr", "le lin de Anna", "a missing elision"),
    ("fr", "le oignon", "a missing elision"),
    ("nl", "Klik op een gewas.", "'click' said to a person who may be tapping"),
    ("nl", "De waterkaart toont bederf (4 palmen) (rij W4).", "two brackets in a row"),
    ("en", "'sow grapes E3-3' is not possible now", "an engine action text"),
    ("en", "4. Bram puts aubergine on the boat.", "a fruit without its article"),
    ("en", "Selected: onion from your supply.", "a fruit without its article"),
    ("en", "Anna discards a joker: Bram's grapes on M4, stall 1, is ripe again.", "a plural word with a singular verb"),
])
def test_the_reader_catches_each_slip_the_testers_found(lang, line, what):
    assert (what, line) in slips([line], lang, {"sow grapes E3-3", "take M7"})


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "You pass."), ("en", "Your turn: 1 point, 1 joker."), ("de", "Du hast 1 Punkt."), ("de", "Du legst Zwiebeln aufs Boot."),
    ("nl", "Jij bent aan de beurt; van jou."), ("fr", "Vous prenez D9, d'Anna, le héron."), ("fr", "Vous avez 1 point."),
    ("en", "Anna sows flax on W4-2 (1 AP)."), ("en", "Bram sows an onion on W4-2 (1 AP)."),
    ("en", "Bram harvests the aubergine from E4-2 to M2, stall 3 (1 AP)."), ("en", "Sow an onion: choose it, then a field"),
])
def test_the_reader_leaves_good_sentences_alone(lang, line):
    assert not slips([line], lang, {"sow grapes E3-3"})
