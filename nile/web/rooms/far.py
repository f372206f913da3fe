"""Play from afar (issue 44): a game whose seats are spread over several devices, passed between them by link.

The rules of trust and the record of a device's part are the core's (``nile.core.remote``,
``nile.core.correspondence.Far``); this room is what a person does with them:

- **Set-up** (``start``, from the set-up room): each seat played "far away, by link" is a hand of its own, the
  maker's device holds the others (its persons and its computer players). The game gets an id and this device's
  secret from the browser's crypto (``os.urandom``), and the invitation is ready to send (screen ``FAR``).
- **Opening a link** (``open_link``: the page's address ``#far=…`` read at start, or a link pasted on the home
  screen): a game this device does not know yet is an invitation: the person picks the player they are, or
  watches (``FAR_JOIN``). A game it knows takes what the link brings (``Far.receive``): new moves (the game opens
  at the person's turn, "since your turn" saying what happened), nothing new, or a stale link (this device knows
  more: nothing changes). A link refused (damaged, another game, a secret or a bid that is not what was
  promised) is said and changes nothing; a link that went another way than the stored game (someone moved twice
  from the same position) is refused with who and where, and its game is kept beside as a game of its own, so
  neither copy is lost.
- **Playing**: this device plays its seats on the ordinary table; the seats far away are held (``Core.remote``,
  ``Core.hold``): no target, no undo, no bot for them. A move made here goes into the record (``moved``; an undo,
  which only ever takes back this device's moves of its own turn, too). A secret bid is not played: it is sealed
  (``takes``): only its commitment leaves this device until every bid is in.
- **Sending** (``FAR_SEND``): the link of what this device knows that may be known, to share, copy or scan, with
  whom it goes to.

The public game is an ordinary saved game under the game's id (the keeper writes it); the record is kept beside
it (``storage.far``), written whenever it changes.
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Sequence
from typing import Any

from ...core import compact
from ...core.correspondence import Far
from ...core.game import GameState
from ...core.remote import LinkError
from ...core.save import SaveError
from ...core.sign import SigningKey
from ...games import GAMES, load_all
from ...kit.intents import Intent
from ...messages import describe, plural
from ...messages import text as msg
from ..core import FAR, GAME, HOME, Core, Handler, Room
from ..storage import FAR_PREFIX, SaveConflict, StorageFull
from .keeper import Keeper

#: what starts a link to a game in the page's address (``https://…/#far=1.eJy…``)
FRAGMENT = "far="
#: bytes of randomness in a game's id (URL-safe base64: 16 characters) and in a device's secret (hex: 64)
ID_BYTES, SECRET_BYTES, SALT_BYTES, KEY_BYTES = 12, 32, 16, 32
#: the browser's crypto (Pyodide's os.urandom is crypto.getRandomValues); a test may put its own
entropy = os.urandom


def new_game_id() -> str:
    return base64.urlsafe_b64encode(entropy(ID_BYTES)).decode("ascii")


def new_secret(size: int = SECRET_BYTES) -> str:
    return entropy(size).hex()


def new_key() -> str:
    """A device's signing key for one game (Ed25519's 32-byte seed, ``nile.core.sign``), from the browser's crypto."""
    return SigningKey.from_seed(entropy(KEY_BYTES)).seed_text


def link_text(value: str) -> str:
    """The link's own text in what was pasted or opened: a whole address (``…#far=1.eJy…``), the fragment, or
    the text alone; spaces and line breaks a message may have put in are dropped."""
    text = "".join(value.split())
    _, found, after = text.partition("#" + FRAGMENT)
    if found:
        return after
    return text[len(FRAGMENT):] if text.startswith(FRAGMENT) else text


class FarRoom(Room):
    def __init__(self, core: Core, keeper: Keeper) -> None:
        super().__init__(core)
        self.keeper = keeper
        #: the record of the game played from afar that is open (on the game screen, or on ``FAR`` before it
        #: has a seed); None for any other game
        self.record: Far | None = None
        #: an invitation opened here, not yet joined: its text (the person picks a player or watches), and the
        #: game it holds as one who watches would keep it (what the page shows of it)
        self.invitation: str | None = None
        self._preview: Far | None = None
        self.sending = False  # the link to send is shown
        #: the page's address without its fragment (the page says it: ``https://…/``); links are made from it
        self.page_url = "https://nile.invalid/"
        self._link: tuple[tuple[object, ...], str] | None = None
        #: the link last shown to send and closed by the person (most likely sent): the line then says who plays now
        self._shown: str | None = None
        #: the link to send waits for the moment a link brought to be read (``_receive``)
        self._after_moment = False

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.FAR_SEND: self._on_send, Intent.FAR_CLOSE: self._on_close, Intent.FAR_SHARE: self._on_share,
                Intent.FAR_COPY: self._on_copy, Intent.FAR_JOIN: self._on_join, Intent.FAR_OPEN: self.open_link,
                Intent.FAR_REMOVE: self._on_remove}

    # ------------------------------------------------------------------ hooks
    def opened(self) -> None:
        core = self.core
        self.sending = self._after_moment = False
        self.invitation = None
        self.record = core.library.far.get(core.game_id) if core.game_id else None
        self._hold()

    def closed(self) -> None:
        self.record, self.invitation, self.sending = None, None, False

    def dropped(self) -> None:
        self.sending = False

    def moved(self, before: int, player: int | None, by_person: bool) -> None:
        self._take_table()

    def changed(self) -> None:
        self._take_table()  # an undo of this device's own moves takes them out of the record too
        if self._after_moment and self.core.bots_held() is None:  # the moment a link brought was read: now send
            self._after_moment = False
            self.sending = self.record is not None and self.core.state is not None and bool(self.send_to())

    def takes(self, text: str, player: int | None) -> bool:
        """A secret bid of this device's seat is sealed, not played: only its commitment leaves the device."""
        r, s, core = self.record, self.core.state, self.core
        if r is None or s is None or player is None or player not in r.seats or not s.secret_decision():
            return False
        r.bid(s.parse_action(text), player, new_secret(SALT_BYTES), GAMES)
        self._keep()
        state = r.state(GAMES)
        if state is not None and len(state.history) > len(s.history):  # every bid was this device's: played
            core.open_game(r.id, state)
            self.keeper.autosave()
        self._hold()
        self.sending = bool(self.send_to())
        return True

    # ------------------------------------------------------------------ reading
    def players(self, record: Far | None = None) -> list[str]:
        """The players' names, from the record's options (before the game has a seed too)."""
        r = record or self.record
        return [str(p.get("name", "")) for p in r.options.get("players", [])] if r is not None else []

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the game waits for now, whichever device holds them (nothing once it is over)."""
        return self.record.waiting_for(GAMES) if self.record is not None else ()

    def send_to(self) -> tuple[int, ...]:
        """The persons whose device the link goes to now — each device named by the first person it holds, never a
        computer player — or nothing while this device must act (or watches).

        Before the game begins, the devices that joined send to the maker's device only, and the maker's to those
        whose promise or secret it waits for (they never send to each other). At the end, the device that made the
        last move sends it to every other device; the others have nothing to send."""
        r = self.record
        if r is None or r.mine is None:
            return ()  # (one who watches sends nothing)
        waiting = self.waiting_for()
        if any(s in r.seats for s in waiting):
            return ()  # this device's turn first
        away = [s for s in waiting if s not in r.seats]
        if r.seed is None and r.mine != 0:
            away = [r.hands[0][0]] if away else []
        state = r.state(GAMES) if not away else None
        if state is not None and state.is_terminal():  # the last moves, for every other device
            last = state.history[-1][0] if state.history else None
            away = [s for s in range(state.num_players) if s not in r.seats] if last in r.seats else []
        return tuple(dict.fromkeys(self.person_of(s) for s in away))

    def person_of(self, seat: int, record: Far | None = None) -> int:
        """The person who holds ``seat``'s device: the first seat of its hand played by a person (a computer player
        is on the maker's device, with at least one person: the set-up sees to it)."""
        r = record or self.record
        assert r is not None
        hand = next(h for h in r.hands if seat in h)
        return next((s for s in hand if not self.is_bot(r, s)), hand[0])

    @staticmethod
    def is_bot(record: Far, seat: int) -> bool:
        """Whether ``seat`` of ``record``'s game is a computer player."""
        players = record.options.get("players", [])
        return seat < len(players) and bool(players[seat].get("bot"))

    def waits_elsewhere(self) -> str | None:
        """Whose device the table waits for: "Waiting for a link from Bram." — or, for a computer player another
        device plays, that device's person and the computer player ("… from Heike: the computer player Kalle plays
        on that device")."""
        r, core = self.record, self.core
        if r is None or core.state is None:
            return None
        away = [s for s in self.waiting_for() if s not in r.seats]
        bots = [s for s in away if self.is_bot(r, s)]
        owners = {self.person_of(s) for s in bots}  # (a device waited for with its computer players: said once)
        persons = [s for s in away if not self.is_bot(r, s) and self.person_of(s) not in owners]
        names = self.players()
        parts = [describe({"key": "far.waiting", "params": {"players": persons}}, names, core.lang)] if persons else []
        return " ".join(parts + self._bots_said("far.waiting_bots", bots, names))

    def _bots_said(self, key: str, bots: list[int], names: list[str]) -> list[str]:
        """One sentence ``key`` per device playing some of the computer players ``bots``: its person and them."""
        said = []
        for owner in dict.fromkeys(self.person_of(s) for s in bots):
            theirs = [s for s in bots if self.person_of(s) == owner]
            said.append(describe({"key": key, "params": {"owner": owner, "players": theirs, "count": len(theirs)}},
                                 names, self.core.lang))
        return said

    def plays_next(self) -> str:
        """Once the link went (``send_to``): who plays next on the devices it went to — "Bram plays next, on their own
        device." — or, for a computer player another device plays, "The computer player Kalle plays next, on Heike's
        device." (not "Heike plays next": Heike's device plays Kalle's turn, Heike waits)."""
        r, core = self.record, self.core
        to = self.send_to()
        if r is None or core.state is None or not to:
            return ""
        away = [s for s in self.waiting_for() if s not in r.seats]
        bots = [s for s in away if self.is_bot(r, s)]
        people = {self.person_of(s) for s in away if not self.is_bot(r, s)}
        owners = {self.person_of(s) for s in bots}
        persons = [p for p in to if p in people or p not in owners]  # (a device whose only move is its computer player's: below)
        names = self.players()
        parts = ([describe({"key": "far.line_sent", "params": {"players": persons, "count": len(persons)}}, names, core.lang)]
                 if persons else [])
        return " ".join(parts + self._bots_said("far.line_sent_bots", bots, names))

    def pending(self) -> list[Far]:
        """The games played from afar still waiting for their players (no seed yet), for the home screen."""
        records = (self.core.library.far.get(gid) for gid in self.core.library.far.ids())
        return [r for r in records if r is not None and r.seed is None]

    def link_url(self) -> str:
        """The link that carries what this device may tell of the open game."""
        r = self.record
        assert r is not None
        auction = r.auction.to_json() if r.auction is not None else None
        key = (r.id, tuple(r.actions), tuple(sorted(r.promised)), tuple(sorted(r.secrets)), repr(auction), self.page_url)
        if self._link is None or self._link[0] != key:  # (packing replays the game: once per change, not per drawing)
            self._link = (key, f"{self.page_url}#{FRAGMENT}{r.link(GAMES)}")
        return self._link[1]

    def joinable(self) -> list[tuple[int, tuple[int, ...]]]:
        """An invitation opened: the hands still free (their index, their seats)."""
        preview = self.invitation_record()
        if preview is None:
            return []
        return [(i, hand) for i, hand in enumerate(preview.hands) if hand[0] not in preview.promised]

    def invitation_record(self) -> Far | None:
        """The game of the invitation opened here, as one who watches would keep it (None: no invitation)."""
        return self._preview if self.invitation is not None else None

    # ------------------------------------------------------------------ making a game
    def start(self, game: str, options: Any, remote: Sequence[int]) -> None:
        """A new game with the seats ``remote`` played far away (each by a device of its own): made here, its
        invitation shown to send."""
        load_all()
        players = len(options.players)
        here = [s for s in range(players) if s not in remote]
        if not here:
            return  # (the set-up says so first: at least one player plays here)
        hands = [here, *([s] for s in remote)]
        record = Far.made(new_game_id(), game, options.to_json(), hands, new_secret(), GAMES, new_key())
        self._show_pending(record)
        self.sending = True
        self._keep()

    # ------------------------------------------------------------------ links
    def open_link(self, value: str) -> None:
        """A link opened (the page's address) or pasted: an invitation to join, a game's new moves, or a refusal
        that changes nothing (and keeps a diverging game beside the stored one)."""
        core = self.core
        text = link_text(value)
        if not text:
            return
        load_all()
        try:
            _, _, extra = compact.peek(text)
            game_id = extra.get("i")
            if not isinstance(game_id, str):
                raise LinkError("link.malformed")
            record = core.library.far.get(game_id)
            if record is None:
                if core.library.store.get(FAR_PREFIX + game_id) is not None:
                    raise LinkError("link.record_unreadable")
                # checked as a whole (as a watcher's record) before a seat is offered
                self._invite(text, Far.opened(text, GAMES))
                return
            self._receive(record, text)
        except LinkError as e:
            if e.key == "link.diverged":
                self._keep_beside(text)
                core.notice = ("error", msg("far.diverged_kept", core.lang, reason=self._say(e, text)))
            else:
                core.notice = ("error", msg("far.not_opened", core.lang, reason=self._say(e, text)))
        except SaveError as e:
            core.notice = ("error", msg("far.not_opened", core.lang, reason=self._say(e, text)))

    def _receive(self, record: Far, text: str) -> None:
        core = self.core
        seeded, moves, notice = record.seed is not None, len(record.actions), core.notice
        shown = core.state if core.game_id == record.id else None  # (the game as it was on screen, if it was)
        kind = record.receive(text, GAMES)
        if kind == "new":
            self._keep(record)
        if kind == "new" or core.game_id != record.id or core.screen != GAME:
            self._show(record, news=kind == "new")
        if kind == "new" and seeded and len(record.actions) > moves and core.state is not None:
            # what the link's moves did is shown as if played here: the moment panel of bids opened, a scoring, the end
            # (the log's length before them: the game that was on screen's, without replaying it, when it was there)
            known = shown is not None and shown.history_texts() == record.actions[:moves]
            before = shown if known else record.state_at(moves, GAMES)
            if before is not None and before.history_texts() == core.state.history_texts()[:moves]:
                core.arrived(len(before.log))
                if self.sending and core.bots_held() is not None:
                    self.sending, self._after_moment = False, True  # the moment first, then the link to send
        # (a storage that refused the game just now is said instead)
        refused = core.notice is not notice and core.notice is not None and core.notice[0] == "error"
        if kind == "new" and record.seed is not None and not refused:  # said once, as a status: what it brought
            brought = len(record.actions) - moves
            core.notice = ("info", msg("far.began", core.lang) if not seeded
                           else plural("far.brought", brought, core.lang) if brought else msg("far.bids_in", core.lang))
        if kind == "stale":
            core.notice = ("info", msg("far.stale", core.lang))
        elif kind == "same":
            core.notice = ("info", msg("far.same", core.lang))

    def _invite(self, text: str, preview: Far) -> None:
        if self.core.state is not None:
            self.core.close_game()
        self.invitation, self._preview = text, preview
        self.record = None
        self.sending = False
        self.core.screen = FAR

    def _on_join(self, value: str) -> None:
        """The invitation's hand ``value`` (its index) is this device's, or ``watch``."""
        text = self.invitation
        if text is None:
            return
        hand = None if value == "watch" else int(value) if value.isascii() and value.isdigit() else -1
        record = Far.opened(text, GAMES, hand, *((new_secret(), new_key()) if hand is not None else (None, None)))
        self.invitation = None
        self._keep(record)
        self._show(record)
        self.sending = bool(self.send_to())

    def _show(self, record: Far, news: bool = True) -> None:
        """The record's game on screen: the board once it has a seed, else the invitation's page. When the link
        brought ``news`` and this device's part is done (its bids sealed, a secret revealed), the link to send
        comes up at once; not for a game that is over (the others have its end, or will have it from the one
        who ended it: "Send the link" stays offered)."""
        core = self.core
        state = record.state(GAMES)
        if state is None:
            self._show_pending(record)
            return
        self._write_game(record.id, state)
        core.open_game(record.id, state)
        self.sending = news and not state.is_terminal() and bool(self.send_to()) and not record.my_turn(GAMES)

    def _show_pending(self, record: Far) -> None:
        core = self.core
        if core.state is not None:
            core.close_game()
        self.record, self.invitation = record, None
        core.screen = FAR

    def _write_game(self, gid: str, state: GameState) -> None:
        """The public game as an ordinary saved game (the stored copy only ever grows: a link's moves)."""
        core = self.core
        try:
            try:
                if core.library.raw(gid) is not None and gid not in core.library.known:
                    core.library.load(gid)  # read first: the library writes over only what this tab read
                core.library.write(gid, state, core.game_title(state))
            except SaveConflict:  # another tab wrote it since this tab read it: written over only if this extends it
                core.library.known.pop(gid, None)
                stored = core.library.load(gid)
                if state.history_texts()[: len(stored.history)] == stored.history_texts():
                    core.library.write(gid, state, core.game_title(state))
        except StorageFull:  # the board still shows it, and the record keeps its moves: said at once
            core.notice = ("error", msg("ui.storage_full", core.lang))
        except (SaveConflict, SaveError):
            pass  # set aside, or another tab is ahead: never written over; the record keeps the moves

    def _keep_beside(self, text: str) -> None:
        """A link that went another way: its game kept as a game of its own on the home screen."""
        core = self.core
        try:
            save, _ = compact.read(text, GAMES)
            if save.get("seed") is not None:
                core.library.import_text(json.dumps(save), msg("far.other_copy", core.lang))
        except (SaveError, LinkError, StorageFull):
            pass

    def _on_remove(self, gid: str) -> None:
        """A game waiting for its players, removed from this device (any device: the maker's, or one whose place was
        taken by another): to Recently deleted, restorable there for 30 days. A game begun is deleted as a saved game."""
        core = self.core
        record = core.library.far.get(gid)
        if record is None or record.seed is not None:
            return
        entry = {"title": ", ".join(self.players(record)), "game": record.game, "rules": record.rules,
                 "summary": msg("far.not_begun", core.lang)}
        try:
            core.library.delete_far(gid, entry)
        except StorageFull:
            core.notice = ("error", msg("ui.storage_full", core.lang))
            return
        if self.record is not None and self.record.id == gid:  # (its page was open: home, where it was listed)
            self.record, self.sending = None, False
            core.screen = HOME
        core.notice = ("info", msg("ui.moved_to_bin", core.lang))

    # ------------------------------------------------------------------ sending
    def _on_send(self, value: str) -> None:
        """Show the link to send: of the open game, or (``value``) of a game still waiting for its players,
        from the home screen."""
        if value and (self.record is None or self.record.id != value):
            record = self.core.library.far.get(value)
            if record is None:
                return
            self._show(record)
        if self.record is not None:
            self.sending = True

    def _on_close(self, value: str) -> None:
        self._closed_cover()

    def close(self) -> bool:
        """The Escape key: the link to send closes (back to the board; on a game not begun, it stays)."""
        if not self.sending or self.core.state is None:
            return False
        self._closed_cover()
        return True

    def _closed_cover(self) -> None:
        if self.sending and self.record is not None:
            self._shown = self.link_url()
        self.sending = False

    def was_shown(self) -> bool:
        """Whether the person has seen (and closed) the link to send as it is now: most likely it was sent."""
        return self.record is not None and self._shown is not None and self._shown == self.link_url()

    def _on_share(self, value: str) -> None:
        if self.record is not None:
            self.core.effects.append(("share", self.link_url(), self.share_text()))

    def _on_copy(self, value: str) -> None:
        if self.record is not None:
            self.core.effects.append(("copy", self.link_url()))
            self.core.notice = ("info", msg("far.copied", self.core.lang))

    def share_text(self) -> str:
        """The words that go with the link in a message."""
        title = msg(GAMES[self.record.game].title, self.core.lang) if self.record is not None else ""
        return msg("far.share_text", self.core.lang, game=title)

    # ------------------------------------------------------------------ the record
    def _take_table(self) -> None:
        """The table's moves into the record: moves played here are added; moves of this device taken back
        (undo) go. Anything else (a move of another device's seat) is refused by the record and not kept."""
        r, s = self.record, self.core.state
        if r is None or s is None or self.core.screen != GAME or self.core.game_id != r.id or self.core.read_only:
            return
        texts = s.history_texts()
        if texts == r.actions:
            return
        if texts[: len(r.actions)] == r.actions:
            for player, action in s.history[len(r.actions):]:
                r.play(action, player, GAMES)
            self.sending = bool(self.send_to())  # this device's part is done: "Send your move" comes up
        elif r.actions[: len(texts)] == texts and all(p in r.seats for p, _ in s.history[len(texts):] or ()):
            r.actions = texts
        self._keep()
        self._hold()

    def _keep(self, record: Far | None = None) -> None:
        record = record or self.record
        if record is None:
            return
        try:
            self.core.library.far.put(record)
        except StorageFull:
            self.core.notice = ("error", msg("ui.storage_full", self.core.lang))
        except SaveConflict:
            self.core.notice = ("error", msg("ui.conflict", self.core.lang))

    def _hold(self) -> None:
        """The seats not played here now: other devices' seats, and this device's sealed bids until all are in."""
        core, r = self.core, self.record
        if r is None or core.state is None:
            return
        mine = set(r.seats)
        core.remote = frozenset(s for s in range(core.state.num_players) if s not in mine)
        sealed = set(r.auction.sealed) & mine if r.auction is not None else set()
        core.hold = core.remote | frozenset(sealed)

    def _say(self, error: BaseException, text: str) -> str:
        names: list[str] = []
        try:
            players = compact.peek(text)[1].get("players")
            names = [str(p.get("name", ""))[:100] for p in players] if isinstance(players, list) else []
        except (SaveError, AttributeError):
            pass
        from ...messages import say

        return say(error, self.core.lang, names)
