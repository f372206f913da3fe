"""The UI contract: what a game hands the shell (``GameSpec``) and draws its screens through.

Below it the core and the word layer; above it the games, which fill it in, then the
registry and the shell, which read it. ``screen`` (interaction, frame, the ``GameUI``
protocol), ``markup`` (HTML pieces), ``chart`` (a line chart), ``spec`` (``GameSpec``).
"""

from .intents import PAGE_INTENTS, Intent
from .markup import (
           attrs,
           button,
           colour_letter,
           end_section,
           esc,
           fit_label,
           label_width,
           numbered_keys,
           summary_card,
           unkeyed,
)
from .screen import Button, Frame, GameUI, Interaction, Lesson, SetupForm, Target, Tip
from .spec import BotKnowledge, GameSpec

__all__ = ["PAGE_INTENTS", "BotKnowledge", "Button", "Frame", "GameSpec", "GameUI", "Intent", "Interaction", "Lesson",
           "SetupForm", "Target", "Tip",
           "attrs", "button", "colour_letter", "end_section", "esc", "fit_label", "label_width", "numbered_keys",
           "summary_card", "unkeyed"]
