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
(() => {
  if (!self.fetch || !navigator.serviceWorker || navigator.serviceWorker.controller) return;
  const early = new Map();
  // (and the module PyScript runs once Python has started: one round trip less at the very end)
  for (const file of ["runtime/pyodide/pyodide.asm.wasm", "runtime/pyodide/app_stdlib.zip",
    "runtime/pyodide/pyodide-lock.json", "app/cardtable.zip", "app/main.py"]) {
    const url = new URL(file, document.baseURI).href;
    const response = fetch(url);
    response.catch(() => {}); // (a failure is the caller's, when it asks)
    early.set(url, response);
  }
  self.cardtableEarly = early;
})();
