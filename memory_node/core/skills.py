"""The skill vocabulary (config/skills.yaml): names, argument roles, the fixtures a skill
needs, its requirements and its effect, read by outcome effects, working-memory warnings,
the planner and the simulated household alike.

The table is data: it is parsed into frozen dataclasses and checked against a fixed set of
argument kinds, requirement names and effect forms at load time; nothing in it is executed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from memory_node.core.config_files import config_path, load_yaml

ARG_KINDS = ("object", "place", "label", "relation")
REQUIREMENTS = ("hand_empty", "holding", "holding_type", "reachable", "open", "openable",
                "toggleable")
EFFECTS = ("robot_at", "hold", "place", "state", "pour")
RELATIONS = ("in", "on")
RESULTS = ("success", "failure")
MAX_ARG_CHARS = 128


@dataclass(frozen=True)
class ArgSpec:
    role: str
    kind: str                 # one of ARG_KINDS
    optional: bool = False


@dataclass(frozen=True)
class Requirement:
    name: str                 # one of REQUIREMENTS
    arg: int | None = None    # the argument it is about, if any
    types: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillSpec:
    name: str
    server: str               # key of SkillTable.servers
    description: str
    args: tuple[ArgSpec, ...]
    requires: tuple[Requirement, ...] = ()
    fixtures: tuple[tuple[str, ...], ...] = ()
    effect: tuple[tuple[str, Any], ...] = ()   # (form, parameter) from EFFECTS

    @property
    def min_args(self) -> int:
        return sum(1 for a in self.args if not a.optional)

    @property
    def max_args(self) -> int:
        return len(self.args)

    @property
    def object_args(self) -> tuple[int, ...]:
        """Argument positions that must be object ids the memory knows."""
        return tuple(i for i, a in enumerate(self.args) if a.kind == "object")

    @property
    def state_after(self) -> tuple[int, str] | None:
        """(argument, state) a success leaves, for skills whose effect is a state."""
        for form, param in self.effect:
            if form == "state":
                return int(param["arg"]), str(param["value"])
        return None

    @property
    def place_fixtures(self) -> tuple[str, ...]:
        """Fixture types the skill works its effect *at* (the fridge of `cool`, the
        microwave or stove of `heat`), as opposed to a tool the robot holds while doing it
        (the knife of `slice`: a fixture group named by a `holding_type` requirement)."""
        tools = {t for r in self.requires if r.name == "holding_type" for t in r.types}
        return tuple(t for group in self.fixtures if not tools.intersection(group)
                     for t in group)

    @property
    def clears(self) -> tuple[str, ...]:
        """States a success ends (the state effect's `clears`): cooling ends heated."""
        param = self.effect_param("state")
        return tuple(param.get("clears") or ()) if isinstance(param, dict) else ()

    def effect_param(self, form: str) -> Any:
        for f, param in self.effect:
            if f == form:
                return param
        return None

    def signature(self) -> str:
        """`put(object, receptacle, [relation])`, for prompts and messages."""
        parts = [f"[{a.role}]" if a.optional else a.role for a in self.args]
        return f"{self.name}({', '.join(parts)})"


@dataclass(frozen=True)
class SkillTable:
    skills: Mapping[str, SkillSpec]
    servers: Mapping[str, str]          # server key -> ExecuteSkill action name

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.skills)

    def __getitem__(self, name: str) -> SkillSpec:
        return self.skills[name]

    def __contains__(self, name: object) -> bool:
        return name in self.skills

    def action_for(self, skill: str) -> str:
        return self.servers[self.skills[skill].server]

    def fixtures_for(self, skill: str) -> tuple[tuple[str, ...], ...]:
        spec = self.skills.get(skill)
        return spec.fixtures if spec else ()

    def fixture_clears(self) -> dict[str, frozenset[str]]:
        """Fixture type -> the states the skills worked at it clear (Fridge -> {heated},
        Microwave and StoveBurner -> {cooled}, SinkBasin -> {dirty}): what such a fixture
        may undo in an object left in or on it while it works, out of the robot's sight.
        Types as the table spells them; fixtures whose skills clear nothing are left out."""
        out: dict[str, set[str]] = {}
        for spec in self.skills.values():
            if not spec.clears:
                continue
            for t in spec.place_fixtures:
                out.setdefault(t, set()).update(spec.clears)
        return {t: frozenset(v) for t, v in out.items()}

    def check_call(self, skill: object, args: object) -> tuple[str, tuple[str, ...]]:
        """Normalised (skill, args) or ValueError naming what is wrong."""
        if not isinstance(skill, str) or skill.strip().lower() not in self.skills:
            raise ValueError(f"unknown skill {skill!r}; known: {', '.join(self.names)}")
        spec = self.skills[skill.strip().lower()]
        if isinstance(args, str) or not isinstance(args, (tuple, list)):
            raise ValueError(f"{spec.name} arguments must be a list of strings, got {args!r}")  # noqa: TRY004 - callers map ValueError to a rejected request
        if not spec.min_args <= len(args) <= spec.max_args:
            raise ValueError(f"{spec.name} takes {spec.min_args}..{spec.max_args} arguments, "
                             f"got {len(args)}")
        if not all(isinstance(a, str) and a.strip() for a in args):
            raise ValueError(f"{spec.name} arguments must be non-empty strings, got {args!r}")
        if any(len(a) > MAX_ARG_CHARS for a in args):
            raise ValueError(f"{spec.name} arguments are at most {MAX_ARG_CHARS} characters")
        clean = tuple(a.strip() for a in args)
        for i, a in enumerate(clean):
            if spec.args[i].kind == "relation" and a not in RELATIONS:
                raise ValueError(f"{spec.name}: {spec.args[i].role} must be 'in' or 'on', "
                                 f"got {a!r}")
        return spec.name, clean


def _requirement(raw: Any, where: str) -> Requirement:
    if isinstance(raw, str):
        name, param = raw, None
    elif isinstance(raw, dict) and len(raw) == 1:
        (name, param), = raw.items()
    else:
        raise ValueError(f"{where}: a requirement is a name or a one-key mapping, got {raw!r}")
    if name not in REQUIREMENTS:
        raise ValueError(f"{where}: unknown requirement {name!r}; known: "
                         f"{', '.join(REQUIREMENTS)}")
    if name == "hand_empty":
        if param is not None:
            raise ValueError(f"{where}: hand_empty takes no parameter")
        return Requirement(name)
    if name == "holding_type":
        if not isinstance(param, list) or not all(isinstance(t, str) for t in param):
            raise ValueError(f"{where}: holding_type takes a list of types")
        return Requirement(name, types=tuple(param))
    if not isinstance(param, int) or isinstance(param, bool):
        raise ValueError(f"{where}: {name} takes an argument index")
    return Requirement(name, arg=param)


def _skill(name: str, raw: Any, servers: Mapping[str, str]) -> SkillSpec:
    where = f"skill {name}"
    if not isinstance(raw, dict):
        raise ValueError(f"{where}: expected a mapping")  # noqa: TRY004 - table errors are ValueError
    server = raw.get("server")
    if server not in servers:
        raise ValueError(f"{where}: server {server!r} is not one of {', '.join(servers)}")
    args = []
    for a in raw.get("args") or []:
        if not isinstance(a, dict) or a.get("kind") not in ARG_KINDS or not a.get("role"):
            raise ValueError(f"{where}: argument {a!r} needs a role and a kind in {ARG_KINDS}")
        args.append(ArgSpec(str(a["role"]), str(a["kind"]), bool(a.get("optional", False))))
    if not args:
        raise ValueError(f"{where}: no arguments")
    seen_optional = False
    for a in args:
        if seen_optional and not a.optional:
            raise ValueError(f"{where}: optional arguments must come last")
        seen_optional |= a.optional
    requires = tuple(_requirement(r, where) for r in raw.get("requires") or [])
    for r in requires:
        if r.arg is not None and not 0 <= r.arg < len(args):
            raise ValueError(f"{where}: requirement {r.name} names argument {r.arg}")
    fixtures = raw.get("fixtures") or []
    if not all(isinstance(g, list) and g and all(isinstance(t, str) for t in g)
               for g in fixtures):
        raise ValueError(f"{where}: fixtures is a list of lists of types")
    effect = raw.get("effect") or {}
    if not isinstance(effect, dict) or any(k not in EFFECTS for k in effect):
        raise ValueError(f"{where}: effect forms are {', '.join(EFFECTS)}")
    state = effect.get("state")
    clears = state.get("clears", []) if isinstance(state, dict) else []
    if not isinstance(clears, list) or not all(isinstance(c, str) and c for c in clears):
        raise ValueError(f"{where}: a state effect's clears is a list of states")
    return SkillSpec(name=name, server=str(server), description=str(raw.get("description", "")),
                     args=tuple(args), requires=requires,
                     fixtures=tuple(tuple(g) for g in fixtures),
                     effect=tuple(effect.items()))


def parse_skill_table(data: Any, source: str = "<dict>") -> SkillTable:
    if not isinstance(data, dict) or not isinstance(data.get("skills"), dict) \
            or not isinstance(data.get("servers"), dict):
        raise ValueError(f"{source}: expected a mapping with 'servers' and 'skills'")
    servers = {str(k): str(v) for k, v in data["servers"].items()}
    try:
        skills = {str(n).lower(): _skill(str(n).lower(), raw, servers)
                  for n, raw in data["skills"].items()}
    except ValueError as exc:
        raise ValueError(f"{source}: {exc}") from None
    return SkillTable(skills=skills, servers=servers)


def default_skill_table_path() -> Path:
    return config_path("skills.yaml")


@lru_cache(maxsize=8)
def _load(path: str) -> SkillTable:
    with open(path, encoding="utf-8") as fh:
        return parse_skill_table(load_yaml(fh), path)


def load_skill_table(path: str | Path | None = None) -> SkillTable:
    """The table at `path` (default: config/skills.yaml), parsed once per path."""
    return _load(str(Path(path) if path else default_skill_table_path()))


def skill_names() -> Sequence[str]:
    return load_skill_table().names


def check_skill_call(skill: object, args: object) -> tuple[str, tuple[str, ...]]:
    """Normalised (skill, args) against the default table, or ValueError."""
    return load_skill_table().check_call(skill, args)


# The default table, for callers that only need names and arities.
SKILLS: Mapping[str, SkillSpec] = load_skill_table().skills
SKILL_NAMES: tuple[str, ...] = tuple(SKILLS)
