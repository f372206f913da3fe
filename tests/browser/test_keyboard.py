"""A whole game of each game by the keyboard alone (issue 43): set-up, every move, every dialog, to the end,
by Tab, the arrow keys and Enter (``keyboard.KeyboardPlayer``; never a click), the bots at their fastest.

After every press: the focus is on a control inside ``#app`` (never ``<body>``), inside the open dialog when
one is open; so it is each time the person is to act again (after the bots' moves). At the end the game is
over. And what a screen reader hears (``#say``, the herald's persistent live region outside ``#app``, one
``<p>`` per sentence): every new line of the log said exactly once, in the log's words (the player's
language), and the winner (the log's game-over line) said at the end.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Page

from .keyboard import KeyboardPlayer

#: what a screen reader hears (#say's new paragraphs) and every log line ever drawn (by its number: the log
#: shows its last lines only), both kept in the page from before the game starts
LISTEN_JS = """() => {
  window.__heard = [];
  window.__lines = {};
  const say = document.getElementById('say');
  if (window.__listening) return !!say;  // the shared page: its observers are there from an earlier test
  window.__listening = true;
  if (say) new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) if (n.nodeType === 1) window.__heard.push(n.textContent.trim());
  }).observe(say, {childList: true});
  const read = () => {
    for (const li of document.querySelectorAll('#app .log li')) {
      const n = li.querySelector('.n');
      if (!n) continue;
      const c = li.cloneNode(true);
      c.querySelectorAll('.n, .rule-link').forEach((e) => e.remove());
      window.__lines[parseInt(n.textContent, 10)] = c.textContent.replace(/\\s+/g, ' ').trim();
    }
  };
  new MutationObserver(read).observe(document.getElementById('app'), {childList: true, subtree: true, characterData: true});
  return !!say;
}"""

#: the log's newest line (as drawn: without its number and rule) has been said through #say (true without #say),
#: read once the page has done what it does after a redraw's frame (nile.web.app: a line drawn is said a frame later;
#: the bots may be moving on meanwhile, so it is read in the same task that sees the page at rest)
HEARD_NEWEST_JS = """() => new Promise((done) => {
  const heard = () => {
    const li = document.querySelector('#app .log li');
    if (!document.getElementById('say') || !li) return true;
    const c = li.cloneNode(true);
    c.querySelectorAll('.n, .rule-link').forEach((e) => e.remove());
    return window.__heard.includes(c.textContent.replace(/\\s+/g, ' ').trim());
  };
  const check = () => {
    if (document.body.dataset.done === document.body.dataset.renders) done(heard());
    else requestAnimationFrame(() => setTimeout(check, 0));
  };
  check();
})"""

GAMES = {
    "banks": (("Anna", "Horus", "Seth"), ("", "easy", "easy")),
    "cape": (("Anna", "Horus"), ("", "easy")),
}


def _focus_checked(problems: list[str]) -> Any:
    def after(player: KeyboardPlayer, info: dict[str, Any]) -> None:
        f = player.focus()
        what = info["pressed"]["what"]
        if f["lost"] or not f["in_app"] or not f["control"]:
            problems.append(f"step {player.steps}: after {what} the focus is on {f['where']} ({player.context()})")
        elif f["dialog"] and not f["in_dialog"]:
            problems.append(f"step {player.steps}: after {what} the focus is on {f['where']}, outside the open "
                            f"dialog {f['dialog']} ({player.context()})")
        if info["committed"] and not player.page.evaluate(HEARD_NEWEST_JS):  # the move's result, heard
            problems.append(f"step {player.steps}: the move {info['committed']!r} was not heard: the log's newest line "
                            f"is not among what #say said ({player.context()})")
    return after


@pytest.mark.parametrize("game", ["banks", "cape"])
def test_a_whole_game_by_the_keyboard_alone(app: Page, game: str) -> None:
    names, kinds = GAMES[game]
    has_say = app.evaluate(LISTEN_JS)
    problems: list[str] = []
    player = KeyboardPlayer(app, seed=7, after=_focus_checked(problems))
    started = time.monotonic()
    player.start(game, names, kinds)
    known = max(app.evaluate("() => Object.keys(window.__lines).map(Number)") or [0])  # the log as the game opened
    player.play(max_steps=3000)
    seconds = time.monotonic() - started
    print(f"{game}: {player.steps} steps, {player.keys} keys, {seconds:.0f} s")

    # the end: the end screen, and no move is made any more
    assert player.over(), "the game did not end"
    done = player.actions()
    app.wait_for_timeout(500)
    assert player.actions() == done, "moves were still made after the end screen showed"
    # the focus, after every press and each time the person was to act again
    problems += [f"step {f.step}: {f.kind}: {f.where} ({f.context})" for f in player.findings
                 if f.kind in ("focus lost", "focus outside the dialog")]
    assert not problems, f"{len(problems)} times the focus was not where the game goes on:\n" + "\n".join(problems[:20])
    assert not [f for f in player.findings if f.kind in ("unreachable", "no redraw")], player.findings

    # what was heard
    if not has_say:
        pytest.skip("no announcer yet: the page has no #say live region (issue 43's herald), nothing to hear")
    lines: dict[int, str] = {int(k): v for k, v in app.evaluate("() => window.__lines").items()}
    heard: list[str] = app.evaluate("() => window.__heard")
    new = [lines[n] for n in sorted(lines) if n > known]
    assert new, "no log line came during the game"
    assert max(lines) - known == len(new), f"log lines missed by the test: {sorted(set(range(known + 1, max(lines) + 1)) - set(lines))[:10]}"
    # a line made between the game's opening and the test's first look at its log (a bot's sealed bid, at once)
    # counts as new for the herald, not for the test: it may be heard once more than the new lines say
    said, written = Counter(heard), Counter(new)
    early = Counter(lines[n] for n in sorted(lines) if n <= known)
    unheard = [line for line in written if said[line] < written[line]]
    twice = [line for line in written if said[line] > written[line] + early[line]]
    assert not unheard, f"{len(unheard)} log lines never said, e.g. {unheard[:5]}"
    assert not twice, f"log lines said more than once, e.g. {twice[:5]}"
    winner = lines[max(lines)]
    assert winner in heard[-5:], f"the game-over line {winner!r} was not said at the end: {heard[-5:]}"
