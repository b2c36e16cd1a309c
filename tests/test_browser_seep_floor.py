"""The largest Seep floors a game reaches fit every screen, in real Chromium (issue #25).

How large a floor gets was measured in CPython (random legal games and a policy that throws and builds
whenever it can, so as to crowd the floor; 600 seeds, three hands each, four and two players): at
most 14 things on the floor (13 loose cards and a house, or 12 and two), 5 houses with 8 loose
cards, and houses of up to about 30 cards.  Random play stays at 11.  The floors here come from that
policy (``crowded``): seeded, so each test imports the same record.

Each floor is imported as a saved game (a file, as a person would) and opened on the turn of the
person to play, at 740×360 (a phone on its side), 360×740, 320×640 and 1280×800, and at 1280×800
with the browser's text at 200% (on a phone at 200% an ordinary hand is checked, test_browser_seep, not these floors).  The screen
audit (tests/screen_audit.js) checks every redraw --
the whole hand, the move panel, and every loose card and house of the floor wholly in view at the
decision, with no scrolling.  The test also picks a hand card and a floor card (the move panel
then lists moves and refusals) and checks again, at every size (at 320×640 too: a move being
composed keeps the crowded floor in view), and every floor card is a 44 px target.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.record import games
from conftest import take_device, screen_shot, wait_ready
from test_browser_screens import text_size

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.seep")

NAMES = ("Ana", "Ben", "Chloé", "Dev")

# a throw first, then a build, a raise or cement, a capture last (and the one taking fewest cards)
CROWDING = {"throw": 0, "bid": 0, "redeal": 0, "build": 1, "raise": 2, "cement": 2, "capture": 3}


def crowded(seed: int, seats: int, stop) -> dict:
    """The record of a game played to crowd the floor, up to the first turn whose view meets ``stop``."""
    g = games()["seep"].from_record({"format": "cardtable/1", "game": "seep", "seed": seed,
                                     "options": {"seats": 2} if seats == 2 else {}, "players": list(NAMES[:seats]), "deals": []})
    rng = random.Random(seed)
    while not g.over:
        v = g.view(g.to_act)
        if v["phase"] == "play" and stop(v):
            return g.to_record()
        legal = g.legal_actions()
        if rng.random() < 0.95:
            g.apply(min(legal, key=lambda a: (CROWDING[a.split()[0]], len(a.split()), rng.random())))
        else:
            g.apply(rng.choice(legal))
    raise AssertionError("no such floor")


def size_of(v: dict) -> int:
    return len(v["floor"]["loose"]) + len(v["floor"]["houses"])


# the largest floors found (seed, seats, what): 13 loose cards and a house; 5 houses and 8 loose cards;
# a cemented house of 17 cards among 10 things; two players, 12 loose cards and two houses
FLOORS = {
    "14-things": (35, 4, lambda v: size_of(v) >= 14),
    "5-houses": (100, 4, lambda v: len(v["floor"]["houses"]) == 5 and len(v["floor"]["loose"]) >= 8),
    "big-house": (9, 4, lambda v: max([len(h["cards"]) for h in v["floor"]["houses"]] + [0]) >= 16 and size_of(v) >= 10),
    "two-players": (141, 2, lambda v: size_of(v) >= 14),
}

SIZES = {"740x360": (740, 360, 100), "360x740": (360, 740, 100), "320x640": (320, 640, 100),
         "1280x800": (1280, 800, 100), "1280x800-text200": (1280, 800, 200)}

FLOOR = "#app .table .floor-body .card, #app .table .floor-body .house"
NEED = ("#app .seep-dock .hand-cards .card, #app .seep-dock .panel button, #app .seep-dock .panel .panel-title, "
        + FLOOR)

SMALL = """sel => [...document.querySelectorAll(sel)].filter(e => {
  const r = e.getBoundingClientRect(); return r.width < 43.5 || r.height < 43.5; }).map(e => e.dataset.key || e.className)"""


def open_record(page, record: dict, name: str) -> None:
    """Import ``record`` from home as a file and take the hand-off to the person to play."""
    if not page.locator("html[data-screen=home]").count():
        page.click('[data-act="nav:home"] >> nth=0')
        page.wait_for_selector("html[data-screen=home]", state="attached")
    data = json.dumps(record).encode()
    page.set_input_files("#import-file", files=[{"name": f"{name}.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    take_device(page)
    page.wait_for_selector("#app .table.seep.my-turn .move-panel", state="attached")


def in_view(page, what: str, problems: list) -> None:
    """Every card and house of the floor, the hand and the panel wholly in view, the page no wider than
    the screen, every card and house to tap 44 px or more; what is not goes to ``problems``."""
    off = page.evaluate("sel => window.__auditOutOfView(sel)", NEED)
    if off:
        problems.append((what, "not in view", off))
    if page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]:
        problems.append((what, "wider than the screen"))
    small = page.evaluate(SMALL, "#app .floor-body button.card, #app .floor-body button.house, #app .hand-cards button.card")
    if small:
        problems.append((what, "under 44 px", small))


@pytest.mark.parametrize("case", SIZES)
def test_the_largest_floors_fit_at_a_decision(page, site, case):
    w, h, percent = SIZES[case]
    page.set_viewport_size({"width": w, "height": h})
    page.add_init_script(f"localStorage.setItem('cardtable/v1/settings', {json.dumps(json.dumps({'speed': 'fast'}))});")
    if percent != 100:
        text_size(page, percent)
    page.goto(site.url)
    wait_ready(page)
    problems: list = []
    for name, (seed, seats, stop) in FLOORS.items():
        record = crowded(seed, seats, stop)
        open_record(page, record, name)
        screen_shot(page, f"seep-floor-{name}-{case}")
        in_view(page, f"{name} at {case}", problems)
        # pick a hand card, then a loose floor card: the move panel lists moves and refusals
        page.locator("#app .seep-dock .hand-cards button.card").first.click()
        page.wait_for_selector("#app .move-panel .panel-head", state="attached")
        screen_shot(page, f"seep-floor-{name}-{case}-card")
        in_view(page, f"{name} at {case}, a hand card picked", problems)
        loose = page.locator("#app .floor-body button.card")
        if loose.count():
            loose.first.click()
            page.wait_for_selector("#app .floor-body button.card[aria-pressed=true]", state="attached")
            screen_shot(page, f"seep-floor-{name}-{case}-picked")
            in_view(page, f"{name} at {case}, a floor card picked", problems)
    assert problems == [], "\n".join(map(str, problems))
