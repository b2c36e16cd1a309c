// Offline app support: registers the service worker (dist/sw.js, written by tools/build_sw.py)
// and offers an "Update — reload" banner when a new version is ready.
//
// * The page is NEVER reloaded without the player asking: a new version waits until the banner's
//   button is pressed (it tells the waiting worker to take over, then reloads once it has).
// * The worker is registered only once Python has started (html[data-ready]) or failed to
//   (html[data-boot-failed]), so its download of the whole app does not compete with the boot.
// * No inline styles: the banner's look is in web/pwa.css (the page's CSP has style-src 'self').

import { _, packUrl } from "./i18n.js";

const root = document.documentElement;
const container = navigator.serviceWorker;

function whenBootSettled() {
  const settled = () => root.hasAttribute("data-ready") || root.hasAttribute("data-boot-failed");
  return new Promise((resolve) => {
    if (settled()) return resolve();
    new MutationObserver((_records, observer) => {
      if (settled()) {
        observer.disconnect();
        resolve();
      }
    }).observe(root, { attributes: true, attributeFilter: ["data-ready", "data-boot-failed"] });
  });
}

let banner = null;
let reloadRequested = false;

function showUpdateBanner(registration) {
  if (!banner) {
    banner = document.createElement("div");
    banner.className = "pwa-update";
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "polite");
    const text = document.createElement("p");
    text.className = "pwa-update-text";
    text.textContent = _("A new version of Card Table is ready. Your saved games are kept.");
    const update = document.createElement("button");
    update.type = "button";
    update.className = "btn pwa-update-reload";
    update.textContent = _("Update — reload");
    update.addEventListener("click", () => {
      reloadRequested = true;
      update.disabled = true;
      const waiting = registration && registration.waiting;
      if (waiting) {
        // The worker takes over; "controllerchange" below then reloads this page.
        waiting.postMessage({ type: "SKIP_WAITING" });
      } else {
        // Another tab already switched to the new version: only this page is left to reload.
        location.reload();
      }
    });
    const later = document.createElement("button");
    later.type = "button";
    later.className = "pwa-update-later";
    later.textContent = _("Later");
    later.addEventListener("click", () => {
      banner.hidden = true;
    });
    banner.append(text, update, later);
    document.body.append(banner);
  }
  banner.hidden = false;
  root.setAttribute("data-update-ready", "");
}

function watchForUpdates(registration) {
  // A version that finished installing while an older one controls this page waits for the
  // player.  With no controller this is the first install: it takes over silently.
  if (registration.waiting && container.controller) showUpdateBanner(registration);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed" && container.controller) showUpdateBanner(registration);
    });
  });
  // An app left open for days (an installed app often is) still hears about new versions.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

// The start-up snapshot is not part of the worker's install (tools/build_sw.py): once this page is
// up and controlled, it asks its worker to fetch it, unless it started from it, or found one that
// failed (web/pyodide-snapshot.js deleted that copy: the next start tries the other, or asks).
// The worker answers SNAPSHOT_READY when it is cached: <html data-snapshot-cached>.
function askForSnapshot() {
  // and the language pack of the language spoken (fetched before the worker was there): fetched
  // again through the worker, which keeps it (a hit when it has it already)
  const spoken = root.lang;
  if (container.controller && spoken && spoken !== "en") fetch(packUrl(spoken)).catch(() => {});
  if (root.dataset.snapshot === "used") {
    root.setAttribute("data-snapshot-cached", "");
  } else if (container.controller && root.dataset.snapshot !== "failed") {
    container.controller.postMessage({ type: "SNAPSHOT" });
  }
}

async function register() {
  let controlled = Boolean(container.controller);
  container.addEventListener("message", (event) => {
    if (event.data && event.data.type === "SNAPSHOT_READY") root.setAttribute("data-snapshot-cached", "");
  });
  container.startMessages();
  container.addEventListener("controllerchange", () => {
    if (reloadRequested) {
      location.reload();
      return;
    } else if (controlled) {
      // Another tab pressed "Update": this page still runs the old version until reloaded.
      showUpdateBanner(null);
    }
    controlled = true; // the first install claiming this page is not an update
    askForSnapshot();
  });
  await whenBootSettled();
  if (controlled) askForSnapshot();
  const registration = await container.register(new URL("../sw.js", import.meta.url), {
    updateViaCache: "none",
  });
  watchForUpdates(registration);
}

if (container) {
  register().catch((err) => console.warn("Card Table: offline support unavailable:", err));
}
