"""Play from afar (issue 44): what the devices of one game passed by link must agree on, checked here.

There is no server: each device keeps its own copy of the game, and links (``nile.core.compact``) carry the
moves between them. Three things need more than the moves, and this module holds their rules; it knows
nothing of links' text, of the page or of the browser (the secrets and salts come from the page's crypto):

- **A seed nobody chose alone** (``seed_commitment``, ``mixed_seed``). Every device that holds a seat draws a
  secret and first sends only its commitment; once every device has committed, each reveals its secret, each
  secret is checked against its commitment, and the seed is mixed from all of them. Nobody can pick the seed,
  and nobody can change their secret after seeing another's. (Whoever reads the code can still compute every
  future draw from the seed once it is made, as from a game stored on one device: ``docs/rules.md``.)
- **Sealed bids that stay sealed** (``commitment``, ``Auction``). A bid sent by link is only a commitment:
  SHA-256 of the game's id, the position (the number of moves the game had when the bidding opened), the
  seat, the bid's text and a random salt. When every bidding seat has sealed its bid, the reveals follow,
  each checked against its commitment; the bids are then played in seat order, whatever order they came
  in, so that every device stores the very same game (a re-bid after a tie is a new auction).
- **A link merged into the stored copy** (``merge``): the same game (rules, options, seed), whose moves the
  link extends, repeats, or falls short of (a stale link: what is stored stays); a link whose moves went
  another way from some move on (``link.diverged``: where, and who) or that is another game is refused.

Every refusal is a ``LinkError`` (``nile.core.explained``): a catalog key and its parameters.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionError, parse_player_token
from .explained import Explained
from .game import GameState
from .rng import MAX_SEED

#: a secret or a salt: 128 to 512 random bits, as lower-case hex (the page draws 256)
SECRET = re.compile(r"[0-9a-f]{32,128}")
#: a commitment: a SHA-256 digest as lower-case hex
DIGEST = re.compile(r"[0-9a-f]{64}")
#: a device's public key (Ed25519, ``nile.core.sign``) and a signature: URL-safe base64 without padding
PUBLIC_KEY = re.compile(r"[A-Za-z0-9_-]{43}")
SIGNATURE = re.compile(r"[A-Za-z0-9_-]{86}")
#: more seats than any game has: a move's seat is read from its text before the game is replayed (``merge``)
MAX_SEATS = 64
#: a game's shared id: letters, digits, '-' and '_' (the page makes 22 of them)
GAME_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


class LinkError(Explained):
    """A link this device will not take: ``LinkError(key, **params)`` with a ``link.*`` catalog key."""


def _digest(kind: str, *fields: object) -> str:
    """SHA-256 of the fields, each on its own line after a tag naming what is hashed (a bid's commitment can
    never be read as a seed's)."""
    lines = [f"nile/{kind}/1", *(str(f) for f in fields)]
    if any("\n" in line for line in lines):
        raise LinkError("link.malformed")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def _check(pattern: re.Pattern[str], value: object) -> str:
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise LinkError("link.malformed")
    return value


# ---------------------------------------------------------------------- the seed
def seed_commitment(game_id: str, seat: int, secret: str, key: str | None = None) -> str:
    """What a device sends first of its secret for the seed (``seat``: the first seat it holds), binding the public
    key it signs its moves with (``key``; games made before signed moves have none): a device that swapped another's
    key would have to swap its secret too, and would then draw another seed than that device (``docs/rules.md``)."""
    keyed = [_check(PUBLIC_KEY, key)] if key is not None else []
    return _digest("seed", _check(GAME_ID, game_id), seat, _check(SECRET, secret), *keyed)


def mixed_seed(game_id: str, commitments: Mapping[int, str], secrets: Mapping[int, str],
               keys: Mapping[int, str] | None = None) -> int:
    """The game's seed, mixed from every device's secret (keyed by the first seat each device holds), each
    checked against the commitment it sent before any was revealed (with the device's public key, ``keys``)."""
    if not commitments or set(secrets) != set(commitments):
        raise LinkError("link.malformed")
    for seat in sorted(commitments):
        expected = _check(DIGEST, commitments[seat])
        key = keys.get(seat) if keys else None
        if not hmac.compare_digest(seed_commitment(game_id, seat, secrets[seat], key), expected):
            raise LinkError("link.seed_mismatch", player=seat)
    mixed = _digest("seed-mix", game_id, *(f"{seat}:{secrets[seat]}" for seat in sorted(secrets)))
    return int(mixed, 16) & MAX_SEED


# ---------------------------------------------------------------------- sealed bids
def commitment(game_id: str, step: int, seat: int, bid: str, salt: str) -> str:
    """A sealed bid: what a link carries of ``seat``'s bid ``bid`` (its text, as ``Action.text()``) made at
    ``step`` (the number of moves when the bidding opened), until every bid is in."""
    return _digest("bid", _check(GAME_ID, game_id), step, seat, bid, _check(SECRET, salt))


@dataclass
class Auction:
    """One round of sealed decisions between devices: the seats that decide at once at ``step``, their
    commitments, then their reveals (text and salt)."""

    game_id: str
    step: int
    seats: tuple[int, ...]
    sealed: dict[int, str] = field(default_factory=dict)
    revealed: dict[int, tuple[str, str]] = field(default_factory=dict)

    @classmethod
    def opened(cls, state: GameState, game_id: str) -> Auction:
        """The auction ``state`` asks for now: several seats decide at once, in secret."""
        if not state.secret_decision():
            raise LinkError("link.no_auction")
        return cls(_check(GAME_ID, game_id), len(state.history), tuple(state.to_act()))

    @property
    def all_sealed(self) -> bool:
        return set(self.sealed) == set(self.seats)

    @property
    def all_revealed(self) -> bool:
        return set(self.revealed) == set(self.seats)

    def seal(self, seat: int, digest: str) -> None:
        """``seat``'s commitment arrived (again, from a later link: the same one is taken once)."""
        if seat not in self.seats:
            raise LinkError("link.not_bidding", player=seat)
        digest = _check(DIGEST, digest)
        if self.sealed.get(seat, digest) != digest:
            raise LinkError("link.sealed_twice", player=seat)
        self.sealed[seat] = digest

    def reveal(self, seat: int, bid: str, salt: str) -> None:
        """``seat``'s bid and salt, checked against its commitment; only once every seat has sealed its bid (a
        bid shown earlier would let the seats still deciding bid knowing it)."""
        if seat not in self.seats:
            raise LinkError("link.not_bidding", player=seat)
        if not self.all_sealed:
            raise LinkError("link.revealed_early", player=seat)
        if not isinstance(bid, str) or not hmac.compare_digest(
                commitment(self.game_id, self.step, seat, bid, salt), self.sealed[seat]):
            raise LinkError("link.reveal_mismatch", player=seat)
        self.revealed[seat] = (bid, salt)

    def bids(self, state: GameState) -> list[tuple[int, Action]]:
        """Every revealed bid as the engine's action, in seat order (the order every device plays them in), each
        legal for its seat in ``state`` (the position the auction opened at)."""
        if not self.all_revealed or len(state.history) != self.step or tuple(state.to_act()) != self.seats:
            raise LinkError("link.malformed")
        out = []
        for seat in sorted(self.seats):
            action = state.parse_action(self.revealed[seat][0])
            if action not in state.legal_actions(seat):
                raise state.refusal(action, seat)
            out.append((seat, action))
        return out

    def play(self, state: GameState) -> None:
        """Play the revealed bids on ``state``, in seat order."""
        for seat, action in self.bids(state):
            state.apply(action, seat)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.game_id, "step": self.step, "seats": list(self.seats),
                "sealed": {str(s): d for s, d in sorted(self.sealed.items())},
                "revealed": {str(s): list(r) for s, r in sorted(self.revealed.items())}}

    @classmethod
    def from_json(cls, data: Any) -> Auction:
        """An auction as a link or the store carried it; anything malformed is refused (``link.malformed``)."""
        try:
            auction = cls(_check(GAME_ID, data["id"]), _count(data["step"]), tuple(_count(s) for s in data["seats"]))
            if len(set(auction.seats)) != len(auction.seats):
                raise LinkError("link.malformed")
            for seat, digest in data["sealed"].items():
                auction.seal(_count(int(seat)), digest)
            for seat, (bid, salt) in data["revealed"].items():
                auction.reveal(_count(int(seat)), bid, salt)
        except LinkError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError):
            raise LinkError("link.malformed") from None
        return auction


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**6:
        raise LinkError("link.malformed")
    return value


# ---------------------------------------------------------------------- merging
@dataclass(frozen=True)
class Merged:
    """What a link brings to the stored copy: ``new`` (its moves extend the stored ones: ``actions`` are the
    moves added), ``same`` (nothing new) or ``stale`` (the stored copy has more: it stays as it is)."""

    kind: str
    actions: tuple[str, ...]

    @property
    def added(self) -> int:
        return len(self.actions) if self.kind == "new" else 0


SAME_GAME = ("game", "rules", "options", "seed")


def merge(stored: Mapping[str, Any], incoming: Mapping[str, Any]) -> Merged:
    """Merge the save a link holds into the stored save of the same game (both as ``nile.core.save.parse``
    gives them). Neither is changed; the moves added are checked by replaying the whole (``nile.core.save.load``).
    Moves that differ from some move on are refused, saying from which move and whose move it was in the link
    (``link.diverged``): somebody moved twice from the same position, or a device took a move back that another
    had already seen."""
    if any(stored.get(k) != incoming.get(k) for k in SAME_GAME):
        raise LinkError("link.other_game")
    have, got = list(stored["actions"]), list(incoming["actions"])
    for number, (kept, sent) in enumerate(zip(have, got), start=1):
        if kept != sent:
            try:  # whose move it was in the link: its text names the seat ("p2 …"), checked as a save's
                seat = parse_player_token(sent.split(" ", 1)[0], MAX_SEATS)
            except ActionError:
                raise LinkError("link.malformed") from None
            raise LinkError("link.diverged", number=number, player=seat)
    if len(got) > len(have):
        return Merged("new", tuple(got[len(have):]))
    return Merged("same" if len(got) == len(have) else "stale", ())

