"""Dummy Spades on a phone (and a desktop), in real Chromium: one page per screen size plays a
whole hand against two computers (on "phone" on a 320×640 phone, the smallest the screen audit
checks) or, on a phone on its side, a whole hand with three people passing it (upright,
test_browser_remote_spades plays a whole hand of three people, each on a 360×740 phone of their
own; on a desktop, test_browser_spades), checking on every turn of a person
that the hand and the action panel are inside the viewport, that no screen is wider than the
viewport, that no other seat's card is in the page at a hand-off, during the end-of-hand summary or
after a double tap, and that the fourth card of every trick was on the table before it was
collected.  Back from a game lands on the app's home screen.  Screenshots go to test-artifacts/.

A trick's fourth card is caught by a MutationObserver installed before the app starts (it runs
right after each redraw, before any timer can collect the trick), so nothing here depends on
timing; the pace is set to "fast" through the stored settings to keep the test short.
"""

from __future__ import annotations

import json

import pytest

from cardtable.record import replay
from conftest import current_record, take_device, dom_cards, screenshot, snapshot, spades_visible, store_get, wait_ready

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.dummy_spades")

SIZES = {"phone": (360, 740), "landscape": (740, 360), "desktop": (1280, 800)}
# the hand against computers on "phone" is played on the smallest phone, 320×640 (issue #25)
COMPUTERS_AT = {"phone": ("phone-320", 320, 640)}
# the strong computers (the home tile's level tapped) on a desktop; on the phone the quick ones, the default
STRONG_AT = "desktop"
PEOPLE_AT = "landscape"   # the size where three people pass the device for a whole hand

WATCH_TRICKS = """
localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast'}));
window.__fullTricks = [];
window.__handoffs = [];
new MutationObserver(() => {
  const html = document.documentElement;
  const trick = document.querySelector('.trick');
  if (trick) {
    const cards = [...trick.querySelectorAll('.spot [data-card]')].filter(c => {
      const r = c.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    }).map(c => c.dataset.card).sort().join(' ');
    const seen = window.__fullTricks;
    if (cards.split(' ').length === 4 && seen[seen.length - 1] !== cards) seen.push(cards);
  }
  if (html.dataset.screen === 'handoff' && !window.__inHandoff) {
    const b = document.querySelector('[data-act="ready"]');
    window.__handoffs.push({disabled: !!(b && b.disabled), cards: document.querySelectorAll('#app [data-card]').length});
  }
  window.__inHandoff = html.dataset.screen === 'handoff';
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def overflow(page) -> int:
    """How many CSS px the page is wider than the viewport (0 when nothing sticks out)."""
    return page.evaluate("document.documentElement.scrollWidth - innerWidth")


def out_of_view(page, selector: str) -> list[str]:
    """The elements matching ``selector`` whose box is not wholly inside the viewport."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(e => {
        const r = e.getBoundingClientRect();
        return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
    }).map(e => e.dataset.key || e.textContent.trim().slice(0, 20))""", selector)


def too_small(page, selector: str) -> list[str]:
    """Tap targets under 44×44 CSS px."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)].filter(e => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.width < 43.5 || r.height < 43.5);
    }).map(e => (e.dataset.key || e.textContent.trim().slice(0, 20)) + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))""", selector)


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(selector, "els => els.map(e => { const r = e.getBoundingClientRect();"
                                               " return {x: r.left, y: r.top, w: r.width, h: r.height}; })")


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]


def screen(page) -> str:
    return page.get_attribute("html", "data-screen")


def shoot(page, shots: set, name: str) -> None:
    if name not in shots:
        shots.add(name)
        screenshot(page, name)


LAYOUT = """() => {
    const box = e => e.getBoundingClientRect();
    const name = e => e.dataset.key || e.textContent.trim().slice(0, 20);
    const outside = sel => [...document.querySelectorAll(sel)].filter(e => { const r = box(e);
        return r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5; }).map(name);
    return {
        overflow: document.documentElement.scrollWidth - innerWidth,
        hand: outside('.my-hand .hand-cards .card'),
        panel: outside('.action-panel button, .action-panel .card'),
        // every tap target that acts is at least 44x44 (the declarer's own cards at the dummy's turn are
        // smaller sideways: they only say why they cannot be played)
        small: [...document.querySelectorAll('.action-panel button, .hand-cards button.card.playable, .topbar button')].filter(e => {
            const r = box(e); return r.width > 0 && (r.width < 43.5 || r.height < 43.5); }).map(name),
        heights: [...document.querySelectorAll('.table > *')].map(e => e.className.split(' ')[0] + ' ' + Math.round(box(e).height)),
    };
}"""


def check_turn(page, size: str, shots: set) -> None:
    """A person's turn: the whole hand and every control to act are in view, nothing too wide,
    every tap target at least 44×44, and only what this seat may see is in the page."""
    lay = page.evaluate(LAYOUT)
    assert lay["overflow"] <= 0
    assert lay["hand"] == [], lay["heights"]
    assert lay["panel"] == [], lay["heights"]
    assert lay["small"] == []
    snap = snapshot(page)
    view = replay(current_record(page)).view(snap["viewer"])
    shown = set(snap["cards"])
    assert shown <= spades_visible(view)
    assert set(view["hand"]) <= shown
    phase = view["phase"]
    shoot(page, shots, f"phone-spades-{size}-{phase}" + ("-dummy" if page.locator(".dummy-panel").count() else ""))


def person_acts(page, bid: int, double_tap: bool) -> str:
    """Bid, or play the first playable card (by double tap when asked). Returns what was done."""
    if page.locator(".bid-panel").count():
        page.click(f'[data-act="ui:bid:{bid}"]')
        page.click('[data-act="ui:confirm-bid"]')
        return "bid"
    card = page.locator(".action-panel button.card.playable, .my-hand.turn button.card.playable").first
    if double_tap:
        card.dblclick()
        return "double"
    card.click()
    return "play"


def finish_hand(page, size: str, shots: set, people: bool) -> dict:
    """Play until the end-of-hand summary; returns counts of what happened."""
    counts = {"turns": 0, "handoffs": 0, "doubles": 0}
    hand_boxes: list[dict] = []
    for _ in range(700):
        page.wait_for_function("""() => { const s = document.documentElement.dataset.screen;
            return s === 'summary' || s === 'handoff' || !!document.querySelector('.table.collecting')
                || !!document.querySelector('.bid-panel, .action-panel button.card.playable, .my-hand.turn button.card.playable'); }""",
                               timeout=60_000)
        s = screen(page)
        if s == "summary":
            break
        if s == "handoff":
            counts["handoffs"] += 1
            assert dom_cards(page) == []
            assert overflow(page) <= 0
            ready = page.locator('[data-act="ready"]')
            b = ready.bounding_box()
            box = {"x": b["x"], "y": b["y"], "w": b["width"], "h": b["height"]}
            # the button is not where the last player's cards were
            assert not any(overlaps(box, b) for b in hand_boxes)
            shoot(page, shots, f"phone-spades-{size}-handoff")
            take_device(page)
            continue
        if page.locator(".table.collecting").count():
            shoot(page, shots, f"phone-spades-{size}-trick-won")
            # a tap collects it (unless the pace already did: then there is nothing to tap)
            page.evaluate("() => { const t = document.querySelector('.table.collecting .trick'); if (t) t.click(); }")
            continue
        check_turn(page, size, shots)
        hand_boxes = boxes(page, ".my-hand .hand-cards .card")
        viewer = page.get_attribute(".table", "data-viewer")
        record = current_record(page)
        n = len(record["actions"])
        bid = 4 if people else 3
        # with people, a double tap on a card whose play hands the device on must not reveal the next hand
        double = people and counts["doubles"] < 2 and n >= 3 and not page.locator(".bid-panel").count()
        done = person_acts(page, bid, double)
        counts["turns"] += 1
        if done == "double":
            counts["doubles"] += 1
            snap = snapshot(page)
            game = replay(current_record(page))
            assert len(game.actions) == n + 1  # one card played, not two
            if snap["screen"] in ("handoff", "summary"):
                assert snap["cards"] == []
            else:  # the trick it finished is still on the table, seen by the same person
                assert snap["viewer"] == viewer
                assert set(snap["cards"]) <= spades_visible(game.view(viewer))
    return counts


def check_summary(page, size: str, shots: set) -> None:
    assert page.locator(".hand-summary").is_visible()
    assert dom_cards(page) == []
    assert overflow(page) <= 0
    assert out_of_view(page, ".hand-summary .dialog-buttons button") == []
    shoot(page, shots, f"phone-spades-{size}-summary")


def tricks_of_hand(record: dict, hand: int) -> list[str]:
    """The 13 tricks of a finished hand, each as its sorted cards (the observer's format)."""
    game = replay({**record, "actions": []})
    tricks, current = [], []
    for action in record["actions"]:
        before = game.view(game.to_act)["hand_number"]
        game.apply(action)
        if action.startswith("play ") and before == hand:
            current.append(action.split()[1])
            if len(current) == 4:
                tricks.append(" ".join(sorted(current)))
                current = []
    return tricks


@pytest.mark.parametrize("size", list(SIZES))
def test_a_hand_of_people_or_against_computers_fits_the_screen(page, site, size):
    w, h = SIZES[size]
    page.set_viewport_size({"width": w, "height": h})
    page.add_init_script(WATCH_TRICKS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    shots: set = set()
    page.goto(site.url)
    wait_ready(page)
    assert screen(page) == "home" and overflow(page) <= 0
    shoot(page, shots, f"phone-home-{size}")
    page.click('[data-act="rules:dummy-spades"]')
    page.wait_for_selector(".rules")
    assert overflow(page) <= 0
    shoot(page, shots, f"phone-rules-{size}")
    page.go_back()
    page.wait_for_selector("html[data-screen=home]")

    # ---- three people pass the device: sideways (a desktop's pass-and-play hand is test_browser_spades';
    # upright, a whole hand of three people is test_browser_remote_spades', one on each phone at 360×740,
    # and the lesson's, by taps) ----
    page.click('[data-act="new:dummy-spades"]')
    assert overflow(page) <= 0
    assert out_of_view(page, '[data-act="start"]') == []  # Start is in view without scrolling
    shoot(page, shots, f"phone-form-{size}")
    if size != PEOPLE_AT:
        page.go_back()
        page.wait_for_selector("html[data-screen=home]")
    else:
        page.fill("#ng-seed", "4242")
        page.click('[data-act="start"]')
        counts = finish_hand(page, size, shots, people=True)
        assert counts["handoffs"] >= 13 and counts["doubles"] == 2
        check_summary(page, size, shots)
        record = current_record(page)
        fulls = page.evaluate("window.__fullTricks")
        assert tricks_of_hand(record, 0) == fulls[-13:]  # each trick's 4th card was seen on the table
        handoffs = page.evaluate("window.__handoffs")
        assert handoffs and all(h["disabled"] and h["cards"] == 0 for h in handoffs)
        # the next hand starts with a hand-off to its first player, not with someone's cards
        page.click('.hand-summary [data-act="next-hand"]')
        assert screen(page) == "handoff" and dom_cards(page) == []
        # Back from a game: the app's home screen, with the game saved
        page.go_back()
        page.wait_for_selector("html[data-screen=home]")
        assert page.locator('[data-key="continue"]').count() == 1 and overflow(page) <= 0
        shoot(page, shots, f"phone-home-saved-{size}")
        assert errors == []
        return   # (sideways, the hand of people is the hand played; the computers' is played upright and on a desktop)

    # ---- one person against two computers, from the one-tap button ----
    label, cw, ch = COMPUTERS_AT.get(size, (size, w, h))
    page.set_viewport_size({"width": cw, "height": ch})
    page.evaluate("window.__fullTricks = []")
    level, name = ("strong", "Strong") if size == STRONG_AT else ("casual", "Quick")
    if level == "strong":
        page.click('[data-key="level:dummy-spades:strong"]')    # the tile's level: its one tap plays that level (#46)
    page.wait_for_selector(f'[data-key="level:dummy-spades:{level}"][aria-pressed="true"]')
    page.click('[data-act="quick:dummy-spades"]')
    counts = finish_hand(page, label, shots, people=False)
    assert counts["handoffs"] == 0 and counts["turns"] >= 10
    check_summary(page, label, shots)
    record = current_record(page)
    assert tricks_of_hand(record, 0) == page.evaluate("window.__fullTricks")[-13:]
    page.go_back()
    page.wait_for_selector("html[data-screen=home]")
    page.click('[data-key="stats"]')      # the hand was counted as one against the level played
    page.wait_for_selector("html[data-screen=stats]")
    other = "quick" if level == "strong" else "strong"
    assert f"Against the {name.lower()} computer" in page.inner_text("#app")
    assert f"Against the {other} computer" not in page.inner_text("#app")
    assert errors == []


FIELD_CLEAR = """() => {
  const field = document.activeElement, box = field.getBoundingClientRect();
  const bar = document.querySelector(".form-buttons").getBoundingClientRect();
  return [field.id, box.top >= 0 && box.bottom <= bar.top];
}"""


def test_nothing_is_wider_than_a_320px_screen_and_sheets_close(page, site):
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(site.url)
    wait_ready(page)
    assert overflow(page) <= 0
    for game in ("dummy-spades", "seep"):
        page.click(f'[data-act="new:{game}"]')
        assert overflow(page) <= 0
        if game == "seep":  # only the chosen scoring's option, and numbers out of range are refused
            assert page.locator("#ng-target").count() == 1 and page.locator("#ng-baazis").count() == 0
            page.fill("#ng-target", "7")
            page.click('[data-act="start"]')
            assert "multiple of 50" in page.locator("#ng-target-error").inner_text()
            assert screen(page) == "new"
            # the field refused has the focus, in sight above the sticky Start bar
            assert page.evaluate(FIELD_CLEAR) == ["ng-target", True]
            page.select_option("#ng-preset", "seep-pagat")
            assert page.locator("#ng-target").count() == 0 and page.locator("#ng-baazis").count() == 1
            screenshot(page, "phone-form-seep-320")
        page.go_back()
        page.wait_for_selector("html[data-screen=home]")
        page.click(f'[data-act="rules:{game}"]')
        page.wait_for_selector(".rules")
        assert overflow(page) <= 0
        page.go_back()
        page.wait_for_selector("html[data-screen=home]")
    page.click('[data-act="quick:dummy-spades"]')
    page.wait_for_selector(".table")
    # shown once the game's stylesheet is in (<html data-styling> gone), never left see-through
    page.wait_for_selector("html:not([data-styling])", state="attached")
    assert page.evaluate("getComputedStyle(document.querySelector('#app .table')).opacity") == "1"
    assert overflow(page) <= 0
    for panel in ("sheet", "log", "last"):
        if page.locator(f'[data-act="ui:panel:{panel}"]:not([disabled])').count() == 0:
            continue
        page.click(f'[data-act="ui:panel:{panel}"]')
        assert page.locator(".sheet-overlay").is_visible()
        assert overflow(page) <= 0
        screenshot(page, f"phone-sheet-{panel}-320")
        page.keyboard.press("Escape")
        assert page.locator(".sheet-overlay").count() == 0
    # the speed setting is remembered, and a malformed one is ignored
    page.go_back()
    page.wait_for_selector("html[data-screen=home]")
    page.click('[data-act="speed:slow"]')
    assert json.loads(store_get(page, "cardtable/v1/settings")) == {"speed": "slow"}
    page.evaluate("localStorage.setItem('cardtable/v1/settings', '{not json')")
    page.reload()
    wait_ready(page)
    assert page.get_attribute('[data-act="speed:normal"]', "aria-pressed") == "true"
