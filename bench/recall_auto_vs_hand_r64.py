"""Round 64 (issue 11, parts 1-3): recall65's auto-vs-hand classing
(``recall_auto_vs_hand_r63``) re-run on a2b91dc0 with this round's split: blind 53 is
validation, blind 52 decision. Same commands as round 63's script, with this file's name:

    .venv/bin/python bench/recall_auto_vs_hand_r64.py --sets tune,1,...,18 --raw /tmp/a.json
    .venv/bin/python bench/recall_auto_vs_hand_r64.py --classify /tmp/a.json /tmp/b.json \\
        --out recall_auto_vs_hand_r64      # -> bench/results/<out>.json
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import recall_auto_vs_hand_r63 as r63  # noqa: E402

VALIDATION = frozenset({"19", "20", "21", "53"})

if __name__ == "__main__":
    raise SystemExit(r63.main(round_=64, validation=VALIDATION))
