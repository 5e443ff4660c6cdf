#!/bin/bash
# Round 63 (flake64): test_planner_world_reset's goal-during-restart test in a loop, one tree.
#   bench/ci_world_reset_loop_r63.sh <tree> <tag> <domain> <minutes> [count] [test-id]
# Batches of `pytest --count <count>` (one memory server per batch: the module fixture) until
# <minutes> have passed; each batch's log in /tmp/flake64/runs_<tag>/log<i>.txt, a failed batch's
# pytest basetemp (its planner logs) kept, and with KEEP=1 every planner log of every batch
# (keep<i>/). Figures: bench/ci_world_reset_summary_r63.py. Run two trees side by side (and
# two `nice -n 5` busy loops) for like-for-like load.
tree=$1; tag=$2; dom=$3; mins=$4; count=${5:-10}
test=${6:-test/ros/test_planner_world_reset.py::test_a_goal_that_comes_while_the_world_restarts_waits_for_its_clock_and_map}
py=${PYTHON:-/work/main/.venv/bin/python}
end=$(( $(date +%s) + mins*60 ))
out=/tmp/flake64/runs_$tag; mkdir -p "$out"
i=0
while [ "$(date +%s)" -lt $end ]; do
  i=$((i+1)); bt=$out/b$i
  ( cd "$tree" && PYTHONPATH=$tree MEMORY_NODE_TEST_DOMAIN=$dom ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST \
    OMP_NUM_THREADS=1 nice -n 5 "$py" -m pytest -q -p no:cacheprovider --basetemp="$bt" \
    --count="$count" "$test" > "$out/log$i.txt" 2>&1 )
  if [ -n "$KEEP" ]; then
    mkdir -p "$out/keep$i"
    for f in $(find "$bt" -name planner.log); do cp "$f" "$out/keep$i/$(basename "$(dirname "$f")").log"; done
  fi
  if grep -qE "[0-9]+ passed" "$out/log$i.txt" && ! grep -qE "[0-9]+ failed" "$out/log$i.txt"; then rm -rf "$bt"; fi
done
