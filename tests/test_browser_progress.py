"""The loading screen's progress bar on a first visit (web/progress.js): bytes of the total, in words,
in both languages; it never goes backwards and reaches the end.

The connection is slowed down (Chromium's network emulation) so that the bytes arrive in many
steps; nothing here depends on how long anything takes.
"""

from __future__ import annotations

import re

import pytest

from conftest import built_value, wait_ready

pytestmark = pytest.mark.browser

# Records every state of the bar and of the loading screen's words, from the first paint on.
RECORD = """
window.__bar = [];
new MutationObserver(() => {
  const bar = document.getElementById("boot-bar");
  const msg = document.getElementById("boot-msg");
  if (!bar || !msg) return;
  const state = [bar.getAttribute("role"), bar.getAttribute("aria-valuemin"), bar.getAttribute("aria-valuenow"),
                 bar.getAttribute("aria-valuemax"), bar.getAttribute("aria-valuetext"), msg.textContent, bar.hidden];
  const last = window.__bar[window.__bar.length - 1];
  if (!last || JSON.stringify(last) !== JSON.stringify(state)) window.__bar.push(state);
}).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
"""


def first_visit_on_a_slow_link(browser, site, locale: str):
    context = browser.new_context(locale=locale)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20,
                                                  "downloadThroughput": 1_500_000, "uploadThroughput": 1_500_000})
    page.add_init_script(RECORD)
    # not goto's "load" (30 s at most): on the slow link the page's first load can take that long
    # on a loaded machine, and the app's start is what the test waits for (its own time-out)
    page.goto(site.url, wait_until="commit")
    wait_ready(page)
    states = page.evaluate("window.__bar")
    context.close()
    return states


@pytest.mark.parametrize("locale, downloading, starting", [
    ("en-GB", r"^Downloading the game engine — (\d+\.\d) of (\d+\.\d) MB$", "Starting Python…"),
    ("fr-FR", r"^Téléchargement du moteur de jeu — (\d+,\d) sur (\d+,\d)\u00a0Mo$", "Démarrage de Python…"),
])
def test_the_bar_counts_the_bytes_up_to_the_end(browser, site, dist, locale, downloading, starting):
    files = built_value((dist / "web" / "progress.js").read_text(encoding="utf-8"), '{"runtime/')
    total = sum(files.values())
    assert total > 5_000_000 and "runtime/pyodide/pyodide.asm.wasm" in files

    states = [s for s in first_visit_on_a_slow_link(browser, site, locale) if s[2] is not None]
    assert states, "the bar never showed"
    for role, low, now, high, text, msg, hidden in states:
        assert (role, low, high, hidden) == ("progressbar", "0", str(total), False)
        assert 0 <= int(now) <= total
    values = [int(s[2]) for s in states]
    assert values == sorted(values), "the bar went backwards"
    assert values[-1] == total, "the bar did not reach the end"
    assert len(set(values)) >= 4, f"the bytes did not come in steps: {values}"
    # in words: "… 2.1 of 4.6 MB" while downloading, then "Starting Python…"
    words = [s[5] for s in states if int(s[2]) < total]
    assert words and all(re.match(downloading, w) for w in words), words
    shown = [float(re.match(downloading, w).group(1).replace(",", ".")) for w in words]
    assert shown == sorted(shown)
    assert {re.match(downloading, w).group(2) for w in words} == {f"{total / 1e6:.1f}".replace(".", "," if
                                                                  locale.startswith("fr") else ".")}
    assert states[-1][4] == starting and starting in [s[5] for s in states]
