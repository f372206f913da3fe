"""Reading a screen as a player reads it, and the slips a native reader stumbles on, per language.

``visible_text(html)`` is every line of words a screen shows or says: its text, and the names that
assistive technology reads (``aria-label``, ``title``, ``alt``). ``slips(lines, lang, actions)`` finds, in
those lines, what a native reader of ``lang`` would not have written:

- an engine action text inside a sentence ("'sow grapes E3-3' is not allowed"): ``actions`` is the
  game's own action texts, none of which a player should read;
- a pronoun used as a name, then spoken of in the third person ("You is the start player", "Du legt",
  "van Jij", "Vous prend");
- a count of one with a plural word ("1 points", "1 Schienen", "Es fehlen 1", "1 livres");
- a missing French elision ("de Anna", "le oignon");
- another language's word where the glossary names the thing ("1 AP" in French, which says "PA");
- the mechanics showing through: a placeholder left in braces, two brackets in a row, a "click" said to
  a person who taps.

A new language adds its own patterns here (``PATTERNS``); a language without any is only checked for
what every language shares.

Issue 53's rules of thumb, each a helper ``tests/web/test_wording_rules.py`` runs over the same lines:
``algebra`` (a letter standing for a number, "p palms … the p rightmost rows"), ``lower_starts`` (a sentence
that starts with a small letter), ``zero_counts`` ("0 markers" where the language says "no markers"), and
``computer_names`` (the names a language gives the computer player: one is right, two are a slip).
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Iterable

_TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)
_SPOKEN = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')
_HIDDEN = re.compile(r'<(?:template|nile-keep)\b[^>]*>.*?</(?:template|nile-keep)>', re.S)
#: a sentence: it ends with a full stop, a question or exclamation mark (or an ellipsis), or one ends inside it
#: (a full stop after a number inside a line is an ordinal: "die 8. Landschaft")
_SENTENCE = re.compile(r"(?<!\d)[.!?…](?:\s|$)|[.!?…]$")


_PARAGRAPH = re.compile(r"<p\b[^>]*>(.*?)</p>", re.S)


def sentences(html: str) -> list[str]:
    """What a screen shows as sentences: each paragraph whole (a form's error, a prompt, a lesson: "player 2 needs
    a name" is one though it has no full stop), and every line shown that ends a sentence."""
    html = _HIDDEN.sub("", html)
    found = [" ".join(htmllib.unescape(_TAG.sub(" ", p)).split()) for p in _PARAGRAPH.findall(html)]
    return [*filter(None, found), *(line for line in visible_text(html, spoken_too=False) if _SENTENCE.search(line))]


def visible_text(html: str, spoken_too: bool = True) -> list[str]:
    """The lines of words a screen shows, and (``spoken_too``) the names it gives its controls and pictures."""
    html = _HIDDEN.sub("", html)
    spoken = [htmllib.unescape(m) for m in _SPOKEN.findall(html)] if spoken_too else []
    shown = htmllib.unescape(_TAG.sub("\n", html)).splitlines()
    return [line.strip() for line in [*shown, *spoken] if line.strip()]


#: words each language counts that have a plural form of their own: "1 <plural>" is a slip
PLURAL_WORDS = {
    "en": "points|rails|markers|moves|jokers|cards|landscapes|pounds|lessons|rounds|palms|players|fruits|fields|seeds|"
          "stalls|rows|spaces|pages|games|actions|crossings",
    "de": "Punkte|Schienen|Züge|Karten|Landschaften|Lektionen|Runden|Palmen|Früchte|Felder|Marktstände|Reihen|Felder|"
          "Seiten|Spiele|Aktionen|Bonusschienen|Durchquerungen",
    "nl": "punten|rails|markers|zetten|jokers|kaarten|landschappen|lessen|rondes|palmen|spelers|vruchten|velden|"
          "kraampjes|rijen|pagina's|spellen|acties|bonusrails",
    "fr": "points|rails|marqueurs|coups|jokers|cartes|paysages|livres|leçons|manches|palmiers|joueurs|joueuses|fruits|"
          "champs|cases|étals|rangées|pages|parties|actions|perdus|perdues|défaussés|défaussées",
}

#: a pronoun used as a player's name, then spoken of in the third person, or after a preposition
PRONOUN_AS_NAME = {
    "en": r"\bYou (?:is|has|was|(?!(?:pass|miss|guess|press)\b)[a-z]+[^s\W]s)\b|\b(?:of|to|by|for|with|from) You\b|\bYou's\b",
    "de": r"\bDu (?:ist|hat|(?![a-zäöüß]*st\b)[a-zäöüß]+t)\b|\b(?:von|an|für|mit|zu|bei|durch) Du\b",
    "nl": r"\bJij (?:is|heeft)\b|\b(?:van|naar|voor|aan|met|door|bij) Jij\b",
    "fr": r"\bVous (?:est|a|(?![a-zéèêàç]*ez\b)[a-zéèêàç]+[td])\b|\b(?:de|à|À|pour|par|avec|chez) Vous\b",
}

#: French elides these words before a vowel or a mute h (h of the names and words below is aspirated)
ELIDED = {"fr": r"\b(?:de|que|le|la|ne|je|se|me|te|lorsque|puisque|jusque)\s+(?!(?:héron|haut|hasard|huit|onze)\b)"
                r"[aeiouyhàâäéèêëîïôöûùüAEIOUYHÀÂÉÈÊÎÔÛ]"}

#: counts said with the wrong agreement: "Es fehlen 1"
WRONG_AGREEMENT = {"de": r"\bEs fehlen 1\b|\bfehlen 1\b", "nl": r"\bontbreken 1\b", "fr": r"\bmanquent 1\b|\b1 manquent\b",
                   "en": r"\b1 are missing\b"}
#: a plural word said with a singular verb ("Anna's grapes on M4, stall 1, is ripe again")
PLURAL_WITH_IS = {"en": r"\bgrapes(?: on [A-Z]\d, stall \d+,)? is\b"}

#: another language's word for a thing the glossary names: French counts its action points in "PA"
FOREIGN = {"fr": r"\d\s*AP\b"}

#: a fruit a reader counts, said after a verb without its article ("sows onion on W4-2", "puts aubergine on the boat":
#: English says "an onion"; flax, grain and grapes need none)
NO_ARTICLE = {"en": r"\b(?:put|sow|buy|place|harvest|grow|choose|include|selected:)(?:s|ing)?\s+(?:onion|aubergine)\b"}

#: telling a person who may be tapping to click
CLICK = {"en": r"\bclick\b", "de": r"\bklick", "nl": r"\bklik", "fr": r"\bcliqu"}

SHARED = (
    (re.compile(r"\{[a-z_]+(?::[a-z]+)?\}"), "a placeholder left unfilled"),
    (re.compile(r"\)\s*\("), "two brackets in a row"),
)
#: punctuation out of place: a space before a comma or a full stop, two full stops; before a colon or a
#: semicolon too, except in French, which sets a space there
STRAY = {"fr": r"\.\.(?!\.)|\s[,.](?!\d)(?![.…])"}
STRAY_ELSEWHERE = r"\.\.(?!\.)|\s[,.;:](?!\d)(?![.…])"


def patterns(lang: str) -> list[tuple[re.Pattern[str], str]]:
    found: list[tuple[re.Pattern[str], str]] = []
    if lang in PLURAL_WORDS:
        # (not the last of a list of counts: "fields with 4, 3, 3, 2, 1 palms")
        found.append((re.compile(rf"(?<![\d.,/−+-])(?<!\d, )(?<!\d,\xa0)\b1\s+(?:{PLURAL_WORDS[lang]})\b"),
                      "a count of one with a plural word"))
    if lang in PRONOUN_AS_NAME:
        found.append((re.compile(PRONOUN_AS_NAME[lang]), "a pronoun used as a name"))
    if lang in ELIDED:
        found.append((re.compile(ELIDED[lang]), "a missing elision"))
    if lang in WRONG_AGREEMENT:
        found.append((re.compile(WRONG_AGREEMENT[lang]), "a count of one with a plural verb"))
    if lang in PLURAL_WITH_IS:
        found.append((re.compile(PLURAL_WITH_IS[lang]), "a plural word with a singular verb"))
    if lang in FOREIGN:
        found.append((re.compile(FOREIGN[lang]), "another language's word"))
    found.append((re.compile(STRAY.get(lang, STRAY_ELSEWHERE)), "stray punctuation"))
    if lang in NO_ARTICLE:
        found.append((re.compile(NO_ARTICLE[lang], re.I), "a fruit without its article"))
    if lang in CLICK:
        found.append((re.compile(CLICK[lang], re.I), "'click' said to a person who may be tapping"))
    return found


def slips(lines: Iterable[str], lang: str, actions: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(what, line) for every slip in ``lines``; ``actions``: the engine's action texts of the game."""
    checks = [*patterns(lang), *SHARED]
    texts = sorted({a for a in actions if " " in a}, key=len, reverse=True)
    engine = re.compile("|".join(rf"(?<![\w-]){re.escape(t)}(?![\w-])" for t in texts)) if texts else None
    found = []
    for line in dict.fromkeys(lines):
        for pattern, what in checks:
            if pattern.search(line):
                found.append((what, line))
        if engine is not None and engine.search(line):
            found.append(("an engine action text", line))
    return found


#: a one-letter word standing for a number, as in algebra ("p palms", "the p rightmost rows"); an apostrophe
#: next to it is elision ("n'a", "'k", "'n"), and "n°" is French for "No.": neither is a variable — none of these
#: letters is a word in en/de/nl/fr
ALGEBRA = re.compile(r"(?<![\w'’.-])[pqnxk](?![\w'’°-])")


def algebra(lines: Iterable[str]) -> list[str]:
    """Lines with a letter standing for a number."""
    return [line for line in dict.fromkeys(lines) if ALGEBRA.search(line)]


#: what may start a sentence in small letters: a field, row or market id ("W4-2", "M3"), a rule id
_ID_START = re.compile(r"^(?:[WEM]\d|[NK]\d)")


def lower_starts(lines: Iterable[str]) -> list[str]:
    """Sentences starting with a small letter; give it ``sentences(html)`` of the screens read. A label, an option
    or a legend's item ("a person", "computer (easy)", "a single wave") is not a sentence and may start small; a
    name only heard has no small or capital letters."""
    found = []
    for line in dict.fromkeys(lines):
        first = next((ch for ch in line if ch.isalnum()), "")  # (a sentence may start with a number: "2 cards are…")
        if first.islower() and not _ID_START.match(line.lstrip("‹›«»“”„\"'(–—-•·* ")):
            found.append(line)
    return found


#: the counted things a language says "no" to rather than "0": "0 markers" → "no markers", "0 Marker" → "keine
#: Marker", "0 markers" → "geen markers", "0 plante" → "aucune plante". Points, money and action points as amounts
#: ("0 points", "0 Pond", "0 AP") are numbers a player reads in a tally, and stay.
ZERO_NOUNS = {
    "en": r"markers?|(?:bonus )?rails?|action points?|jokers?|fruits?|cards?|landscapes?|stalls?|moves?|hints?|games?|seeds?",
    "de": r"Marker|(?:Bonus)?[Ss]chienen?|Aktionspunkte?|Joker|Früchte|Frucht|Karten?|Landschaften?|Marktstände?|Züge?|Tipps?|"
          r"Partien|Spiele",
    "nl": r"markers?|(?:bonus)?rails?|actiepunten|jokers?|vruchten|kaarten|landschappen|marktvelden|kraampjes|zetten|tips|spellen",
    "fr": r"plantes?|marqueurs?|rails?(?: bonus)?|points? d'action|jokers?|fruits?|cartes?|paysages?|cases?|coups?|"
          r"conseils?|parties?|semences?",
}
#: a tally: counts side by side ("12 points · 0 jokers · 4 markers lost"), where a 0 lines up with the others
_TALLY = re.compile(r" · ")


def zero_counts(lines: Iterable[str], lang: str) -> list[str]:
    """Sentences that count nothing with a 0 ("puts 0 markers on the boat", "Common row: 0 rails")."""
    if lang not in ZERO_NOUNS:
        return []
    zero = re.compile(rf"(?<![\d.,:/−+-])\b0\s+(?:{ZERO_NOUNS[lang]})\b")
    return [line for line in dict.fromkeys(lines) if zero.search(line) and not _TALLY.search(line)]


#: the words a language may use for a computer player: the printed games have none, so the app chooses one
COMPUTER_WORDS = {
    "en": {"computer": r"\b[Cc]omputer", "bot": r"\b[Bb]ots?\b"},
    "de": {"Computer": r"[Cc]omputer", "Bot": r"\bBots?\b", "KI": r"\bKI\b"},
    "nl": {"computer": r"[Cc]omputer", "bot": r"\b[Bb]ots?\b"},
    "fr": {"ordinateur": r"ordinateur", "bot": r"\b[Bb]ots?\b", "joueur virtuel": r"\b(?:joueur|joueuse)s? virtuel",
           "IA": r"\bIA\b", "robot": r"\brobots?\b", "machine": r"\bmachines?\b"},
}


def computer_names(lines: Iterable[str], lang: str) -> dict[str, str]:
    """Each name ``lang`` gives the computer player in ``lines``, with the first line that uses it."""
    found: dict[str, str] = {}
    for line in dict.fromkeys(lines):
        for name, pattern in COMPUTER_WORDS.get(lang, {}).items():
            if name not in found and re.search(pattern, line):
                found[name] = line
    return found
