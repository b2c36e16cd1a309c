"""Collect Content-Security-Policy violations from a Playwright page, across reloads.

    from csp import watch_csp, csp_violations

    watch_csp(page)                 # before the first page.goto
    page.goto(site.url); wait_ready(page)
    ...play...
    assert csp_violations(page) == []

Under the app's CSP, Playwright's ``page.wait_for_function`` fails with "EvalError: Evaluating a string
as JavaScript violates the following Content Security Policy directive" as soon as it has to poll: it
re-evaluates the predicate from a string in the page, which the CSP forbids.  ``page.evaluate``,
locators and ``wait_for_selector`` are fine.  Use ``wait_until(page, "js expression")`` instead.

Three sources are gathered, as each misses some cases:
* ``securitypolicyviolation`` events (an init script listens on every document the page loads and
  reports through an exposed binding, so nothing is lost when the page reloads);
* console messages that mention "Content Security Policy" (Chromium logs every refusal there);
* page errors that mention it (a blocked ``eval``/``Function`` throws an EvalError).
"""

from __future__ import annotations

from conftest import BOOT_TIMEOUT_MS

_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cardTableCspReport(
    `${e.disposition} ${e.effectiveDirective}: blocked ${e.blockedURI || "(inline)"}` +
    ` at ${e.sourceFile || "?"}:${e.lineNumber}:${e.columnNumber}` + (e.sample ? ` sample ${e.sample}` : ""));
}, true);
"""


def watch_csp(page) -> None:
    """Start recording violations on ``page``; call before navigating."""
    found: list[str] = []
    page.csp_violation_log = found
    page.expose_function("__cardTableCspReport", lambda text: found.append("event: " + text))
    page.add_init_script(_LISTENER)
    page.on("console", lambda m: "Content Security Policy" in m.text and found.append(f"console {m.type}: {m.text}"))
    page.on("pageerror", lambda e: "Content Security Policy" in str(e) and found.append(f"page error: {e}"))


def csp_violations(page) -> list[str]:
    """Everything recorded since ``watch_csp(page)``."""
    log = getattr(page, "csp_violation_log", None)
    if log is None:
        raise RuntimeError("call watch_csp(page) before navigating")
    try:
        page.evaluate("0")  # a round trip, so reports already sent by the page are delivered
    except Exception:  # the page may be closed or navigating; what arrived is still in the log
        pass
    return list(log)


_POLL = """(ms) => {
  const poll = () => (%s);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const check = () => {
      let value = false;
      try { value = poll(); } catch (e) { /* not yet */ }
      if (value) return resolve();
      if (performance.now() - started > ms) return reject(new Error("never became true: " + poll));
      setTimeout(check, 20);
    };
    check();
  });
}"""


def wait_until(page, expression: str, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """``page.wait_for_function(expression)`` that works under the CSP.

    The expression is compiled once, inside Playwright's own evaluate call (which DevTools lets
    through the CSP), then polled by the page itself.  ``timeout_ms`` is only a ceiling after
    which the test fails with a message, not a speed check.
    """
    page.evaluate(_POLL % expression, timeout_ms)
