"""The planner's settings: every default, range and description once (the project's
`setting()` fields). The node declares its ROS parameters from `PlannerSettings`
(`config/planner.yaml` only overrides); the core checks the same bounds without ROS.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.settings import check_settings, section, setting

MAX_INSTRUCTION_CHARS = 2000
LLM_MODES = ("json_schema", "tools", "prompt")


@dataclass(frozen=True)
class RecallUse:
    """How the planner asks memory."""

    k: int = setting(8, "Units per recall.", 1, 50)
    instruction_budget: int = setting(1200, "Tokens of the recall for the instruction.",
                                      1, 32_768)
    step_budget: int = setting(400, "Tokens of each recall with the brief state.", 1, 32_768)
    per_step: bool = setting(True, "Recall with the brief state before every step "
                             "(MemCompiler); false: the instruction's recall only.")
    per_subtask: bool = setting(True, "Recall the instruction split into its steps, each "
                                "with its own k (and the step pool built the same way); "
                                "false: the instruction recalled whole.")
    dump_budget: int = setting(0, "With per_step false: tokens of one scene-graph dump made "
                               "at the start and re-sent with every request (0 = none).",
                               0, 32_768)

    def __post_init__(self) -> None:
        check_settings(self)


DESTINATION_ORDERS = ("nearest", "recall")


@dataclass(frozen=True)
class OfflineSettings:
    """The offline planner's choices that are not the loop's."""

    destination: str = setting(
        "nearest", "Which of several instances that all meet a placement goal (in any "
        "cabinet, on any counter) the object is taken to: nearest (the shortest floor "
        "distance from where the plan leaves the robot, an instance memory saw only once "
        "last) or recall (the one memory's answers scored best, rounds 1-25). The task's "
        "own instance (the drawer it opened) comes first in both. Default nearest since "
        "round 26 (the lead): with recall's order the main job's memory arm took a far "
        "cabinet on two of three seeds once the step fill was on (150-152 s simulated, "
        "nearest 140-142 s); on the tuning streams nearest took fewer steps and won one "
        "more task, on the odd plans RT 0.590 -> 0.609 and 0.667 -> 0.674 on two plans, "
        "equal on two (bench/README_tasks.md, round 26 and round 26 final).",
        choices=DESTINATION_ORDERS)
    # The `nearest` order's cost, in the planner's own unit (expected simulated seconds):
    # the walk at the base's speed plus the open a closed instance needs first.
    speed_m_s: float = setting(
        0.5, "Base speed the planner expects (m/s): a placement destination's floor "
        "distance over it is the walk's seconds (the household world's Costs.speed).",
        0.05, 5.0)
    open_s: float = setting(
        0.0, "Seconds the planner expects an open to take (the household world's "
        "Costs.open is 3): with `destination: nearest` a closed instance costs its walk "
        "plus this. 0 = the walk alone (round 26), the default: with 3 the tuning "
        "streams took more steps (tune3 tidy s0020: the cabinet memory had open had been "
        "shut by the tidy, unseen; a refused put, then the open anyway) and the main job "
        "did not change (bench/README_tasks.md, round 27).", 0.0, 600.0)

    usual_place_beside_m: float = setting(
        0.5, "When the place experience says a type is usually found in was opened in this "
        "task and memory still has no object of the type, a closed receptacle of the same "
        "kind within this distance of it (metres, in space) is opened next, before any other: "
        "a find counts for the one of two adjacent doors memory put the object in by "
        "position. 0 = off (round 42).", 0.0, 5.0)

    put_home_radius_m: float = setting(
        0.5, "Experience: when every unit of a type memory's answers hold is one the robot "
        "put in an earlier task, in a house that puts things back, a unit of the type memory "
        "holds within this distance (metres, in space) of where such a put's object was "
        "found before it (the spot a tidy returns it to) is taken first. Experience "
        "memory's belief_radius, the distance within which it takes a position for the "
        "same place. 0 = off (round 110).", 0.0, 5.0)

    explore_sighting_m: float = setting(
        1.5, "Experience: after this task's explore for a type at a place experience names "
        "for it (its usual place, or a put's home in a house that puts things back) saw one, "
        "the unit of the type memory holds within this distance (metres, in space) of the "
        "place, nearest first, is taken before units memory has elsewhere. Stated before "
        "measuring (round 114): half a long counter top. 0 = off.", 0.0, 10.0)

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class LoopSettings:
    max_steps: int = setting(30, "Skill calls per instruction (M); a goal's max_steps may "
                             "lower it.", 1, 500)
    max_plan_steps: int = setting(12, "Steps one plan may hold (N).", 1, 100)
    max_replans: int = setting(3, "Re-plans after failed skills per instruction.", 0, 20)
    skill_timeout_s: float = setting(
        120.0, "Seconds a running skill may go without progress (its server's feedback: a "
        "new phase or a larger progress fraction) before the planner cancels it with "
        "TIMEOUT; nav2's progress checker, not a limit on the skill's length: the goal "
        "carries none, the server sizes its own budget from its plan (an explore of a "
        "large room takes minutes, a pick seconds). Covers the server's planning before "
        "its first feedback.", 0.1, 3600.0)
    memory_retries: int = setting(2, "Retries of a memory call that found no server or timed "
                                  "out.", 0, 10)
    explore_settle_s: float = setting(0.0, "After an explore that saw its target: seconds "
                                      "to wait for perception to bring it into memory "
                                      "(0 = none; a robot with a perception node needs ~5).",
                                      0.0, 60.0)
    perception_wait_s: float = setting(5.0, "After every skill: seconds to wait, at most, "
                                       "until memory has applied a camera frame taken after "
                                       "the skill ended (only with a memory port that can "
                                       "tell; 0 = decide on what memory holds at once).",
                                       0.0, 60.0)
    max_instruction_chars: int = setting(MAX_INSTRUCTION_CHARS, "Longest instruction "
                                         "(characters, after trimming).", 1, 10_000)
    recall: RecallUse = section(RecallUse)
    # Skills that wait for a confirmation (the node fills it from its `confirm_skills`).
    confirm_skills: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_settings(self)


@dataclass(frozen=True)
class LlmSettings:
    base_url: str = setting("", "OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1; "
                            "empty = no LLM.")
    model: str = setting("planner", "Model name sent to the endpoint.")
    api_key_env: str = setting("MEMORY_NODE_LLM_API_KEY", "Environment variable holding the "
                               "API key (the key never goes in a file).")
    timeout_s: float = setting(30.0, "Seconds per LLM request.", 0.1, 600.0)
    retries: int = setting(1, "Retries of a failed LLM request.", 0, 10)
    temperature: float = setting(0.0, "Sampling temperature.", 0.0, 2.0)
    max_completion_tokens: int = setting(1024, "Completion token limit.", 1, 32_768)
    mode: str = setting("json_schema", "Structured output: json_schema (response_format, "
                        "strict), tools (one function per skill) or prompt (schema in the "
                        "prompt); a 400 on the first two falls back to prompt.",
                        choices=LLM_MODES)

    def __post_init__(self) -> None:
        check_settings(self)
        if self.base_url and not self.base_url.startswith(("http://", "https://")):
            raise ValueError(f"llm base_url must start with http:// or https://, "
                             f"got {self.base_url!r}")


@dataclass(frozen=True)
class PlannerSettings(LoopSettings):
    """The planner node's parameters: the loop's, plus the node's own."""

    planner: str = setting("auto", "Which planner: auto (llm when llm.base_url is set, else "
                           "offline), offline (goal conditions, no network), llm.",
                           choices=("auto", "offline", "llm"))
    skills_file: str = setting("", "Skill table (YAML); empty = config/skills.yaml.")
    confirm: str = setting("", "Comma-separated skills that wait for a yes on "
                           "planner/confirm_response before they run; empty = none.")
    confirm_timeout_s: float = setting(60.0, "Seconds to wait for a confirmation (no answer "
                                       "= no).", 0.1, 3600.0)
    memory_timeout_s: float = setting(10.0, "Seconds per memory service call.", 0.1, 120.0)
    skill_server_wait_s: float = setting(10.0, "Seconds to wait for a skill server to appear "
                                         "or take a goal.", 0.1, 120.0)
    map_frame: str = setting("map", "Frame of map/places positions; places in another frame "
                             "are dropped (no tf here), an empty frame_id is taken as this.")
    map_wait_s: float = setting(10.0, "Seconds the node's first run waits for a map/places "
                                "message when none has arrived yet (the map's publisher not "
                                "yet discovered); then, and on every later run, it plans "
                                "with what it has. 0 = never wait (a robot without "
                                "map/places).", 0.0, 120.0)
    clock_silence_s: float = setting(1.0, "Wall seconds without a /clock tick (after ticks "
                                     "came) that make a run wait for the next tick first "
                                     "(at most map_wait_s): the world may be restarting, "
                                     "and a tick that goes back means its map is the old "
                                     "world's; and after which a new /clock publisher "
                                     "whose clock goes back is the restarted world though "
                                     "the silent one is still in the graph (a crashed "
                                     "world stays there until its DDS lease ends). The "
                                     "world ticks at 50 Hz (sim clock_rate_hz).",
                                     0.05, 60.0)
    llm: LlmSettings = section(LlmSettings)
    offline: OfflineSettings = section(OfflineSettings)
