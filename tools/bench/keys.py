"""Keys per move for a player who has only the keyboard (issue 43): whole games played by Tab, the arrow keys
and Enter alone, by the keyboard player of ``tests/browser/keyboard.py``.

For each seed: one *An den Ufern des Nils* game (one person and two easy bots: Anna, Horus, Seth) and one
*Vom Kap bis Kairo* game (one person and one easy bot: Anna, Horus), each in a fresh page of the built site
(``dist/``, or ``--dist``), the bots at the fastest speed offered. Prints, per game and move type (the engine
action's first word; "dialog": a lesson's or a moment's button; "setup": the set-up form and the bots' speed),
how many moves and the median, p90 and largest number of keys per move; every focus lost (the focus on
``<body>`` or outside ``#app`` when the person is to act), every control out of the keyboard's reach, and the
time taken.

It reads only the page's stable markup (``data-i``/``data-v``, ``<body>``'s ``data-*``, the stored save), so
it measures any commit's build: build it (``git worktree add /tmp/old REF && make -C /tmp/old site``) and pass
``--dist /tmp/old/dist``.

    .venv/bin/python tools/bench/keys.py --seeds 3
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path
from typing import Any

import common
from common import BOOT_TIMEOUT_MS, NO_SNAPSHOT_JS, READY, ROOT, launch_kwargs, log

#: what each game's run plays: names and who plays each seat ("" a person)
GAMES = {
    "banks": (("Anna", "Horus", "Seth"), ("", "easy", "easy")),
    "cape": (("Anna", "Horus"), ("", "easy")),
}
TITLES = {"banks": "Nile", "cape": "Kap"}
#: not moves: shown after them
LAST = ("dialog", "setup")


def load_keyboard() -> Any:
    """tests/browser/keyboard.py, by its path (it imports nothing from the project)."""
    spec = importlib.util.spec_from_file_location("nile_keyboard", ROOT / "tests" / "browser" / "keyboard.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def play_one(kb: Any, browser: Any, url: str, game: str, seed: int, shortcuts: bool = True) -> dict[str, Any]:
    names, kinds = GAMES[game]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.add_init_script(NO_SNAPSHOT_JS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, timeout=BOOT_TIMEOUT_MS)
    page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
    build = page.evaluate("() => document.body.dataset.build || ''")
    player = kb.KeyboardPlayer(page, seed=seed, strict=False, shortcuts=shortcuts)
    started = time.monotonic()
    failure = ""
    try:
        player.start(game, names, kinds)
        player.play()
    except AssertionError as e:  # noted, and the other games still played
        failure = str(e).splitlines()[0][:300]
    seconds = time.monotonic() - started
    context.close()
    return {"game": game, "seed": seed, "build": build, "seconds": round(seconds, 1), "failure": failure,
            "errors": errors[:3], "keys": player.keys, "steps": player.steps,
            "moves": [vars(m) for m in player.moves], "findings": [vars(f) for f in player.findings]}


def table(kb: Any, runs: list[dict[str, Any]]) -> list[str]:
    lines = ["| game | move type | moves | median keys | p90 | max |", "|---|---|---|---|---|---|"]
    for game in GAMES:
        moves = [m for r in runs if r["game"] == game for m in r["moves"]]
        if not moves:
            continue
        by: dict[str, list[int]] = {}
        for m in moves:
            by.setdefault(m["kind"], []).append(m["keys"])
        every = [k for kind, keys in by.items() if kind not in LAST for k in keys]
        order = sorted((k for k in by if k not in LAST), key=lambda k: -len(by[k])) + [k for k in LAST if k in by]
        for kind in ["all moves", *order]:
            s = kb.summary(every if kind == "all moves" else by[kind])
            lines.append(f"| {TITLES[game]} | {kind} | {s['count']} | {s['median']} | {s['p90']} | {s['max']} |")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=3, help="games of each game, with the seeds 1..N (default 3)")
    ap.add_argument("--games", default="banks,cape", help="comma-separated: banks (Nile), cape (Kap)")
    ap.add_argument("--dist", default=str(common.DIST), help="the built site to measure (default dist/)")
    ap.add_argument("--json", metavar="FILE", help="also write every move and finding to FILE")
    ap.add_argument("--no-shortcuts", action="store_true",
                    help="reach every control by Tab and the arrows, never by its own key (E, U)")
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    common.DIST = Path(args.dist).resolve()
    if not (common.DIST / "index.html").exists():
        raise SystemExit(f"{common.DIST}/index.html is missing: run `make site` first")
    kb = load_keyboard()
    from playwright.sync_api import sync_playwright

    wall = time.monotonic()
    served = common.Served()
    runs: list[dict[str, Any]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(**{k: v for k, v in launch_kwargs().items() if k != "viewport"})
            for seed in range(1, args.seeds + 1):
                for game in games:
                    log(f"keys: {TITLES[game]}, seed {seed} ...")
                    r = play_one(kb, browser, served.url, game, seed, not args.no_shortcuts)
                    log(f"  {r['seconds']} s, {r['keys']} keys, {r['steps']} steps" + (f", FAILED: {r['failure']}" if r["failure"] else ""))
                    runs.append(r)
            browser.close()
    finally:
        served.close()
    total = time.monotonic() - wall
    how = "Tab and arrows only" if args.no_shortcuts else "controls' own keys (E, U) used"
    out = [f"# Keys per move, keyboard alone (build {runs[0]['build'] if runs else '?'}, {common.DIST}, seeds 1..{args.seeds}; {how})", ""]
    out += table(kb, runs)
    out += ["", "| game | seed | seconds | keys | steps | focus lost | focus outside a dialog | focus on the head line | unreachable | failed |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        n = {kind: sum(1 for f in r["findings"] if f["kind"] == kind) for kind in
             ("focus lost", "focus outside the dialog", "focus on the head line", "unreachable")}
        out.append(f"| {TITLES[r['game']]} | {r['seed']} | {r['seconds']} | {r['keys']} | {r['steps']} | {n['focus lost']} | "
                   f"{n['focus outside the dialog']} | {n['focus on the head line']} | {n['unreachable']} | "
                   f"{r['failure'] or r['errors'] or ''} |")
    shown = [(r, f) for r in runs for f in r["findings"] if f["kind"] != "focus on the head line"]
    if shown:
        out += ["", "Findings (step: what, where; when):"]
        out += [f"- {TITLES[r['game']]} seed {r['seed']} step {f['step']}: {f['kind']}, {f['where']}; {f['context']}"
                for r, f in shown[:60]]
        if len(shown) > 60:
            out.append(f"- … and {len(shown) - 60} more")
    out += ["", f"Total time {total:.0f} s"]
    print("\n".join(out))
    if args.json:
        Path(args.json).write_text(json.dumps(runs, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
