#!/usr/bin/env bash
# Round 77 (lat81, issue 11, part 4): DDS at 10,000 units, CHANGE against BASE for a quiet
# window: two runs in each orientation and an A/A (BASE against a second BASE tree),
# interleaved, planner mode, in this shell (PYTHONDONTWRITEBYTECODE as it is set here).
# Unlike round 76's script (one side's set-up steps only), every tree gets its own set-up
# steps 8-9 first, untimed, each with its own code: the lexicon answers table (into the
# venv's share/memory_node_recall, named by its code's and WordNet's hashes, so each code
# reads its own) and its servers' bytecode under WORKDIR/pyc_<tree>: the sides differ by
# their code alone, as two installs would.
#   bench/recall_dds_ab_r77.sh WORKDIR BASE_COMMIT CHANGE_COMMIT
#   env: ROS_DOMAIN_ID (default 7), RECALL_BENCH_DOMAINS (default 8-11), RUNS (default
#        "run1 swapped1 aa1 run2 swapped2"), TAG (default r77_lat81q)
# Results: bench/results/recall_dds_latency_<TAG>_<run>.json.
set -euo pipefail
work=$1; base=$2; change=$3
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py="$repo/.venv/bin/python"
tree() {  # tree COMMIT NAME: a `git archive` with this checkout's venv, then its set-up steps 8-9
  local dir="$work/$2"
  rm -rf "$dir" "$work/pyc_$2"; mkdir -p "$dir" "$work/pyc_$2"
  git -C "$repo" archive "$1" | tar -x -C "$dir"
  ln -s "$repo/.venv" "$dir/.venv"
  (cd / && PYTHONPATH="$dir" "$py" -c 'import sys
from memory_node.core.recall.lexicon_answers_build import main
sys.exit(main(["--if-missing"]))')
  (cd / && PYTHONPATH="$dir" PYTHONPYCACHEPREFIX="$work/pyc_$2" "$py" \
    -m memory_node.bytecode memory_node.nodes.memory_server memory_node.planner.nodes.planner_node)
}
tree "$base" base; tree "$base" base2; tree "$change" change
export ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST ROS_DOMAIN_ID=${ROS_DOMAIN_ID:-7} \
  RECALL_BENCH_DOMAINS=${RECALL_BENCH_DOMAINS:-8-11} RECALL_BENCH_PLANNER=1 \
  RECALL_BENCH_CALLS=498 OMP_NUM_THREADS=1 PYTHONHASHSEED=0
for run in ${RUNS:-run1 swapped1 aa1 run2 swapped2}; do
  case $run in
    run*) this=change peer=base ;;
    swapped*) this=base peer=change ;;
    aa*) this=base peer=base2 ;;
  esac
  (cd "$repo" && PYTHONPATH="$work/$this" RECALL_BENCH_THIS_PYCACHE="$work/pyc_$this" \
    RECALL_BENCH_PEER_PYCACHE="$work/pyc_$peer" RECALL_BENCH_OUT="recall_dds_latency_${TAG:-r77_lat81q}_$run" \
    "$py" bench/recall_dds_latency.py 10000 --against "$work/$peer" --interleave)
done
