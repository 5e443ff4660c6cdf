"""One ready-to-paste context block under a token budget.

Recalled units come first (they answer the instruction), the long-term scene-graph text
gets the rest. The scene graph is either a fixed string, cut at line boundaries, or a
callable that renders only what the relevant labels and areas need within the budget it
is given (the scene-graph owner knows best how to shorten its own text).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field

from memory_node.core.scene_graph.serialise import SCENE_HEADER
from memory_node.core.tokens import count_tokens, joins_add_up

SceneGraphRenderer = Callable[[Sequence[str], Sequence[str], int], str]
SceneGraphSource = str | SceneGraphRenderer | None

UNITS_HEADER = "Remembered objects (id: description; recency):"
NOTHING_LINE = "Memory: nothing relevant remembered."


class SceneGraphMemo:
    """Scene-graph texts already rendered for this graph revision.

    Rendering serialises the whole graph (~1.5-3.5 ms at 1,000 objects) and depends only
    on the graph and (labels, areas, budget); between two frames a planner's requests
    repeat those, so the text is kept per revision key. The key comes from the graph's
    owner and must change whenever its text could (revision, robot area); it is read
    before rendering, so a change during a render can only file a newer text under an
    older key, which no later request asks for.
    """

    def __init__(self, max_entries: int = 256) -> None:
        if max_entries <= 0:
            raise ValueError(f"max_entries must be positive, got {max_entries}")
        self.max_entries = max_entries
        self._texts: OrderedDict[tuple[Hashable, tuple[str, ...], tuple[str, ...], int],
                                 str] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def source(self, scene_graph: SceneGraphSource,
               key: Callable[[], Hashable] | None) -> SceneGraphSource:
        """`scene_graph` itself when it is not a renderer or has no key; else a renderer
        that answers from the texts of the graph's current key."""
        if key is None or not callable(scene_graph):
            return scene_graph
        render = scene_graph
        revision = key()

        def memoised(labels: Sequence[str], areas: Sequence[str], budget: int) -> str:
            entry = (revision, tuple(labels), tuple(areas), int(budget))
            with self._lock:
                text = self._texts.get(entry)
                if text is not None:
                    self._texts.move_to_end(entry)
                    self.hits += 1
                    return text
            text = render(labels, areas, budget)
            with self._lock:
                self.misses += 1
                if self._texts and next(reversed(self._texts))[0] != revision:
                    self._texts.clear()  # another revision: its texts are never asked again
                self._texts[entry] = text
                while len(self._texts) > self.max_entries:
                    self._texts.popitem(last=False)
            return text

        return memoised


def _count_joined(pieces: Sequence[str]) -> int:
    # The lines' counts are memoised (the same scene-graph and unit lines come back every
    # request); encoding the ~600-token whole was ~1-1.5 ms of each request at 10,000 units.
    if joins_add_up():
        return sum(count_tokens(p) for p in pieces)
    return count_tokens("\n".join(pieces))


@dataclass(frozen=True)
class ContextBlock:
    text: str
    token_count: int
    unit_ids: tuple[str, ...]
    scene_graph_included: bool
    truncated: bool  # True when some unit line or scene-graph line did not fit
    # Every unit's description text as the block's lines were written (by object id, cut
    # lines too), when the caller described the units with the answer's labels and clock
    # (`Recaller.context_for`): the answer reuses them instead of describing each unit a
    # second time. Empty when the lines were written otherwise (a step's own labels).
    descriptions: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    # The scene graph's lines as they are in `text`, its header first ("" without them):
    # the answer's long-term text, read here rather than split back out of `text`.
    scene_text: str = field(default="", compare=False, repr=False)


def _fit_lines(lines: Sequence[str], budget: int) -> tuple[list[str], int, bool]:
    """Longest prefix of `lines` whose joined token count is <= budget."""
    kept: list[str] = []
    used = 0
    for line in lines:
        cost = count_tokens(line)
        if used + cost > budget:
            return kept, used, True
        kept.append(line)
        used += cost
    return kept, used, False


def assemble_context(
    unit_lines: Sequence[tuple[str, str]],
    token_budget: int,
    *,
    scene_graph: SceneGraphSource = None,
    labels: Sequence[str] = (),
    areas: Sequence[str] = (),
    unit_share: float = 0.7,
    say_nothing: bool = True,
) -> ContextBlock:
    """Join (object_id, text) lines and the scene graph into at most `token_budget` tokens.

    With a scene graph, units may use `unit_share` of the budget; whatever they leave is
    the scene graph's. With `say_nothing`, an empty recall yields an explicit line, so the
    planner can tell "nothing relevant" from "memory not consulted".
    """
    if token_budget <= 0:
        raise ValueError(f"token_budget must be positive, got {token_budget}")
    if not 0.0 < unit_share <= 1.0:
        raise ValueError(f"unit_share must be in (0, 1], got {unit_share}")
    has_scene = scene_graph is not None and scene_graph != ""
    unit_budget = int(token_budget * unit_share) if has_scene else token_budget
    truncated = False
    pieces: list[str] = []
    ids: list[str] = []
    if unit_lines:
        header_cost = count_tokens(UNITS_HEADER)
        kept, _, cut = _fit_lines([t for _, t in unit_lines], unit_budget - header_cost)
        truncated |= cut
        if kept:
            pieces.append(UNITS_HEADER)
            pieces.extend(kept)
            ids = [oid for oid, _ in unit_lines[:len(kept)]]
    elif say_nothing and count_tokens(NOTHING_LINE) <= token_budget:
        pieces.append(NOTHING_LINE)

    scene_included = False
    scene_at = len(pieces)
    if has_scene:
        # The sum of the (memoised) line counts, not one more encode of the joined text
        # (~600 tokens, a few ms per request); the guard below still counts the result.
        remaining = token_budget - sum(count_tokens(p) for p in pieces)
        if remaining > 0:
            text = (scene_graph(list(labels), list(areas), remaining)
                    if callable(scene_graph) else scene_graph) or ""
            lines = [ln for ln in text.splitlines() if ln.strip()]
            # The serialiser's first line is the section's header already, with what it
            # adds ("Scene graph: 50 areas, 10000 objects; positions ... in metres"): a
            # header of ours above it was read twice for nothing. Another text gets ours,
            # counted in the same budget (a renderer's last line may give way to it).
            headed = bool(lines) and lines[0].startswith(SCENE_HEADER)
            kept, _, cut = _fit_lines(lines if headed else [SCENE_HEADER, *lines], remaining)
            truncated |= cut
            if len(kept) > (0 if headed else 1):
                pieces.extend(kept)
                scene_included = True
                scene_at += 0 if headed else 1
        else:
            truncated = True

    text = "\n".join(pieces)
    tokens = _count_joined(pieces)
    # The loop is a guard so that a tokenizer whose joins do not add up can never break the
    # budget promise (with this one it never runs: the parts were fitted by their counts).
    while tokens > token_budget and pieces:
        pieces.pop()
        truncated = True
        text = "\n".join(pieces)
        tokens = _count_joined(pieces)
    ids = [oid for oid in ids if any(line.startswith(f"{oid}:") for line in pieces)]
    # The guard pops from the end: the scene graph is in only while a line of it is left
    # (from `scene_at`: a header of ours is not the graph's).
    scene = pieces[scene_at:] if scene_included else []
    return ContextBlock(text, tokens, tuple(ids), bool(scene), truncated,
                        scene_text="\n".join(scene))
