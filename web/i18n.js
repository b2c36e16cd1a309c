// The player's language before Python starts: the loading and boot-failure screens, the rescue
// and the update banner speak it too.  web/first-paint.js chooses it as the app does
// (py/cardtable/ui/text/i18n.py) and sets <html lang>.
//
// Messages are written in English in the scripts as _("…") calls; `make messages` extracts them
// into the same gettext catalog as the Python UI's (babel.cfg).  Each other language is a pack of
// its own, lang/<code>.pack (tools/build.py, write_packs: gzipped JSON {page, catalog, rules}),
// fetched only for the language in use: this module waits for the chosen one (its `page` strings
// are this module's), and web/boot.js hands Python its pack before the app starts
// (globalThis.cardtablePacks, sent to the app's worker with web/morph.js's cardtableStart); a
// language chosen later is fetched then (loadPack).
// the languages the app speaks (every language with a catalog: py/cardtable/locale/__init__.py)
const LANGUAGES = {}; // replaced at build time by tools/build.py

/** The URL of a language's pack. */
export const packUrl = (code) => new URL(`../lang/${code}.pack`, import.meta.url).href;

/** A pack's text from its bytes: gzipped as the build writes it, or already inflated by a host
 * that sent it with Content-Encoding. */
async function packText(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).text();
}

const packs = {}; // {code: promise of the pack's text, or null}
// the packs' texts fetched so far, {code: text}: Python reads them (ui/shell/browser.py, take_pack)
const loaded = (globalThis.cardtablePacks = {});

/** The pack of `code` (a promise of its text; null for English, an unknown code, or a pack that
 * could not be fetched: then the language's words are English). */
export function loadPack(code) {
  if (!packs[code]) {
    packs[code] = code === "en" || !LANGUAGES.includes(code) ? Promise.resolve(null)
      : fetch(packUrl(code)).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.arrayBuffer();
      }).then((b) => packText(new Uint8Array(b))).then((text) => {
        JSON.parse(text); // (a damaged pack is no pack)
        return (loaded[code] = text);
      }).catch((err) => {
        console.warn(`Card Table: the ${code} language pack could not be loaded:`, err);
        delete packs[code];
        return null;
      });
  }
  return packs[code];
}
globalThis.cardtableLoadPack = loadPack;

// (chosen by web/first-paint.js, the page's first script: the same choice as the app's)
export const lang = LANGUAGES.includes(self.cardtableLang) ? self.cardtableLang : "en";
/** The chosen language's pack, loaded (a promise): Python starts once it is settled. */
export const ready = loadPack(lang);
const text = await ready;
const PAGE = text ? JSON.parse(text).page || {} : {};

// `message` in the player's language; {name} fields are filled from `values` after translation.
export function _(message, values) {
  let text = PAGE[message] || message;
  for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}
