"""The Seep table in CPython: privacy of the HTML, move composition by taps, the log in words."""

import random
import re
from html.parser import HTMLParser

import pytest

from cardtable.cards import Card
from cardtable.record import new_game
from cardtable.ui.text.markup import plain_name
from conftest import ROOT, FakeApp
from seep_checks import seep_shown

seep = pytest.importorskip("cardtable.games.seep")
from cardtable.ui.table.seep import Table, candidate_actions  # noqa: E402
from cardtable.ui.text.refusals import word as refusal_words  # noqa: E402

NAMES = ["Ana", "Ben", "Chloé", "Dev"]
CARD_ATTR = re.compile(r'data-card="([0-9TJQKA][SHDC])"')
ACT = re.compile(r'data-act="([^"]+)"')


def make(seed, preset="sweep-seed"):
    return new_game({"format": "cardtable/1", "game": "seep", "seed": seed, "options": {"preset": preset},
                     "players": NAMES, "actions": []})


def seated(game) -> tuple[Table, FakeApp]:
    """The table of ``game`` and an app holding its seats."""
    table = Table(game)
    return table, FakeApp(table.seats)


def play_turns(game, table: Table, rng: random.Random, max_actions: int):
    """A random game on ``table`` until it ends or has ``max_actions`` actions: the seat to act and
    its legal actions at each turn of the play (bids pass unseen); after the caller's look at the
    turn, a random legal action is played and the table told."""
    while not game.over and len(game.actions) < max_actions:
        legal = game.legal_actions()
        if game.phase == "play":
            yield game.to_act, legal
        game.apply(rng.choice(legal))
        table.after_move(game)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["sweep-seed", "seep-pagat"])
def test_html_shows_only_what_the_seat_may_see(preset):
    rng = random.Random(preset)
    for seed in range(4):
        game = make(seed, preset)
        table, app = seated(game)
        steps = 0
        before = None
        while not game.over and steps < 110:
            actor = game.to_act
            # the actor has a selection going: a hand card and a loose card or a house
            view = game.view(actor)
            if view["phase"] == "play":
                table.handle("hand:" + rng.choice(view["hand"]), game, actor, app)
                if view["floor"]["loose"] and rng.random() < 0.6:
                    table.handle("floor:" + rng.choice(view["floor"]["loose"]), game, actor, app)
                if view["floor"]["houses"] and rng.random() < 0.5:
                    table.handle(f'house:{rng.choice(view["floor"]["houses"])["value"]}', game, actor, app)
            for seat in table.seats:
                table.panel = rng.choice([None, "sheet", "log"])
                html = table.render(game, seat, app)
                v = game.view(seat)
                shown = set(CARD_ATTR.findall(html))
                allowed = seep_shown(v, before)
                assert shown <= allowed, (seed, steps, seat, shown - allowed)
                assert set(v["hand"]) <= shown
                hidden = set()
                for other in table.seats:
                    if other != seat:
                        hidden |= set(game.view(other)["hand"])
                hidden -= allowed
                for c in hidden:
                    assert Card.parse(c).name not in html
                    assert f'"{c}"' not in html and f":{c}" not in html and f" {c}" not in html
                if seat != actor:
                    assert "move-panel" not in html and 'data-act="ui:do:' not in html
            table.panel = None
            before = game.view(actor)
            canonical = game.apply(rng.choice(game.legal_actions()))
            table.after_move(game)
            app.log.append(table.describe(canonical, actor, before, game.view(actor), game))
            steps += 1


def test_a_hand_seat_does_not_see_composition_at_a_handoff():
    game = make(5)
    table, app = seated(game)
    app.handoff_to = "p1"
    html = table.render(game, "p1", app)
    assert "bid-panel" not in html


def test_composition_offers_exactly_the_legal_actions_of_the_selection():
    rng = random.Random(7)
    for seed in range(6):
        game = make(seed)
        table, app = seated(game)
        for seat, legal in play_turns(game, table, rng, 60):
            # every legal action can be composed by taps and confirmed through ui:do
            for action in rng.sample(legal, min(4, len(legal))):
                w = action.split()
                table.handle("clear", game, seat, app)
                if w[0] in ("build", "cement", "raise"):
                    card, house, loose = w[2], (w[1] if w[0] != "build" else None), w[3:]
                else:
                    card, house, loose = w[1], None, w[2:]
                table.handle("hand:" + card, game, seat, app)
                if house:
                    table.handle("house:" + house, game, seat, app)
                for c in loose:
                    table.handle("floor:" + c, game, seat, app)
                html = table.render(game, seat, app)
                offers = table.offers
                assert action in offers, (seed, action, offers)
                assert all(o in legal for o in offers)
                assert offers == game.actions_using(card, loose + ([int(house)] if house else [])) or not (house or loose)
                acts = ACT.findall(html)
                i = offers.index(action)
                assert f"ui:do:{i}" in acts
                assert table.handle(f"do:{i}", game, seat, app) == action
                # nothing refused is confirmable: refused moves are the engine's reasons
                for a, reason in table.refused(game, offers):
                    assert a not in legal and reason == (refusal_words(game.refusal(a), table.names) if a else reason)
            table.handle("clear", game, seat, app)


def test_refusals_are_in_the_words_of_the_rules():
    game = make(31)
    game.apply("bid 11")
    table, app = seated(game)
    table.handle("hand:6H", game, "p1", app)
    html = table.render(game, "p1", app)
    assert "your first play must build an 11-house, capture with a Jack or throw a Jack" in html
    table.handle("clear", game, "p1", app)
    table.handle("hand:JH", game, "p1", app)
    html = table.render(game, "p1", app)
    assert "a Jack that can capture cannot be thrown" in html
    assert table.offers == ["capture JH 2D 4C 5H"]
    # 4 + 5 with a Jack is no capture: nothing offered, the reason shown
    table.handle("floor:4C", game, "p1", app)
    table.handle("floor:5H", game, "p1", app)
    html = table.render(game, "p1", app)
    assert table.offers == [] and 'class="why"' in html
    # another seat's taps do nothing
    assert table.handle("hand:QS", game, "p0", app) is None


def test_keeping_a_card_for_an_owned_house_is_explained():
    rng = random.Random(3)
    for seed in range(80):
        game = make(seed)
        while not game.over and not table_hands(game):
            seat = game.to_act
            view = game.view(seat)
            owned = [h["value"] for h in view["floor"]["houses"] if seat in h["owners"]]
            for c in view["hand"]:
                if Card.parse(c).value not in owned or view["phase"] != "play":
                    continue
                for loose in view["floor"]["loose"]:
                    for a in candidate_actions(c, [loose], []):
                        reason = game.check(a) or ""
                        if "while you own the" in reason:
                            table, app = seated(game)
                            table.handle("hand:" + c, game, seat, app)
                            table.handle("floor:" + loose, game, seat, app)
                            html = table.render(game, seat, app)
                            assert re.search(r"you must keep an? \w+ while you own the \d+-house", html)
                            assert not any(o == a for o in table.offers)
                            return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no position found")


def table_hands(game) -> int:
    return len(game.view("p0")["history"])


def test_candidate_actions_cover_the_kinds_of_move():
    assert candidate_actions("7S", [], []) == ["throw 7S"]
    assert "build 12 9S 3H" in candidate_actions("9S", ["3H"], [])
    assert candidate_actions("2D", [], [10]) == ["raise 10 2D"]
    assert "cement 12 QD" in candidate_actions("QD", [], [12]) and "capture QD" in candidate_actions("QD", [], [12])
    assert candidate_actions("AH", ["5S", "6C"], [12]) == ["cement 12 AH 5S 6C"]
    assert candidate_actions("AH", [], [9, 10]) == []


def test_the_log_reads_like_words():
    game = make(5)
    table = Table(game)
    lines = []
    for action in ["bid 10", "build 10 2C AS 7C", "raise 10 2D", "cement 12 AH 5S 6C", "capture QD"]:
        actor = game.to_act
        before = game.view(actor)
        canonical = game.apply(action)
        lines.append(plain_name(table.describe(canonical, actor, before, game.view(actor), game)))
    assert lines == ["Ben bids 10",
                     "Ben builds a 10-house: 2♣ on A♠ 7♣",
                     "Chloé raises the 10-house to 12 with 2♦",
                     "Dev cements the 12-house with A♥ and 5♠ 6♣",
                     lines[4]]
    assert lines[4].startswith("Ana captures the 12-house with Q♦")
    # a whole hand: sweeps and the hand's end are told
    rng = random.Random(11)
    while len(table.hand_entries(game)) < 1:
        actor = game.to_act
        before = game.view(actor)
        legal = game.legal_actions()
        canonical = game.apply(rng.choice(legal))
        line = plain_name(table.describe(canonical, actor, before, game.view(actor), game))
        if "sweep" in canonical:
            pass
        lines.append(line)
    assert "Hand over: Team A" in lines[-1]


def test_sweeps_are_marked_in_the_log_and_the_piles():
    for seed in range(60):
        game = make(seed)
        table = Table(game)
        rng = random.Random(seed)
        while not game.over and len(table.hand_entries(game)) < 1:
            actor = game.to_act
            before = game.view(actor)
            canonical = game.apply(rng.choice(game.legal_actions()))
            after = game.view(actor)
            line = table.describe(canonical, actor, before, after, game)
            team = "p0p2" if actor in ("p0", "p2") else "p1p3"
            if after["hand_number"] == before["hand_number"] and len(after["sweeps"][team]) > len(before["sweeps"][team]):
                assert "a sweep! +" in line
                html = table.render(game, actor, FakeApp(table.seats))
                assert "sweep-mark" in html and f'Sweep +{after["sweeps"][team][-1]}' in html
                return
    pytest.fail("no sweep in 60 random hands")


@pytest.mark.parametrize("preset", ["sweep-seed", "seep-pagat"])
def test_hand_summary_and_game_over(preset):
    game = make(2, preset)
    table = Table(game)
    rng = random.Random(2)
    while not game.over and len(table.hand_entries(game)) < 1:
        game.apply(rng.choice(game.legal_actions()))
    entry = table.hand_entries(game)[0]
    html = table.hand_summary_html(game, entry)
    for t in ("p0p2", "p1p3"):
        assert f'<tr data-team="{t}">' in html and f'<td class="pts">{entry["score"][t]}</td>' in html
    if preset == "sweep-seed":
        assert "Totals: Team A" in html and "majority" in html
    else:
        assert "Baazis:" in html
    html = table.game_over_html(game)
    assert "wins!" in html


# ---- names are text, the last play is seen, the minor items of issue #11 ------------------------------
HOSTILE = ['<b class="pwn">Ana</b>', 'Ben" onclick="x', "<i class='pwn'>C</i>", "Dev & <script>"]


class ElementClasses(HTMLParser):
    """Every element the HTML would create, as (tag, class) pairs."""

    def __init__(self):
        super().__init__()
        self.elements: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs).get("class") or ""))


def elements(html: str) -> list[tuple[str, str]]:
    parser = ElementClasses()
    parser.feed(html)
    return parser.elements


@pytest.mark.parametrize("preset,options", [("sweep-seed", {"target": 100}), ("seep-pagat", {"baazis": 1})])
def test_player_names_are_text_on_every_screen_of_a_whole_game(preset, options):
    game = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "options": {"preset": preset, **options},
                     "players": HOSTILE, "actions": []})
    table, app = seated(game)
    rng = random.Random(1)
    pages = []
    while not game.over:
        actor = game.to_act
        view = game.view(actor)
        if view["phase"] == "play" and len(game.actions) % 5 == 0:
            table.handle("hand:" + view["hand"][0], game, actor, app)
        table.panel = [None, "sheet", "log"][len(game.actions) % 3]
        pages.append(table.render(game, actor, app))
        hands = len(table.hand_entries(game))
        before = game.view(actor)
        canonical = game.apply(rng.choice(game.legal_actions()))
        table.after_move(game)
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))
        if len(table.hand_entries(game)) > hands:
            pages.append(table.hand_summary_html(game, table.hand_entries(game)[-1]))
    pages.append(table.game_over_html(game))
    pages.append(table.render(game, "p0", app))
    for html in pages:
        made = elements(html)
        assert not any("pwn" in cls for _, cls in made)
        assert not any(tag in ("script", "i") for tag, _ in made)
        assert "onclick" not in html.replace("onclick=&quot;x", "")
    assert any("&lt;b class=&quot;pwn&quot;&gt;Ana&lt;/b&gt;" in html for html in pages[-2:])
    # the teams are named with the names, as text, in the game-over and the hand-end texts
    assert "Dev &amp; &lt;script&gt;" in pages[-2]


def test_game_over_has_no_emoji_and_says_who_won():
    game = new_game({"format": "cardtable/1", "game": "seep", "seed": 3, "options": {"preset": "sweep-seed", "target": 100},
                     "players": NAMES, "actions": []})
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    html = plain_name(Table(game).game_over_html(game))
    assert not re.search("[\U0001F000-\U0001FAFF]", html)
    winner = {"p0p2": "Team A (Ana &amp; Chloé)", "p1p3": "Team B (Ben &amp; Dev)"}[game.winner]
    assert f"{winner} wins!" in html


def test_bid_buttons_are_named_once():
    """'Bid 9', not "Bid 9 9"; a court card's bid also says its name: "Bid 11, Jack"."""
    game = make(5)
    table = Table(game)
    nine = table.bid_button("bid 9")
    assert re.sub(r"<[^>]+>", " ", nine).split() == ["Bid", "9"] and "aria-label" not in nine
    jack = table.bid_button("bid 11")
    # named by its content (the name holds the visible text): "Bid 11" + an unseen comma + "Jack"
    assert "aria-label" not in jack and re.sub(r"<[^>]+>", "", jack) == "Bid 11, Jack" and '<span class="sub">Jack</span>' in jack
    html = table.render(game, game.to_act, FakeApp(table.seats))
    assert game.legal_actions() and all(table.bid_button(a) in html for a in game.legal_actions())


def test_the_last_play_is_marked_on_the_table_with_words():
    game = make(5)
    table, app = seated(game)

    def play(action):
        actor = game.to_act
        before = game.view(actor)
        canonical = game.apply(action)
        table.after_move(game)
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))

    def render(seat):
        return plain_name(table.render(game, seat, app))

    play("bid 10")
    html = render("p1")
    assert 'class="last-play"' in html and "Ben bids 10" in html and " just" not in html
    play("build 10 2C AS 7C")
    html = render("p2")
    house = re.search(r'<button type="button" class="house ordinary[^"]*" data-act="ui:house:10"[^>]*>', html).group(0)
    named = re.search(r'data-act="ui:house:10"[^>]*><span class="visually-hidden">([^<]*)</span>', html).group(1)
    assert " just" in house and named == "10-house, ordinary, owned by Ben, just built by Ben"
    assert re.search(r'class="card small just"[^>]*data-card="2C"', html)
    assert ">just built</span>" in html
    # a seat that is not to play sees the same marks (not buttons)
    assert '<div class="house ordinary owner-b just" data-house="10"' in render("p0")
    play("raise 10 2D")
    play("cement 12 AH 5S 6C")
    play("capture QD")
    html = render("p1")
    strip = re.search(r'<div class="last-play just-capture">(.*?)</div>', html).group(1)
    assert "Ana captures the 12-house with Q♦" in strip
    assert re.findall(r'class="card(?: red)? small just"[^>]*data-card="(\w\w)"', strip) == ["QD"]
    assert set(re.findall(r'class="card(?: red)? small taken"[^>]*data-card="(\w\w)"', strip)) == {
        "2C", "AS", "7C", "2D", "AH", "5S", "6C"}
    # a table that did not see the capture (a reload) still says it, without the house's cards
    fresh = Table(game)
    html = fresh.render(game, "p1", FakeApp(table.seats))
    assert 'class="last-play just-capture"' in html and "taken" not in html
    # a throw: the thrown card is outlined on the floor and labelled
    for _ in range(40):
        seat = game.to_act
        throws = [a for a in game.legal_actions() if a.startswith("throw ")]
        if throws:
            play(throws[0])
            card = throws[0].split()[1]
            html = table.render(game, game.to_act, app)
            tag = re.search(rf'<(?:button|span)[^>]*data-card="{card}"[^>]*>', html).group(0)
            assert re.search(r'class="card[^"]* loose just"', tag), tag
            assert re.search(r'aria-label="[^"]+ on the floor, just thrown by [^"]+"', tag), tag
            break
        play(game.legal_actions()[0])
    else:
        pytest.fail("no throw came up")


def test_a_redeal_is_told_once():
    for seed in range(300):
        game = make(seed)
        if "redeal" not in game.legal_actions():
            continue
        table, app = seated(game)
        actor = game.to_act
        before = game.view(actor)
        canonical = game.apply("redeal")
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))
        html = table.render(game, game.to_act, app)
        assert html.count("no card of 9 or more") == 1, html
        assert 'class="redeal-note"' in html
        return
    pytest.fail("no redeal in 300 deals")


def test_the_score_sheet_is_four_columns():
    game = make(2)
    rng = random.Random(2)
    table = Table(game)
    while len(table.hand_entries(game)) < 2:
        game.apply(rng.choice(game.legal_actions()))
    html = table.sheet_html(game.view("p0"))
    rows = re.findall(r"<tr>(.*?)</tr>", html)
    assert len(rows) == 3
    for row in rows:
        assert len(re.findall(r"<t[hd][ >]", row)) == 4


# ---- two players (issue #17): each player his own side, both halves, the options shown ----------------
TWO = ["Ana", "Ben"]
HOUSE = {"first_sweep": 50, "majority_tie": "split"}


def make_two(seed, preset="sweep-seed", players=TWO, **options):
    return new_game({"format": "cardtable/1", "game": "seep", "seed": seed,
                     "options": {"preset": preset, "seats": 2, **options}, "players": players, "actions": []})


def play_two(game, table, app, rng, seat_pages, until_hands=1):
    """Play ``game`` at random (a selection going on some turns) until ``until_hands`` hands are
    done, rendering every seat's table after every move: ``seat_pages(seat, html, before)``."""
    before = None
    while not game.over and len(table.hand_entries(game)) < until_hands:
        actor = game.to_act
        view = game.view(actor)
        if view["phase"] == "play" and rng.random() < 0.5:
            table.handle("hand:" + rng.choice(view["hand"]), game, actor, app)
            if view["floor"]["loose"] and rng.random() < 0.5:
                table.handle("floor:" + rng.choice(view["floor"]["loose"]), game, actor, app)
        for seat in table.seats:
            table.panel = rng.choice([None, "sheet", "log"])
            seat_pages(seat, table.render(game, seat, app), before)
        before = game.view(actor)
        canonical = game.apply(rng.choice(game.legal_actions()))
        table.after_move(game)
        app.log.append(table.describe(canonical, actor, before, game.view(actor), game))


@pytest.mark.parametrize("preset", ["sweep-seed", "seep-pagat"])
def test_two_players_html_shows_only_what_the_seat_may_see(preset):
    """A whole two-player hand (both halves) seen by each player after every move: his own hand,
    the floor and the last play; never a card of the opponent's hand; one other seat on the table."""
    game = make_two(4, preset)
    table = Table(game)
    assert table.seats == ("p0", "p1") and table.sides == ("p0", "p1")
    app = FakeApp(table.seats)
    checked = {"p0": 0, "p1": 0}
    second_half = []

    def check(seat, html, before):
        html = plain_name(html)
        v = game.view(seat)
        other = "p1" if seat == "p0" else "p0"
        shown = set(CARD_ATTR.findall(html))
        allowed = seep_shown(v, before)
        assert shown <= allowed, (seat, shown - allowed)
        assert set(v["hand"]) <= shown
        for c in set(game.view(other)["hand"]) - allowed:
            assert Card.parse(c).name not in html
        # the row of other seats holds the opponent only, named as such; no team letters
        assert html.count('class="seat pos-') == 1 and 'class="seat pos-top' in html
        assert f'aria-label="{TWO[int(other[1])]}, your opponent, ' in html
        assert "Team A" not in html and "Team B" not in html and 'class="team-tag' not in html
        if "· second half ·" in html:
            second_half.append(v["hand_counts"])
        checked[seat] += 1

    play_two(game, table, app, random.Random(preset), check)
    assert checked["p0"] > 48 and checked["p1"] > 48
    # the second half was played, and its start said once in the log
    assert second_half and second_half[0] == {"p0": 12, "p1": 12}
    assert sum("Second half: 12 more cards each" in plain_name(line) for line in app.log) == 1


@pytest.mark.parametrize("preset", ["sweep-seed", "seep-pagat"])
def test_two_players_sides_are_named_by_the_players(preset):
    game = make_two(6, preset, baazis=1) if preset == "seep-pagat" else make_two(6, preset, target=100)
    table, app = seated(game)
    play_two(game, table, app, random.Random(3), lambda *a: None)
    entry = table.hand_entries(game)[0]
    html = plain_name(table.hand_summary_html(game, entry))
    rows = re.findall(r'<tr data-team="(p[01])"><th scope="row"><span class="team-head">(\w+)</span>', html)
    assert rows == [("p0", "Ana"), ("p1", "Ben")]
    for t in ("p0", "p1"):
        assert f'<td class="pts">{entry["score"][t]}</td>' in html
    if preset == "sweep-seed":
        assert f'Totals: Ana {entry["totals"]["p0"]} · Ben {entry["totals"]["p1"]}' in html
    else:
        assert "Baazis: Ana " in html and "Team" not in html
    v = game.view("p0")
    assert "Two players" in html
    # under the summary dialog the table behind shows no hand (the next deal's cards are dealt)
    assert any(game.view(seat)["hand"] for seat in table.seats)
    for seat in table.seats:
        app.dialog = ("hand", entry)
        html = table.render(game, seat, app)
        assert CARD_ATTR.findall(html) == [] and "bid-panel" not in html
        app.dialog = None
        assert set(game.view(seat)["hand"]) <= set(CARD_ATTR.findall(table.render(game, seat, app)))
    pile = plain_name(table.piles_html(v))
    assert re.findall(r'class="pile-name" title="(\w+)">(\w+)<', pile) == [("Ana", "Ana"), ("Ben", "Ben")]
    table.panel = "sheet"
    sheet = plain_name(table.render(game, "p0", app))
    assert '<span class="team-head">Ana</span>' in sheet and '<span class="team-head">Ben</span>' in sheet
    assert "Team" not in table.score_line(v)
    while not game.over:
        game.apply(random.Random(len(game.actions)).choice(game.legal_actions()))
    over = plain_name(table.game_over_html(game))
    assert f"{ {'p0': 'Ana', 'p1': 'Ben'}[game.winner]} wins!" in over


@pytest.mark.parametrize("players,options,note", [
    (4, {}, ""),
    (4, HOUSE, "House rules: first sweep 50; 26–26 split +2 each"),
    (2, {}, "Two players"),
    (2, {"first_sweep": 50}, "Two players · House rules: first sweep 50"),
    (2, HOUSE, "Two players · House rules: first sweep 50; 26–26 split +2 each"),
])
def test_options_that_are_not_the_default_are_shown(players, options, note):
    """The score sheet and the hand summary name the house rules and a two-player game; the floor
    says them at the bid; nothing is said for the defaults."""
    if players == 2:
        game = make_two(8, **options)
    else:
        game = new_game({"format": "cardtable/1", "game": "seep", "seed": 8, "options": options,
                         "players": NAMES, "actions": []})
    table, app = seated(game)
    bid_html = table.render(game, game.to_act, app)
    table.panel = "sheet"
    sheet = table.render(game, "p0", app)
    rng = random.Random(8)
    while not table.hand_entries(game):
        game.apply(rng.choice(game.legal_actions()))
    summary = table.hand_summary_html(game, table.hand_entries(game)[0])
    for html in (bid_html, sheet, summary):
        if note:
            assert f'class="rules-note' in html and note in html
        else:
            assert "rules-note" not in html and "House rules" not in html


def test_a_split_majority_shows_two_each():
    """Under ``majority_tie: split`` a 26–26 hand shows +2 for each side, and +4 otherwise."""
    game = make_two(1, **HOUSE)
    table = Table(game)
    v = game.view("p0")
    tie = {"cards": {"p0": 26, "p1": 26}, "points": {"p0": 52, "p1": 52}, "totals": {"p0": 52, "p1": 52}}
    assert table.split_points(v, tie, "p0") == (50, 2) and table.split_points(v, tie, "p1") == (50, 2)
    more = {"cards": {"p0": 27, "p1": 25}, "points": {"p0": 60, "p1": 44}, "totals": {"p0": 60, "p1": 44}}
    assert table.split_points(v, more, "p0") == (56, 4) and table.split_points(v, more, "p1") == (44, 0)
    plain = make_two(1)
    assert Table(plain).split_points(plain.view("p0"), tie, "p0") == (52, 0)


def test_two_player_names_are_text():
    game = make_two(3, players=HOSTILE[:2], target=100)
    table, app = seated(game)
    pages = []
    play_two(game, table, app, random.Random(5), lambda seat, html, before: pages.append(html), until_hands=2)
    entry = table.hand_entries(game)[0]
    pages += [table.hand_summary_html(game, entry), table.game_over_html(game), "".join(app.log)]
    for html in pages[:-1]:
        made = elements(html)
        assert not any("pwn" in cls for _, cls in made)
        assert not any(tag in ("script", "i") for tag, _ in made)
        assert "onclick" not in html.replace("onclick=&quot;x", "")
    assert "&lt;b class=&quot;pwn&quot;&gt;Ana&lt;/b&gt;" in pages[-3]


@pytest.mark.slow
def test_a_card_with_many_moves_lists_a_few_and_asks_for_floor_cards():
    """A hand card alone offers at most MAX_OFFERS moves, the simplest first (a throw or a plain
    capture is always among them); the rest are reached by tapping floor cards."""
    from cardtable.ui.table.seep import MAX_OFFERS
    rng = random.Random(11)
    capped = 0
    for seed in range(12):
        game = make_two(seed)
        table, app = seated(game)
        for seat, legal in play_turns(game, table, rng, 49):
            for card in game.view(seat)["hand"]:
                mine = [a for a in legal if a.split()[1:2] == [card] or
                        (a.split()[0] in ("build", "cement", "raise") and a.split()[2] == card)]
                table.handle("clear", game, seat, app)
                table.handle("hand:" + card, game, seat, app)
                html = table.render(game, seat, app)
                assert set(table.offers) <= set(mine) and len(table.offers) <= MAX_OFFERS
                assert [a for a in mine if len(a.split()) == 2][:MAX_OFFERS - 1] == \
                    [a for a in table.offers if len(a.split()) == 2]
                if len(mine) > MAX_OFFERS:
                    capped += 1
                    more = len(mine) - len(table.offers)
                    assert f"{more} more moves with {Card.parse(card).symbol}" in html
                else:
                    assert sorted(table.offers) == sorted(mine) and "more move" not in html
            table.handle("clear", game, seat, app)
    assert capped > 0


def test_the_score_line_has_the_sides_words_and_their_chips():
    """Issue #46: sideways, "Team A 0 · Team B 0 (to 500)" wrapped the top bar to three lines; the line
    carries each side's words (which screen readers say) and its letter's chip (aria-hidden), and the
    stylesheet shows the chip in their place on a short landscape screen.  With two, the names alone."""
    four = Table(new_game({"format": "cardtable/1", "game": "seep", "seed": 1, "actions": []}))
    g = new_game({"format": "cardtable/1", "game": "seep", "seed": 1, "actions": []})
    line = four.score_line(g.view("p0"))
    for letter in "AB":
        assert f'<span class="side-words">Team {letter}</span>' in line
        assert f'side-chip" aria-hidden="true">{letter}</span>' in line
    two_game = new_game({"format": "cardtable/1", "game": "seep", "seed": 1, "options": {"seats": 2}, "actions": []})
    two = Table(two_game)
    assert "side-chip" not in two.score_line(two_game.view("p0"))
    css = (ROOT / "web" / "seep.css").read_text(encoding="utf-8")
    landscape = css[css.index("@media (orientation: landscape) and (max-height: 560px)"):]
    assert ".seep .topbar .side-chip { display: inline; }" in landscape and ".seep .topbar .side-words { font-size: 0; }" in landscape
