"""Draw the app's PNG icons into web/icons/ (no Pillow: pure Python + zlib), each in the smallest
form the encoder finds (``encodings``: indexed colour, filters, zlib strategies; lossless).

    python3 tools/make_icons.py        # rewrites web/icons/*.png; the PNGs are committed

The design follows web/icons/icon.svg: two cards fanned on green felt (#0d4a2e), the back card
gold (#f2c14e), the front card white with a spade.  Shapes are tested per sample and 4x4
supersampled for smooth edges.  Output is deterministic (same script, same bytes).

icon-192.png, icon-512.png   "any" purpose: rounded square, transparent corners
icon-maskable-512.png        "maskable": full-bleed felt, the cards inside the central 80% safe zone
apple-touch-icon.png         180x180, full-bleed (iOS rounds the corners itself)
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "web" / "icons"

FELT = (0x0D, 0x4A, 0x2E)
FELT_EDGE = (0x0D, 0x5C, 0x36)
GOLD = (0xF2, 0xC1, 0x4E)
PAPER = (0xFF, 0xFD, 0xF6)
INK = (0x1B, 0x1B, 0x1B)
SS = 4  # supersampling factor per axis


# --- shapes in a unit square [0,1]², y pointing down --------------------------------------------

def rounded_rect(px, py, cx, cy, w, h, r, angle_deg):
    """Inside test for a rectangle centred on (cx, cy), rotated by angle_deg, corner radius r."""
    a = math.radians(angle_deg)
    dx, dy = px - cx, py - cy
    x = dx * math.cos(a) + dy * math.sin(a)
    y = -dx * math.sin(a) + dy * math.cos(a)
    qx, qy = abs(x) - (w / 2 - r), abs(y) - (h / 2 - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r <= 0.0


def local(px, py, cx, cy, angle_deg):
    a = math.radians(angle_deg)
    dx, dy = px - cx, py - cy
    return dx * math.cos(a) + dy * math.sin(a), -dx * math.sin(a) + dy * math.cos(a)


def spade(x, y, s):
    """A spade of height ~2s centred on the origin (local, unrotated coordinates)."""
    # Two lobes and an upward point make the upside-down heart; a flared stem below.
    lobe_r = 0.52 * s
    if math.hypot(x + 0.46 * s, y - 0.22 * s) <= lobe_r or math.hypot(x - 0.46 * s, y - 0.22 * s) <= lobe_r:
        return True
    # the upper point: a triangle from the lobes' outer tangents up to the tip
    top, base_y = -1.0 * s, 0.28 * s
    if top <= y <= base_y:
        half = (y - top) / (base_y - top) * 0.95 * s
        if abs(x) <= half:
            return True
    # stem: a narrow trapezoid flaring out to the bottom
    if 0.2 * s <= y <= 1.0 * s:
        t = (y - 0.2 * s) / (0.8 * s)
        if abs(x) <= 0.1 * s + t * 0.32 * s:
            return True
    return False


def paint(u, v, maskable):
    """The colour (r, g, b, a) of the icon at unit coordinates (u, v)."""
    # Background: felt with a faint lighter edge ring (a table rim); "any" icons get rounded corners.
    if not maskable and not rounded_rect(u, v, 0.5, 0.5, 1.0, 1.0, 0.1875, 0):
        return (0, 0, 0, 0)
    # Scale the artwork into the maskable safe zone (a circle of radius 0.4 around the centre).
    k = 0.78 if maskable else 1.0
    x, y = 0.5 + (u - 0.5) / k, 0.5 + (v - 0.5) / k
    rim = not maskable and not rounded_rect(u, v, 0.5, 0.5, 0.94, 0.94, 0.16, 0)
    colour = FELT_EDGE if rim else FELT
    # Back card: gold, tilted left.
    if rounded_rect(x, y, 0.44, 0.49, 0.47, 0.66, 0.07, -10):
        colour = GOLD
    # Front card: a felt-coloured border, then paper, tilted right.
    if rounded_rect(x, y, 0.58, 0.52, 0.49, 0.68, 0.075, 8):
        colour = FELT
        if rounded_rect(x, y, 0.58, 0.52, 0.45, 0.64, 0.06, 8):
            colour = PAPER
            lx, ly = local(x, y, 0.58, 0.54, 8)
            if spade(lx, ly, 0.135):
                colour = INK
    return (*colour, 255)


def render(size: int, maskable: bool) -> bytes:
    rows = []
    n = SS * SS
    for j in range(size):
        row = bytearray([0])  # PNG filter type 0 for this scanline
        for i in range(size):
            r = g = b = a = 0
            for sj in range(SS):
                v = (j + (sj + 0.5) / SS) / size
                for si in range(SS):
                    u = (i + (si + 0.5) / SS) / size
                    cr, cg, cb, ca = paint(u, v, maskable)
                    r += cr * ca
                    g += cg * ca
                    b += cb * ca
                    a += ca
            if a:
                row += bytes((round(r / a), round(g / a), round(b / a), round(a / n)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return b"".join(rows)


def _filtered(rows: list[bytes], bpp: int, kind: int) -> bytes:
    """Scanlines with PNG filter ``kind`` (0-4) applied to each, or (``kind`` None) each with the
    filter whose bytes sum least as signed values (libpng's heuristic), filter byte first."""
    out = bytearray()
    prev = bytes(len(rows[0]))
    for row in rows:
        left = bytes(bpp) + row[:-bpp]
        upleft = bytes(bpp) + prev[:-bpp]
        tries = {}
        for k in ((kind,) if kind is not None else range(5)):
            if k == 0:
                line = row
            elif k == 1:
                line = bytes((x - a) & 255 for x, a in zip(row, left))
            elif k == 2:
                line = bytes((x - b) & 255 for x, b in zip(row, prev))
            elif k == 3:
                line = bytes((x - (a + b) // 2) & 255 for x, a, b in zip(row, left, prev))
            else:
                line = bytes((x - _paeth(a, b, c)) & 255 for x, a, b, c in zip(row, left, prev, upleft))
            tries[k] = line
        k = kind if kind is not None else min(tries, key=lambda k: (sum(min(v, 256 - v) for v in tries[k]), k))
        out += bytes([k]) + tries[k]
        prev = row
    return bytes(out)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def _deflate(data: bytes, strategy: int) -> bytes:
    z = zlib.compressobj(9, zlib.DEFLATED, 15, 9, strategy)
    return z.compress(data) + z.flush()


def png(size: int, rgba_rows: bytes) -> bytes:
    """The smallest of ``encodings`` (the first of them when two tie: deterministic), then through
    ZopfliPNG (the ``zopfli`` package's, lossless: its own filters, deflated by Zopfli) when that is
    smaller: the committed icons 15,075 -> 13,279 bytes, the same pixels."""
    import zopfli.png

    best = min(encodings(size, rgba_rows), key=len)
    squeezed = zopfli.png.optimize(best)
    return squeezed if len(squeezed) < len(best) else best


def encodings(size: int, rgba_rows: bytes) -> list[bytes]:
    """PNGs of the pixels (``rgba_rows``: each row a 0 byte and its RGBA bytes), none changing one:
    indexed colour when they have at most 256 colours (the icons have under 100; the palette by
    frequency, those with transparency first, for tRNS), RGB when all are opaque, and RGBA; each with
    each scanline filter (one for all rows, or the best per row) and two zlib strategies, at zlib's
    strongest.  (The committed icons went from 23,282 to 15,075 bytes, the same pixels.)"""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    stride = 1 + 4 * size
    rows = [rgba_rows[j * stride + 1:(j + 1) * stride] for j in range(size)]
    pixels = [bytes(row[i:i + 4]) for row in rows for i in range(0, len(row), 4)]
    counts: dict[bytes, int] = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    candidates = []  # (colour type, bit depth, scanlines, bytes per pixel, extra chunks)
    if len(counts) <= 256:
        palette = sorted(counts, key=lambda p: (p[3] == 255, -counts[p], p))
        index = {p: i for i, p in enumerate(palette)}
        depth = next(d for d in (1, 2, 4, 8) if len(palette) <= 1 << d)
        per_byte = 8 // depth
        lines = []
        for row in range(size):
            ids = [index[p] for p in pixels[row * size:(row + 1) * size]]
            ids += [0] * (-len(ids) % per_byte)
            lines.append(bytes(sum(v << (8 - depth * (k + 1)) for k, v in enumerate(ids[i:i + per_byte]))
                               for i in range(0, len(ids), per_byte)))
        alphas = bytes(p[3] for p in palette if p[3] != 255)
        extra = chunk(b"PLTE", b"".join(p[:3] for p in palette)) + (chunk(b"tRNS", alphas) if alphas else b"")
        candidates.append((3, depth, lines, 1, extra))
    if all(p[3] == 255 for p in counts):
        candidates.append((2, 8, [bytes(b for i, b in enumerate(row) if i % 4 != 3) for row in rows], 3, b""))
    candidates.append((6, 8, rows, 4, b""))
    out = []
    for colour, depth, lines, bpp, extra in candidates:
        for kind in (0, 1, 2, 3, 4, None):
            scan = _filtered(lines, bpp, kind)
            for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED):
                ihdr = struct.pack(">IIBBBBB", size, size, depth, colour, 0, 0, 0)  # no interlace
                out.append(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
                           + chunk(b"IDAT", _deflate(scan, strategy)) + chunk(b"IEND", b""))
    return out


ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
}


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        data = png(size, render(size, maskable))
        (OUT / name).write_bytes(data)
        print(f"{name}: {size}x{size}, {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
