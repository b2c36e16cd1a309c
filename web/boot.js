// Starts the app's Python in a worker (web/py-worker.js) and carries what passes between it and the
// page; says so in plain words if it cannot start.  Python takes over the page when it is ready: it
// morphs #app (the home the build drew, web/first-paint.js), removes #boot and sets <html data-ready>.
//
// The worker's calls into the page ({call, args[, ask]}, from ui/shell/page.py) are carried out by
// the page's functions (web/morph.js, web/page.js ...), an ask answered; the functions it names with
// {on} post the page's calls to it ({to, args}), each acknowledged with {done} once Python has
// answered it (`cardtableBusy` counts those not yet answered: the tests wait for none).
//
// The player's words (web/i18n.js, which waits for its language's pack) are imported on the side:
// the worker starts meanwhile, and what is said before they are here is said in English.
let _ = (message, values) => Object.entries(values || {}).reduce((t, [k, v]) => t.split(`{${k}}`).join(String(v)), message);
const words = import("./i18n.js").then((m) => { _ = m._; }, () => {});

const boot = document.getElementById("boot");
const msg = document.getElementById("boot-msg");
const root = document.documentElement;
const title = document.getElementById("boot-title");
words.then(() => {
  if (msg.textContent === "Shuffling the deck…") msg.textContent = _("Shuffling the deck…");
  // (over the home the build drew, #boot shows only while a tap waits for Python: web/first-paint.js)
  if (root.dataset.first !== "route" && title.textContent === "Card Table") title.textContent = _("Starting…");
});

function ready() {
  return root.hasAttribute("data-ready");
}

// Python could not start, or it started and stopped reading the saved data (app.py sets
// <html data-boot-phase="data"> first): then the rescue offers to start without it.
function fail(reason) {
  if (ready() || root.hasAttribute("data-boot-failed")) return;
  const dataPhase = root.dataset.bootPhase === "data";
  root.setAttribute("data-boot-failed", dataPhase ? "data" : "python");
  boot.classList.add("failed");
  words.then(() => failed(reason, dataPhase));
}

function failed(reason, dataPhase) {
  title.textContent = "Card Table";
  msg.textContent = dataPhase
    ? _("Card Table started but could not read your saved data: {reason}.", { reason })
    : _("Python could not start on this device: {reason}.", { reason });
  const more = document.createElement("p");
  if (!dataPhase) more.textContent = _("Your saved games are kept. Reload to try again; if it keeps failing, use an up-to-date browser with WebAssembly enabled.");
  const again = document.createElement("button");
  again.type = "button";
  again.className = "btn";
  again.textContent = _("Reload");
  again.addEventListener("click", () => location.reload());
  boot.append(...(dataPhase ? [] : [more]), again);
  import("./rescue.js").then((m) => m.offerRescue(boot, { startWithout: dataPhase })).catch(() => {});
}

addEventListener("error", (e) => {
  if (!ready()) fail(e.message || _("a script failed to load"));
});
addEventListener("unhandledrejection", (e) => {
  if (!ready()) fail((e.reason && e.reason.message) || String(e.reason));
});

// The bytes downloaded, then "Starting Python…" (web/progress.js: imported on the side, so that a
// late one never holds Python back), then "Almost ready…"
const loaded = []; // (what the worker downloaded before progress.js was here)
window.cardtableLoaded = (urls) => loaded.push(...urls);
import("./progress.js").then((m) => m.watchDownloads(loaded)).catch(() => {});
window.cardtablePythonUp = () => {
  if (window.cardtableDownloaded) window.cardtableDownloaded();
  if (!ready()) msg.textContent = _("Almost ready…");
};

setTimeout(() => {
  if (!ready() && !root.hasAttribute("data-boot-failed")) {
    msg.textContent = _("Still starting Python… slow devices can take up to a minute.");
  }
}, 15000);

// ---- the page's side of the worker's calls ------------------------------------------------------
// the start-up snapshot's outcome (data-snapshot...), and which modules ran precompiled
window.cardtableRoot = (name, value) => { root.dataset[name] = value; };
// the worker's performance marks, on the page's timeline at their time
window.cardtableMark = (name, at) => performance.mark(name, { startTime: at - performance.timeOrigin });
// the store's localStorage part, written here (web/py-worker.js's pageStorage)
window.cardtableLocal = (k, v) => {
  try {
    if (v === null) localStorage.removeItem(k); else localStorage.setItem(k, v);
  } catch (err) {
    console.warn(`Card Table: ${k} could not be kept in localStorage:`, err);
  }
};
// another window's (web/morph.js tells this first, then Python)
window.cardtableLocalHeard = (k, v) => worker.postMessage({ local: [k, v] });
// the store's writes not yet known committed: kept in localStorage if the page is left (web/store.js)
const UNSAVED = "cardtable-unsaved";
let unsaved = [];
window.cardtableUnsaved = (entries) => { unsaved = entries; };
addEventListener("pagehide", () => {
  if (!unsaved.length) return;
  let kept = [];
  try { kept = JSON.parse(localStorage.getItem(UNSAVED)) || []; } catch (e) { /* unreadable: ours only */ }
  try { localStorage.setItem(UNSAVED, JSON.stringify([...kept, ...unsaved])); } catch (e) { /* no room */ }
});
// the store, asked from the page (web/store.js's cardtableStoreAsk, run in the worker)
let stores = 0;
const storeAsks = new Map();
window.cardtableStoreAsk = (method, ...args) => new Promise((ok, no) => {
  storeAsks.set(++stores, [ok, no]);
  worker.postMessage({ store: stores, method, args });
});

// ---- the worker -----------------------------------------------------------------------------------
const worker = new Worker(new URL("./py-worker.js", import.meta.url), { type: "module" });
window.cardtableBusy = 0;
worker.postMessage({ boot: { app: root.dataset.version, downloads: self.cardtableEarlyUrls || [] } });
// the start-up snapshot web/snapshot-early.js found and is reading: its bytes handed over
Promise.resolve(self.cardtableSnapshotRead).then(async (found) => {
  const bytes = found ? await found.bytes : null;
  worker.postMessage({ snapshot: bytes ? { name: found.name, header: found.header, bytes } : null }, bytes ? [bytes] : []);
}).catch(() => worker.postMessage({ snapshot: null }));
// what Python reads as it starts (once the language's pack is here), with the page's localStorage
// (a visit ?without-saves reads none; a localStorage that cannot be read fails there as here)
words.then(() => {
  let local = [];
  try {
    for (let i = 0; !/[?&]without-saves/.test(location.search) && i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith("cardtable")) local.push([k, localStorage.getItem(k)]);
    }
  } catch (err) {
    local = { error: String(err && err.message ? err.message : err) };
  }
  if (typeof window.cardtableStart === "function") worker.postMessage({ start: { ...window.cardtableStart(), local } });
});

// (web/morph.js draws every screen: without it Python has nothing to draw with)
if (typeof window.cardtableStart !== "function") fail("a file of the app did not load (web/morph.js, which draws every screen)");

worker.onerror = (event) => {
  event.preventDefault();
  if (ready()) console.error("Card Table:", event.message);
  else fail(_("the Python runtime did not load ({error})", { error: event.message || "web/py-worker.js" }));
};

worker.onmessage = ({ data: m }) => {
  if (m.done) { window.cardtableBusy--; return; }
  if (m.fetch) return handOver(m);
  if (m.failed !== undefined) return fail(m.failed);
  if (m.stored !== undefined) {
    const [ok, no] = storeAsks.get(m.stored);
    storeAsks.delete(m.stored);
    return m.error !== undefined ? no(new Error(m.error)) : ok(m.value);
  }
  if (m.on) {
    window[m.on] = (...args) => {
      window.cardtableBusy++;
      worker.postMessage({ to: m.on, args });
    };
    return;
  }
  const path = m.call.split(".");
  const last = path.pop();
  const owner = path.reduce((o, k) => o && o[k], window);
  const fn = owner && owner[last];
  if (!fn) { // (nothing done; an ask fails with null)
    if (m.ask !== undefined) worker.postMessage({ answer: m.ask, error: null });
    return;
  }
  if (m.ask === undefined) {
    fn.apply(owner, m.args);
    return;
  }
  new Promise((ok) => ok(fn.apply(owner, m.args))).then((value) => worker.postMessage({ answer: m.ask, value }),
    (err) => worker.postMessage({ answer: m.ask, error: String(err) }));
};

/** A runtime file the worker asks for, which the page began to download (web/snapshot-early.js):
 * the response, its body handed over as a stream (or whole, where a stream cannot be sent). */
async function handOver({ fetch: url, id }) {
  try {
    const r = await fetch(url);
    const head = { fetched: id, status: r.status, statusText: r.statusText, headers: [...r.headers] };
    try {
      worker.postMessage({ ...head, body: r.body }, [r.body]);
    } catch {
      const body = await r.arrayBuffer();
      worker.postMessage({ ...head, body }, [body]);
    }
  } catch (err) {
    worker.postMessage({ fetched: id, error: String(err) }); // (the worker fetches it itself)
  }
}
