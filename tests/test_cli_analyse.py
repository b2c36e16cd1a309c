"""``python -m cardtable analyse FILE``: the analysis on the command line, the same numbers as
``cardtable.coach.analysis.analyse``; bad input is status 2 and one line, as for ``replay``."""

from __future__ import annotations

import contextlib
import io
import json

from cardtable.__main__ import MAX_ERROR_CHARS, main
from cardtable.coach.analysis import analyse
from test_analysis import NIL_TRICK, NIL_DEAL, spades

RECORD = spades(NIL_DEAL, NIL_TRICK + ["play KH"])


def run(tmp_path, *args: str, record=RECORD) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["analyse", str(path), *args])
    return status, out.getvalue(), err.getvalue()


def test_json_gives_the_same_numbers_as_the_module(tmp_path):
    status, out, err = run(tmp_path, "--seat", "p0", "--samples", "6", "--json")
    assert (status, err) == (0, "")
    got = json.loads(out)
    assert got == analyse(RECORD, seats=["p0"], samples=6).to_json()
    assert [d["played"] for d in got["decisions"]] == ["bid 0 nil p0", "play KH"]
    assert got["decisions"][1]["label"] == "blunder"


def test_text_names_each_decision_its_label_and_the_better_move(tmp_path):
    status, out, err = run(tmp_path, "--seat", "p0", "--samples", "6")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "dummy-spades: 2 decisions, 6 samples, seed 0"
    assert lines[1].startswith("hand 0 p0: accuracy ")
    kh = next(x for x in lines if "play KH" in x)
    assert "blunder" in kh and "best play 2H" in kh


def test_the_default_seats_are_the_people_of_the_controllers(tmp_path):
    record = dict(RECORD, controllers={"p0": "human", "p1": "casual", "p2": "strong"})
    status, out, _ = run(tmp_path, "--samples", "2", "--json", record=record)
    assert status == 0 and {d["seat"] for d in json.loads(out)["decisions"]} == {"p0"}


def one_line_refusal(tmp_path, *args, record=RECORD) -> str:
    status, out, err = run(tmp_path, *args, record=record)
    assert (status, out) == (2, "")
    line = err.rstrip("\n")
    assert err.endswith("\n") and "\n" not in line and len(line) <= MAX_ERROR_CHARS
    return line


def test_bad_input_is_one_line_and_status_2(tmp_path):
    assert one_line_refusal(tmp_path, "--seat", "p9") == \
        "analyse: no seat p9 in this game (seats: p0, p1, p2)"
    assert "--samples is 1 to 10000" in one_line_refusal(tmp_path, "--samples", "0")
    bad = dict(RECORD, actions=RECORD["actions"] + ["play ZZ"])
    assert one_line_refusal(tmp_path, record=bad).startswith("action 7 ")
    assert one_line_refusal(tmp_path, record="{not json").startswith("record: ")
