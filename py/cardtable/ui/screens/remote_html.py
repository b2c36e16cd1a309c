"""The screens of a table played across devices, as markup (pure Python, no browser import):
the host's *Players on other devices* (each remote seat's QR code, join code and link, and the
field for the guest's answer), the guest's *Join a table* (paste or scan a code, then show the
answer), the scanner's view (the camera, over either screen), and the line over the host's table
that says which devices are connected.

The QR codes come as SVG markup from ``web/qr.js`` (lean-qr; its title escaped there); every other
text here is escaped.  ``ui.screens.remote`` holds the state these draw and the acts.
"""

from __future__ import annotations

from typing import Optional

from ..text.cardnames import card_name
from ..text.i18n import N_, _
from ..text.markup import button, dialog, esc, isolated

STATUS = {
    "making": N_("Making a code…"),
    "shown": N_("Waiting for the answer from this player's device."),
    "connecting": N_("Connecting…"),
    "connected": N_("Connected."),
    "away": N_("Not connected: show a new code to take the seat back."),
    "back": N_("Not connected: waiting for their device to come back by itself (or show a new code)."),
}
"""A remote seat's state, in words."""

GUEST_STATUS = {
    "answering": N_("Making your answer…"),
    "answered": N_("Now the host needs your answer: let them scan it, or send it to them (Share or Copy) to paste "
                   "on their screen. Waiting for the host…"),
    "connected": N_("Connected: taking your seat…"),
    "reconnecting": N_("Reconnecting to the host… If it does not connect (the host’s device was reloaded too), "
                       "ask the host for a new code and scan it: no answer is needed."),
    "lost": N_("The connection to the host was lost. Ask the host for a new code, then join again: your seat is kept."),
    "replaced": N_("This seat was taken up again on another device."),
    "waiting": N_("Waiting for players…"),
}
"""The guest's state, in words."""

WAITING_WHY = N_("The cards are dealt when everyone is seated: each device adds a random value to the shuffle, "
                 "so no device chooses the deal.")
GUEST_NOT_HERE = N_("The host’s device keeps this game: export it, review it or play again there.")
SEAT_REFUSED = {"seat_taken": N_("Another device plays this seat now. If it is yours, ask the host for a new code."),
                "other": N_("The host did not take this code: ask the host for a new one.")}
KNOWN = N_("This player’s device was here before: it comes back by itself, or by this code with no answer "
           "needed. Another device shows an answer: paste or scan it below.")
COPY_BY_HAND = N_("The text is selected: copy it from the menu, then paste it in a message.")
NOT_A_CODE = N_("This is not a Card Table join code. Copy the whole code or link the host shows.")
NOT_AN_ANSWER = N_("This is not this player's answer. Copy the whole answer their device shows.")
NO_CAMERA = N_("Scan the code with your phone’s camera app: it opens Card Table on this page. "
               "Or press Scan to read it here, or paste the code or link.")
SCAN_STATUS = {
    "starting": N_("Opening the camera…"),
    "looking": N_("Hold the code in front of the camera."),
    "nothing": N_("No code found yet: hold the code flat and still, in good light, so that it fills most of the view."),
    "refused": N_("The camera was refused. To scan, allow the camera for this page in the browser’s settings, "
                  "then scan again; or paste the code."),
    "none": N_("No camera was found on this device: paste the code instead."),
    "busy": N_("The camera is in use by another app: close it, then scan again; or paste the code."),
    "failed": N_("The camera could not be opened: paste the code instead."),
}
"""The scanner's state (``web/scan.js``), in words."""
SCAN_PROBLEMS = ("refused", "none", "busy", "failed")
"""The scanner's states with no camera view: the camera is off."""


def _field(id_: str, label: str, value: str = "", readonly: bool = False, note: str = "", rows: int = 3) -> str:
    ro = " readonly" if readonly else ""
    note_html = f'<span class="muted small">{esc(note)}</span>' if note else ""
    return (f'<label class="field"><span>{esc(label)}</span>'
            f'<textarea id="{esc(id_)}" rows="{rows}" spellcheck="false" autocomplete="off"{ro}'
            f'{"" if readonly else " data-keep"}>{esc(value)}</textarea>{note_html}</label>')


def passed(id_: str, label: str, value: str, passing: dict) -> str:
    """A code to pass to another device (a link, a code, an answer): shown whole, with *Copy*, and
    *Share* where the browser shares (``passing``: ``share``, and ``said``, the last one's outcome
    as (field id, words))."""
    said = passing.get("said") or ("", "")
    share = button(esc(_("Share")), f"remote-share:{id_}", cls="btn ghost small", key=f"share:{id_}") \
        if passing.get("share") else ""
    note = f'<span class="muted small">{esc(said[1])}</span>' if said[0] == id_ else ""
    return (_field(id_, label, value, readonly=True, rows=4) + '<div class="copy-row" role="status">'
            + button(esc(_("Copy")), f"remote-copy:{id_}", cls="btn ghost small", key=f"copy:{id_}") + share
            + note + "</div>")


def seat_html(seat: str, name: str, offer: dict, on_host: bool = False, here: bool = False,
              passing: Optional[dict] = None) -> str:
    """One remote seat on the host's screen (``on_host``: a computer plays it here for now, or with
    ``here`` a person on this device, passed the device like the host's other people)."""
    status = offer.get("status", "making")
    parts = [f'<article class="remote-seat" data-seat="{esc(seat)}" aria-labelledby="remote-{esc(seat)}">',
             f'<h2 id="remote-{esc(seat)}">{esc(name)}</h2>',
             f'<p class="remote-status" role="status" data-status="{esc(status)}">{esc(_(STATUS[status]))}</p>']
    if on_host:
        who = (_("A person plays this seat on this device for now, passed the device in turn.") if here
               else _("A computer plays this seat on this device for now."))
        parts.append(f'<p>{esc(who)}</p>'
                     + button(esc(_("Back to their device")), f"remote-back:{seat}", cls="btn ghost small",
                              key=f"remote-back:{seat}"))
    elif status in ("away", "back"):
        parts.append('<div class="form-buttons">'
                     + button(esc(_("A computer plays for now")), f"remote-computer:{seat}", cls="btn ghost small",
                              key=f"remote-computer:{seat}")
                     + button(esc(_("Play it on this device")), f"remote-here:{seat}", cls="btn ghost small",
                              key=f"remote-here:{seat}")
                     + "</div>")
    if status in ("shown", "connecting") and offer.get("code"):
        if offer.get("known"):
            parts.append(f'<p class="muted small">{esc(_(KNOWN))}</p>')
        parts.append(f'<div class="qr-box">{offer.get("svg", "")}</div>')
        parts.append(passed(f"remote-link-{seat}", _("Join link: send it to {name}").format(name=name),
                            offer.get("link", ""), passing or {}))
        parts.append(passed(f"remote-code-{seat}", _("Join code: {name} pastes it under Join a table").format(name=name),
                            offer["code"], passing or {}))
        parts.append(_field(f"remote-answer-{seat}", _("Their answer"), offer.get("answer", ""),
                            note=_("Paste the answer their device shows, or press Scan to read its QR code.")))
        parts.append(button(esc(_("Connect")), f"remote-accept:{seat}", key=f"remote-accept:{seat}")
                     + scan_button(seat))
    if offer.get("error"):
        parts.append(f'<p class="error" role="alert">{esc(offer["error"])}</p>')
    if status != "making":
        parts.append(button(esc(_("New code")), f"remote-code:{seat}", cls="btn ghost small", key=f"remote-code:{seat}"))
    parts.append("</article>")
    return "".join(parts)


def host_html(names: dict[str, str], offers: dict[str, dict], on_host: frozenset = frozenset(),
              here: frozenset = frozenset(), passing: Optional[dict] = None) -> str:
    """The host's screen: a code per remote seat, then the way to the table (``on_host``: the seats
    played on the host for now; ``here``: those of them a person plays)."""
    parts = ['<section class="remote-host form-page">',
             f'<h1>{esc(_("Players on other devices"))}</h1>',
             f'<p>{esc(_("Each player scans their code with their phone’s camera, or opens the link, or pastes the code under Join a table. Their device then shows an answer: scan it or paste it here."))}</p>',
             f'<p class="muted small">{esc(_("The devices connect directly over the same Wi-Fi or a phone’s hotspot; no internet is needed."))}</p>',
             "<form>"]   # (its fields come with a tap on its buttons: app.form)
    for seat, offer in offers.items():
        parts.append(seat_html(seat, names.get(seat, seat), offer, seat in on_host, seat in here, passing))
    parts.append('</form><div class="form-buttons">'
                 + button(esc(_("To the table")), "remote-table", key="remote-table", autofocus=True)
                 + "</div></section>")
    return "".join(parts)


def join_html(state: dict, passing: Optional[dict] = None) -> str:
    """The guest's screen: paste the host's code, then show the answer."""
    status = state.get("status")
    parts = ['<section class="remote-join form-page">', f'<h1>{esc(_("Join a table"))}</h1><form>']
    if status in (None, "lost", "replaced", "reconnecting"):
        parts.append(f'<p>{esc(_(NO_CAMERA))}</p>')
        parts.append(_field("join-code", _("Join code or link"), state.get("text", "")))
        parts.append(button(esc(_("Join")), "remote-join-read", key="remote-join-read") + scan_button("join"))
    if state.get("error"):
        parts.append(f'<p class="error" role="alert">{esc(state["error"])}</p>')
    if status:
        parts.append(f'<p class="remote-status" role="status" data-status="{esc(status)}">'
                     f'{esc(_(GUEST_STATUS[status]))}</p>')
    if status == "waiting":
        parts.append(f'<p>{esc(_(WAITING_WHY))}</p>')
    if status == "answered":
        parts.append(f'<div class="qr-box">{state.get("svg", "")}</div>')
        parts.append(passed("join-answer", _("Your answer"), state.get("code", ""), passing or {}))
    parts.append('</form><div class="form-buttons">' + button(esc(_("Home")), "nav:home", cls="btn ghost", key="home")
                 + "</div></section>")
    return "".join(parts)


def table_bar(names: dict[str, str], present: set[str], seats: list[str], lent: Optional[dict] = None) -> str:
    """Over the host's table: which devices are connected, which seats are played here for now
    (``lent``: seat -> "computer" or "person"), each with *Give back* (offered first once its device
    is back), and the way to their codes."""
    lent = lent or {}
    words, backs = [], []
    for s in seats:
        name = names.get(s, s)
        if s in lent:
            words.append((_("{name}: a computer plays for now") if lent[s] == "computer"
                          else _("{name}: played on this device for now")).format(name=name))
            back = s in present
            backs.append(button(esc((_("Give back to {name}") if back else _("Give back")).format(name=name)),
                                f"remote-back:{s}", cls="btn small" if back else "btn ghost small",
                                key=f"bar-back:{s}",
                                title=_("{name}'s device plays the seat again").format(name=name)))
        else:
            words.append((_("{name}: connected") if s in present else _("{name}: not connected")).format(name=name))
    return ('<div class="remote-bar" role="status">'
            f'<span>{esc(" · ".join(words))}</span>' + "".join(backs)
            + button(esc(_("Devices")), "remote-devices", cls="btn ghost small", key="remote-devices")
            + "</div>")


def waiting_html(away: dict[str, str]) -> str:
    """The host's table before the first deal (the judge's ``waiting``): no card shows until every
    device playing a seat has added its value (``net.fair``); a seat whose device is not there
    (``away``: seat -> name; the bar over it leads to their codes) can be given to a computer, and
    the game starts without it."""
    lend = "".join(button(esc(_("Start: a computer plays for {name}").format(name=isolated(name))),
                          f"remote-computer:{seat}", cls="btn ghost", key=f"waiting-computer:{seat}")
                   for seat, name in away.items())
    return (f'<section class="remote-join form-page" aria-live="polite"><h1>{esc(_(GUEST_STATUS["waiting"]))}</h1>'
            f'<p>{esc(_(WAITING_WHY))}</p><div class="form-buttons">' + lend
            + button(esc(_("Home")), "nav:home", cls="btn ghost", key="home") + "</div></section>")


FAIR = {"": N_("Deal checked: no device chose these cards."),
        "mismatch": N_("Deal check failed: the values were changed."),
        "cards": N_("Deal check failed: {card} was not dealt where you saw it."),
        "unchecked": N_("Deal not checked: a device’s value came too late.")}


def guest_bar(status: Optional[str], lent: Optional[dict] = None, checked: Optional[dict] = None) -> str:
    """Over a guest's table when the connection to the host is lost, or while the host plays the
    seat (``lent``: ``GuestTable.lent``), or the last deal's check (``checked``)."""
    if status not in ("lost", "replaced", "reconnecting"):
        if not lent:   # the last deal's check (``net.fair``), if any
            if not checked:
                return ""
            text = _(FAIR[checked["problem"]]).format(card=checked["card"] and card_name(checked["card"]))
            return f'<div class="remote-bar{" lent" * checked["ok"]}" role="status"><span>{esc(text)}</span></div>'
        host = isolated(lent["host"]) if lent.get("host") else _("the host")
        text = (_("A computer is playing for you — ask {host} to give your seat back.") if lent.get("by") == "computer"
                else _("Your seat is played on {host}’s device for now — ask {host} to give it back."))
        return f'<div class="remote-bar lent" role="status"><span>{esc(text.format(host=host))}</span></div>'
    return ('<div class="remote-bar" role="alert">'
            f'<span>{esc(_(GUEST_STATUS[status]))}</span>'
            + button(esc(_("Join again")), "remote-join-again", cls="btn ghost small", key="remote-join-again")
            + "</div>")


def scan_button(target: str) -> str:
    """Scan: the camera reads a QR code (``target``: ``join``, the host's code on a guest, or a seat,
    that seat's answer on the host)."""
    return button(esc(_("Scan")), f"remote-scan:{target}", cls="btn ghost", key=f"remote-scan:{target}")


def scan_html(state: dict, name: str = "") -> str:
    """The scanner's view over the screen, a modal (Cancel or Escape closes it): the camera's video
    and what the scanner is doing, announced; ``name``: the player whose answer the host scans."""
    status = state.get("status", "starting")
    title = _("Scan {name}’s answer").format(name=name) if name else _("Scan the host’s code")
    body = []
    if status not in SCAN_PROBLEMS:
        body.append(f'<video id="scan-video" class="scan-video" muted playsinline autoplay '
                    f'aria-label="{esc(_("The camera’s view"))}"></video>')
    body.append(f'<p class="remote-status scan-status" role="{"alert" if status in SCAN_PROBLEMS else "status"}" '
                f'data-scan="{esc(status)}">{esc(_(SCAN_STATUS[status]))}</p>')
    again = button(esc(_("Scan again")), f"remote-scan:{state.get('for', 'join')}", cls="btn", key="scan-again") \
        if status in SCAN_PROBLEMS else ""
    cancel = button(esc(_("Cancel")), "remote-scan-stop", cls="btn ghost", key="scan-cancel", autofocus=True)
    return dialog(esc(title), "".join(body), again + cancel, cls="scan", escape="remote-scan-stop")
