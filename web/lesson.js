// The lesson's tip, placed by the page: ui/screens/lesson.py loads this (page.js's cardtableScript),
// then calls cardtableLesson (below) at each lesson's start.  Python draws the tip, #app .lesson-tip
// (data-lesson-point: the selector of what it points at; data-lesson-say: the step's key), and the
// ring, #app .lesson-ring.  After every redraw of #app, resize, scroll or end of a slide, this puts the
// tip next to its target, never over it, inside the viewport, over as little as it can of what it
// keeps clear (lesson.py's KEEP_CLEAR); the ring around the target; and when the step changes, it says
// the step in the live region (morph.js's cardtableAnnounce) and moves the focus to the thing to do.
// `spot` is tested in Node by tests/test_lessons.py.

const MARGIN = 8, GAP = 10;   // (the tip's distance to the viewport's edges, to its target)
const { min, max } = Math, doc = document;
// the tip's widths tried, widest first (a narrower one fits beside more, a wider one over the top of a short screen)
const WIDTHS = [720, 560, 440, 340, 300, 260, 230];
const overlap = (a, b) => {
  const w = min(a[2], b[2]) - max(a[0], b[0]), h = min(a[3], b[3]) - max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
};
const apart = (a, b) => {
  const dx = max(a[0] - b[2], b[0] - a[2], 0), dy = max(a[1] - b[3], b[1] - a[3], 0);
  return Math.sqrt(dx * dx + dy * dy);
};
const up = (a) => [...a].sort((x, y) => x - y);

// Where a w×h tip goes in a vw×vh viewport: never over `target` (left, top, right, bottom) nor its ring,
// over as little as it can of `keep` ([rect, weight] pairs), away from the point of a tap just made
// (`tap`: a button of the tip must not come up under a finger), as near the target as that allows.
// [cost (over 1e9 when the tip cannot avoid its target), [left, top]]; the first of equal places.
export function spot(vw, vh, w, h, target, keep, tap) {
  const [l, t, r, b] = target, ring = [l - 6, t - 6, r + 6, b + 6];
  const hx = max(MARGIN, vw - w - MARGIN), hy = max(MARGIN, vh - h - MARGIN);
  const clamp = (v, hi) => min(max(MARGIN, v), hi);
  const ys = [clamp(b + GAP, hy), clamp(t - GAP - h, hy), clamp((t + b) / 2 - h / 2, hy)];
  for (let y = MARGIN; y <= hy; y += 8) ys.push(y);
  let best = Infinity, at;
  for (const x of up([clamp((l + r) / 2 - w / 2, hx), MARGIN, hx, clamp(r + GAP, hx), clamp(l - GAP - w, hx)])) {
    for (const y of up(ys)) {
      const box = [x, y, x + w, y + h];
      let cost = 1e9 * overlap(box, ring) + 4 * apart(box, target);
      for (const [rect, weight] of keep) cost += weight * overlap(box, rect);
      if (tap && apart(box, [...tap, ...tap]) < 50) cost += 1e7;
      if (cost < best) { best = cost; at = [x, y]; }
    }
  }
  return [best, at];
}

const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const px = (n) => n.toFixed(1) + "px";
// a style property set only when it changes: the observer watches `style`
const set = (el, prop, value) => el.style.getPropertyValue(prop) != value && el.style.setProperty(prop, value);
let keepClear, said, saidSel, spoken, tapped, tappedAt, placed, kept;

// what the tip should not cover: [rect, weight] pairs (a line of words: what its words cover)
function boxes(app, tip) {
  const out = [];
  for (const [sel, weight] of keepClear) {
    for (const el of app.querySelectorAll(sel)) {
      if (tip.contains(el)) continue;
      let box = el;
      if (el.matches(".status, .last-log")) { box = doc.createRange(); box.selectNodeContents(el); }
      const r = rect(box);
      if (r[2] > r[0] && r[3] > r[1]) out.push([r, weight]);
    }
  }
  return out;
}

function place() {
  const app = doc.getElementById("app"), tip = app.querySelector(".lesson-tip"), ring = app.querySelector(".lesson-ring");
  if (!tip || !ring) { said = null; return; }
  const sel = tip.dataset.lessonPoint || "", say = tip.dataset.lessonSay || "", el = sel && app.querySelector(sel);
  const vw = innerWidth, vh = innerHeight, fresh = say != said || sel != saidSel;
  let left, top, width;
  if (el && fresh) {
    const [l, t, r, b] = rect(el);
    if (l < 0 || t < 0 || r > vw || b > vh) el.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  if (!el) {
    width = min(340, vw - 2 * MARGIN);
    left = (vw - width) / 2;
    top = MARGIN + 48;
    set(ring, "display", "none");
  } else {
    const target = rect(el), [l, t, r, b] = target;
    set(ring, "display", "block");
    set(ring, "left", px(l - 3));
    set(ring, "top", px(t - 3));
    set(ring, "width", px(r - l + 6));
    set(ring, "height", px(b - t + 6));
    const tap = performance.now() - tappedAt < 1000 && tapped;   // (a tip's button keeps away from a tap this long)
    const keep = boxes(app, tip);
    // placed again when anything it keeps clear moved (a hand closing up after a card left; a tap only
    // counts when the tip moves)
    const key = JSON.stringify([sel, say, target, vw, vh, tip.textContent, keep]);
    if (key != placed) {
      placed = key;
      kept = [Infinity];
      for (const w of new Set(WIDTHS.map((x) => min(x, vw - 2 * MARGIN)))) {
        set(tip, "width", w + "px");
        const [cost, at] = spot(vw, vh, w, tip.getBoundingClientRect().height, target, keep, tap);
        if (cost < kept[0]) kept = [cost, at, w];
      }
    }
    [, [left, top], width] = kept;
  }
  set(tip, "width", width + "px");
  set(tip, "left", px(left));
  set(tip, "top", px(top));
  tip.dataset.placed ??= "";
  if (fresh) {
    said = say;
    saidSel = sel;
    const text = tip.querySelector(".lesson-text");
    if (self.cardtableAnnounce && text && say != spoken) {
      spoken = say;
      cardtableAnnounce(text.textContent);
    }
  }
  // the focus goes to the thing to do when the step changes, and back to it when a redraw dropped it
  // (the focused control was removed: the focus fell back to the page) while the step waits
  const active = doc.activeElement;
  if (fresh || !active || active.matches("body,html") || !active.isConnected) {
    const focus = el && el.tagName == "BUTTON" ? el : tip.querySelector("button");
    if (focus && !focus.hasAttribute("disabled")) focus.focus();
  }
}

let queued = false;
const frame = () => {
  queued = false;
  try { place(); } catch (err) { console.error("cardtable: lesson tip:", err); }   // a tip out of place must never break the table
};
const schedule = () => queued || (queued = requestAnimationFrame(frame));

// Python's call, at each lesson's start once this has loaded: what the tip should keep clear,
// [selector, weight] pairs; the first call starts the watching
globalThis.cardtableLesson = (keep) => {
  if (!keepClear) {
    new MutationObserver(schedule).observe(doc.getElementById("app"), {
      childList: true, subtree: true, attributes: true,
      attributeFilter: ["class", "style", "data-placed", "data-lesson-point", "data-lesson-say", "aria-pressed", "hidden"],
    });
    addEventListener("pointerdown", (e) => { tapped = [e.clientX, e.clientY]; tappedAt = performance.now(); }, true);
    addEventListener("resize", schedule);
    // a card or house that slides into place moves without a change to the page: placed again then
    for (const type of ["transitionend", "animationend", "scroll"]) addEventListener(type, schedule, true);
  }
  keepClear = keep;
  schedule();
};
