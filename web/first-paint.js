// The first paint is the real home screen: the build draws it with the app's own renderer
// (tools/first_paint.py) into index.html's #app in English, and into web/home-<lang>.html.gz for each
// other language.  This classic script, at the top of the page, runs before the first paint:
//   * it chooses the player's language as the app does (py/cardtable/ui/text/i18n.py): the one saved
//     in the settings, else the first of the browser's languages the app speaks, else English; it
//     sets <html lang> and `cardtableLang` (web/i18n.js speaks it);
//   * for another language than the page's own, #app waits (invisible) for that language's home,
//     fetched and inflated (a kilobyte); if it cannot be had, the loading screen shows instead;
//   * *Rules* opens at once: the rules pages the build drew (web/rules-<lang>.json.gz, fetched on the
//     first tap) are shown, with a history entry over home, as the app does; a reload on #rules/…
//     shows them too; a reload on another screen (#game/…) shows the loading screen, as before;
//   * a returning player (a saved game, or the lessons offered already) is not shown the first
//     visit's offer of a lesson;
//   * a tap on the home before Python is ready is taken: its act is kept (`cardtableEarlyTaps`,
//     carried out by ui/shell/early.py once Python is ready) and the bottom of the screen says
//     "Starting…" with the progress bar (#boot, web/progress.js).
// Python then morphs the same markup (ui/app.py): nothing moves.  (<html data-first>: "home", "wait"
// or "route"; app.css shows #app or the loading screen from it.)
"use strict";
(() => {
  const HOMES = {}; // replaced at build time by tools/build.py
  const root = document.documentElement;
  const without = new URLSearchParams(location.search).has("without-saves");
  let keys = [];
  try {
    if (!without) keys = Object.keys(localStorage);
  } catch {
    // storage not readable: a first visit's choices
  }
  const speaks = (code) => Object.prototype.hasOwnProperty.call(HOMES, code);
  function chosen() {
    try {
      const saved = JSON.parse(keys.includes("cardtable/v1/settings") ? localStorage.getItem("cardtable/v1/settings") : "{}");
      if (saved && speaks(saved.lang)) return saved.lang;
    } catch {
      // unreadable settings: follow the browser
    }
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
      if (speaks(code)) return code;
    }
    return "en";
  }
  const lang = (self.cardtableLang = chosen());
  root.lang = lang;
  // (the saved games are in IndexedDB, web/store.js, but for a visit before its move: the offer's key stays here)
  if (keys.some((k) => k === "cardtable/v1/lesson-offer" || k.startsWith("cardtable/v1/game/"))) root.dataset.returning = "";
  const hash = location.hash;
  root.dataset.first = hash && hash !== "#" && hash !== "#home" ? "route" : HOMES[lang] ? "wait" : "home";
  const app = () => document.getElementById("app");
  const whenParsed = (then) => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", then);
    else then();
  };
  /** The text of a file the build gzipped (a host may have inflated it already); asked ahead of the
   * runtime's big downloads, which may have begun (a tap waits for it). */
  const inflated = (path) => fetch(new URL(path, document.baseURI), { priority: "high" }).then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.status))))
    .then((buffer) => {
      const bytes = new Uint8Array(buffer);
      if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
      return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    });
  // The rules pages the build drew (web/rules-<lang>.json.gz, {game: HTML}), fetched once, when first
  // asked: a promise of them (null if they could not be had), or the pages once here.  Python shows the same markup
  // (ui/shell/rules_pages.py).
  const asked = {};
  const got = {};
  const rules = (self.cardtableRules = (code) => got[code] || asked[code] || (asked[code] = inflated(`web/rules-${code}.json.gz`)
    .then((text) => (got[code] = JSON.parse(text)))
    .catch(() => null)));
  let home = null; // the home's markup, while the rules are shown before Python
  // The rules of `game` before Python has started: at once (once fetched), over a home entry of the
  // history, as the app's own history keeps it (ui/shell/history.py takes this entry as it is).
  function showRules(game, push) {
    const route = `#rules/${game}`;
    if (push) {
      history.replaceState({ cardtable: "#home" }, "", "#home");
      history.pushState({ cardtable: route, under: "#home" }, "", route);
    }
    Promise.resolve(rules(lang)).then((pages) => {
      if (root.hasAttribute("data-ready") || location.hash !== route) return; // (Python drew, or the person went on)
      if (!pages || !pages[game]) {
        root.dataset.first = "route";
        return;
      }
      whenParsed(() => {
        if (home === null && root.dataset.first === "home") home = app().innerHTML;
        app().innerHTML = pages[game];
        root.dataset.screen = "rules";
        root.dataset.first = "home";
        scrollTo(0, 0);
      });
    });
  }
  addEventListener("popstate", () => {
    if (root.hasAttribute("data-ready")) return;
    const game = /^#rules\/([\w-]+)$/.exec(location.hash);
    if (game) showRules(game[1], false);
    else if (home !== null) {
      app().innerHTML = home;
      root.dataset.screen = "home";
    } else root.dataset.first = "route";
  });
  const opened = /^#rules\/([\w-]+)$/.exec(hash);
  if (opened) {
    root.dataset.first = "wait";
    showRules(opened[1], false);
  } else if (root.dataset.first === "wait") {
    inflated(HOMES[lang]).then((html) => whenParsed(() => {
      if (!root.hasAttribute("data-ready")) app().innerHTML = html;
      root.dataset.first = "home";
    })).catch(() => { root.dataset.first = "route"; });
  }
  const taps = (self.cardtableEarlyTaps = []);
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element && event.target.closest("[data-act], label[for]");
    if (root.hasAttribute("data-ready") || !target || !app() || !app().contains(target)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const act = target.getAttribute("data-act") || "";
    if (act.startsWith("rules:")) return showRules(act.slice(6), true); // (drawn by the build: no need to wait)
    if (act === "nav:home" && root.dataset.screen === "rules") return history.back();
    if (act && taps.length < 8) taps.push(act);
    const boot = document.getElementById("boot");
    if (boot) boot.classList.add("waiting");
  }, true);
})();
