"""The scene graph as planner context: KARMA's text form and a compact JSON-able form,
under a token budget.

When the whole graph does not fit, every area collapses to a one-line summary and only the
areas relevant to the query expand to list their objects (SayPlan's collapse/expand over
a 3D scene graph). Per-area fragments and their token counts are cached against the
graph's per-area version, so a call after a frame re-renders only the areas that frame
touched; the final text is counted once more in full, so the reported count is exact and
the budget is never exceeded even for a tokenizer whose counts are not additive. With the
default counter and a tokenizer whose counts of lines joined by newlines add up
(`tokens.joins_add_up`: BERT's WordPiece) the text form's count is the sum of its lines'
(exact, and ~0.3 ms less per call than encoding ~600 tokens again).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from itertools import accumulate, repeat
from typing import Any

from memory_node.core.scene_graph.graph import SceneGraph

TokenCounter = Callable[[str], int]
# The text form's first line begins with it; a recall context block takes that line as
# its scene-graph section's header (recall/context.py).
SCENE_HEADER = "Scene graph:"
_WORD = re.compile(r"[a-z0-9]+")
# What the JSON form's `"stamp":1234567890.123,` costs, about (a budget's plan reserves it;
# the assembled answer is counted whole).
_STAMP_TOKENS = 10


def _default_counter() -> TokenCounter:
    from memory_node.core.tokens import count_tokens  # noqa: PLC0415 - heavy, load on use

    return count_tokens


def _joins_add_up() -> bool:
    from memory_node.core.tokens import joins_add_up  # noqa: PLC0415 - heavy, load on use

    return joins_add_up()


def _fmt(v: float) -> str:
    return f"{v:.2f}"


def _xyz(p: Iterable[float]) -> str:
    return "(" + ", ".join(_fmt(c) for c in p) + ")"


@dataclass
class SerialisedGraph:
    text: str
    data: dict[str, Any]
    tokens: int  # tokens of `text` (mode "text") or of compact JSON of `data` (mode "json")
    expanded: list[str] = field(default_factory=list)
    collapsed: list[str] = field(default_factory=list)
    omitted: list[str] = field(default_factory=list)


@dataclass
class _Fragment:
    version: int
    text: dict[bool, str]  # expanded? -> text line(s)
    data: dict[bool, dict[str, Any]]
    tokens: dict[tuple[str, bool], int]  # (mode, expanded) -> tokens
    words: frozenset[str]


@dataclass
class _Layout:
    """What every call reads of the whole graph, whatever its query and budget: the areas'
    fragments, their nearest-first order and the expanded graph's token count. Kept while
    the areas, their versions and the robot's area stay the same (`key`): a planner's
    requests between two frames each rebuilt them (~50 areas at 10,000 units, per call)."""
    key: Hashable
    areas: list[str]
    fragments: dict[str, _Fragment]
    nearest: list[str]  # the areas nearest to the robot first (`_by_distance`)
    rank: dict[str, int]  # area -> its place in `nearest`
    full: dict[str, int] = field(default_factory=dict)  # mode -> expanded fragments' tokens
    # mode -> the summaries' tokens in `nearest` order, and the least of each suffix of
    # them (what `_plan` stops at once no area left can fit)
    briefs: dict[str, tuple[list[int], list[int]]] = field(default_factory=dict)


class SceneGraphSerialiser:
    """Keep one per scene graph; call `serialise` whenever the planner needs context."""

    def __init__(self, graph: SceneGraph, count_tokens: TokenCounter | None = None) -> None:
        self.graph = graph
        default = _default_counter()
        self.count_tokens = count_tokens or default
        # Lines' counts add up to the text's only for the default counter's tokenizer.
        self._lines_add_up = self.count_tokens is default and _joins_add_up()
        self._cache: dict[str, _Fragment] = {}
        self._layout_held: _Layout | None = None

    # -- fragments ------------------------------------------------------------------------
    def _fragment(self, area: str) -> _Fragment:
        version = self.graph.area_versions.get(area, 0)
        cached = self._cache.get(area)
        if cached is not None and cached.version == version:
            return cached
        g = self.graph
        attrs = g.node(area)
        objects = sorted(g.objects_in(area), key=lambda o: g.node(o)["uid"])
        neighbours = g.neighbours(area)
        head = f"{area} at {_xyz(attrs['position'][:2])} floor {attrs['level']}"
        nb = "; neighbours: " + (", ".join(neighbours) if neighbours else "none")
        items = []
        for o in objects:
            oa = g.node(o)
            state = f" [{oa['state']}]" if oa["state"] not in ("none", "") else ""
            items.append(f"{oa['label']} {o} {_xyz(oa['position'])}{state}")
        counts = Counter(g.node(o)["label"] for o in objects)
        summary = ", ".join(f"{n} {label}" for label, n in sorted(counts.items()))
        expanded_text = f"{head}: " + ("; ".join(items) if items else "no objects") + nb
        collapsed_text = f"{head}: {len(objects)} objects" + (
            f" ({summary})" if summary else "") + nb
        base = {"id": area, "position": [round(c, 2) for c in attrs["position"]],
                "floor": attrs["level"], "neighbours": neighbours}
        expanded_data = base | {"objects": [
            {"id": o, "label": g.node(o)["label"],
             "position": [round(c, 2) for c in g.node(o)["position"]],
             **({"state": g.node(o)["state"]} if g.node(o)["state"] != "none" else {})}
            for o in objects]}
        collapsed_data = base | {"object_counts": dict(sorted(counts.items()))}
        words = {area}
        for label in counts:
            words.add(label.lower())
            words.add(g.config.canonical(label))
            words.update(_WORD.findall(label.lower()))
        words.update(objects)
        fragment = _Fragment(version, {True: expanded_text, False: collapsed_text},
                             {True: expanded_data, False: collapsed_data}, {},
                             frozenset(words))
        self._cache[area] = fragment
        return fragment

    def _tokens(self, fragment: _Fragment, mode: str, expanded: bool) -> int:
        """Tokens of the fragment, plus its separator in the assembled form (the comma
        between JSON array items is a token; a newline is not)."""
        key = (mode, expanded)
        if key not in fragment.tokens:
            if mode == "text":
                fragment.tokens[key] = self.count_tokens(fragment.text[expanded])
            else:
                fragment.tokens[key] = 1 + self.count_tokens(
                    json.dumps(fragment.data[expanded], separators=(",", ":")))
        return fragment.tokens[key]

    def _layout(self) -> _Layout:
        """The graph's layout for this call, rebuilt only when an area was added or its
        version bumped (everything an area's text shows, its position included) or the
        robot moved to another area: what a fragment's cache already keys on, plus the
        robot's area, which the distances are measured from."""
        areas = self._areas()
        versions = self.graph.area_versions
        key = (self.graph.current_area, tuple(areas),
               tuple(map(versions.get, areas, repeat(0))))
        held = self._layout_held
        if held is not None and held.key == key:
            return held
        fragments = {a: self._fragment(a) for a in areas}
        nearest = self._by_distance(areas)
        held = self._layout_held = _Layout(key, areas, fragments, nearest,
                                           {a: i for i, a in enumerate(nearest)})
        return held

    def _full_tokens(self, layout: _Layout, mode: str) -> int:
        full = layout.full.get(mode)
        if full is None:
            full = layout.full[mode] = sum(self._tokens(f, mode, True)
                                           for f in layout.fragments.values())
        return full

    # -- the budgeted form ----------------------------------------------------------------
    def relevant_areas(self, query: Iterable[str]) -> list[str]:
        """Areas named in the query or holding an object whose label matches a query word,
        most matches first."""
        return self._relevant_areas(query, self._layout())

    def _relevant_areas(self, query: Iterable[str], layout: _Layout) -> list[str]:
        terms: set[str] = set()
        canonical = self.graph.config.canonical
        for q in query:
            q = q.strip().lower()
            if q:
                terms.update({q, canonical(q)}, _WORD.findall(q))
                terms.update(canonical(w) for w in _WORD.findall(q))
        hits = {}
        for area, fragment in layout.fragments.items():
            n = len(fragment.words & terms)
            if n:
                hits[area] = n
        # more matching words first; among equals, the nearest to the robot (the stable
        # sort of all areas by distance, read at these: the order a sort of these gives)
        rank = layout.rank
        return sorted(hits, key=lambda a: (-hits[a], rank[a]))

    def _areas(self) -> list[str]:
        return self.graph.area_ids()

    def _header(self, n_areas: int, n_objects: int, mode: str) -> str:
        if mode == "json":
            return ""
        return (f"{SCENE_HEADER} {n_areas} areas, {n_objects} objects; positions (x, y, z) "
                "in metres, map frame.")

    def serialise(
        self, budget: int, query: Iterable[str] = (), mode: str = "text"
    ) -> SerialisedGraph:
        """The graph in at most `budget` tokens. `query`: labels, words or area ids whose
        areas expand first when not everything fits. `mode`: "text" (KARMA) or "json"."""
        if mode not in ("text", "json"):
            raise ValueError(f"mode must be 'text' or 'json', got {mode!r}")
        if budget < 1:
            raise ValueError(f"token budget must be positive, got {budget}")
        layout = self._layout()
        areas, fragments = layout.areas, layout.fragments
        header = self._header(len(areas), self.graph.object_count, mode)
        # JSON: the braces and the stamp (`_assemble`).
        fixed = self.count_tokens(header) + 2 if header else 4 + _STAMP_TOKENS
        full = fixed + self._full_tokens(layout, mode)
        relevant = self._relevant_areas(query, layout)
        if full <= budget:
            expanded = list(areas)
            kept = list(areas)
        else:
            kept, expanded = self._plan(layout, relevant, fixed, budget, mode)
        while True:
            result = self._assemble(areas, kept, set(expanded), fragments, header, mode)
            if result.tokens <= budget:
                return result
            # Counts were not additive for this tokenizer (or the "not shown" line tipped
            # it): drop the last summary of an unrelated area, else give back the last
            # expansion, else drop the last area kept.
            relevant_set = set(relevant)
            unrelated = [a for a in kept if a not in relevant_set]
            if unrelated:
                kept.remove(unrelated[-1])
            elif expanded:
                expanded.pop()
            elif kept:
                kept.pop()
            else:
                return result  # only the header is left and it alone exceeds the budget

    def _plan(self, layout: _Layout, relevant: list[str], fixed: int, budget: int,
              mode: str) -> tuple[list[str], list[str]]:
        """Which areas to show and which of those to expand, when not everything fits.

        Relevant areas come first, in relevance order, each expanded if it fits and
        summarised otherwise. The remaining areas follow as summaries, nearest to the robot
        first, until the budget is spent; the rest are counted in one line."""
        fragments = layout.fragments
        used = fixed + 8  # the "(N more areas not shown)" line
        kept: list[str] = []
        expanded: list[str] = []
        for a in relevant:
            full = self._tokens(fragments[a], mode, True)
            brief = self._tokens(fragments[a], mode, False)
            if used + full <= budget:
                kept.append(a)
                expanded.append(a)
                used += full
            elif used + brief <= budget:
                kept.append(a)
                used += brief
        relevant_set = set(relevant)
        # The stable sort of all areas by distance, read past the relevant ones: the order
        # a sort of the rest gives. Read only while some area left can still fit (the
        # least summary of those left, kept per layout): past it none is kept.
        costs, least = self._briefs(layout, mode)
        for a, cost, low in zip(layout.nearest, costs, least, strict=True):
            if used + low > budget:
                break
            if used + cost <= budget and a not in relevant_set:
                kept.append(a)
                used += cost
        return kept, expanded

    def _briefs(self, layout: _Layout, mode: str) -> tuple[list[int], list[int]]:
        """The summaries' tokens in ``layout.nearest`` order, and per place the least of
        those from it on (kept per layout and mode)."""
        held = layout.briefs.get(mode)
        if held is None:
            costs = [self._tokens(layout.fragments[a], mode, False) for a in layout.nearest]
            least = list(accumulate(reversed(costs), min))[::-1]
            held = layout.briefs[mode] = (costs, least)
        return held

    def _by_distance(self, areas: list[str]) -> list[str]:
        here = self.graph.current_area
        if here is None or here not in self.graph.graph:
            return areas
        x0, y0 = self.graph.node(here)["position"][:2]

        def distance(a: str) -> float:
            x, y = self.graph.node(a)["position"][:2]
            return (x - x0) ** 2 + (y - y0) ** 2

        return sorted(areas, key=distance)

    def _assemble(self, areas: list[str], kept: list[str], expanded: set[str],
                  fragments: dict[str, _Fragment], header: str, mode: str) -> SerialisedGraph:
        kept_set = set(kept)
        ordered = [a for a in areas if a in kept_set]
        omitted = [a for a in areas if a not in kept_set]
        parts = [fragments[a] for a in ordered]
        data: dict[str, Any] = {
            "areas": [f.data[a in expanded] for a, f in zip(ordered, parts, strict=True)]}
        if omitted:
            data["omitted_areas"] = len(omitted)
        if mode == "json" and self.graph.newest_stamp is not None:
            # Memory's now (the newest frame's stamp, the sensors' clock): what a reader
            # compares answers' STATE_READ with (the planner: a door read open before its
            # task began). Not in the text form: the model has no use for a clock.
            data["stamp"] = round(float(self.graph.newest_stamp), 3)
        lines = [header] if header else []
        lines += [f.text[a in expanded] for a, f in zip(ordered, parts, strict=True)]
        if omitted:
            lines.append(f"({len(omitted)} more areas not shown)")
        text = "\n".join(lines)
        if mode == "text" and self._lines_add_up:
            tokens = (sum(self._tokens(f, mode, a in expanded)
                          for a, f in zip(ordered, parts, strict=True))
                      + sum(self.count_tokens(line) for line in (lines[:1] if header else []))
                      + (self.count_tokens(lines[-1]) if omitted else 0))
        else:
            counted = text if mode == "text" else json.dumps(data, separators=(",", ":"))
            tokens = self.count_tokens(counted)
        return SerialisedGraph(
            text=text, data=data, tokens=tokens,
            expanded=[a for a in ordered if a in expanded],
            collapsed=[a for a in ordered if a not in expanded], omitted=omitted)
