"""The live region's sentences (ui/announce.py) in CPython: what every move says, and nothing hidden."""

import random
import re

import pytest

from cardtable.cards import Card
from cardtable.record import new_game
from cardtable.ui.text import announce, markup
from cardtable.ui.screens import rules_page
from cardtable.ui.text.markup import plain_name

spades = pytest.importorskip("cardtable.games.dummy_spades")
from cardtable.ui.table.seep import Table as SeepTable  # noqa: E402
from cardtable.ui.table.spades import Table as SpadesTable  # noqa: E402

CARD_WORDS = re.compile(r"the (\d+|jack|queen|king|ace) of (spades|hearts|diamonds|clubs)")


def words_to_card(rank: str, suit: str) -> str:
    r = {"jack": "J", "queen": "Q", "king": "K", "ace": "A", "10": "T"}.get(rank, rank)
    return r + suit[0].upper()


def play_out(game_name, options, seed, table_cls, you=None, limit=400):
    """Random legal moves; yields (action, actor, before, after, sentences) for each."""
    game = new_game({"format": "cardtable/1", "game": game_name, "seed": seed, "options": options,
                     "players": ["Ana", "Ben", "Chloé", "Dev"][: 3 if game_name == "dummy-spades" else 4]})
    table = table_cls(game)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.over:
            break
        actor = game.to_act
        before = game.view(actor)
        action = game.apply(rng.choice(game.legal_actions()))
        after = game.view(actor)
        said = announce.after_move(game_name, table, action, actor, before, after, you)
        # the app says them without the isolate marks around names (spoken, not laid out)
        yield game, action, actor, before, after, [plain_name(s) for s in said]


def test_card_words():
    assert announce.card_words("QS") == "the queen of spades"
    assert announce.card_words("TD") == "the 10 of diamonds"
    assert announce.card_words("2C") == "the 2 of clubs"
    assert announce.cards_words(["3H", "9C", "AS"]) == "the 3 of hearts, the 9 of clubs and the ace of spades"


def test_spades_every_play_and_trick_is_said():
    tricks = hands = 0
    for game, action, actor, before, after, said in play_out("dummy-spades", {"variant": "flip-2"}, 7, SpadesTable):
        assert said, action
        name = {"p0": "Ana", "p1": "Ben", "p2": "Chloé"}[actor]
        verb = action.split()[0]
        if verb == "play":
            card = Card.parse(action.split()[1])
            assert said[0].startswith(f"{name} plays the {announce._(announce.RANK_WORDS[card.rank])} of ")
            if len((before["trick"] or {}).get("plays") or []) == 3:
                tricks += 1
                m = re.match(r"(Ana|Ben|Chloé|The dummy) wins the trick, (\d+) tricks?\.", said[1])
                assert m, said
                if after["hand_number"] != before["hand_number"] or after["over"]:
                    hands += 1
                    assert said[2].startswith("End of the hand. Points: Ana ")
        elif verb == "bid":
            assert said[0].startswith(f"{name} bids {action.split()[1]}")
        elif verb == "flip":
            assert said[0].startswith(f"{name} turns up dummy slot")
            # the cards named are exactly the ones turned up, which everyone sees
            named = {words_to_card(r, s) for r, s in CARD_WORDS.findall(said[0])}
            slots = [int(w) for w in action.split()[1:]]
            assert named == {after["dummy_slots"][i - 1] for i in slots}
        if game.over:
            assert said[-1].startswith("Game over")
    assert tricks >= 13 and hands >= 1


def test_spades_peek_names_no_card_and_you_speaks_to_the_person():
    said_peek = []
    for game, action, actor, before, after, said in play_out("dummy-spades", {"variant": "three-peeky"}, 3,
                                                              SpadesTable, you="p0", limit=80):
        if action.startswith("peek"):
            said_peek += said
            assert not CARD_WORDS.search(" ".join(said))
        if actor == "p0" and action.startswith("play"):
            assert said[0].startswith("You play the ")
        if actor == "p1" and action.startswith("play"):
            assert said[0].startswith("Ben plays the ")
    assert len(said_peek) >= 3 and len(said_peek) % 3 == 0
    assert all("peeks at dummy slots" in s or s.startswith("You peek at dummy slots") for s in said_peek), said_peek
    assert any(s.startswith("You peek at dummy slots") for s in said_peek)   # not "You peeks" (#46)


def test_seep_moves_sweeps_and_the_end_of_a_hand():
    seen = set()
    for game, action, actor, before, after, said in play_out("seep", {}, 11, SeepTable, limit=200):
        verb = action.split()[0]
        seen.add(verb)
        assert said, action
        name = {"p0": "Ana", "p1": "Ben", "p2": "Chloé", "p3": "Dev"}[actor]
        first = said[0]
        expected = {"bid": f"{name} bids ", "throw": f"{name} throws the ", "capture": f"{name} captures ",
                    "build": f"{name} builds a", "raise": f"{name} raises the ", "cement": f"{name} cements the ",
                    "redeal": f"{name} has no card"}[verb]
        assert first.startswith(expected), (action, first)
        if verb == "build":
            assert re.match(rf"{name} builds an? {action.split()[1]}-house: the ", first)
        if any(s.endswith(" points.") and "sweeps" in s for s in said):
            seen.add("sweep")
            assert any(re.match(r"Team [AB] sweeps, \d+ points\.", s) for s in said)
        if any(s.startswith("End of the hand.") for s in said):
            seen.add("end")
    assert {"bid", "throw", "capture", "build", "end"} <= seen, seen


def test_turn_sentences():
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 1, "players": ["Ana", "Ben", "Chloé"]})
    seat = game.to_act
    assert announce.turn("dummy-spades", game.view(seat)) == "Your turn — bid."
    other = next(s for s in ("p0", "p1", "p2") if s != seat)
    assert announce.turn("dummy-spades", game.view(other)) == ""
    seep = new_game({"format": "cardtable/1", "game": "seep", "seed": 1, "players": ["Ana", "Ben", "Chloé", "Dev"]})
    assert announce.turn("seep", seep.view(seep.to_act)) == "Your turn — bid."
    assert announce.refused("a 7 that can capture cannot be thrown") == "Not allowed: a 7 that can capture cannot be thrown"


def test_the_table_buttons_name_the_keys_the_rules_list():
    # (web/morph.js presses the button whose data-shortcut is the key, on a table only)
    bar = markup.table_topbar("Seep", "", None)
    assert 'data-shortcut="s"' in bar and 'data-shortcut="l"' in bar
    listed = {k.lower() for k, _what in rules_page.SHORTCUTS if len(k) == 1}
    assert listed == {"l", "s", "t", "c"}
    html = rules_page.shortcuts_html()
    assert html.count("<dt>") == len(rules_page.SHORTCUTS) and "<h2" in html


def test_one_slot_is_a_slot_a_nil_on_ones_own_hand_is_named_and_you_in_a_chip_is_you():
    """Issue #46: "turns up dummy slots 3", "nil on their own hand", a chip reading "nil You"."""
    from cardtable.ui.text import announce
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 4, "players": ["You", "Ben", "Chloé"],
                     "options": {"variant": "flip-1"}, "actions": []})
    table = SpadesTable(game)
    table.you = "p0"
    while game.phase != "flip":
        game.apply(game.legal_actions()[0])
    actor, before = game.to_act, game.view(game.to_act)
    action = game.apply(next(a for a in game.legal_actions() if len(a.split()) == 2))
    said = announce.after_move("dummy-spades", table, action, actor, before, game.view(actor))[0]
    line = table.describe(action, actor, before, game.view(actor), game)
    assert re.search(r"turns? up dummy slot \d+\b(?! and)", said) and "slots" not in said, said
    assert "slots" not in line and "dummy slot" in line, line
    bid = "bid 4 nil " + actor
    said = announce.after_move("dummy-spades", table, bid, actor, before, before)
    assert said and "their own hand" not in said[0]
    assert table.nil_words({"nils": {"p1": ["p0", "dummy"]}}, "p1") == "you, dummy"   # not "nil You"


def test_the_declarers_chip_is_marked_in_every_language():
    """The gold chip of the declarer (``.role-declarer``) comes from the role, not its translated word."""
    from cardtable.ui.text.i18n import use_language
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 4, "players": ["You", "Ben", "Chloé"],
                     "actions": []})
    while game.phase != "play":
        game.apply(game.legal_actions()[0])
    table = SpadesTable(game)
    v = game.view(game.to_act)
    use_language("fr")
    try:
        chips = {h: table.seat_box(v, h, "top", False) for h in ("p0", "p1", "p2")}
    finally:
        use_language("en")
    assert [h for h, chip in chips.items() if "role-declarer" in chip] == [v["declarer"]]
    assert "Déclarant" in chips[v["declarer"]]
