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
- the mechanics showing through: a placeholder left in braces, two brackets in a row, a "click" said to
  a person who taps.

A new language adds its own patterns here (``PATTERNS``); a language without any is only checked for
what every language shares.
"""

from __future__ import annotations

import html as htmllib
import re
from collections.abc import Iterable

_TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)
_SPOKEN = re.compile(r'\b(?:aria-label|title|alt)="([^"]*)"')
_HIDDEN = re.compile(r'<(?:template|nile-keep)\b[^>]*>.*?</(?:template|nile-keep)>', re.S)


def visible_text(html: str) -> list[str]:
    """The lines of words a screen shows, and the names it gives its controls and pictures."""
    html = _HIDDEN.sub("", html)
    spoken = [htmllib.unescape(m) for m in _SPOKEN.findall(html)]
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
          "champs|cases|étals|rangées|pages|parties|actions|perdus|perdues",
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
        found.append((re.compile(rf"(?<![\d.,/−+-])\b1\s+(?:{PLURAL_WORDS[lang]})\b"), "a count of one with a plural word"))
    if lang in PRONOUN_AS_NAME:
        found.append((re.compile(PRONOUN_AS_NAME[lang]), "a pronoun used as a name"))
    if lang in ELIDED:
        found.append((re.compile(ELIDED[lang]), "a missing elision"))
    if lang in WRONG_AGREEMENT:
        found.append((re.compile(WRONG_AGREEMENT[lang]), "a count of one with a plural verb"))
    found.append((re.compile(STRAY.get(lang, STRAY_ELSEWHERE)), "stray punctuation"))
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
