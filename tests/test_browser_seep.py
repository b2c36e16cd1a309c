"""Seep played in real Chromium through the UI by four people around one device."""

import json
import random
import re

import pytest
from playwright.sync_api import expect

from cardtable.record import new_game, replay
from conftest import (take_device, export_and_replay, current_record, dom_cards, reload_and_resume, screenshot,
                      start_from_form)
from seep_checks import seep_shown
from csp import csp_violations, watch_csp
from test_browser_screens import text_size

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.seep")

NAMES = ("Ana", "Ben", "Chloé", "Dev")




SIZES = {"360x740": (360, 740), "740x360": (740, 360), "1280x800": (1280, 800)}
# The people's whole hand is played sideways, the tightest fit; upright and on a desktop the bid and
# the first eight plays (every seat, the hand-offs, composing) are checked there, and the rest of a
# hand is the same screens with more cards on the floor: test_browser_seep_floor checks the largest
# floors at every size, and the hand against computers is played whole upright (320×640, 200% text).
WHOLE_HAND_SIZE = "740x360"
OPENING_PLAYS = 8
# The hand against computers (no hand-offs: a shorter game) is played on the smallest phone and on a
# phone with the browser's text at 200% (one whole hand each serves every check there; 740×360 is the
# people's whole hand above, and 1280×800 at 200% is test_browser_seep_floor's).
COMPUTER_SIZES = {"320x640": (320, 640), "360x740-text200": (360, 740)}

# Where every control of the person's turn is, and how wide the page is: one evaluation per check.
FIT = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const box = e => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top),
                                                                  Math.round(r.right), Math.round(r.bottom)]; };
  const name = e => e.dataset.key || e.dataset.act || e.className;
  const out = {off: [], small: [], controls: 0, scrollWidth: document.documentElement.scrollWidth, width: vw};
  const needed = '.seep-dock .hand-cards .card, .seep-dock .move-panel button, .seep-dock .bid-panel button';
  for (const e of document.querySelectorAll(needed)) {
    const r = e.getBoundingClientRect();
    out.controls++;
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) out.off.push([name(e), box(e)]);
  }
  for (const e of document.querySelectorAll('.seep button')) {
    const r = e.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) out.small.push([name(e), box(e)]);
  }
  return out;
}"""


SUMMARY_FITS = """() => {
  const d = document.querySelector('.hand-summary .dialog');
  const cells = [...d.querySelectorAll('th, td')].filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent);
  return {dialog: d.scrollWidth <= d.clientWidth, page: document.documentElement.scrollWidth <= innerWidth, cells};
}"""
FITTING = {"dialog": True, "page": True, "cells": []}


def check_fits(page, what: str) -> dict:
    """The hand and the panel of this turn are wholly in the viewport, every button of the table is
    at least 44 x 44 CSS px, and the page is no wider than the viewport."""
    fit = page.evaluate(FIT)
    assert fit["scrollWidth"] <= fit["width"], (what, fit)
    if what != "handoff":
        assert fit["controls"] >= 1 and fit["off"] == [], (what, fit["off"])
        assert fit["small"] == [], (what, fit["small"])
    return fit



def fit_checker(prefix: str, checks: list, shots: set):
    """``check(page, what)`` for ``take_turn``: the hand and panel fit (``check_fits``); one
    screenshot ``PREFIX-WHAT`` per kind of step, and one more if the check fails."""
    def check(page, what):
        checks.append(what)
        try:
            check_fits(page, what)
        except AssertionError:
            screenshot(page, f"{prefix}-{what}-failed")
            raise
        if what not in shots:
            shots.add(what)
            screenshot(page, f"{prefix}-{what}")
    return check

def last_two_views(page, viewer):
    """The viewer's view now, and a view of the position before the last action (for what a
    capture took)."""
    record = current_record(page)
    view = replay(record).view(viewer)
    before = None
    if record["actions"]:
        before = replay({**record, "actions": record["actions"][:-1]}).view(viewer)
    return view, before


def check_privacy(page) -> str:
    """At a hand-off no card at all; at a turn only what the engine lets that seat see (and the
    cards of the last play, marked on the table)."""
    if page.locator("html[data-screen=handoff]").count():
        assert dom_cards(page) == []
        assert " of spades" not in page.locator("#app").inner_html()
        return "handoff"
    viewer = page.get_attribute(".table", "data-viewer")
    view, before = last_two_views(page, viewer)
    shown = set(dom_cards(page))
    allowed = seep_shown(view, before)
    assert shown <= allowed, shown - allowed
    assert set(view["hand"]) <= shown
    return viewer


def start_game(page, url, seed, preset=None, kinds=()):
    selects = {"#ng-preset": preset}
    selects.update({f"#ng-kind-{i}": k for i, k in kinds})
    start_from_form(page, url, "seep", seed, NAMES, selects)


def take_turn(page, check=lambda page, what: None) -> str:
    """Whoever is shown acts: tap through a hand-off, bid, or pick cards until a move is offered.
    ``check(page, what)`` runs on the screen just before the tap that acts."""
    if page.locator("html[data-screen=handoff]").count():
        check(page, "handoff")
        take_device(page)
        return "ready"
    if page.locator(".bid-panel").count():
        check(page, "bid")
        page.locator('.bid-panel [data-act^="move:"]').first.click()
        return "bid"
    n = page.locator(".hand-cards button.card").count()
    for i in range(n):
        page.locator(".hand-cards button.card").nth(i).click()
        if page.locator(".move-panel .btn.offer").count():
            check(page, "compose")
            page.locator(".move-panel .btn.offer").first.click()
            return "play"
    raise AssertionError("no card of the hand was offered a move")


def ready(page):
    if page.locator("html[data-screen=handoff]").count():
        take_device(page)


def do_move(page, action: str) -> None:
    """Compose ``action`` by touch: the hand card, then its floor cards or house, then the offer."""
    ready(page)
    w = action.split()
    if w[0] in ("build", "cement", "raise"):
        card, house, loose = w[2], (int(w[1]) if w[0] != "build" else None), w[3:]
    else:
        card, house, loose = w[1], None, w[2:]
    page.click(f'.hand-cards [data-card="{card}"]')
    if house is not None:
        page.click(f'.floor [data-act="ui:house:{house}"]')
    for c in loose:
        page.click(f'.floor .loose-cards [data-card="{c}"]')
    page.click(f'.move-panel [data-key="do:{action}"]')
    assert current_record(page)["actions"][-1] == action


@pytest.mark.parametrize("size", SIZES)
def test_a_whole_hand_of_four_people_fits_the_screen_and_matches_replay_of_the_export(watched_page, site, tmp_path, size):
    """...on a phone on its side (the whole hand), and a phone and a desktop (the bid and the first plays):
    on every turn the whole hand and the panel are in view and no card of another seat is in the page; played under the page's
    Content-Security-Policy, which must see no violation."""
    page = watched_page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    watch_csp(page)
    start_game(page, site.url, seed=2024)
    seen, handoffs, shots, checks = set(), 0, set(), []

    check = fit_checker(f"seep-{size}", checks, shots)

    whole = size == WHOLE_HAND_SIZE
    for _ in range(300):
        if page.locator(".hand-summary").count() or (not whole and checks.count("compose") >= OPENING_PLAYS):
            break
        who = check_privacy(page)
        handoffs += who == "handoff"
        seen.add(who)
        take_turn(page, check)
    if not whole:
        assert {"p0", "p1", "p2", "p3", "handoff"} <= seen and checks.count("bid") == 1
        page.watch.assert_clean()
        assert csp_violations(page) == []
        return
    assert page.locator(".hand-summary").count() == 1
    assert {"p0", "p1", "p2", "p3", "handoff"} <= seen and handoffs >= 40
    assert checks.count("compose") == 48 and checks.count("bid") == 1
    # the end-of-hand summary fits the screen: no sideways scroll hides the hand's score
    assert page.evaluate(SUMMARY_FITS) == FITTING
    screenshot(page, f"seep-{size}-hand-summary")
    shown = {row.get_attribute("data-team"): int(row.locator("td.pts").inner_text())
             for row in page.locator(".hand-summary table.summary tbody tr").all()}
    record, result = export_and_replay(page, tmp_path)
    assert len(result["hands"]) == 1
    assert shown == result["hands"][0]["score"]
    totals = page.locator(".hand-summary .totals-line").inner_text()
    assert f"Team A {result['totals']['p0p2']}" in totals and f"Team B {result['totals']['p1p3']}" in totals
    left = result["hands"][0]["leftover"]
    if left["cards"]:
        assert "went to Team " + {"p0p2": "A", "p1p3": "B"}[left["team"]] in page.locator(".hand-summary").inner_text()
    page.click('.hand-summary [data-act="next-hand"]')
    assert page.locator(".hand-summary").count() == 0
    ready(page)
    # Scores and Log open over the table, fit the screen, and close with their button
    page.click('[data-act="ui:panel:sheet"]')
    sheet = page.locator(".panel.sheet")
    assert sheet.locator("tbody tr").count() == 1
    # the sheet rises from the bottom: measure it once it has arrived
    page.evaluate("Promise.all(document.querySelector('.panel.sheet').getAnimations({subtree: true})"
                  ".map(a => a.finished)).then(() => true)")
    assert page.evaluate("(() => { const s = document.querySelector('.panel.sheet'); const r = s.getBoundingClientRect();"
                         " return s.scrollWidth <= s.clientWidth && r.top >= 0 && r.bottom <= innerHeight + 0.5; })()")
    check_fits(page, "sheet")
    screenshot(page, f"seep-{size}-sheet")
    page.click('.panel.sheet [data-act="ui:panel:sheet"]')
    assert page.locator(".panel.sheet").count() == 0
    # the log tells the hand in words
    page.click('[data-act="ui:panel:log"]')
    log = page.locator(".panel.log").inner_text()
    assert "bids" in log and "Hand over: Team A" in log
    check_fits(page, "log")
    screenshot(page, f"seep-{size}-log")
    page.watch.assert_clean()
    assert csp_violations(page) == []


FAST = "localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast'}));"
PERSON_OR_SUMMARY = "() => !!(document.querySelector('.hand-summary') || document.querySelector('.seep.my-turn'))"


@pytest.mark.parametrize("size", COMPUTER_SIZES)
def test_a_whole_hand_against_three_computers_fits_the_screen(watched_page, site, size):
    """One person, three computers, at each size: on each of the person's turns the hand and the
    panel are in view, only the person's cards and the table are in the page, and the computer's
    play just before is marked on the table."""
    page = watched_page
    w, h = COMPUTER_SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    if size.endswith("-text200"):
        text_size(page, 200)   # the browser's text size at 200%
    page.add_init_script(FAST)  # shorter pauses before the computers' moves: the test only waits for them
    start_game(page, site.url, seed=77, kinds=[(1, "casual"), (2, "casual"), (3, "casual")])
    turns, marked = 0, 0
    for _ in range(60):
        page.wait_for_function(PERSON_OR_SUMMARY, timeout=60_000)
        if page.locator(".hand-summary").count():
            break
        assert page.locator("html[data-screen=handoff]").count() == 0   # one person: never a hand-off
        assert check_privacy(page) == "p0"
        record = current_record(page)
        last = record["actions"][-1] if record["actions"] else ""
        if last.split()[:1] and last.split()[0] in ("throw", "capture", "build", "raise", "cement"):
            # the computer's play is seen: outlined on the floor, or shown with what it took
            assert page.locator(".floor .just").count() >= 1, last
            marked += 1
        turns += 1
        take_turn(page, lambda page, what: check_fits(page, what))
        if turns == 3:
            screenshot(page, f"seep-{size}-computers-watching")   # a computer is thinking
    assert page.locator(".hand-summary").count() == 1
    assert turns >= 12 and marked >= 10
    actions = current_record(page)["actions"]
    assert len([a for a in actions if a.split()[0] not in ("bid", "redeal")]) == 48
    assert page.evaluate(SUMMARY_FITS) == FITTING
    screenshot(page, f"seep-{size}-computers-hand-summary")
    page.watch.assert_clean()


def test_build_raise_cement_capture_by_touch_and_an_illegal_attempt(watched_page, site):
    page = watched_page
    start_game(page, site.url, seed=5)
    ready(page)
    # the bid: only values the bidder holds are offered
    bids = page.eval_on_selector_all('.bid-panel [data-act^="move:bid"]', "els => els.map(e => e.dataset.act)")
    view = replay(current_record(page)).view(page.get_attribute(".table", "data-viewer"))
    assert sorted(bids) == sorted(f"move:{a}" for a in view["legal"])
    page.click('[data-act="move:bid 10"]')
    # the first play: 2C alone may build (offered), but may not be thrown (refused, with the rule)
    page.click('.hand-cards [data-card="2C"]')
    assert page.locator('.move-panel [data-key="do:build 10 2C AS 7C"]').count() == 1
    assert page.locator('.move-panel [data-key="do:throw 2C"]').count() == 0
    assert ("your first play must build a 10-house, capture with a 10 or throw a 10"
            in page.locator(".move-panel .refused").inner_text())
    page.click('[data-act="ui:clear"]')
    do_move(page, "build 10 2C AS 7C")
    ready(page)
    house = page.locator('.floor .house[data-house="10"]')
    assert "10" in house.locator(".house-value").inner_text() and "ordinary" in house.inner_text().lower()
    assert "Ben" in house.locator(".house-owners").inner_text()
    # the play is seen by the next player: the new house outlined, labelled and named in words
    assert "just" in house.get_attribute("class").split()
    expect(house).to_have_accessible_name(re.compile(r"^10-house, ordinary, owned by Ben, just built by Ben$"))
    assert house.locator(".just-tag").inner_text().lower() == "just built"
    assert house.locator(".card.just").get_attribute("data-card") == "2C"
    assert page.locator(".floor .last-log").inner_text() == "Ben builds a 10-house: 2♣ on A♠ 7♣"
    # it flashes for a moment, unless the system asks for reduced motion (the outline stays)
    style = "el => [getComputedStyle(el).animationName, getComputedStyle(el).outlineStyle]"
    assert house.evaluate(style) == ["seep-just", "dashed"]
    page.emulate_media(reduced_motion="reduce")
    assert house.evaluate(style) == ["none", "dashed"]
    page.emulate_media(reduced_motion="no-preference")
    do_move(page, "raise 10 2D")
    ready(page)
    house = page.locator('.floor .house[data-house="12"]')
    assert house.count() == 1 and page.locator('.floor .house[data-house="10"]').count() == 0
    assert house.locator(".house-owners").inner_text() == "Chloé"
    do_move(page, "cement 12 AH 5S 6C")
    ready(page)
    house = page.locator('.floor .house[data-house="12"]')
    assert "cemented" in house.locator(".house-kind").inner_text().lower()
    assert house.locator(".house-owners").inner_text() == "Chloé and Dev"
    assert set(house.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")) == {
        "2C", "AS", "7C", "2D", "AH", "5S", "6C"}
    screenshot(page, "seep-cemented-house")
    # a cemented house cannot be raised: said in the rules' words
    viewer = page.get_attribute(".table", "data-viewer")
    game = replay(current_record(page))
    small = next((c for c in game.view(viewer)["hand"] if game.check(f"raise 12 {c}")), None)
    if small:
        page.click(f'.hand-cards [data-card="{small}"]')
        page.click('.floor [data-act="ui:house:12"]')
        assert game.check(f"raise 12 {small}") in page.locator(".move-panel .refused").inner_text()
        page.click('[data-act="ui:clear"]')
    do_move(page, "capture QD")
    ready(page)
    assert page.locator(".floor .house").count() == 0
    assert "captures the 12-house with Q♦" in page.locator(".floor .last-log").inner_text()
    # the capture is seen: the card played and the whole house it took, over the floor
    last = page.locator(".floor .last-play")
    assert last.locator(".card.just").get_attribute("data-card") == "QD"
    assert set(last.locator(".card.taken").evaluate_all("els => els.map(e => e.dataset.card)")) == {
        "2C", "AS", "7C", "2D", "AH", "5S", "6C"}
    # the illegal throw of a card that can capture, wherever it first comes up
    for _ in range(60):
        ready(page)
        viewer = page.get_attribute(".table", "data-viewer")
        game = replay(current_record(page))
        bad = next((c for c in game.view(viewer)["hand"] if "cannot be thrown" in (game.check(f"throw {c}") or "")), None)
        if bad:
            page.click(f'.hand-cards [data-card="{bad}"]')
            why = page.locator(".move-panel .refused").inner_text()
            assert "that can capture cannot be thrown" in why
            assert page.locator(f'.move-panel [data-key="do:throw {bad}"]').count() == 0
            screenshot(page, "seep-illegal-throw")
            break
        take_turn(page)
    else:
        pytest.fail("no chance to try an illegal throw")
    # reload mid-hand: the same position comes back, behind a hand-off
    page.click('[data-act="ui:clear"]')
    reload_and_resume(page)
    check_privacy(page)
    page.watch.assert_clean()


EVERY_SIZE = {"320x640": (320, 640), "360x740": (360, 740), "390x844": (390, 844), "412x915": (412, 915),
              "740x360": (740, 360), "1280x800": (1280, 800)}
HOSTILE = ['<b class="pwn">Ana</b>', "Ben", "<i class='pwn'>C</i>", "Dev & <script>"]


def test_table_screenshots_and_keyboard_play(page, site, tmp_path):
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, site.url, seed=5)
    page.wait_for_selector('[data-act="ready"]:not([disabled])')  # it ignores taps for a moment
    page.wait_for_function("() => document.activeElement && document.activeElement.dataset.act === 'ready'")
    page.keyboard.press("Enter")  # the hand-off button has the focus
    first = page.locator(".hand-cards button.card").first
    assert " of " in first.get_attribute("aria-label")
    page.focus('[data-act="move:bid 10"]')
    assert page.get_attribute('[data-act="move:bid 10"]', "aria-label") is None
    assert page.locator('[data-act="move:bid 10"]').inner_text().split() == ["Bid", "10"]
    page.keyboard.press("Enter")
    assert current_record(page)["actions"] == ["bid 10"]
    # compose the first play with the keyboard alone (a card drawn under the Start button's tap ignores
    # keys and taps for a moment: web/morph.js's tap guard)
    for card in ('.hand-cards [data-card="2C"]', '.floor [data-card="AS"]', '.floor [data-card="7C"]'):
        page.wait_for_selector(card + ":not([disabled])")
        page.focus(card)
        page.keyboard.press("Enter")
        page.wait_for_selector(card + '[aria-pressed="true"]')
    # the hand and the move panel are in view at every size, on a phone held either way
    for name, (width, height) in EVERY_SIZE.items():
        page.set_viewport_size({"width": width, "height": height})
        check_fits(page, "compose")
        screenshot(page, f"seep-{name}-compose-build")
    page.set_viewport_size({"width": 360, "height": 740})
    page.focus('.move-panel [data-key="do:build 10 2C AS 7C"]')
    page.keyboard.press("Enter")
    assert current_record(page)["actions"][-1] == "build 10 2C AS 7C"
    for action in ("raise 10 2D", "cement 12 AH 5S 6C"):
        do_move(page, action)
    ready(page)
    page.click('.hand-cards [data-card="QD"]')
    page.click('.floor [data-act="ui:house:12"]')
    for name, (width, height) in EVERY_SIZE.items():
        page.set_viewport_size({"width": width, "height": height})
        check_fits(page, "compose")
        screenshot(page, f"seep-{name}-table")
    # a game that is over, imported, its players named with markup: the names stay text
    game = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "players": HOSTILE, "actions": [],
                     "options": {"preset": "sweep-seed", "target": 100}})
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "over.json"
    path.write_text(json.dumps(game.to_record(), ensure_ascii=False))
    page.set_viewport_size({"width": 360, "height": 740})
    page.click('[data-act="nav:home"]')
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector(".game-over")
    assert page.locator("#app .pwn").count() == 0 and page.locator("#app script").count() == 0
    text = page.locator(".game-over").inner_text()
    assert "wins!" in text and ("<b class=\"pwn\">Ana</b>" in text or "Dev & <script>" in text)
    assert "\U0001F3C6" not in text
    for name, (width, height) in EVERY_SIZE.items():
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        screenshot(page, f"seep-{name}-game-over")
    page.click('.game-over [data-act="nav:home"]')


def test_a_redeal_on_a_phone_is_told_once(page, site):
    """Deal 3: the first bidder holds no card of 9 or more, shows the four and the cards are dealt again."""
    page.set_viewport_size({"width": 360, "height": 740})
    start_game(page, site.url, seed=3)
    ready(page)
    assert page.locator(".redeal-panel").count() == 1
    assert page.locator("#app").inner_text().lower().count("no card of 9 or more") == 1
    check_fits(page, "bid")
    screenshot(page, "seep-360x740-redeal")
    page.click('[data-act="move:redeal"]')
    ready(page)
    check_privacy(page)
    text = page.locator("#app").inner_text().lower()
    assert text.count("no card of 9 or more") == 1, text
    assert page.locator(".redeal-note .shown [data-card]").count() == 4
    if page.locator(".bid-panel").count():
        check_fits(page, "bid")
    screenshot(page, "seep-360x740-after-redeal")
