"""The app in French (issue #15), in Chromium with the browser's language set to French.

One page per game: a whole hand against computer players, scanning the visible text and the
accessible names at every step for any word of the English catalog that French never uses; the
language switched to English and back in the middle of the hand (the game and its position stay);
``<html lang>``; in Dummy Spades also a hint and its sentence, an undo, the log and score sheets
and the live region's sentences.  One more page for the other screens: a finished game imported,
its end, its review stepped through (both games, and a file opened for review), Statistics (a
chart's figures, the reset question) and Settings.  Screenshots at phone size (360 x 740,
test-artifacts/french-*.png).
"""

from __future__ import annotations

import json
import re

import pytest

from conftest import LAST_RECORD_JS, current_record, dom_cards, screenshot, settle, store_get, store_wait, wait_ready
from test_i18n import english_in, english_words
from test_stats import seep_record, spades_record

pytestmark = pytest.mark.browser

STEPS = 400   # a hand is far fewer steps; this only bounds a broken loop


@pytest.fixture()
def browser_context_args(browser_context_args):
    return {**browser_context_args, "locale": "fr-FR", "viewport": {"width": 360, "height": 740}}


@pytest.fixture(scope="module")
def words():
    return english_words()


SCAN = """() => {
  const names = [...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].map(
    e => ['aria-label', 'title', 'placeholder', 'alt'].map(a => e.getAttribute(a) || '').join(' '));
  // words the style sheets put on screen (::before / ::after content) are visible text too
  const generated = [];
  for (const e of document.querySelectorAll('#app *')) {
    for (const pseudo of ['::before', '::after']) {
      const c = getComputedStyle(e, pseudo).content;
      for (const m of (c || '').matchAll(/"([^"]*)"/g)) generated.push(m[1]);   // quoted text only
    }
  }
  return document.body.innerText + '\\n' + names.join('\\n') + '\\n' + generated.join('\\n');
}"""

# something for the person to do, or the end of the hand
ACTIONABLE = """() => !!document.querySelector(
  '.hand-summary, .table.collecting, .bid-panel, [data-key="redeal"], #app .my-hand button.card.playable:not([disabled]),'
  + ' #app .dummy-panel button.card.playable:not([disabled])')"""


def french_only(page, words, where: str) -> None:
    found = english_in(page.evaluate(SCAN), words)
    assert found == [], f"English on the French screen ({where}): {found}"


def open_quick_game(page, url, game: str) -> None:
    page.add_init_script("if (!localStorage.getItem('cardtable/v1/settings'))"
                         " localStorage.setItem('cardtable/v1/settings', '{\"speed\": \"fast\"}')")   # (before web/store.js)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.click(f'[data-act="quick:{game}"]')


def switch_language_mid_game(page, words) -> None:
    """Log sheet -> English -> French: the same game, position and cards; <html lang> follows."""
    record, cards = current_record(page), dom_cards(page)
    page.click('[data-key="log"]')
    page.click('[data-act="lang:en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")   # (its pack fetched first)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Game log" in page.inner_text(".sheet-panel") and "Journal" not in page.inner_text(".topbar")
    assert dom_cards(page) == cards and current_record(page) == record
    page.click('[data-act="lang:fr"]')
    page.wait_for_function("() => document.documentElement.lang === 'fr'")   # (its pack fetched first)
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Journal de la partie" in page.inner_text(".sheet-panel")
    french_only(page, words, "log sheet after switching back")
    page.keyboard.press("Escape")
    assert dom_cards(page) == cards and current_record(page) == record
    assert json.loads(store_get(page, "cardtable/v1/settings"))["lang"] == "fr"


LAST_ACTIONS = f"async () => (await ({LAST_RECORD_JS})()).actions.length"


def hint_and_play(page, words) -> int:
    """Ask for a hint (its sentence in French), play the hinted card; the number of actions before it."""
    page.click('[data-act="hint"]')
    page.wait_for_selector("button.card.hinted", timeout=30_000)
    line = page.inner_text(".hint-line")
    assert line.startswith("Conseil\u202f: jouez"), line   # a narrow no-break space before the colon
    french_only(page, words, "the hint")
    screenshot(page, "french-hint-phone")
    n = page.evaluate(LAST_ACTIONS)
    page.locator("button.card.hinted").click()
    # the live region says the move in French (it keeps the last few sentences only: read it now)
    page.wait_for_function("() => document.getElementById('announcer').innerText.includes('Vous jouez')")
    said = page.evaluate("document.getElementById('announcer').innerText")
    assert english_in(said, words) == [], said
    store_wait(page, f"async () => await ({LAST_ACTIONS})() > {n}")
    return n


def undo_and_sheets(page, words, n: int) -> None:
    """The live region speaks French; Undo takes a move back; the log says so; both sheets."""
    said = page.evaluate("document.getElementById('announcer').innerText")
    assert english_in(said, words) == [], said
    assert page.inner_text('[data-act="undo"]') == "Annuler"
    # Undo goes back to this person's previous decision: the hinted play, or (when that was the
    # opening lead, which turned up the dummy and cannot be taken back) a later play of theirs
    before = page.evaluate(LAST_ACTIONS)
    page.click('[data-act="undo"]')
    store_wait(page, f"async () => await ({LAST_ACTIONS})() < {before}")
    assert n <= page.evaluate(LAST_ACTIONS) < before
    page.click('[data-key="log"]')
    assert re.search(r"Vous avez repris \S{1,2}[♠♥♦♣]\.", page.inner_text(".sheet-panel"))   # not « Vous a repris » (#46)
    french_only(page, words, "log sheet after an undo")
    page.keyboard.press("Escape")
    page.click('[data-key="sheet"]')
    page.wait_for_selector(".sheet-panel")
    assert "Feuille de marque" in page.inner_text(".sheet-panel")
    french_only(page, words, "score sheet")
    page.keyboard.press("Escape")


def french_steps(page, words, game: str):
    """The steps of one hand played through the page, each step number given once the page can be
    acted on and shows only French; it ends at the hand's summary, and fails if the hand never ends."""
    for step in range(STEPS):
        page.wait_for_function(ACTIONABLE)
        french_only(page, words, f"{game}, step {step}")
        if page.locator(".hand-summary").count():
            return
        yield step
    pytest.fail("the hand did not end")


def test_a_hand_of_dummy_spades_in_french(page, site, words):
    open_quick_game(page, site.url, "dummy-spades")
    switched = shot = False
    undone: int | None = None
    for _ in french_steps(page, words, "Dummy Spades"):
        if page.locator(".table.collecting").count():
            settle(page)
            continue
        if page.locator(".bid-panel").count():
            page.click('[data-key="bid:3"]')
            page.click('[data-key="confirm-bid"]')
            continue
        if not shot:
            screenshot(page, "french-spades-phone")
            shot = True
        if not switched and page.locator(".topbar").count():
            switch_language_mid_game(page, words)
            switched = True
            continue
        if undone is None and page.locator('[data-act="hint"]').count():
            undone = hint_and_play(page, words)
            continue
        if undone is not None and undone >= 0 and page.locator('[data-act="undo"]').count():
            undo_and_sheets(page, words, undone)
            undone = -1
            continue
        page.locator("#app button.card.playable:not([disabled])").first.click()
    assert switched and shot and undone == -1
    assert "Fin de la donne" in page.inner_text(".hand-summary")


def test_a_hand_of_seep_in_french(page, site, words):
    open_quick_game(page, site.url, "seep")
    switched = shot = False
    for step in french_steps(page, words, "Seep"):
        if page.locator('[data-key="redeal"]').count():
            page.click('[data-key="redeal"]')
            continue
        if page.locator(".bid-chip").count():
            page.locator(".bid-chip").first.click()
            continue
        if not switched:
            switch_language_mid_game(page, words)
            switched = True
            continue
        cards = page.locator("#app .my-hand button.card.playable")
        for i in range(cards.count()):
            cards.nth(i).click()
            french_only(page, words, f"Seep, step {step}, card {i} picked")
            if not shot and page.locator(".refused, .offers").count():
                screenshot(page, "french-seep-phone")
                shot = True
            if page.locator(".offers button").count():
                page.locator(".offers button").first.click()
                break
            page.click('[data-key="clear"]')
        else:
            pytest.fail("no card of the hand has a move")
    assert switched and shot
    assert "Fin de la donne" in page.inner_text(".hand-summary")


@pytest.mark.first_visit
def test_home_switch_rules_and_a_start_from_the_snapshot(page, site, words):
    """Home and rules in French; English chosen on home is remembered over the browser's French,
    through a start from the memory snapshot (the catalog is read after it is restored)."""
    page.goto(site.url)
    wait_ready(page)
    french_only(page, words, "home")
    page.click('[data-act="rules:seep"]')
    assert "maison" in page.inner_text(".rules") and "pakka" in page.inner_text(".rules")
    page.click('[data-key="back"]')
    page.click('[data-act="lang:en"]')
    page.wait_for_function("() => document.documentElement.lang === 'en'")   # (its pack fetched first)
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "Saved games" in page.inner_text("#app")
    assert english_in(page.evaluate(SCAN), words)   # the scan does see English where there is some
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
    # the worker fetches the snapshot after its install: a reload before it is cached starts without
    page.wait_for_selector("html[data-snapshot-cached]", state="attached", timeout=120_000)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "used"
    assert page.evaluate("document.documentElement.lang") == "en" and "Saved games" in page.inner_text("#app")
    page.click('[data-act="lang:fr"]')
    page.wait_for_function("() => document.documentElement.lang === 'fr'")   # (its pack fetched first)
    assert "Parties enregistrées" in page.inner_text("#app")


def import_file(page, record: dict, name: str, selector: str = "#import-file") -> None:
    page.set_input_files(selector, files=[{"name": name, "mimeType": "application/json",
                                           "buffer": json.dumps(record).encode("utf-8")}])


def step_review(page, words, where: str, steps: int, stop: str = "") -> None:
    """Step a review forward, scanning each step (until ``stop`` shows, when given)."""
    french_only(page, words, f"{where}, start")
    for i in range(steps):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f'.review-where[data-step="{i + 1}"]', state="attached")
        french_only(page, words, f"{where}, step {i + 1}")
        if stop and page.locator(stop).count():
            return
    assert not stop, f"{where}: {stop} never showed"


def test_the_end_review_statistics_and_settings_in_french(page, site, words):
    page.goto(site.url)
    wait_ready(page)
    # a finished Dummy Spades game imported: its end, then its review
    import_file(page, spades_record(), "pique.json")
    page.wait_for_selector(".game-over", state="attached")
    french_only(page, words, "game over")
    page.click('[data-key="review-over"]')
    page.wait_for_selector("html[data-screen=review]", state="attached")
    assert page.inner_text("#app h1") == "Revoir\u202f: Pique au mort"
    step_review(page, words, "Dummy Spades review", 30, stop=".review-trick.done")
    screenshot(page, "french-review-phone")
    page.keyboard.press("PageDown")
    page.keyboard.press("End")
    assert "Partie terminée" in page.inner_text(".review-move")
    french_only(page, words, "Dummy Spades review, the end")
    # a finished Seep game: its end, then its review as far as a capture
    page.click('[data-act="nav:home"]')
    import_file(page, seep_record(), "seep.json")
    page.wait_for_selector(".game-over", state="attached")
    french_only(page, words, "Seep game over")
    page.click('[data-key="review-over"]')
    page.wait_for_selector("html[data-screen=review]", state="attached")
    step_review(page, words, "Seep review", 60, stop=".review-capture")
    screenshot(page, "french-review-seep-phone")
    # a file opened for review
    page.click('[data-act="nav:home"]')
    import_file(page, spades_record(), "pique.json", "#review-file")
    page.wait_for_selector("html[data-screen=review]", state="attached")
    assert "Toutes les mains sont visibles" in page.inner_text(".review-note")
    french_only(page, words, "a file opened for review")
    # Statistics: the players of both games, a chart's figures, the reset question
    page.click('[data-act="nav:home"]')
    page.click('[data-act="stats"]')
    page.wait_for_selector("html[data-screen=stats]", state="attached")
    assert page.inner_text("#app h1") == "Statistiques"
    assert page.locator(".stats-player").count() >= 4
    french_only(page, words, "statistics")
    screenshot(page, "french-stats-phone")
    page.locator(".chart-figures summary").first.click()
    french_only(page, words, "statistics, a chart's figures")
    page.click('[data-act="stats:reset"]')
    page.wait_for_selector('.stats-reset [role="dialog"]', state="attached")
    french_only(page, words, "statistics, the reset question")
    page.click('.stats-reset [data-act="cancel"]')
    # Settings
    page.click('[data-key="back"]')
    page.click('[data-act="nav:settings"]')
    page.wait_for_selector("html[data-screen=settings]", state="attached")
    assert page.inner_text("#app h1") == "Réglages"
    french_only(page, words, "settings")
    screenshot(page, "french-settings-phone")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
