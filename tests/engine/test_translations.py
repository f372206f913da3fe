"""Translations translators can trust: every PO file complete, and the printed games' own words.

- ``tools/i18n.py check`` finds nothing: no missing, untranslated, fuzzy or stale entry (an
  entry whose English changed since it was translated), the same placeholders as the English,
  every plural form the language's header declares (needs Babel: CPython only).
- ``docs/glossary.md``: every term is used in the sentences its row lists, in every language
  that has the term, and no language uses a word the glossary rules out.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from nile.messages import LANGUAGES, catalog

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
COLUMNS = ("en", "de", "nl", "fr")


def test_every_po_file_is_complete_and_none_is_stale():
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n

    problems = i18n.check_all(i18n.find_domains())
    assert not problems, "\n".join(problems[:40])


def test_a_key_given_to_two_sentences_is_found(tmp_path: Path):
    """The app finds a sentence by its key alone: two entries under one key (the head line's "More" and a bid's "One
    more" were both ``ui.more``, so the bid's + button said "More") leave one of them never said."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    import i18n

    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "t.pot").write_text('msgctxt "ui.more"\nmsgid "More"\nmsgstr ""\n\n'
                                               'msgctxt "ui.more"\nmsgid "One more"\nmsgstr ""\n', encoding="utf-8")
    problems = i18n.check_all(i18n.find_domains(tmp_path))
    assert any("ui.more" in p and "2 entries" in p for p in problems), problems


def _tables() -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    terms, avoid = [], []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or set(cells[0]) <= {"-"} or cells[0] in ("EN", "lang"):
            continue
        if len(cells) == 6:
            terms.append({**dict(zip(COLUMNS, cells[:4])), "keys": cells[4]})
        elif len(cells) == 4:
            avoid.append({"lang": cells[0].lower(), "not": cells[1], "but": cells[2]})
    return terms, avoid


def _sentences(lang: str, key: str) -> list[str]:
    words = catalog(lang)
    return [v for k, v in words.items() if k == key or k.startswith(key + "[")]


def test_the_glossary_is_read():
    terms, avoid = _tables()
    assert len(terms) > 40 and len(avoid) >= 5


@pytest.mark.parametrize("lang", [code for code in COLUMNS if code in LANGUAGES])
def test_the_catalogs_use_the_glossarys_terms(lang):
    terms, _ = _tables()
    wrong = []
    for row in terms:
        term = row[lang].lower()
        for key in [k.strip() for k in row["keys"].split(",") if k.strip()]:
            sentences = _sentences(lang, key)
            assert sentences, f"the glossary names {key}, which no catalog has"
            if not any(term in s.lower() for s in sentences):
                wrong.append(f"{key}: {sentences[0]!r} lacks {row[lang]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_language_uses_a_word_the_glossary_rules_out(lang):
    _, avoid = _tables()
    words = catalog(lang)
    found = []
    for row in (r for r in avoid if r["lang"] == lang):
        pattern = re.compile(rf"(?<!\w){re.escape(row['not'])}(?!\w)", re.IGNORECASE)
        found += [f"{k}: {v!r} says {row['not']!r}, not {row['but']!r}" for k, v in words.items() if pattern.search(re.sub(r"\{[^}]*\}", "", v))]
    assert not found, "\n".join(found)
