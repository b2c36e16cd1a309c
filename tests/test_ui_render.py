"""The table renderers in CPython: a seat's HTML never holds a card that seat may not see."""

import random
import re

import pytest

from cardtable.cards import Card, card
from cardtable.record import new_game
from conftest import FakeApp, spades_visible

spades = pytest.importorskip("cardtable.games.dummy_spades")
from cardtable.ui.table.spades import Table as SpadesTable  # noqa: E402


CARD_ATTR = re.compile(r'data-card="([0-9TJQKA][SHDC])"')


def shown_cards(html: str) -> set[str]:
    return set(CARD_ATTR.findall(html))


def spades_game(seed: int, **options):
    """A new three-player Dummy Spades game (Ana, Ben, Chloé) from ``seed``, with ``options``."""
    record = {"format": "cardtable/1", "game": "dummy-spades", "seed": seed, "players": ["Ana", "Ben", "Chloé"]}
    return new_game({**record, "options": options} if options else record)


def seated(game) -> tuple[SpadesTable, FakeApp]:
    """The table of ``game`` and an app holding its seats."""
    table = SpadesTable(game)
    return table, FakeApp(table.seats)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["no-peeky", "three-peeky", "flip-2"])
def test_spades_html_shows_only_what_the_seat_may_see(variant):
    rng = random.Random(variant)
    for seed in range(6):
        game = spades_game(seed, variant=variant)
        table, app = seated(game)
        steps = 0
        while not game.over and steps < 120:
            for seat in table.seats:
                for panel in (None, "sheet", "last"):
                    table.panel = panel
                    html = table.render(game, seat, app)
                    shown = shown_cards(html)
                    view = game.view(seat)
                    assert shown <= spades_visible(view), (seed, steps, seat, shown - spades_visible(view))
                    # other people's cards (less what is public: cards played to a trick shown,
                    # which after a new deal may be back in someone's hand)
                    hidden = set()
                    for other in table.seats:
                        if other != seat:
                            hidden |= set(game.view(other)["hand"])
                    hidden |= {str(card(i)) for i in spades.cards_of(game.hands[spades.DUMMY])}
                    hidden -= spades_visible(view)
                    assert not (shown & hidden)
                    for c in hidden:
                        assert Card.parse(c).name not in html
            table.panel = None
            game.apply(rng.choice(game.legal_actions()))
            steps += 1


def test_spades_log_reads_like_words():
    game = spades_game(42)
    table = SpadesTable(game)
    lines = []
    while game.to_record()["actions"].__len__() < 3 + 8:
        actor = game.to_act
        before = game.view(actor)
        legal = game.legal_actions()
        action = next((a for a in legal if a == "bid 4 nil dummy"), None) or legal[0]
        canonical = game.apply(action)
        lines.append(table.describe(canonical, actor, before, game.view(actor), game))
    assert any(", nil on the dummy" in line for line in lines[:3])
    assert re.search(r"plays [0-9JQKA]+[♠♥♦♣]", lines[3])
    assert any("wins the trick" in line for line in lines[3:])


# ---- the phone table: held tricks, the peek reveal, settings, the new-game form -----------------------
def test_a_finished_trick_is_held_with_its_winner_and_the_next_hand_never_shows():
    rng = random.Random(5)
    game = spades_game(17)
    table, app = seated(game)
    app.hold = "trick"
    held = 0
    while game.history == [] and not game.over:
        actor = game.to_act
        before = game.view(actor)
        viewer = actor if actor in table.seats else before["declarer"]
        action = rng.choice(game.legal_actions())
        table.before_move(game, before, viewer)
        canonical = game.apply(action)
        kind = table.hold_after(canonical, actor, before, game)
        completes = action.startswith("play") and len((before["trick"] or {}).get("plays", [])) == 3
        assert (kind == "trick") == completes
        if kind:
            held += 1
            html = table.render(game, viewer, app)
            trick_cards = {p["card"] for p in table.collecting["plays"]}
            assert len(trick_cards) == 4 and trick_cards <= shown_cards(html)
            assert "wins the trick" in html and 'data-act="release"' in html
            assert "playable" not in html  # nobody plays while the trick is on the table
            if table.collecting["final"]:
                # the next hand is dealt already: none of the viewer's new cards is in the page
                mine = html.split('<div class="my-hand')[1]
                assert "data-card" not in mine
                assert shown_cards(html) == trick_cards
                # ... and the table is the hand that played it (issue #25): its play, its 13 tricks, no new dealer
                assert "phase-play" in html and "hand-over" in html
                ended = table.hand_over_view(game.view(viewer))
                assert sum(ended["tricks_won"].values()) == 13 and ended["dealer"] == before["dealer"]
            table.release()
            assert table.collecting is None
    assert held == 13


def test_after_a_peek_the_peeker_sees_the_cards_in_the_reveal_panel():
    game = spades_game(8, variant="three-peeky")
    table, app = seated(game)
    actor = game.to_act
    before = game.view(actor)
    canonical = game.apply(next(a for a in game.legal_actions() if a.startswith("peek")))
    assert table.hold_after(canonical, actor, before, game) == "reveal"
    app.hold = "reveal"
    html = table.render(game, actor, app)
    panel = html.split('class="panel reveal-panel"')[1]
    peeked = {c for c in game.view(actor)["dummy_slots"] if c}
    assert len(peeked) == 3 and peeked <= shown_cards(panel)
    other = next(s for s in table.seats if s != actor)
    assert not (shown_cards(table.render(game, other, app)) & peeked - set(game.view(other)["hand"]))


def test_settings_are_read_defensively():
    from cardtable.stores.settings import dump_settings, parse_settings

    assert parse_settings('{"speed": "slow"}')["speed"] == "slow"
    for bad in (None, "", "null", "[1, 2]", '{"speed": 3}', '{"speed": "warp"}', "{not json"):
        assert parse_settings(bad)["speed"] == "normal"
    assert parse_settings(dump_settings({"speed": "fast", "other": 1}))["speed"] == "fast"


def test_new_game_form_shows_only_the_chosen_scoring_and_refuses_wrong_numbers():
    from cardtable.ui.screens.home import form_errors, new_game_html

    sweep = new_game_html("seep", True)
    assert 'id="ng-target"' in sweep and 'id="ng-baazis"' not in sweep
    pagat = new_game_html("seep", True, preset="seep-pagat")
    assert 'id="ng-baazis"' in pagat and 'id="ng-target"' not in pagat
    assert set(form_errors({"ng-target": "7", "ng-baazis": "0"})) == {"ng-target", "ng-baazis"}
    assert form_errors({"ng-target": "abc"})["ng-target"].startswith("The target")
    assert form_errors({"ng-target": "550", "ng-baazis": "9"}) == {}


def test_saved_games_tell_themselves_apart():
    from cardtable.ui.screens.home import save_row
    from cardtable.stores.saves import SavedGame

    from cardtable.ui.text.markup import plain_name

    row = plain_name(save_row(SavedGame(id="x", game="dummy-spades", players=["You", "Ben", "Chloé"],
                                        totals="You 40 · Ben 3", updated=1000.0,
                                        controllers={"p0": "human", "p1": "casual", "p2": "strong"}), 1030.0))
    assert "You, Ben (computer), Chloé (computer)" in row and "You 40" in row and "last played just now" in row


# ---- issue #17: the new options on the form and the Mirror / Suicide table ---------------------------
def test_the_form_writes_the_new_options_only_when_not_the_default():
    from cardtable.ui.screens.home import form_options, new_game_html

    spades_form = new_game_html("dummy-spades", True)
    assert 'id="ng-bidding"' in spades_form and 'id="ng-bag-penalty"' in spades_form
    assert "<legend>House rules</legend>" in spades_form
    base = {"ng-target": "300", "ng-variant": "no-peeky", "ng-bidding": "standard", "ng-bag-penalty": "100"}
    assert form_options("dummy-spades", base) == {"target": 300, "variant": "no-peeky", "losing_limit": None}
    chosen = form_options("dummy-spades", {**base, "ng-bidding": "suicide", "ng-bag-penalty": "110"}, limit=True)
    assert chosen == {"target": 300, "variant": "no-peeky", "losing_limit": -200, "bidding": "suicide",
                      "bag_penalty": 110}
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 3, "options": chosen})
    assert game.to_record()["options"]["bidding"] == "suicide"   # the engine takes them as the form writes them

    four = new_game_html("seep", True)
    assert four.count('id="ng-name-') == 4 and "(team A)" in four
    assert 'id="ng-majority-tie"' in four and 'id="ng-first-sweep"' in four
    two = new_game_html("seep", True, last_names=["Zoé", "Yann", "Xavier", "Will"], seats=2)
    assert two.count('id="ng-name-') == 2 and "(team A)" not in two and 'value="Zoé"' in two
    assert '<option value="2" selected>' in two
    # the 26-26 rule is only offered with the scoring that has it
    assert 'id="ng-majority-tie"' not in new_game_html("seep", True, preset="seep-pagat", seats=2)
    seep = {"ng-seats": "4", "ng-preset": "sweep-seed", "ng-firstplay": "pagat", "ng-target": "500",
            "ng-majority-tie": "none", "ng-first-sweep": "25"}
    assert form_options("seep", seep) == {"preset": "sweep-seed", "first_play": "pagat", "target": 500}
    every = form_options("seep", {**seep, "ng-seats": "2", "ng-majority-tie": "split", "ng-first-sweep": "50"})
    assert every == {"preset": "sweep-seed", "first_play": "pagat", "target": 500, "seats": 2,
                     "majority_tie": "split", "first_sweep": 50}
    # a stale majority_tie value is not written under seep-pagat (the engine would refuse it)
    pagat = form_options("seep", {**seep, "ng-preset": "seep-pagat", "ng-baazis": "2", "ng-majority-tie": "split"})
    assert pagat == {"preset": "seep-pagat", "first_play": "pagat", "baazis": 2}
    for options in (every, pagat):
        seep_game = new_game({"format": "cardtable/1", "game": "seep", "seed": 1, "options": options,
                              "players": ["Ana", "Ben"] if options.get("seats") == 2 else None})
        assert {k: v for k, v in seep_game.to_record()["options"].items() if k in options} == options


MIRROR_DEAL = {"dealer": "p2", "hands": {
    "p0": "AS KS QS JS TS 9S 8S 2D 3D 4D 5D 6D 7D".split(),
    "p1": "7S 6S 5S 4S 3S 2S 8D 9D TD JD QD KD AD".split(),
    "p2": "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC".split(),
    "dummy": "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH".split()}}


def _mirror_game(actions=()):
    from cardtable.record import replay

    return replay({"format": "cardtable/1", "game": "dummy-spades", "players": ["Ana", "Ben", "Chloé"],
                   "options": {"bidding": "mirror", "bag_penalty": 110}, "deals": [MIRROR_DEAL],
                   "actions": list(actions)})


def test_mirror_has_no_bid_panel_and_hides_the_dummys_spades_until_it_is_turned_up():
    game = _mirror_game()
    table, app = seated(game)
    view = game.view("p0")
    assert view["phase"] == "play" and view["declarer"] == "p0" and view["mirror_bids"] == {"p0": 7, "p1": 6, "p2": 0}
    for seat in table.seats:
        html = table.render(game, seat, app)
        assert "bid-panel" not in html and "ui:bid:" not in html
        assert "7♠ · contract ?" in html           # Ana's contract waits for the dummy
        assert "contract 7" not in html and "nil dummy" not in html and "dummy, " not in html
        assert "0♠" in html and "nil own" in html   # Chloé has no spade: an automatic nil
        assert "Mirror: on the chips, 3♠ is the spades a player holds" in html
    rng = random.Random(1)
    while not game.view("p0")["dummy_exposed"]:
        game.apply(rng.choice(game.legal_actions()))
    html = table.render(game, "p1", app)
    assert "7♠ · contract 7 · nil dummy" in html   # the spadeless dummy: a nil credited to Ana
    table.panel = "sheet"
    assert "Mirror bidding · Bags: 110 per ten, bags lost" in table.render(game, "p1", app)


def test_suicide_bid_panel_enables_only_legal_bids():
    game = spades_game(5, bidding="suicide")
    table, app = seated(game)
    seat = game.to_act
    html = table.render(game, seat, app)
    assert "one nil, side bid 4 or more" in html
    chips = re.findall(r'(<button[^>]*data-act="ui:bid:(\d+)"[^>]*>)', html)
    assert len(chips) == 14 and {int(n) for tag, n in chips if "disabled" not in tag} == set(range(4, 14))
    assert re.search(r'disabled[^>]*data-act="ui:confirm-bid"|data-act="ui:confirm-bid"[^>]*disabled', html)
    table.handle("bid:5", game, seat, app)
    table.handle("nil:dummy", game, seat, app)
    table.handle("nil:p1", game, seat, app)        # a second nil replaces the first: exactly one
    assert table.nils == {"p1"}
    html = table.render(game, seat, app)
    confirm = re.search(r'<button[^>]*data-act="ui:confirm-bid"[^>]*>', html).group(0)
    assert "disabled" not in confirm
    assert table.handle("confirm-bid", game, seat, app) == "bid 5 nil p1"
