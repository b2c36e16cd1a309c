// What the screens ask of the page, called by name from Python (ui/shell/page.py: call and ask)
// with plain values, so that the same calls can come from a worker as messages (issue #49).
// Each returns a plain value or a promise of one.

// a stylesheet, added once; the promise settles when it has loaded (or failed to)
window.cardtableStyle = (href) => {
  let link = document.querySelector(`link[href="${CSS.escape(href)}"]`);
  if (link) return link.dataset.loaded ? Promise.resolve(true) : new Promise((ok) => link.addEventListener("load", () => ok(true)));
  link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const done = new Promise((ok) => { link.onload = () => { link.dataset.loaded = "1"; ok(true); }; link.onerror = () => ok(false); });
  document.head.appendChild(link);
  return done;
};

// a module script, added once; the promise gives true once it has run, false if it did not load
const scripts = {};
window.cardtableScript = (src) => scripts[src] || (scripts[src] = new Promise((ok) => {
  const script = document.createElement("script");
  script.type = "module";
  script.src = src;
  script.onload = () => ok(true);
  script.onerror = () => { delete scripts[src]; ok(false); };
  document.head.appendChild(script);
}));

// a text offered as a file to download
window.cardtableDownload = (text, name, type) => {
  const url = URL.createObjectURL(new Blob([text], { type: type || "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

// whether the device has its own sharing (Web Share)
window.cardtableCanShare = () => !!navigator.share;

// a text sent: by the device's own sharing when asked and there is one ("shared", or "" when the
// person cancelled), else copied ("copied"), else the field #fieldId selected for copying by hand
// ("select")
window.cardtableSend = async (fieldId, text, data) => {
  if (data && navigator.share) {
    try { await navigator.share(data); return "shared"; } catch (e) { return ""; }
  }
  try {
    await navigator.clipboard.writeText(text);
    return "copied";
  } catch (e) {
    const field = document.getElementById(fieldId);
    if (field) field.select();
    return "select";
  }
};

// how much the browser lets the app keep, and whether it is kept for good ({used, quota, persisted},
// null when the browser does not say); persist: ask for it to be kept for good
window.cardtableRoom = async (persist) => {
  const s = navigator.storage;
  if (!s || !s.estimate) return null;
  const persisted = await s.persisted();
  if (persist) { if (!persisted) s.persist(); return null; }
  const { usage, quota } = await s.estimate();
  return { used: usage, quota, persisted };
};

// a cue's notes played ([frequency in Hz, start in s, length in s]: a sine tone with a quick fade),
// counted for the tests (cardtableSounds); without Web Audio, or refused, nothing
let audio = null;
window.cardtableSound = (notes, volume) => {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    for (const [freq, start, length] of notes) {
      const osc = audio.createOscillator(), gain = audio.createGain(), t0 = now + start;
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(volume, t0 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(t0);
      osc.stop(t0 + length + 0.02);
    }
    window.cardtableSounds = (window.cardtableSounds || 0) + 1;
  } catch (e) { /* no audio device, or a browser that refuses: quiet */ }
};
