"""The shell's rooms: one concern of the app each, behind a small face (``nile.web.core.Room``).

Lower rooms first — a room imports only rooms listed before it, and never ``nile.web.controller``,
``nile.web.render`` or ``nile.web.app`` (import-linter contracts in pyproject.toml):

- ``settings``: the head line's menu, the board's zoom, the sound switch, the language, the layout;
- ``helpdesk``: the rules help; ``replayer``: stepping through the open game as a spectator;
- ``tutor``: how the open game teaches (the coach's tips, a guided game's lessons);
- ``keeper``: saving the open game, one game per tab (read-only tabs), the storage's condition;
- ``secret``: sealed decisions (hand-over, the private bid screen);
- ``bots``: the computer players' jobs and pace; ``moments``: the panel that shows a moment of the game;
- ``far``: a game played from afar (issue 44): its record, the links opened and sent, the seats held elsewhere;
- ``table``: the person's choices and moves on the board, undo, refusals said with their rule;
- ``coach``: hints and the review, thought out by the bot worker;
- ``setup``: new games and guided games; ``shelf``: the saved games, the bin, backups, imports, exports;
- ``updates``: the line that offers a new version;
- ``herald``: what a screen reader hears of the game (the log's new lines, the coach, what was asked by key).

``nile.web.controller`` composes them around ``nile.web.core.Core``.
"""
