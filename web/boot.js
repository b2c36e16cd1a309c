// Loads the Python runtime (PyScript on Pyodide, both served from this site) and says so in
// plain words if it cannot.  Python takes over the page when it is ready: it morphs #app (the home
// the build drew, web/first-paint.js), removes #boot and sets <html data-ready>.
import { _ } from "./i18n.js";
import { watchDownloads } from "./progress.js";

const boot = document.getElementById("boot");
const msg = document.getElementById("boot-msg");
const root = document.documentElement;
const title = document.getElementById("boot-title");
msg.textContent = _("Shuffling the deck…");
// (over the home the build drew, #boot shows only while a tap waits for Python: web/first-paint.js)
if (root.dataset.first !== "route") title.textContent = _("Starting…");

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
// PyScript reports Python and loading errors as .py-error elements.
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains("py-error")) {
        fail(ready() ? "" : (n.textContent.trim().split("\n").pop() || _("Python stopped")));
      }
    }
  }
}).observe(document.body, { childList: true });

// The bytes downloaded, then "Starting Python…" (web/progress.js); PyScript's progress words
// ("Loading Pyodide", "Loaded files"…) are for developers: its last step is told in plain words.
watchDownloads();
addEventListener("py:progress", (e) => {
  if (!ready() && e.detail === "Loaded Pyodide") msg.textContent = _("Almost ready…");
});

setTimeout(() => {
  if (!ready() && !root.hasAttribute("data-boot-failed")) {
    msg.textContent = _("Still starting Python… slow devices can take up to a minute.");
  }
}, 15000);

import("../runtime/pyscript/core.js").catch((err) => {
  fail(_("the Python runtime did not load ({error})", { error: err && err.message ? err.message : err }));
});
