// The boot screen's way out when Python cannot start (web/boot.js calls offerRescue from fail()).
//
// Whatever went wrong, the saved games must not be the reason a player loses them.  Two buttons:
// * "Download my saved data": every entry under "cardtable/" (web/store.js's, and localStorage's) as one JSON file
//   ({"cardtable/v1/game/<id>": "<the entry's text>", ...}), exactly as stored;
// * "Start without my saved data" (when the saved data stopped the app): reloads with
//   ?without-saves: an in-memory store for this visit, no stored key read or written.  Nothing is
//   deleted: a normal reload uses the saved data again.
// Entries are read by property access (localStorage[key]), not getItem, so a broken Storage API
// method does not stop the download; IndexedDB's are read here, from the page (the app's store,
// web/store.js, runs in its worker, which may be the thing that failed).

import { _ } from "./i18n.js";

const PREFIX = "cardtable/";

/** The store's IndexedDB part, [[key, value], ...] (none when there is no such database: it is
 * not made here). */
function stored() {
  return new Promise((ok) => {
    let r;
    try { r = indexedDB.open("cardtable"); } catch (e) { return ok([]); }
    r.onupgradeneeded = () => r.transaction.abort();   // (no database: none is made)
    r.onerror = () => ok([]);
    r.onsuccess = () => {
      const db = r.result;
      try {
        const os = db.transaction("kv").objectStore("kv"), ks = os.getAllKeys(), vs = os.getAll();
        vs.onsuccess = () => { db.close(); ok(ks.result.map((k, i) => [k, vs.result[i]])); };
        vs.onerror = () => { db.close(); ok([]); };
      } catch (e) { db.close(); ok([]); }
    };
  });
}

async function savedData() {
  const out = {};
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(PREFIX)) out[key] = String(localStorage[key]);
  }
  for (const [key, value] of await stored()) out[key] = value;
  return out;
}

async function download() {
  const text = JSON.stringify(await savedData(), null, 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "cardtable-saved-data-" + new Date().toISOString().slice(0, 10) + ".json";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function reloadWithoutSaves() {
  const url = new URL(location.href);
  url.searchParams.set("without-saves", "1");
  location.replace(url.href);
}

export async function offerRescue(boot, { startWithout = true } = {}) {
  if (!boot || boot.querySelector(".rescue")) return;
  const offerStart = startWithout && !new URLSearchParams(location.search).has("without-saves");
  let count = 0;
  try { count = Object.keys(await savedData()).length; } catch (e) { count = 0; }
  if (boot.querySelector(".rescue")) return;
  const box = document.createElement("div");
  box.className = "rescue";
  // laid out here (CSSOM, allowed by the CSP) so that the rescue needs no stylesheet of its own
  Object.assign(box.style, { display: "flex", flexWrap: "wrap", justifyContent: "center", gap: "0.5rem",
                             marginTop: "1.25rem", maxWidth: "28rem", textAlign: "center" });
  const p = document.createElement("p");
  p.style.flexBasis = "100%";
  if (!count && !offerStart) return;
  p.textContent = count
    ? _("You can keep a copy of your saved games ({count} stored entries) as a file, or start without them this time. Nothing is deleted.", { count })
    : _("You can start with an empty table this time. Nothing is deleted.");
  if (offerStart) box.append(p);
  if (count) box.append(rescueButton("btn", "download", _("Download my saved data"), download));
  if (offerStart) box.append(rescueButton("btn ghost", "start-without", _("Start without my saved data"), reloadWithoutSaves));
  boot.append(box);
}

// One button of the rescue box: `action` names it for tests (data-rescue), `onClick` does it.
function rescueButton(className, action, label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.dataset.rescue = action;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}
