// The app's own QR code scanner (Scan on the guest's Join a table and beside the host's answer
// field; web/remote.js imports this module only when Scan is pressed).  The camera is asked for
// then, the back one preferred, and shown in the page's <video id=...>; its frames are read by the
// browser's BarcodeDetector where it reads QR codes, else by jsQR (npm, copied by the build into
// runtime/jsqr/ and imported only then).  The camera stops as soon as a code is read, when the
// returned stop() is called, or when the video is no longer in the page (the view was closed).
//
// What happens is told by name: state("looking" | "nothing" | "refused" | "none" | "busy" |
// "failed") and found(text); the words are Python's (ui/screens/remote_html.py).

// one frame read every EVERY_MS; NOTHING_AFTER frames with no code before saying "no code found yet"
// (about 5 s); frames read at most MAX_SIDE pixels wide or high (jsQR's time grows with the pixels)
const EVERY_MS = 150;
const NOTHING_AFTER = 30;
const MAX_SIDE = 800;
const CAMERA_ERRORS = {
  NotAllowedError: "refused", SecurityError: "refused", NotFoundError: "none", OverconstrainedError: "none",
  NotReadableError: "busy", AbortError: "busy",
};

/** A function reading the QR code in a video's current frame (its text, or null). */
async function reader() {
  if (typeof BarcodeDetector !== "undefined") {
    try {
      if ((await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
        const detector = new BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => {
          const codes = await detector.detect(video);
          return codes.length ? codes[0].rawValue : null;
        };
      }
    } catch (err) {
      // no QR codes here: jsQR reads them
    }
  }
  // a UMD script: as a module, it sets self.jsQR
  await import("../runtime/jsqr/jsQR.js");
  const jsQR = self.jsQR;
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth, h = video.videoHeight;
    if (!w || !h) return null;
    const k = Math.min(1, MAX_SIDE / Math.max(w, h));
    canvas.width = Math.round(w * k);
    canvas.height = Math.round(h * k);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
    return code && code.data ? code.data : null;
  };
}

/** Scans with the camera into the <video> of id ``videoId``; returns stop(). */
export function scan(videoId, { state, found }) {
  let stream = null, stopped = false, timer = 0;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    if (stream) for (const track of stream.getTracks()) track.stop();
    stream = null;
    const video = document.getElementById(videoId);
    if (video) video.srcObject = null;
  };
  // the video shown now (a redraw may have replaced the element): null when the view is closed
  const shown = () => {
    const video = document.getElementById(videoId);
    if (video && stream && video.srcObject !== stream) {
      video.srcObject = stream;
      video.play().catch(() => {});
    }
    return video;
  };
  const start = async () => {
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return state("none");
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: { facingMode: { ideal: "environment" } } });
    } catch (err) {
      if (!stopped) state(CAMERA_ERRORS[err && err.name] || "failed");
      return;
    }
    if (stopped || !shown()) return stop();
    const read = await reader();
    if (stopped) return;
    state("looking");
    let tries = 0;
    const step = async () => {
      const video = stopped ? null : shown();
      if (!video) return stop();
      let text = null;
      try {
        text = await read(video);
      } catch (err) {
        console.error(err);
      }
      if (stopped) return;
      if (text) {
        stop();
        found(String(text));
        return;
      }
      if (++tries === NOTHING_AFTER) state("nothing");
      timer = setTimeout(step, EVERY_MS);
    };
    step();
  };
  start().catch((err) => {
    stop();
    console.error(err);
    state("failed");
  });
  return stop;
}
