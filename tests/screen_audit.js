// The screen audit (issue #25): checked after every redraw of every page the browser tests open.
//
// tests/conftest.py adds this file as an init script to every browser context.  It sets
// window.__cardtableAudit, which web/morph.js calls (in a microtask, once the app's redraw is
// complete) after each morph; the app itself does nothing when it is not set.  Each check that
// fails is recorded once, with a description, in window.__auditFailures and sent to the test
// process through window.__auditReport (a Playwright binding), together with a frozen copy of
// the page (the failing elements outlined) that conftest renders as a screenshot.
//
// The invariants:
//   size     the play area (the trick, Seep's floor) has a size whenever cards are on it;
//   overlap  no two of {trick or floor cards, seat chips, status line, action buttons, own hand}
//            overlap, except the pairs in ALLOWED (a finished trick's card moving to its winner is
//            left out while it moves: it is hidden once there);
//   decide   whenever a person must decide (bid, peek, flip, play, play from the dummy, a Seep
//            move), every card of the hand that decision uses, every control and the title of its
//            panel are inside the viewport (and not clipped by a scrolling box), and at a play
//            decision so is the trick or the floor -- on screens from 320×600 up (DECIDE_MIN) and on
//            landscape phones;
//   tap      no enabled control appears within 44 px of the last tap's point for 700 ms (the tap
//            guard's time, shorter in the tests: window.__cardtableTapGuardMs) after the
//            tap (a control already there and not moved does not "appear");
//   cut      no visible text is cut: an element whose text overflows a box that hides it has a
//            title (on it or an ancestor) to read it whole;
//   title    no card runs over the words of a title (a panel's, the screen's);
//   tip      a lesson's tip, once placed, covers no card (hand, trick, floor, dummy) and not the
//            status line (checked by the lesson tests at each settled step: __auditTipCovers);
//   privacy  a hand-off and the end-of-hand summary hold no card at all.
(() => {
  "use strict";
  const TAP_MS = () => window.__cardtableTapGuardMs ?? 700;   // web/morph.js's tap guard (shorter in the tests)
  const NEAR_PX = 44;
  const MAX_REPORTS = 6;
  // overlapping pairs the design allows: none so far (each entry "groupA|groupB", sorted)
  const ALLOWED = new Set([]);
  const GROUPS = {
    cards: ".table .trick .spot .card, .table .trick .win-mark, .table .floor-body .card, .table .floor-body .house",
    chips: ".table .opponents .seat, .table .seep-seats .seat",
    status: ".table > .status, .table .seep-dock .status",
    buttons: ".table .action-panel button, .table .coach button, .table .trick .collect, .table .seep-dock .panel button",
    hand: ".table .my-hand",
  };
  const CONTROLS = "#app button, #app [data-act]";   // what a tap presses (as web/morph.js's guard)

  const failures = [];
  const reported = new Set();
  let tap = null;      // the last tap: where, when, and the controls near it then (with their boxes)
  let queued = false;

  const box = (el) => el.getBoundingClientRect();
  const shown = (el) => !!el && el.isConnected && el.getClientRects().length > 0
    && (el.checkVisibility ? el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true }) : true);
  const nameOf = (el) => {
    const key = el.getAttribute("data-key") || el.getAttribute("data-act") || el.getAttribute("data-card");
    const cls = (el.className && el.className.baseVal === undefined ? String(el.className) : "").split(" ").filter(Boolean)[0];
    const text = (el.textContent || "").trim().replace(/\s+/g, " ").slice(0, 30);
    return `${el.tagName.toLowerCase()}${cls ? "." + cls : ""}${key ? `[${key}]` : ""}${text ? ` "${text}"` : ""}`;
  };
  const enabled = (el) => !el.disabled && el.getAttribute("aria-disabled") !== "true" && !el.closest("[inert]")
    && !el.closest("[disabled]") && shown(el);
  const distance = (r, x, y) => Math.hypot(Math.max(r.left - x, 0, x - r.right), Math.max(r.top - y, 0, y - r.bottom));
  const intersect = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;

  // the part of the page an element can be seen in: the viewport cut by every box that clips it
  function visibleRect(el) {
    let r = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const cs = getComputedStyle(p);
      if (cs.position === "fixed") break;
      if (cs.overflowX !== "visible" || cs.overflowY !== "visible") {
        const b = box(p);
        r = { left: Math.max(r.left, b.left), top: Math.max(r.top, b.top),
              right: Math.min(r.right, b.right), bottom: Math.min(r.bottom, b.bottom) };
      }
    }
    return r;
  }
  function inView(el) {
    if (!shown(el)) return false;
    const b = box(el), v = visibleRect(el);
    if (b.width < 1 || b.height < 1) return false;
    return b.left >= v.left - 0.5 && b.top >= v.top - 0.5 && b.right <= v.right + 0.5 && b.bottom <= v.bottom + 0.5;
  }

  // a copy of the page as it is, the failing elements outlined (marked by an attribute: the page's
  // Content-Security-Policy forbids inline styles, and the copy's own <style> is never in the page)
  function frozenPage(bad) {
    const marked = bad.filter((el) => el && el.isConnected);
    for (const el of marked) el.setAttribute("data-audit-bad", "");
    const copy = document.documentElement.cloneNode(true);
    for (const el of marked) el.removeAttribute("data-audit-bad");
    for (const s of copy.querySelectorAll('script, meta[http-equiv="Content-Security-Policy"]')) s.remove();
    const still = document.createElement("style");
    still.textContent = "*, *::before, *::after { animation: none !important; transition: none !important; }"
      + "[data-audit-bad] { outline: 3px solid #ff00ff !important; outline-offset: -1px; }"
      + (tap ? `.audit-tap { position: fixed; left: ${tap.x - 6}px; top: ${tap.y - 6}px; width: 12px; height: 12px;`
        + " border-radius: 50%; background: #ff00ff; z-index: 99; pointer-events: none; }" : "");
    copy.querySelector("head").appendChild(still);
    const dot = document.createElement("div");
    dot.className = "audit-tap";
    copy.querySelector("body").appendChild(dot);
    return "<!doctype html>" + copy.outerHTML;
  }

  function fail(kind, what, bad) {
    const screen = document.documentElement.dataset.screen || "";
    const key = `${kind}|${screen}|${what.replace(/[-\d.]+px|\(\d[^)]*\)/g, "")}`;
    if (reported.has(key)) return;
    reported.add(key);
    const entry = { kind, what, screen, width: innerWidth, height: innerHeight, at: Math.round(performance.now()) };
    failures.push(entry);
    if (typeof window.__auditReport === "function") {
      try {
        window.__auditReport({ ...entry, html: failures.length <= MAX_REPORTS ? frozenPage(bad) : "" });
      } catch (e) { /* the report is a copy: the failure stays in __auditFailures */ }
    }
  }

  // ---- the invariants ----------------------------------------------------------------------------
  function checkSize() {
    for (const area of document.querySelectorAll("#app .table .trick, #app .table .floor")) {
      if (!area.querySelector("[data-card]")) continue;
      const b = box(area);
      if (!shown(area) || b.width < 1 || b.height < 1) {
        fail("size", `the play area ${nameOf(area).split(" ")[0]} holds cards but is ${Math.round(b.width)}x${Math.round(b.height)}`, [area]);
      }
    }
  }

  // a finished trick's card on its way to the winner: it crosses what lies between by design, and
  // is hidden once there (app.css, @keyframes gather)
  const gathering = (el) => el.getAnimations().some((a) => a.animationName === "gather" && a.playState === "running"
    && a.effect.getComputedTiming().progress > 0);

  function checkOverlap() {
    const items = [];
    for (const [group, sel] of Object.entries(GROUPS)) {
      for (const el of document.querySelectorAll(sel)) {
        if (!shown(el) || el.closest(".sheet-overlay, .overlay") || gathering(el)) continue;
        // the part of it that can be seen (a card scrolled under the dock covers nothing)
        const r = box(el), v = visibleRect(el);
        const b = { left: Math.max(r.left, v.left), top: Math.max(r.top, v.top), right: Math.min(r.right, v.right), bottom: Math.min(r.bottom, v.bottom) };
        if (b.right - b.left >= 1 && b.bottom - b.top >= 1) items.push({ group, el, b });
      }
    }
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i], c = items[j];
        if (a.group === c.group && a.group !== "cards") continue;
        if (a.el.contains(c.el) || c.el.contains(a.el)) continue;
        // cards of one house are fanned on purpose; a card and its own win mark sit together
        if (a.group === "cards" && c.group === "cards"
            && (a.el.closest(".house") || c.el.closest(".house") || a.el.closest(".spot") === c.el.closest(".spot"))) continue;
        const pair = [a.group, c.group].sort().join("|");
        if (ALLOWED.has(pair)) continue;
        if (intersect(a.b, c.b)) fail("overlap", `${a.group} ${nameOf(a.el)} overlaps ${c.group} ${nameOf(c.el)}`, [a.el, c.el]);
      }
    }
    // the caption over the trick ("Ana wins the trick") runs under no card
    for (const cap of document.querySelectorAll("#app .trick .trick-caption")) {
      if (!shown(cap)) continue;
      const range = document.createRange();
      range.selectNodeContents(cap);
      const lines = [...range.getClientRects()];
      for (const card of cap.parentElement.querySelectorAll(".spot .card, .collect")) {
        // a playable or hinted card's ring (box-shadow, 3-4 px) is part of what covers the words
        const r = box(card), ring = card.matches(".hinted") ? 4 : card.matches(".playable") ? 3 : 0;
        const b = { left: r.left - ring, top: r.top - ring, right: r.right + ring, bottom: r.bottom + ring };
        if (lines.some((l) => intersect(l, b))) {
          fail("overlap", `the trick's caption "${cap.textContent.trim()}" runs under ${nameOf(card)}`, [cap, card]);
        }
      }
    }
  }

  // the words of an element, line by line (empty lines left out)
  function textLines(el) {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((l) => l.width >= 1 && l.height >= 1);
  }

  // nothing runs over a title (issue #46: raised dummy cards over « Jouez une carte du mort »)
  function checkTitles() {
    for (const title of document.querySelectorAll("#app .panel-title, #app h1, #app h2")) {
      if (!shown(title) || title.closest(".visually-hidden")) continue;
      const lines = textLines(title);
      if (!lines.length) continue;
      const scope = title.closest(".panel, .table, section") || document;
      for (const card of scope.querySelectorAll(".card:not(.back)")) {   // (a chip's card-back icon is no card in play)
        if (title.contains(card) || !shown(card) || (card.closest(".sheet-overlay, .overlay") && !title.closest(".sheet-overlay, .overlay"))) continue;
        // a playable or hinted card's ring (box-shadow, 3-4 px) is part of what covers the words
        const r = box(card), ring = card.matches(".hinted") ? 4 : card.matches(".playable") ? 3 : 0;
        const b = { left: r.left - ring, top: r.top - ring, right: r.right + ring, bottom: r.bottom + ring };
        if (lines.some((l) => intersect(l, b))) {
          fail("title", `${nameOf(card)} runs over the title "${title.textContent.trim().slice(0, 40)}"`, [title, card]);
          break;
        }
      }
    }
  }

  // what a placed lesson tip covers of the cards, the status line and the line of what just happened
  // (issue #46): their names
  const UNDER_TIP = ".table .card:not(.back), .table > .status, .table .seep-dock .status, .table .last-play .last-log";
  function tipCovers() {
    const tip = document.querySelector("#app .lesson-tip[data-placed]");
    if (!tip || !shown(tip)) return [];
    const t = box(tip), out = [];
    for (const el of document.querySelectorAll(UNDER_TIP.split(", ").map((s) => "#app " + s).join(", "))) {
      if (!shown(el) || tip.contains(el)) continue;
      let r = box(el);
      if (el.matches(".status, .last-log")) { // a line of words: what its words cover, not its box's empty width
        const words = document.createRange();
        words.selectNodeContents(el);
        r = words.getBoundingClientRect();
      }
      const v = visibleRect(el);
      const b = { left: Math.max(r.left, v.left), top: Math.max(r.top, v.top), right: Math.min(r.right, v.right), bottom: Math.min(r.bottom, v.bottom) };
      if (b.right - b.left >= 1 && b.bottom - b.top >= 1 && intersect(t, b)) out.push(nameOf(el));
    }
    return out;
  }

  function decision() {
    const t = document.querySelector("#app .table");
    if (!t || document.documentElement.dataset.screen !== "table" || document.querySelector("#app .sheet-overlay, #app .overlay")) return null;
    if (t.classList.contains("seep")) {
      if (!t.classList.contains("my-turn")) return null;
      return { kind: t.querySelector(".bid-panel") ? "bid" : "seep move", play: !t.querySelector(".bid-panel"),
               need: ".seep-dock .hand-cards .card, .seep-dock .panel button, .seep-dock .panel .panel-title" };
    }
    const acting = t.dataset.acting;
    if (t.querySelector(".reveal-panel")) {
      return { kind: "peeked", play: false, need: ".reveal-panel .card, .reveal-panel button, .reveal-panel .panel-title" };
    }
    if (acting === "hand" || acting === "dummy") {
      const phase = [...t.classList].find((c) => c.startsWith("phase-")).slice(6);
      const kind = acting === "dummy" ? "play from the dummy" : phase;
      return { kind, play: phase === "play",
               need: ".my-hand .hand-cards .card, .action-panel .card, .action-panel button, .action-panel .panel-title, .action-panel p" };
    }
    return null;
  }

  // The smallest screen on which a decision must fit whole: a 320×640 phone, less the browser's bars.
  const DECIDE_MIN = { width: 320, height: 600 };

  function checkDecide() {
    const shortUpright = innerWidth < innerHeight && innerHeight < DECIDE_MIN.height;   // (a phone on its side must fit)
    if (innerWidth < DECIDE_MIN.width || shortUpright) return;
    const d = decision();
    if (!d) return;
    const need = [...document.querySelectorAll(d.need)].filter((el) => !el.closest(".sheet-overlay"));
    if (d.play) need.push(...document.querySelectorAll("#app .table .trick, #app .table .floor-body .card, #app .table .floor-body .house"));
    const off = need.filter((el) => !inView(el));
    if (off.length) {
      fail("decide", `at a decision (${d.kind}) ${off.length} thing(s) are not wholly in view: ${off.slice(0, 4).map(nameOf).join("; ")}`, off);
    }
  }

  function nearControls(x, y) {
    const out = new Map();
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (!enabled(el)) continue;
      const b = box(el);
      if (distance(b, x, y) <= NEAR_PX) out.set(el, b);
    }
    return out;
  }

  function checkTap() {
    if (!tap || performance.now() - tap.t > TAP_MS()) return;
    for (const [el, b] of nearControls(tap.x, tap.y)) {
      const was = tap.near.get(el);
      if (was && Math.abs(was.left - b.left) < 2 && Math.abs(was.top - b.top) < 2) continue;
      // a modal's backdrop is no control in itself
      if (b.width >= innerWidth - 1 && b.height >= innerHeight - 1) continue;
      fail("tap", `${nameOf(el)} became tappable ${Math.round(distance(b, tap.x, tap.y))} px from the last tap `
        + `(${Math.round(tap.x)},${Math.round(tap.y)}) ${Math.round(performance.now() - tap.t)} ms after it`, [el]);
    }
  }

  function checkCut() {
    for (const el of document.querySelectorAll("#app *")) {
      if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
      if (el.clientWidth === 0 || el.closest(".visually-hidden") || !shown(el)) continue;
      const cs = getComputedStyle(el);
      const cutX = el.scrollWidth > el.clientWidth + 1 && (cs.overflowX === "hidden" || cs.overflowX === "clip");
      const cutY = el.scrollHeight > el.clientHeight + 1 && (cs.overflowY === "hidden" || cs.overflowY === "clip");
      if (!cutX && !cutY) continue;
      const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
        || (cs.textOverflow === "ellipsis" && el.textContent.trim());
      if (!text) continue;
      if (el.closest("[title]")) continue;
      fail("cut", `text cut in ${nameOf(el)} (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}) with no title`, [el]);
    }
  }

  function checkPrivacy() {
    const screen = document.documentElement.dataset.screen;
    if (screen !== "handoff" && screen !== "summary") return;
    const cards = document.querySelectorAll("#app [data-card]");
    if (cards.length) fail("privacy", `${cards.length} card(s) in the page at the ${screen}`, [...cards]);
  }

  function audit() {
    queued = false;
    // nothing is seen while a game's stylesheet loads (html[data-styling]: the table is hidden)
    if (!document.getElementById("app") || document.documentElement.hasAttribute("data-styling")) return;
    try {
      checkPrivacy();
      checkSize();
      checkOverlap();
      checkTitles();
      checkDecide();
      checkTap();
      checkCut();
    } catch (e) {
      fail("audit", `the audit itself failed: ${e && e.stack || e}`, []);
    }
  }

  addEventListener("pointerdown", (e) => {
    if (!e.isPrimary) return;
    tap = { x: e.clientX, y: e.clientY, t: performance.now(), near: nearControls(e.clientX, e.clientY) };
  }, true);

  window.__auditFailures = failures;
  window.__auditNow = audit;   // a test may run it on the screen as it is
  // for tests: the elements matching a selector that are not wholly in view; a frozen copy of the page
  window.__auditOutOfView = (sel) => [...document.querySelectorAll(sel)].filter((el) => !inView(el)).map(nameOf);
  window.__auditSnapshot = () => frozenPage([]);
  window.__auditTipCovers = tipCovers;
  window.__cardtableAudit = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(audit);
  };
})();
