#!/usr/bin/env bash
# Round 75 (bench/README_recall.md): restart to first recall of the real memory server with
# and without scripts/setup.sh's bytecode step (memory_node/bytecode.py), on fresh
# `git archive` trees, through bench/recall_dds_latency.py --restarts N (round 0: each tree's
# first start; later rounds: warm restarts, the order alternating).
#   restart_bytecode_r75.sh WORKDIR TAG BASE_COMMIT CHANGE_COMMIT ORDER SHELL [RESTARTS]
#   ORDER: change-first | base-first | aa (base against a second base tree)
#   SHELL: write (PYTHONDONTWRITEBYTECODE unset: a first start writes what it compiled) |
#          nowrite (PYTHONDONTWRITEBYTECODE=1, as this machine's and the CI's shell: nothing
#          is ever written, every start compiles what no set-up compiled)
# Each tree's bytecode lives under a PYTHONPYCACHEPREFIX of its own (RECALL_BENCH_*_PYCACHE):
# the change's filled by the set-up step before the run (not timed: it is the install), the
# base's empty; nothing is written beside the sources or into the shared venv.
set -euo pipefail
work=$1; tag=$2; base=$3; change=$4; order=$5; shell=$6; restarts=${7:-2}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
py="$repo/.venv/bin/python"
w="$work/$tag"; rm -rf "$w"; mkdir -p "$w"
tree() {  # tree COMMIT DIR: the commit's files, as a fresh clone has them (no bytecode)
  mkdir -p "$2"; git -C "$repo" archive "$1" | tar -x -C "$2"
}
tree "$base" "$w/base"
if [ "$order" = aa ]; then tree "$base" "$w/other"; else tree "$change" "$w/other"; fi
if [ "$order" != aa ]; then  # the change's set-up step, into its tree's own prefix
  nodes=$(sed -n 's/^from \(.*\) import main$/\1/p' "$w/other/scripts/memory_server" \
    "$w/other/scripts/perception_node" "$w/other/scripts/vlm_state_node" \
    "$w/other/scripts/household_world")
  # The venv's part is the same in every run: compiled once into a template (the step's
  # own output), copied, and the step run again on the copy (it compiles what the copy
  # lacks: this run's tree; an up-to-date .pyc is only checked).
  template="$work/pyc_template_$change"
  if [ ! -d "$template" ]; then
    # shellcheck disable=SC2086
    (cd / && PYTHONPATH="$w/other" PYTHONPYCACHEPREFIX="$template" nice -n 5 "$py" \
      -m memory_node.bytecode $nodes)
  fi
  cp -a "$template" "$w/pyc_other"
  # shellcheck disable=SC2086
  (cd / && PYTHONPATH="$w/other" PYTHONPYCACHEPREFIX="$w/pyc_other" nice -n 5 "$py" \
    -m memory_node.bytecode $nodes)
fi
if [ "$order" = base-first ]; then
  this="$w/base" thispyc="$w/pyc_base" peer="$w/other" peerpyc="$w/pyc_other"
else
  this="$w/other" thispyc="$w/pyc_other" peer="$w/base" peerpyc="$w/pyc_base"
fi
unset_w=()
[ "$shell" = write ] && unset_w=(-u PYTHONDONTWRITEBYTECODE)
[ "$shell" = nowrite ] && export PYTHONDONTWRITEBYTECODE=1
cd "$repo"
env "${unset_w[@]}" PYTHONPATH="$this" PYTHONPYCACHEPREFIX="$w/pyc_client" \
  RECALL_BENCH_THIS_PYCACHE="$thispyc" RECALL_BENCH_PEER_PYCACHE="$peerpyc" \
  RECALL_BENCH_OUT="restart_bytecode_r75_$tag" \
  "$py" bench/recall_dds_latency.py 10000 --against "$peer" --restarts "$restarts"
