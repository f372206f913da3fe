"""What the player sees and what a click means: the app's state machine, without a browser.

The controller holds the screen (home, set-up, game), the game being played,
the current selection and messages. ``handle(intent, value)`` takes what the
page reports (``field`` + ``W4-2``, ``act`` + ``end`` …) and turns it into an
engine action **only** by looking it up among the engine's legal actions; it
never decides a rule itself. What a click would do (and its AP cost) is worked
out by ``interaction()`` from the legal actions and ``state.cost``, so the page
can highlight it before the player commits.

Everything here is plain Python, so the whole UI flow is tested in CPython;
``nile.web.app`` only moves events in and HTML out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..banks import data
from ..banks.options import VARIANTS, Options, OptionsError, Player, START_RANDOM, clean_name
from ..banks.state import (
    ACTIONS,
    AUCTION,
    BOAT,
    EXTRA_TURN,
    ROT_CHOICE,
    SETUP_SOW,
    SETUP_WATER,
    START_BID,
    TIDE,
    BanksState,
)
from ..core.actions import Action, ActionError, IllegalActionError
from ..core.explained import say
from ..core.save import SaveError
from ..messages import LANGUAGES
from ..messages import text as msg
from .storage import Library, SaveConflict, StorageFull

HOME, SETUP, GAME = "home", "setup", "game"
#: the storage key of the player's language choice
LANG_KEY = "nile:lang"
CURRENT_KEY = "nile:current"  # the game open when the page was left: a reload reopens it
BIDDING = (START_BID, AUCTION)
DEFAULT_NAMES = ("Anna", "Bram", "Chloé", "Dirk", "Eva")


@dataclass
class Target:
    """One clickable place on the board: what clicking does, and at what cost."""

    action: str | None = None  # commit this action
    select: dict[str, Any] | None = None  # or change the selection to this
    cost: int = 0
    label: str = ""


@dataclass
class Button:
    label: str
    intent: str  # "act" commits the action in value; "side" etc. change the selection
    value: str
    cost: int | None = None


@dataclass
class Interaction:
    targets: dict[str, Target] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)
    prompt: str = ""
    chosen_pile: str | None = None


@dataclass
class SetupForm:
    count: int = 3
    names: list[str] = field(default_factory=lambda: list(DEFAULT_NAMES))
    colours: list[str] = field(default_factory=lambda: list(data.COLOURS))
    start: str = "0"  # a seat number or "random"
    variants: set[str] = field(default_factory=set)
    error: str = ""


class Controller:
    def __init__(self, library: Library, new_seed: Callable[[], int], lang: str = "en") -> None:
        self.library = library
        self.new_seed = new_seed
        self.lang = lang
        self.screen = HOME
        self.form = SetupForm()
        self.game_id: str | None = None
        self.state: BanksState | None = None
        self.selection: dict[str, Any] | None = None
        self.bidder: int | None = None  # whose private bid screen is open
        self.bid_draft: dict[str, int] = {}
        self.notice: tuple[str, str] | None = None  # (level, text): info / error
        self.in_memory_only = False  # storage full or in conflict: keep playing, offer export
        self.conflict = False
        self.show_rules = False
        #: "landscape" (Nile down the middle) or "portrait" (phones); set by the page from its width
        self.layout = "landscape"
        self.effects: list[tuple[str, ...]] = []  # for the page: ("download", name, text)
        self.revision = 0
        library.explain = self.say

    def say(self, error: BaseException) -> str:
        """An error in the player's language, with the open game's player names."""
        return say(error, self.lang, self.names if self.state is not None else ())

    # ------------------------------------------------------------------ reading
    @property
    def names(self) -> list[str]:
        return [p.name for p in self.state.options.players] if self.state else []

    def game_title(self, state: BanksState) -> str:
        return ", ".join(p.name for p in state.options.players)

    def game_summary(self, state: BanksState) -> str:
        names = [p.name for p in state.options.players]
        if state.is_terminal():
            winners = " & ".join(names[p] for p in state.result()["winners"])
            return msg("ui.summary_over", self.lang, winners=winners)
        seats = state.to_act()
        who = names[seats[0]] if len(seats) == 1 else msg("ui.everyone", self.lang)
        return msg("ui.summary_round", self.lang, round=state.round, player=who)

    def undo_possible(self) -> bool:
        s = self.state
        if s is None or s.is_terminal() or s.phase in BIDDING or not s.history:
            return False
        return len(s.history) > s.undo_floor() and s.history[-1][0] == s.current_player()

    # ------------------------------------------------------------------ intents
    def handle(self, intent: str, value: str = "") -> None:
        """One user intent from the page. Never raises for bad input: it sets a notice."""
        self.revision += 1
        handler = getattr(self, "_on_" + intent.replace("-", "_"), None)
        if handler is None:
            return
        if intent not in ("dismiss",):
            self.notice = None if self.notice and self.notice[0] == "info" else self.notice
        try:
            handler(value)
        except (ActionError, IllegalActionError, OptionsError, SaveError) as e:
            self.notice = ("error", self.say(e))

    # home
    def resume(self) -> None:
        """At page load: reopen the game that was open (a reload resumes exactly there)."""
        gid = self.library.store.get(CURRENT_KEY)
        if gid and self.library.raw(gid) is not None:
            self._on_continue(gid)

    def _on_home(self, value: str) -> None:
        self._remember(None)
        self.screen = HOME
        self.state = None
        self.game_id = None
        self.selection = None
        self.bidder = None

    def _on_new(self, value: str) -> None:
        self.form = SetupForm()
        self.screen = SETUP

    def _on_continue(self, gid: str) -> None:
        try:
            state = self.library.load(gid)
        except SaveError as e:
            self.notice = ("error", msg("ui.damaged", self.lang, reason=self.say(e)))
            self._remember(None)
            return
        self._open(gid, state)

    def _remember(self, gid: str | None) -> None:
        try:
            if gid is None:
                self.library.store.remove(CURRENT_KEY)
            else:
                self.library.store.set(CURRENT_KEY, gid)
        except StorageFull:
            pass

    def _open(self, gid: str, state: BanksState) -> None:
        self._remember(gid)
        self.game_id = gid
        self.state = state
        self.screen = GAME
        self.selection = None
        self.bidder = None
        self.bid_draft = {}
        self.in_memory_only = False
        self.conflict = False

    def _on_delete(self, gid: str) -> None:
        self.library.delete(gid)
        self.notice = ("info", msg("ui.deleted", self.lang))

    def _on_export(self, gid: str) -> None:
        gid = gid or self.game_id or ""
        if self.state is not None and gid == self.game_id:
            from ..core import save

            text = save.dumps(self.state)
        else:
            text = self.library.raw(gid) or ""
        if text:
            self.effects.append(("download", f"nile-{gid}.json", text))

    def import_text(self, text: str) -> None:
        """A file the player chose to import (the page reads it and calls this)."""
        self.revision += 1
        try:
            gid = self.library.import_text(text, "", self.game_summary)
        except SaveError as e:
            self.notice = ("error", msg("ui.import_failed", self.lang, reason=self.say(e)))
            return
        except StorageFull:
            self.notice = ("error", msg("ui.storage_full_import", self.lang))
            return
        state = self.library.load(gid)
        self.library.write(gid, state, self.game_title(state), self.game_summary(state))
        self.notice = ("info", msg("ui.imported", self.lang))
        self._open(gid, state)

    # set-up
    def _on_setup_count(self, value: str) -> None:
        if value.isdigit() and data.MIN_PLAYERS <= int(value) <= data.MAX_PLAYERS:
            self.form.count = int(value)
            if self.form.start not in ("random",) and int(self.form.start) >= self.form.count:
                self.form.start = "0"

    def _on_setup_name(self, value: str) -> None:
        seat, _, name = value.partition(":")
        if seat.isdigit() and int(seat) < data.MAX_PLAYERS:
            self.form.names[int(seat)] = name[:100]

    def _on_setup_colour(self, value: str) -> None:
        seat, _, colour = value.partition(":")
        if seat.isdigit() and int(seat) < data.MAX_PLAYERS and colour in data.COLOURS:
            seat_i = int(seat)
            other = self.form.colours.index(colour)
            self.form.colours[other], self.form.colours[seat_i] = self.form.colours[seat_i], colour

    def _on_setup_start(self, value: str) -> None:
        if value == START_RANDOM or (value.isdigit() and int(value) < self.form.count):
            self.form.start = value

    def _on_setup_variant(self, value: str) -> None:
        if value in VARIANTS:
            self.form.variants ^= {value}

    def _on_start_game(self, value: str) -> None:
        f = self.form
        try:
            players = tuple(Player(clean_name(f.names[i], i), f.colours[i]) for i in range(f.count))
            start: str | int = START_RANDOM if f.start == START_RANDOM else int(f.start)
            options = Options(players, start, frozenset(f.variants))
        except OptionsError as e:
            f.error = self.say(e)
            return
        state = BanksState(options, self.new_seed())
        gid = self.library.new_id()
        self._open(gid, state)
        self._autosave()

    # game: selection and commits
    def _on_pick(self, target: str) -> None:
        """A click on a board target (``field:W4-2``, ``supply:flax`` …)."""
        if self.state is None:
            return
        inter = self.interaction()
        t = inter.targets.get(target)
        if t is None:
            self._explain_refusal(target)
            return
        if t.action:
            self._apply(t.action)
        elif t.select is not None:
            self.selection = None if self.selection == t.select else t.select

    def _on_act(self, text: str) -> None:
        if self.state is None:
            return
        legal = {a.text() for a in self.state.legal_actions(self._actor())}
        if text not in legal:
            action = self.state.parse_action(text)
            raise self.state.refusal(action, self._actor())
        self._apply(text)

    def _on_cancel(self, value: str) -> None:
        self.selection = None

    def _on_side(self, value: str) -> None:
        if value in ("seed", "ripe"):
            self.selection = {"kind": "side", "side": value}

    def _on_undo(self, value: str) -> None:
        if not self.undo_possible():
            self.notice = ("info", msg("ui.nothing_to_undo", self.lang))
            return
        s = self.state
        previous = BanksState(s.options, s.seed)
        for player, action in s.history[:-1]:
            previous.apply(action, player)
        self.state = previous
        self.selection = None
        self._autosave()

    def _on_layout(self, value: str) -> None:
        if value in ("landscape", "portrait"):
            self.layout = value

    def _on_dismiss(self, value: str) -> None:
        self.notice = None

    def _on_lang(self, value: str) -> None:
        """The player picks a language: every screen speaks it from now on, and it is remembered."""
        if value in LANGUAGES:
            self.lang = value
            try:
                self.library.store.set(LANG_KEY, value)
            except StorageFull:
                pass  # still spoken in this tab

    def _on_rules(self, value: str) -> None:
        self.show_rules = not self.show_rules

    def _on_escape(self, value: str) -> None:
        """The Escape key: close the rules help, else drop the current choice."""
        if self.show_rules:
            self.show_rules = False
        else:
            self.selection = None

    def variants_in_play(self) -> frozenset[str] | None:
        """The variants of the game on screen (None when no game is open)."""
        if self.screen != GAME or self.state is None:
            return None
        return frozenset(self.state.options.variants)

    def other_tab_changed(self) -> None:
        """The page saw another tab write this game: stop saving here, offer to load theirs."""
        self.conflict = True
        self.in_memory_only = True
        self.notice = ("error", msg("ui.conflict", self.lang))

    def _on_reload(self, value: str) -> None:
        """After a conflict: take the stored copy (the other tab's progress)."""
        if self.game_id:
            self.library.known.pop(self.game_id, None)
            self._on_continue(self.game_id)

    # secret bids: hand the device over, bid in private, hide again
    def _on_reveal_bidder(self, value: str) -> None:
        s = self.state
        if s and s.phase in BIDDING and value.isdigit() and int(value) in s.to_act():
            self.bidder = int(value)
            self.bid_draft = {}

    def _on_bid_change(self, value: str) -> None:
        crop, _, delta = value.partition(":")
        if self.bidder is None or crop not in data.CROP_INDEX:
            return
        have = self.supply_counts(self.bidder).get(crop, 0)
        n = self.bid_draft.get(crop, 0) + (1 if delta == "+" else -1)
        self.bid_draft[crop] = max(0, min(have, n))

    def _on_bid_submit(self, value: str) -> None:
        if self.bidder is None:
            return
        crops = [c for c in data.CROPS for _ in range(self.bid_draft.get(c, 0))]
        text = "bid " + (" ".join(crops) if crops else "none")
        player = self.bidder
        self.bidder = None
        self.bid_draft = {}
        self._apply(text, player)

    def _on_bid_hide(self, value: str) -> None:
        self.bidder = None
        self.bid_draft = {}

    # ------------------------------------------------------------------ applying
    def _actor(self) -> int | None:
        return self.state.current_player() if self.state else None

    def _apply(self, text: str, player: int | None = None) -> None:
        s = self.state
        if player is None:
            player = self._actor()
        s.apply_text(text, player)
        self.selection = None
        self._autosave()

    def _autosave(self) -> None:
        if self.state is None or self.game_id is None or self.conflict:
            return
        try:
            self.library.write(self.game_id, self.state, self.game_title(self.state), self.game_summary(self.state))
            self.in_memory_only = False
        except StorageFull:
            self.in_memory_only = True
            self.notice = ("error", msg("ui.storage_full", self.lang))
        except SaveConflict:
            self.conflict = True
            self.in_memory_only = True
            self.notice = ("error", msg("ui.conflict", self.lang))

    def _explain_refusal(self, target: str) -> None:
        """An illegal click: nothing changes; say why when the engine can tell."""
        s = self.state
        actor = self._actor()
        if s is None or actor is None:
            return
        kind, _, name = target.partition(":")
        sel = self.selection or {}
        action_text = None
        if kind == "field" and sel.get("kind") == "supply" and s.phase in (ACTIONS, EXTRA_TURN):
            action_text = f"sow {sel['crop']} {name}"
        elif kind == "field" and s.phase in (SETUP_WATER, TIDE) and (s.phase == SETUP_WATER or s.tide_mode == "flood"):
            pile = self.interaction().chosen_pile
            if pile:
                action_text = f"water {pile} {name}"
        elif kind == "market" and sel.get("kind") == "fruit":
            action_text = f"harvest {sel['field']} {name}"
        if action_text:
            try:
                action = s.parse_action(action_text)
                self.notice = ("info", self.say(s.refusal(action, actor)))
            except ActionError:
                pass

    # ------------------------------------------------------------------ what a click would do
    def supply_counts(self, player: int) -> dict[str, int]:
        view_players = self.state.view(None)["players"] if self.state else []
        return {c: v["count"] for c, v in view_players[player]["supply"].items()} if view_players else {}

    def interaction(self) -> Interaction:
        """Board targets and buttons for the player to act, from the engine's legal actions."""
        s = self.state
        inter = Interaction()
        if s is None or s.is_terminal():
            return inter
        actor = s.current_player()
        if actor is None:
            return inter
        legal = s.legal_actions(actor)
        sel = self.selection or {}
        phase = s.phase
        lang = self.lang

        def add(target: str, action: Action, label: str) -> None:
            inter.targets[target] = Target(action=action.text(), cost=s.cost(action), label=label)

        if phase == BOAT:
            inter.prompt = msg("ui.prompt_boat", lang)
            for a in legal:
                add(f"supply:{a.args[0]}", a, msg("ui.put_on_boat", lang, crop=msg("crop." + a.args[0], lang)))
        elif phase == SETUP_WATER or (phase == TIDE and s.tide_mode == "flood"):
            piles = sorted({a.args[0] for a in legal})
            chosen = sel.get("pile") if sel.get("pile") in piles else (piles[0] if piles else None)
            inter.prompt = msg("ui.prompt_water", lang)
            for pile in piles:
                if pile != chosen:
                    inter.targets[f"pile:{pile}"] = Target(select={"kind": "pile", "pile": pile},
                                                           label=msg("ui.choose_pile", lang, pile=pile))
            for a in legal:
                if a.args[0] == chosen:
                    add(f"field:{a.args[1]}", a, msg("ui.place_water", lang, pile=chosen, field=a.args[1]))
            inter.chosen_pile = chosen
        elif phase == TIDE:  # ebb
            inter.prompt = msg("ui.prompt_ebb", lang)
            for a in legal:
                row = data.ROWS[data.ROW_INDEX[a.args[0]]]
                outer = len(s.row_water[row.index])
                add(f"field:{row.name}-{outer}", a, msg("ui.remove_water", lang, field=f"{row.name}-{outer}"))
        elif phase == SETUP_SOW:
            sides = sorted({a.kind for a in legal}, key=("seed", "ripe").index)
            side = sel.get("side") if sel.get("side") in sides else sides[0]
            inter.prompt = msg("ui.prompt_setup_sow", lang, side=msg("side." + side, lang))
            crop = sel.get("crop")
            for other in sides:
                inter.buttons.append(Button(msg("ui.side_" + other, lang), "side", other))
            for a in legal:
                if a.kind != side:
                    continue
                if crop is None or a.args[0] != crop:
                    inter.targets.setdefault(f"supply:{a.args[0]}", Target(
                        select={"kind": "side", "side": side, "crop": a.args[0]},
                        label=msg("ui.choose_crop", lang, crop=msg("crop." + a.args[0], lang))))
                if a.args[0] == crop:
                    add(f"field:{a.args[1]}", a, msg("ui.place_marker", lang, crop=msg("crop." + crop, lang),
                                                     side=msg("side." + side, lang), field=a.args[1]))
        elif phase == ROT_CHOICE:
            inter.prompt = msg("ui.prompt_rot", lang, palms=s.rot_palms)
            for a in legal:
                inter.buttons.append(Button(self.describe_rot(a), "act", a.text()))
        elif phase in (ACTIONS, EXTRA_TURN):
            self._turn_interaction(inter, legal, sel, actor)
        return inter

    def describe_rot(self, action: Action) -> str:
        s = self.state
        market = data.MARKET_INDEX[action.args[0]]
        parts = []
        for stall in action.args[1:]:
            m = s.market[market][int(stall) - 1]
            parts.append(msg("ui.rot_fruit", self.lang, stall=stall, player=self.names[m // 15],
                             crop=msg("crop." + data.CROPS[data.CROP_OF_SLOT[m % 15]], self.lang)))
        return f"{action.args[0]}: " + (", ".join(parts) if parts else msg("ui.rot_empty", self.lang))

    def _turn_interaction(self, inter: Interaction, legal: list[Action], sel: dict[str, Any], actor: int) -> None:
        s, lang = self.state, self.lang
        inter.prompt = msg("ui.prompt_turn", lang, ap=s.ap)
        crop_sel = sel.get("crop") if sel.get("kind") == "supply" else None
        field_sel = sel.get("field") if sel.get("kind") == "fruit" else None
        for a in legal:
            kind = a.kind
            if kind == "sow":
                crop, fname = a.args
                if crop == crop_sel:
                    inter.targets[f"field:{fname}"] = Target(action=a.text(), cost=s.cost(a), label=msg(
                        "ui.sow_here", lang, crop=msg("crop." + crop, lang), field=fname, ap=s.cost(a)))
                elif f"supply:{crop}" not in inter.targets:
                    inter.targets[f"supply:{crop}"] = Target(select={"kind": "supply", "crop": crop},
                                                             label=msg("ui.choose_sow", lang, crop=msg("crop." + crop, lang)))
            elif kind == "grow":
                fname = a.args[0]
                if field_sel == fname:
                    inter.targets[f"field:{fname}"] = Target(action=a.text(), cost=s.cost(a), label=msg(
                        "ui.grow_here", lang, field=fname, ap=s.cost(a)))
                    inter.buttons.append(Button(msg("ui.grow_button", lang, ap=s.cost(a)), "act", a.text(), s.cost(a)))
                else:
                    inter.targets[f"field:{fname}"] = Target(select={"kind": "fruit", "field": fname},
                                                             label=msg("ui.choose_seed", lang, field=fname))
            elif kind == "harvest":
                fname, market = a.args
                if field_sel == fname:
                    inter.targets[f"market:{market}"] = Target(action=a.text(), cost=s.cost(a), label=msg(
                        "ui.harvest_here", lang, field=fname, market=market, ap=s.cost(a)))
                elif f"field:{fname}" not in inter.targets:
                    inter.targets[f"field:{fname}"] = Target(select={"kind": "fruit", "field": fname},
                                                             label=msg("ui.choose_fruit", lang, field=fname))
            elif kind == "buy" and a.args[0] != "joker":
                inter.targets[f"boat:{actor}:{a.args[0]}"] = Target(action=a.text(), cost=1, label=msg(
                    "ui.buy_back", lang, crop=msg("crop." + a.args[0], lang)))
            elif kind == "hoard":
                owner = int(a.args[0][1:]) - 1
                inter.targets[f"boat:{owner}:{a.args[1]}"] = Target(action=a.text(), cost=2, label=msg(
                    "ui.hoard", lang, player=self.names[owner], crop=msg("crop." + a.args[1], lang)))
            elif kind == "refresh":
                inter.targets[f"stall:{a.args[0]}:{a.args[1]}"] = Target(action=a.text(), cost=0, label=msg(
                    "ui.refresh", lang, market=a.args[0], stall=a.args[1]))
            elif a == Action("buy", ("joker",)):
                inter.buttons.append(Button(msg("ui.buy_joker", lang), "act", a.text(), 1))
            elif kind == "joker":
                inter.buttons.append(Button(msg("ui.discard_joker", lang), "act", a.text(), 0))
            elif kind == "end":
                inter.buttons.append(Button(msg("ui.end_turn", lang), "act", a.text(), 0))
