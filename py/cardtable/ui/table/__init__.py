"""The table of a game in play: one module per game (Dummy Spades, Seep) and the coach."""
