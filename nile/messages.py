"""The message catalog: every sentence a player reads, by key, per language.

The engine's log holds only keys and parameters (``nile.core.log``); this module
turns them into words. Parameters that name players hold seat numbers and are
replaced by the players' names here; names are inserted as plain text (the web
front-end escapes all text it shows). Adding a language = adding a dict with
the same keys; a missing key falls back to English, then to the key itself.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

EN: dict[str, str] = {
    # set-up (N2, N12)
    "setup.board": "A game for {count} players; rows out of play: {rows_out}.",
    "setup.desert": "Desert cards lie on {fields}.",
    "setup.start_random": "{player} is the start player, drawn at random.",
    "setup.start_chosen": "{player} is the start player.",
    "setup.boat": "{player} puts {crop} on the boat.",
    "setup.sow": "{player} places {crop} on {field} as a {side} fruit.",
    "setup.skip": "{player} cannot act in this set-up step and is skipped.",
    "bid.open": "Secret bids: {players}.",
    "bid.empty_supply": "{player} has no markers in supply and bids nothing.",
    "bid.made": "{player} has made a secret bid.",
    "bid.revealed": "Bids revealed: {bids}. All bid markers go to the boat.",
    "bid.tie_rebid": "Tie between {players}: they bid again.",
    "bid.tie_draw": "Still tied between {players}: the draw picks {player}.",
    "bid.start_player": "{player} is the start player.",
    # rounds and the tide (N3-N5, N8)
    "round.start": "Round {round}: {player} is the start player; the tide is at {tide}.",
    "round.pillar": "The start pillar passes to {player}.",
    "tide.switch_now": "{player} cannot do the tide's phase: the marker moves to {tide} and they do that at once.",
    "tide.switch_next": "Only one card this phase: the tide marker moves to {tide} for the next start player.",
    "tide.nothing": "{player} can neither flood nor ebb: phase 1 ends.",
    "tide.arrow": "Arrow: the tide marker moves to {tide}.",
    "water.placed": "{player} places a water card from pile {pile} on {field}.",
    "water.removed": "{player} removes the water card from {field}.",
    "field.to_boat": "{cause} on {field}: {markers} washed to the boat.",
    "desert.flooded": "The desert card on {field} is flooded; {player} keeps it as a joker.",
    "desert.placed": "Desert: a desert card is placed on {field}.",
    "desert.blocked": "Desert: the next field of row {row} holds water; nothing happens.",
    "desert.no_card": "Desert: no desert card is left; nothing happens.",
    "desert.reshuffled": "The desert discard pile is shuffled into a new draw pile ({cards} cards).",
    "event.revealed": "The {source} card shows {event}{arrow} (row {row}).",
    "rot.applied": "Rot ({palms} palms): {player} chooses {market}: {fruits}.",
    "rot.nothing": "Rot ({palms} palms): no fruit in reach can rot.",
    "hippo.nothing": "Hippo: no effect.",
    "auction.revealed": "Hippo auction bids: {bids}; totals with the boat: {totals}.",
    "auction.no_winner": "The auction is tied: nobody wins.",
    "auction.won": "{player} wins the auction, puts {markers} marker(s) on the boat and takes an extra turn.",
    # actions (N6, N10, N13)
    "turn.start": "{player}'s turn.",
    "turn.end": "{player} ends the turn.",
    "action.sow": "{player} sows {crop} on {field} ({ap} AP).",
    "action.grow": "{player} grows {crop} on {field} ({ap} AP).",
    "action.harvest": "{player} harvests {crop} from {field} to {market}, stall {stall} ({ap} AP).",
    "action.buy": "{player} buys {crop} back from the boat (1 AP).",
    "action.buy_joker": "{player} buys a joker (1 AP).",
    "action.hoard": "{player} takes {owner}'s {crop} off the boat (2 AP).",
    "action.joker": "{player} discards a joker for 1 AP.",
    "action.refresh": "{player} discards a joker: {owner}'s {crop} on {market} stall {stall} is ripe again.",
    # scoring and the end (N7)
    "scoring.done": "Scoring of {markets}: {points}. Markers lost from the boat: {lost}. The obelisk stands on {obelisk}.",
    "game.over": "Game over ({reason}): {winners} {verb}.",
    # words used inside messages
    "word.flood": "Flood",
    "word.desert": "Desert",
    "word.nothing": "nothing",
    "word.none": "none",
    "word.water": "water",
    "word.arrow": " with an arrow",
    "word.wins": "wins",
    "word.share": "share the win",
    "event.rot1": "rot (1 palm)",
    "event.rot2": "rot (2 palms)",
    "event.rot3": "rot (3 palms)",
    "event.rot4": "rot (4 palms)",
    "event.desert": "desert",
    "event.hippo": "a hippo",
    "tide.flood": "Flood",
    "tide.ebb1": "Ebb 1",
    "tide.ebb2": "Ebb 2",
    "reason.obelisk": "a pawn reached the obelisk",
    "reason.no_markers": "every marker has left the game",
    "reason.idle": "three rounds without any activity",
    "tie_break.score": "the highest score",
    "tie_break.lost_markers": "fewest markers lost, after a tie on points",
    "tie_break.shared": "a shared win: tied on points and on markers lost",
    "crop.flax": "flax",
    "crop.grain": "grain",
    "crop.grapes": "grapes",
    "crop.onion": "onion",
    "crop.aubergine": "aubergine",
    "condition.ripe": "ripe",
    "condition.spoiled": "spoiled",
    "condition.rotten": "rotten",
    "side.seed": "seed",
    "side.ripe": "ripe",
    "phase.start_bid": "Everyone bids secretly for the start player (N12).",
    "phase.boat": "Put two markers on the boat (N2.6).",
    "phase.setup_water": "Place one water card (N2.7).",
    "phase.setup_sow": "Place one seed and one ripe fruit (N2.8).",
    "phase.tide": "The start player floods or ebbs (N4, N5).",
    "phase.rot": "Choose which fruits rot (N8).",
    "phase.auction": "Hippo auction: bid markers secretly (N11).",
    "phase.extra_turn": "Extra turn of the auction winner (N11).",
    "phase.actions": "Actions (N6).",
    "phase.over": "The game is over.",
    # ---- the app (nile.web)
    # the page before Python runs: filled into index.html by tools/build_site.py, shown by static/boot.js
    "boot.title": "Nile — An den Ufern des Nils",
    "boot.description": "Play An den Ufern des Nils in your browser: 2–5 players on one device, offline, no install.",
    "boot.loading": "Loading the game…",
    "boot.python": "Starting Python in your browser…",
    "boot.board": "Setting up the board…",
    "boot.slow": "Still starting — a first visit downloads about 7 MB once.",
    "boot.failed": "Nile could not start: {error}. Reload the page to try again.",
    "boot.unknown_error": "unknown error",
    "boot.progress": "Loading",
    "boot.noscript": "Nile runs in your browser and needs JavaScript.",
    "ui.tagline": "An den Ufern des Nils — sow, grow and sell along the Nile. 2–5 players on one device, offline.",
    "ui.new_game": "New game",
    "ui.import": "Import a saved game",
    "ui.saved_games": "Saved games",
    "ui.no_saves": "No saved games yet.",
    "ui.continue": "Continue",
    "ui.export": "Export",
    "ui.delete": "Delete",
    "ui.deleted": "The game was deleted.",
    "ui.damaged": "This saved game cannot be loaded, so it was set aside untouched: {reason}",
    "ui.damaged_short": "Damaged, kept aside",
    "ui.import_failed": "That file was not imported: {reason}",
    "ui.imported": "Game imported.",
    "ui.storage_full_import": "The browser's storage is full: the game was not imported. Delete an old game first.",
    "ui.storage_full": "The browser's storage is full: this game goes on in memory only. Export it to keep it.",
    "ui.conflict": "This game was changed in another tab: this tab stopped saving it. Export it, or go home and continue the other tab's progress.",
    "ui.in_memory": "Not saved — storage full or game open elsewhere: export to keep it",
    "ui.no_storage": "This browser does not let Nile store games: play goes on in memory only. Export a game to keep it.",
    "ui.unexpected": "Something went wrong ({error}). Your game is unchanged.",
    "ui.file_too_large": "the file is far too large to be a saved game",
    "ui.reload_other": "Load the other tab's progress",
    "ui.offline_note": "After this first visit Nile works without a network. Games are kept in this browser only.",
    "ui.summary_over": "Finished — {winners} won",
    "ui.summary_round": "Round {round} — {player} to play",
    "ui.everyone": "everyone (secret bids)",
    "ui.players": "Players",
    "ui.player": "Player",
    "ui.name": "Name",
    "ui.colour": "Colour",
    "ui.start_player": "Start player",
    "ui.random": "Random",
    "ui.start_by_bidding": "With N12 the start player is decided by secret bids.",
    "ui.variants": "Variants",
    "ui.back": "Back",
    "ui.start": "Start the game",
    "ui.home": "Home",
    "ui.rules": "Rules",
    "ui.close": "Close",
    "ui.dismiss": "Dismiss",
    "ui.round": "Round {round}",
    "ui.turn_of": "{player} to play",
    "ui.game_over": "Game over",
    "ui.ap_short": "{ap} AP",
    "ui.ap_left": "{ap} action points left",
    "ui.ap_cost": "{ap} AP",
    "ui.your_move": "Your move",
    "ui.cancel": "Cancel",
    "ui.undo": "Undo",
    "ui.undo_hint": "Take back your own moves of this turn (not past a turned card or a drawn joker)",
    "ui.nothing_to_undo": "Nothing to undo in this turn.",
    "ui.end_turn": "End turn",
    "ui.buy_joker": "Buy a joker",
    "ui.discard_joker": "Discard a joker: +1 AP",
    "ui.grow_button": "Grow",
    "ui.side_seed": "Place the seed",
    "ui.side_ripe": "Place the ripe fruit",
    "ui.prompt_boat": "Put two markers from your supply on the boat: click a crop.",
    "ui.prompt_water": "Place a water card: choose a pile, then a highlighted field (its wave must match).",
    "ui.prompt_ebb": "Ebb: remove a highlighted water card (the outermost of a row).",
    "ui.prompt_setup_sow": "Place your {side} fruit: choose a crop, then a field.",
    "ui.prompt_rot": "Rot ({palms} palms): choose which fruits spoil.",
    "ui.prompt_turn": "Your actions — {ap} AP left. Choose a crop to sow, a field of yours to grow or harvest, or the boat.",
    "ui.put_on_boat": "Put {crop} on the boat",
    "ui.choose_pile": "Use pile {pile}",
    "ui.place_water": "Place pile {pile}'s card on {field}",
    "ui.remove_water": "Remove the water card from {field}",
    "ui.choose_crop": "Choose {crop}",
    "ui.place_marker": "Place {crop} as {side} on {field}",
    "ui.choose_sow": "Sow {crop}: choose it, then a field",
    "ui.sow_here": "Sow {crop} on {field}: {ap} AP",
    "ui.choose_seed": "Your seed on {field}: select to grow it",
    "ui.grow_here": "Grow your seed on {field}: {ap} AP",
    "ui.choose_fruit": "Your ripe fruit on {field}: select, then a market row",
    "ui.harvest_here": "Harvest from {field} to {market}: {ap} AP",
    "ui.buy_back": "Buy your {crop} back from the boat: 1 AP",
    "ui.hoard": "Take {player}'s {crop} off the boat (N10): 2 AP",
    "ui.refresh": "Discard a joker to make the fruit on {market} stall {stall} ripe again (N13)",
    "ui.selected_crop": "Selected: {crop} from your supply.",
    "ui.selected_field": "Selected: your marker on {field}.",
    "ui.rot_fruit": "stall {stall} ({player}'s {crop})",
    "ui.rot_empty": "no fruit",
    "ui.fields": "The fields along the Nile",
    "ui.nile": "Nile",
    "ui.field_label": "{field}, {palms} palms",
    "ui.out_of_play": "{field}: covered, out of play",
    "ui.water_card": "water card ({wave_in} in, {wave_out} out)",
    "ui.desert_card": "desert card",
    "ui.marker": "{player}'s {crop} ({state})",
    "ui.market": "Market",
    "ui.market_row": "Market row {market}: fruit from {palms} palms up; {used} of {stalls} stalls used",
    "ui.boat": "Boat",
    "ui.on_boat": "{count} × {player}'s {crop} on the boat",
    "ui.decks": "Desert cards: {draw} to draw, {discard} discarded. Water cards removed: {water}.",
    "ui.tide_now": "Tide: {tide}",
    "ui.supply": "Supply",
    "ui.your_supply": "{player}'s supply",
    "ui.empty": "empty",
    "ui.pile": "Pile {pile} ({size})",
    "ui.card_waves": "top card: {wave_in} wave in, {wave_out} out",
    "ui.hoarded": "{count} hoarded marker(s) (N10)",
    "ui.player_stats": "{score} points · {jokers} joker(s) · {lost} lost",
    "ui.log": "What happened",
    "ui.bid_start": "Secret bids for the start player (N12): the most markers starts; all bids go to the boat.",
    "ui.bid_hippo": "Hippo auction (N11): the highest bid plus your markers on the boat wins an extra turn.",
    "ui.pass_device": "Pass the device to {player}. Nobody else should look.",
    "ui.i_am": "I am {player}: show my bid",
    "ui.bids_made": "Already bid: {players}",
    "ui.bid_secret_hint": "Each bid stays secret until everyone has bid.",
    "ui.bid_of": "{player}'s secret bid",
    "ui.bid_total": "Markers bid: {count}.",
    "ui.bid_boat_note": "Your markers on the boat ({count}) count too.",
    "ui.less": "One fewer",
    "ui.more": "One more",
    "ui.hide": "Hide (pass on without bidding)",
    "ui.place_bid": "Place my secret bid",
    "ui.points": "Points",
    "ui.end_reason": "The game ended because {reason}. Winner by {tie_break}.",
    "ui.lost": "Markers lost",
    "ui.nobody": "nobody",
    "ui.rotten": "rotten",
    "ui.tie_last_stall": "tie won by the later fruit",
    "ui.scorings": "Every scoring ({count})",
    "ui.scoring_round": "Scoring after round {round}",
    "ui.scoring_points": "Points: {points}. Colours lost from the boat: {colours}; the obelisk moved to {obelisk}.",
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.yellow": "yellow",
    "colour.white": "white",
    "wave.single": "single",
    "wave.double": "double",
    "wave.none": "no",
    "variant.N10": "Buying other players' seeds: 2 AP takes another player's marker off the boat for good.",
    "variant.N11": "Hippo auction: every hippo turned over is auctioned for an extra turn of 3 AP.",
    "variant.N12": "Bidding for the start player instead of choosing one.",
    "variant.N13": "Refreshing: discard a joker to make a spoiled fruit ripe again.",
    # the in-game rules help (nile/web/render.py: render_rules): per rule id a title and numbered
    # points (rules.N4.1, rules.N4.2, … as many as there are), then this app's decisions (docs/rules.md)
    "rules.title": "How to play",
    "rules.intro": "Sow fruit on the banks of the Nile, let it ripen, sell it on the market and score when a market row is full. The Nile floods and ebbs, washing markers away and turning up events. The rule ids (N1, N2, …) are those of the edition this game follows.",
    "rules.variant_on": "on in this game",
    "rules.variant_off": "off in this game",
    "rules.N1.title": "The board and the pieces",
    "rules.N1.1": "Each bank has four rows of 2, 3, 4 and 5 fields: W2–W5 on the west bank, E2–E5 on the east. Field 1 touches the Nile, the last field the desert. Palms (1 to 4) show how good a field is: the nearer the Nile, the better.",
    "rules.N1.2": "Every player has 15 markers: 5 flax, 4 grain, 3 grapes, 2 onion, 1 aubergine. A marker has a seed side and a ripe side. On the market a ripe fruit can become spoiled, then rotten.",
    "rules.N1.3": "Water cards show waves on their face and an event on the back (rot, desert or hippo, some with an arrow), hidden until the card is turned over. Desert cards in a player's hand are jokers.",
    "rules.N1.4": "The market has four rows, M1 to M4, with 3, 4, 4 and 5 stalls. The boat holds markers that can be bought back or are lost at the next scoring. The score track runs to 30; the obelisk on it marks the end.",
    "rules.N2.title": "Set-up",
    "rules.N2.1": "Rows out of play: with 2 players W2, E2 and W3; with 3 players W2 and E2; with 4 players W2; with 5 none.",
    "rules.N2.2": "Three desert cards lie on random desert-side fields; everyone gets 2 jokers. The water cards are dealt out, and each player keeps them in two face-down piles.",
    "rules.N2.3": "In turn, from the start player: everyone puts 2 markers on the boat, then places one water card, then one seed and one ripe fruit on fields.",
    "rules.N3.title": "A round",
    "rules.N3.1": "Tide: the start player floods or ebbs (N4, N5).",
    "rules.N3.2": "Actions: every player takes a turn, the start player first, then clockwise (N6).",
    "rules.N3.3": "The start pillar passes to the left.",
    "rules.N3.4": "Scoring by the new start player, if a market row is full (N7).",
    "rules.N4.title": "Flood",
    "rules.N4.1": "With the tide marker on Flood, the start player places two water cards, each from the top of either of their piles.",
    "rules.N4.2": "A card goes on field 1 of a row without water, or right after the row's outermost water card, and only if its inner wave matches the wave it touches: the Nile's, or the outer wave of the card before it. A card with no outer wave closes its row.",
    "rules.N4.3": "Markers on a flooded field go to the boat. A flooded desert card is turned over, its event happens, and the start player keeps it as a joker.",
    "rules.N4.4": "If only one card could be placed, the tide marker moves to Ebb 1 for the next start player; if none, the start player ebbs at once.",
    "rules.N5.title": "Ebb",
    "rules.N5.1": "With the tide marker on Ebb 1 or Ebb 2, the start player removes two water cards, each the outermost of its row. Each is turned over, its event happens (N8), and it leaves the game.",
    "rules.N5.2": "If only one card could be removed, the tide marker moves to Flood for the next start player; if none, the start player floods at once. Nobody does both in one round.",
    "rules.N6.title": "Actions",
    "rules.N6.1": "In your turn you have 3 action points (AP), plus 1 for every joker you discard. AP you do not use are lost.",
    "rules.N6.2": "Sow: a marker from your supply onto a field, seed side up: 1 AP, or 2 AP next to another player's marker. No markers on water or desert cards; at most two on a field, never two of yours.",
    "rules.N6.3": "Grow: turn your seed to its ripe side: 1 AP (2 AP if the field holds two markers).",
    "rules.N6.4": "Harvest: move your ripe fruit to the market: 1 AP (2 AP if the field holds two markers). A field with q palms sells to rows that need at most q: M1 needs 4, M2 3, M3 2, M4 1. The fruit takes the row's next free stall and must be another crop than the row's last two fruits.",
    "rules.N6.5": "Buy a seed: one of your markers from the boat back to your supply, 1 AP. Buy a joker: 1 AP, once a round.",
    "rules.N6.6": "Each marker does at most one action per round: one sown or bought back this round waits for the next.",
    "rules.N7.title": "Scoring and the end",
    "rules.N7.1": "When at least one market row is full, every marker on the boat leaves the game, and the obelisk moves back one space for each colour among them.",
    "rules.N7.2": "Each full row is scored: players are ranked by their fruits there that are not rotten (a tie goes to the player whose last fruit lies further from the house wall). One player gets 6 points; two get 4 and 2; three or more 3, 2 and 1. Each rotten fruit costs its owner 1 point, but a scoring never takes points away.",
    "rules.N7.3": "Then all fruits of the scored rows go to the boat.",
    "rules.N7.4": "The game ends after a scoring in which a pawn reaches the obelisk. The highest score wins; a tie goes to whoever lost fewest markers from the boat; still tied, they share the win.",
    "rules.N7.5": "It also ends when no marker is left to play with, or after 3 whole rounds in which nothing was sown, grown, harvested, bought, placed or removed.",
    "rules.N8.title": "Events",
    "rules.N8.1": "Rot with p palms: the start player picks one of the p rightmost market rows; two different fruits there of their choice get worse (ripe → spoiled, spoiled → rotten).",
    "rules.N8.2": "Desert: a desert card goes on the outermost field of that row not yet desert, and markers there go to the boat (nothing happens if that field holds water).",
    "rules.N8.3": "Hippo: nothing, unless N11 is on. Arrow: the tide marker moves one area on; a switch between flood and ebb ends the running phase.",
    "rules.N9.title": "What you can see",
    "rules.N9.1": "Everything on the board, how many jokers each player holds, the size of every pile and the wave side of its top card.",
    "rules.N9.2": "Hidden from everyone: event sides until the card is turned over, the order of the piles, the desert draw pile. Secret bids stay secret until all are revealed together.",
    "rules.N10.title": "Variant: buying other seeds",
    "rules.N10.1": "For 2 AP take another player's marker off the boat. It stays with you for the rest of the game: out of play, and not lost for its owner.",
    "rules.N11.title": "Variant: hippo auction",
    "rules.N11.1": "Every hippo turned over starts a secret bid of markers from supply. A player's total is their bid plus their markers on the boat; the highest total wins (a tie goes to the biggest bid; still tied, nobody wins).",
    "rules.N11.2": "The winner's bid goes to the boat and they take an extra turn of 3 AP at once, without discarding jokers. The others keep their markers.",
    "rules.N12.title": "Variant: bidding for the start player",
    "rules.N12.1": "Instead of choosing, everyone secretly bids markers from supply; the most markers starts (tied players bid again, then a draw decides). Every bid goes to the boat, and nobody puts 2 markers on the boat at set-up.",
    "rules.N13.title": "Variant: refreshing",
    "rules.N13.1": "In your turn, discard a joker to turn one spoiled fruit on the market ripe again (not a rotten one).",
    "rules.decisions.title": "How this game settles what the printed rules leave open",
    "rules.decision.1": "N6: an action needs its AP in hand, so discard a joker first when you are short. Your turn ends only when you press End turn, so your last move can still be undone.",
    "rules.decision.2": "Undo takes back your own moves of this turn, never past a card turned over, a joker drawn or bids revealed.",
    "rules.decision.3": "N7: the game ends at once when no marker is left in any supply, on any field or on the boat.",
    "rules.decision.4": "N8: a rot with no fruit it could spoil asks nothing.",
    "rules.decision.5": "N11, N12: a bid is a choice of markers from your supply (they go to the boat), not just a number.",
    "rules.decision.6": "N9: a joker's event side stays hidden, even from the player who holds it.",
    "rules.howto.title": "Playing here",
    "rules.howto.1": "Choose a crop in your supply or one of your markers, then a highlighted place; it shows what it costs before you commit. The boat and the joker buttons are in the action panel.",
    "rules.howto.2": "Keyboard: Tab to a piece or a place, Enter or Space to choose it, Escape to close this help or drop a choice.",
    "rules.howto.3": "Every move is saved in this browser at once; Export keeps a copy as a file. After the first visit the game works offline.",
}

CATALOGS: dict[str, dict[str, str]] = {"en": EN}


def text(key: str, lang: str = "en", **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if missing), filled with ``params``."""
    template = CATALOGS.get(lang, EN).get(key) or EN.get(key) or key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _word(lang: str, prefix: str, value: Any) -> str:
    return text(f"{prefix}.{value}", lang) if isinstance(value, str) else str(value)


def describe(entry: Mapping[str, Any], names: Sequence[str], lang: str = "en") -> str:
    """One log entry (``{"key", "params"}``) in words."""
    key = entry.get("key", "")
    params = dict(entry.get("params", {}))
    w: Callable[[str, Any], str] = lambda prefix, v: _word(lang, prefix, v)  # noqa: E731
    out: dict[str, Any] = {}
    for k, v in params.items():
        if k in ("player", "owner"):
            out[k] = _name(names, v)
        elif k in ("players", "winners"):
            out[k] = ", ".join(_name(names, p) for p in v)
        elif k == "crop":
            out[k] = w("crop", v)
        elif k == "side":
            out[k] = w("side", v)
        elif k == "tide":
            out[k] = w("tide", v)
        elif k == "event":
            out[k] = w("event", v)
        elif k == "reason":
            out[k] = w("reason", v)
        elif k == "cause":
            out[k] = w("word", v)
        elif k == "source":
            out[k] = w("word", v)
        elif k == "arrow":
            out[k] = text("word.arrow", lang) if v else ""
        elif k in ("rows_out", "fields", "markets"):
            out[k] = ", ".join(v) or text("word.none", lang)
        elif k == "markers" and isinstance(v, list):
            out[k] = ", ".join(f"{_name(names, o)}'s {w('crop', c)}" for o, c in v)
        elif k in ("bids",):
            out[k] = "; ".join(
                f"{_name(names, int(p))}: {', '.join(w('crop', c) for c in b) or text('word.nothing', lang)}"
                for p, b in v.items()
            )
        elif k in ("totals",):
            out[k] = ", ".join(f"{_name(names, int(p))} {t}" for p, t in v.items())
        elif k in ("points", "lost"):
            out[k] = ", ".join(f"{_name(names, p)} {n}" for p, n in enumerate(v))
        elif k == "fruits":
            out[k] = ", ".join(
                f"stall {s} ({_name(names, o)}'s {w('crop', c)} → {w('condition', cond)})" for s, o, c, cond in v
            ) or text("word.nothing", lang)
        else:
            out[k] = v
    if key == "game.over":
        out["verb"] = text("word.share" if len(params.get("winners", [])) > 1 else "word.wins", lang)
    if key == "field.to_boat":
        out["cause"] = text("word.flood" if params.get("cause") == "flood" else "word.desert", lang)
    return text(key, lang, **out)
