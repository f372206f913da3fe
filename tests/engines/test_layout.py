"""The board laid out as the stylesheet asks, in every engine (issue 52's finding 6).

On a laptop's or a tablet's window the Nile board is a grid: the score track, the fields, the legend, then the
market and the boat, the fields and the market sharing the height left in the ratio the stylesheet gives them
(static/app.css, ``.game-banks.fit``: 7 : 6 on a laptop, 8 : 5 on a tablet, where the market's row may need more). WebKit sized those rows as if the
board's height were unknown when the board was a stretched grid item of its frame: the fields came out ~7 %
shorter than in Chromium at the same window size, the market's row taller.
"""

from __future__ import annotations

import pytest

from .conftest import Site
from .driver import Context
from .play import open_app, start_game

ROWS_JS = """() => {
  const board = document.querySelector('.game-banks .board-frame > .board');
  const rows = getComputedStyle(board).gridTemplateRows.split(' ').map(parseFloat);
  const fields = board.querySelector(':scope > .pic').getBoundingClientRect().height;
  return {rows, fields};
}"""


def test_nile_fields_and_market_share_the_board_as_the_stylesheet_says(context: Context, site: Site) -> None:
    """On a laptop's window (1280 × 800) the market's row needs less than its share: the two rows are 7 : 6."""
    tab = context.tab(1280, 800)
    open_app(tab, site.url)
    start_game(tab, names=("Amun", "Bastet", "Chons"))
    laid = tab.js(ROWS_JS)
    _track, fields, _legend, market = laid["rows"]
    assert fields / market == pytest.approx(7 / 6, rel=0.01), laid  # WebKit before: 300.9 / 299.9 px on a laptop
    assert laid["fields"] == pytest.approx(fields, abs=1.0)  # the fields' picture fills its row
