"""Rows of the `object_units` table <-> ObjectMemoryUnit."""

from __future__ import annotations

import json
import sqlite3

from memory_node.core.units import ObjectMemoryUnit

_COLUMNS = (
    "object_id", "label", "x", "y", "z", "state", "area_id", "receptacle_id", "relation",
    "attributes", "confidence", "first_seen", "last_seen", "last_touched_by",
    "observation_count", "image_jpeg", "source", "write_seq",
)
_UPSERT = (
    f"INSERT OR REPLACE INTO object_units ({', '.join(_COLUMNS)}) "
    f"VALUES ({', '.join('?' for _ in _COLUMNS)})"
)


def upsert_unit(conn: sqlite3.Connection, unit: ObjectMemoryUnit, write_seq: int) -> None:
    x, y, z = unit.position
    conn.execute(_UPSERT, (
        unit.object_id, unit.label, x, y, z, unit.state, unit.area_id, unit.receptacle_id,
        unit.relation, json.dumps(unit.attributes, sort_keys=True), unit.confidence,
        unit.first_seen, unit.last_seen, unit.last_touched_by, unit.observation_count,
        unit.image_jpeg, unit.source, write_seq,
    ))


def delete_units(conn: sqlite3.Connection, object_ids: list[str]) -> None:
    conn.executemany("DELETE FROM object_units WHERE object_id = ?", [(i,) for i in object_ids])


def load_units(rows: list[sqlite3.Row]) -> list[tuple[int, ObjectMemoryUnit]]:
    """(write_seq, unit) for each row, oldest write first."""
    out = []
    for row in sorted(rows, key=lambda r: r["write_seq"]):
        out.append((row["write_seq"], ObjectMemoryUnit(
            object_id=row["object_id"], label=row["label"],
            position=(row["x"], row["y"], row["z"]), state=row["state"],
            area_id=row["area_id"], receptacle_id=row["receptacle_id"],
            relation=row["relation"], attributes=json.loads(row["attributes"]),
            confidence=row["confidence"], first_seen=row["first_seen"],
            last_seen=row["last_seen"], last_touched_by=row["last_touched_by"],
            observation_count=row["observation_count"], image_jpeg=bytes(row["image_jpeg"]),
            source=row["source"], revision=row["write_seq"],
        )))
    return out


SELECT_ALL = "SELECT * FROM object_units"
