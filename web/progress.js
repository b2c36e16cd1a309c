// The loading screen's progress bar: the bytes of the runtime received of their total, then
// "Starting Python…".  The total is the size of the files a first start downloads (FILES, written
// by tools/build.py); what has arrived is counted as it streams in, for the files the page fetches
// for the app's worker (Pyodide's WebAssembly, standard library and lock file: a clone of each
// response is read), and from the worker's resource timing for those it fetches itself
// (web/py-worker.js: its modules, and every file on a start from the service worker's cache).  The bar never goes
// backwards, and once Pyodide has started it is full whatever was counted (a start from the
// service worker's cache or the snapshot downloads nothing).  While the bytes come in, #boot (a
// live region) is marked busy, so that a screen reader is not read every tenth of a megabyte.
import { _, lang } from "./i18n.js";

const FILES = {}; // replaced at build time by tools/build.py
const site = new URL("../", import.meta.url).href;
const total = Object.values(FILES).reduce((a, b) => a + b, 0);
const received = new Map();
const mb = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const root = document.documentElement;
const boot = document.getElementById("boot");
const msg = document.getElementById("boot-msg");
const bar = document.getElementById("boot-bar");
let shown = -1;
let started = false; // Pyodide is up: the bar is full

function hrefOf(url) {
  return new URL(url instanceof Request ? url.url : String(url), location.href).href.split(/[?#]/)[0];
}

function fileOf(url) {
  const href = hrefOf(url);
  return href.startsWith(site) && href.slice(site.length) in FILES ? href.slice(site.length) : null;
}

// On a first visit web/snapshot-early.js requests the runtime's big files once the page has painted
// (its `cardtableEarly`, filled when `cardtableEarlyBegun` resolves), and answers the first fetch
// of each such URL with the response under way: their bytes are counted from then.
const early = globalThis.cardtableEarly instanceof Map ? globalThis.cardtableEarly : new Map();

function startEarly() {
  for (const [url, promise] of early) {
    const file = fileOf(url);
    if (file) promise.then((r) => count(file, r.clone())).catch(() => {});
  }
}

function draw() {
  if (!bar || root.hasAttribute("data-ready") || root.hasAttribute("data-boot-failed")) return;
  let done = 0;
  for (const n of received.values()) done += n;
  done = started || done >= total ? total : done;
  if (done <= shown) return; // never backwards
  const step = Math.floor(done / 1e5) !== Math.floor(shown / 1e5);
  shown = done;
  bar.setAttribute("aria-valuenow", String(done));
  bar.style.setProperty("--done", String(total ? done / total : 1));
  if (done === total) {
    bar.setAttribute("aria-valuetext", _("Starting Python…"));
    msg.textContent = _("Starting Python…");
    boot.removeAttribute("aria-busy");
  } else if (step) {
    const words = _("Downloading the game engine — {done} of {total} MB",
      { done: mb.format(done / 1e6), total: mb.format(total / 1e6) });
    bar.setAttribute("aria-valuetext", words);
    msg.textContent = words;
  }
}

function note(file, bytes) {
  received.set(file, Math.max(received.get(file) || 0, Math.min(bytes, FILES[file])));
  draw();
}

async function count(file, response) {
  if (!response.ok || !response.body) return;
  const reader = response.body.getReader();
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return note(file, FILES[file]);
    note(file, (n += value.byteLength));
  }
}

// Pyodide is up (web/boot.js hears it from the app's worker): the bar is full
window.cardtableDownloaded = () => {
  started = true;
  draw();
};

/** Show the bar and count the downloads until the home screen is up (`loaded`: the files the app's
 * worker downloaded before). */
export function watchDownloads(loaded = []) {
  if (!bar || !total) return;
  bar.hidden = false;
  bar.setAttribute("aria-label", _("Loading Card Table"));
  bar.setAttribute("aria-valuemin", "0");
  bar.setAttribute("aria-valuemax", String(total));
  boot.setAttribute("aria-busy", "true");
  const plain = globalThis.fetch;
  Promise.resolve(globalThis.cardtableEarlyBegun).then(startEarly); // (after the first paint)
  const counting = function (input, ...rest) {
    const promise = plain.call(this, input, ...rest);
    const reuse = promise === early.get(hrefOf(input)); // (one of the early downloads: counted already)
    const file = fileOf(input);
    // A failed download of a runtime file is reported (boot.js says Python could not start): the
    // caller does not retry and Pyodide only logs a failed WebAssembly download, then waits
    // forever (tests/test_browser_data.py aborts it).  boot.js reports a failure once.
    if (file) promise.then((r) => reuse || count(file, r.clone()), (err) => reportError(err)).catch(() => {});
    return promise;
  };
  globalThis.fetch = counting;
  // what the app's worker downloaded itself (web/py-worker.js: its resource timing)
  window.cardtableLoaded = (urls) => urls.forEach((url) => {
    const file = fileOf(url);
    if (file) note(file, FILES[file]);
  });
  window.cardtableLoaded(loaded);
  new MutationObserver((_records, observer) => { // the home screen is up: stop counting
    if (!root.hasAttribute("data-ready") && !root.hasAttribute("data-boot-failed")) return;
    observer.disconnect();
    if (globalThis.fetch === counting) globalThis.fetch = plain;
  }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-boot-failed"] });
  draw();
}
