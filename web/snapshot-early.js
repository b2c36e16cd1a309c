// Start reading the start-up snapshot as soon as the page starts (a classic script at the top of
// index.html's <head>, before any module is even fetched); on a first visit, start the runtime's
// downloads instead (see the end).
//
// Restoring Python from the snapshot (web/pyodide-snapshot.js) waits for its unpacked copy (17 MB)
// to be read from Cache Storage, and that read was the longest step of a warm start.  Begun here,
// it overlaps with the start of the app's worker and the loading of Pyodide there instead of
// following it (web/boot.js hands the bytes over).  This script only finds the copy made for this
// page's version and starts reading it: the wrapper (web/pyodide-snapshot.js, in the worker) checks it
// (Pyodide's version, its size) and deals with anything wrong, exactly as when it reads the copy
// itself, which it still does when this script found nothing or did not run.
"use strict";
(() => {
  const app = document.documentElement.dataset.version;
  if (!app || !self.caches) return;
  const url = new URL("runtime/pyodide-snapshot.unpacked", document.baseURI).href;
  const read = (async () => {
    for (const name of await caches.keys()) {
      const response = await (await caches.open(name)).match(url);
      if (!response) continue;
      let header = null;
      try {
        header = JSON.parse(response.headers.get("X-Snapshot"));
      } catch {
        // not ours to judge: the wrapper deletes a copy without a readable header
      }
      if (!header || header.app !== app) continue;
      const bytes = response.arrayBuffer();
      bytes.catch(() => {}); // its failure is handled where the wrapper awaits it
      return { name, header, bytes };
    }
    return null;
  })();
  read.catch(() => {});
  self.cardtableSnapshotRead = read;
})();

// A first visit (no service worker controls the page yet, so no snapshot either): the runtime's
// big files are requested once the page has painted (see below).  Pyodide, in the app's worker,
// would ask for them only once the worker and Pyodide's own modules had loaded and run: on a slow
// link the connection sat idle meanwhile.  This script hands each response to the first `fetch` of
// its URL (see the end: the worker asks the page, and web/boot.js fetches it here and hands its body
// over), and web/progress.js counts these downloads.
//
// The biggest of them (PACKED: the WebAssembly and the standard library, {file: its size}) are
// downloaded xz-compressed (`X.xz`, written by tools/build.py: 3.3 MB instead of the 4.3 MB a host
// sends for the two, compressing on the fly) and decoded as they arrive, by xz-decompress
// (runtime/xz-decompress/, loaded on a first visit only, in a worker: web/xz-worker.js): the response handed on is
// the file itself, streamed, so Pyodide still compiles the WebAssembly while it downloads.  If the
// packed copy or the decoder cannot be had, the file is fetched as it is.
(() => {
  if (!self.fetch || !navigator.serviceWorker || navigator.serviceWorker.controller) return;
  const PACKED = {}; // replaced at build time by tools/build.py
  const XZ = [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]; // (an xz stream's first bytes)
  const site = (file) => new URL(file, document.baseURI).href;
  // The decoder runs in a worker (web/xz-worker.js): decoding 13 MB on the page's main thread was one
  // long task of seconds (a stream's reads resolve without yielding while bytes are there).  Where
  // the browser cannot hand a stream to a worker, or the worker does not start, the files are
  // fetched as they are (1 MB more, rather than seconds of a locked page).
  const inWorker = () => new Promise((resolve, reject) => {
    const probe = new ReadableStream();
    new MessageChannel().port1.postMessage(probe, [probe]); // (throws where streams cannot be handed over)
    const worker = new Worker(site("web/xz-worker.js"));
    worker.onmessage = () => resolve(function XzInWorker(input) { // (called with `new`: returns the stream)
      const { readable, writable } = new TransformStream();
      worker.postMessage({ input, output: writable }, [input, writable]);
      return readable;
    });
    worker.onerror = (event) => {
      event.preventDefault(); // (not the page's error: the files are then fetched as they are)
      reject(new Error("the decoder's worker did not start"));
    };
  });
  // Begun once the page has painted the home the build drew (web/first-paint.js; its first
  // contentful paint, the time the browser says it was shown, not the frame's request: under load
  // that came a second later): then its stylesheets and scripts do not share the link with 4 MB,
  // and the paint is not seen waiting on them (Lighthouse counts every download begun before it as
  // needed for it).  (A page in the background paints nothing: then after 3 s.)
  // (the browser's own fetch: the page's, set below, answers these URLs with these very responses)
  const get = self.fetch.bind(self);
  // (the app's worker, web/py-worker.js, asks the page for these: web/boot.js hands each over)
  const EARLY = ["runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/app_stdlib.zip",
    "runtime/pyodide/pyodide-lock.json", "app/cardtable.tar"].map(site);
  self.cardtableEarlyUrls = EARLY;
  const early = new Map(); // {url: its response (a promise)}, filled by `start`; web/progress.js counts them
  self.cardtableEarly = early;
  let begun;
  self.cardtableEarlyBegun = new Promise((resolve) => { begun = resolve; });
  let decoder = null;
  const start = () => {
    const done = begun;
    if (!done) return;
    begun = null;
    decoder = Object.keys(PACKED).length && self.ReadableStream && inWorker();
    if (decoder) decoder.catch(() => {});
    // The decoder decodes one stream at a time, in the order they were opened: the smaller file first,
    // which has all arrived (and is decoded) long before the bigger one.
    const packed = new Map();
    let previous = Promise.resolve();
    for (const file of decoder ? Object.keys(PACKED).sort((a, b) => PACKED[a] - PACKED[b]) : []) {
      const response = unpacked(site(file), PACKED[file], previous);
      previous = response.catch(() => {});
      packed.set(site(file), response);
    }
    for (const url of EARLY) {
      const response = packed.get(url) || get(url);
      response.catch(() => {}); // (a failure is the caller's, when it asks)
      early.set(url, response);
    }
    done();
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((e) => e.name === "first-contentful-paint")) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } catch {
    requestAnimationFrame(() => setTimeout(start, 0)); // (no paint timing: after the first frame)
  }
  setTimeout(start, 3000);

  // The first `fetch` of each of these URLs (a string or a URL without options, as web/boot.js asks
  // for them for the app's worker) is answered with its download under way; when the worker asks
  // for one first, the downloads begin then (never twice).  This is done here, by the page's first
  // script, and not by a module, so that it is in place before anything asks: when
  // web/progress.js, which did this, came late (a second was enough, on a loaded machine) Pyodide
  // fetched the files as they are, and each big one was downloaded twice over.
  const handed = new Set();
  self.fetch = function fetch(input, init) {
    if ((typeof input === "string" || input instanceof URL) && (!init || !Object.keys(init).length)) {
      const href = new URL(input, location.href).href.split(/[?#]/)[0];
      if (EARLY.includes(href)) {
        start(); // (filled `early`, if not begun yet)
        if (!handed.has(href)) {
          handed.add(href);
          return early.get(href);
        }
      }
    }
    return get(...arguments);
  };

  /** The file at `url` (a promise of its Response), downloaded as `url.xz` and decoded as it
   * streams in; `size`: its length, checked at the end (a short or damaged download is an error
   * of the response's body, as a broken connection would be); its decoding starts once `after`
   * (the previous file's response) is settled. */
  async function unpacked(url, size, after) {
    let reader;
    let first;
    let XzReadableStream;
    const packed = get(url + ".xz");
    packed.catch(() => {}); // (its failure is handled below, once the decoder is here)
    try {
      XzReadableStream = await decoder;
      const response = await packed;
      reader = response.ok && response.body && response.body.getReader();
      first = reader && await reader.read();
      await after;
    } catch {
      reader = null;
      packed.then((r) => r.body && r.body.cancel(), () => {}).catch(() => {}); // (no decoder: not downloaded for nothing)
    }
    const head = first && !first.done ? first.value : new Uint8Array(0);
    if (!reader || head.length < XZ.length || XZ.some((b, i) => head[i] !== b)) { // (a host's page for a missing file, say)
      if (reader) reader.cancel().catch(() => {});
      return get(url);
    }
    const decoded = new XzReadableStream(eager(reader, head));
    const body = eager(decoded.getReader(), null, (n) => {
      if (n !== size) throw new Error(`${url}: ${n} bytes unpacked, expected ${size}`);
      performance.mark(`cardtable:unpacked ${url.slice(url.lastIndexOf("/") + 1)}`);
    });
    const type = url.endsWith(".wasm") ? "application/wasm" : url.endsWith(".tar") ? "application/x-tar" : "application/zip";
    return new Response(body, { headers: { "Content-Type": type, "Content-Length": String(size) } });
  }

  /** A stream of what `reader` reads (after `first`, if any), read at once, whoever reads it and
   * however slowly: the download never waits for its reader (the decoder decodes one stream at
   * a time, and Pyodide asks for these files only once its modules have loaded).  `end(bytes)`
   * may throw, which errors the stream. */
  function eager(reader, first, end) {
    let sink;
    const stream = new ReadableStream({ start: (controller) => { sink = controller; } });
    (async () => {
      let n = 0;
      try {
        if (first) sink.enqueue(first);
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          n += value.length;
          sink.enqueue(value);
        }
        if (end) end(n);
        sink.close();
      } catch (err) {
        sink.error(err);
      }
    })();
    return stream;
  }
})();
