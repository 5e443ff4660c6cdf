#!/usr/bin/env bash
# Round 79 (lat83): one process per arm per round, alternating the order every round, for the
# keep rule's pooled CPU (cpu), restart (start) and RSS (rss) clauses: float, integer, float
# again (the A/A), then reversed. The rewritten file is made first, so every integer process
# reads it as a later start would.
#   bash bench/recall_model_forms_r79.sh MODE ROUNDS GRAPH_DIR > OUT.txt
set -e
cd "$(dirname "$0")/.."
mode=$1; rounds=$2; dir=$3
py=${PYTHON:-.venv/bin/python}
export PYTHONPATH=$PWD OMP_NUM_THREADS=1
"$py" -c 'import sys; from memory_node.core.recall.onnx_graph import main
sys.exit(main(sys.argv[1:]))' --if-missing --out-dir "$dir" >&2
for r in $(seq 1 "$rounds"); do
  if [ $((r % 2)) = 1 ]; then order="float integer float_aa"; else order="float_aa integer float"; fi
  for v in $order; do
    out=$(nice -n 5 "$py" bench/recall_model_forms_r79.py "$mode" "${v%_aa}" --graph-dir "$dir" | tail -1)
    echo "$r $v $out"
  done
done
