"""``python -m cardtable replay`` never shows a traceback: every bad input is status 2 and one short line.

Each of the seven crash causes found by fuzzing (issue #12) is a case here, with the exact words
the player gets, plus integer options, long values, the size cap and a closed output pipe.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable.__main__ import MAX_ERROR_CHARS, main, one_line
from cardtable.record import MAX_RECORD_BYTES, nesting_depth, parse_record

PY = str(Path(__file__).resolve().parent.parent / "py")


def run(data: bytes | str) -> tuple[int, str, str]:
    """``main(["replay", "-"])`` in-process with ``data`` as standard input."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["replay", "-"])
    finally:
        sys.stdin = stdin
    return status, out.getvalue(), err.getvalue()


def refused(data, *words: str) -> str:
    status, out, err = run(data)
    assert (status, out) == (2, ""), err
    line = err.rstrip("\n")
    assert err.endswith("\n") and "\n" not in line and len(line) <= MAX_ERROR_CHARS, err[:300]
    for w in words:
        assert w in line
    return line


def rec(**fields) -> str:
    base = {"format": "cardtable/1", "game": "dummy-spades", "seed": 1}
    base.update(fields)
    return json.dumps(base, ensure_ascii=False)


# ---- the seven crash causes of issue #12 ----------------------------------------------------------
def test_a_list_as_the_game_is_refused():
    assert refused(rec(game=["seep"])) == "record: unknown game a list (known: dummy-spades, seep)"


@pytest.mark.parametrize("variant", [["x"], {"a": 1}])
def test_a_list_or_object_as_the_dummy_spades_variant_is_refused(variant):
    refused(rec(options={"variant": variant}), 'option "variant" must be a number, text, true/false or null')


def test_a_list_as_a_seep_dealer_is_refused():
    refused(rec(game="seep", seed=None, deals=[{"dealer": ["p0"], "hands": {}, "floor": []}]),
            'deal 0: the dealer must be a seat such as "p0", not a list')


def test_json_nested_100000_deep_is_refused_before_parsing():
    line = refused("[" * 100_000 + "]" * 100_000, "nested 100,000 deep")
    assert line.startswith("record: not a game record")


def test_a_file_with_a_0xff_byte_is_refused():
    assert refused(b'{"format": "cardtable/1"\xff}') == "record: not UTF-8 text (byte 0xff at position 24)"


def test_a_lone_surrogate_seed_is_refused():
    refused('{"format": "cardtable/1", "game": "seep", "seed": "\\udc80"}', "lone surrogate")


@pytest.mark.parametrize("game", ["dummy-spades", "seep"])
def test_a_bid_of_4301_digits_is_refused_with_the_value_cut(game):
    line = refused(rec(game=game, actions=["bid " + "1" * 4301]), "action 0", "too long to be an action", "…")
    assert "1" * 50 not in line


@pytest.mark.parametrize("game", ["dummy-spades", "seep"])
def test_a_long_number_that_fits_the_length_limit_is_an_illegal_action(game):
    # under the action-length limit but not a bid of the game (Unicode digits, big numbers)
    for action in ["bid " + "9" * 150, "bid ²", "bid ٣"]:
        refused(rec(game=game, actions=[action]), "action 0")


def test_piping_into_a_closed_reader_is_quiet():
    env = {**os.environ, "PYTHONPATH": PY}
    text = rec(game="seep", seed=7).encode()
    # the reader closes at once: every write of the (large, indented) output then hits a closed pipe
    p = subprocess.Popen([sys.executable, "-m", "cardtable", "replay", "-", "--indent", "40"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    p.stdout.close()
    _, err = p.communicate(text, timeout=60)
    assert err == b"" and p.returncode == 0


def test_a_broken_pipe_in_process_returns_quietly(monkeypatch):
    class Closed(io.StringIO):
        def write(self, s):
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(rec().encode())))
    err = io.StringIO()
    with contextlib.redirect_stdout(Closed()), contextlib.redirect_stderr(err):
        assert main(["replay", "-"]) == 0
    assert err.getvalue() == ""


# ---- integer options, long values, size ----------------------------------------------------------
@pytest.mark.parametrize("game, option", [("dummy-spades", "target"), ("seep", "target"), ("dummy-spades", "losing_limit")])
def test_integer_options_must_be_integers(game, option):
    value = 300.0 if option == "target" else -200.0
    line = refused(rec(game=game, options={option: value}))
    assert line == f'record: option "{option}" must be a whole number, not {value!r}'


def test_an_integer_target_is_still_accepted_and_exported_as_an_integer():
    status, out, _ = run(rec(options={"target": 500}))
    assert status == 0 and json.loads(out)["game"] == "dummy-spades"
    assert parse_record(rec(options={"target": 500}))["options"]["target"] == 500


def test_a_ten_megabyte_value_is_cut_in_the_message():
    line = refused(rec(options={"variant": "v" * 1_000_000}), 'option "variant"', "…")
    assert len(line) <= MAX_ERROR_CHARS


def test_a_file_over_the_size_limit_is_refused_without_parsing():
    big = rec(players=["x" * (MAX_RECORD_BYTES // 3)] * 3)
    refused(big, "too big to be a game record")


def test_a_byte_order_mark_is_allowed():
    status, out, err = run(b"\xef\xbb\xbf" + rec().encode())
    assert status == 0, err


def test_a_missing_file_is_one_line(tmp_path):
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert err.getvalue().startswith("cannot read ") and err.getvalue().count("\n") == 1


def test_controllers_field_is_accepted_and_checked_for_shape():
    status, _, err = run(rec(controllers={"p0": "human", "p1": "strong", "p2": "grandmaster"}))
    assert status == 0, err
    refused(rec(controllers=["human"]), '"controllers" must be an object')


def test_one_line_cuts_long_runs_and_line_breaks():
    assert one_line("a\nb\r\nc") == "a b c"
    cut = one_line("bad value " + "z" * 500 + " end")
    assert cut == "bad value " + "z" * 40 + "… end"
    assert len(one_line("word " * 100)) == MAX_ERROR_CHARS


def test_nesting_depth_ignores_brackets_in_strings():
    assert nesting_depth('{"a": "[[[[[", "b": [[1]]}') == 3
    assert nesting_depth('"\\"[[[" ') == 0


def _depth_token_by_token(text: str) -> int:
    """The depth as a walk over strings and brackets finds it, one token at a time."""
    import re
    depth = deepest = 0
    for m in re.finditer(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', text):
        tok = m.group()
        if tok in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif tok in "]}":
            depth -= 1
    return deepest


def test_nesting_depth_is_what_a_walk_token_by_token_finds():
    import random
    rng = random.Random(24)
    texts = ["[" * 20_000 + "]" * 20_000, "]]][[", '"\\"', '["\\\\", ["]"]]']
    texts += ["".join(rng.choice('[]{}"\\a,: ') for _ in range(rng.randrange(40))) for _ in range(5000)]
    for text in texts:
        assert nesting_depth(text) == _depth_token_by_token(text), text


def test_deal_refuses_unusable_seeds_in_one_line():
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["deal", "\udc80"]) == 2
        assert main(["deal", "9" * 5000]) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 2 and all(len(line) <= MAX_ERROR_CHARS for line in lines)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["deal", "42"]) == 0
    assert len(out.getvalue().split()) == 52


# ---- issue 24: a UTF-16 file gets the same answer as in the browser's import ---------------------
@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_a_utf16_file_with_a_byte_order_mark_replays_as_its_utf8_twin(codec):
    record = rec(players=["Ana", "Bén", "Chloé ♠"], actions=["bid 3", "bid 4"])
    status, out, err = run("\ufeff".encode(codec) + record.encode(codec))
    assert (status, err) == (0, "")
    assert out == run(record)[1] == run(b"\xef\xbb\xbf" + record.encode())[1]


def test_a_utf16_file_is_read_whole_up_to_the_limit_in_characters():
    record = rec(padding="x" * (MAX_RECORD_BYTES - 200))      # about 4 MB as UTF-16: under the limit in text
    status, out, err = run(b"\xff\xfe" + record.encode("utf-16-le"))
    assert status == 0, err
    refused(b"\xff\xfe" + rec(padding="x" * MAX_RECORD_BYTES).encode("utf-16-le"), "too big to be a game record")


def test_broken_utf16_is_refused_in_words():
    refused(b"\xff\xfe" + rec().encode("utf-16-le") + b"\x00\xd8", "not UTF-16 text")
