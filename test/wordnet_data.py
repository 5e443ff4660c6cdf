"""The one skip marker for tests that read WordNet's data files (Debian wordnet-base)."""

from __future__ import annotations

import pytest

from memory_node.core.recall.lexicon import DEFAULT_ROOT

needs_wordnet = pytest.mark.skipif(
    not (DEFAULT_ROOT / "data.noun").is_file(),
    reason=f"WordNet data absent under {DEFAULT_ROOT} (Debian wordnet-base; "
           "scripts/setup.sh installs it)")
