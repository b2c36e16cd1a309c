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
