"""Round 65 (issue 11, parts 1-3): recall65's auto-vs-hand classing
(``recall_auto_vs_hand_r63``) re-run on 3e81fe0d (recall66's joints in): blind 54 is
validation, blind 53 decision. Same commands as round 63's script, with this file's name:

    .venv/bin/python bench/recall_auto_vs_hand_r65.py --sets tune,1,...,18 --raw /tmp/a.json
    .venv/bin/python bench/recall_auto_vs_hand_r65.py --classify /tmp/a.json /tmp/b.json \\
        --out recall_auto_vs_hand_r65      # -> bench/results/<out>.json
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_auto_vs_hand_r63 as r63  # noqa: E402

VALIDATION = frozenset({"19", "20", "21", "54"})

if __name__ == "__main__":
    raise SystemExit(r63.main(round_=65, validation=VALIDATION))
