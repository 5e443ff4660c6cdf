#!/bin/bash
# Round 64 (flake65): test folders in a loop at load, one tree, every run's figures kept.
#   bench/ci_suite_loop_r64.sh <tree> <tag> <domains> <until HH:MM UTC> [pytest paths...]
# e.g. bench/ci_suite_loop_r64.sh /tmp/flake65/base main 12-13 16:55 test/ros test/sim test/planner
# <tree> = `git archive <commit>` with .venv -> /work/main/.venv. Runs `pytest -n 2 --durations=0`
# with bench/ci_waits_probe_r64.py loaded until <until> (no new run starts after it); run i's
# pytest output, junit XML, the probe's wait records and (when red) its basetemp with every node
# log go to $CI_LOOP_DIR/runs_<tag>/<i>/ (CI_LOOP_DIR defaults to /tmp/flake65). Figures:
# bench/ci_suite_summary_r64.py.
tree=$1; tag=$2; dom=$3; until=$4; shift 4
root=${CI_LOOP_DIR:-/tmp/flake65}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
end=$(date -d "$until" +%s)
export PYTHONPATH=$tree:$here ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST OMP_NUM_THREADS=1
export MEMORY_NODE_SHARED_DATA=${MEMORY_NODE_SHARED_DATA:-/work/shared/data} MEMORY_NODE_TEST_DOMAIN=$dom
export PYTHONPYCACHEPREFIX=$root/pycache_$tag
unset PYTHONDONTWRITEBYTECODE
cd "$tree" || exit 1
i=0
while [ "$(date +%s)" -lt "$end" ]; do
  i=$((i+1)); d=$root/runs_$tag/$i; mkdir -p "$d"; export FLAKE65_WAITS=$d
  echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) tree $tree" > "$d/meta"
  nice -n 5 /work/main/.venv/bin/python -m pytest -p no:dash -p no:cacheprovider -p ci_waits_probe_r64 \
    -q -n 2 --durations=0 --junitxml="$d/junit.xml" --basetemp="$d/tmp" "$@" > "$d/out.txt" 2>&1
  rc=$?
  echo "end $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) rc $rc" >> "$d/meta"
  [ $rc -eq 0 ] && rm -rf "$d/tmp"
done
