"""A guest device's side of a table: the messages it sends, and the seat's view it keeps.

The guest holds no game: it renders the view the host sends (``game.view(seat)``, the same dict
the UI renders on the host) and answers with actions picked from that view's ``legal`` list::

    guest = Guest(table, "p1", secret)
    send(guest.join())                    # or guest.join(resume=True) after a reload
    message = guest.receive(text)         # welcome, move, refused, pong or closed; guest.view is current
    send(guest.act("play QS"))
"""

from __future__ import annotations

from typing import Optional

from .messages import encode, read_host


class Guest:
    """One seat played from another device: its code (table, seat, secret) and what it has seen."""

    def __init__(self, table: str, seat: str, secret: str, seq: int = 0) -> None:
        self.table, self.seat, self.secret = table, seat, secret
        self.seq = seq                      # the last sequence number sent
        self.at: Optional[int] = None       # the host's position, from the last welcome or move
        self.view: Optional[dict] = None    # the seat's view, history included

    def join(self, resume: bool = False) -> str:
        return encode({"type": "resume" if resume else "join", "table": self.table, "seat": self.seat,
                       "secret": self.secret})

    def act(self, action: str) -> str:
        """An action chosen on the position last received."""
        self.seq += 1
        return encode({"type": "act", "seq": self.seq, "at": self.at, "action": action})

    def undo(self) -> str:
        """Take back the seat's own last move (the host judges it)."""
        self.seq += 1
        return encode({"type": "undo", "seq": self.seq, "at": self.at})

    def fair(self, kind: str, deal: int, text: str) -> str:
        """A deal's commitment or value (``kind``: "commit" or "reveal", ``net.fair``)."""
        self.seq += 1
        return encode({"type": kind, "seq": self.seq, "deal": deal, "hash" if kind == "commit" else "value": text})

    def receive(self, text: str | bytes) -> dict:
        """A host message (read through the checked loader); a welcome or a move updates ``view``
        and ``at`` (a move's view without ``history`` keeps the one already held)."""
        message = read_host(text)
        if message["type"] == "welcome":
            self.seq = max(self.seq, message["seq"])
        if message["type"] in ("welcome", "move"):
            view = message["view"]
            if "history" not in view and self.view is not None and "history" in self.view:
                view = {**view, "history": self.view["history"]}
            self.view, self.at = view, message["at"]
        return message
