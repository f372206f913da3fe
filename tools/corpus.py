"""The reading corpus (issue 53): every distinct sentence the app shows or says, per language, to read whole.

Drives the web controller in CPython, as ``tests/web`` do, through every screen a player meets — home (empty,
with saved games, Recently deleted, a restore's report), the set-up of each registered game with its errors,
the rules help page by page, each game's guided game with its lessons and the coach's hints, an ordinary
game with every variant on and a computer player at the table, passed round for its sealed bids, the menu,
the moments, the end screen, the review and the replay, and a game by link between two devices — and
writes each sentence once, with the catalog key that made it and where it was first shown or said.

Which key made a sentence: the word layer tells a listener of every sentence it makes
(``nile.words.say.listen``); a sentence counts as shown when its words are in the rendered screen's text
or its accessible names (``tests/web/reading.visible_text``), as said when the herald hands it to the
page's live region (``#say``). Sentences are the same entry when their key and the *kinds* of their
parameters are (a player's name, a catalog word of one kind, a number 0, 1 or many, a text), so a game's
hundred "Anna sows flax" are one line. Lines of a screen no catalog sentence accounts for are listed apart
("not from a catalog": names, numbers, or words the code wrote itself).

    .venv/bin/python tools/corpus.py [--lang en,de] [--out build/corpus] [--quick] [--shots]

Writes ``<out>/<lang>.md`` (by screen: sentence, key, where), ``<out>/<lang>.json`` and the screens the
sentences were first seen on, ``<out>/screens/<lang>-<scenario>-<step>.html`` (the markup with the site's
CSS: open it in a browser from the repository; ``--shots`` renders each to PNG with Chromium as well).
"""

from __future__ import annotations

import argparse
import html as htmllib
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from nile.bots import protocol  # noqa: E402
from nile.games import GAMES, load_all, load_save  # noqa: E402
from nile.kit.intents import Intent  # noqa: E402
from nile.messages import LANGUAGES, catalog  # noqa: E402
from nile.web.controller import BOT_NAMES, DEFAULT_NAMES, FAR, GAME, HOME, SETUP, Controller  # noqa: E402
from nile.web.render import render_app  # noqa: E402
from nile.web.storage import Library, MemoryStore  # noqa: E402
from nile.words import Word  # noqa: E402
from nile.words.say import listen  # noqa: E402
from tests.web.reading import slips as reader_slips  # noqa: E402
from tests.web.reading import visible_text  # noqa: E402
from tests.web.test_far import entropy_seeded  # noqa: E402 - the far devices' entropy, seeded as the tests seed it

#: the people at the tables (French elides before both: "d'Anna", "d'Elio")
PEOPLE = ("Anna", "Elio")
#: a scenario's steps at most (a whole game of either game ends well before)
STEPS = 1500
#: hints asked of the coach in a game at most (each is a search in the bot worker's code)
HINTS = 3
#: the ordinary game's steps in a quick run (its menu, hand-overs and sealed bids come early)
QUICK_STEPS = 60
_TAGS = re.compile(r"<[^>]+>")
_LETTERS = re.compile(r"[^\W\d_]{2,}")
#: where a line made of several sentences and names is cut into its pieces
_PIECE = re.compile(r"\s*(?:[|,;:·()—–]|\.(?:\s|$))\s*")
#: the names set-up offers until a person types another one
_NAMES = frozenset((*DEFAULT_NAMES, *BOT_NAMES))
_BRACES = re.compile(r"\{[a-z_]+(?::[a-z]+)?\}")


def kind_of(value: Any, names: frozenset[str], counted: bool = True) -> str:
    """What sort of value a sentence's parameter is: sentences differing only in these are one entry. A number
    is 0, 1 or many when the sentence's form follows it (``counted``: its ``count``), else 0 or a number (a
    zero is often worth a sentence of its own: "puts 0 markers on the boat")."""
    if isinstance(value, Word):
        return "word:" + value.key.rsplit(".", 1)[0]
    if isinstance(value, bool):
        return "yes/no"
    if isinstance(value, int):
        if not counted:
            return "0" if value == 0 else "number"
        return "0" if value == 0 else "1" if value == 1 else "many"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        if value in names:
            return "name"
        if value.strip().lstrip("+−-").replace(",", "").replace(".", "").isdigit():
            return "number"
        return "text"
    if isinstance(value, (list, tuple)):
        return "list"
    return type(value).__name__


@dataclass
class Entry:
    key: str
    kinds: dict[str, str]
    sentence: str
    where: dict[str, Any]
    screenshot: str
    said: bool = False
    seen: int = 1

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "kinds": self.kinds, "sentence": self.sentence, "where": self.where,
                "screenshot": self.screenshot, "said": self.said, "seen": self.seen}


@dataclass
class Corpus:
    """One language's sentences, each once by key and parameter kinds, and the screens they were first on."""

    lang: str
    out: str
    entries: dict[tuple[str, tuple[tuple[str, str], ...]], Entry] = field(default_factory=dict)
    pending: list[tuple[str, Mapping[str, Any], str]] = field(default_factory=list)
    seen_lines: set[str] = field(default_factory=set)
    #: every sentence made so far (shown or not), with the key and kinds of the first that made it: a line made of
    #: pieces said earlier (a part of the screen drawn once and kept, shown later) is no loose line, and its pieces
    #: are entries from the screen that shows them
    made: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = field(default_factory=dict)
    loose: dict[str, dict[str, Any]] = field(default_factory=dict)
    unknown: dict[str, dict[str, Any]] = field(default_factory=dict)
    screens: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: how often each kind of screen was drawn, and the first of each kind in each scenario (its markup is kept)
    visited: dict[str, int] = field(default_factory=dict)
    firsts: set[tuple[str, str]] = field(default_factory=set)
    renders: int = 0

    def hear(self, key: str, lang: str, params: Mapping[str, Any], said: str) -> None:
        if lang == self.lang:
            self.pending.append((key, params, said))


def screen_of(c: Controller) -> str:
    """The kind of screen a controller shows: what a reader of the corpus looks for."""
    if c.helpdesk.help is not None:
        return "rules help"
    if c.screen == HOME:
        return "home"
    if c.screen == SETUP:
        return "set-up"
    if c.screen == FAR:
        return "play from afar"
    if c.screen != GAME or c.state is None:
        return c.screen
    if c.coach.coaching.review is not None:
        return "review"
    if c.replayer.replay is not None:
        return "replay"
    if c.far.sending:
        return "play from afar"
    base = "table"
    if c.secret.active_bidder() is not None:
        base = "sealed bid"
    elif c.secret.hand_over_order() and c.state.secret_decision() and c.secret.solo_bidder() is None:
        base = "hand-over"
    elif c.state.is_terminal():
        base = "end"
    # what lies over it: the menu, a lesson, a moment (a reader looks for both)
    over = "menu" if c.settings.menu_open else "lesson" if c.tutor.teaching.lessons else \
        "moment" if c.moments.moment is not None else ""
    return f"{base} · {over}" if over else base


class Reader:
    """Reads the screens of one scenario: renders, hears, writes down what is new."""

    def __init__(self, corpus: Corpus, scenario: str, game: str) -> None:
        self.corpus, self.scenario, self.game = corpus, scenario, game
        self.step = 0

    def look(self, c: Controller, did: str = "") -> None:
        corpus = self.corpus
        self.step += 1
        html = render_app(c)
        said = c.herald.take()
        corpus.renders += 1
        lines = visible_text(html)
        shown = "\n".join(" ".join(line.split()) for line in lines)
        heard = "\n".join(said)
        names = frozenset(n for n in (*c.names, *PEOPLE, *_NAMES) if n)
        screen = screen_of(c)
        where = {"game": self.game, "scenario": self.scenario, "screen": screen, "step": self.step, "did": did}
        shot = f"screens/{corpus.lang}-{self.scenario}-{self.step:04d}.html"
        fresh = False
        results: set[str] = set()
        for key, params, words in corpus.pending:
            results.add(words)
            sig = (key, tuple(sorted((k, kind_of(v, names, k == "count")) for k, v in params.items())))
            corpus.made.setdefault(" ".join(words.split()), sig)
            known = corpus.entries.get(sig)
            if known is not None:
                known.seen += 1
                continue
            on_screen, in_voice = _found(words, shown), _found(words, heard)
            if on_screen or in_voice:
                fresh = self._enter(sig, words, where, shot, said=in_voice and not on_screen)
        corpus.pending.clear()
        fresh = self._loose(lines, said, results, names, where, shot) or fresh
        corpus.visited[screen] = corpus.visited.get(screen, 0) + 1
        first = (self.scenario, screen)
        if first not in corpus.firsts:
            corpus.firsts.add(first)
            fresh = True
        if fresh:
            corpus.screens[shot] = where
            _write_screen(os.path.join(corpus.out, shot), html, said, c.lang, where)

    def _enter(self, sig: tuple[str, tuple[tuple[str, str], ...]], words: str, where: dict[str, Any], shot: str,
               said: bool = False) -> bool:
        corpus = self.corpus
        if sig in corpus.entries:
            return False
        key = sig[0]
        if words == key and key not in corpus.unknown:
            corpus.unknown[key] = where
        corpus.entries[sig] = Entry(key, dict(sig[1]), " ".join(_TAGS.sub(" ", words).split()), where, shot, said=said)
        return True

    def _loose(self, lines: list[str], said: list[str], results: set[str], names: frozenset[str],
               where: dict[str, Any], shot: str) -> bool:
        """Lines no sentence made here accounts for (names and numbers left aside): words the code wrote itself.
        A sentence made earlier and first shown now is entered from here (True: entries were added)."""
        corpus = self.corpus
        fresh = False
        ordered: list[str] | None = None
        for line in [*lines, *said]:
            line = " ".join(line.split())
            if line in corpus.seen_lines:
                continue
            corpus.seen_lines.add(line)
            if not _LETTERS.search(line):
                continue
            if line in corpus.made:
                fresh = self._enter(corpus.made[line], line, where, shot) or fresh
                continue
            if ordered is None:
                ordered = sorted((r for r in results if len(r) > 1), key=len, reverse=True)
            earlier = [m for m in corpus.made if len(m) > 3 and m in line and m not in results]
            for m in earlier:
                fresh = self._enter(corpus.made[m], m, where, shot) or fresh
            if not _accounted(line, [*ordered, *earlier], names) and len(corpus.loose) < 2000:
                corpus.loose[line] = {**where, "screenshot": shot}
        return fresh


def _accounted(line: str, made: list[str], names: frozenset[str]) -> bool:
    """Whether a line is made of sentences (made here, or earlier: a part drawn once and kept), names and numbers."""
    rest = line
    for r in sorted(made, key=len, reverse=True):
        if r in rest:
            rest = rest.replace(r, " | ")
    pieces = [p.strip() for p in _PIECE.split(rest)]
    return not [p for p in pieces if p and p not in names and p not in _NAMES and _LETTERS.search(p)]


def _found(words: str, text: str) -> bool:
    if not words or not _LETTERS.search(words):
        return False
    if "<" in words:  # a sentence with markup of its own: each run of its text on the screen
        parts = [" ".join(p.split()) for p in _TAGS.split(words)]
        return all(p in text for p in parts if _LETTERS.search(p))
    words = " ".join(words.split())
    if len(words) < 12:  # a word: on a line of its own, or as a word of a line
        return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text) is not None
    return words in text


_CSS = ("../../../dist/static/app.css", "../../../dist/static/end.css",
        "../../../static/app.css", "../../../static/end.css")


def _write_screen(path: str, html: str, said: list[str], lang: str, where: dict[str, Any]) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    links = "".join(f'<link rel="stylesheet" href="{href}">' for href in _CSS)
    voice = "".join(f"<p>{htmllib.escape(s)}</p>" for s in said)
    title = htmllib.escape(f"{where['scenario']} {where['step']}: {where['screen']}")
    with open(path, "w", encoding="utf-8") as fp:
        fp.write(f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>{links}'
                 f'<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
                 f'<body data-app-state="ready"><main id="app">{html}</main>'
                 f'<aside id="say" role="log" style="border-top:2px dashed #888;margin-top:1em;padding:.5em">'
                 f'<strong>#say</strong>{voice}</aside></body></html>')


# ---------------------------------------------------------------------------------------------------- playing
def controller(lang: str, store: MemoryStore | None = None, seed: int = 11) -> Controller:
    return Controller(Library(store or MemoryStore(), load_save), lambda: seed, lang)


def _bot_moves(c: Controller) -> bool:
    job = c.bots.job()
    if job is None:
        return False
    if "iterations" in job:
        job = {**job, "iterations": min(int(job["iterations"]), 8)}
    answer = protocol.handle(job)
    c.handle(Intent.BOT_MOVE, f'{answer["key"]}|{answer["text"]}')
    return True


def _coach_answers(c: Controller) -> None:
    """The bot worker's answers to what the coach asked (hints, a review), with a small search."""
    outbox = c.coach.coaching.outbox
    while outbox:
        request = dict(outbox.pop(0))
        if "iterations" in request:
            request["iterations"] = min(int(request["iterations"]), 8)
        c.coach.answer(protocol.handle(json.loads(json.dumps(request))))


def _secret_step(c: Controller) -> bool:
    """A sealed decision: the device handed to the next bidder, who changes the bid once and seals it."""
    s = c.state
    assert s is not None
    if not s.secret_decision():
        return False
    if c.secret.solo_bidder() is None and c.secret.bidder is None and c.secret.hand_over_order():
        c.handle(Intent.REVEAL_BIDDER, str(c.secret.hand_over_order()[0]))
        return True
    if c.secret.solo_bidder() is not None or c.secret.bidder is not None:
        c.handle(Intent.BID_CHANGE, "1")
        c.handle(Intent.BID_SUBMIT)
        return True
    return False


def step(c: Controller, rng: random.Random, seen: list[str], read: Reader) -> bool:
    """One thing a person at the table does (or a computer player's move); False at the end."""
    if c.tutor.teaching.lessons:
        c.handle(Intent.LESSON_CLOSE)
        return True
    if c.moments.moment is not None:
        c.handle(Intent.MOMENT_CLOSE)
        return True
    if _bot_moves(c):
        return True
    s = c.state
    if s is None or s.is_terminal():
        return False
    if _secret_step(c):
        return True
    seat = s.current_player()
    legal = [a.text() for a in s.legal_actions(seat)]
    roll = rng.random()
    if roll < 0.12:  # a refused tap: a move of earlier that is not allowed now, a place off the board's targets
        stale = [t for t in seen if t not in legal]
        if stale:
            c.handle(Intent.ACT, rng.choice(stale))
            read.look(c, "a refused move")
        c.handle(Intent.PICK, rng.choice(["field:W4-1", "field:E5-5", "market:M1", "card:M7", "card:R1"]))
        read.look(c, "a refused tap")
    elif roll < 0.16 and c.coach.hint_key() is not None and c.coach.hints_used() < HINTS:  # the coach's hints
        c.handle(Intent.HINT)
        read.look(c, "a hint asked")
        _coach_answers(c)
        read.look(c, "the hints shown")
    inter = c.table.interaction()
    picks = [k for k, t in inter.targets.items() if t.select]
    if picks and rng.random() < 0.3:  # choose on the board first, as a person does
        c.handle(Intent.PICK, rng.choice(picks))
        read.look(c, "a place chosen")
    choice = rng.choice([t for t in legal if t != "end"] or legal)
    c.handle(Intent.ACT, choice)
    if c.table.confirm is not None:
        read.look(c, "asked to confirm")
        c.handle(Intent.CONFIRM, choice)
    seen.append(choice)
    return True


def play_out(c: Controller, read: Reader, seed: int, extras: Callable[[Controller, int], None] | None = None,
             steps: int = STEPS) -> None:
    rng = random.Random(seed)
    seen: list[str] = []
    for n in range(steps):
        read.look(c, "play")
        if extras is not None:
            extras(c, n)
        if not step(c, rng, seen, read):
            break
    read.look(c, "the end")


def rules_help(c: Controller, read: Reader, pages: bool = True) -> None:
    """The rules help: its contents, every page (or the first few), a search found and one found empty, Back."""
    c.handle(Intent.RULES)
    read.look(c, "the rules help")
    links = re.findall(r'data-i="rules-open" data-v="([^"]+)"', render_app(c))
    words: list[str] = []
    for link in dict.fromkeys(links) if pages else list(dict.fromkeys(links))[:2]:
        c.handle(Intent.RULES_OPEN, link)
        read.look(c, f"rules page {link}")
        page = re.search(r'<article class="rules-page".*?</article>', render_app(c), re.S)
        if page is not None and not words:
            words = re.findall(r"[^\W\d_]{7,}", " ".join(visible_text(page.group(0))))
    for query in (words[len(words) // 2] if words else "", "xqzw"):  # a word of the rules in the language, and none
        c.handle(Intent.RULES_SEARCH, query)
        read.look(c, f"search {query}")
    c.handle(Intent.RULES_BACK)
    read.look(c, "back")
    c.handle(Intent.ESCAPE)


def home_empty(corpus: Corpus, quick: bool) -> None:
    read = Reader(corpus, "home", "")
    c = controller(corpus.lang)
    read.look(c, "first visit")
    c.keeper.storage_blocked = True
    read.look(c, "storage blocked")
    c.keeper.storage_blocked = False
    c.handle(Intent.FAR_OPEN, "https://example.org/#nonsense")
    read.look(c, "a broken link pasted")
    c.handle(Intent.DISMISS)
    rules_help(c, read, pages=not quick)


def setup(corpus: Corpus, game: str) -> None:
    read = Reader(corpus, f"setup-{game}", game)
    c = controller(corpus.lang)
    entry = GAMES[game]
    c.handle(Intent.NEW, game)
    read.look(c, "new game")
    c.handle(Intent.SETUP_COUNT, str(entry.max_players))
    read.look(c, "most players")
    for seat, kind in enumerate(("person", "easy", "normal", "strong", "far")[:entry.max_players]):
        c.handle(Intent.SETUP_KIND, f"{seat}:{kind}")
    read.look(c, "every kind of seat")
    for v in entry.variants:
        c.handle(Intent.SETUP_OPTION, f"variant:{v}")
        read.look(c, f"variant {v}")
    c.handle(Intent.SETUP_OPTION, "start:random")
    read.look(c, "a random start player")
    c.handle(Intent.SETUP_COUNT, str(entry.min_players))
    c.handle(Intent.SETUP_KIND, "0:person")
    c.handle(Intent.SETUP_NAME, "0:   ")
    c.handle(Intent.START_GAME)
    read.look(c, "an empty name")
    c.handle(Intent.SETUP_NAME, f"0:{PEOPLE[0]}")
    c.handle(Intent.SETUP_NAME, f"1:{PEOPLE[0]}")
    c.handle(Intent.START_GAME)
    read.look(c, "a name twice")
    c.handle(Intent.HOME)
    c.handle(Intent.NEW, game)
    c.handle(Intent.SETUP_COUNT, str(entry.min_players))
    c.handle(Intent.SETUP_KIND, "0:far")
    c.handle(Intent.SETUP_KIND, "1:far")
    c.handle(Intent.START_GAME)
    read.look(c, "every seat far away")
    c.handle(Intent.LEARN, game)
    read.look(c, "learn to play")


def guided(corpus: Corpus, game: str, quick: bool) -> Controller:
    read = Reader(corpus, f"guided-{game}", game)
    c = controller(corpus.lang)
    c.handle(Intent.LEARN, game)
    c.handle(Intent.SETUP_NAME, f"0:{PEOPLE[0]}")
    c.handle(Intent.START_GAME)

    undone: list[int] = []

    def extras(c: Controller, n: int) -> None:
        if n == 3:
            c.handle(Intent.COACH_LIST)
            read.look(c, "the coach's list")
            c.handle(Intent.COACH_LIST)
            c.handle(Intent.UNDO)
            read.look(c, "nothing to take back")
        if not undone and c.table.undo_possible():
            undone.append(n)
            c.handle(Intent.UNDO)
            read.look(c, "a move taken back")

    play_out(c, read, seed=3, extras=extras)
    if c.state is not None and c.state.is_terminal():
        end_screens(c, read, quick)
    return c


def end_screens(c: Controller, read: Reader, quick: bool) -> None:
    """After the end: the review (the coach through the game), the replay step by step and by rounds."""
    c.handle(Intent.REVIEW)
    read.look(c, "the review asked")
    _coach_answers(c)
    read.look(c, "the review")
    c.handle(Intent.REVIEW_EXIT)
    c.handle(Intent.REPLAY)
    read.look(c, "the replay")
    for how in ("start", "+1", "+1", "round+", "round+", "-1", "round-", "end"):
        c.handle(Intent.REPLAY_STEP, how)
        read.look(c, f"replay {how}")
    c.handle(Intent.REPLAY_EXIT)
    read.look(c, "back from the replay")


def table(corpus: Corpus, game: str, quick: bool) -> Controller:
    """Two people passing one device (sealed bids handed over) and a computer player, every variant on."""
    read = Reader(corpus, f"table-{game}", game)
    c = controller(corpus.lang, seed=5)
    entry = GAMES[game]
    c.handle(Intent.NEW, game)
    c.handle(Intent.SETUP_COUNT, "3")
    for seat, name in enumerate(PEOPLE):
        c.handle(Intent.SETUP_NAME, f"{seat}:{name}")
    c.handle(Intent.SETUP_KIND, "2:easy")
    for v in entry.variants:
        c.handle(Intent.SETUP_OPTION, f"variant:{v}")
    c.handle(Intent.START_GAME)
    assert c.screen == GAME, c.setup.form.error

    def extras(c: Controller, n: int) -> None:
        if n == 2:
            c.handle(Intent.LAYOUT, "portrait")
            c.handle(Intent.MENU)
            read.look(c, "the menu")
            c.handle(Intent.MENU)
            c.handle(Intent.LAYOUT, "landscape")
            c.handle(Intent.HINTS)
            read.look(c, "show me what I can do")
            c.handle(Intent.HINTS)
        if n == 8 and c.game_id is not None:  # what the page learns: a new version, the game in another tab, a bug
            c.updates.new_version_ready()
            read.look(c, "a new version ready")
            c.updates.update_ready = False
            for news, what in (("elsewhere", "open in another tab"), ("held", "played here again"),
                               ("lost", "taken over in another tab"), ("held", "played here again")):
                c.keeper.tab_news(c.game_id, news)
                read.look(c, what)
            c.keeper.went_wrong(RuntimeError("a test of the unexpected"))
            read.look(c, "something unexpected")
            c.handle(Intent.DISMISS)
        if n == 5:
            c.handle(Intent.STANDING)
            read.look(c, "where the game stands (S)")
            rules_help(c, read, pages=False)
            c.handle(Intent.BOT_PAUSE)
            read.look(c, "the computer players paused")
            c.handle(Intent.BOT_PAUSE)

    play_out(c, read, seed=len(corpus.lang) + len(game), extras=extras, steps=QUICK_STEPS if quick else STEPS)
    if c.state is not None and c.state.is_terminal():
        end_screens(c, read, quick)
    return c


def far(corpus: Corpus, game: str, quick: bool) -> None:
    """A game by link between two devices: the invitation, joining, each device waiting and moving."""
    read = Reader(corpus, f"far-{game}", game)
    with entropy_seeded(53):
        maker, other = controller(corpus.lang, seed=7), controller(corpus.lang, seed=7)
        maker.handle(Intent.NEW, game)
        maker.handle(Intent.SETUP_COUNT, "2")
        for seat, name in enumerate(PEOPLE):
            maker.handle(Intent.SETUP_NAME, f"{seat}:{name}")
        maker.handle(Intent.SETUP_KIND, "1:far")
        read.look(maker, "set up with a seat far away")
        maker.handle(Intent.START_GAME)
        read.look(maker, "the invitation to send")
        maker.handle(Intent.FAR_CLOSE)
        read.look(maker, "the invitation sent")
        other.handle(Intent.FAR_OPEN, maker.far.link_url())
        read.look(other, "the invitation opened")
        other.handle(Intent.FAR_JOIN, "1")
        read.look(other, "joined")
        devices = {PEOPLE[0]: maker, PEOPLE[1]: other}
        rng = random.Random(9)
        moves = 0
        limit = 20 if quick else 10_000
        for _ in range(20_000):
            if all(d.state is not None and d.state.is_terminal() for d in devices.values()) or moves >= limit:
                break
            mover = next(((d, p) for d in devices.values() if d.state is not None and not d.state.is_terminal()
                          for p in d.state.to_act() if d.plays_here(p)), None)
            early = moves < 30 or moves % 10 == 0  # every screen early on, then every tenth (each draws a QR code)
            if mover is None:
                _deliver(devices, read if early else None)
                continue
            d, p = mover
            if d.moments.moment is not None:
                d.handle(Intent.MOMENT_CLOSE)
            d.apply(rng.choice(d.state.legal_actions(p)).text(), p)  # type: ignore[union-attr]
            moves += 1
            if early:
                read.look(d, "a move")
            d.handle(Intent.FAR_CLOSE)  # the link sent
        for d in devices.values():
            read.look(d, "the end")
            d.handle(Intent.HOME)
            read.look(d, "home with a game from afar")


def _deliver(devices: dict[str, Controller], read: Reader | None) -> None:
    """Each device's link to the players it names, as its send cover names them."""
    for d in devices.values():
        if d.far.record is None:
            continue
        if d.far.send_to() and read is not None:
            d.handle(Intent.FAR_SEND)
            read.look(d, "the link to send")
        d.handle(Intent.FAR_CLOSE)
        url = d.far.link_url()
        for seat in d.far.send_to():
            receiver = devices[d.far.players()[seat]]
            receiver.handle(Intent.FAR_OPEN, url)
            if read is not None:
                read.look(receiver, "a link received")
            receiver.handle(Intent.FAR_CLOSE)


def home_saved(corpus: Corpus, games: list[Controller]) -> None:
    """Home with saved games (finished and not), one deleted, deleting for good asked, a backup restored."""
    read = Reader(corpus, "home-saved", "")
    store = MemoryStore()
    c = controller(corpus.lang, store=store)
    texts = []
    for g in games:
        if g.game_id is not None:
            raw = g.library.raw(g.game_id)
            if raw is not None:
                texts.append(raw)
    for t in texts:
        c.shelf.import_text(t)
        read.look(c, "a game imported")
        c.handle(Intent.HOME)
    c.handle(Intent.NEW, next(iter(GAMES)))
    c.handle(Intent.SETUP_COUNT, "2")
    c.handle(Intent.START_GAME)
    c.handle(Intent.HOME)
    c.keeper.persistent = False
    read.look(c, "saved games")
    c.keeper.persistent = True
    read.look(c, "storage kept for good")
    ids = [g["id"] for g in c.library.games()]
    if ids:
        c.handle(Intent.DELETE, ids[0])
        read.look(c, "a game deleted")
        binned = c.library.deleted()
        if binned:
            c.handle(Intent.PURGE, binned[0]["bin_id"])
            read.look(c, "delete for good asked")
            c.handle(Intent.PURGE_NO)
            c.handle(Intent.UNDELETE, binned[0]["bin_id"])
            read.look(c, "the game put back")
        c.handle(Intent.EXPORT, ids[0])
        read.look(c, "a game exported")
    c.handle(Intent.BACKUP)
    read.look(c, "backed up")
    c.shelf.import_text("not a save")
    read.look(c, "a file that is no save")
    c.handle(Intent.DISMISS)
    if games:
        backup = json.loads(games[0].library.backup()[0])
        backup["games"].append({"id": "broken", "title": "", "save": "{broken"})
        c.shelf.restore_text(json.dumps(backup))
        read.look(c, "a backup restored")
    c.handle(Intent.REPORT_CLOSE)
    c.shelf.restore_text("{not json")
    read.look(c, "a broken backup")


def run(lang: str, out: str, quick: bool) -> Corpus:
    corpus = Corpus(lang, out)
    before = listen(corpus.hear)
    try:
        home_empty(corpus, quick)
        played: list[Controller] = []
        for n, game in enumerate(GAMES):
            setup(corpus, game)
            if quick and n > 0:  # a quick run: every screen once, in the first game
                continue
            played.append(guided(corpus, game, quick))
            played.append(table(corpus, game, quick))
            far(corpus, game, quick)
        home_saved(corpus, played)
    finally:
        listen(before)
    return corpus


# ---------------------------------------------------------------------------------------------------- writing
def write(corpus: Corpus) -> dict[str, Any]:
    os.makedirs(corpus.out, exist_ok=True)
    entries = sorted(corpus.entries.values(), key=lambda e: (e.where["screen"], e.key, sorted(e.kinds.items())))
    summary = {"lang": corpus.lang, "sentences": len(entries), "keys": len({e.key for e in entries}),
               "screens": len(corpus.screens), "renders": corpus.renders,
               "screen_kinds": sorted({e.where["screen"] for e in entries}), "drawn": dict(sorted(corpus.visited.items())),
               "not_from_a_catalog": len(corpus.loose), "unknown_keys": sorted(corpus.unknown)}
    templates: dict[str, str] = {}
    for key, template in catalog(corpus.lang).items():  # a counted key once, in its first form
        templates.setdefault(re.sub(r"\[\d+\]$", "", key), template)
    met = {e.key for e in entries}
    unmet = {k: t for k, t in sorted(templates.items()) if k not in met}
    stumbles = reader_slips([e.sentence for e in entries], corpus.lang)
    summary.update(catalog_keys=len(templates), keys_not_met=len(unmet), reader_slips=len(stumbles))
    data = {"summary": summary, "entries": [e.to_json() for e in entries],
            "not_from_a_catalog": [{"line": line, **where} for line, where in corpus.loose.items()],
            "keys_not_met": unmet, "reader_slips": [{"what": what, "line": line} for what, line in stumbles]}
    with open(os.path.join(corpus.out, f"{corpus.lang}.json"), "w", encoding="utf-8") as fp:
        json.dump(data, fp, ensure_ascii=False, indent=1)
    md = [f"# Reading corpus: {LANGUAGES.get(corpus.lang, corpus.lang)} ({corpus.lang})", "",
          f"{len(entries)} distinct sentences from {summary['keys']} catalog keys, first seen on {len(corpus.screens)} "
          f"screens ({corpus.renders} screens drawn: "
          + ", ".join(f"{k} {n}" for k, n in sorted(corpus.visited.items())) + "). Each line: the sentence — `key` (parameter kinds) — where "
          "(scenario, step, what was done) — the screen's markup. *said*: heard through `#say` only.", ""]
    screen = None
    for e in entries:
        if e.where["screen"] != screen:
            screen = e.where["screen"]
            md += ["", f"## {screen}", ""]
        kinds = ", ".join(f"{k}: {v}" for k, v in sorted(e.kinds.items()))
        w = e.where
        md.append(f"- {e.sentence} — `{e.key}`{f' ({kinds})' if kinds else ''} — {w['scenario']} {w['step']} "
                  f"({w['did']}){' *said*' if e.said else ''} — [screen]({e.screenshot})")
    if corpus.loose:
        md += ["", "## not from a catalog", "",
               "Lines of a screen no catalog sentence accounts for once names and numbers are set aside.", ""]
        md += [f"- {line} — {w['scenario']} {w['step']} ({w['screen']}) — [screen]({w['screenshot']})"
               for line, w in corpus.loose.items()]
    if stumbles:
        md += ["", "## slips a native reader stumbles on", "",
               "What `tests/web/reading.py` (the wording test's reader) finds in the sentences above.", ""]
        md += [f"- {what}: {line}" for what, line in stumbles]
    md += ["", "## keys not met", "", f"{len(unmet)} of the catalog's {len(templates)} keys were not shown or said in this "
           "run (the page's own boot lines, refusals of damaged files and links, rarer events): key — its template.", ""]
    md += [f"- `{k}` — {' '.join(t.split())}" for k, t in unmet.items()]
    with open(os.path.join(corpus.out, f"{corpus.lang}.md"), "w", encoding="utf-8") as fp:
        fp.write("\n".join(md) + "\n")
    return summary


def slips(corpus: Corpus) -> list[str]:
    """Sentences showing a raw key (the word layer's answer for a key it does not know) or a placeholder."""
    found = [f"raw key {k}" for k in corpus.unknown]
    found += [f"placeholder in {e.key}: {e.sentence}" for e in corpus.entries.values() if _BRACES.search(e.sentence)]
    return found


def shots(out: str) -> None:
    """Each saved screen as a PNG at phone width, with Chromium (optional)."""
    from playwright.sync_api import sync_playwright

    folder = os.path.join(out, "screens")
    with sync_playwright() as p:
        exe = os.environ.get("CHROMIUM") or None
        browser = p.chromium.launch(executable_path=exe) if exe else p.chromium.launch()
        page = browser.new_page(viewport={"width": 390, "height": 844})
        for name in sorted(os.listdir(folder)):
            if name.endswith(".html"):
                page.goto("file://" + os.path.abspath(os.path.join(folder, name)))
                page.screenshot(path=os.path.join(folder, name[:-5] + ".png"), full_page=True)
        browser.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lang", default=",".join(LANGUAGES), help="languages, comma-separated (default: all)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "corpus"))
    ap.add_argument("--quick", action="store_true", help="every kind of screen once: the first game's guided game, a part of its other games, a few rules pages")
    ap.add_argument("--shots", action="store_true", help="render each saved screen to PNG with Chromium")
    args = ap.parse_args(argv)
    load_all()
    bad = 0
    for lang in args.lang.split(","):
        started = time.perf_counter()
        corpus = run(lang, args.out, args.quick)
        summary = write(corpus)
        problems = slips(corpus)
        bad += len(problems)
        print(f"{lang}: {summary['sentences']} sentences ({summary['keys']} of {summary['catalog_keys']} keys) on "
              f"{summary['screens']} screens, "
              f"{summary['renders']} drawn, {summary['not_from_a_catalog']} lines not from a catalog, "
              f"{summary['reader_slips']} slips, "
              f"{time.perf_counter() - started:.1f} s → {os.path.join(args.out, lang + '.md')}")
        for p in problems:
            print(f"  {p}")
    if args.shots:
        shots(args.out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
