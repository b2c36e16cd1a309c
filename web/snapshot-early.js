// Start reading the start-up snapshot as soon as the page starts (a classic script at the top of
// index.html's <head>, before any module is even fetched); on a first visit, start the runtime's
// downloads instead (see the end).
//
// Restoring Python from the snapshot (web/pyodide-snapshot.js) waits for its unpacked copy (17 MB)
// to be read from Cache Storage, and that read was the longest step of a warm start.  Begun here,
// it overlaps with the loading of PyScript and Pyodide instead of following it.  This script only
// finds the copy made for this page's version and starts reading it: the wrapper checks it
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
// big files are requested now.  Pyodide would ask for them only once PyScript and Pyodide's own
// modules had loaded and run, and PyScript for the app's zip only once Python had started: on a
// slow link the connection sat idle meanwhile.  web/progress.js counts these downloads and hands
// each response to the first `fetch` of its URL.
//
// The biggest of them (PACKED: the WebAssembly and the standard library, {file: its size}) are
// downloaded Zstandard-compressed (`X.zst`, written by tools/build.py: 3.6 MB instead of the 4.3 MB
// a host sends for the two, compressing on the fly) and decoded here as they arrive, by fzstd
// (runtime/fzstd/fzstd.js, loaded by this script on a first visit only): the response handed on is
// the file itself, streamed, so Pyodide still compiles the WebAssembly while it downloads.  If the
// packed copy or the decoder cannot be had, the file is fetched as it is.
(() => {
  if (!self.fetch || !navigator.serviceWorker || navigator.serviceWorker.controller) return;
  const PACKED = {}; // replaced at build time by tools/build.py
  const site = (file) => new URL(file, document.baseURI).href;
  const decoder = Object.keys(PACKED).length && self.ReadableStream && new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = site("runtime/fzstd/fzstd.js");
    script.onload = () => (self.fzstd ? resolve(self.fzstd) : reject(new Error("fzstd did not load")));
    script.onerror = () => reject(new Error("fzstd did not load"));
    document.head.append(script);
  });
  if (decoder) decoder.catch(() => {});
  const early = new Map();
  // (and the module PyScript runs once Python has started: one round trip less at the very end)
  for (const file of ["runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/app_stdlib.zip",
    "runtime/pyodide/pyodide-lock.json", "app/cardtable.zip", "app/main.py"]) {
    const url = site(file);
    const response = decoder && file in PACKED ? unpacked(url, PACKED[file]) : fetch(url);
    response.catch(() => {}); // (a failure is the caller's, when it asks)
    early.set(url, response);
  }
  self.cardtableEarly = early;

  /** The file at `url` (a promise of its Response), downloaded as `url.zst` and decoded as it
   * streams in; `size`: its length, checked at the end (a short or damaged download is an error
   * of the response's body, as a broken connection would be). */
  async function unpacked(url, size) {
    let packed;
    let fzstd;
    try {
      packed = await fetch(url + ".zst");
      fzstd = await decoder;
    } catch {
      return fetch(url);
    }
    if (!packed.ok || !packed.body) return fetch(url);
    const reader = packed.body.getReader();
    let sink;
    const body = new ReadableStream({ start: (controller) => { sink = controller; } });
    (async () => {
      let n = 0;
      const emit = (chunk) => {
        n += chunk.length;
        if (chunk.length) sink.enqueue(chunk);
      };
      let decode = null; // (a host that sent the file decoded already, with a Content-Encoding: passed on as it is)
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (decode === null && value && value.length) {
            const zstd = value.length >= 4 && value[0] === 0x28 && value[1] === 0xb5 && value[2] === 0x2f && value[3] === 0xfd;
            decode = zstd ? new fzstd.Decompress((chunk) => emit(chunk)) : false;
          }
          if (done) break;
          if (decode) decode.push(value);
          else emit(value);
        }
        if (decode) decode.push(new Uint8Array(0), true);
        if (n !== size) throw new Error(`${url}: ${n} bytes unpacked, expected ${size}`);
        performance.mark(`cardtable:unpacked ${url.slice(url.lastIndexOf("/") + 1)}`);
        sink.close();
      } catch (err) {
        sink.error(err);
      }
    })();
    const type = url.endsWith(".wasm") ? "application/wasm" : "application/zip";
    return new Response(body, { headers: { "Content-Type": type, "Content-Length": String(size) } });
  }
})();
