// The app's store (run in the app's worker, web/py-worker.js): saved games, their notes, statistics, lessons, values set aside -- every
// "cardtable/" key but the settings -- kept in IndexedDB (database "cardtable", object store "kv":
// key -> text), where the quota is a share of the disk, not localStorage's 5 MB.
//
// It is read whole into memory while Python loads, so the app reads it synchronously with the
// Web Storage names it used for localStorage (getItem, setItem, removeItem, key, length:
// py/cardtable/ui/shell/browser.py).  A write changes memory at once and reaches IndexedDB in one
// transaction per task.  A write that would pass the room navigator.storage.estimate() gave
// throws QuotaExceededError as localStorage did; a transaction the browser refuses all the same
// puts memory back as it was stored and is reported (onrefused).  Other windows hear of each
// committed transaction (BroadcastChannel) and get one change per burst (onchange).
//
// localStorage keeps what must be read before Python starts, the settings (web/first-paint.js reads
// the language there) and whether the lessons were offered (a returning player's first paint has
// no offer), and the games whose hands are not counted yet (written when this store is full).  Its other "cardtable/" keys are moved here once: written in one transaction,
// and removed from localStorage only after that transaction has committed, so a reload on the way
// moves them again and nothing is lost.  Without IndexedDB, ready gives null: the app keeps
// using localStorage.
//
// A page left at once after a write (a move, then the tab closed) may have its transaction dropped
// by the browser before it commits (seen under load: a reload right after a write came back
// without it).  So on pagehide the writes not yet known committed are put in localStorage too
// (UNSAVED), each with the value it replaced, and the next start writes each whose key still
// holds that value (a later write, here or in another window, wins).  In the app's worker, which
// hears no pagehide, they are told to the page as they change (cardtableKeep), and the page keeps
// them (web/boot.js).
(() => {
  const PREFIX = "cardtable/";
  const LOCAL = new Set(["cardtable/v1/settings", "cardtable/v1/lesson-offer", "cardtable/v1/uncounted"]);   // kept in localStorage
  const isLocal = (k) => LOCAL.has(k) || !k.startsWith(PREFIX);   // (and any key not the app's)
  const map = new Map();
  let db = null, keys = null, pending = new Map(), before = new Map(), waiting = [], scheduled = false;
  let inflight = Promise.resolve();   // the transactions under way
  let heard = new Set(), hearing = false, early = [];
  let version = 0;   // counts every change of memory: a reader may keep what it worked out while it is the same
  const changed = new Map();   // key -> the version of its last change (changedSince)
  const changes = [], refusals = [];
  const UNSAVED = "cardtable-unsaved";   // (not a "cardtable/" key: never moved, never listed)
  const sent = new Map();   // key -> [the value it replaced, its value]: written, not known committed
  // in the app's worker (web/py-worker.js), which hears no pagehide: each change of `sent` is told
  // to the page, which keeps it in localStorage if it is left
  const keep = () => self.cardtableKeep && self.cardtableKeep([...sent]);
  const chan = self.BroadcastChannel ? new BroadcastChannel("cardtable-store") : null;
  const local = () => { try { return self.localStorage; } catch (e) { return null; } };
  const req = (r) => new Promise((ok, no) => { r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
  const done = (tx) => new Promise((ok, no) => {
    tx.oncomplete = ok;
    tx.onabort = () => no(tx.error || new DOMException("aborted", "AbortError"));
  });
  const size = (k, v) => (v == null ? 0 : 2 * (k.length + v.length));

  function list() {
    if (!keys) {
      keys = [...map.keys()];
      const ls = local();
      for (const k of LOCAL) if (ls && ls.getItem(k) !== null) keys.push(k);
    }
    return keys;
  }

  function write(k, v) {
    k = String(k);
    if (isLocal(k)) return v === null ? local().removeItem(k) : local().setItem(k, v);
    const old = map.has(k) ? map.get(k) : null;
    const grow = size(k, v) - size(k, old);
    if (grow > 0 && grow > kv.room) throw new DOMException("quota", "QuotaExceededError");
    kv.room -= grow;
    if (!before.has(k)) before.set(k, old);
    changed.set(k, ++version);
    if (v === null) map.delete(k); else map.set(k, v);
    if ((old === null) !== (v === null)) keys = null;
    pending.set(k, v);
    if (!scheduled) { scheduled = true; queueMicrotask(flush); }
  }

  function flush() {
    scheduled = false;
    const writes = pending, olds = before, waiters = waiting;
    pending = new Map(); before = new Map(); waiting = [];
    if (!writes.size) { inflight.then(() => waiters.forEach((w) => w(true))); return; }
    for (const [k, v] of writes) sent.set(k, [sent.has(k) ? sent.get(k)[0] : olds.get(k), v]);
    keep();
    let tx;
    try {
      tx = db.transaction("kv", "readwrite");
      const os = tx.objectStore("kv");
      for (const [k, v] of writes) { if (v === null) os.delete(k); else os.put(v, k); }
      if (tx.commit) tx.commit();   // at once: a page left right after its write keeps it
    } catch (err) { return refused(writes, olds, waiters, err); }
    inflight = Promise.all([inflight, done(tx).then(() => {
      for (const [k, v] of writes) if (sent.has(k)) { if (sent.get(k)[1] === v) sent.delete(k); else sent.get(k)[0] = v; }
      keep();
      if (chan) chan.postMessage([...writes]);
      waiters.forEach((w) => w(true));
    }, (err) => refused(writes, olds, waiters, err))]);
  }

  function refused(writes, olds, waiters, err) {
    for (const k of writes.keys()) sent.delete(k);
    keep();
    for (const [k, old] of olds) {   // memory as stored (a key written again since: its own write is next)
      if (pending.has(k)) { before.set(k, old); continue; }
      kv.room += size(k, writes.get(k)) - size(k, old);
      if (old === null) map.delete(k); else map.set(k, old);
      changed.set(k, ++version);
    }
    keys = null;
    refusals.forEach((f) => f([...writes.keys()], String(err && err.name)));
    waiters.forEach((w) => w(false));
  }

  function hear(event) {   // another window's committed transaction: applied, told once per burst
    if (early) { early.push(event); return; }   // (heard while this window reads the store: applied after)
    for (const [k, v] of event.data) {
      if (pending.has(k)) continue;   // this window's own write of it is on its way
      if (v === null) map.delete(k); else map.set(k, v);
      changed.set(k, ++version);
      heard.add(k);
    }
    keys = null;
    if (!hearing && heard.size) {
      hearing = true;
      setTimeout(() => {
        const ks = [...heard];
        heard = new Set(); hearing = false;
        changes.forEach((f) => f({ key: ks.length === 1 ? ks[0] : null, keys: ks }));
      }, 0);
    }
  }

  async function migrate() {
    const ls = local();
    if (!ls) return;
    const moving = [];
    for (let i = 0; i < ls.length; i++) {
      const k = ls.key(i);
      if (k && k.startsWith(PREFIX) && !LOCAL.has(k)) moving.push([k, ls.getItem(k)]);
    }
    if (!moving.length) return;
    const tx = db.transaction("kv", "readwrite");
    const os = tx.objectStore("kv");
    for (const [k, v] of moving) os.put(v, k);
    await done(tx);
    moving.forEach(([k, v]) => { map.set(k, v); changed.set(k, ++version); });
    keys = null;
    try {   // a value changed meanwhile (an older version's window) stays, and is moved next time
      for (const [k, v] of moving) if (ls.getItem(k) === v) ls.removeItem(k);
    } catch (e) { /* the rest is moved next time */ }
  }

  function unsaved() {   // the writes a page left before it knew them committed (see the top)
    const ls = local(), text = ls && ls.getItem(UNSAVED);
    if (!text) return;
    try {
      for (const [k, [old, v]] of JSON.parse(text)) if (!isLocal(k) && (map.has(k) ? map.get(k) : null) === old) write(k, v);
    } catch (e) { /* unreadable, or no room: as if the page had not kept them */ }
    ls.removeItem(UNSAVED);
  }

  addEventListener("pagehide", () => {   // (after those another window left: a browser closed with two)
    if (scheduled) flush();
    if (!sent.size) return;
    let kept = [];
    try { kept = JSON.parse(local().getItem(UNSAVED)) || []; } catch (e) { /* unreadable: ours only */ }
    try { local().setItem(UNSAVED, JSON.stringify([...kept, ...sent])); } catch (e) { /* no room */ }
  });

  async function open() {
    // (in the app's worker, the page's address: web/morph.js's cardtableStart)
    const search = self.cardtableStart ? self.cardtableStart().search : location.search;
    if (new URLSearchParams(search).has("without-saves")) return null;
    // listening before the read: a write another window commits while this one reads and moves
    // would otherwise be missing from its memory, and its next write would lose it
    if (chan) chan.onmessage = hear;
    const r = indexedDB.open("cardtable", 1);
    r.onupgradeneeded = () => r.result.createObjectStore("kv");
    db = await req(r);
    db.onversionchange = () => db.close();
    const os = db.transaction("kv").objectStore("kv");
    const [ks, vs] = await Promise.all([req(os.getAllKeys()), req(os.getAll())]);
    ks.forEach((k, i) => map.set(k, vs[i]));
    await migrate();
    unsaved();
    try {
      const e = await navigator.storage.estimate();
      if (e.quota) kv.room = e.quota - e.usage;
    } catch (e) { /* no estimate: the browser's own refusal is the only limit */ }
    const heardEarly = early;
    early = null;
    heardEarly.forEach(hear);
    return kv;
  }

  const kv = {
    room: Infinity,   // bytes this window may still add (tests lower it to fill the store)
    getItem: (k) => (isLocal(String(k)) ? local().getItem(k) : map.has(k) ? map.get(k) : null),
    setItem: (k, v) => write(k, String(v)),
    removeItem: (k) => write(k, null),
    key: (i) => (list()[i] ?? null),
    get length() { return list().length; },
    get version() { return version; },
    entries: () => [...map.entries()],
    // home's list: the keys under p (but those under `but`) in one call; whether one changed after
    // version `since`; the values under p (only those changed after `since`, if given)
    keysOf: (p, but) => list().filter((k) => k.startsWith(p) && !(but && k.startsWith(but))),
    changedSince: (since, p, but) => [...changed].some(([k, v]) => v > since && k.startsWith(p) && !(but && k.startsWith(but))),
    // the values of keys ks in one call: joined by \x01 and as UTF-8 (the summaries' build reads
    // 10,000 games: one string each made Pyodide allocate 4 bytes a character, and V8 pause for it)
    many: (ks) => new TextEncoder().encode(ks.map((k) => kv.getItem(k) ?? "").join("\x01")),
    valuesOf: (p, since) => new Map([...map].filter(([k]) => k.startsWith(p) && !(since >= (changed.get(k) || 0)))),
    flush: () => new Promise((ok) => { waiting.push(ok); if (!scheduled) { scheduled = true; queueMicrotask(flush); } }),
    onchange: (f) => { changes.push(f); },
    onrefused: (f) => { refusals.push(f); },
  };
  self.cardtableStore = { kv: null };
  self.cardtableStore.ready = (self.indexedDB ? open() : Promise.resolve(null)).then(
    (got) => (self.cardtableStore.kv = got),
    (err) => { console.error("cardtable: no IndexedDB, localStorage is used", err); return null; });

  // The tests' one way to the store (tests/conftest.py: store_get ...): asked, answered later, in
  // values a postMessage carries, so the same tests hold when the store lives in Python's worker
  // and this asks it there.  Without IndexedDB (kv null), localStorage answers as it does the app.
  const asks = {
    getItem: (kv, k) => (kv || local()).getItem(k),
    setItem: (kv, k, v) => { (kv || local()).setItem(k, v); },
    removeItem: (kv, k) => { (kv || local()).removeItem(k); },
    keys: (kv) => { const s = kv || local(); return Array.from({ length: s.length }, (_, i) => s.key(i)); },
    entries: (kv) => (kv ? kv.entries() : []),   // (IndexedDB's part only)
    room: (kv, n) => { kv.room = n; },   // tests fill the store this way
    flush: (kv) => (kv ? kv.flush() : true),   // true once written, false if refused
  };
  self.cardtableStoreAsk = async (method, ...args) => {
    if (!Object.prototype.hasOwnProperty.call(asks, method)) throw new Error(`cardtableStoreAsk: no method ${method}`);
    return asks[method](await self.cardtableStore.ready, ...args);
  };
})();
