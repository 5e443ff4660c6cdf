"""The query model's weight products run on the file's own int8 weights (integer kernels).

The packaged int8 MiniLM stores every weight matrix as int8 with one float scale per output
column and dequantises it in the graph (``Cast`` -> ``Mul`` -> ``MatMul``). onnxruntime's
constant folding turns those into float32 matrices at load, so each call streams ~42 MB of
weights through the cache for a handful of tokens: most of a short query's fixed cost
(bench/README_recall.md, rounds 77-78). :func:`integer_weight_graph` rewrites each such
``MatMul`` into onnxruntime's ``MatMulNBits`` (com.microsoft; 8 bits) over the same int8
matrix and scales, at accuracy level 4: the activations are quantised to int8 per block of
``BLOCK`` values along the inner dimension and the products run in integer kernels. One
scale per whole activation row (``DynamicQuantizeMatMul``) moved the vectors 30 times as far
(cosine 0.994 to the float graph's, against 0.9998) and lost a vague MRA item (round 78).
The vectors still change slightly, so the embedder names this form in its model identity
(stored vectors of the float graph are never read by it).

The ONNX protobuf is read and written at the wire level (the ``onnx`` package is not a
dependency): only the graph's node list and initializers and the model's operator set
imports change; every other field is copied as it was.
"""

from __future__ import annotations

import argparse
import hashlib
import logging
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

# Field numbers of onnx.proto3 (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto,
# OperatorSetIdProto) that the rewrite reads or writes.
_MODEL_GRAPH, _MODEL_OPSET = 7, 8
_GRAPH_NODE, _GRAPH_INITIALIZER = 1, 5
_NODE_INPUT, _NODE_OUTPUT, _NODE_NAME, _NODE_OP, _NODE_ATTRIBUTE, _NODE_DOMAIN = 1, 2, 3, 4, 5, 7
_ATTR_NAME, _ATTR_INT, _ATTR_TYPE, _ATTR_TYPE_INT = 1, 3, 20, 2
_TENSOR_DIMS, _TENSOR_TYPE, _TENSOR_NAME, _TENSOR_RAW = 1, 2, 8, 9
_OPSET_DOMAIN, _OPSET_VERSION = 1, 2
_FLOAT, _UINT8, _INT8 = 1, 2, 3  # TensorProto.DataType
_VARINT, _FIXED64, _BYTES, _FIXED32 = 0, 1, 2, 5

_ACCURACY_INT8 = 4  # MatMulNBits' accuracy_level: int8 activations, integer products
_DOMAIN = "com.microsoft"
# Which weight products a form leaves float (`IntegerForm.float_products`).
FIRST_LAYER, FEED_FORWARD = "first_layer", "feed_forward"
# Bump when the rewrite itself changes: the form's name, the cached file's name and the
# stored vectors' identity change with it.
REWRITE_VERSION = 2


@dataclass(frozen=True)
class IntegerForm:
    """One rewrite of the graph: the activations' quantisation block along K (onnxruntime
    takes powers of two >= 16; MiniLM's K, 384 and 1536, are multiples of it) and which
    weight products stay float ("" none; FIRST_LAYER: the first encoder layer's, whose
    input is the embeddings' sum; FEED_FORWARD: the widening and narrowing ones, K != N)."""

    block: int = 16
    float_products: str = ""

    def __post_init__(self) -> None:
        if self.block < 16 or self.block & (self.block - 1):
            raise ValueError(f"block must be a power of two >= 16, got {self.block}")
        if self.float_products not in ("", FIRST_LAYER, FEED_FORWARD):
            raise ValueError(f"unknown float_products {self.float_products!r}")

    @property
    def name(self) -> str:
        """The form in the embedder's model identity and the cached file's name."""
        kept = f"_float_{self.float_products}" if self.float_products else ""
        return f"matmul_nbits8_block{self.block}_accuracy{_ACCURACY_INT8}{kept}_v{REWRITE_VERSION}"


# The default form (one source: Embedder, set-up and the tests read it here): of the forms
# fast enough (block 32, block 16, block 32 with the first layer float; the feed-forward's
# products float left the call at x1.03), block 16 moved the decision texts' vectors least
# (cosine to the float graph's 0.99989 median, 0.99966 min; round 79).
DEFAULT_FORM = IntegerForm()


def _varint(buf: memoryview, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def _fields(buf: memoryview) -> Iterator[tuple[int, int, int | memoryview]]:
    """(field number, wire type, value) of one message, in order; a length-delimited value
    is a view into ``buf`` (weights are never copied)."""
    i, end = 0, len(buf)
    while i < end:
        key, i = _varint(buf, i)
        number, wire = key >> 3, key & 7
        value: int | memoryview
        if wire == _VARINT:
            value, i = _varint(buf, i)
        elif wire == _FIXED64:
            value, i = buf[i:i + 8], i + 8
        elif wire == _FIXED32:
            value, i = buf[i:i + 4], i + 4
        elif wire == _BYTES:
            size, i = _varint(buf, i)
            value, i = buf[i:i + size], i + size
        else:
            raise ValueError(f"unsupported protobuf wire type {wire}")
        yield number, wire, value


def _put_varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _put_bytes(number: int, payload: bytes | bytearray | memoryview) -> bytes:
    return _put_varint(number << 3 | _BYTES) + _put_varint(len(payload)) + bytes(payload)


def _put_int(number: int, value: int) -> bytes:
    return _put_varint(number << 3 | _VARINT) + _put_varint(value)


def _put_field(number: int, wire: int, value: int | memoryview) -> bytes:
    """A field read by :func:`_fields`, written back as it was."""
    if isinstance(value, int):
        return _put_int(number, value)
    if wire == _BYTES:
        return _put_bytes(number, value)
    return _put_varint(number << 3 | wire) + bytes(value)


def _text(value: int | memoryview) -> str:
    assert isinstance(value, memoryview)
    return bytes(value).decode("utf-8")


@dataclass
class _Node:
    raw: memoryview
    op: str = ""
    domain: str = ""
    name: str = ""
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    ints: dict[str, int] = field(default_factory=dict)

    @classmethod
    def parse(cls, raw: memoryview) -> _Node:
        node = cls(raw)
        for number, _, value in _fields(raw):
            if number == _NODE_INPUT:
                node.inputs.append(_text(value))
            elif number == _NODE_OUTPUT:
                node.outputs.append(_text(value))
            elif number == _NODE_NAME:
                node.name = _text(value)
            elif number == _NODE_OP:
                node.op = _text(value)
            elif number == _NODE_DOMAIN:
                node.domain = _text(value)
            elif number == _NODE_ATTRIBUTE:
                assert isinstance(value, memoryview)
                name, number_value = "", None
                for n2, _, v2 in _fields(value):
                    if n2 == _ATTR_NAME:
                        name = _text(v2)
                    elif n2 == _ATTR_INT and isinstance(v2, int):
                        number_value = v2
                if number_value is not None:
                    node.ints[name] = number_value
        return node


@dataclass
class _Tensor:
    name: str
    dims: list[int]
    data_type: int
    raw: memoryview | None  # raw_data, when the tensor keeps its values there


def _tensor(buf: memoryview) -> _Tensor:
    name, dims, data_type, raw = "", [], 0, None
    for number, wire, value in _fields(buf):
        if number == _TENSOR_DIMS:
            if isinstance(value, int):
                dims.append(value)
            else:  # packed
                i = 0
                while i < len(value):
                    d, i = _varint(value, i)
                    dims.append(d)
        elif number == _TENSOR_TYPE and isinstance(value, int):
            data_type = value
        elif number == _TENSOR_NAME:
            name = _text(value)
        elif number == _TENSOR_RAW and wire == _BYTES:
            assert isinstance(value, memoryview)
            raw = value
    return _Tensor(name, dims, data_type, raw)


def _put_tensor(name: str, dims: list[int], data_type: int, raw: bytes) -> bytes:
    body = b"".join(_put_int(_TENSOR_DIMS, d) for d in dims)
    body += _put_int(_TENSOR_TYPE, data_type) + _put_bytes(_TENSOR_NAME, name.encode())
    return _put_bytes(_GRAPH_INITIALIZER, body + _put_bytes(_TENSOR_RAW, raw))


def _put_node(op: str, inputs: list[str], outputs: list[str], name: str, domain: str,
              ints: dict[str, int]) -> bytes:
    body = b"".join(_put_bytes(_NODE_INPUT, s.encode()) for s in inputs)
    body += b"".join(_put_bytes(_NODE_OUTPUT, s.encode()) for s in outputs)
    body += _put_bytes(_NODE_NAME, name.encode()) + _put_bytes(_NODE_OP, op.encode())
    body += b"".join(_put_bytes(_NODE_ATTRIBUTE, _put_bytes(_ATTR_NAME, k.encode())
                                + _put_int(_ATTR_TYPE, _ATTR_TYPE_INT) + _put_int(_ATTR_INT, v))
                     for k, v in ints.items())
    return _put_bytes(_GRAPH_NODE, body + _put_bytes(_NODE_DOMAIN, domain.encode()))


def _blocks(matrix: _Tensor, scale: _Tensor, block: int) -> tuple[bytes, bytes, bytes]:
    """MatMulNBits' 8-bit inputs for an int8 [K, N] matrix with one scale per column: the
    weights as uint8 [N, K / BLOCK, BLOCK] (offset by the zero point 128), the scales and
    the zero points per column and block."""
    k, n = matrix.dims
    q = np.frombuffer(matrix.raw or b"", dtype=np.int8).reshape(k, n)
    column = np.frombuffer(scale.raw or b"", dtype=np.float32)
    blocks = k // block
    weights = (q.T.astype(np.int16) + 128).astype(np.uint8)
    scales = np.repeat(column, blocks).astype(np.float32)
    return weights.tobytes(), scales.tobytes(), np.full(n * blocks, 128, np.uint8).tobytes()


def integer_weight_graph(model: bytes, form: IntegerForm = DEFAULT_FORM) -> tuple[bytes, int]:
    """``model`` with every ``MatMul`` by a column-scaled int8 initializer (``Cast`` to float,
    ``Mul`` by a float [1, N] or [N] scale, K a multiple of ``form.block``) that ``form`` does
    not keep float made an 8-bit ``MatMulNBits`` over the int8 matrix, and how many were;
    ``(model, 0)`` unchanged when it holds none."""
    buf = memoryview(model)
    top = list(_fields(buf))
    graph = next((v for n, _, v in top if n == _MODEL_GRAPH), None)
    if not isinstance(graph, memoryview):
        raise ValueError("not an ONNX model: no graph")
    parts = list(_fields(graph))
    tensors = {t.name: t for t in (_tensor(v) for n, _, v in parts  # type: ignore[arg-type]
                                   if n == _GRAPH_INITIALIZER)}
    nodes = [_Node.parse(v) for n, _, v in parts if n == _GRAPH_NODE]  # type: ignore[arg-type]
    made_by = {o: node for node in nodes for o in node.outputs}
    uses: dict[str, int] = {}
    for node in nodes:
        for name in node.inputs:
            uses[name] = uses.get(name, 0) + 1

    def weight(node: _Node) -> tuple[_Tensor, _Tensor, _Node, _Node] | None:
        """The int8 matrix, its scale, the Cast and the Mul behind ``node``'s second input."""
        if node.op != "MatMul" or node.domain or len(node.inputs) != 2:
            return None
        mul = made_by.get(node.inputs[1])
        if mul is None or mul.op != "Mul" or mul.domain or len(mul.inputs) != 2:
            return None
        for cast_in, scale_in in (mul.inputs, mul.inputs[::-1]):
            cast, scale = made_by.get(cast_in), tensors.get(scale_in)
            if (cast is None or cast.op != "Cast" or cast.ints.get("to") != _FLOAT
                    or scale is None or scale.data_type != _FLOAT or scale.raw is None):
                continue
            matrix = tensors.get(cast.inputs[0])
            if (matrix is None or matrix.data_type != _INT8 or matrix.raw is None
                    or len(matrix.dims) != 2 or matrix.dims[0] % form.block):
                continue
            if scale.dims in ([1, matrix.dims[1]], [matrix.dims[1]]):
                return matrix, scale, cast, mul
        return None

    products = [(node, found) for node in nodes if (found := weight(node)) is not None]
    if form.float_products == FEED_FORWARD:
        products = [(node, f) for node, f in products if f[0].dims[0] == f[0].dims[1]]
    elif form.float_products == FIRST_LAYER:
        # A layer ends with its feed-forward's narrowing product (K > N): the first layer's
        # products are those up to and including the first such one, in graph order.
        end = next((i for i, (_, f) in enumerate(products) if f[0].dims[0] > f[0].dims[1]), -1)
        products = products[end + 1:]
    replaced: dict[int, bytes] = {}
    dropped: set[int] = set()
    orphans: set[str] = set()  # initializers only the dropped Cast and Mul read
    added: list[bytes] = []
    block = form.block
    for node, (matrix, scale, cast, mul) in products:
        k, n = matrix.dims
        weights, scales, zero_points = _blocks(matrix, scale, block)
        names = [f"{matrix.name}__{part}" for part in ("blocks", "scales", "zero_points")]
        added += [_put_tensor(names[0], [n, k // block, block], _UINT8, weights),
                  _put_tensor(names[1], [n * (k // block)], _FLOAT, scales),
                  _put_tensor(names[2], [n * (k // block)], _UINT8, zero_points)]
        replaced[id(node)] = _put_node(
            "MatMulNBits", [node.inputs[0], *names], node.outputs,
            f"{node.name or node.outputs[0]}__integer", _DOMAIN,
            {"K": k, "N": n, "bits": 8, "block_size": block, "accuracy_level": _ACCURACY_INT8})
        # The float matrix is gone only if nothing else reads it (an embedding's Gather would).
        if uses.get(mul.outputs[0]) == 1:
            dropped.add(id(mul))
            if uses.get(scale.name) == 1:
                orphans.add(scale.name)
            if uses.get(cast.outputs[0]) == 1:
                dropped.add(id(cast))
                if uses.get(matrix.name) == 1:
                    orphans.add(matrix.name)
    if not replaced:
        return model, 0
    out_graph = bytearray()
    node_at = iter(nodes)
    for number, wire, value in parts:
        if number == _GRAPH_NODE:
            node = next(node_at)
            if id(node) not in dropped:
                out_graph += replaced.get(id(node)) or _put_field(number, wire, value)
        elif number != _GRAPH_INITIALIZER or _tensor_name(value) not in orphans:
            out_graph += _put_field(number, wire, value)
    for tensor in added:
        out_graph += tensor
    out = bytearray()
    for number, wire, value in top:
        out += (_put_bytes(_MODEL_GRAPH, out_graph) if number == _MODEL_GRAPH
                else _put_field(number, wire, value))
    if not any(n == _MODEL_OPSET and _opset_domain(v) == _DOMAIN for n, _, v in top):
        out += _put_bytes(_MODEL_OPSET, _put_bytes(_OPSET_DOMAIN, _DOMAIN.encode())
                          + _put_int(_OPSET_VERSION, 1))
    return bytes(out), len(replaced)


def _opset_domain(value: int | memoryview) -> str:
    if not isinstance(value, memoryview):
        return ""
    return next((_text(v) for n, _, v in _fields(value) if n == _OPSET_DOMAIN), "")


def _tensor_name(value: int | memoryview) -> str:
    if not isinstance(value, memoryview):
        return ""
    return next((_text(v) for n, _, v in _fields(value) if n == _TENSOR_NAME), "")


def integer_graph_path(source: hashlib.blake2b, form: IntegerForm = DEFAULT_FORM,
                       directory: str | Path | None = None) -> Path:
    """Where the rewritten file of the model whose bytes hash to ``source`` is cached: next
    to the static table (set-up's derived files), named by that hash and the form."""
    from memory_node.core.recall.lemma_table import table_dir

    return Path(directory or table_dir()) / f"minilm_{source.hexdigest()}_{form.name}.onnx"


def cached_integer_graph(model_path: str | Path, source: hashlib.blake2b,
                         form: IntegerForm = DEFAULT_FORM,
                         directory: str | Path | None = None) -> str | bytes | None:
    """The rewritten model for onnxruntime: its cached file's path, written now (atomically)
    if set-up did not; its bytes when the directory cannot be written (the rewrite then
    runs at every start, ~65 ms); None when the file has no weight to rewrite."""
    path = integer_graph_path(source, form, directory)
    if path.is_file():
        return str(path)
    rewritten, count = integer_weight_graph(Path(model_path).read_bytes(), form)
    if not count:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(rewritten)
            os.chmod(tmp, 0o644)  # mkstemp's 0600 would hide it from other users' servers
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError as err:
        logging.getLogger(__name__).warning(
            "cannot cache the integer graph at %s (%s): rewriting it at every start", path, err)
        return rewritten
    return str(path)


def main(argv: list[str] | None = None) -> int:
    """Set-up's step: the packaged model's rewritten file, once."""
    from memory_node.core.recall.embedder import packaged_model_path
    from memory_node.core.recall.embedding_store import file_hash

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--out-dir", type=Path, default=None)
    ap.add_argument("--if-missing", action="store_true",
                    help="only check the file is there (it is named by the model's hash)")
    args = ap.parse_args(argv)
    model = args.model or packaged_model_path()
    source = file_hash(model)
    path = integer_graph_path(source, DEFAULT_FORM, args.out_dir)
    if path.is_file() and not args.if_missing:
        path.unlink()
    made = cached_integer_graph(model, source, DEFAULT_FORM, args.out_dir)
    print(made if isinstance(made, str) else f"not cached: {path}")
    return 0 if isinstance(made, str) else 1


if __name__ == "__main__":
    raise SystemExit(main())
