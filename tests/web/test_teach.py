"""Teaching a newcomer (issue 19): "Show me what I can do" in any game, and a guided first game of each
game against an easy computer player, with lessons the first time something happens.

The coach's tips come from the engine's legal actions, costs and rule ids: every place a tip
points at is a place the player can use now, every rule it names is one of the game's."""

from __future__ import annotations

import html
import random
import re

import pytest

from nile.core.save import load
from nile.games import GAMES, load_save, spec_of
from nile.messages import LANGUAGES
from nile.messages import text as msg
from nile.web.controller import GAME, Controller
from nile.web.render import coach_tips, frame_of, render_app
from nile.web.storage import Library, MemoryStore

from .test_controller import click_anything, controller, started, to_actions_phase


def guided(game: str, lang: str = "en", store: MemoryStore | None = None) -> Controller:
    c = Controller(Library(store or MemoryStore(), load_save), lambda: 11, lang)
    c.handle("learn", game)
    c.handle("setup-name", "0:Anna")
    c.handle("start-game")
    assert c.screen == GAME and c.tutor.teaching.mode == "guided"
    return c


def legal_places(c: Controller) -> set[str]:
    """Every board target or selection the interaction offers now, and those one selection away."""
    places = set(c.table.interaction().targets)
    s = c.state
    actor = s.current_player()
    for a in s.legal_actions(actor):
        places |= {f"field:{x}" for x in a.args} | {f"market:{x}" for x in a.args} | {f"card:{x}" for x in a.args}
        if a.kind in ("sow", "seed", "ripe", "boat"):
            places.add(f"supply:{a.args[0]}")
        if a.kind == "buy" and a.args[0] != "joker":
            places.add(f"boat:{actor}:{a.args[0]}")
    return places


def test_hints_are_off_in_an_ordinary_game_and_a_tap_turns_them_on_and_remembers():
    store = MemoryStore()
    c = controller(store)
    c.handle("new")
    c.handle("start-game")
    to_actions_phase(c)
    assert c.tutor.teaching.mode == "" and 'class="coach"' not in render_app(c)
    c.handle("hints")
    html = render_app(c)
    assert 'class="coach"' in html and 'aria-pressed="true"' in html
    gid = c.game_id
    again = controller(store)
    again.handle("continue", gid)
    assert again.tutor.teaching.mode == "hints" and 'class="coach"' in render_app(again)
    again.handle("hints")
    assert again.tutor.teaching.mode == "" and 'class="coach"' not in render_app(again)


def test_the_tips_name_only_what_the_rules_allow_now_and_a_tip_points_at_its_places():
    c = started()
    c.handle("hints")
    rng = random.Random(3)
    seen_kinds = set()
    for _ in range(300):
        s = c.state
        if s.is_terminal():
            break
        if c.table.actor() is not None:
            tips = coach_tips(c, frame_of(c))
            assert tips, s.phase
            places = legal_places(c)
            for i, tip in enumerate(tips):
                assert tip.text and "{" not in tip.text
                assert tip.rule in spec_of("banks").ui.rule_ids
                assert set(tip.targets) <= places, (tip.text, set(tip.targets) - places)
                seen_kinds.add(tip.text.split(":")[0])
                if tip.targets and i < 3 and c.table.confirm is None:
                    c.handle("coach-tip", str(i))
                    html = render_app(c)
                    assert " coach" in html  # the tip's places are drawn highlighted
        click_anything(c, rng)
    assert {"Harvest", "Grow", "Sow"} & seen_kinds


@pytest.mark.parametrize("game", sorted(GAMES))
def test_learn_to_play_starts_a_guided_game_against_an_easy_bot_with_a_first_lesson(game):
    c = guided(game)
    s = c.state
    kinds = [p.get("bot", "") for p in s.options_json()["players"]]
    assert kinds == ["", "easy"]
    assert s.seed == spec_of(game).ui.tutorial(s.options.players)[1]
    html = render_app(c)
    assert 'class="lesson"' in html and c.tutor.teaching.lessons[0] == "welcome"
    assert c.bots.due() is None  # the table waits while the newcomer reads
    c.handle("lesson-close")
    assert "welcome" not in c.tutor.teaching.lessons


class Learner:
    """A newcomer in a guided game who follows the coach (a place of a tip, else a button) against the easy
    computer player, one step at a time: read the open lesson, close the open moment, let the bot move,
    place their own sealed bid, or act."""

    def __init__(self, c: Controller, rng: random.Random) -> None:
        from nile.bots.players import make_bot
        from nile.core.rng import Rng

        self.c, self.rng, self.bot, self.bot_rng = c, rng, make_bot("easy"), Rng(5)
        self.lessons: list[str] = []
        #: each lesson as it opened: (lesson, "person" or "bot" — whose move opened it —, the keys that move logged)
        self.opened: list[tuple[str, str, set[str]]] = []

    def step(self) -> None:
        c = self.c
        if c.tutor.teaching.lessons:
            self.lessons.append(c.tutor.teaching.lessons[0])
            c.handle("lesson-close")
            assert not c.tutor.teaching.lessons  # closing a lesson never opens another: lessons never stack
            return
        before, bot = len(c.state.log), c.bots.to_act() is not None
        self._act()
        assert len(c.tutor.teaching.lessons) <= 1
        if c.tutor.teaching.lessons:
            self.opened.append((c.tutor.teaching.lessons[0], "bot" if bot else "person",
                                {e.key for e in c.state.log[before:]}))

    def _act(self) -> None:
        c, rng, s = self.c, self.rng, self.c.state
        if c.moments.moment is not None:
            c.handle("moment-close")
            return
        seat = c.bots.to_act()
        if seat is not None:
            c.handle("bot-move", f"{c.bots.due()[0]}|{self.bot.choose(s, seat, self.bot_rng).text()}")
            return
        if s.secret_decision():
            c.handle("bid-submit")
            return
        tips = coach_tips(c, frame_of(c))
        places = [t for tip in tips for t in tip.targets if t in c.table.interaction().targets]
        buttons = [b for b in c.table.interaction().buttons if b.available and b.intent in ("act", "select")]
        if places and (not buttons or rng.random() < 0.8):
            c.handle("pick", rng.choice(places))
        elif buttons:
            b = rng.choice(buttons)
            c.handle(b.intent, b.value)
            if c.table.confirm is not None:
                c.handle("confirm", c.table.confirm[0])
        else:
            c.handle("pick", rng.choice(list(c.table.interaction().targets)))


def play_guided(c: Controller, rng: random.Random, max_steps: int = 6000) -> list[str]:
    """Play a guided game to its end (``Learner``); every lesson is read. Returns the lessons in the order
    they came."""
    learner = Learner(c, rng)
    for _ in range(max_steps):
        if c.state.is_terminal():
            break
        learner.step()
    while c.tutor.teaching.lessons:
        learner.step()
    return learner.lessons


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_guided_game_can_be_played_to_its_end_and_each_lesson_comes_once_when_its_moment_comes(game):
    c = guided(game)
    learner = Learner(c, random.Random(7))
    for _ in range(6000):
        if c.state.is_terminal():
            break
        learner.step()
    while c.tutor.teaching.lessons:
        learner.step()
    lessons = learner.lessons
    assert c.state.is_terminal()
    assert len(lessons) == len(set(lessons)) and lessons[0] == "welcome" and lessons[-1] == "end"
    assert len(lessons) >= 6
    triggers = spec_of(game).ui.lesson_triggers
    # never two at once: a lesson opens when its subject comes (its trigger in the move that opened it), or,
    # having waited, after the person's own move
    for lesson, by, keys in learner.opened:
        assert by == "person" or lesson in {triggers.get(k) for k in keys}, (lesson, by, keys)
    first = {}
    for i, entry in enumerate(c.state.log):
        first.setdefault(triggers.get(entry.key), i)
    assert all(lesson in first for lesson in lessons)  # none before its subject came
    saved = c.library.raw(c.game_id)
    assert load(saved, GAMES) == c.state  # an ordinary save: it replays to the same end


def test_a_guided_games_lesson_links_to_its_rule_and_shows_its_picture():
    c = guided("banks")
    html = render_app(c)
    lesson = re.search(r'<section class="lesson".*?</section>', html, re.S).group(0)
    assert 'data-i="rules-open" data-v="banks:N2"' in lesson


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_learn_to_play_is_on_home_for_each_game_in_every_language(lang):
    c = controller()
    c.lang = lang
    html = render_app(c)
    for game in GAMES:
        assert f'data-i="learn" data-v="{game}"' in html


@pytest.mark.parametrize("game", list(GAMES))
def test_learn_to_play_asks_the_learners_name_and_the_game_speaks_of_them_by_it(game):
    """The person at the screen is named like every player ("Zoë sows flax"), never with a pronoun used
    as a name ("You sows flax", "Du legt", "Vous prend"): the guided game asks the learner's name first."""
    store = MemoryStore()
    c = Controller(Library(store, load_save), lambda: 11, "de")
    c.handle("learn", game)
    assert c.screen != GAME and 'data-i="setup-name"' in render_app(c)
    c.handle("setup-name", "0:   ")
    c.handle("start-game")
    assert c.screen != GAME and c.setup.form.error  # a name is needed: said, and the form stays
    c.handle("setup-name", "0:Zoë")
    c.handle("start-game")
    assert c.screen == GAME and c.tutor.teaching.mode == "guided"
    assert c.names[0] == "Zoë" and c.kinds[1] == "easy"
    again = Controller(Library(store, load_save), lambda: 11, "de")
    again.handle("learn", game)
    assert again.setup.form.names[0] == "Zoë"  # remembered for the next guided game…
    again.handle("new", game)
    assert again.setup.form.names[0] == "Zoë"  # …and for the next set-up


def test_names_typed_at_set_up_are_offered_again_and_a_bots_seat_keeps_its_bot_name():
    store = MemoryStore()
    c = Controller(Library(store, load_save), lambda: 11)
    c.handle("new", "banks")
    c.handle("setup-count", "3")
    c.handle("setup-name", "0:Oma")
    c.handle("setup-name", "1:Jonas")
    c.handle("setup-kind", "2:easy")
    c.handle("start-game")
    assert c.screen == GAME
    c.handle("home")
    c.handle("new", "banks")
    assert c.setup.form.names[:2] == ["Oma", "Jonas"]
    c.handle("setup-kind", "1:normal")  # the remembered name is the seat's default: a bot takes its own name
    assert c.setup.form.names[1] == "Bastet"
    c.handle("setup-kind", "1:")
    assert c.setup.form.names[1] == "Jonas"


STATUS = re.compile(r'<span class="whose"[^>]*>(.*?)</span>')


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_status_line_says_what_the_table_waits_for(game):
    """Testers read "The computer players are choosing their bids" while their own bid was awaited, and
    "Bastet (bot) is thinking…" while the game waited for them to close a lesson or a moment."""
    c = guided(game)
    learner = Learner(c, random.Random(7))
    seen = set()
    for _ in range(3000):
        s = c.state
        if s.is_terminal():
            break
        status = html.unescape(STATUS.search(render_app(c)).group(1))
        persons = [p for p in s.to_act() if not c.kinds[p]]
        if persons:  # the person's own move or sealed bid, whatever the bots do meanwhile
            assert status == msg("ui.turn_of", player=c.names[persons[0]]), status
            seen.add("person")
        elif c.tutor.teaching.lessons:
            assert status == msg("ui.waits_lesson"), status
            seen.add("lesson")
        elif c.moments.moment is not None:
            assert status == msg("ui.waits_moment"), status
            seen.add("moment")
        else:
            assert status == msg("ui.bot_thinking", player=c.names[c.bots.to_act()]), status
            seen.add("bot")
        learner.step()
    assert {"person", "lesson", "bot"} <= seen, seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_lesson_shows_its_own_picture_unless_it_says_whose_it_shares(game):
    """A lesson showed its rule's first picture: Kap's "Your route" showed the auction's tie, "A crossing" and
    "Bonus rails" the build's arithmetic. Each picture now belongs to one lesson; another may show it only
    by naming that lesson (the same rule point)."""
    ui = spec_of(game).ui
    lessons = {lesson: ui.lesson(lesson, "en") for lesson in set(ui.lesson_triggers.values())}
    owners: dict[str, str] = {}
    for lesson_id, lesson in sorted(lessons.items(), key=lambda kv: bool(kv[1].shares_picture_with)):
        if lesson.picture is None:
            assert not lesson.shares_picture_with, lesson_id
            continue
        svg = lesson.picture[0]
        if lesson.shares_picture_with:
            owner = lessons[lesson.shares_picture_with]
            assert owner.picture == lesson.picture and owner.rule == lesson.rule, lesson_id
        else:
            assert svg not in owners, (lesson_id, owners.get(svg))
            owners[svg] = lesson_id
        assert lesson.picture[1] and "{" not in lesson.picture[1]


def test_kap_lessons_each_show_their_own_subject():
    ui = spec_of("cape").ui
    lessons = {lesson: ui.lesson(lesson, "en") for lesson in set(ui.lesson_triggers.values())}
    assert not any(lesson.shares_picture_with for lesson in lessons.values())
    kinds = {lesson_id: re.search(r'class="diagram cape-(\w+)"', lesson.picture[0]).group(1)
             for lesson_id, lesson in lessons.items() if lesson.picture}
    assert kinds == {"welcome": "offer", "bids": "bids", "ties": "tie", "route": "route", "building": "build",
                     "crossing": "crossing", "bonus": "river"}
    c = guided("cape")  # the first lesson: the goal and the auction's simple rule, with the cards on offer
    lesson = re.search(r'<section class="lesson".*?</section>', render_app(c), re.S).group(0)
    assert 'class="diagram cape-offer"' in lesson and "cape-tie" not in lesson
    assert "Whoever bids highest chooses first" in lesson and "turns up a card" not in lesson


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_guided_game_ends_with_a_closing_lesson_and_what_to_do_next(game):
    """The guided game never said it had ended, nor what a newcomer might do next: the lesson its game-over
    entry brings now closes it, with the next steps — a stronger computer player, a game with friends, the
    rules."""
    c = guided(game)
    learner = Learner(c, random.Random(7))
    for _ in range(6000):
        if c.state.is_terminal():
            break
        learner.step()
    assert c.tutor.teaching.lessons == [spec_of(game).ui.lesson_triggers[c.state.log[-1].key]] and not c.tutor.teaching.waiting
    lesson = re.search(r'<section class="lesson".*?</section>', render_app(c), re.S).group(0)
    assert html.escape(msg("ui.lesson_next"), quote=True) in lesson
    for intent, value in (("play-stronger", game), ("new", game), ("rules", "")):
        assert f'data-i="{intent}" data-v="{value}"' in lesson
    finished = c.game_id
    c.handle("play-stronger", game)
    assert c.game_id != finished and c.state.GAME == game and not c.state.history
    assert [p.get("bot", "") for p in c.state.options_json()["players"]] == ["", "normal"]
    assert c.tutor.teaching.mode == "hints" and not c.tutor.teaching.lessons  # the coach's tips at hand, no lessons


def test_a_lesson_before_the_end_offers_no_next_steps():
    c = guided("cape")
    assert 'data-i="play-stronger"' not in render_app(c)


class _Share:
    """The easy computer player's draw of its bid's share of its money: 10 % plus ``k`` (0-15)."""

    def __init__(self, k: int) -> None:
        self.k = k

    def below(self, n: int) -> int:
        return min(self.k, n - 1)


@pytest.mark.parametrize("share", range(2, 16))
def test_kaps_guided_newcomer_builds_before_anyone_crosses(share):
    """Kap's guided seed (tools/tutorial_seed.py): the computer player built and ended the building phase
    before the newcomer had built once, so the building and crossing lessons came back to back about its
    move. Now a newcomer who bids little and builds when the coach says they can crosses first whatever the
    easy computer player bids from 12 % of its money up (it bids 10-25 %; at 10-11 % it keeps enough to buy
    its way across at once, and no seed among the first 2,000 does better), and the crossing lesson is about
    their own crossing."""
    from nile.bots.players import make_bot

    bot = make_bot("easy")
    c = guided("cape")
    opened: list[str] = []
    for _ in range(400):
        s = c.state
        crossings = [e for e in s.log if e.key == "cape.build"]
        if crossings:
            break
        if c.tutor.teaching.lessons:
            opened.append(c.tutor.teaching.lessons[0])
            c.handle("lesson-close")
        elif c.moments.moment is not None:
            c.handle("moment-close")
        elif (due := c.bots.due()) is not None:
            c.handle("bot-move", f"{due[0]}|{bot.choose(s, due[1], _Share(share)).text()}")
        elif c.secret.solo_bidder() is not None:
            for _ in range(share % 10):  # the newcomer's own bid: 0-9
                c.handle("bid-change", "+1")
            c.handle("bid-submit")
        elif c.table.interaction().targets:
            c.handle("pick", sorted(c.table.interaction().targets)[0])
        else:
            builds = [b for b in c.table.interaction().buttons if b.available and b.value.startswith("build")]
            cheapest = min(builds, key=lambda b: b.cost or 0) if builds else None
            c.handle("act", cheapest.value if cheapest and (cheapest.cost or 0) <= 0.6 * s.money[0] else "pass")
    assert crossings and crossings[0].params["player"] == 0, [e.key for e in s.log]
    assert opened == ["welcome", "bids", "route", "building"]
    assert c.tutor.teaching.lessons == ["crossing"]  # about the newcomer's own crossing, just made
