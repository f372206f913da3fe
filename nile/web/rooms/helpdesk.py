"""The rules help (``nile.web.help``): open at a rule or the contents, follow its links, go back, search."""

from __future__ import annotations

from ...games import GAMES
from ...kit.intents import Intent
from ..core import GAME, Core, Handler, Room
from ..help import MAX_QUERY, SEARCH, Help, open_help
from ..help import pages as help_pages


class Helpdesk(Room):
    def __init__(self, core: Core) -> None:
        super().__init__(core)
        #: the rules help, when open
        self.help: Help | None = None

    def intents(self) -> dict[Intent, Handler]:
        return {Intent.RULES: self._on_rules, Intent.RULES_OPEN: self._on_rules_open,
                Intent.RULES_BACK: self._on_rules_back, Intent.RULES_SEARCH: self._on_rules_search}

    @property
    def show_rules(self) -> bool:
        return self.help is not None

    def close(self) -> bool:
        """The Escape key: close the rules help if it is open."""
        was, self.help = self.help is not None, None
        return was

    def _on_rules(self, value: str) -> None:
        """Open the rules help (at ``game:page`` if given), or close it."""
        if self.help is not None and not value:
            self.help = None
            return
        s = self.core.state
        games = [s.GAME] if s is not None and self.core.screen == GAME else list(GAMES)
        self.help = open_help(games, value)

    def _on_rules_open(self, value: str) -> None:
        """A link to a page of the help: a rule, the round summary, a search result."""
        if self.help is None:
            self._on_rules(value)
            return
        game, _, page = value.partition(":")
        if game in self.help.games and page in help_pages(game):
            self.help.go(game, page)

    def _on_rules_back(self, value: str) -> None:
        if self.help is not None and not self.help.back():
            self.help = None

    def _on_rules_search(self, value: str) -> None:
        h = self.help
        if h is None:
            return
        h.query = value[:MAX_QUERY]
        if h.query.strip():
            h.go(h.game, SEARCH)
        elif h.page == SEARCH:
            h.back()
