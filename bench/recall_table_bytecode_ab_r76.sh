#!/usr/bin/env bash
# Round 76 (lat80, issue 11, part 4): DDS at 10,000 units, the lexicon's answers table and the
# set-up bytecode (CHANGE) against BASE, for the quiet final window: two runs in each
# orientation and an A/A (BASE against a second BASE tree), interleaved, planner mode, in
# this shell (PYTHONDONTWRITEBYTECODE as it is set here).
#   bench/recall_table_bytecode_ab_r76.sh WORKDIR BASE_COMMIT CHANGE_COMMIT
#   env: ROS_DOMAIN_ID (default 7), RECALL_BENCH_DOMAINS (default 8-11), RUNS (default
#        "run1 swapped1 aa1 run2 swapped2"), TAG (default r76_lat80q), SETUP_EACH=1 (round
#        77, lat81: every tree gets its own set-up steps, each with its own code, so the sides
#        differ by their code alone, as two installs would: for a change on the request path)
# Each tree is a `git archive` with this checkout's .venv linked. The CHANGE tree gets its
# set-up steps first, untimed (they are the install): the lexicon answers table (into the
# venv's share/memory_node_recall, named by its code's and WordNet's hashes, so no other
# code reads it) and the servers' bytecode under WORKDIR/pyc_change. Every side's servers
# run under a PYTHONPYCACHEPREFIX of its own (the base's empty), so both pay the standard
# library's compile alike. Results: bench/results/recall_dds_latency_r76_lat80q_<run>.json.
set -euo pipefail
work=$1; base=$2; change=$3
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py="$repo/.venv/bin/python"
tree() {  # tree COMMIT DIR
  rm -rf "$2"; mkdir -p "$2"; git -C "$repo" archive "$1" | tar -x -C "$2"
  ln -s "$repo/.venv" "$2/.venv"
}
tree "$base" "$work/base"; tree "$base" "$work/base2"; tree "$change" "$work/change"
rm -rf "$work/pyc_base" "$work/pyc_base2" "$work/pyc_change"
mkdir -p "$work/pyc_base" "$work/pyc_base2" "$work/pyc_change"
setup_steps() {  # setup_steps NAME: that tree's lexicon answers table and its servers' bytecode
  (cd / && PYTHONPATH="$work/$1" "$py" -c 'import sys
from memory_node.core.recall.lexicon_answers_build import main
sys.exit(main(["--if-missing"]))')
  (cd / && PYTHONPATH="$work/$1" PYTHONPYCACHEPREFIX="$work/pyc_$1" "$py" \
    -m memory_node.bytecode memory_node.nodes.memory_server memory_node.planner.nodes.planner_node)
}
if [ "${SETUP_EACH:-0}" = 1 ]; then setup_steps base; setup_steps base2; fi
setup_steps change
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
    RECALL_BENCH_PEER_PYCACHE="$work/pyc_$peer" RECALL_BENCH_OUT="recall_dds_latency_${TAG:-r76_lat80q}_$run" \
    "$py" bench/recall_dds_latency.py 10000 --against "$work/$peer" --interleave)
done
