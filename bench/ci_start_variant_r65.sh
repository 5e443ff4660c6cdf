#!/bin/bash
# Round 65 (flake66): the start-at-load variant (bench/ci_start_variant_r65.py) and the natural
# test_large_messages_dds, once, in one tree: <tree> = `git archive <commit>` with
# .venv -> /work/main/.venv (scratch: the variant file is written into it).
#   bench/ci_start_variant_r65.sh <tree> <tag> <domain>
# Output (pytest's, with start/end time and load) in $CI_LOOP_DIR/variant_<tag>_<n>.txt.
tree=$1; tag=$2; dom=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=${CI_LOOP_DIR:-/tmp/flake66}
/work/main/.venv/bin/python "$here/ci_start_variant_r65.py" "$tree" || exit 1
cd "$tree" || exit 1
export PYTHONPATH=$tree ROS_AUTOMATIC_DISCOVERY_RANGE=LOCALHOST OMP_NUM_THREADS=1 MEMORY_NODE_TEST_DOMAIN=$dom
export PYTHONPYCACHEPREFIX=$root/pycache_var_$tag
n=$(ls "$root"/variant_"${tag}"_*.txt 2>/dev/null | wc -l); n=$((n+1))
out=$root/variant_${tag}_$n.txt
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg)" > "$out"
nice -n 5 /work/main/.venv/bin/python -m pytest -p no:dash -p no:cacheprovider -q --durations=3 \
  --basetemp="$root/vtmp_${tag}_$n" test/ros/test_large_messages_variant_r65.py \
  test/ros/test_large_messages_dds.py >> "$out" 2>&1
echo "end $(date -u +%T) rc $? load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out"
