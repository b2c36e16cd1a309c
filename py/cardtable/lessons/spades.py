"""The guided first hand of Dummy Spades, and its short second part on the variations.

Three lessons, played one after the other (``Lesson.then``):

* ``dummy-spades``: one whole hand.  You (p0) against Ben (p1) and Ana (p2); Ana deals, so you bid
  first and make the opening lead.  You bid 7 with a nil on the dummy and become the declarer; Ben's
  nil on you does not count, Ana's nil on her own hand does.  Your lead turns up the dummy, and you
  play it: following suit, throwing away, keeping it out of every trick.  Ben trumps a heart and
  breaks spades, you draw trumps, take two tricks more than your bid (bags), and the score of the
  hand is explained line by line.
* ``dummy-spades-peek`` (variation Three Peeky): you peek at three dummy cards, then Ben does.
* ``dummy-spades-flip`` (variation Flip 1): you turn up one dummy card for everyone, then Ben does.

Both short parts end while Ana, the last to choose, is choosing: the steps have said what comes next.

The deals are explicit; the computers' plays are the script's.  The main hand's record has a seed
too, so the engine can deal the next hand after the last trick (the lesson ends there).  The
scripts were written against the engine; ``tests/test_lessons_spades.py`` replays them through
``legal_actions``.
"""

from __future__ import annotations

from . import N_, Lesson, Step

PLAYERS = ["You", "Ben", "Ana"]

DEAL = {
    "dealer": "p2",
    "hands": {
        "p0": ["AS", "KS", "QS", "4S", "3S", "AH", "KH", "9H", "AD", "KD", "QD", "AC", "8C"],
        "p1": ["JS", "TS", "9S", "8S", "7S", "8H", "JD", "TD", "9D", "8D", "KC", "QC", "JC"],
        "p2": ["6S", "5S", "2S", "QH", "JH", "TH", "7H", "6H", "7D", "6D", "TC", "9C", "7C"],
        "dummy": ["5H", "2C", "4D", "3H", "6C", "2D", "5C", "4H", "3D", "2H", "4C", "5D", "3C"],
    },
}

RECORD = {"format": "cardtable/1", "game": "dummy-spades", "options": {"target": 300},
          "players": PLAYERS, "seed": 30, "deals": [DEAL], "actions": []}

SCRIPT = (
    "bid 7 nil dummy", "bid 4 nil p0", "bid 4 nil p2",
    "play AH", "play 8H", "play 2H", "play 6H",        # 1: you lead, the dummy follows suit
    "play KH", "play 7S", "play 3H", "play 7H",        # 2: Ben trumps, spades are broken
    "play KC", "play 2C", "play 7C", "play AC",        # 3: Ben leads, you take it
    "play AS", "play 8S", "play 4H", "play 2S",        # 4-6: you draw trumps
    "play KS", "play 9S", "play 5H", "play 5S",
    "play QS", "play TS", "play 2D", "play 6S",
    "play AD", "play 8D", "play 3D", "play 6D",        # 7-9: your diamonds
    "play KD", "play 9D", "play 4D", "play 7D",
    "play QD", "play TD", "play 5D", "play QH",
    "play 8C", "play QC", "play 3C", "play 9C",        # 10-11: Ben's clubs
    "play JC", "play 4C", "play TC", "play 9H",
    "play JD", "play 5C", "play JH", "play 3S",        # 12: your last spades
    "play 4S", "play JS", "play 6C", "play TH",
)

IDEAS = ("declarer", "bid", "nil choices", "nil counts", "opening lead", "dummy turned up", "declarer plays the dummy",
         "follow suit", "trumping", "spades not led until broken", "bags", "score", "peek", "flip")

END = len(SCRIPT)


def _row(n: int) -> str:
    return f"row:{n}"


STEPS = (
    Step(0, N_("Welcome to Dummy Spades! Three players, and a fourth hand face down: the dummy. "
               "Whoever bids highest becomes the declarer and plays the dummy too, against the other two."),
         "dummy", ideas=("declarer",)),
    Step(0, N_("You may also declare nil on a hand: +100 if it takes no trick, −100 if it takes one. "
               "On your own hand it always counts; on the dummy, only if you declare; "
               "on another player, only if you both defend."), "switches", ideas=("nil choices",)),
    Step(0, N_("Your bid is the tricks your side will take. With these high cards, bid 7, "
               "and a nil on the dummy. Tap 7, then Nil on the dummy, then Bid."),
         "bid 7 nil dummy", "bid 7 nil dummy", ideas=("bid", "nil choices")),
    Step(3, N_("You bid highest: you are the declarer. Ben's nil on you does not count, since you do not "
               "both defend. Ana's nil on her own hand counts."), "seat:p1", ideas=("declarer", "nil counts")),
    Step(3, N_("The first bidder leads. Spades are trumps, and no spade may be led before one is played: "
               "lead your A♥."), "play AH", "play AH", ideas=("opening lead", "spades not led until broken")),
    Step(5, N_("Your lead turned the dummy face up, and you play it. Follow suit with its 2♥: "
               "its nil must take no trick."), "play 2H", "play 2H",
         ideas=("dummy turned up", "declarer plays the dummy", "follow suit")),
    Step(7, N_("You won the trick, so you lead again: the K♥."), "play KH", "play KH"),
    Step(9, N_("Ben had no heart: he trumped with a spade, which beats any heart. Spades are broken now. "
               "Play the dummy's 3♥."), "play 3H", "play 3H", ideas=("trumping", "spades not led until broken")),
    Step(12, N_("Ben won, so he leads. Follow suit with the dummy's 2♣."), "play 2C", "play 2C", ideas=("follow suit",)),
    Step(14, N_("Take the trick with your A♣."), "play AC", "play AC"),
    Step(15, N_("Spades are broken, so you may lead one: your A♠ draws the others' trumps."), "play AS", "play AS",
         ideas=("spades not led until broken",)),
    Step(17, N_("The dummy has no spade, so it may play any card: throw away its 4♥."), "play 4H", "play 4H",
         ideas=("follow suit",)),
    Step(19, N_("Lead the K♠."), "play KS", "play KS"),
    Step(21, N_("Throw away the dummy's 5♥."), "play 5H", "play 5H"),
    Step(23, N_("Lead the Q♠."), "play QS", "play QS"),
    Step(25, N_("Throw away the dummy's 2♦."), "play 2D", "play 2D"),
    Step(27, N_("Now your diamonds: lead the A♦."), "play AD", "play AD"),
    Step(29, N_("Play the dummy's 3♦."), "play 3D", "play 3D"),
    Step(31, N_("Lead the K♦."), "play KD", "play KD"),
    Step(33, N_("Play the dummy's 4♦."), "play 4D", "play 4D"),
    Step(35, N_("Lead the Q♦."), "play QD", "play QD"),
    Step(37, N_("Play the dummy's 5♦."), "play 5D", "play 5D"),
    Step(39, N_("That makes 8 tricks: your 7 are made, and each trick more is a bag. Lead the 8♣ and let Ben win."),
         "play 8C", "play 8C", ideas=("bags",)),
    Step(41, N_("Play the dummy's 3♣."), "play 3C", "play 3C"),
    Step(44, N_("Play the dummy's 4♣."), "play 4C", "play 4C"),
    Step(46, N_("You have no club: throw away your 9♥."), "play 9H", "play 9H", ideas=("follow suit",)),
    Step(48, N_("Play the dummy's 5♣."), "play 5C", "play 5C"),
    Step(50, N_("Only spades left: your 3♠ trumps the J♦ and wins. One more bag."), "play 3S", "play 3S",
         ideas=("trumping", "bags")),
    Step(51, N_("Your last card: the 4♠."), "play 4S", "play 4S"),
    Step(53, N_("And the dummy's last: the 6♣."), "play 6C", "play 6C"),
    Step(END, N_("The score, line by line. You bid 7 and your side took 9: 70, plus 2 for the 2 extra tricks. "
                 "The dummy took no trick, so your nil on it adds 100: 172."), _row(1), ideas=("score", "nil counts")),
    Step(END, N_("Ben bid 4 and the defenders took 4: 40. His nil on you did not count."), _row(2),
         ideas=("score", "nil counts")),
    Step(END, N_("Ana bid 4 too: 40. Her own hand took no trick, so her nil adds 100: 140."), _row(3),
         ideas=("score", "nil counts")),
    Step(END, N_("Your 2 extra tricks are bags. They add up from hand to hand: at 10 bags you lose 100 points."),
         "bags", ideas=("bags", "score")),
    Step(END, N_("That is Dummy Spades! A game goes on to 300. Next, two variations: peeking at the dummy, "
                 "and turning its cards up."), _row(1)),
)

LESSON = Lesson(game="dummy-spades", seat="p0", record=RECORD, script=SCRIPT, steps=STEPS, ideas=IDEAS,
                title=N_("Learn Dummy Spades"), then="dummy-spades-peek")

# ---- the second part: a peek, then a flip ----------------------------------------------------------

VARIANT_DEAL = {
    "dealer": "p2",
    "hands": {
        "p0": ["7C", "TC", "JD", "9C", "4D", "8S", "8H", "AC", "3H", "8D", "7D", "6D", "QD"],
        "p1": ["QH", "JS", "3D", "AD", "6C", "JH", "8C", "3C", "TH", "KC", "9S", "KD", "AS"],
        "p2": ["4S", "6H", "KS", "9H", "2D", "5C", "QS", "6S", "JC", "4H", "9D", "2S", "5D"],
        "dummy": ["7S", "TS", "KH", "AH", "5S", "5H", "2H", "4C", "QC", "3S", "2C", "7H", "TD"],
    },
}


def _variant_record(variant: str) -> dict:
    return {"format": "cardtable/1", "game": "dummy-spades", "options": {"target": 300, "variant": variant},
            "players": PLAYERS, "seed": 31, "deals": [VARIANT_DEAL], "actions": []}


PEEK_SCRIPT = ("peek 3 4 9", "peek 3 4 10")   # (Ana peeks next: the lesson ends as she chooses)
PEEK = Lesson(
    game="dummy-spades-peek", seat="p0", record=_variant_record("three-peeky"), script=PEEK_SCRIPT,
    steps=(
        Step(0, N_("A variation, Three Peeky: before the bidding, each player secretly looks at 3 of the dummy's "
                   "13 face-down cards."), "slots", ideas=("peek",)),
        Step(0, N_("Choose slots 3, 4 and 9, then Peek."), "peek 3 4 9", "peek 3 4 9", ideas=("peek",)),
        Step(2, N_("You saw the K♥, the A♥ and the Q♣: they show on the dummy for you alone. Ben peeked too: "
                   "everyone sees which slots, not the cards. Then you bid, knowing a little more."), "dummy",
             ideas=("peek",)),
    ),
    ideas=("peek",), title=N_("Learn Dummy Spades"), then="dummy-spades-flip")

FLIP_SCRIPT = ("flip 1", "flip 3")   # (Ana turns up hers next: the lesson ends as she chooses)
FLIP = Lesson(
    game="dummy-spades-flip", seat="p0", record=_variant_record("flip-1"), script=FLIP_SCRIPT,
    steps=(
        Step(0, N_("Another variation, Flip 1: before the bidding, each player turns one dummy card face up "
                   "for everyone. Choose slot 1, then Turn up."), "flip 1", "flip 1", ideas=("flip",)),
        Step(2, N_("Ben turned up one too, and Ana will: three cards everyone sees while bidding. The rest of the "
                   "dummy is turned up after the opening lead, as before."), "dummy", ideas=("flip",)),
    ),
    ideas=("flip",), title=N_("Learn Dummy Spades"))

LESSONS = (LESSON, PEEK, FLIP)
