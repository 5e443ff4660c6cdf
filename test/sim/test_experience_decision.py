"""bench/experience_decision.py: the decision set, stream specs, rows from both result
formats of experience_tasks.py, and the comparison a keep rule reads (no stream is run)."""

from __future__ import annotations

import json

import pytest
from bench_scripts import BENCH, load_bench

dec = load_bench("experience_decision", register=True)


def test_the_decision_set_is_round_118s_235_streams_and_matches_its_base_rows():
    streams = dec.decision_streams()
    keys = [s.key for s in streams]
    assert len(keys) == len(set(keys)) == 235
    assert sum(s.seed is not None for s in streams) == 31
    assert {"tune_tidy 4015", "tune3 4020", "fresh85a", "fresh118c tidy"} <= set(keys)
    # The rows round 118's keep rules are judged against name exactly these streams;
    # round 117's (229 streams) are the same set less the split reported blind since.
    base = json.loads((BENCH / "results" / "experience_base_r118.json").read_text())["base_main"]
    base117 = json.loads((BENCH / "results" / "experience_base_r117.json").read_text())["base_main"]
    for arm in dec.ARMS:
        assert set(base[arm]) == set(keys)
        assert set(base117[arm]) == {k for k in keys if not k.startswith("fresh118")}


def test_stream_specs():
    assert [s.key for s in dec.parse_streams("fresh91a, fresh91b:tidy")] == [
        "fresh91a", "fresh91a tidy", "fresh91b tidy"]
    (tuned,) = dec.parse_streams("tune3:plain:3152")
    assert tuned.key == "tune3 3152"
    assert tuned.args("x", ["full"]) == ["--split", "tune3", "--length", "30", "--arms", "full",
                                         "--stream-seeds", "3152", "--tag", "x_s3152"]
    assert dec.parse_streams("fresh90a:tidy")[0].args("t", ["full", "full+experience"]) == [
        "--split", "fresh90a", "--length", "30", "--arms", "full,full+experience", "--tidy",
        "--tag", "t"]
    for bad in ("fresh91a:sometimes", "tune:tidy:3152:1", ":tidy", "fresh91a,fresh91a:tidy"):
        with pytest.raises(ValueError):
            dec.parse_streams(bad)


def test_rows_from_both_result_formats():
    arm = {"sr": 29 / 30, "tasks": 30, "steps": 194}
    seeds = {"streams": {"4015": {"full+experience": {**arm, "max_failures_issue_state": 2}}}}
    split = {"arms": {"full": {**arm, "failures": {"issue": {"max_failures_one_state": 3},
                                                   "room": {"max_failures_one_state": 9}}}}}
    assert dec.rows_of(seeds, dec.Stream("tune", True, 4015)) == {
        "full+experience": [29, 194, 2]}
    assert dec.rows_of(split, dec.Stream("fresh90a", False)) == {"full": [29, 194, 3]}


def test_the_comparison_a_keep_rule_reads():
    base = {"full+experience": {"a": [30, 100, 1], "b": [29, 200, 2], "c": [30, 50, 0]}}
    rows = {"full+experience": {"a": [30, 90, 1], "b": [28, 200, 2], "c": [30, 50, 2],
                                "d": [30, 10, 0]}}
    t = dec.totals(rows)["full+experience"]
    assert (t["streams"], t["won"], t["steps"], t["repeat_streams"]) == (4, 118, 350, ["b", "c"])
    d = dec.against(rows, base)["full+experience"]
    assert d["streams"] == 3 and d["won_diff"] == -1
    assert d["steps_change"] == pytest.approx(340 / 350 - 1)
    assert sorted(d["changed"]) == ["a", "b", "c"]
    assert d["new_repeats"] == ["c"] and d["not_in_base"] == ["d"]
    assert d["base"]["repeat_streams"] == ["b"]


def test_a_base_is_read_from_a_rows_file_a_key_of_one_or_a_run_of_this_script(tmp_path):
    rows = {"full": {"a": [1, 2, 0]}}
    (tmp_path / "plain.json").write_text(json.dumps(rows))
    (tmp_path / "keyed.json").write_text(json.dumps({"base_main": rows, "_about": "x"}))
    (tmp_path / "run.json").write_text(json.dumps({"tag": "t", "rows": rows}))
    for spec in ("plain.json", "keyed.json:base_main", "run.json"):
        assert dec.load_base(str(tmp_path / spec)) == rows
