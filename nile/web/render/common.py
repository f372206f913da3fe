"""What every room of the shell's markup shares: ``fixed``, the cache of controls drawn once for a language
and a setting, and the language select that stands on every screen. (``button``, ``esc`` and ``attrs``, the
HTML pieces, are the kit's: ``nile.kit.markup``.)"""

from __future__ import annotations

import functools

from ...kit import attrs, esc
from ...kit.intents import Intent
from ...messages import LANGUAGES
from ...messages import text as msg

#: the head line's fixed controls are the same for a language and a setting: drawn once each (issue 21: the
#: head line's controls were built and translated again at every click)
fixed = functools.lru_cache(maxsize=64)


@fixed
def language_choice(lang: str, compact: bool = False) -> str:
    """The language select, on every screen (only when the app speaks more than one). Each language is
    named in itself; the compact one (status bars, hand-over screens) shows the codes (EN, DE …)."""
    if len(LANGUAGES) < 2:
        return ""
    options = "".join(
        f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}'
        f'{attrs(title=name) if compact else ""}>{esc(code.upper() if compact else name)}</option>'
        for code, name in LANGUAGES.items()
    )
    label = esc(msg("ui.language", lang))
    if compact:
        return f'<label class="language compact" title="{label}"><span class="sr-only">{label}</span><select data-i="{Intent.LANG}">{options}</select></label>'
    return f'<label class="language">{label} <select data-i="{Intent.LANG}">{options}</select></label>'
