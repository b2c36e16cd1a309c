"""The screens of a table across devices as markup (ui/screens/remote_html.py), in CPython: what
each state of a remote seat and of a guest shows, names escaped, and the bar over the table."""

from __future__ import annotations

import re

from cardtable.ui.screens import remote_html

NAMES = {"p0": "Ana", "p1": '<b>Ben</b>"', "p2": "Cy"}
SVG = '<svg class="qr" role="img"><title>x</title></svg>'


def test_a_seat_waiting_for_its_answer_shows_its_code_and_the_answer_field():
    html = remote_html.host_html(NAMES, {"p1": {"status": "shown", "code": "ABC", "link": "https://x/#join=ABC",
                                                 "svg": SVG}})
    assert "&lt;b&gt;Ben&lt;/b&gt;&quot;" in html and "<b>Ben" not in html
    assert SVG in html and 'id="remote-code-p1"' in html and ">ABC</textarea>" in html
    assert 'id="remote-answer-p1"' in html and 'data-act="remote-accept:p1"' in html
    assert 'data-act="remote-table"' in html


def test_a_connected_seat_shows_no_code_and_an_away_one_offers_a_new_code_and_a_computer():
    connected = remote_html.seat_html("p1", "Ben", {"status": "connected", "code": "ABC", "svg": SVG})
    assert SVG not in connected and "remote-answer" not in connected and 'data-status="connected"' in connected
    away = remote_html.seat_html("p1", "Ben", {"status": "away", "error": "<no>"})
    assert 'data-act="remote-code:p1"' in away and 'data-act="remote-computer:p1"' in away
    assert 'data-act="remote-here:p1"' in away
    assert "&lt;no&gt;" in away and 'role="alert"' in away
    on_host = remote_html.seat_html("p1", "Ben", {"status": "away"}, on_host=True)
    assert 'data-act="remote-back:p1"' in on_host and "remote-computer" not in on_host
    assert "A computer plays this seat" in on_host
    person = remote_html.seat_html("p1", "Ben", {"status": "away"}, on_host=True, here=True)
    assert 'data-act="remote-back:p1"' in person and "A person plays this seat" in person
    assert "remote-here" not in person


def test_the_guest_pastes_a_code_then_shows_its_answer():
    first = remote_html.join_html({"text": "<x>", "error": "bad"})
    assert 'id="join-code"' in first and "&lt;x&gt;" in first and 'data-act="remote-join-read"' in first
    answered = remote_html.join_html({"status": "answered", "code": "ANS", "svg": SVG})
    assert 'id="join-code"' not in answered and SVG in answered and ">ANS</textarea>" in answered
    lost = remote_html.join_html({"status": "lost"})
    assert 'id="join-code"' in lost and 'data-status="lost"' in lost


def test_the_bar_over_the_table_names_each_device():
    bar = remote_html.table_bar(NAMES, {"p2"}, ["p1", "p2"])
    assert "&lt;b&gt;Ben&lt;/b&gt;&quot;: not connected · Cy: connected" in bar
    assert 'data-act="remote-devices"' in bar
    assert remote_html.guest_bar("playing") == ""
    assert 'data-act="remote-join-again"' in remote_html.guest_bar("lost")


def test_scan_is_offered_where_a_code_is_read_and_its_view_says_what_the_camera_does():
    assert 'data-act="remote-scan:join"' in remote_html.join_html({})
    assert 'data-act="remote-scan:join"' not in remote_html.join_html({"status": "answered", "code": "A", "svg": SVG})
    assert 'data-act="remote-scan:p1"' in remote_html.seat_html("p1", "Ben", {"status": "shown", "code": "ABC"})
    assert "remote-scan" not in remote_html.seat_html("p1", "Ben", {"status": "connected", "code": "ABC"})
    looking = remote_html.scan_html({"for": "join", "status": "looking"})
    assert 'aria-modal="true"' in looking and 'data-escape="remote-scan-stop"' in looking
    assert '<video id="scan-video"' in looking and 'role="status" data-scan="looking"' in looking
    assert 'data-autofocus class="btn ghost" data-act="remote-scan-stop"' in looking and "Scan again" not in looking
    refused = remote_html.scan_html({"for": "p1", "status": "refused"}, name='<b>Ben</b>')
    assert "scan-video" not in refused and 'role="alert" data-scan="refused"' in refused   # the camera is off
    assert "&lt;b&gt;Ben&lt;/b&gt;" in refused and 'data-act="remote-scan:p1"' in refused
    for status in remote_html.SCAN_STATUS:
        assert remote_html.SCAN_STATUS[status] in remote_html.scan_html({"for": "join", "status": status})


def test_the_host_refusals_an_honest_guest_may_meet_have_words_of_their_own():
    """A guest whose move arrives after the game moved on, or out of turn, is told so in its own
    language, not with the generic "that move is not allowed now"."""
    from cardtable.game import IllegalAction
    from cardtable.net.messages import REFUSALS
    from cardtable.ui.text.i18n import use_language
    from cardtable.ui.text.refusals import word

    generic = word(IllegalAction("", "illegal"))
    for code in ("stale", "not_your_turn"):
        assert code in REFUSALS and word(IllegalAction(REFUSALS[code], code)) != generic
    use_language("fr")
    try:
        assert word(IllegalAction("", "not_your_turn")) == "ce n'est pas votre tour"
    finally:
        use_language("en")


def test_a_lent_seat_is_shown_on_the_bar_with_give_back_first_once_its_device_is_back():
    away = remote_html.table_bar(NAMES, set(), ["p1", "p2"], {"p1": "computer"})
    assert "Ben&lt;/b&gt;&quot;: a computer plays for now · Cy: not connected" in away
    assert 'data-act="remote-back:p1"' in away and ">Give back<" in away and 'class="btn ghost small"' in away
    back = remote_html.table_bar(NAMES, {"p1", "p2"}, ["p1", "p2"], {"p1": "person"})
    assert "played on this device for now" in back
    assert re.search(r'<button[^>]*class="btn small"[^>]*data-act="remote-back:p1"[^>]*>Give back to ', back)


def test_a_guest_whose_seat_is_lent_is_told_who_plays_it_and_how_to_get_it_back():
    bar = remote_html.guest_bar("playing", {"by": "computer", "host": "<Hana>"})
    assert "A computer is playing for you — ask \u2068&lt;Hana&gt;\u2069 to give your seat back." in bar
    assert "give it back" in remote_html.guest_bar("playing", {"by": "person", "host": "Hana"})
    assert remote_html.guest_bar("playing", None) == ""
    assert "remote-join-again" in remote_html.guest_bar("lost", {"by": "computer", "host": "Hana"})


def test_link_code_and_answer_each_have_copy_and_share_where_the_browser_shares():
    offer = {"status": "shown", "code": "ABC", "link": "https://x/#join=ABC", "svg": SVG}
    html = remote_html.host_html(NAMES, {"p1": offer}, passing={"share": True, "said": ("remote-code-p1", "Copied!")})
    for field in ("remote-link-p1", "remote-code-p1"):
        assert f'data-act="remote-copy:{field}"' in html and f'data-act="remote-share:{field}"' in html
    assert html.count("Copied!") == 1 and "pastes it under Join a table" in html
    no_share = remote_html.join_html({"status": "answered", "code": "ANS", "svg": SVG}, {"share": False})
    assert 'data-act="remote-copy:join-answer"' in no_share and "remote-share" not in no_share
    assert 'id="join-answer" rows="4"' in no_share and "type it in" not in no_share


def test_home_offers_join_first_and_a_device_with_a_seat_its_way_back():
    import json

    from cardtable.ui.screens import home

    first = home.home_html([], None, 0.0)
    assert first.index('data-act="join"') < first.index('class="tiles"')   # on a phone's first screen
    kept = {"table": "T", "seat": "p1", "secret": "s", "view": {"over": False}, "host": "<Hana>"}
    host = home.seat_host(json.dumps(kept))
    assert host == "<Hana>"
    back = home.home_html([], None, 0.0, table_host=host)
    assert "Back to \u2068&lt;Hana&gt;\u2069’s table" in back and back.index('data-key="back-to-table"') < \
        back.index('class="tiles"')
    assert home.seat_host(json.dumps({**kept, "host": None})) == ""
    assert home.seat_host(json.dumps({**kept, "view": {"over": True}})) is None
    assert home.seat_host(None) is None and home.seat_host("{") is None


def test_before_the_first_deal_the_host_and_a_seated_guest_see_waiting_for_players_and_no_card():
    host = remote_html.waiting_html({"p1": '<b>Ben</b>"'})
    assert 'data-act="remote-computer:p1"' in host and "&lt;b&gt;Ben&lt;/b&gt;&quot;" in host
    assert "Waiting for players…" in host and "no device chooses the deal" in host
    assert 'data-act="nav:home"' in host and "class=\"card" not in host
    guest = remote_html.join_html({"status": "waiting"})
    assert "Waiting for players…" in guest and "no device chooses the deal" in guest and "join-code" not in guest
