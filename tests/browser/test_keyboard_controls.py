"""Controls a person reaches and uses with the keyboard alone (issue 43, "a whole game without sight"): the
head line menu's selects (the bots' speed, the language) answer the arrow keys without closing the menu or
dropping the keyboard, and home's "Import a saved game" and "Restore a backup" are Tab stops that open the
file chooser with Enter or Space, their focus shown on their label."""

from __future__ import annotations

import time

from playwright.sync_api import FileChooser, Page, expect

from .ui import click, head_control, intent, renders, start_game, wait_renders_after

#: JS: what has the keyboard: its data-i (or tag and id), and whether the head line's menu is open
WHERE = """() => { const el = document.activeElement;
  return {i: el.getAttribute('data-i') || el.tagName + '#' + el.id, open: !!document.querySelector('.status .more.open')}; }"""


def _arrow(page: Page, key: str = "ArrowDown") -> None:
    before = renders(page)
    page.keyboard.press(key)
    wait_renders_after(page, before)


def test_the_menus_selects_answer_the_arrow_keys_and_keep_the_menu_and_the_keyboard(app: Page) -> None:
    """Chromium changes a closed select at each arrow key: the first one closed the menu and the keyboard fell
    to the page, so a keyboard could never reach the third speed."""
    page = app
    page.set_viewport_size({"width": 1280, "height": 800})  # the speed and the language are behind the menu
    start_game(page, names=("Anna", "Bastet", "Horus"), kinds=("", "easy", "easy"))
    if head_control(page, "bot-speed").input_value() != "normal":  # an earlier test left another speed (the page is shared)
        head_control(page, "bot-speed").select_option("normal")
    if page.locator(".status .more.open").count():
        before = renders(page)
        page.keyboard.press("Escape")
        wait_renders_after(page, before)
    toggle = page.locator(".status " + intent("menu"))
    expect(toggle).to_be_visible()
    toggle.focus()
    _arrow(page, "Enter")
    assert page.evaluate(WHERE) == {"i": "menu", "open": True}
    speed = page.locator(".status " + intent("bot-speed"))
    while page.evaluate(WHERE)["i"] != "bot-speed":  # Tab through the menu, as a person would
        page.keyboard.press("Tab")
        assert page.evaluate(WHERE)["open"]
    first = speed.input_value()
    assert first == "normal"
    seen = [first]
    for key in ("ArrowUp", "ArrowDown", "ArrowDown"):
        _arrow(page, key)
        assert page.evaluate(WHERE) == {"i": "bot-speed", "open": True}, key
        seen.append(speed.input_value())
    assert seen == ["normal", "slow", "normal", "fast"], seen  # each key chose a speed, the menu still there
    lang = page.locator(".status " + intent("lang"))
    while page.evaluate(WHERE)["i"] != "lang":
        page.keyboard.press("Tab")
        assert page.evaluate(WHERE)["open"]
    try:
        _arrow(page)
        assert page.evaluate(WHERE) == {"i": "lang", "open": True}
        assert lang.input_value() != "en" and page.locator("html").get_attribute("lang") == lang.input_value()
        _arrow(page, "ArrowUp")
        assert page.evaluate(WHERE) == {"i": "lang", "open": True} and lang.input_value() == "en"
        page.keyboard.press("Escape")  # and Escape still closes it
        expect(page.locator(".status .more.open")).to_have_count(0)
    finally:
        for name, value in (("lang", "en"), ("bot-speed", first)):
            if head_control(page, name).input_value() != value:
                head_control(page, name).select_option(value)
        click(page, page.locator(".status " + intent("home")).first)


def test_import_and_restore_are_tab_stops_that_open_the_file_chooser(app: Page) -> None:
    """They were labels of hidden file inputs: Tab went past them and no key opened the chooser."""
    page = app
    # One listener for the whole test: Playwright turns Chromium's file chooser interception on when a
    # listener is added and off when the last goes, without waiting for it, so with expect_file_chooser
    # around each key a chooser now and then opened while interception was off and no event came (3 of
    # 12 runs under load, one of them a CI run on 2 cores; none of 64 with the listener kept).
    choosers: list[FileChooser] = []

    def keep(chooser: FileChooser) -> None:
        choosers.append(chooser)

    page.on("filechooser", keep)
    try:
        for ident in ("import-file", "restore-file"):
            page.locator("body").focus()
            for _ in range(60):
                page.keyboard.press("Tab")
                if page.evaluate("() => document.activeElement.id") == ident:
                    break
            else:
                raise AssertionError(f"Tab never reached #{ident}")
            label = page.locator(f"label:has(> #{ident})")
            ring = label.evaluate("(el) => getComputedStyle(el).outlineStyle")
            assert ring == "solid", (ident, ring)  # the keyboard's focus shown on what is seen: the label
            name = page.evaluate("() => document.activeElement.labels[0].textContent")
            assert name in ("Import a saved game", "Restore a backup"), name
            for key in ("Enter", " "):
                asked = len(choosers)
                page.keyboard.press(key)
                deadline = time.monotonic() + 5
                while len(choosers) == asked and time.monotonic() < deadline:
                    page.wait_for_timeout(20)
                assert len(choosers) == asked + 1, (ident, key, "no file chooser opened")
                assert choosers[-1].element.get_attribute("id") == ident
                choosers[-1].set_files([])  # the chooser answered (no file: nothing imported), as a person cancelling it
    finally:
        page.remove_listener("filechooser", keep)
