"""SQLite persistence: one database file per robot memory, written transactionally."""

from memory_node.core.persistence.store import MemoryStore, PathOutsideMemoryDir

__all__ = ["MemoryStore", "PathOutsideMemoryDir"]
