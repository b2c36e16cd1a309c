// The xz decoder of a first visit's packed files (xz-decompress, runtime/xz-decompress/), run off the
// page's main thread: web/snapshot-early.js hands it each packed download as it streams in (a
// transferred ReadableStream) with the writable end of a stream the page reads, and this worker
// pipes the decoded bytes there.  (Decoding 3.4 MB of xz into 13 MB was the page's work on a
// first visit, in tasks of its own between the page's; an error reaches the page's stream.)
"use strict";
importScripts("../runtime/xz-decompress/xz-decompress.js");
const { XzReadableStream } = self["xz-decompress"];
onmessage = ({ data: { input, output } }) => {
  new XzReadableStream(input).pipeTo(output).catch(() => {});
};
postMessage("ready");
