"""Two-player Seep (issue #17) played in real Chromium by two people passing one phone.

The game is started by importing a record file with no action through the home screen's import
input (which also covers importing a two-player game; starting one from the new-game form is
checked in ``test_browser_variants.py``).  One page serves every check: under ``sweep-seed``
with both house rules on a phone held upright, passed between two people, the first half and two
plays of the second (a whole two-player hand at this size is played across two devices in
``test_browser_remote.py``, and the two-player totals line is checked in CPython,
``test_ui_render_seep.py``); under ``seep-pagat`` on a phone on its side, one person against a
computer, a whole hand (started from the new-game form: the hand-offs are checked by the first
case); at the first turn of the second half (the biggest hand) the table is also checked at the
two other sizes with a move being composed.
"""

import json

import pytest

from cardtable.record import replay
from conftest import current_record, dom_cards, export_and_replay, screenshot, start_from_form, wait_ready
from test_browser_seep import (FAST, FITTING, PERSON_OR_SUMMARY, SUMMARY_FITS, check_fits, check_privacy, fit_checker,
                               take_turn)

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.games.seep")

SIZES = {"360x740": (360, 740), "740x360": (740, 360), "1280x800": (1280, 800)}
CASES = {  # preset: (options, the words naming them, screen size, Ben is a computer)
    "sweep-seed": ({"first_sweep": 50, "majority_tie": "split"},
                   "Two players · House rules: first sweep 50; 26–26 split +2 each", "360x740", False),
    "seep-pagat": ({"first_sweep": 50}, "Two players · House rules: first sweep 50", "740x360", True),
}


def import_record(page, record: dict) -> None:
    page.set_input_files("#import-file", files=[{"name": "two.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(record).encode()}])


def plays(record: dict) -> int:
    return sum(1 for a in record["actions"] if a.split()[0] not in ("bid", "redeal"))


@pytest.mark.parametrize("preset", CASES)
def test_a_two_player_hand(watched_page, site, tmp_path, preset):
    """On each person's turn the hand and the panel are in view and only that person's cards (and
    the table) are in the page; a hand-off shows no card; the second half is announced; the
    summary names the two players; the exported record replays to the scores shown."""
    page = watched_page
    options, note, size, computer = CASES[preset]
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    if computer:
        page.add_init_script(FAST)   # shorter pauses before the computer's moves: the test only waits for them
        start_from_form(page, site.url, "seep", 11, ["Ana", "Ben"],
                        {"#ng-seats": "2", "#ng-preset": preset, "#ng-first-sweep": "50", "#ng-kind-1": "casual"})
    else:
        page.goto(site.url)
        wait_ready(page)
        import_record(page, {"format": "cardtable/1", "game": "seep", "players": ["Ana", "Ben"], "seed": 11,
                             "options": {"seats": 2, "preset": preset, **options}, "actions": []})
    page.wait_for_selector("html[data-screen=handoff], .seep.table")
    if computer:
        chosen = current_record(page)["options"]
        assert {k: chosen.get(k) for k in ("seats", "preset", *options)} == {"seats": 2, "preset": preset, **options}
    seen, checks, shots = set(), [], set()
    half_seen = False

    check = fit_checker(f"seep-two-{size}", checks, shots)

    for _ in range(200):
        if computer:
            page.wait_for_function(PERSON_OR_SUMMARY, timeout=60_000)
        if page.locator(".hand-summary").count():
            break
        who = check_privacy(page)   # a hand-off: no card at all; a turn: the engine's view only
        seen.add(who)
        if who in ("p0", "p1"):
            # the one other seat is the opponent; no team letters with two players
            seats = page.locator(".seep-seats .seat")
            assert seats.count() == 1
            assert ", your opponent, " in seats.get_attribute("aria-label")
            assert page.locator(".team-tag").count() == 0
            if plays(current_record(page)) == 24 and not half_seen:
                half_seen = True
                assert page.locator(".half-note").inner_text() == \
                    "Second half: 12 more cards each, the floor stays as it is."
                assert page.locator(".hand-cards .card").count() == 12
                assert "second half" in page.locator(".floor-caption").text_content()   # hidden on a short screen
                assert "Second half" not in page.locator(".floor .last-log").inner_text()   # said once
                check_fits(page, "second-half")
                screenshot(page, f"seep-two-{size}-second-half")
                # a card picked: the hand and the move panel are in view at every size
                page.locator(".hand-cards button.card").first.click()
                for other, (w, h) in SIZES.items():
                    page.set_viewport_size({"width": w, "height": h})
                    check_fits(page, "compose")
                    screenshot(page, f"seep-two-{preset}-{other}-second-half-compose")
                page.set_viewport_size({"width": width, "height": height})
                page.click('[data-act="ui:clear"]')
                # the score sheet names the options that are not the default, and fits
                page.click('[data-act="ui:panel:sheet"]')
                assert note in page.locator(".panel.sheet .rules-note").inner_text()
                assert page.evaluate("(() => { const s = document.querySelector('.panel.sheet');"
                                     " return s.scrollWidth <= s.clientWidth && document.documentElement.scrollWidth <= innerWidth; })()")
                screenshot(page, f"seep-two-{size}-sheet")
                page.click('.panel.sheet [data-act="ui:panel:sheet"]')
        take_turn(page, check)
        if not computer and half_seen and plays(current_record(page)) >= 26:
            break   # the people's hand stops two plays into the second half (see the module's docstring)
    if not computer:
        assert seen == {"p0", "p1", "handoff"} and checks.count("compose") == 26 and checks.count("bid") == 1
        assert checks.count("handoff") >= 24          # the phone changes hands before nearly every turn
        page.watch.assert_clean()
        return
    assert page.locator(".hand-summary").count() == 1
    # under the summary, read by both, no hand is in the page (the next deal's cards included)
    assert replay(current_record(page)).view("p0")["floor"]["loose"] == [] and dom_cards(page) == []
    assert half_seen
    # one person: never a hand-off, and only Ana's cards
    assert seen == {"p0"} and checks.count("compose") == 24 and checks.count("handoff") == 0
    assert checks.count("bid") == 1
    # the summary: two rows named by the players, the options, and it fits the phone
    assert page.evaluate(SUMMARY_FITS) == FITTING
    screenshot(page, f"seep-two-{size}-hand-summary")
    rows = page.locator(".hand-summary table.summary tbody tr")
    assert [r.get_attribute("data-team") for r in rows.all()] == ["p0", "p1"]
    assert [r.locator("th").inner_text() for r in rows.all()] == ["Ana", "Ben"]
    assert note in page.locator(".hand-summary .rules-note").inner_text()
    shown = {r.get_attribute("data-team"): int(r.locator("td.pts").inner_text()) for r in rows.all()}
    record, result = export_and_replay(page, tmp_path)
    assert record["options"]["seats"] == 2 and len(record["actions"]) == 49
    assert len(result["hands"]) == 1 and shown == result["hands"][0]["score"]
    totals = page.locator(".hand-summary .totals-line").inner_text()
    lead = result["lead"]
    assert (f"{'Ana' if lead > 0 else 'Ben'} leads by {abs(lead)}" if lead else "The players are level") in totals
    assert "Baazis: Ana 0 · Ben 0" in totals or "wins a baazi" in totals
    page.watch.assert_clean()
