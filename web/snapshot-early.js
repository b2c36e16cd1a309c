// Start reading the start-up snapshot as soon as the page starts (a classic script at the top of
// index.html's <head>, before any module is even fetched).
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
