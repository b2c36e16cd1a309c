"""The app in Hindi (issue #50), in Chromium with the browser's language set to Hindi (hi-IN), at
360×740 and 740×360 (the screen audit, tests/screen_audit.js, runs after every redraw, as in every
browser test) with axe-core at each stop:

* the first visit follows navigator.languages: <html lang="hi">, fetching the Hindi pack and no
  other; the language menu names each language in itself (हिन्दी) with its own lang attribute, and
  switches to English and back; then the rules of both games, Statistics and Settings in Hindi;
* a hand of Seep against the computer from a saved position, played through the page;
* the Seep lesson, both parts to the end, every step checked upright and sideways (the tip over no card or status line).

Each test runs for every Indic language whose catalog is found (Hindi; Punjabi, pa, once its catalog
is there), with the Hindi words checked in Hindi and, for any, the share of its own script on screen.
Screenshots (CARDTABLE_SCREENSHOTS=1): test-artifacts/<code>-*.png (hindi-*.png for Hindi), at 360×740,
740×360, 320×640 and 1280×800.
"""

from __future__ import annotations

import functools
import json
import random

import pytest

from cardtable.record import new_game
from conftest import screenshot, wait_ready
from test_browser_a11y import AXE, Axe
from test_browser_lesson import play_lesson
from test_languages import CODES, SCRIPTS, catalog

pytestmark = pytest.mark.browser

UPRIGHT, SIDEWAYS = (360, 740), (740, 360)
SIZES = {"360x740": UPRIGHT, "740x360": SIDEWAYS, "320x640": (320, 640), "1280x800": (1280, 800)}
INDIC = [c for c in CODES if c in SCRIPTS]   # the languages of these tests: each with its own script
LOCALES = {"hi": "hi-IN", "pa": "pa-IN"}
PREFIX = {"hi": "hindi"}
# words the rules pages use (Hindi: the glossary's; another language: its script is enough)
RULES_WORDS = {"hi": {"seep": ("पक्का घर", "फ़र्श", "बाज़ी"), "dummy-spades": ("डमी", "हुकुम", "सर")}}


@functools.lru_cache(maxsize=None)
def tr(code: str, english: str) -> str:
    """``english`` as the catalog of ``code`` says it."""
    return catalog(code)[english].string
PACKS = "() => performance.getEntriesByType('resource').map(e => new URL(e.name).pathname).filter(p => p.endsWith('.pack'))"


@pytest.fixture()
def browser_context_args(browser_context_args, request):
    code = request.node.callspec.params.get("code", "hi") if hasattr(request.node, "callspec") else "hi"
    return {**browser_context_args, "locale": LOCALES.get(code, code), "viewport": {"width": 360, "height": 740}}


def script_share(page, code: str, selector: str = "#app") -> float:
    """The part of the letters shown in ``selector`` that are in the script of ``code`` (names and
    digits aside)."""
    lo, hi = SCRIPTS[code]
    text = page.inner_text(selector)
    letters = [ch for ch in text if ch.isalpha()]
    return sum(lo <= ch <= hi for ch in letters) / max(1, len(letters))


def at_sizes(page, name: str, axe: Axe, sizes=("360x740", "740x360"), code: str = "hi") -> None:
    """The screen at each size (the audit runs at each redraw), axe at each, a screenshot of each."""
    for size in sizes:
        w, h = SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        axe(f"{name} {size}")
        screenshot(page, f"{PREFIX.get(code, code)}-{name}-{size}")
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})


@pytest.mark.parametrize("code", INDIC)
def test_first_visit_menu_rules_statistics_and_settings(page, site, code):
    assert AXE.is_file()
    page.add_init_script("if (!localStorage.getItem('cardtable/v1/settings'))"
                         " localStorage.setItem('cardtable/v1/settings', '{\"speed\": \"fast\"}')")
    page.goto(site.url)
    wait_ready(page)
    # the browser's language chose Hindi; only its pack was fetched
    assert page.evaluate("document.documentElement.lang") == code
    # (twice once the worker controls the page: web/sw-register.js fetches it again through it, to keep it)
    assert set(page.evaluate(PACKS)) == {page.evaluate(f"new URL('lang/{code}.pack', location.href).pathname")}
    assert tr(code, "Saved games") in page.inner_text("#app") and script_share(page, code) > 0.8
    chip = page.locator(f'.lang-switch button[lang="{code}"]')
    assert chip.inner_text() == {"hi": "हिन्दी", "pa": "ਪੰਜਾਬੀ"}[code] and chip.get_attribute("aria-pressed") == "true"
    assert page.locator('.lang-switch button[lang="en"]').inner_text() == "English"
    axe = Axe(page)
    at_sizes(page, "home", axe, tuple(SIZES), code)
    # the menu: English, then Hindi again (the choice is kept)
    page.click('[data-act="lang:en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")
    assert "Saved games" in page.inner_text("#app")
    page.click(f'[data-act="lang:{code}"]')
    page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
    assert tr(code, "Saved games") in page.inner_text("#app")
    assert json.loads(page.evaluate("localStorage.getItem('cardtable/v1/settings')"))["lang"] == code
    # the rules of both games, written in Hindi
    for game in ("seep", "dummy-spades"):
        words = RULES_WORDS.get(code, {}).get(game, ())
        page.click(f'[data-act="rules:{game}"]')
        page.wait_for_selector(".rules")
        text = page.inner_text(".rules")
        assert all(w in text for w in words) and script_share(page, code, ".rules") > 0.9, game
        at_sizes(page, f"rules-{game}", axe, tuple(SIZES) if game == "seep" else ("360x740", "740x360"), code)
        page.click('[data-key="back"]')
        page.wait_for_selector('[data-act="lang:hi"]')
    # Statistics and Settings
    for place, word in (("stats", tr(code, "Statistics")), ("settings", tr(code, "Settings"))):
        page.evaluate(f"location.hash = '#{place}'")
        page.wait_for_function(f"() => document.documentElement.dataset.screen === '{place}'")
        assert word in page.inner_text("#app") and script_share(page, code) > 0.75, place
        at_sizes(page, place, axe, tuple(SIZES), code)
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


@pytest.mark.parametrize("code", INDIC)
def test_a_hand_of_seep_against_the_computer(page, site, code):
    page.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast', lang: '%s'}))" % code)
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
        assert script_share(page, code) > 0.5, status
        if turn in (0, 3):
            at_sizes(page, f"seep-turn{turn}", axe, tuple(SIZES) if turn == 0 else ("360x740", "740x360"), code)
        if turn == 2:   # the log sheet, in Hindi
            page.click('[data-key="log"]')
            page.wait_for_selector(".sheet-panel")
            assert tr(code, "Game log") in page.inner_text(".sheet-panel") and script_share(page, code, ".sheet-panel") > 0.6
            at_sizes(page, "seep-log", axe, code=code)
            page.keyboard.press("Escape")
        # a card of the hand, then the first move the page lists for it
        page.locator("#app .my-hand button.card.playable:not([disabled])").first.click()
        move = page.locator('#app [data-key^="do:"]:not([disabled])').first
        move.wait_for(timeout=10_000)
        move.click()
        played += 1
    assert played >= 5
    if page.locator(".hand-summary").count():
        assert script_share(page, code, ".hand-summary") > 0.6
        at_sizes(page, "seep-summary", axe, code=code)
    assert axe.problems == [], json.dumps(axe.problems, ensure_ascii=False)


@pytest.mark.parametrize("code", INDIC)
def test_the_seep_lesson_to_its_end_upright_and_sideways(page, site, code):
    """Both parts of the Seep lesson, every step at 360×740 and again at 740×360: the tip and its
    target in view and apart, the tip over no card, status line or line of what just happened,
    every step's words in the language's script; axe at the steps worth a look."""
    page.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast', lang: '%s'}))" % code)
    page.set_viewport_size({"width": UPRIGHT[0], "height": UPRIGHT[1]})
    page.goto(site.url)
    wait_ready(page)
    axe = Axe(page)
    seen = play_lesson(page, code, keyboard=False, shots_prefix=f"{PREFIX.get(code, code)}-lesson-360x740",
                       at_shot=axe, also=SIDEWAYS)
    assert all(any(SCRIPTS[code][0] <= ch <= SCRIPTS[code][1] for ch in text) for text in seen), seen
    welcome = "Welcome to Seep! You and Ana, opposite you, play against Ben and Dev: capture cards, build houses, sweep the floor."
    assert seen[0] == tr(code, welcome)
    assert axe.problems == [], json.dumps(axe.problems, ensure_ascii=False)
