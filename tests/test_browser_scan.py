"""The app's own QR code scanner in real Chromium (issue #28), fed by Chromium's fake camera: the
camera's file is a Y4M video written here from a real join code's QR code (drawn by the app's
own lean-qr), rewritten between scans.

The host starts a two-player Seep game with the second seat on another device; a refused camera
is said, with Scan again, and Cancel closes the view (axe-core finds nothing serious in the view,
there and while the camera looks).  On the guest's
*Join a table*, Scan opens the camera's view; with no code in front of it, the view says so;
Escape closes it and stops the camera.  Then the host's join link is put in front of the camera:
Scan reads it and the guest joins with it (its answer shown).  The guest's answer is put in front
of the camera: the host's Scan reads it into the seat's answer field, and the two devices connect.
After each read the camera is off (every track the page was given has ended), and the guest's
table draws no Export (the game is on the host)."""

from __future__ import annotations

import os

import pytest

from conftest import CHROMIUM, CHROMIUM_ARGS, WEBRTC_ARGS, screen_shot
from test_browser_a11y import Axe
from test_browser_remote import WAIT_MS, device

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 640, 480   # the fake camera's frames
WHITE, BLACK = 235, 16     # luma of paper and ink (video range)

# the streams the page is given, kept to check that the camera is off
KEEP_STREAMS = """(() => {
  window.__streams = [];
  const gum = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (c) => { const s = await gum(c); window.__streams.push(s); return s; };
})()"""
LOADED = "performance.getEntriesByType('resource').map(e => e.name).filter(n => /scan\\.js|jsQR/.test(n))"
CAMERA_OFF = "() => window.__streams.length > 0 && window.__streams.every(s => s.getTracks().every(t => t.readyState === 'ended'))"


def write_y4m(path, rows: list[str] = ()) -> None:
    """A two-frame Y4M video (4:2:0) of white paper, with the QR code ``rows`` ("1" a dark module)
    drawn in its middle with its quiet zone; written beside and moved in place at once."""
    luma = bytearray([WHITE]) * (WIDTH * HEIGHT)
    if rows:
        size = len(rows)
        scale = int(HEIGHT * 0.9) // (size + 8)
        left, top = (WIDTH - size * scale) // 2, (HEIGHT - size * scale) // 2
        for y, row in enumerate(rows):
            line = b"".join(bytes([BLACK if bit == "1" else WHITE]) * scale for bit in row)
            for dy in range(scale):
                start = (top + y * scale + dy) * WIDTH + left
                luma[start:start + len(line)] = line
    chroma = bytes([128]) * (WIDTH * HEIGHT // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as f:
        f.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode() + frame * 2)
    os.replace(tmp, path)


def qr_rows(page, text: str) -> list[str]:
    """The QR code the app draws for ``text`` (web/qr.js), as rows of "0"/"1"."""
    return page.evaluate("""async (text) => {
        const { qrCode } = await import(new URL("web/qr.js", document.baseURI).href);
        const code = qrCode(text), rows = [];
        for (let y = 0; y < code.size; y++) {
            let row = "";
            for (let x = 0; x < code.size; x++) row += code.get(x, y) ? "1" : "0";
            rows.push(row);
        }
        return rows;
    }""", text)


@pytest.fixture(scope="module")
def camera(tmp_path_factory):
    path = tmp_path_factory.mktemp("camera") / "camera.y4m"
    write_y4m(path)
    return path


@pytest.fixture(scope="module")
def camera_browser(playwright, camera):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + WEBRTC_ARGS + [
        "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={camera}"])
    yield browser
    browser.close()


# Twice in about 25 runs (the fresh-clone run of 2026-11-26 06:30 among them) a wait of this test
# timed out -- in that run, the host, having read the guest's answer, was not connected within WAIT_MS;
# it could not be made to happen again in 20 runs, alone or beside other browser tests.  That wait now
# says what both pages showed when it fails, and a timeout is tried again (the cause is still to
# be found); any other failure fails at once.  It is the one test of the suite run again.
@pytest.mark.flaky(reruns=3, only_rerun=["not connected", "TimeoutError"])
def test_scanning_the_join_code_and_the_answer_with_the_camera(camera_browser, site, camera):
    host = device(camera_browser, site)
    host.click('[data-act="new:seep"]')
    host.select_option("#ng-seats", "2")
    host.select_option("#ng-kind-1", "remote")
    host.click('[data-act="start"]')
    host.wait_for_selector('.remote-seat[data-seat="p1"] .remote-status[data-status="shown"]', timeout=WAIT_MS)
    link = host.input_value("#remote-link-p1")

    # the camera refused (as a person would refuse it): said, with Scan again; Cancel closes the view
    host.evaluate("() => { window.__gum = navigator.mediaDevices.getUserMedia; navigator.mediaDevices.getUserMedia = "
                  "() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')); }")
    host.click('[data-act="remote-scan:p1"]')
    host.wait_for_selector('.scan [role="alert"][data-scan="refused"]', timeout=WAIT_MS)
    assert host.locator("#scan-video").count() == 0 and host.locator('.scan [data-act="remote-scan:p1"]').count() == 1
    axe = Axe(host)
    axe("the scanner: camera refused")
    host.click('.scan [data-act="remote-scan-stop"]')
    host.wait_for_selector(".scan", state="detached")
    host.evaluate("() => { navigator.mediaDevices.getUserMedia = window.__gum; }")

    guest = device(camera_browser, site, "#join")
    for page in (host, guest):
        page.add_init_script(KEEP_STREAMS)
        page.evaluate(KEEP_STREAMS)
    assert guest.evaluate(LOADED) == []   # the scanner's code is loaded only when Scan is pressed

    # nothing in front of the camera: the view says it found no code yet; Escape closes it
    guest.click('[data-act="remote-scan:join"]')
    guest.wait_for_selector('.scan [data-scan="looking"]', timeout=WAIT_MS)
    assert guest.evaluate("document.activeElement.dataset.act") == "remote-scan-stop"
    assert guest.locator('[role="dialog"][aria-modal="true"] video#scan-video').count() == 1
    axe.page = guest
    axe("the scanner: looking")
    assert axe.problems == []
    for width, height in ((360, 740), (740, 360), (1280, 800)):
        guest.set_viewport_size({"width": width, "height": height})
        screen_shot(guest, f"scan-guest-{width}x{height}")
    assert len(guest.evaluate(LOADED)) == 2   # web/scan.js, and jsQR: this Chromium has no BarcodeDetector
    guest.wait_for_selector('.scan [data-scan="nothing"]', timeout=WAIT_MS)
    guest.keyboard.press("Escape")
    guest.wait_for_selector(".scan", state="detached")
    guest.wait_for_function(CAMERA_OFF)

    # the host's join link in front of the camera: read, and joined with
    write_y4m(camera, qr_rows(host, link))
    guest.click('[data-act="remote-scan:join"]')
    guest.wait_for_selector('.remote-status[data-status="answered"]', timeout=WAIT_MS)
    assert guest.locator(".scan").count() == 0
    guest.wait_for_function(CAMERA_OFF)
    answer = guest.input_value("#join-answer")

    # the guest's answer in front of the host's camera: read into the seat's answer, connected
    write_y4m(camera, qr_rows(guest, answer))
    host.locator('[data-act="remote-scan:p1"]').scroll_into_view_if_needed()
    screen_shot(host, "scan-host-answer-360x740")
    host.click('[data-act="remote-scan:p1"]')
    try:
        host.wait_for_selector('.remote-seat[data-seat="p1"] .remote-status[data-status="connected"]', timeout=WAIT_MS)
    except Exception as err:   # what each side showed, to tell why
        raise AssertionError(f"not connected: host {host.inner_text('#app')[:900]!r}; guest "
                             f"{guest.inner_text('#app')[:400]!r}; errors {host.errors + guest.errors}") from err
    host.wait_for_function(CAMERA_OFF)
    assert host.locator(".scan").count() == 0
    guest.wait_for_selector(".seep.table", timeout=WAIT_MS)
    assert guest.locator('[data-act="export"]').count() == 0   # a guest's table: the game is on the host
    assert host.errors == [] and guest.errors == []
