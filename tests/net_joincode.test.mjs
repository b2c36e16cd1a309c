// Join codes (web/joincode.js) and their QR codes (web/qr.js, lean-qr), in Node, from the built site:
//   node --test tests/net_joincode.test.mjs        (after `make build`; tests/test_net_joincode.py runs it)
// Real Chromium SDP samples (tests/data/sdp/) round-trip through a code; a join link's QR code is
// drawn and read back with jsQR.  The lengths are printed (the QR code must stay small enough for a
// phone's camera at arm's length).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import jsQR from "jsqr";

const ROOT = new URL("../", import.meta.url);
const { encodeJoin, decodeJoin, sdpParts, joinLink, codeFromText, JoinCodeError } =
  await import(new URL("dist/web/joincode.js", ROOT));
const { qrCode, qrSvg } = await import(new URL("dist/web/qr.js", ROOT));

const SAMPLES = new URL("tests/data/sdp/", ROOT);
const samples = readdirSync(SAMPLES).filter((n) => n.endsWith(".sdp")).sort()
  .map((name) => [name, readFileSync(new URL(name, SAMPLES), "utf8").replace(/\r?\n/g, "\r\n")]);
const TABLE = "Tb1_x-9Q", SECRET = "kL0_9aZ-3mQxW2e7";
const APP = "https://friends.example.org/cardtable/";

// the candidates as the connection uses them: UDP, component 1, address bytes compared
const canon = (parts) => ({
  ...parts,
  candidates: parts.candidates.map((c) => `${c.type} ${c.address.includes(":") ? sixteen(c.address) : c.address.toLowerCase()} ${c.port}`),
});
function sixteen(a) {  // an IPv6 address written out in full, so two spellings compare equal
  const [h, t] = a.split("::");
  const l = h ? h.split(":") : [], r = t === undefined ? [] : t ? t.split(":") : [];
  return [...l, ...Array(8 - l.length - r.length).fill("0"), ...r].map((w) => parseInt(w, 16).toString(16)).join(":");
}

test("samples are real and varied", () => {
  assert.ok(samples.length >= 5);
  const all = samples.map(([, s]) => s).join("");
  for (const kind of ["typ host", ".local", "typ srflx", "typ relay", "tcptype", "a=setup:active", "a=setup:actpass"]) {
    assert.ok(all.includes(kind), kind);
  }
});

for (const [name, sdp] of samples) {
  test(`${name}: the code round-trips to an SDP with the same connection`, () => {
    const type = /answer/.test(name) ? "answer" : "offer";
    const secret = type === "offer" ? SECRET : null;
    const code = encodeJoin({ sdp, type, table: TABLE, seat: "p2", secret });
    assert.match(code, /^[A-Za-z0-9_-]+$/);
    const back = decodeJoin(code);
    assert.deepEqual({ ...back, sdp: undefined }, { sdp: undefined, type, table: TABLE, seat: "p2", secret });
    const want = canon(sdpParts(sdp));
    want.candidates = want.candidates.filter((c) => !/tcp/.test(c));
    assert.deepEqual(canon(sdpParts(back.sdp)), want);
    assert.ok(want.candidates.length >= 1);
    for (const line of ["v=0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "a=mid:0", "a=sctp-port:5000"]) {
      assert.ok(back.sdp.split("\r\n").includes(line), line);
    }
    assert.ok(back.sdp.endsWith("\r\n"));
    assert.equal(encodeJoin({ ...back, sdp: back.sdp }), code);   // decoding loses nothing the code holds
    const link = joinLink(APP + "#old", code);
    assert.equal(codeFromText(`  ${link}\n`), code);
    const qr = qrCode(link);
    console.log(`${name}: ${sdp.length} characters of SDP -> code ${code.length}, link ${link.length}; ` +
                `QR version ${(qr.size - 17) / 4} (${qr.size}x${qr.size} modules)`);
    assert.ok(link.length < 300, `${link.length} characters`);
  });
}

test("an answer carries no secret, and is shorter", () => {
  const [, sdp] = samples.find(([n]) => n === "chromium-mdns-answer.sdp");
  const answer = encodeJoin({ sdp, type: "answer", table: TABLE, seat: "p1" });
  const withSecret = encodeJoin({ sdp, type: "answer", table: TABLE, seat: "p1", secret: SECRET });
  assert.equal(decodeJoin(answer).secret, null);
  assert.equal(withSecret.length - answer.length, 16);
});

test("a damaged or foreign code is refused with a reason", () => {
  const [, sdp] = samples[0];
  const code = encodeJoin({ sdp, type: "offer", table: TABLE, seat: "p1", secret: SECRET });
  const bad = {
    "": /not base64url/, "a b": /not base64url/, "A": /not base64url/, "AAAA": /another version/,
    [code.slice(0, 40)]: /cut short/, [code.slice(0, code.length - 3)]: /cut short/,
    [`A${code.slice(1)}`]: /another version/, [`${code}AAAA`]: /damaged|cut short/,
  };
  for (const [text, why] of Object.entries(bad)) {
    assert.throws(() => decodeJoin(text), (err) => err instanceof JoinCodeError && why.test(err.message), text);
  }
  assert.throws(() => codeFromText("https://example.org/#join=<script>"), JoinCodeError);
  for (const [args, why] of [
    [{ seat: "dummy" }, /bad seat/], [{ table: "short" }, /table id/], [{ secret: "x".repeat(17) }, /secret/],
    [{ type: "pranswer" }, /offer or an answer/], [{ sdp: "v=0\r\n" }, /no fingerprint/],
  ]) {
    const all = { sdp, type: "offer", table: TABLE, seat: "p1", secret: SECRET, ...args };
    assert.throws(() => encodeJoin(all), (err) => err instanceof JoinCodeError && why.test(err.message), JSON.stringify(args));
  }
});

// jsQR reads RGBA pixels: the code drawn 4 pixels a module, with its quiet zone
function pixels(qr, scale = 4, quiet = 4) {
  const side = (qr.size + 2 * quiet) * scale, data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < qr.size; y++) for (let x = 0; x < qr.size; x++) {
    if (!qr.get(x, y)) continue;
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const i = (((y + quiet) * scale + dy) * side + (x + quiet) * scale + dx) * 4;
      data[i] = data[i + 1] = data[i + 2] = 0;
    }
  }
  return [data, side];
}

test("a join link's QR code reads back as the same link, and decodes to the same offer", () => {
  for (const [name, sdp] of samples.filter(([n]) => n.includes("offer"))) {
    const link = joinLink(APP, encodeJoin({ sdp, type: "offer", table: TABLE, seat: "p3", secret: SECRET }));
    const [data, side] = pixels(qrCode(link));
    const read = jsQR(data, side, side);
    assert.ok(read, name);
    assert.equal(read.data, link);
    assert.deepEqual(decodeJoin(codeFromText(read.data)), decodeJoin(codeFromText(link)));
  }
});

test("the QR code is drawn as inline SVG, its title plain text", () => {
  const svg = qrSvg("https://example.org/#join=AAAA", `Ana's <seat> & "code"`);
  const size = qrCode("https://example.org/#join=AAAA").size;
  assert.match(svg, new RegExp(`^<svg [^>]*viewBox="-4 -4 ${size + 8} ${size + 8}"`));
  assert.match(svg, /<title>Ana's &#60;seat&#62; &#38; &#34;code&#34;<\/title>/);
  assert.match(svg, /<path fill="#000" d="M[^"]+"\/><\/svg>$/);
  assert.doesNotMatch(svg, /data:|href/);
});
