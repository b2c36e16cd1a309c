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

const CHANNEL = "cardtable";
const GATHER_MS = 5000; // candidates gathered by then are used, even if gathering has not finished

export class Link {
  constructor({ iceServers = [] } = {}) {
    this.pc = new RTCPeerConnection({ iceServers });
    this.channel = null;
    this.onmessage = null; // (text) => ...
    this.onclose = null;
    this.open = new Promise((resolve) => { this.opened = resolve; }); // resolves once the channel is open
    this.pc.ondatachannel = (event) => event.channel.label === CHANNEL && this.attach(event.channel);
  }

  attach(channel) {
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

  /** The host's side: an offer, with the data channel. */
  async offer() {
    this.attach(this.pc.createDataChannel(CHANNEL, { ordered: true }));
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /** The guest's side: the answer to a host's offer. */
  async answer(offerSdp) {
    await this.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
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

  close() {
    this.pc.close();
  }
}
