"""The app's PNG icons (tools/make_icons.py): its encoder is lossless, and the committed icons are
its smallest form (indexed colour).  Decoded here with zlib and PNG's scanline filters only."""

from __future__ import annotations

import struct
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import make_icons  # noqa: E402


def decode(data: bytes) -> tuple[int, int, int, list[tuple[int, int, int, int]]]:
    """(width, height, colour type, RGBA pixels) of an 8-bit-or-less, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat, plte, trns = 8, b"", b"", b""
    while at < len(data):
        (n,) = struct.unpack(">I", data[at:at + 4])
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + n]
        assert struct.unpack(">I", data[at + 8 + n:at + 12 + n])[0] == zlib.crc32(kind + body)
        at += 12 + n
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        idat += body if kind == b"IDAT" else b""
        plte, trns = (body if kind == b"PLTE" else plte), (body if kind == b"tRNS" else trns)
    assert interlace == 0 and (depth == 8 or colour == 3)
    channels = {2: 3, 3: 1, 6: 4}[colour]
    stride, bpp = (width * channels * depth + 7) // 8, max(1, channels * depth // 8)
    raw, prev, pixels = zlib.decompress(idat), bytearray(stride), []
    for row in range(height):
        kind, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a, b, c = (line[i - bpp] if i >= bpp else 0), prev[i], (prev[i - bpp] if i >= bpp else 0)
            line[i] = (line[i] + [0, a, b, (a + b) // 2, make_icons._paeth(a, b, c)][kind]) & 255
        prev = line
        if colour == 3:
            for x in range(width):
                v = line[x * depth // 8] >> (8 - depth - x * depth % 8) & ((1 << depth) - 1)
                pixels.append((*plte[3 * v:3 * v + 3], trns[v] if v < len(trns) else 255))
        else:
            pixels += [(*line[i:i + 3], line[i + 3] if channels == 4 else 255) for i in range(0, stride, channels)]
    return width, height, colour, pixels


def rows(size: int, pixels) -> bytes:
    return b"".join(b"\0" + bytes(v for p in pixels[j * size:(j + 1) * size] for v in p) for j in range(size))


@pytest.mark.parametrize("colours", [2, 3, 16, 17, 300])
@pytest.mark.parametrize("opaque", [True, False])
def test_the_encoder_keeps_every_pixel(colours, opaque):
    size = 21  # (not a multiple of a byte's pixels at 1, 2 or 4 bits)
    palette = [(i % 256, (i * 91) % 256, i // 256 * 128 + i % 3, 255 if opaque else (i * 53) % 256)
               for i in range(colours)]
    pixels = [palette[(y * size + x) * 7 % colours] for y in range(size) for x in range(size)]
    assert len(set(pixels)) == colours
    kinds = set()
    for data in make_icons.encodings(size, rows(size, pixels)):  # each of them, not only the smallest
        width, height, colour, got = decode(data)
        assert (width, height, got) == (size, size, pixels)
        kinds.add((colour, data[24]))
    assert kinds == ({(3, next(d for d in (1, 2, 4, 8) if colours <= 1 << d))} if colours <= 256 else set()) \
        | ({(2, 8)} if opaque else set()) | {(6, 8)}


@pytest.mark.parametrize("name", sorted(make_icons.ICONS))
def test_the_committed_icons_are_indexed_colour_at_their_size(name):
    size, _maskable = make_icons.ICONS[name]
    width, height, colour, pixels = decode((ROOT / "web" / "icons" / name).read_bytes())
    assert (width, height, colour) == (size, size, 3)
    assert len(set(pixels)) <= 256
