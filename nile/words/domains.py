"""Where sentences come from: gettext domains, one per part of the app (the shell, each game).

A domain's sentences are written by translators in PO files beside its code
(``locale/<domain>.pot`` holds the English, ``locale/<lang>.po`` each other
language; every entry's ``msgctxt`` is its catalog key). The build compiles
them (``tools/i18n.py compile``) into standard MO files keyed by that catalog
key, ``locale/<lang>/LC_MESSAGES/<domain>.mo``, and this module reads them
with Python's own ``gettext``: a language's sentence falls back to English,
and English to the key itself. Counted sentences use the plural rule of each
language's ``Plural-Forms`` header (French says 0 in the singular).

A domain also says how its log parameters read (``param_words``: a parameter
whose value names a catalog word; ``describe_param`` for anything more;
``counted``: which parameter a counted log sentence counts), so the word layer
can describe any log entry without knowing the game it comes from; ``sentence_of`` picks, for a log
entry whose parameters tell different stories, the key of the sentence that tells its own.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

ENGLISH = "en"
#: what a game's describer gets: (entry key, parameter name, value, language, player names)
Describer = Callable[[str, str, Any, str, Sequence[str]], Any]


class CatalogsMissing(RuntimeError):
    """The compiled catalogs are not there: the PO files were never compiled on this checkout."""


class Domain:
    """One part of the app's sentences: its name, its catalogs, and how its log parameters read."""

    def __init__(self, name: str, localedir: str, *, param_words: Mapping[str, str] | None = None,
                 describe_param: Describer | None = None, counted: Mapping[str, str] | None = None,
                 sentence_of: Callable[[str, Mapping[str, Any]], str] | None = None) -> None:
        self.name = name
        self.localedir = localedir
        #: log/refusal parameters whose string value names a catalog word: parameter → key prefix
        self.param_words: Mapping[str, str] = dict(param_words or {})
        #: parameters that need more than a word (lists of markers, bids per player …)
        self.describe_param = describe_param
        #: counted log sentences: key → the parameter holding the number (an int, or a list's length)
        self.counted: Mapping[str, str] = dict(counted or {})
        #: which of a log key's sentences says these parameters (a key of this domain): a log entry whose
        #: parameters differ in what happened (a build that bought rails, used bonus rails, both, neither)
        #: is said in a whole sentence of its own for each case, never with a zero listed
        self.sentence_of = sentence_of
        self._translations: dict[str, gettext.NullTranslations] = {}
        self._keys: tuple[frozenset[str], frozenset[str]] | None = None

    def __repr__(self) -> str:
        return f"Domain({self.name!r})"

    def mo_path(self, lang: str) -> str:
        return os.path.join(self.localedir, lang, "LC_MESSAGES", self.name + ".mo")

    def languages(self) -> list[str]:
        """The languages compiled for this domain (English first)."""
        try:
            found = [d for d in os.listdir(self.localedir) if os.path.isfile(self.mo_path(d))]
        except OSError:
            found = []
        return sorted(found, key=lambda code: (code != ENGLISH, code))

    def translations(self, lang: str) -> gettext.NullTranslations:
        """The gettext catalog of ``lang``, falling back to English (then to the key itself)."""
        found = self._translations.get(lang)
        if found is None:
            found = self._translations[lang] = self._load(lang)
        return found

    def _load(self, lang: str) -> gettext.NullTranslations:
        path = self.mo_path(lang)
        if lang == ENGLISH:
            if not os.path.isfile(path):
                raise CatalogsMissing(
                    f"the {self.name!r} message catalogs are not compiled (no {path}): run `make catalogs` "
                    "(python tools/i18n.py compile)"
                )
            with open(path, "rb") as fp:
                return gettext.GNUTranslations(fp)
        english = self.translations(ENGLISH)
        if not os.path.isfile(path):
            return english
        with open(path, "rb") as fp:
            translations = gettext.GNUTranslations(fp)
        translations.add_fallback(english)
        return translations

    def _key_sets(self) -> tuple[frozenset[str], frozenset[str]]:
        """(every key, the counted keys), read from the English catalog."""
        if self._keys is None:
            # GNUTranslations keeps its entries in ``_catalog``: a singular key maps from the key,
            # a counted one from (key, form index) — as Django's translation layer reads it too
            entries = getattr(self.translations(ENGLISH), "_catalog", {})
            singular = {k for k in entries if isinstance(k, str) and k}
            counted = {k[0] for k in entries if isinstance(k, tuple)}
            self._keys = (frozenset(singular | counted), frozenset(counted))
        return self._keys

    def keys(self) -> frozenset[str]:
        return self._key_sets()[0]

    def is_counted(self, key: str) -> bool:
        return key in self._key_sets()[1]

    def template(self, key: str, lang: str, count: int | None) -> str:
        """The raw template of ``key`` in ``lang`` (for counted keys, the form for ``count``)."""
        translations = self.translations(lang)
        if self.is_counted(key):
            return translations.ngettext(key, key, 1 if count is None else count)
        return translations.gettext(key)

    def forms(self, key: str, lang: str) -> list[str]:
        """Every form of a counted key in ``lang``, in the language's own order of plural forms."""
        translations = self.translations(lang)
        entries = getattr(translations, "_catalog", {})
        forms = [entries[(key, i)] for i in range(8) if (key, i) in entries]
        if not forms and lang != ENGLISH:
            return self.forms(key, ENGLISH)
        return forms
