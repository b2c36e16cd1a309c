"""Help at the table: hints, undo and play-out-the-rest, in pure Python (no browser import).

* ``hint``    -- the strong computer players choice for a seat, from that seats view alone, with
  a reason as a code and values (the UI words it);
* ``undo``    -- which earlier decision a person may go back to, and the game as it was there;
* ``playout`` -- Dummy Spades: whether every remaining trick's winner is forced, and finishing it.
"""
