"""``python -m nile``: see ``nile.cli``."""

from .cli import main

raise SystemExit(main())
