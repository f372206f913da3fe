"""Play from afar over random tables (issue 44): a stateful property test through the controllers.

Each table is drawn from its seed: a game (Nile with 2–5 seats and its variants none, N11+N12 or N10–N13; Kap with
2–4 seats), each seat a person at the maker's device, a computer player (easy or normal) on the maker's device, or a
person far away on a device of their own; sometimes a device more that only watches. Every device is a Controller
with a store of its own, and the test is the people and the page: at each step, chosen at random from the table's
seed, a person plays a legal move for a seat their device plays (a sealed bid on their own screen or handed over,
or as ``test_far`` plays it), the page answers the bot decision its device asks for (``c.bots.job()``, polled as
``nile.web.app.workers`` polls it after every redraw), a person joins or watches, or a link goes from one device to
another: to whom the send cover names, the link the page offers to someone else, the same link twice, an old link
any device holds (sent or opened) to anyone, a link to the one who watches (whose page offers no link of its own once
the game has begun: it only passes on what it got). Whenever nobody can do anything, every link the send covers name
is delivered; at the end every player's link goes to every other device.

After every step, on every device: no error notice; the board holds no move its stored record does not (the
board's moves a prefix of the record's); no record holds another device's bid, nor any revealed bid, before every
bid is sealed; and each bot decision is asked once: no bot job is due on a device for a seat it does not hold, and
a job once answered is never due again. The game ends within a bound, and at the end every device's stored game and
record hold the same moves.

``NILE_FAR_TABLES`` sets how many tables (default 40, some 55 s of CPU: under 30 s with ``-n 2``; 3 in Pyodide),
``NILE_FAR_SEED`` the first table's seed (``NILE_FAR_SEED=55 NILE_FAR_TABLES=1`` plays table 55 alone). A failure
names the table (its seed and set-up), the step, the device and the steps before it; ``-s`` prints each table's
steps, counts and time.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest

from nile.banks import data as banks_data
from nile.bots import protocol
from nile.games import load_all, load_save
from nile.kit.intents import Intent
from nile.web.controller import FAR, GAME, Controller
from nile.web.rooms import far as far_room
from nile.web.storage import FAR_PREFIX, PREFIX, Library, MemoryStore

load_all()

TABLES = int(os.environ.get("NILE_FAR_TABLES", "3" if sys.platform == "emscripten" else "40"))
FIRST_SEED = int(os.environ.get("NILE_FAR_SEED", "1"))
#: steps a table may take before "the game did not end" (a 5-seat Nile game of random moves takes some 2,000)
STEPS = 30_000
STRENGTHS = ("easy", "normal")  # (strong: too slow for many tables)
NILE_VARIANTS = ((), ("N11", "N12"), ("N10", "N11", "N12", "N13"))
#: the last steps a failure shows
TRAIL = 14


@dataclass(frozen=True)
class Table:
    seed: int
    game: str
    kinds: tuple[str, ...]  # per seat: "" a person at the maker's device, a computer player's strength, or "far"
    variants: tuple[str, ...]
    watcher: bool

    def __str__(self) -> str:
        seats = ", ".join(f"{i}:{kind or 'person'}" for i, kind in enumerate(self.kinds))
        more = f" variants {'+'.join(self.variants)}" if self.variants else ""
        return f"table seed={self.seed} ({self.game} [{seats}]{more}{', a watcher' if self.watcher else ''})"


def draw_table(seed: int) -> Table:
    rng = random.Random(seed)
    game = rng.choice(("banks", "cape"))
    n = rng.randint(2, 5 if game == "banks" else 4)
    kinds = [rng.choice(("", "far", *STRENGTHS)) for _ in range(n)]
    if "far" not in kinds:  # a table played from afar has a seat far away
        kinds[rng.randrange(n)] = "far"
    if "" not in kinds:  # the set-up refuses a game from afar with no person here (checked on every table)
        kinds[rng.choice([i for i in range(n) if kinds[i] != "far"] or range(n))] = ""
    variants = rng.choice(NILE_VARIANTS) if game == "banks" else ()
    return Table(seed, game, tuple(kinds), variants, rng.random() < 0.4)


@dataclass
class Device:
    """One device: its controller and store, and what its page does with the bot worker."""

    name: str
    c: Controller
    seat: int | None = None  # the seat far away it plays (None: the maker's device, or the watcher's)
    watcher: bool = False
    joined: bool = False
    #: the links it has sent or opened, in its messages (a person may send an old one on, to anyone)
    links: list[str] = field(default_factory=list)
    bot_key: str | None = None  # the bot decision its page asked the worker for (``workers.Workers._bot_key``)
    job: dict[str, Any] | None = None
    answered: set[str] = field(default_factory=set)  # the bot decisions answered here

    @property
    def seats(self) -> tuple[int, ...]:
        r = self.c.far.record
        return r.seats if r is not None else ()


class TableFailed(AssertionError):
    pass


class Run:
    """One table played to its end through the devices' controllers."""

    def __init__(self, table: Table) -> None:
        self.t = table
        self.rng = random.Random(f"far-table-{table.seed}")
        self.step = 0
        self.trail: list[str] = []
        self.counts = {"moves": 0, "bids": 0, "bot jobs": 0, "bot answers": 0, "links": 0, "flushes": 0}
        self.delivered: dict[tuple[str, str], str] = {}  # (sender, to) -> the last link of sender's taken to `to`
        self.last: tuple[Device, str] | None = None  # the last link delivered and to whom
        seeds = random.Random(table.seed * 1_000_003)

        def device(name: str) -> Controller:
            r = random.Random(seeds.getrandbits(64))
            return Controller(Library(MemoryStore(), load_save), lambda: r.getrandbits(53))

        self.maker = Device("maker", device("maker"))
        self.devices = [self.maker]
        for seat, kind in enumerate(table.kinds):
            if kind == "far":
                self.devices.append(Device(f"far{seat}", device(f"far{seat}"), seat=seat))
        if table.watcher:
            self.devices.append(Device("watcher", device("watcher"), watcher=True))
        self.players = [d for d in self.devices if not d.watcher]

    # ------------------------------------------------------------------ failing clearly
    def fail(self, d: Device | None, what: str) -> None:
        where = f"device {d.name}" if d is not None else "the table"
        trail = "\n    ".join(self.trail[-TRAIL:])
        raise TableFailed(f"{self.t}, step {self.step}, {where}: {what}\n  the last steps:\n    {trail}")

    def check(self, ok: object, d: Device | None, what: str | Callable[[], str]) -> None:
        if not ok:
            self.fail(d, what() if callable(what) else what)

    def handle(self, d: Device, intent: Intent, value: str = "") -> None:
        """An intent on device ``d`` (the page: ``Core.handle`` never raises for what a person or a link does)."""
        try:
            d.c.handle(intent, value)
        except Exception as e:  # noqa: BLE001 (said with the table, the step and the device)
            self.fail(d, f"{intent.value} {value[:80]!r} raised {type(e).__name__}: {e}")

    def note(self, line: str) -> None:
        self.trail.append(f"{self.step}: {line}")
        del self.trail[:-TRAIL]

    # ------------------------------------------------------------------ set-up
    def set_up(self) -> None:
        c, t = self.maker.c, self.t
        self.handle(self.maker, Intent.NEW, t.game)
        self.handle(self.maker, Intent.SETUP_COUNT, str(len(t.kinds)))
        # first with nobody here: every seat far away, or the seats here all computer players
        nobody = [kind or self.rng.choice(("far", *STRENGTHS)) for kind in t.kinds]
        for i, kind in enumerate(nobody):
            self.handle(self.maker, Intent.SETUP_KIND, f"{i}:{kind}")
        self.handle(self.maker, Intent.START_GAME)
        self.check(c.screen != FAR and c.setup.form.error, self.maker,
                   f"the set-up began a game from afar with no person on the maker's device: {nobody}")
        for i, kind in enumerate(t.kinds):
            self.handle(self.maker, Intent.SETUP_KIND, f"{i}:{kind}")
        for v in t.variants:
            self.handle(self.maker, Intent.SETUP_OPTION, f"variant:{v}")
        self.handle(self.maker, Intent.START_GAME)
        self.check(c.screen == FAR and c.far.sending, self.maker, f"the game was not made: {c.setup.form.error}")
        self.maker.joined = True
        self.note("the maker made the game")

    # ------------------------------------------------------------------ what can be done
    def holder(self, seat: int) -> Device:
        return next((d for d in self.players if d.seat == seat), self.maker)

    def addressees(self, d: Device) -> list[Device]:
        """The devices the send cover names, whose last link from ``d`` is not this one."""
        if d.c.far.record is None:
            return []
        to = [self.holder(seat) for seat in d.c.far.send_to()]
        if not to:
            return []
        url = d.c.far.link_url()
        return [o for o in to if self.delivered.get((d.name, o.name)) != url]

    def progress(self) -> list[tuple[float, str, Callable[[], None]]]:
        """What a person or a page can do now that moves the game on: (weight, what, do)."""
        out: list[tuple[float, str, Callable[[], None]]] = []
        for d in self.devices:
            c, s = d.c, d.c.state
            if c.far.invitation is not None and not d.joined:
                out.append((3, f"{d.name} joins", partial(self.join, d)))
            if c.moments.moment is not None:
                out.append((1, f"{d.name}: Continue (a moment)", partial(self.handle, d, Intent.MOMENT_CLOSE, "")))
            if s is not None and c.screen == GAME and not s.is_terminal():
                for p in s.to_act():
                    if c.plays_here(p):
                        out.append((4, f"{d.name}: seat {p} moves", partial(self.person, d, p)))
            if d.job is not None and d.job["key"] == d.bot_key:
                out.append((4, f"{d.name}: the bot worker answers {d.bot_key}", partial(self.answer, d)))
            if self.addressees(d):
                out.append((2, f"{d.name} sends its link", partial(self.send, d)))
        return out

    def detours(self) -> list[tuple[float, str, Callable[[], None]]]:
        """Links that go another way than the send cover says (early, late, twice, old, to the watcher)."""
        out: list[tuple[float, str, Callable[[], None]]] = []
        senders = [d for d in self.devices if self.offered(d)]
        if senders:
            out.append((0.5, "a link to someone else", self.to_someone_else))
        if self.last is not None:
            out.append((0.15, "the same link again", self.again))
        if any(d.links for d in self.devices):
            out.append((0.3, "an old link", self.old_link))
        watcher = next((d for d in self.devices if d.watcher), None)
        if watcher is not None and senders:
            out.append((0.3, "a link to the watcher",
                        lambda: self.pass_link(self.rng.choice([d for d in senders if d is not watcher] or senders), watcher,
                                               how="to the watcher")))
        return out

    def offered(self, d: Device) -> bool:
        """Whether the device's page offers its own link to send: the send cover names someone, or the game waits for
        its players (the home screen's list offers it) — one who watches never sends the game begun."""
        r = d.c.far.record
        return r is not None and (r.seed is None or bool(d.c.far.send_to()))

    # ------------------------------------------------------------------ the people
    def join(self, d: Device) -> None:
        c = d.c
        if d.watcher:
            hand = "watch"
        else:
            hands = [i for i, seats in c.far.joinable() if d.seat in seats]
            self.check(hands, d, lambda: f"seat {d.seat}'s hand is not offered: {c.far.joinable()}")
            hand = str(hands[0])
        self.note(f"{d.name} joins: {hand}")
        self.handle(d, Intent.FAR_JOIN, hand)
        d.joined = True

    def person(self, d: Device, p: int) -> None:
        """A person at ``d`` plays for seat ``p``: a sealed bid through the secret room or as test_far plays it;
        else a move through the table's buttons or applied."""
        c = d.c
        s = c.state
        assert s is not None
        r = c.far.record
        self.check(r is not None and p in r.seats, d, f"a person may move for seat {p}, which this device does not play")
        assert r is not None
        before = len(s.history)
        legal = [a.text() for a in s.legal_actions(p)]
        if s.secret_decision():
            self.check(r.auction is not None and not r.auction.revealed, d,
                       lambda: f"seat {p} is to bid while bids are revealed already: {r.auction.to_json() if r.auction else None}")
            self.counts["bids"] += 1
            if self.rng.random() < 0.5:
                self.bid_on_screen(d, p, s.GAME)
                return
            text = self.rng.choice(legal)
            self.note(f"{d.name}: seat {p} seals {text!r} (applied)")
            self.apply(d, text, p)
            return
        self.counts["moves"] += 1
        text = self.rng.choice([t for t in legal if t != "end"] or legal) if self.rng.random() < 0.8 else self.rng.choice(legal)
        if self.rng.random() < 0.6 and c.table.actor() == p:
            self.note(f"{d.name}: seat {p} taps {text!r}")
            self.handle(d, Intent.ACT, text)
            if c.table.confirm is not None:
                self.handle(d, Intent.CONFIRM, text)
            self.check(c.state is not None and len(c.state.history) == before + 1, d,
                       lambda: f"the move {text!r} tapped for seat {p} was not played (notice {c.notice})")
            return
        self.note(f"{d.name}: seat {p} plays {text!r} (applied)")
        self.apply(d, text, p)

    def bid_on_screen(self, d: Device, p: int, game: str) -> None:
        c = d.c
        if c.secret.active_bidder() != p:
            self.handle(d, Intent.REVEAL_BIDDER, str(p))  # the hand-over: "I am …"
        self.check(c.secret.active_bidder() == p, d, f"seat {p}'s bid screen does not open (hold {sorted(c.hold)})")
        steps = []
        for _ in range(self.rng.randint(0, 3)):
            step = (f"{self.rng.choice(banks_data.CROPS)}:+" if game == "banks" else self.rng.choice(("1", "2", "5", "-1")))
            steps.append(step)
            self.handle(d, Intent.BID_CHANGE, step)
        self.note(f"{d.name}: seat {p} bids on the screen ({' '.join(steps) or 'as offered'})")
        self.handle(d, Intent.BID_SUBMIT)
        self.check(p in c.hold or c.state is None or p not in c.state.to_act() or not c.state.secret_decision(), d,
                   lambda: f"seat {p}'s bid was not taken (notice {c.notice})")

    def apply(self, d: Device, text: str, p: int) -> None:
        try:
            d.c.apply(text, p)
        except Exception as e:  # noqa: BLE001 (said with the table, the step and the device)
            self.fail(d, f"{text!r} applied for seat {p} raised {type(e).__name__}: {e}")

    # ------------------------------------------------------------------ the page and the bot worker
    def poll(self, d: Device) -> None:
        """What the page does after every redraw (``Workers.drive_bots``): ask the worker for the bot decision due,
        once per key while it is due."""
        c = d.c
        due = c.bots.due()
        if due is None:
            d.bot_key, d.job = None, None
            return
        if due[0] == d.bot_key:
            return
        job = c.bots.job()
        if job is None:
            return
        key, seat = job["key"], job["seat"]
        self.counts["bot jobs"] += 1
        self.check(seat in d.seats, d, lambda: f"a bot job {key} is due for seat {seat}, which this device does not hold "
                   f"(its seats {d.seats}; {'it watches' if d.watcher else 'seat far away'})")
        self.check(key not in d.answered, d, lambda: f"the bot job {key} (seat {seat}) is due again after it was answered"
                   f"{' (its bid is sealed here)' if seat in c.hold else ''}")
        d.bot_key, d.job = key, dict(job)

    def answer(self, d: Device) -> None:
        job = d.job
        assert job is not None
        answer: dict[str, Any] = dict(protocol.handle(job))  # what the bot worker does with the message, in CPython
        self.check(protocol.check(answer) == "decided", d, f"the bot worker did not decide: {answer}")
        self.note(f"{d.name}: bot answers {answer['key']} with {answer['text']!r}")
        self.counts["bot answers"] += 1
        d.bot_key, d.job = None, None  # the page shows the move (``Workers.on_bot_message``'s show)
        d.answered.add(job["key"])
        self.handle(d, Intent.BOT_MOVE, f"{answer['key']}|{answer['text']}")

    # ------------------------------------------------------------------ links
    def pass_link(self, sender: Device, to: Device, url: str | None = None, how: str = "") -> None:
        url = url if url is not None else sender.c.far.link_url()
        for d in (sender, to):
            if url not in d.links[-3:]:
                d.links.append(url)
        self.note(f"link {sender.name} -> {to.name}{f' ({how})' if how else ''}, {len(url)} chars")
        self.counts["links"] += 1
        self.handle(to, Intent.FAR_OPEN, url)
        self.last = (to, url)
        if url == sender.c.far.link_url():
            self.delivered[(sender.name, to.name)] = url

    def send(self, d: Device) -> None:
        for to in self.addressees(d):
            self.pass_link(d, to)
            self.after(to)

    def to_someone_else(self) -> None:
        sender = self.rng.choice([d for d in self.devices if self.offered(d)])
        named = {o.name for o in self.addressees(sender)}
        to = self.rng.choice([d for d in self.devices if d is not sender and d.name not in named] or
                             [d for d in self.devices if d is not sender])
        self.pass_link(sender, to, how="to someone else")

    def again(self) -> None:
        assert self.last is not None
        to, url = self.last
        self.note(f"the same link again to {to.name}")
        self.counts["links"] += 1
        self.handle(to, Intent.FAR_OPEN, url)

    def old_link(self) -> None:
        sender = self.rng.choice([d for d in self.devices if d.links])
        url = self.rng.choice(sender.links)
        to = self.rng.choice([d for d in self.devices if d is not sender])
        self.pass_link(sender, to, url, how=f"an old one it holds, #{sender.links.index(url) + 1} of {len(sender.links)}")

    def flush(self) -> bool:
        """Nobody can move: every link the send covers name, until none is new; True when one was delivered."""
        self.counts["flushes"] += 1
        any_sent = False
        for _ in range(50):
            senders = [d for d in self.devices if self.addressees(d)]
            if not senders:
                return any_sent
            for d in senders:
                self.step += 1
                self.send(d)
                any_sent = True
        self.fail(None, "the links went round fifty times without settling")
        return any_sent

    # ------------------------------------------------------------------ the properties
    def after(self, d: Device) -> None:
        """What must hold on device ``d`` after any step (its page redrawn)."""
        c = d.c
        self.check(c.notice is None or c.notice[0] == "info", d, lambda: f"an error notice: {c.notice}")
        r = c.far.record
        if c.state is not None:
            self.check(r is not None, d, "a game is open without its record")
            assert r is not None
            raw = c.library.store.get(FAR_PREFIX + r.id)
            self.check(raw is not None, d, "the open game's record is not stored")
            stored = json.loads(raw or "{}")["actions"]
            board = c.state.history_texts()
            if board != stored[: len(board)]:
                i = next((i for i, (a, b) in enumerate(zip(board, stored)) if a != b), min(len(board), len(stored)))
                self.fail(d, f"the board shows moves its stored record does not hold: board {len(board)} moves, record "
                          f"{len(stored)}; from move {i + 1}: board {board[i:i + 3]} record {stored[i:i + 3]}")
        for gid in c.library.far.ids():
            record = c.library.far.get(gid)
            if record is None:
                continue
            if not set(record.own_bids) <= set(record.seats):
                self.fail(d, f"its record holds another seat's bid in the clear: {record.own_bids} (its seats {record.seats})")
            auction = record.auction
            if auction is not None and not auction.all_sealed and auction.revealed:
                self.fail(d, f"a bid is revealed before every bid is sealed: {auction.to_json()}")
        self.poll(d)

    def after_all(self) -> None:
        for d in self.devices:
            self.after(d)

    # ------------------------------------------------------------------ playing
    def over(self) -> bool:
        return all(d.c.state is not None and d.c.state.is_terminal() for d in self.players)

    def play(self) -> None:
        self.set_up()
        self.after_all()
        while not self.over():
            self.step += 1
            if self.step > STEPS:
                self.fail(None, f"the game did not end in {STEPS} steps ({self.counts})")
            options = self.progress()
            if not options:
                if not self.flush():
                    waiting = {d.name: d.c.far.waiting_for() if d.c.far.record else "no record" for d in self.devices}
                    self.fail(None, f"nobody can move and every link is delivered; waiting for {waiting}")
                self.after_all()
                continue
            if self.rng.random() < 0.12:
                options = self.detours() or options
            weights = [w for w, _, _ in options]
            _, what, do = self.rng.choices(options, weights)[0]
            do()
            self.after_all()
        self.finish()

    def finish(self) -> None:
        """Every device gets every other's link until none brings anything new; then all hold the same game."""
        for _ in range(10):
            news = False
            for sender in self.players:  # (one who watches sends nothing: its page offers no link)
                for to in self.devices:
                    if to is sender:
                        continue
                    before = self.stored_record(to)
                    self.step += 1
                    self.pass_link(sender, to, how="at the end")
                    self.after(to)
                    news = news or before != self.stored_record(to)
            if not news:
                break
        games = {d.name: json.loads(self.stored_game(d)) for d in self.devices}
        first = games["maker"]
        for d in self.devices:
            game = games[d.name]
            if game["actions"] != first["actions"] or game["seed"] != first["seed"]:
                self.fail(d, f"its stored game differs from the maker's: {len(game['actions'])} moves against {len(first['actions'])}")
            self.check(load_save(self.stored_game(d)).is_terminal(), d, "its stored game is not over")
            record = json.loads(self.stored_record(d) or "{}")
            if record.get("actions") != first["actions"]:
                self.fail(d, f"its record's moves differ from the maker's game: {len(record.get('actions', []))} against {len(first['actions'])}")

    def stored_game(self, d: Device) -> str:
        keys = [k for k in d.c.library.store.keys() if k.startswith(PREFIX)]
        self.check(len(keys) == 1, d, f"it stores {len(keys)} games, not one: {keys}")
        return d.c.library.store.get(keys[0]) or ""

    def stored_record(self, d: Device) -> str | None:
        keys = [k for k in d.c.library.store.keys() if k.startswith(FAR_PREFIX)]
        return d.c.library.store.get(keys[0]) if keys else None


@pytest.fixture(autouse=True)
def seeded_entropy(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[None]:
    """The devices' secrets, salts and ids from a generator seeded by the table (the page draws them from crypto)."""
    seed = request.node.callspec.params.get("seed", 0) if hasattr(request.node, "callspec") else 0
    rng = random.Random(f"far-entropy-{seed}")
    monkeypatch.setattr(far_room, "entropy", lambda n: bytes(rng.getrandbits(8) for _ in range(n)))
    yield


@pytest.mark.parametrize("seed", range(FIRST_SEED, FIRST_SEED + TABLES))
def test_a_random_table_played_from_afar_ends_the_same_on_every_device(seed: int, record_property: Callable[[str, object], None]) -> None:
    table = draw_table(seed)
    run = Run(table)
    began = time.perf_counter()
    try:
        run.play()
    finally:
        took = time.perf_counter() - began
        record_property("seconds", round(took, 2))
        print(f"{table}: {run.step} steps, {run.counts}, {took:.2f} s")
