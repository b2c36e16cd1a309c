// What the screens ask of the page, called by name from Python (ui/shell/page.py: call and ask)
// with plain values, so that the same calls can come from a worker as messages (issue #49).
// Each returns a plain value or a promise of one.

// a stylesheet or a module script, added once; the promise gives true once it has loaded (false if
// it could not be: a script is tried again when asked again)
const added = {};
function add(tag, url, attrs) {
  return added[url] || (added[url] = new Promise((ok) => {
    const el = Object.assign(document.createElement(tag), attrs);
    el.onload = () => ok(true);
    el.onerror = () => { if (tag === "script") delete added[url]; ok(false); };
    document.head.appendChild(el);
  }));
}
window.cardtableStyle = (href) => add("link", href, { rel: "stylesheet", href });
window.cardtableScript = (src) => add("script", src, { type: "module", src });

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
