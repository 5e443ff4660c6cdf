"""Size limits on everything a client can send the memory (and the planner and the
skill servers), in one place.

Every string, list and map that arrives in a request or message has a bound here, so that
no participant on the DDS domain can make the memory store (and later re-read, re-embed,
re-send) megabytes per field. The defaults are far above what a planner or a perception
node sends; the server may build a `Limits` with other values, every check takes one.

`SERVICE_CONCURRENCY` is the documented number of requests one client may keep in flight
per service; the services' QoS depth is sized from it (memory_node/nodes/qos.py).
"""

from __future__ import annotations

from dataclasses import dataclass

SERVICE_CONCURRENCY = 32


@dataclass(frozen=True)
class Limits:
    # Identifiers: object ids, receptacle ids, area ids, episode ids, skill arguments.
    max_id_chars: int = 128
    # Labels, sources, last_touched_by, attribute names.
    max_label_chars: int = 128
    # Attribute values ("colour: red", "brand: ...").
    max_attribute_value_chars: int = 256
    max_attributes: int = 32
    # Positions (metres from the map origin): a house-scale map; beyond is a frame error.
    max_coordinate_m: float = 10_000.0
    # Side of an observed object's box: a building is smaller; beyond is a depth error.
    max_object_size_m: float = 100.0
    # Crops: bytes on the wire AND pixels once decoded (a 1 MB JPEG can decode to 768 MB).
    max_image_bytes: int = 2 * 1024 * 1024
    max_image_pixels: int = 2048 * 2048
    max_image_side: int = 4096
    # Free text: instructions, queries, outcome and brief-state messages.
    max_text_chars: int = 2000
    max_list_items: int = 32          # string lists: skill arguments, recent areas
    max_query_results: int = 1000
    max_get_units: int = 256          # ids in one /memory/get_units request
    max_observations_per_frame: int = 256
    max_counters: int = 256           # counters folded in from another node's stats
    # Snapshot names: relative, safe characters only (see persistence/store.py).
    max_snapshot_name_chars: int = 128
    max_snapshot_depth: int = 2       # "name" or "folder/name"
    # Requests one client may keep in flight per service (QoS depth is a multiple).
    service_concurrency: int = SERVICE_CONCURRENCY
    # The other shipped nodes' inputs (skill goals, map/places): one place for their bounds
    # too, so that a skill server and the memory never disagree about what an id may be.
    max_skill_name_chars: int = 64
    max_skill_arguments: int = 8      # the longest skill in config/skills.yaml takes 3
    max_skill_targets: int = 16
    max_skill_timeout_s: float = 3600.0
    max_places: int = 200             # named places on map/places (rooms, docks)
    max_place_kind_chars: int = 64

    def __post_init__(self) -> None:
        for name, value in vars(self).items():
            if not value > 0:
                raise ValueError(f"limit {name} must be positive, got {value!r}")


LIMITS = Limits()
