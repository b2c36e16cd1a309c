// The player's language before Python starts: the loading and boot-failure screens, the rescue
// and the update banner speak it too.  The same choice as the app's (py/cardtable/ui/text/i18n.py):
// the language saved in the settings (cardtable/v1/settings, "lang"), else the first of the
// browser's languages that the app speaks, else English.  It also sets <html lang>.
//
// Messages are written in English in the scripts as _("…") calls; `make messages` extracts them
// into the same gettext catalog as the Python UI's (babel.cfg), and tools/build.py replaces the
// CATALOGS line below in dist/ with each language's translations of these messages.
const CATALOGS = {}; // replaced at build time by tools/build.py
// the languages the app speaks (= LANGUAGES in py/cardtable/locale/__init__.py)
const LANGUAGES = ["en", "fr"];

function chosen() {
  try {  // (a visit ?without-saves reads no stored key: the browser's languages then)
    if (new URLSearchParams(location.search).has("without-saves")) throw new Error("without saves");
    const saved = JSON.parse(localStorage.getItem("cardtable/v1/settings") || "{}");
    if (saved && LANGUAGES.includes(saved.lang)) return saved.lang;
  } catch (e) { /* unreadable settings: follow the browser */ }
  for (const tag of navigator.languages || [navigator.language]) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return "en";
}

export const lang = chosen();
document.documentElement.lang = lang;

// `message` in the player's language; {name} fields are filled from `values` after translation.
export function _(message, values) {
  let text = (CATALOGS[lang] && CATALOGS[lang][message]) || message;
  for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}
