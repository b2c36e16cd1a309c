"""The app in Hindi (issue #50), in Chromium with the browser's language set to Hindi (hi-IN), at
360×740 and 740×360 (the screen audit, tests/screen_audit.js, runs after every redraw, as in every
browser test) with axe-core at each stop:

* the first visit follows navigator.languages: <html lang="hi">, fetching the Hindi pack and no
  other; the language menu names each language in itself (हिन्दी) with its own lang attribute, and
  switches to English and back; then the rules of both games, Statistics and Settings in Hindi;
* a hand of Seep against the computer from a saved position, played through the page;
* the Seep lesson's first steps, each checked upright and sideways.

Screenshots (CARDTABLE_SCREENSHOTS=1): test-artifacts/hindi-*.png, at 360×740, 740×360, 320×640 and
1280×800.  Punjabi (pa) gets the same tests from the same helpers once its catalog is there.
"""

from __future__ import annotations

import json
import random

import pytest

from cardtable.record import new_game
from conftest import screenshot, wait_ready
from test_browser_a11y import AXE, Axe
from test_browser_lesson import check_step, do_step, frames, moved_on, state

pytestmark = pytest.mark.browser

UPRIGHT, SIDEWAYS = (360, 740), (740, 360)
SIZES = {"360x740": UPRIGHT, "740x360": SIDEWAYS, "320x640": (320, 640), "1280x800": (1280, 800)}
DEVANAGARI = ("\u0900", "\u097f")
PACKS = "() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.endsWith('.pack'))"


@pytest.fixture()
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "hi-IN", "viewport": {"width": 360, "height": 740}}


def hindi_share(page, selector: str = "#app") -> float:
    """The part of the letters shown in ``selector`` that are Devanagari (names and digits aside)."""
    text = page.inner_text(selector)
    letters = [ch for ch in text if ch.isalpha()]
    return sum(DEVANAGARI[0] <= ch <= DEVANAGARI[1] for ch in letters) / max(1, len(letters))


def at_sizes(page, name: str, axe: Axe, sizes=("360x740", "740x360")) -> None:
    """The screen at each size (the audit runs at each redraw), axe at each, a screenshot of each."""
    for size in sizes:
        w, h = SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        axe(f"{name} {size}")
        screenshot(page, f"hindi-{name}-{size}")
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})


def test_first_visit_menu_rules_statistics_and_settings_in_hindi(page, site):
    assert AXE.is_file()
    page.add_init_script("if (!localStorage.getItem('cardtable/v1/settings'))"
                         " localStorage.setItem('cardtable/v1/settings', '{\"speed\": \"fast\"}')")
    page.goto(site.url)
    wait_ready(page)
    # the browser's language chose Hindi; only its pack was fetched
    assert page.evaluate("document.documentElement.lang") == "hi"
    # (twice once the worker controls the page: web/sw-register.js fetches it again through it, to keep it)
    assert set(page.evaluate(PACKS)) == {page.evaluate("new URL('lang/hi.pack', location.href).pathname")}
    assert "सहेजे गए खेल" in page.inner_text("#app") and hindi_share(page) > 0.8
    hi = page.locator('.lang-switch button[lang="hi"]')
    assert hi.inner_text() == "हिन्दी" and hi.get_attribute("aria-pressed") == "true"
    assert page.locator('.lang-switch button[lang="en"]').inner_text() == "English"
    axe = Axe(page)
    at_sizes(page, "home", axe, tuple(SIZES))
    # the menu: English, then Hindi again (the choice is kept)
    page.click('[data-act="lang:en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "Saved games" in page.inner_text("#app")
    page.click('[data-act="lang:hi"]')
    page.wait_for_function("() => document.documentElement.lang === 'hi'")
    assert "सहेजे गए खेल" in page.inner_text("#app")
    assert json.loads(page.evaluate("localStorage.getItem('cardtable/v1/settings')"))["lang"] == "hi"
    # the rules of both games, written in Hindi
    for game, words in (("seep", ("पक्का घर", "फ़र्श", "बाज़ी")), ("dummy-spades", ("डमी", "हुकुम", "सर"))):
        page.click(f'[data-act="rules:{game}"]')
        page.wait_for_selector(".rules")
        text = page.inner_text(".rules")
        assert all(w in text for w in words) and hindi_share(page, ".rules") > 0.9, game
        at_sizes(page, f"rules-{game}", axe, tuple(SIZES) if game == "seep" else ("360x740", "740x360"))
        page.click('[data-key="back"]')
        page.wait_for_selector('[data-act="lang:hi"]')
    # Statistics and Settings
    for place, word in (("stats", "आँकड़े"), ("settings", "सेटिंग")):
        page.evaluate(f"location.hash = '#{place}'")
        page.wait_for_function(f"() => document.documentElement.dataset.screen === '{place}'")
        assert word in page.inner_text("#app") and hindi_share(page) > 0.75, place
        at_sizes(page, place, axe, tuple(SIZES))
    assert axe.problems == [], json.dumps(axe.problems, ensure_ascii=False)


def seep_position(seed: int = 5, moves: int = 9) -> dict:
    """A game of Seep against three computer players, some moves into its first hand."""
    rec = {"format": "cardtable/1", "game": "seep", "options": {}, "players": ["आप", "Ben", "Chloé", "Dev"],
           "seed": seed, "actions": []}
    game = new_game(rec)
    rng = random.Random(seed)
    while len(game.to_record()["actions"]) < moves or game.to_act != "p0":
        game.apply(rng.choice(game.legal_actions()))
    out = game.to_record()
    out["controllers"] = {"p0": "human", "p1": "casual", "p2": "casual", "p3": "casual"}
    return out


def test_a_hand_of_seep_against_the_computer_in_hindi(page, site):
    page.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast', lang: 'hi'}))")
    page.goto(site.url)
    wait_ready(page)
    page.set_input_files("#import-file", files=[{"name": "seep.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(seep_position()).encode()}])
    page.wait_for_selector("html[data-screen=table], html[data-screen=handoff]", state="attached")
    if page.evaluate("document.documentElement.dataset.screen") == "handoff":
        page.click('[data-act="ready"]:not([disabled])')
    axe = Axe(page)
    played = 0
    for turn in range(40):
        page.wait_for_function("() => !!document.querySelector('.hand-summary, #app .my-hand button.card.playable:not([disabled])')",
                               timeout=60_000)
        if page.locator(".hand-summary").count():
            break
        status = page.inner_text(".status") if page.locator(".status").count() else ""
        assert hindi_share(page) > 0.5, status
        if turn in (0, 3):
            at_sizes(page, f"seep-turn{turn}", axe, tuple(SIZES) if turn == 0 else ("360x740", "740x360"))
        if turn == 2:   # the log sheet, in Hindi
            page.click('[data-key="log"]')
            page.wait_for_selector(".sheet-panel")
            assert "खेल का लॉग" in page.inner_text(".sheet-panel") and hindi_share(page, ".sheet-panel") > 0.6
            at_sizes(page, "seep-log", axe)
            page.keyboard.press("Escape")
        # a card of the hand, then the first move the page lists for it
        page.locator("#app .my-hand button.card.playable:not([disabled])").first.click()
        move = page.locator('#app [data-key^="do:"]:not([disabled])').first
        move.wait_for(timeout=10_000)
        move.click()
        played += 1
    assert played >= 5
    if page.locator(".hand-summary").count():
        assert hindi_share(page, ".hand-summary") > 0.6
        at_sizes(page, "seep-summary", axe)
    assert axe.problems == [], json.dumps(axe.problems, ensure_ascii=False)


def test_the_seep_lessons_first_steps_in_hindi_upright_and_sideways(page, site):
    page.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast', lang: 'hi'}))")
    page.goto(site.url)
    wait_ready(page)
    axe = Axe(page)
    page.click('[data-key="learn:seep"]')
    st = state(page)
    seen = []
    for step in range(6):
        check_step(st, f"hi step {step}", page)
        seen.append(st["text"])
        assert any(DEVANAGARI[0] <= ch <= DEVANAGARI[1] for ch in st["text"]), st["text"]
        page.set_viewport_size({"width": SIDEWAYS[0], "height": SIDEWAYS[1]})
        frames(page)   # (the tip is placed again after a resize)
        check_step(state(page), f"hi step {step} sideways", page)
        if step < 3:
            axe(f"lesson step {step} sideways")
            screenshot(page, f"hindi-lesson-step{step}-740x360")
        page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
        frames(page)
        st = state(page)
        if step < 3:
            axe(f"lesson step {step}")
            screenshot(page, f"hindi-lesson-step{step}-360x740")
        do_step(page, st, keyboard=False)
        st = moved_on(page, st)
    assert seen[0].startswith("सीप में आपका स्वागत है")
    assert axe.problems == [], json.dumps(axe.problems, ensure_ascii=False)
