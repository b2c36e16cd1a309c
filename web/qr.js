// QR codes of join links and answers: lean-qr (from npm, copied by the build into runtime/lean-qr/)
// makes the code, drawn as an inline SVG path: no image URL, which the page's CSP does not allow.
import { generate, correction } from "../runtime/lean-qr/lean-qr.mjs";
import { toSvgPath } from "../runtime/lean-qr/svg.mjs";

const QUIET = 4; // the blank margin a reader needs, in modules

/** The QR code of a text (correction level M at least: read by a phone camera at arm's length). */
export function qrCode(text) {
  return generate(text, { minCorrectionLevel: correction.M });
}

const escape = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** An SVG element's markup drawing the QR code of ``text``, titled ``label`` (plain text). */
export function qrSvg(text, label) {
  const code = qrCode(text), side = code.size + 2 * QUIET;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" viewBox="${-QUIET} ${-QUIET} ${side} ${side}"` +
    ` shape-rendering="crispEdges"><title>${escape(label)}</title><rect x="${-QUIET}" y="${-QUIET}" width="${side}"` +
    ` height="${side}" fill="#fff"/><path fill="#000" d="${toSvgPath(code)}"/></svg>`;
}
