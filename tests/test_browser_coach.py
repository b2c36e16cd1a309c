"""Hint, Undo and Play out the rest in real Chromium, on a phone-sized screen.

One game against two computers: a hint on the bid pre-selects it and says why; a hint in the
play marks a legal card with its sentence (screenshot); undo takes the move back (record and log);
the hints are counted in the saved record; play-out is not offered there (not forced).  Then an
imported record with an explicit deal where every trick is forced: the offer shows and finishes
the hand.  And with three people on one device, undo only from the pass-the-device screen, until the
next person has taken it.
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import LAST_RECORD_JS, take_device, current_record, screenshot, store_wait, wait_ready

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.bots")

PHONE = {"width": 390, "height": 780}
MY_TURN = """() => !!(document.querySelector('.bid-panel')
    || document.querySelector('.my-hand.turn button.card.playable')
    || document.querySelector('.dummy-panel button.card.playable'))"""

SEEP_TURN = """() => !!(document.querySelector('.seep .bid-panel .bid-chip')
    || document.querySelector('.seep.my-turn .my-hand button.card.playable'))"""


def forced_record() -> dict:
    """p0 holds every spade (p1 hearts, p2 diamonds, dummy clubs): after the bids p0 leads and
    wins every trick, whatever anyone plays."""
    ranks = "23456789TJQKA"
    hands = {h: [r + s for r in ranks] for h, s in (("p0", "S"), ("p1", "H"), ("p2", "D"), ("dummy", "C"))}
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {}, "players": ["Ana", "Ben", "Chloé"],
            "seed": 5, "deals": [{"dealer": "p2", "hands": hands}], "actions": ["bid 13", "bid 0", "bid 0"],
            "controllers": {"p0": "human", "p1": "casual", "p2": "casual"}}


def test_hint_undo_and_play_out(watched_page, site):
    page = watched_page
    page.set_viewport_size(PHONE)
    page.goto(site.url)
    wait_ready(page)
    page.click('[data-act="speed:fast"]')
    page.click('[data-act="new:dummy-spades"]')
    page.fill("#ng-name-0", "Ana")
    page.select_option("#ng-kind-1", "casual")
    page.select_option("#ng-kind-2", "casual")
    page.fill("#ng-seed", "2025")   # dealer p0: Ana bids last and does not lead
    page.click('[data-act="start"]')

    # the bid: a hint pre-selects it and says why
    page.wait_for_function(MY_TURN, timeout=60_000)
    assert page.locator(".bid-panel").count() == 1
    page.click('[data-act="hint"]')
    page.wait_for_selector(".hint-line", timeout=30_000)
    assert page.inner_text(".hint-line").startswith("Hint: bid")
    assert page.locator('.bid-panel .chip[aria-pressed="true"]').count() == 1
    page.click('[data-act="ui:confirm-bid"]')

    # the play: a hint marks a legal card and says why
    page.wait_for_function(MY_TURN, timeout=60_000)
    page.wait_for_selector('.my-hand.turn button.card.playable, .dummy-panel button.card.playable')
    assert page.locator('[data-act="playout"]').count() == 0   # not forced at the first card
    before = current_record(page)
    page.click('[data-act="hint"]')
    page.wait_for_selector("button.card.hinted", timeout=30_000)
    hinted = page.locator("button.card.hinted")
    assert hinted.count() == 1
    assert "playable" in hinted.get_attribute("class") and not hinted.is_disabled()
    line = page.inner_text(".hint-line")
    assert line.startswith("Hint: play") and len(line) < 120
    screenshot(page, "coach-hint-phone")
    box = hinted.bounding_box()
    assert box and box["y"] + box["height"] <= PHONE["height"]   # the marked card is in view
    card = hinted.get_attribute("data-card")
    hinted.click()
    store_wait(page, f"async n => (await ({LAST_RECORD_JS})()).actions.length > n", len(before["actions"]),
               timeout_ms=10_000)
    played = current_record(page)
    assert played["actions"][len(before["actions"])] == f"play {card}"
    assert len(played["hints"]["p0"]) == 2   # two hints used, kept in the saved game

    # undo: back to that decision, the computers' replies taken back too
    page.wait_for_selector('[data-act="undo"]', timeout=30_000)
    page.click('[data-act="undo"]')
    page.wait_for_function(MY_TURN, timeout=30_000)
    after = current_record(page)
    assert after["actions"] == before["actions"]
    assert len(after["hints"]["p0"]) == 2
    page.click('[data-act="ui:panel:log"]')
    # the log names the card taken back (the computers' replies went with it)
    assert re.search(r"You took back (10|[2-9JQKA])[♠♥♦♣]\.", page.inner_text(".log-list"))   # (the person: "you", #46)
    page.click('[data-key="close-log"]')

    # an imported record in a forced position: the offer shows, and finishes the hand
    page.click('[data-act="nav:home"]')
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", files=[{"name": "forced.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(forced_record()).encode()}])
    page.wait_for_function(MY_TURN, timeout=30_000)
    page.wait_for_selector('[data-act="playout"]', timeout=10_000)
    page.click('[data-act="playout"]')
    page.wait_for_selector(".hand-summary", timeout=30_000)
    rec = current_record(page)
    assert len(rec["actions"]) == 3 + 52
    assert "Ana 13" in page.inner_text(".hand-summary") or "13" in page.inner_text(".hand-summary")

    # Seep against the computer: the hinted move is marked (a bid chip, or the offer it
    # pre-selects) and said
    page.click('[data-act="next-hand"]')
    page.click('[data-act="nav:home"]')
    page.click('[data-act="new:seep"]')
    for i in (1, 2, 3):
        page.select_option(f"#ng-kind-{i}", "casual")
    page.fill("#ng-seed", "1")   # a computer bids and leads; Ana's turn comes in the play
    page.click('[data-act="start"]')
    page.wait_for_function(SEEP_TURN, timeout=60_000)
    page.click('[data-act="hint"]')
    page.wait_for_selector(".hint-line", timeout=60_000)
    assert page.locator(".btn.bid-chip.hinted, .btn.offer.hinted").count() == 1
    assert page.inner_text(".hint-line").startswith("Hint: ")
    screenshot(page, "coach-hint-seep-phone")
    page.watch.assert_clean()


def test_pass_and_play_undo_only_until_the_next_person_takes_the_device(watched_page, site):
    """Three people on one device: the one who just bid may take it back from the pass-the-device
    screen (the position goes back behind a hand-off to them, no card shown); once the next person
    has taken the device, nothing can be taken back."""
    page = watched_page
    page.set_viewport_size(PHONE)
    page.goto(site.url)
    wait_ready(page)
    page.click('[data-act="new:dummy-spades"]')
    for i, name in enumerate(["Ana", "Ben", "Chloé"]):
        page.fill(f"#ng-name-{i}", name)
    page.fill("#ng-seed", "2025")
    page.click('[data-act="start"]')
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    take_device(page)
    page.wait_for_selector(".bid-panel")
    mover = page.get_attribute(".table", "data-viewer")
    before = current_record(page)["actions"]

    def bid_and_pass() -> None:
        page.click('[data-act="ui:bid:4"]')
        page.click('[data-act="ui:confirm-bid"]')
        page.wait_for_selector("html[data-screen=handoff]", state="attached")
        assert current_record(page)["actions"] == before + ["bid 4"]

    bid_and_pass()
    assert page.locator("#app [data-card]").count() == 0
    undo = page.locator('[data-act="undo"]')
    name = {"p0": "Ana", "p1": "Ben", "p2": "Chloé"}[mover]
    assert undo.count() == 1 and undo.inner_text().strip() == f"{name}: take back your move"
    undo.click()
    # back behind a hand-off to the one who moved: the bid is gone and no card is in the page
    store_wait(page, f"async n => (await ({LAST_RECORD_JS})()).actions.length === n", len(before), timeout_ms=10_000)
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    assert page.locator("#app [data-card]").count() == 0
    assert current_record(page)["actions"] == before
    take_device(page)
    page.wait_for_selector(".bid-panel")
    assert page.get_attribute(".table", "data-viewer") == mover
    page.click('[data-act="ui:panel:log"]')
    assert f"{name} took back the bid." in page.inner_text(".log-list")
    page.click('[data-key="close-log"]')

    # the same bid again; this time the next person takes the device: nothing can be taken back
    bid_and_pass()
    take_device(page)
    page.wait_for_selector(".bid-panel")
    assert page.get_attribute(".table", "data-viewer") != mover
    assert page.locator('[data-act="undo"]').count() == 0
    assert current_record(page)["actions"] == before + ["bid 4"]
    page.watch.assert_clean()
