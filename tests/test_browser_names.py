"""Names cannot turn the text around them (issue 24), checked in Chromium from the laid-out text.

A saved game (written by an older version, so the import's clean-up never saw it) names its three
players with an unclosed right-to-left override (U+202E) each.  On the saved-games row, the
hand-off button, the table's score line and the log, the words of each line must come in reading
order on the screen: for each word the test takes the box of its characters
(``Range.getBoundingClientRect``) and checks that they run left to right.  The same check on a
line without ``<bdi>`` (built in the page) sees the words reversed, so it can fail.  The form's
names lose their bidi controls.

Screenshots: test-artifacts/names-*.png.
"""

from __future__ import annotations

import json

from conftest import take_device, screenshot, wait_ready

from cardtable.record import dumps, new_game

RLO = "\u202e"
NAMES = ["Ana" + RLO, "Ben" + RLO, "Chloé" + RLO]

BOXES = """([selector, words]) => {
  const root = document.querySelector(selector);
  if (!root) return {error: "no " + selector};
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n);
  const full = nodes.map(n => n.data).join("");
  const out = [];
  let from = 0;
  for (const w of words) {
    const i = full.indexOf(w, from);
    if (i < 0) return {error: "no " + JSON.stringify(w) + " in " + JSON.stringify(full)};
    from = i + w.length;
    let acc = 0;
    for (const node of nodes) {
      if (i < acc + node.data.length) {
        const r = document.createRange();
        r.setStart(node, i - acc);
        r.setEnd(node, Math.min(node.data.length, i - acc + w.length));
        const b = r.getBoundingClientRect();
        out.push([w, b.left, b.top]);
        break;
      }
      acc += node.data.length;
    }
  }
  return out;
}"""


def boxes(page, selector: str, words: list[str]) -> list:
    got = page.evaluate(BOXES, [selector, words])
    assert not isinstance(got, dict), got
    return got


def in_reading_order(page, selector: str, words: list[str]) -> bool:
    """Whether ``words`` (in the order the text holds them) are laid out left to right, each on
    the line of the word before it or a later one."""
    got = boxes(page, selector, words)
    for (_w1, x1, y1), (_w2, x2, y2) in zip(got, got[1:]):
        if y2 > y1 + 4:          # a new line
            continue
        if not x2 > x1:
            return False
    return True


def test_a_name_with_a_right_to_left_override_leaves_its_line_in_order(page, site):
    page.set_viewport_size({"width": 740, "height": 900})
    page.goto(site.url)
    wait_ready(page)
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 5, "players": NAMES,
                     "options": {"variant": "no-peeky"}, "actions": []})
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    rec = game.to_record()
    page.evaluate("e => { for (const [k, v] of Object.entries(e)) localStorage.setItem(k, v); }", {
        "cardtable/v1/game/g1": dumps(rec),       # no note: written before notes held summaries
        "cardtable/v1/meta/g1": json.dumps({"updated": 1, "controllers": {s: "human" for s in ("p0", "p1", "p2")}}),
    })
    page.reload()
    wait_ready(page)

    # the check can fail: the same words without <bdi> come out reversed
    page.evaluate("""() => { const p = document.createElement('p'); p.id = 'control';
        p.textContent = 'Dummy Spades · Ana\\u202e, Ben\\u202e, Chloé\\u202e'; document.body.appendChild(p); }""")
    assert not in_reading_order(page, "#control", ["Dummy Spades", "Ana", "Ben", "Chloé"])
    page.evaluate("document.getElementById('control').remove()")

    # the saved-games row: title, the three names, then the score line under them
    row = '.save[data-save="g1"] .save-text'
    assert page.locator(f"{row} bdi").count() >= 3
    assert in_reading_order(page, row, ["Dummy Spades", "Ana", "Ben", "Chloé"])
    assert in_reading_order(page, row, ["hand", "Ana", "0", "Ben", "0", "Chloé", "0", "last played"])
    screenshot(page, "names-home")

    # the hand-off button
    page.click('[data-act="open:g1"]')
    page.wait_for_selector("html[data-screen=handoff]", state="attached")
    who = {"p0": "Ana", "p1": "Ben", "p2": "Chloé"}[game.to_act]
    assert in_reading_order(page, '[data-act="ready"]', ["I am", who, "show my cards"])
    screenshot(page, "names-handoff")
    take_device(page)
    page.wait_for_selector("html[data-screen=table]", state="attached")

    # the score line, and the last move in the status line
    assert in_reading_order(page, ".topbar .totals", ["Ana", "0", "Ben", "0", "Chloé", "0"])
    assert page.locator(".topbar .totals bdi").count() == 3
    screenshot(page, "names-table")

    # the log: each line's name comes before its move
    page.click('[data-key="log"]')
    page.wait_for_selector(".log-list li")
    first = page.locator(".log-list li").first
    assert first.locator("bdi").count() >= 1
    assert in_reading_order(page, ".log-list li", [first.locator("bdi").first.inner_text(), "bids"])


def test_the_form_keeps_names_without_bidi_controls(page, site):
    from conftest import start_from_form, saved_records

    start_from_form(page, site.url, "dummy-spades", 3, ["An\u202ea", "\u2066Ben\u2069", "Chlo\u200fé"])
    page.wait_for_selector("html[data-screen=handoff], html[data-screen=table]", state="attached")
    [text] = saved_records(page).values()
    assert json.loads(text)["players"] == ["Ana", "Ben", "Chloé"]


def test_a_utf16_file_opens_in_the_browser_as_replay_reads_it(page, site):
    """Issue 24: the import and ``python -m cardtable replay`` give the same answer for UTF-16."""
    import subprocess
    import sys
    from pathlib import Path

    page.goto(site.url)
    wait_ready(page)
    record = dumps({"format": "cardtable/1", "game": "seep", "seed": 3, "players": ["Ana", "Bén", "Chloé", "Dév"],
                    "actions": []})
    data = b"\xff\xfe" + record.encode("utf-16-le")
    page.set_input_files("#import-file", files=[{"name": "u16.json", "mimeType": "application/json", "buffer": data}])
    page.wait_for_selector("html[data-screen=handoff], html[data-screen=table]", state="attached")
    [text] = saved_records_of(page)
    assert json.loads(text)["players"] == ["Ana", "Bén", "Chloé", "Dév"]
    py = Path(__file__).resolve().parent.parent / "py"
    done = subprocess.run([sys.executable, "-m", "cardtable", "replay", "-"], input=data, capture_output=True,
                          cwd=py)
    assert done.returncode == 0 and json.loads(done.stdout)["game"] == "seep", done.stderr


def saved_records_of(page) -> list:
    from conftest import saved_records

    return list(saved_records(page).values())
