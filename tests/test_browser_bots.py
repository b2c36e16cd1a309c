"""Computer players in real Chromium: the page stays responsive while a computer thinks.  (A whole
hand of one person against two computers is played at three sizes in test_browser_phone; ``start``,
``person_acts`` and ``record`` here serve it in test_snapshot.)"""

import json

import pytest

from conftest import GAME_PREFIX, LAST_KEY, LAST_RECORD_JS, store_get, store_wait, take_device, wait_ready

pytestmark = pytest.mark.browser
pytest.importorskip("cardtable.bots")

ANY_STATE = """() => !!(document.querySelector('.hand-summary')
    || document.querySelector('html[data-screen=handoff]')
    || document.querySelector('.bid-panel')
    || document.querySelector('button.card.playable'))"""


def record(page) -> dict:
    return json.loads(store_get(page, f"{GAME_PREFIX}{store_get(page, LAST_KEY)}"))


FAST = "localStorage.setItem('cardtable/v1/settings', JSON.stringify({speed: 'fast'}));"


def start(page, url, seed, kinds=("casual", "strong"), fast=True):
    """A new Dummy Spades game: the person in the first seat, computers of ``kinds`` in the others.
    ``fast``: at the fast speed setting (shorter pauses before a computer's move and after a
    trick), for tests that only wait for the computers."""
    if fast:
        page.add_init_script(FAST)
    page.goto(url)
    wait_ready(page)
    page.click('[data-act="new:dummy-spades"]')
    page.select_option("#ng-kind-1", kinds[0])
    page.select_option("#ng-kind-2", kinds[1])
    page.fill("#ng-seed", str(seed))
    page.click('[data-act="start"]')


def person_acts(page) -> str:
    """Wait until the person can act (or the hand is over), then act once."""
    page.wait_for_function(ANY_STATE, timeout=60_000)
    if page.locator(".hand-summary").count():
        return "over"
    if page.locator("html[data-screen=handoff]").count():
        take_device(page)
        return "ready"
    if page.locator(".bid-panel").count():
        page.click('[data-act="ui:bid:4"]')
        page.click('[data-act="ui:confirm-bid"]')
        return "bid"
    n = len(record(page)["actions"])
    page.locator("button.card.playable").first.click()
    # the move is recorded before anything else happens
    store_wait(page, f"async n => (await ({LAST_RECORD_JS})()).actions.length > n", n, timeout_ms=10_000)
    return "play"


# Armed just before the person's card: as soon as the page has recorded that play, the page itself
# taps Scores (no round trip through the test, whose latency grows with the machine's load), and
# notes how many actions the game had when the tap was made and when the sheet came up.  (The count
# is asked of the store, answered later: the page is looked at once it is known.)
ARM_SHEET_TAP = """n => {
  window.__tapAt = null; window.__sheetAt = null;
  const count = async () => (await (%s)()).actions.length;
  const watch = new MutationObserver(async () => {
    const c = await count();
    if (window.__sheetAt !== null) return;   // (an answer that came after the sheet was seen)
    if (window.__tapAt === null) {
      const scores = document.querySelector('[data-act="ui:panel:sheet"]');
      if (c > n && scores) { window.__tapAt = c; scores.click(); }
    } else if (document.querySelector('.panel.sheet')) {
      window.__sheetAt = c; watch.disconnect();
    }
  });
  watch.observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true});
}""" % LAST_RECORD_JS


def test_the_page_answers_while_a_computer_thinks(watched_page, site):
    page = watched_page
    page.add_init_script("window.__cardtableComputerMs = null;")   # the players' pause (conftest's is shorter)
    start(page, site.url, seed=5, kinds=("strong", "strong"), fast=False)  # the 700 ms pause is needed
    # act until it is a computer's turn right after one of ours
    for _ in range(40):
        page.wait_for_function(ANY_STATE, timeout=60_000)
        if page.locator("button.card.playable").count() and not page.locator(".bid-panel").count():
            n = len(record(page)["actions"])
            page.evaluate(ARM_SHEET_TAP, n)
            assert person_acts(page) == "play"
            page.wait_for_function("() => window.__sheetAt !== null", timeout=30_000)
            # the score sheet came up before the computer's reply (700 ms pause + thinking) landed
            assert page.evaluate("[window.__tapAt, window.__sheetAt]") == [n + 1, n + 1]
            break
        person_acts(page)
    else:
        pytest.fail("the person never got to play")
    # and the computers go on playing afterwards
    store_wait(page, f"async n => (await ({LAST_RECORD_JS})()).actions.length > n + 1", n, timeout_ms=30_000)
    page.watch.assert_clean()
