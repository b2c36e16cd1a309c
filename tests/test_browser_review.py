"""Review and Settings in real Chromium, at phone size (issue #16), on one page:

* a finished saved game is reviewed from the saved list: arrows and buttons step forward and back,
  and every step shows exactly the cards the CPython review model (= ``replay`` of that prefix)
  holds in its hands; hand by hand; a game still in play cannot be reviewed, even by its address;
* a file opened for review (Seep) steps the same way;
* the settings are remembered across a reload; the four-colour deck and large cards show;
* with the hand-off screen off, a game against computers reopens straight on the table, and with
  confirm-before-play a card is played by the second tap only; Settings from the table keeps the game.

Screenshots: test-artifacts/review-*.png, settings-*.png.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.record import new_game, replay
from cardtable.ui.text.markup import plain_name
from cardtable.ui.screens.review import Review
from cardtable.stores.saves import DictStore, SaveStore
from conftest import SharedPage, current_record, dom_cards, kept_keys, screenshot, store_get, store_wait, wait_ready

pytestmark = pytest.mark.browser
PHONE = {"width": 360, "height": 740}


def played(name: str, options: dict, seed: int, players: list[str], stop=None) -> tuple[dict, object]:
    """A game of random legal moves (seeded), to its end or until ``stop(game)`` is true."""
    g = new_game({"format": "cardtable/1", "game": name, "options": options, "seed": seed, "players": players,
                  "actions": []})
    rng = random.Random(seed)
    while not g.over and not (stop and stop(g)):
        g.apply(rng.choice(g.legal_actions()))
    return g.to_record(), g


def p0_to_play_a_card(g) -> bool:
    return (len(g.actions) > 30 and g.to_act == "p0" and g.phase == "play" and g.acting_hand == "p0")


@pytest.fixture(scope="module")
def page(browser, site):
    page = SharedPage(browser, site, viewport=PHONE)
    page.url_base = site.url
    yield page
    page.close()


def review_cards(review: Review) -> list[str]:
    views = {s: review.game.view(s) for s in review.seats}
    return sorted(c for cards in review.hands(views).values() for c in (cards or []))


def shown_hand_cards(page) -> list[str]:
    return sorted(page.eval_on_selector_all(".review-hand [data-card]", "els => els.map(e => e.dataset.card)"))


def step_of(page) -> int:
    return int(page.get_attribute(".review-where", "data-step"))


def open_address(page, hash_: str) -> None:
    """Load the app afresh at ``hash_`` (as a bookmark or a typed address would)."""
    page.goto("about:blank")
    page.goto(page.url_base + hash_)
    wait_ready(page)


def check_step(page, model: Review, k: int) -> None:
    assert step_of(page) == k
    model.go(k)
    assert shown_hand_cards(page) == review_cards(model), k


def test_review_settings_and_the_table_hooks(page, tmp_path):
    finished, _g = played("dummy-spades", {"losing_limit": -200}, 7, ["Ana", "Ben", "Chloé"])
    live, live_game = played("dummy-spades", {}, 11, ["You", "Ben", "Chloé"], stop=p0_to_play_a_card)
    assert finished["actions"] and not live_game.over
    store = SaveStore(DictStore())
    store.save("done1", finished, {"p0": "human", "p1": "human", "p2": "human"}, game=replay(finished))
    store.save("live1", live, {"p0": "human", "p1": "casual", "p2": "casual"}, game=live_game)
    page.evaluate("data => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }", store.store.data)
    page.reload()
    wait_ready(page)

    # ---- a finished saved game: Review is offered on its row only; step by arrows and buttons
    assert page.locator('[data-act="open-review:done1"]').count() == 1
    assert page.locator('[data-act="open-review:live1"]').count() == 0
    page.click('[data-act="open-review:done1"]')
    page.wait_for_selector("html[data-screen=review]")
    assert page.locator("#app h1").count() == 1
    model = Review(finished)
    check_step(page, model, 0)
    assert len(shown_hand_cards(page)) == 52
    for _i in range(5):
        page.keyboard.press("ArrowRight")
    check_step(page, model, 5)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    check_step(page, model, 3)
    page.click('[data-act="review:forward"]')
    check_step(page, model, 4)
    page.keyboard.press("PageDown")
    check_step(page, model, model.hand_starts[1])
    # through the first tricks of the hand, back to where the fourth card of a trick was played
    for _i in range(14):
        page.keyboard.press("ArrowRight")
    check_step(page, model, model.hand_starts[1] + 14)
    target = max(k for k in model.shown if k <= step_of(page) and model.shown[k]["kind"] == "trick")
    while step_of(page) > target:
        page.click('[data-act="review:back"]')
    check_step(page, model, target)
    assert page.locator(".review-trick.done .card").count() == 4
    assert page.locator(".review-log li.current").inner_text() == plain_name(model.lines[target - 1])
    screenshot(page, "review-spades")
    page.keyboard.press("End")
    check_step(page, model, model.last)
    assert "Game over" in page.inner_text(".review-move")

    # ---- a game still in play: never reviewed, not even by typing its address
    open_address(page, "#review/live1")
    assert page.locator("html[data-screen=home]").count() == 1
    assert "still being played" in page.inner_text(".notice")
    assert dom_cards(page) == []

    # ---- a file opened for review (Seep, with two players), stepped forward and back
    seep, _s = played("seep", {"seats": 2, "target": 200}, 5, ["Ana", "Ben"])
    page.set_input_files("#review-file", files=[{"name": "seep.json", "mimeType": "application/json",
                                                  "buffer": json.dumps(seep).encode()}])
    page.wait_for_selector("html[data-screen=review]")
    smodel = Review(seep)
    check_step(page, smodel, 0)
    for _i in range(9):
        page.keyboard.press("ArrowRight")
    check_step(page, smodel, 9)
    while not page.locator(".review-capture").count():
        page.keyboard.press("ArrowRight")
    check_step(page, smodel, step_of(page))
    screenshot(page, "review-seep")
    page.keyboard.press("ArrowLeft")
    check_step(page, smodel, step_of(page))
    assert "seep.json" not in json.dumps(kept_keys(page))
    kept = [k for k in kept_keys(page) if k != "cardtable/v1/lesson-offer"]
    assert len(kept) == 5, kept   # nothing saved: 2 games, 2 notes, last (and the guided hand's offer, seen)

    # ---- settings: chosen, shown, remembered across a reload
    page.click('[data-act="nav:home"]')
    page.click('[data-act="nav:settings"]')
    page.wait_for_selector("html[data-screen=settings]")
    assert page.locator("#app h1").count() == 1
    for act in ("set:deck:four", "set:cards:large", "set:confirm:on", "set:handoff:off", "set:sound:on",
                "set:speed:fast"):
        page.click(f'[data-act="{act}"]')
    assert "pass-and-play" in page.inner_text('[data-key="set:handoff"]')
    page.reload()
    wait_ready(page)
    assert page.locator("html[data-screen=settings]").count() == 1
    assert json.loads(store_get(page, "cardtable/v1/settings")) == {
        "speed": "fast", "deck": "four", "cards": "large", "confirm": True, "sound": True, "handoff": False}
    for key in ("deck:four", "cards:large", "speed:fast"):
        assert page.get_attribute(f'[data-key="set:{key}"]', "aria-pressed") == "true"
    for key in ("confirm", "sound"):
        assert page.get_attribute(f'[data-key="set:{key}"]', "aria-checked") == "true"
    assert page.get_attribute("html", "data-deck") == "four" and page.get_attribute("html", "data-cards") == "large"
    colours = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.setting-sample .card')]
        .map(c => [c.dataset.card, getComputedStyle(c).color]))""")
    assert colours["JC"] == "rgb(27, 122, 46)" and colours["QD"] == "rgb(18, 87, 184)"
    assert colours["KH"] != colours["QD"] and colours["AS"] not in (colours["JC"], colours["QD"])
    assert page.eval_on_selector_all(".setting-sample .suit", "els => els.map(e => e.textContent)") == ["♠", "♥", "♦", "♣"]
    screenshot(page, "settings-phone")

    # ---- the game against computers, reopened: no hand-off; large cards; a card needs two taps
    open_address(page, "#game/live1")
    page.wait_for_selector("html[data-screen=table]")
    assert page.locator("html[data-screen=handoff]").count() == 0
    assert page.get_attribute(".table", "data-viewer") == "p0"
    width = page.evaluate("getComputedStyle(document.querySelector('.my-hand .hand-cards .card')).width")
    assert width == "54px"
    n = len(current_record(page)["actions"])
    card = page.locator(".my-hand button.card.playable").first
    name = card.get_attribute("data-card")
    card.click()
    assert page.locator(f'.my-hand .card.armed[data-card="{name}"]').count() == 1
    assert "Tap again to play" in page.inner_text(".tap-again")
    assert len(current_record(page)["actions"]) == n
    screenshot(page, "settings-confirm-large")
    # Settings from the table and back: the same game, nothing played meanwhile
    page.click('.topbar [data-act="nav:settings"]')
    page.wait_for_selector("html[data-screen=settings]")
    assert page.inner_text('[data-key="settings-done"]') == "Back to the game"
    page.click('[data-key="settings-done"]')
    page.wait_for_selector("html[data-screen=table]")
    assert len(current_record(page)["actions"]) == n
    # the card picked before is still picked: one more tap plays it
    card = page.locator(f'.my-hand button.card.armed[data-card="{name}"]')
    card.click()
    store_wait(page, f"async () => JSON.parse(await cardtableStoreAsk('getItem', 'cardtable/v1/game/live1')).actions.length > {n}")
    assert current_record(page)["actions"][n] == f"play {name}"
    assert page.evaluate("window.cardtableSounds || 0") >= 1
    page.watch.assert_clean()
