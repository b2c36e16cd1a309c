// The page's side of a table played across devices: the WebRTC links (web/net.js), their join codes
// (web/joincode.js) and QR codes (web/qr.js), for Python (cardtable.ui.screens.remote), which loads
// this module when a table with another device is opened or joined and calls window.cardtableRemote.
//
// Links are known by a key Python gives (one per seat and connection).  What arrives on a link goes
// to Python as text, unread (the one checked reader is Python's).  What happens is told to Python by
// window.cardtableRemoteEvent(kind, ...values), plain values (ui/shell/page.py's on): ("message", key,
// text); ("opened", key) and ("closed", key) when the channel opens and closes.
//
// Coming back with no server (each device's identity: web/net.js).  While a guest is connected,
// each side makes a *door*: a link waiting for the other side, its remote description the other
// side's identity, and sends its join code on the door channel; ("door", key, code) gives the
// other side's to Python, which keeps it.  A guest reloaded or cut off reaches the host's door
// (`reach`), and a reloaded host each guest's door: no code to scan.  When both went, the host's
// new code is enough: the host already takes the part of a guest it knows (`offer(..., door)`).
import { Link, identity, peerAnswer } from "./net.js";
import { JoinCodeError, codeFromText, decodeJoin, encodeJoin, joinLink } from "./joincode.js";
import { qrSvg } from "./qr.js";

const GUEST = "guest";
const links = new Map();
let waiting = null; // a guest's door (a link waiting for its host to come back)
// the scan under way: {stop} (stop is null until web/scan.js has loaded)
let scanning = null;

const live = (link) => links.get(link.key) === link;
const tell = (...args) => window.cardtableRemoteEvent(...args);

function put(link) {
  const old = links.get(link.key);
  links.set(link.key, link);
  if (old && old !== link) old.close();
}

// a new link for a key (put in place of the key's old one unless it is a guest's door)
async function make(key, iceServers, table, seat, door = false) {
  const servers = iceServers || [];
  const link = new Link({ iceServers: servers, identity: await identity(key === GUEST ? "guest" : "host") });
  Object.assign(link, { key, servers, table, seat });
  if (!door) put(link);
  link.onmessage = (text) => live(link) && tell("message", key, text);
  link.onclose = () => live(link) && tell("closed", key);
  link.pc.addEventListener("connectionstatechange", () => {
    const state = link.pc.connectionState;
    if ((state === "failed" || state === "closed") && live(link)) tell("closed", key);
  });
  link.ondoor = (text) => {
    try {
      const code = codeFromText(text), d = decodeJoin(code);
      if (live(link) && d.type === "offer" && !d.secret && d.table === table && d.seat === seat) tell("door", key, code);
    } catch (err) {
      console.warn("cardtable: not a door", err);
    }
  };
  link.open.then(() => {
    if (link === waiting) {   // the host came back through this guest's door (only a host reloaded
      waiting = null;         // does: the link before is gone, even if this side has not seen it yet)
      put(link);
    }
    if (!live(link)) return;
    tell("opened", key);
    if (key === GUEST) guestDoor(link);
  });
  return link;
}

async function guestDoor(via) {
  if (waiting) waiting.close();
  const door = waiting = await make(GUEST, via.servers, via.table, via.seat, true);
  const code = encodeJoin({ sdp: await door.offer(), type: "offer", table: via.table, seat: via.seat });
  await door.accept(peerAnswer(via.pc.remoteDescription.sdp));   // the host, by its identity
  if (live(via)) via.sendDoor(code);
}

window.cardtableRemote = {
  /** The host: a new link for a seat, and its join code, link and QR code ({code, link, svg, known}).
   * With the seat's kept door, the guest who made it is known: its answer is not needed (known). */
  async offer(key, table, seat, secret, label, iceServers, door) {
    const link = await make(key, iceServers, table, seat);
    const sdp = await link.offer();
    let known = false;
    if (door) {
      try {
        await link.accept(peerAnswer(decodeJoin(door).sdp));
        known = true;
      } catch (err) {
        console.warn("cardtable: a kept door not used", err);
      }
    }
    const code = encodeJoin({ sdp, type: "offer", table, seat, secret });
    const url = joinLink(location.href, code);
    return { code, link: url, svg: qrSvg(url, label), known };
  },

  /** The host: a guest's answer (a code, or a text holding one) for the seat's link. */
  async accept(key, text, table, seat) {
    const answer = decodeJoin(codeFromText(text));
    if (answer.type !== "answer") throw new JoinCodeError("not an answer");
    if (answer.table !== table || answer.seat !== seat) throw new JoinCodeError("another seat");
    let link = links.get(key);
    if (!link) throw new JoinCodeError("no code");
    if (link.pc.signalingState === "stable") {
      // the link already took the part of a known guest: another device answered.  A new link with
      // the same identity reaches it (its checks are signed as the code's were)
      link = await make(key, link.servers, table, seat);
      await link.offer();
    }
    await link.accept(answer.sdp);
  },

  /** The host: a door for a seat (a link waiting for the guest whose door is ``door``), its code
   * sent to that guest on the link ``via``. */
  async door(key, via, door, table, seat, iceServers) {
    const link = await make(key, iceServers, table, seat);
    const code = encodeJoin({ sdp: await link.offer(), type: "offer", table, seat });
    await link.accept(peerAnswer(decodeJoin(door).sdp));
    const by = links.get(via);
    if (by) by.sendDoor(code);
  },

  /** Either side: a link through the other side's kept door (the host after a reload, or a guest). */
  async reach(key, door, table, seat, iceServers) {
    const link = await make(key, iceServers, table, seat);
    await link.answer(decodeJoin(door).sdp);
  },

  /** A guest: what a pasted or scanned code offers ({table, seat, secret, sdp}); refused if it is not one. */
  async read(text) {
    const offer = decodeJoin(codeFromText(text));
    if (offer.type !== "offer" || !offer.secret) throw new JoinCodeError("not an offer");
    return offer;
  },

  /** A guest: a link answering the host's offer, and the answer's code and QR code ({code, svg}). */
  async answer(key, sdp, table, seat, label, iceServers) {
    const link = await make(key, iceServers, table, seat);
    const answer = await link.answer(sdp);
    const code = encodeJoin({ sdp: answer, type: "answer", table, seat });
    return { code, svg: qrSvg(code, label) };
  },

  /** Sends a text on a link: false when it cannot go (no link, not open, too big). */
  send(key, text) {
    const link = links.get(key);
    try {
      if (!link || !link.channel || link.channel.readyState !== "open") return false;
      link.send(text);
      return true;
    } catch (err) {
      console.error(err);
      return false;
    }
  },

  /** Scans a QR code with the camera into <video id=videoId> (web/scan.js, loaded now):
   *  ("scan_state", word) and ("scan_found", text) say what happens; the text read is put in the
   *  field #fieldId, if there is one. */
  scan(videoId, fieldId) {
    this.stopScan();
    const now = scanning = { stop: null };
    import("./scan.js").then(({ scan }) => {
      if (scanning === now) now.stop = scan(videoId, { state: (word) => scanning === now && tell("scan_state", word),
        found: (text) => {
        if (scanning !== now) return;
        scanning = null;
        const field = document.getElementById(fieldId);
        if (field) field.value = text;   // (as if typed: it stays through redraws)
        tell("scan_found", text);
      } });
    }, (err) => {
      console.error(err);
      if (scanning === now) tell("scan_state", "failed");
    });
  },

  /** Stops the camera of the scan under way, if any. */
  stopScan() {
    const now = scanning;
    scanning = null;
    if (now && now.stop) now.stop();
  },

  close(key) {
    const link = links.get(key);
    links.delete(key);
    if (link) link.close();
    if (key === GUEST && waiting) {
      waiting.close();
      waiting = null;
    }
  },
};
