// A WebRTC data channel between two devices, set up by codes they show each other (web/joincode.js).
//
//   const host = new Link();                   // no ICE servers unless given: nothing is contacted
//   const offerSdp = await host.offer();        // after gathering the local candidates
//   const guest = new Link();
//   const answerSdp = await guest.answer(offerSdp);
//   await host.accept(answerSdp);
//   await host.open; host.send({type: "ping", seq: 1});
//   guest.onmessage = (text) => ...;            // the text as received: Python reads it (record.load_json)
//
// Messages are JSON text; this side never parses what it receives (the one checked reader is Python's).
//
// Reconnecting with no server: each device keeps one identity per role (`identity("host")`,
// `identity("guest")`, in IndexedDB): a DTLS certificate and fixed ICE credentials, written into
// every local description it makes.  A peer that knows them can take this device's part itself
// (`peerAnswer`) and wait for it on a new link; a second channel, `door`, carries the join code of
// such a waiting link to the other side while the two are connected (web/remote.js).

const CHANNEL = "cardtable";
const DOOR = "cardtable-door";
const GATHER_MS = 5000; // candidates gathered by then are used, even if gathering has not finished
const IDS = "cardtable-webrtc"; // the IndexedDB database of the identities
const ICE_TEXT = /^[A-Za-z0-9+/]{4,255}$/;
const DAY_MS = 864e5;

const request = (r) => new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); });

function iceText(n) {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n))));
}

async function loadIdentity(role) {
  let db = null;
  try {
    const open = indexedDB.open(IDS, 1);
    open.onupgradeneeded = () => open.result.createObjectStore("ids");
    db = await request(open);
    const id = await request(db.transaction("ids").objectStore("ids").get(role));
    // any stored entry may be malformed or stale: used only if whole and not about to expire
    if (id && id.certificate instanceof RTCCertificate && id.certificate.expires > Date.now() + DAY_MS &&
        ICE_TEXT.test(id.ufrag) && ICE_TEXT.test(id.pwd) && id.pwd.length >= 22) return id;
  } catch (err) {
    console.warn("cardtable: no kept WebRTC identity", err);
  }
  const id = { certificate: await RTCPeerConnection.generateCertificate({ name: "ECDSA", namedCurve: "P-256", expires: 365 * DAY_MS }),
               ufrag: iceText(6), pwd: iceText(18) };
  try {
    if (db) await request(db.transaction("ids", "readwrite").objectStore("ids").put(id, role));
  } catch (err) {
    console.warn("cardtable: the WebRTC identity is kept for this visit only", err);
  }
  return id;
}

const identities = new Map();

/** This device's identity for a role ({certificate, ufrag, pwd}): the same after a reload. */
export function identity(role) {
  if (!identities.has(role)) identities.set(role, loadIdentity(role));
  return identities.get(role);
}

/** An answer standing for the peer whose offer or answer ``sdp`` is, with no candidates: the peer's
 * identity alone (its checks then arrive as peer-reflexive candidates). */
export function peerAnswer(sdp) {
  return sdp.replace(/^a=candidate:.*\r?\n/gm, "").replace(/^a=setup:.*$/m, "a=setup:active");
}

export class Link {
  constructor({ iceServers = [], identity = null } = {}) {
    this.identity = identity;
    this.pc = new RTCPeerConnection(identity ? { iceServers, certificates: [identity.certificate] } : { iceServers });
    this.channel = null;
    this.onmessage = null; // (text) => ...
    this.onclose = null;
    this.ondoor = null; // (text) => ...: a text on the door channel
    this.open = new Promise((resolve) => { this.opened = resolve; }); // resolves once the channel is open
    this.doorOpen = new Promise((resolve) => { this.doorOpened = resolve; });
    this.pc.ondatachannel = (event) => this.attach(event.channel);
  }

  attach(channel) {
    if (channel.label === DOOR) {
      channel.onmessage = (event) => this.ondoor && this.ondoor(String(event.data));
      if (channel.readyState === "open") this.doorOpened(channel);
      else channel.onopen = () => this.doorOpened(channel);
      return;
    }
    if (channel.label !== CHANNEL) return;
    this.channel = channel;
    channel.onopen = () => this.opened(this);
    channel.onmessage = (event) => this.onmessage && this.onmessage(String(event.data));
    channel.onclose = () => this.onclose && this.onclose();
  }

  // the local description once its candidates are gathered (or GATHER_MS have passed)
  async gathered() {
    const pc = this.pc;
    if (pc.iceGatheringState !== "complete") {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        pc.addEventListener("icegatheringstatechange", () => {
          if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
        });
      });
    }
    return pc.localDescription.sdp;
  }

  // sets a local description (this device's ICE credentials written in, if it has an identity), then
  // gathers.  A browser that refuses the credentials written in (Chrome has planned to) gets its own:
  // the first join by codes works the same, coming back without a code does not.
  async local(description) {
    const id = this.identity;
    if (id) {
      try {
        await this.pc.setLocalDescription({ type: description.type, sdp: description.sdp
          .replace(/^a=ice-ufrag:.*$/gm, `a=ice-ufrag:${id.ufrag}`).replace(/^a=ice-pwd:.*$/gm, `a=ice-pwd:${id.pwd}`) });
        return this.gathered();
      } catch (err) {
        console.warn("cardtable: fixed ICE credentials refused", err);
      }
    }
    await this.pc.setLocalDescription(description);
    return this.gathered();
  }

  /** The host's side: an offer, with the data channel. */
  async offer() {
    this.attach(this.pc.createDataChannel(CHANNEL, { ordered: true }));
    this.attach(this.pc.createDataChannel(DOOR, { ordered: true }));
    return this.local(await this.pc.createOffer());
  }

  /** The guest's side: the answer to a host's offer. */
  async answer(offerSdp) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    return this.local(await this.pc.createAnswer());
  }

  /** The host's side again: the guest's answer. */
  async accept(answerSdp) {
    await this.pc.setRemoteDescription({ type: "answer", sdp: answerSdp });
  }

  /** Sends one message (an object, as JSON text, or text already); an error if it is too big to go. */
  send(message) {
    const text = typeof message === "string" ? message : JSON.stringify(message);
    const limit = (this.pc.sctp && this.pc.sctp.maxMessageSize) || 65536;
    if (new TextEncoder().encode(text).length > limit) throw new Error(`a message over ${limit} bytes`);
    this.channel.send(text);
  }

  /** Sends a text on the door channel once it is open. */
  sendDoor(text) {
    this.doorOpen.then((channel) => channel.readyState === "open" && channel.send(text));
  }

  close() {
    this.pc.close();
  }
}
