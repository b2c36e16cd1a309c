"""The guided Dummy Spades hand and its peek and flip parts (issue #30) played to their end in
Chromium, on one page: by taps on a 360×740 phone in English, then by keyboard alone (Enter only)
on a 740×360 one in French (its nils make the chips taller: issue #25).  At every step, the tip
and the thing it points at are both wholly in the viewport and do not overlap: in English at
360×740, in French at both sizes (the window is turned and back at each: French's longer words are
the harder fit, so English is not turned too; the screen audit runs after every redraw), the
step's text is said in the live region, and by keyboard the focus is on the thing to do.  On the way: the first
visit offers both games' lessons, a spade led before spades are broken gets the engine's reason, a
different legal lead is explained and taken back, and the lesson resumes where it was left (in its
first part and in its second).  At nine steps of the French run the step is screenshotted at both
sizes, and axe-core finds no serious or critical violation.
Screenshots (both languages at 360×740, French at 740×360 too): test-artifacts/lesson-spades-*.png."""

import pytest

from cardtable.lessons import lessons
from conftest import screenshot, store_get
from csp import wait_until
from test_browser_a11y import Axe
from test_browser_lesson import also_at, check_step, do_step, frames, moved_on, open_app, state

pytestmark = pytest.mark.browser

PARTS = [n for n in ("dummy-spades", "dummy-spades-peek", "dummy-spades-flip")]
STEPS = sum(len(lessons()[n].steps) for n in PARTS)
SHOTS = {("dummy-spades", n) for n in (2, 3, 6, 8, 24, 31, 34)} | {("dummy-spades-peek", 3), ("dummy-spades-flip", 2)}


def part(page) -> str:
    return page.evaluate("location.hash").split("/")[-1]


def play_lesson(page, lang: str, keyboard: bool, on_step=None, also=None) -> list[str]:
    """From the lesson's first step to the Finish of its last part; the step texts seen.
    ``on_step(page, part, n, st)`` is called at each step shown (n counts from 1 in its part).  With
    ``also``, every step is checked at that size too."""
    st = state(page)
    texts = []
    for _ in range(300):
        where = part(page)
        check_step(st, f"{lang} {where} {st['count']}", page, tip_rule=True)
        n = int(st["say"].split("-")[1]) + 1
        said = page.evaluate("[...document.querySelectorAll('#announcer p')].map(p => p.textContent)")
        assert st["text"] in said, (where, st["text"], "not said in the live region")
        if st["text"] not in texts:
            texts.append(st["text"])
        if on_step is not None and on_step(page, where, n, st):
            st = state(page)
            continue
        if also:
            st = also_at(page, st, also, f"{lang} {where} {st['count']}", keyboard, tip_rule=True)
        do_step(page, st, keyboard, where)
        if st["button"] == "lesson-finish":
            break
        st = moved_on(page, st)
    wait_until(page, "document.documentElement.dataset.screen === 'home'")
    for n in PARTS:   # finished: every part starts afresh
        assert store_get(page, f"cardtable/v1/lesson/{n}") is None
    assert len(texts) == STEPS, texts
    return texts


def shot(lang: str):
    def at(page, where, n, st):
        if (where, n) in SHOTS and not page.evaluate(f"!!window.__shot_{lang}_{where.replace('-', '_')}_{n}"):
            page.evaluate(f"window.__shot_{lang}_{where.replace('-', '_')}_{n} = true")
            screenshot(page, f"lesson-spades-{lang}-360x740-{where[13:] or 'hand'}-step{n:02d}")
        return False
    return at


def detours(page, where, n, st) -> bool:
    """At the opening lead: an illegal spade lead, a different legal lead taken back, leaving and
    resuming; at the peek: leaving the second part and resuming it.  True when it acted."""
    done = page.evaluate("window.__detours || []")
    if where == "dummy-spades" and st["sel"] == '[data-act="move:play AH"]' and "lead" not in done:
        page.evaluate("window.__detours = ['lead']")
        page.click('#app [data-act="move:play AS"]', force=True)   # no spade lead before spades are broken
        wait_until(page, "!!document.querySelector('#app .move-error')")
        assert "spades are not broken" in page.text_content("#app .move-error").lower()
        page.click('#app [data-act="move:play KH"]')             # legal, but not the lesson's
        wait_until(page, "!!document.querySelector('#app .lesson-tip [data-key=\"lesson-back\"]')")
        off = state(page)
        assert off["say"].startswith("off-") and "Take it back" in page.text_content("#app .lesson-tip")
        check_step(off, "other move", page, tip_rule=True)
        screenshot(page, "lesson-spades-en-360x740-other-move")
        page.click('#app .lesson-tip [data-key="lesson-back"]')
        back = moved_on(page, off)
        assert back["say"] == st["say"] and back["sel"] == st["sel"]
        assert page.locator('#app .my-hand [data-act="move:play KH"]').count() == 1   # the K♥ is back
        page.click('#app [data-key="home"]')
        wait_until(page, "document.documentElement.dataset.screen === 'home'")
        page.click('[data-key="learn:dummy-spades"]')
        again = state(page)
        assert again["say"] == st["say"] and again["sel"] == st["sel"] and part(page) == "dummy-spades"
        return True
    if where == "dummy-spades-peek" and n == 2 and "peek" not in done:
        page.evaluate("window.__detours = ['lead', 'peek']")
        page.click('#app [data-key="home"]')
        wait_until(page, "document.documentElement.dataset.screen === 'home'")
        page.click('[data-key="learn:dummy-spades"]')   # the second part, where it was left
        again = state(page)
        assert part(page) == "dummy-spades-peek" and again["say"] == st["say"]
        return True
    return False


def test_lesson_by_taps_then_by_keyboard(page, site):
    open_app(page, site, "en", 360, 740)
    # the first visit offers both games' lessons
    assert page.locator('[data-key="offer-learn"]').count() == 1
    assert page.locator('[data-key="offer-learn:dummy-spades"]').count() == 1
    screenshot(page, "lesson-spades-en-offer")
    page.click('[data-key="offer-learn:dummy-spades"]')
    en = shot("en")
    english = play_lesson(page, "en", keyboard=False, on_step=lambda *a: detours(*a) or en(*a))
    assert page.locator('[data-key="offer-learn"]').count() == 0

    # the same page, in French, sideways, by keyboard alone (and a look at 360×740 now and then)
    page.click('[data-key="lang:fr"]')
    page.wait_for_function("() => document.documentElement.lang === 'fr'")   # (its pack fetched first)
    wait_until(page, "document.documentElement.lang === 'fr'")
    page.set_viewport_size({"width": 740, "height": 360})
    page.focus('[data-key="learn:dummy-spades"]')
    page.keyboard.press("Enter")
    axe = Axe(page)   # axe-core: no serious or critical violation at the steps looked at

    def upright(page, where, n, st):
        if (where, n) in SHOTS:   # (every step is checked upright too: play_lesson's also)
            page.set_viewport_size({"width": 360, "height": 740})
            frames(page)
            shot("fr")(page, where, n, st)
            page.set_viewport_size({"width": 740, "height": 360})
            frames(page)
            screenshot(page, f"lesson-spades-fr-740x360-{where[13:] or 'hand'}-step{n:02d}")
            axe(f"{where} step {n}")
        return False
    french = play_lesson(page, "fr", keyboard=True, on_step=upright, also=(360, 740))
    assert axe.problems == [], axe.problems
    assert not set(french) & set(english), "a step left in English"
