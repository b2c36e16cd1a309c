"""Keyboard and screen reader in real Chromium (issue #13).

* axe-core (npm, test-only: node_modules/axe-core, never in dist/) runs on every screen -- home,
  rules, new game, joining a table and the host's codes for other devices, both tables in each phase, the Seep move list, the hand-off, every dialog and
  sheet -- and no violation of impact serious or critical is allowed.  The positions are made in
  CPython (random legal moves) and opened with *Import*, so one page visits them all quickly.
* A whole hand of each game is played against computers (fast pace) with the keyboard alone:
  the focus is checked after each move and the live region's sentences are read.
* An open dialog keeps the focus: Tab and Shift+Tab never leave it, and the page behind is inert.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from conftest import take_the_table, ROOT, screenshot, wait_ready
from cardtable.record import new_game

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.dummy_spades")

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FAST = "try { localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast'})) } catch (e) {}"
NAMES = {"dummy-spades": ["Ana", "Ben", "Chloé"], "seep": ["Ana", "Ben", "Chloé", "Dev"]}

ACTIVE = """() => { const a = document.activeElement;
    return a ? {tag: a.tagName, key: a.dataset.key || '', act: a.dataset.act || '', card: a.dataset.card || '',
                playable: a.classList.contains('playable') && a.getAttribute('aria-disabled') !== 'true',
                inDialog: !!a.closest('[aria-modal="true"]'), inRoving: !!a.closest('[data-roving]'),
                inHand: !!a.closest('.my-hand'),
                body: a === document.body} : null; }"""


@pytest.fixture()
def fast_page(watched_page):
    """A page whose speed setting is "fast", so computer players do not keep the test waiting."""
    assert AXE.is_file(), "axe-core is not installed: run npm ci (make test does)"
    watched_page.add_init_script(FAST)
    return watched_page


def phone_at_home(page, site) -> "Axe":
    """``page`` on a 360×740 phone at the app's home (its speed "fast"), and an axe-core runner for it."""
    assert AXE.is_file(), "axe-core is not installed: run npm ci (make test does)"
    page.add_init_script(FAST)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site.url)
    wait_ready(page)
    return Axe(page)


class Axe:
    """Runs axe-core in the page at each stop of a tour and keeps every serious or critical violation."""

    def __init__(self, page):
        self.page = page
        self.stops: list[str] = []
        self.problems: list[tuple[str, dict]] = []

    def __call__(self, where: str) -> None:
        page = self.page
        if not page.evaluate("typeof window.axe !== 'undefined'"):
            page.evaluate(AXE.read_text())   # run through the debugger, so the page's CSP allows it
        found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => ({id: v.id, impact: v.impact, help: v.help,
                        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
        self.stops.append(where)
        self.problems += [(where, v) for v in found if v["impact"] in ("serious", "critical")]


def record_at(game_name: str, seed: int, options: dict, stop) -> dict:
    """A game record after random legal moves, up to the first position where ``stop(game)`` holds."""
    rec = {"format": "cardtable/1", "game": game_name, "options": options, "players": NAMES[game_name],
           "seed": seed, "actions": []}
    game = new_game(rec)
    rng = random.Random(seed)
    while not stop(game):
        assert not game.over
        game.apply(rng.choice(game.legal_actions()))
    out = game.to_record()
    out["controllers"] = {s: "human" for s in game.seats}
    return out


def last_move_of_hand(game_name: str, seed: int, options: dict) -> dict:
    """A record one move before the first hand ends."""
    rec = record_at(game_name, seed, options, lambda g: len(g.view(g.seats[0])["history"]) > 0)
    rec["actions"] = rec["actions"][:-1]
    return rec


def open_record(page, rec: dict) -> None:
    """Import ``rec`` from the home screen, then take the device at the hand-off."""
    page.evaluate("location.hash = '#home'")
    page.wait_for_selector("#import-file", state="attached")
    data = json.dumps(rec).encode()
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("html[data-screen=handoff]")


def assert_focus_kept_in_dialog(page, presses: int = 12) -> None:
    for key in ["Tab"] * presses + ["Shift+Tab"] * presses:
        page.keyboard.press(key)
        now = page.evaluate(ACTIVE)
        assert now["inDialog"], (key, now)
    # everything behind the dialog is inert
    assert page.evaluate("""() => { const d = document.querySelector('[aria-modal="true"]');
        return [...document.querySelectorAll('#app button')].filter(b => !d.contains(b)).every(b => !!b.closest('[inert]')); }""")


def test_axe_on_every_screen_and_dialogs_keep_the_focus(fast_page, site):
    page = fast_page
    page.set_viewport_size({"width": 360, "height": 740})
    axe = Axe(page)
    page.goto(site.url)
    wait_ready(page)
    axe("home")
    for game in ("dummy-spades", "seep"):
        page.click(f'[data-act="rules:{game}"]')
        page.wait_for_selector(".rules")   # (the build's pages, fetched once: web/rules-<lang>.json.gz)
        assert page.locator(".shortcuts dt").count() >= 8   # the keyboard controls are listed
        axe(f"rules {game}")
        page.click('[data-act="nav:home"]')
        page.click(f'[data-act="new:{game}"]')
        axe(f"new game {game}")
        page.click('[data-act="nav:home"]')
    # the screens of the help issue: settings, statistics, and a file opened for review
    page.click('[data-act="nav:settings"]')
    page.wait_for_selector("html[data-screen=settings]")
    assert page.locator("h1").count() == 1
    axe("settings")
    page.click('[data-act="nav:home"]')
    page.click('[data-act="stats"]')
    page.wait_for_selector("html[data-screen=stats]")
    assert page.locator("h1").count() == 1
    axe("statistics")
    page.click('[data-act="nav:home"]')
    # the screens of a table across devices: joining (and a code that is not one), and the host's codes
    page.click('[data-act="join"]')
    page.wait_for_selector("#join-code")
    assert page.locator("h1").count() == 1
    axe("join a table")
    page.fill("#join-code", "<b>not a code</b>")
    page.click('[data-act="remote-join-read"]')
    page.wait_for_selector(".error[role=alert]")
    axe("join a table: a code that is not one")
    page.click('[data-act="nav:home"]')
    page.click('[data-act="new:seep"]')
    page.select_option("#ng-seats", "2")
    page.select_option("#ng-kind-1", "remote")
    page.click('[data-act="start"]')
    page.wait_for_selector('.remote-seat[data-seat="p1"] .remote-status[data-status="shown"]')
    assert page.locator("h1").count() == 1
    axe("players on other devices")
    page.evaluate("location.hash = '#home'")
    page.wait_for_selector("html[data-screen=home]")
    page.wait_for_selector("#review-file", state="attached")
    # a file of a game in play is reviewed up to the end of its last finished hand (#46)
    rec = record_at("dummy-spades", 5, {}, lambda g: len(g.history) >= 1)
    page.set_input_files("#review-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(rec).encode()}])
    page.wait_for_selector("html[data-screen=review]")
    assert page.locator("h1").count() == 1
    axe("review")
    page.click('[data-act="nav:home"]')
    page.wait_for_selector("html[data-screen=home]")

    # ---- Dummy Spades: peek, bidding, play, sheets, the end of a hand --------------------------
    rec = record_at("dummy-spades", 5, {"variant": "three-peeky"}, lambda g: True)
    open_record(page, rec)
    page.wait_for_selector('[data-act="ready"]:not([disabled])')
    assert page.locator("h1").count() == 1
    axe("hand-off")
    take_the_table(page)
    assert page.locator("h1").count() == 1
    axe("spades peek")
    for i in (1, 2, 3):
        page.click(f'[data-act="ui:slot:{i}"]')
    # choosing the third slot makes the confirm button ready: it takes the focus
    assert page.evaluate(ACTIVE)["key"] == "confirm-slots"
    page.keyboard.press("Enter")
    page.wait_for_selector(".reveal-panel")
    axe("spades peek: the cards seen")

    rec = record_at("dummy-spades", 6, {}, lambda g: True)
    open_record(page, rec)
    take_the_table(page)
    axe("spades bidding")
    page.keyboard.press("4")            # the digit chooses the bid...
    assert page.get_attribute('[data-key="bid:4"]', "aria-pressed") == "true"
    assert page.evaluate(ACTIVE)["key"] == "confirm-bid"   # ...and the focus goes to "Bid 4"

    rec = record_at("dummy-spades", 7, {"variant": "flip-2"},
                    lambda g: g.view(g.seats[0])["phase"] == "flip")
    open_record(page, rec)
    take_the_table(page)
    axe("spades flip")

    rec = record_at("dummy-spades", 8, {}, lambda g: len(g.view(g.seats[0])["tricks"]) >= 1
                    and g.view(g.seats[0])["trick"] and len(g.view(g.seats[0])["trick"]["plays"]) == 2)
    open_record(page, rec)
    take_the_table(page)
    axe("spades play")
    for key, kind in (("s", "sheet"), ("l", "log"), ("t", "last")):
        opener = {"sheet": "sheet", "log": "log", "last": "last"}[kind]
        page.focus(f'[data-key="{opener}"]')
        page.keyboard.press(key)                       # the shortcut opens the sheet
        page.wait_for_selector(f".sheet-panel.{kind}")
        assert page.evaluate(ACTIVE)["inDialog"]      # the focus went in
        axe(f"spades sheet {kind}")
        assert_focus_kept_in_dialog(page, 6)
        page.keyboard.press("Escape")                  # Escape closes it...
        page.wait_for_selector(".sheet-overlay", state="detached")
        assert page.evaluate(ACTIVE)["key"] == opener  # ...and the focus is back on its opener
        assert page.locator("[inert]").count() == 0

    rec = last_move_of_hand("dummy-spades", 9, {})
    open_record(page, rec)
    take_the_table(page)
    page.wait_for_selector("button.card.playable")
    assert page.evaluate(ACTIVE)["playable"]          # the focus waits on a card that can be played
    page.keyboard.press("Enter")
    page.wait_for_selector(".table.collecting")
    axe("spades trick won")
    page.keyboard.press("c")                           # collect
    page.wait_for_selector(".hand-summary")
    assert page.evaluate(ACTIVE)["inDialog"]
    axe("spades end of hand")
    assert_focus_kept_in_dialog(page)
    page.keyboard.press("Escape")                      # not a dialog Escape may close
    assert page.locator(".hand-summary").count() == 1
    screenshot(page, "a11y-spades-summary")

    # ---- Seep: bidding, the move list, a refused move, sheets, the end of a hand ------------------
    rec = record_at("seep", 21, {}, lambda g: True)
    open_record(page, rec)
    take_the_table(page)
    axe("seep bidding")

    rec = record_at("seep", 22, {}, lambda g: g.view(g.seats[0])["phase"] == "play"
                    and len(g.view(g.seats[0])["log"]) >= 6)
    open_record(page, rec)
    take_the_table(page)
    axe("seep play")
    # compose: a hand card, then a floor card; the list of moves and refusals is drawn
    page.locator(".hand-cards button.card").first.click()
    if page.locator(".floor-picks button").count():
        page.locator(".floor-picks button").first.click()
    page.wait_for_selector(".move-panel .panel-head")
    axe("seep move list")
    screenshot(page, "a11y-seep-move-list")
    page.keyboard.press("s")
    page.wait_for_selector(".panel.sheet")
    axe("seep sheet sheet")
    assert_focus_kept_in_dialog(page, 4)
    page.keyboard.press("Escape")   # a modal sheet: the table's S behind it is inert
    page.wait_for_selector(".sheet-overlay", state="detached")
    page.keyboard.press("l")
    page.wait_for_selector(".sheet-panel.log")
    axe("seep sheet log")
    assert_focus_kept_in_dialog(page, 4)
    page.keyboard.press("Escape")
    page.wait_for_selector(".sheet-overlay", state="detached")

    rec = last_move_of_hand("seep", 23, {})
    open_record(page, rec)
    take_the_table(page)
    # the one legal move left: the last card, with whatever the table offers for it
    page.locator(".hand-cards button.card").first.click()
    page.locator(".move-panel .offers button").first.click()
    page.wait_for_selector(".hand-summary")
    axe("seep end of hand")

    # ---- home: the import-again and delete questions ------------------------------------------------
    page.evaluate("location.hash = '#home'")
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", files=[{"name": "game.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(rec).encode()}])
    page.wait_for_selector(".import-dup")
    axe("already saved question")
    assert_focus_kept_in_dialog(page, 5)
    page.keyboard.press("Escape")
    page.wait_for_selector(".import-dup", state="detached")
    opener = page.locator('[data-act^="delete:"]').first
    opener_key = opener.get_attribute("data-key")
    opener.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('[aria-modal="true"]')
    axe("delete question")
    assert_focus_kept_in_dialog(page, 4)
    page.keyboard.press("Escape")
    page.wait_for_selector('[aria-modal="true"]', state="detached")
    assert page.evaluate(ACTIVE)["key"] == opener_key

    assert axe.problems == [], "\n".join(f"{where}: {v['id']} ({v['impact']}) {v['help']}: {v['nodes']}"
                                         for where, v in axe.problems)
    assert len(axe.stops) >= 27, axe.stops
    page.watch.assert_clean()


# ---- a whole hand with the keyboard alone ---------------------------------------------------------------
def said(page) -> str:
    return page.evaluate("document.getElementById('announcer').innerText")


def wait_turn_or_summary(page) -> str:
    page.wait_for_function("""() => !!document.querySelector('.hand-summary')
        || (!!document.querySelector('.bid-panel, .slot-panel, .move-panel, .redeal-panel')
            || !!document.querySelector('button.card.playable:not([aria-disabled="true"])'))
           && !document.querySelector('.table.collecting')""", timeout=60_000)
    return "summary" if page.locator(".hand-summary").count() else "turn"


def start_quick_by_keyboard(page, site, game: str, width: int, height: int):
    """Home at that size, then *Play against the computer* for ``game`` by Enter: the table is up."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site.url)
    wait_ready(page)
    page.focus(f'[data-key="quick:{game}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector(".table")
    return page


def test_a_hand_of_dummy_spades_by_keyboard_alone(fast_page, site):
    page = start_quick_by_keyboard(fast_page, site, "dummy-spades", 360, 740)
    plays = 0
    for _ in range(60):
        if wait_turn_or_summary(page) == "summary":
            break
        now = page.evaluate(ACTIVE)
        assert not now["body"], now
        if page.locator(".bid-panel").count():
            assert now["inRoving"], now                 # the focus waits on the bid numbers
            page.keyboard.press("3")
            assert page.evaluate(ACTIVE)["key"] == "confirm-bid"
            page.keyboard.press("Enter")
            page.wait_for_function("() => document.getElementById('announcer').innerText.includes('You bid 3.')")
            continue
        # the focus is on a card that can be played; the arrows move along the hand and back
        assert now["playable"] and now["inRoving"], now
        first = now["card"]
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowLeft")
        back = page.evaluate(ACTIVE)
        assert back["card"] == first or back["inRoving"], back
        if not back["playable"]:
            page.focus(f'[data-card="{first}"]')
        card = page.evaluate(ACTIVE)["card"]
        page.keyboard.press("Enter")
        rank = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}.get(card[0], card[0])
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[card[1]]
        page.wait_for_function(f"() => document.getElementById('announcer').innerText.includes('the {rank} of {suit}')")
        text = said(page)
        assert re.search(rf"You play the {rank} of {suit}( from the dummy)?\.", text), text
        plays += 1
        after = page.evaluate(ACTIVE)
        assert not after["body"], after                # never dropped on the page body
    else:
        pytest.fail("the hand did not end")
    assert plays >= 13
    assert page.evaluate(ACTIVE)["inDialog"]
    text = said(page)
    assert "End of the hand. Points:" in text and re.search(r"(wins|win) the trick, \d+ tricks?\.", text), text
    page.keyboard.press("Enter")                         # "Next hand" has the focus
    page.wait_for_selector(".hand-summary", state="detached")
    page.watch.assert_clean()


YOU_MOVED = "/You (throw|capture|build|raise|cement) /"
# the sentences added to the live region after it runs (the computers' moves that follow a person's,
# sweeps among them, can push the person's own sentence out of the six the region keeps)
HEAR = """() => { window.__heard = []; if (window.__hearing) return;
  window.__hearing = new MutationObserver((ms) => { for (const m of ms) for (const n of m.addedNodes) window.__heard.push(n.textContent || ""); });
  window.__hearing.observe(document.getElementById("announcer"), {childList: true, subtree: true}); }"""


def test_a_hand_of_seep_by_keyboard_alone(fast_page, site):
    page = start_quick_by_keyboard(fast_page, site, "seep", 740, 360)
    plays = 0
    for _ in range(40):
        if wait_turn_or_summary(page) == "summary":
            break
        now = page.evaluate(ACTIVE)
        assert not now["body"], now
        if page.locator(".redeal-panel").count():
            page.focus('[data-key="redeal"]')
            page.keyboard.press("Enter")
            continue
        if page.locator(".bid-panel").count():
            digit = page.locator(".bid-panel [data-shortcut]").first.get_attribute("data-shortcut")
            page.keyboard.press(digit)
            page.wait_for_function("() => document.getElementById('announcer').innerText.includes('You bid')")
            continue
        # a hand card has the focus: Enter picks it; if it lists moves, 1 makes the first
        assert now["inRoving"] and now["inHand"] and now["card"], now
        done = False
        count = page.locator(".my-hand .hand-cards button.card").count()
        for _i in range(count):
            before = len(said(page))
            page.keyboard.press("Enter")
            page.wait_for_selector(".move-panel .panel-head")
            if page.locator('.move-panel [data-shortcut="1"]').count():
                page.evaluate(HEAR)   # every sentence said from now on (the live region keeps only 6)
                page.keyboard.press("1")
                page.wait_for_function(f"() => window.__heard.some((t) => {YOU_MOVED}.test(t))")
                done = True
                break
            page.keyboard.press("Enter")                 # unpick it, and try the next card
            page.keyboard.press("ArrowRight")
            assert page.evaluate(ACTIVE)["inRoving"]
        assert done, "no card of the hand had a move"
        plays += 1
        assert not page.evaluate(ACTIVE)["body"]
    else:
        pytest.fail("the hand did not end")
    assert plays >= 12
    assert page.evaluate(ACTIVE)["inDialog"]
    assert "End of the hand. Points: Team A" in said(page)
    screenshot(page, "a11y-seep-summary-740x360")
    page.watch.assert_clean()
