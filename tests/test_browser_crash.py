"""A page whose renderer crashes: the test is run again on a page opened anew, and the crash is
listed at the end of the run with what Chromium said (tests/conftest.py, ``CRASHED``).  The
renderers of the suite's pages crash now and then on their own, the cause not yet found
(docs/benchmarks.md); here one is crashed on purpose, with Chromium's ``chrome://crash``."""

from __future__ import annotations

import pytest

from conftest import CRASHES, SharedPage

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def shared(browser, site):
    page = SharedPage(browser, site, ready=False)   # (the app need not start: a page is enough)
    yield page
    page.close()


def test_a_test_whose_page_crashed_is_run_again_on_a_new_page_and_the_crash_is_listed(shared, request):
    if request.node.execution_count == 1:
        shared.first_context = shared.context
        try:
            shared.goto("chrome://crash")   # (the navigation is aborted as the renderer goes)
        except Exception:
            pass
        shared.wait_for_selector("body")    # raises "Target crashed": the test fails, and is run again
    assert shared.context is not shared.first_context
    assert shared.evaluate("1 + 1") == 2
    listed = CRASHES.read_text(encoding="utf-8")
    assert request.node.nodeid in listed and "Intentionally crashing" in listed
