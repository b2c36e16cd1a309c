"""Two devices connected by join codes (web/net.js, web/joincode.js) in real Chromium: two browser
contexts on loopback, each on a page of the built site under the app's own Content-Security-Policy;
the host's offer goes to the guest as a join link, the guest's answer comes back as a code, and
messages cross the data channel both ways.  No ICE server: only the devices' own addresses."""

from __future__ import annotations

import json
import re

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

# Chromium hides local addresses behind mDNS names, and keeps loopback out of peer connections:
# both are lifted in this browser only, so that two contexts connect on this one machine.
WEBRTC_ARGS = ["--allow-loopback-in-peer-connection", "--disable-features=WebRtcHideLocalIpsWithMdns"]
PAGE = "net-test.html"
TABLE, SECRET = "Tb1_x-9Q", "kL0_9aZ-3mQxW2e7"


@pytest.fixture(scope="module")
def webrtc_browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + WEBRTC_ARGS)
    yield browser
    browser.close()


def device(browser, site, dist):
    """A page of the site's origin holding only the app's <head> (its CSP first): the modules are
    imported from the built site, as the app will import them."""
    head = re.search(r"<head>(.*?)</head>", (dist / "index.html").read_text(encoding="utf-8"), re.S).group(1)
    csp = re.search(r'<meta http-equiv="Content-Security-Policy"[^>]*>', head).group(0)
    context = browser.new_context()
    page = context.new_page()
    page.route(site.url + PAGE, lambda route: route.fulfill(
        content_type="text/html", body=f"<!doctype html><html><head><meta charset=utf-8>{csp}</head><body></body></html>"))
    page.goto(site.url + PAGE)
    page.evaluate("""() => {
        window.violations = [];
        document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
    }""")
    return context, page


def test_two_devices_connect_by_join_codes_and_exchange_messages(webrtc_browser, site, dist):
    host_ctx, host = device(webrtc_browser, site, dist)
    guest_ctx, guest = device(webrtc_browser, site, dist)
    foreign = []
    for page in (host, guest):
        page.on("request", lambda r: r.url.startswith(site.origin) or foreign.append(r.url))

    link = host.evaluate("""async ([table, secret]) => {
        const { Link } = await import(new URL("web/net.js", document.baseURI).href);
        const { encodeJoin, joinLink } = await import(new URL("web/joincode.js", document.baseURI).href);
        window.link = new Link();
        window.got = [];
        window.next = new Promise((resolve) => { link.onmessage = (t) => { got.push(t); resolve(t); }; });
        const sdp = await link.offer();
        return joinLink(location.href, encodeJoin({ sdp, type: "offer", table, seat: "p1", secret }));
    }""", [TABLE, SECRET])
    assert link.startswith(site.url + PAGE + "#join=") and len(link) < 300

    answer = guest.evaluate("""async (text) => {
        const { Link } = await import(new URL("web/net.js", document.baseURI).href);
        const { encodeJoin, decodeJoin, codeFromText } = await import(new URL("web/joincode.js", document.baseURI).href);
        const offer = decodeJoin(codeFromText(text));
        window.joined = offer;
        window.link = new Link();
        window.got = [];
        window.next = new Promise((resolve) => { link.onmessage = (t) => { got.push(t); resolve(t); }; });
        const sdp = await link.answer(offer.sdp);
        return encodeJoin({ sdp, type: "answer", table: offer.table, seat: offer.seat });
    }""", link)
    assert guest.evaluate("[joined.table, joined.seat, joined.secret]") == [TABLE, "p1", SECRET]

    host.evaluate("""async (code) => {
        const { decodeJoin } = await import(new URL("web/joincode.js", document.baseURI).href);
        await link.accept(decodeJoin(code).sdp);
        await link.open;
    }""", answer)
    guest.evaluate("async () => { await link.open; }")

    welcome = {"type": "welcome", "table": TABLE, "seat": "p1", "seq": 0, "at": 0, "view": {"hand": ["QS", "10♦"]}}
    host.evaluate("(m) => link.send(m)", welcome)
    text = guest.evaluate("next")
    assert json.loads(text) == welcome          # the text as sent, untouched: the guest's Python reads it
    join = '{"type":"join","table":"%s","seat":"p1","secret":"%s"}' % (TABLE, SECRET)
    guest.evaluate("(t) => link.send(t)", join)
    assert host.evaluate("next") == join and host.evaluate("got") == [join]
    with pytest.raises(Exception, match="over"):
        host.evaluate("() => link.send('x'.repeat(link.pc.sctp.maxMessageSize + 1))")
    # the connection ran on the devices' own addresses, with no ICE server
    pair = host.evaluate("""async () => {
        const stats = [...(await link.pc.getStats()).values()];
        const pair = stats.find((s) => s.type === "candidate-pair" && s.nominated && s.state === "succeeded");
        const local = stats.find((s) => s.id === pair.localCandidateId);
        return [local.candidateType, link.pc.getConfiguration().iceServers.length];
    }""")
    assert pair == ["host", 0]
    assert host.evaluate("violations") == [] and guest.evaluate("violations") == []
    assert foreign == []
    host.evaluate("link.close()")
    host_ctx.close()
    guest_ctx.close()
