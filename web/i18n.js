// The player's language before Python starts: the loading and boot-failure screens, the rescue
// and the update banner speak it too.  web/first-paint.js chooses it as the app does
// (py/cardtable/ui/text/i18n.py) and sets <html lang>.
//
// Messages are written in English in the scripts as _("…") calls; `make messages` extracts them
// into the same gettext catalog as the Python UI's (babel.cfg), and tools/build.py replaces the
// CATALOGS line below in dist/ with each language's translations of these messages.
const CATALOGS = {}; // replaced at build time by tools/build.py
// (chosen by web/first-paint.js, the page's first script: the same choice as the app's)
export const lang = self.cardtableLang || "en";

// `message` in the player's language; {name} fields are filled from `values` after translation.
export function _(message, values) {
  let text = (CATALOGS[lang] && CATALOGS[lang][message]) || message;
  for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}
