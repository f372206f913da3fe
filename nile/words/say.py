"""Sentences filled in: a catalog key and its parameters become words in one language.

``text(key, lang, **params)`` fills a template with ``str.format`` syntax through
a formatter that speaks the language: a ``Word`` parameter (a catalog word such as
a crop) is said in the template's language and in the form the template asks for
(``{crop}``, ``{crop:the}``, ``{crop:some}``: French needs *le lin* and *du lin*,
the catalog holds both, the code never builds them); numbers formatted with a
grouping or decimals use the language's separators (``{chars:,}`` is 12,345 in
English, 12.345 in German). A counted key (an ``ngettext`` entry) takes its form
from the ``count`` parameter by the language's plural rule.

``describe(entry, names, lang)`` says a log entry or refusal (``{"key", "params"}``):
seats become player names, word parameters become ``Word``s by the prefix their
domain registered, errors inside errors are said in the same language, and a
counted entry counts the parameter its domain names.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.explained import Explained
from .domains import ENGLISH, Domain

#: every registered domain, and which domain holds each key
_DOMAINS: dict[str, Domain] = {}
_DOMAIN_OF: dict[str, Domain] = {}
#: who hears of every sentence made (``listen``): the key, the language, the parameters and the words; None: nobody
Listener = Callable[[str, str, Mapping[str, Any], str], None]
_LISTENER: list[Listener | None] = [None]
#: the forms a catalog word may be asked for in a template (``{crop:the}``), besides its plain form
WORD_FORMS = ("the", "some")


def add_domain(domain: Domain) -> Domain:
    """Make a domain's sentences speakable (idempotent). Keys are unique across domains."""
    if _DOMAINS.get(domain.name) is domain:
        return domain
    clash = sorted(k for k in domain.keys() if k in _DOMAIN_OF and _DOMAIN_OF[k] is not domain)
    if clash:
        raise ValueError(f"domain {domain.name!r} repeats keys of another domain: {', '.join(clash[:5])}")
    _DOMAINS[domain.name] = domain
    for key in domain.keys():
        _DOMAIN_OF[key] = domain
    return domain


def domains() -> list[Domain]:
    return list(_DOMAINS.values())


def domain_of(key: str) -> Domain | None:
    return _DOMAIN_OF.get(key)


def has_key(key: str) -> bool:
    """Whether any registered domain has ``key`` (every key exists in English first)."""
    return key in _DOMAIN_OF


@dataclass(frozen=True)
class Word:
    """A catalog word used as a sentence parameter; the template picks its form (``{crop:the}``)."""

    key: str

    def said(self, lang: str, form: str = "") -> str:
        if form:
            formed = f"{self.key}.{form}"
            if formed in _DOMAIN_OF:
                return text(formed, lang)
        return text(self.key, lang)


class _Speaker(string.Formatter):
    """``str.format`` in one language: words in the asked form, numbers with the language's separators."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Word):
            return value.said(self.lang, format_spec)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and format_spec:
            out = format(value, format_spec)
            if self.lang != ENGLISH:
                group, decimal = text("format.group", self.lang), text("format.decimal", self.lang)
                out = out.translate({ord(","): group, ord("."): decimal})
            return out
        return super().format_field(value, format_spec)


#: each template read once into (literal text, parameter name or None, format spec) pieces; None for a
#: template that uses more of ``str.format`` than plain names (filled by ``string.Formatter`` itself)
_PIECES: dict[str, tuple[tuple[str, str | None, str], ...] | None] = {}


def _pieces(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    try:
        return _PIECES[template]
    except KeyError:
        pass
    pieces: list[tuple[str, str | None, str]] | None = []
    try:
        for literal, field, spec, conversion in string.Formatter().parse(template):
            if field is not None and (conversion or not field.isidentifier() or "{" in (spec or "")):
                pieces = None  # {0}, {a.b}, {a!r}, {a:{w}}: the formatter's own way
                break
            assert pieces is not None
            pieces.append((literal, field, spec or ""))
    except ValueError:  # unbalanced braces: the formatter says so, and the template is shown as it is
        pieces = None
    found = _PIECES[template] = tuple(pieces) if pieces is not None else None
    return found


def fill(template: str, lang: str, params: Mapping[str, Any]) -> str:
    """A template filled in ``lang``; a template that does not fit its parameters is shown as it is
    (a translator's slip never breaks a screen: the catalog tests catch it). Each template is read once
    (issue 21: filling sentences was a third of drawing a screen through ``string.Formatter``). A word the
    language elides before a vowel is elided before a filled-in name or word ("de" + "Anna": "d'Anna")."""
    pieces = _pieces(template)
    try:
        if pieces is None:
            return _Speaker(lang).vformat(template, (), params)
        elide = _elision(lang)
        out = []
        for literal, field, spec in pieces:
            out.append(literal)
            if field is not None:
                value = _say(params[field], spec, lang)
                if elide is not None and out[-1] and value[:1] in _VOWELS:
                    out[-1] = elide(out[-1])
                out.append(value)
        return "".join(out)
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


#: the first letters before which a language elides (a vowel or a mute h; names are taken to have one)
_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûùüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÙÜ")
_ELISIONS: dict[str, Any] = {}


def _elision(lang: str) -> Any:
    """For a language that elides (its ``format.elision`` entry: "de>d' que>qu' le>l' …", or "none"), a
    function that elides the last word of a text before a vowel ("Offre de " → "Offre d'"); else None."""
    try:
        return _ELISIONS[lang]
    except KeyError:
        pass
    pairs = [p.split(">", 1) for p in text("format.elision", lang).split() if ">" in p]
    found = None
    if pairs:
        table = {word.lower(): short for word, short in pairs}
        pattern = re.compile(r"(?:^|(?<=[\s(«“'’]))(" + "|".join(re.escape(w) for w in table) + r") $", re.I)

        def found(before: str) -> str:
            m = pattern.search(before)
            if m is None:
                return before
            word = m.group(1)
            short = table[word.lower()]
            return before[: m.start(1)] + (short[:1].upper() + short[1:] if word[:1].isupper() else short)
    _ELISIONS[lang] = found
    return found


def _say(value: Any, spec: str, lang: str) -> str:
    """One parameter as ``_Speaker.format_field`` says it."""
    if isinstance(value, str) and not spec:
        return value
    if isinstance(value, Word):
        return value.said(lang, spec)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and spec:
        out = format(value, spec)
        if lang != ENGLISH:
            group, decimal = text("format.group", lang), text("format.decimal", lang)
            out = out.translate({ord(","): group, ord("."): decimal})
        return out
    return format(value, spec)


def text(key: str, lang: str = ENGLISH, **params: Any) -> str:
    """The sentence for ``key`` in ``lang`` (English if missing there, the key if unknown), filled with
    ``params``. A counted key takes its form from ``count``."""
    domain = _DOMAIN_OF.get(key)
    if domain is None:
        said = key
    else:
        count = params.get("count")
        if count == 0 and f"{key}.zero" in _DOMAIN_OF:
            # a language says "no rails", not "0 rails": a counted key may have a sentence of its own for none
            key, domain = f"{key}.zero", _DOMAIN_OF[f"{key}.zero"]
        template = domain.template(key, lang, count if isinstance(count, int) else None)
        said = fill(template, lang, params) if params else template
    listener = _LISTENER[0]
    if listener is not None:
        listener(key, lang, params, said)
    return said


def listen(listener: Listener | None) -> Listener | None:
    """Hear of every sentence ``text`` makes, with its key and parameters (``tools/corpus.py``: which entry
    of the catalog made each sentence a screen shows); None stops. Returns the listener it replaces.
    Observing only: what is said stays the same."""
    before, _LISTENER[0] = _LISTENER[0], listener
    return before


def listed(items: Sequence[str], lang: str = ENGLISH) -> str:
    """Names or things in a list as a sentence says them: "Anna, Bastet and Horus" (``list.sep``, ``list.and``)."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return text("list.sep", lang).join(items[:-1]) + text("list.and", lang) + items[-1]


def plural(key: str, count: int, lang: str = ENGLISH, **params: Any) -> str:
    """A counted sentence (an ``ngettext`` entry): its form follows ``count`` by the language's rule."""
    return text(key, lang, count=count, **params)


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def _counted(domain: Domain | None, key: str, params: Mapping[str, Any]) -> int | None:
    """The number a counted log sentence follows: the parameter its domain names (or ``count``)."""
    if domain is None or not domain.is_counted(key):
        return None
    value = params.get(domain.counted.get(key, "count"))
    if isinstance(value, (list, tuple, dict)):
        return len(value)
    return value if isinstance(value, int) else None


def describe(entry: Mapping[str, Any], names: Sequence[str], lang: str = ENGLISH) -> str:
    """One log entry or refusal (``{"key", "params"}``) in words, with seats said as player names."""
    key = str(entry.get("key", ""))
    params = dict(entry.get("params", {}))
    domain = _DOMAIN_OF.get(key)
    # the sentence for what this entry says happened (a key of the same domain; the entry's own by default)
    sentence = domain.sentence_of(key, params) if domain is not None and domain.sentence_of is not None else key
    words = domain.param_words if domain is not None else {}
    describer = domain.describe_param if domain is not None else None
    out: dict[str, Any] = {}
    for k, v in params.items():
        said = describer(key, k, v, lang, names) if describer is not None else None
        if said is not None:
            out[k] = said
        elif isinstance(v, Explained):  # an error inside an error: the same language
            out[k] = say(v, lang, names)
        elif k in ("player", "owner"):
            out[k] = _name(names, v)
        elif k in ("players", "winners") and isinstance(v, (list, tuple)):
            out[k] = listed([_name(names, p) for p in v], lang)
        elif k in words and isinstance(v, str):
            out[k] = Word(f"{words[k]}.{v}")
        else:
            out[k] = v
    count = _counted(domain, sentence, params)
    if count is not None:
        out["count"] = count
    return text(sentence, lang, **out)


def say(error: BaseException, lang: str = ENGLISH, names: Sequence[str] = ()) -> str:
    """Any error in words: an ``Explained`` one (a key and parameters) in ``lang``, any other as its text."""
    if isinstance(error, Explained):
        return describe({"key": error.key, "params": error.params}, names, lang)
    return str(error)


def catalog(lang: str) -> dict[str, str]:
    """Every registered sentence of ``lang`` as key → template. A counted key appears once per plural
    form of the language, as ``key[0]``, ``key[1]`` …, in the order of its ``Plural-Forms`` rule."""
    out: dict[str, str] = {}
    for domain in _DOMAINS.values():
        for key in sorted(domain.keys()):
            if domain.is_counted(key):
                for i, form in enumerate(domain.forms(key, lang)):
                    out[f"{key}[{i}]"] = form
            else:
                out[key] = domain.template(key, lang, None)
    return out
