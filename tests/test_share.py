"""The deal of the day (date -> deal, par) and hands shared as links (encode, decode, refusals)."""

from __future__ import annotations

import base64
import datetime
import json
import os
import subprocess
import sys
import zlib

import pytest
from hypothesis import given, settings, strategies as st

from cardtable import bots, share
from cardtable.coach import daily
from cardtable.record import new_game, replay
from cardtable.stores import daily as daily_store
from cardtable.stores.saves import DictStore

DAY = datetime.date(2026, 11, 28)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def first_hand(record: dict, level: str = "casual") -> dict:
    """``record`` with its first hand played to the end by computers."""
    game = new_game(record)
    n = 0
    while daily.hand_score(game) is None:
        game.apply(bots.choose_action(game.name, game.view(game.to_act), level, seed=n))
        n += 1
    return game.to_record()


@pytest.mark.parametrize("kind", sorted(daily.KINDS))
def test_the_deal_of_a_day_is_the_same_for_the_date_and_another_the_next_day(kind):
    one = new_game(daily.record_of(kind, DAY)).view("p0")["hand"]
    again = new_game(daily.record_of(kind, datetime.date(2026, 11, 28))).view("p0")["hand"]
    other = new_game(daily.record_of(kind, DAY + datetime.timedelta(days=1))).view("p0")["hand"]
    assert one == again and one != other
    assert daily.of_record(daily.record_of(kind, DAY)) == (kind, "2026-11-28")


def test_a_record_is_a_deal_of_the_day_only_when_seed_game_and_options_agree():
    rec = daily.record_of("spades", DAY)
    assert daily.of_record({**rec, "game": "seep"}) is None
    assert daily.of_record({**rec, "options": {"target": 500}}) is None
    assert daily.of_record({**rec, "seed": "daily:spades:2026-02-30"}) is None
    assert daily.of_record({**rec, "seed": 5}) is None



PAR_CODE = ("import datetime; from cardtable.coach import daily; "
            "print(daily.par('spades', datetime.date(2026, 11, 28)))")


def test_par_is_the_strong_computers_score_and_the_same_in_another_process():
    """Par does not depend on the process (string hashing) nor on time: the same in two runs."""
    here = daily.par("spades", DAY)
    env = {**os.environ, "PYTHONPATH": os.path.join(ROOT, "py"), "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", PAR_CODE], env=env, capture_output=True, text=True, check=True)
    assert int(out.stdout) == here
    # par is the strong computer's first-hand score in p0: the same moves, played here
    game = new_game(daily.record_of("spades", DAY))
    n = 0
    while daily.hand_score(game) is None:
        game.apply(bots.choose_action("dummy-spades", game.view(game.to_act), "strong", seed=n,
                                      samples=daily.PAR_SAMPLES["dummy-spades"]))
        n += 1
    assert daily.hand_score(game) == here


def test_the_score_of_a_seep_side_is_its_team_s():
    assert daily.side_of({"p0p2": 36, "p1p3": 64}) == 36
    assert daily.side_of({"p1p3": 64, "p0p2": 36}, "p3") == 64
    assert daily.side_of({"p0": 5, "p1": 7}, "p1") == 7


@pytest.fixture(scope="module")
def seep_hand():
    rec = first_hand(daily.record_of("seep4", DAY, ["Ana", "Ben", "Chloé", "Dev"]))
    return {**rec, "hints": {"p0": [0, 3]}, "analyses": [], "controllers": {"p0": "human", "p1": "strong"}}


def test_a_finished_hand_round_trips_through_a_link(seep_hand):
    link = share.encode(seep_hand)
    assert link.startswith("#hand=1.") and len(link) < 1500
    record, game = share.decode(link)
    assert record["actions"] == seep_hand["actions"] and record["players"] == seep_hand["players"]
    assert record["hints"] == {"p0": [0, 3]} and "analyses" not in record
    assert game.summary() == replay(seep_hand).summary()
    assert daily.of_record(record) == ("seep4", "2026-11-28")


def test_only_finished_hands_leave_the_device(seep_hand):
    game = new_game(seep_hand)
    for a in seep_hand["actions"]:
        game.apply(a)
    game.apply(game.legal_actions()[0])   # the next hand begins
    longer = game.to_record()
    link = share.encode(longer)
    assert share.decode(link)[0]["actions"] == seep_hand["actions"]   # cut at the hand's end
    assert share.encode({**seep_hand, "actions": seep_hand["actions"][:-1]}) is None
    forged = pack(longer)                                           # a link made by hand with more
    with pytest.raises(share.LinkError) as err:
        share.decode(forged)
    assert err.value.code == "unfinished"


def pack(obj, raw: bytes | None = None) -> str:
    data = raw if raw is not None else json.dumps(obj).encode()
    return "#hand=1." + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


def test_a_link_whose_moves_were_changed_is_refused(seep_hand):
    acts = list(seep_hand["actions"])
    acts[5] = acts[6]
    with pytest.raises(share.LinkError) as err:
        share.decode(pack({**seep_hand, "actions": acts}))
    assert err.value.code == "moves" and "action 5" in str(err.value)


def test_a_link_cannot_claim_a_score(seep_hand):
    """Extra fields (a claimed score) are carried but never read: the score is the replay's."""
    record, game = share.decode(pack({**seep_hand, "score": {"p0p2": 200}, "totals": 999}))
    assert game.summary()["hands"][0]["score"] == replay(seep_hand).summary()["hands"][0]["score"]


@pytest.mark.parametrize("fragment, code", [
    ("#hand=1." + "A" * (share.MAX_LINK_CHARS), "size"),
    ("#hand=1.abc$", "damaged"), ("#hand=1.", "damaged"), ("#hand=", "damaged"), ("#join=abc", "damaged"),
    ("#hand=2.eJwDAAAAAAE", "later"),
    (pack(None, b"x" * 1_000_000), "size"),                              # a zip bomb
    (pack(None, b"[" * 50_000 + b"]" * 50_000), "record"),              # deep
    (pack(None, "[1, 2".encode()), "record"),                           # not JSON
    (pack({"format": "cardtable-backup/1"}), "record"),                 # another format
    (pack({"format": "cardtable/1", "game": "chess", "seed": 1}), "record"),
    (pack(None, b"\xff\xfe\x00"), "damaged"),
    (pack({"format": "cardtable/1", "game": "seep", "seed": 1}), "unfinished"),
])
def test_hostile_links_are_refused_with_a_reason(fragment, code):
    with pytest.raises(share.LinkError) as err:
        share.decode(fragment)
    assert err.value.code == code and len(str(err.value)) < 300


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400) | st.binary(max_size=400).map(lambda b: pack(None, b)))
def test_garbage_is_refused_never_raised_otherwise(text):
    with pytest.raises(share.LinkError):
        share.decode(text if text.startswith("#") else "#hand=1." + text)


def test_one_attempt_counts_and_the_streak_and_average():
    s = DictStore()
    for day, score, par in (("2026-11-26", 40, 30), ("2026-11-27", 10, 30)):
        daily_store.start(s, "seep4", day, "g" + day)
        daily_store.undone(s, "seep4", day)
        assert daily_store.finish(s, "seep4", day, score, hints=2)
        daily_store.set_par(s, "seep4", day, par)
    daily_store.undone(s, "seep4", "2026-11-27")           # after the result: not counted
    assert not daily_store.finish(s, "seep4", "2026-11-27", 99)
    assert daily_store.entry(s, "seep4", "2026-11-27") == {"id": "g2026-11-27", "undos": 1, "score": 10,
                                                           "hints": 2, "par": 30}
    assert daily_store.summary(s, "2026-11-28") == {"played": 2, "streak": 2, "vs_par": -5.0}
    assert daily_store.summary(s, "2026-11-30")["streak"] == 0


def test_a_deal_of_the_day_link_is_dealt_from_its_seed_whatever_deals_it_carries(seep_hand):
    forged = dict(seep_hand, deals=[{"dealer": "p3", "hands": {"p0": ["AS"] * 12}, "floor": []}])
    record, game = share.decode(pack(forged))
    assert "deals" not in record and game.summary() == replay(seep_hand).summary()


def test_the_modules_tours_hold():
    import doctest

    for module in (share, daily, daily_store):
        assert doctest.testmod(module).failed == 0


# ---- the words and markup (pure functions of what is kept) --------------------------------------------
from cardtable.ui.screens import daily as daily_ui, daily_tile  # noqa: E402
from cardtable.ui.text.i18n import use_language  # noqa: E402


@pytest.fixture(params=["en", "fr"])
def lang(request):
    use_language(request.param)
    yield request.param
    use_language("en")


def test_the_tile_the_result_and_the_statistics_in_both_languages(lang):
    s = DictStore()
    daily_store.start(s, "seep4", "2026-11-27", "g1")
    daily_store.undone(s, "seep4", "2026-11-27")
    daily_store.finish(s, "seep4", "2026-11-27", 46, hints=2)
    daily_store.set_par(s, "seep4", "2026-11-27", 31)
    daily_store.start(s, "spades", "2026-11-28", "g2")
    tile = daily_tile.tile_html(daily_store.load(s), "2026-11-27")
    result = daily_ui.result_html("seep4", "2026-11-27", daily_store.entry(s, "seep4", "2026-11-27"))
    stats = daily_ui.stats_html(s, "2026-11-28")
    text = daily_ui.share_text("seep", ("seep4", "2026-11-27"), 46, 31, "")
    if lang == "en":
        assert 'data-act="daily:seep4"' in tile and "played: +46 vs par +31" in tile and "not played yet" in tile
        assert "You: +46 · par: +31 (+15 against par)" in result and "1 undo · 2 hints" in result
        assert "Days played: 1 · streak: 1 · average against par: +15.0" in stats
        assert text == "Card Table · Seep, four players deal of the day 2026-11-27 · +46 vs par +31"
    else:
        assert "jouée\u202f: +46 contre un par de +31" in tile and "Donne du jour" in tile
        assert "Vous\u202f: +46 · par\u202f: +31" in result and "1\u00a0retour en arrière · 2\u00a0conseils" in result
        assert "+15,0" in stats
        assert "donne du jour 2026-11-27" in text
    offer = daily_ui.offer_html("spades", "2026-11-28")
    assert 'data-act="daily:play"' in offer and 'data-act="daily:show"' in offer
    panel = daily_ui.share_panel({"where": "table", "link": "https://x/#hand=1.abc", "text": text, "said": "", "svg": ""})
    assert 'id="share-link"' in panel and 'data-act="share:send"' in panel and 'value="https://x/#hand=1.abc"' in panel


@pytest.mark.parametrize("game_name, options, fits", [
    ("dummy-spades", {"target": 500}, True),                            # about 2 KB
    ("seep", {"seats": 2, "preset": "seep-pagat", "baazis": 3}, True),   # about 5 KB (Seep writes its deals)
    ("seep", {"seats": 2, "preset": "seep-pagat", "baazis": 5}, False),  # over 16,000 characters
])
def test_whole_games_round_trip_up_to_the_limit_and_no_further(game_name, options, fits):
    game = new_game({"format": "cardtable/1", "game": game_name, "options": options, "seed": 5})
    n = 0
    while not game.over:
        level = "casual" if game_name == "dummy-spades" else "random"   # (random Dummy Spades may never end)
        game.apply(bots.choose_action(game_name, game.view(game.to_act), level, seed=n))
        n += 1
    link = share.encode(game.to_record())
    if not fits:
        assert link is None   # the app says to export it instead
        return
    assert 1000 < len(link) <= share.MAX_LINK_CHARS
    record, again = share.decode(link)
    assert record["actions"] == game.to_record()["actions"] and again.summary() == game.summary()


def test_a_shared_deal_of_the_day_names_the_sender_your_friend_not_you_and_other_hands_keep_their_names():
    use_language("en")
    record = daily.record_of("seep4", datetime.date(2026, 11, 27), ["You", "Ben", "Chloé", "Dev"])
    assert daily_ui.shared_players(record) == ["Your friend", "Ben", "Chloé", "Dev"]
    other = {"format": "cardtable/1", "game": "seep", "seed": 5, "players": ["Ana", "Ben"], "actions": []}
    assert daily_ui.shared_players(other) == ["Ana", "Ben"]
    use_language("fr")
    try:
        assert daily_ui.shared_players(record)[0] == "Votre ami"
    finally:
        use_language("en")


def test_the_text_sent_has_no_bidi_isolates_the_page_keeps_them():
    from cardtable.ui.text.markup import isolated

    text = "Card Table · Seep · 1 hand · " + isolated("Ana") + " 120 · " + isolated("بن") + " 80"
    shared = {"text": text, "link": "https://x/#hand=1.abc", "where": "table", "said": "", "svg": ""}
    sent = daily_ui.sent_text(shared)
    assert sent == "Card Table · Seep · 1 hand · Ana 120 · بن 80" and not set(sent) & set("\u2066\u2067\u2068\u2069")
    assert "\u2068Ana\u2069" in daily_ui.share_panel(shared)
