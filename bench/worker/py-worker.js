// The app's Python side in a Web Worker (bench/bench_worker.py's prototype of issue #49's step 1,
// never shipped): Pyodide with the app's trimmed standard library and its own archive runs the app
// itself (cardtable.ui.app.start), whose every call into the page (ui/shell/page.py, which finds no
// document here) is posted to the page (page.html relays it) and whose taps, fields and keys come
// back as messages (page.receive).  What Python reads as it starts comes first, from the page
// (cardtableStart: its address, its language pack, the tests' settings); the store is the visit's
// own (?without-saves: web/store.js does not run in a worker yet, step 3).
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";

const early = [];
const begun = new Promise((ok) => { self.onmessage = ({ data }) => (data.start ? ok(data.start) : early.push(data)); });
const [py, tar, values] = await Promise.all([
  loadPyodide({ indexURL: new URL("./runtime/pyodide/", import.meta.url).href,
    stdLibURL: new URL("./runtime/pyodide/app_stdlib.zip", import.meta.url).href }),
  fetch(new URL("./app/cardtable.tar", import.meta.url)).then((r) => r.arrayBuffer()),
  begun,
]);
self.cardtableStart = () => values;
py.unpackArchive(tar, "tar", { extractDir: "/home/pyodide/app" });
py.runPython('import sys; sys.path.insert(0, "/home/pyodide/app")');
const receive = py.pyimport("cardtable.ui.shell.page").receive;
const take = async (m) => {
  if (m.run) self.postMessage({ id: m.id, value: py.runPython(m.run) }); // (bench_worker.py's TURN)
  else if (m.js) self.postMessage({ id: m.id, value: await (0, eval)(m.js)() }); // (bench_worker.py's STORE)
  else receive(m);
};
self.onmessage = (event) => take(event.data);
py.runPython("from cardtable.ui.app import start; start()");
early.forEach(take);
