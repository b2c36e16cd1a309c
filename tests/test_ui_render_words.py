"""What the tables, the home and statistics screens and the review say (issue #25), in CPython.

Each test names the finding of issue #25 it checks: the person playing alone against computers
spoken to in the second person (6), the bidding rules explained at the table (9), French
typography and wording (11), the peek's status line (12), the home and statistics wording (13),
Continue and the review's last line (14).
"""

from __future__ import annotations

import random
import re

import pytest

from cardtable import stats
from cardtable.record import new_game
from cardtable.ui.text.i18n import use_language
from cardtable.ui.screens.rules_page import rules_html
from conftest import ROOT, FakeApp

pytest.importorskip("cardtable.games.dummy_spades")
from cardtable.ui.table.seep import Table as SeepTable  # noqa: E402
from cardtable.ui.table.spades import Table as SpadesTable  # noqa: E402

TAG = re.compile(r"<[^>]+>")
SEATS_SEEP = ("p0", "p1", "p2", "p3")


@pytest.fixture(params=["en", "fr"])
def lang(request):
    use_language(request.param)
    yield request.param
    use_language("en")


def play_out(game, table, rng, until=lambda g: g.over, steps=2000):
    """Random legal moves, each described as the app's log describes it; returns the lines."""
    lines = []
    for _ in range(steps):
        if until(game):
            break
        actor = game.to_act
        before = game.view(actor)
        action = game.apply(rng.choice(game.legal_actions()))
        lines.append((actor, table.describe(action, actor, before, game.view(actor), game)))
    return lines


# ---- 6: "You plays 8♦" -----------------------------------------------------------------------------
YOU_WORDS = {"en": re.compile(r"^You (bid|play|peek|turn up|throw|capture|build|raise|cement|have) "),
             "fr": re.compile(r"^Vous (annoncez|jouez|regardez|retournez|jetez|prenez|bâtissez|montez|scellez|n'avez) ")}
THIRD = {"en": re.compile(r"\bYou (bids|plays|peeks|turns|throws|captures|builds|raises|cements|has|wins)\b"),
         "fr": re.compile(r"\bVous (annonce|joue|regarde|retourne|jette|prend|bâtit|monte|scelle|n'a|remporte|gagne)\b")}


@pytest.mark.slow
@pytest.mark.parametrize("game_name", ["dummy-spades", "seep"])
def test_the_one_person_against_computers_is_spoken_to_as_you(lang, game_name):
    you = "Vous" if lang == "fr" else "You"
    players = [you, "Ben", "Chloé"] + (["Dev"] if game_name == "seep" else [])
    game = new_game({"format": "cardtable/1", "game": game_name, "seed": 5, "players": players, "actions": []})
    table = (SpadesTable if game_name == "dummy-spades" else SeepTable)(game)
    table.you = "p0"
    app = FakeApp(table.seats)
    app.controllers = {s: "human" if s == "p0" else "casual" for s in table.seats}
    rng = random.Random(5)
    lines, texts = [], []
    while not game.over and len(lines) < 400:
        lines += play_out(game, table, rng, steps=1)
        texts.append(TAG.sub(" ", table.render(game, "p0", app)))
    mine = [line for actor, line in lines if actor == "p0"]
    assert mine and all(YOU_WORDS[lang].match(line) for line in mine), mine[:5]
    for _actor, line in lines:
        assert not THIRD[lang].search(line), line
    for text in texts:
        assert not THIRD[lang].search(text), text[:300]
    if game_name == "dummy-spades":
        won = "you win the trick" if lang == "en" else "vous remportez le pli"
        assert any(won in line.lower() for _a, line in lines), [line for _a, line in lines][:20]


# ---- 12: the peek's status line ------------------------------------------------------------------
def test_the_peeker_looking_at_the_cards_is_not_told_the_next_player_peeks():
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 3, "players": ["Ana", "Ben", "Chloé"],
                     "options": {"variant": "three-peeky"}, "actions": []})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
    while game.view(game.to_act)["phase"] != "peek":
        game.apply(game.legal_actions()[0])
    seat = game.to_act
    before = game.view(seat)
    action = game.apply(game.legal_actions()[0])
    assert game.view(game.to_act)["phase"] == "peek" and game.to_act != seat   # the next one peeks too
    assert table.hold_after(action, seat, before, game) == "reveal"
    status = TAG.sub(" ", re.search(r'<div class="status".*?</div>', table.render(game, seat, app)).group(0))
    assert "is peeking" not in status and "Remember the cards you peeked at" in status, status
    table.release()
    status = TAG.sub(" ", re.search(r'<div class="status".*?</div>', table.render(game, seat, app)).group(0))
    assert f"{table.names[game.to_act]} is peeking at the dummy" in status


# ---- 13 and 14: home, statistics, Continue, the review's last line --------------------------------
def test_home_wording_settings_apart_and_no_continue_for_a_finished_game():
    from cardtable.ui.screens import home
    from cardtable.stores.saves import SavedGame
    finished = SavedGame(id="g1", game="dummy-spades", players=["Ana", "Ben", "Chloé"], over=True, updated=10.0,
                         totals="4 hands · Ana 310 · Ben 120 · Chloé 80")
    html = home.home_html([finished], finished, 5000.0)
    assert 'data-key="continue"' not in html            # 14: an imported finished game is not "continued"
    assert 'data-act="open-review:g1"' in html            # ... it is reviewed from the list
    going = SavedGame(id="g2", game="seep", players=["Ana", "Ben"], updated=10.0, totals="hand 2 · Ana 3 · Ben 9")
    assert 'data-key="continue"' in home.home_html([going, finished], going, 5000.0)
    assert "Two partnerships" not in html and "or two face to face" in html
    speed = re.search(r'<div class="speed".*?</div>', html).group(0)
    assert "nav:settings" not in speed                    # 13: Settings is no speed of play
    assert 'data-act="nav:settings"' in html
    rules = rules_html("seep")
    assert "← Home" not in rules and 'aria-label="Home"' in rules


def test_statistics_read_as_sentences_with_the_home_icon():
    from cardtable.ui.screens import stats as stats_screen
    from cardtable import stats
    p = stats.PlayerStats(name="Ana", game="dummy-spades")
    p.games, p.finished, p.won, p.hands, p.hands_won = 1, 1, 0, 13, 5
    p.against = {"casual": stats.Against(games=1, won=0, hands=13, hands_won=5)}
    card = TAG.sub(" ", stats_screen.player_card(p))
    assert "0 won of 1 (1 finished)" in card and "5 won of 13" in card
    assert "won 0 of 1 game · 5 of 13 hands" in card and "1 game, 0 won" not in card
    page = stats_screen.screen_html({"games": {}})
    assert "← Home" not in page and 'aria-label="Home"' in page


def test_the_reviews_last_line_ends_its_sentences():
    from cardtable.ui.screens.review import Review, review_html
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 9, "players": ["Ana", "Ben", "Chloé"],
                     "options": {"losing_limit": -200}, "actions": []})
    rng = random.Random(9)
    for _ in range(3000):   # random play falls to the losing limit within a few hands
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert game.over
    r = Review(game.to_record())
    r.go(r.last)
    move = TAG.sub("", re.search(r'<p class="review-move">.*?</p>', review_html(r, "Dummy Spades")).group(0))
    assert re.search(r"[+\-−]\d+\. Game over", move), move


# ---- 9: the variations explained at the table ---------------------------------------------------------
@pytest.mark.parametrize("options, words", [
    ({"bidding": "mirror"}, "Mirror: nobody bids. Each bid is the spades a player holds"),
    ({"bidding": "suicide"}, "Suicide: every bid names exactly one nil, and the side bid is 4 or more."),
    ({"variant": "three-peeky"}, "Three Peeky: before bidding, each player secretly looks at 3 dummy cards"),
    ({"variant": "flip-1"}, "Flip 1: before bidding, each player turns up 1 dummy card for everyone."),
    ({"bag_penalty": 110, "losing_limit": -200}, "at ten bags you lose 110 points instead of 100 (house rule)"),
])
def test_the_score_sheet_says_the_rules_of_this_game(options, words):
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 2, "players": ["Ana", "Ben", "Chloé"],
                     "options": options, "actions": []})
    table = SpadesTable(game)
    table.panel = "sheet"   # the Scores button of the top bar opens it, at any moment of the game
    text = TAG.sub("", table.render(game, game.to_act, FakeApp(table.seats)))
    assert "Rules of this game" in text and words in text, text[-800:]
    if "losing_limit" in options:
        assert "falls to −200" in text


def test_the_seep_score_sheet_says_the_rules_of_this_game():
    game = new_game({"format": "cardtable/1", "game": "seep", "seed": 2, "players": ["Ana", "Ben"],
                     "options": {"seats": 2, "preset": "seep-pagat", "first_sweep": 50}, "actions": []})
    table = SeepTable(game)
    table.panel = "sheet"
    text = TAG.sub("", table.render(game, game.to_act, FakeApp(table.seats)))
    assert "Rules of this game" in text and "Two players, each for himself." in text
    assert "a lead of 100 points wins a baazi; 1 baazi wins the game" in text and "scores 50 (house rule)" in text


def test_mirrors_note_shows_through_the_first_trick_when_a_computer_leads():
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 6, "players": ["Ana", "Ben", "Chloé"],
                     "options": {"bidding": "mirror"}, "actions": []})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
    lead = game.to_act
    app.controllers = {s: "human" if s != lead else "casual" for s in table.seats}
    game.apply(game.legal_actions()[0])          # the computer leads
    person = game.to_act if game.to_act in table.seats else next(s for s in table.seats if s != lead)
    html = table.render(game, person, app)
    assert "Mirror: on the chips, 3♠ is the spades a player holds" in TAG.sub("", html)
    while game.view(person)["tricks"] == []:
        game.apply(game.legal_actions()[0])
    assert "Mirror: on the chips" not in table.render(game, person, app)   # once the first trick is in


def test_the_suicide_summary_marks_the_nils_that_did_not_count():
    rng = random.Random(1)
    for seed in range(40):
        game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": seed, "players": ["Ana", "Ben", "Chloé"],
                         "options": {"bidding": "suicide"}, "actions": []})
        table = SpadesTable(game)
        while not game.history:
            game.apply(rng.choice(game.legal_actions()))
        entry = game.view("p0")["history"][-1]
        decl = entry["declarer"]
        ignored = [(s, n) for s in table.seats for n in entry["nils"][s]
                   if not (n == s or (n == "dummy" and s == decl) or (n not in (s, "dummy") and decl not in (s, n)))]
        if ignored:
            break
    else:
        pytest.fail("no hand with a nil that did not count")
    rows = {r[0]: r for r in re.findall(r'<tr><th scope="row">(.*?)<small.*?</th><td>(.*?)</td>', table.hand_summary_html(game, entry))}
    for s in table.seats:
        marked = "(did not count)" in rows[table.names[s]][1]
        assert marked == any(b == s for b, _n in ignored), (s, rows[table.names[s]], ignored)


# ---- 11: French typography and wording; minus signs -------------------------------------------------
FRENCH_PO = ROOT / "py" / "cardtable" / "locale" / "fr" / "LC_MESSAGES" / "cardtable.po"
FIELDS = re.compile(r"\{[^{}]*\}")


def badly_spaced(text: str) -> list[str]:
    """Each : ; ! ? of French text not preceded by a narrow no-break space (U+202F), in context
    (fields such as {points:+d} and web addresses aside)."""
    text = FIELDS.sub("F", re.sub(r"https?://\S+", "", text))
    return [text[max(0, i - 12):i + 2] for i, ch in enumerate(text) if ch in ":;!?" and i and text[i - 1] != "\u202f"]


def test_french_has_a_narrow_no_break_space_before_colons_everywhere():
    from babel.messages.pofile import read_po
    with FRENCH_PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    wrong = []
    for message in catalog:
        if not message.id:
            continue
        for text in (message.string if isinstance(message.string, (list, tuple)) else [message.string]):
            wrong += badly_spaced(text or "")
    for book in (ROOT / "py" / "cardtable" / "rules").glob("*.fr.md"):
        wrong += [f"{book.name}: {w}" for w in badly_spaced(book.read_text(encoding="utf-8"))]
    assert not wrong, wrong[:20]


def french_slips(text: str) -> list[str]:
    """French typography and wording this catalog must never have (issue #46): a decimal point
    (« 30.0 »: French writes 30,0), « Vous a » (a sentence built for a name given "Vous"), a
    guillemet without its no-break space, the informal *tu* beside the *vous* the app says, a curly
    apostrophe where the catalog writes the straight one (« n’a » beside « n'a »)."""
    text = FIELDS.sub("F", re.sub(r"https?://\S+", "", text))
    slips = [m.group(0) for m in re.finditer(r"\d\.\d|\bVous (a|est|n'avait)\b|«(?![\u00a0\u202f])|(?<![\u00a0\u202f])»", text)]
    slips += [m.group(0) for m in re.finditer(r"\b(tu|ton|ta|tes|toi)\b|^(Joue|Défausse|Garde|Prends) |’", text)]
    return [f"{s!r} in {text[:60]!r}" for s in slips]


def test_french_has_no_decimal_point_vous_a_bare_guillemet_or_tu():
    from babel.messages.pofile import read_po
    with FRENCH_PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    wrong = []
    for message in catalog:
        if message.id:
            for text in (message.string if isinstance(message.string, (list, tuple)) else [message.string]):
                wrong += french_slips(text or "")
    for book in (ROOT / "py" / "cardtable" / "rules").glob("*.fr.md"):
        wrong += [f"{book.name}: {w}" for w in french_slips(book.read_text(encoding="utf-8"))]
    assert not wrong, wrong[:20]


def test_french_figures_have_the_decimal_comma():
    """Statistics and sizes write « 30,0 » and « −1,5 » in French, "30.0" in English."""
    from cardtable.ui.screens import stats as stats_screen
    from cardtable.ui.screens.settings import _mb
    p = stats.PlayerStats(name="Ana", game="dummy-spades")
    p.hands, p.points, p.bags = 2, 61, -3
    use_language("fr")
    try:
        figures = TAG.sub(" ", stats_screen.player_card(p))
        assert "30,5" in figures and "−1,5" in figures and not re.search(r"\d\.\d", figures), figures
        assert _mb(1_400_000) == "1,4\u00a0Mo"
    finally:
        use_language("en")
    assert "30.5" in TAG.sub(" ", stats_screen.player_card(p))


def test_french_rules_and_the_own_house_note_read_right():
    book = (ROOT / "py" / "cardtable" / "rules" / "dummy-spades.fr.md").read_text(encoding="utf-8")
    assert "après chaque partie" not in book and "Après chaque donne, la donne passe à gauche" in book
    use_language("fr")
    try:
        for seed in range(1, 60):
            game = new_game({"format": "cardtable/1", "game": "seep", "seed": seed, "actions": []})
            rng = random.Random(seed)
            for _ in range(40):
                seat = game.to_act
                v = game.view(seat)
                if any(seat in h["owners"] for h in v["floor"]["houses"]) and v["phase"] == "play":
                    html = SeepTable(game).render(game, seat, FakeApp(SEATS_SEEP))
                    note = TAG.sub("", re.search(r'<span class="own-note"[^>]*>.*?</span>', html).group(0))
                    assert re.match(r"vous possédez la maison de \d+\u202f: gardez une carte de sa valeur$", note), note
                    return
                if game.over:
                    break
                game.apply(rng.choice(game.legal_actions()))
        pytest.fail("no position where the player owns a house")
    finally:
        use_language("en")


def test_displayed_negatives_have_the_minus_sign_and_the_record_keeps_ascii(lang):
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 4, "players": ["Ana", "Ben", "Chloé"],
                     "options": {"losing_limit": -200}, "actions": []})
    table = SpadesTable(game)
    app = FakeApp(table.seats)
    rng = random.Random(4)
    lines = []
    while not game.over:
        lines += [line for _a, line in play_out(game, table, rng, steps=1)]
    v = game.view("p0")
    assert min(v["totals"].values()) < 0
    table.panel = "sheet"
    shown = [TAG.sub(" ", table.render(game, "p0", app)), TAG.sub(" ", table.game_over_html(game)),
             TAG.sub(" ", table.hand_summary_html(game, v["history"][-1]))] + lines
    for text in shown:
        assert not re.search(r"(?<![\w-])-\d", text), re.search(r".{30}(?<![\w-])-\d.{10}", text)
    assert any("−" in text for text in shown[:3])
    assert all("−" not in a for a in game.to_record()["actions"])
    assert "−" not in str(game.summary())


def test_the_live_region_says_a_negative_score_with_the_minus_sign():
    from cardtable.ui.text import announce
    game = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": 4, "players": ["Ana", "Ben", "Chloé"],
                     "actions": []})
    table = SpadesTable(game)
    rng = random.Random(4)
    said = []
    while not game.history:
        actor = game.to_act
        before = game.view(actor)
        action = game.apply(rng.choice(game.legal_actions()))
        said += announce.after_move(game.name, table, action, actor, before, game.view(actor))
    points = next(s for s in said if s.startswith("End of the hand. Points:"))
    assert "−" in points and not re.search(r"(?<![\w-])-\d", points), points


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_you_after_a_preposition_is_the_pronoun_not_the_name(lang):
    """Issue #46: « jouée par Vous », « avec Vous », "just thrown by You": after a preposition the one
    person against computers is "you" / « vous », on the table (words for screen readers included)
    and in Review's caption (« Vous a annoncé » → « vous avez annoncé »)."""
    from cardtable.ui.screens.review import Review, review_html
    from test_review import finished_record
    from cardtable.ui.text.i18n import _

    use_language(lang)
    try:
        you = _("You")
        bad = re.compile(r"\b(by|with|dealer|par|avec|donneur) " + you + r"\b|\bVous a\b")
        pronoun = {"en": "by you", "fr": "par vous"}[lang]
        seen = {"seep": "", "spades": ""}
        for seed in range(1, 8):
            seep = new_game({"format": "cardtable/1", "game": "seep", "seed": seed, "actions": []})
            table = SeepTable(seep)
            table.names, table.you = {"p0": you, "p1": "Ben", "p2": "Chloé", "p3": "Dev"}, "p0"
            while not seep.over and len(seep.actions) < 30:
                html = table.render(seep, "p0", FakeApp(SEATS_SEEP))
                assert not bad.search(TAG.sub(" ", html)), bad.search(TAG.sub(" ", html))
                assert not bad.search(html), bad.search(html)
                seen["seep"] += html
                seep.apply(random.Random(len(seep.actions)).choice(seep.legal_actions()))
            spades = new_game({"format": "cardtable/1", "game": "dummy-spades", "seed": seed, "actions": []})
            table = SpadesTable(spades)
            table.names, table.you = {"p0": you, "p1": "Ben", "p2": "Chloé"}, "p0"
            while not spades.over and len(spades.actions) < 24:
                html = table.render(spades, "p0", FakeApp(("p0", "p1", "p2")))
                assert not bad.search(html), bad.search(html)
                seen["spades"] += html
                spades.apply(random.Random(len(spades.actions)).choice(spades.legal_actions()))
        assert pronoun in seen["seep"] and pronoun in seen["spades"]
        for name in ("seep", "dummy-spades"):      # Review's caption, at every step of a whole game
            record = finished_record(name, {"target": 200} if name == "seep" else {"losing_limit": -200})
            record["players"][0] = you
            review = Review(record, controllers={"p0": "human", "p1": "casual", "p2": "casual", "p3": "casual"})
            mine = 0
            for step in range(1, review.last + 1):
                review.go(step)
                html = review_html(review, "Game")
                assert not bad.search(html), bad.search(html)
                mine += {"en": "you bid", "fr": "vous avez annoncé"}[lang] in html
            assert mine or name == "dummy-spades"
    finally:
        use_language("en")
