"""The translators' tool: compile, check and update the PO catalogs of every domain (Babel).

Each domain (the shell, each game) keeps its sentences beside its code in
``locale/``: ``<domain>.pot`` is the English (the source every translation is
made from), ``<lang>.po`` one language. Every entry's ``msgctxt`` is its catalog
key and its ``msgid`` the English sentence, so any PO editor (Poedit, Weblate,
Lokalize …) shows a translator the English beside the key.

    python tools/i18n.py compile        PO → MO for the app (``locale/<lang>/LC_MESSAGES/<domain>.mo``)
    python tools/i18n.py check          list untranslated, fuzzy, stale and broken entries (exit 1 if any)
    python tools/i18n.py update         after the English changed: new keys added, changed ones marked fuzzy
    python tools/i18n.py init LANG      start a new language: an empty LANG.po in every domain
    python tools/i18n.py stats [--json] entries per language and domain

The MO files the app reads are keyed by the catalog key (``msgctxt``), so the
code asks for ``why.field_full`` and gets the sentence in the player's language;
a fuzzy or untranslated entry is not compiled, so the player reads the English
until a translator has looked at it.
"""

from __future__ import annotations

import argparse
import io
import json
import string
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "nile"
#: the tests' own game (tests/pebbles) has catalogs too: compiled with the app's, checked by its tests
TESTS = ROOT / "tests"
#: the forms a catalog word may be asked for in a template (``{crop:the}``); see nile.words.say
WORD_FORMS = ("the", "some")
#: the comment at the top of every PO file
HEADER_COMMENT = "Translations of Nile ({domain}). English source: {domain}.pot. See README.md, 'Languages'."


@dataclass
class Domain:
    name: str
    locale: Path

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po_files(self) -> dict[str, Path]:
        return {p.stem: p for p in sorted(self.locale.glob("*.po"))}

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.mo"


def find_domains(*roots: Path) -> list[Domain]:
    """Every domain under the roots (default: the app's package): a ``locale/<name>.pot`` beside some code."""
    return [Domain(p.stem, p.parent) for root in roots or (PACKAGE,) for p in sorted(root.rglob("locale/*.pot"))]


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp, locale=lang, abort_invalid=True)


def write(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=0, include_previous=True, omit_header=False)
    path.write_bytes(buf.getvalue())


def by_key(catalog: Catalog) -> dict[str, Message]:
    """The entries of a catalog by their catalog key (``msgctxt``)."""
    return {m.context: m for m in catalog if m.id and m.context}


def placeholders(text: str) -> list[tuple[str, str]]:
    """The ``{name}`` / ``{name:spec}`` fields of a template, sorted by name (a spec that names a word form
    counts as the field itself: translators pick forms freely)."""
    out = []
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is not None:
            out.append((name, "" if spec in WORD_FORMS else spec or ""))
    return sorted(set(out))


def forms_of(text: str) -> list[str]:
    return [spec for _, name, spec, _ in string.Formatter().parse(text) if name is not None and spec and spec.isalpha()]


# ---------------------------------------------------------------------- compile
def keyed(catalog: Catalog, lang: str, english: bool) -> Catalog:
    """A catalog whose ids are the catalog keys: what the app looks sentences up by."""
    out = Catalog(locale=lang, domain=catalog.domain, charset="utf-8", fuzzy=False)
    out.mime_headers = catalog.mime_headers if not english else [
        ("Content-Type", "text/plain; charset=utf-8"), ("Plural-Forms", "nplurals=2; plural=(n != 1);")]
    for m in catalog:
        if not m.id or not m.context:
            continue
        string_ = m.id if english else m.string
        if not english and (m.fuzzy or not translated(m)):
            continue  # the app then says the English
        if isinstance(m.id, (tuple, list)):
            out.add((m.context, m.context), string=tuple(string_))
        else:
            out.add(m.context, string=string_)
    return out


def translated(m: Message) -> bool:
    return all(m.string) if isinstance(m.string, (tuple, list)) else bool(m.string)


def compile_all(domains: list[Domain]) -> int:
    count = 0
    for d in domains:
        targets = {"en": (d.template, True), **{lang: (po, False) for lang, po in d.po_files().items()}}
        for lang, (src, english) in targets.items():
            out = d.mo(lang)
            if out.exists() and out.stat().st_mtime >= max(src.stat().st_mtime, Path(__file__).stat().st_mtime):
                continue
            out.parent.mkdir(parents=True, exist_ok=True)
            buf = io.BytesIO()
            write_mo(buf, keyed(read(src, None if english else lang), lang, english), use_fuzzy=False)
            out.write_bytes(buf.getvalue())
            count += 1
    return count


# ---------------------------------------------------------------------- check
@dataclass
class Report:
    problems: list[str] = field(default_factory=list)

    def add(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")


def check_domain(d: Domain, report: Report) -> None:
    twice = Counter(m.context for m in read(d.template) if m.id and m.context)
    for key, n in twice.items():
        if n > 1:  # (the app finds a sentence by its key alone: one of them would never be said)
            report.add(f"{d.template.name} {key}", f"the key of {n} entries: each needs a key of its own")
    template = by_key(read(d.template))
    for key, m in template.items():
        for form in forms_of(m.id if isinstance(m.id, str) else " ".join(m.id)):
            if form not in WORD_FORMS:
                report.add(f"{d.template.name} {key}", f"unknown word form {{…:{form}}} (known: {', '.join(WORD_FORMS)})")
    for lang, po in d.po_files().items():
        catalog = read(po, lang)
        entries = by_key(catalog)
        nplurals = catalog.num_plurals
        where = f"{d.locale.relative_to(ROOT)}/{po.name}"
        for key in template.keys() - entries.keys():
            report.add(where, f"{key}: missing (run tools/i18n.py update)")
        for key in entries.keys() - template.keys():
            report.add(where, f"{key}: not in {d.template.name} any more (run tools/i18n.py update)")
        for key, m in entries.items():
            source = template.get(key)
            if source is None:
                continue
            if m.id != source.id:
                report.add(where, f"{key}: stale — its English changed (run tools/i18n.py update, then translate)")
                continue
            if m.fuzzy:
                report.add(where, f"{key}: fuzzy — the English changed; check the translation and clear the flag")
            if not translated(m):
                report.add(where, f"{key}: untranslated")
                continue
            check_entry(where, key, source, m, nplurals, report)


def check_entry(where: str, key: str, source: Message, m: Message, nplurals: int, report: Report) -> None:
    english = [source.id] if isinstance(source.id, str) else list(source.id)
    theirs = [m.string] if isinstance(m.string, str) else list(m.string)
    if isinstance(source.id, (tuple, list)) and len(theirs) != nplurals:
        report.add(where, f"{key}: {len(theirs)} plural forms, the header says {nplurals}")
    want = placeholders(english[-1])
    for i, form in enumerate(theirs):
        try:
            got = placeholders(form)
        except ValueError as e:
            report.add(where, f"{key}: not a valid template ({e})")
            continue
        if got != want:
            report.add(where, f"{key}[{i}]: placeholders {got} differ from the English {want}")
        for spec in forms_of(form):
            if spec not in WORD_FORMS:
                report.add(where, f"{key}: unknown word form {{…:{spec}}} (known: {', '.join(WORD_FORMS)})")


def check_all(domains: list[Domain]) -> list[str]:
    report = Report()
    languages: dict[str, set[str]] = {}
    for d in domains:
        check_domain(d, report)
        for lang in d.po_files():
            languages.setdefault(lang, set()).add(d.name)
    every = {d.name for d in domains}
    for lang, have in sorted(languages.items()):
        for name in sorted(every - have):
            report.add(f"{lang}", f"no {lang}.po for the {name!r} domain (run tools/i18n.py init {lang})")
    return report.problems


# ---------------------------------------------------------------------- update / init
def fresh_header(catalog: Catalog, lang: str, domain: str) -> None:
    catalog.project = "Nile"
    catalog.version = ""
    catalog.msgid_bugs_address = ""
    catalog.copyright_holder = ""
    catalog.header_comment = "# " + HEADER_COMMENT.format(domain=domain)
    catalog.last_translator = catalog.last_translator if "FULL NAME" not in catalog.last_translator else ""
    catalog.language_team = ""


def merge(template: Catalog, old: Catalog, lang: str, domain: str) -> Catalog:
    """The template's entries with the old translations kept by key; a changed English marks it fuzzy."""
    kept = by_key(old)
    out = Catalog(locale=lang, domain=domain, charset="utf-8", fuzzy=False)
    out.mime_headers = old.mime_headers
    fresh_header(out, lang, domain)
    for m in template:
        if not m.id or not m.context:
            continue
        before = kept.get(m.context)
        flags = {f for f in m.flags if f != "fuzzy"}
        previous: list[str] | tuple[()] = ()
        if before is None:
            string_: str | tuple[str, ...] = tuple("" for _ in range(out.num_plurals)) if isinstance(m.id, (tuple, list)) else ""
        else:
            string_ = before.string
            if isinstance(m.id, (tuple, list)) and not isinstance(string_, (tuple, list)):
                string_ = (string_,) + ("",) * (out.num_plurals - 1)
            elif not isinstance(m.id, (tuple, list)) and isinstance(string_, (tuple, list)):
                string_ = string_[0]
            if before.id != m.id and translated(before):
                flags.add("fuzzy")
                previous = [before.id] if isinstance(before.id, str) else list(before.id)
            elif before.fuzzy:
                flags.add("fuzzy")
                previous = list(before.previous_id)
        out.add(m.id, string=string_, context=m.context, flags=flags, auto_comments=m.auto_comments,
                previous_id=previous)
    return out


def update_all(domains: list[Domain]) -> list[str]:
    changed = []
    for d in domains:
        template = read(d.template)
        for lang, po in d.po_files().items():
            before = po.read_bytes()
            write(po, merge(template, read(po, lang), lang, d.name))
            if po.read_bytes() != before:
                changed.append(str(po.relative_to(ROOT)))
    return changed


def init_language(domains: list[Domain], lang: str) -> list[str]:
    locale = Locale.parse(lang)
    made = []
    for d in domains:
        po = d.locale / f"{lang}.po"
        if po.exists():
            continue
        empty = Catalog(locale=locale, domain=d.name, charset="utf-8", fuzzy=False)
        write(po, merge(read(d.template), empty, lang, d.name))
        made.append(str(po.relative_to(ROOT)))
    return made


def stats(domains: list[Domain]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for d in domains:
        out.setdefault("en", {})[d.name] = len(by_key(read(d.template)))
        for lang, po in d.po_files().items():
            entries = by_key(read(po, lang))
            out.setdefault(lang, {})[d.name] = sum(1 for m in entries.values() if translated(m) and not m.fuzzy)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("compile")
    sub.add_parser("check")
    sub.add_parser("update")
    init = sub.add_parser("init")
    init.add_argument("lang")
    st = sub.add_parser("stats")
    st.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    domains = find_domains()
    if args.command == "compile":
        everything = find_domains(PACKAGE, TESTS)
        n = compile_all(everything)
        print(f"compiled {n} catalog(s) in {len(everything)} domain(s)")
    elif args.command == "check":
        problems = check_all(domains)
        for line in problems:
            print(line)
        print(f"{len(problems)} problem(s) in {len(domains)} domain(s)")
        return 1 if problems else 0
    elif args.command == "update":
        for path in update_all(domains):
            print("updated", path)
    elif args.command == "init":
        for path in init_language(domains, args.lang):
            print("created", path)
        print("now translate them, add a column to docs/glossary.md, and run: python tools/i18n.py check")
    elif args.command == "stats":
        table = stats(domains)
        if args.json:
            print(json.dumps(table, indent=1))
        else:
            names = [d.name for d in domains]
            print("lang  " + "  ".join(f"{n:>6}" for n in names) + "   total")
            for lang, row in table.items():
                print(f"{lang:<5} " + "  ".join(f"{row.get(n, 0):>6}" for n in names) + f"  {sum(row.values()):>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

