// The page's side of a table played across devices: the WebRTC links (web/net.js), their join codes
// (web/joincode.js) and QR codes (web/qr.js), for Python (cardtable.ui.screens.remote), which loads
// this module when a table with another device is opened or joined and calls window.cardtableRemote.
//
// Links are known by a key Python gives (one per seat and connection).  What arrives on a link goes
// to Python as text, unread (the one checked reader is Python's): handlers.message(key, text);
// handlers.opened(key) and handlers.closed(key) say when the channel opens and closes.
import { Link } from "./net.js";
import { JoinCodeError, codeFromText, decodeJoin, encodeJoin, joinLink } from "./joincode.js";
import { qrSvg } from "./qr.js";

const links = new Map();
// the scan under way: {stop} (stop is null until web/scan.js has loaded)
let scanning = null;

function open(key, handlers, iceServers) {
  const old = links.get(key);
  if (old) old.close();
  const link = new Link({ iceServers: iceServers ? Array.from(iceServers) : [] });
  links.set(key, link);
  link.onmessage = (text) => links.get(key) === link && handlers.message(key, text);
  link.onclose = () => links.get(key) === link && handlers.closed(key);
  link.open.then(() => links.get(key) === link && handlers.opened(key));
  link.pc.addEventListener("connectionstatechange", () => {
    const state = link.pc.connectionState;
    if ((state === "failed" || state === "closed") && links.get(key) === link) handlers.closed(key);
  });
  return link;
}

window.cardtableRemote = {
  /** The host: a new link for a seat, and its join code, link and QR code ({code, link, svg}). */
  async offer(key, table, seat, secret, label, handlers, iceServers) {
    const link = open(key, handlers, iceServers);
    const sdp = await link.offer();
    const code = encodeJoin({ sdp, type: "offer", table, seat, secret });
    const url = joinLink(location.href, code);
    return { code, link: url, svg: qrSvg(url, label) };
  },

  /** The host: a guest's answer (a code, or a text holding one) for the seat's link. */
  async accept(key, text, table, seat) {
    const answer = decodeJoin(codeFromText(text));
    if (answer.type !== "answer") throw new JoinCodeError("not an answer");
    if (answer.table !== table || answer.seat !== seat) throw new JoinCodeError("another seat");
    const link = links.get(key);
    if (!link) throw new JoinCodeError("no code");
    await link.accept(answer.sdp);
  },

  /** A guest: what a pasted or scanned code offers ({table, seat, secret, sdp}); an error if it is not one. */
  read(text) {
    const offer = decodeJoin(codeFromText(text));
    if (offer.type !== "offer" || !offer.secret) throw new JoinCodeError("not an offer");
    return offer;
  },

  /** A guest: a link answering the host's offer, and the answer's code and QR code ({code, svg}). */
  async answer(key, sdp, table, seat, label, handlers, iceServers) {
    const link = open(key, handlers, iceServers);
    const answer = await link.answer(sdp);
    const code = encodeJoin({ sdp: answer, type: "answer", table, seat });
    return { code, svg: qrSvg(code, label) };
  },

  /** Sends a text on a link: false when it cannot go (no link, not open, too big). */
  send(key, text) {
    const link = links.get(key);
    try {
      if (!link || !link.channel || link.channel.readyState !== "open") return false;
      link.send(String(text));
      return true;
    } catch (err) {
      console.error(err);
      return false;
    }
  },

  /** Scans a QR code with the camera into <video id=videoId> (web/scan.js, loaded now):
   *  handlers.scanState(word) and handlers.scanFound(text) say what happens. */
  scan(videoId, handlers) {
    this.stopScan();
    const now = scanning = { stop: null };
    import("./scan.js").then(({ scan }) => {
      if (scanning === now) now.stop = scan(videoId, { state: (word) => scanning === now && handlers.scanState(word),
        found: (text) => scanning === now && (scanning = null, handlers.scanFound(text)) });
    }, (err) => {
      console.error(err);
      if (scanning === now) handlers.scanState("failed");
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
  },
};
