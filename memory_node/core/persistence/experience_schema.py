"""SQLite schema of the experience memory (migration 4), in the memory's own file.

Episodes and their steps are the record; transitions, procedures, facts and utilities are
the knowledge folded out of them, each row carrying the provenance it came from. It lives
here, not in core/experience/, because the migrations import it and the experience package
imports recall, which imports the store.
"""

from __future__ import annotations

EXPERIENCE_SCHEMA_SQL = """
CREATE TABLE exp_episodes (
    episode_id TEXT PRIMARY KEY,
    instruction TEXT NOT NULL DEFAULT '',
    task_type TEXT NOT NULL DEFAULT '',
    roles TEXT NOT NULL DEFAULT '[]',  -- JSON labels of the task type's roles, in order
    status TEXT NOT NULL,              -- open | ended | abandoned
    success INTEGER NOT NULL DEFAULT 0,
    steps INTEGER NOT NULL DEFAULT 0,
    successes INTEGER NOT NULL DEFAULT 0,
    stored_steps INTEGER NOT NULL DEFAULT 0,
    sim_duration REAL NOT NULL DEFAULT 0,
    wall_duration REAL NOT NULL DEFAULT 0,
    started_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    content_hash TEXT NOT NULL DEFAULT ''
);
CREATE INDEX exp_episodes_task ON exp_episodes (task_type);
CREATE INDEX exp_episodes_status ON exp_episodes (status, updated_at);
CREATE TABLE exp_steps (
    episode_id TEXT NOT NULL REFERENCES exp_episodes (episode_id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    skill TEXT NOT NULL,
    args TEXT NOT NULL,                -- JSON list of the call's arguments
    labels TEXT NOT NULL DEFAULT '{}', -- JSON object id -> label
    succeeded INTEGER NOT NULL,
    error_code INTEGER NOT NULL,
    robot_area TEXT NOT NULL DEFAULT '',
    held_object TEXT NOT NULL DEFAULT '',
    state_key TEXT NOT NULL,
    stamp REAL NOT NULL,
    PRIMARY KEY (episode_id, seq)
);
CREATE INDEX exp_steps_area ON exp_steps (robot_area);
CREATE TABLE exp_step_objects (
    episode_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    object_id TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (episode_id, seq, object_id),
    FOREIGN KEY (episode_id, seq) REFERENCES exp_steps (episode_id, seq) ON DELETE CASCADE
);
CREATE INDEX exp_step_objects_object ON exp_step_objects (object_id);
CREATE INDEX exp_step_objects_label ON exp_step_objects (label COLLATE NOCASE);
CREATE TABLE exp_transitions (
    transition_id INTEGER PRIMARY KEY,
    robot_key TEXT NOT NULL,           -- area and held object
    state_key TEXT NOT NULL,           -- robot_key plus the states of the named objects
    action TEXT NOT NULL,              -- skill(arg, ...)
    object_states TEXT NOT NULL,       -- JSON object id -> state before the action
    successes INTEGER NOT NULL DEFAULT 0,
    failures INTEGER NOT NULL DEFAULT 0,
    last_error_code INTEGER NOT NULL DEFAULT 0,
    last_episode TEXT NOT NULL DEFAULT '',
    updated_at REAL NOT NULL,
    UNIQUE (state_key, action)
);
CREATE INDEX exp_transitions_robot ON exp_transitions (robot_key);
CREATE INDEX exp_transitions_age ON exp_transitions (updated_at);
CREATE TABLE exp_procedures (
    procedure_id INTEGER PRIMARY KEY,
    task_type TEXT NOT NULL,
    signature TEXT NOT NULL,           -- role steps joined by ' ; '
    roles INTEGER NOT NULL,
    uses INTEGER NOT NULL DEFAULT 0,
    successes INTEGER NOT NULL DEFAULT 0,
    first_episode TEXT NOT NULL,       -- provenance: the episode it was learned from
    last_episode TEXT NOT NULL,
    updated_at REAL NOT NULL,
    UNIQUE (task_type, signature)
);
CREATE TABLE exp_facts (
    fact_id INTEGER PRIMARY KEY,
    subject TEXT NOT NULL,             -- an object id
    subject_label TEXT NOT NULL,
    relation TEXT NOT NULL,            -- state | placed
    value TEXT NOT NULL,
    support INTEGER NOT NULL DEFAULT 1,
    provenance TEXT NOT NULL,          -- JSON list of source ids (episode:step, event:...)
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    superseded_by INTEGER,             -- soft delete: the newer fact, NULL while current
    superseded_at REAL
);
CREATE UNIQUE INDEX exp_facts_current ON exp_facts (subject, relation)
    WHERE superseded_by IS NULL;
CREATE INDEX exp_facts_label ON exp_facts (subject_label COLLATE NOCASE);
CREATE TABLE exp_utility (
    item_id TEXT PRIMARY KEY,          -- proc:N, fact:N, bad:N
    delivered INTEGER NOT NULL DEFAULT 0,
    delivered_success INTEGER NOT NULL DEFAULT 0
);
"""
