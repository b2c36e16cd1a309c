"""The guided first hand of Seep, in two parts (``Lesson.then``).

``LESSON``: four players, you (p0, the bidder) and Ana against Ben and Dev.  The deal is explicit
(dealer Dev, so you bid and play first); the computers' plays are the script's, so the hand goes as
planned: you bid 12 and build it, capture, raise Ben's house, cement yours, keep the cards your
houses need, sweep the floor, and see the count, one step per line (``seep_count``).

``TWO``: Seep for two (option ``seats: 2``), you against Ben, for the one thing four players never
see: the second half.  It opens at the end of the first half (the run plays the script up to its
first step): your last card must take your own house, then 12 more cards each are dealt onto the
floor as it was, and you make the first capture of the second half.

The scripts were written against the engine and ``tests/test_lessons.py`` replays them through
``legal_actions``.
"""

from __future__ import annotations

from . import N_, Lesson, Step

DEAL = {
    "dealer": "p3",
    "hands": {
        "p0": ["9C", "QH", "5D", "8C", "TS", "2H", "JD", "KD", "4D", "6D", "AH", "9S"],
        "p1": ["9D", "2D", "3S", "4S", "3H", "5S", "3C", "AS", "7S", "8S", "JS", "QS"],
        "p2": ["4C", "KH", "2C", "TH", "6H", "6C", "KS", "4H", "5H", "8H", "9H", "JH"],
        "p3": ["AD", "7C", "8D", "5C", "2S", "AC", "7D", "TD", "QD", "TC", "JC", "QC"],
    },
    "floor": ["3D", "7H", "KC", "6S"],
}

# a short game: the one hand decides it (the first team to 100 wins)
RECORD = {"format": "cardtable/1", "game": "seep", "options": {"target": 100},
          "players": ["You", "Ben", "Ana", "Dev"], "deals": [DEAL], "actions": []}

SCRIPT = (
    "bid 12", "build 12 9C 3D",
    "build 9 2D 7H", "throw 4C", "throw AD",
    "capture TS 4C 6S", "throw 3S", "capture KH KC", "throw 7C",
    "raise 9 2H", "capture 4S AD 3S", "throw 2C", "throw 8D",
    "cement 12 5D 7C", "throw 3H", "capture TH 2C 8D", "throw 5C",
    "capture 8C 3H 5C", "throw 5S", "throw 6H", "throw 2S",
    "capture JD 5S 6H", "throw 3C", "throw 6C", "throw AC",
    "capture QH AC 2S 3C 6C", "throw AS", "throw 4H", "throw 7D",
    "capture AH AS", "capture JS 4H 7D", "throw 5H", "throw TD",
    "throw 4D", "capture 9D 4D 5H", "throw 8H", "capture TC TD",
    "throw 6D", "capture 8S 8H", "throw 9H", "throw JC",
    "capture 9S 9H", "throw 7S", "capture KS 6D 7S", "throw QD",
    "throw KD", "capture QS QD", "capture JH JC", "throw QC",
)

IDEAS = ("bid", "first play", "rest of the deal", "capture", "build", "raise", "cement", "keep the card",
         "sweep", "throw", "last capture", "count", "spades", "aces", "ten of diamonds", "majority")

OTHER_HOUSE = N_("That works too, but here we want to show a house. Take it back and play the highlighted move.")

STEPS = (
    Step(0, N_("Welcome to Seep! You and Ana, opposite you, play against Ben and Dev: "
               "capture cards, build houses, sweep the floor."), "hand",
         ideas=()),
    Step(0, N_("You are the bidder: name the house you will build first. Bid 12, the value of your Q♥."), "bid:12", "bid 12", ideas=("bid",)),
    Step(1, N_("Your first play must use your bid: put your 9♣ on the 3♦ to build a house of 12 (9 + 3)."),
         "build 12 9C 3D", "build 12 9C 3D", OTHER_HOUSE, ideas=("first play", "build")),
    Step(2, N_("The rest of the pack is dealt: everyone now has 12 cards. The house of 12 is yours: "
               "you must keep a queen until someone takes it."), "house:12", ideas=("rest of the deal", "keep the card")),
    Step(5, N_("Ben built a house of 9. Capture now: your 10♠ takes the 4♣ and the 6♠, as 4 + 6 = 10."), "capture TS 4C 6S", "capture TS 4C 6S", ideas=("capture",)),
    Step(9, N_("Raise Ben's house: add your 2♥ to make 11. You hold the J♦ to take it later, and the house is yours now."),
         "raise 9 2H", "raise 9 2H", ideas=("raise",)),
    Step(13, N_("Cement your house of 12: your 5♦ and the 7♣ make another 12 on it. "
                "A cemented house can no longer be raised, only taken by a queen."),
         "cement 12 5D 7C", "cement 12 5D 7C", ideas=("cement",)),
    Step(17, N_("You own the houses of 11 and 12, so you must keep the J♦ and the Q♥ until they are taken. "
                "Take the 3♥ and the 5♣ with your 8♣."), "capture 8C 3H 5C", "capture 8C 3H 5C",
         ideas=("keep the card", "capture")),
    Step(21, N_("Take your house of 11 with the J♦, and the 5♠ and 6♥ with it: they add up to 11 too."),
         "capture JD 5S 6H", "capture JD 5S 6H", ideas=("capture",)),
    Step(25, N_("Now sweep! Your Q♥ takes the house of 12 and the 2♠, 3♣, 6♣ and A♣ (12 in all): "
                "the floor is left empty. A sweep scores 50."), "capture QH AC 2S 3C 6C", "capture QH AC 2S 3C 6C",
         ideas=("sweep",)),
    Step(29, N_("After a sweep the next player can only throw. Take Ben's A♠ with your A♥."), "capture AH AS",
         "capture AH AS", ideas=("capture",)),
    Step(31, N_("Ben took both floor cards with his jack: a sweep, 50 for Ben and Dev."), "piles", ideas=("sweep",)),
    Step(33, N_("Nothing on the floor adds up to 4, so throw your 4♦ loose. A card that could capture may not be thrown."),
         "throw 4D", "throw 4D", ideas=("throw",)),
    Step(37, N_("Throw your 6♦: it takes nothing."), "throw 6D", "throw 6D", ideas=("throw",)),
    Step(41, N_("Take the 9♥ with your 9♠."), "capture 9S 9H", "capture 9S 9H", ideas=("capture",)),
    Step(45, N_("Your last card: throw the K♦. At the end, the cards left on the floor go to the team that captured last."),
         "throw KD", "throw KD", ideas=("last capture", "throw")),
    # the count, one step per line of the table the lesson shows at the end (``seep_count.LINES``)
    Step(49, N_("The count, line by line. Spades: each scores its value, A♠ 1 … K♠ 13."),
         "count:spades", ideas=("count", "spades")),
    Step(49, N_("Aces: each of the other three aces scores 1."), "count:aces", ideas=("count", "aces")),
    Step(49, N_("The 10♦ scores 2: Ben and Dev took it."), "count:ten", ideas=("count", "ten of diamonds")),
    Step(49, N_("More cards: the team that took more than half of the 52 scores 4. Yours took 37."),
         "count:majority", ideas=("count", "majority")),
    Step(49, N_("Sweeps: 50 each, one for each team."), "count:sweeps", ideas=("count", "sweep")),
    Step(49, N_("Your team passed 100: it wins this short game (a real one goes to 500). Next: Seep for two."), "count:total", ideas=()),
)

LESSON = Lesson(game="seep", seat="p0", record=RECORD, script=SCRIPT, steps=STEPS, ideas=IDEAS,
                title=N_("Learn Seep"), then="seep-two")

# ---- the second part: Seep for two, the second half ------------------------------------------------
TWO_DEAL = {
    "dealer": "p1",
    "hands": {   # 24 cards each, in the order dealt: the first half's 12, then the second half's
        "p0": ["7C", "JC", "2S", "TC", "TD", "JS", "6D", "8S", "9S", "2C", "KH", "7S",
               "4C", "KC", "QH", "5D", "QS", "9H", "AC", "4D", "3S", "8H", "3C", "9D"],
        "p1": ["3D", "4H", "QD", "JH", "5C", "7H", "6H", "QC", "9C", "2D", "7D", "4S",
               "KS", "5H", "AH", "6S", "6C", "8D", "TH", "JD", "3H", "AS", "AD", "5S"],
    },
    "floor": ["8C", "2H", "TS", "KD"],
}
TWO_RECORD = {"format": "cardtable/1", "game": "seep", "options": {"seats": 2},
              "players": ["You", "Ben"], "deals": [TWO_DEAL], "actions": []}
TWO_SCRIPT = (
    # the first half, played before the part opens (its first step is at action 23)
    "bid 10", "build 10 2S 8C TS", "build 11 9C 2H", "cement 10 TD", "capture JH", "capture TC", "throw QD",
    "capture KH KD", "capture QC QD", "throw 8S", "throw 7H", "build 9 2C 7H", "throw 4H", "build 11 7C 4H",
    "throw 5C", "cement 11 6D 5C", "throw 6H", "cement 11 JC", "throw 7D", "capture JS", "throw 2D",
    "cement 9 7S 2D", "throw 3D",
    # the part: your last card of the first half, Ben's, then the second half's first play
    "capture 9S 3D 6H", "throw 4S", "capture 8H 8S",
)
TWO_STEPS = (
    Step(23, N_("Seep for two: you against Ben, in two halves. Your last card of the first half, the 9♠, "
                "must take your house of 9 (and the 3♦ and 6♥)."),
         "capture 9S 3D 6H", "capture 9S 3D 6H", ideas=("keep the card", "capture")),
    Step(25, N_("The second half: 12 more cards each, and the floor stays as it is. "
                "Take the 8♠ left on it with your 8♥."), "capture 8H 8S", "capture 8H 8S", ideas=("second half",)),
    Step(26, N_("Play goes on to the last card, then the count, as before. You know Seep now!"), "hand", ideas=("second half",)),
)

TWO = Lesson(game="seep-two", seat="p0", record=TWO_RECORD, script=TWO_SCRIPT, steps=TWO_STEPS,
             ideas=("keep the card", "capture", "second half"), title=N_("Learn Seep"))

LESSONS = (LESSON, TWO)
