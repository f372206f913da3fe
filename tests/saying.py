"""What a refusal says: errors carry catalog keys, and these helpers check the sentence a player reads.

``refused(IllegalActionError, "at most 2 markers")`` works like ``pytest.raises(…, match=…)`` but
matches the English sentence (``nile.messages.say``), not the error's key text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from nile.messages import say


@contextmanager
def refused(error_type: type[BaseException], says: str, lang: str = "en") -> Iterator[Any]:
    with pytest.raises(error_type) as info:
        yield info
    sentence = say(info.value, lang)
    assert re.search(says, sentence), f"{says!r} not in {sentence!r}"
