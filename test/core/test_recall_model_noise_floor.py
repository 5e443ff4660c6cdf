"""Round 71 (issue 11, part 4): a noise floor for the query model's quality gates.

`bench/recall_int8_model.py --perturb EPS --seeds N` writes N seeded float copies;
`bench/recall_model_ab.py --summarise ... --floor` groups the arms named ``<size>_s<seed>``
and places every other arm (a cheaper model) in the group's min..max; and
`bench/recall_instruction_tail_r63.py --by-tokens` fits the model's CPU on its tokens. The
inputs are written by hand, so every figure has one right value.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bench_scripts import load_bench


def test_perturbed_outputs_name_one_file_per_seed() -> None:
    int8 = load_bench("recall_int8_model")
    out = Path("/x/p022.onnx")
    assert int8.perturbed_outputs(out, 70, 1) == [(out, 70)]
    assert int8.perturbed_outputs(out, 71, 3) == [(Path("/x/p022_s71.onnx"), 71),
                                                  (Path("/x/p022_s72.onnx"), 72),
                                                  (Path("/x/p022_s73.onnx"), 73)]
    with pytest.raises(ValueError):
        int8.perturbed_outputs(out, 71, 0)


def _summary(totals: dict, changed: list[dict], sets: list[str]) -> dict:
    return {"totals": {k: {"needs": 9, "on": 0, "off": 0, "gained": g, "lost": lo}
                       for k, (g, lo) in totals.items()},
            "changed": changed, "sets": sets}


def test_counts_split_validation_by_set() -> None:
    ab = load_bench("recall_model_ab")
    summary = _summary({"validation/whole": (1, 2)}, [
        {"part": "validation", "set": "19", "kind": "whole", "on": [True, False],
         "off": [False, True]},
        {"part": "validation", "set": "20", "kind": "whole", "on": [False], "off": [True]},
        {"part": "decision", "set": "3", "kind": "whole", "on": [True], "off": [False]}],
        ["3", "19", "20"])
    c = ab.counts(summary, {"19", "20", "21"})
    assert c["validation/whole"] == {"gained": 1, "lost": 2, "net": -1}
    assert c["validation 19/whole"] == {"gained": 1, "lost": 1, "net": 0}
    assert c["validation 20/whole"] == {"gained": 0, "lost": 1, "net": -1}
    assert c["validation 19/auto"] == {"gained": 0, "lost": 0, "net": 0}
    assert "validation 21/whole" not in c  # set 21 not answered: no zeros invented


def test_floor_places_an_arm_below_within_and_above() -> None:
    ab = load_bench("recall_model_ab")

    def arm(g: int, lo: int) -> dict:
        return {"decision/whole": {"gained": g, "lost": lo, "net": g - lo}}

    per_arm = {"p022_s71": arm(3, 5), "p022_s72": arm(4, 4), "p022_s73": arm(6, 5),
               "ng05": arm(7, 9)}
    f = ab.floor(per_arm)
    assert f["groups"] == {"p022": ["p022_s71", "p022_s72", "p022_s73"]}
    row = f["floor"]["p022"]["decision/whole"]
    assert (row["net"]["min"], row["net"]["median"], row["net"]["max"]) == (-2, 0, 1)
    assert row["gained"]["seeds"] == [3, 4, 6]
    assert f["placed"]["ng05"]["p022"]["decision/whole"] == {
        "gained": [7, "above"], "lost": [9, "above"], "net": [-2, "within"]}


def test_by_tokens_recovers_an_affine_model_cost() -> None:
    tail = load_bench("recall_instruction_tail_r63")
    rows = [{"tokens": t, "model_cpu": 3.0 + 0.25 * t, "model": 10.0, "handler_cpu": 2.0,
             "handler_runqueue": 1.0, "wall": 20.0} for t in (5, 7, 9, 11, 14, 18, 21)]
    out = tail.by_tokens(rows)
    linear = out["model_cpu_fit"]["linear"]["coef_ms"]
    assert linear == pytest.approx([3.0, 0.25], abs=1e-6)
    assert out["model_cpu_fit"]["quadratic"]["coef_ms"][2] == pytest.approx(0.0, abs=1e-6)
    assert out["bands"]["0-8"]["requests"] == 2
    assert out["bands"]["17-more"]["model_cpu"][0] == pytest.approx(3.0 + 0.25 * 19.5)
