"""The guided Seep hand (issue #30) played to its end in Chromium, both parts (four players, then
Seep for two and its second half), in English by taps on a 360×740 phone, then on the same page in
French by keyboard alone on a 740×360 one.  At every step (in French at both sizes, the window
turned and back at each: French's longer words are the harder fit, so English is not turned), the
tip and the thing it points at are both wholly in the viewport and do not overlap, and the tip covers no card, status line or line of what just happened (#46; the screen
audit runs after every redraw too); by
keyboard the focus is on the thing to do, and comes back to it when a redraw dropped it.  axe-core
finds no serious or critical violation at the offer and at several steps.  Also: a different legal
move is explained and taken back, an illegal one gets the engine's reason, and the lesson resumes
where it was left.  Screenshots of several steps: test-artifacts/lesson-*.png."""

import json

import pytest

from cardtable.lessons import lessons
from conftest import screenshot, store_get, wait_ready
from csp import wait_until
from test_browser_a11y import Axe

pytestmark = pytest.mark.browser

LESSON = lessons()["seep"]
PARTS = (LESSON, lessons()[LESSON.then])   # four players, then Seep for two (the second half)
STEPS = sum(len(p.steps) for p in PARTS)
SHOTS = {2, 3, 8, 10, 17, 20, 23, 24}   # steps worth a look (1-based, over both parts), written as screenshots
KEYS = ("cardtable/v1/lesson/seep", "cardtable/v1/lesson/seep-two")

STATE = """() => {
  const tip = document.querySelector('#app .lesson-tip');
  if (!tip || !tip.hasAttribute('data-placed')) return null;
  const sel = tip.dataset.lessonPoint, el = document.querySelector('#app ' + sel);
  const box = e => { const r = e.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const t = box(tip), r = el ? box(el) : null;
  const inView = x => x.left >= -0.5 && x.top >= -0.5 && x.right <= innerWidth + 0.5 && x.bottom <= innerHeight + 0.5;
  const overlap = !!r && !(t.right <= r.left || r.right <= t.left || t.bottom <= r.top || r.bottom <= t.top);
  const button = tip.querySelector('button');
  return {tipBox: t, targetBox: r, say: tip.dataset.lessonSay, sel, found: !!el, tipIn: inView(t), targetIn: r ? inView(r) : null, overlap,
          text: tip.querySelector('.lesson-text').textContent, count: tip.querySelector('.lesson-count').textContent,
          focus: document.activeElement === el ? 'target' : (button && document.activeElement === button ? 'button' : 'other'),
          button: button ? button.dataset.key : null, error: (document.querySelector('#app .move-error') || {}).textContent || '',
          covers: window.__auditTipCovers()};
}"""


# no card or house still sliding into place, and the tip placed after that (the ring's pulse runs forever;
# a just-played card's glow, seep-just, is a box-shadow: it moves nothing)
SETTLED = ("(document.getAnimations().every(a => a.playState !== 'running' || a.effect.getTiming().iterations === Infinity"
           " || a.animationName === 'seep-just') && !!document.querySelector('#app .lesson-tip[data-placed]'))")


STEADY = """async (ms) => {
  const started = performance.now(), state = (%s), settled = () => { try { return %s; } catch (e) { return false; } };
  while (!settled()) {
    if (performance.now() - started > ms) throw new Error("the lesson's tip was never placed and still");
    await new Promise(r => setTimeout(r, 20));
  }
  const frames = () => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const boxes = x => x && JSON.stringify([x.tipBox, x.targetBox]);
  let st = state();
  for (let i = 0; i < 20; i++) {
    await frames();
    const again = state();
    if (again && st && boxes(again) === boxes(st)) return again;
    st = again;
  }
  return st;
}""" % (STATE, SETTLED)


def state(page) -> dict:
    """The step's state, in one round trip: once the tip is placed and nothing slides, and the tip
    stays where it is over two animation frames (a redraw that follows a move, a status line that
    changes, places the tip again)."""
    try:
        return page.evaluate(STEADY, 30_000)
    except Exception:
        screenshot(page, "lesson-failed")
        raise


def do_step(page, st: dict, keyboard: bool, where: str = "") -> None:
    """Does what the tip asks: Enter on the focus (which must be the thing to do), or a tap on the
    tip's button or on the ringed target."""
    if keyboard:
        want = "button" if st["button"] else "target"
        assert st["focus"] == want, (where, st, "the focus is not on the thing to do")
        page.keyboard.press("Enter")
    elif st["button"]:
        page.click(f'#app .lesson-tip [data-key="{st["button"]}"]')
    else:
        page.click(f"#app {st['sel']}")


def moved_on(page, before: dict) -> dict:
    """The next position of the tip (a new step, or the next control of the same step)."""
    key = json.dumps([before["say"], before["sel"]])
    wait_until(page, "(() => { const t = document.querySelector('#app .lesson-tip');"
                     " return (t && t.hasAttribute('data-placed') && JSON.stringify([t.dataset.lessonSay, t.dataset.lessonPoint]) !== "
                     f"{json.dumps(key)}) || document.documentElement.dataset.screen === 'home'; }})()")
    if page.evaluate("document.documentElement.dataset.screen") == "home":
        return {}
    return state(page)


def open_app(page, site, lang: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script("localStorage.setItem('cardtable/v1/settings', JSON.stringify("
                         f"{{speed: 'fast', lang: '{lang}'}}));")
    page.goto(site.url)
    wait_ready(page)


def check_step(st: dict, where: str, page=None, tip_rule: bool = False) -> None:
    """The tip and its target in view, apart; with ``tip_rule``, the screen audit's rule that the
    tip covers no card, not the status line and not the line of what just happened (#46)."""
    try:
        assert st["found"], (where, st)
        assert st["tipIn"] and st["targetIn"], (where, st)
        assert not st["overlap"], (where, st)
        assert not (tip_rule and st["covers"]), (where, "the tip covers a card or the status line", st)
    except AssertionError:
        if page is not None:
            screenshot(page, "lesson-failed")
        raise AssertionError(json.dumps([where, st], ensure_ascii=False)) from None


DROP_FOCUS = ("() => { document.activeElement && document.activeElement.blur();"
              " window.dispatchEvent(new Event('resize')); }")


def frames(page) -> None:
    """Two animation frames: the tip is placed again after a resize."""
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def also_at(page, st: dict, size: tuple[int, int], where: str, keyboard: bool, tip_rule: bool = False) -> dict:
    """The step ``st`` checked at the other size too (the window turned, then back): the tip and its
    target both in view and apart there as well.  Its state again, the focus put back on the thing to
    do when by keyboard (the focus was checked in ``st``, before the turn)."""
    if keyboard:
        assert st["focus"] == ("button" if st["button"] else "target"), (where, st, "the focus is not on the thing to do")
    back = page.viewport_size
    page.set_viewport_size({"width": size[0], "height": size[1]})
    frames(page)
    check_step(state(page), f"{where} at {size[0]}x{size[1]}", page, tip_rule)
    page.set_viewport_size(back)
    frames(page)
    seen = state(page)
    if keyboard:
        page.focus(f"#app {seen['sel']}" if not seen["button"] else f'#app .lesson-tip [data-key="{seen["button"]}"]')
        seen = state(page)
    return seen


def play_lesson(page, lang: str, keyboard: bool, shots_prefix: str = "", at_shot=None, learn: str = "learn:seep",
                also: tuple[int, int] | None = None) -> list[str]:
    """From the home screen's "Learn to play" through both parts to the lesson's Finish; the step texts seen.
    With ``also``, every step is checked at that size too."""
    if keyboard:
        page.focus(f'[data-key="{learn}"]')
        page.keyboard.press("Enter")
    else:
        page.click(f'[data-key="{learn}"]')
    st = state(page)
    texts, shot, dropped = [], set(), False
    for _ in range(300):
        check_step(st, f"{lang} {st['count']}", page, tip_rule=True)
        if st["text"] not in texts:
            texts.append(st["text"])
        n = len(texts)   # the step's number over both parts
        if shots_prefix and n in SHOTS and n not in shot:
            shot.add(n)
            screenshot(page, f"{shots_prefix}-step{n:02d}")
            if at_shot is not None:
                at_shot(f"step {n}")
        if keyboard and not dropped and n == 4:   # a redraw that drops the focus: it comes back to the thing to do
            dropped = True
            page.evaluate(DROP_FOCUS)
            wait_until(page, "document.activeElement && document.activeElement.matches('#app .lesson-tip button')")
            st = state(page)
        if also:
            st = also_at(page, st, also, f"{lang} {st['count']}", keyboard, tip_rule=True)
        do_step(page, st, keyboard)
        if st["button"] == "lesson-finish":
            break
        st = moved_on(page, st)
    wait_until(page, "document.documentElement.dataset.screen === 'home'")
    for key in KEYS:   # finished: starts afresh
        assert store_get(page, key) is None
    assert len(texts) == STEPS
    return texts


def test_lesson_by_taps_on_a_phone_then_by_keyboard_alone_sideways(page, site):
    """Both ways of playing and both languages, on one page: in English by taps at 360×740 (from the
    first visit's offer), then in French from the home screen's Learn to play by keyboard alone (only
    Enter) at 740×360.  Every French step is looked at in both sizes too (the window turned and
    back): the longer words' tips upright and sideways."""
    open_app(page, site, "en", 360, 740)
    # the first visit offers the lesson, once
    assert page.locator('[data-key="offer-learn"]').count() == 1
    screenshot(page, "lesson-en-offer")
    axe = Axe(page)   # axe-core: no serious or critical violation at the offer and steps
    axe("home with the offer")
    english = play_lesson(page, "en", keyboard=False, shots_prefix="lesson-en-360x740", at_shot=axe,
                          learn="offer-learn")
    assert axe.problems == [], json.dumps(axe.problems)
    assert page.locator('[data-key="offer-learn"]').count() == 0
    page.click('[data-key="lang:fr"]')
    page.wait_for_function("() => document.documentElement.lang === 'fr'")   # (its pack fetched first)
    wait_until(page, "document.documentElement.lang === 'fr'")
    page.set_viewport_size({"width": 740, "height": 360})
    french = play_lesson(page, "fr", keyboard=True, shots_prefix="lesson-fr-740x360", also=(360, 740))
    assert len(french) == len(english)
    assert not set(french) & {s.text for p in PARTS for s in p.steps}, "a step left in English"


def test_other_move_taken_back_illegal_refused_and_resume(page, site):
    open_app(page, site, "en", 360, 740)
    page.click('[data-key="learn:seep"]')
    st = state(page)
    page.click('#app .lesson-tip [data-key="lesson-next"]')
    st = moved_on(page, st)
    assert st["sel"] == '[data-key="bid 12"]'
    # an illegal move: a card played before the bid is refused with the engine's reason
    page.click('#app [data-act="ui:hand:5D"]', force=True)
    wait_until(page, "!!document.querySelector('#app .move-error')")
    assert "bid" in page.text_content("#app .move-error").lower()
    page.click("#app " + st["sel"])
    st = moved_on(page, st)
    assert st["sel"] == '[data-act="ui:hand:9C"]'
    # a different legal first play: 5♦ on 7♥ also builds 12
    page.click('#app [data-act="ui:hand:5D"]')
    page.click('#app [data-act="ui:floor:7H"]')
    page.click('#app [data-key="do:build 12 5D 7H"]')
    wait_until(page, "!!document.querySelector('#app .lesson-tip [data-key=\"lesson-back\"]')")
    off = state(page)
    assert off["say"].startswith("off-") and "house" in off["text"]
    screenshot(page, "lesson-en-360x740-other-move")
    page.click('#app .lesson-tip [data-key="lesson-back"]')
    st = moved_on(page, off)
    assert st["sel"] == '[data-act="ui:hand:9C"]' and st["say"] == "step-2"
    assert page.locator('#app [data-act="ui:hand:5D"]').count() == 1   # the 5♦ is back in the hand
    # leave at this step and come back to it
    page.click('#app [data-key="home"]')
    wait_until(page, "document.documentElement.dataset.screen === 'home'")
    page.click('[data-key="learn:seep"]')
    again = state(page)
    assert again["say"] == "step-2" and again["sel"] == st["sel"]
