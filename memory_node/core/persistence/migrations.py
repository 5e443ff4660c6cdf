"""Ordered schema migrations. A database records the highest version applied in
`schema_version`; opening it applies every later migration in one transaction each.

Append only: a released migration is never edited, because databases on robots already
carry it. A later change is a new entry.
"""

from __future__ import annotations

from dataclasses import dataclass

from memory_node.core.persistence.experience_schema import EXPERIENCE_SCHEMA_SQL
from memory_node.core.scene_graph.schema import SCENE_GRAPH_SCHEMA_SQL

# The answers to requests that carried a request id (core/request_ids.py), kept across
# restarts; not remembered data (MemoryStore.data_tables).
REQUEST_ANSWERS_TABLE = "request_answers"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


MIGRATIONS: list[Migration] = [
    Migration(
        1,
        "short-term object memory units",
        """
        CREATE TABLE object_units (
            object_id TEXT PRIMARY KEY,
            label TEXT NOT NULL,
            x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
            state TEXT NOT NULL DEFAULT 'none',
            area_id TEXT NOT NULL DEFAULT '',
            receptacle_id TEXT NOT NULL DEFAULT '',
            relation TEXT NOT NULL DEFAULT '',
            attributes TEXT NOT NULL DEFAULT '{}',
            confidence REAL NOT NULL DEFAULT 1.0,
            first_seen REAL NOT NULL,
            last_seen REAL NOT NULL,
            last_touched_by TEXT NOT NULL DEFAULT '',
            observation_count INTEGER NOT NULL DEFAULT 1,
            image_jpeg BLOB NOT NULL DEFAULT x'',
            source TEXT NOT NULL DEFAULT 'perception',
            -- Monotonic write sequence: reloading in this order rebuilds the cache's recency.
            write_seq INTEGER NOT NULL
        );
        CREATE INDEX object_units_label ON object_units (label COLLATE NOCASE);
        CREATE TABLE memory_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """,
    ),
    Migration(2, "long-term scene graph (floors, areas, objects)", SCENE_GRAPH_SCHEMA_SQL),
    Migration(
        3,
        "unit text embeddings with the model's identity",
        """
        CREATE TABLE text_embeddings (
            -- Content-addressed: the blake2b hash of the unit text, so a restart (or another
            -- object with the same description) reuses it; model_id names the model file's
            -- hash and settings, so vectors of two models are never mixed.
            text_hash TEXT NOT NULL,
            model_id TEXT NOT NULL,
            dim INTEGER NOT NULL,
            vector BLOB NOT NULL,
            PRIMARY KEY (text_hash, model_id)
        ) WITHOUT ROWID;
        """,
    ),
    Migration(4, "experience memory (episodes, transitions, procedures, facts, utility)",
              EXPERIENCE_SCHEMA_SQL),
    Migration(
        5,
        "colour names of unit crops, keyed by the JPEG's hash and the colour method",
        """
        CREATE TABLE crop_colours (
            -- Decoding every crop again cost most of a restart's first recall; method names
            -- the algorithm's version, so colours of two versions are never mixed.
            crop_hash TEXT NOT NULL,
            method TEXT NOT NULL,
            colour TEXT NOT NULL,
            PRIMARY KEY (crop_hash, method)
        ) WITHOUT ROWID;
        """,
    ),
    Migration(
        6,
        "WordNet names of unit types, keyed by the type and the code/lexicon version",
        """
        CREATE TABLE label_terms (
            -- Resolving the names of every type in WordNet was a third of a restarted
            -- server's first recall; version hashes the naming code and the WordNet files,
            -- so names from another version are never read.
            type_name TEXT NOT NULL,
            version TEXT NOT NULL,
            terms TEXT NOT NULL,
            PRIMARY KEY (type_name, version)
        ) WITHOUT ROWID;
        """,
    ),
    Migration(
        7,
        "experience memory: where objects of a type were found or put (usual places)",
        """
        CREATE TABLE exp_places (
            label TEXT NOT NULL,               -- object type, lower case
            place_id TEXT NOT NULL,            -- the receptacle's object id
            relation TEXT NOT NULL,            -- in | on
            place_label TEXT NOT NULL,
            found INTEGER NOT NULL DEFAULT 0,  -- successful picks from there
            put INTEGER NOT NULL DEFAULT 0,    -- successful puts there
            provenance TEXT NOT NULL,          -- JSON list of episode:step ids, newest last
            updated_at REAL NOT NULL,
            PRIMARY KEY (label, place_id)
        ) WITHOUT ROWID;
        """,
    ),
    Migration(
        8,
        "answers to requests that carried a request id, so that a copy re-sent to a "
        "restarted server is not applied again",
        f"""
        CREATE TABLE {REQUEST_ANSWERS_TABLE} (
            service TEXT NOT NULL,       -- the service's name, e.g. memory/update_object
            request_id TEXT NOT NULL,
            fingerprint BLOB NOT NULL,   -- of the request's field values
            answer BLOB,                 -- the serialized answer; NULL: the write committed,
                                         -- its answer was not kept (killed in between)
            PRIMARY KEY (service, request_id)
        );
        """,
    ),
    Migration(
        9,
        "experience memory: which objects gave a usual-place count, and where the robot "
        "last put each object and whether its next find was there, so that in a house "
        "that keeps the robot's puts a later find or put of the same object elsewhere "
        "supersedes what it gave",
        """
        -- JSON object: object id -> [found, put] it gave this row; rows written before
        -- this migration keep '{}' (their counts stay, unattributed).
        ALTER TABLE exp_places ADD COLUMN units TEXT NOT NULL DEFAULT '{}';
        CREATE TABLE exp_puts (
            unit TEXT PRIMARY KEY,             -- the object's id
            place_id TEXT NOT NULL,            -- where the robot last put it; '' once answered
            episode_id TEXT NOT NULL,          -- the episode of that put
            found_at TEXT NOT NULL,            -- where it was last found
            kept INTEGER NOT NULL DEFAULT 0,   -- next found (a later task) where put
            moved INTEGER NOT NULL DEFAULT 0,  -- next found elsewhere
            updated_at REAL NOT NULL
        ) WITHOUT ROWID;
        """,
    ),
    Migration(
        10,
        "experience memory: each object's home, where it was last found not at a put of "
        "the robot's, so that in a house that puts things back a unit the robot put in an "
        "earlier task is looked for there first",
        """
        -- rows written before this migration keep '' (no home known: no doubt named).
        ALTER TABLE exp_puts ADD COLUMN home TEXT NOT NULL DEFAULT '';
        """,
    ),
]
