"""DDL of the scene graph tables. No imports: the migration list reads it at start-up."""

SCENE_GRAPH_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS scene_graph_nodes (
    node_id TEXT PRIMARY KEY,
    layer TEXT NOT NULL CHECK (layer IN ('floor', 'area', 'object')),
    uid INTEGER NOT NULL,
    label TEXT NOT NULL,
    x REAL NOT NULL, y REAL NOT NULL, z REAL NOT NULL,
    parent_id TEXT,
    attributes TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS scene_graph_nodes_layer ON scene_graph_nodes (layer);
CREATE INDEX IF NOT EXISTS scene_graph_nodes_label ON scene_graph_nodes (label COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS scene_graph_edges (
    source_id TEXT NOT NULL,
    target_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    attributes TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (source_id, target_id)
);
CREATE TABLE IF NOT EXISTS scene_graph_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""
