// Redraws #app by morphing the DOM to Python's new markup (morphdom, vendored from npm by the
// build into runtime/morphdom/), so elements that stay keep their identity, focus, scroll and
// running CSS transitions.  Python calls window.cardtablePaint(root, html, screen, attrs, route), one
// call a redraw, and gets taps, fields and Back/Forward as plain values (without this module the app
// does not start).
//
// After each morph this module also keeps the page usable by keyboard and screen reader
// (issue #13), from what the markup declares:
//   * a modal (any element with aria-modal="true": markup.dialog / markup.sheet) makes
//     everything else in the page `inert`; focus moves into it ([data-autofocus] first), Tab
//     cycles inside it, and when it closes focus goes back to the control that opened it;
//   * `[data-roving]` groups (a hand, the bid numbers, the floor) are one Tab stop: the arrow
//     keys, Home and End move between their buttons (roving tabindex);
//   * focus never falls to the page body: a control that vanished or was disabled hands the
//     focus to [data-autofocus], else to the first playable card, else to the roving group's
//     current button; an element that newly carries `data-focus-now` takes the focus (the
//     "Bid 4" button after the number 4 was chosen);
//   * [data-keep-in-view] is scrolled into view;
//   * window.cardtableAnnounce(text) adds a sentence to the one polite live region, which lives
//     outside #app so no redraw ever recreates it.
// Tap guard: a control a redraw brings near a tap (<700 ms old) is disabled 700 ms (or a shorter
// time the browser tests set, window.__cardtableTapGuardMs, as they do the hand-off's: never longer).
// window.__cardtableAudit (tests only) runs after each morph.
import morphdom from "../runtime/morphdom/morphdom-esm.js";

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), '
  + 'select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const ANNOUNCED_KEEP = 6;   // sentences kept in the live region (older ones are removed)
const TAP_GUARD_MS = 700;   // = HANDOFF_GUARD_MS in app.py
const TAP_NEAR_PX = 44;
const CONTROL = "button, [data-act]";

let openerKey = null;        // data-key of the control that opened the modal shown now
let focusNowKeys = new Set(); // elements that carried data-focus-now after the last redraw

function keyOf(node) {
  if (node.nodeType !== 1) return undefined;
  return node.getAttribute("data-key") || node.id || undefined;
}

function modalIn(root) {
  const all = root.querySelectorAll('[aria-modal="true"]');
  return all.length ? all[all.length - 1] : null;
}

function usable(el) {
  return !!el && el.isConnected && !el.disabled && !el.closest("[inert]") && el.getClientRects().length > 0;
}

function byKey(root, key) {
  if (!key) return null;
  return root.querySelector(`[data-key="${CSS.escape(key)}"]`);
}

// everything but the modal (and its ancestors up to <body>) is inert while it shows
function applyInert(root, modal) {
  for (const el of document.querySelectorAll("[data-made-inert]")) {
    el.inert = false;
    el.removeAttribute("data-made-inert");
  }
  if (!modal) return;
  for (let node = modal; node && node !== document.body; node = node.parentElement) {
    const parent = node.parentElement;
    if (!parent) break;
    for (const sib of parent.children) {
      if (sib === node || sib.id === "announcer" || sib.tagName === "SCRIPT") continue;
      if (!sib.inert) {
        sib.inert = true;
        sib.setAttribute("data-made-inert", "");
      }
    }
  }
}

function rovingItems(group) {
  return [...group.querySelectorAll("button")].filter((b) => !b.disabled && b.closest("[data-roving]") === group);
}

// one Tab stop per group: the focused button, else the one the markup marks, else the first playable
function applyRoving(root) {
  for (const group of root.querySelectorAll("[data-roving]")) {
    const items = rovingItems(group);
    if (!items.length) continue;
    const active = document.activeElement;
    const current = items.includes(active) ? active
      : items.find((b) => b.hasAttribute("data-current"))
        || items.find((b) => b.classList.contains("playable") && b.getAttribute("aria-disabled") !== "true")
        || items.find((b) => b.getAttribute("aria-pressed") === "true")
        || items[0];
    for (const b of group.querySelectorAll("button")) b.tabIndex = b === current ? 0 : -1;
  }
}

function focusEl(el) {
  if (el) el.focus({ preventScroll: false });
  return !!el;
}

// a card that can be played: of the hand first (Seep's floor cards come earlier in the page), then any
function playableCard(root) {
  const ok = (b) => usable(b) && b.getAttribute("aria-disabled") !== "true";
  return [...root.querySelectorAll(".my-hand button.card.playable")].find(ok)
    || [...root.querySelectorAll("button.card.playable")].find(ok);
}

function fallbackTarget(root) {
  const autos = [...root.querySelectorAll("[data-autofocus]")];
  const auto = autos.find(usable);
  if (auto) return auto;
  // the hand-off's button wakes up after a moment: it takes the focus then, nothing else before
  if (autos.some((el) => el.disabled)) return null;
  const card = playableCard(root);
  if (card) return card;
  const roving = [...root.querySelectorAll('[data-roving] button[tabindex="0"]')].find(usable);
  if (roving) return roving;
  return [...root.querySelectorAll(FOCUSABLE)].find(usable) || null;
}

function repairFocus(root, before) {
  const modal = modalIn(root);
  const active = document.activeElement;
  const lost = !active || active === document.body || !root.contains(active) || !usable(active);
  if (modal) {
    if (!before.modal) openerKey = before.key;
    if (!modal.contains(active)) {
      focusEl([...modal.querySelectorAll("[data-autofocus]")].find(usable)
        || [...modal.querySelectorAll(FOCUSABLE)].find(usable) || modal);
    }
    return;
  }
  if (before.modal && openerKey) {
    const opener = byKey(root, openerKey);
    openerKey = null;
    if (usable(opener) && (lost || before.inModal)) { focusEl(opener); return; }
  }
  // a control that newly asks for the focus (it was just made ready: "Bid 4")
  const now = [...root.querySelectorAll("[data-focus-now]")];
  const fresh = now.find((el) => !focusNowKeys.has(keyOf(el)) && usable(el));
  focusNowKeys = new Set(now.map(keyOf));
  if (fresh) { focusEl(fresh); return; }
  if (lost) {
    // a control that vanished or was disabled hands the focus on; a page nobody focused yet only
    // puts it where the screen asks ([data-autofocus])
    focusEl(before.key ? fallbackTarget(root) : [...root.querySelectorAll("[data-autofocus]")].find(usable));
    return;
  }
  // the turn came while the focus rests on a card that cannot be played: go to one that can
  if (active.matches("button.card[aria-disabled='true']") && !active.hasAttribute("data-keep-focus")) {
    const card = playableCard(root);
    if (card) focusEl(card);
  }
}

// ---- the tap guard -------------------------------------------------------------------------------
let lastTap = null;          // {x, y, t, near: Map(control -> box)}

function nearTap(root, x, y) {
  const out = new Map();
  for (const el of root.querySelectorAll(CONTROL)) {
    if (!usable(el) || el.getAttribute("aria-disabled") === "true") continue;
    const r = el.getBoundingClientRect();
    const dx = Math.max(r.left - x, 0, x - r.right), dy = Math.max(r.top - y, 0, y - r.bottom);
    if (Math.hypot(dx, dy) <= TAP_NEAR_PX) out.set(el, r);
  }
  return out;
}

function tapGuardMs() {
  const short = window.__cardtableTapGuardMs;
  return typeof short === "number" && short >= 0 && short < TAP_GUARD_MS ? short : TAP_GUARD_MS;
}

function releaseGuard() {
  for (const el of document.querySelectorAll("[data-tap-guard]")) {
    el.removeAttribute("data-tap-guard");
    if (el.tagName === "BUTTON") el.disabled = false;
    else el.removeAttribute("aria-disabled");
  }
}

function guardTap(root) {
  const guard = tapGuardMs();
  if (!lastTap || performance.now() - lastTap.t > guard) return;
  let held = false;
  for (const [el, r] of nearTap(root, lastTap.x, lastTap.y)) {
    const was = lastTap.near.get(el);
    if (was && Math.abs(was.left - r.left) < 2 && Math.abs(was.top - r.top) < 2) continue;
    if (r.width >= innerWidth - 1 && r.height >= innerHeight - 1) continue;   // a backdrop
    el.setAttribute("data-tap-guard", "");
    if (el.tagName === "BUTTON") el.disabled = true;
    else el.setAttribute("aria-disabled", "true");
    held = true;
  }
  if (held) setTimeout(releaseGuard, guard);
}

document.addEventListener("pointerdown", (event) => {
  const root = document.getElementById("app");
  if (!event.isPrimary || !root) return;
  lastTap = { x: event.clientX, y: event.clientY, t: performance.now(), near: nearTap(root, event.clientX, event.clientY) };
}, true);

window.cardtableMorph = function (root, html) {
  const active = document.activeElement;
  const was = modalIn(root);
  const before = {
    key: active && root.contains(active) ? keyOf(active) : null,
    modal: !!was,
    inModal: !!was && !!active && was.contains(active),
  };
  const next = root.cloneNode(false);
  next.innerHTML = html;
  morphdom(root, next, {
    childrenOnly: true,
    getNodeKey: keyOf,
    onBeforeElUpdated(from, to) {
      // what a person typed in a form field survives a redraw of the same field
      if ((from.tagName === "INPUT" || from.tagName === "SELECT" || from.tagName === "TEXTAREA")
          && from.hasAttribute("data-keep")) {
        if (from.type === "checkbox") to.checked = from.checked;
        else to.value = from.value;
      }
      return !from.isEqualNode(to);
    },
  });
  const modal = modalIn(root);
  applyInert(root, modal);
  applyRoving(root);
  repairFocus(root, before);
  applyRoving(root);
  // after the whole redraw (Python sets <html data-*> after the morph)
  queueMicrotask(() => {
    for (const el of root.querySelectorAll("[data-keep-in-view]")) el.scrollIntoView({ block: "nearest", inline: "nearest" });
    guardTap(root);
  });
  const audit = window.__cardtableAudit;
  if (audit) audit(root);
};

// Python's redraw (ui/app.py, App.render): the markup morphed into #app, then <html data-screen> and
// the settings' data-* attributes, the screen's history entry (follow); a new screen is shown from
// its top.  shown: Python's count of the screens it has shown, handed back with each tap (a tap made
// on a screen since replaced is not carried out on the next: ui/shell/page_input.py).
let shownNow = 0;
window.cardtablePaint = function (html, screen, attrs, route, shown) {
  const page = document.documentElement;
  const was = page.getAttribute("data-screen") || "home";   // (before the first: the home the build drew)
  window.cardtableMorph(document.getElementById("app"), html);
  page.dataset.screen = screen;
  shownNow = shown;
  for (const [k, v] of Object.entries(attrs)) page.setAttribute(`data-${k}`, v);
  if (attrs.ready) window.cardtableStarted();   // (Python's first screen: shown as it is drawn)
  follow(route);
  if (screen !== was) scrollTo(0, 0);
};

// attributes of <html> set (null: removed), as Python asks: lang, data-ready...
window.cardtableHtml = (attrs) => {
  for (const [k, v] of Object.entries(attrs)) {
    if (v == null) document.documentElement.removeAttribute(k);
    else document.documentElement.setAttribute(k, v);
  }
};

// what Python reads as it starts (ui/shell/page.py, started): the page's address, the language pack
// loaded before Python, the tests' settings (a worker's page sends the same, as a message)
window.cardtableStart = () => ({
  search: location.search, href: location.href.split("#")[0], packs: window.cardtablePacks || {},
  computerMs: window.__cardtableComputerMs, handoffGuardMs: window.__cardtableHandoffGuardMs,
});

// Python has drawn its first screen: the app shown, the boot screen gone
window.cardtableStarted = () => {
  document.getElementById("app").hidden = false;
  document.getElementById("boot")?.remove();
  document.documentElement.dataset.ready = "true";
};

// another window changed the store's localStorage part (the settings): the app's worker hears the
// value first (web/boot.js), then Python that it changed
addEventListener("storage", (event) => {
  if (window.cardtableLocalHeard) window.cardtableLocalHeard(event.key, event.newValue);
  if (window.cardtableChanged) window.cardtableChanged([event.key]);
});

// ---- the history: one entry per screen, home at the bottom (ui/shell/history.py) -----------------
// Home is the bottom entry and any other screen the one entry above it, so Back from any screen lands
// on home and never leaves the app.  Each redraw gives the route of the screen it shows (follow);
// Back and Forward hand Python the route they came to (window.cardtableRoute).
let routeNow = "";   // the location hash the last redraw left
const HOME = ["", "#", "#home"];

function follow(route) {
  if (route === routeNow) return;
  if (route !== location.hash) {
    const state = { cardtable: route };
    if (route === "#home") history.back();   // to the home entry under this one; popstate finds home drawn
    else if (routeNow === "" || routeNow === "#home") history.pushState(state, "", route);
    else history.replaceState(state, "", route);
  }
  routeNow = route;
}

addEventListener("popstate", () => {
  routeNow = location.hash;
  if (window.cardtableRoute) window.cardtableRoute(location.hash);
});

// Python's first screen: home at the bottom of the history, a reload's screen over it (or the rules
// opened before Python over home already: web/first-paint.js).  Returns the route to show.
window.cardtableFirstRoute = function () {
  const route = location.hash;
  if (!HOME.includes(route) && history.state && history.state.under === "#home") {
    routeNow = route;
    return route;
  }
  history.replaceState({ cardtable: "#home" }, "", "#home");
  routeNow = "#home";
  return HOME.includes(route) ? "#home" : route;
};

// ---- taps and fields, handed to Python as plain values (ui/shell/page_input.py) --------------------
// A click on an enabled [data-act]: window.cardtableTap(act, refused, shown, fields), where refused is
// "card" for a card that cannot be played now, "control" for another control marked aria-disabled,
// else ""; fields are those of the form the control is in (id -> value), else null.
// A field changed: window.cardtableField(id, value, shown, file), file {text, name} once read (the
// first file chosen), else null.  Before Python has started (those are not set) the page's first
// script keeps the taps (web/first-paint.js).
function fieldsOf(form) {   // a form's fields, id -> value (a checkbox: "on" when ticked, else "")
  const out = {};
  for (const f of form.querySelectorAll("input[id], select[id], textarea[id]")) {
    out[f.id] = f.type === "checkbox" ? (f.checked ? "on" : "") : f.value;
  }
  return out;
}

function listen() {
  const root = document.getElementById("app");
  root.addEventListener("click", (event) => {
    const el = event.target.closest && event.target.closest("[data-act]");
    if (!window.cardtableTap || !el || el.hasAttribute("disabled")) return;
    const refused = el.getAttribute("aria-disabled") !== "true" ? "" : el.matches("button.card") ? "card" : "control";
    const form = el.closest("form");
    window.cardtableTap(el.dataset.act, refused, shownNow, form && fieldsOf(form));
  });
  root.addEventListener("change", (event) => {
    const field = event.target, shown = shownNow;
    if (!window.cardtableField || !field.id) return;
    const file = field.files && field.files[0];
    if (!file) { window.cardtableField(field.id, field.value, shown, null); return; }
    file.text().then((text) => window.cardtableField(field.id, field.value, shown, { text, name: file.name }));
  });
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", listen);
else listen();

// ---- keys -----------------------------------------------------------------------------------------
// Arrows move inside a roving group and Tab stays inside an open modal.  On the table, a letter or a
// digit presses the button that names it ([data-shortcut], as a tap would: never a disabled one, or
// one behind a modal); Escape closes the open modal that says how ([data-escape]: a tap on its act),
// else Python closes what it safely can; the arrows, Page Up/Down, Home and End step a review
// ([data-arrows]).  Keys typed in a field, or with Ctrl, Alt or Cmd, are the browser's.
const STEPS = ["ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End"];
document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const root = document.getElementById("app");
  if (!root) return;
  if (event.key === "Tab") {
    const modal = modalIn(root);
    if (!modal) return;
    const items = [...modal.querySelectorAll(FOCUSABLE)].filter(usable);
    if (!items.length) { event.preventDefault(); return; }
    const first = items[0], last = items[items.length - 1];
    const active = document.activeElement;
    if (!modal.contains(active)) { event.preventDefault(); first.focus(); }
    else if (event.shiftKey && active === first) { event.preventDefault(); last.focus(); }
    else if (!event.shiftKey && active === last) { event.preventDefault(); first.focus(); }
    return;
  }
  const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
  const group = event.key in moves && event.target.closest && event.target.closest("[data-roving]");
  if (group) {
    const items = rovingItems(group);
    const i = items.indexOf(event.target);
    if (i < 0) return;
    const step = moves[event.key];
    const j = step === "first" ? 0 : step === "last" ? items.length - 1
      : Math.max(0, Math.min(items.length - 1, i + step));
    event.preventDefault();
    for (const b of items) b.tabIndex = -1;
    items[j].tabIndex = 0;
    items[j].focus();
    return;
  }
  if (!window.cardtableTap) return;
  if (event.key === "Escape") {
    const modal = root.querySelector('[aria-modal="true"][data-escape]');
    if (modal) {
      event.preventDefault();
      window.cardtableTap(modal.dataset.escape, "", shownNow, null);
    } else window.cardtableKey("Escape");
  } else if (/^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName || "")) {
    // (typed into a field: the browser's)
  } else if (event.key.length === 1 && document.documentElement.dataset.screen === "table") {
    const el = root.querySelector(`[data-shortcut="${CSS.escape(event.key.toLowerCase())}"]`);
    if (usable(el) && el.getAttribute("aria-disabled") !== "true") {
      event.preventDefault();
      el.focus();
      el.click();
    }
  } else if (STEPS.includes(event.key) && root.querySelector("[data-arrows]") && !modalIn(root)) {
    event.preventDefault();
    window.cardtableKey(event.key);
  }
});

// ---- the live region ------------------------------------------------------------------------------
function announcer() {
  let region = document.getElementById("announcer");
  if (!region) {
    region = document.createElement("div");
    region.id = "announcer";
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-relevant", "additions");
    region.setAttribute("data-testid", "announcer");
    document.body.appendChild(region);
  }
  return region;
}

window.cardtableAnnounce = function (text) {
  const region = announcer();
  const p = document.createElement("p");
  p.textContent = String(text);   // text, never markup
  region.appendChild(p);
  while (region.children.length > ANNOUNCED_KEEP) region.firstElementChild.remove();
};

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", announcer);
else announcer();
