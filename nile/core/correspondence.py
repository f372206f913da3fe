"""One device's copy of a game played from afar, and what a link does to it (issue 44).

A game played by link is held by several devices. Each holds a *hand*: the seats it plays (the device that
made the game holds the first hand; a device with no hand watches). Each keeps a ``Far``: the game, its id,
the hands, and what it knows so far. A link (``Far.link``: ``nile.core.compact``'s text, its head carrying
the rest) brings another device's record up to date (``Far.receive``). The rules of trust are
``nile.core.remote``'s. A game goes through three stages, each carried by the same kind of link:

1. **Promising.** There is no seed yet. The maker's invitation carries the game, its id, the hands and the
   maker's promise (a commitment to a secret). A device that opens it takes a free hand, adds its own
   promise and sends the link on. A device that has seen every hand's promise reveals its secret. Once every
   secret is revealed and checked, the seed is mixed and the game starts.
2. **Playing.** A device plays its seats' moves (``play``). The link carries the whole game, and the receiving
   device merges it: new, same, or stale (what is stored stays); diverging moves and another game are
   refused (``LinkError``).
3. **Bidding in secret.** When several seats decide at once, each device seals its seats' bids (``bid``):
   its links carry only commitments. A device that has seen every bid sealed reveals its own. Once every bid
   is revealed and checked, the bids are played in seat order, and every device stores the same game.

A link carries only what may be known: promises, revealed secrets, moves, sealed bids and the reveals made.
A device's own secret, and its bids with their salts, stay in its record (``to_json`` for its store) until
their time.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import compact
from .actions import Action, ActionError, IllegalActionError, parse_player_token
from .game import GameState
from .remote import (
    MAX_SEATS,
    PUBLIC_KEY,
    SIGNATURE,
    Auction,
    LinkError,
    commitment,
    merge,
    mixed_seed,
    seed_commitment,
)
from .save import Rules, SaveError, load
from .sign import SigningKey, verify


@dataclass
class Far:
    """A game played from afar, as one device keeps it."""

    id: str
    game: str
    options: dict[str, Any]
    hands: tuple[tuple[int, ...], ...]
    mine: int | None  # the index of this device's hand in ``hands``; None: it watches
    promised: dict[int, str] = field(default_factory=dict)  # a hand's first seat -> its promise (seed commitment)
    secrets: dict[int, str] = field(default_factory=dict)  # a hand's first seat -> its revealed secret
    actions: list[str] = field(default_factory=list)  # the game's moves, once it has a seed
    auction: Auction | None = None  # the sealed bids being made, when several seats decide at once
    own_secret: str | None = None  # private: revealed only once every hand has promised
    own_bids: dict[int, tuple[str, str]] = field(default_factory=dict)  # private: seat -> (bid, salt) until all sealed
    rules: int = 0  # the game's rules version (``_check_game``)
    #: signed moves (issue 50; none in a game made before them): a hand's first seat -> its device's public key, sent
    #: with its promise; the latest signature of each other device seen here: (the moves it covers, the signature);
    #: the auctions played whose bids some bidder's device has not signed since (a link carries them until it has)
    keys: dict[int, str] = field(default_factory=dict)
    signatures: dict[int, tuple[int, str, int]] = field(default_factory=dict)  # (moves covered, signature, seals)
    played: list[Auction] = field(default_factory=list)
    own_key: str | None = None  # private: this device's signing key (``nile.core.sign.SigningKey.seed_text``)
    #: a device that watches and first saw the game begun, after the secrets had stopped travelling: the seed its
    #: links said (a device that plays always mixes the seed itself)
    seen_seed: int | None = None
    #: the game as last replayed here, grown by the moves added since (``state``): not part of the record
    _live: GameState | None = field(default=None, compare=False, repr=False)
    _signer: SigningKey | None = field(default=None, compare=False, repr=False)

    # ------------------------------------------------------------------ making and opening
    @classmethod
    def made(cls, game_id: str, game: str, options: Mapping[str, Any], hands: Sequence[Sequence[int]], secret: str,
             games: Mapping[str, Rules], key: str | None = None) -> Far:
        """A new game, made on this device, which holds the first hand (``key``: this device's signing key)."""
        far = cls(game_id, game, dict(options), _hands(hands), 0)
        far._check_game(games)
        far._promise(0, secret, key)
        return far

    def _promise(self, hand: int, secret: str, key: str | None) -> None:
        """This device takes hand ``hand``: its secret and signing key kept, its promise (binding its public key) made."""
        first = self.hands[hand][0]
        self.mine, self.own_secret, self.own_key = hand, secret, key
        if key is not None:
            self.keys[first] = self.signer().public
        self.promised[first] = seed_commitment(self.id, first, secret, self.keys.get(first))

    @classmethod
    def opened(cls, text: str, games: Mapping[str, Rules], hand: int | None = None, secret: str | None = None,
               key: str | None = None) -> Far:
        """A game first opened on this device from a link: taking the free hand ``hand`` (its index) with a new
        ``secret`` and signing ``key``, or watching (``hand`` None)."""
        save, extra = compact.read(text, games)
        game_id, hands = _identity(extra)
        far = cls(game_id, save["game"], dict(save["options"]), hands, None)
        far._check_game(games)
        far._take(extra, save, games)
        if hand is not None:
            if not 0 <= hand < len(far.hands) or far.hands[hand][0] in far.promised or secret is None:
                raise LinkError("link.hand_taken")
            if key is None and far.keys:
                raise LinkError("link.malformed")  # (a game whose moves are signed: so are this device's)
            far._promise(hand, secret, key)
        far._advance(games)
        return far

    # ------------------------------------------------------------------ what it knows
    def named(self, seat: int) -> int:
        """The seat a device is named by, in what the page says of it: the first person of the hand holding ``seat``
        (a computer player sits beside a person on the maker's device), else its first seat."""
        hand = next((h for h in self.hands if seat in h), (seat,))
        players = self.options.get("players", [])
        persons = [s for s in hand if s < len(players) and isinstance(players[s], Mapping) and not players[s].get("bot")]
        return persons[0] if persons else hand[0]

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats this device plays (none when it watches)."""
        return self.hands[self.mine] if self.mine is not None else ()

    @property
    def seed(self) -> int | None:
        """The game's seed, once every hand's secret is revealed (checked against its promise)."""
        firsts = {hand[0] for hand in self.hands}
        if set(self.secrets) != firsts:
            return self.seen_seed if self.mine is None else None
        return mixed_seed(self.id, self.promised, self.secrets, self.keys)

    def waiting_for(self, games: Mapping[str, Rules]) -> tuple[int, ...]:
        """The seats the game waits for now, on whichever device: a hand's first seat while its promise or its
        secret is missing; the bidders whose bid is not sealed (then not revealed); else the seats to act.
        Nothing once the game is over. (The page says "Send this link to …" and "Waiting for …" from it.)"""
        firsts = [hand[0] for hand in self.hands]
        if set(self.promised) != set(firsts):
            return tuple(f for f in firsts if f not in self.promised)
        if set(self.secrets) != set(firsts):
            return tuple(f for f in firsts if f not in self.secrets)
        if self.auction is not None:
            step = self.auction.sealed if not self.auction.all_sealed else self.auction.revealed
            return tuple(s for s in self.auction.seats if s not in step)
        state = self.state(games)
        return () if state is None or state.is_terminal() else tuple(state.to_act())

    def my_turn(self, games: Mapping[str, Rules]) -> tuple[int, ...]:
        """The seats of this device's hand the game waits for now (a move, or a bid to seal)."""
        return tuple(s for s in self.waiting_for(games) if s in self.seats)

    def state(self, games: Mapping[str, Rules]) -> GameState | None:
        """The game as far as it is known here (None before it has a seed); every move checked by replaying."""
        seed = self.seed
        if seed is None:
            return None
        live = self._live
        if live is None or live.seed != seed or live.history_texts() != self.actions[: len(live.history)]:
            live = load(self._save(seed, []), games)  # (moves only ever added; else replayed from the start)
        for text in self.actions[len(live.history):]:
            try:
                live.apply_text(text)
            except (IllegalActionError, ActionError) as e:
                raise SaveError("save.bad_action", number=len(live.history) + 1, total=len(self.actions),
                                action=repr(text[:60]), why=e) from None
        self._live = live
        return live.clone()

    def state_at(self, moves: int, games: Mapping[str, Rules]) -> GameState | None:
        """The game as it was after its first ``moves`` moves (None before it has a seed)."""
        seed = self.seed
        return None if seed is None else load(self._save(seed, self.actions[:moves]), games)

    def _save(self, seed: int, actions: Sequence[str]) -> dict[str, Any]:
        return {"format": 2, "game": self.game, "rules": self.rules, "options": self.options, "seed": seed,
                "actions": list(actions)}

    # ------------------------------------------------------------------ this device's moves
    def play(self, action: Action, seat: int, games: Mapping[str, Rules]) -> None:
        """Play ``seat``'s move here (a seat of this device's hand; never a sealed bid: ``bid``)."""
        state = self._own_turn(seat, games)
        if state.secret_decision():
            raise LinkError("link.bid_sealed", player=seat)
        state.apply(action, seat)
        self.actions = state.history_texts()
        self._advance(games)

    def bid(self, action: Action, seat: int, salt: str, games: Mapping[str, Rules]) -> None:
        """Seal ``seat``'s bid: only its commitment leaves this device until every bid is sealed."""
        state = self._own_turn(seat, games)
        if self.auction is None or action not in state.legal_actions(seat):
            raise state.refusal(action, seat) if self.auction is not None else LinkError("link.no_auction")
        self.auction.seal(seat, commitment(self.id, self.auction.step, seat, action.text(), salt))
        self.own_bids[seat] = (action.text(), salt)
        self._advance(games)

    def _own_turn(self, seat: int, games: Mapping[str, Rules]) -> GameState:
        state = self.state(games)
        if state is None or seat not in self.seats or seat not in state.to_act():
            raise LinkError("link.not_your_seat", player=seat)
        return state

    # ------------------------------------------------------------------ links
    def link(self, games: Mapping[str, Rules]) -> str:
        """What this device knows that may be known, as a link's text."""
        # once the game has its seed the promises have done their work (every device that plays checked every
        # secret against them before the seed existed anywhere): the link drops them, some 64 characters a device
        seed = self.seed
        promised = _keyed(self.promised) if seed is None else None
        keys = _keyed(self.keys) if seed is None and self.keys else None
        extra: dict[str, Any] = {"i": self.id, "h": [list(h) for h in self.hands], "p": promised, "v": _keyed(self.secrets),
                 "a": self.auction.to_json() if self.auction is not None else None}
        if self.keys:  # signed moves: the keys until the game begins; every device's latest signature, this one's now
            signatures = {**self.signatures, **self._own_signature()}
            extra.update(k=keys, g={str(f): [n, sig] for f, (n, sig, _) in sorted(signatures.items())},
                         b=[_played_json(a) for a in self._unsigned_bids(signatures)] or None)
            if set(signatures) == {h[0] for h in self.hands}:
                extra["v"] = None  # every device has signed the game begun: each has the seed, the secrets have done
        state = self.state(games)
        if state is None:
            return compact.pack_unseeded(self.game, games, self.options, extra)
        return compact.pack(state, games, extra)

    def receive(self, text: str, games: Mapping[str, Rules]) -> str:
        """Bring this record up to date with a link of the same game: ``"new"`` (it brought something),
        ``"same"`` or ``"stale"`` (this device knows more; nothing is changed). Refused with a ``LinkError``
        (another game, moves that went another way, a secret or a bid that is not what was promised), and
        then nothing here changes."""
        before = self.to_json()
        save, extra = compact.read(text, games)
        if _identity(extra) != (self.id, self.hands) or (save["game"], save["options"]) != (self.game, self.options):
            raise LinkError("link.other_game")
        try:
            stale = self._take(extra, save, games)
            self._advance(games)
        except (LinkError, SaveError, IllegalActionError, ActionError):
            self.__dict__.update(Far.from_json(before).__dict__)
            raise
        if self.to_json() != before:
            return "new"
        return "stale" if stale else "same"

    def _take(self, extra: Mapping[str, Any], save: Mapping[str, Any], games: Mapping[str, Rules]) -> bool:
        """Take from a link what this device did not know; True when the link knew less (stale)."""
        self._take_promises(extra, save)
        # (a link without secrets comes after every device signed the game begun: its secrets have done their work)
        stale = extra.get("v") is not None and len(_unkeyed(extra.get("v"))) < len(self.secrets)
        if save["seed"] is not None and self.seed is None and self.mine is None and extra.get("v") is None:
            self.seen_seed = save["seed"]  # (one who watches, after the secrets stopped travelling: links' seed)
        if save["seed"] is not None:
            seed = self.seed
            if seed is None or seed != save["seed"]:
                raise LinkError("link.other_game")
            merged = merge(self._save(seed, self.actions), save)
            if merged.kind == "new":
                self._check_own(merged.actions, games)
            self._check_signed(extra, list(save["actions"]) if merged.kind == "new" else self.actions)
            if merged.kind == "new":
                self.actions = [*self.actions, *merged.actions]
                self.state(games)  # every move checked by the rules (a refusal restores the record: ``receive``)
            stale = stale or merged.kind == "stale"
        self._advance(games)
        bids = extra.get("a")
        if bids is not None and self.auction is not None:
            theirs = Auction.from_json(bids)
            if (theirs.game_id, theirs.step, theirs.seats) == (self.auction.game_id, self.auction.step, self.auction.seats):
                for seat, digest in theirs.sealed.items():
                    self.auction.seal(seat, digest)
                for seat, (bid, salt) in theirs.revealed.items():
                    self.auction.reveal(seat, bid, salt)
        return stale

    def _take_promises(self, extra: Mapping[str, Any], save: Mapping[str, Any]) -> None:
        """A link's promises, keys and secrets: each hand's promise and key taken once (another one for the same hand:
        two devices chose the same place), each secret checked against its promise (which binds its key). A device
        that watches and has the seed already takes none of them: they have done their work (and one that first saw
        the game begun never saw the keys its promises were made with)."""
        if self.mine is None and self.seed is not None:
            return
        for first, digest in _unkeyed(extra.get("p")).items():
            if first not in {h[0] for h in self.hands}:
                raise LinkError("link.malformed")
            if self.promised.setdefault(first, digest) != digest:  # two devices chose the same place
                mine = self.mine is not None and first == self.hands[self.mine][0]
                raise LinkError("link.own_seat_taken" if mine else "link.seat_taken", player=self.named(first))
        for first, key in _unkeyed(extra.get("k")).items():
            if first not in {h[0] for h in self.hands} or not PUBLIC_KEY.fullmatch(key):
                raise LinkError("link.malformed")
            if self.keys.setdefault(first, key) != key:
                mine = self.mine is not None and first == self.hands[self.mine][0]
                raise LinkError("link.own_seat_taken" if mine else "link.seat_taken", player=self.named(first))
        secrets = _unkeyed(extra.get("v"))
        seeded = save["seed"] is not None and set(secrets) == {h[0] for h in self.hands}
        for first, secret in secrets.items():
            public = self.keys.get(first)
            if first not in self.promised and seeded:  # (a device that watches, first seeing the game begun)
                self.promised[first] = seed_commitment(self.id, first, secret, public)
            if first not in self.promised or seed_commitment(self.id, first, secret, public) != self.promised[first]:
                raise LinkError("link.seed_mismatch", player=first)
            self.secrets[first] = secret

    def _check_own(self, added: Sequence[str], games: Mapping[str, Rules]) -> None:
        """A link's new moves hold no move for a seat of this device's hand that this device did not make: the only
        ones it may bring are this device's own sealed bids, played where the last reveal was seen — each the very
        bid sealed here, at its place in seat order (``Auction.play``). Refused with ``link.forged``: which move,
        and for whom."""
        mine = set(self.seats)
        if not mine:
            return
        auction, start = self.auction, len(self.actions)
        order = sorted(auction.seats) if auction is not None else []
        for offset, text in enumerate(added):
            number = start + offset
            try:
                seat = parse_player_token(text.split(" ", 1)[0], MAX_SEATS)
            except ActionError:
                raise LinkError("link.malformed") from None
            if seat not in mine:
                continue
            own = self.own_bids.get(seat)
            if (auction is None or own is None or seat not in order or number != auction.step + order.index(seat)
                    or text.split(" ", 1)[-1] != own[0]):
                raise LinkError("link.forged", number=number + 1, player=seat)

    def _advance(self, games: Mapping[str, Rules]) -> None:
        """Do what this device's part asks now: reveal its secret once every hand has promised; open the
        auction the game asks for; reveal its bids once every bid is sealed; play the bids once all are revealed."""
        firsts = [hand[0] for hand in self.hands]
        if self.mine is not None and self.own_secret is not None and set(self.promised) == set(firsts):
            self.secrets[self.hands[self.mine][0]] = self.own_secret
        while True:
            state = self.state(games)
            if state is None:
                return
            if self.auction is not None and len(state.history) != self.auction.step:
                self._keep_played(self.auction)  # played (by the moves of a link that brought them)
                self.auction, self.own_bids = None, {}
            if self.auction is None and not state.is_terminal() and state.secret_decision():
                self.auction = Auction.opened(state, self.id)
            if self.auction is None:
                return
            if self.auction.all_sealed:
                for seat, (bid, salt) in self.own_bids.items():
                    if seat not in self.auction.revealed:
                        self.auction.reveal(seat, bid, salt)
            if not self.auction.all_revealed:
                return
            self._check_bids(state, self.auction)
            self.auction.play(state)
            self._keep_played(self.auction)
            self.actions, self.auction, self.own_bids = state.history_texts(), None, {}

    @staticmethod
    def _check_bids(state: GameState, auction: Auction) -> None:
        """Every revealed bid is one the rules allow its seat: a bid that matches its commitment but not the rules (or
        no action at all) came from a device that broke them, and the link that brought it is refused
        (``link.bad_bid``, naming the bidder, with the rule's own words)."""
        for seat in sorted(auction.seats):
            try:
                action = state.parse_action(auction.revealed[seat][0])
                if action not in state.legal_actions(seat):
                    raise state.refusal(action, seat)
            except (IllegalActionError, ActionError) as e:
                raise LinkError("link.bad_bid", player=seat, why=e) from None

    # ------------------------------------------------------------------ signed moves
    def signer(self) -> SigningKey:
        """This device's signing key (made once from the record's private key)."""
        if self._signer is None:
            if self.own_key is None:
                raise LinkError("link.malformed")
            self._signer = SigningKey.from_text(self.own_key)
        return self._signer

    def _statement(self, first: int, covered: int, seals: Mapping[int, str], actions: Sequence[str]) -> bytes:
        """What the device holding the hand of ``first`` signs: this game, its seed, the first ``covered`` moves (a
        digest of their texts) and the sealed bids of its seats in the auction opened at that move (``seals``)."""
        moves = hashlib.sha256("\n".join(actions[:covered]).encode()).hexdigest()
        lines = ["nile/moves/1", self.id, str(self.seed), str(first), str(covered), moves,
                 *(f"{seat} {digest}" for seat, digest in sorted(seals.items()))]
        return "\n".join(lines).encode()

    def _seals(self, hand: Sequence[int], covered: int, auctions: Sequence[Auction | None]) -> dict[int, str]:
        """The sealed bids of ``hand``'s seats in the auction opened at move ``covered`` (among ``auctions``)."""
        for auction in auctions:
            if auction is not None and auction.step == covered:
                return {s: auction.sealed[s] for s in hand if s in auction.sealed}
        return {}

    def _own_signature(self) -> dict[int, tuple[int, str, int]]:
        """This device's signature over everything it knows now (nothing when it watches or before the seed)."""
        if self.mine is None or self.own_key is None or self.seed is None:
            return {}
        hand, covered = self.hands[self.mine], len(self.actions)
        seals = self._seals(hand, covered, [self.auction])
        return {hand[0]: (covered, self.signer().sign(self._statement(hand[0], covered, seals, self.actions)), len(seals))}

    def _unsigned_bids(self, signatures: Mapping[int, tuple[int, str, int]]) -> list[Auction]:
        """The auctions played that a link must still carry: a bidder's device has signed nothing since (its bid is
        vouched for by its sealed commitment and the reveal that matches it)."""
        def signed_since(auction: Auction, seat: int) -> bool:
            first = next(h[0] for h in self.hands if seat in h)
            return signatures.get(first, (-1, "", 0))[0] > auction.step
        return [a for a in self.played if not all(signed_since(a, seat) for seat in a.seats)]

    def _keep_played(self, auction: Auction) -> None:
        if auction.all_revealed and all(a.step != auction.step for a in self.played):
            self.played = [*self.played, auction][-8:]

    def _check_signed(self, extra: Mapping[str, Any], actions: Sequence[str]) -> None:
        """Every move and sealed bid a link brings for another device's seat is signed by that device's key: each
        device's latest signature covers the moves up to some point (and its sealed bids in the auction opened
        there); a bid played after it must be the one its signed seal and its reveal say. Refused otherwise
        (``link.unsigned``: which move, for whom). Nothing to check in a game made before signed moves, or for a
        device that watches and never saw the keys."""
        if not self.keys:
            return
        links = extra.get("g")
        if links is not None and not isinstance(links, Mapping):
            raise LinkError("link.malformed")
        signatures = {first: _signature(entry) for first, entry in _unkeyed_any(links).items()}
        opened = Auction.from_json(extra["a"]) if extra.get("a") is not None else None
        played = _auctions(extra.get("b"), self.id)
        auctions = [opened, *played, *self.played]
        start = len(self.actions)
        mine = self.hands[self.mine][0] if self.mine is not None else None
        for hand in self.hands:
            first = hand[0]
            if first == mine or first not in self.keys:
                continue
            covered = -1
            entry = signatures.get(first)
            if entry is not None:
                covered, sig = entry
                if covered > len(actions):
                    raise LinkError("link.malformed")
                seals = self._seals(hand, covered, auctions)
                if not verify(self.keys[first], self._statement(first, covered, seals, actions), sig):
                    raise LinkError("link.unsigned_device", player=self.named(first))
                if (opened is not None and any(s in opened.sealed for s in hand)
                        and (covered != opened.step or not all(s in seals for s in hand if s in opened.sealed))):
                    raise LinkError("link.unsigned_device", player=self.named(first))
            elif opened is not None and any(s in opened.sealed for s in hand):
                raise LinkError("link.unsigned_device", player=self.named(first))
            for number in range(start, len(actions)):
                seat = _seat_of(actions[number])
                if seat in hand and number >= covered and not self._sealed_bid(number, seat, covered, actions, auctions):
                    raise LinkError("link.unsigned", number=number + 1, player=seat)
            # kept: the latest, the one that covers more moves, or as many and more sealed bids (an older link may
            # carry the signature the same device made before it sealed its bid)
            if entry is not None and (covered, len(seals)) > self.signatures.get(first, (-1, "", 0))[::2]:
                self.signatures[first] = (covered, entry[1], len(seals))
        for auction in played:
            self._keep_played(auction)

    @staticmethod
    def _sealed_bid(number: int, seat: int, covered: int, actions: Sequence[str], auctions: Sequence[Auction | None]) -> bool:
        """Move ``number`` is ``seat``'s bid in an auction opened where its device's signature stops, the very bid its
        signed seal and the reveal that matches it say."""
        for auction in auctions:
            if auction is None or auction.step != covered or seat not in auction.revealed or seat not in auction.sealed:
                continue
            order = sorted(auction.seats)
            if number == auction.step + order.index(seat) and actions[number].split(" ", 1)[-1] == auction.revealed[seat][0]:
                return True
        return False

    # ------------------------------------------------------------------ the store
    def to_json(self) -> dict[str, Any]:
        """Everything this device keeps, its private parts included (never put in a link)."""
        return {"id": self.id, "game": self.game, "options": self.options, "hands": [list(h) for h in self.hands],
                "mine": self.mine, "promised": _keyed(self.promised), "secrets": _keyed(self.secrets),
                "actions": list(self.actions), "auction": self.auction.to_json() if self.auction else None,
                "own_secret": self.own_secret, "own_bids": {str(s): list(b) for s, b in sorted(self.own_bids.items())},
                "rules": self.rules, "keys": _keyed(self.keys),
                "signatures": {str(f): list(e) for f, e in sorted(self.signatures.items())},
                "played": [a.to_json() for a in self.played], "own_key": self.own_key, "seen_seed": self.seen_seed}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Far:
        """A record as ``to_json`` wrote it (this device's own store)."""
        return cls(data["id"], data["game"], dict(data["options"]), _hands(data["hands"]), data["mine"],
                   _unkeyed(data["promised"]), _unkeyed(data["secrets"]), list(data["actions"]),
                   Auction.from_json(data["auction"]) if data["auction"] else None, data["own_secret"],
                   {int(s): (b[0], b[1]) for s, b in data["own_bids"].items()}, data["rules"],
                   _unkeyed(data.get("keys")),
                   {f: (*_signature(e[:2]), int(e[2])) for f, e in _unkeyed_any(data.get("signatures")).items()},
                   [Auction.from_json(a) for a in data.get("played", [])], data.get("own_key"), data.get("seen_seed"))

    # ------------------------------------------------------------------ checks
    def _check_game(self, games: Mapping[str, Rules]) -> None:
        """The game and its options are ones this device plays (``SaveError`` says why not), and the hands hold
        each of its seats once."""
        spec = games.get(self.game)
        if spec is None:
            raise LinkError("link.other_game")
        self.rules = spec.rules_version
        players = load(self._save(0, []), games).num_players
        if sorted(s for h in self.hands for s in h) != list(range(players)):
            raise LinkError("link.malformed")


def _hands(hands: Any) -> tuple[tuple[int, ...], ...]:
    """The devices' hands: at least two, each a non-empty list of seats, no seat twice. A seat is a whole number as
    the record wrote it: a float (``1.5``, or ``Infinity`` whose ``int()`` overflowed), a truth value or a text is
    refused, never rounded into a seat."""
    if not _listed(hands) or not all(_listed(hand) for hand in hands):
        raise LinkError("link.malformed")
    out = tuple(tuple(_seat(s) for s in hand) for hand in hands)
    seats = [s for hand in out for s in hand]
    if len(out) < 2 or any(not hand for hand in out) or len(set(seats)) != len(seats) or min(seats) < 0:
        raise LinkError("link.malformed")
    return out


def _listed(value: object) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes))


def _identity(extra: Mapping[str, Any]) -> tuple[str, tuple[tuple[int, ...], ...]]:
    game_id = extra.get("i")
    if not isinstance(game_id, str):
        raise LinkError("link.malformed")
    return game_id, _hands(extra.get("h"))


def _keyed(values: Mapping[int, str]) -> dict[str, str]:
    return {str(k): v for k, v in sorted(values.items())}


def _seat(value: object) -> int:
    """A seat of a hand: a whole number, not negative (``bool`` is an ``int`` too: refused)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise LinkError("link.malformed")
    return value


def _unkeyed(values: Any) -> dict[int, str]:
    """A hand's first seat -> its text, as ``_keyed`` wrote it: each key a seat's digits alone (``int()`` would also
    take " 1", "+1", "01", "1_0" or other scripts' digits: two keys for one seat), each value a text."""
    if values is None:
        return {}
    if not isinstance(values, Mapping) or not all(isinstance(v, str) for v in values.values()):
        raise LinkError("link.malformed")
    out: dict[int, str] = {}
    for key, value in values.items():
        digits = isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 6
        if not digits or key != str(int(key)):
            raise LinkError("link.malformed")
        out[int(key)] = value
    return out


def _unkeyed_any(values: Any) -> dict[int, Any]:
    """``_unkeyed``'s keys, any values (each checked by its reader)."""
    if values is None:
        return {}
    if not isinstance(values, Mapping):
        raise LinkError("link.malformed")
    return dict(zip(_unkeyed({k: "" for k in values}).keys(), values.values(), strict=True))


def _signature(entry: Any) -> tuple[int, str]:
    """A device's signature as a link or the record carries it: ``[moves covered, signature]``."""
    if not _listed(entry) or len(entry) != 2 or not isinstance(entry[1], str) or not SIGNATURE.fullmatch(entry[1]):
        raise LinkError("link.malformed")
    return _seat(entry[0]), entry[1]


def _played_json(auction: Auction) -> list[Any]:
    """An auction played, as a link carries it: its step and the reveals (the commitments follow from them)."""
    return [auction.step, {str(s): list(r) for s, r in sorted(auction.revealed.items())}]


def _auctions(values: Any, game_id: str) -> list[Auction]:
    """The auctions played a link carries (``_played_json``), each commitment made again from its reveal."""
    if values is None:
        return []
    if not _listed(values) or len(values) > 8:
        raise LinkError("link.malformed")
    out = []
    for value in values:
        if not _listed(value) or len(value) != 2:
            raise LinkError("link.malformed")
        revealed = _unkeyed_any(value[1])
        if not all(_listed(r) and len(r) == 2 and all(isinstance(x, str) for x in r) for r in revealed.values()):
            raise LinkError("link.malformed")
        step = _seat(value[0])
        sealed = {str(s): commitment(game_id, step, s, r[0], r[1]) for s, r in revealed.items()}
        out.append(Auction.from_json({"id": game_id, "step": step, "seats": sorted(revealed), "sealed": sealed,
                                      "revealed": {str(s): list(r) for s, r in revealed.items()}}))
    return out


def _seat_of(text: str) -> int:
    try:
        return parse_player_token(text.split(" ", 1)[0], MAX_SEATS)
    except ActionError:
        raise LinkError("link.malformed") from None
