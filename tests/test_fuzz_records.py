"""Mutation fuzzing of ``python -m cardtable replay``: whatever the file, a clean answer.

A seeded generator takes valid records of both games and mutates them thousands of times per run:
values of the wrong type, huge numbers and strings, deep nesting, deleted and duplicated fields and
actions, truncated and re-encoded text, stray bytes, odd Unicode.  Each outcome must be one of:

* a clean refusal: status 2, nothing on stdout, one line of at most 200 characters on stderr that
  is not an "internal error" (our catch-all for bugs), or
* an accepted record: status 0, one JSON object on stdout, and every action of the record legal
  when replayed step by step through ``legal_actions`` (checked here independently of ``replay``).

The replays run in-process (``main()`` with swapped standard streams) so thousands take seconds;
a handful go through a real subprocess too.  The seed is fixed: a failure names its case number
and reproduces exactly.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.__main__ import MAX_ERROR_CHARS, main
from cardtable.record import games, parse_record
from test_cli_robust import run as run_inprocess

CASES = 3000
SEED = 20261123
PY = str(Path(__file__).resolve().parent.parent / "py")


def base_records() -> list[dict]:
    """Valid records of both games: seeded random play, one with explicit deals, one finished hand."""
    out = []
    for name, seed, n in [("dummy-spades", 3, 45), ("seep", 4, 30), ("dummy-spades", "x", 10), ("seep", 9, 52)]:
        g = games()[name].from_record({"format": "cardtable/1", "game": name, "seed": seed, "options": {},
                                       "players": None, "deals": []})
        rnd = random.Random(seed)
        for _ in range(n):
            g.apply(rnd.choice(g.legal_actions()))
        rec = g.to_record()
        rec["players"] = ["Ana", "Ben", "Chloé", "Dev"][: len(g.seats)]
        rec["controllers"] = {s: "human" for s in g.seats}
        out.append(rec)
    return out


POOL = [None, True, False, 0, -1, 1, 2, 13, 300, 300.0, 500, -200, 1e308, float("nan"), 10 ** 30, "", " ",
        "p0", "p9", "dummy", "seep", "dummy-spades", "cardtable/1", "AS", "10D", "QS", "bid 4", "play AS",
        "bid " + "9" * 5000, "x" * 300, "é" * 50, "\u202e\u0000\ufeff", "<b id=inj>x</b>", "\U0001F0A1",
        "\udc80", "𝟗", "½", "٣", [], {}, [[[]]], {"a": {"b": {}}}, ["AS"] * 13, list(range(5)),
        {"p0": "strong"}, {"target": 300}]


def paths(value, prefix=()):
    """Every path (tuple of keys/indices) into a JSON value, the root included."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def get(value, path):
    for p in path:
        value = value[p]
    return value


def mutate_tree(rec: dict, rnd: random.Random) -> dict:
    rec = copy.deepcopy(rec)
    for _ in range(rnd.choice([1, 1, 1, 2, 3])):
        all_paths = list(paths(rec))
        path = rnd.choice(all_paths[1:])
        parent, key = get(rec, path[:-1]), path[-1]
        op = rnd.randrange(8)
        if op <= 2:      # a value of another type or size
            parent[key] = copy.deepcopy(rnd.choice(POOL))
        elif op == 3:    # delete
            del parent[key]
        elif op == 4 and isinstance(parent, list):   # duplicate an element (a repeated action, card...)
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == 5 and isinstance(parent, list):   # truncate a list
            del parent[key:]
        elif op == 6:    # wrap in nesting
            parent[key] = [parent[key]] if rnd.random() < 0.5 else {"x": parent[key]}
        elif op == 7 and isinstance(parent[key], str):   # edit a string
            s = parent[key]
            i = rnd.randrange(len(s) + 1)
            parent[key] = s[:i] + rnd.choice(["", " ", "0", "9" * rnd.randrange(1, 6000), "\u0130", "S",
                                              "\udc80", "\t", "1", "x" * 1000]) + s[i + 1:]
        else:
            parent[key] = copy.deepcopy(rnd.choice(POOL))
    return rec


def encode(rec, rnd: random.Random) -> bytes:
    text = json.dumps(rec, ensure_ascii=rnd.random() < 0.3)
    data = text.encode("utf-8", "surrogatepass")
    op = rnd.randrange(16)   # 0-4 damage the text; the rest leave it as written
    if op == 0:      # truncated file
        data = data[: rnd.randrange(len(data))]
    elif op == 1:    # a stray byte
        i = rnd.randrange(len(data))
        data = data[:i] + bytes([rnd.choice([0xFF, 0x00, 0x80, 0xC3, 0x22, 0x5D])]) + data[i + 1:]
    elif op == 2:    # duplicated keys (JSON keeps the last one)
        data = data.replace(b'{"format"', b'{"game": ["seep"], "actions": 5, "format"', 1)
    elif op == 3:    # another encoding or a byte-order mark
        data = rnd.choice([text.encode("utf-16", "surrogatepass"), b"\xef\xbb\xbf" + data])
    elif op == 4:    # nested deep
        depth = rnd.choice([40, 1000, 100_000])
        data = b"[" * depth + data + b"]" * depth
    return data


def assert_clean_refusal(status: int, out: str, err: str, case: str) -> None:
    assert status == 2, case
    assert out == "", case
    assert err.endswith("\n") and "\n" not in err[:-1], case
    assert 0 < len(err) - 1 <= MAX_ERROR_CHARS, case
    assert "internal error" not in err and "Traceback" not in err, f"{case}: {err}"


def assert_all_legal(data: bytes, case: str) -> None:
    """Replay independently: every action must be in ``legal_actions()`` (by canonical form)."""
    rec = parse_record(data)
    g = games()[rec["game"]].from_record(rec)
    for a in rec["actions"]:
        legal = set(g.legal_actions())
        canonical = g.apply(a)
        assert canonical in legal, f"{case}: {a!r} -> {canonical!r} was not legal"


def test_thousands_of_mutated_records_are_refused_cleanly_or_replayed_legally():
    rnd = random.Random(SEED)
    bases = base_records()
    accepted = refused = 0
    for case in range(CASES):
        data = encode(mutate_tree(rnd.choice(bases), rnd), rnd)
        status, out, err = run_inprocess(data)
        label = f"case {case}"
        if status == 0:
            accepted += 1
            assert err == "", label
            summary = json.loads(out)
            assert isinstance(summary, dict) and summary["game"] in games(), label
            assert_all_legal(data, label)
        else:
            refused += 1
            assert_clean_refusal(status, out, err, label)
    # the mutations must exercise both outcomes, or the test proves little
    assert accepted > CASES // 40 and refused > CASES // 2, (accepted, refused)


@pytest.mark.parametrize("case", range(6))
def test_mutated_records_through_a_real_subprocess(case, tmp_path):
    rnd = random.Random(SEED + case)
    data = encode(mutate_tree(rnd.choice(base_records()), rnd), rnd)
    path = tmp_path / "game.json"
    path.write_bytes(data)
    env = {**os.environ, "PYTHONPATH": PY}
    res = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(path)], capture_output=True, env=env,
                         timeout=60)
    out, err = res.stdout.decode("utf-8"), res.stderr.decode("utf-8")
    if res.returncode == 0:
        json.loads(out)
        assert_all_legal(data, f"subprocess case {case}")
    else:
        assert_clean_refusal(res.returncode, out, err, f"subprocess case {case}")
