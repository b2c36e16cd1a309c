// The Python side in a Web Worker (bench/bench_worker.py's prototype, never shipped): Pyodide with
// the app's trimmed standard library and its own archive; the screens drawn by the app's renderers
// (pure functions of the state, as in the page) and posted as HTML; taps come in as acts.
// With page.html?main, this same module runs on the page's main thread instead (its messages through
// a MessageChannel, globalThis.__port): the same Python start and renderers, the thread alone differs.
import { loadPyodide } from "./runtime/pyodide/pyodide.mjs";

const port = globalThis.__port || self;

const marks = { start: performance.now() };
const [py, tar] = await Promise.all([
  loadPyodide({ indexURL: new URL("./runtime/pyodide/", import.meta.url).href,
    stdLibURL: new URL("./runtime/pyodide/app_stdlib.zip", import.meta.url).href }),
  fetch(new URL("./app/cardtable.tar", import.meta.url)).then((r) => r.arrayBuffer()),
]);
marks.pyodide = performance.now();
py.unpackArchive(tar, "tar", { extractDir: "/home/pyodide/app" });
py.runPython(`
import sys, time
sys.path.insert(0, "/home/pyodide/app")
from cardtable.stores.saves import DictStore, SaveStore
from cardtable.stores.settings import parse_settings
from cardtable.ui.screens.home_screen import home_screen
from cardtable.ui.screens import home
from cardtable.ui.text.markup import isolate_names
SAVES = SaveStore(DictStore())

def draw(act):
    if act.startswith("new:"):
        return "new", isolate_names(home.new_game_html(act[4:], True))
    return "home", isolate_names(home_screen(SAVES, parse_settings(None), "en"))
`);
const draw = py.globals.get("draw");
const post = (act) => {
  const [screen, html] = draw(act).toJs();
  port.postMessage({ screen, html });
};
post("home");
marks.home = performance.now();
port.postMessage({ id: "marks", marks });
port.onmessage = async (event) => {
  const m = event.data;
  if (m.act !== undefined) post(m.act.startsWith("nav:") ? "home" : m.act);
  else if (m.run) port.postMessage({ id: m.id, value: py.runPython(m.run) }); // (bench_worker.py's TURN)
  else if (m.js) port.postMessage({ id: m.id, value: await (0, eval)(m.js)() }); // (bench_worker.py's STORE)
};
// what an opening needs, imported while home waits (the app's ui/screens/warmup.py: both engines,
// the computer players, the new-game screen): in a worker it blocks nothing on the page
py.runPython("import cardtable.games.seep, cardtable.games.dummy_spades, cardtable.bots, cardtable.bots.seep, cardtable.bots.spades, cardtable.ui.screens.new_game");
