"""The table renderers in CPython: a seat's HTML never holds a card that seat may not see."""

import random
import re

import pytest

from cardtable.cards import Card, card
from cardtable.record import new_game
from conftest import FakeApp, spades_visible

spades = pytest.importorskip("cardtable.games.dummy_spades")
from cardtable.ui.table_spades import Table as SpadesTable  # noqa: E402


CARD_ATTR = re.compile(r'data-card="([0-9TJQKA][SHDC])"')


def shown_cards(html: str) -> set[str]:
    return set(CARD_ATTR.findall(html))


@pytest.mark.parametrize("variant", ["no-peeky", "three-peeky", "flip-2"])
def test_spades_html_shows_only_what_the_seat_may_see(variant):
    rng = random.Random(variant)
    for seed in range(6):
        game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": seed,
                         "options": {"variant": variant}, "players": ["Ana", "Ben", "Chloé"]})
        table = SpadesTable(game)
        app = FakeApp(table.seats)
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
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 42,
                     "players": ["Ana", "Ben", "Chloé"]})
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
def _play_until(game, stop, rng):
    """Random legal play until ``stop(game, action)`` says the next action is the one wanted."""
    while True:
        legal = game.legal_actions()
        for a in legal:
            if stop(game, a):
                return a
        game.apply(rng.choice(legal))


def test_a_finished_trick_is_held_with_its_winner_and_the_next_hand_never_shows():
    rng = random.Random(5)
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 17, "players": ["Ana", "Ben", "Chloé"]})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
    app.hold = "trick"
    held = 0
    while game.history == [] and not game.over:
        actor = game.to_act
        before = game.view(actor)
        action = rng.choice(game.legal_actions())
        canonical = game.apply(action)
        kind = table.hold_after(canonical, actor, before, game)
        completes = action.startswith("play") and len((before["trick"] or {}).get("plays", [])) == 3
        assert (kind == "trick") == completes
        if kind:
            held += 1
            viewer = actor if actor in table.seats else before["declarer"]
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
            table.release()
            assert table.collecting is None
    assert held == 13


def test_after_a_peek_the_peeker_sees_the_cards_in_the_reveal_panel():
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 8, "players": ["Ana", "Ben", "Chloé"],
                     "options": {"variant": "three-peeky"}})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
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
    from cardtable.ui.settings import dump_settings, parse_settings

    assert parse_settings('{"speed": "slow"}') == {"speed": "slow"}
    for bad in (None, "", "null", "[1, 2]", '{"speed": 3}', '{"speed": "warp"}', "{not json"):
        assert parse_settings(bad) == {"speed": "normal"}
    assert parse_settings(dump_settings({"speed": "fast", "other": 1})) == {"speed": "fast"}


def test_new_game_form_shows_only_the_chosen_scoring_and_refuses_wrong_numbers():
    from cardtable.ui.home import form_errors, new_game_html

    sweep = new_game_html("seep", True)
    assert 'id="ng-target"' in sweep and 'id="ng-baazis"' not in sweep
    pagat = new_game_html("seep", True, preset="seep-pagat")
    assert 'id="ng-baazis"' in pagat and 'id="ng-target"' not in pagat
    assert set(form_errors({"ng-target": "7", "ng-baazis": "0"})) == {"ng-target", "ng-baazis"}
    assert form_errors({"ng-target": "abc"})["ng-target"].startswith("The target")
    assert form_errors({"ng-target": "550", "ng-baazis": "9"}) == {}


def test_saved_games_tell_themselves_apart():
    from cardtable.ui.home import save_row
    from cardtable.ui.storage import SavedGame

    row = save_row(SavedGame(id="x", game="dummy-spades", players=["You", "Ben", "Chloé"], totals="You 40 · Ben 3",
                             updated=1000.0, controllers={"p0": "human", "p1": "casual", "p2": "strong"}), 1030.0)
    assert "You, Ben (computer), Chloé (computer)" in row and "You 40" in row and "last played just now" in row
