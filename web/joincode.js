// Join codes: a WebRTC offer or answer cut down to what the connection needs, with the table, the
// seat and (in an offer) the seat's secret, as compact base64url text for a QR code or a link.
//
//   const code = encodeJoin({ sdp, type: "offer", table, seat: "p1", secret });
//   joinLink("https://example.org/cardtable/", code)   // ".../cardtable/#join=<code>"
//   decodeJoin(codeFromText(scannedOrPasted))          // { sdp, type, table, seat, secret }
//
// Kept from the SDP: ICE ufrag and pwd, the DTLS fingerprint, the setup role, and the UDP
// candidates (IPv4, IPv6 or an mDNS .local name; host, srflx, prflx or relay; address and port).
// TCP candidates are left out (a data channel between devices on one network runs over UDP), and
// so is everything Chromium writes the same way every time (session lines, the one data-channel
// m-section with mid 0, SCTP port 5000, the message size limit): decodeJoin writes those back.
//
// Bytes (format 1): a head byte (format << 4 | has-secret << 3 | setup << 1 | answer), the table
// id (6), the seat number (1), the secret (12, only in an offer), ufrag and pwd (a length byte and
// ASCII each), the fingerprint (its hash's number, then the digest), then each candidate: a byte
// (address kind << 2 | candidate type), the address (4, 16 or 16 bytes) and the port (2).

const FORMAT = 1;
const SETUPS = ["actpass", "active", "passive"];
const TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREF = [126, 100, 110, 0];
const HASHES = [["sha-256", 32], ["sha-384", 48], ["sha-512", 64], ["sha-1", 20]];
const ICE_CHARS = /^[A-Za-z0-9+/]{1,255}$/;
const CODE_CHARS = /^[A-Za-z0-9_-]+$/;

export class JoinCodeError extends Error {}

function fail(why) { throw new JoinCodeError(why); }

function toBase64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text, what) {
  if (!CODE_CHARS.test(text) || text.length % 4 === 1) fail(`${what} is not base64url text`);
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function ipv4Bytes(a) {
  const parts = a.split(".").map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) fail(`bad IPv4 address ${a}`);
  return parts;
}

function ipv6Bytes(a) {
  const [head, tail = null] = a.split("::");
  const words = (s) => (s ? s.split(":") : []);
  const left = words(head), right = tail === null ? [] : words(tail);
  const missing = 8 - left.length - right.length;
  if (tail === null ? missing !== 0 : missing < 1) fail(`bad IPv6 address ${a}`);
  const all = [...left, ...Array(tail === null ? 0 : missing).fill("0"), ...right];
  const out = [];
  for (const w of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(w)) fail(`bad IPv6 address ${a}`);
    const n = parseInt(w, 16);
    out.push(n >> 8, n & 255);
  }
  return out;
}

function hex(bytes) { return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""); }

function ipv6Text(b) {
  const w = [];
  for (let i = 0; i < 16; i += 2) w.push(((b[i] << 8) | b[i + 1]).toString(16));
  return w.join(":");
}

function uuidText(b) {
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

// [kind, bytes] of a candidate's address: 0 IPv4, 1 IPv6, 2 an mDNS name (a UUID then ".local");
// null for any other form (such a candidate is left out of the code)
function addressBytes(a) {
  const mdns = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i.exec(a);
  if (mdns) return [2, mdns.slice(1).join("").match(/../g).map((h) => parseInt(h, 16))];
  try {
    return a.includes(":") ? [1, ipv6Bytes(a)] : [0, ipv4Bytes(a)];
  } catch (err) {
    if (err instanceof JoinCodeError) return null;
    throw err;
  }
}

function fixedBytes(text, n, what) {
  const b = fromBase64url(text || "", what);
  if (b.length !== n || toBase64url(b) !== text) fail(`${what} must be ${n} bytes as base64url`);
  return b;
}

/** The parts of an SDP a join code keeps: {ufrag, pwd, hash, digest, setup, candidates}. */
export function sdpParts(sdp) {
  const line = (name) => {
    const m = new RegExp(`^a=${name}:(.*)$`, "m").exec(sdp);
    return m ? m[1].trim() : fail(`the SDP has no ${name} line`);
  };
  const [hash, fp] = line("fingerprint").split(/\s+/);
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const f = m[1].trim().split(/\s+/);
    if (f[2].toLowerCase() !== "udp" || f[1] !== "1") continue;
    candidates.push({ address: f[4], port: Number(f[5]), type: f[7] });
  }
  return { ufrag: line("ice-ufrag"), pwd: line("ice-pwd"), hash: hash.toLowerCase(),
           digest: fp.split(":").map((h) => parseInt(h, 16)), setup: line("setup"), candidates };
}

/** A join code (base64url text) for an offer or answer: {sdp, type, table, seat, secret?}. */
export function encodeJoin({ sdp, type, table, seat, secret = null }) {
  const p = sdpParts(sdp);
  const setup = SETUPS.indexOf(p.setup);
  if (setup < 0) fail(`unknown setup role ${p.setup}`);
  if (type !== "offer" && type !== "answer") fail(`a join code is an offer or an answer, not ${type}`);
  const seatNo = /^p([0-9])$/.exec(seat || "");
  if (!seatNo) fail(`bad seat ${seat}`);
  const out = [(FORMAT << 4) | ((secret ? 1 : 0) << 3) | (setup << 1) | (type === "answer" ? 1 : 0)];
  out.push(...fixedBytes(table, 6, "the table id"), Number(seatNo[1]));
  if (secret) out.push(...fixedBytes(secret, 12, "the seat secret"));
  for (const s of [p.ufrag, p.pwd]) {
    if (!ICE_CHARS.test(s)) fail("bad ICE credentials");
    out.push(s.length, ...Array.from(s, (c) => c.charCodeAt(0)));
  }
  const h = HASHES.findIndex(([name]) => name === p.hash);
  if (h < 0 || p.digest.length !== HASHES[h][1] || p.digest.some((b) => !(b >= 0 && b < 256))) fail("bad fingerprint");
  out.push(h, ...p.digest);
  for (const c of p.candidates) {
    const t = TYPES.indexOf(c.type);
    if (t < 0 || !(c.port > 0 && c.port < 65536)) fail(`bad candidate ${c.address} ${c.port} ${c.type}`);
    const address = addressBytes(c.address);
    if (!address) continue;
    const [kind, bytes] = address;
    out.push((kind << 2) | t, ...bytes, c.port >> 8, c.port & 255);
  }
  return toBase64url(out);
}

/** {sdp, type, table, seat, secret} from a join code; a JoinCodeError says why a code is not one. */
export function decodeJoin(code) {
  const b = fromBase64url(code, "the code");
  let i = 0;
  const take = (n) => {
    if (i + n > b.length) fail("the code is cut short");
    const part = b.subarray(i, i + n);
    i += n;
    return part;
  };
  const head = take(1)[0];
  if (head >> 4 !== FORMAT) fail("the code is not a Card Table join code (or is from another version)");
  const setup = SETUPS[(head >> 1) & 3] || fail("the code's setup role is unknown");
  const type = head & 1 ? "answer" : "offer";
  const table = toBase64url(take(6));
  const seat = `p${take(1)[0]}`;
  const secret = head & 8 ? toBase64url(take(12)) : null;
  const ascii = () => String.fromCharCode(...take(take(1)[0]));
  const ufrag = ascii(), pwd = ascii();
  if (!ICE_CHARS.test(ufrag) || !ICE_CHARS.test(pwd)) fail("the code's ICE credentials are damaged");
  const [hash, size] = HASHES[take(1)[0]] || fail("the code's fingerprint is unknown");
  const fingerprint = Array.from(take(size), (x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const lines = [];
  for (let n = 0; i < b.length; n++) {
    const k = take(1)[0], kind = k >> 2, t = k & 3;
    if (kind > 2) fail("the code's candidate is damaged");
    const a = take(kind === 0 ? 4 : 16);
    const address = kind === 0 ? a.join(".") : kind === 1 ? ipv6Text(a) : uuidText(a);
    const pb = take(2), port = (pb[0] << 8) | pb[1];
    const priority = TYPE_PREF[t] * 2 ** 24 + (65535 - n) * 256 + 255;
    const related = t === 0 ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${n + 1} 1 udp ${priority} ${address} ${port} typ ${TYPES[t]}${related} generation 0`);
  }
  const sdp = ["v=0", "o=- 0 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0", ...lines,
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:${hash} ${fingerprint}`, `a=setup:${setup}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", ""].join("\r\n");
  return { sdp, type, table, seat, secret };
}

/** The link a QR code holds: the app's address with the code in its fragment. */
export function joinLink(appUrl, code) {
  return `${appUrl.split("#")[0]}#join=${code}`;
}

/** The code in a scanned or pasted text: a join link, or the code alone. */
export function codeFromText(text) {
  const t = String(text).trim();
  const m = /#join=([A-Za-z0-9_-]+)$/.exec(t);
  const code = m ? m[1] : t;
  if (!CODE_CHARS.test(code)) fail("this is not a join code or a join link");
  return code;
}
