"""Issue 53's rules of thumb for wording, as tests, over every language: what a native reader found that a
test can see.

They read the whole games ``test_wording`` reads (the guided game of each game and an ordinary table with
every variant, read once per session), and the screens around them: home with saved games, each game's
set-up with every choice shown, the guided game's form, and every page of the rules help.

- one name per variant: the name set-up gives a variant is the rules help's title for it (N10–N13), and
  the help calls it nothing else; the computer player has one name in each language;
- no letter standing for a number ("rot with p palms hits one of the p rightmost rows");
- no sentence starting with a small letter;
- no "0 markers" where the language says "no markers" / "keine" / "geen" / "aucun";
- a count of one in the singular on the set-up, help and home screens too (``reading.slips``);
- the set-up forms say a name's problem as the form asks it, and home says "Set-up" as the game does.
"""

from __future__ import annotations

import functools
import re
from html import unescape

import pytest

from nile.games import GAMES, load_save
from nile.messages import LANGUAGES
from nile.messages import text as msg
from nile.web.controller import Controller
from nile.web.help import pages
from nile.web.render import render_app
from nile.web.render.head_line import round_label
from nile.web.storage import Library, MemoryStore

from .reading import algebra, computer_names, lower_starts, sentences, slips, visible_text, zero_counts
from .test_wording import whole_game

LANGS = sorted(LANGUAGES)


def _controller(lang: str) -> Controller:
    return Controller(Library(MemoryStore(), load_save), lambda: 5, lang)


def _words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _set_up_everything(c: Controller, game: str) -> None:
    """A set-up form showing every choice: the most seats, each kind of player, every variant on."""
    c.handle("new", game)
    spec = GAMES[game]
    c.handle("setup-count", str(spec.max_players))
    for seat, kind in enumerate(("", "easy", "normal", "strong", "far")[: spec.max_players]):
        c.handle("setup-kind", f"{seat}:{kind}")
    for variant in variant_names(game, c.lang):
        c.handle("setup-option", f"variant:{variant}")


@functools.cache
def variant_names(game: str, lang: str) -> dict[str, str]:
    """Each variant's id → its name as the set-up screen shows it."""
    c = _controller(lang)
    c.handle("new", game)
    html = render_app(c)
    return {v: _words(name) for v, name in re.findall(r'data-v="variant:(\w+)".*?<strong>(.*?)</strong>', html, re.S)}


def help_title(game: str, page: str, lang: str) -> str:
    c = _controller(lang)
    c.handle("rules")
    c.handle("rules-open", f"{game}:{page}")
    article = re.search(r'<article class="rules-page".*?</article>', render_app(c), re.S).group(0)
    return _words(re.search(r"<h3[^>]*>(.*?)</h3>", article, re.S).group(1))


@functools.cache
def screens(lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Every line of home (with saved games in their set-up), each game's set-up with every choice shown and with
    a name missing, the guided game's form with its name missing, and the rules help; and the sentences shown."""
    lines: dict[str, None] = {}
    shown: dict[str, None] = {}

    def read(c: Controller) -> None:
        html = render_app(c)
        lines.update(dict.fromkeys(visible_text(html)))
        shown.update(dict.fromkeys(sentences(html)))

    c = _controller(lang)
    for game in GAMES:
        _set_up_everything(c, game)
        read(c)
        c.handle("setup-name", "1:")
        c.handle("start-game")
        read(c)
        c.handle("learn", game)
        c.handle("setup-name", "0: ")
        c.handle("start-game")
        read(c)
        c.handle("setup-name", "0:Anna")
        c.handle("start-game")  # a guided game, saved in its set-up
        c.handle("home")
    read(c)
    c.handle("rules")
    for game in GAMES:
        for page in pages(game):
            c.handle("rules-open", f"{game}:{page}")
            read(c)
    return tuple(lines), tuple(shown)


@functools.cache
def everything(lang: str, sentences_only: bool = False) -> tuple[str, ...]:
    """The lines of every whole game ``test_wording`` reads in ``lang``, then the screens around them (or, with
    ``sentences_only``, only the sentences they show)."""
    lines: dict[str, None] = {}
    for game in GAMES:
        for table in ("guided", "table"):
            heard, _, shown = whole_game(game, lang, table)
            lines.update(dict.fromkeys(shown if sentences_only else heard))
    lines.update(dict.fromkeys(screens(lang)[1 if sentences_only else 0]))
    return tuple(lines)


def _listed(found: list[str]) -> str:
    """The lines found, one of each shape (its numbers aside): "puts 0 markers" once, not once per player."""
    shapes = {re.sub(r"\d+", "#", line): line for line in reversed(found)}
    return "\n".join(f"  {line}" for line in list(reversed(shapes.values()))[:30])


# ----------------------------------------------------------------------------------------------- one name per thing
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_each_variant_has_the_name_set_up_gives_it_in_the_rules_help_and_no_other(game, lang):
    """N10–N13: "Startspieler ersteigern" in set-up was "um den Startspieler bieten" in the help."""
    names = variant_names(game, lang)
    rest = {}
    for variant, name in names.items():
        title = help_title(game, variant, lang)
        assert name.casefold() in title.casefold(), f"{variant} in {lang}: set-up says “{name}”, the help “{title}”"
        rest[variant] = title.casefold().replace(name.casefold(), "").replace(variant.casefold(), "").strip()
    # what is left of each help title is the same word for "variant": no variant has a second name there
    assert len(set(rest.values())) <= 1, f"{lang}: the help's titles beyond the set-up's names: {rest}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_computer_player_has_one_name_in_each_language(lang):
    """Issue 53: the French computer player was named three ways; English said "computer" and "bot"."""
    found = computer_names(everything(lang), lang)
    assert len(found) <= 1, f"{lang} names the computer player {len(found)} ways:\n" + "\n".join(
        f"  {name}: {line}" for name, line in found.items())


# ------------------------------------------------------------------------------------------------- rules of thumb
@pytest.mark.parametrize("lang", LANGS)
def test_no_letter_stands_for_a_number(lang):
    """N8 said "rot with p palms hits one of the p rightmost market rows": a reader wants it in words."""
    found = algebra(everything(lang))
    assert not found, f"letters standing for numbers in {lang}:\n{_listed(found)}"


@pytest.mark.parametrize("lang", LANGS)
def test_no_sentence_starts_with_a_small_letter(lang):
    found = lower_starts(everything(lang, sentences_only=True))
    assert not found, f"sentences starting small in {lang}:\n{_listed(found)}"


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_is_counted_with_a_zero_where_the_language_says_no(lang):
    """"Bastet gewinnt die Versteigerung, legt 0 Marker aufs Boot": German says "keine Marker"."""
    found = zero_counts(everything(lang), lang)
    assert not found, f"'0' where {lang} says 'no':\n{_listed(found)}"


@pytest.mark.parametrize("lang", LANGS)
def test_set_up_help_and_home_read_as_a_native_reader_would_write_them(lang):
    """The slips ``test_wording`` looks for in a game (a count of one in the plural, a pronoun as a name, a
    missing elision…), on the screens around the games."""
    found = slips(screens(lang)[0], lang)
    assert not found, f"{lang}:\n" + "\n".join(f"  {what}: {line}" for what, line in found[:30])


# --------------------------------------------------------------------------------------------------------- forms
def _form_error(c: Controller) -> str:
    return _words(re.search(r'<p class="form-error"[^>]*>(.*?)</p>', render_app(c), re.S).group(1))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_guided_games_form_asks_for_your_name_not_player_1s(game, lang):
    """The form asks one name, "Your name": "speler 1 heeft een naam nodig" spoke of a player it never showed."""
    c = _controller(lang)
    c.handle("learn", game)
    c.handle("setup-name", "0:  ")
    c.handle("start-game")
    error = _form_error(c)
    assert "1" not in error and error[:1].isupper(), error
    assert error != msg("options.name_missing", lang, number=1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_set_up_form_names_the_seat_as_its_labels_do_in_a_sentence(lang):
    c = _controller(lang)
    c.handle("new", "banks")
    c.handle("setup-name", "1:")
    c.handle("start-game")
    error = _form_error(c)
    assert "2" in error and error[:1].isupper() and error.endswith("."), error


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variants", [(), ("N12",)])
def test_a_saved_game_in_its_set_up_says_set_up_on_home_as_the_game_does(lang, variants):
    """Home said "Ronde 0" while the game's head line said "Voorbereiding"."""
    c = _controller(lang)
    c.handle("new", "banks")
    for v in variants:  # with N12 everyone bids in secret during the set-up
        c.handle("setup-option", f"variant:{v}")
    c.handle("start-game")
    assert round_label(0, lang) in render_app(c)
    c.handle("home")
    (line,) = [line for line in visible_text(render_app(c)) if line.startswith(msg(GAMES["banks"].title, lang) + " · ")]
    assert round_label(0, lang) in line and msg("ui.round", lang, round=0) not in line, line


# ------------------------------------------------------------------------------------- the rules' own detectors
@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Rot with p palms hits one of the p rightmost market rows."),
    ("nl", "Bederf met p palmen treft een van de p rechtse marktrijen."),
    ("en", "A field with q palms sells to rows that need at most q."),
    ("fr", "La pourriture avec n palmiers touche une des n rangées de droite."),
])
def test_the_algebra_reader_catches_letters_for_numbers(lang, line):
    assert algebra([line]) == [line]


@pytest.mark.parametrize("line", [
    "Anna sows flax on W4-2 (1 AP).", "Vous prenez D9, d'Anna, n'a pas, à Anna, y compris.", "Hoe gaat 't? Zeg 'n woord, u bent aan de beurt.",
    "Pile a (3) · pile b (2)", "p1 to p5", "E ends your turn, U takes your last move back.",
])
def test_the_algebra_reader_leaves_words_alone(line):
    assert algebra([line]) == []


def test_the_small_letter_reader_finds_sentences_not_labels():
    html = ('<p class="form-error" role="alert">speler 2 heeft een naam nodig</p><label>Played by <select><option>a person'
            '</option><option>computer (easy)</option></select></label><ul><li>a single wave</li><li>tie won by the later '
            'fruit</li></ul><p>W4-2 is <b>flooded</b>.</p><span>2 cards are on offer.</span><div>jemand hat die 8. Landschaft '
            'durchquert</div><div>the boat is empty. Buy a seed.</div>')
    assert lower_starts(sentences(html)) == ["speler 2 heeft een naam nodig", "the boat is empty. Buy a seed."]


@pytest.mark.parametrize(("lang", "line", "bad"), [
    ("en", "Bram wins the auction, puts 0 markers on the boat and takes an extra turn.", True),
    ("en", "Common row: 0 rails", True),
    ("de", "Bastet gewinnt die Versteigerung, legt 0 Marker aufs Boot.", True),
    ("nl", "Gemeenschappelijke rij: 0 rails", True),
    ("fr", "Bastet remporte les enchères et pose 0 plante sur le bateau.", True),
    ("en", "12 points · 0 jokers · 4 markers lost", False),
    ("en", "Bids: Anna 1 Pond, Isis 0 Pond", False),
    ("en", "1 fruit → 0 points", False),
    ("en", "Everyone bids in secret, from 0 to all their money.", False),
    ("en", "Desert cards: 0 to draw, 10 discarded.", False),
])
def test_the_zero_reader(lang, line, bad):
    assert zero_counts([line], lang) == ([line] if bad else [])


def test_the_computer_player_reader_hears_each_name():
    assert set(computer_names(["computer (easy)", "Bastet (bot) is thinking…"], "en")) == {"computer", "bot"}
    assert set(computer_names(["un joueur-ordinateur facile", "le joueur virtuel", "Isis (bot)"], "fr")) == {
        "ordinateur", "joueur virtuel", "bot"}
    assert set(computer_names(["Computerspieler (leicht)", "Amun (Computer) denkt nach"], "de")) == {"Computer"}
