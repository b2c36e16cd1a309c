"""Two devices connected by join codes (web/net.js, web/joincode.js) in real Chromium: two browser
contexts on loopback, each on a page of the built site under the app's own Content-Security-Policy;
the host's offer goes to the guest as a join link, the guest's answer comes back as a code, and
messages cross the data channel both ways.  No ICE server: only the devices' own addresses."""

from __future__ import annotations

import json
import re

import pytest

from conftest import webrtc_browser  # noqa: F401 (a fixture: the devices' contexts)

pytestmark = pytest.mark.browser

# Chromium hides local addresses behind mDNS names, and keeps loopback out of peer connections:
# both are lifted in this browser only, so that two contexts connect on this one machine.
PAGE = "net-test.html"
TABLE, SECRET = "Tb1_x-9Q", "kL0_9aZ-3mQxW2e7"


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
    # (the pair in use is the transport's selected one; a loaded machine's stats may not name it at
    # once, so they are read again until they do: a wait on a condition)
    pair = host.evaluate("""async () => {
        for (;;) {
            const stats = [...(await link.pc.getStats()).values()];
            const chosen = stats.find((s) => s.type === "transport")?.selectedCandidatePairId;
            const pair = stats.find((s) => s.type === "candidate-pair" && (s.id === chosen || (s.nominated && s.state === "succeeded")));
            const local = pair && stats.find((s) => s.id === pair.localCandidateId);
            if (local) return [local.candidateType, link.pc.getConfiguration().iceServers.length];
            await new Promise((r) => requestAnimationFrame(r));
        }
    }""")
    assert pair == ["host", 0]
    assert host.evaluate("violations") == [] and guest.evaluate("violations") == []
    assert foreign == []
    host.evaluate("link.close()")
    host_ctx.close()
    guest_ctx.close()


HANDLERS = "window.events = []; window.cardtableRemoteEvent = (...e) => events.push(e);"   # (web/remote.js tells)


def test_an_identity_is_kept_and_a_new_device_still_joins_a_code_made_for_a_known_one(webrtc_browser, site, dist):
    """web/net.js's identity (a certificate in IndexedDB, fixed ICE credentials written into the
    descriptions) is the same after a reload; a host's code made for a guest it knows takes that
    guest's part (no answer needed), and the answer of another device still connects (web/remote.js
    makes a new link with the same identity)."""
    host_ctx, host = device(webrtc_browser, site, dist)
    known_ctx, known = device(webrtc_browser, site, dist)
    other_ctx, other = device(webrtc_browser, site, dist)
    ident = """async () => { const { identity } = await import(new URL("web/net.js", document.baseURI).href);
        const id = await identity("guest"); return [id.ufrag, id.pwd, id.certificate.getFingerprints()[0].value]; }"""
    first = known.evaluate(ident)
    known.reload()
    assert known.evaluate(ident) == first
    assert other.evaluate(ident) != first
    door = known.evaluate("""async ([table]) => {
        const { Link, identity } = await import(new URL("web/net.js", document.baseURI).href);
        const { encodeJoin } = await import(new URL("web/joincode.js", document.baseURI).href);
        const link = new Link({ identity: await identity("guest") });
        const sdp = await link.offer();
        return [encodeJoin({ sdp, type: "offer", table, seat: "p1" }), sdp];
    }""", [TABLE])
    assert f"a=ice-ufrag:{first[0]}" in door[1] and f"a=ice-pwd:{first[1]}" in door[1]   # written in, and kept
    # a browser that refuses credentials written in (Chrome has planned to): the link still makes its offer
    refused = known.evaluate("""async () => {
        const { Link, identity } = await import(new URL("web/net.js", document.baseURI).href);
        const id = await identity("guest"), link = new Link({ identity: id }), set = link.pc.setLocalDescription.bind(link.pc);
        link.pc.setLocalDescription = (d) => d.sdp.includes(id.ufrag) ? Promise.reject(new Error("munged")) : set(d);
        const sdp = await link.offer();
        link.close();
        return sdp.includes("a=ice-ufrag:") && !sdp.includes(id.ufrag);
    }""")
    assert refused is True
    made = host.evaluate("""async ([table, secret, door]) => {
        await import(new URL("web/remote.js", document.baseURI).href);
        """ + HANDLERS + """
        return await cardtableRemote.offer("p1#1", table, "p1", secret, "code", [], door);
    }""", [TABLE, SECRET, door[0]])
    assert made["known"] is True
    answer = other.evaluate("""async (code) => {
        await import(new URL("web/remote.js", document.baseURI).href);
        """ + HANDLERS + """
        const offer = await cardtableRemote.read(code);
        return (await cardtableRemote.answer("guest", offer.sdp, offer.table, offer.seat, "answer", [])).code;
    }""", made["code"])
    host.evaluate("([a, table]) => cardtableRemote.accept('p1#1', a, table, 'p1')", [answer, TABLE])
    host.wait_for_function("() => events.some((e) => e[0] === 'opened' && e[1] === 'p1#1')")
    other.wait_for_function("() => events.some((e) => e[0] === 'opened' && e[1] === 'guest')")
    # once open, the guest sends the host its door: a join code with no secret, for this table and seat
    host.wait_for_function("() => events.some((e) => e[0] === 'door')")
    assert host.evaluate("events.find((e) => e[0] === 'door').slice(0, 2)") == ["door", "p1#1"]
    for context in (host_ctx, known_ctx, other_ctx):
        context.close()
