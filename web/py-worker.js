// The app's Python side, in a Web Worker (issue #49): Pyodide, the store and the app itself run here,
// so that nothing Python does -- its start, a computer's turn, a save -- ever blocks the page.
//
// The page (web/boot.js) starts this worker and carries what it posts: every call Python makes into
// the page (ui/shell/page.py posts {call, args[, ask]} and {on}: the page answers an ask, and its
// calls to Python come back as {to, args}, each acknowledged with {done} once Python has answered).
// What the page sends first, in this order: {boot} (the app's version, the downloads it began for
// us), {snapshot} (the start-up snapshot web/snapshot-early.js found and
// read, or null) and {start} (what Python reads as it starts, web/morph.js's cardtableStart, with the
// page's localStorage: see pageStorage).  Boot failures are posted as {failed: reason}.
import { bootPython, unpackApp } from "./pyodide-snapshot.js";

const post = (message, transfer) => self.postMessage(message, transfer || []);
const call = (name, ...args) => post({ call: name, args });

// performance marks (cardtable:*, bench/bench_startup.py) go to the page's timeline, at their time
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  const entry = mark(name, options);
  call("cardtableMark", name, performance.timeOrigin + entry.startTime);
  return entry;
};

// the page's messages: the three that start us, then answers to our fetches, then Python's own
const begin = {};
const given = Object.fromEntries(["boot", "snapshot", "start"].map((name) =>
  [name, new Promise((ok) => { begin[name] = ok; })]));
let take = null;   // Python's: set once the app has started
const waiting = []; // the page's calls before that
const asked = new Map(); // our fetches the page answers: number -> [resolve, url]
let storage = null;
self.onmessage = ({ data: m }) => {
  for (const name of ["boot", "snapshot", "start"]) if (name in m) return begin[name](m[name]);
  if (m.fetched !== undefined) return fetched(m);
  if (m.local) return storage && storage.heard(...m.local);
  if (m.store !== undefined) return storeAsk(m);
  if (take) take(m); else waiting.push(m);
};

// A download that fails is a start that fails (Pyodide only logs a failed WebAssembly download,
// then waits forever)
const browserFetch = self.fetch.bind(self);
const plainFetch = (...args) => browserFetch(...args).catch((err) => {
  post({ failed: String(err && err.message ? err.message : err) });
  throw err;
});

// The page began the runtime's big downloads on a first visit (web/snapshot-early.js: the packed
// copies, decoded as they arrive): the first fetch here of each such file is the page's download,
// its body handed over as a stream (or whole, where a stream cannot be).
let early = new Set();
let fetches = 0;
self.fetch = function (input, init) {
  const url = typeof input === "string" || input instanceof URL ? new URL(input, location.href).href : "";
  if (early.delete(url.split(/[?#]/)[0]) && (!init || !Object.keys(init).length)) {
    return new Promise((ok) => {
      asked.set(++fetches, [ok, url]);
      post({ fetch: url, id: fetches });
    });
  }
  return plainFetch(input, init);
};

function fetched({ fetched: id, error, status, statusText, headers, body }) {
  const [ok, url] = asked.get(id);
  asked.delete(id);
  ok(error !== undefined ? plainFetch(url) : new Response(body, { status, statusText, headers }));
}

// what this worker downloads itself, for the page's progress bar (web/progress.js): Pyodide's module,
// here since this one runs (Chromium times a worker's static imports in the page's timeline), and
// what it fetches and imports later
call("cardtableLoaded", [new URL("../runtime/pyodide/pyodide.mjs", import.meta.url).href]);
new PerformanceObserver((list) => call("cardtableLoaded", list.getEntries().map((e) => e.name)))
  .observe({ type: "resource", buffered: true });

/** The page's localStorage, as this worker sees it: its entries as the page sent them at start,
 * each write sent back to the page (web/boot.js writes it there), and the page's `storage` events
 * (another window's writes) heard.  web/store.js keeps the settings and its few other LOCAL keys
 * there, where the page's first paint reads them before Python starts. */
function pageStorage(entries) {
  const map = new Map(entries.error ? [] : entries);
  const check = () => { if (entries.error) throw new Error(entries.error); }; // (the page could not read it: nor can we)
  const write = (k, v) => { check(); v === null ? map.delete(k) : map.set(k, v); call("cardtableLocal", k, v); };
  return {
    getItem: (k) => (check(), map.has(String(k)) ? map.get(String(k)) : null),
    setItem: (k, v) => write(String(k), String(v)),
    removeItem: (k) => write(String(k), null),
    key: (i) => (check(), [...map.keys()][i] ?? null),
    get length() { check(); return map.size; },
    heard: (k, v) => (k === null ? map.clear() : v === null ? map.delete(k) : map.set(k, v)),
  };
}

// The store (web/store.js), opened as soon as the page has sent what it reads (its address: a visit
// ?without-saves has none; its localStorage), while Pyodide starts.
const opened = given.start.then(async (values) => {
  self.cardtableStart = () => values;
  self.localStorage = storage = pageStorage(values.local || []);
  // the store's writes not yet known committed, for the page to keep if it is left (web/store.js)
  self.cardtableKeep = (entries) => call("cardtableUnsaved", entries);
  await import("./store.js");
  return self.cardtableStore.ready;
});
opened.catch(() => {}); // (its failure is reported where it is awaited)

// the page's questions about the store (cardtableStoreAsk: the tests)
async function storeAsk({ store: id, method, args }) {
  try {
    await opened;
    post({ stored: id, value: await self.cardtableStoreAsk(method, ...args) });
  } catch (err) {
    post({ stored: id, error: String(err) });
  }
}

try {
  const { app, downloads } = await given.boot;
  early = new Set(downloads);
  const archive = self.fetch(new URL("../app/cardtable.tar", import.meta.url).href).then((r) => {
    if (!r.ok) throw new Error(`the app's archive did not download (${r.status})`);
    return r.arrayBuffer();
  });
  archive.catch(() => {}); // (its failure is reported where it is awaited)
  const py = await bootPython({ app, early: given.snapshot, told: (name, value) => call("cardtableRoot", name, value) });
  self.cardtablePyodide = py; // (the tests read the interpreter here)
  call("cardtablePythonUp");
  await opened;
  unpackApp(py, await archive, "/home/pyodide");
  py.runPython("import cardtable.ui.main");
  const receive = py.pyimport("cardtable.ui.shell.page").receive;
  take = (m) => {
    try {
      receive(m);
    } catch (err) {
      post({ failed: lastLine(err) }); // (a start that fails there: the page says so, once)
      throw err;
    } finally {
      if (m.to !== undefined) post({ done: 1 });
    }
  };
  waiting.splice(0).forEach(take);
} catch (err) {
  post({ failed: lastLine(err) });
}

/** An error's last line (a Python traceback's says what went wrong). */
function lastLine(err) {
  const text = err && err.message ? err.message : String(err);
  return text.trim().split("\n").pop() || text;
}
